"""Sheets named in the workbook's language (issue 9, item 4), through the CLI and the bytes API.

Our output sheets are called ``Clasificación``, ``Puntos de ronda``, ``Errores`` in Spanish
and ``Sıralama``, ``Tur Puanları``, ``Hatalar`` in Turkish; a later run finds them by their
marker whatever they are called by then (renamed by the organiser, or written in another
language) and replaces them, so no stale ranking is left behind; an organiser's sheet that
merely bears one of our names is never replaced.  Sheets are renamed here as Excel and
LibreOffice rename them: the tab and every reference to it (our marker's too).
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

import xlsx_scorer
from xlsx_scorer.cli import main
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.ours import our_sheets

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "fixtures" / "sample_event.xlsx"
MISTAKES = ROOT / "fixtures" / "sample_mistakes.xlsx"
#: Standings, Round Points, Errors and the hidden Chart Data, per language.
NAMES = {
    "en": ["Standings", "Round Points", "Errors", "Chart Data"],
    "es": ["Clasificación", "Puntos de ronda", "Errores", "Datos del gráfico"],
    "tr": ["Sıralama", "Tur Puanları", "Hatalar", "Grafik Verileri"],
}
KINDS = ["standings", "round_points", "errors", "chart_data"]
FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def sheet_names(data: bytes) -> list[str]:
    return [sheet.name for sheet in Package.open(data).sheets]


def ours(data: bytes) -> dict[str, str]:
    """Our sheets by kind, as the writer finds them (by marker): ``{"errors": "Errores"}``."""
    return {sheet.kind: sheet.name for sheet in our_sheets(Package.open(data))}


def active(data: bytes) -> str:
    return str(openpyxl.load_workbook(io.BytesIO(data), read_only=True).active.title)


def cells(data: bytes, sheet: str) -> list[object]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return [value for line in book[sheet].iter_rows(values_only=True) for value in line if value]


def rename(data: bytes, old: str, new: str) -> bytes:
    """``data`` with sheet ``old`` renamed ``new`` as Excel does: the tab and its references."""

    def quoted(name: str) -> str:
        return "'" + name.replace("'", "''") + "'!"

    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename == "xl/workbook.xml":
                text = body.decode()
                assert f'name="{old}"' in text
                text = text.replace(f'name="{old}"', f'name="{new}"')
                text = text.replace(quoted(old), quoted(new))
                body = text.encode()
            target.writestr(info, body)
    return buffer.getvalue()


def edit_cell_text(data: bytes, sheet: str, old: str, new: str) -> bytes:
    """``data`` with the first inline text ``old`` of ``sheet`` changed to ``new``."""
    package = Package.open(data)
    part = next(entry.part for entry in package.sheets if entry.name == sheet)
    assert part is not None
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            if "/" + info.filename == str(part):
                assert f"<t>{old}</t>".encode() in body
                body = body.replace(f"<t>{old}</t>".encode(), f"<t>{new}</t>".encode(), 1)
            target.writestr(info, body)
    return buffer.getvalue()


def cli_score(path: Path, *extra: str) -> int:
    return main(["score", str(path), *extra])


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_output_sheets_are_named_in_the_language(lang: str, tmp_path: Path) -> None:
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    assert cli_score(event, "--lang", lang) == 0
    data = event.read_bytes()
    assert sheet_names(data) == ["Results", "Players", *NAMES[lang]]
    assert ours(data) == dict(zip(KINDS, NAMES[lang], strict=True))
    assert active(data) == NAMES[lang][0]
    for name in NAMES[lang]:
        assert len(name) <= 31
        assert not FORBIDDEN.search(name)
    book = openpyxl.load_workbook(event)
    assert book[NAMES[lang][-1]].sheet_state == "hidden"
    assert len(book[NAMES[lang][0]]._charts) == 1


@pytest.mark.parametrize("lang", sorted(NAMES))
def test_the_bytes_api_names_them_too_and_opens_on_the_errors(lang: str) -> None:
    scored = xlsx_scorer.score(MISTAKES.read_bytes(), language=lang)
    assert scored.exit_code == 1
    assert scored.workbook is not None
    assert sheet_names(scored.workbook) == ["Results", "Players", *NAMES[lang][:3]]
    assert active(scored.workbook) == NAMES[lang][2]


def test_renamed_output_sheets_are_replaced_with_no_stale_ranking(tmp_path: Path) -> None:
    """Scored in Spanish, the organiser renames every tab of ours, then scores again."""
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    assert cli_score(event, "--lang", "es") == 0
    data = event.read_bytes()
    renamed = {"Clasificación": "Ranking viejo", "Puntos de ronda": "Bob's points"}
    for old, new in renamed.items():
        data = rename(data, old, new)
    data = edit_cell_text(data, "Ranking viejo", "Elif Doğan", "Stale Player")
    event.write_bytes(data)
    assert cli_score(event, "--lang", "es") == 0
    again = event.read_bytes()
    assert sheet_names(again) == ["Results", "Players", *NAMES["es"]]
    assert ours(again) == dict(zip(KINDS, NAMES["es"], strict=True))
    everything = [value for name in sheet_names(again) for value in cells(again, name)]
    assert "Stale Player" not in everything
    assert "Elif Doğan" in cells(again, "Clasificación")
    notes = cells(again, "Errores")
    assert any("Ranking viejo" in str(note) for note in notes)  # regenerated: said, by its name


@pytest.mark.parametrize("problems", [False, True])
def test_tabs_renamed_by_openpyxl_are_still_ours(tmp_path: Path, problems: bool) -> None:
    """openpyxl renames a tab but leaves our marker naming the old title: still ours."""
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    assert cli_score(event, "--lang", "es") == 0
    book = openpyxl.load_workbook(event)
    for old, new in {"Clasificación": "Ranking final", "Puntos de ronda": "Detalle"}.items():
        book[old].title = new
    book["Errores"].title = "Fallos"
    if problems:
        book["Results"]["F5"] = 9  # Settlements out of range
    book.save(event)
    assert cli_score(event, "--lang", "es") == (1 if problems else 0)
    again = event.read_bytes()
    shown = NAMES["es"][:3] if problems else NAMES["es"]  # no standings: no chart data
    assert sheet_names(again) == ["Results", "Players", *shown]
    assert active(again) == ("Errores" if problems else "Clasificación")


def test_an_organisers_sheet_with_a_ten_digit_number_is_kept(tmp_path: Path) -> None:
    """Their "Sıralama" holding a telephone number (ten digits, like a code) is theirs."""
    event = tmp_path / "kupa.xlsx"
    book = openpyxl.load_workbook(SAMPLE)
    book.create_sheet("Sıralama")["A1"] = "5321234567"
    book.create_sheet("Hatalar")["A1"] = "notlarım"
    book.save(event)
    assert cli_score(event, "--lang", "tr") == 0
    data = event.read_bytes()
    assert cells(data, "Sıralama") == ["5321234567"]
    assert cells(data, "Hatalar") == ["notlarım"]
    assert ours(data)["standings"] == "Sıralama (2)"


def test_a_stray_marker_never_makes_results_ours(tmp_path: Path) -> None:
    """A marker left naming a sheet that is gone, its localSheetId now on Results (as
    openpyxl before 3.1 left it after renaming ours and inserting a sheet): Results stays."""
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    assert cli_score(event) == 0
    data = event.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename == "xl/workbook.xml":
                body, count = re.subn(
                    rb'(<definedName name="_xlsx_scorer\.standings"[^>]*localSheetId=")\d+("[^>]*>)'
                    rb"[^<]*",
                    rb"\g<1>0\g<2>'Gone'!$1:$1048576",
                    body,
                )
                assert count == 1
            target.writestr(info, body)
    event.write_bytes(buffer.getvalue())
    assert cli_score(event) == 0
    after = event.read_bytes()
    assert sheet_names(after)[:2] == ["Results", "Players"]
    assert "Elif Doğan" in cells(after, "Results")


def test_switching_language_leaves_one_set_of_sheets(tmp_path: Path) -> None:
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    assert cli_score(event, "--lang", "en") == 0
    assert cli_score(event, "--lang", "es") == 0
    data = event.read_bytes()
    assert sheet_names(data) == ["Results", "Players", *NAMES["es"]]
    assert cli_score(event, "--lang", "tr") == 0
    assert sheet_names(event.read_bytes()) == ["Results", "Players", *NAMES["tr"]]


def test_an_organisers_sheet_called_like_ours_is_kept(tmp_path: Path) -> None:
    """Their "Errores" and "Clasificación" (no marker, no check line) are theirs."""
    event = tmp_path / "copa.xlsx"
    book = openpyxl.load_workbook(SAMPLE)
    book.create_sheet("Errores")["A1"] = "mis notas"
    book.create_sheet("Clasificación")["A1"] = "mi clasificación"
    book.save(event)
    assert cli_score(event, "--lang", "es") == 0
    data = event.read_bytes()
    assert sheet_names(data)[:4] == ["Results", "Players", "Errores", "Clasificación"]
    assert cells(data, "Errores") == ["mis notas"]
    assert cells(data, "Clasificación") == ["mi clasificación"]
    assert ours(data) == {
        "standings": "Clasificación (2)",
        "round_points": "Puntos de ronda",
        "errors": "Errores (2)",
        "chart_data": "Datos del gráfico",
    }
    assert cli_score(event, "--lang", "es") == 0  # and again: theirs still kept, ours replaced
    assert sheet_names(event.read_bytes()) == sheet_names(data)
    assert cells(event.read_bytes(), "Errores") == ["mis notas"]


def unmarked(data: bytes) -> bytes:
    """``data`` as versions before the marker left it: no markers, and the check code in
    the sentence those versions wrote (``Check: <code>``)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename == "xl/workbook.xml":
                body = re.sub(
                    rb'<definedName name="_xlsx_scorer\.[^"]*"[^>]*>[^<]*</definedName>', b"", body
                )
            elif info.filename.startswith("xl/worksheets/"):
                body = re.sub(rb"<t>([0-9a-f]{10})</t>", rb"<t>Check: \1</t>", body)
            target.writestr(info, body)
    return buffer.getvalue()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_unmarked_output_with_its_check_line_is_replaced(lang: str, tmp_path: Path) -> None:
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    assert cli_score(event, "--lang", lang) == 0
    event.write_bytes(unmarked(event.read_bytes()))
    assert ours(event.read_bytes()) == {}
    assert cli_score(event, "--lang", "tr") == 0
    assert sheet_names(event.read_bytes()) == ["Results", "Players", *NAMES["tr"]]


def test_verify_names_a_renamed_spanish_standings_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An archive scored in Spanish; its Clasificación renamed and edited: verify names it."""
    event = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, event)
    folder = tmp_path / "archive"
    assert main(["archive", str(event), "-o", str(folder), "--lang", "es"]) == 0
    archived = folder / "event.xlsx"
    assert sheet_names(archived.read_bytes())[2:5] == NAMES["es"][:3]
    assert main(["verify", str(folder), "--lang", "es"]) == 0
    data = rename(archived.read_bytes(), "Clasificación", "Ranking")
    archived.write_bytes(edit_cell_text(data, "Ranking", "Elif Doğan", "Stale Player"))
    capsys.readouterr()
    assert main(["verify", str(folder), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "Ranking!B8" in out  # under the title, computed, format and check lines
    assert "Stale Player" in out


#: What ``score`` says when the organiser's own sheets bear our names (issue 18, item 10).
TAKEN_SAID = {
    "en": [
        (
            "Standings is a sheet of yours (it carries no mark of ours), so it was kept as it is; "
            "the standings went to the sheet Standings (2) instead."
        ),
        (
            "Errors is a sheet of yours (it carries no mark of ours), so it was kept as it is; "
            "the list of problems went to the sheet Errors (2) instead."
        ),
    ],
    "es": [
        (
            "Clasificación es una hoja tuya (no lleva nuestra marca), así que se ha conservado tal "
            "cual; la clasificación se ha escrito en la hoja Clasificación (2)."
        ),
        (
            "Errores es una hoja tuya (no lleva nuestra marca), así que se ha conservado tal cual; "
            "la lista de problemas se ha escrito en la hoja Errores (2)."
        ),
    ],
}


@pytest.mark.parametrize("lang", sorted(TAKEN_SAID))
def test_the_summary_names_the_sheet_kept_and_the_one_written(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Their own ``Standings`` and ``Errors`` are kept and ours are ``… (2)``: the run says so,
    as notices (exit code 0), in the CLI's summary and in the API's findings."""
    names = dict(zip(KINDS, NAMES[lang], strict=False))
    event = tmp_path / "event.xlsx"
    book = openpyxl.load_workbook(SAMPLE)
    book.create_sheet(names["standings"])["A1"] = "my own ranking"
    book.create_sheet(names["errors"])["A1"] = "my notes"
    book.save(event)
    data = event.read_bytes()
    capsys.readouterr()
    assert cli_score(event, "--lang", lang) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if "(2)" in line] == TAKEN_SAID[lang]
    assert ours(event.read_bytes())["standings"] == f"{names['standings']} (2)"
    result = xlsx_scorer.score(data, filename="event.xlsx", language=lang)
    assert result.exit_code == 0
    found = [f for f in result.to_json(language=lang)["findings"] if f["severity"] == "notice"]
    assert [(f["code"], f["params"], f["where"]["sheet"]) for f in found] == [
        (
            "sheet_name_taken",
            {"kind": kind, "kept": names[kind], "written": f"{names[kind]} (2)"},
            f"{names[kind]} (2)",
        )
        for kind in ("standings", "errors")
    ]
    assert [f["message"] for f in found] == TAKEN_SAID[lang]


def test_no_notice_when_no_name_of_ours_is_taken(tmp_path: Path) -> None:
    result = xlsx_scorer.score(SAMPLE.read_bytes())
    assert result.notices == ()


def test_a_folder_scored_at_once_names_them_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``score FOLDER``: each workbook's summary line, and under it where its standings went."""
    folder = tmp_path / "events"
    folder.mkdir()
    book = openpyxl.load_workbook(SAMPLE)
    book.create_sheet("Standings")["A1"] = "my own ranking"
    book.save(folder / "cup.xlsx")
    shutil.copy(SAMPLE, folder / "other.xlsx")
    capsys.readouterr()
    assert main(["score", str(folder), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    said = "  " + TAKEN_SAID["en"][0]
    assert out.index(said) == 1 + next(i for i, line in enumerate(out) if "cup.xlsx:" in line)
    assert out.count(said) == 1


def _organiser_standings(a1: bytes) -> bytes:
    """The sample with an organiser's own ``Standings`` sheet (no marker) whose A1 is ``a1``
    (a whole ``<c>``) and whose B1 says ``mine``."""
    book = openpyxl.load_workbook(SAMPLE)
    sheet = book.create_sheet("Standings")
    sheet["A1"], sheet["B1"] = "PLACEHOLDER", "mine"
    buffer = io.BytesIO()
    book.save(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename == "xl/worksheets/sheet3.xml":
                body, count = re.subn(
                    rb'<c r="A1" t="inlineStr"><is><t>PLACEHOLDER</t></is></c>', a1, body
                )
                assert count == 1
            target.writestr(info, body)
    return out.getvalue()


@pytest.mark.parametrize(
    "a1",
    [
        # the check line only in a phonetic run: no spreadsheet shows it
        b'<c r="A1" t="inlineStr"><is><rPh sb="0" eb="0"><t>Check: 0123456789</t></rPh></is></c>',
        (
            b'<c r="A1" t="inlineStr"><is><t></t><rPh sb="0" eb="0"><t>Check: 0123456789</t>'
            b"</rPh></is></c>"
        ),
        # in a comment
        b'<c r="A1" t="inlineStr"><is><t><!-- Check: 0123456789 --></t></is></c>',
    ],
    ids=["phonetic", "phonetic-after-text", "comment"],
)
def test_an_organiser_sheet_whose_hidden_text_is_a_check_line_is_kept(
    a1: bytes, tmp_path: Path
) -> None:
    """Old output is told by the check line column A *shows* (read as the sheet reader reads
    it): a phonetic run holding one once got the organiser's sheet replaced."""
    event = tmp_path / "event.xlsx"
    event.write_bytes(_organiser_standings(a1))
    assert cli_score(event) == 0
    data = event.read_bytes()
    assert sheet_names(data)[:4] == ["Results", "Players", "Standings", "Standings (2)"]
    assert cells(data, "Standings") == ["mine"]
    assert ours(data)["standings"] == "Standings (2)"


def test_an_unmarked_sheet_showing_the_check_line_in_rich_text_is_still_old_output(
    tmp_path: Path,
) -> None:
    """The reader's text: rich-text runs joined, ``_xHHHH_`` escapes read."""
    a1 = (
        b'<c r="A1" t="inlineStr"><is><r><t>Check: 01234</t></r><r><rPr><b/></rPr>'
        b"<t>5678_x0039_</t></r></is></c>"
    )
    event = tmp_path / "event.xlsx"
    event.write_bytes(_organiser_standings(a1))
    assert cli_score(event) == 0
    assert "Standings (2)" not in sheet_names(event.read_bytes())


@pytest.mark.parametrize("lang", sorted(TAKEN_SAID))
def test_a_merge_scored_anew_names_the_sheet_kept_and_the_one_written(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BASE keeps the organiser's own ``Standings`` (ours in ``Standings (2)``); MERGED is scored
    anew, and the merge says where its standings went, as ``score`` does."""
    names = dict(zip(KINDS, NAMES[lang], strict=False))
    base, copy, merged = (tmp_path / f"{name}.xlsx" for name in ("base", "copy", "merged"))
    book = openpyxl.load_workbook(SAMPLE)
    book.create_sheet(names["standings"])["A1"] = "my own ranking"
    book.create_sheet(names["errors"])["A1"] = "my notes"
    book.save(base)
    assert cli_score(base, "--lang", lang) == 0
    edited = openpyxl.load_workbook(base)
    edited["Results"]["J4"] = 2  # one more knight played (1 → 2)
    edited.save(copy)
    capsys.readouterr()
    assert main(["merge", str(base), str(copy), "-o", str(merged), "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.strip() for line in out if "(2)" in line] == TAKEN_SAID[lang]
    assert ours(merged.read_bytes())["standings"] == f"{names['standings']} (2)"


def test_an_archive_names_the_sheet_kept_and_the_one_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``archive`` writes our sheets into the archived workbook as ``score`` does: the
    organiser's own ``Standings`` kept, ours in ``Standings (2)``, and it says so."""
    event = tmp_path / "event.xlsx"
    book = openpyxl.load_workbook(SAMPLE)
    book.create_sheet("Standings")["A1"] = "my own ranking"
    book.save(event)
    capsys.readouterr()
    assert main(["archive", str(event), "-o", str(tmp_path / "archive")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.strip() for line in out if "(2)" in line] == TAKEN_SAID["en"][:1]
    assert ours((tmp_path / "archive" / "event.xlsx").read_bytes())["standings"] == "Standings (2)"

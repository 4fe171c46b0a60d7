"""``archive`` and ``verify`` through the real entry point: archives that verify, and tampering."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests import eventgen
from tests.builders import with_vp, write
from xlsx_scorer.app.verify import verify
from xlsx_scorer.cli import main
from xlsx_scorer.findings import from_json, render, to_json

EVENT = eventgen.random_event(random.Random(21), 10, 3)
ROSTER = sorted({row["player"] for row in EVENT})
SHEET_PARTS = re.compile(r"xl/(work|chart|dialog)sheets/[^/]+\.xml")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "event.xlsx"
    eventgen.write_workbook(path, EVENT, roster=ROSTER, title_row=True)
    return path


@pytest.fixture
def archived(tmp_path: Path, event: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "archive"
    code, out = run(capsys, "archive", event, "-o", folder)
    assert code == 0, out
    return folder


def descriptor(folder: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    return loaded


def custom_properties(path: Path) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read("docProps/custom.xml").decode()


def test_an_event_with_errors_is_not_archived(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "broken.xlsx", [with_vp(1, 1, "Ana", 10), with_vp(1, 1, "Bob", 8)])
    code, out = run(capsys, "archive", path, "-o", tmp_path / "archive")
    assert code == 1
    assert "broken.xlsx has 2 problems; an event is archived only when it has none" in out
    assert "Results!" in out
    assert not (tmp_path / "archive").exists()


def test_archive_writes_the_folder_and_an_untouched_archive_verifies(
    event: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert sorted(p.name for p in archived.iterdir()) == [
        "datapackage.json",
        "event.xlsx",
        "games.csv",
        "results.csv",
        "standings.csv",
    ]
    package = descriptor(archived)
    assert package["workbook"] == "event.xlsx"
    assert package["language"] == "en"
    assert re.fullmatch(r"[0-9a-f]{64}", package["fingerprint"])
    assert package["fingerprint"] in custom_properties(archived / "event.xlsx")
    code, out = run(capsys, "verify", archived)
    assert code == 0, out
    assert package["fingerprint"] in out
    assert run(capsys, "verify", archived / "event.xlsx")[0] == 0


def test_every_sheet_of_the_archived_workbook_is_protected(archived: Path) -> None:
    with zipfile.ZipFile(archived / "event.xlsx") as archive:
        sheets = [name for name in archive.namelist() if SHEET_PARTS.fullmatch(name)]
        assert len(sheets) >= 5  # Results, Players, and our output sheets
        for name in sheets:
            assert b'<sheetProtection sheet="1" objects="1" scenarios="1"/>' in archive.read(name)
    book = openpyxl.load_workbook(archived / "event.xlsx")
    assert all(sheet.protection.sheet for sheet in book.worksheets)
    assert {"Results", "Players", "Standings", "Round Points", "Errors"} <= set(book.sheetnames)


def test_archiving_twice_gives_the_same_fingerprint_and_files(
    tmp_path: Path, event: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    again = tmp_path / "again"
    assert run(capsys, "archive", event, "-o", again)[0] == 0
    assert descriptor(again)["fingerprint"] == descriptor(archived)["fingerprint"]
    for name in ("results.csv", "games.csv", "standings.csv", "datapackage.json"):
        assert (again / name).read_bytes() == (archived / name).read_bytes()
    shuffled = tmp_path / "shuffled.xlsx"
    rng = random.Random(3)
    eventgen.write_workbook(shuffled, EVENT, roster=ROSTER, shuffle_columns=True, rng=rng)
    assert run(capsys, "archive", shuffled, "-o", tmp_path / "third")[0] == 0
    assert descriptor(tmp_path / "third")["fingerprint"] == descriptor(archived)["fingerprint"]


def test_an_archived_workbook_archived_again_keeps_one_fingerprint(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(capsys, "archive", archived / "event.xlsx", "-o", tmp_path / "again")
    assert code == 0, out
    assert descriptor(tmp_path / "again")["fingerprint"] == descriptor(archived)["fingerprint"]
    properties = custom_properties(tmp_path / "again" / "event.xlsx")
    assert properties.count('name="XlsxScorerFingerprint"') == 1
    assert run(capsys, "verify", tmp_path / "again")[0] == 0


def test_the_fingerprint_is_the_documented_canonical_form(archived: Path) -> None:
    """docs/archive.md, recomputed here from the CSV files alone."""
    marks = ("army_first", "road_first", "declared")
    results = list(csv.DictReader(io.StringIO((archived / "results.csv").read_text("utf-8"))))
    records = []
    for row in results:
        row.pop("row")
        record: dict[str, Any] = {}
        for key, value in row.items():
            if key in marks:
                record[key] = value == "true"
            elif key in ("table", "player"):
                record[key] = value
            else:
                record[key] = int(value) if value else None
        records.append(record)
    standings = []
    for row in csv.DictReader(io.StringIO((archived / "standings.csv").read_text("utf-8"))):
        rounds = [
            [int(key[1:].removesuffix("_points12")), int(value)]
            for key, value in row.items()
            if key.endswith("_points12") and key.startswith("r") and value
        ]
        standings.append(
            {
                "rank": int(row["rank"]),
                "player": row["player"],
                "points12": int(row["points12"]),
                "vp": int(row["vp"]),
                "table_vp": int(row["table_vp"]),
                "rounds": rounds,
            }
        )
    document = {"format": "xlsx-scorer-archive/1", "results": records, "standings": standings}
    text = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(text.encode()).hexdigest() == descriptor(archived)["fingerprint"]


def test_the_data_package_validates_with_frictionless(archived: Path) -> None:
    import frictionless  # a test dependency only: imported where it is used

    report = frictionless.validate(archived / "datapackage.json")
    assert report.valid, report.flatten(["resourceName", "rowNumber", "fieldName", "note"])
    package = descriptor(archived)
    assert [r["path"] for r in package["resources"]] == [
        "results.csv",
        "games.csv",
        "standings.csv",
    ]
    for resource in package["resources"]:
        data = (archived / resource["path"]).read_bytes()
        assert resource["hash"] == f"sha256:{hashlib.sha256(data).hexdigest()}"
        assert data.decode("utf-8").count("\r\n") == data.count(b"\n")


def test_round_points_are_written_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [with_vp(1, 1, "Ana", 9), with_vp(1, 1, "Bob", 9), with_vp(1, 1, "Cem", 9)]
    path = write(tmp_path / "thirds.xlsx", [*rows, with_vp(1, 1, "Dan", 4)])
    assert run(capsys, "archive", path, "-o", tmp_path / "archive")[0] == 0
    games = list(csv.DictReader(io.StringIO((tmp_path / "archive/games.csv").read_text("utf-8"))))
    ana = next(g for g in games if g["player"] == "Ana")
    assert (ana["points12"], ana["points"], ana["points_display"]) == ("40", "10/3", "3.33")
    table = (tmp_path / "archive/standings.csv").read_bytes().decode("utf-8")
    assert ",40,10/3,3.33,9,31,9/31,29.0,40\r\n" in table


def tamper_cell(path: Path, sheet: str, cell: str, value: Any) -> None:
    """An edit as an organiser makes it: open the workbook, change a cell, save."""
    book = openpyxl.load_workbook(path)
    book[sheet][cell] = value
    book.save(path)


def copy_of(archived: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "tampered"
    shutil.copytree(archived, folder)
    return folder


def test_a_changed_result_cell_fails_verify_and_is_named(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_of(archived, tmp_path)
    layout = eventgen.write_workbook(tmp_path / "layout.xlsx", EVENT, roster=ROSTER, title_row=True)
    cell = layout.cell(4, "settlements").removeprefix("Results!")
    new = 0 if EVENT[4]["settlements"] else 1
    tamper_cell(folder / "event.xlsx", "Results", cell, new)
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert f"event.xlsx Results!{cell}: Settlements of round" in out
    assert f"is {new}, archived as {EVENT[4]['settlements']}" in out
    assert "results or standings were changed" in out
    assert run(capsys, "verify", folder / "event.xlsx")[0] == 1


def test_a_changed_standings_cell_fails_verify_and_is_named(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_of(archived, tmp_path)
    book = openpyxl.load_workbook(folder / "event.xlsx")
    standings = book["Standings"]
    rank_cell = next(c for row in standings.iter_rows() for c in row if c.value == "Rank")
    target = standings.cell(row=rank_cell.row + 2, column=3)
    target.value = float(target.value or 0) + 1
    book.save(folder / "event.xlsx")
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert f"Standings!{target.coordinate} shows" in out


def test_a_changed_csv_byte_fails_verify_and_names_the_file(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_of(archived, tmp_path)
    data = bytearray((folder / "games.csv").read_bytes())
    position = data.index(b"\r\n") + 1 + 1  # a digit of the first record's round
    data[position - 1 : position] = b"7"
    (folder / "games.csv").write_bytes(bytes(data))
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert "games.csv was changed" in out
    assert "games.csv line 2 reads" in out


def test_a_removed_fingerprint_fails_verify(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_of(archived, tmp_path)
    book = openpyxl.load_workbook(folder / "event.xlsx")
    for name in list(book.custom_doc_props.names):
        del book.custom_doc_props[name]
    book.save(folder / "event.xlsx")
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert "event.xlsx records no fingerprint" in out
    package = descriptor(archived)
    del package["fingerprint"]
    other = copy_of(archived, tmp_path / "other")
    (other / "datapackage.json").write_text(json.dumps(package), encoding="utf-8")
    code, out = run(capsys, "verify", other)
    assert code == 1
    assert "datapackage.json records no fingerprint" in out


def test_a_changed_cell_of_any_other_sheet_fails_verify(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_of(archived, tmp_path)
    tamper_cell(folder / "event.xlsx", "Players", "A3", "Somebody Else")
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert "The Players sheet was changed after it was archived." in out


@pytest.mark.parametrize("name", ["standings.csv", "event.xlsx", "datapackage.json"])
def test_a_removed_file_fails_verify(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    folder = copy_of(archived, tmp_path)
    (folder / name).unlink()
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert f"{name} is missing" in out


def test_a_damaged_workbook_in_an_archive_fails_verify(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = copy_of(archived, tmp_path)
    data = (folder / "event.xlsx").read_bytes()
    (folder / "event.xlsx").write_bytes(data[: len(data) // 2])
    code, out = run(capsys, "verify", folder)
    assert code == 1
    assert "event.xlsx is damaged or incomplete" in out
    assert run(capsys, "verify", folder / "event.xlsx")[0] == 2
    (finding,) = verify(folder).findings
    assert (finding.code, finding.severity, finding.where.file) == (
        "unusable.truncated",
        "fatal",
        "event.xlsx",
    )


def test_what_verify_finds_is_findings_as_data(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A changed result cell: a ``verify.result_changed`` finding, its result in ``where``,
    said in any language."""
    folder = copy_of(archived, tmp_path)
    layout = eventgen.write_workbook(tmp_path / "layout.xlsx", EVENT, roster=ROSTER, title_row=True)
    cell = layout.cell(4, "settlements").removeprefix("Results!")
    old = EVENT[4]["settlements"]
    new = 0 if old else 1
    tamper_cell(folder / "event.xlsx", "Results", cell, new)
    findings = verify(folder, language="es").findings
    changed = next(f for f in findings if f.code == "verify.result_changed")
    assert changed.severity == "error"
    assert changed.where.cell == cell
    assert (changed.where.round, changed.where.player) == (EVENT[4]["round"], EVENT[4]["player"])
    assert changed.params == {
        "column": "settlements",
        "repeat": 1,
        "archived": str(old),
        "now": str(new),
        "state": "changed",
    }
    assert f"Poblados de ronda {EVENT[4]['round']}" in render(changed, "es")
    assert f"vale {new}, archivado como {old}." in render(changed, "es")
    assert all(from_json(to_json(finding)) == finding for finding in findings)
    code, out = run(capsys, "verify", folder, "--lang", "tr")
    assert code == 1
    assert f"için Yerleşimler şu an {new}, arşivde {old}." in out


def test_archive_refuses_a_folder_in_use(
    tmp_path: Path, event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "used"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    code, out = run(capsys, "archive", event, "-o", folder)
    assert code == 2
    assert "exists and is not empty" in out
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_a_spanish_event_is_archived_and_verified_in_spanish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "copa.xlsx"
    assert main(["template", str(path), "--lang", "es", "--event", "Copa de Otoño"]) == 0
    book = openpyxl.load_workbook(path)
    results = book["Resultados"] if "Resultados" in book.sheetnames else book["Results"]
    players = book["Jugadores"] if "Jugadores" in book.sheetnames else book["Players"]
    names = ["Ana", "Bea", "Cem", "Dan"]
    for row, name in enumerate(names, start=2):
        players.cell(row=row, column=1, value=name)
    header = [cell.value for cell in next(results.iter_rows(min_row=1, max_row=1))]
    first = next(i for i, value in enumerate(header) if value) + 1
    for offset, name in enumerate(names):
        values = with_vp(1, 1, name, 10 - 2 * offset)
        for column, value in enumerate(values, start=first):
            results.cell(row=2 + offset, column=column, value=value)
    book.save(path)
    code, out = run(capsys, "archive", path, "-o", tmp_path / "archivo")
    assert code == 0, out
    assert "Huella digital" in out
    package = descriptor(tmp_path / "archivo")
    assert (package["language"], package["event"]) == ("es", "Copa de Otoño")
    assert package["name"] == "copa-de-otono"
    code, out = run(capsys, "verify", tmp_path / "archivo")
    assert code == 0, out
    assert "todo coincide" in out


SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"
SAMPLE_LIBREOFFICE = SAMPLE.parent / "libreoffice" / "sample_event.xlsx"


def edited_sheet_xml(path: Path, sheet_part: str, old: bytes, new: bytes) -> None:
    """One cell of the protected workbook changed in its sheet's XML; every other part as it was."""
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    assert parts[sheet_part].count(old) == 1
    parts[sheet_part] = parts[sheet_part].replace(old, new)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_edit_that_breaks_a_rule_names_the_edited_cell_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """One more settlement for Elif in round 1 (Results!F4: 2 → 3): Total VP no longer adds up,
    and verify says first which cell was changed, with its archived and new values."""
    folder = tmp_path / "archive"
    assert run(capsys, "archive", SAMPLE, "-o", folder)[0] == 0
    edited_sheet_xml(
        folder / "sample_event.xlsx",
        "xl/worksheets/sheet1.xml",
        b'<c r="F4" t="n"><v>2</v></c>',
        b'<c r="F4" t="n"><v>3</v></c>',
    )
    code, out = run(capsys, "verify", folder, "--lang", lang)
    assert code == 1
    lines = out.splitlines()
    first = {
        "en": "sample_event.xlsx Results!F4: Settlements of round 1, table 1, Elif Doğan is 3, "
        "archived as 2.",
        "es": "sample_event.xlsx Results!F4: Poblados de ronda 1, mesa 1, Elif Doğan vale 3, "
        "archivado como 2.",
    }[lang]
    assert lines[0] == first, out
    assert any("Results!P4" in line for line in lines[1:]), out  # the rule it breaks, after
    findings = verify(folder).findings
    assert (findings[0].code, findings[0].where.cell) == ("verify.result_changed", "F4")
    code, out = run(capsys, "verify", folder / "sample_event.xlsx", "--lang", lang)
    assert code == 1
    assert out.splitlines()[0] == first, out  # the workbook alone, in its archive folder


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "1 thing no longer agrees with the archived results."),
        ("es", "1 elemento ya no coincide con los resultados archivados."),
        ("tr", "1 öğe artık arşivlenen sonuçlarla uyuşmuyor."),
    ],
)
def test_verify_in_another_language_counts_one_thing_as_one(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """A removed CSV file is the one thing: the tables, archived in English, are compared as
    they were archived (``--lang`` is the language of the words, not of the tables)."""
    folder = copy_of(archived, tmp_path)
    (folder / "standings.csv").unlink()
    code, out = run(capsys, "verify", folder, "--lang", lang)
    assert code == 1
    assert len(out.splitlines()) == 2, out
    assert out.splitlines()[1].endswith(said), out


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "Largest Army First of round 1, table 1, Elif Doğan is x, archived blank."),
        ("es", "Primero en Gran ejército de ronda 1, mesa 1, Elif Doğan vale x, archivado vacío."),
        ("tr", "tur 1, masa 1, Elif Doğan için İlk En Büyük Ordu şu an x, arşivde boş."),
    ],
)
def test_a_mark_added_to_an_archived_row_is_said_in_the_words_of_the_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, first: str
) -> None:
    """A Largest Army mark typed into Elif's archived row (Results!M4, blank when archived):
    the archived value is blank, as the organiser saw it, not results.csv's ``false``."""
    folder = tmp_path / "archive"
    assert run(capsys, "archive", SAMPLE, "-o", folder)[0] == 0
    edited_sheet_xml(
        folder / "sample_event.xlsx",
        "xl/worksheets/sheet1.xml",
        b'<v>4</v></c><c r="P4" t="n">',
        b'<v>4</v></c><c r="M4" t="inlineStr"><is><t>x</t></is></c><c r="P4" t="n">',
    )
    code, out = run(capsys, "verify", folder, "--lang", lang)
    assert code == 1
    assert out.splitlines()[0] == f"sample_event.xlsx Results!M4: {first}", out
    assert "false" not in out, out


def test_a_renamed_archived_workbook_still_names_the_edited_cell_first(
    tmp_path: Path, archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The archived workbook renamed in its folder (``event.xlsx``) and one cell edited: given
    alone, it is still the archive's (its recorded fingerprint is datapackage.json's), so the
    edited cell is named first; another archive's workbook put there is not compared."""
    folder = tmp_path / "cup"
    assert run(capsys, "archive", SAMPLE, "-o", folder)[0] == 0
    edited_sheet_xml(
        folder / "sample_event.xlsx",
        "xl/worksheets/sheet1.xml",
        b'<c r="F4" t="n"><v>2</v></c>',
        b'<c r="F4" t="n"><v>3</v></c>',
    )
    (folder / "sample_event.xlsx").rename(folder / "event.xlsx")
    code, out = run(capsys, "verify", folder / "event.xlsx")
    assert code == 1
    first = (
        "event.xlsx Results!F4: Settlements of round 1, table 1, Elif Doğan is 3, archived as 2."
    )
    assert out.splitlines()[0] == first, out
    stranger = folder / "stranger.xlsx"  # another event's archived workbook, edited, put there
    shutil.copy(archived / "event.xlsx", stranger)
    layout = eventgen.write_workbook(tmp_path / "layout.xlsx", EVENT, roster=ROSTER, title_row=True)
    cell = layout.cell(4, "settlements").removeprefix("Results!")
    tamper_cell(stranger, "Results", cell, 0 if EVENT[4]["settlements"] else 1)
    code, out = run(capsys, "verify", stranger)
    assert code == 1
    assert "stranger.xlsx Results!" not in out, out  # no result compared with results.csv
    assert "is missing from the results" not in out, out


@pytest.mark.parametrize(
    ("edit", "first"),
    [
        (
            (b'<t>Elif Do\xc4\x9fan</t></is></c><c r="F4"', b'<t>Elif Dogan</t></is></c><c r="F4"'),
            (
                "sample_event.xlsx Results!E4: Player of round 1, table 1, Elif Doğan is "
                "Elif Dogan, archived as Elif Doğan."
            ),
        ),
        (
            (b'<c r="C4" t="n"><v>1</v></c>', b'<c r="C4" t="n"><v>9</v></c>'),
            (
                "sample_event.xlsx Results!C4: Table of round 1, table 1, Elif Doğan is 9, "
                "archived as 1."
            ),
        ),
    ],
    ids=["player", "table"],
)
def test_an_edited_player_or_table_cell_is_named_as_that_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: tuple[bytes, bytes], first: str
) -> None:
    """A name misspelt in an archived row (Results!E4), or its table changed: the row is not
    a row removed and another added, but one cell edited, named first (a rule it breaks after)."""
    folder = tmp_path / "archive"
    assert run(capsys, "archive", SAMPLE, "-o", folder)[0] == 0
    edited_sheet_xml(folder / "sample_event.xlsx", "xl/worksheets/sheet1.xml", *edit)
    code, out = run(capsys, "verify", folder)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == first, out
    assert not any("not in the archived results" in line for line in lines), out
    assert not any("is missing from the results" in line for line in lines), out

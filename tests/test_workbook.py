"""Reading workbooks: headers, formulas, merged cells, rosters, events; writing atomically."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import openpyxl.styles
import pytest
from openpyxl.formatting.rule import CellIsRule

from tests.builders import HEADERS, row, write
from xlsx_scorer.app import api, pipeline
from xlsx_scorer.app.outputkinds import LEGACY_OUTPUTS
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.xlsx.read import reader as workbook
from xlsx_scorer.xlsx.write import save

BASE = [row(1, 1, "Ana"), row(1, 1, "Bob"), row(1, 1, "Cem")]
SPANISH = (
    "Ronda",
    "Mesa",
    "Jugador",
    "Poblados",
    "Ciudades",
    "Cartas de PV",
    "Caballeros jugados",
    "Caminos construidos",
    "Longitud del camino más largo",
    "Primero en Gran ejército",
    "Primero en Mayor ruta comercial",
    "Victoria declarada",
)


def codes(path: Path) -> list[str]:
    book = workbook.read_workbook(path)
    return [f"{p.code}@{p.where.cell}" for p in pipeline.validate(book).findings]


def test_header_under_title_rows_in_any_case(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", BASE, headers=[h.upper() for h in HEADERS], title="Cup")
    book = workbook.read_workbook(path)
    assert book.results.header_row == 2
    assert list(book.results.raw.index) == [3, 4, 5]


def test_spanish_headers_are_read_and_set_the_language(tmp_path: Path) -> None:
    book = workbook.read_workbook(write(tmp_path / "w.xlsx", BASE, headers=SPANISH))
    assert book.language == "es"
    assert book.results.columns["declared"] == "L"


def test_no_header_row_is_unusable(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", BASE, headers=["a", "b", "c"])
    with pytest.raises(UnusableWorkbookError) as caught:
        workbook.read_workbook(path)
    assert caught.value.code == "unusable.no_header"


def test_duplicated_header_is_unusable(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", [(*r, 1) for r in BASE], headers=[*HEADERS, "Cities"])
    with pytest.raises(UnusableWorkbookError) as caught:
        workbook.read_workbook(path)
    assert caught.value.code == "unusable.duplicate_header"
    assert "E1" in caught.value.params["cells"]


def _with_formula(path: Path, cell: str, formula: str, cached: str | None) -> None:
    """Put a formula (and maybe a cached value) into the Results sheet XML by hand."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    value = f"<v>{cached}</v>" if cached is not None else ""
    start = sheet.index(f'<c r="{cell}"')
    end = sheet.index("</c>", start) + 4
    sheet = sheet[:start] + f'<c r="{cell}"><f>{formula}</f>{value}</c>' + sheet[end:]
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)
    path.write_bytes(buffer.getvalue())


def test_formula_counts_with_its_cached_value(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", BASE)
    _with_formula(path, "D2", "1+1", "2")
    assert codes(path) == []


def test_formula_without_cached_value_asks_to_open_and_save(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", BASE)
    _with_formula(path, "D3", "1+1", None)
    assert codes(path) == ["uncached_formula@D3"]
    book = workbook.read_workbook(path)
    (problem,) = pipeline.validate(book).findings
    assert "open and save" in render(problem, "en")


def test_merged_cells_across_result_rows_are_reported(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", BASE)
    book = openpyxl.load_workbook(path)
    book["Results"].merge_cells("A2:A4")
    book.save(path)
    assert "merged_cells@A2" in codes(path)


def test_roster_under_a_localised_header(tmp_path: Path) -> None:
    path = write(
        tmp_path / "w.xlsx",
        BASE,
        extra_sheets={"Jugadores": [["Nº", "Jugador"], [1, "Ana"], [2, "Bob"], [3, "Cem "]]},
    )
    book = workbook.read_workbook(path)
    assert book.roster is not None
    assert set(book.roster.names) == {"Ana", "Bob", "Cem"}


def test_empty_roster_counts_as_none(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", BASE, roster=[])
    assert workbook.read_workbook(path).roster is None


def test_event_sheet_gives_name_and_language(tmp_path: Path) -> None:
    path = write(
        tmp_path / "w.xlsx",
        BASE,
        extra_sheets={"Event": [["Evento", "Copa de Sevilla"], ["Idioma", "es"]]},
    )
    book = workbook.read_workbook(path)
    assert (book.event_name, book.language) == ("Copa de Sevilla", "es")


@pytest.mark.parametrize(
    ("lock", "code"),
    [("~$w.xlsx", "unusable.open_in_excel"), (".~lock.w.xlsx#", "unusable.open_in_libreoffice")],
    ids=["excel", "libreoffice"],
)
def test_save_is_atomic_and_refuses_a_locked_file(tmp_path: Path, lock: str, code: str) -> None:
    target = tmp_path / "w.xlsx"
    target.write_bytes(b"old")
    (tmp_path / lock).write_bytes(b"lock")
    with pytest.raises(UnusableWorkbookError) as caught:
        save.save_atomically(target, b"new")
    assert caught.value.code == code
    assert caught.value.params == {"file": str(target), "lock": lock}
    assert target.read_bytes() == b"old"
    (tmp_path / lock).unlink()
    save.save_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.xlsx"]


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "new.xlsx"
    save.save_atomically(target, b"data")
    assert target.stat().st_mode & 0o777 == save._new_file_mode()


def test_formatted_rows_cost_nothing_and_a_value_below_them_counts(tmp_path: Path) -> None:
    """40,000 styled empty cells, then one more result row: it is read, nothing else is."""
    path = write(tmp_path / "w.xlsx", BASE)
    book = openpyxl.load_workbook(path)
    bold = openpyxl.styles.Font(bold=True)
    for line in range(10, 40_010):
        book["Results"].cell(line, 4).font = bold
    book["Results"].merge_cells("M5:N6")
    for column, value in enumerate(row(1, 1, "Dua"), start=1):
        book["Results"].cell(40_020, column).value = value
    book.save(path)
    read = workbook.read_workbook(path)
    assert list(read.results.raw.index) == [2, 3, 4, 40_020]
    assert codes(path) == []


def test_cells_showing_a_spreadsheet_error_are_reported_not_skipped(tmp_path: Path) -> None:
    path = write(tmp_path / "w.xlsx", [*BASE, row(1, 1, "Dua")])
    _with_formula(path, "C3", "NA()", "#N/A")
    sheet_xml = zipfile.ZipFile(path).read("xl/worksheets/sheet1.xml")
    path.write_bytes(
        _replace_part(
            path, "xl/worksheets/sheet1.xml", sheet_xml.replace(b'<c r="C3">', b'<c r="C3" t="e">')
        )
    )
    assert codes(path) == ["error_value@C3"]


def _replace_part(path: Path, name: str, content: bytes) -> bytes:
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    parts[name] = content
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for part, data in parts.items():
            target.writestr(part, data)
    return buffer.getvalue()


def test_unticked_checkbox_rows_and_repeated_headers_are_skipped(tmp_path: Path) -> None:
    rows = [
        *BASE,
        (None, None, None, None, None, None, None, None, None, False, False, False),
        HEADERS,
        row(2, 1, "Ana"),
        row(2, 1, "Bob"),
        row(2, 1, "Cem"),
    ]
    path = write(tmp_path / "w.xlsx", rows)
    assert codes(path) == []
    assert list(workbook.read_workbook(path).results.raw.index) == [2, 3, 4, 7, 8, 9]


def test_the_roster_column_is_the_header_with_names_below(tmp_path: Path) -> None:
    sheets = {
        "Players": [["Players"], [], [None, "Player"], [None, "Ana"], [None, "Bob"], [None, "Cem"]]
    }
    path = write(tmp_path / "w.xlsx", [*BASE[:2], row(1, 1, "Cemm")], extra_sheets=sheets)
    assert codes(path) == ["not_on_roster_suggest@C4"]
    sheets = {
        "Players": [
            ["No.", "Player Name", "Club"],
            [1, "Ana", "X"],
            [2, "Bob", "Y"],
            [3, "Cem", "Z"],
        ]
    }
    assert codes(write(tmp_path / "v.xlsx", BASE, extra_sheets=sheets)) == []


def test_a_folder_is_not_a_workbook(tmp_path: Path) -> None:
    with pytest.raises(UnusableWorkbookError) as caught:
        workbook.read_workbook(tmp_path)
    assert caught.value.code == "unusable.is_folder"
    with pytest.raises(UnusableWorkbookError) as caught:
        save.save_atomically(tmp_path, b"data")
    assert caught.value.code == "unusable.is_folder"


def test_a_name_holding_an_escape_look_alike_is_written_back_as_it_reads(tmp_path: Path) -> None:
    """Excel writes a typed ``_x0041_`` as ``_x005F_x0041_``; our sheets and chart must too,
    so that the name reads back the same and a re-run sees no hand edit."""
    stored = "Dua _x005F_x0041_ lit"  # how the organiser's file stores "Dua _x0041_ lit"
    games = [row(game, 1, name) for game in (1, 2) for name in (stored, "Bob", "Cem")]
    path = write(tmp_path / "cup.xlsx", games)
    assert "Dua _x0041_ lit" in workbook.read_workbook(path).results.raw["player"].tolist()
    first = api.score_file(path)
    assert first.exit_code == 0
    assert "Dua _x0041_ lit" in first.standings["player"].tolist()  # type: ignore[index]
    scored = workbook.read_workbook(path, LEGACY_OUTPUTS)
    standings = scored.existing_outputs["standings"].rows
    assert any("Dua _x0041_ lit" in line for line in standings)
    with zipfile.ZipFile(path) as package:
        chart = next(name for name in package.namelist() if name.startswith("xl/charts/"))
        assert b"Dua _x005F_x0041_ lit" in package.read(chart)
    again = api.score_file(path)
    assert [finding.code for finding in again.findings] == []


def _unlinked_styles(path: Path, rels: str, *, part: bool, highlight: bool = False) -> None:
    """A valid event whose header cells are bold (``s="1"``), its styles relationship
    replaced by ``rels``; ``part``: the styles part stays in the package, else it goes.
    ``highlight``: no bold cells, a conditional format instead (``<cfRule dxfId="0">``)."""
    write(path, BASE)
    book = openpyxl.load_workbook(path)
    if highlight:
        red = openpyxl.styles.PatternFill("solid", fgColor="FFFF0000")
        rule = CellIsRule(operator="greaterThan", formula=["4"], fill=red)
        book["Results"].conditional_formatting.add("D2:D4", rule)
    else:
        for cell in book["Results"][1]:
            cell.font = openpyxl.styles.Font(bold=True)
    book.save(path)
    with zipfile.ZipFile(path) as source:
        parts = {info.filename: source.read(info) for info in source.infolist()}
    old = parts["xl/_rels/workbook.xml.rels"].decode()
    link = re.search(r"<Relationship [^>]*/styles\"[^>]*/>", old)
    assert link is not None
    parts["xl/_rels/workbook.xml.rels"] = old.replace(link.group(0), rels).encode()
    if not part:
        del parts["xl/styles.xml"]
        types = parts["[Content_Types].xml"].decode()
        parts["[Content_Types].xml"] = re.sub(
            r'<Override PartName="/xl/styles.xml"[^>]*/>', "", types
        ).encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)
    path.write_bytes(buffer.getvalue())


STYLES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
STYLES_UNUSABLE = {
    "relationship-missing": "",
    "external": f'<Relationship Id="rId9" Type="{STYLES}" Target="http://example.com/s.xml"'
    ' TargetMode="External"/>',
    "part-missing": f'<Relationship Id="rId9" Type="{STYLES}" Target="nostyles.xml"/>',
}
STYLES_SAID = {
    "en": "the sheet Results uses cell formats (styles) that the workbook does not hold",
    "es": "la hoja Results usa formatos de celda (estilos) que el libro no contiene",
    "tr": "Results sayfası, çalışma kitabında bulunmayan hücre biçimlerini (stilleri)",
}


@pytest.mark.parametrize("lang", sorted(STYLES_SAID))
@pytest.mark.parametrize("shape", sorted(STYLES_UNUSABLE))
def test_cells_styled_without_any_styles_part_are_refused(
    tmp_path: Path, shape: str, lang: str
) -> None:
    """No stylesheet in the package: a new one would hold only ours, and their ``s="1"``
    would name one of ours (openpyxl cannot open that either).  Refused, nothing written,
    by ``check`` too."""
    path = tmp_path / "cup.xlsx"
    _unlinked_styles(path, STYLES_UNUSABLE[shape], part=False)
    before = path.read_bytes()
    for command in ("score", "check"):
        done = subprocess.run(
            [sys.executable, "-m", "xlsx_scorer", command, "--lang", lang, str(path)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2, done.stdout + done.stderr
        assert STYLES_SAID[lang] in done.stdout + done.stderr
        assert "Traceback" not in done.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize("shape", sorted(STYLES_UNUSABLE))
def test_a_conditional_format_without_any_styles_part_is_refused(
    tmp_path: Path, shape: str
) -> None:
    """Their conditional format names a highlight format (``dxfId="0"``) that a new styles
    part of ours would not hold: openpyxl cannot open such a file, Gnumeric drops the
    highlight.  Refused like a styled cell, nothing written, by ``check`` too."""
    path = tmp_path / "cup.xlsx"
    _unlinked_styles(path, STYLES_UNUSABLE[shape], part=False, highlight=True)
    before = path.read_bytes()
    for command in ("score", "check"):
        done = subprocess.run(
            [sys.executable, "-m", "xlsx_scorer", command, str(path)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2, done.stdout + done.stderr
        assert STYLES_SAID["en"] in done.stdout + done.stderr
    assert path.read_bytes() == before


def test_a_conditional_format_keeps_its_highlight_from_an_unlinked_stylesheet(
    tmp_path: Path,
) -> None:
    """The stylesheet is in the package, unlinked: carried over, the highlight with it."""
    path = tmp_path / "cup.xlsx"
    _unlinked_styles(path, STYLES_UNUSABLE["relationship-missing"], part=True, highlight=True)
    assert api.score_file(path).exit_code == 0
    book = openpyxl.load_workbook(path)
    (rules,) = [cf.rules for cf in book["Results"].conditional_formatting]
    assert rules[0].dxf.fill.fgColor.rgb == "FFFF0000"


@pytest.mark.parametrize("shape", sorted(STYLES_UNUSABLE))
def test_an_unlinked_stylesheet_is_carried_over(tmp_path: Path, shape: str) -> None:
    """The package holds its stylesheet, only the link is missing (or points outside, or to
    a part that is not there): ours are appended to it and it is linked instead, so their
    bold header stays bold."""
    path = tmp_path / "cup.xlsx"
    _unlinked_styles(path, STYLES_UNUSABLE[shape], part=True)
    with zipfile.ZipFile(path) as source:
        theirs = source.read("xl/styles.xml").decode()
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    book = openpyxl.load_workbook(path)
    assert book["Results"]["A1"].font.b
    assert not book["Results"]["A2"].font.b
    assert book["Standings"]["A1"].font.b
    with zipfile.ZipFile(path) as scored:
        rels = scored.read("xl/_rels/workbook.xml.rels").decode()
        ours = scored.read("xl/styles.xml").decode()
        assert not [
            n for n in scored.namelist() if n.startswith("xl/styles") and n != "xl/styles.xml"
        ]
    assert rels.count("/styles") == 1
    assert 'Target="styles.xml"' in rels
    assert "External" not in rels
    for entry in re.findall(r"<(?:font|fill|border|xf)\b.*?(?:/>|</\w+>)", theirs):
        assert entry in ours


def test_unstyled_cells_without_a_styles_relationship_get_ours(tmp_path: Path) -> None:
    """Cells that name no format lose nothing: a styles part of ours is added."""
    path = tmp_path / "cup.xlsx"
    write(path, BASE)
    with zipfile.ZipFile(path) as source:
        old = source.read("xl/_rels/workbook.xml.rels").decode()
    link = re.search(r"<Relationship [^>]*/styles\"[^>]*/>", old)
    assert link is not None
    rels = old.replace(link.group(0), "").encode()
    path.write_bytes(_replace_part(path, "xl/_rels/workbook.xml.rels", rels))
    assert api.score_file(path).exit_code == 0
    book = openpyxl.load_workbook(path)
    assert book["Standings"]["A1"].font.b
    assert book["Results"]["A1"].value == HEADERS[0]

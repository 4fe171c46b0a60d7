"""The reader's fuzz findings (issue 7, items 1, 2, 3, 7 and the cell-level part of 9), end to end.

Each workbook is the valid event of ``fixtures/bad`` with its ``Results`` sheet
written by hand, then scored through the command line (``cli.main``).  A run
ends with our exit code and words naming the cell, and takes well under the
time a dense read would.
"""

from __future__ import annotations

import io
import re
import time
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from fixtures.bad.make_bad import GAME, PLAYERS, results_book, results_rows
from tests.strict import typed
from xlsx_scorer.app import outputkinds
from xlsx_scorer.cli import main
from xlsx_scorer.xlsx.read import reader

BAD = Path(__file__).resolve().parent.parent / "fixtures" / "bad"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
SHEET = "xl/worksheets/sheet1.xml"
FAST_SECONDS = 30  # generous: the machine is shared; a dense read took minutes or aborted


def _letter(index: int) -> str:
    return chr(65 + index)


def cell_xml(ref: str, value: object, p: str = "") -> str:
    """One cell as Excel writes it (strings inline), with element prefix ``p``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return f'<{p}c r="{ref}" t="inlineStr"><{p}is><{p}t>{escape(value)}</{p}t></{p}is></{p}c>'
    return f'<{p}c r="{ref}"><{p}v>{value}</{p}v></{p}c>'


def results_xml(
    *,
    prefix: str = "",
    changes: dict[str, str] | None = None,
    extra: dict[int, str] | None = None,
    tail: str = "",
    reverse: bool = False,
) -> bytes:
    """The valid Results table as sheet XML.

    ``changes`` replaces whole cells by reference; ``extra`` appends cells to a
    row; ``tail`` comes after the last row; ``reverse`` writes the rows bottom-up.
    """
    p = f"{prefix}:" if prefix else ""
    declaration = f'xmlns:{prefix}="{MAIN}"' if prefix else f'xmlns="{MAIN}"'
    rows = []
    for number, values in enumerate(results_rows(), start=1):
        cells = "".join(
            (changes or {}).get(f"{_letter(i)}{number}") or cell_xml(f"{_letter(i)}{number}", v, p)
            for i, v in enumerate(values)
        )
        cells += (extra or {}).get(number, "")
        rows.append(f'<{p}row r="{number}">{cells}</{p}row>')
    data = "".join(reversed(rows) if reverse else rows)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><{p}worksheet {declaration}>'
        f"<{p}sheetData>{data}{tail}</{p}sheetData></{p}worksheet>"
    ).encode()


def workbook(tmp_path: Path, sheet_xml: bytes, replaced: dict[str, bytes] | None = None) -> Path:
    """The valid event with its Results sheet (and any other part) replaced."""
    source = zipfile.ZipFile(io.BytesIO(results_book()))
    buffer = io.BytesIO()
    parts = {SHEET: sheet_xml, **(replaced or {})}
    with source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info.filename, parts.pop(info.filename, None) or source.read(info))
        for name, data in parts.items():
            target.writestr(name, data)
    path = tmp_path / "event.xlsx"
    path.write_bytes(buffer.getvalue())
    return path


def score(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, float]:
    started = time.perf_counter()
    code = main(["score", str(path)])
    seconds = time.perf_counter() - started
    captured = capsys.readouterr()
    output = captured.out + captured.err
    assert "Traceback" not in output
    return code, output, seconds


# Item 1: coordinates


def test_a_lone_note_at_xfd1048576_is_ignored_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    note = '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>note</t></is></c></row>'
    code, output, seconds = score(workbook(tmp_path, results_xml(tail=note)), capsys)
    assert (code, seconds < FAST_SECONDS) == (0, True), output
    assert "4 games" in output


def test_a_note_in_d1048576_is_a_row_of_its_own_reported_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    note = '<row r="1048576"><c r="D1048576"><v>3</v></c></row>'
    code, output, seconds = score(workbook(tmp_path, results_xml(tail=note)), capsys)
    assert (code, seconds < FAST_SECONDS) == (1, True), output
    assert "Results!A1048576" in output


def test_a_row_number_beyond_the_grid_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    note = '<row r="99999999999"><c r="A1" t="inlineStr"><is><t>note</t></is></c></row>'
    path = workbook(tmp_path, results_xml(tail=note))
    before = path.read_bytes()
    code, output, seconds = score(path, capsys)
    assert (code, seconds < FAST_SECONDS) == (2, True), output
    assert "99999999999" in output
    assert "Results" in output
    assert path.read_bytes() == before


# Item 2: no row silently dropped


def test_values_after_formatting_only_rows_are_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``<v\\n>`` and ``<is\\n>`` after 45,000 formatting-only rows: the game counts."""
    formatted = "".join(
        f'<row r="{n}"><c r="A{n}" s="0"/><c r="D{n}" s="0"/></row>' for n in range(18, 45_018)
    )
    game = []
    for seat, name in enumerate(PLAYERS[:4]):
        n = 45_018 + seat
        cells = [f'<c r="A{n}"><v\n>3</v\n></c>', f'<c r="B{n}"><v\n>1</v\n></c>']
        cells.append(f'<c r="C{n}" t="inlineStr"><is\n><t>{name}</t></is\n></c>')
        cells += [f'<c r="{_letter(3 + i)}{n}"><v>{v}</v></c>' for i, v in enumerate(GAME[seat])]
        game.append(f'<row r="{n}">{"".join(cells)}</row>')
    code, output, _ = score(workbook(tmp_path, results_xml(tail=formatted + "".join(game))), capsys)
    assert code == 0, output
    assert "5 games" in output


def test_every_row_of_a_prefixed_sheet_is_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output, _ = score(workbook(tmp_path, results_xml(prefix="x")), capsys)
    assert code == 0, output
    assert "4 games" in output


# Item 3: cells read by a parser, not patterns


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ("<c r='D3' t='e'><f>NA()</f><v>#N/A</v></c>", ["Results!D3", "#N/A"]),
        ('<c r="D3">\n  <f>1+1</f>\n</c>', ["Results!D3", "no saved value"]),
        ('<c r="D3" t="str"><f>"2"</f></c>', ["Results!D3", "no saved value"]),
    ],
    ids=["single-quoted-error", "space-before-formula", "text-formula-without-value"],
)
def test_cells_the_regex_scan_misread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, words: list[str]
) -> None:
    code, output, _ = score(workbook(tmp_path, results_xml(changes={"D3": cell})), capsys)
    assert code == 1, output
    for word in words:
        assert word in output


def test_markup_in_comments_is_no_formula(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = '<c r="D3"><!-- <f>1+1</f> --><v>2</v><!-- <v></v> --></c>'
    code, output, _ = score(workbook(tmp_path, results_xml(changes={"D3": cell})), capsys)
    assert code == 0, output


# Item 7: Excel 365 errors


def test_an_excel_365_error_in_a_column_we_ignore_does_not_matter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = "".join(
        f'<c r="N{n}" t="e"><f>X()</f><v>{error}</v></c>'
        for n, error in zip(range(2, 5), ("#SPILL!", "#CALC!", "#GETTING_DATA"), strict=True)
    )
    code, output, _ = score(workbook(tmp_path, results_xml(extra={2: notes})), capsys)
    assert code == 0, output


def test_an_excel_365_error_in_a_column_we_read_names_the_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = '<c r="E4" t="e"><f>SEQUENCE(2)</f><v>#SPILL!</v></c>'
    code, output, _ = score(workbook(tmp_path, results_xml(changes={"E4": cell})), capsys)
    assert code == 1, output
    assert "Results!E4" in output
    assert "#SPILL!" in output


# Item 9: decided cell-level cases


def test_white_space_around_a_number_is_the_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cell = '<c r="D2"><v> 3 </v></c>'
    code, output, _ = score(workbook(tmp_path, results_xml(changes={"D2": cell})), capsys)
    assert code == 0, output


@pytest.mark.parametrize(
    ("cell", "found"),
    [
        ('<c r="J5" t="b"><v>2</v></c>', "TRUE/FALSE cell holding 2"),
        ('<c r="C5" t="s"><v>99</v></c>', "shared string 99 of"),
    ],
)
def test_a_value_no_spreadsheet_writes_is_refused_naming_the_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, found: str
) -> None:
    ref = cell.split('"')[1]
    path = workbook(tmp_path, results_xml(changes={ref: cell}))
    before = path.read_bytes()
    code, output, _ = score(path, capsys)
    assert code == 2, output
    assert f"Results!{ref}" in output
    assert found in output
    assert path.read_bytes() == before


def test_the_same_value_in_a_column_we_ignore_does_not_matter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cells = '<c r="M5" t="b"><v>2</v></c><c r="N5" t="s"><v>99</v></c>'
    code, output, _ = score(workbook(tmp_path, results_xml(extra={5: cells})), capsys)
    assert code == 0, output


def test_a_results_sheet_that_is_not_well_formed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    xml = results_xml().replace(b"</sheetData>", b"<row></sheetData>")
    code, output, _ = score(workbook(tmp_path, xml), capsys)
    assert code == 2, output
    assert "damaged" in output


def test_a_utf16_sheet_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = results_xml().decode().replace('encoding="UTF-8"', 'encoding="UTF-16"')
    code, output, _ = score(workbook(tmp_path, xml.encode("utf-16")), capsys)
    assert code == 0, output


def test_relative_targets_and_letter_case_are_resolved(tmp_path: Path) -> None:
    """``worksheets/../worksheets/sheet1.xml`` and a member stored as ``xl/Worksheets/…``."""
    rels = zipfile.ZipFile(io.BytesIO(results_book())).read("xl/_rels/workbook.xml.rels")
    rels = rels.replace(
        b'Target="worksheets/sheet1.xml"', b'Target="./worksheets/../Worksheets/Sheet1.xml"'
    )
    rels = rels.replace(b'Target="sharedStrings.xml"', b'Target="/xl/strings/../sharedStrings.xml"')
    path = workbook(tmp_path, results_xml(), {"xl/_rels/workbook.xml.rels": rels})
    book = reader.read_workbook(path)
    assert len(book.results.raw) == 16


# Reading from bytes, rows out of order, damaged old output sheets


def test_reading_bytes_is_reading_the_file(tmp_path: Path) -> None:
    path = workbook(tmp_path, results_xml())
    from_bytes = reader.read_workbook_bytes(path.read_bytes())
    from_file = reader.read_workbook(path)
    assert typed(from_bytes.results.raw.to_dict("index")) == typed(
        from_file.results.raw.to_dict("index")
    )
    assert (from_bytes.path, from_file.path) == (Path(), path)


def test_rows_out_of_order_are_all_read(tmp_path: Path) -> None:
    """Rows written bottom-up: the header is still found and every row is read."""
    in_order = reader.read_workbook(workbook(tmp_path, results_xml())).results.raw
    path = workbook(tmp_path, results_xml(reverse=True))
    book = reader.read_workbook(path)
    assert book.results.header_row == 1
    assert sorted(book.results.raw.index) == list(range(2, 18))
    assert typed(book.results.raw.sort_index().to_dict("index")) == typed(in_order.to_dict("index"))


def test_a_damaged_old_standings_sheet_reads_as_edited(tmp_path: Path) -> None:
    """Our old Standings (marked, so ours without reading it), damaged: no rows, so edited."""
    source = BAD / "standings_untouched.xlsx"
    with zipfile.ZipFile(source) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts["xl/worksheets/sheet2.xml"] = parts["xl/worksheets/sheet2.xml"].replace(
        b"</sheetData>", b""
    )
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(
        b"</sheets>",
        b'</sheets><definedNames><definedName name="_xlsx_scorer.standings" localSheetId="1"'
        b" hidden=\"1\">'Standings'!$1:$1048576</definedName></definedNames>",
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    book = reader.read_workbook_bytes(buffer.getvalue(), outputkinds.LEGACY_OUTPUTS)
    assert book.existing_outputs == {"standings": reader.OldOutput("Standings", [])}


# Issue 18, item 11: numbers written in any xsd:unsignedInt form


def test_rows_numbered_with_leading_zeros_or_a_plus_are_scored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    xml = (
        results_xml()
        .replace(b'<row r="2">', b'<row r="02">')
        .replace(b'<row r="3">', b'<row r="+3">')
    )
    code, output, _ = score(
        workbook(tmp_path, xml.replace(b'<row r="4">', b'<row r=" 4 ">')), capsys
    )
    assert code == 0, output
    assert "4 games" in output


def test_a_date_style_written_with_a_leading_zero_is_a_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Style 1 of the event's styles is a date (format 14): ``s="01"`` is that style."""
    xml = results_xml(changes={"D2": '<c r="D2" s="01"><v>45000</v></c>'})
    code, output, _ = score(workbook(tmp_path, xml), capsys)
    assert code == 1, output
    assert "Results!D2" in output
    assert "2023-03-15" in output


# Issue 18, item 12: a date or duration too large for a date


def _with_duration_style() -> dict[str, bytes]:
    """The event's styles with a fifth one (index 4) showing an elapsed time, ``[h]:mm``."""
    source = zipfile.ZipFile(io.BytesIO(results_book()))
    styles = source.read("xl/styles.xml").replace(
        b'applyFill="1"/></cellXfs>',
        b'applyFill="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        b"</cellXfs>",
    )
    styles = styles.replace(
        b"<fonts",
        b'<numFmts count="1"><numFmt numFmtId="164" formatCode="[h]:mm"/></numFmts><fonts',
    )
    assert styles.count(b'numFmtId="164"') == 2
    return {"xl/styles.xml": styles}


@pytest.mark.parametrize("style", ["1", "2", "4"], ids=["date", "time", "duration"])
@pytest.mark.parametrize("value", ["1e12", "-1e12", "1e300", "1e308", "-1e308"])
def test_a_huge_date_or_duration_in_a_column_not_read_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], style: str, value: str
) -> None:
    """In the header row (read whole) and in a row of results, right of the table."""
    huge = {row: f'<c r="N{row}" s="{style}"><v>{value}</v></c>' for row in (1, 5)}
    path = workbook(tmp_path, results_xml(extra=huge), _with_duration_style())
    code, output, _ = score(path, capsys)
    assert code == 0, output
    assert "4 games" in output


@pytest.mark.parametrize("style", ["1", "4"], ids=["date", "duration"])
def test_a_huge_date_or_duration_in_a_number_column_is_a_problem_naming_the_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], style: str
) -> None:
    xml = results_xml(changes={"E3": f'<c r="E3" s="{style}"><v>1e12</v></c>'})
    code, output, _ = score(workbook(tmp_path, xml, _with_duration_style()), capsys)
    assert code == 1, output
    assert "Results!E3" in output


def _in_1904(styles: dict[str, bytes]) -> dict[str, bytes]:
    """``styles`` and the event's workbook part counting dates from 1904."""
    source = zipfile.ZipFile(io.BytesIO(results_book()))
    book = source.read("xl/workbook.xml")
    dated = re.sub(rb"<workbookPr\b", b'<workbookPr date1904="1"', book, count=1)
    if dated == book:
        dated = book.replace(b"<sheets>", b'<workbookPr date1904="1"/><sheets>', 1)
    assert b'date1904="1"' in dated
    return {**styles, "xl/workbook.xml": dated}


@pytest.mark.parametrize(
    ("value", "date1904"),
    [
        ("2958465.999999999", False),
        ("2958465", True),
        ("2957004", True),
        ("2957003.9999999999", True),
    ],
)
def test_a_date_just_past_9999_in_either_date_system_is_read_as_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, date1904: bool
) -> None:
    """Past 9999-12-31 23:59:59.999 (rounded to the millisecond), counted from 1900 or from
    1904 (whose serial 2,957,003 is 9999-12-31): the number, in a column not read, matters
    not (it was an OverflowError, exit 3)."""
    huge = {row: f'<c r="N{row}" s="1"><v>{value}</v></c>' for row in (1, 5)}
    replaced = _in_1904(_with_duration_style()) if date1904 else _with_duration_style()
    code, output, _ = score(workbook(tmp_path, results_xml(extra=huge), replaced), capsys)
    assert code == 0, output
    assert "4 games" in output

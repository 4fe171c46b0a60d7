"""The worksheet reader on hand-written sheet XML: every quirk the fuzzing found, and the bounds.

Each case is a few bytes of sheet XML through ``read_cells`` (a pure function of
them), checked against what a spreadsheet shows.  Cases with absurd coordinates
run under a time and memory limit: they must end quickly, never allocate from
the coordinates a file declares.
"""

from __future__ import annotations

import datetime as dt
import random
import resource
import time
from typing import Any

import pytest

from tests.strict import typed
from xlsx_scorer.core.cells import ErrorValue
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx.read import cellevents, sheetcells
from xlsx_scorer.xlsx.read.numfmt import DateStyles, date_styles, format_kind
from xlsx_scorer.xlsx.read.sheetcells import BadValue, CellContext, SheetCells, read_cells

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRINGS = ["Ana", "Bob"]
CONTEXT = CellContext(strings=STRINGS, styles=DateStyles(frozenset({"1"}), frozenset({"2"})))


def sheet(
    body: str, *, root: str = f'<worksheet xmlns="{MAIN}">', end: str = "</worksheet>"
) -> bytes:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{root}{body}{end}'.encode()


def cells_of(body: str, context: CellContext = CONTEXT, **options: Any) -> SheetCells:
    return read_cells(sheet(f"<sheetData>{body}</sheetData>"), context, sheet="Results", **options)


def values(body: str, **options: Any) -> dict[int, dict[int, Any]]:
    return cells_of(body, **options).rows()


def refused(xml: bytes, context: CellContext = CONTEXT) -> UnusableWorkbookError:
    with pytest.raises(UnusableWorkbookError) as caught:
        read_cells(xml, context, sheet="Results")
    return caught.value


def test_numbers_strings_booleans_and_errors_as_a_spreadsheet_shows_them() -> None:
    body = (
        '<row r="1"><c r="A1"><v>3</v></c><c r="B1" t="s"><v>1</v></c>'
        '<c r="C1" t="b"><v>1</v></c><c r="D1" t="b"><v>0</v></c>'
        '<c r="E1" t="str"><f>"x"</f><v>x</v></c><c r="F1" t="inlineStr"><is><t>Cem</t></is></c>'
        '<c r="G1" t="n"><v>2.5</v></c></row>'
    )
    assert typed(values(body)) == typed(
        {1: {1: 3.0, 2: "Bob", 3: True, 4: False, 5: "x", 6: "Cem", 7: 2.5}}
    )


@pytest.mark.parametrize(
    "error",
    ["#N/A", "#SPILL!", "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#UNKNOWN!", "#BUSY!"],
)
def test_every_error_value_is_read_whatever_its_quoting(error: str) -> None:
    single = f"<c r='A1' t='e'><f>X()</f><v>{error}</v></c>"
    body = f'<row r="1">{single}<c r="B1" t="e"><v>{error}</v></c></row>'
    assert typed(values(body)) == typed({1: {1: ErrorValue(error), 2: ErrorValue(error)}})


def test_uncached_formulas_are_found_whatever_the_spacing() -> None:
    body = (
        '<row r="3">'
        '<c r="A3">\n   <f>1+1</f>\n</c>'
        '<c r="B3" t="str"><f>"a"&amp;"b"</f></c>'
        '<c r="C3"><f t="shared" si="0"/></c>'
        '<c r="D3"><f>1</f><v>1</v></c>'
        '<c r="E3" t="str"><f>""</f><v></v></c>'
        "</row>"
    )
    cells = cells_of(body)
    assert sorted(cells.uncached) == [(3, 1), (3, 2), (3, 3)]
    assert typed(cells.rows()) == typed({3: {1: "", 2: "", 3: "", 4: 1.0, 5: ""}})


def test_markup_inside_comments_does_not_count() -> None:
    body = (
        '<row r="1"><c r="A1"><!-- <v>7</v> --><f>1+1</f></c>'
        '<c r="B1"><!--<f>SUM(A1)</f>--><v>4</v></c><!-- <c r="C1"><v>9</v></c> --></row>'
    )
    cells = cells_of(body)
    assert cells.uncached == [(1, 1)]
    assert typed(cells.rows()) == typed({1: {1: "", 2: 4.0}})


@pytest.mark.parametrize("prefix", ["x", "s", "main"])
def test_any_namespace_prefix(prefix: str) -> None:
    p = f"{prefix}:"
    xml = sheet(
        f'<{p}sheetData><{p}row r="2"><{p}c r="A2" t="s"><{p}v>0</{p}v></{p}c>'
        f'<{p}c r="B2"><{p}f>1</{p}f></{p}c></{p}row></{p}sheetData>',
        root=f'<{p}worksheet xmlns:{prefix}="{MAIN}">',
        end=f"</{p}worksheet>",
    )
    cells = read_cells(xml, CONTEXT, sheet="Results")
    assert typed(cells.rows()) == typed({2: {1: "Ana", 2: ""}})
    assert cells.uncached == [(2, 2)]


def test_a_prefix_declared_below_the_root_is_resolved() -> None:
    xml = sheet(
        f'<sheetData><row r="1" xmlns:y="{MAIN}"><y:c r="A1"><y:v>5</y:v></y:c></row></sheetData>'
    )
    assert typed(read_cells(xml, CONTEXT, sheet="Results").rows()) == typed({1: {1: 5.0}})


def test_the_namespace_declared_below_the_root_or_strict() -> None:
    """Declared on sheetData only, or the ISO strict namespace: read all the same."""
    xml = sheet(
        f'<sheetData xmlns="{MAIN}"><row r="1"><c r="A1"><v>5</v></c></row></sheetData>',
        root="<worksheet>",
    )
    assert typed(read_cells(xml, CONTEXT, sheet="Results").rows()) == typed({1: {1: 5.0}})
    strict = "http://purl.oclc.org/ooxml/spreadsheetml/main"
    xml = sheet(
        '<sheetData><row r="1"><c r="A1"><v>5</v></c></row></sheetData>',
        root=f'<worksheet xmlns="{strict}">',
    )
    assert typed(read_cells(xml, CONTEXT, sheet="Results").rows()) == typed({1: {1: 5.0}})


def test_rows_outside_the_namespace_are_refused_not_dropped() -> None:
    """An unprefixed ``<row>`` in an ``x:``-prefixed sheet is no SpreadsheetML row: refused."""
    xml = sheet(
        '<x:sheetData><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>'
        '<row r="2"><c r="A2"><v>2</v></c></row></x:sheetData>',
        root=f'<x:worksheet xmlns:x="{MAIN}">',
        end="</x:worksheet>",
    )
    assert refused(xml).code == "unusable.broken_part"


def test_cells_and_rows_without_r_follow_the_previous_one() -> None:
    body = (
        "<row><c><v>1</v></c><c><v>2</v></c></row>"
        '<row r="5"><c r="C5"><v>3</v></c><c><v>4</v></c></row>'
        '<row><c t="s"><v>0</v></c></row>'
    )
    assert typed(values(body)) == typed({1: {1: 1.0, 2: 2.0}, 5: {3: 3.0, 4: 4.0}, 6: {1: "Ana"}})


def test_a_shared_string_past_the_table_is_a_bad_value_naming_the_cell() -> None:
    cells = cells_of('<row r="4"><c r="C4" t="s"><v>2</v></c></row>')
    assert cells.bad == [(4, 3, "shared string 2 of 2")]
    assert typed(cells.rows()) == typed({4: {3: BadValue("shared string 2 of 2")}})


def test_values_no_spreadsheet_writes_are_bad_values() -> None:
    body = (
        '<row r="1"><c r="A1" t="b"><v>2</v></c><c r="B1"><v>three</v></c>'
        '<c r="C1"><v>NaN</v></c><c r="D1"><v>1_000</v></c><c r="E1" t="x"><v>1</v></c></row>'
    )
    assert [found for _, _, found in cells_of(body).bad] == [
        "TRUE/FALSE cell holding 2",
        "three",
        "NaN",
        "1_000",
        "cell type x",
    ]


def test_white_space_around_a_number_is_ignored_as_xml_schema_says() -> None:
    assert typed(
        values('<row r="1"><c r="A1"><v> 3 </v></c><c r="B1" t="b"><v> 1 </v></c></row>')
    ) == typed({1: {1: 3.0, 2: True}})


def test_rich_text_runs_are_joined_and_phonetic_runs_left_out() -> None:
    body = (
        '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>Jo</t></r>'
        '<r><t xml:space="preserve">sé </t></r><rPh sb="0" eb="1"><t>ho</t></rPh>'
        '<phoneticPr fontId="1"/></is></c><c r="B1" t="inlineStr"><is><t>Ana_x0007_</t></is></c>'
        "</row>"
    )
    assert typed(values(body)) == typed({1: {1: "José ", 2: "Ana\x07"}})


def test_dates_and_times_in_the_1900_and_1904_systems() -> None:
    body = (
        '<row r="1"><c r="A1" s="1"><v>45000</v></c><c r="B1" s="1"><v>0.25</v></c>'
        '<c r="C1" s="1"><v>45000.5</v></c><c r="D1" s="2"><v>1.5</v></c>'
        '<c r="E1" s="0"><v>7</v></c>'
        "</row>"
    )
    assert typed(values(body)) == typed(
        {
            1: {
                1: dt.date(2023, 3, 15),
                2: dt.time(6, 0),
                3: dt.datetime(2023, 3, 15, 12, 0),
                4: dt.timedelta(days=1, hours=12),
                5: 7.0,
            }
        }
    )
    in_1904 = CellContext(STRINGS, CONTEXT.styles, date1904=True)
    assert typed(
        cells_of('<row r="1"><c r="A1" s="1"><v>43538</v></c></row>', in_1904).rows()
    ) == typed({1: {1: dt.date(2023, 3, 15)}})


def test_custom_date_formats() -> None:
    assert format_kind("yyyy-mm-dd") == "date"
    assert format_kind('0.0 "m"') is None
    assert format_kind("[ss]") == "duration"


def test_merged_ranges() -> None:
    xml = sheet(
        '<sheetData/><mergeCells><mergeCell ref="A2:A5"/><mergeCell ref="C3:B1"/></mergeCells>'
    )
    assert read_cells(xml, CONTEXT, sheet="Results").merged == [(2, 1, 5, 1), (1, 2, 3, 3)]


def test_only_the_columns_asked_for_are_read() -> None:
    """A column we ignore may hold anything, even a value no spreadsheet writes."""
    body = (
        '<row r="1"><c r="A1"><v>1</v></c><c r="N1" t="b"><v>7</v></c>'
        '<c r="O1" t="e"><v>#SPILL!</v></c></row>'
    )
    cells = cells_of(body, columns={1})
    assert typed(cells.rows()) == typed({1: {1: 1.0}})
    assert cells.bad == []


def test_reading_stops_after_the_last_row_asked_for() -> None:
    body = (
        '<row r="1"><c r="A1"><v>1</v></c></row>'
        '<row r="40"><c r="A40"><v>2</v></c></row><row r="2"><c r="A2"><v>3</v></c></row>'
    )
    assert typed(values(body, last_row=30, stop=True)) == typed({1: {1: 1.0}})
    cells = cells_of(body, last_row=30)
    assert typed(cells.rows()) == typed({1: {1: 1.0}, 2: {1: 3.0}})
    assert not cells.ascending


def test_a_cell_outside_a_row_is_damage() -> None:
    assert (
        refused(sheet('<sheetData><c r="A1"><v>1</v></c></sheetData>')).code
        == "unusable.broken_part"
    )
    assert (
        refused(sheet("<sheetData><row><v>1</v></row></sheetData>")).code == "unusable.broken_part"
    )


def test_a_doctype_anywhere_is_refused() -> None:
    xml = b'<!DOCTYPE worksheet [<!ENTITY a "b">]>' + sheet("<sheetData/>").split(b"\n", 1)[1]
    assert refused(xml).code == "unusable.xml_entities"


def test_xml_that_is_not_well_formed_is_refused() -> None:
    error = refused(sheet('<sheetData><row r="1"><c r="A1"><v>1</c></row></sheetData>'))
    assert error.code == "unusable.broken_part"
    assert "line" in error.params["detail"]


@pytest.mark.parametrize("encoding", ["utf-16", "iso-8859-1"])
def test_parts_in_other_encodings_are_read(encoding: str) -> None:
    text = f'<?xml version="1.0" encoding="{encoding}"?><worksheet xmlns="{MAIN}"><sheetData>'
    text += (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Çetin</t></is></c></row></sheetData></worksheet>'
    )
    assert typed(read_cells(text.encode(encoding), CONTEXT, sheet="Results").rows()) == typed(
        {1: {1: "Çetin"}}
    )


# ---------------------------------------------------------------------------
# Bounds: nothing is allocated from declared coordinates


def _bounded(run: Any) -> Any:
    """``run()`` in under 2 seconds, growing the process by under 50 MB."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    result = run()
    assert time.perf_counter() - started < 2
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000  # KiB
    return result


def test_a_lone_cell_at_xfd1048576_costs_what_any_cell_costs() -> None:
    body = '<row r="1048576"><c r="XFD1048576"><v>1</v></c><c r="D1048576" t="s"><v>0</v></c></row>'
    assert typed(_bounded(lambda: values(body))) == typed({1048576: {16384: 1.0, 4: "Ana"}})


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ('<row r="99999999999"><c r="A1"><v>1</v></c></row>', "row 99999999999"),
        ('<row r="1048577"><c r="B1048577"><v>1</v></c></row>', "row 1048577"),
        ('<row r="1048576"/><row><c><v>1</v></c></row>', "row 1048577"),
        ('<row r="1"><c r="XFE1"><v>1</v></c></row>', "XFE1"),
        ('<row r="1"><c r="A1048577"><v>1</v></c></row>', "A1048577"),
        ('<row r="1"><c r="A0"><v>1</v></c></row>', "A0"),
        ('<row r="1"><c r="a1"><v>1</v></c></row>', "a1"),
    ],
)
def test_coordinates_beyond_the_grid_are_refused_naming_them(body: str, named: str) -> None:
    error = _bounded(lambda: refused(sheet(f"<sheetData>{body}</sheetData>")))
    assert error.code == "unusable.bad_coordinate"
    assert error.params == {"cell": named}
    assert error.finding.where.sheet == "Results"


def test_rows_and_cells_that_hold_nothing_are_not_looked_at() -> None:
    """Formatting only: whatever their references, nothing in them could be read."""
    body = (
        '<row r="99999999999"><c r="XFE1" s="1"/></row><row r="abc"/>'
        '<row r="3"><c r="C3"><v>1</v></c></row>'
    )
    assert typed(values(body)) == typed({3: {3: 1.0}})


def test_cells_without_r_cannot_run_past_xfd() -> None:
    body = '<row r="1"><c r="XFD1"/><c><v>1</v></c></row>'
    assert refused(sheet(f"<sheetData>{body}</sheetData>")).code == "unusable.bad_coordinate"


def test_a_merged_range_beyond_the_grid_is_refused() -> None:
    xml = sheet('<sheetData/><mergeCells><mergeCell ref="A1:XFE2"/></mergeCells>')
    assert refused(xml).code == "unusable.bad_coordinate"


def test_values_after_many_formatting_only_rows_are_kept() -> None:
    """The old trailing-formatting cut missed ``<v\\n>`` and ``<is\\n>`` after 45,000 rows."""
    formatted = "".join(
        f'<row r="{n}"><c r="A{n}" s="1"/><c r="B{n}" s="1"/></row>' for n in range(2, 50_002)
    )
    body = (
        '<row r="1"><c r="A1"><v>1</v></c></row>'
        + formatted
        + '<row r="50002"><c r="A50002"><v\n>7</v\n></c>'
        + '<c r="B50002" t="inlineStr"><is\n><t>Ana</t></is\n></c></row>'
    )
    assert typed(values(body)) == typed({1: {1: 1.0}, 50002: {1: 7.0, 2: "Ana"}})


# ---------------------------------------------------------------------------
# The formatting-only shortcut reads exactly what the parser alone reads


def test_a_row_without_r_after_a_long_formatting_stretch_is_numbered_exactly() -> None:
    formatted = "".join(f'<row r="{n}"><c r="A{n}" s="1"/></row>' for n in range(1, 20_001))
    body = formatted + '<row><c s="1"/><c><v>7</v></c></row>'
    assert typed(values(body)) == typed({20_001: {2: 7.0}})


def _random_sheet(rng: random.Random) -> str:
    """Rows of every kind: formatting-only runs, values, rows and cells without r, comments."""
    parts, number = [], 0
    for _ in range(rng.randint(1, 12)):
        kind = rng.choice(["formatted", "value", "bare", "comment", "empty"])
        count = rng.choice([1, 3, 2000])
        for _ in range(count):
            number += rng.choice([1, 1, 2])
            if kind == "formatted":
                cells = "".join(f'<c r="{c}{number}" s="1"/>' for c in "ABC")
                parts.append(f'<row r="{number}" spans="1:3">{cells}</row>')
            elif kind == "value":
                parts.append(f'<row r="{number}"><c r="B{number}"><v>{number}</v></c></row>')
            elif kind == "bare":
                parts.append(f'<row><c s="1"/><c t="inlineStr"><is><t>{number}</t></is></c></row>')
            elif kind == "comment":
                parts.append(f'<!-- <row r="{number}"><c r="A{number}"><v>1</v></c></row> -->')
            else:
                parts.append(f'<row r="{number}"/>')
    return "".join(parts)


@pytest.mark.parametrize("seed", range(12))
def test_the_shortcut_changes_nothing(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same sheet read with the shortcut taken as often as possible, and never."""
    xml = sheet(f"<sheetData>{_random_sheet(random.Random(seed))}</sheetData>")
    chunks = [xml[start : start + 4096] for start in range(0, len(xml), 4096)]
    taken = []
    handlers = cellevents.handlers

    def counting(*args: Any, **options: Any) -> cellevents.Handlers:
        made = handlers(*args, **options)
        return made._replace(rows_unknown=lambda: (taken.append(1), made.rows_unknown())[1])

    monkeypatch.setattr(cellevents, "handlers", counting)
    monkeypatch.setattr(sheetcells, "_SHORTCUT_BYTES", 1)
    quick = read_cells(chunks, CONTEXT, sheet="Results")
    monkeypatch.setattr(sheetcells, "_SHORTCUT_BYTES", len(xml) + 1)
    shortcuts = len(taken)
    slow = read_cells(chunks, CONTEXT, sheet="Results")
    assert len(taken) == shortcuts
    assert typed(quick) == typed(slow)
    if xml.count(b"spans") >= 2000:  # a long formatting-only run: taken at least once
        assert shortcuts > 0


# Issue 18, item 11: a row's r and a cell's s are xsd:unsignedInt, read by one function.


@pytest.mark.parametrize("written", ["02", "+2", " 2 ", "\t+002\n", "0000000002"])
def test_a_row_number_in_any_unsigned_int_form_is_that_row(written: str) -> None:
    body = (
        f'<row r="{written}"><c r="A2"><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c></row>'
    )
    assert values(body) == {2: {1: 1.0, 2: 2.0}, 3: {1: 3.0}}


@pytest.mark.parametrize("written", ["٢", "2.0", "1_0", "\xa02", "-2", "2 2", "", "4294967298"])
def test_a_row_number_outside_unsigned_int_is_damage(written: str) -> None:
    error = refused(sheet(f'<sheetData><row r="{written}"><c><v>1</v></c></row></sheetData>'))
    assert error.code == "unusable.bad_coordinate"
    assert error.params == {"cell": f"row {written}"}


@pytest.mark.parametrize("written", ["01", "+1", " 1", "1\n", "-0001"])
def test_a_style_index_in_any_unsigned_int_form_is_that_style(written: str) -> None:
    styles = DateStyles(frozenset({"1"}), frozenset({"2"}), count=3)
    body = f'<row r="1"><c r="A1" s="{written}"><v>45000</v></c></row>'
    expected = dt.date(2023, 3, 15) if written != "-0001" else None
    for context in (CONTEXT, CellContext(STRINGS, styles)):
        if expected is None:  # "-0001" is no unsignedInt (only zero may carry "-")
            assert cells_of(body, context).bad == [(1, 1, "style -0001")]
        else:
            assert cells_of(body, context).rows() == {1: {1: expected}}


def test_a_style_index_outside_unsigned_int_is_a_bad_value_naming_the_cell() -> None:
    body = '<row r="1"><c r="A1" s="١"><v>3</v></c><c r="B1" s="x" t="s"><v>0</v></c></row>'
    assert cells_of(body).bad == [(1, 1, "style ١"), (1, 2, "style x")]


def test_format_ids_in_any_unsigned_int_form_and_damage_otherwise() -> None:
    def styles(xf_format: str) -> bytes:
        return (
            f'<styleSheet xmlns="{MAIN}"><numFmts><numFmt numFmtId="+0164" formatCode="[h]:mm"/>'
            f'</numFmts><cellXfs><xf/><xf numFmtId="{xf_format}"/><xf numFmtId="164"/></cellXfs>'
            "</styleSheet>"
        ).encode()

    assert date_styles([styles(" 014")], "xl/styles.xml") == DateStyles(
        frozenset({"1"}), frozenset({"2"}), count=3
    )
    with pytest.raises(UnusableWorkbookError) as caught:
        date_styles([styles("\u0661\u0664")], "xl/styles.xml")
    assert caught.value.code == "unusable.broken_part"


def test_a_shared_string_index_is_an_unsigned_int_however_long() -> None:
    """5,001 digits were past what Python turns into a number: an internal error (exit 3)."""
    body = (
        '<row r="1"><c r="A1" t="s"><v> +01 </v></c><c r="B1" t="s"><v>١</v></c>'
        f'<c r="C1" t="s"><v>{"0" * 5000}1</v></c><c r="D1" t="s"><v>{"9" * 5000}</v></c></row>'
    )
    cells = cells_of(body)
    assert cells.rows()[1][1] == "Bob"
    assert cells.rows()[1][3] == "Bob"
    assert [found[:20] for _, _, found in cells.bad] == [
        "shared string ١ of 2",
        "shared string 999999",
    ]

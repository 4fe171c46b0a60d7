"""The plain-form shortcut reads exactly the cells expat reads, or stands aside.

Random sheets in the form spreadsheets write (and mutations of them that leave
that form) are read both ways — ``read_cells`` with its shortcut and without —
and must give equal cells, or the same refusal.  The shortcut must actually be
taken for the plain ones, and for every worksheet of the fixtures.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strict import typed
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx.read import plaincells, xmlstream
from xlsx_scorer.xlsx.read.numfmt import DateStyles
from xlsx_scorer.xlsx.read.sheetcells import CellContext, SheetCells, column_letters, read_cells

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT = "http://purl.oclc.org/ooxml/spreadsheetml/main"
ROW = '<row r="1"><c r="A1"><v>7</v></c></row>'
CONTEXT = CellContext(
    strings=["Ana", "Bob", "x_x0041_"],
    styles=DateStyles(frozenset({"1"}), frozenset({"2"}), count=4),
)
ROOT = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}">'
TAIL = '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>'

TEXTS = st.sampled_from(
    [
        "3",
        "2.5",
        " 4 ",
        "1e3",
        "-0",
        "abc",
        "",
        "0",
        "1",
        "2",
        "7",
        "#N/A",
        "#SPILL!",
        "TRUE",
        "45000",
        "1_0",
        "nan",
        "inf",
        "٣",
        "2026-12-01",
        "01",
        " +1 ",
        "0000000000000000000000000000002",
    ]
)
INLINE = st.sampled_from(
    [
        "Ana",
        "Çetin Yıldız",
        "a &amp; b",
        "&lt;x&gt; &quot;&apos;",
        "&#199;&#x15F;",
        "_x0041_",
        "tab\there",
        "line\nbreak",
        "  spaced  ",
        "",
        "&#0;",
        "&#xD800;",
        "&#65;&#x1F600;",
    ]
)


@st.composite
def cells(draw: st.DrawFn, row: int) -> str:
    column = draw(st.integers(1, 30))
    ref = f"{column_letters(column)}{row}"
    style = draw(
        st.sampled_from(["", ' s="0"', ' s="1"', ' s="2"', ' s="3"', ' s="01"', ' s="002"'])
    )
    kind = draw(st.sampled_from(["", "n", "s", "b", "e", "str", "inlineStr"]))
    attrs = f'r="{ref}"{style}' + (f' t="{kind}"' if kind else "")
    content = draw(st.sampled_from(["value", "inline", "none", "empty"]))
    if content == "value":
        return f"<c {attrs}><v>{draw(TEXTS)}</v></c>"
    if content == "inline":
        space = draw(st.sampled_from(["", ' xml:space="preserve"']))
        return f"<c {attrs}><is><t{space}>{draw(INLINE)}</t></is></c>"
    return f"<c {attrs}/>" if content == "none" else f"<c {attrs}></c>"


#: Row numbers, the last row read (20) and its neighbours often among them.
ROW_NUMBERS = st.one_of(st.sampled_from([19, 20, 21]), st.integers(1, 60))


@st.composite
def sheets(draw: st.DrawFn) -> str:
    numbers = draw(st.lists(ROW_NUMBERS, min_size=0, max_size=12))
    space = st.sampled_from(["", "", "\n", " ", "\n\t"])
    rows = []
    for number in numbers:
        attrs = draw(
            st.sampled_from(
                [
                    "",
                    ' spans="1:5"',
                    ' ht="20" customHeight="1"',
                    ' x14ac:dyDescent="0.25"',
                    ' hidden="1"',
                    (
                        ' spans="1:3" s="1" customFormat="1" ht="20" customHeight="1"'
                        ' x14ac:dyDescent="0.2"'
                    ),
                    (
                        ' customFormat="false" ht="12.8" hidden="false" customHeight="false"'
                        ' outlineLevel="0" collapsed="false"'
                    ),
                ]
            )
        )
        body = draw(space).join(draw(st.lists(cells(number), max_size=6)))
        rows.append(
            f'<row r="{number}"{attrs}/>'
            if not body and draw(st.booleans())
            else f'<row r="{number}"{attrs}>{body}</row>'
        )
    return draw(space).join(rows)


#: The reference of the first cell holding something, but its row.
FIRST_VALUE = re.compile(r'<c r="([A-Z]+)[0-9]+(?="[^>]*><[vi])')
MUTATIONS = [
    lambda xml: xml,
    lambda xml: xml.replace("<v>", "<f>A1</f><v>", 1),
    lambda xml: xml.replace("</row>", "<!-- c --></row>", 1),
    lambda xml: xml.replace("\n", "\r\n", 1),
    lambda xml: xml.replace('<row r="', '<row xmlns="urn:x" r="', 1),
    lambda xml: xml.replace("<c ", "<c  ", 1),
    lambda xml: xml.replace('r="', "r='", 1),
    lambda xml: xml.replace("<v>", "<v>\x01", 1),
    lambda xml: xml.replace("</t>", "&nbsp;</t>", 1),
    lambda xml: xml.replace('<row r="', '<row r="2000000" x="', 1),
    lambda xml: xml.replace('<c r="', '<c r="XFE', 1),
    lambda xml: xml.replace("<is><t>", "<is><r><t>", 1).replace("</t></is>", "</t></r></is>", 1),
    lambda xml: xml.replace("</row>", "</row></sheetData><sheetData>", 1),
    lambda xml: xml.replace("<c ", "<x:c ", 1),
    lambda xml: xml.replace("</t>", "]]></t>", 1),
    lambda xml: xml.replace("</v>", "]]></v>", 1),
    lambda xml: xml.replace(' spans="1:5"', ' spans="1:5" spans="1:6"', 1),
    lambda xml: xml.replace(' x14ac:dyDescent="0.25"', ' x14ac:dyDescent="0.25" ht="3"', 1),
    lambda xml: xml.replace(' ht="20" customHeight="1"', ' customHeight="1" ht="20"', 1),
    # out of place: a cell outside a row, a row inside one, a row left open, stray text
    lambda xml: xml.replace("</row>", '</row><c r="A1"><v>1</v></c>', 1),
    lambda xml: xml.replace("</row>", '<row r="70"/></row>', 1),
    lambda xml: xml.replace("</row>", "", 1),
    lambda xml: xml.replace("</c>", "</c>x", 1),
    lambda xml: xml.replace("</row>", "</row>x", 1),
    lambda xml: "x" + xml,
    lambda xml: '<c r="A1"><v>1</v></c></row>' + xml,
    # at the edge of the grid: a row of seven digits, a cell in the last row and past it
    lambda xml: xml.replace('<row r="', '<row r="1000000"/><row r="', 1),
    lambda xml: FIRST_VALUE.sub(r'<c r="\g<1>1048576', xml, count=1),
    lambda xml: FIRST_VALUE.sub(r'<c r="\g<1>1048577', xml, count=1),
    # numbers in every xsd:unsignedInt form (issue 18, item 11), and some in none
    lambda xml: xml.replace('<row r="', '<row r="0'),
    lambda xml: xml.replace('<row r="', '<row r="+', 1),
    lambda xml: xml.replace('<row r="', '<row r=" \t'),
    lambda xml: xml.replace('<row r="', '<row r="\u0662', 1),
    lambda xml: xml.replace('<row r="', '<row r="\xa0', 1),
    lambda xml: xml.replace(' s="', ' s="0'),
    lambda xml: xml.replace(' s="', ' s="+'),
    lambda xml: xml.replace(' s="1"', ' s="1 "'),
    lambda xml: xml.replace(' s="2"', ' s="-0"', 1),
    lambda xml: xml.replace(' s="', ' s="\u0661', 1),
]


def both_ways(xml: bytes, chunk: int | None = None, **options: Any) -> tuple[Any, Any]:
    """The sheet read the plain and the exact way; given whole (as a package keeps a sheet
    part), or in chunks of ``chunk`` bytes (as a part too big to keep is inflated)."""
    given = xml if chunk is None else [xml[i : i + chunk] for i in range(0, len(xml), chunk)]

    def attempt(plain: bool) -> SheetCells | str:
        try:
            return read_cells(given, CONTEXT, sheet="Results", plain=plain, **options)
        except UnusableWorkbookError as error:
            return f"{error.code} {error.params}"

    return attempt(True), attempt(False)


#: Where the rows may be cut into pieces, how many typed values are kept from one piece to
#: the next, and the chunks the part comes in: whole; a few rows a piece (read on two
#: processes where that is possible), with typed values kept or forgotten, the part whole or
#: in chunks cut anywhere (in a tag, in ``</sheetData>``); a few more rows a piece.
SIZES = st.sampled_from(
    [
        (plaincells._PIECE, plaincells._TYPED_CACHE, None),
        (40, 1000, None),
        (40, 1, 7),
        (40, 1000, 64),
        (200, 1000, None),
        (200, 1000, 333),
    ]
)


def read_both_ways(
    rows: str,
    columns: set[int] | None,
    last_row: int | None,
    sizes: tuple[int, int, int | None],
) -> None:
    """The sheet of ``rows`` read both ways, in pieces, keeping typed values and in chunks
    as ``sizes`` says: the same cells (joined in order), or the same refusal."""
    piece, typed_cache, chunk = sizes
    xml = (ROOT + '<dimension ref="A1"/><sheetData>' + rows + "</sheetData>" + TAIL).encode()
    with (
        mock.patch.object(plaincells, "_PIECE", piece),
        mock.patch.object(plaincells, "_TYPED_CACHE", typed_cache),
    ):
        plain, exact = both_ways(xml, chunk, columns=columns, last_row=last_row)
    assert typed(plain) == typed(exact)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), st.sampled_from([None, {1, 3, 5}]), st.sampled_from([None, 20]), SIZES)
def test_the_shortcut_reads_what_expat_reads(
    rows: str, columns: set[int] | None, last_row: int | None, sizes: tuple[int, int, int | None]
) -> None:
    """Descending rows (within and across pieces), repeated cells, values of every kind
    mixed in a column, dates, values past the last row or in columns not read, and bad
    values included."""
    read_both_ways(rows, columns, last_row, sizes)


@pytest.mark.parametrize("mutation", range(1, len(MUTATIONS)))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), st.sampled_from([None, {1, 3, 5}]), st.sampled_from([None, 20]), SIZES)
def test_the_shortcut_stands_aside_or_reads_what_expat_reads(
    mutation: int,
    rows: str,
    columns: set[int] | None,
    last_row: int | None,
    sizes: tuple[int, int, int | None],
) -> None:
    """Each mutation on its own (drawn among the others, some were hardly ever drawn)."""
    read_both_ways(MUTATIONS[mutation](rows), columns, last_row, sizes)


def test_a_piece_with_known_and_new_values_past_the_kept_number_reads_the_same() -> None:
    """Each row its own piece, each piece a value of the one before and a new one: with one
    typed value kept, every piece forgets the earlier ones and types its own again."""
    rows = "".join(
        f'<row r="{row}"><c r="A{row}"><v>{row - 1}</v></c><c r="B{row}" t="inlineStr">'
        f'<is><t>P{row}</t></is></c><c r="C{row}"><v>{row}</v></c></row>'
        for row in range(1, 6)
    )
    read_both_ways(rows, None, None, (40, 1, None))
    xml = (ROOT + "<sheetData>" + rows + "</sheetData>" + TAIL).encode()
    with (
        mock.patch.object(plaincells, "_PIECE", 40),
        mock.patch.object(plaincells, "_TYPED_CACHE", 1),
    ):
        assert plaincells.read_plain([xml], CONTEXT, wanted=None, last_row=None) is not None


@settings(max_examples=150, deadline=None)
@given(sheets())
def test_plain_sheets_take_the_shortcut(rows: str) -> None:
    xml = (ROOT + "<sheetData>" + rows + "</sheetData>" + TAIL).encode()
    if "&#0;" in rows or "&#xD800;" in rows:
        return
    found = plaincells.read_plain([xml], CONTEXT, wanted=None, last_row=None)
    assert found is not None
    head, _, tail = found
    assert xmlstream.sheet_data_in_place(head + b"<sheetData/>" + tail, len(head), "Results")


@pytest.mark.parametrize(
    "xml",
    [
        # the first <sheetData> is in a comment: the real one is elsewhere
        ROOT
        + '<!-- <sheetData><row r="1"><c r="A1"><v>9</v></c></row></sheetData> --></worksheet>',
        # a DTD could give every cell a default type
        (
            f'<!DOCTYPE worksheet [<!ATTLIST c t CDATA "s">]><worksheet xmlns="{MAIN}">'
            '<sheetData><row r="1"><c r="A1"><v>0</v></c></row></sheetData></worksheet>'
        ),
        # Latin-1 declared: bytes mean other letters
        (
            f'<?xml version="1.0" encoding="ISO-8859-1"?><worksheet xmlns="{MAIN}"><sheetData>'
            '<row r="1"><c r="A1" t="inlineStr"><is><t>\xc3\xa7</t></is></c></row>'
            "</sheetData></worksheet>"
        ),
        # rows in another namespace than the root's SpreadsheetML
        '<worksheet xmlns="urn:other" xmlns:x="' + MAIN + '"><sheetData><row r="1">'
        '<c r="A1"><v>1</v></c></row></sheetData></worksheet>',
        # the root binds two prefixes to SpreadsheetML: expat reads with namespaces, in
        # the root's (strict) namespace, so the unprefixed rows are not the sheet's
        (
            f'<x:worksheet xmlns:x="{STRICT}" xmlns="{MAIN}"><sheetData>{ROW}</sheetData>'
            "</x:worksheet>"
        ),
        (
            f'<o:worksheet xmlns:o="urn:o" xmlns="{STRICT}" xmlns:y="{MAIN}"><sheetData>{ROW}'
            "</sheetData></o:worksheet>"
        ),
        # the first sheetData (written with a space) holds the rows; a second one is empty
        (
            f'<worksheet xmlns="{MAIN}"><sheetData >{ROW}</sheetData><sheetData></sheetData>'
            "</worksheet>"
        ),
        # an empty sheetData first, then one with rows: expat refuses the second
        f'<worksheet xmlns="{MAIN}"><sheetData/><sheetData>{ROW}</sheetData></worksheet>',
        (
            f'<worksheet xmlns="{MAIN}" xmlns:x="{MAIN}"><x:sheetData/><sheetData>{ROW}'
            "</sheetData></worksheet>"
        ),
        # two prefixes for SpreadsheetML: an unbound attribute prefix is damage
        (
            f'<worksheet xmlns="{MAIN}" xmlns:x="{MAIN}"><sheetData><row r="1" '
            'x14ac:dyDescent="0.25"><c r="A1"><v>7</v></c></row></sheetData></worksheet>'
        ),
        # a namespace declared below the root
        (
            f'<worksheet xmlns="{MAIN}"><sheetViews xmlns:q="urn:q"/><sheetData>{ROW}</sheetData>'
            "</worksheet>"
        ),
        # "utf8" is not expat's name for UTF-8: it refuses the non-ASCII letters
        (
            f'<?xml version="1.0" encoding="utf8"?><worksheet xmlns="{MAIN}"><sheetData>'
            '<row r="1"><c r="A1" t="inlineStr"><is><t>Çetin</t></is></c></row></sheetData>'
            "</worksheet>"
        ),
        # sheetData not a child of the root
        (
            f'<worksheet xmlns="{MAIN}"><extLst><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
            "</sheetData></extLst></worksheet>"
        ),
    ],
)
def test_lookalikes_are_read_the_exact_way(xml: str) -> None:
    data = xml.encode("latin-1") if "ISO-8859-1" in xml else xml.encode()
    plain, exact = both_ways(data)
    assert typed(plain) == typed(exact)


FIXTURES = sorted(Path("fixtures").glob("*.xlsx"))


@pytest.mark.parametrize("path", FIXTURES, ids=[path.name for path in FIXTURES])
def test_every_fixture_sheet_reads_the_same_both_ways(path: Path) -> None:
    with zipfile.ZipFile(path) as package:
        parts = [name for name in package.namelist() if name.startswith("xl/worksheets/sheet")]
        for name in parts:
            plain, exact = both_ways(package.read(name))
            assert typed(plain) == typed(exact), name


@pytest.mark.parametrize("name", ["sample_event.xlsx", "sample_mistakes.xlsx"])
def test_the_samples_sheets_are_plain(name: str) -> None:
    context = CellContext(strings=["x"] * 10_000)
    with zipfile.ZipFile(Path("fixtures") / name) as package:
        for part in ("xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"):
            xml = package.read(part)
            assert plaincells.read_plain([xml], context, wanted=None, last_row=None), part


LEAGUE_SCRIPT = """
from xlsx_scorer.app import api
api.set_aside_heavy_imports()  # as the program does: one thread, so the reader may fork
import random
from unittest import mock
from xlsx_scorer.xlsx import parallel
from xlsx_scorer.xlsx.read import plaincells
from xlsx_scorer.xlsx.read.sheetcells import CellContext, read_cells
from tests.test_plaincells import ROOT, TAIL

random.seed(7)
rows = []
for number in [*range(1, 3000), 2500, *range(3000, 4000)]:  # one row comes back down
    cells = "".join(
        f'<c r="{letter}{number}" t="inlineStr"><is><t>P{random.randint(1, 99)}</t></is></c>'
        if letter == "C" else f'<c r="{letter}{number}"><v>{random.randint(0, 12)}</v></c>'
        for letter in "ABCDEFGHIJKL"
    )
    rows.append(f'<row r="{number}">{cells}</row>')
rows.insert(1234, '<row r="1235"><c r="A1235" t="s"><v>99</v></c></row>')  # a bad value
xml = (ROOT + "<sheetData>" + "".join(rows) + "</sheetData>" + TAIL).encode()
delivered = []
received = parallel._received

def counted(receiver):
    found = received(receiver)
    delivered.append(len(found))
    return found

with mock.patch.object(plaincells, "_PIECE", 1 << 16), mock.patch.object(
    parallel, "_received", counted
):
    shared = read_cells(xml, CellContext(), sheet="Results")
    print(len(delivered) == 1)  # a helper process read and answered (its share depends on load)
exact = read_cells(xml, CellContext(), sheet="Results", plain=False)
print(shared == exact, shared.ascending, len(shared.bad))
"""


@pytest.mark.skipif(
    sys.platform != "linux" or len(os.sched_getaffinity(0)) < 2, reason="forks on Linux"
)
def test_a_league_sheet_is_read_on_two_processes_to_the_same_cells() -> None:
    run = subprocess.run(
        [sys.executable, "-c", LEAGUE_SCRIPT], capture_output=True, text=True, check=True
    )
    assert run.stdout.split() == ["True", "True", "False", "1"]


IMPORT_WHILE_READING = """
from xlsx_scorer.app import api
api.set_aside_heavy_imports()  # as the program does
import os, sys
from pathlib import Path
from unittest import mock
from xlsx_scorer.xlsx.read import plaincells
assert "pandas" not in sys.modules
parent, read = os.getpid(), plaincells._PieceReader.read

def watched(self, piece):
    if os.getpid() != parent:
        print("helper", "pandas" in sys.modules, flush=True)
    return read(self, piece)

data = Path("fixtures/sample_event.xlsx").read_bytes()
with mock.patch.object(plaincells, "_PIECE", 2048), mock.patch.object(
    plaincells._PieceReader, "read", watched
):
    shared = api.score(data, filename="sample_event.xlsx")
alone = api.score(data, filename="sample_event.xlsx")  # pieces of 1 MB: one, no helper
print("same", shared.exit_code, shared.standings.equals(alone.standings))
"""


@pytest.mark.skipif(
    sys.platform != "linux" or len(os.sched_getaffinity(0)) < 2, reason="forks on Linux"
)
def test_the_program_imports_pandas_while_the_helper_reads_the_results() -> None:
    """The helper is forked before pandas is imported: it reads without it, the same rows."""
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_WHILE_READING], capture_output=True, text=True, check=True
    )
    lines = run.stdout.splitlines()
    assert lines[-1] == "same 0 True"
    assert set(lines[:-1]) == {"helper False"}
    assert run.stderr == ""


@pytest.mark.parametrize("number", [999_999, 1_000_000, 1_039_999, 1_048_499, 1_048_576])
def test_rows_up_to_excels_last_take_the_shortcut(number: int) -> None:
    """A sheet filled to Excel's last rows (1,048,576) is plain: it is read by the shortcut
    (not by expat, five callbacks a cell: a million rows took minutes), to the same cells."""
    rows = (
        f'<row r="{number - 1}"><c r="A{number - 1}"><v>1</v></c></row>'
        f'<row r="{number}" spans="1:2"><c r="B{number}" t="s"><v>0</v></c></row>'
    )
    xml = (ROOT + "<sheetData>" + rows + "</sheetData>" + TAIL).encode()
    assert plaincells.read_plain([xml], CONTEXT, wanted=None, last_row=None) is not None
    plain, exact = both_ways(xml)
    assert typed(plain) == typed(exact)


@pytest.mark.parametrize(
    "rows",
    [
        '<row r="1048577"/>',  # past Excel's grid, holding nothing
        '<row r="1048580"><c r="A1048580"><v>1</v></c></row>',
        '<row r="9999999"/>',
        '<row r="1048576"/><row r="10485760"/>',
    ],
)
def test_rows_past_excels_grid_are_read_the_exact_way(rows: str) -> None:
    xml = (ROOT + '<sheetData><row r="1"><c r="A1"><v>2</v></c></row>' + rows).encode()
    xml += ("</sheetData>" + TAIL).encode()
    assert plaincells.read_plain([xml], CONTEXT, wanted=None, last_row=None) is None
    plain, exact = both_ways(xml)
    assert typed(plain) == typed(exact)

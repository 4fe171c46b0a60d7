"""A review of issue 18's "one reader, one package edit" and of rows carried down
(``xlsx/write/carrydown.py``): one test per defect found (each failed on the code it was written
against), through the real entry points (``seat_bytes``, ``judges.merge_files``,
``Package.open``)."""

from __future__ import annotations

import gc
import hashlib
import inspect
import io
import re
import sys
import threading
import weakref
import zipfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import openpyxl
import pytest
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill
from openpyxl.worksheet.table import Table
from openpyxl.worksheet.worksheet import Worksheet

from tests.builders import run_cli
from xlsx_scorer.app import api, judges
from xlsx_scorer.app.seat import seat_bytes
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import package as opc_package
from xlsx_scorer.opc import xmledit
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read.cellvalues import parse_range

FIXTURES = Path(__file__).parents[1] / "fixtures"
PLAYERS = [f"Player {n:02d}" for n in range(1, 9)]
RESULTS = "xl/worksheets/sheet3.xml"


def _event(folder: Path, shape: Callable[[Worksheet], None]) -> bytes:
    """The shipped template, 8 players, round 1 played at two tables (rows 2–9, nothing
    below), then ``shape`` applied to ``Results`` (saved by openpyxl: the organiser's file)."""
    path = folder / "event.xlsx"
    done = run_cli("template", path, "--players", "8")
    assert done.returncode == 0, done.stderr
    book = openpyxl.load_workbook(path)
    for number, name in enumerate(PLAYERS, start=2):
        book["Players"].cell(number, 1, name)
    sheet = book["Results"]
    sheet.delete_rows(10, 100)
    for index, name in enumerate(PLAYERS):
        number = index + 2
        settlements = 5 if index in {0, 4} else 2
        values = (1, 1 + index // 4, name, settlements, 0, 0, 0, 5, 2)
        for column, value in enumerate(values, start=1):
            sheet.cell(number, column, value)
    sheet.auto_filter.ref = None
    shape(sheet)
    book.save(path)
    return path.read_bytes()


def _tables(data: bytes) -> dict[str, tuple[str, int]]:
    """Each table part's name: (its ref, its totalsRowCount)."""
    found = {}
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        for name in zf.namelist():
            if name.startswith("xl/tables/") and name.endswith(".xml"):
                root = zf.read(name).decode()
                ref = re.search(r'<table\b[^>]*?\sref="([^"]+)"', root)
                totals = re.search(r'<table\b[^>]*?\stotalsRowCount="(\d+)"', root)
                assert ref is not None
                found[name] = (ref.group(1), int(totals.group(1)) if totals else 0)
    return found


# ---------------------------------------------------------------------------
# Rows carried down (seat)


def test_seated_rows_never_go_into_the_totals_row_of_the_results_table(tmp_path: Path) -> None:
    """Results is an Excel table A1:M10 with a totals row (row 10, left empty so the reader
    accepts the sheet).  Seating writes round 2 from row 10 on: the first seated player lands
    in the table's totals row and the other seven outside the table, which is not grown (a
    table with a totals row is left alone).  Expected: the rows go into the table above its
    totals row (as Excel inserts them), or seating is refused; never a player in the totals
    row."""

    def with_totals(sheet: Worksheet) -> None:
        table = Table(displayName="Res", ref="A1:M10")
        table.totalsRowCount = 1
        sheet.add_table(table)

    data = _event(tmp_path, with_totals)
    try:
        seated = seat_bytes(data, 2, seed=1)
    except UnusableWorkbookError:
        return  # refusing is a right answer too
    [(ref, totals)] = _tables(seated.workbook).values()
    assert totals == 1
    bounds = parse_range(ref)
    assert bounds is not None
    totals_row = bounds[2]
    sheet = openpyxl.load_workbook(io.BytesIO(seated.workbook))["Results"]
    assert sheet.cell(totals_row, 3).value is None, "a seated player in the totals row"
    seated_rows = [cell.row for cell in sheet["A"] if cell.value == 2]
    assert seated_rows
    assert all(bounds[0] < row < totals_row for row in seated_rows)


def test_growing_a_table_beside_the_results_never_makes_two_tables_overlap(
    tmp_path: Path,
) -> None:
    """Beside Results (columns A–M) the organiser keeps two small tables in O–P: Prizes
    O1:P9 and, below it, Judges O11:P13.  Prizes ends on the last result row, so seating
    grows it to O1:P17 (rows are compared, not columns): it now overlaps Judges, which
    Excel refuses to open without repairing ("unreadable content").  Expected: a table the
    seated rows do not run through (another column range) is left alone; in any case no
    two tables overlap."""

    def side_tables(sheet: Worksheet) -> None:
        sheet["O1"], sheet["P1"] = "Prize", "Place"
        for number in range(2, 10):
            sheet.cell(number, 15, f"Prize {number - 1}")
            sheet.cell(number, 16, number - 1)
        sheet["O11"], sheet["P11"] = "Judge", "Tables"
        for number in range(12, 14):
            sheet.cell(number, 15, f"Judge {number - 11}")
            sheet.cell(number, 16, number - 11)
        sheet.add_table(Table(displayName="Prizes", ref="O1:P9"))
        sheet.add_table(Table(displayName="Judges", ref="O11:P13"))

    seated = seat_bytes(_event(tmp_path, side_tables), 2, seed=1)
    boxes = [parse_range(ref) for ref, _ in _tables(seated.workbook).values()]
    assert len(boxes) == 2
    (top0, left0, bottom0, right0), (top1, left1, bottom1, right1) = boxes  # type: ignore[misc]
    overlap = top0 <= bottom1 and top1 <= bottom0 and left0 <= right1 and left1 <= right0
    assert not overlap, f"tables overlap: {list(_tables(seated.workbook).values())}"


def test_seated_rows_take_the_conditional_formatting_of_the_row_above(tmp_path: Path) -> None:
    """Rows carried down "take the last row's look" (``carrydown``: styles, input rules,
    filter, tables), but a conditional format over the results (A2:M9: winners in yellow)
    stops at row 9, so round 2's rows look different from round 1's as soon as they are
    filled.  Excel grows it when rows are added to a range or table.  Expected: a
    conditional format that covers the row above and ends there grows down with the input
    rules."""

    def highlighted(sheet: Worksheet) -> None:
        fill = PatternFill("solid", start_color="FFFF00")
        sheet.conditional_formatting.add(
            "A2:M9", CellIsRule(operator="greaterThanOrEqual", formula=["10"], fill=fill)
        )

    seated = seat_bytes(_event(tmp_path, highlighted), 2, seed=1)
    with zipfile.ZipFile(io.BytesIO(seated.workbook)) as zf:
        xml = zf.read(RESULTS).decode()
    assert re.findall(r'<conditionalFormatting\b[^>]*\ssqref="([^"]+)"', xml) == ["A2:M17"]


def _counting_packages(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Each package really built (not handed back from the cache), by its bytes' digest."""
    built: Counter[str] = Counter()
    init = Package.__init__

    def counted(self: Package, data: bytes, *args: Any, **options: Any) -> None:
        built[hashlib.sha256(bytes(data)).hexdigest()[:12]] += 1
        init(self, data, *args, **options)

    monkeypatch.setattr(opc_package, "_last_opened", opc_package._LastOpened())
    monkeypatch.setattr(Package, "__init__", counted)
    return built


def test_a_merge_opens_each_workbook_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``merge`` of the scored sample with a judge's copy holding the same cells: BASE's bytes
    were opened, zip-verified and their workbook part parsed four times (read; again by
    ``api.score`` on the unpatched bytes once the copy was read; the output, the same bytes,
    read back by the pipeline and by ``_check_reads_back`` from a temporary file).
    Expected (the issue: one package object per run): each file given opened once; the
    merged output, new bytes, is opened to check its sheet names and read back."""
    base = tmp_path / "base.xlsx"
    done = run_cli("score", FIXTURES / "sample_event.xlsx", "-o", base)
    assert done.returncode == 0, done.stderr
    copy = tmp_path / "copy.xlsx"
    copy.write_bytes(base.read_bytes())
    with zipfile.ZipFile(copy, "a") as zf:  # the judge's own file: other bytes, same cells
        zf.comment = b"judge 2"
    given = {hashlib.sha256(path.read_bytes()).hexdigest()[:12] for path in (base, copy)}
    built = _counting_packages(monkeypatch)
    merged = judges.merge_files(base, [copy], tmp_path / "merged.xlsx")
    assert merged.written is not None
    output = hashlib.sha256(merged.written.read_bytes()).hexdigest()[:12]
    opened_given = {digest: n for digest, n in built.items() if digest in given}
    if output in given:  # nothing changed: the output is BASE's bytes again, read back
        opened_given[output] -= 2
    assert opened_given == dict.fromkeys(given, 1)


def test_two_threads_opening_packages_each_get_their_own(tmp_path: Path) -> None:
    """``Package.open`` keeps the last package in a module-wide list and hands it back when
    the same bytes come again: ``if _last_opened and _last_opened[0][0] is data: return
    _last_opened[0][1]`` reads the list twice without a lock.  The web page runs two
    workbooks at a time in threads (``anyio.to_thread``, ``engine_threads``): when the
    thread checking workbook A is preempted between the two reads while another opens
    workbook B, A is handed B's package and scores (and serves back) another organiser's
    workbook.  Reproduced deterministically by pausing thread A exactly there.  Expected:
    a package is always the package of the bytes given."""
    first = (FIXTURES / "sample_event.xlsx").read_bytes()
    second = (FIXTURES / "sample_mistakes.xlsx").read_bytes()
    Package.open(first)  # the last opened: A's next open is handed it from the cache
    code = Package.open.__func__.__code__  # type: ignore[attr-defined]
    lines, start = inspect.getsourcelines(code)
    window = {start + i for i, line in enumerate(lines) if "return _last_opened[0][1]" in line}
    paused, resume = threading.Event(), threading.Event()

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        if frame.f_code is not code:
            return None
        if event == "line" and frame.f_lineno in window and not paused.is_set():
            paused.set()
            resume.wait(5)
        return tracer

    got: list[Package] = []

    def thread_a() -> None:
        sys.settrace(tracer)
        try:
            got.append(Package.open(first))
        finally:
            sys.settrace(None)

    worker = threading.Thread(target=thread_a)
    worker.start()
    if paused.wait(2):
        Package.open(second)  # thread B, while A is between the check and the read
    resume.set()
    worker.join(10)
    assert len(got) == 1
    assert got[0].data is first, "thread A was handed the package of another workbook"


def test_the_last_package_is_not_kept_alive_after_the_run() -> None:
    """The same module-wide ``_last_opened`` holds the last package, its bytes and every
    worksheet it keeps inflated (up to 64 MB each) until another workbook is opened: in the
    long-running web server, the last organiser's workbook stays in memory after its answer
    was sent.  Expected: nothing outlives the run that opened it."""
    data = (FIXTURES / "sample_event.xlsx").read_bytes()
    opened = weakref.ref(Package.open(data))
    gc.collect()
    assert opened() is None, "the package outlives its run"


def test_a_score_run_parses_the_workbook_and_content_types_parts_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The issue: the package object parses the workbook part once (its sheets, its date
    system).  ``api.score`` on the sample still parses ``xl/workbook.xml`` twice (the
    package, then ``splice.write_sheets`` again from its bytes; seating a third time in
    ``carrydown.grow_filter_name``) and ``[Content_Types].xml`` three times (twice while
    the package is opened: ``_content_types_or_none`` then ``_structural``; then
    ``edit.edit_content_types``).  Expected: each parsed once per package, the edit
    working on the parse the package holds."""
    parsed: Counter[str] = Counter()
    init = xmledit.XmlDoc.__init__

    def counted(self: xmledit.XmlDoc, name: str, data: bytes, *args: Any, **kw: Any) -> None:
        parsed[name.lstrip("/")] += 1
        init(self, name, data, *args, **kw)

    monkeypatch.setattr(opc_package, "_last_opened", opc_package._LastOpened())
    monkeypatch.setattr(xmledit.XmlDoc, "__init__", counted)
    result = api.score((FIXTURES / "sample_event.xlsx").read_bytes())
    assert result.exit_code == 0
    assert (parsed["xl/workbook.xml"], parsed["[Content_Types].xml"]) == (1, 1)


def test_a_player_merged_into_the_roster_is_in_the_roster_list(tmp_path: Path) -> None:
    """BASE is the shipped template's event (8 players; the workbook name ``Roster`` is
    ``'Players'!$A$2:$A$9``, the list the Results ``Player`` column picks from, with the
    warning "This name is not on the Players sheet").  A judge adds Player 09 in
    ``Players!A10`` and a round-2 game with them.  ``merge`` writes the name in A10 but
    carries nothing down on the roster sheet: ``Roster`` still ends at row 9, so the
    merged workbook's dropdown lacks Player 09 and Excel and LibreOffice warn on every
    Results cell naming them; A10 also lacks A9's style and the Players input rule.
    Expected: a roster row added by ``merge`` is carried down as results rows are: the
    ``Roster`` name (and the input rules, the style) grown over it."""
    base = tmp_path / "base.xlsx"
    base.write_bytes(_event(tmp_path, lambda sheet: None))
    book = openpyxl.load_workbook(base)
    book["Players"]["A10"] = "Player 09"
    results = book["Results"]
    for index, name in enumerate(["Player 01", "Player 02", "Player 09"]):
        values = (2, 1, name, 5 if index == 0 else 2, 0, 0, 0, 5, 2)
        for column, value in enumerate(values, start=1):
            results.cell(10 + index, column, value)
    copy = tmp_path / "copy.xlsx"
    book.save(copy)
    merged = judges.merge_files(base, [copy], tmp_path / "merged.xlsx")
    assert merged.written is not None
    with zipfile.ZipFile(merged.written) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
    roster = re.search(r'<definedName name="Roster"[^>]*>([^<]+)</definedName>', workbook)
    assert roster is not None
    assert roster.group(1) == "'Players'!$A$2:$A$10"

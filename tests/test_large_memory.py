"""What a run holds while it writes: Excel's largest sheet scores in under 1.5 GB.

Through the API on bytes, as the CLI and the page run it; each test pins one thing the
writing used to hold that it does not need (benchmarks/README.md, "Excel's largest sheet").
"""

from __future__ import annotations

import datetime as dt
import io
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from xlsx_scorer.app import api, report
from xlsx_scorer.app.outputkinds import ROUND_POINTS, STANDINGS
from xlsx_scorer.core import games, memo
from xlsx_scorer.opc import package
from xlsx_scorer.xlsx.write import splice
from xlsx_scorer.xlsx.write.spec import Rows

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"
RESULTS = "xl/worksheets/sheet1.xml"
NOW = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)


def test_a_scored_run_forgets_what_the_rules_worked_out_before_writing() -> None:
    """The rules' and the scoring's remembered answers (a few hundred MB over a million rows)
    are dropped once the sheets are made; the result still counts the games and players."""
    ran = api.run(SAMPLE.read_bytes(), scoring=True)
    assert ran.validated is not None
    assert ran.result.workbook is not None
    frame = ran.validated.frame
    again = memo.remembered(frame, ("factorized", "player"), lambda: "worked out again")
    assert again == "worked out again"
    checked = api.run(SAMPLE.read_bytes(), scoring=False)
    assert (ran.result.games, ran.result.players) == (checked.result.games, checked.result.players)
    assert ran.result.games == games.of(frame).count > 0


def _selected_and_padded(rows: int) -> tuple[bytes, bytes]:
    """The sample workbook with its Results tab-selected (as LibreOffice saves it) and ``rows``
    more rows of cells out of the table's way; and that sheet's XML."""
    source = zipfile.ZipFile(io.BytesIO(SAMPLE.read_bytes()))
    xml = source.read(RESULTS)
    xml = xml.replace(b"<sheetView ", b'<sheetView tabSelected="1" ', 1)
    padding = b"".join(
        b'<row r="%d"><c r="Z%d"><v>%d</v></c><c r="AA%d"><v>%d.25</v></c></row>'
        % (number, number, number * 7919 % 100003, number, number)
        for number in range(200, 200 + rows)
    )
    xml = xml.replace(b"</sheetData>", padding + b"</sheetData>", 1)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info, xml if info.filename == RESULTS else source.read(info))
    return buffer.getvalue(), xml


def test_a_selected_sheet_of_theirs_is_unselected_as_it_is_streamed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """LibreOffice marks Results selected on every save; on Excel's largest sheet (368 MiB of
    XML, streamed: past what the package keeps inflated) the splice unselects it as it is
    streamed and deflates it a block at a time, never holding its XML whole (it held it
    twice: read, then edited).  The sheet's XML is the organiser's but for that attribute."""
    data, xml = _selected_and_padded(300_000)
    monkeypatch.setattr(package, "KEPT_PART_BYTES", 1 << 20)  # streamed, as past 64 MB
    standings = report.notice_sheet("en", STANDINGS, "Nothing to show yet.")
    opened = package.Package.open(data)
    tracemalloc.start()
    try:
        scored = splice.write_sheets(opened, [standings], active=STANDINGS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    written = zipfile.ZipFile(io.BytesIO(scored)).read(RESULTS)
    assert written == xml.replace(b'tabSelected="1"', b'tabSelected="0"', 1)
    assert peak < len(xml), (peak, len(xml))  # it held it twice over, and its deflated bytes


def test_round_points_hold_one_object_per_distinct_number() -> None:
    """Round Points' numbers are cells of a million rows on Excel's largest sheet: each column
    holds one Python object per distinct value (its points, its rounds), not one per row."""
    ran = api.run(SAMPLE.read_bytes(), scoring=True, language="en")
    assert ran.book is not None
    assert ran.validated is not None
    pipeline = api.heavy_steps()
    scored = pipeline.output_sheets(ran.book, ran.validated, (), lang="en", now=NOW)
    sheet = next(spec for spec in scored.specs if spec.kind == ROUND_POINTS)
    assert isinstance(sheet.rows, Rows)
    for column in sheet.rows.columns:
        numbers = [value for value in column if isinstance(value, int | float)]
        assert len({id(value) for value in numbers}) == len(set(numbers)), column[:5]

"""Issue 26: memory flat over a whole served event (docs/rules.md §9, "Load").

The served event runs round after round (every table sends, the judge approves, the
next round is seated on disk), and what the server holds is measured after each round in
objects, not seconds: the Python memory it has allocated (``tracemalloc``, after a
collection) grows by less than ``GROWTH`` from the second round to any later one, and the
workbook it keeps is the open round's part only (its seated rows, no package), whatever
the size the workbook on disk has grown to.
"""

from __future__ import annotations

import contextlib
import gc
import io
import tracemalloc
from pathlib import Path

import pytest

from tests.live_event import make_event, result
from xlsx_scorer.app import live
from xlsx_scorer.cli import main

ROUNDS = 5
#: Bytes the server's Python memory may grow by from round 2 to the last (it holds the
#: tables' states and the journal's digests, a few hundred bytes a table).
GROWTH = 256 * 1024


def play(event: live.LiveEvent, tables: int) -> None:
    """Every table of the open round sends its result twice, polls, and is approved."""
    view = live.live_view(event, "en")
    assert len(view["tables"]) == tables
    for table in view["tables"]:
        token = table["link"].rsplit("/", 1)[1]
        for _ in range(2):
            sent = live.submit(event, table["table"], result(table["players"]), "en")
            assert sent.status == 200, sent
        assert live.table_state(event, token) == "sent"
        assert live.approve(event, table["table"]).status == 200
        assert live.table_state(event, token) == "approved"


def test_the_server_holds_one_rounds_worth_however_long_the_event(tmp_path: Path) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        path = make_event(tmp_path, players=40, rounds=ROUNDS)
    event = live.open_event(path)
    event.warm_up()
    held: list[int] = []
    tracemalloc.start()
    try:
        for round_no in range(1, ROUNDS + 1):
            play(event, tables=10)
            shot = event.snapshot()
            assert shot.book is not None
            assert shot.book.package is None
            seated = sorted(row for table in shot.tables.values() for row in table.rows)
            assert sorted(shot.book.results.raw.index) == seated  # the round's rows only
            if round_no < ROUNDS:
                with contextlib.redirect_stdout(io.StringIO()):
                    assert main(["seat", str(path), "--round", str(round_no + 1)]) == 0
                assert event.snapshot().round == round_no + 1
            gc.collect()
            held.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
        event.close()
    # measured: +87 KiB at most (rounds 3-5 over round 2); the whole workbook kept, +638 KiB
    assert max(held[2:]) - held[1] < GROWTH, [f"{size / 1024:.0f} KiB" for size in held]


def test_each_write_of_approvals_gives_the_freed_memory_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server hands the memory its old snapshot held back to the system after every
    write (glibc's ``malloc_trim``, ``write.give_back_memory``); ``bench_live.py --rounds 8``
    measured it (docs/rules.md §9)."""
    from xlsx_scorer.app.live import write

    given: list[str] = []
    monkeypatch.setattr(write, "give_back_memory", lambda: given.append("after a write"))
    with contextlib.redirect_stdout(io.StringIO()):
        path = make_event(tmp_path, players=8, rounds=2)
    event = live.open_event(path)
    try:
        table = live.live_view(event, "en")["tables"][0]
        assert live.submit(event, table["table"], result(table["players"]), "en").status == 200
        assert live.approve(event, table["table"]).status == 200
    finally:
        event.close()
    assert given == ["after a write"]

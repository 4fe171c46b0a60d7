"""Whole events played through the command line, rounds then stages (issue 27, SPEC §10).

An :class:`Event` is a workbook in a temporary folder driven as an organiser drives it:
``template``, the roster typed, ``seat --round N`` (every preliminary round, then every
stage), results typed with openpyxl into the rows ``seat`` wrote, ``score``.  What the engine
wrote is read back with openpyxl alone (the ``Results`` rows of a round in sheet order, the
``Standings`` and ``Final Ranking`` sheets); what it should have written comes from
:mod:`tests.format_oracle` (the preliminary order) and :mod:`tests.stage_oracle` (§10).

The preliminary rounds are seated by ``seat`` or (``seat`` proves each seating: seconds a
round) typed by hand as an organiser may.  Typed results are chosen by value: a Catan seat is
``(VP, declared)`` written as buildings (``VP = settlements + 2 × cities``, no titles), a
Carcassonne seat its score.

>>> catan_cells(9, True)
{'settlements': 3, 'cities': 3, 'vp_cards': 0, 'knights': 0, 'roads': 5, 'longest_road': 2, \
'army_first': None, 'road_first': None, 'declared': 'x'}
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import openpyxl

from tests import eventgen, format_oracle
from tests.eventbook import normal, results_columns, roster_header, seated_rows, sheet_of
from tests.stage_oracle import (
    PRELIMINARY,
    Played,
    Ranked,
    Stage,
    cut_in_tie,
    final_ranking,
    next_seeds,
    plan_for,
    stage_tables,
)
from xlsx_scorer.cli import main

SHIPPED: dict[str, dict[str, Any]] = {
    "catan-es": {
        "game": "catan",
        "table_sizes": [3, 4],
        "points": {4: [5, 3, 2, 1], 3: [5, 3, 2]},
        "order": ["points", "vp", "vp_ratio"],
    },
    "catan-world": {"game": "catan", "table_sizes": [3, 4], "order": ["wins", "vp", "relative"]},
    "carcassonne-swiss": {
        "game": "carcassonne",
        "table_sizes": [2],
        "order": ["wins", "buchholz_cut1", "score_diff"],
    },
}
"""SPEC §6's table for the formats with stages, written out again."""

STAGE_WORDS = {"quarterfinal": "Quarter-final", "semifinal": "Semi-final", "final": "Final"}
"""The English stage names (the issue-27 contract)."""

BYE = "Bye"
"""The table of a bye's row in an English workbook (SPEC §7)."""

CATAN_KEYS = eventgen.KEYS[3:]
"""A Catan row's result columns (after round, table and player)."""


def names(count: int) -> list[str]:
    """``count`` distinct player names (eventgen's 40, then numbered again)."""
    base = eventgen.NAMES
    return [base[i % len(base)] + ("" if i < len(base) else f" {i // len(base) + 1}")
            for i in range(count)]  # fmt: skip


def catan_cells(vp: int, declared: bool) -> dict[str, Any]:
    """A rule-valid Catan row worth ``vp`` (2–13) in buildings, no title, maybe declared."""
    cities = min(4, (vp - 2) // 2)
    return {
        "settlements": vp - 2 * cities,
        "cities": cities,
        "vp_cards": 0,
        "knights": 0,
        "roads": 5,
        "longest_road": 2,
        "army_first": None,
        "road_first": None,
        "declared": "x" if declared else None,
    }


def game_places(values: Sequence[int], declarer: int | None) -> list[int]:
    """Each seat's place in its game (§3; Carcassonne by score: no declarer)."""
    return [place for place, _ in format_oracle.places(values, declarer)]


def cli(*args: Any) -> tuple[int, str]:
    """``xlsx_scorer.cli.main`` with its words kept."""
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        code = main([str(arg) for arg in args])
    return code, said.getvalue()


@dataclass
class Event:
    """One event's workbook at ``path`` and everything typed into it."""

    path: Path
    fmt: str
    players: list[str]
    rounds: int
    by_seat: bool = True
    games: list[format_oracle.Game] = field(default_factory=list)
    dropped: set[str] = field(default_factory=set)
    said: str = ""

    @property
    def game(self) -> str:
        return str(SHIPPED[self.fmt]["game"])

    @property
    def keys(self) -> tuple[str, ...]:
        return CATAN_KEYS if self.game == "catan" else ("score",)

    def start(self) -> None:
        """``template`` and the roster typed."""
        code, said = cli(
            "template", self.path, "--lang", "en", "--format", self.fmt,
            "--players", len(self.players), "--rounds", self.rounds,
        )  # fmt: skip
        assert code == 0, said
        book = openpyxl.load_workbook(self.path)
        sheet = sheet_of(book, "players")
        top, column = roster_header(sheet)
        for offset, name in enumerate(self.players, start=1):
            sheet.cell(top + offset, column).value = name
        book.save(self.path)

    def drop(self, player: str, after: int) -> None:
        """The roster's ``Dropped After Round`` typed for ``player``."""
        book = openpyxl.load_workbook(self.path)
        sheet = sheet_of(book, "players")
        top, column = roster_header(sheet)
        heads = [cell.value for cell in sheet[top]]
        row = next(r for r in range(top + 1, sheet.max_row + 1)
                   if sheet.cell(r, column).value == player)  # fmt: skip
        sheet.cell(row, heads.index("Dropped After Round") + 1).value = after
        book.save(self.path)
        self.dropped.add(player)

    def seat(self, round_no: int, seed: int = 0) -> list[list[str]]:
        """``seat --round N`` (exit 0); the round's tables as written, players in seat order."""
        code, said = cli("seat", self.path, "--round", round_no, "--seed", seed)
        assert code == 0, f"seat --round {round_no}: exit {code}\n{said[-3000:]}"
        self.said = said
        return self.tables(round_no)

    def seat_by_hand(self, round_no: int, rng: random.Random) -> list[list[str]]:
        """The organiser seats ``round_no`` themselves: rows typed into blank rows of Results
        (as many of the largest table as possible, SPEC §7; pairs for 2-player formats)."""
        players = list(self.players)
        rng.shuffle(players)
        size = max(SHIPPED[self.fmt]["table_sizes"])
        count = len(players)
        small = 0 if size == 2 else (-count) % 4  # tables of 3 needed
        sizes = [3] * small + [size] * ((count - 3 * small) // size)
        tables, start = [], 0
        for n in sizes:
            tables.append(players[start : start + n])
            start += n
        book = openpyxl.load_workbook(self.path)
        sheet = sheet_of(book, "results")
        columns = results_columns(sheet, "en", self.keys)
        used = {s.row for s in seated_rows(sheet, columns)}
        row = columns.header_row + 1
        for number, table in enumerate(tables, start=1):
            for player in table:
                while row in used:
                    row += 1
                for key, value in (("round", round_no), ("table", number), ("player", player)):
                    sheet.cell(row, columns.number[key]).value = value
                row += 1
        book.save(self.path)
        return tables

    def refused(self, round_no: int) -> str:
        """``seat --round N`` is refused: exit 2 and the file unchanged; its words."""
        before = self.path.read_bytes()
        code, said = cli("seat", self.path, "--round", round_no)
        assert code == 2, f"seat --round {round_no}: exit {code}, expected 2\n{said[-3000:]}"
        assert self.path.read_bytes() == before, "a refused seat changed the workbook"
        return said

    def tables(self, round_no: int) -> list[list[str]]:
        """The Results rows of ``round_no`` grouped by table (tables by number, sheet order)."""
        book = openpyxl.load_workbook(self.path)
        sheet = sheet_of(book, "results")
        columns = results_columns(sheet, "en", self.keys)
        found: dict[Any, list[str]] = {}
        for seated in seated_rows(sheet, columns):
            if seated.round == round_no:
                found.setdefault(seated.table, []).append(str(seated.player))
        byes = found.pop(BYE, [])
        assert not byes or round_no <= self.rounds, f"a bye in a stage: {byes}"
        assert all(isinstance(t, int) for t in found), f"tables {sorted(found, key=str)}"
        return [found[t] for t in sorted(found)]

    def type_round(
        self, round_no: int, values: Sequence[Sequence[tuple[int, bool]]], but_last: bool = False
    ) -> None:
        """Type each table's seats (``(VP, declared)`` or ``(score, False)``), in seat order;
        ``but_last``: the last table left to play (and nothing recorded)."""
        book = openpyxl.load_workbook(self.path)
        sheet = sheet_of(book, "results")
        columns = results_columns(sheet, "en", self.keys)
        rows = [s for s in seated_rows(sheet, columns) if s.round == round_no]
        by_table: dict[Any, list[Any]] = {}
        for seated in rows:
            if seated.table == BYE:  # a win, no score (SPEC §6)
                bye = format_oracle.Game(round_no, BYE, [(str(seated.player), 0)], bye=True)
                self.games += [] if but_last else [bye]
                continue
            by_table.setdefault(seated.table, []).append(seated)
        assert len(by_table) == len(values), (sorted(by_table), len(values))
        tables = list(zip(sorted(by_table), values, strict=True))
        for table, typed in tables[:-1] if but_last else tables:
            seats = by_table[table]
            declarer = next((i for i, (_, d) in enumerate(typed) if d), None)
            self.games += (
                []
                if but_last
                else [
                    format_oracle.Game(
                        round_no,
                        str(table),
                        [(str(s.player), v) for s, (v, _) in zip(seats, typed, strict=True)],
                        declarer,
                    )
                ]
            )
            for seated, (value, declared) in zip(seats, typed, strict=True):
                cells = catan_cells(value, declared) if self.game == "catan" else {"score": value}
                for key, cell in cells.items():
                    sheet.cell(seated.row, columns.number[key]).value = cell
        book.save(self.path)

    def score(self) -> str:
        """``score`` in place, exit 0."""
        code, said = cli("score", self.path)
        assert code == 0, f"score: exit {code}\n{said[-3000:]}"
        return said

    def preliminary(self) -> list[format_oracle.Player]:
        """The oracle's preliminary standings (rounds 1..Rounds only)."""
        prelim = [g for g in self.games if g.round <= self.rounds]
        return format_oracle.standings(SHIPPED[self.fmt], prelim)[1]

    def plan(self) -> tuple[Stage, ...]:
        return plan_for(self.fmt, len(self.players))

    def stage_places(self, round_no: int) -> list[list[int]]:
        """Each stage table's game places, seats in sheet order."""
        games = [g for g in self.games if g.round == round_no]
        return [game_places([v for _, v in g.seats], g.declarer) for g in games]

    def sheet_rows(self, name: str, first: str) -> list[dict[str, Any]]:
        """The rows under the header row of sheet ``name`` whose first cell is ``first``."""
        book = openpyxl.load_workbook(self.path)
        assert name in book.sheetnames, f"no {name!r} sheet: {book.sheetnames}"
        rows = list(book[name].iter_rows(values_only=True))
        top = next(i for i, row in enumerate(rows) if row and row[0] == first)
        heads = [str(h) if h is not None else "" for h in rows[top]]
        out = []
        for row in rows[top + 1 :]:
            values = [normal(v) for v in row]
            if values[0] is None and (len(values) < 2 or values[1] is None):
                break
            out.append(dict(zip(heads, values, strict=False)))
        return out

    def standings_order(self) -> list[str]:
        return [str(r["Player"]) for r in self.sheet_rows("Standings", "Rank")]

    def final_ranking(self) -> list[Ranked]:
        """The ``Final Ranking`` sheet as :class:`Ranked` rows (a Stage word mapped back)."""
        words = {v: k for k, v in STAGE_WORDS.items()}
        return [
            Ranked(
                r["Rank"],
                str(r["Player"]),
                words.get(str(r["Stage"]), f"{PRELIMINARY}:{r['Stage']}"),
                r["Place"],
            )
            for r in self.sheet_rows("Final Ranking", "Rank")
        ]

    def seating_title(self, round_no: int) -> str:
        """The text of the first rows of ``Seating R<N>``."""
        book = openpyxl.load_workbook(self.path)
        name = f"Seating R{round_no}"
        assert name in book.sheetnames, f"no {name!r} sheet: {book.sheetnames}"
        rows = book[name].iter_rows(max_row=3, values_only=True)
        return " ".join(str(v) for row in rows for v in row if v is not None)


Typed = list[list[tuple[int, bool]]]
"""One round's typed values: per table (by number), per seat (in seat order)."""


def play_rounds(event: Event, typed: Callable[[int, list[list[str]]], Typed]) -> list[str]:
    """Seat, type and score the preliminary rounds; the order Standings show (checked
    against the format oracle's).  Seating the first stage is refused while the last round
    has games to play."""
    event.start()
    rng = random.Random(len(event.players))
    for round_no in range(1, event.rounds + 1):
        if event.by_seat:
            tables = event.seat(round_no, seed=round_no)
        else:
            tables = event.seat_by_hand(round_no, rng)
        if round_no == event.rounds and event.plan():
            event.refused(round_no + 1)
        event.type_round(round_no, typed(round_no, tables))
    event.score()
    order = [p.name for p in event.preliminary()]
    assert event.standings_order() == order, "the preliminary Standings differ from SPEC §6's"
    return order


def play_stages(
    event: Event, order: list[str], typed: Callable[[int, list[list[str]]], Typed]
) -> list[Played]:
    """Seat every stage of the plan, compare its tables with SPEC §10's, type and score it;
    the next stage is refused while this one has games to play (none typed; then all but
    its last table)."""
    plan = event.plan()
    done: list[Played] = []
    for k, stage in enumerate(plan, start=1):
        round_no = event.rounds + k  # the cut: the top of the standings among those not dropped
        if done:
            seeds = next_seeds(stage, done[-1], order)
        else:
            assert stage.cut is not None
            seeds = [p for p in order if p not in event.dropped][: stage.cut]
        expected = stage_tables(stage, seeds, order)
        got = event.seat(round_no, seed=k)
        assert got == expected, (
            f"{stage.name} (round {round_no}) seated\n  {got}\nSPEC §10 seats\n  {expected}"
        )
        assert STAGE_WORDS[stage.name] in event.seating_title(round_no), (
            f"Seating R{round_no} does not name the {STAGE_WORDS[stage.name]}"
        )
        if k == 1 and not event.dropped:
            check_tie_said(event, stage)
        if k < len(plan):
            event.refused(round_no + 1)
        check_in_play(event, order, done, Played(stage, got, [[1] * len(t) for t in got]), seeds)
        values = typed(round_no, got)
        if k < len(plan) and len(got) > 1:  # one table still to play: refused again
            event.type_round(round_no, values, but_last=True)
            event.refused(round_no + 1)
        event.type_round(round_no, values)
        event.score()
        done.append(Played(stage, got, event.stage_places(round_no)))
    return done


def check_tie_said(event: Event, stage: Stage) -> None:
    """A cut inside a tie of the standings is said: ``seat`` names every player of the tie."""
    ranked = event.preliminary()
    keys = [tuple(p.keys[k] for k in SHIPPED[event.fmt]["order"]) for p in ranked]
    assert stage.cut is not None
    if not cut_in_tie(keys, stage.cut):
        return
    tied = [p.name for p, key in zip(ranked, keys, strict=True) if key == keys[stage.cut - 1]]
    missing = [name for name in tied if name not in event.said]
    assert not missing, f"the cut falls inside a tie of {tied}; seat does not name {missing}"


def check_in_play(
    event: Event, order: list[str], done: list[Played], playing: Played, seeds: list[str]
) -> None:
    """``score`` while a stage is in play: the Final Ranking lists its players by seed, their
    Place empty, then everyone else as SPEC §10 orders them (their ranks are not asked)."""
    event.score()
    got = event.final_ranking()
    head = [(r.player, r.place) for r in got[: len(seeds)]]
    assert head == [(p, None) for p in seeds], (
        f"{playing.stage.name} in play: the Final Ranking begins\n  {head}\n"
        f"SPEC §10: its players by seed, no place\n  {seeds}"
    )
    rest = [r.player for r in final_ranking(order, [*done, playing])[len(seeds) :]]
    assert [r.player for r in got[len(seeds) :]] == rest, (
        f"{playing.stage.name} in play: the players out of it are not in SPEC §10's order"
    )


def check_final_ranking(event: Event, order: list[str], done: list[Played]) -> None:
    """The Final Ranking sheet is SPEC §10's: every row's Rank, Player, Stage and Place; and
    Standings is still the preliminary ranking."""
    assert event.standings_order() == order, "the stages changed the preliminary Standings"
    silent = [r["Player"] for r in event.sheet_rows("Final Ranking", "Rank") if not r.get("Why")]
    assert not silent, f"no Why for {silent}"
    expected = final_ranking(order, done)
    got = event.final_ranking()
    words = {r.stage for r in got if r.stage.startswith(PRELIMINARY)}
    assert len(words) <= 1, f"several words for the preliminary rounds: {words}"
    shown = [
        (r.rank, r.player, PRELIMINARY if r.stage.startswith(PRELIMINARY) else r.stage, r.place)
        for r in got
    ]
    wanted = [(r.rank, r.player, r.stage, r.place) for r in expected]
    diff = [
        f"  row {i}: sheet {a} / SPEC {b}"
        for i, (a, b) in enumerate(zip(shown, wanted, strict=False), start=1)
        if a != b
    ]
    assert shown == wanted, (
        f"Final Ranking differs ({len(shown)} rows, {len(wanted)} expected):\n"
        + "\n".join(diff[:20])
    )

"""Random valid events for every format of SPEC §6, as real ``.xlsx`` workbooks.

Independent of ``xlsx_scorer``: each generator returns the games for
:mod:`tests.format_oracle` and writes the workbook an organiser would.

- Catan (3- and 4-player tables): :func:`tests.eventgen.random_event`, its VP and
  declared victories read by :mod:`tests.oracle` (frequent ties, declarers).
- Carcassonne at 3–4 tables: scores from a narrow range (many ties, shared firsts),
  the optional breakdown (``Roads`` … ``Other``) filled for some rows, partly for
  others, adding up to ``Score`` whenever all five are there.
- Carcassonne 2-player Swiss: random pairings (rematches happen), draws, a bye
  (``Table`` = ``Bye``, blank ``Score``) each round when the count is odd.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from tests import eventgen, oracle
from tests.format_oracle import Game

CARCASSONNE = (
    "Round",
    "Table",
    "Player",
    "Score",
    "Roads",
    "Cities",
    "Cloisters",
    "Fields",
    "Other",
)


def catan_event(rng: random.Random, path: Path) -> list[Game]:
    """A Catan event written to ``path``; its games for the oracle."""
    n = rng.randint(9, 22)
    pool = rng.sample(eventgen.NAMES, n)
    rows = []
    for rnd in range(1, rng.randint(1, 4) + 1):
        for row in eventgen.random_event(
            rng, n, 1, names=_present(rng, pool), leader_mark_rate=0.3
        ):
            rows.append({**row, "round": rnd})
    eventgen.write_workbook(
        path,
        rows,
        title_row=rng.random() < 0.5,
        shuffle_columns=rng.random() < 0.5,
        mark_style=rng.choice(eventgen.MARK_STYLES),
        numbers_as=rng.choice(eventgen.NUMBER_STYLES),
        rng=rng,
    )
    games = []
    for indices in oracle.games_of(rows).values():
        scored = oracle.score_game([rows[i] for i in indices])
        declarer = next((p for p, g in enumerate(scored) if g["declared"]), None)
        first = scored[0]
        games.append(
            Game(
                first["round"],
                str(first["table"]),
                [(g["player"], g["vp"]) for g in scored],
                declarer,
            )
        )
    return games


def _present(rng: random.Random, pool: list[str], least: int = 9) -> list[str]:
    """Who plays this round: everyone, or (now and then) all but one or two who left early
    or came late (never fewer than ``least``)."""
    absent = rng.choice([0, 0, 0, 1, 2])
    if len(pool) - absent < least:
        return list(pool)
    return rng.sample(pool, len(pool) - absent)


def _breakdown(rng: random.Random, score: int) -> list[int | None]:
    """Five parts adding up to ``score`` (or some left blank, or none)."""
    style = rng.random()
    if style < 0.4:
        return [None] * 5
    cuts = sorted(rng.randint(0, score) for _ in range(4))
    parts: list[int | None] = [b - a for a, b in zip([0, *cuts], [*cuts, score], strict=True)]
    if style < 0.6:
        parts[rng.randrange(5)] = None
    return parts


def _write(
    path: Path, headers: tuple[str, ...], rows: list[tuple[Any, ...]], rng: random.Random
) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Results"
    start = 1
    if rng.random() < 0.5:
        ws.cell(row=1, column=1, value="Carcassonne — results")
        start = 2
    for col, h in enumerate(headers, start=1):
        ws.cell(row=start, column=col, value=h)
    for r, values in enumerate(rows, start=start + 1):
        for col, v in enumerate(values, start=1):
            ws.cell(row=r, column=col, value=v)
    wb.save(path)


def carcassonne_event(rng: random.Random, path: Path) -> list[Game]:
    """A 3–4-player Carcassonne event written to ``path``; its games."""
    n = rng.randint(9, 22)
    pool = rng.sample(eventgen.NAMES, n)
    narrow = rng.random() < 0.5
    games: list[Game] = []
    rows: list[tuple[Any, ...]] = []
    with_breakdown = rng.random() < 0.7
    for rnd in range(1, rng.randint(1, 4) + 1):
        seated_now = _present(rng, pool)
        tables = eventgen.seat_round(rng, seated_now, eventgen.split_tables(rng, len(seated_now)))
        for t, seated in enumerate(tables, start=1):
            seats = []
            for p in seated:
                score = rng.choice([40, 50, 60, 70]) if narrow else rng.randint(0, 130)
                if rng.random() < 0.03:
                    score = 0
                seats.append((p, score))
                extra = _breakdown(rng, score) if with_breakdown else []
                rows.append((rnd, t, p, score, *extra))
            games.append(Game(rnd, str(t), seats))
    _write(path, CARCASSONNE if with_breakdown else CARCASSONNE[:4], rows, rng)
    return games


def swiss_event(rng: random.Random, path: Path) -> list[Game]:
    """A 2-player Swiss event (draws, byes for odd counts) written to ``path``; its games."""
    n = rng.randint(4, 15)
    pool = rng.sample(eventgen.NAMES, n)
    games: list[Game] = []
    rows: list[tuple[Any, ...]] = []
    for rnd in range(1, rng.randint(1, 5) + 1):
        order = _present(rng, pool, least=2)
        rng.shuffle(order)
        if len(order) % 2:
            bye = order.pop()
            games.append(Game(rnd, "Bye", [(bye, 0)], bye=True))
            rows.append((rnd, "Bye", bye, None))
        for t in range(len(order) // 2):
            a, b = order[2 * t], order[2 * t + 1]
            sa = rng.randint(40, 60)
            sb = sa if rng.random() < 0.25 else rng.randint(40, 60)
            games.append(Game(rnd, str(t + 1), [(a, sa), (b, sb)]))
            rows += [(rnd, t + 1, a, sa), (rnd, t + 1, b, sb)]
    rng.shuffle(rows)  # rows in any order: games are found by (round, table)
    _write(path, CARCASSONNE[:4], rows, rng)
    return games

"""An independent implementation of SPEC §10 (the final stage and the final ranking), for tests.

Written from SPEC §10 and the issue-27 contract only, sharing no code with ``xlsx_scorer``:
the preliminary order comes from :mod:`tests.format_oracle`; a stage game's places are the
game's own (§3 for Catan, by score for Carcassonne), given here as numbers per seat.

The model, step by step (SPEC §10, the brief's "Issue 27" contract):

- **plan**: a format's plans are chosen by attendance, the players of the preliminary
  standings (``catan-world``: 29 or more → semi-final and final; 12–28 → a 4-player final;
  below 12 → none). A plan whose first cut exceeds the players ranked plays nothing.
- **cut**: the first stage's seeds are the top ``cut`` of the preliminary standings, seed i
  being the i-th of that order (a cut inside a tie is decided by that order: name last).
- **seats**: table j of a stage holds the seeds its pattern lists; at each table the players
  sit by preliminary rank, the better first (who starts).
- **who goes on**: at a table, the players in the order (place, preliminary rank); the first
  ``advance`` advance, the rest are the table's losers. Later seeds: ``rank`` → the advancers
  by preliminary rank (then, with ``advancers_and_losers``, the losers by preliminary rank);
  ``bracket`` → seed i is the advancer of the previous stage's table i (then the losers of
  tables 1, 2, …).
- **final ranking**: the last stage's tables one after the other, each in the order (place,
  preliminary rank); then those out in each earlier stage, latest first, by their place there
  then preliminary rank; then everyone else by preliminary rank. Rank numbers are
  competition ranks: players out of one game at one shared place share one number; the
  winner of a table of the last stage (the title, the third place) is decided alone (a tie
  goes to the better preliminary rank, SPEC §10), as is every advancer.

Where SPEC §10 is silent or could be read two ways, this oracle assumes (each a reading the
engine may not share; a disagreement is reported, not settled here):

1. A player out of a stage at a place shared with the one who advanced keeps that shared place
   (a drawn quarter-final's loser shows Place 1) and is ordered by it among those out of the
   stage ("by their place there"), so above the losers at place 2.
2. Players out of one game at one shared place share a Rank number; those out of different
   tables at equal places do not (they are ordered by preliminary rank).  A shared group is
   kept together, placed by its best preliminary rank.
3. At every table of the last stage the first place is decided alone (the title; the third
   place of a match for third): a tie for it goes to the better preliminary rank (a drawn
   final: the better seed Rank 1, the other Rank 2, both Place 1); places below stay shared.
4. Place is the place in the game (a third-place match's winner shows Place 1), Stage the
   stage's name for everyone at its tables (the match for third is part of the final).
5. While a stage is in play, its players come first, by seed (the stage's entrants order),
   Place empty; everyone else follows as the final ranking orders them.

Example: a semi-final table seeds [1, 8, 9, 16] whose game places are 1, 2, 2, 4 → seed 1
advances; seeds 8 and 9 are out at a shared place 2 (one Rank number), seed 16 at place 4.

>>> semi = Stage("semifinal", 16, ((1, 8, 9, 16), (2, 7, 10, 15)), 1)
>>> final = Stage("final", None, ((1, 2),), 0)
>>> prelim = [f"P{i:02d}" for i in range(1, 21)]
>>> tables = stage_tables(semi, prelim[:16], prelim)
>>> tables
[['P01', 'P08', 'P09', 'P16'], ['P02', 'P07', 'P10', 'P15']]
>>> semis = Played(semi, tables, [[1, 2, 2, 4], [3, 1, 2, 4]])
>>> next_seeds(final, semis, prelim)
['P01', 'P07']
>>> played = [semis, Played(final, [["P01", "P07"]], [[1, 1]])]
>>> [(r.rank, r.player, r.stage, r.place) for r in final_ranking(prelim, played)][:8]
... # doctest: +NORMALIZE_WHITESPACE
[(1, 'P01', 'final', 1), (2, 'P07', 'final', 1),
 (3, 'P08', 'semifinal', 2), (3, 'P09', 'semifinal', 2), (5, 'P10', 'semifinal', 2),
 (6, 'P02', 'semifinal', 3), (7, 'P15', 'semifinal', 4), (8, 'P16', 'semifinal', 4)]

A knockout whose semi-final losers play for third place in the final stage (bracket seeds:
the winners of tables 1 and 2, then their losers):

>>> sf = Stage("semifinal", 4, ((1, 4), (2, 3)), 1)
>>> fin = Stage("final", None, ((1, 2), (3, 4)), 0, "advancers_and_losers", "bracket")
>>> top = prelim[:5]
>>> semis = Played(sf, stage_tables(sf, top[:4], top), [[2, 1], [1, 1]])
>>> next_seeds(fin, semis, top)
['P04', 'P02', 'P01', 'P03']
>>> finals = Played(fin, stage_tables(fin, next_seeds(fin, semis, top), top), [[1, 2], [2, 1]])
>>> [(r.rank, r.player, r.stage, r.place) for r in final_ranking(top, [semis, finals])]
... # doctest: +NORMALIZE_WHITESPACE
[(1, 'P02', 'final', 1), (2, 'P04', 'final', 2), (3, 'P03', 'final', 1),
 (4, 'P01', 'final', 2), (5, 'P05', 'preliminary', 5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PRELIMINARY = "preliminary"
"""The Stage of a player who entered no stage (the sheet shows a localised word)."""


@dataclass(frozen=True)
class Stage:
    """One stage: ``tables`` lists seeds per table; ``advance`` per table go on."""

    name: str
    cut: int | None
    tables: tuple[tuple[int, ...], ...]
    advance: int
    entrants: str = "advancers"  # or "advancers_and_losers"
    seeding: str = "rank"  # or "bracket"


@dataclass(frozen=True)
class Plan:
    """The stages played when the preliminary standings rank ``min_players``..``max_players``."""

    min_players: int
    max_players: int | None
    stages: tuple[Stage, ...]


SEMIFINAL16 = Stage(
    "semifinal", 16, ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13)), 1
)
FINAL4 = Stage("final", None, ((1, 2, 3, 4),), 0)
TOP4_FINAL = Stage("final", 4, ((1, 2, 3, 4),), 0)

PLANS: dict[str, tuple[Plan, ...]] = {
    "catan-es": (Plan(0, None, (SEMIFINAL16, FINAL4)),),
    "catan-world": (
        Plan(29, None, (SEMIFINAL16, FINAL4)),
        Plan(12, 28, (TOP4_FINAL,)),
    ),
    "carcassonne-swiss": (
        Plan(
            0,
            None,
            (
                Stage("quarterfinal", 8, ((1, 8), (2, 7), (3, 6), (4, 5)), 1),
                Stage("semifinal", None, ((1, 4), (2, 3)), 1, seeding="bracket"),
                Stage(
                    "final",
                    None,
                    ((1, 2), (3, 4)),
                    0,
                    entrants="advancers_and_losers",
                    seeding="bracket",
                ),
            ),
        ),
    ),
    "catan-de": (),
    "carcassonne-hig": (),
}
"""SPEC §10's shipped stage plans, written out again (not read from the package)."""


def plan_for(fmt: str, attendance: int) -> tuple[Stage, ...]:
    """The stages a format plays for ``attendance`` ranked players (none if its cut is unmet).

    >>> [s.name for s in plan_for("catan-world", 29)], [s.name for s in plan_for("catan-world", 28)]
    (['semifinal', 'final'], ['final'])
    >>> plan_for("catan-world", 11), plan_for("catan-es", 15)
    ((), ())
    """
    for plan in PLANS[fmt]:
        upper = plan.max_players if plan.max_players is not None else attendance
        if plan.min_players <= attendance <= upper:
            first = plan.stages[0].cut if plan.stages else None
            return () if first is not None and first > attendance else plan.stages
    return ()


def cut_in_tie(keys_in_order: Sequence[tuple[object, ...]], cut: int) -> bool:
    """Whether the cut after the ``cut``-th player splits players equal on every key."""
    return 0 < cut < len(keys_in_order) and keys_in_order[cut - 1] == keys_in_order[cut]


def by_rank(players: Sequence[str], prelim: Sequence[str]) -> list[str]:
    """``players`` in preliminary order (the better first)."""
    return sorted(players, key=prelim.index)


def stage_tables(stage: Stage, seeds: Sequence[str], prelim: Sequence[str]) -> list[list[str]]:
    """Each table's players in seat order: the pattern's seeds, the better ranked first."""
    return [by_rank([seeds[s - 1] for s in pattern], prelim) for pattern in stage.tables]


def table_order(players: Sequence[str], places: Sequence[int], prelim: Sequence[str]) -> list[str]:
    """A table's players by (place, preliminary rank): who advances or wins comes first."""
    place = dict(zip(players, places, strict=True))
    return sorted(players, key=lambda p: (place[p], prelim.index(p)))


@dataclass(frozen=True)
class Played:
    """A stage played: its tables (players in seat order) and each seat's game place."""

    stage: Stage
    tables: list[list[str]]
    places: list[list[int]]


def next_seeds(stage: Stage, before: Played, prelim: Sequence[str]) -> list[str]:
    """The seeds of ``stage`` from the stage played ``before`` it."""
    winners, losers = [], []
    for players, got in zip(before.tables, before.places, strict=True):
        ordered = table_order(players, got, prelim)
        winners.append(ordered[: before.stage.advance])
        losers.append(ordered[before.stage.advance :])
    if stage.seeding == "bracket":
        seeds = [p for table in winners for p in table]
        rest = [p for table in losers for p in table]
    else:
        seeds = by_rank([p for table in winners for p in table], prelim)
        rest = by_rank([p for table in losers for p in table], prelim)
    return seeds + rest if stage.entrants == "advancers_and_losers" else seeds


@dataclass(frozen=True)
class Ranked:
    """One row of the Final Ranking: ``stage`` is a stage name or :data:`PRELIMINARY`."""

    rank: int
    player: str
    stage: str
    place: int


def _ranked(groups: list[tuple[str, str, int, object]], start: int) -> list[Ranked]:
    """Rows from ``(player, stage, place, share)``: consecutive equal ``share`` keys (not
    None) share one competition rank."""
    rows: list[Ranked] = []
    for offset, (player, stage, place, share) in enumerate(groups):
        rank = start + offset
        if rows and share is not None and groups[offset - 1][3] == share:
            rank = rows[-1].rank
        rows.append(Ranked(rank, player, stage, place))
    return rows


def final_ranking(prelim: Sequence[str], played: Sequence[Played]) -> list[Ranked]:
    """Everyone 1..N (SPEC §10) once every stage of ``played`` has its places."""
    rows: list[tuple[str, str, int, object]] = []
    last = played[-1]
    for t, (players, places) in enumerate(zip(last.tables, last.places, strict=True)):
        place = dict(zip(players, places, strict=True))
        ordered = table_order(players, places, prelim)
        for i, p in enumerate(ordered):
            share = None if i == 0 else (len(played), t, place[p])
            rows.append((p, last.stage.name, place[p], share))
    later = {p for table in last.tables for p in table}
    for k in range(len(played) - 2, -1, -1):
        stage = played[k]
        advance = stage.stage.advance
        out: list[tuple[int, int, int, str, int]] = []
        for t, (players, places) in enumerate(zip(stage.tables, stage.places, strict=True)):
            place = dict(zip(players, places, strict=True))
            ordered = table_order(players, places, prelim)[advance:]
            losers = [p for p in ordered if p not in later]  # a loser may play on (3rd place)
            for p in losers:
                group_best = min(prelim.index(q) for q in losers if place[q] == place[p])
                out.append((place[p], group_best, prelim.index(p), p, t))
        for pl, best, _, p, t in sorted(out):
            rows.append((p, stage.stage.name, pl, (k, t, pl, best)))
        later |= {p for table in stage.tables for p in table}
    seen = {r[0] for r in rows}
    for index, p in enumerate(prelim, start=1):
        if p not in seen:
            rows.append((p, PRELIMINARY, index, None))
    return _ranked(rows, 1)

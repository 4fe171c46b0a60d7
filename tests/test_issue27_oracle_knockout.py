"""A Carcassonne knockout played to its final ranking and checked against SPEC §10 (issue 27).

``carcassonne-swiss``: the top 8 of the preliminary standings play quarter-finals 1–8, 2–7,
3–6, 4–5; the winners the semi-finals by bracket (the winners of quarter-finals 1 and 4, of 2
and 3); the semi-finals' winners the final and their losers the match for third place, one
stage of two tables.  A drawn game goes to the better seed (the better preliminary rank).
Played through the command line as :mod:`tests.stageplay` says (preliminary rounds seated by
hand, every stage by ``seat``), its stage tables and ``Final Ranking`` compared with
:mod:`tests.stage_oracle`.

An event of 11 players is seated by ``seat`` (swiss, with a bye a round).  The fixed event
draws where it matters: two quarter-finals, a semi-final, the final and the
match for third place; its cut falls inside a tie of the standings (wins, Buchholz and score
difference all equal: the name decides).  A few more events draw their results at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import format_oracle
from tests.stage_oracle import cut_in_tie
from tests.stageplay import (
    SHIPPED,
    Event,
    Typed,
    check_final_ranking,
    names,
    play_rounds,
    play_stages,
)

Results = Callable[[int, list[list[str]]], Typed]
"""What is typed for a round, from its number and its tables."""

ROUNDS = 3
"""Preliminary rounds of every event here."""

GAMES = ((100, 80), (80, 100), (90, 90))
"""A game's two scores in seat order: the first seat wins, loses, or they draw."""


def preliminary(event: Event, seed: int, tie: bool) -> Results:
    """Random games; with ``tie``, the last round's are drawn until players 8 and 9 of the
    standings are equal on every key."""
    rng = random.Random(seed)
    order = SHIPPED[event.fmt]["order"]

    def typed(round_no: int, tables: list[list[str]]) -> Typed:
        for _ in range(5000):
            values = [[(v, False) for v in rng.choice(GAMES)] for _ in tables]
            if round_no < event.rounds or not tie:
                return values
            games = [
                format_oracle.Game(
                    round_no, str(n), list(zip(t, (v for v, _ in vals), strict=True))
                )
                for n, (t, vals) in enumerate(zip(tables, values, strict=True), start=1)
            ]
            ranked = format_oracle.standings(SHIPPED[event.fmt], [*event.games, *games])[1]
            if cut_in_tie([tuple(p.keys[k] for k in order) for p in ranked], 8):
                return values
        raise AssertionError("no last round puts the cut inside a tie")

    return typed


def scripted(rounds: int) -> Results:
    """Stage games as scripted: quarter-finals draw, the worse seed wins, draw, the better
    seed wins; semi-finals draw, the worse seed wins; the final and the third-place match
    draw (seats are better seed first)."""
    script = {
        rounds + 1: [GAMES[2], GAMES[1], GAMES[2], GAMES[0]],
        rounds + 2: [GAMES[2], GAMES[1]],
        rounds + 3: [GAMES[2], GAMES[2]],
    }

    def typed(round_no: int, tables: list[list[str]]) -> Typed:
        assert len(tables) == len(script[round_no])
        return [[(v, False) for v in game] for game in script[round_no]]

    return typed


def knockout(  # noqa: PLR0917 - one argument per drawn value
    tmp_path: Path, count: int, seed: int, tie: bool, stages: Results | None, by_seat: bool = False
) -> None:
    event = Event(tmp_path / "event.xlsx", "carcassonne-swiss", names(count), ROUNDS, by_seat)
    order = play_rounds(event, preliminary(event, seed, tie))
    rng = random.Random(seed + 1)

    def drawn(_round: int, tables: list[list[str]]) -> Typed:
        return [[(v, False) for v in rng.choice(GAMES)] for _ in tables]

    done = play_stages(event, order, stages or drawn)
    check_final_ranking(event, order, done)


def test_knockout_with_draws_and_a_cut_in_a_tie(tmp_path: Path) -> None:
    knockout(tmp_path, 12, seed=12, tie=True, stages=scripted(ROUNDS))


def test_knockout_after_swiss_rounds_with_byes(tmp_path: Path) -> None:
    """11 players: the preliminary rounds seated by ``seat`` (swiss, a bye each round, a
    win in the standings), then the knockout of random results."""
    knockout(tmp_path, 11, seed=11, tie=False, stages=None, by_seat=True)


@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**16), count=st.sampled_from([8, 10, 14]))
def test_knockouts_of_random_results(
    tmp_path_factory: pytest.TempPathFactory, seed: int, count: int
) -> None:
    knockout(tmp_path_factory.mktemp("event"), count, seed=seed, tie=False, stages=None)

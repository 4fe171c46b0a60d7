"""An independent scorer of SPEC §6's formats (docs/rules.md "6. Formats"), for tests only.

Written from the published rules, not from ``xlsx_scorer``: a format is a plain dict
shaped like its TOML file (``table_sizes``, optional ``points``, ``order``), a game is a
list of seats ``(player, value)`` with an optional declarer (Catan's declared victory)
or a bye. Everything is an exact :class:`fractions.Fraction`, ``shares`` included (SPEC §6: "ties
in every key are exact"; issue 19: "exact arithmetic for every key (thirds, quarters,
shares) ... rounding only on display"): 10/32 + 8/30 + 10/36 is 617/720 = 85.69 %.

Example (HiG, two players sharing first at a 4-player table: (5 + 3) / 2 = 4 each):

>>> hig = {"table_sizes": [3, 4], "points": {4: [5, 3, 2, 1], 3: [5, 3, 1]},
...        "order": ["points", "relative", "score"]}
>>> g = Game(1, "1", [("A", 90), ("B", 90), ("C", 60), ("D", 40)])
>>> [r.points for r in score_game(hig, g)]
[Fraction(4, 1), Fraction(4, 1), Fraction(2, 1), Fraction(1, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import icu

CAP = 10
"""``capped_vp``: a game's VP count up to the 10 needed to win."""

_COLLATOR = icu.Collator.createInstance(icu.Locale.getRoot())


def name_key(name: str) -> tuple[bytes, str]:
    """Name order (SPEC §4, docs/rules.md): ICU root collation, then code points."""
    return (bytes(_COLLATOR.getSortKey(name)), name)


@dataclass
class Game:
    """One game: ``seats`` of ``(player, value)``; ``declarer`` a seat index or None.

    A bye is a game with one seat and ``bye=True`` (its value is ignored).
    """

    round: int
    table: str
    seats: list[tuple[str, int]]
    declarer: int | None = None
    bye: bool = False


@dataclass
class Seat:
    """One player's result in one game (a Round Points row)."""

    round: int
    table: str
    player: str
    value: int
    place: int
    points: Fraction
    wins: Fraction
    result: str | None  # Win / Draw / Loss / Bye at a 2-player table, else None


def places(values: Sequence[int], declarer: int | None) -> list[tuple[int, int]]:
    """``(shown place, group size)`` per seat: the declarer first alone, the rest by
    value from the next place, equal values sharing the best place of their group.

    >>> places([11, 12, 6, 6], 0)
    [(1, 1), (2, 1), (3, 2), (3, 2)]
    >>> places([7, 7, 7, 7], None)
    [(1, 4), (1, 4), (1, 4), (1, 4)]
    """
    out = [(0, 0)] * len(values)
    nxt = 1
    if declarer is not None:
        out[declarer] = (1, 1)
        nxt = 2
    rest = [i for i in range(len(values)) if i != declarer]
    for v in sorted({values[i] for i in rest}, reverse=True):
        group = [i for i in rest if values[i] == v]
        for i in group:
            out[i] = (nxt, len(group))
        nxt += len(group)
    return out


def score_game(fmt: dict[str, Any], game: Game) -> list[Seat]:
    """Place, points (tied places share their points' sum) and wins of every seat."""
    if game.bye:
        ((player, _),) = game.seats
        pts = fmt.get("points")
        first = Fraction(pts[min(pts, key=int)][0]) if pts else Fraction(0)
        return [Seat(game.round, game.table, player, 0, 1, first, Fraction(1), "Bye")]
    values = [v for _, v in game.seats]
    n = len(values)
    table = fmt.get("points", {}).get(n) or fmt.get("points", {}).get(str(n))
    out = []
    for (player, value), (place, size) in zip(
        game.seats, places(values, game.declarer), strict=True
    ):
        pts = Fraction(0)
        if table is not None:
            pts = Fraction(sum(table[place - 1 : place - 1 + size]), size)
        wins = Fraction(1, size) if place == 1 else Fraction(0)
        result = None
        if n == 2:
            result = "Win" if place == 1 and size == 1 else "Draw" if size == 2 else "Loss"
        out.append(Seat(game.round, game.table, player, value, place, pts, wins, result))
    return out


def _share(v: int, total: int) -> Fraction:
    """v / total exactly; 0 for a table whose total is 0."""
    return Fraction(v, total) if total else Fraction(0)


@dataclass
class Player:
    name: str
    keys: dict[str, Any] = field(default_factory=dict)
    per_round: dict[int, Fraction] = field(default_factory=dict)


def standings(fmt: dict[str, Any], games: Sequence[Game]) -> tuple[list[Seat], list[Player]]:
    """Every seat, and the players ranked by the format's ``order`` then name."""
    largest = max(fmt["table_sizes"])
    seats: list[Seat] = []
    acc: dict[str, dict[str, Any]] = {}
    opponents: dict[str, list[str]] = {}
    first_key = fmt["order"][0]

    zero = {
        "points": Fraction(0),
        "wins": Fraction(0),
        "value": 0,
        "seen": 0,
        "capped": 0,
        "shares": Fraction(0),
        "relative": Fraction(0),
        "firsts": 0,
        "diff": Fraction(0),
    }
    places_of: dict[str, list[int]] = {}
    rounds: dict[str, dict[int, dict[str, Any]]] = {}

    def add(player: str, rnd: int, gain: dict[str, Any]) -> None:
        """Add one game's amounts to the player's totals and to their round."""
        for into in (
            acc.setdefault(player, dict(zero)),
            rounds.setdefault(player, {}).setdefault(rnd, dict(zero)),
        ):
            for k, v in gain.items():
                into[k] += v

    for game in games:
        scored = score_game(fmt, game)
        seats += scored
        if game.bye:  # a win (first place's points), no value, no opponent
            s = scored[0]
            opponents.setdefault(s.player, [])
            places_of.setdefault(s.player, [0, 0, 0])
            add(s.player, s.round, {"points": s.points, "wins": Fraction(1)})
            continue
        values = [v for _, v in game.seats]
        total, n = sum(values), len(values)
        for i, s in enumerate(scored):
            others = [values[j] for j in range(n) if j != i]
            add(
                s.player,
                s.round,
                {
                    "points": s.points,
                    "wins": s.wins,
                    "value": s.value,
                    "seen": total,
                    "capped": min(s.value, CAP),
                    "shares": _share(s.value, total),
                    "relative": Fraction(s.value * n, total * largest) if total else Fraction(0),
                    "firsts": int(s.place == 1),
                    "diff": s.value - Fraction(sum(others), len(others)),
                },
            )
            counts = places_of.setdefault(s.player, [0, 0, 0])
            if s.place <= 3:
                counts[s.place - 1] += 1
            opponents.setdefault(s.player, []).extend(
                p for j, (p, _) in enumerate(game.seats) if j != i
            )

    def keys_of(e: dict[str, Any]) -> dict[str, Any]:
        return {
            "points": e["points"],
            "wins": e["wins"],
            "vp": e["value"],
            "score": e["value"],
            "vp_ratio": Fraction(e["value"], e["seen"]) if e["seen"] else Fraction(0),
            "capped_vp": e["capped"],
            "shares": e["shares"],
            "relative": e["relative"],
            "score_diff": e["diff"],
        }

    players = []
    for name, e in acc.items():
        opp_wins = sorted(acc[o]["wins"] for o in opponents.get(name, []))
        keys = {
            **keys_of(e),
            "place_counts": tuple(places_of[name]),
            "buchholz_cut1": sum(opp_wins[1:], Fraction(0)),
        }
        # the first key per round (Buchholz has none; place counts show the round's 1st places)
        per_round: dict[int, Any] = {}
        for r, got in sorted(rounds[name].items()):
            if first_key == "place_counts":
                per_round[r] = got["firsts"]
            elif first_key == "vp_ratio":  # one game a round: that game's share
                per_round[r] = got["shares"]
            elif first_key != "buchholz_cut1":
                per_round[r] = keys_of(got)[first_key]
        players.append(Player(name, {k: keys[k] for k in fmt["order"]}, per_round))
    players.sort(key=lambda p: name_key(p.name))
    players.sort(key=lambda p: tuple(p.keys[k] for k in fmt["order"]), reverse=True)
    return seats, players

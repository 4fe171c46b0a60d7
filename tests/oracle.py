"""Independent reference implementation of docs/rules.md §1 (names), §2, §3 and §4.

Written straight from ``docs/rules.md`` with plain loops and no pandas, and
deliberately sharing no code with ``xlsx_scorer``: tests compare the scorer's
output with this module, so a mistake in one is caught by the other.

Input rows are dicts with already-parsed values::

    {"round": 1, "table": 2, "player": "Şule Aksoy", "settlements": 3, "cities": 2,
     "vp_cards": 1, "knights": 4, "roads": 9, "longest_road": 6,
     "army_first": False, "road_first": True, "declared": False}

Player names must already be normalised (trimmed, inner white space collapsed, NFC).
A row may also carry ``"total_vp"``, the VP written on the score slip (docs/rules.md §1: an
optional column); a missing key or ``None`` (a blank cell) is not checked.

Rule codes returned by :func:`validate` (one ``(row index, code)`` pair per offending
row; a table-level rule is reported on every row of the game it concerns):

==========================  ==============================================================
code                        meaning
==========================  ==============================================================
``F.round``                 round is not a whole number ≥ 1
``F.table``                 table is neither a whole number ≥ 1 nor a non-empty text
``R1.settlements``          settlements outside 0–5
``R1.cities``               cities outside 0–4
``R1.vp_cards``             VP cards outside 0–5
``R1.knights``              knights played outside 0–14
``R1.roads``                roads built outside 2–15
``R2``                      no cities and fewer than 2 settlements
``R3``                      longest road < 1 or > roads built
``R4``                      the game does not have 3 or 4 players (every row of the game)
``R5``                      the player already appeared earlier in the same round (each
                            later occurrence; the first one is not reported)
``R6``                      VP cards of the whole table > 5 (every row of the game)
``R7``                      knights of the whole table > 14 (every row of the game)
``R8.mark_not_leader``      Largest Army First on a player who is not a (tied) leader
                            among the qualifiers, including when nobody qualifies
``R8.tie_unmarked``         qualifiers tie for the most knights, none of them is marked
                            (every tied row)
``R8.tie_many_marks``       qualifiers tie and more than one of them is marked (every
                            marked tied row)
``R9.*``                    the same three codes for Longest Road (length ≥ 5)
``R10.under_10``            Declared Victory on a player with fewer than 10 VP
``R10.unmarked``            ≥ 2 players have ≥ 10 VP and none of them is marked (every
                            such row)
``R10.many_marks``          ≥ 2 players with ≥ 10 VP are marked (every marked such row)
``F.total_vp``              a filled Total VP is not a whole number 0–20
``R11``                     a filled Total VP differs from the row's in-game VP (titles
                            held included); not checked for a game where any row's
                            settlements, cities, VP cards, knights or longest road is not
                            a whole number within its limits (its VP cannot be known)
                            nor, as ``R9`` and ``R10``, for a game with a longest road
                            over its roads built (``R3``: who holds the road is unknown)
``N.empty``                 empty player name
``N.roster``                with a roster: the name is not on it
``N.similar``               without a roster: another name differs only in case/accents
                            (every row of every such spelling)
==========================  ==============================================================

For rule 10 the VP are computed with the holders of :func:`holder`; when a tie is
left unresolved (no mark or several marks) nobody holds the bonus.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import icu

Row = Mapping[str, Any]

POINTS = {4: (5, 3, 2, 1), 3: (5, 3, 2)}
"""Round points by place for a 4- and a 3-player table (docs/rules.md §3)."""

RANGES = {
    "settlements": (0, 5),
    "cities": (0, 4),
    "vp_cards": (0, 5),
    "knights": (0, 14),
    "roads": (2, 15),
}
"""Per-row limits of rule 1, e.g. ``RANGES["cities"] == (0, 4)``."""

TOTAL_VP_MAX = 20
ARMY_MIN_KNIGHTS = 3
ROAD_MIN_LENGTH = 5
DECLARE_MIN_VP = 10
TABLE_MAX_VP_CARDS = 5
TABLE_MAX_KNIGHTS = 14

_COLLATOR = icu.Collator.createInstance(icu.Locale.getRoot())


def _is_whole(value: object) -> bool:
    """True for a real ``int`` (``bool`` excluded): ``_is_whole(3)`` but not ``True``."""
    return type(value) is int


def game_key(row: Row) -> tuple[int, str]:
    """Identify a game by ``(round, table)``; tables compare as text (``2`` == ``"2"``)."""
    return (row["round"], str(row["table"]))


def games_of(rows: Sequence[Row]) -> dict[tuple[int, str], list[int]]:
    """Row indices grouped by game in first-seen order.

    Example: rows of (1, 1), (1, 2), (1, 1) give ``{(1, "1"): [0, 2], (1, "2"): [1]}``.
    """
    games: dict[tuple[int, str], list[int]] = {}
    for i, row in enumerate(rows):
        games.setdefault(game_key(row), []).append(i)
    return games


def fold(name: str) -> str:
    """Key for "differ only in case or accents": NFD, drop combining marks, casefold.

    Example: ``fold("Çetin") == fold("cetin") == "cetin"``; ``fold("İpek") == "ipek"``.
    """
    decomposed = unicodedata.normalize("NFD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped.casefold())


def normalise_name(raw: str) -> str:
    """docs/rules.md §1 name normalisation: trim, collapse inner white space, NFC.

    Example: ``normalise_name("  Jose\\u0301   Nuñez ") == "José Nuñez"``.
    """
    return unicodedata.normalize("NFC", " ".join(raw.split()))


def holder(values: Sequence[int], marks: Sequence[bool], minimum: int) -> int | None:
    """Index of the Largest Army / Longest Road holder, or ``None``.

    Qualifiers have ``value >= minimum``; the qualifier with the most holds it; among
    tied leaders exactly one marked player holds it, otherwise (unresolved) nobody.
    Example: knights ``[4, 4, 2]`` with marks ``[False, True, False]`` → ``1``;
    ``[5, 3, 3]`` → ``0`` (clear leader, mark optional); ``[2, 1, 0]`` → ``None``.
    """
    qualifiers = [i for i, v in enumerate(values) if v >= minimum]
    if not qualifiers:
        return None
    best = max(values[i] for i in qualifiers)
    leaders = [i for i in qualifiers if values[i] == best]
    if len(leaders) == 1:
        return leaders[0]
    marked = [i for i in leaders if marks[i]]
    return marked[0] if len(marked) == 1 else None


def _mark_errors(
    values: Sequence[int], marks: Sequence[bool], minimum: int, prefix: str
) -> list[tuple[int, str]]:
    """Rule 8/9 errors as ``(position in game, code)``.

    Example: knights ``[4, 4, 1]``, no marks → both 4s get ``R8.tie_unmarked``;
    knights ``[5, 3, 1]`` with the 3 marked → ``[(1, "R8.mark_not_leader")]``.
    """
    qualifiers = [i for i, v in enumerate(values) if v >= minimum]
    leaders: list[int] = []
    if qualifiers:
        best = max(values[i] for i in qualifiers)
        leaders = [i for i in qualifiers if values[i] == best]
    errors = [
        (i, f"{prefix}.mark_not_leader") for i, m in enumerate(marks) if m and i not in leaders
    ]
    if len(leaders) > 1:
        marked = [i for i in leaders if marks[i]]
        if not marked:
            errors += [(i, f"{prefix}.tie_unmarked") for i in leaders]
        elif len(marked) > 1:
            errors += [(i, f"{prefix}.tie_many_marks") for i in marked]
    return errors


def game_vps(game: Sequence[Row]) -> list[int]:
    """In-game VP of each row of one game (docs/rules.md §3).

    VP = settlements + 2 × cities + VP cards + 2 (Largest Army) + 2 (Longest Road).
    Example: 3 settlements, 2 cities, 1 card, holding Longest Road → 3 + 4 + 1 + 2 = 10.
    """
    army = holder(
        [r["knights"] for r in game], [bool(r["army_first"]) for r in game], ARMY_MIN_KNIGHTS
    )
    road = holder(
        [r["longest_road"] for r in game], [bool(r["road_first"]) for r in game], ROAD_MIN_LENGTH
    )
    vps = []
    for i, r in enumerate(game):
        vp = r["settlements"] + 2 * r["cities"] + r["vp_cards"]
        vp += 2 if i == army else 0
        vp += 2 if i == road else 0
        vps.append(vp)
    return vps


def _row_errors(row: Row) -> list[str]:
    """Per-row errors: formats, rules 1–3 and an empty name.

    Example: ``cities=0, settlements=1`` → ``["R2"]``; ``roads=4, longest_road=6`` →
    ``["R3"]``; ``knights=15`` → ``["R1.knights"]``.
    """
    errors = []
    if not (_is_whole(row["round"]) and row["round"] >= 1):
        errors.append("F.round")
    table = row["table"]
    if not ((_is_whole(table) and table >= 1) or (isinstance(table, str) and table.strip())):
        errors.append("F.table")
    for key, (low, high) in RANGES.items():
        if not (_is_whole(row[key]) and low <= row[key] <= high):
            errors.append(f"R1.{key}")
    cities, settlements = row["cities"], row["settlements"]
    if _is_whole(cities) and _is_whole(settlements) and cities == 0 and settlements < 2:
        errors.append("R2")
    longest, roads = row["longest_road"], row["roads"]
    if _is_whole(longest) and _is_whole(roads) and not 1 <= longest <= roads:
        errors.append("R3")
    if not row["player"]:
        errors.append("N.empty")
    total = row.get("total_vp")
    if total is not None and not (_is_whole(total) and 0 <= total <= TOTAL_VP_MAX):
        errors.append("F.total_vp")
    return errors


def _road_too_long(row: Row) -> bool:
    """Rule 3's longest road over the roads built (both readable): a length known to be
    wrong, so who holds Longest Road is unknown; the game's rules 9–11 wait for the fix.

    Example: ``roads=5, longest_road=9`` → True; ``roads=5, longest_road=5`` → False.
    """
    longest, roads = row["longest_road"], row["roads"]
    low, high = RANGES["roads"]
    return (
        _is_whole(longest) and _is_whole(roads) and longest >= 1 and low <= roads <= high
    ) and longest > roads


def _vp_known(row: Row) -> bool:
    """Every value the in-game VP depends on is a whole number within its limits.

    Example: ``settlements="two"`` or ``knights=15`` → False; the longest road only
    needs to be ≥ 1 (its upper limit is the roads built, a separate rule).
    """
    in_range = all(
        _is_whole(row[key]) and low <= row[key] <= high
        for key, (low, high) in RANGES.items()
        if key != "roads"
    )
    return in_range and _is_whole(row["longest_road"]) and row["longest_road"] >= 1


def _total_vp_errors(rows: Sequence[Row]) -> list[tuple[int, str]]:
    """Rule 11: a filled, valid Total VP equals the row's in-game VP (:func:`game_vps`).

    Example: slip 8 for 5 settlements and 0 cities without titles → ``R11`` (5 ≠ 8).
    A game with a row whose VP cannot be known is skipped entirely.
    """
    errors = []
    for indices in games_of(rows).values():
        game = [rows[i] for i in indices]
        if not all(_vp_known(r) for r in game) or any(map(_road_too_long, game)):
            continue
        for i, vp in zip(indices, game_vps(game), strict=True):
            total = rows[i].get("total_vp")
            if _is_whole(total) and 0 <= total <= TOTAL_VP_MAX and total != vp:
                errors.append((i, "R11"))
    return errors


def _name_errors(rows: Sequence[Row], roster: Iterable[str] | None) -> list[tuple[int, str]]:
    """docs/rules.md §1 name rules.

    With a roster: every name not on it (``"Zeynep Kya"`` when the roster has
    ``"Zeynep Kaya"``). Without: every row of every spelling that shares :func:`fold`
    with another spelling (``"José Ruiz"`` and ``"Jose Ruiz"`` both reported).
    """
    errors: list[tuple[int, str]] = []
    if roster is not None:
        allowed = {normalise_name(name) for name in roster}
        for i, row in enumerate(rows):
            if row["player"] and row["player"] not in allowed:
                errors.append((i, "N.roster"))
        return errors
    spellings: dict[str, set[str]] = {}
    for row in rows:
        if row["player"]:
            spellings.setdefault(fold(row["player"]), set()).add(row["player"])
    for i, row in enumerate(rows):
        if row["player"] and len(spellings[fold(row["player"])]) > 1:
            errors.append((i, "N.similar"))
    return errors


def validate(rows: Sequence[Row], roster: Iterable[str] | None = None) -> list[tuple[int, str]]:
    """Every violation of docs/rules.md §1 name rules and §2 rules 1–11, sorted.

    Returns ``(row index, code)`` pairs (codes in the module docstring). Example: a
    4-player table whose VP cards are 2, 2, 1, 1 gives ``R6`` on each of its 4 rows.
    Table rules are checked only on rows whose per-row values are whole numbers.
    """
    errors: list[tuple[int, str]] = []
    row_ok: list[bool] = []
    for i, row in enumerate(rows):
        row_errors = _row_errors(row)
        errors += [(i, code) for code in row_errors]
        row_ok.append(
            all(_is_whole(row[k]) for k in (*RANGES, "longest_road"))
            and "F.round" not in row_errors
        )
    errors += _name_errors(rows, roster)
    errors += _total_vp_errors(rows)

    seen: set[tuple[int, str]] = set()
    for i, row in enumerate(rows):
        key = (row["round"], row["player"])
        if row["player"] and key in seen:
            errors.append((i, "R5"))
        seen.add(key)

    for indices in games_of(rows).values():
        if not all(row_ok[i] for i in indices):
            continue
        game = [rows[i] for i in indices]
        if len(game) not in (3, 4):
            errors += [(i, "R4") for i in indices]
        if sum(r["vp_cards"] for r in game) > TABLE_MAX_VP_CARDS:
            errors += [(i, "R6") for i in indices]
        if sum(r["knights"] for r in game) > TABLE_MAX_KNIGHTS:
            errors += [(i, "R7") for i in indices]
        knights = [r["knights"] for r in game]
        errors += [
            (indices[p], code)
            for p, code in _mark_errors(
                knights, [bool(r["army_first"]) for r in game], ARMY_MIN_KNIGHTS, "R8"
            )
        ]
        if any(map(_road_too_long, game)):  # who holds Longest Road is unknown
            continue
        lengths = [r["longest_road"] for r in game]
        errors += [
            (indices[p], code)
            for p, code in _mark_errors(
                lengths, [bool(r["road_first"]) for r in game], ROAD_MIN_LENGTH, "R9"
            )
        ]
        vps = game_vps(game)
        eligible = [p for p, vp in enumerate(vps) if vp >= DECLARE_MIN_VP]
        declared = [p for p, r in enumerate(game) if r["declared"]]
        errors += [(indices[p], "R10.under_10") for p in declared if p not in eligible]
        if len(eligible) >= 2:
            marked = [p for p in eligible if p in declared]
            if not marked:
                errors += [(indices[p], "R10.unmarked") for p in eligible]
            elif len(marked) > 1:
                errors += [(indices[p], "R10.many_marks") for p in marked]
    return sorted(errors)


def places_and_points(vps: Sequence[int], declarer: int | None) -> list[tuple[int, Fraction]]:
    """Place and round points of each player of one game (docs/rules.md §3).

    The declarer (if any) takes place 1 alone; the others are ordered by VP from the
    next place. Equal VP share their places: shown place is the best one, points are
    the sum of those places' points split equally.
    Example: VP ``[11, 12, 6, 6]`` with player 0 declared →
    ``[(1, 5), (2, 3), (3, 3/2), (3, 3/2)]``.
    """
    table_points = POINTS[len(vps)]
    result: list[tuple[int, Fraction]] = [(0, Fraction(0))] * len(vps)
    next_place = 1
    if declarer is not None:
        result[declarer] = (1, Fraction(table_points[0]))
        next_place = 2
    others = [p for p in range(len(vps)) if p != declarer]
    for vp in sorted({vps[p] for p in others}, reverse=True):
        group = [p for p in others if vps[p] == vp]
        places = range(next_place, next_place + len(group))
        share = Fraction(sum(table_points[place - 1] for place in places), len(group))
        for p in group:
            result[p] = (next_place, share)
        next_place += len(group)
    return result


def score_game(game: Sequence[Row]) -> list[dict[str, Any]]:
    """Score one valid game: VP, holders, whether a declaration applies, place, points.

    Example (docs/rules.md §3): VP 9, 9, 9, 4 → places 1, 1, 1, 4 and points 10/3 ×3, 1.
    """
    knights = [r["knights"] for r in game]
    lengths = [r["longest_road"] for r in game]
    army = holder(knights, [bool(r["army_first"]) for r in game], ARMY_MIN_KNIGHTS)
    road = holder(lengths, [bool(r["road_first"]) for r in game], ROAD_MIN_LENGTH)
    vps = game_vps(game)
    eligible = [p for p, vp in enumerate(vps) if vp >= DECLARE_MIN_VP]
    declarer = None
    if len(eligible) >= 2:
        marked = [p for p in eligible if game[p]["declared"]]
        declarer = marked[0] if len(marked) == 1 else None
    ranked = places_and_points(vps, declarer)
    return [
        {
            "round": r["round"],
            "table": r["table"],
            "player": r["player"],
            "vp": vps[p],
            "army": p == army,
            "road": p == road,
            "declared": p == declarer,
            "place": ranked[p][0],
            "points": ranked[p][1],
        }
        for p, r in enumerate(game)
    ]


def name_key(name: str) -> tuple[bytes, str]:
    """Alphabetical tie-break: ICU root collation sort key, then code points.

    Example: ``sorted(["Zeynep", "Çetin", "Cem"], key=name_key) == ["Cem", "Çetin",
    "Zeynep"]``.
    """
    return (bytes(_COLLATOR.getSortKey(name)), name)


def score(rows: Sequence[Row]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Score a valid event: per-row game results and the tournament standings (docs/rules.md §4).

    ``games[i]`` belongs to ``rows[i]``. Standings are ordered by round points, total
    VP, VP % (highest first), then :func:`name_key`; ranks 1, 2, 3, … VP % is the
    player's total VP over the total VP of every table they sat at, e.g. 10 VP at a
    table totalling 30 plus 5 VP at one totalling 20 gives 15/50 = 3/10.
    """
    games: list[dict[str, Any]] = [{} for _ in rows]
    table_total: dict[int, int] = {}
    for indices in games_of(rows).values():
        scored = score_game([rows[i] for i in indices])
        total = sum(g["vp"] for g in scored)
        for i, g in zip(indices, scored, strict=True):
            games[i] = g
            table_total[i] = total

    players: dict[str, dict[str, Any]] = {}
    for i, g in enumerate(games):
        p = players.setdefault(
            g["player"],
            {
                "player": g["player"],
                "round_points": Fraction(0),
                "vp": 0,
                "seen": 0,
                "per_round": {},
            },
        )
        p["round_points"] += g["points"]
        p["vp"] += g["vp"]
        p["seen"] += table_total[i]
        per_round = p.setdefault("per_round", {})
        per_round[g["round"]] = per_round.get(g["round"], Fraction(0)) + g["points"]

    standings = []
    for p in players.values():
        standings.append(
            {
                "player": p["player"],
                "round_points": p["round_points"],
                "vp": p["vp"],
                "vp_pct": Fraction(p["vp"], p["seen"]),
                "per_round": dict(sorted(p["per_round"].items())),
            }
        )
    standings.sort(key=lambda s: name_key(s["player"]))
    standings.sort(key=lambda s: (s["round_points"], s["vp"], s["vp_pct"]), reverse=True)
    return games, [{"rank": n, **s} for n, s in enumerate(standings, start=1)]

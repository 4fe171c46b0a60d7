"""Every rule of docs/rules.md §1–2 as a named pandera check on the typed ``Results`` frame.

The frame comes from ``typed.typed_results``.  ``columns_schema`` checks the
type and range of each column; ``rules_schema`` then checks the cross-row rules
per row, per game ``(round, table)`` and per round.  Each check's name is a
finding code (docs/findings.md), and each ``Rule`` (``core.checks``: how a rule becomes
a check that fails closed) says which cell a failing
row points at and what was found, so ``problems.problems_from_failures`` can
make it a finding.  The rules work on numpy arrays of the frame's columns and
on per-game aggregates (``games``), each worked out once per frame and shared.

Checks see the typed frame; a value that could not be read is missing (NA),
and a rule that needs a missing value passes silently: the unreadable cell is
already reported, and guessing would only add noise.
"""

from __future__ import annotations

import collections
import difflib
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import pandera.pandas as pa

from xlsx_scorer.core import backends, checks, games, scoring
from xlsx_scorer.core.checks import Rule
from xlsx_scorer.core.columns import BREAKDOWN_COLUMNS, MARK_COLUMNS, NUMBER_COLUMNS
from xlsx_scorer.core.formats import Format, sizes_text
from xlsx_scorer.core.games import Flags, Floats, marks, numbers
from xlsx_scorer.core.memo import remembered
from xlsx_scorer.i18n import fold

backends.load_pandera()

TABLE_VP_CARDS_MAX = 5
TABLE_KNIGHTS_MAX = 14
TABLE_SIZES = tuple(scoring.PLACE_POINTS)


# ---------------------------------------------------------------------------
# Rules


def _no_cities_needs_two_settlements(frame: pd.DataFrame) -> Flags:
    bad: Flags = (numbers(frame, "cities") == 0) & (numbers(frame, "settlements") < 2)
    return ~bad


def _longest_road_within_roads(frame: pd.DataFrame) -> Flags:
    return ~(numbers(frame, "longest_road") > numbers(frame, "roads"))


def _roads_known(frame: pd.DataFrame) -> Flags:
    """True for rows of a game where no longest road is longer than its roads built.

    Such a length is known to be wrong (``longest_road_exceeds_roads`` says so), so who
    holds Longest Road, and every VP total with it, is unknown: the rules judging them
    (Longest Road's marks, Declared Victory, Total VP) wait until it is fixed, rather than
    suggest a fix for a number that is wrong.

    >>> game = pd.DataFrame({"round": [1] * 3 + [2] * 3, "table": ["1"] * 6,
    ...     "longest_road": [9, 3, 2, 5, 3, 2], "roads": [5, 5, 5, 5, 5, 5]})
    >>> _roads_known(game).tolist()
    [False, False, False, True, True, True]
    """
    exceeds = ~_longest_road_within_roads(frame)
    known: Flags = games.of(frame).sum(exceeds) == 0
    return known


def _table_size(frame: pd.DataFrame) -> Flags:
    size = games.of(frame).size()
    return np.isnan(size) | np.isin(size, TABLE_SIZES)


def _played_in_round(frame: pd.DataFrame) -> Floats:
    """Per row: how many rows of its round name its player (NaN without round or player)."""
    return games.grouped(frame, ("round", "player")).size()


def _player_once_per_round(frame: pd.DataFrame) -> Flags:
    return ~(_played_in_round(frame) > 1)


def _table_total_at_most(column: str, limit: int) -> Callable[[pd.DataFrame], Flags]:
    def passes(frame: pd.DataFrame) -> Flags:
        values = numbers(frame, column)
        total = games.of(frame).sum(values)
        return ~((total > limit) & (values > 0) & games.complete(frame, (column,)))

    return passes


def _table_total(column: str) -> Callable[[pd.DataFrame], pd.DataFrame]:
    return lambda frame: checks.found(frame, games.of(frame).sum(numbers(frame, column)))


@dataclass(frozen=True)
class _Title:
    """A title (Largest Army, Longest Road): who qualifies and who is tied for the most.

    Its rules judge a game only when its value and mark cells are all readable.
    """

    value: str
    mark: str
    minimum: int
    #: Rows whose game's values are not known to be wrong (None: every row).
    known: Callable[[pd.DataFrame], Flags] | None = None

    def leaders(self, frame: pd.DataFrame) -> scoring.Leaders:
        return scoring.title_leaders(frame, self.value, self.mark, self.minimum)

    def complete(self, frame: pd.DataFrame) -> Flags:
        whole = games.complete(frame, (self.value, self.mark))
        return whole if self.known is None else whole & self.known(frame)

    def mark_no_qualifier(self, frame: pd.DataFrame) -> Flags:
        info = self.leaders(frame)
        return ~(marks(frame, self.mark) & np.isnan(info.best) & self.complete(frame))

    def mark_not_leader(self, frame: pd.DataFrame) -> Flags:
        info = self.leaders(frame)
        bad = marks(frame, self.mark) & ~info.leader & ~np.isnan(info.best)
        return ~(bad & self.complete(frame))

    def tie_unmarked(self, frame: pd.DataFrame) -> Flags:
        info = self.leaders(frame)
        bad: Flags = info.leader & (info.leaders > 1) & (info.marked_leaders == 0)
        return ~(bad & self.complete(frame))

    def tie_several_marks(self, frame: pd.DataFrame) -> Flags:
        info = self.leaders(frame)
        bad = info.leader & marks(frame, self.mark) & (info.marked_leaders > 1)
        return ~(bad & self.complete(frame))

    def value_details(self, frame: pd.DataFrame) -> pd.DataFrame:
        return checks.found(frame, frame[self.value], most=self.leaders(frame).best)

    def tie_details(self, frame: pd.DataFrame) -> pd.DataFrame:
        info = self.leaders(frame)
        count = np.where(info.marked_leaders <= 1, info.leaders, info.marked_leaders)
        return checks.found(frame, info.best, count=count)


ARMY = _Title("knights", "army_first", scoring.ARMY_MIN_KNIGHTS)
ROAD = _Title("longest_road", "road_first", scoring.ROAD_MIN_LENGTH, _roads_known)
VP_COLUMNS = ("settlements", "cities", "vp_cards", "knights", "longest_road", "army_first")
ALL_VP_COLUMNS = (*VP_COLUMNS, "road_first", "declared")


def _vp_known(frame: pd.DataFrame) -> Flags:
    """Rows of a game whose every VP can be known: all its VP cells readable, no road
    length known to be wrong (``_roads_known``)."""
    return games.complete(frame, ALL_VP_COLUMNS) & _roads_known(frame)


def _declared_needs_10(frame: pd.DataFrame) -> Flags:
    info = scoring.declarations(frame)
    bad = marks(frame, "declared") & ~info.eligible
    return ~(bad & _vp_known(frame))


def _declared_missing(frame: pd.DataFrame) -> Flags:
    info = scoring.declarations(frame)
    bad: Flags = info.eligible & (info.eligible_players >= 2) & (info.marked_eligible == 0)
    return ~(bad & _vp_known(frame))


def _declared_several(frame: pd.DataFrame) -> Flags:
    info = scoring.declarations(frame)
    bad = info.eligible & marks(frame, "declared") & (info.marked_eligible > 1)
    return ~(bad & _vp_known(frame))


def _declared_vp_details(frame: pd.DataFrame) -> pd.DataFrame:
    return checks.found(frame, scoring.declarations(frame).vp)


def _declared_count_details(frame: pd.DataFrame, count: str) -> pd.DataFrame:
    info = scoring.declarations(frame)
    return checks.found(frame, info.vp, count=getattr(info, count))


#: Every cell an in-game VP total depends on, across the game (titles compare players).
SLIP_COLUMNS = (*VP_COLUMNS, "road_first")


def _total_vp_matches(frame: pd.DataFrame) -> Flags:
    """Rule 11: a filled ``Total VP`` equals the in-game VP the row adds up to.

    A blank cell or a workbook without the column is not checked, nor is a game
    with an unreadable VP cell (its VP cannot be known).

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...     "settlements": [5, 2, 4], "cities": [0, 1, 0], "vp_cards": [0, 0, 1],
    ...     "knights": [3, 0, 0], "longest_road": [2, 2, 2], "roads": [15] * 3,
    ...     "army_first": [False] * 3,
    ...     "road_first": [False] * 3, "total_vp": pd.array([8, None, 5], dtype="Int64")})
    >>> _total_vp_matches(game).tolist()  # 5 + 0 × 2 + 0 + 2 (Largest Army) = 7, not 8
    [False, True, True]
    """
    if "total_vp" not in frame.columns:
        return np.ones(len(frame), dtype=bool)
    written, vp = numbers(frame, "total_vp"), scoring.game_vp(frame).vp
    differs: Flags = ~np.isnan(written) & ~np.isnan(vp) & (written != vp)
    return ~(differs & games.complete(frame, SLIP_COLUMNS) & _roads_known(frame))


def _total_vp_details(frame: pd.DataFrame) -> pd.DataFrame:
    """Both numbers and what the row adds up to; ``army``/``road`` say which titles count."""
    slips = scoring.game_vp(frame)
    return checks.found(
        frame,
        frame["total_vp"],
        vp=slips.vp,
        settlements=frame["settlements"],
        cities=frame["cities"],
        vp_cards=frame["vp_cards"],
        army=np.where(slips.largest_army, "yes", "no").astype(object),
        road=np.where(slips.longest_road, "yes", "no").astype(object),
    )


@functools.lru_cache(maxsize=16)
def _roster_rules(roster: frozenset[str] | None) -> tuple[Rule, ...]:
    """Names on the roster when there is one; else no two spellings of one person."""
    if roster:
        folded: dict[str, str] = {}
        for name in sorted(roster):  # two spellings of one name: the first, whatever the hash seed
            folded.setdefault(fold(name), name)

        def on_roster(frame: pd.DataFrame) -> Flags:
            codes, names = games.factorized(frame, "player")
            listed = np.array([name in roster for name in names] + [True], dtype=bool)
            return listed[codes]

        def suggestion(frame: pd.DataFrame) -> pd.DataFrame:
            def closest(name: Any) -> str:
                if not isinstance(name, str):
                    return ""
                if fold(name) in folded:
                    return folded[fold(name)]
                match = difflib.get_close_matches(fold(name), list(folded), n=1, cutoff=0.6)
                return folded[match[0]] if match else ""

            hint = frame["player"].map(closest)
            code = hint.map(lambda h: "not_on_roster_suggest" if h else "not_on_roster")
            return checks.found(frame, frame["player"], suggestion=hint, message_code=code)

        return (Rule("not_on_roster", "player", on_roster, suggestion),)

    def one_spelling(frame: pd.DataFrame) -> Flags:
        codes, _ = games.factorized(frame, "player")
        return ~(_spellings(frame)[1][codes] > 1)

    def variants(frame: pd.DataFrame) -> pd.DataFrame:
        codes, names = games.factorized(frame, "player")
        keys, spellings = _spellings(frame)
        by_key: dict[str, list[str]] = {}
        for name, key in zip(names, keys, strict=True):
            by_key.setdefault(key, []).append(str(name))
        found = np.empty(len(names) + 1, dtype=object)
        found[:-1] = list(names)
        other = np.empty(len(names) + 1, dtype=object)
        other[:-1] = [
            next((spelling for spelling in sorted(by_key[key]) if spelling != name), name)
            for name, key in zip(names, keys, strict=True)
        ]
        return checks.found(frame, found[codes], spellings=spellings[codes], other=other[codes])

    return (Rule("name_variants", "player", one_spelling, variants),)


def _spellings(frame: pd.DataFrame) -> tuple[list[str], Floats]:
    """Per distinct player name: its key (``i18n.fold``: case, accents, spaces) and how
    many names share that key, then NaN for no name (remembered)."""

    def compute() -> tuple[list[str], Floats]:
        _, names = games.factorized(frame, "player")
        keys = [fold(str(name)) for name in names]
        names_per_key = collections.Counter(keys)
        return keys, np.array([names_per_key[key] for key in keys] + [np.nan])

    return remembered(frame, "spellings", compute)


BASE_RULES: tuple[Rule, ...] = (
    Rule(
        "no_cities_needs_two_settlements",
        "settlements",
        _no_cities_needs_two_settlements,
        checks.row_value("settlements"),
    ),
    Rule(
        "longest_road_exceeds_roads",
        "longest_road",
        _longest_road_within_roads,
        lambda frame: checks.found(frame, frame["longest_road"], roads=frame["roads"]),
    ),
    Rule(
        "table_size",
        "table",
        _table_size,
        lambda frame: checks.found(frame, games.of(frame).size()),
    ),
    Rule(
        "player_twice_in_round",
        "player",
        _player_once_per_round,
        lambda frame: checks.found(frame, _played_in_round(frame)),
    ),
    Rule(
        "table_vp_cards",
        "vp_cards",
        _table_total_at_most("vp_cards", TABLE_VP_CARDS_MAX),
        _table_total("vp_cards"),
    ),
    Rule(
        "table_knights",
        "knights",
        _table_total_at_most("knights", TABLE_KNIGHTS_MAX),
        _table_total("knights"),
    ),
    Rule("army_mark_no_qualifier", "army_first", ARMY.mark_no_qualifier, ARMY.value_details),
    Rule("army_mark_not_leader", "army_first", ARMY.mark_not_leader, ARMY.value_details),
    Rule("army_tie_unmarked", "army_first", ARMY.tie_unmarked, ARMY.tie_details),
    Rule("army_tie_several_marks", "army_first", ARMY.tie_several_marks, ARMY.tie_details),
    Rule("road_mark_no_qualifier", "road_first", ROAD.mark_no_qualifier, ROAD.value_details),
    Rule("road_mark_not_leader", "road_first", ROAD.mark_not_leader, ROAD.value_details),
    Rule("road_tie_unmarked", "road_first", ROAD.tie_unmarked, ROAD.tie_details),
    Rule("road_tie_several_marks", "road_first", ROAD.tie_several_marks, ROAD.tie_details),
    Rule("declared_under_10", "declared", _declared_needs_10, _declared_vp_details),
    Rule(
        "declared_missing",
        "declared",
        _declared_missing,
        lambda frame: _declared_count_details(frame, "eligible_players"),
    ),
    Rule(
        "declared_several",
        "declared",
        _declared_several,
        lambda frame: _declared_count_details(frame, "marked_eligible"),
    ),
    Rule("total_vp_mismatch", "total_vp", _total_vp_matches, _total_vp_details),
)


def rules(roster: frozenset[str] | None) -> tuple[Rule, ...]:
    """Every cross-row rule, with the roster rule that fits the workbook."""
    return (*BASE_RULES, *_roster_rules(roster))


@functools.cache
def columns_schema() -> pa.DataFrameSchema:
    """The pandera schema of each typed column: its type and the ranges of docs/rules.md §1–2.

    ``total_vp`` is optional (docs/rules.md §1): the frame may lack it.  Built once (it
    holds no state between validations).
    """
    columns = {
        "round": pa.Column("Int64", checks.range_check("round"), nullable=True),
        "table": pa.Column(object, nullable=True),
        "player": pa.Column(object, nullable=True),
        **{
            column: pa.Column("Int64", checks.range_check(column), nullable=True)
            for column in NUMBER_COLUMNS
        },
        **{column: pa.Column("boolean", nullable=True) for column in MARK_COLUMNS},
        "total_vp": pa.Column(
            "Int64", checks.range_check("total_vp"), nullable=True, required=False
        ),
    }
    return pa.DataFrameSchema(columns, strict=False, coerce=False)


def rules_schema(roster: frozenset[str] | None = None) -> pa.DataFrameSchema:
    """The cross-row rules ``rules(roster)`` as frame checks named by their problem code.

    Run it on a frame whose out-of-range values are already masked
    (``without_failures``), so one wrong cell is reported once, not again by
    every rule that adds it up.  Built once per set of rules.
    """
    return checks.schema_of(rules(roster))


# ---------------------------------------------------------------------------
# Formats (docs/rules.md, "Formats"): the rules of the format's game and table sizes


def _table_size_rule(fmt: Format) -> Rule:
    """A game has as many players as the format's tables (a bye row is a game of its own)."""
    sizes = fmt.table_sizes

    def passes(frame: pd.DataFrame) -> Flags:
        size = games.of(frame).size()
        fits: Flags = np.isnan(size) | np.isin(size, sizes) | games.bye_rows(frame, fmt)
        return fits

    def details(frame: pd.DataFrame) -> pd.DataFrame:
        return checks.found(frame, games.of(frame).size(), sizes=sizes_text(sizes))

    catan_sizes = sizes == tuple(sorted(TABLE_SIZES))  # said as "3 or 4", as ever
    return Rule("table_size" if catan_sizes else "table_size_format", "table", passes, details)


def _breakdown_adds_up(frame: pd.DataFrame) -> Flags:
    """When all five breakdown cells of a row are filled, they add up to its Score."""
    if not all(column in frame.columns for column in BREAKDOWN_COLUMNS):
        return np.ones(len(frame), dtype=bool)
    parts = np.column_stack([numbers(frame, column) for column in BREAKDOWN_COLUMNS])
    score = numbers(frame, "score")
    filled = ~np.isnan(parts).any(axis=1) & ~np.isnan(score)
    differs: Flags = filled & (parts.sum(axis=1) != score)
    return ~differs


def _breakdown_details(frame: pd.DataFrame) -> pd.DataFrame:
    """The score, each part and their total; ``cells`` is filled in where letters are known."""
    parts = {column: frame[column] for column in BREAKDOWN_COLUMNS}
    total = np.column_stack([numbers(frame, column) for column in BREAKDOWN_COLUMNS]).sum(axis=1)
    return checks.found(frame, frame["score"], total=total, cells="", **parts)


_BREAKDOWN_RULE = Rule("breakdown_mismatch", "score", _breakdown_adds_up, _breakdown_details)


def format_rules(roster: frozenset[str] | None, fmt: Format) -> tuple[Rule, ...]:
    """Every cross-row rule of ``fmt``'s game, its table sizes, and the roster rule.

    Catan's are ``BASE_RULES`` (the table sizes the format's); Carcassonne's are the
    table size, a player once per round and the score's breakdown.

    >>> from xlsx_scorer.core.formats import load
    >>> format_rules(None, load("catan-de")) == rules(None)
    True
    """
    if fmt.game == "catan" and fmt.table_sizes == tuple(sorted(TABLE_SIZES)):
        return rules(roster)
    return (*_format_base(fmt), *_roster_rules(roster))


@functools.lru_cache(maxsize=16)
def _format_base(fmt: Format) -> tuple[Rule, ...]:
    """The rules of ``fmt`` but the roster's, made once per format (so is their schema)."""
    table_size = _table_size_rule(fmt)
    if fmt.game == "catan":
        return tuple(table_size if rule.name == "table_size" else rule for rule in BASE_RULES)
    once = next(rule for rule in BASE_RULES if rule.name == "player_twice_in_round")
    return (table_size, once, _BREAKDOWN_RULE)


def format_rules_schema(roster: frozenset[str] | None, fmt: Format) -> pa.DataFrameSchema:
    """``format_rules`` as frame checks (as ``rules_schema``), built once per set of rules."""
    return checks.schema_of(format_rules(roster, fmt))


@functools.cache
def game_columns_schema(game: str) -> pa.DataFrameSchema:
    """The typed columns of ``game``'s ``Results`` (Catan's: ``columns_schema``)."""
    if game == "catan":
        return columns_schema()
    whole = {
        column: pa.Column(
            "Int64",
            checks.range_check(column),
            nullable=True,
            required=column not in BREAKDOWN_COLUMNS,
        )
        for column in ("score", *BREAKDOWN_COLUMNS)
    }
    columns = {
        "round": pa.Column("Int64", checks.range_check("round"), nullable=True),
        "table": pa.Column(object, nullable=True),
        "player": pa.Column(object, nullable=True),
        **whole,
    }
    return pa.DataFrameSchema(columns, strict=False, coerce=False)

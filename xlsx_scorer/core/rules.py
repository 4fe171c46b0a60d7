"""Every rule of SPEC §1–2 as a named pandera check on the ``Results`` frame.

Two steps.  ``typed_results`` reads each raw cell (``cells.py``) into a typed
frame and lists the cells that could not be read (a blank optional cell, such
as ``Total VP``, is not checked, so it is no problem).  ``results_schema`` then
checks ranges per column and the cross-row rules per row, per game
``(round, table)`` and per round.  Each check's name is a finding code
(docs/findings.md), and each ``Rule`` says which cell a failing row points at
and what was found, so ``problems.problems_from_failures`` can make it a finding.

Checks see the typed frame; a value that could not be read is missing (NA),
and a rule that needs a missing value passes silently: the unreadable cell is
already reported, and guessing would only add noise.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
import pandera.pandas as pa

from xlsx_scorer.core import backends, cells, scoring
from xlsx_scorer.core.columns import MARK_COLUMNS, NUMBER_COLUMNS, OPTIONAL_COLUMNS, RANGES
from xlsx_scorer.core.memo import FrameMemo
from xlsx_scorer.i18n import fold

backends.load_pandera()

GAME = ["round", "table"]

TABLE_VP_CARDS_MAX = 5
TABLE_KNIGHTS_MAX = 14
TABLE_SIZES = tuple(scoring.PLACE_POINTS)


# ---------------------------------------------------------------------------
# Reading cells into types


def typed_results(raw: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Typed columns from raw cell values, and the cells that could not be read.

    The second frame has one row per unreadable cell: ``row`` (Excel row),
    ``column`` (key), ``code`` (a finding code) and ``found``.

    >>> raw = pd.DataFrame({"round": [1, "x"]}, index=[5, 6], dtype=object)
    >>> typed, errors = typed_results(raw)
    >>> typed["round"].tolist(), errors[["row", "code"]].values.tolist()
    ([1, <NA>], [[6, 'text_in_number']])
    """
    parsers: dict[str, Callable[[Any], Any]] = {
        "round": cells.whole_number,
        "table": cells.table_label,
        "player": cells.player_name,
        **dict.fromkeys(NUMBER_COLUMNS, cells.whole_number),
        **dict.fromkeys(MARK_COLUMNS, cells.mark),
        "total_vp": cells.whole_number,
    }
    dtypes: dict[str, Any] = {
        "round": "Int64",
        "table": object,
        "player": object,
        **dict.fromkeys(NUMBER_COLUMNS, "Int64"),
        **dict.fromkeys(MARK_COLUMNS, "boolean"),
        "total_vp": "Int64",
    }
    typed = {}
    failures: list[dict[str, Any]] = []
    for column in raw.columns.intersection(list(parsers)):
        codes, uniques = cells.distinct(raw[column].to_numpy())
        parse = _blank_rule(column, parsers[column])
        parsed = [parse(value) for value in uniques]
        bad = np.array([isinstance(value, cells.CellError) for value in parsed], dtype=bool)
        bad_rows = np.flatnonzero(bad[codes])
        rows = raw.index.to_numpy()
        failures.extend(
            {"row": rows[row], "column": column, "code": error.code, "found": error.found}
            for row in bad_rows
            for error in (parsed[codes[row]],)
        )
        array = _typed_array(parsed, bad, codes, dtypes[column])
        typed[column] = pd.Series(array, index=raw.index, dtype=dtypes[column])
    errors = pd.DataFrame(failures, columns=["row", "column", "code", "found"])
    return pd.DataFrame(typed, index=raw.index), errors


def _typed_array(
    parsed: list[Any], bad: npt.NDArray[np.bool_], codes: npt.NDArray[np.intp], dtype: Any
) -> Any:
    """The column of parsed distinct values taken by ``codes``.

    Unreadable values (``bad``) and blank optional cells (parsed as None) are missing.
    """
    missing = bad | np.array([value is None for value in parsed], dtype=bool)
    if dtype == "Int64":
        numbers = [0 if gone else value for value, gone in zip(parsed, missing, strict=True)]
        values = np.array(numbers, dtype=np.int64)
        return pd.arrays.IntegerArray(values[codes], missing[codes])
    if dtype == "boolean":
        flags = [not gone and bool(value) for value, gone in zip(parsed, missing, strict=True)]
        return pd.arrays.BooleanArray(np.array(flags, dtype=bool)[codes], missing[codes])
    objects = np.empty(len(parsed), dtype=object)
    objects[:] = [None if gone else value for value, gone in zip(parsed, missing, strict=True)]
    return objects[codes]


def _blank_rule(column: str, parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Blank required cells read as a ``missing`` error, blank marks as no (``parse`` says so),
    blank optional cells as missing values (not checked)."""

    def parse_cell(value: Any) -> Any:
        if cells.is_blank(value) and column in OPTIONAL_COLUMNS:
            return None
        if cells.is_blank(value) and column not in MARK_COLUMNS:
            return cells.CellError(
                "missing_player" if parse is cells.player_name else "missing", ""
            )
        return parse(value)

    return parse_cell


# ---------------------------------------------------------------------------
# Rules


@dataclass(frozen=True)
class Rule:
    """One named cross-row rule: where it points and what it reports.

    ``passes`` returns True for every row that keeps the rule (NA counts as
    passing); ``details`` returns, per row, the message parameters (at least
    ``found``).
    """

    name: str
    column: str
    passes: Callable[[pd.DataFrame], pd.Series]
    details: Callable[[pd.DataFrame], pd.DataFrame]


_MEMO = FrameMemo()


def _complete(frame: pd.DataFrame, columns: list[str]) -> pd.Series:
    """True for rows whose whole game has readable values in ``columns``."""
    present = frame[columns].notna().all(axis=1) & scoring.game_ids(frame).notna()
    return scoring.per_game(frame, present, "all").fillna(False).astype(bool)


def _found(series: pd.Series, **more: pd.Series | Any) -> pd.DataFrame:
    return pd.DataFrame({"found": series, **more}, index=series.index)


def _no_cities_needs_two_settlements(frame: pd.DataFrame) -> pd.Series:
    return ~((frame["cities"] == 0) & (frame["settlements"] < 2)).fillna(False)


def _longest_road_within_roads(frame: pd.DataFrame) -> pd.Series:
    return ~(frame["longest_road"] > frame["roads"]).fillna(False)


def _table_size(frame: pd.DataFrame) -> pd.Series:
    size = scoring.per_game(frame, frame["player"].notna() | True, "size")
    return size.isin(TABLE_SIZES) | size.isna()


def _table_size_details(frame: pd.DataFrame) -> pd.DataFrame:
    return _found(scoring.per_game(frame, frame["player"].notna() | True, "size"))


def _played_in_round(frame: pd.DataFrame) -> pd.Series:
    keys = frame[["round", "player"]]
    counts = keys.groupby(["round", "player"], dropna=True, sort=False)["round"].transform("size")
    return counts.reindex(frame.index)


def _player_once_per_round(frame: pd.DataFrame) -> pd.Series:
    return ~(_played_in_round(frame) > 1).fillna(False)


def _table_total_at_most(column: str, limit: int) -> Callable[[pd.DataFrame], pd.Series]:
    def passes(frame: pd.DataFrame) -> pd.Series:
        total = scoring.per_game(frame, frame[column], "sum")
        over = (total > limit) & (frame[column] > 0) & _complete(frame, [column])
        return ~over.fillna(False)

    return passes


def _table_total(column: str) -> Callable[[pd.DataFrame], pd.DataFrame]:
    return lambda frame: _found(scoring.per_game(frame, frame[column], "sum"))


@dataclass(frozen=True)
class _Title:
    """A title (Largest Army, Longest Road): who qualifies and who is tied for the most."""

    value: str
    mark: str
    minimum: int

    def leaders(self, frame: pd.DataFrame) -> pd.DataFrame:
        """Per row: qualifies, leader, leaders at the table, marked leaders, complete."""
        return _MEMO.get(
            frame,
            ("leaders", self),
            lambda: scoring.title_leaders(frame, self.value, self.mark, self.minimum).assign(
                complete=_complete(frame, [self.value, self.mark])
            ),
        )

    def mark_no_qualifier(self, frame: pd.DataFrame) -> pd.Series:
        info = self.leaders(frame)
        bad = frame[self.mark].fillna(False) & (info["game_best"].isna()) & info["complete"]
        return ~bad

    def mark_not_leader(self, frame: pd.DataFrame) -> pd.Series:
        info = self.leaders(frame)
        bad = (
            frame[self.mark].fillna(False)
            & ~info["leader"]
            & info["game_best"].notna()
            & info["complete"]
        )
        return ~bad

    def tie_unmarked(self, frame: pd.DataFrame) -> pd.Series:
        info = self.leaders(frame)
        bad = info["leader"] & (info["leaders"] > 1) & (info["marked_leaders"] == 0)
        return ~(bad & info["complete"])

    def tie_several_marks(self, frame: pd.DataFrame) -> pd.Series:
        info = self.leaders(frame)
        bad = info["leader"] & frame[self.mark].fillna(False) & (info["marked_leaders"] > 1)
        return ~(bad & info["complete"])

    def value_details(self, frame: pd.DataFrame) -> pd.DataFrame:
        info = self.leaders(frame)
        return _found(frame[self.value], most=info["game_best"])

    def tie_details(self, frame: pd.DataFrame) -> pd.DataFrame:
        info = self.leaders(frame)
        count = info["leaders"].where(info["marked_leaders"] <= 1, info["marked_leaders"])
        return _found(info["game_best"], count=count)


ARMY = _Title("knights", "army_first", scoring.ARMY_MIN_KNIGHTS)
ROAD = _Title("longest_road", "road_first", scoring.ROAD_MIN_LENGTH)
VP_COLUMNS = ["settlements", "cities", "vp_cards", "knights", "longest_road", "army_first"]
ALL_VP_COLUMNS = [*VP_COLUMNS, "road_first", "declared"]


def _declaration(frame: pd.DataFrame) -> pd.DataFrame:
    return _MEMO.get(
        frame,
        "declarations",
        lambda: scoring.declarations(frame).assign(complete=_complete(frame, ALL_VP_COLUMNS)),
    )


def _declared_needs_10(frame: pd.DataFrame) -> pd.Series:
    info = _declaration(frame)
    return ~(frame["declared"].fillna(False) & ~info["eligible"] & info["complete"])


def _declared_missing(frame: pd.DataFrame) -> pd.Series:
    info = _declaration(frame)
    bad = info["eligible"] & (info["eligible_players"] >= 2) & (info["marked_eligible"] == 0)
    return ~(bad & info["complete"])


def _declared_several(frame: pd.DataFrame) -> pd.Series:
    info = _declaration(frame)
    bad = info["eligible"] & frame["declared"].fillna(False) & (info["marked_eligible"] > 1)
    return ~(bad & info["complete"])


def _declared_vp_details(frame: pd.DataFrame) -> pd.DataFrame:
    return _found(_declaration(frame)["vp"])


def _declared_count_details(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    info = _declaration(frame)
    return _found(info["vp"], count=info[column])


#: Every cell an in-game VP total depends on, across the game (titles compare players).
SLIP_COLUMNS = [*VP_COLUMNS, "road_first"]


def _slip_totals(frame: pd.DataFrame) -> pd.DataFrame:
    """Per row: in-game VP with the titles held (``scoring.game_vp``), and whether the
    game's VP cells are all readable (``complete``)."""
    return _MEMO.get(
        frame,
        "slip_totals",
        lambda: scoring.game_vp(frame).assign(complete=_complete(frame, SLIP_COLUMNS)),
    )


def _total_vp_matches(frame: pd.DataFrame) -> pd.Series:
    """Rule 11: a filled ``Total VP`` equals the in-game VP the row adds up to.

    A blank cell or a workbook without the column is not checked, nor is a game
    with an unreadable VP cell (its VP cannot be known).

    >>> game = pd.DataFrame({"round": [1] * 3, "table": ["1"] * 3,
    ...     "settlements": [5, 2, 4], "cities": [0, 1, 0], "vp_cards": [0, 0, 1],
    ...     "knights": [3, 0, 0], "longest_road": [2, 2, 2], "army_first": [False] * 3,
    ...     "road_first": [False] * 3, "total_vp": pd.array([8, None, 5], dtype="Int64")})
    >>> _total_vp_matches(game).tolist()  # 5 + 0 × 2 + 0 + 2 (Largest Army) = 7, not 8
    [False, True, True]
    """
    if "total_vp" not in frame.columns:
        return pd.Series(True, index=frame.index)
    info = _slip_totals(frame)
    differs = frame["total_vp"].notna() & info["complete"] & (frame["total_vp"] != info["vp"])
    return ~differs.fillna(False).astype(bool)


def _total_vp_details(frame: pd.DataFrame) -> pd.DataFrame:
    """Both numbers and what the row adds up to; ``army``/``road`` say which titles count."""
    info = _slip_totals(frame)
    held = {True: "yes", False: "no"}
    return _found(
        frame["total_vp"],
        vp=info["vp"],
        settlements=frame["settlements"],
        cities=frame["cities"],
        vp_cards=frame["vp_cards"],
        army=info["largest_army"].astype(bool).map(held),
        road=info["longest_road"].astype(bool).map(held),
    )


def _row_value(column: str) -> Callable[[pd.DataFrame], pd.DataFrame]:
    return lambda frame: _found(frame[column])


@functools.lru_cache(maxsize=16)
def _roster_rules(roster: frozenset[str] | None) -> tuple[Rule, ...]:
    """Names on the roster when there is one; else no two spellings of one person."""
    if roster:
        folded = {fold(name): name for name in roster}

        def on_roster(frame: pd.DataFrame) -> pd.Series:
            return frame["player"].isin(list(roster)) | frame["player"].isna()

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
            return _found(frame["player"], suggestion=hint, message_code=code)

        return (Rule("not_on_roster", "player", on_roster, suggestion),)

    def variants(frame: pd.DataFrame) -> pd.DataFrame:
        return _MEMO.get(frame, "variants", lambda: _variants(frame))

    def _variants(frame: pd.DataFrame) -> pd.DataFrame:
        codes, names = pd.factorize(frame["player"])
        keys = [fold(str(name)) for name in names]
        spellings: dict[str, list[str]] = {}
        for name, key in zip(names, keys, strict=True):
            spellings.setdefault(key, []).append(str(name))
        count = np.array([len(spellings[key]) for key in keys] + [np.nan])
        other = np.empty(len(names) + 1, dtype=object)
        other[:-1] = [
            next((s for s in sorted(spellings[key]) if s != name), name)
            for name, key in zip(names, keys, strict=True)
        ]
        found = np.empty(len(names) + 1, dtype=object)
        found[:-1] = list(names)
        return pd.DataFrame(
            {"spellings": count[codes], "found": found[codes], "other": other[codes]},
            index=frame.index,
        )

    def one_spelling(frame: pd.DataFrame) -> pd.Series:
        return ~(variants(frame)["spellings"] > 1).reindex(frame.index).fillna(False)

    return (Rule("name_variants", "player", one_spelling, variants),)


BASE_RULES: tuple[Rule, ...] = (
    Rule(
        "no_cities_needs_two_settlements",
        "settlements",
        _no_cities_needs_two_settlements,
        _row_value("settlements"),
    ),
    Rule(
        "longest_road_exceeds_roads",
        "longest_road",
        _longest_road_within_roads,
        lambda frame: _found(frame["longest_road"], roads=frame["roads"]),
    ),
    Rule("table_size", "table", _table_size, _table_size_details),
    Rule(
        "player_twice_in_round",
        "player",
        _player_once_per_round,
        lambda frame: _found(_played_in_round(frame)),
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


def _range_check(column: str) -> pa.Check:
    low, high = RANGES[column]
    if high is None:
        return pa.Check(lambda series: series >= low, name="below_minimum")
    return pa.Check(lambda series: series.between(low, high), name="out_of_range")


@functools.cache
def columns_schema() -> pa.DataFrameSchema:
    """The pandera schema of each typed column: its type and the ranges of SPEC §1–2.

    ``total_vp`` is optional (SPEC §1): the frame may lack it.  Built once (it
    holds no state between validations).
    """
    columns = {
        "round": pa.Column("Int64", _range_check("round"), nullable=True),
        "table": pa.Column(object, nullable=True),
        "player": pa.Column(object, nullable=True),
        **{
            column: pa.Column("Int64", _range_check(column), nullable=True)
            for column in NUMBER_COLUMNS
        },
        **{column: pa.Column("boolean", nullable=True) for column in MARK_COLUMNS},
        "total_vp": pa.Column("Int64", _range_check("total_vp"), nullable=True, required=False),
    }
    return pa.DataFrameSchema(columns, strict=False, coerce=False)


def rules_schema(roster: frozenset[str] | None = None) -> pa.DataFrameSchema:
    """The cross-row rules ``rules(roster)`` as frame checks named by their problem code.

    Run it on a frame whose out-of-range values are already masked
    (``without_failures``), so one wrong cell is reported once, not again by
    every rule that adds it up.  Built once per set of rules.
    """
    return _schema_of(rules(roster))


@functools.lru_cache(maxsize=16)
def _schema_of(chosen: tuple[Rule, ...]) -> pa.DataFrameSchema:
    checks = [pa.Check(_passing(rule.passes), name=rule.name, ignore_na=False) for rule in chosen]
    return pa.DataFrameSchema(checks=checks, strict=False, coerce=False)


def without_failures(frame: pd.DataFrame, failure_cases: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` with every cell that failed a column check set to missing."""
    masked = frame.copy()
    cases = failure_cases.dropna(subset=["index", "column"])
    for column, rows in cases.groupby("column")["index"]:
        masked.loc[list(rows), str(column)] = pd.NA
    return masked


def _passing(passes: Callable[[pd.DataFrame], pd.Series]) -> Callable[[pd.DataFrame], pd.Series]:
    """A frame check that reports a failing row as False, NA as passing."""
    return lambda frame: passes(frame).reindex(frame.index).fillna(True).astype(bool)

"""How a rule of docs/rules.md becomes a pandera check, failing closed.

A ``Rule`` names a cross-row rule (its finding code), the column its failing rows point at,
``passes`` (one bool per row) and ``details`` (each row's message parameters);
``schema_of`` turns rules into frame checks through ``passing``, which refuses any answer
that is not exactly one bool per row (exit code 3, never a pass).  ``range_check`` is a
column's limits as a check, and ``without_failures`` masks the cells a column check
failed, so the frame checks that follow see each wrong cell once.  The rules themselves are
in ``core.rules``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import pandera.pandas as pa

from xlsx_scorer.core import backends
from xlsx_scorer.core.columns import RANGES
from xlsx_scorer.core.games import Flags
from xlsx_scorer.findings import InternalError

backends.load_pandera()


@dataclass(frozen=True)
class Rule:
    """One named cross-row rule: where it points and what it reports.

    ``passes`` returns, per row, True for every row that keeps the rule (a rule
    that needs a missing value passes); ``details`` returns, per row, the
    message parameters (at least ``found``).
    """

    name: str
    column: str
    passes: Callable[[pd.DataFrame], Flags]
    details: Callable[[pd.DataFrame], pd.DataFrame]


def found(frame: pd.DataFrame, found: Any, **more: Any) -> pd.DataFrame:
    """The message parameters of every row of ``frame``: ``found`` and ``more``."""
    return pd.DataFrame({"found": found, **more}, index=frame.index)


def row_value(column: str) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """The message parameters of a rule that reports the cell's own value."""
    return lambda frame: found(frame, frame[column])


def range_check(column: str) -> pa.Check:
    """The column's limits (``RANGES``) as a check; a missing value passes (it is not checked)."""
    low, high = RANGES[column]

    def within(series: pd.Series) -> pd.Series:
        values = series.to_numpy(dtype=np.float64, na_value=np.nan)
        outside = values < low
        if high is not None:
            outside |= values > high
        return pd.Series(~outside, index=series.index)

    return pa.Check(
        within, name="below_minimum" if high is None else "out_of_range", ignore_na=False
    )


@functools.lru_cache(maxsize=16)
def schema_of(chosen: tuple[Rule, ...]) -> pa.DataFrameSchema:
    """``chosen`` as frame checks named by their problem code (built once per set of rules)."""
    checks = [pa.Check(passing(rule), name=rule.name, ignore_na=False) for rule in chosen]
    return pa.DataFrameSchema(checks=checks, strict=False, coerce=False)


def without_failures(frame: pd.DataFrame, failure_cases: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` with every cell that failed a column check set to missing.

    With no such cell, ``frame`` itself (frames are never mutated): what the
    rules work out about it is then remembered for the scoring too.
    """
    if failure_cases.empty:
        return frame
    masked = frame.copy()
    cases = failure_cases.dropna(subset=["index", "column"])
    for column, rows in cases.groupby("column")["index"]:
        masked.loc[list(rows), str(column)] = pd.NA
    return masked


def passing(rule: Rule) -> Callable[[pd.DataFrame], pd.Series]:
    """A frame check that reports a failing row as False: ``rule.passes`` as a Series of ``frame``.

    Fail closed (docs/rules.md): the rule must answer exactly one bool per row, a
    numpy array or a Series on the frame's rows.  Anything else (a single ``True``,
    NaN, floats, nullable booleans, a row too many) is a bug of the rule, never a
    pass: ``InternalError``, which pandera records without a row and
    ``problems.problems_from_failures`` raises again (exit code 3).

    >>> frame = pd.DataFrame({"round": [1, 2]})
    >>> passing(Rule("ok", "round", lambda f: np.array([True, False]), row_value("round")))(
    ...     frame).tolist()
    [True, False]
    >>> passing(Rule("lax", "round", lambda f: True, row_value("round")))(frame)
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.InternalError: rule lax gave bool, not one bool per row (2 rows)
    """

    def check(frame: pd.DataFrame) -> pd.Series:
        flags: object = rule.passes(frame)
        if isinstance(flags, pd.Series) and flags.index.equals(frame.index):
            flags = flags.to_numpy()
        if not (
            isinstance(flags, np.ndarray)
            and flags.dtype == np.bool_
            and flags.shape == (len(frame),)
        ):
            shape = getattr(flags, "shape", "")
            kind = f"{type(flags).__name__} {getattr(flags, 'dtype', '')} {shape}".strip()
            raise InternalError(
                f"rule {rule.name} gave {' '.join(kind.split())}, not one bool per row "
                f"({len(frame)} rows)"
            )
        return pd.Series(flags, index=frame.index)

    return check

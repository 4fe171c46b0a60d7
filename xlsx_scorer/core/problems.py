"""What the rules found, as findings: unreadable cells and pandera failure cases → ``Finding``.

Every finding points at the cell the organiser sees (``Results!D7``) and names
the round, table and player of its row; its parameters are values and column
keys, never words (``findings.render`` says them in a language).

Fail closed: a failure case pandera could not pin on a row (a check whose code
raised, a column that is missing, a type that is wrong) or one from a check we
do not know is a bug of the scorer, never a pass: ``InternalError``.

>>> frame = pd.DataFrame({"round": [1], "table": ["2"], "player": ["Ana"]}, index=[7])
>>> context = SheetContext("Results", {"settlements": "D"}, frame)
>>> context.finding("out_of_range", 7, "settlements", found=9.0, low=0, high=5).where.ref
'Results!D7'
>>> cases = pd.DataFrame({"column": [None], "check": ["table_size"], "failure_case":
...                       ["ValueError('boom')"], "index": [None]})
>>> problems_from_failures(context, cases, (), {})
Traceback (most recent call last):
...
xlsx_scorer.findings.InternalError: check table_size failed without a row: ValueError('boom')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from xlsx_scorer.findings import Finding, InternalError, Scalar, Where

#: The names of the per-column range checks (``rules.columns_schema``).
COLUMN_CHECKS = ("out_of_range", "below_minimum")


def _plain(value: Any) -> Scalar:
    """A pandas scalar as a plain value for a finding: NA becomes None, 3.0 becomes 3."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value is None or isinstance(value, str | int | float):
        return value
    return str(value)


@dataclass(frozen=True)
class SheetContext:
    """What a finding needs to name its place: the sheet, column letters, the typed rows."""

    sheet: str
    letters: Mapping[str, str]
    frame: pd.DataFrame

    def finding(self, code: str, row: int, column: str, **params: Any) -> Finding:
        """The error ``code`` at ``column`` (a key) of Excel ``row``, with its ``params``."""
        values = self.frame.loc[row] if row in self.frame.index else None
        round_, table, player = (
            (_plain(values.get("round")), _plain(values.get("table")), _plain(values.get("player")))
            if values is not None
            else (None, None, None)
        )
        where = Where(
            sheet=self.sheet,
            cell=f"{self.letters[column]}{row}",
            round=round_ if isinstance(round_, int) else None,
            table=None if table is None else str(table),
            player=None if player is None else str(player),
        )
        return Finding(
            code,
            {"column": column, **{key: _plain(value) for key, value in params.items()}},
            "error",
            where,
        )


def problems_from_cell_errors(context: SheetContext, errors: pd.DataFrame) -> list[Finding]:
    """One finding per cell that could not be read (``typed.typed_results``)."""
    if errors.empty:
        return []
    return [
        context.finding(code, int(row), column, found=found)
        for row, column, code, found in errors[["row", "column", "code", "found"]].itertuples(
            index=False
        )
    ]


def problems_from_failures(
    context: SheetContext,
    failure_cases: pd.DataFrame,
    rules: Iterable[Any],
    ranges: Mapping[str, tuple[int, int | None]],
) -> list[Finding]:
    """Turn pandera's ``failure_cases`` into findings, one per failing row and check.

    Column checks (``out_of_range``, ``below_minimum``) report the value found
    and the limits; frame checks are ``checks.Rule``\\ s, whose ``details`` give
    the parameters and whose ``column`` is the cell to point at.  A case without
    a row, or from a check that is neither, raises ``InternalError``.
    """
    if failure_cases.empty:
        return []
    by_name = {rule.name: rule for rule in rules}
    _refuse_unexplained(failure_cases, {*COLUMN_CHECKS, *by_name})
    findings: list[Finding] = []
    column_cases = failure_cases[failure_cases["check"].isin(COLUMN_CHECKS)]
    for column, check, found, row in column_cases[
        ["column", "check", "failure_case", "index"]
    ].itertuples(index=False):
        low, high = ranges[column]
        findings.append(context.finding(check, int(row), column, found=found, low=low, high=high))
    frame_cases = failure_cases[failure_cases["check"].isin(list(by_name))]
    frame_cases = frame_cases.drop_duplicates(["check", "index"])
    for name, group in frame_cases.groupby("check", sort=False):
        rule = by_name[str(name)]
        details = rule.details(context.frame)
        for row in group["index"]:
            params = details.loc[row].to_dict()
            code = params.pop("message_code", None) or rule.name
            findings.append(context.finding(code, int(row), rule.column, **params))
    return findings


def _refuse_unexplained(failure_cases: pd.DataFrame, known: set[str]) -> None:
    """``InternalError`` for a failure case that is not a known check failing on a row."""
    rowless = failure_cases[failure_cases["index"].isna()]
    if len(rowless):
        check, case = rowless[["check", "failure_case"]].iloc[0]
        raise InternalError(f"check {check} failed without a row: {case}")
    unknown = failure_cases[~failure_cases["check"].isin(list(known))]
    if len(unknown):
        check, case = unknown[["check", "failure_case"]].iloc[0]
        raise InternalError(f"unexpected failure of check {check}: {case}")

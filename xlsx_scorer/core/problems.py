"""Problems are data: every finding about a workbook is one frozen ``Problem``.

Exceptions mean only "cannot continue": ``UnusableWorkbookError`` carries a
message code and its parameters, rendered in the user's language by ``i18n``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from xlsx_scorer.i18n import header, text


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a workbook, pointing at the cell the organiser sees.

    >>> problem = Problem("out_of_range", "Results", "D7", 2, "3", "Ana", "Settlements is 7; …")
    >>> problem.ref, problem.position
    ('Results!D7', (7, 4))
    """

    code: str
    sheet: str
    cell: str
    round: int | None
    table: str | None
    player: str | None
    message: str

    @property
    def position(self) -> tuple[int, int]:
        """(row, column number) of the cell, for reading order: ``"AB7"`` → ``(7, 28)``."""
        letters = self.cell.rstrip("0123456789")
        column = 0
        for letter in letters:
            column = column * 26 + ord(letter) - ord("A") + 1
        return int(self.cell[len(letters) :] or 0), column

    @property
    def ref(self) -> str:
        """The cell as a spreadsheet reference, ``Results!D7``."""
        return f"{self.sheet}!{self.cell}" if self.cell else self.sheet


@dataclass(frozen=True)
class Notice:
    """Something the organiser should know that is not an error (e.g. a regenerated sheet)."""

    code: str
    message: str


class UnusableWorkbookError(Exception):
    """The file cannot be used at all (exit code 2); nothing is written.

    ``code`` is an i18n message key; ``params`` fill its template; ``language``
    is the workbook's language when known, so the message can be said in it.
    """

    def __init__(
        self, code: str, params: Mapping[str, Any] | None = None, *, language: str | None = None
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        #: The workbook's language, when it was found before the failure.
        self.language = language


def _plain(value: Any) -> Any:
    """A pandas scalar as a plain value for messages: NA becomes None, 3.0 becomes 3."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass(frozen=True)
class SheetContext:
    """What a problem needs to name its place: the sheet, column letters, the typed rows."""

    sheet: str
    letters: Mapping[str, str]
    frame: pd.DataFrame
    lang: str

    def problem(self, code: str, row: int, column: str, **params: Any) -> Problem:
        """The problem ``code`` at ``column`` of Excel ``row``, its message in ``lang``."""
        where = self.frame.loc[row] if row in self.frame.index else None
        round_, table, player = (
            (_plain(where["round"]), _plain(where["table"]), _plain(where["player"]))
            if where is not None
            else (None, None, None)
        )
        values = {"round": round_, "table": table, "player": player}
        values.update({key: _plain(value) for key, value in params.items()})
        values = {key: "" if value is None else value for key, value in values.items()}
        message = text(self.lang, f"problem.{code}", column=header(self.lang, column), **values)
        return Problem(
            code=code,
            sheet=self.sheet,
            cell=f"{self.letters[column]}{row}",
            round=round_,
            table=None if table is None else str(table),
            player=player,
            message=message,
        )


def problems_from_cell_errors(context: SheetContext, errors: pd.DataFrame) -> list[Problem]:
    """One problem per cell that could not be read (``schemas.typed_results``)."""
    return [
        context.problem(code, int(row), column, found=found)
        for row, column, code, found in errors[["row", "column", "code", "found"]].itertuples(
            index=False
        )
    ]


def problems_from_failures(
    context: SheetContext,
    failure_cases: pd.DataFrame,
    rules: Iterable[Any],
    ranges: Mapping[str, tuple[int, int | None]],
) -> list[Problem]:
    """Turn pandera's ``failure_cases`` into problems, one per failing row and check.

    Column checks (``out_of_range``, ``below_minimum``) report the value found
    and the limits; frame checks are ``schemas.Rule``\\ s, whose ``details``
    give the message parameters and whose ``column`` is the cell to point at.
    """
    by_name = {rule.name: rule for rule in rules}
    problems: list[Problem] = []
    cases = failure_cases.dropna(subset=["index"])
    column_cases = cases[cases["check"].isin(["out_of_range", "below_minimum"])]
    for column, check, found, row in column_cases[
        ["column", "check", "failure_case", "index"]
    ].itertuples(index=False):
        low, high = ranges[column]
        problems.append(context.problem(check, int(row), column, found=found, low=low, high=high))
    frame_cases = cases[cases["check"].isin(list(by_name))].drop_duplicates(["check", "index"])
    for name, group in frame_cases.groupby("check", sort=False):
        rule = by_name[str(name)]
        details = rule.details(context.frame)
        for row in group["index"]:
            params = details.loc[row].to_dict()
            code = params.pop("message_code", None) or rule.name
            problems.append(context.problem(code, int(row), rule.column, **params))
    return problems

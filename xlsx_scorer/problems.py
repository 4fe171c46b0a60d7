"""Problems are data: every finding about a workbook is one frozen ``Problem``.

Exceptions mean only "cannot continue": ``UnusableWorkbookError`` carries a
message code and its parameters, rendered in the user's language by ``i18n``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a workbook, pointing at the cell the organiser sees.

    >>> Problem("settlements_range", "Results", "D7", 2, "3", "Ana", "Settlements is 7 ...")
    ... # doctest: +SKIP
    """

    code: str
    sheet: str
    cell: str
    round: int | None
    table: str | None
    player: str | None
    message: str

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

    ``code`` is an i18n message key; ``params`` fill its template.
    """

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

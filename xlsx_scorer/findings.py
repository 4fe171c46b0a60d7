"""Findings are data: everything a run reports about a workbook is one frozen ``Finding``.

A finding has a stable ``code``, its ``params`` (JSON scalars, never words of a
language), a ``severity`` and a ``where`` (file, sheet, cell, round, table,
player; each optional).  It becomes words only at the edge, ``render(finding,
lang)``, through the language's ICU message ``message_key(finding)``:

>>> finding = Finding("out_of_range", {"column": "settlements", "found": 7, "low": 0, "high": 5},
...                   "error", Where(sheet="Results", cell="D7", round=2, table="3", player="Ana"))
>>> render(finding, "en")
'Settlements is 7; it must be a whole number from 0 to 5.'
>>> render(finding, "es")
'Poblados: 7; tiene que ser un número entero entre 0 y 5.'
>>> from_json(to_json(finding)) == finding
True

Severities: ``fatal`` (the file cannot be used: exit code 2, nothing written),
``error`` (a rule is broken: exit code 1, no standings published) and
``notice`` (worth knowing, changes nothing).  Exceptions mean only "cannot go
on": ``UnusableWorkbookError`` carries a fatal finding; ``InternalError`` (and
any other unexpected exception) is a bug of the scorer, exit code 3.

The JSON form and every code are listed in ``docs/findings.md``.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import operator
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from xlsx_scorer.i18n import header, is_column, number_text, text

Severity = Literal["fatal", "error", "notice"]
SEVERITIES: tuple[Severity, ...] = get_args(Severity)
#: A parameter value: a JSON scalar.
Scalar = str | int | float | bool | None
#: The i18n message of a finding is this prefix + its code (fatal codes start with ``unusable.``).
_KEY_PREFIX: dict[Severity, str] = {"fatal": "", "error": "problem.", "notice": "notice."}
#: The parameter that names a Results column by key; rendered as the header of the language.
COLUMN_PARAM = "column"
#: The most characters of a text a finding quotes (a value found in a cell, a player's
#: name…): a longer one is cut to the first ``QUOTE_LIMIT - 1`` and "…" (the whole is in
#: the workbook).  Paths on this machine and our descriptions of damage are never cut.
QUOTE_LIMIT = 200
_UNCUT = frozenset({"file", "folder", "lock", "detail"})


def quoted(text: str) -> str:
    """``text`` as a finding quotes it: whole up to ``QUOTE_LIMIT`` characters, else cut.

    >>> len(quoted("x" * 1000)), quoted("x" * 1000)[-2:], quoted("Ana")
    (200, 'x…', 'Ana')
    """
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 1] + "…"


class Params(Mapping[str, Scalar]):
    """Immutable, hashable message parameters: keys in order, values JSON scalars.

    Integers of other types (numpy's) become ``int``; anything else that is not
    a JSON scalar is refused, so a finding always serialises.  A text is :func:`quoted`
    (cut past ``QUOTE_LIMIT`` characters), but for the paths and details of ``_UNCUT``.

    >>> Params({"b": 2, "a": "x"})
    Params({'a': 'x', 'b': 2})
    >>> hash(Params(a=1)) == hash(Params({"a": 1}))
    True
    """

    __slots__ = ("_items",)

    def __init__(self, values: Mapping[str, Any] = {}, /, **more: Any) -> None:
        merged = {**values, **more} if more else values
        items = [(key, _scalar(value)) for key, value in merged.items()]
        self._items = tuple(
            sorted(
                (key, quoted(value) if type(value) is str and key not in _UNCUT else value)
                for key, value in items
            )
        )

    def __getitem__(self, key: str) -> Scalar:
        for name, value in self._items:
            if name == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Params):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"Params({dict(self._items)!r})"


_PLAIN_TYPES = frozenset({str, int, bool, type(None)})


def _scalar(value: Any) -> Scalar:
    """``value`` as a JSON scalar: ``numpy.int64(3)`` → ``3``; a list or NaN is refused."""
    kind = type(value)
    if kind in _PLAIN_TYPES:
        return value  # type: ignore[no-any-return]
    if kind is float:
        if not math.isfinite(value):
            raise ValueError(f"a finding parameter must be a finite number, not {value!r}")
        return value  # type: ignore[no-any-return]
    if hasattr(value, "item"):
        return _scalar(value.item())  # a numpy scalar
    if isinstance(value, str):  # a subclass of a plain type: its plain value
        return str.__str__(value)
    if isinstance(value, float):
        return _scalar(float(value))
    try:
        return operator.index(value)
    except TypeError:
        pass
    if isinstance(value, numbers.Real):
        return _scalar(float(value))
    raise TypeError(f"a finding parameter must be a JSON scalar, not {value!r}")


@dataclass(frozen=True)
class Where:
    """Where a finding points; every part is optional.  The table and the player, as typed
    in the workbook, are :func:`quoted`.

    >>> Where(sheet="Results", cell="D7").ref, Where(sheet="Results").ref, Where().ref
    ('Results!D7', 'Results', '')
    """

    file: str | None = None
    sheet: str | None = None
    cell: str | None = None
    round: int | None = None
    table: str | None = None
    player: str | None = None

    def __post_init__(self) -> None:
        for name in ("table", "player"):
            value = getattr(self, name)
            if type(value) is str and len(value) > QUOTE_LIMIT:
                object.__setattr__(self, name, quoted(value))

    @property
    def ref(self) -> str:
        """The cell as a spreadsheet reference, ``Results!D7`` (or just the sheet)."""
        if self.sheet and self.cell:
            return f"{self.sheet}!{self.cell}"
        return self.sheet or self.cell or ""

    @property
    def position(self) -> tuple[int, int]:
        """(row, column number) of the cell, for reading order: ``"AB7"`` → ``(7, 28)``.

        >>> Where(cell="AB7").position, Where().position
        ((7, 28), (0, 0))
        """
        cell = self.cell or ""
        letters = cell.rstrip("0123456789")
        column = 0
        for letter in letters:
            column = column * 26 + ord(letter) - ord("A") + 1
        return int(cell[len(letters) :] or 0), column


@dataclass(frozen=True)
class Finding:
    """One thing a run reports: a stable code, its parameters, a severity and where.

    ``params`` may be given as any mapping; it is kept as ``Params`` (hashable),
    so findings can be compared, de-duplicated and put in sets.
    """

    code: str
    params: Mapping[str, Scalar] = dataclasses.field(default_factory=Params)
    severity: Severity = "error"
    where: Where = Where()

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity!r}")
        if not isinstance(self.params, Params):
            object.__setattr__(self, "params", Params(self.params))

    def located(self, **where: Any) -> Finding:
        """The same finding with parts of ``where`` filled in: ``located(file="x.xlsx")``."""
        return dataclasses.replace(self, where=dataclasses.replace(self.where, **where))


def message_key(finding: Finding) -> str:
    """The i18n message of ``finding``: ``problem.<code>``, ``notice.<code>`` or the fatal code.

    >>> message_key(Finding("out_of_range")), message_key(Finding("regenerated", {}, "notice"))
    ('problem.out_of_range', 'notice.regenerated')
    >>> message_key(Finding("unusable.empty_file", {}, "fatal"))
    'unusable.empty_file'
    """
    return _KEY_PREFIX[finding.severity] + finding.code


#: Codes whose ``found`` is a number the core wrote (``1.5``, ``1000000000000.0``): said the
#: language's way (``1,5``, ``1.000.000.000.000``), as the organiser's spreadsheet shows it.
NUMBER_FOUND = frozenset({"not_whole_number", "bad_table", "number_too_large"})


def render(finding: Finding, lang: str, *, key: str | None = None) -> str:
    """``finding`` in words of ``lang``: its message (or the message ``key``, a shell's own
    words for it), filled with where it is and its params.

    The message may use every part of ``where`` (``{sheet}``, ``{player}``…) and
    every parameter; ``{column}`` (a column key) is said as that column's header,
    and a missing file name as the language's word for "the workbook"; a number
    the core wrote (``NUMBER_FOUND``) is written the language's way.

    >>> render(Finding("unusable.empty_file", {}, "fatal", Where(file="cup.xlsx")), "en")
    'cup.xlsx is empty (0 bytes); it is not a workbook.'
    >>> render(Finding("unusable.empty_file", {}, "fatal"), "tr")
    'Çalışma kitabı boş (0 bayt); bir çalışma kitabı değil.'
    """
    where = finding.where
    arguments: dict[str, Any] = {
        "file": where.file if where.file is not None else text(lang, "finding.unnamed_file"),
        "sheet": where.sheet,
        "cell": where.cell,
        "ref": where.ref,
        "round": None if where.round is None else str(where.round),
        "table": where.table,
        "player": where.player,
        **finding.params,
    }
    column = arguments.get(COLUMN_PARAM)
    if isinstance(column, str) and is_column(column):
        arguments[COLUMN_PARAM] = header(lang, column)
    found = arguments.get("found")
    if finding.code in NUMBER_FOUND and isinstance(found, str):
        arguments["found"] = number_text(lang, found)
    return text(lang, key or message_key(finding), **arguments)


# ---------------------------------------------------------------------------
# The JSON form (docs/findings.md)

_WHERE_FIELDS = tuple(field.name for field in dataclasses.fields(Where))


def to_json(finding: Finding, *, language: str | None = None) -> dict[str, Any]:
    """The documented JSON form of ``finding``; with ``language``, its ``message`` too.

    >>> to_json(Finding("results_hidden", {}, "notice", Where(sheet="Results")), language="en")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'code': 'results_hidden', 'severity': 'notice', 'params': {},
     'where': {'file': None, 'sheet': 'Results', 'cell': None, 'round': None, 'table': None,
               'player': None},
     'message': 'The Results sheet is hidden in this workbook; it was scored all the same.'}
    """
    data: dict[str, Any] = {
        "code": finding.code,
        "severity": finding.severity,
        "params": dict(finding.params),
        "where": {name: getattr(finding.where, name) for name in _WHERE_FIELDS},
    }
    if language is not None:
        data["message"] = render(finding, language)
    return data


def from_json(data: Mapping[str, Any]) -> Finding:
    """A finding back from its JSON form (a ``message``, being words, is ignored).

    >>> from_json({"code": "table_size", "params": {"found": 5}}).params["found"]
    5
    """
    severity = data.get("severity", "error")
    if severity not in SEVERITIES:
        raise ValueError(f"unknown severity {severity!r}")
    where = data.get("where") or {}
    unknown = set(where) - set(_WHERE_FIELDS)
    if unknown:
        raise ValueError(f"unknown parts of where: {sorted(unknown)}")
    return Finding(str(data["code"]), Params(data.get("params") or {}), severity, Where(**where))


# ---------------------------------------------------------------------------
# Exceptions: only "cannot go on"


class UnusableWorkbookError(Exception):
    """The file cannot be used at all (exit code 2); nothing is written.

    ``code`` is a fatal finding code (``unusable.…``); ``params`` fill its
    message (a ``sheet`` parameter goes to ``where``); ``language`` is the
    workbook's language when it was found before the failure.

    >>> error = UnusableWorkbookError("unusable.no_results_sheet", {"sheets": "Sheet1"})
    >>> error.finding.severity, error.code, error.params
    ('fatal', 'unusable.no_results_sheet', Params({'sheets': 'Sheet1'}))
    """

    def __init__(
        self, code: str, params: Mapping[str, Any] | None = None, *, language: str | None = None
    ) -> None:
        super().__init__(code)
        values = dict(params or {})
        sheet = values.pop("sheet", None)
        self.finding = Finding(
            code, values, "fatal", Where(sheet=None if sheet is None else str(sheet))
        )
        #: The workbook's language, when it was found before the failure.
        self.language = language

    @property
    def code(self) -> str:
        """The finding's code, ``unusable.…``."""
        return self.finding.code

    @property
    def params(self) -> Mapping[str, Scalar]:
        """The finding's parameters."""
        return self.finding.params


class InternalError(Exception):
    """A bug of the scorer noticed by the scorer itself (exit code 3): never a pass.

    Raised, for example, when a rule's check crashed instead of answering.
    """

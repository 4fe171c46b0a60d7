"""A table's result as typed at the table, read and checked by the rules of ``score``.

A submission is the per-player objects of ``/api/table``: ``{"Player": NAME, "<header>":
value, …}`` with the English ``Results`` headers of the format (``Settlements``,
``Largest Army First``; Carcassonne ``Score``…).  Each value is what a cell would hold (a
whole number, ``true``/``false`` or a yes-word for a mark, blank as ``null`` or left out)
and is read as that cell would be: the table's seated rows of the workbook on disk, with
these values in their result cells, are checked by ``pipeline.validate`` itself, so the
findings are the ones ``check --json`` gives for those rows (same codes, messages and
cells).  The result that passes is kept in its *typed* form (``canonical``: numbers and
true/false), whose digest names the submission: ``"x"`` and ``true`` are the same result.

>>> canonical_digest([{"Player": "Ana", "Score": 5}]) == canonical_digest(
...     [{"Score": 5, "Player": "Ana"}])
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from xlsx_scorer.app import api
from xlsx_scorer.core import inplay
from xlsx_scorer.core.cells import count, is_blank, player_name, table_label
from xlsx_scorer.core.columns import GAME_COLUMNS, MARK_COLUMNS
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import Finding
from xlsx_scorer.i18n import fold, header
from xlsx_scorer.xlsx.read import reader

#: The key of each player's object in a submission.
PLAYER = "Player"
#: The longest text value taken in a submission (a cell's typo, not a document).
MAX_TEXT = 100


class BodyError(Exception):
    """A submission that is not a table's result at all (answered 400), with its reason."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Seated:
    """A table of the open round as ``Results`` holds it: its rows (Excel row numbers) and
    players, in seat order."""

    table: str
    rows: tuple[int, ...]
    players: tuple[str, ...]


def result_keys(book: reader.Workbook) -> tuple[str, ...]:
    """The result columns a table types: the game's required ones, then its optional ones
    the sheet has (``total_vp``, Carcassonne's breakdown)."""
    required, optional = GAME_COLUMNS[book.format.game]
    keys = [key for key in required if key not in {"round", "table", "player"}]
    keys += [key for key in optional if key in book.results.columns]
    return tuple(keys)


def fields(book: reader.Workbook, lang: str) -> list[dict[str, str]]:
    """The form's fields: the English header (the submission's key), its label in ``lang``
    and its kind (``whole`` or ``bool``)."""
    return [
        {
            "header": header("en", key),
            "label": header(lang, key),
            "kind": "bool" if key in MARK_COLUMNS else "whole",
        }
        for key in result_keys(book)
    ]


def seated_tables(book: reader.Workbook, round_no: int) -> dict[str, Seated]:
    """The tables of round ``round_no`` in ``Results``: label → rows and players, seat order
    (a bye, one row alone under the bye word, is no table: it has nothing to type)."""
    from xlsx_scorer.app.seat import bye_words  # noqa: PLC0415 - seat imports this package

    byes = bye_words()
    found: dict[str, list[tuple[int, str]]] = {}
    raw = book.results.raw
    for row, values in zip(
        raw.index, raw[["round", "table", "player"]].itertuples(index=False), strict=True
    ):
        label = table_label(values[1]) if not is_blank(values[1]) else None
        name = player_name(values[2]) if not is_blank(values[2]) else None
        if count(values[0], least=1) != round_no or not isinstance(label, str):
            continue
        if isinstance(name, str) and fold(label) not in byes:
            found.setdefault(label, []).append((int(row), name))
    return {
        label: Seated(label, tuple(r for r, _ in rows), tuple(n for _, n in rows))
        for label, rows in found.items()
    }


def read_body(results: Any, book: reader.Workbook, seated: Seated) -> dict[str, dict[str, Any]]:
    """The submission's values: player → result key → cell value; ``BodyError`` unless it
    is one object per seated player (each named once) with only the format's headers and
    plain values.  A name is read as the reader reads the workbook's (``player_name``:
    trimmed, inner spaces collapsed, NFC): ``" Jose\u0301 "`` is the seated ``José``."""
    keys = {header("en", key): key for key in result_keys(book)}
    if not isinstance(results, list) or len(results) != len(seated.players):
        raise BodyError("live_players")
    values: dict[str, dict[str, Any]] = {}
    for item in results:
        if not isinstance(item, dict) or not isinstance(item.get(PLAYER), str):
            raise BodyError("live_players")
        name = player_name(item[PLAYER])
        if not isinstance(name, str) or name not in seated.players or name in values:
            raise BodyError("live_players")
        unknown = set(item) - {PLAYER, *keys}
        if unknown:
            raise BodyError("live_headers")
        cells: dict[str, Any] = {}
        for head, key in keys.items():
            value = item.get(head)
            if isinstance(value, str) and len(value) > MAX_TEXT:
                raise BodyError("live_value")
            if value is not None and not isinstance(value, str | int | float | bool):
                raise BodyError("live_value")
            cells[key] = value
        values[name] = cells
    return values


def blank(values: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether nothing is filled in (``read_body``'s values): every cell empty, no box
    ticked, as an untouched form sends it.

    >>> blank({"Ana": {"score": None, "won": False}, "Bo": {"score": " "}})
    True
    >>> blank({"Ana": {"score": 0, "won": False}})
    False
    """
    return all(
        value is None or value is False or (isinstance(value, str) and not value.strip())
        for cells in values.values()
        for value in cells.values()
    )


def read_sender(given: Any, seated: Seated) -> str | None:
    """Who sends a result: a player of the table (by name) or a seat number from 1 (a whole
    number, or its digits as the table page's form sends them); None when not said;
    ``BodyError("live_sender")`` for anyone else.

    >>> table = Seated("1", (5, 6), ("Ana", "Bo"))
    >>> read_sender("Bo", table), read_sender(1, table), read_sender("2", table)
    ('Bo', 'Ana', 'Bo')
    >>> read_sender(None, table) is None
    True
    >>> read_sender(" Bo ", table)  # a name read as the reader reads it (``player_name``)
    'Bo'
    """
    if given is None or given == "":
        return None
    if isinstance(given, str) and player_name(given) in seated.players:
        return str(player_name(given))
    if isinstance(given, str) and given.isascii() and given.isdigit():
        given = int(given)
    if isinstance(given, int) and not isinstance(given, bool) and 1 <= given <= len(seated.players):
        return seated.players[given - 1]
    raise BodyError("live_sender")


def table_part(book: reader.Workbook, seated: Seated) -> reader.Workbook:
    """The part of ``book`` that checking table ``seated`` reads: its seated rows of
    ``Results`` (``rows_part``; small enough to hand to another process: ``checker``)."""
    return rows_part(book, seated.rows)


def rows_part(book: reader.Workbook, rows: Sequence[int]) -> reader.Workbook:
    """``book`` with only ``rows`` of ``Results`` (their real row numbers), the format and
    the roster: no package, no sheets of ours (the check reads none of them:
    ``pipeline.validate`` reads the rows, the format and the roster)."""
    results = book.results
    raw = results.raw.loc[list(rows)].copy()
    sheet = dataclasses.replace(results, raw=raw, coded={}, uncached=frozenset(), merged=())
    return dataclasses.replace(book, package=None, existing_outputs={}, results=sheet)  # type: ignore[arg-type]


def check(
    book: reader.Workbook, seated: Seated, values: Mapping[str, Mapping[str, Any]]
) -> tuple[tuple[Finding, ...], list[dict[str, Any]] | None]:
    """The findings of ``score`` for the table's rows holding ``values`` (in seat order of
    the rows), and the result in its typed form (None when nothing is typed yet).
    ``book``: the workbook, or its part for this table (``table_part``): the same answer."""
    results = book.results
    raw = results.raw.loc[list(seated.rows)].copy()
    keys = result_keys(book)
    for key in keys:
        if key not in raw.columns:
            raw[key] = None
        raw[key] = pd.Series(
            [values.get(name, {}).get(key) for name in seated.players],
            index=raw.index,
            dtype=object,
        )
    sheet = dataclasses.replace(results, raw=raw, coded={}, uncached=frozenset(), merged=())
    part = dataclasses.replace(book, results=sheet)
    pipeline = api.heavy_steps()
    validated = pipeline.validate(part, whole=False)  # this table's rows alone
    held = inplay.holds_result(raw, book.format.game, {}, [])
    if not bool(held.any()):
        return validated.findings, None
    return validated.findings, typed_form(validated.frame, keys, seated)


def typed_form(typed: pd.DataFrame, keys: Sequence[str], seated: Seated) -> list[dict[str, Any]]:
    """The rows' results (``typed``: as ``typed_results`` reads them) as the submission's
    objects: whole numbers and true/false (a blank mark is false, a blank optional number
    left out), in seat order."""
    return _typed_forms(typed, keys, {seated.table: seated})[seated.table]


def _typed_forms(
    typed: pd.DataFrame, keys: Sequence[str], tables: Mapping[str, Seated]
) -> dict[str, list[dict[str, Any]]]:
    present = [key for key in keys if key in typed.columns]
    columns = {key: typed[key].astype(object).to_numpy() for key in present}
    at = {row: i for i, row in enumerate(typed.index.tolist())}
    forms = {}
    for label, seated in tables.items():
        out = []
        for row, name in zip(seated.rows, seated.players, strict=True):
            item: dict[str, Any] = {PLAYER: name}
            for key in present:
                value = columns[key][at[row]]
                if value is not None and not pd.isna(value):  # a blank optional cell: left out
                    item[header("en", key)] = _plain(value, mark=key in MARK_COLUMNS)
            out.append(item)
        forms[label] = out
    return forms


def on_disk(book: reader.Workbook, tables: Mapping[str, Seated]) -> dict[str, list[dict[str, Any]]]:
    """The results of ``tables`` as typed in the workbook (by hand, or approved before),
    typed, for each table whose rows hold one: all the tables' rows read in one pass (a
    round of 50 tables is read again after each approval)."""
    rows = [row for seated in tables.values() for row in seated.rows]
    if not rows:
        return {}
    raw = book.results.raw.loc[rows]
    flags = inplay.holds_result(raw, book.format.game, {}, []).tolist()
    held = dict(zip(rows, flags, strict=True))
    holding = {label: t for label, t in tables.items() if any(held[row] for row in t.rows)}
    if not holding:
        return {}
    keys = result_keys(book)
    kept = [row for seated in holding.values() for row in seated.rows]
    typed, _ = typed_results(raw.loc[kept, [key for key in keys if key in raw.columns]].copy())
    return _typed_forms(typed, keys, holding)


def canonical_digest(results: Sequence[Mapping[str, Any]]) -> str:
    """The digest naming a result: its players' objects in name order, keys sorted, the
    optional ``Total VP`` left out (a result passing the rules has it blank or equal to the
    VP its row adds up to, so the same game sent with and without it is one result).

    >>> row = {"Player": "Ana", "Settlements": 2, "Cities": 4}
    >>> canonical_digest([row]) == canonical_digest([{**row, "Total VP": 10}])
    True
    """
    total = header("en", "total_vp")
    ordered = sorted(
        ({k: v for k, v in item.items() if k != total} for item in results),
        key=lambda item: str(item.get(PLAYER)),
    )
    text = json.dumps(ordered, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: Any, *, mark: bool) -> Any:
    """A typed cell as JSON takes it: ``True`` for a mark, ``7`` for a number."""
    return bool(value) if mark else int(value)

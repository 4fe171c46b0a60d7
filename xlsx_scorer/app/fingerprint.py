"""A short check code on our output tables, to notice when the organiser edited them by hand.

Rules:

- Each ``Standings`` / ``Round Points`` sheet we write carries, as its last
  note, a cell holding nothing but its check code (a label in the language
  above it): the first 10 hex digits of SHA-256 over the table below it
  (header row and data rows) as canonical text.  The code is found by its
  form alone (a cell of exactly 10 lowercase hex digits in column A near the
  top), never by reading words of a language.
- Canonical text ignores how a spreadsheet application stores a value: a
  number is written with 12 significant digits (``5`` and ``5.0`` agree, and
  a value LibreOffice re-saved with 15 digits still matches), a blank is
  ``""``, trailing blank cells and rows are dropped.
- When reading an old output sheet back, the table is every row after the
  code, from the first non-blank row (the header), as wide as the header's
  leading filled cells (the chart data block beside the table is ignored).
  A sheet whose code is missing, or differs, was edited; but a sheet with no
  table at all (our notice that no standings are published: a title and lines
  of text in column A) has nothing to check and no code (``was_edited``).
- Sheets written by version 0.1 carried the code in a sentence
  (``Check: <code>``, ``Comprobación: <code>``, ``Kontrol: <code>``); those
  three frozen forms are still read (``LEGACY_CHECK``), whatever the
  translations say today.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from json.encoder import encode_basestring as _json_string
from typing import Any

from xlsx_scorer.xlsx.write.spec import Rows

CODE_LENGTH = 10
SIGNIFICANT_DIGITS = 12
#: Whole numbers below this (in size) have at most ``SIGNIFICANT_DIGITS`` digits.
_WHOLE_DIGITS = 10**SIGNIFICANT_DIGITS
#: Rows of a table made canonical text at a time (``canonical_pieces``): a piece of a Round
#: Points sheet is about a megabyte of text.
CHUNK_ROWS = 16_384
#: How far down the check code may be (title, notes).
CHECK_SEARCH_ROWS = 10
_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_CODE = re.compile(rf"\s*([0-9a-f]{{{CODE_LENGTH}}})\s*")
#: The check line as version 0.1 wrote it, in its three languages (frozen; not translations).
LEGACY_CHECK = re.compile(rf"\s*(?:Check|Comprobación|Kontrol):\s*([0-9a-f]{{{CODE_LENGTH}}})\s*")


def canonical(value: Any) -> str:
    """A cell value as text that survives a save by Excel or LibreOffice.

    >>> canonical(5), canonical(5.0), canonical(None), canonical(0.41666666666666669)
    ('5', '5', '', '0.416666666667')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        return format(float(value), f".{SIGNIFICANT_DIGITS}g")
    return _ILLEGAL.sub("", str(value))


def canonical_json(rows: Iterable[Sequence[Any]]) -> str:
    """The table as the text its check code is taken over: compact JSON, an array of rows,
    each an array of its cells' canonical text, trailing blank cells and rows dropped.

    >>> print(canonical_json([["Rank", "Player", "VP"], [1, 'Ana "A"', None], [None, None, None]]))
    [["Rank","Player","VP"],["1","Ana \\"A\\""]]
    >>> canonical_json([[None, 5.0, True], [None, None]]), canonical_json([[None]])
    ('[["","5","TRUE"]]', '[]')

    It is ``json.dumps`` of that array (``ensure_ascii=False``, no spaces), built
    column by column (``Rows``, missing cells being trailing blanks) and ``CHUNK_ROWS``
    rows at a time (``canonical_pieces``).
    """
    return "".join(canonical_pieces(rows))


def canonical_pieces(rows: Iterable[Sequence[Any]]) -> Iterator[str]:
    """``canonical_json(rows)`` in pieces of ``CHUNK_ROWS`` rows, end to end the same text:
    the check code of a million-row table never holds the table's text whole.

    In each piece, each distinct value of a column is worked out once.

    >>> list(canonical_pieces([["Rank"], [1], [2], [None]]))
    ['[["Rank"],["1"],["2"', ']]']
    """
    table = Rows.of(rows)
    width = len(table.columns)
    count = _kept_rows(table) if width else 0
    if not count:
        yield "[]"
        return
    step = width + 1
    for start in range(0, count, CHUNK_ROWS):
        stop = min(start + CHUNK_ROWS, count)
        # Every row's cells, each row opened by "],[" (the table's first by "[["): one join.
        pieces = ["],["] * ((stop - start) * step)
        if not start:
            pieces[0] = "[["
        for index, cells in enumerate(_cells(table, start, stop), start=1):
            pieces[index::step] = cells
        yield "".join(pieces)
    yield "]]"


def _cells(table: Rows, start: int, stop: int) -> list[list[str]]:
    """Rows ``start`` to ``stop`` of ``table``, column by column, as JSON text, each cell after
    its comma; trailing blank cells are ``""`` (so is every cell of a blank row)."""
    columns = [
        _json_cells(values[start:stop], "," if index else "")
        for index, values in enumerate(table.columns)
    ]
    _drop_trailing_blanks(columns, [',""' if index else '""' for index in range(len(columns))])
    return columns


def _kept_rows(table: Rows) -> int:
    """How many rows of ``table`` are kept: up to the last one with a cell not blank (a row
    with its first cell dropped is blank, and the trailing ones leave the table)."""
    count = len(table)
    while count:
        start = max(0, count - CHUNK_ROWS)
        first = _cells(table, start, count)[0]
        while count > start and not first[count - start - 1]:
            count -= 1
        if count > start:
            break
    return count


def _json_cells(values: Sequence[Any], comma: str) -> list[str]:
    """One column's cells as JSON strings of their canonical text, each after ``comma``.

    Each distinct value is worked out once; values are told apart by type as well
    (``True`` is ``TRUE``, ``1`` is ``1``).

    >>> _json_cells([1, 1.0, None, "Ana"], ","), _json_cells([1, True], "")
    ([',"1"', ',"1"', ',""', ',"Ana"'], ['"1"', '"TRUE"'])
    """
    kinds = set(map(type, values))
    if bool not in kinds or not kinds & {int, float}:  # equal keys give equal text
        texts = _json_texts(set(values), comma)
        try:
            return list(map(texts.__getitem__, values))
        except KeyError:  # a value not equal to itself
            pass
    return [comma + _json_string(canonical(value)) for value in values]


def _json_texts(values: Iterable[Any], comma: str) -> dict[Any, str]:
    """Each of ``values`` and ``comma`` with the JSON string of its canonical text: numbers
    of one type by one template (``"%.12g"``, or ``"%d"`` for whole numbers of fewer than 13
    digits, which it writes as they are), text free of characters to remove as it is.

    >>> texts = _json_texts([2, 10**15, 2.5, "Ana", None], ",")
    >>> [texts[value] for value in (2, 10**15, 2.5, "Ana", None)]
    [',"2"', ',"1e+15"', ',"2.5"', ',"Ana"', ',""']
    """
    distinct: list[Any] = list(values)
    kinds = set(map(type, distinct))
    by_type: list[tuple[type, list[Any]]] = (
        [(kind, [value for value in distinct if type(value) is kind]) for kind in kinds]
        if len(kinds) > 1
        else [(kind, distinct) for kind in kinds]
    )
    texts: dict[Any, str] = {}
    for kind, group in by_type:
        if kind is int and min(group) > -_WHOLE_DIGITS and max(group) < _WHOLE_DIGITS:
            texts.update(zip(group, map(f'{comma}"%d"'.__mod__, group), strict=True))
        elif kind in {int, float}:
            template = f'{comma}"%.{SIGNIFICANT_DIGITS}g"'
            texts.update(zip(group, map(template.__mod__, group), strict=True))
        elif kind is str and not _ILLEGAL.search("".join(group)):
            texts.update(zip(group, map(comma.__add__, map(_json_string, group)), strict=True))
        else:
            texts.update((value, comma + _json_string(canonical(value))) for value in group)
    return texts


def _drop_trailing_blanks(columns: list[list[str]], blanks: list[str]) -> None:
    """Empty the cells (``""``) that are blank (``blanks[i]`` in column i) and have only
    blanks to their right, from the last column leftwards; stop at a column with no blank.

    >>> columns = [['"a"', '""'], [',""', ',"b"'], [',""', ',""']]
    >>> _drop_trailing_blanks(columns, ['""', ',""', ',""']); columns
    [['"a"', '""'], ['', ',"b"'], ['', '']]
    """
    filled = [False] * len(columns[0])  # rows with a filled cell right of the column
    for index in range(len(columns) - 1, -1, -1):
        cells, blank = columns[index], blanks[index]
        if blank not in cells:
            return
        filled = [seen or cell != blank for seen, cell in zip(filled, cells, strict=True)]
        columns[index] = [cell if kept else "" for kept, cell in zip(filled, cells, strict=True)]
        if all(filled):
            return


def check_code(rows: Iterable[Sequence[Any]]) -> str:
    """The check code of a table (header row first).

    >>> header = ["Rank", "Player"]
    >>> check_code([header, [1, "Ana", None]]) == check_code([header, [1.0, "Ana"]])
    True
    >>> check_code([header, [1, "Ana"]])
    'd11d1e364f'
    """
    digest = hashlib.sha256()
    for piece in canonical_pieces(rows):
        digest.update(piece.encode())
    return digest.hexdigest()[:CODE_LENGTH]


def _printed_code(value: Any) -> str | None:
    """The check code a cell holds: the code alone, or a version 0.1 check line.

    >>> _printed_code("3fa2b4c9d1"), _printed_code("Kontrol: 3fa2b4c9d1"), _printed_code("R1")
    ('3fa2b4c9d1', '3fa2b4c9d1', None)
    """
    if not isinstance(value, str):
        return None
    match = _CODE.fullmatch(value) or LEGACY_CHECK.fullmatch(value)
    return match.group(1) if match else None


def is_code(value: str) -> bool:
    """Whether ``value`` is a check code as we print it (ten lowercase hex digits).

    >>> is_code("4b1cb5468a"), is_code("Check: 4b1cb5468a"), is_code("4B1CB5468A")
    (True, False, False)
    """
    return _CODE.fullmatch(value) is not None


def is_legacy_check_line(value: str) -> bool:
    """Whether ``value`` is a check line as version 0.1 wrote it (``LEGACY_CHECK``).

    Only that sentence marks an unmarked sheet as old output of ours: a code alone
    (ten hex digits) could be anyone's text, a telephone number say.

    >>> is_legacy_check_line("Check: 0123456789"), is_legacy_check_line("Check: nothing")
    (True, False)
    >>> is_legacy_check_line("5321234567")
    False
    """
    return LEGACY_CHECK.fullmatch(value) is not None


def was_edited(rows: Sequence[Sequence[Any]]) -> bool:
    """Whether an output sheet read back (rows from A1) was edited by hand since we wrote it.

    Edited: its check code is missing or no longer matches its table.  A sheet
    without a table (every filled row holds column A only) and without a code
    is the notice we write while no standings are published: not edited.

    >>> notice = [["Standings"], ["No standings are published: 2 problems."]]
    >>> was_edited(notice), was_edited([*notice, ["Rank", "Player"], [1, "Ana"]])
    (False, True)
    """
    if is_untouched(rows):
        return False
    has_code = any(_printed_code(row[0]) for row in rows[:CHECK_SEARCH_ROWS] if row)
    has_table = any(sum(canonical(value) != "" for value in row) > 1 for row in rows)
    return has_code or has_table


def is_untouched(rows: Sequence[Sequence[Any]]) -> bool:
    """Whether an output sheet read back (rows from A1) still matches the code printed in it.

    >>> table = [["Rank", "Player"], [1, "Ana"]]
    >>> is_untouched([["Standings"], ["Check code:"], [check_code(table)], [], *table])
    True
    >>> is_untouched([["Standings"], ["Check code:"], [check_code(table)], [], ["Rank"], [2]])
    False
    """
    for index, row in enumerate(rows[:CHECK_SEARCH_ROWS]):
        printed = _printed_code(row[0]) if row else None
        if printed is None:
            continue
        below = [list(r) for r in rows[index + 1 :]]
        while below and all(canonical(value) == "" for value in below[0]):
            below.pop(0)
        if not below:
            return printed == check_code([])
        header = [canonical(value) for value in below[0]]
        width = next((n for n, value in enumerate(header) if not value), len(header))
        return printed == check_code(row[:width] for row in below)
    return False

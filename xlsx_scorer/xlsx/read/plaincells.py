"""A shortcut for the common worksheet: ``sheetData`` in the plain form spreadsheets write.

Excel, LibreOffice and openpyxl write a sheet's rows the same way: ``<row r="2" …>``,
then cells ``<c r="B2" s="1" t="s"><v>0</v></c>`` (or an inline string
``<is><t>Ana</t></is>``), every reference present, one space between attributes.
When the whole of ``sheetData`` is in that form — checked by a grammar the
rows must match from first byte to last, in pieces of about a megabyte — its
cells are taken out by that very check (one regular expression matching the
grammar's tokens one after another: a cell, a row's end up to the next row's
cells) instead of five expat callbacks per cell.  Anything outside the grammar
(a formula, a comment, a prefix, a ``\\r``, a rich-text run, a namespace
declaration, an unknown entity, a character XML forbids, ``]]>`` in text, a row
without ``r`` or with one written otherwise than Excel does (``r="02"``, ``r="+3"``:
the exact reader reads it as ``xsd:unsignedInt``), an attribute twice…) makes
:func:`read_plain` answer ``None``, and the part is read the exact way (:mod:`sheetcells`).
A style written ``s="01"`` is in the grammar: styles are read by the same function both ways
(:func:`cellvalues.converter`).

Each piece is read on its own (what one piece's cells are depends on that piece
alone), so on a machine with a second core a league's pieces are shared with a
forked helper process (:mod:`parallel`) and joined in order.

The grammar only accepts text that expat would read as these very elements
and values, so both ways give the same cells:

- the parts around ``sheetData`` (the root, its namespaces, merged cells) are
  still read by expat, with ``<sheetData/>`` put in the rows' place; the
  shortcut stands only when expat would read the rows from that very place by
  their unprefixed names (:func:`xmlstream.sheet_data_in_place`: the first ``sheetData``
  of the document, a child of the root, SpreadsheetML bound to the default
  prefix only, no namespace declared below the root, no DTD, UTF-8);
- no ``<`` can occur in an accepted attribute value or text, so every
  ``<c r="`` is a cell and every ``</row>`` a row's end;
- a piece is accepted when its tokens follow one another with nothing between
  them, it starts with a row and its last tag ends one: exactly when it is whole
  rows in the plain form (white space between rows and cells allowed);
- values are typed by the same functions (:mod:`cellvalues`), each distinct
  style, type and text once.

>>> from xlsx_scorer.xlsx.read.cellvalues import CellContext
>>> xml = (b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
...        b'<sheetData><row r="2"><c r="B2" t="s"><v>0</v></c><c r="C2"><v>3</v></c>'
...        b'<c r="D2" t="inlineStr"><is><t>Ana &amp; Eva</t></is></c></row></sheetData>'
...        b'</worksheet>')
>>> head, cells, tail = read_plain([xml], CellContext(strings=["Ana"]), wanted=None, last_row=None)
>>> cells.rows(), head.endswith(b'main">'), tail
({2: {2: 'Ana', 3: 3.0, 4: 'Ana & Eva'}}, True, b'</worksheet>')
>>> read_plain([xml.replace(b'<v>3', b'<f>A1</f><v>3')], CellContext(), wanted=None,
...            last_row=None) is None
True
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Collection, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from xlsx_scorer.xlsx import parallel
from xlsx_scorer.xlsx.read.cellevents import SheetCells
from xlsx_scorer.xlsx.read.cellvalues import (
    MAX_ROW,
    BadValue,
    CellContext,
    column_number,
    converter,
)
from xlsx_scorer.xlsx.read.sharedstrings import unescape

__all__ = ["read_plain"]

_OPEN, _CLOSE = b"<sheetData>", b"</sheetData>"
#: Rows are checked and read in pieces of about this size, cut after a ``</row>``.
_PIECE = 1 << 20
#: Typed values kept from one piece to the next, at most (a piece's own are always kept).
_TYPED_CACHE = 1 << 16
#: A character XML allows in text or an attribute value here (no ``<``, ``&``, ``\r``).
_CHAR = r"[^<&\x00-\x08\x0b\x0c\x0d\x0e-\x1f\ufffe\uffff]"
_ATTRIBUTE_CHAR = r"[^<&\"\x00-\x1f\ufffe\uffff]"
_REFERENCE = r"&(?:amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});"
_SPACE = r"[ \t\n]*+"
_STYLE_AND_TYPE = r'(?: s="[0-9]{1,9}+")?+(?: t="(?:n|s|b|e|str|inlineStr)")?+'
#: A row's attributes after ``r``: each at most once, in the schema's order (as Excel and
#: LibreOffice write them), then Excel's ``x14ac:dyDescent``; anything else is not plain.
_ROW_ATTRIBUTES = "".join(
    f'(?: {name}="{_ATTRIBUTE_CHAR}*+")?+'
    for name in (
        "spans", "s", "customFormat", "ht", "hidden", "customHeight", "outlineLevel",
        "collapsed", "thickTop", "thickBot", "ph", "x14ac:dyDescent",
    )
)  # fmt: skip
#: A row's number as Excel writes it, within Excel's grid: 1 to 1,048,576 (``MAX_ROW``); a
#: row past it is not plain (what it means is left to expat).
_ROW_NUMBER = (
    "(?:[1-9][0-9]{0,5}+|10[0-3][0-9]{4}|104[0-7][0-9]{3}|1048[0-4][0-9]{2}"
    "|10485[0-6][0-9]|104857[0-6])"
)
#: A row's start tag without its closing ``>`` (or ``/>``).
_ROW_TAG = rf'<row r="{_ROW_NUMBER}"{_ROW_ATTRIBUTES}'
#: After the cells of a row (or at the start of a piece): rows holding nothing, then the
#: next row's start tag, or the end of the piece.
_BETWEEN = rf"{_SPACE}(?:{_ROW_TAG}/>{_SPACE})*+(?:{_ROW_TAG}>{_SPACE}|\Z)"
#: The grammar as tokens, each with the white space after it: a cell holding something
#: (its column letters, row digits, and all that types its value: style, type and
#: ``<v>`` or inline string, called its *key*), a cell holding nothing, a row's end up to
#: the next row's cells, and the start of the piece up to the first row's cells.  The
#: rows of a piece are in the plain form when these tokens follow one another from its
#: first character to its last (:func:`_tokens`).
_TOKEN = re.compile(
    rf'<c r="([A-Z]{{1,3}}+)([1-9][0-9]{{0,6}}+)"({_STYLE_AND_TYPE}>(?:<v>{_CHAR}*+</v>'
    rf'|<is><t(?: xml:space="preserve")?+>(?:{_CHAR}++|{_REFERENCE})*+</t></is>))</c>{_SPACE}'
    rf'|<c r="[A-Z]{{1,3}}+[1-9][0-9]{{0,6}}+"{_STYLE_AND_TYPE}(?:/>|></c>){_SPACE}'
    rf"|(?:</row>|\A){_BETWEEN}"
)
#: How a piece starts (its first token is its start) and ends (its last tag ends a row).
_FIRST = re.compile(r"[ \t\n]*+(?:<row |\Z)")
_LAST = re.compile(rf"(?:</row>|{_ROW_TAG}/>){_SPACE}\Z")
#: A cell's key taken apart: style, type, and the text of ``<v>`` or of its inline string.
_KEY = re.compile(
    r'(?: s="([0-9]+)")?(?: t="([a-zA-Z]+)")?>(?:<v>([^<]*)</v>|<is><t[^>]*>([^<]*)</t></is>)'
)
_CHARACTER = re.compile(r"&#(x[0-9a-fA-F]+|[0-9]+);")
_ENTITY = re.compile(r"&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


class _NotPlain(Exception):  # noqa: N818 - a signal, not an error
    """The rows are not in the plain form after all: read the part the exact way."""


def read_plain(
    chunks: Iterable[bytes],
    context: CellContext,
    *,
    wanted: Collection[int] | None,
    last_row: int | None,
) -> tuple[bytes, SheetCells, bytes] | None:
    """The part's XML before ``sheetData``, the cells in it, and the XML after it; or None.

    ``None`` when ``sheetData`` is not in the plain form (read it the exact way);
    ``wanted`` and ``last_row`` limit what is kept, as in ``sheetcells.read_cells``.
    ``chunks`` must give the part again on every pass (the pieces may be walked more than
    once: by a helper process, or again after it failed).  The caller still reads
    ``head + b"<sheetData/>" + tail`` with expat and checks :func:`sheet_data_in_place`.
    """
    pieces = _Pieces(iter(chunks))
    head = pieces.head()
    if head is None:
        return None
    first_walk = True

    def rows() -> Iterator[memoryview]:
        """The pieces of rows: the first call walks ``pieces`` (whose tail is read after),
        each later one (the helper process's, or a second walk here) a new pass over
        ``chunks``."""
        nonlocal first_walk
        if first_walk:
            first_walk = False
            return pieces.rows()
        again = _Pieces(iter(chunks))
        again.head()
        return again.rows()

    reader = _PieceReader(context, wanted, last_row)
    try:
        found = parallel.shared_map(reader.read, rows, stop=_not_plain)
    except _NotPlain:
        return None
    if any(piece is None for piece in found):
        return None
    return head, _joined(found), pieces.tail()


def _not_plain(piece: _PieceCells | None) -> bool:
    return piece is None


@dataclass
class _PieceCells:
    """The cells of one piece of rows, as ``SheetCells`` holds them, and how its rows ran.

    Cell ``i`` is in column ``column_of[i]`` and row ``row_of[i]``, and holds
    ``values[code_of[i]]``: each distinct key (so value) of the piece once.  Arrays of
    machine integers, so that a helper process sends a piece as a few blocks of bytes.
    ``first``: the row of its first cell holding something (0: none); ``highest``: the
    highest such row; ``ascending``: whether those rows never went down.
    """

    column_of: array[int] = field(default_factory=lambda: array("H"))
    row_of: array[int] = field(default_factory=lambda: array("I"))
    code_of: array[int] = field(default_factory=lambda: array("I"))
    values: list[Any] = field(default_factory=list)
    bad: list[tuple[int, int, str]] = field(default_factory=list)
    first: int = 0
    highest: int = 0
    ascending: bool = True


def _joined(pieces: list[_PieceCells | None]) -> SheetCells:
    """The pieces' cells as one sheet's, in order: rows ascend if they do within and across.

    Each piece's codes are a run (``SheetCells.code_runs``) over its values, which follow
    the earlier pieces' in ``table``: nothing is done per cell.

    >>> one = _PieceCells(array("H", [2]), array("I", [5]), array("I", [0]), [1.0],
    ...                   first=5, highest=5)
    >>> two = _PieceCells(array("H", [2, 3]), array("I", [4, 4]), array("I", [0, 1]),
    ...                   ["x", 1.0], first=4, highest=4)
    >>> joined = _joined([one, two])
    >>> joined.cells(), joined.table, joined.ascending
    ([(2, 5, 1.0), (2, 4, 'x'), (3, 4, 1.0)], [1.0, 'x', 1.0], False)
    """
    column_of, row_of = array("H"), array("I")
    cells, highest = SheetCells(column_of=column_of, row_of=row_of), 0
    for piece in pieces:
        assert piece is not None
        if not piece.ascending or (piece.first and piece.first < highest):
            cells.ascending = False
        highest = max(highest, piece.highest)
        column_of += piece.column_of
        row_of += piece.row_of
        cells.code_runs.append((piece.code_of, len(cells.table)))
        cells.table += piece.values
        cells.bad += piece.bad
    return cells


def _cut(rows: bytes, start: int, stop: int) -> Generator[memoryview, None, int]:
    """Pieces of ``rows[start:stop]`` of about ``_PIECE`` bytes, each ending after a
    ``</row>``, as views (nothing is copied); returns where the rest starts (less than a
    piece, or no ``</row>`` after it).

    >>> from unittest import mock
    >>> def pieces_and_rest(rows, start, stop):
    ...     rest = yield from _cut(rows, start, stop)
    ...     yield rest
    >>> with mock.patch(f"{__name__}._PIECE", 4):
    ...     cut = list(pieces_and_rest(b"<ab</row>cd</row>ef</row>g", 1, 26))
    >>> [bytes(piece) for piece in cut[:-1]], cut[-1]
    ([b'ab</row>cd</row>'], 17)
    """
    view = memoryview(rows)
    while stop - start > _PIECE:
        end = rows.find(b"</row>", start + _PIECE, stop)
        if end < 0:
            break
        end += len(b"</row>")
        yield view[start:end]
        start = end
    return start


class _Pieces:
    """The part cut into its head, pieces of rows (each ending after a ``</row>``) and tail.

    ``_pending[_at:]`` is what is not cut yet.  A part given as one chunk (kept inflated by
    the package) is cut in place: its pieces are views of it, and walking it again costs
    next to nothing.
    """

    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks, self._pending, self._at = chunks, b"", 0

    def _more(self) -> bool:
        chunk = next(self._chunks, None)
        if chunk is None:
            return False
        self._pending, self._at = self._pending[self._at :] + chunk, 0
        return True

    def head(self) -> bytes | None:
        while (found := self._pending.find(_OPEN, self._at)) < 0:
            if not self._more():
                return None
        head, self._at = self._pending[self._at : found], found + len(_OPEN)
        return head

    def rows(self) -> Iterator[memoryview]:
        """The pieces up to the first ``</sheetData>`` after the last ``</row>`` in view: where
        the rows end, found without scanning them (one before that ``</row>`` lies in a piece,
        which the grammar refuses, or the tail holds a ``</row>``: the exact reader then)."""
        while (end := self._close()) < 0:
            self._at = yield from _cut(self._pending, self._at, len(self._pending))
            if not self._more():
                raise _NotPlain
        start, self._at = self._at, end + len(_CLOSE)  # the tail is known before the last piece
        start = yield from _cut(self._pending, start, end)
        yield memoryview(self._pending)[start:end]

    def _close(self) -> int:
        last_row = self._pending.rfind(b"</row>", self._at)
        return self._pending.find(_CLOSE, max(self._at, last_row))

    def tail(self) -> bytes:
        while self._more():
            pass
        return self._pending[self._at :]


def _tokens(piece: str) -> tuple[list[str], list[str], list[str]]:
    """The column letters, row digits and keys of a piece's cells holding something.

    Raises ``_NotPlain`` when the piece is not rows in the plain form, token after token.

    >>> _tokens('<row r="2"><c r="B2" s="1"/><c r="C2" t="s"><v>0</v></c></row>\\n')
    (['C'], ['2'], [' t="s"><v>0</v>'])
    >>> _tokens('<row r="2"><c r="C2"><v>0</v></c>')
    Traceback (most recent call last):
    xlsx_scorer.xlsx.read.plaincells._NotPlain
    """
    last = piece.rfind("<")
    if not _FIRST.match(piece) or (last >= 0 and not _LAST.match(piece, last)):
        raise _NotPlain
    parts = _TOKEN.split(piece)  # per token: the text before it (none), then its groups
    if any(parts[::4]) or ("]" in piece and "]]>" in piece):  # one character is found faster
        raise _NotPlain
    if "&" in piece and "&#" in piece and not all(map(_allowed, set(_CHARACTER.findall(piece)))):
        raise _NotPlain
    letters, digits, keys = (list(filter(None, parts[group::4])) for group in (1, 2, 3))
    return letters, digits, keys


class _PieceReader:
    """Reads pieces of rows into ``_PieceCells``, typing values as the exact reader types them.

    A piece not in the plain form reads as ``None``.  Its cells are taken as lists (column
    letters, row digits, keys) and worked by the built-in functions a list at a time: rows
    by distinct digits, values by distinct keys (a key determines its value: each cell
    holds the code of its key).  What is remembered from one piece to the next (typed
    keys, column numbers) only saves work: each piece's cells depend on that piece alone.
    """

    def __init__(
        self, context: CellContext, wanted: Collection[int] | None, last_row: int | None
    ) -> None:
        self.convert = converter(context)
        self.wanted, self.last = wanted, last_row or MAX_ROW
        #: Key → its typed value.
        self.typed: dict[str, Any] = {}
        #: Column letters → the column's number, or None when it is not kept.
        self.kept: dict[str, int | None] = {}

    def read(self, piece: memoryview) -> _PieceCells | None:
        try:
            return self._read(str(piece, "utf-8"))
        except (_NotPlain, UnicodeDecodeError):
            return None

    def _column(self, letters: str) -> int | None:
        try:
            return self.kept[letters]
        except KeyError:
            pass
        column = column_number(letters)
        if column is None:
            raise _NotPlain
        kept = column if self.wanted is None or column in self.wanted else None
        self.kept[letters] = kept
        return kept

    def _read(self, piece: str) -> _PieceCells:
        letters, digits, keys = _tokens(piece)
        cells = _PieceCells()
        if not letters:
            return cells
        distinct = list(dict.fromkeys(digits))
        row_of = dict(zip(distinct, map(int, distinct), strict=True))
        rows = list(map(row_of.__getitem__, digits))
        cells.first, cells.highest = rows[0], max(row_of.values())
        if cells.highest > MAX_ROW:
            raise _NotPlain
        cells.ascending = rows == sorted(rows)
        seen = {text: self._column(text) for text in set(letters)}
        columns = {text: column for text, column in seen.items() if column is not None}
        if len(columns) < len(seen):
            letters, rows, keys = _kept(map(columns.__contains__, letters), letters, rows, keys)
        if cells.highest > self.last:
            letters, rows, keys = _kept(map(self.last.__ge__, rows), letters, rows, keys)
        distinct = list(dict.fromkeys(keys))
        cells.values = self._values(distinct)
        code_of_key = dict(zip(distinct, range(len(distinct)), strict=True))
        column_of = list(map(columns.__getitem__, letters))
        code_of = list(map(code_of_key.__getitem__, keys))
        if any(type(value) is BadValue for value in cells.values):
            cells.bad = [
                (row, column, value.found)
                for column, row, code in zip(column_of, rows, code_of, strict=True)
                if type(value := cells.values[code]) is BadValue
            ]
        cells.column_of, cells.row_of = array("H", column_of), array("I", rows)
        cells.code_of = array("I", code_of)
        return cells

    def _values(self, keys: list[str]) -> list[Any]:
        """The value of each of ``keys`` (distinct), typing (and keeping) those not typed yet.

        Typed values are kept from one piece to the next (up to ``_TYPED_CACHE`` of them,
        then the earlier pieces' are forgotten); they only save work.
        """
        typed = self.typed
        values = list(map(typed.get, keys))
        if None in values:
            if len(typed) + values.count(None) > _TYPED_CACHE:
                typed.clear()
            for position, key in enumerate(keys):
                if values[position] is None:
                    values[position] = typed[key] = self._typed(key)
        return values

    def _typed(self, key: str) -> Any:
        """The value a key stands for: its inline string, or its ``<v>`` by type and style."""
        taken = _KEY.fullmatch(key)
        assert taken is not None  # every key is a holding cell's, as _TOKEN found it
        style, kind, text, inline = taken.groups()
        if inline is not None:
            return unescape(_ENTITY.sub(_entity, inline) if "&" in inline else inline)
        return self.convert(kind, style, text)


def _kept(
    mask: Iterable[bool], letters: list[str], rows: list[int], keys: list[str]
) -> tuple[list[str], list[int], list[str]]:
    """The cells that ``mask`` keeps.

    >>> _kept([True, False], ["A", "B"], [1, 1], ["><v>1</v>", "><v>2</v>"])
    (['A'], [1], ['><v>1</v>'])
    """
    kept = list(mask)
    return (list(compress(letters, kept)), list(compress(rows, kept)), list(compress(keys, kept)))


def _entity(match: re.Match[str]) -> str:
    """The character a reference stands for (checked by ``_allowed`` already)."""
    named, decimal, hexadecimal = match.groups()
    return _NAMED[named] if named else chr(int(decimal) if decimal else int(hexadecimal, 16))


def _allowed(reference: str) -> bool:
    """Whether a character reference (``#199`` or ``#xC7`` as found) is one XML allows.

    >>> _allowed("x41"), _allowed("0"), _allowed("xFFFE"), _allowed("9")
    (True, False, False, True)
    """
    code = int(reference[1:], 16) if reference.startswith("x") else int(reference)
    return (
        code in (0x9, 0xA, 0xD)
        or 0x20 <= code <= 0xD7FF
        or 0xE000 <= code <= 0xFFFD
        or 0x10000 <= code <= 0x10FFFF
    )

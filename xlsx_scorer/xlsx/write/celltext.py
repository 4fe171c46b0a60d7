"""A cell's value as our sheets' XML writes it: text that XML and Excel can hold, numbers
with every digit, links that survive renaming.

- text: the characters XML forbids removed, cut at Excel's 32,767 characters (``clean_text``),
  escaped for XML with a literal ``_xHHHH_`` kept literal (``escaped``), as an inline string
  (``inline``; ``inline_all`` for a column of them at once);
- a number: ``repr`` of the float, so it reads back as the same float; not finite: refused;
- a link: a ``HYPERLINK`` formula to a cell of the workbook (``hyperlink_formula``).
"""

from __future__ import annotations

import math
import operator
import re
from operator import itemgetter

from xlsx_scorer.xlsx.read.sharedstrings import escape

__all__ = [
    "MAX_TEXT",
    "clean_text",
    "escaped",
    "hyperlink_formula",
    "inline",
    "inline_all",
    "number_text",
]

#: Excel's longest text in a cell.
MAX_TEXT = 32767
_NOT_XML_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def hyperlink_formula(target: str, shown_text: str) -> str:
    """A link that survives renaming and emailing the file, and LibreOffice.

    >>> print(hyperlink_formula("'Results'!E7", "Results!E7"))
    =HYPERLINK("#'Results'!E7","Results!E7")
    """
    quoted_target = target.replace('"', '""')
    quoted_text = shown_text.replace('"', '""')
    return f'=HYPERLINK("#{quoted_target}","{quoted_text}")'


def clean_text(value: str) -> str:
    """Text as a cell can hold it: no characters XML forbids, at most 32,767 characters."""
    return _NOT_XML_CHAR.sub("", value)[:MAX_TEXT]


def escape_xml(text: str) -> str:
    """XML's escapes of ``&``, ``<``, ``>`` and a carriage return (kept as ``&#13;``)."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    )


def escaped(text: str) -> str:
    """A cell's text as written: XML's escapes, and a literal ``_xHHHH_`` kept literal.

    >>> escaped("<b> _x0041_")
    '&lt;b&gt; _x005F_x0041_'
    """
    return escape_xml(escape(text))


def inline(value: str) -> str:
    """The ``<is>`` content of a text cell, ``""`` when nothing is left to show."""
    text = clean_text(value)
    if not text:
        return ""
    space = ' xml:space="preserve"' if text[0].isspace() or text[-1].isspace() else ""
    return f"<is><t{space}>{escaped(text)}</t></is>"


def inline_all(texts: list[str]) -> list[str] | None:
    """``_inline`` of each of ``texts`` in a few passes over them all, when none is blank,
    too long or holds a character to remove (else None: each on its own).

    >>> inline_all(["<b>", " Ana"])
    ['<is><t>&lt;b&gt;</t></is>', '<is><t xml:space="preserve"> Ana</t></is>']
    >>> inline_all(["Ana", ""]) is None
    True
    """
    if not all(texts) or max(map(len, texts)) > MAX_TEXT or _NOT_XML_CHAR.search("".join(texts)):
        return None
    pieces = escaped("\x00".join(texts)).split("\x00")  # no text holds \x00: it is removed
    spaced = map(
        operator.or_,
        map(str.isspace, map(itemgetter(0), texts)),
        map(str.isspace, map(itemgetter(-1), texts)),
    )
    templates = map(
        ("<is><t>%s</t></is>", '<is><t xml:space="preserve">%s</t></is>').__getitem__, spaced
    )
    return list(map(operator.mod, templates, pieces))


def number_text(value: float) -> str:
    """A number as ``<v>`` text, every digit kept: ``number_text(0.5) == '0.5'``."""
    if not math.isfinite(value):
        raise ValueError(f"cannot write the number {value!r} in a cell")
    return repr(float(value))

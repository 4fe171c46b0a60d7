"""The shared strings table (``sharedStrings.xml``): the text of every ``t="s"`` cell.

Each ``<si>`` is one string: its ``<t>`` text, or the ``<t>`` of its rich-text
runs (``<r>``) concatenated; phonetic runs (``<rPh>``, furigana) are not part
of the text.  Characters XML cannot carry are written ``_xHHHH_`` (``_x0007_``
is the bell character); :func:`unescape` restores them, and :func:`escape` keeps a
literal ``_xHHHH_`` in a text we write from being read as one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from xlsx_scorer.xlsx.read.bookparts import MAIN_NAMESPACES
from xlsx_scorer.xlsx.read.xmlstream import parse, split_name

_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")
_SURROGATES = re.compile(r"[\ud800-\udfff]")
#: An underscore that starts what reads as an escape.
_STARTS_ESCAPE = re.compile(r"_(?=x[0-9A-Fa-f]{4}_)")


def escape(text: str) -> str:
    """``text`` as a cell's string must be written so that it reads back as ``text``: each
    underscore that would start an ``_xHHHH_`` escape is itself escaped, ``_x005F_``.

    >>> escape("Dua _x0041_ lit"), unescape(escape("Dua _x0041_ lit")), escape("a_b")
    ('Dua _x005F_x0041_ lit', 'Dua _x0041_ lit', 'a_b')
    """
    return _STARTS_ESCAPE.sub("_x005F_", text) if "_x" in text else text


def unescape(text: str) -> str:
    """``text`` with ``_xHHHH_`` escapes decoded (``_x005F_`` is a literal underscore).

    A surrogate pair written as two escapes becomes its character; a lone
    surrogate, which no text can hold, becomes U+FFFD.

    >>> unescape("Ana_x0007_"), unescape("a_x005F_x0041_b"), unescape("_xD83D__xDE00_")
    ('Ana\\x07', 'a_x0041_b', '😀')
    """
    if "_x" not in text:
        return text
    decoded = _ESCAPED.sub(lambda match: chr(int(match.group(1), 16)), text)
    if _SURROGATES.search(decoded):
        decoded = decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return decoded


def shared_strings(chunks: Iterable[bytes], part: str) -> list[str]:
    """Every string of the shared strings part, in order.

    >>> xml = (b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    ...        b'<si><t>Ana</t></si><si><r><t>Bo</t></r><r><rPr><b/></rPr><t>b</t></r>'
    ...        b'<rPh sb="0" eb="1"><t>bobu</t></rPh></si><si/></sst>')
    >>> shared_strings([xml], "xl/sharedStrings.xml")
    ['Ana', 'Bob', '']
    """
    strings: list[str] = []
    texts: list[str] = []
    collecting = False
    phonetic = 0

    def start(element: str, _attrs: list[str]) -> None:
        nonlocal collecting, phonetic
        uri, local = split_name(element)
        if uri not in MAIN_NAMESPACES:
            return
        if local == "si":
            texts.clear()
        elif local == "t":
            collecting = not phonetic
        elif local == "rPh":
            phonetic += 1

    def end(element: str) -> None:
        nonlocal collecting, phonetic
        uri, local = split_name(element)
        if uri not in MAIN_NAMESPACES:
            return
        if local == "t":
            collecting = False
        elif local == "rPh":
            phonetic -= 1
        elif local == "si":
            strings.append(unescape("".join(texts)))

    def text(data: str) -> None:
        if collecting:
            texts.append(data)

    parse(chunks, part, start=start, end=end, text=text)
    return strings

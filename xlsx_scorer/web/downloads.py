"""The names of what the page hands back, in the request's language, and how they are sent.

``clean_name`` keeps an upload's own name (no folders, no control characters); a scored
workbook is ``Liga_puntuado.xlsx`` (``scored_name``), a seated one ``Liga_ronda3.xlsx``
(``seated_name``), a blank template ``plantilla_24x5.xlsx`` (``template_name``), each sent
with a ``Content-Disposition`` any browser reads (``attachment``).

The event's name is the upload's stem without the endings these downloads add
(``event_name``): ``Liga_ronda3_puntuado (1).xlsx`` is still ``Liga``, so that names
never pile up (``Liga_ronda4.xlsx``, not ``Liga_ronda3_puntuado_ronda4.xlsx``), and a
name that is all ending (``.xlsx``) is ``workbook``: never a hidden file.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from urllib.parse import quote

from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES, text
from xlsx_scorer.web import engine

#: The longest file or event name kept, in characters.
MAX_NAME = 200
#: The stem of a workbook whose name has none of its own.
UNNAMED_STEM = engine.UNNAMED.rpartition(".")[0]
#: The suffixes of the workbooks the page hands back.
SUFFIXES = frozenset({"xlsx", "xlsm"})


def clean_name(filename: str | None) -> str:
    """The upload's file name without folders or control characters; ``workbook.xlsx`` if none.

    >>> clean_name("C:\\\\Users\\\\ana\\\\Liga.xlsx"), clean_name(None), clean_name("a\\x00b.xlsx")
    ('Liga.xlsx', 'workbook.xlsx', 'ab.xlsx')
    """
    base = re.split(r"[\\/]", filename or "")[-1]
    base = "".join(character for character in base if character.isprintable()).strip()
    return base[-MAX_NAME:] or engine.UNNAMED


def scored_name(filename: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The scored workbook's name: ``lang``'s word for "scored" before the suffix.

    >>> scored_name("Liga İzmir.xlsx", "tr"), scored_name("copa.XLSM", "es")
    ('Liga İzmir_puanlanmış.xlsx', 'copa_puntuado.XLSM')
    >>> scored_name("event")
    'event_scored.xlsx'
    """
    stem, suffix = event_name(filename)
    return f"{text(lang, 'web.file.scored', name=stem)}.{suffix}"


def seated_name(filename: str, round_no: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The seated workbook's name: ``lang``'s word for the round after the stem.

    >>> seated_name("Liga.xlsx", 3, "es"), seated_name("Kupa.xlsm", 2, "tr"), seated_name("x", 1)
    ('Liga_ronda3.xlsx', 'Kupa_tur2.xlsm', 'x_round1.xlsx')
    >>> seated_name("cup_round1_round2.xlsx", 3)
    'cup_round3.xlsx'
    """
    stem, suffix = event_name(filename)
    return f"{text(lang, 'web.file.seated', name=stem, round=str(round_no))}.{suffix}"


def event_name(filename: str) -> tuple[str, str]:
    """The event's name in ``filename`` and its suffix: the stem without the endings our
    downloads add, in any shipped language, nor the `` (1)`` a browser adds to a second copy.

    >>> event_name("Liga_ronda3_puntuado (1).XLSM"), event_name("Kupa_tur2_puanlanmış.xlsx")
    (('Liga', 'XLSM'), ('Kupa', 'xlsx'))
    >>> event_name(".xlsx"), event_name("cup"), event_name("round4.xlsx")
    (('workbook', 'xlsx'), ('cup', 'xlsx'), ('round4', 'xlsx'))
    """
    stem, dot, suffix = filename.rpartition(".")
    if not (dot and suffix.lower() in SUFFIXES):
        stem, suffix = filename, "xlsx"
    stem = _endings().sub("", stem).strip(". ")
    return stem or UNNAMED_STEM, suffix


@functools.cache
def _endings() -> re.Pattern[str]:
    """The endings of our downloads' names (``_round3``, ``_puntuado``…), one after another,
    each maybe followed by a browser's copy number, at the end of a stem."""
    forms: set[str] = set()
    for lang in LANGUAGES:
        scored = text(lang, "web.file.scored", name="\x00")
        seated = text(lang, "web.file.seated", name="\x00", round="\x01")
        forms.add(re.escape(scored.split("\x00", 1)[1]))
        forms.add(re.escape(seated.split("\x00", 1)[1]).replace("\x01", r"\d+"))
    ending = "|".join(sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?:(?:{ending})(?: \(\d+\))?)+$", re.IGNORECASE)


def template_name(lang: str, name: str) -> str:
    """A blank template's name, in ``lang``: its event's name, or players × rounds.

    Characters a file name cannot hold on Windows become ``_``.

    >>> template_name("es", "12x3"), template_name("tr", "Kupa 1/2"), template_name("en", "Cup")
    ('plantilla_12x3.xlsx', 'şablon_Kupa 1_2.xlsx', 'template_Cup.xlsx')
    """
    safe = re.sub(r'[\\/:*?"<>|]', "_", name)
    return f"{text(lang, 'web.file.template', name=safe)}.xlsx"


def attachment(filename: str) -> str:
    """A ``Content-Disposition`` for ``filename``: an ASCII name, and RFC 5987's when needed.

    >>> attachment("cup.xlsx")
    'attachment; filename="cup.xlsx"'
    >>> attachment("Liga İzmir.xlsx")
    'attachment; filename="Liga Izmir.xlsx"; filename*=UTF-8\\'\\'Liga%20%C4%B0zmir.xlsx'
    """
    plain = unicodedata.normalize("NFKD", filename)
    plain = "".join(character for character in plain if not unicodedata.combining(character))
    fallback = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in plain)
    value = f'attachment; filename="{fallback}"'
    if fallback != filename:
        value += f"; filename*=UTF-8''{quote(filename, safe='')}"
    return value

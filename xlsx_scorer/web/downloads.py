"""The names of what the page hands back, in the request's language, and how they are sent.

``clean_name`` keeps an upload's own name (no folders, no control characters); a scored
workbook is ``Liga_puntuado.xlsx`` (``scored_name``), a seated one ``Liga_ronda3.xlsx``
(``seated_name``), a blank template ``plantilla_24x5.xlsx`` (``template_name``), each sent
with a ``Content-Disposition`` any browser reads (``attachment``).
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from xlsx_scorer.i18n import DEFAULT_LANGUAGE, text
from xlsx_scorer.web import engine

#: The longest file or event name kept, in characters.
MAX_NAME = 200


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
    stem, dot, suffix = filename.rpartition(".")
    if not (dot and stem and suffix.lower() in {"xlsx", "xlsm"}):
        stem, suffix = filename, "xlsx"
    return f"{text(lang, 'web.file.scored', name=stem)}.{suffix}"


def seated_name(filename: str, round_no: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The seated workbook's name: ``lang``'s word for the round after the stem.

    >>> seated_name("Liga.xlsx", 3, "es"), seated_name("Kupa.xlsm", 2, "tr"), seated_name("x", 1)
    ('Liga_ronda3.xlsx', 'Kupa_tur2.xlsm', 'x_round1.xlsx')
    """
    stem, dot, suffix = filename.rpartition(".")
    if not (dot and stem and suffix.lower() in {"xlsx", "xlsm"}):
        stem, suffix = filename, "xlsx"
    return f"{text(lang, 'web.file.seated', name=stem, round=str(round_no))}.{suffix}"


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

"""Every user-facing string, one module per language.

Each language module defines ``NAME`` (its own name), ``STRINGS`` (message key →
``str.format`` template), ``HEADERS`` (column key → header text),
``HEADER_ALIASES`` (column key → other headers accepted when reading), and
``YES_WORDS`` / ``NO_WORDS`` for marks.  ``tests/test_i18n.py`` fails when a key
exists in one language and not in another.

>>> text("en", "out.round_column", round=3)
'R3'
"""

from __future__ import annotations

import unicodedata
from types import ModuleType
from typing import Any

from xlsx_scorer.i18n import en, es, tr

LANGUAGES: dict[str, ModuleType] = {"en": en, "es": es, "tr": tr}
DEFAULT_LANGUAGE = "en"


def text(lang: str, key: str, **params: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``params``."""
    return str(LANGUAGES[lang].STRINGS[key]).format(**params)


def header(lang: str, column: str) -> str:
    """The header of ``column`` (a key such as ``"vp_cards"``) in ``lang``."""
    return str(LANGUAGES[lang].HEADERS[column])


def fold(value: str) -> str:
    """A forgiving comparison key: NFKC, case-folded, accents and extra spaces removed.

    Turkish dotless ı folds to i so that ``HAYIR`` and ``hayır`` match.

    >>> fold("  Sí ") == fold("SI")
    True
    """
    lowered = unicodedata.normalize("NFKC", value).casefold().replace("ı", "i")
    decomposed = unicodedata.normalize("NFD", lowered)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())


def _mark_words(attribute: str) -> frozenset[str]:
    return frozenset(
        fold(word) for module in LANGUAGES.values() for word in getattr(module, attribute)
    )


YES_WORDS = _mark_words("YES_WORDS")
NO_WORDS = _mark_words("NO_WORDS")


def header_aliases() -> dict[str, str]:
    """Folded header text of every shipped language, and its other accepted headers → column key.

    >>> aliases = header_aliases()
    >>> aliases[fold("Total VP")], aliases[fold("PV totales")], aliases[fold("Toplam Zafer Puanı")]
    ('total_vp', 'total_vp', 'total_vp')
    """
    return {
        fold(str(h)): key
        for module in LANGUAGES.values()
        for key, headers in module.HEADER_ALIASES.items()
        for h in headers
    } | {fold(str(h)): key for module in LANGUAGES.values() for key, h in module.HEADERS.items()}


def language_of_headers(headers: list[str]) -> str | None:
    """The shipped language whose headers match the most of ``headers``, if any does.

    English wins ties, since its headers are always recognised.
    """
    folded = {fold(h) for h in headers}
    scores = {
        lang: sum(fold(str(h)) in folded for h in module.HEADERS.values())
        for lang, module in LANGUAGES.items()
    }
    best = max(scores, key=lambda lang: (scores[lang], lang == DEFAULT_LANGUAGE))
    return best if scores[best] else None

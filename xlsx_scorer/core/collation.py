"""Alphabetical order of player names: one fixed, documented rule.

Names are compared with the ICU *root* collation (the CLDR default order, the
same on every machine and in every workbook language), at tertiary strength:
accents and case count only after the letters, so ``Çetin`` sorts among the
C's and ``ana`` right before ``Ana``.  Two names with identical collation keys
(only possible for canonically equivalent spellings) fall back to code points.

>>> sorted(["Zeynep", "Çetin", "Carlos", "ana", "Ömer"], key=collation_key)
['ana', 'Carlos', 'Çetin', 'Ömer', 'Zeynep']
"""

from __future__ import annotations

import unicodedata
from functools import cache

import icu


@cache
def _collator() -> icu.Collator:
    collator = icu.Collator.createInstance(icu.Locale.getRoot())
    collator.setStrength(icu.Collator.TERTIARY)
    return collator


def collation_key(name: str) -> tuple[bytes, str]:
    """A sort key for ``name``: ICU root collation, then code points."""
    normal = unicodedata.normalize("NFC", name)
    return bytes(_collator().getSortKey(normal)), normal

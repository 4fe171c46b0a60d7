"""The project's two orders: player names alphabetically, table labels as a judge reads them.

Each is one fixed, documented rule, written here only.

Names are compared with the ICU *root* collation (the CLDR default order, the
same on every machine and in every workbook language), at tertiary strength:
accents and case count only after the letters, so ``Çetin`` sorts among the
C's and ``ana`` right before ``Ana``.  Two names with identical collation keys
(only possible for canonically equivalent spellings) fall back to code points.

>>> sorted(["Zeynep", "Çetin", "Carlos", "ana", "Ömer"], key=collation_key)
['ana', 'Carlos', 'Çetin', 'Ömer', 'Zeynep']

Table labels (``table_order``): a label of ASCII digits is a numbered table and
sorts by its number, before every other label; the others sort by code points.
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


def table_order(label: str) -> tuple[int, int, str]:
    """A sort key for a table label: numbered tables by their number (``2`` before ``10``),
    then named ones by code points; a label of other digits (``①``, ``²``) is a name.
    Labels of one number (``2``, ``02``) tie: sort them stably, or add the label.

    >>> sorted(["Final", "10", "B", "2", "①"], key=table_order)
    ['2', '10', 'B', 'Final', '①']
    """
    return (0, int(label), "") if label.isascii() and label.isdigit() else (1, 0, label)

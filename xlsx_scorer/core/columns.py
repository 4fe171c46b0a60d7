"""The columns of the ``Results`` sheet (SPEC §1), by key, in the contract's order.

The twelve ``RESULT_COLUMNS`` are required; an ``OPTIONAL_COLUMNS`` column may
be absent (and any of its cells blank).  Headers for each key, in every
language, live in ``i18n``.

>>> len(RESULT_COLUMNS), OPTIONAL_COLUMNS
(12, ('total_vp',))
"""

from __future__ import annotations

RESULT_COLUMNS = (
    "round",
    "table",
    "player",
    "settlements",
    "cities",
    "vp_cards",
    "knights",
    "roads",
    "longest_road",
    "army_first",
    "road_first",
    "declared",
)
#: Columns a workbook may leave out: ``total_vp`` is the VP written on the score slip.
OPTIONAL_COLUMNS = ("total_vp",)
#: Whole-number columns (besides round and table).
NUMBER_COLUMNS = ("settlements", "cities", "vp_cards", "knights", "roads", "longest_road")
#: Yes/no mark columns: blank is no.
MARK_COLUMNS = ("army_first", "road_first", "declared")

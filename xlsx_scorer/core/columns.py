"""The twelve columns of the ``Results`` sheet (SPEC §1), by key, in the contract's order.

Headers for each key, in every language, live in ``i18n``.
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
#: Whole-number columns (besides round and table).
NUMBER_COLUMNS = ("settlements", "cities", "vp_cards", "knights", "roads", "longest_road")
#: Yes/no mark columns: blank is no.
MARK_COLUMNS = ("army_first", "road_first", "declared")

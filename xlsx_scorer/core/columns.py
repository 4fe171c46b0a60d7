"""The columns of the ``Results`` sheet (docs/rules.md §1), by key, in the contract's order.

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
#: Inclusive (low, high) limits per column; ``None`` = no upper limit (checked elsewhere).
RANGES: dict[str, tuple[int, int | None]] = {
    "round": (1, None),
    "settlements": (0, 5),
    "cities": (0, 4),
    "vp_cards": (0, 5),
    "knights": (0, 14),
    "roads": (2, 15),
    "longest_road": (1, None),
    "total_vp": (0, 20),
}
#: The longest table label (``Final``, ``A3``…); longer text is a typo in the Table column.
TABLE_LABEL_MAX = 20
#: A header row names at least this many known columns (so does a header repeated below it).
MIN_HEADER_MATCHES = 3

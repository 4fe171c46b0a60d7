"""The columns of the ``Results`` sheet (docs/rules.md §1), by key, in the contract's order.

The twelve ``RESULT_COLUMNS`` are required; an ``OPTIONAL_COLUMNS`` column may
be absent (and any of its cells blank).  Headers for each key, in every
language, live in ``i18n``.

>>> len(RESULT_COLUMNS), OPTIONAL_COLUMNS
(12, ('total_vp',))
>>> GAME_COLUMNS["carcassonne"][0]
('round', 'table', 'player', 'score')
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
    "score": (0, None),
    "road_points": (0, None),
    "city_points": (0, None),
    "cloister_points": (0, None),
    "field_points": (0, None),
    "other_points": (0, None),
}

#: Carcassonne's ``Results`` columns (docs/rules.md, "Formats"): required, then the optional
#: breakdown of the score, which adds up to it when all five are filled.
CARCASSONNE_COLUMNS = ("round", "table", "player", "score")
BREAKDOWN_COLUMNS = (
    "road_points",
    "city_points",
    "cloister_points",
    "field_points",
    "other_points",
)
#: Per game: its required and its optional ``Results`` columns.
GAME_COLUMNS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "catan": (RESULT_COLUMNS, OPTIONAL_COLUMNS),
    "carcassonne": (CARCASSONNE_COLUMNS, BREAKDOWN_COLUMNS),
}
#: The longest table label (``Final``, ``A3``…); longer text is a typo in the Table column.
TABLE_LABEL_MAX = 20
#: A header row names at least this many known columns (so does a header repeated below it).
MIN_HEADER_MATCHES = 3

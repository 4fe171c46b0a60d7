"""The input rules (data validation) of the template's Event and Players cells that take a
whole number or a short text: their kind, limits and error message, in the template's
language.

>>> whole_rule("en", 0)["error"], ROSTER_RULES["fixed_table"]("es")["formula1"]
('Type a whole number of at least 0.', '1')
"""

from __future__ import annotations

from collections.abc import Callable

from xlsx_scorer.i18n import text
from xlsx_scorer.xlsx.read.sidesheets import MOST_ROUNDS

#: The most rounds the Event sheet's input rule takes (the command line's ``--rounds``, what
#: seating reads); the longest club name the roster's takes.
MAX_ROUNDS, CLUB_MAX = MOST_ROUNDS, 100


def whole_rule(lang: str, low: int, high: int | None = None) -> dict[str, str]:
    """A whole-number input rule from ``low`` (to ``high``), and its error message."""
    if high is None:
        return {
            "kind": "whole",
            "operator": "greaterThanOrEqual",
            "formula1": str(low),
            "error": text(lang, "template.error.minimum", low=low),
        }
    return {
        "kind": "whole",
        "operator": "between",
        "formula1": str(low),
        "formula2": str(high),
        "error": text(lang, "template.error.range", low=low, high=high),
    }


#: The roster's optional columns (``xlsx.read.rosterheaders.ROSTER_COLUMNS``) and their input rules:
#: a round from 0 (dropped before the first), a table from 1, a club's name of a few words.
ROSTER_RULES: dict[str, Callable[[str], dict[str, str]]] = {
    "dropped_after": lambda lang: whole_rule(lang, 0),
    "fixed_table": lambda lang: whole_rule(lang, 1),
    "club": lambda lang: {
        "kind": "textLength",
        "operator": "between",
        "formula1": "1",
        "formula2": str(CLUB_MAX),
        "error": text(lang, "template.error.text", high=CLUB_MAX),
    },
}

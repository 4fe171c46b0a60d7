"""The lines of the template's Instructions sheet, by format, and how tall each is shown.

A Catan template explains how to fill it in, then docs/rules.md's scoring rules; a
Catan format other than ``catan-es`` replaces ``catan-es``'s own rules (round points,
ties, standings) by one line naming the format's; a Carcassonne template explains its
columns, how a game scores, and the format (a 2-player one, the bye too).  An empty key
is an empty row; the two headings are bold (``HEADINGS``).

>>> instructions_of(None)[:2], len(instructions_of(None))
(('instructions.fill_heading', 'instructions.fill_event'), 18)
>>> instructions_of(formats.load("catan-de"))[-1]
'instructions.format'
"""

from __future__ import annotations

from xlsx_scorer.core import formats

INSTRUCTIONS = (
    "instructions.fill_heading",
    "instructions.fill_event",
    "instructions.fill_players",
    "instructions.fill_results",
    "instructions.fill_marks",
    "instructions.total_vp",
    "instructions.run",
    "",
    "instructions.rules_heading",
    "instructions.vp",
    "instructions.limits",
    "instructions.table",
    "instructions.army",
    "instructions.road",
    "instructions.declared",
    "instructions.round_points",
    "instructions.ties",
    "instructions.standings",
)
#: A Catan format's own rules replace these lines of ``catan-es`` (``instructions.format``).
CATAN_ES_ONLY = ("instructions.round_points", "instructions.ties", "instructions.standings")
#: The instructions of a Carcassonne template: how to fill it in, then how a game scores
#: (the seed's WikiCarpedia page) and the format.
CARCASSONNE_INSTRUCTIONS = (
    "instructions.fill_heading",
    "instructions.fill_event",
    "instructions.fill_players",
    "instructions.carcassonne_results",
    "instructions.carcassonne_breakdown",
    "instructions.run",
    "",
    "instructions.rules_heading",
    "instructions.carcassonne_roads",
    "instructions.carcassonne_cities",
    "instructions.carcassonne_cloisters",
    "instructions.carcassonne_fields",
    "instructions.carcassonne_other",
    "instructions.carcassonne_table",
    "instructions.format",
)
HEADINGS = frozenset({"instructions.fill_heading", "instructions.rules_heading"})
#: Instructions column width (characters), characters per wrapped line, line height (points).
INSTRUCTION_WIDTH, INSTRUCTION_CHARS, LINE_HEIGHT = 80, 70, 15


def instructions_of(fmt: formats.Format | None) -> tuple[str, ...]:
    """The instruction lines of a template for ``fmt`` (``catan-es``'s when none is asked)."""
    if fmt is None or fmt == formats.load(formats.DEFAULT):
        return INSTRUCTIONS
    if fmt.game == "catan":
        kept = [key for key in INSTRUCTIONS if key not in CATAN_ES_ONLY]
        return (*kept, "instructions.format")
    return (*CARCASSONNE_INSTRUCTIONS, *(("instructions.bye",) if fmt.two_player else ()))


def line_height(line: str) -> float:
    """The height of an instruction's row (points): spreadsheets do not grow rows for
    wrapped text on opening, so it is set from the line's length, ``INSTRUCTION_CHARS``
    characters a line.

    >>> line_height("x" * 70), line_height("x" * 71)
    (19, 34)
    """
    return LINE_HEIGHT * -(-len(line) // INSTRUCTION_CHARS) + 4

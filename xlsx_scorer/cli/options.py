"""The command line's parser: one sub-command per job, the options they share.

Light on purpose: building the parser (``--help``, ``--version``) imports no
pandas, pandera or openpyxl.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from xlsx_scorer import __version__
from xlsx_scorer.i18n import LANGUAGES

MAX_COUNT = 1000
#: The template's size when not asked for (``app.template.DEFAULT_PLAYERS``/``DEFAULT_ROUNDS``).
TEMPLATE_PLAYERS, TEMPLATE_ROUNDS = 24, 5
EXIT_CODES = (
    "Exit code 0: no problems; 1: the workbook has errors; 2: the file could not be used "
    "(nothing written); 3: an internal error of xlsx-scorer (the message says whether "
    "anything was written)."
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    parser = argparse.ArgumentParser(
        prog="xlsx-scorer",
        description="Score a Catan tournament kept in an Excel workbook.",
        epilog=EXIT_CODES,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score = commands.add_parser(
        "score",
        help="check and score a workbook; write Standings, Round Points and Errors into it",
        description=(
            "Check every game of the Results sheet against the rules, score the "
            "tournament and write the Standings, Round Points and Errors sheets. "
            "While the workbook has errors, no standings are published."
        ),
        epilog=EXIT_CODES,
    )
    score.add_argument(
        "workbook",
        type=Path,
        nargs="+",
        help="the tournament workbook (.xlsx or .xlsm); several, or a folder of them",
    )
    score.add_argument(
        "-o",
        "--output",
        type=Path,
        help="write a scored copy here instead of in place (a folder, for several workbooks)",
    )
    score.add_argument(
        "--force", action="store_true", help="replace an existing OUTPUT (its contents are lost)"
    )
    add_common(score)
    check = commands.add_parser(
        "check",
        help="check a workbook against the rules and list every problem; write nothing",
        description=(
            "Check every game of the Results sheet against the rules and list every "
            "problem, in the workbook's language or as JSON (docs/findings.md). "
            "Nothing is written."
        ),
        epilog=EXIT_CODES,
    )
    check.add_argument(
        "workbook",
        type=Path,
        nargs="+",
        help="the tournament workbook (.xlsx or .xlsm); several, or a folder of them",
    )
    check.add_argument(
        "--json", action="store_true", help="print the findings as JSON (docs/findings.md)"
    )
    add_common(check)
    blank = commands.add_parser(
        "template",
        help="write an empty tournament workbook, ready to fill in",
        description=(
            "Write an empty tournament workbook (Event, Players, Results and Instructions "
            "sheets, with dropdowns and checks on every input column) in the chosen language. "
            "An existing file is never replaced unless --force is given."
        ),
    )
    blank.add_argument("workbook", metavar="OUTPUT", type=Path, help="the .xlsx file to create")
    blank.add_argument(
        "--force", action="store_true", help="replace OUTPUT if it exists (its contents are lost)"
    )
    blank.add_argument(
        "--players",
        type=count,
        default=TEMPLATE_PLAYERS,
        help="rows on the Players roster (default: %(default)s)",
    )
    blank.add_argument(
        "--rounds",
        type=count,
        default=TEMPLATE_ROUNDS,
        help="rounds to prepare Results rows for (default: %(default)s)",
    )
    blank.add_argument("--event", help="the event name, written on the Event sheet")
    add_common(blank)
    from xlsx_scorer.cli import archive, diff, merge, serve, verify  # noqa: PLC0415  (no cycle)

    for own_command in (diff, merge, archive, verify, serve):
        own_command.add_parser(commands)
    return parser


def count(value: str) -> int:
    """A number of players or rounds: a whole number from 1 to 1000.

    >>> count("24")
    24
    """
    if not value.isdigit() or not 1 <= int(value) <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {MAX_COUNT}")
    return int(value)


def add_common(command: argparse.ArgumentParser) -> None:
    """The options every command has: ``--lang`` and ``--debug``."""
    command.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help="language of messages and output sheets (default: the workbook's)",
    )
    command.add_argument(
        "--debug", action="store_true", help="show the technical details (traceback) on failure"
    )

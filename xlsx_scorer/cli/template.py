"""``xlsx-scorer template FILE.xlsx``: a blank tournament workbook, in a language and format.

Exit code 0: written; 2: the file could not be written (nothing written).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlsx_scorer.cli import commands
from xlsx_scorer.cli.options import (
    MAX_COUNT,
    TEMPLATE_PLAYERS,
    TEMPLATE_ROUNDS,
    add_command,
    add_common,
    add_format,
)
from xlsx_scorer.cli.parser import checked_number, say


def add_parser(subcommands: Any, lang: str) -> None:
    """Register ``template`` with the command parser, its help in ``lang``."""
    parser = add_command(subcommands, "template", lang)
    parser.add_argument(
        "workbook",
        metavar=say(lang, "help.metavar_output"),
        type=Path,
        help=say(lang, "help.template_output"),
    )
    parser.add_argument("--force", action="store_true", help=say(lang, "help.force_template"))
    count = checked_number(lang, 1, MAX_COUNT, "help.bad_count")
    number = say(lang, "help.metavar_number")
    parser.add_argument(
        "--players",
        metavar=number,
        type=count,
        default=TEMPLATE_PLAYERS,
        help=say(lang, "help.players", default=TEMPLATE_PLAYERS),
    )
    parser.add_argument(
        "--rounds",
        metavar=number,
        type=count,
        default=TEMPLATE_ROUNDS,
        help=say(lang, "help.rounds", default=TEMPLATE_ROUNDS),
    )
    parser.add_argument(
        "--event", metavar=say(lang, "help.metavar_name"), help=say(lang, "help.event")
    )
    add_format(parser, lang, "help.template_format")  # no workbook declares one
    add_common(parser, lang, "help.template_lang")  # no workbook to take it from


def run(args: argparse.Namespace) -> int:
    """Write the template, recording it in ``args.ran`` (``cli.registry``)."""
    return commands.template(args, args.ran)

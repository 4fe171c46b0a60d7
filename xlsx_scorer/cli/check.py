"""``xlsx-scorer check WORKBOOK… [--json]``: every problem of each workbook; nothing written.

Exit code 0: no problem; 1: a workbook has problems; 2: a file could not be used.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlsx_scorer.cli import commands
from xlsx_scorer.cli.options import add_command, add_common, add_format
from xlsx_scorer.cli.parser import say


def add_parser(subcommands: Any, lang: str) -> None:
    """Register ``check`` with the command parser, its help in ``lang``."""
    parser = add_command(subcommands, "check", lang, epilog=say(lang, "help.exit_codes"))
    parser.add_argument(
        "workbook",
        metavar=say(lang, "help.metavar_workbook"),
        type=Path,
        nargs="+",
        help=say(lang, "help.workbooks"),
    )
    parser.add_argument("--json", action="store_true", help=say(lang, "help.json"))
    add_format(parser, lang)
    add_common(parser, lang)


def run(args: argparse.Namespace) -> int:
    """Check (``args.ran``: the record ``cli.registry`` keeps, for a bug's message)."""
    return commands.check(args, args.ran)

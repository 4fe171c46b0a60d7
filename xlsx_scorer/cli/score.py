"""``xlsx-scorer score WORKBOOK… [-o OUTPUT]``: check, score and save each workbook.

Exit code 0: scored, no problem; 1: a workbook has problems (its Errors sheet
says which); 2: a file could not be used (nothing written for it).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlsx_scorer.cli import commands
from xlsx_scorer.cli.options import add_command, add_common, add_format
from xlsx_scorer.cli.parser import say


def add_parser(subcommands: Any, lang: str) -> None:
    """Register ``score`` with the command parser, its help in ``lang``."""
    parser = add_command(subcommands, "score", lang, epilog=say(lang, "help.exit_codes"))
    parser.add_argument(
        "workbook",
        metavar=say(lang, "help.metavar_workbook"),
        type=Path,
        nargs="+",
        help=say(lang, "help.workbooks"),
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar=say(lang, "help.metavar_output"),
        type=Path,
        help=say(lang, "help.score_output"),
    )
    parser.add_argument("--force", action="store_true", help=say(lang, "help.force_output"))
    add_format(parser, lang)
    add_common(parser, lang)


def run(args: argparse.Namespace) -> int:
    """Score, recording each file saved in ``args.ran`` (``cli.registry``)."""
    return commands.score(args, args.ran)

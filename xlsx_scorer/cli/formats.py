"""``xlsx-scorer formats``: the shipped tournament formats, one line each, in the language."""

from __future__ import annotations

import argparse
from typing import Any

from xlsx_scorer.cli import commands
from xlsx_scorer.cli.options import add_command, add_common


def add_parser(subcommands: Any, lang: str) -> None:
    """Register ``formats`` with the command parser, its help in ``lang``."""
    add_common(add_command(subcommands, "formats", lang), lang, "help.lang_list")  # no workbook


def run(args: argparse.Namespace) -> int:
    """List the formats."""
    return commands.formats(args, args.ran)

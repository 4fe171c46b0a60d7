"""The options the commands share, for each command module's ``add_parser``.

Every word of the help is in ``lang`` (``cli.parser``).  This module imports no
command: the commands import it, and ``cli.registry`` imports the commands.
"""

from __future__ import annotations

import argparse
from typing import Any

from xlsx_scorer.cli.parser import say
from xlsx_scorer.i18n import LANGUAGES

MAX_COUNT = 1000
#: The template's size when not asked for (``app.template.DEFAULT_PLAYERS``/``DEFAULT_ROUNDS``).
TEMPLATE_PLAYERS, TEMPLATE_ROUNDS = 24, 5


def add_command(commands: Any, name: str, lang: str, **extra: Any) -> argparse.ArgumentParser:
    """The sub-command ``name`` of ``commands`` (``add_subparsers()``), its help and
    description in ``lang`` (messages ``help.<name>`` and ``help.<name>_description``)."""
    parser: argparse.ArgumentParser = commands.add_parser(
        name,
        help=say(lang, f"help.{name}"),
        description=say(lang, f"help.{name}_description"),
        **extra,
    )
    return parser


def add_format(command: argparse.ArgumentParser, lang: str, words: str = "help.format") -> None:
    """``--format NAME|FILE.toml``: the tournament format (docs/rules.md, "Formats"); its help
    the message ``words`` (a new workbook declares none: ``help.template_format``)."""
    command.add_argument(
        "--format", metavar=say(lang, "help.metavar_format"), help=say(lang, words)
    )


def add_common(command: argparse.ArgumentParser, lang: str, lang_help: str = "help.lang") -> None:
    """The options every command has: ``--lang`` (its help the message ``lang_help``: what
    the language is of, and its default for that command) and ``--debug``."""
    command.add_argument("--lang", choices=sorted(LANGUAGES), help=say(lang, lang_help))
    command.add_argument("--debug", action="store_true", help=say(lang, "help.debug"))

"""The command line's parser: one sub-command per job, the options they share.

Every word of the help is in ``lang`` (``cli.parser``): ``--lang`` on the command
line, else the system's language, else English.  Light on purpose: building the
parser (``--help``, ``--version``) imports no pandas, pandera or openpyxl.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlsx_scorer import __version__
from xlsx_scorer.cli.parser import Parser, checked_number, say
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES

MAX_COUNT = 1000
#: The template's size when not asked for (``app.template.DEFAULT_PLAYERS``/``DEFAULT_ROUNDS``).
TEMPLATE_PLAYERS, TEMPLATE_ROUNDS = 24, 5


def build_parser(lang: str = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """The argument parser in ``lang``, one sub-command per job."""
    exit_codes = say(lang, "help.exit_codes")
    parser = Parser(
        prog="xlsx-scorer",
        description=say(lang, "help.description"),
        epilog=exit_codes,
        language=lang,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=say(lang, "help.version"),
    )
    commands = parser.add_subparsers(
        dest="command", required=True, metavar=say(lang, "help.metavar_command")
    )
    workbook = say(lang, "help.metavar_workbook")
    output = say(lang, "help.metavar_output")
    score = add_command(commands, "score", lang, epilog=exit_codes)
    score.add_argument(
        "workbook", metavar=workbook, type=Path, nargs="+", help=say(lang, "help.workbooks")
    )
    score.add_argument(
        "-o", "--output", metavar=output, type=Path, help=say(lang, "help.score_output")
    )
    score.add_argument("--force", action="store_true", help=say(lang, "help.force_output"))
    add_format(score, lang)
    add_common(score, lang)
    check = add_command(commands, "check", lang, epilog=exit_codes)
    check.add_argument(
        "workbook", metavar=workbook, type=Path, nargs="+", help=say(lang, "help.workbooks")
    )
    check.add_argument("--json", action="store_true", help=say(lang, "help.json"))
    add_format(check, lang)
    add_common(check, lang)
    blank = add_command(commands, "template", lang)
    blank.add_argument(
        "workbook", metavar=output, type=Path, help=say(lang, "help.template_output")
    )
    blank.add_argument("--force", action="store_true", help=say(lang, "help.force_template"))
    count = checked_number(lang, 1, MAX_COUNT, "help.bad_count")
    number = say(lang, "help.metavar_number")
    blank.add_argument(
        "--players",
        metavar=number,
        type=count,
        default=TEMPLATE_PLAYERS,
        help=say(lang, "help.players", default=TEMPLATE_PLAYERS),
    )
    blank.add_argument(
        "--rounds",
        metavar=number,
        type=count,
        default=TEMPLATE_ROUNDS,
        help=say(lang, "help.rounds", default=TEMPLATE_ROUNDS),
    )
    blank.add_argument(
        "--event", metavar=say(lang, "help.metavar_name"), help=say(lang, "help.event")
    )
    add_format(blank, lang)
    add_common(blank, lang, "help.template_lang")  # no workbook to take it from
    add_common(add_command(commands, "formats", lang), lang, "help.template_lang")
    from xlsx_scorer.cli import archive, diff, merge, seat, serve, verify  # noqa: PLC0415  (no cycle)

    for own_command in (diff, merge, archive, verify, serve, seat):
        own_command.add_parser(commands, lang)
    return parser


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


def add_format(command: argparse.ArgumentParser, lang: str) -> None:
    """``--format NAME|FILE.toml``: the tournament format (docs/rules.md, "Formats")."""
    command.add_argument(
        "--format", metavar=say(lang, "help.metavar_format"), help=say(lang, "help.format")
    )


def add_common(command: argparse.ArgumentParser, lang: str, lang_help: str = "help.lang") -> None:
    """The options every command has: ``--lang`` (its help the message ``lang_help``: what
    the language is of, and its default for that command) and ``--debug``."""
    command.add_argument("--lang", choices=sorted(LANGUAGES), help=say(lang, lang_help))
    command.add_argument("--debug", action="store_true", help=say(lang, "help.debug"))

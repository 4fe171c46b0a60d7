"""Every command of ``xlsx-scorer``, in one place: name → module, and the parser they make.

A command is a module with ``add_parser(subcommands, lang)`` (its sub-parser, every
word in ``lang``) and ``run(args) -> int`` (the exit code).  Adding one is one line
in ``COMMANDS``.  The imports point one way: this registry imports the command
modules; they import the shared pieces (``options``, ``parser``, ``common``,
``commands``) and never the registry, nor each other's registration.

``args.ran`` (a ``commands.Run``, the parser's default) records every file a command
saved, so that an internal error or Ctrl-C after a save says what was written.

>>> list(COMMANDS)[:4]
['score', 'check', 'template', 'formats']
>>> build_parser("es").parse_args(["formats"]).command
'formats'
"""

from __future__ import annotations

import argparse
from types import ModuleType

from xlsx_scorer import __version__
from xlsx_scorer.cli import (
    archive,
    check,
    commands,
    diff,
    formats,
    merge,
    score,
    seat,
    serve,
    template,
    verify,
)
from xlsx_scorer.cli.parser import Parser, say
from xlsx_scorer.i18n import DEFAULT_LANGUAGE

#: The commands, in the order the help lists them.
COMMANDS: dict[str, ModuleType] = {
    "score": score,
    "check": check,
    "template": template,
    "formats": formats,
    "diff": diff,
    "merge": merge,
    "archive": archive,
    "verify": verify,
    "seat": seat,
    "serve": serve,
}


def build_parser(lang: str = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """The argument parser in ``lang``, one sub-command per entry of ``COMMANDS``."""
    parser = Parser(
        prog="xlsx-scorer",
        description=say(lang, "help.description"),
        epilog=say(lang, "help.exit_codes"),
        language=lang,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__}",
        help=say(lang, "help.version"),
    )
    parser.set_defaults(ran=commands.Run())
    subcommands = parser.add_subparsers(
        dest="command", required=True, metavar=say(lang, "help.metavar_command")
    )
    for module in COMMANDS.values():
        module.add_parser(subcommands, lang)
    return parser


def run(args: argparse.Namespace) -> int:
    """Run the command ``args`` was parsed for."""
    command: int = COMMANDS[args.command].run(args)
    return command

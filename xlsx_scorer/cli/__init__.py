"""The ``xlsx-scorer`` command: parse arguments, call the library, print, exit 0/1/2/3.

Exit codes: 0 no problems; 1 the workbook has errors; 2 the file could not be
used (nothing written); 3 an internal error of the scorer: a one-line message
says whether anything was written and how to report it.  No traceback reaches
the organiser unless ``--debug`` asks for it.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from xlsx_scorer.app.api import EXIT_INTERNAL, EXIT_UNUSABLE
from xlsx_scorer.cli import commands
from xlsx_scorer.cli.options import build_parser
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, text

__all__ = ["build_parser", "main"]

COMMANDS: dict[str, Callable[[argparse.Namespace, commands.Run], int]] = {
    "score": commands.score,
    "check": commands.check,
    "template": commands.template,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    args = build_parser().parse_args(argv)
    run = commands.Run()
    try:
        if "run" in args:  # a judges' command or serve: it reports its own unusable files
            return int(args.run(args))
        return COMMANDS[args.command](args, run)
    except UnusableWorkbookError as error:  # the template's save: locked, read-only…
        lang = args.lang or error.language or DEFAULT_LANGUAGE
        workbook = _workbook(args)
        print(render(error.finding.located(file=str(workbook)), lang), file=sys.stderr)
        print(text(lang, "cli.nothing_written"), file=sys.stderr)
        _traceback_if(getattr(args, "debug", False))
        return EXIT_UNUSABLE
    except Exception as error:  # a bug: say so plainly, and whether anything was written
        workbook = _workbook(args)
        print(commands.internal_error(args.lang, error, run.written, workbook), file=sys.stderr)
        _traceback_if(getattr(args, "debug", False))
        return EXIT_INTERNAL


def _workbook(args: argparse.Namespace) -> Path:
    """The (first) workbook the command was given; ``?`` for one given none (``serve``)."""
    given = getattr(args, "workbook", None) or Path("?")
    return Path(given[0] if isinstance(given, list) else given)


def _traceback_if(debug: bool) -> None:
    if debug:
        traceback.print_exc()

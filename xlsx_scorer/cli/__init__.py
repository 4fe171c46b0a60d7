"""The ``xlsx-scorer`` command: parse arguments, call the library, print, exit 0/1/2/3.

Exit codes: 0 no problems; 1 the workbook has errors; 2 the file could not be
used (nothing written); 3 an internal error of the scorer: a one-line message
says whether anything was written and how to report it; 130 stopped by Ctrl-C
(a line says whether anything was written).  No traceback reaches the organiser
unless ``--debug`` asks for it.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from xlsx_scorer.app.api import EXIT_INTERNAL, EXIT_UNUSABLE, set_aside_heavy_imports
from xlsx_scorer.cli import commands, registry
from xlsx_scorer.cli.parser import asked_language
from xlsx_scorer.cli.registry import build_parser
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.i18n import choose_language, text

__all__ = ["build_parser", "main"]

#: Stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Without ``argv`` (``sys.argv``) this is the program, in a process of its own
    (``api.set_aside_heavy_imports``).
    """
    if argv is None:
        set_aside_heavy_imports()
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(choose_language(asked_language(arguments))).parse_args(arguments)
    run: commands.Run = args.ran
    try:
        return registry.run(args)
    except UnusableWorkbookError as error:  # the template's save: locked, read-only…
        lang = choose_language(args.lang, error.language)
        print(render(error.finding.located(file=str(_named_file(args))), lang), file=sys.stderr)
        print(text(lang, "cli.nothing_written"), file=sys.stderr)
        _traceback_if(args.debug)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:  # Ctrl-C: say whether anything was written, no traceback
        saved = commands.saved(run.written)
        said = text(choose_language(args.lang), "cli.interrupted", **saved)
        print(said, file=sys.stderr)
        _traceback_if(args.debug)
        return EXIT_INTERRUPTED
    except Exception as error:  # a bug: say so plainly, and whether anything was written
        message = commands.internal_error(args.lang, error, run.written)
        print(message, file=sys.stderr)
        _traceback_if(args.debug)
        return EXIT_INTERNAL


def _named_file(args: argparse.Namespace) -> Path:
    """The file a command was about, for its messages (the first one given)."""
    for name in ("workbook", "path", "base", "first"):
        value = getattr(args, name, None)
        if value:
            return Path(value[0] if isinstance(value, list) else value)
    return Path()


def _traceback_if(debug: bool) -> None:
    if debug:
        traceback.print_exc()

"""The ``xlsx-scorer`` command: parse arguments, call the library, print, exit 0/1/2.

No traceback reaches the organiser; ``--debug`` shows one.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from xlsx_scorer import __version__
from xlsx_scorer.app import template
from xlsx_scorer.app.api import EXIT_UNUSABLE, Outcome, score_workbook
from xlsx_scorer.app.report import points
from xlsx_scorer.cli import serve
from xlsx_scorer.core.problems import UnusableWorkbookError
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES, text

TOP_PLAYERS = 10
MAX_COUNT = 1000


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, one sub-command per job."""
    parser = argparse.ArgumentParser(
        prog="xlsx-scorer",
        description="Score a Catan tournament kept in an Excel workbook.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    score = commands.add_parser(
        "score",
        help="check and score a workbook; write Standings, Round Points and Errors into it",
        description=(
            "Check every game of the Results sheet against the rules, score the "
            "tournament and write the Standings, Round Points and Errors sheets. "
            "Exit code 0: scored; 1: the workbook has errors (see the Errors sheet); "
            "2: the file could not be used (nothing written)."
        ),
    )
    score.add_argument("workbook", type=Path, help="the tournament workbook (.xlsx or .xlsm)")
    score.add_argument(
        "-o", "--output", type=Path, help="write a scored copy here instead of in place"
    )
    _add_common(score)
    blank = commands.add_parser(
        "template",
        help="write an empty tournament workbook, ready to fill in",
        description=(
            "Write an empty tournament workbook (Event, Players, Results and Instructions "
            "sheets, with dropdowns and checks on every input column) in the chosen language."
        ),
    )
    blank.add_argument("workbook", metavar="OUTPUT", type=Path, help="the .xlsx file to create")
    blank.add_argument(
        "--players",
        type=_count,
        default=template.DEFAULT_PLAYERS,
        help="rows on the Players roster (default: %(default)s)",
    )
    blank.add_argument(
        "--rounds",
        type=_count,
        default=template.DEFAULT_ROUNDS,
        help="rounds to prepare Results rows for (default: %(default)s)",
    )
    blank.add_argument("--event", help="the event name, written on the Event sheet")
    _add_common(blank)
    serve.add_parser(commands)
    return parser


def _count(value: str) -> int:
    """A number of players or rounds: a whole number from 1 to 1000."""
    if not value.isdigit() or not 1 <= int(value) <= MAX_COUNT:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {MAX_COUNT}")
    return int(value)


def _add_common(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help="language of messages and output sheets (default: the workbook's)",
    )
    command.add_argument("--debug", action="store_true", help="show technical details on failure")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        return serve.run(args)
    lang = args.lang or DEFAULT_LANGUAGE
    try:
        return _template(args) if args.command == "template" else _score(args)
    except UnusableWorkbookError as error:
        lang = args.lang or error.language or DEFAULT_LANGUAGE
        params = {"file": str(args.workbook), **error.params}
        print(text(lang, error.code, **params), file=sys.stderr)
        print(text(lang, "cli.nothing_written"), file=sys.stderr)
        if args.debug:
            traceback.print_exc()
        return EXIT_UNUSABLE
    except Exception as error:  # a bug: say so plainly, show details only on request
        print(text(lang, "cli.internal_error", detail=repr(error)), file=sys.stderr)
        print(text(lang, "cli.nothing_written"), file=sys.stderr)
        if args.debug:
            traceback.print_exc()
        else:
            print(text(lang, "cli.debug_hint"), file=sys.stderr)
        return EXIT_UNUSABLE


def _template(args: argparse.Namespace) -> int:
    lang = args.lang or DEFAULT_LANGUAGE
    template.write_template(
        args.workbook, lang, players=args.players, rounds=args.rounds, event=args.event
    )
    print(text(lang, "cli.wrote", file=args.workbook))
    return 0


def _score(args: argparse.Namespace) -> int:
    outcome = score_workbook(args.workbook, args.output, language=args.lang)
    try:
        _print_outcome(outcome, args.workbook)
    except BrokenPipeError:  # the reader went away (``| head``): the workbook is written
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return outcome.exit_code


def _print_outcome(outcome: Outcome, source: Path) -> None:
    lang = outcome.language
    print(
        text(
            lang,
            "cli.summary_problems" if outcome.problems else "cli.summary",
            file=source,
            games=outcome.games,
            players=outcome.players,
            problems=len(outcome.problems),
        )
    )
    for problem in outcome.problems:
        location = text(
            lang,
            "problem.location",
            ref=problem.ref,
            round=problem.round if problem.round is not None else "?",
            table=problem.table or "?",
            player=problem.player or "?",
        )
        print(f"  {location}: {problem.message}")
    for notice in outcome.notices:
        print(notice.message)
    if outcome.standings is not None:
        shown = outcome.standings.head(TOP_PLAYERS)
        print(text(lang, "cli.top", count=len(shown)))
        for entry in shown.itertuples(index=False):
            round_points = points(entry.points12) or 0.0
            print(
                f"  {entry.rank:>3}. {entry.player:<28} {round_points:6.2f}"
                f" {entry.vp:>4} {entry.vp_share:7.1%}"
            )
    print(text(lang, "cli.wrote", file=outcome.written))


if __name__ == "__main__":
    sys.exit(main())

"""What each command does: call the library, print in the language, return the exit code.

``Run.written`` records the file a command has saved, so that an internal
error after the save can say so.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from xlsx_scorer.app.api import EXIT_UNUSABLE, Result, check_file, score_file
from xlsx_scorer.findings import Finding, render
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, decimal, percent, text

TOP_PLAYERS = 10


@dataclass
class Run:
    """What a command did so far: the file it saved, if any."""

    written: Path | None = None


def score(args: argparse.Namespace, run: Run) -> int:
    """``score``: check, score and save; print the findings and the leaders."""
    result = score_file(args.workbook, args.output, language=args.lang)
    if result.exit_code == EXIT_UNUSABLE:
        return refused(result)
    run.written = args.output or args.workbook
    with _tolerating_a_closed_pipe():
        summary = "cli.summary_problems" if result.errors else "cli.summary"
        _print_findings(result, summary, args.workbook)
        _print_leaders(result)
        print(text(result.language, "cli.wrote", file=run.written))
    return result.exit_code


def check(args: argparse.Namespace, run: Run) -> int:
    """``check``: every finding, in words or as JSON; nothing is written."""
    result = check_file(args.workbook, language=args.lang)
    with _tolerating_a_closed_pipe():
        if args.json:
            document = result.to_json(language=result.language)
            print(json.dumps(document, ensure_ascii=False, indent=2))
        elif result.exit_code == EXIT_UNUSABLE:
            return refused(result)
        else:
            _print_findings(result, "cli.checked", args.workbook)
    return result.exit_code


def template(args: argparse.Namespace, run: Run) -> int:
    """``template``: write an empty workbook in the language."""
    from xlsx_scorer.app import template as blank  # noqa: PLC0415  (openpyxl: only when asked)

    lang = args.lang or DEFAULT_LANGUAGE
    blank.write_template(
        args.workbook,
        lang,
        players=args.players,
        rounds=args.rounds,
        event=args.event,
        overwrite=args.force,
    )
    run.written = args.workbook
    print(text(lang, "cli.wrote", file=args.workbook))
    return 0


def refused(result: Result) -> int:
    """A file that cannot be used: its finding and "nothing was written", on stderr."""
    for finding in result.findings:
        print(render(finding, result.language), file=sys.stderr)
    print(text(result.language, "cli.nothing_written"), file=sys.stderr)
    return result.exit_code


def location(finding: Finding, lang: str) -> str:
    """Where a finding is, in words: ``Results!D7 (round 2, table 3, Ana)``."""
    where = finding.where
    return text(
        lang,
        "problem.location",
        ref=where.ref,
        round="?" if where.round is None else str(where.round),
        table=where.table or "?",
        player=where.player or "?",
    )


def _print_findings(result: Result, summary: str, source: Path) -> None:
    lang = result.language
    print(
        text(
            lang,
            summary,
            file=source,
            games=result.games,
            players=result.players,
            problems=len(result.errors),
        )
    )
    for finding in result.errors:
        print(f"  {location(finding, lang)}: {render(finding, lang)}")
    for notice in result.notices:
        print(render(notice, lang))


def _print_leaders(result: Result) -> None:
    if result.standings is None:
        return
    from xlsx_scorer.app.report import points  # noqa: PLC0415  (pandas is loaded by now)

    lang = result.language
    shown = result.standings.head(TOP_PLAYERS)
    print(text(lang, "cli.top", count=len(shown)))
    columns = ["rank", "player", "points12", "vp", "vp_share"]
    for rank, player, twelfths, vp, share in shown[columns].itertuples(index=False, name=None):
        shown_points = decimal(lang, points(twelfths) or 0.0)
        shown_share = percent(lang, float(share))
        print(f"  {rank:>3}. {player:<28} {shown_points:>6} {vp:>4} {shown_share:>7}")


@contextlib.contextmanager
def _tolerating_a_closed_pipe() -> Iterator[None]:
    """The reader went away (``| head``): stop printing, keep the exit code."""
    try:
        yield
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())

"""What each command does: call the library, print in the language, return the exit code.

``Run.written`` records the file a command has saved, so that an internal
error after the save can say so.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import sys
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from xlsx_scorer.app.api import EXIT_UNUSABLE, Result, check_file, score_file
from xlsx_scorer.app.outputkinds import ERRORS, sheet_name
from xlsx_scorer.cli import batch
from xlsx_scorer.findings import Finding, render
from xlsx_scorer.i18n import choose_language, decimal, percent, text

TOP_PLAYERS = 10


@dataclass
class Run:
    """What a command did so far: the file it saved, if any."""

    written: Path | None = None


def score(args: argparse.Namespace, run: Run) -> int:
    """``score``: check, score and save each workbook; print the findings and the leaders."""
    lang = choose_language(args.lang)
    paths = batch.workbooks(args.workbook)
    if len(args.workbook) == 1 and not args.workbook[0].is_dir():
        return _score_one(paths[0], args.output, args.lang, args.force, run)
    if args.output is not None and not args.output.is_dir():
        print(text(lang, "cli.output_not_folder", folder=args.output), file=sys.stderr)
        return EXIT_UNUSABLE
    names = [path.name.casefold() for path in paths]
    if args.output is not None and len(set(names)) < len(names):
        twice = next(path.name for path in paths if names.count(path.name.casefold()) > 1)
        print(text(lang, "cli.output_collision", name=twice, folder=args.output), file=sys.stderr)
        return EXIT_UNUSABLE

    def score_one(path: Path) -> int:
        target = None if args.output is None else args.output / path.name
        result = score_file(path, target, language=args.lang, force=args.force)
        if result.exit_code == EXIT_UNUSABLE:
            return refused(result)
        summary = "cli.summary_problems" if result.errors else "cli.summary"
        print(_summary(result, summary, path))
        if result.errors:
            print(score_next(result.language, path, target, len(result.errors)))
        return result.exit_code

    empty = _say_empty_folders(args)
    return max(empty, batch.run_each(paths, score_one, _bug_reporter(args)))


def _score_one(source: Path, output: Path | None, lang: str | None, force: bool, run: Run) -> int:
    result = score_file(source, output, language=lang, force=force)
    if result.exit_code == EXIT_UNUSABLE:
        return refused(result)
    run.written = output or source
    with _tolerating_a_closed_pipe():
        summary = "cli.summary_problems" if result.errors else "cli.summary"
        _print_findings(result, summary, source)
        _print_leaders(result)
        print(text(result.language, "cli.wrote", file=run.written))
        if result.errors:
            print(score_next(result.language, source, output, len(result.errors)))
    return result.exit_code


def score_next(lang: str, source: Path, output: Path | None, problems: int) -> str:
    """What to do after a score with problems: open Errors, fix it (one problem) or them, and
    the command to run again (with ``-o``, the same output replaced: ``--force``).

    >>> said = score_next("es", Path("copa.xlsx"), Path("mi copa.xlsx"), 1)
    >>> said[:21], said.rpartition(": ")[2]
    ('Abre la hoja Errores:', "xlsx-scorer score copa.xlsx -o 'mi copa.xlsx' --force")
    >>> "Corrígelo y" in said, "Corrígelos y" in score_next("es", Path("copa.xlsx"), None, 2)
    (True, True)
    """
    again = ["-o", str(output), "--force"] if output is not None else []
    command = shlex.join(["xlsx-scorer", "score", str(source), *again])
    errors = sheet_name(lang, ERRORS)
    return text(lang, "cli.score_next", errors=errors, command=command, count=problems)


def check(args: argparse.Namespace, run: Run) -> int:
    """``check``: every finding of each workbook, in words or as JSON; nothing is written."""
    paths = batch.workbooks(args.workbook)
    if len(args.workbook) == 1 and not args.workbook[0].is_dir():
        return _check_one(paths[0], args.json, args.lang)
    empty = _say_empty_folders(args)
    if args.json:
        documents: list[dict[str, object]] = []

        def collect(path: Path) -> int:
            result = check_file(path, language=args.lang)
            documents.append({"file": str(path), **result.to_json(language=result.language)})
            return result.exit_code

        worst = batch.run_each(paths, collect, _bug_reporter(args))
        with _tolerating_a_closed_pipe():
            print(json.dumps(documents, ensure_ascii=False, indent=2))
        return max(empty, worst)
    worst = batch.run_each(
        paths, lambda path: _check_one(path, False, args.lang), _bug_reporter(args)
    )
    return max(empty, worst)


def _say_empty_folders(args: argparse.Namespace) -> int:
    """Say, on the error stream, which folders given hold no workbook; exit code 2 if any."""
    empty = batch.without_workbooks(args.workbook)
    for folder in empty:
        print(text(choose_language(args.lang), "cli.no_workbooks", folder=folder), file=sys.stderr)
    return EXIT_UNUSABLE if empty else 0


def _check_one(source: Path, as_json: bool, lang: str | None) -> int:
    result = check_file(source, language=lang)
    with _tolerating_a_closed_pipe():
        if as_json:
            document = result.to_json(language=result.language)
            print(json.dumps(document, ensure_ascii=False, indent=2))
        elif result.exit_code == EXIT_UNUSABLE:
            return refused(result)
        else:
            _print_findings(result, "cli.checked", source)
    return result.exit_code


def _bug_reporter(args: argparse.Namespace) -> Callable[[Path, Exception], None]:
    """Say, on one line, that ``path`` met a bug of the scorer (nothing written for it)."""

    def report(path: Path, error: Exception) -> None:
        print(internal_error(args.lang, error, None, path), file=sys.stderr)
        if args.debug:
            traceback.print_exc()

    return report


def internal_error(lang: str | None, error: Exception, written: Path | None, file: Path) -> str:
    """The one-line message of a bug: what happened, whether anything was written, what to do."""
    return text(
        choose_language(lang),
        "cli.internal_error",
        detail=" ".join(f"{type(error).__name__}: {error}".split()),  # one line
        written="yes" if written else "no",
        file=written or file,
    )


def template(args: argparse.Namespace, run: Run) -> int:
    """``template``: write an empty workbook in the language."""
    from xlsx_scorer.app import template as blank  # noqa: PLC0415  (openpyxl: only when asked)

    lang = choose_language(args.lang)
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
    command = shlex.join(["xlsx-scorer", "score", str(args.workbook)])
    players, results = sheet_name(lang, "players"), sheet_name(lang, "results")
    print(text(lang, "cli.template_next", players=players, results=results, command=command))
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


def _summary(result: Result, summary: str, source: Path) -> str:
    return text(
        result.language,
        summary,
        file=source,
        games=result.games,
        players=result.players,
        problems=len(result.errors),
    )


def _print_findings(result: Result, summary: str, source: Path) -> None:
    lang = result.language
    print(_summary(result, summary, source))
    for finding in result.errors:
        print(f"  {location(finding, lang)}: {render(finding, lang)}")
    for notice in result.notices:
        print(render(notice, lang))


def _print_leaders(result: Result) -> None:
    if result.standings is None:
        return
    from xlsx_scorer.app.report import points  # noqa: PLC0415  (pandas is loaded by now)

    lang = result.language
    if result.standings.empty:  # a template not filled in yet
        print(text(lang, "cli.no_results"))
        return
    shown = result.standings.head(TOP_PLAYERS)
    print(text(lang, "cli.top", count=len(shown)))
    columns = ["rank", "player", "points12", "vp", "vp_share"]
    rows = [
        [
            str(rank),
            str(player),
            decimal(lang, points(twelfths) or 0.0),
            str(vp),
            percent(lang, share),
        ]
        for rank, player, twelfths, vp, share in shown[columns].itertuples(index=False, name=None)
    ]
    for line in leaders_table(lang, rows):
        print(line)


def leaders_table(lang: str, rows: list[list[str]]) -> list[str]:
    """The leaders under their headings in ``lang``, each column as wide as its widest cell.

    Numbers come already written the language's way (``15,25``, ``%31,3``); the
    player's name is aligned left, the rest right.

    >>> for line in leaders_table("es", [["1", "Ana", "15,25", "10", "31,3 %"]]):
    ...     print(line)
      Puesto  Jugador  Puntos de ronda  PV    % PV
           1  Ana                15,25  10  31,3 %
    """
    headings = [
        text(lang, key)
        for key in ("out.rank", "out.player", "out.round_points", "out.vp", "out.vp_pct")
    ]
    widths = [max(len(cell) for cell in column) for column in zip(headings, *rows, strict=True)]
    return [
        "  "
        + "  ".join(
            cell.ljust(width) if position == 1 else cell.rjust(width)
            for position, (cell, width) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in (headings, *rows)
    ]


@contextlib.contextmanager
def _tolerating_a_closed_pipe() -> Iterator[None]:
    """The reader went away (``| head``): stop printing, keep the exit code."""
    try:
        yield
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())

"""What each command does: call the library, print in the language, return the exit code.

``Run.written`` records every file a command has saved, in order, so that an
internal error or Ctrl-C after a save says exactly what was written.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlsx_scorer.app.api import (
    EXIT_UNUSABLE,
    Result,
    check_file,
    load_format,
    score_file,
    shipped_formats,
)
from xlsx_scorer.app.outputkinds import ERRORS, sheet_name
from xlsx_scorer.cli import batch
from xlsx_scorer.findings import Finding, UnusableWorkbookError, render
from xlsx_scorer.i18n import choose_language, decimal, percent, text

if TYPE_CHECKING:
    from xlsx_scorer.app.api import Format

TOP_PLAYERS = 10


@dataclass
class Run:
    """What a command did so far: the files it saved, in order."""

    written: list[Path] = field(default_factory=list)


def score(args: argparse.Namespace, run: Run) -> int:
    """``score``: check, score and save each workbook; print the findings and the leaders."""
    lang = choose_language(args.lang)
    fmt = load_format(args.format)  # a broken format file: exit 2 before any workbook is read
    paths = batch.workbooks(args.workbook)
    if len(args.workbook) == 1 and not args.workbook[0].is_dir():
        return _score_one(
            paths[0], args.output, args.lang, args.force, run, fmt=fmt, fmt_arg=args.format
        )
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
        result = score_file(path, target, language=args.lang, force=args.force, format=fmt)
        if result.exit_code == EXIT_UNUSABLE:
            return refused(result)
        if result.workbook is not None:  # saved
            run.written.append(target or path)
        summary = "cli.summary_problems" if result.errors else "cli.summary"
        print(_summary(result, summary, path))
        for notice in result.notices:  # where our sheets went, a sheet regenerated…
            print(f"  {render(notice, result.language)}")
        if result.errors:
            print(score_next(result.language, path, target, len(result.errors), args.format))
        return result.exit_code

    empty = _say_empty_folders(args)
    return max(empty, batch.run_each(paths, score_one, _bug_reporter(args, run)))


def _score_one(
    source: Path,
    output: Path | None,
    lang: str | None,
    force: bool,
    run: Run,
    *,
    fmt: Format | None,
    fmt_arg: str | None = None,
) -> int:
    result = score_file(source, output, language=lang, force=force, format=fmt)
    if result.exit_code == EXIT_UNUSABLE:
        return refused(result)
    run.written.append(output or source)
    summary = "cli.summary_problems" if result.errors else "cli.summary"
    _print_findings(result, summary, source)
    _print_leaders(result)
    print(text(result.language, "cli.wrote", file=output or source))
    if result.errors:
        print(score_next(result.language, source, output, len(result.errors), fmt_arg))
    return result.exit_code


def score_next(
    lang: str, source: Path, output: Path | None, problems: int, fmt: str | None = None
) -> str:
    """What to do after a score with problems: open Errors, fix it (one problem) or them, and
    the command to run again (with ``-o``, the same output replaced: ``--force``; the
    ``--format`` given, again).

    >>> said = score_next("es", Path("copa.xlsx"), Path("mi copa.xlsx"), 1)
    >>> said[:21], said.rpartition(": ")[2]
    ('Abre la hoja Errores:', "xlsx-scorer score copa.xlsx -o 'mi copa.xlsx' --force")
    >>> "Corrígelo y" in said, "Corrígelos y" in score_next("es", Path("copa.xlsx"), None, 2)
    (True, True)
    >>> score_next("en", Path("cup.xlsx"), None, 1, "carcassonne-hig").rpartition(": ")[2]
    'xlsx-scorer score cup.xlsx --format carcassonne-hig'
    """
    again = ["-o", str(output), "--force"] if output is not None else []
    again += ["--format", fmt] if fmt is not None else []
    command = shlex.join(["xlsx-scorer", "score", str(source), *again])
    errors = sheet_name(lang, ERRORS)
    return text(lang, "cli.score_next", errors=errors, command=command, count=problems)


def check(args: argparse.Namespace, run: Run) -> int:
    """``check``: every finding of each workbook, in words or as JSON; nothing is written."""
    try:
        fmt = load_format(args.format)  # a broken format file: exit 2 before any workbook is read
    except UnusableWorkbookError as error:
        if not args.json:
            raise
        return _format_refused_as_json(args, error)
    paths = batch.workbooks(args.workbook)
    if len(args.workbook) == 1 and not args.workbook[0].is_dir():
        return _check_one(paths[0], args.json, args.lang, fmt)
    empty = _say_empty_folders(args)
    if args.json:
        documents: list[dict[str, object]] = []

        def collect(path: Path) -> int:
            result = check_file(path, language=args.lang, format=fmt)
            documents.append({"file": str(path), **result.to_json(language=result.language)})
            return result.exit_code

        worst = batch.run_each(paths, collect, _bug_reporter(args, run))
        print(json.dumps(documents, ensure_ascii=False, indent=2))
        return max(empty, worst)
    worst = batch.run_each(
        paths, lambda path: _check_one(path, False, args.lang, fmt), _bug_reporter(args, run)
    )
    return max(empty, worst)


def _format_refused_as_json(args: argparse.Namespace, error: UnusableWorkbookError) -> int:
    """``check --json`` with a format that cannot be used: the JSON a refused workbook gets
    (exit code 2, the one fatal finding naming the format's key), for each workbook given,
    as a list when several were (docs/findings.md)."""
    lang = choose_language(args.lang)
    several = len(args.workbook) > 1 or args.workbook[0].is_dir()
    documents = []
    for path in args.workbook:
        finding = error.finding.located(file=str(path))
        document = Result(findings=(finding,), language=lang).to_json(language=lang)
        documents.append({"file": str(path), **document} if several else document)
    print(json.dumps(documents if several else documents[0], ensure_ascii=False, indent=2))
    return EXIT_UNUSABLE


def _say_empty_folders(args: argparse.Namespace) -> int:
    """Say, on the error stream, which folders given hold no workbook; exit code 2 if any."""
    empty = batch.without_workbooks(args.workbook)
    for folder in empty:
        print(text(choose_language(args.lang), "cli.no_workbooks", folder=folder), file=sys.stderr)
    return EXIT_UNUSABLE if empty else 0


def _check_one(source: Path, as_json: bool, lang: str | None, fmt: Format | None) -> int:
    result = check_file(source, language=lang, format=fmt)
    if as_json:
        document = result.to_json(language=result.language)
        print(json.dumps(document, ensure_ascii=False, indent=2))
    elif result.exit_code == EXIT_UNUSABLE:
        return refused(result)
    else:
        _print_findings(result, "cli.checked", source)
    return result.exit_code


def _bug_reporter(args: argparse.Namespace, run: Run) -> Callable[[Path, Exception], None]:
    """Say, on one line that starts with ``path``, that it met a bug of the scorer, and which
    files the command had saved by then (``path`` among them when the bug came after its save)."""

    def report(path: Path, error: Exception) -> None:
        print(f"{path}: {internal_error(args.lang, error, run.written)}", file=sys.stderr)
        if args.debug:
            traceback.print_exc()

    return report


def internal_error(lang: str | None, error: Exception, written: Sequence[Path]) -> str:
    """The one-line message of a bug: what happened, what was written, what to do.

    >>> said = internal_error("en", ValueError("a\\nbug"), [Path("a.xlsx"), Path("b.xlsx")])
    >>> said.split(". ")[1]
    '2 files had already been saved: a.xlsx, b.xlsx'
    """
    return text(
        choose_language(lang),
        "cli.internal_error",
        detail=" ".join(f"{type(error).__name__}: {error}".split()),  # one line
        **saved(written),
    )


def saved(written: Sequence[Path]) -> dict[str, object]:
    """The parameters ``saved`` (how many) and ``files`` (their names) of a message that
    says what a command had saved: ``cli.internal_error``, ``cli.interrupted``."""
    return {"saved": len(written), "files": ", ".join(str(path) for path in written)}


def template(args: argparse.Namespace, run: Run) -> int:
    """``template``: write an empty workbook in the language."""
    from xlsx_scorer.app import template as blank  # noqa: PLC0415  (openpyxl: only when asked)

    lang = choose_language(args.lang)
    fmt = load_format(args.format)
    blank.write_template(
        args.workbook,
        lang,
        players=args.players,
        rounds=args.rounds,
        event=args.event,
        overwrite=args.force,
        fmt=fmt,
    )
    run.written.append(args.workbook)
    print(text(lang, "cli.wrote", file=args.workbook))
    # the Event sheet records the format, an organiser's own with its rules: none to repeat
    command = shlex.join(["xlsx-scorer", "score", str(args.workbook)])
    players, results = sheet_name(lang, "players"), sheet_name(lang, "results")
    print(text(lang, "cli.template_next", players=players, results=results, command=command))
    return 0


def formats(args: argparse.Namespace, run: Run) -> int:
    """``formats``: the shipped tournament formats, one line each, in the language, and under
    each what it plays after its rounds."""
    from xlsx_scorer.app.stageseat import described as stages_described  # noqa: PLC0415  (heavy)

    lang = choose_language(args.lang)
    print(text(lang, "cli.formats"))
    shipped = shipped_formats()
    width = max(map(len, shipped))
    for name, fmt in shipped.items():
        print(f"  {name.ljust(width)}  {text(lang, f'format.{name}')}")
        print(f"  {' ' * width}  {stages_described(fmt, lang)}")  # what it plays after its rounds
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
    from xlsx_scorer.app.formatsheets import shown_columns  # noqa: PLC0415  (pandas is loaded)
    from xlsx_scorer.app.report import WHOLE_FORMAT  # noqa: PLC0415

    lang = result.language
    if result.standings.empty:  # a template not filled in yet, or its first round in play
        if result.rounds is None or not result.rounds.in_play:  # else its notices said so
            print(text(lang, "cli.no_results"))
        return
    shown = result.standings.head(TOP_PLAYERS)
    print(text(lang, "cli.top", count=len(shown)))
    keyed = shown_columns(result.format) if result.format else []

    def said(value: Any, number_format: str | None) -> str:
        if number_format == WHOLE_FORMAT:
            return str(round(value))
        if number_format and "%" in number_format:
            return percent(lang, float(value))
        return decimal(lang, float(value))

    rows = [
        [
            str(rank),
            str(player),
            *(said(entry[column], look.number_format) for column, look in keyed),
        ]
        for rank, player, entry in zip(
            shown["rank"], shown["player"], shown.to_dict("records"), strict=True
        )
    ]
    headings = [text(lang, look.message) for _, look in keyed]
    for line in leaders_table(lang, rows, headings):
        print(line)
    _print_final(result)


def _print_final(result: Result) -> None:
    """The top of the Final Ranking (SPEC §10) once a stage has rows: rank (blank while
    still playing), player, stage reached, place there."""
    final = result.final
    if final is None:
        return
    from xlsx_scorer.app.finalsheet import stage_word  # noqa: PLC0415  (pandas is loaded)

    lang = result.language
    shown = final.lines[:TOP_PLAYERS]
    print(text(lang, "cli.final_top", count=len(shown)))
    rows = [
        [
            "" if line.rank is None else str(line.rank),
            line.player,
            stage_word(lang, final, line),
            "" if line.place is None else str(line.place),
        ]
        for line in shown
    ]
    headings = [text(lang, "out.stage"), text(lang, "out.stage_place")]
    for said in leaders_table(lang, rows, headings):
        print(said)


def leaders_table(lang: str, rows: list[list[str]], keys: list[str] | None = None) -> list[str]:
    """The leaders under their headings in ``lang``, each column as wide as its widest cell.

    Numbers come already written the language's way (``15,25``, ``%31,3``); the
    player's name is aligned left, the rest right.

    >>> for line in leaders_table("es", [["1", "Ana", "15,25", "10", "31,3 %"]]):
    ...     print(line)
      Puesto  Jugador  Puntos de ronda  PV    % PV
           1  Ana                15,25  10  31,3 %
    """
    headings = [
        text(lang, "out.rank"),
        text(lang, "out.player"),
        *(
            keys
            if keys is not None
            else [text(lang, key) for key in ("out.round_points", "out.vp", "out.vp_pct")]
        ),
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

"""``xlsx-scorer archive EVENT.xlsx -o FOLDER``: a finished event as a verifiable archive.

Exit code 0: archived; 1: the event has problems (listed), or no standings yet (no round
complete); nothing written;
2: the file could not be used or the folder is taken (nothing written).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlsx_scorer.cli import common
from xlsx_scorer.cli.commands import location
from xlsx_scorer.cli.options import add_command, add_common, add_format
from xlsx_scorer.cli.parser import say
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.i18n import text


def add_parser(commands: Any, lang: str) -> None:
    """Register ``archive`` with the command parser, its help in ``lang``."""
    parser = add_command(commands, "archive", lang)
    parser.add_argument(
        "workbook",
        metavar=say(lang, "help.metavar_event"),
        type=Path,
        help=say(lang, "help.archive_workbook"),
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar=say(lang, "help.metavar_folder"),
        type=Path,
        required=True,
        help=say(lang, "help.archive_folder"),
    )
    add_format(parser, lang)
    add_common(parser, lang)


def run(args: argparse.Namespace) -> int:
    """Archive, or list the problems that stop it."""
    from xlsx_scorer.app.archive import archive_event  # noqa: PLC0415  (heavy: only when the command runs)

    try:
        archived = archive_event(args.workbook, args.output, language=args.lang, format=args.format)
    except UnusableWorkbookError as error:
        return common.unusable(args, error)
    lang = archived.language
    if archived.unscored:
        print(text(lang, "cli.archive_unscored", file=args.workbook))
        print(text(lang, "cli.nothing_written"))
        return common.EXIT_DIFFERENT
    if archived.problems:
        count = len(archived.problems)
        print(text(lang, "cli.archive_refused", file=args.workbook, count=count))
        for problem in archived.problems:
            print(f"  {location(problem, lang)}: {render(problem, lang)}")
        print(text(lang, "cli.nothing_written"))
        return common.EXIT_DIFFERENT
    print(
        text(
            lang,
            "cli.archive_done",
            file=args.workbook,
            folder=archived.folder,
            files=", ".join(archived.files),
            fingerprint=archived.fingerprint,
        )
    )
    for notice in archived.notices:  # where our sheets went (their own Standings kept)…
        print(f"  {render(notice, lang)}")
    return common.EXIT_OK

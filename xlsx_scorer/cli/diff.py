"""``xlsx-scorer diff A B``: what changed between two copies of an event.

Exit code 0: the copies hold the same results and roster; 1: they differ;
2: a file could not be used.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlsx_scorer.cli import common
from xlsx_scorer.cli.options import add_command, add_common, add_format
from xlsx_scorer.cli.parser import say
from xlsx_scorer.findings import UnusableWorkbookError, quoted
from xlsx_scorer.i18n import text

if TYPE_CHECKING:
    from xlsx_scorer.app.diff import Change, Differences


#: The message of each kind of change.
CHANGE_MESSAGES = {"added": "cli.diff_added", "removed": "cli.diff_removed"}
ROSTER_MESSAGES = {"added": "cli.roster_added", "removed": "cli.roster_removed"}


def add_parser(commands: Any, lang: str) -> None:
    """Register ``diff`` with the command parser, its help in ``lang``."""
    parser = add_command(commands, "diff", lang)
    first, second = say(lang, "help.metavar_first"), say(lang, "help.metavar_second")
    parser.add_argument("first", metavar=first, type=Path, help=say(lang, "help.diff_first"))
    parser.add_argument("second", metavar=second, type=Path, help=say(lang, "help.diff_second"))
    add_format(parser, lang)
    add_common(parser, lang, "help.lang_messages")


def run(args: argparse.Namespace) -> int:
    """Print every change from A to B; exit 0 when there is none, 1 otherwise."""
    from xlsx_scorer.app.judges import diff_files, labels  # noqa: PLC0415  (heavy: only when the command runs)

    try:
        compared = diff_files(args.first, args.second, format=args.format)
    except UnusableWorkbookError as error:
        return common.unusable(args, error)
    lang = common.language(args, compared.language)
    first, second = labels([args.first, args.second])
    for line in lines(lang, compared.differences, compared.stages):
        print(line)
    if compared.differences.equal:
        print(text(lang, "cli.diff_equal", first=first, second=second))
        return common.EXIT_OK
    count = len(compared.differences.changes) + len(compared.differences.roster)
    print(text(lang, "cli.diff_summary", first=first, second=second, count=count))
    return common.EXIT_DIFFERENT


def change_text(lang: str, change: Change, stage: str | None = None) -> str:
    """One change as a line: what (with the ``stage`` its round is, if any), where,
    before → after."""
    key = common.key_text(lang, change.key)
    if stage is not None:
        key = text(lang, "cli.key_stage", result=key, stage=stage)
    before = common.either_text(lang, change.before)
    after = common.either_text(lang, change.after)
    if change.kind == "changed" and change.column is not None:
        column = common.column_name(lang, change.column)
        return text(lang, "cli.diff_changed", result=key, column=column, before=before, after=after)
    return text(lang, CHANGE_MESSAGES[change.kind], result=key, before=before, after=after)


def lines(
    lang: str, differences: Differences, stages: Mapping[int, str] | None = None
) -> list[str]:
    """Every change, then every roster change, one per line; a change in a round that is a
    stage game names the stage (``stages``: round → the stage's name)."""
    from xlsx_scorer.app.finalsheet import stage_name  # noqa: PLC0415  (loaded with the diff)

    found = []
    for change in differences.changes:
        round_ = change.key[0]
        stage = (stages or {}).get(round_) if isinstance(round_, int) else None
        found.append(change_text(lang, change, None if stage is None else stage_name(lang, stage)))
    for name in differences.roster:
        cell = f"{name.cell.file} {name.cell.sheet}!{name.cell.ref}"
        found.append(text(lang, ROSTER_MESSAGES[name.kind], name=quoted(name.name), cell=cell))
    return found

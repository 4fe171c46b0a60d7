"""``xlsx-scorer merge BASE COPY… -o MERGED``: the judges' copies merged into one workbook.

Exit code 0: merged and written; 1: conflicts (each named, nothing written);
2: a file could not be used, or ``-o`` names a folder, a file in a missing folder, an
input or an existing file (nothing written; conflicts are named first, then why ``-o``
is refused).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlsx_scorer.cli import common
from xlsx_scorer.cli.diff import ROSTER_MESSAGES, change_text
from xlsx_scorer.cli.options import add_command, add_common, add_format
from xlsx_scorer.cli.parser import say
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.i18n import text

if TYPE_CHECKING:
    from xlsx_scorer.app.api import Result
    from xlsx_scorer.app.merge import Blocked, Conflict, Merge, Seatings


def add_parser(commands: Any, lang: str) -> None:
    """Register ``merge`` with the command parser, its help in ``lang``."""
    parser = add_command(commands, "merge", lang)
    parser.add_argument(
        "base",
        metavar=say(lang, "help.metavar_base"),
        type=Path,
        help=say(lang, "help.merge_base"),
    )
    parser.add_argument(
        "copies",
        metavar=say(lang, "help.metavar_copy"),
        type=Path,
        nargs="+",
        help=say(lang, "help.merge_copies"),
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar=say(lang, "help.metavar_merged"),
        type=Path,
        required=True,
        help=say(lang, "help.merge_output"),
    )
    parser.add_argument("--force", action="store_true", help=say(lang, "help.force_merge"))
    add_format(parser, lang)
    add_common(parser, lang)


def run(args: argparse.Namespace) -> int:
    """Merge, print what was taken (and MERGED's notices) or every conflict (then why -o is
    refused); exit 0, 1 or 2."""
    from xlsx_scorer.app.judges import merge_files  # noqa: PLC0415  (heavy: only when the command runs)

    try:
        merged = merge_files(
            args.base,
            args.copies,
            args.output,
            force=args.force,
            language=args.lang,
            format=args.format,
        )
    except UnusableWorkbookError as error:
        return common.unusable(args, error)
    lang = common.language(args, merged.language)
    plan = merged.merge
    if not plan.ok:
        for conflict in plan.conflicts:
            print(conflict_text(lang, conflict))
        for blocked in plan.blocked:
            print(blocked_text(lang, blocked, args.base))
        count = len(plan.conflicts) + len(plan.blocked)
        print(text(lang, "cli.merge_conflicts", count=count))
        if merged.refused is not None:  # and -o would have been refused too: said after them
            sys.stdout.flush()
            print(render(merged.refused.finding, lang), file=sys.stderr)
            return common.EXIT_UNUSABLE
        return common.EXIT_DIFFERENT
    for change in plan.taken:
        print(change_text(lang, change))
    for name in plan.roster_taken:
        cell = f"{name.cell.file} {name.cell.sheet}!{name.cell.ref}"
        print(text(lang, ROSTER_MESSAGES[name.kind], name=name.name, cell=cell))
    print(summary(lang, plan, len(args.copies), merged.written))
    for slips in merged.slips:  # a round one copy seated: its slips are in that copy
        print(text(lang, "cli.merge_slips", file=merged.written, **slips))
    if merged.scored is None:
        print(text(lang, "cli.merge_next"))
        return common.EXIT_OK
    print(scored_text(lang, merged.scored))
    for notice in merged.scored.notices:  # where MERGED's standings went (their sheet kept)…
        print(f"  {render(notice, lang)}")
    return common.EXIT_OK


def scored_text(lang: str, scored: Result) -> str:
    """What the merged workbook's output sheets now show: its standings, or its problems."""
    if scored.errors:
        return text(lang, "cli.merge_scored_problems", count=len(scored.errors))
    return text(lang, "cli.merge_scored", games=scored.games, players=scored.players)


def summary(lang: str, plan: Merge, copies: int, written: Path | None) -> str:
    """How many values, rows and names were merged, and where to."""
    kinds = [change.kind for change in plan.taken]
    return text(
        lang,
        "cli.merge_done",
        copies=copies,
        file=written,
        changed=kinds.count("changed"),
        added=kinds.count("added"),
        removed=kinds.count("removed"),
        names=len(plan.roster_taken),
    )


def conflict_text(lang: str, conflict: Conflict | Seatings) -> str:
    """A conflict naming every copy's cell (and BASE's), or the round copies seat differently
    and those copies."""
    from xlsx_scorer.app.merge import Removal, Seatings  # noqa: PLC0415  (heavy: only when run)

    if isinstance(conflict, Seatings):
        files = ", ".join(conflict.files)
        return text(lang, "cli.merge_conflict_seatings", round=conflict.round, files=files)
    key = common.key_text(lang, conflict.key)
    base = common.either_text(lang, conflict.base)
    if conflict.column is not None:
        sides = " ≠ ".join(
            common.cell_text(lang, side) for side in conflict.sides if not isinstance(side, Removal)
        )
        column = common.column_name(lang, conflict.column)
        return text(lang, "cli.merge_conflict", result=key, column=column, sides=sides, base=base)
    removed = ", ".join(side.file for side in conflict.sides if isinstance(side, Removal))
    changed = "; ".join(
        common.cell_text(lang, side) for side in conflict.sides if not isinstance(side, Removal)
    )
    return text(
        lang, "cli.merge_conflict_removed", result=key, removed=removed, changed=changed, base=base
    )


def blocked_text(lang: str, blocked: Blocked, base: Path) -> str:
    """A value that cannot be written into BASE, and why."""
    cell = common.cell_text(lang, blocked.cell)
    if blocked.code == "no_column" and blocked.column is not None:
        column = common.column_name(lang, blocked.column)
        return text(lang, "cli.merge_no_column", cell=cell, column=column, base=base.name)
    return text(lang, "cli.merge_no_roster", cell=cell, name=blocked.cell.value, base=base.name)

"""What the judges' commands (diff, merge, archive, verify) share: exit codes, cells as text."""

from __future__ import annotations

import argparse
import sys
import traceback
from typing import TYPE_CHECKING, Any

from xlsx_scorer.app.api import cell_shown
from xlsx_scorer.findings import UnusableWorkbookError, quoted, render
from xlsx_scorer.i18n import choose_language, header, is_column, text

if TYPE_CHECKING:
    from xlsx_scorer.app.diff import Cell, Key, RowCells


EXIT_OK, EXIT_DIFFERENT, EXIT_UNUSABLE = 0, 1, 2


def language(args: argparse.Namespace, found: str | None) -> str:
    """``--lang``, else the workbook's language, else the system's, else English."""
    return choose_language(args.lang, found)


def unusable(args: argparse.Namespace, error: UnusableWorkbookError) -> int:
    """Say why a file cannot be used, that nothing was written; exit code 2."""
    lang = language(args, error.language)
    finding = error.finding
    print(
        render(finding if finding.where.file else finding.located(file=named_file(args)), lang),
        file=sys.stderr,
    )
    print(text(lang, "cli.nothing_written"), file=sys.stderr)
    if args.debug:
        traceback.print_exc()
    return EXIT_UNUSABLE


def named_file(args: argparse.Namespace) -> str:
    """The file a command was about, for its messages: the first one given, else ``?``."""
    for name in ("workbook", "path", "base", "first"):
        value = getattr(args, name, None)
        if value:
            return str(value[0] if isinstance(value, list) else value)
    return "?"


def column_name(lang: str, column: str) -> str:
    """A column key as its header in ``lang``, any game's (``i18n.header``: Carcassonne's
    ``score`` is ``Puntuación`` in Spanish); the key itself for a column without one."""
    return header(lang, column) if is_column(column) else column


def value_text(lang: str, value: Any) -> str:
    """A cell value as the organiser would recognise it (``quoted``: cut past 200 characters,
    as findings quote it); a blank says so."""
    typed = cell_shown(value)
    return text(lang, "cli.blank") if typed is None else quoted(typed.strip())


def key_text(lang: str, key: Key) -> str:
    """``round 1, table 3, Ana`` (with the repeat number of a repeated key); texts typed in
    the workbook (a round too, when it is no number) are ``quoted``."""
    round_, table, player, occurrence = key
    unknown = text(lang, "cli.blank")
    params = {
        "round": (quoted(round_) if type(round_) is str else round_) if round_ != "" else unknown,
        "table": quoted(table) if table else unknown,
        "player": quoted(player) if player else unknown,
    }
    if occurrence:
        return text(lang, "cli.key_repeated", repeat=occurrence + 1, **params)
    return text(lang, "cli.key", **params)


def cell_text(lang: str, cell: Cell) -> str:
    """``b.xlsx Resultados!E9: 3``."""
    if not cell.ref:
        return f"{cell.file}: {value_text(lang, None)}"
    return f"{cell.file} {cell.sheet}!{cell.ref}: {value_text(lang, cell.value)}"


def row_text(lang: str, row: RowCells) -> str:
    """``b.xlsx Resultados!A9:L9 (Settlements 3, Cities 2, …)``."""
    values = ", ".join(
        f"{column_name(lang, column)} {value_text(lang, value)}" for column, value in row.values
    )
    where = f"{row.file} {row.sheet}!{row.ref}"
    return f"{where} ({values})" if values else where


def either_text(lang: str, side: Cell | RowCells | None) -> str:
    """A cell, a row, or ``—`` for the side where a row does not exist."""
    if side is None:
        return "—"
    from xlsx_scorer.app.diff import Cell  # noqa: PLC0415  (pandas: only when run)

    return cell_text(lang, side) if isinstance(side, Cell) else row_text(lang, side)

"""What our three output sheets say and what they are called, in the run's language: pure data.

``xlsx.write.splice.write_sheets`` turns these ``SheetSpec`` values into real sheets.  Round
points arrive as exact twelfths and become decimals here, at the last moment,
for display only.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.app import fingerprint
from xlsx_scorer.app.outputkinds import CHART_DATA, ERRORS, ROUND_POINTS, STANDINGS, sheet_name
from xlsx_scorer.core.collation import table_order
from xlsx_scorer.core.distinct import Coded, distinct, object_array
from xlsx_scorer.core.scoring import TWELFTHS
from xlsx_scorer.findings import Finding, render
from xlsx_scorer.i18n import percent, text
from xlsx_scorer.xlsx.write.spec import Chart, Column, Rows, SheetSpec

POINTS_FORMAT = "0.00"
WHOLE_FORMAT = "0"
#: Width units per character of a problem message (11-point Calibri).
PROBLEM_CHAR_WIDTH = 0.85
#: The narrowest and the widest Problem column (width units); a longer message wraps.
PROBLEM_WIDTHS = (30, 60)
#: Leading players drawn in the cumulative round-points chart.
CHART_PLAYERS = 8


def cell_link(sheet: str, cell: str) -> str:
    """A reference to ``cell`` on ``sheet``, the sheet name quoted as formulas need it.

    >>> cell_link("Resultados", "E7"), cell_link("Bob's results", "A1")
    ("'Resultados'!E7", "'Bob''s results'!A1")
    """
    quoted = sheet.replace("'", "''")
    return f"'{quoted}'!{cell}"


def points(twelfths: Any) -> float | None:
    """Exact twelfths as the decimal shown: ``points(40) == 10/3``; NaN (did not play) is None."""
    if twelfths is None or (isinstance(twelfths, float) and math.isnan(twelfths)):
        return None
    return int(twelfths) / TWELFTHS


def _points_column(twelfths: pd.Series | npt.NDArray[Any]) -> list[float | None]:
    """A column of exact twelfths as the decimals shown (None where the player did not play):
    ``points`` of each, divided by numpy (a whole number as a float divides as ``points``
    divides it; adding 0.0 leaves no negative zero, as ``int`` leaves none).

    >>> _points_column(pd.Series([40, None, 0], dtype="Int64")) == [points(40), None, 0.0]
    True
    """
    if isinstance(twelfths, pd.Series):
        twelfths = twelfths.to_numpy(dtype=float, na_value=np.nan)
    values = np.asarray(twelfths, dtype=float) + 0.0
    shown = (values / TWELFTHS).astype(object)
    shown[np.isnan(values)] = None
    decimals: list[float | None] = shown.tolist()
    return decimals


def marks_column(marks: pd.Series | npt.NDArray[Any], yes: str) -> list[str | None]:
    """A column of booleans as the language's yes word, or blank.

    >>> marks_column(pd.Series([True, False]), "Sí")
    ['Sí', None]
    """
    shown: list[str | None] = np.array([None, yes], dtype=object)[
        np.asarray(marks, dtype=bool).astype(np.intp)
    ].tolist()
    return shown


def share_format(lang: str, decimals: str = "0.0") -> str:
    """The number format of a VP % cell in ``lang``: the percentage as the terminal writes it
    (``i18n.percent``, CLDR's pattern), ``31.3%``, ``31,3 %`` or ``%31,3`` (``decimals``
    ``"0.00"``: ``31,25 %``).

    The language's own percentage of ½ shows where the sign goes and what stands
    beside it; the number becomes ``0.0`` (a spreadsheet writes its decimal separator
    for ``.``), and any other character is quoted text (the no-break space of ``31,3 %``).

    >>> share_format("en"), share_format("es") == '0.0"\N{NO-BREAK SPACE}"%', share_format("tr")
    ('0.0%', True, '%0.0')
    >>> share_format("tr", "0.00")
    '%0.00'
    """
    shown = percent(lang, 0.5)
    number = re.search(r"50\D0", shown)
    if number is None:  # a language writing its own digits: the sign after, as in English
        return decimals + "%"
    before, after = shown[: number.start()], shown[number.end() :]
    return _format_text(before) + decimals + _format_text(after)


def _format_text(text: str) -> str:
    """``text`` in a number format: ``%`` as itself, anything else quoted.

    >>> _format_text("\N{NO-BREAK SPACE}%") == '"\N{NO-BREAK SPACE}"%'
    True
    """
    return re.sub(r'[^%"]+', lambda run: f'"{run.group()}"', text.replace('"', ""))


def table_value(label: str) -> int | str:
    """A table label as the organiser typed it: ``"3"`` is the number 3, ``"①"`` stays text.

    >>> table_value("3"), table_value("Final"), table_value("①")
    (3, 'Final', '①')
    """
    return int(label) if label.isascii() and label.isdigit() else label


def standings_sheet(
    lang: str,
    table: pd.DataFrame,
    per_round: pd.DataFrame,
    *,
    event: str | None,
    computed: str,
    games: int,
) -> SheetSpec:
    """The Standings sheet (docs/rules.md §5): rank, player, games, round points, VP, VP %,
    R1, R2, …"""
    rounds = [int(number) for number in per_round.columns]
    columns = (
        Column(text(lang, "out.rank"), 8, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.player"), 28),
        Column(text(lang, "out.games"), 8, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.round_points"), 13, POINTS_FORMAT),
        Column(text(lang, "out.vp"), 7, WHOLE_FORMAT),
        Column(text(lang, "out.vp_pct"), 9, share_format(lang)),
        *(Column(text(lang, "out.round_column", round=n), 7, POINTS_FORMAT) for n in rounds),
    )
    twelfths = per_round.to_numpy(dtype=float, na_value=np.nan)  # a row per player
    rows = Rows(
        [
            table["rank"].astype(int).tolist(),
            table["player"].tolist(),
            np.count_nonzero(~np.isnan(twelfths), axis=1).tolist(),
            _points_column(table["points12"]),
            table["vp"].astype(int).tolist(),
            table["vp_share"].astype(float).tolist(),
            *(_points_column(twelfths[:, index]) for index in range(len(rounds))),
        ]
    )
    leaders = twelfths[:CHART_PLAYERS]
    cumulative = np.cumsum(np.where(np.isnan(leaders), 0.0, leaders), axis=1).tolist()
    chart = Chart(
        title=text(lang, "title.chart"),
        rounds=tuple(text(lang, "out.round_column", round=n) for n in rounds),
        series=tuple(
            (str(name), tuple(int(value) / TWELFTHS for value in sums))
            for name, sums in zip(table["player"].head(CHART_PLAYERS), cumulative, strict=True)
        ),
        data_sheet=sheet_name(lang, CHART_DATA),
    )
    notes = (text(lang, "notice.computed", when=computed, games=games, players=len(table)),)
    return with_check_code(
        lang,
        SheetSpec(
            STANDINGS,
            sheet_name(lang, STANDINGS),
            sheet_title(lang, "title.standings", event),
            notes,
            columns,
            rows,
            chart=chart,
        ),
    )


def round_points_sheet(lang: str, games: pd.DataFrame, *, event: str | None) -> SheetSpec:
    """The Round Points sheet: one row per player per game, by round, table and place."""
    yes = text(lang, "out.yes")
    tables = distinct(games["table"].to_numpy())
    labels = object_array([table_value(str(value)) for value in tables.values])
    order = game_order(games, tables)

    def ordered(name: str) -> npt.NDArray[Any]:
        return games[name].to_numpy()[order]

    columns = (
        Column(text(lang, "out.round"), 8, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.table"), 8, centered=True),
        Column(text(lang, "out.player"), 28),
        Column(text(lang, "out.vp"), 7, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.largest_army"), 14, centered=True),
        Column(text(lang, "out.longest_road"), 14, centered=True),
        Column(text(lang, "out.declared"), 16, centered=True),
        Column(text(lang, "out.place"), 10, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.round_points"), 13, POINTS_FORMAT),
    )
    rows = Rows(
        [
            games["round"].to_numpy(dtype=np.int64)[order].tolist(),
            labels[tables.codes[order]].tolist(),
            ordered("player").tolist(),
            ordered("vp").astype(np.int64).tolist(),
            marks_column(ordered("largest_army"), yes),
            marks_column(ordered("longest_road"), yes),
            marks_column(ordered("declared"), yes),
            ordered("place").astype(np.int64).tolist(),
            _points_column(ordered("points12")),
        ]
    )
    title = sheet_title(lang, "title.round_points", event)
    return with_check_code(
        lang, SheetSpec(ROUND_POINTS, sheet_name(lang, ROUND_POINTS), title, (), columns, rows)
    )


def game_order(games: pd.DataFrame, tables: Coded) -> npt.NDArray[np.intp]:
    """The order of the Round Points rows: by round; by table (``core.collation.table_order``:
    a numbered one by its number before any named one), then by the label as typed; by
    place; by player (code points).  Rows alike keep their order.

    ``np.lexsort`` sorts by its last key first; text sorts by its rank among the column's
    distinct values (a table's worked out once per distinct table).

    >>> games = pd.DataFrame({"player": ["Bo", "Ana", "Cem", "Ana"], "place": [1, 2, 1, 1],
    ...                       "table": ["Final", "2", "10", "2"], "round": [1, 1, 1, 2]})
    >>> game_order(games, distinct(games["table"].to_numpy())).tolist()
    [1, 2, 0, 3]
    """
    labels = [str(value) for value in tables.values]
    ranked = sorted(
        range(len(labels)), key=lambda index: (table_order(labels[index]), labels[index])
    )
    rank = np.empty(len(labels), dtype=np.intp)
    rank[ranked] = np.arange(len(labels), dtype=np.intp)
    keys = (
        pd.factorize(games["player"].to_numpy(), sort=True)[0],
        games["place"].to_numpy(),
        rank[tables.codes],
        games["round"].to_numpy(dtype=np.int64),
    )
    order: npt.NDArray[np.intp] = np.lexsort(keys)
    return order


def notice_sheet(lang: str, kind: str, *notes: str) -> SheetSpec:
    """One of our sheets holding only its title (``title.<kind>``) and ``notes``: no table.

    Standings and Round Points while errors remain or before any result, and Errors
    before any result.  With no table there is no check code: nothing to check
    (``fingerprint.was_edited``).

    >>> spec = notice_sheet("es", STANDINGS, text("es", "notice.no_results", sheet="Resultados"))
    >>> spec.name, spec.title, spec.notes[0][:29], spec.columns, spec.rows
    ('Clasificación', 'Clasificación', 'Todavía no hay resultados: la', (), ())
    """
    return SheetSpec(kind, sheet_name(lang, kind), text(lang, f"title.{kind}"), notes, (), ())


def with_check_code(lang: str, spec: SheetSpec) -> SheetSpec:
    """``spec`` with two last notes over its table: what the check code is for, then the code.

    The label says it in words (the code changes when anyone edits the table;
    scoring again, or ``verify`` on an archive, tells whether it was edited).
    The code stands alone in its cell, so ``fingerprint`` finds it without
    reading any words (see there).  It is worked out when the sheet is written (a
    ``Note`` function): for a league, while a helper process writes the table's rows.

    >>> spec = with_check_code("en", SheetSpec("k", "S", "T", (), (Column("Rank"),), ((1,),)))
    >>> spec.notes[0][:35], spec.notes[1]() == fingerprint.check_code([["Rank"], [1]])
    ('Check code of the table below: it c', True)
    """
    headers = [column.header for column in spec.columns]
    table = Rows.of(spec.rows).under(headers) if spec.columns else Rows([])
    label = text(lang, "notice.check")
    code = functools.cache(functools.partial(fingerprint.check_code, table))
    return dataclasses.replace(spec, notes=(*spec.notes, label, code))


def errors_sheet(
    lang: str,
    problems: Sequence[Finding],
    *,
    computed: str,
    notices: Sequence[Finding] = (),
) -> SheetSpec:
    """The Errors sheet: one row per error finding, its cell linked; or a line saying all is well.

    ``notices`` (a regenerated sheet, a hidden Results sheet) follow as notes.
    Findings become words here, in ``lang``.
    """
    extra = tuple(render(notice, lang) for notice in notices)
    name = sheet_name(lang, ERRORS)
    messages = [render(problem, lang) for problem in problems]
    columns = (  # at the top of their rows, beside the first line of a long problem
        Column(text(lang, "out.sheet"), 12, top=True),
        Column(text(lang, "out.cell"), 14, top=True),
        Column(text(lang, "out.round"), 8, WHOLE_FORMAT, centered=True, top=True),
        Column(text(lang, "out.table"), 8, centered=True, top=True),
        Column(text(lang, "out.player"), 24, top=True),
        Column(text(lang, "out.problem"), problem_width(messages), wrapped=True),
    )
    if not problems:
        note = text(lang, "notice.no_problems")
        return SheetSpec(ERRORS, name, text(lang, "title.errors"), (note, *extra), columns, ())
    rows = tuple(
        (
            problem.where.sheet,
            problem.where.ref,
            problem.where.round,
            None if problem.where.table is None else table_value(problem.where.table),
            problem.where.player,
            message,
        )
        for problem, message in zip(problems, messages, strict=True)
    )
    links = {
        (position, 1): cell_link(problem.where.sheet, problem.where.cell)
        for position, problem in enumerate(problems)
        if problem.where.sheet and problem.where.cell
    }
    note = text(lang, "notice.problems_found", count=len(problems), when=computed)
    title = text(lang, "title.errors")
    return SheetSpec(ERRORS, name, title, (note, *extra), columns, rows, links)


def problem_width(messages: Sequence[str]) -> int:
    """The width of the Problem column: its longest message on one line, within 30 to 60.

    A character of 11-point Calibri takes about 0.85 of a width unit.  At 60 the table
    (126 units) fills a landscape page at full size; a longer message wraps in its cell
    (``Column.wrapped``), so that the page is never shrunk to fit one long line.

    >>> problem_width(["short"]), problem_width(["x" * 40]), problem_width(["x" * 400])
    (30, 36, 60)
    """
    longest = max(map(len, messages), default=0)
    return min(
        max(math.ceil(longest * PROBLEM_CHAR_WIDTH) + 2, PROBLEM_WIDTHS[0]), PROBLEM_WIDTHS[1]
    )


def sheet_title(lang: str, key: str, event: str | None) -> str:
    """The title of one of our sheets: the catalogue's ``key``, after the event's name if any.

    >>> sheet_title("es", "title.standings", "Copa"), sheet_title("en", "title.standings", None)
    ('Copa — Clasificación', 'Standings')
    """
    title = text(lang, key)
    return f"{event} — {title}" if event else title

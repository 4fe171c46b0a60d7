"""Standings and Round Points of any format (docs/rules.md, "Formats"), in the run's language.

The Standings sheet is ``Rank``, ``Player``, ``Games``, then the format's keys in order
(each key's header, localised), then one column per round of the first key (a bye said
as one), then a note on who withdrew; the chart follows the first key.  Round Points
shows each game: Catan's VP, titles and declared victory, or Carcassonne's score; then
the place and what the game gave in the first key (points or wins), or the result (win,
draw, loss, bye) at 2-player tables.
Values arrive exact (``core.standings``) and become decimals here, for display only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from xlsx_scorer.app.outputkinds import CHART_DATA, ROUND_POINTS, STANDINGS, sheet_name
from xlsx_scorer.app.report import (
    CHART_PLAYERS,
    POINTS_FORMAT,
    WHOLE_FORMAT,
    game_order,
    marks_column,
    share_format,
    sheet_title,
    table_value,
    with_check_code,
)
from xlsx_scorer.core.distinct import distinct, object_array
from xlsx_scorer.core.formats import Format
from xlsx_scorer.core.standings import PLACE_COUNT_COLUMNS, Ranked
from xlsx_scorer.i18n import text
from xlsx_scorer.xlsx.write.spec import Chart, Column, Rows, SheetSpec


@dataclass(frozen=True)
class Shown:
    """How one standings column is shown: its message, width and number format."""

    message: str
    width: int
    number_format: str | None


def shown_columns(fmt: Format, lang: str = "en") -> list[tuple[str, Shown]]:
    """The standings columns of ``fmt`` after Rank and Player: (column of the table, Shown),
    percentages the way ``lang`` writes them (shares with two decimals: ``31,25 %``).

    >>> from xlsx_scorer.core.formats import load
    >>> [column for column, _ in shown_columns(load("catan-de"))]
    ['points', 'capped_vp', 'shares', 'firsts', 'seconds', 'thirds']
    """
    points = "out.round_points" if fmt.game == "catan" else "out.tournament_points"
    difference = WHOLE_FORMAT if max(fmt.table_sizes) == 2 else POINTS_FORMAT
    by_key = {
        "points": Shown(points, 13, POINTS_FORMAT),
        "wins": Shown("out.wins", 10, POINTS_FORMAT),
        "vp": Shown("out.vp", 7, WHOLE_FORMAT),
        "score": Shown("out.score", 8, WHOLE_FORMAT),
        "vp_ratio": Shown("out.vp_pct", 9, share_format(lang)),
        "capped_vp": Shown("out.capped_vp", 12, WHOLE_FORMAT),
        "shares": Shown("out.shares", 12, share_format(lang, "0.00")),
        "relative": Shown("out.relative", 14, share_format(lang, "0.00")),
        "buchholz_cut1": Shown("out.buchholz", 10, POINTS_FORMAT),
        "score_diff": Shown("out.score_diff", 14, difference),
    }
    places = [(name, Shown(f"out.{name}", 11, WHOLE_FORMAT)) for name in PLACE_COUNT_COLUMNS]
    columns: list[tuple[str, Shown]] = []
    for key in fmt.order:
        columns.extend(places if key == "place_counts" else [(key, by_key[key])])
    return columns


def exact_values(values: Sequence[Any]) -> list[int | float]:
    """Exact values (ints, Fractions) as cells: an int stays whole, a Fraction becomes a float.

    >>> from fractions import Fraction
    >>> exact_values([3, Fraction(10, 3), Fraction(4, 1)])
    [3, 3.3333333333333335, 4.0]
    """
    return [value if isinstance(value, int) else float(value) for value in values]


#: Keys whose values need a word of explanation under the Standings title, and its message.
EXPLAINED = {
    "shares": "out.about_shares",
    "relative": "out.about_relative",
    "buchholz_cut1": "out.about_buchholz",
}


def standings_sheet(
    lang: str,
    fmt: Format,
    ranked: Ranked,
    *,
    event: str | None,
    computed: str,
    games: int,
    playing: Sequence[str] = (),
    withdrawn: Mapping[str, int] | None = None,
) -> SheetSpec:
    """The Standings sheet: rank, player, games played, the format's keys, then its first key
    per round (a bye said as ``Bye``, not as the win it counts for), then a note for each
    player who withdrew (``withdrawn``: name → the round they dropped after), when any did.

    Under the computed line, the format it ranks in (§8) and each round in play in words
    (``playing``: the standings are after the last complete round, docs/rules.md §8); a note
    says what a key less known than points is (Buchholz, summed shares: ``EXPLAINED``), so
    that ``120,96 %`` reads as a sum over games.
    """
    table, per_round = ranked.table, ranked.per_round
    rounds = [int(number) for number in per_round.columns]
    keyed = shown_columns(fmt, lang)
    first = keyed[0][1]
    players = table["player"].tolist()
    byes = None if ranked.byes is None else ranked.byes.to_numpy(dtype=bool)
    bye = text(lang, "out.bye")
    width = 7 if byes is None else max(7, len(bye) + 2)  # a round's column holds its word
    dropped = {name: after for name, after in (withdrawn or {}).items() if name in set(players)}
    columns = (
        Column(text(lang, "out.rank"), 8, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.player"), 28),
        Column(text(lang, "out.games"), 8, WHOLE_FORMAT, centered=True),
        *(
            Column(text(lang, shown.message), shown.width, shown.number_format)
            for _, shown in keyed
        ),
        *(
            Column(text(lang, "out.round_column", round=n), width, first.number_format)
            for n in rounds
        ),
        *((Column(text(lang, "out.note"), 26),) if dropped else ()),
    )
    scaled = per_round.to_numpy(dtype=float, na_value=np.nan)  # a row per player

    def round_column(index: int) -> list[Any]:
        cells: list[Any] = _scaled_column(scaled[:, index], ranked.round_scale)
        if byes is not None:
            cells = [bye if was else cell for cell, was in zip(cells, byes[:, index], strict=True)]
        return cells

    rows = Rows(
        [
            table["rank"].astype(int).tolist(),
            players,
            list(ranked.games) if ranked.games else [None] * len(players),
            *(exact_values(table[column].tolist()) for column, _ in keyed),
            *(round_column(index) for index in range(len(rounds))),
            *(
                (
                    [
                        text(lang, "out.withdrawn", round=dropped[name])
                        if name in dropped
                        else None
                        for name in players
                    ],
                )
                if dropped
                else ()
            ),
        ]
    )
    leaders = scaled[:CHART_PLAYERS]
    cumulative = np.cumsum(np.where(np.isnan(leaders), 0.0, leaders), axis=1).tolist()
    title = (
        text(lang, "title.chart")
        if fmt.order[0] == "points" and fmt.game == "catan"
        else text(lang, "title.chart_key", header=text(lang, first.message))
    )
    chart = Chart(
        title=title,
        rounds=tuple(text(lang, "out.round_column", round=n) for n in rounds),
        series=tuple(
            (str(name), tuple(_shown(value, ranked.round_scale) for value in sums))
            for name, sums in zip(table["player"].head(CHART_PLAYERS), cumulative, strict=True)
        ),
        data_sheet=sheet_name(lang, CHART_DATA),
    )
    notes = (
        text(lang, "notice.computed", when=computed, games=games, players=len(table)),
        text(lang, "notice.format_used", name=fmt.name),
        *playing,
        *(text(lang, message) for key, message in EXPLAINED.items() if key in fmt.order),
    )
    spec = SheetSpec(
        STANDINGS,
        sheet_name(lang, STANDINGS),
        sheet_title(lang, "title.standings", event),
        notes,
        columns,
        rows,
        chart=chart,
    )
    return with_check_code(lang, spec)


def _shown(value: float, scale: int) -> float:
    """A scaled sum as shown: a whole numerator divided as Python divides ints (exactly as
    the Catan report always has: ``int(value) / 12``)."""
    return int(value) / scale if float(value).is_integer() else value / scale


def _scaled_column(values: npt.NDArray[np.float64], scale: int) -> list[float | None]:
    """Scaled sums per player as the decimals shown; NaN (did not play) is blank."""
    shown = (np.asarray(values, dtype=float) + 0.0) / scale  # + 0.0: no -0.0
    cells = _shared(shown)
    cells[np.isnan(shown)] = None
    result: list[float | None] = cells.tolist()
    return result


def _shared(values: npt.NDArray[Any]) -> npt.NDArray[np.object_]:
    """``values`` as Python objects, one object per distinct value (``tolist`` makes one per
    cell): a million rows of Round Points hold a dozen point values and 524 round numbers,
    which as a million floats and ints were ~50 MB more.

    >>> cells = _shared(np.array([2.5, 2.5, np.nan, 2.5]))
    >>> cells.tolist()[:2], cells[0] is cells[3]
    ([2.5, 2.5], True)
    """
    codes, found = pd.factorize(values, use_na_sentinel=False)
    return object_array(np.asarray(found).tolist())[codes]


def round_points_sheet(
    lang: str, fmt: Format, games: pd.DataFrame, scale: int, *, event: str | None
) -> SheetSpec:
    """One row per player per game, by round, table and place (``games``: the engine's
    ``contributions``, with Catan's titles and declared victory for a Catan format)."""
    yes = text(lang, "out.yes")
    tables = distinct(games["table"].to_numpy())
    labels = object_array([table_value(str(value)) for value in tables.values])
    order = game_order(games, tables)

    def ordered(name: str) -> npt.NDArray[Any]:
        return games[name].to_numpy()[order]

    columns = [
        Column(text(lang, "out.round"), 8, WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.table"), 8, centered=True),
        Column(text(lang, "out.player"), 28),
    ]
    values: list[list[Any]] = [
        _shared(games["round"].to_numpy(dtype=np.int64)[order]).tolist(),
        labels[tables.codes[order]].tolist(),
        ordered("player").tolist(),
    ]
    if fmt.game == "catan":
        columns += [
            Column(text(lang, "out.vp"), 7, WHOLE_FORMAT, centered=True),
            Column(text(lang, "out.largest_army"), 14, centered=True),
            Column(text(lang, "out.longest_road"), 14, centered=True),
            Column(text(lang, "out.declared"), 16, centered=True),
        ]
        values += [
            ordered("value").astype(np.int64).tolist(),
            marks_column(ordered("largest_army"), yes),
            marks_column(ordered("longest_road"), yes),
            marks_column(ordered("declared"), yes),
        ]
    else:
        bye = ordered("bye").astype(bool)
        score = ordered("value").astype(np.int64).astype(object)
        score[bye] = None
        columns.append(Column(text(lang, "out.score"), 8, WHOLE_FORMAT, centered=True))
        values.append(score.tolist())
    if fmt.two_player:
        columns.append(Column(text(lang, "out.result"), 12, centered=True))
        values.append(_results(lang, ordered("wins_n"), ordered("bye"), scale))
    else:
        counted = "points" if fmt.points is not None else "wins"
        column = "points_n" if counted == "points" else "wins_n"
        header = shown_columns(fmt, lang)[0][1] if fmt.order[0] == counted else None
        message = header.message if header else _counted_message(fmt, counted)
        columns += [
            Column(text(lang, "out.place"), 10, WHOLE_FORMAT, centered=True),
            Column(text(lang, message), 13, POINTS_FORMAT),
        ]
        values += [
            ordered("place").astype(np.int64).tolist(),
            _scaled_column(ordered(column).astype(float), scale),
        ]
    title = sheet_title(lang, "title.round_points", event)
    spec = SheetSpec(
        ROUND_POINTS, sheet_name(lang, ROUND_POINTS), title, (), tuple(columns), Rows(values)
    )
    return with_check_code(lang, spec)


def _counted_message(fmt: Format, counted: str) -> str:
    if counted == "wins":
        return "out.wins"
    return "out.round_points" if fmt.game == "catan" else "out.tournament_points"


def _results(lang: str, wins: npt.NDArray[Any], byes: npt.NDArray[Any], scale: int) -> list[str]:
    """Each 2-player game's result in words: win, draw (half a win), loss, or bye."""
    words = [text(lang, f"out.{name}") for name in ("loss", "draw", "win", "bye")]
    kind = np.where(wins == scale, 2, np.where(wins > 0, 1, 0))
    kind = np.where(np.asarray(byes, dtype=bool), 3, kind)
    return [words[index] for index in kind.tolist()]

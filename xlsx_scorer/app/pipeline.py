"""The heavy steps of a run on a workbook read by ``reading``, one function per step.

validate (findings) → notices → score → output sheets → the scored package's bytes.
``api`` strings them together; this module holds everything heavy (pandas,
pandera), imported only once a file is known to be a workbook.

>>> from pathlib import Path
>>> from xlsx_scorer.app.reading import read
>>> book = read(Path("fixtures/sample_event.xlsx").read_bytes())
>>> validate(book).findings, notices(book)
((), ())
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import pandera.pandas as pa

from xlsx_scorer.app import (
    finalsheet,
    fingerprint,
    formatsheets,
    outputkinds,
    reading,
    report,
    slipsheet,
    stagecheck,
)
from xlsx_scorer.core import (
    backends,
    checks,
    games,
    inplay,
    memo,
    pending,
    rules,
    scoring,
    standings,
)
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.core.columns import BREAKDOWN_COLUMNS, RANGES
from xlsx_scorer.core.formats import Format
from xlsx_scorer.core.problems import (
    SheetContext,
    problems_from_cell_errors,
    problems_from_failures,
)
from xlsx_scorer.core.scoring import TWELFTHS
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import Finding, Where, render
from xlsx_scorer.i18n import date_time, text
from xlsx_scorer.xlsx.read import reader
from xlsx_scorer.xlsx.write import splice
from xlsx_scorer.xlsx.write.spec import SheetSpec

if TYPE_CHECKING:
    import numpy.typing as npt


@dataclass(frozen=True)
class Validated:
    """The typed ``Results`` rows and every error found in them, in reading order."""

    frame: pd.DataFrame
    findings: tuple[Finding, ...]
    #: Games (round, table) whose table-wide rules wait for an unreadable cell to be fixed.
    recheck: tuple[tuple[int, str], ...] = ()
    #: The names on the Players sheet, when the workbook has one.
    roster: frozenset[str] | None = None
    #: The games to play and the complete rounds (docs/rules.md §8); None: every row counts.
    play: inplay.Play | None = None
    #: Rows that are a bye (a 2-player format's ``Bye`` table), when there are any.
    byes: tuple[int, ...] = ()

    @property
    def games(self) -> int:
        """The games the standings count: distinct (round, table) pairs of the counted rows
        (``counted``: a round in play, and any round after it, wait), a bye left out (no game
        played).  The terminal, the JSON and the Standings say this one number.

        >>> frame = pd.DataFrame({"round": [1, 1, 1], "table": ["1", "1", "Bye"]})
        >>> Validated(frame, ()).games, Validated(frame, (), byes=(2,)).games
        (2, 1)
        """
        found = games.of(self.frame)
        kept = np.ones(len(found.codes), dtype=bool)
        if self.play is not None and self.play.rounds.in_play:
            kept &= self.play.counted
        kept[list(self.byes)] = False
        if kept.all():
            return found.count
        return len(np.unique(found.codes[(found.codes >= 0) & kept]))

    @property
    def counted(self) -> pd.DataFrame:
        """The rows the standings count: those of the complete rounds (the whole frame, the
        same object, when no round is in play)."""
        if self.play is None or not self.play.rounds.in_play:
            return self.frame
        return self.frame.loc[self.play.counted]

    @property
    def rounds(self) -> inplay.RoundsPlayed:
        """The rounds with rows, and those with games to play."""
        return inplay.RoundsPlayed() if self.play is None else self.play.rounds

    @property
    def players(self) -> int:
        """The players of the event: distinct names in the sheet, and on the roster when
        there is one (a misspelt name is a problem, not one more player)."""
        _, names = games.factorized(self.frame, "player")
        if self.roster:
            return sum(name in self.roster for name in names)
        return len(names)


@dataclass(frozen=True)
class Ranking:
    """What a clean workbook scored to, in its format: ``played`` one row per player per game
    with what each game gave (``standings.contributions``), ``ranked`` the engine's standings
    (exact keys, the first key per round) and ``table`` the ranking a ``Result`` holds
    (``api_table``); with stages (``finalsheet``), those are the preliminary rounds' and
    ``final`` the Final Ranking once a stage has rows."""

    played: pd.DataFrame
    ranked: standings.Ranked
    table: pd.DataFrame
    final: finalsheet.Final | None = None

    def first_per_game(self, fmt: Format) -> tuple[npt.NDArray[np.float64], int]:
        """What each game of ``played`` gave in ``fmt``'s first key, and the scale it is over
        (``standings.per_game``): points as twelfths over 12, VP over 1."""
        return standings.per_game(self.played, fmt.order[0], self.ranked.scale, fmt)


@dataclass(frozen=True)
class Scored:
    """Our output sheets for a workbook, and the standings when they are published."""

    specs: tuple[SheetSpec, ...]
    standings: pd.DataFrame | None
    ranking: Ranking | None = None


def ranking(book: reader.Workbook, validated: Validated) -> Ranking:
    """The standings of a workbook with no errors, in its format: the one path every shell
    (``api.run``: the sheets, the page, the archive) scores by.  The rounds after the Event
    sheet's ``Rounds`` of a format with stages are stage games (``finalsheet.declared``):
    they make the Final Ranking, never the standings."""
    fmt = book.format
    staged = finalsheet.declared(book, validated.counted)
    counted = validated.counted if staged is None else staged.preliminary(validated.counted)
    played = standings.contributions(per_game(counted, fmt), fmt)
    ranked = standings.rank(played, fmt, collation_key)
    final = None
    if staged is not None:
        order = ranked.table["player"].tolist()
        final = finalsheet.final(book, validated.frame, validated.play, staged, order)
    return Ranking(played, ranked, api_table(ranked), final)


def validate(book: reader.Workbook, *, whole: bool = True) -> Validated:
    """Every error of the ``Results`` sheet (docs/rules.md §1–2), all in one pass, in row order;
    ``whole`` False: one table's rows checked alone (``serve``), no stage tables checked."""
    results, fmt = book.results, book.format
    typed, cell_errors = typed_results(results.raw, results.coded)
    context = SheetContext(results.name, results.columns, typed)
    if fmt.two_player:  # a bye has no score (docs/rules.md, "Formats")
        byes = typed.index[games.bye_rows(typed, fmt)]
        blank_bye = cell_errors["row"].isin(byes) & (cell_errors["column"] == "score")
        cell_errors = cell_errors.loc[~blank_bye.to_numpy()]
    play = rounds_played(book, typed)
    if play.to_play.any():  # a game to play has blank result cells: not errors (§8)
        waiting = typed.index[play.to_play]
        blank = cell_errors["row"].isin(waiting) & cell_errors["column"].isin(
            inplay.RESULT_CELLS[fmt.game]
        )
        cell_errors = cell_errors.loc[~blank.to_numpy()]
    if results.uncached:  # an uncached formula is reported as that, not as unreadable
        keys = pd.Series(list(zip(cell_errors["row"], cell_errors["column"], strict=True)))
        cell_errors = cell_errors.loc[~keys.isin(results.uncached).to_numpy()]
    found = [
        *(context.finding("uncached_formula", row, column) for row, column in results.uncached),
        *problems_from_cell_errors(context, cell_errors),
        *(
            context.finding("merged_cells", row, column, found=cells)
            for row, column, cells in results.merged
        ),
    ]
    roster = frozenset(book.roster.names) if book.roster else None
    column_failures = _failure_cases(rules.game_columns_schema(fmt.game), typed)
    found.extend(problems_from_failures(context, column_failures, (), RANGES))
    masked = checks.without_failures(typed, column_failures)
    rule_failures = _failure_cases(rules.format_rules_schema(roster, fmt), masked)
    rules_context = SheetContext(results.name, results.columns, masked)
    broken = problems_from_failures(
        rules_context, rule_failures, rules.format_rules(roster, fmt), RANGES
    )
    found.extend(_breakdown_cells(finding, results.columns) for finding in broken)
    found.sort(key=lambda finding: (finding.where.position, finding.code))
    recheck = tuple(pending.games_to_recheck(masked)) if fmt.game == "catan" else ()
    if play.to_play.any():
        rows = typed.loc[play.to_play]
        unplayed = {(int(r), str(t)) for r, t in zip(rows["round"], rows["table"], strict=True)}
        recheck = tuple(game for game in recheck if game not in unplayed)
    byes_at = tuple(np.flatnonzero(games.bye_rows(typed, fmt)).tolist())
    validated = Validated(typed, tuple(dict.fromkeys(found)), recheck, roster, play, byes_at)
    return _stages_checked(book, validated) if whole else validated


def _stages_checked(book: reader.Workbook, validated: Validated) -> Validated:
    """``validated`` with its stage tables that are not as the pattern seats them
    (``stagecheck``; checked only when no other error is found) among its errors."""
    staged = None if validated.findings else finalsheet.declared(book, validated.counted)
    if staged is None:
        return validated
    order = ranking(book, validated).ranked.table["player"].tolist()
    found = stagecheck.differences(book, validated.frame, validated.play, staged, order)
    return dataclasses.replace(validated, findings=tuple(found)) if found else validated


def rounds_played(book: reader.Workbook, typed: pd.DataFrame | None = None) -> inplay.Play:
    """The games to play and the complete rounds of ``book``'s ``Results`` (docs/rules.md §8),
    from its typed rows (``typed``: the whole frame, else its round and table are typed
    here): a game none of whose rows holds a result cell of the format's game is to play.
    """
    results, fmt = book.results, book.format
    if typed is None:
        typed, _ = typed_results(results.raw[["round", "table"]], results.coded)
    cells = inplay.RESULT_CELLS[fmt.game]
    formulas = sorted({row for row, column in results.uncached if column in cells})
    held = inplay.holds_result(results.raw, fmt.game, results.coded, formulas)
    return inplay.play(typed, held, games.bye_rows(typed, fmt))


def _breakdown_cells(finding: Finding, letters: dict[str, str]) -> Finding:
    """A Score that its breakdown does not add up to names the breakdown's cells too."""
    if finding.code != "breakdown_mismatch" or finding.where.cell is None:
        return finding
    row = finding.where.cell.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    cells = ", ".join(f"{letters[column]}{row}" for column in BREAKDOWN_COLUMNS)
    return dataclasses.replace(finding, params={**finding.params, "cells": cells})


def _failure_cases(schema: pa.DataFrameSchema, frame: pd.DataFrame) -> pd.DataFrame:
    """Pandera's failure cases of ``schema`` on ``frame`` (lazy: all of them), maybe none.

    The schemas neither coerce nor parse, so pandera may hand its checks ``frame``
    itself rather than a copy (``inplace``): what the rules work out about it is
    remembered for the details of their findings and for the scoring (``core.memo``).
    """
    try:
        with backends.own_settings():  # never switched off from outside (docs/rules.md)
            schema.validate(frame, lazy=True, inplace=True)
    except pa.errors.SchemaErrors as errors:
        cases: pd.DataFrame = errors.failure_cases
        return cases
    return pd.DataFrame(columns=["column", "check", "failure_case", "index"])


def notices(book: reader.Workbook, validated: Validated | None = None) -> tuple[Finding, ...]:
    """What the organiser should know beyond errors.

    A hidden (or very hidden) ``Results`` sheet is scored as any other, and the
    run says so.  An old Standings or Round Points sheet (found by its marker, whatever
    it is called now) whose check code no longer matches its table (or that has none)
    was edited by hand: it is regenerated, and the run says so, naming the sheet.  Our
    notice that no standings are published has no table and no code: it is replaced
    without a word (``fingerprint.was_edited``).  Each game whose table-wide rules were
    skipped for an unreadable cell (``validated.recheck``) is named, so that a second
    run holds no surprise.
    """
    found = [
        Finding("recheck", {}, "notice", Where(sheet=book.results.name, round=round_, table=table))
        for round_, table in (validated.recheck if validated else ())
    ]
    if validated is not None:
        found.extend(in_play(book, validated))
    if book.results.hidden:
        found.append(Finding("results_hidden", {}, "notice", Where(sheet=book.results.name)))
    for kind in outputkinds.CHECKED:
        old = book.existing_outputs.get(kind)
        if old is not None and fingerprint.was_edited(old.rows):
            found.append(Finding("regenerated", {}, "notice", Where(sheet=old.name)))
    found.extend(slipsheet.typed_into_slips(book))
    return tuple(found)


def in_play(book: reader.Workbook, validated: Validated) -> list[Finding]:
    """The rounds in play (docs/rules.md §8), each as a notice naming the round the standings
    are after, how many of its tables are in and which are to play; then one notice per table
    to play, pointing at its first result cell and naming its players.  With errors no
    standings are published (``published``: ``no``) and the notice names none.

    ``Finding("round_in_play", {"after": 3, "published": "yes", "tables_in": 6, "tables": 10,
    "to_play": 4, "labels": "3, 7, 9, 10"}, "notice", Where(sheet="Results", round=4))`` says
    "Standings after round 3; round 4: 6 of 10 tables in, 4 to play: tables 3, 7, 9, 10.";
    with ``"published": "no"``, "Round 4: 6 of 10 tables in, 4 to play: tables 3, 7, 9, 10."
    """
    play, results = validated.play, book.results
    if play is None or not play.rounds.in_play:
        return []
    after = play.rounds.after
    staged = None if validated.findings else finalsheet.declared(book, validated.counted)
    if staged is not None:  # the standings are the preliminary rounds' (finalsheet)
        after = min(after, staged.rounds)
    found = [
        Finding(
            "round_in_play",
            {
                "after": after,
                "published": "no" if validated.findings else "yes",
                "tables_in": entry.tables_in,
                "tables": entry.tables,
                "to_play": len(entry.to_play),
                "labels": ", ".join(entry.to_play),
            },
            "notice",
            Where(sheet=results.name, round=entry.round),
        )
        for entry in play.rounds.in_play
    ]
    frame = validated.frame.loc[play.to_play]
    first_cell = next(
        key for key in inplay.RESULT_CELLS[book.format.game] if key in results.columns
    )
    seated: dict[tuple[int, str], list[tuple[int, str]]] = {}
    for row, round_, table, player in zip(
        frame.index, frame["round"], frame["table"], frame["player"], strict=True
    ):
        seated.setdefault((int(round_), str(table)), []).append((row, player))
    for (round_, table), rows in seated.items():
        names = ", ".join(str(player) for _, player in rows if isinstance(player, str))
        cell = f"{results.columns[first_cell]}{rows[0][0]}"
        where = Where(sheet=results.name, cell=cell, round=round_, table=table)
        found.append(Finding("table_to_play", {"players": names}, "notice", where))
    return found


def output_sheets(
    book: reader.Workbook,
    validated: Validated,
    found_notices: Sequence[Finding],
    *,
    lang: str,
    now: dt.datetime,
) -> Scored:
    """Standings, Round Points and Errors in ``lang`` (docs/rules.md §5), and the Final Ranking
    once a stage has rows (``finalsheet``).

    With errors, no standings are published: Standings and Round Points become
    a notice pointing to Errors (a Final Ranking the workbook held too).  With no results
    yet (no games, no errors: a blank template), all three say so instead, with no table
    and no check code.
    """
    computed = date_time(lang, now)
    if validated.findings:
        withheld = text(lang, "notice.not_published", count=len(validated.findings))
        specs: tuple[SheetSpec, ...] = (
            report.notice_sheet(lang, outputkinds.STANDINGS, withheld),
            report.notice_sheet(lang, outputkinds.ROUND_POINTS, withheld),
            report.errors_sheet(lang, validated.findings, computed=computed, notices=found_notices),
        )
        if outputkinds.FINAL_RANKING in book.existing_outputs:
            specs += (report.notice_sheet(lang, outputkinds.FINAL_RANKING, withheld),)
        return Scored(specs, None)
    fmt = book.format
    ranks = ranking(book, validated)
    played, ranked, table = ranks.played, ranks.ranked, ranks.table
    playing = tuple(
        render(notice, lang) for notice in found_notices if notice.code == "round_in_play"
    )
    if table.empty and playing:  # every game seated so far is still to play (§8)
        specs = (
            report.notice_sheet(lang, outputkinds.STANDINGS, *playing),
            report.notice_sheet(lang, outputkinds.ROUND_POINTS, *playing),
            report.errors_sheet(lang, (), computed=computed, notices=found_notices),
        )
        return Scored(specs, table, ranks)
    if table.empty:  # no results yet (a blank template): as the terminal says (cli.no_results)
        empty = text(lang, "notice.no_results", sheet=book.results.name)
        nothing_to_check = text(lang, "notice.no_results_errors", sheet=book.results.name)
        specs = (
            report.notice_sheet(lang, outputkinds.STANDINGS, empty),
            report.notice_sheet(lang, outputkinds.ROUND_POINTS, empty),
            report.notice_sheet(
                lang,
                outputkinds.ERRORS,
                nothing_to_check,
                *(render(notice, lang) for notice in found_notices),
            ),
        )
        return Scored(specs, table, ranks)
    specs = (
        formatsheets.standings_sheet(
            lang,
            fmt,
            ranked,
            event=book.event_name,
            computed=computed,
            games=validated.games if ranks.final is None else ranks.final.games,
            playing=playing,
            withdrawn=reading.withdrawn(book),
        ),
        formatsheets.round_points_sheet(lang, fmt, played, ranked.scale, event=book.event_name),
        report.errors_sheet(lang, (), computed=computed, notices=found_notices),
    )
    if ranks.final is not None:
        final = finalsheet.final_sheet(lang, ranks.final, event=book.event_name, computed=computed)
        specs += (final,)
    return Scored(specs, table, ranks)


def forget_answers(validated: Validated) -> None:
    """Drop what the rules and the scoring worked out about the validated frame and remembered
    (``core.memo``): writing the sheets needs none of it, and over a million rows it is a few
    hundred megabytes.  Asked again, it is worked out again."""
    memo.forget(validated.frame)


def per_game(frame: pd.DataFrame, fmt: Format) -> pd.DataFrame:
    """The engine's per-game frame of a validated ``frame`` (``core.standings``): Catan's games
    scored by VP (titles, declared victory: ``scoring``), another game's by its score."""
    if fmt.game == "catan":
        scored = scoring.score_games(frame)
        return scored.assign(value=scored["vp"], game=games.of(frame).codes)
    return standings.by_value(frame, "score", games.bye_rows(frame, fmt))


def api_table(ranked: standings.Ranked) -> pd.DataFrame:
    """The ranking a ``Result`` holds: rank, player and each key exactly; with Catan's
    points, VP and VP % also as they always were (``points12``, ``vp``, ``vp_share``)."""
    table = ranked.table.copy()
    if "points" in table and TWELFTHS % ranked.scale == 0:  # each denominator divides 12
        table["points12"] = [
            value.numerator * (TWELFTHS // value.denominator) for value in table["points"]
        ]
    if "vp_ratio" in table:
        table["vp_share"] = [float(value) for value in table["vp_ratio"]]
    return table


def scored_package(book: reader.Workbook, specs: Sequence[SheetSpec], *, problems: bool) -> bytes:
    """The organiser's package with our sheets in place of the old ones, as bytes.

    The workbook opens on Errors when there are problems, else on the Final Ranking once
    the final stage has begun (its result is what the room asks for), else on Standings.
    """
    final = any(spec.kind == outputkinds.FINAL_RANKING for spec in specs)
    shown = (
        outputkinds.ERRORS
        if problems
        else outputkinds.FINAL_RANKING
        if final
        else outputkinds.STANDINGS
    )
    return splice.write_sheets(
        book.package,
        specs,
        legacy=outputkinds.LEGACY_OUTPUTS,
        active=shown,
        only=frozenset(outputkinds.OUTPUT_KINDS),  # a round's seating sheet stays
    )

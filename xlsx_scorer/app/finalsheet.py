"""The stages of an event in a run (SPEC §10; docs/rules.md, "The final ranking").

- ``declared``: the rounds of the preliminary standings and the stages played after them:
  the format's plan for the attendance (``core.stages.played``), when the ``Event`` sheet
  says its ``Rounds``.  A row of a round after them is a stage game: checked as any game
  of the format, but never counted in ``Standings`` or ``Round Points``.
- ``final``: the Final Ranking (``core.finalranking``) from the preliminary standings and
  the stage games, each placed as a game of its format (Catan by §3, titles and declared
  victory; Carcassonne by score).
- ``final_sheet``: the ``Final Ranking`` sheet, in the run's language, with its check code
  (an edit by hand is found as in ``Standings``); ``Final.to_json`` its lines for the JSON
  of a result; ``final_csv`` and ``csv_schema`` the archive's ``final_ranking.csv``.

>>> from pathlib import Path
>>> from xlsx_scorer.app.reading import read
>>> book = read(Path("fixtures/sample_event.xlsx").read_bytes())
>>> declared(book, book.results.raw) is None  # catan-es, no Event sheet Rounds: no stage
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from xlsx_scorer.app import canonical, reading, report
from xlsx_scorer.app.outputkinds import FINAL_RANKING, STANDINGS, sheet_name
from xlsx_scorer.core import finalranking, games, inplay, scoring, stages, standings
from xlsx_scorer.core.finalranking import Line, StageGames
from xlsx_scorer.core.stages import NAMED, Stage
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.i18n import text
from xlsx_scorer.xlsx.read import reader, sidesheets
from xlsx_scorer.xlsx.write.spec import Column, Rows, SheetSpec

#: The width of the Stage column (width units).
STAGE_WIDTH = 20
#: The Final Ranking in an archive's data package (``archive``, checked by ``verify``).
FINAL_RANKING_CSV = "final_ranking.csv"
#: Its columns: the sheet's, the stage by the format's name of it, the rule by its code.
CSV_COLUMNS = ("rank", "player", "stage", "place", "why")


@dataclass(frozen=True)
class Staged:
    """An event that plays stages: the preliminary rounds (``rounds``: 1 to the Event
    sheet's ``Rounds``) and the stages of its plan, stage k being round ``rounds + k``."""

    rounds: int
    stages: tuple[Stage, ...]

    def preliminary(self, frame: pd.DataFrame) -> pd.DataFrame:
        """The rows of ``frame`` the preliminary standings count (rounds up to ``rounds``)."""
        return frame.loc[(frame["round"] <= self.rounds).to_numpy(dtype=bool)]


@dataclass(frozen=True)
class Final:
    """The Final Ranking of a run: its lines, the stages and the preliminary rounds, and
    the games the preliminary standings count (``games``: a bye is no game)."""

    lines: tuple[Line, ...]
    staged: Staged
    games: int = 0

    def to_json(self, lang: str) -> list[dict[str, Any]]:
        """The Final Ranking for ``--json``: per line its rank (null: still playing), player,
        stage (the format's name of it, null: the preliminary rounds), place, the rule's
        code (``why``) and its words in ``lang`` (``message``)."""
        return [
            {
                "rank": line.rank,
                "player": line.player,
                "stage": None if line.stage is None else self.staged.stages[line.stage].name,
                "place": line.place,
                "why": line.why,
                "message": why(lang, self, line),
            }
            for line in self.lines
        ]


def declared(book: reader.Workbook, frame: pd.DataFrame) -> Staged | None:
    """The stages ``book``'s event plays after its rounds, from its rows ``frame`` (typed:
    the attendance is the players of rounds 1 to ``Rounds``); None when its format declares
    none for that attendance (or a first cut above it), or its ``Event`` sheet says no
    ``Rounds`` (then every round is a round of the standings, as without stages)."""
    plans = book.format.stages
    if not plans:
        return None
    event = reader.side_rows(book.package, "event")
    try:
        rounds = sidesheets.event_rounds(event[1], event[0]) if event else None
    except UnusableWorkbookError:  # ``seat`` names that cell; scoring needs no stage
        return None
    if rounds is None:
        return None
    rows = frame["round"].to_numpy(dtype=np.float64, na_value=np.nan) <= rounds
    attendance = frame.loc[rows, "player"].dropna().nunique()
    played = stages.played(plans, attendance)
    return Staged(rounds, played) if played else None


def stage_games(
    frame: pd.DataFrame, to_play: np.ndarray[Any, np.dtype[np.bool_]], staged: Staged, game: str
) -> list[StageGames]:
    """The games of each stage played so far (stage 1, 2, … while its round has rows): player
    → (table, place), the place None while the game is to play (``to_play``, by row)."""
    found: list[StageGames] = []
    numbers = frame["round"].to_numpy(dtype=np.float64, na_value=np.nan)
    for index in range(len(staged.stages)):
        rows = numbers == staged.rounds + index + 1
        if not rows.any():
            break
        waiting = rows & to_play
        done = frame.loc[rows & ~to_play]
        places: dict[str, tuple[str, int | None]] = {}
        if len(done):
            placed = (
                scoring.score_games(done)
                if game == "catan"
                else standings.by_value(done, "score", np.zeros(len(done), dtype=bool))
            )
            for player, table, place in zip(
                placed["player"], placed["table"], placed["place"], strict=True
            ):
                places[str(player)] = (str(table), int(place))
        for player, table in zip(
            frame.loc[waiting, "player"], frame.loc[waiting, "table"], strict=True
        ):
            places[str(player)] = (str(table), None)
        found.append(places)
    return found


def final(
    book: reader.Workbook,
    frame: pd.DataFrame,
    play: inplay.Play | None,
    staged: Staged,
    preliminary: Sequence[str],
) -> Final | None:
    """The Final Ranking of ``book`` once its first stage has rows (None before): its
    preliminary standings (``preliminary``, best first), its stage games from ``frame``
    (the validated rows; ``play`` says which games are to play) and who withdrew."""
    to_play = np.zeros(len(frame), dtype=bool)
    if play is not None:
        to_play = np.asarray(play.to_play, dtype=bool)
    played = stage_games(frame, to_play, staged, book.format.game)
    if not played:
        return None
    dropped = set(reading.withdrawn(book))
    lines = finalranking.final_ranking(preliminary, staged.stages, played, dropped)
    rows = staged.preliminary(frame.loc[~to_play])
    bye = games.bye_rows(rows, book.format)
    counted = len(rows.loc[~bye, ["round", "table"]].drop_duplicates())
    return Final(lines, staged, counted)


def stage_word(lang: str, final_: Final, line: Line) -> str:
    """The Stage cell: the stage's name in ``lang`` (``stage_name``), or the word for the
    preliminary rounds."""
    if line.stage is None:
        return text(lang, "out.preliminary")
    return stage_name(lang, final_.staged.stages[line.stage].name)


def stage_name(lang: str, name: str) -> str:
    """A stage's name in ``lang``: a shipped one translated, an organiser's as written.

    >>> stage_name("es", "quarterfinal"), stage_name("tr", "semifinal"), stage_name("en", "Cup")
    ('Cuartos de final', 'Yarı final', 'Cup')
    """
    return text(lang, f"stage.{name}") if name in NAMED else name


def stage_rounds(book: reader.Workbook) -> dict[int, str]:
    """The rounds of ``book``'s ``Results`` that are stage games: round → the stage's name
    (none when its event plays no stage: ``declared``).  For ``diff``, which names them.

    >>> from pathlib import Path
    >>> from xlsx_scorer.app.reading import read
    >>> stage_rounds(read(Path("fixtures/sample_event.xlsx").read_bytes()))
    {}
    """
    results = book.results
    typed, _ = typed_results(results.raw[["round", "table", "player"]], results.coded)
    staged = declared(book, typed)
    if staged is None:
        return {}
    return {staged.rounds + k: stage.name for k, stage in enumerate(staged.stages, start=1)}


def why(lang: str, final_: Final, line: Line) -> str:
    """The Why cell: the rule that placed the player, in words (``final.why``)."""
    params = {"table": "", "shared": 1, "seed": 0, **line.params}
    return text(
        lang,
        "final.why",
        why=line.why,
        stage=stage_word(lang, final_, line),
        place=line.place if line.place is not None else 0,
        **params,
    )


def final_sheet(lang: str, final_: Final, *, event: str | None, computed: str) -> SheetSpec:
    """The Final Ranking sheet: Rank, Player, Stage, Place, Why (docs/rules.md, "The final
    ranking"), under a note saying which rounds the preliminary standings are, and its
    check code."""
    reasons = [why(lang, final_, line) for line in final_.lines]
    columns = (
        Column(text(lang, "out.rank"), 8, report.WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.player"), 28),
        Column(text(lang, "out.stage"), STAGE_WIDTH),
        Column(text(lang, "out.stage_place"), 12, report.WHOLE_FORMAT, centered=True),
        Column(text(lang, "out.why"), report.problem_width(reasons), wrapped=True),
    )
    rows = Rows(
        [
            [line.rank for line in final_.lines],
            [line.player for line in final_.lines],
            [stage_word(lang, final_, line) for line in final_.lines],
            [line.place for line in final_.lines],
            reasons,
        ]
    )
    note = text(
        lang,
        "final.note",
        rounds=final_.staged.rounds,
        sheet=sheet_name(lang, STANDINGS),
        when=computed,
    )
    title = report.sheet_title(lang, "title.final_ranking", event)
    spec = SheetSpec(FINAL_RANKING, sheet_name(lang, FINAL_RANKING), title, (note,), columns, rows)
    return report.with_check_code(lang, spec)


def final_csv(final_: Final) -> bytes:
    """``final_ranking.csv``: the Final Ranking's lines (``CSV_COLUMNS``; a rank or place
    not known yet is empty, the preliminary rounds' stage is ``preliminary``).

    >>> lines = (Line(1, "Ana", 0, 1, "place"), Line(2, "Bo", None, 5, "preliminary"))
    >>> final_csv(Final(lines, Staged(5, (Stage("final", 4, ((1, 2, 3, 4),)),))))
    b'rank,player,stage,place,why\\r\\n1,Ana,final,1,place\\r\\n2,Bo,preliminary,5,preliminary\\r\\n'
    """
    rows = [
        [
            line.rank,
            line.player,
            "preliminary" if line.stage is None else final_.staged.stages[line.stage].name,
            line.place,
            line.why,
        ]
        for line in final_.lines
    ]
    return canonical.csv_bytes(CSV_COLUMNS, rows)


def csv_schema() -> dict[str, Any]:
    """The Table Schema of ``final_ranking.csv``."""
    field = canonical.schema_field
    return {
        "fields": [
            field(
                "rank", "integer", "final rank (SPEC §10; shared places share it); empty: playing"
            ),
            field("player", "string", "player"),
            field("stage", "string", "the furthest stage reached, or preliminary"),
            field("place", "integer", "place in that stage's game; else the preliminary rank"),
            field("why", "string", "the rule that placed the player (docs/rules.md §10)"),
        ],
        "primaryKey": ["player"],
    }

"""The final stages of an event (docs/rules.md §10): what a format plays after its rounds,
in words (``described``); a stage seated by its pattern (``seat_stage``, which ``seat`` asks
for every round past the event's ``Rounds``); how many stages the page may offer
(``stage_rounds``).

Stage k is round ``Rounds`` + k.  The first stage takes the top ``cut`` of the preliminary
standings (rounds 1 … ``Rounds`` only) among the players not withdrawn; a later one the
players the stage before sends on, by the places of its games (``core.stages.advancers``).
At each table the players sit by preliminary rank, the better first: with 20 players
ranked in ``catan-es``, round ``Rounds`` + 1 seats the top 16 at tables 1/8/9/16,
2/7/10/15, 3/6/11/14, 4/5/12/13; round ``Rounds`` + 2 the four winners at one table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xlsx_scorer.core import stages
from xlsx_scorer.core.cells import count, is_blank, player_name
from xlsx_scorer.core.collation import table_order
from xlsx_scorer.core.inplay import RoundsPlayed
from xlsx_scorer.core.seating import Entrant, Seating, Table
from xlsx_scorer.findings import Finding, UnusableWorkbookError, Where
from xlsx_scorer.i18n import text

if TYPE_CHECKING:
    from xlsx_scorer.core.formats import Format
    from xlsx_scorer.xlsx.read import reader


def described(fmt: Format, lang: str) -> str:
    """What ``fmt`` plays after its preliminary rounds, in ``lang``: each plan's attendance,
    the cut and each stage with its tables.

    >>> from xlsx_scorer.core.formats import load
    >>> described(load("catan-es"), "en")
    'After the rounds: top 16 → Semi-final (4 tables of 4) → Final (1 table of 4)'
    >>> described(load("catan-de"), "es")
    'Tras las rondas: sin fase final'
    """
    if not fmt.stages:
        return text(lang, "format.stage_none")
    single = len(fmt.stages) == 1 and fmt.stages[0].covers(1) and fmt.stages[0].max_players is None
    if single:
        return text(lang, "format.stages_after", stages=_plan_words(fmt.stages[0].stages, lang))
    plans = sorted(fmt.stages, key=lambda plan: -plan.min_players)
    said = [
        text(
            lang,
            "format.stage_plan",
            low=plan.min_players,
            high="none" if plan.max_players is None else str(plan.max_players),
            stages=_plan_words(plan.stages, lang),
        )
        for plan in plans
    ]
    said.append(text(lang, "format.stage_otherwise"))
    return text(lang, "format.stages_after", stages="; ".join(said))


def _plan_words(plan: tuple[stages.Stage, ...], lang: str) -> str:
    if not plan:
        return text(lang, "format.stage_nothing")
    words = [text(lang, "format.stage_cut", cut=plan[0].cut)]
    for stage in plan:
        sizes = sorted({len(table) for table in stage.tables})
        words.append(
            text(
                lang,
                "format.stage",
                stage=stage.name,
                tables=len(stage.tables),
                size="–".join(map(str, sizes)) if len(sizes) > 1 else str(sizes[0]),
            )
        )
    return " → ".join(words)


@dataclass(frozen=True)
class Preliminary:
    """The preliminary standings (rounds 1 … ``rounds`` only): the players in rank order, each
    one's keys (two players equal on every key are tied), and every counted game's places
    (the engine's per-game frame: round, table, player, place)."""

    order: tuple[str, ...]
    keys: dict[str, tuple[Any, ...]]
    games: Any

    @property
    def rank(self) -> dict[str, int]:
        """Each player's preliminary rank, 1 the best."""
        return {name: number for number, name in enumerate(self.order, start=1)}


def preliminary(book: reader.Workbook, rounds: int, round_no: int) -> Preliminary:
    """``book``'s preliminary standings by its format (the engine ``score`` ranks with), over
    rounds 1 … ``rounds``; refused (``unusable.stage_needs_scores``, naming the stage's round
    ``round_no``) while results have errors (a stage table not as seated is one)."""
    from xlsx_scorer.app import api, pipeline  # noqa: PLC0415  (heavy: only for a stage)
    from xlsx_scorer.core import standings  # noqa: PLC0415
    from xlsx_scorer.core.collation import collation_key  # noqa: PLC0415

    run = api.run(book.package.data, scoring=False, checked=True, format=book.format, force=True)
    if run.validated is None or run.result.errors:
        params = {"count": len(run.result.errors), "round": round_no}
        raise UnusableWorkbookError("unusable.stage_needs_scores", params)
    fmt = book.format
    games = pipeline.per_game(run.validated.counted, fmt)
    first = games[games["round"] <= rounds]
    table = standings.rank(standings.contributions(first, fmt), fmt, collation_key).table
    keys = [column for column in table.columns if column not in ("rank", "player")]
    order = tuple(str(name) for name in table["player"])
    values = {
        str(line["player"]): tuple(line[key] for key in keys) for line in table.to_dict("records")
    }
    return Preliminary(order, values, games)


def seat_stage(
    book: reader.Workbook,
    round_no: int,
    rounds: int | None,
    entrants: Sequence[Entrant],
    played: RoundsPlayed,
) -> Seating | None:
    """Round ``round_no`` seated as stage k = ``round_no`` − ``rounds`` of ``book``'s format
    (docs/rules.md §10), or None when it is no stage (a preliminary round, the event's rounds
    unknown, no stage declared for its attendance: it is seated as a round).

    Refused (``UnusableWorkbookError``, never forced): a round before it missing or with
    games to play, results with errors, a stage past the last, a first stage whose cut
    exceeds the players ranked (not withdrawn), a stage before it not seated by its pattern.
    """
    if rounds is None or round_no <= rounds or not book.format.stages:
        return None
    found = played.refusal(round_no)
    waiting = [entry for entry in played.in_play if entry.round < round_no]
    if found is None and waiting:
        entry = waiting[0]
        found = (
            "unusable.seat_round_in_play",
            {
                "round": round_no,
                "previous": entry.round,
                "to_play": len(entry.to_play),
                "labels": ", ".join(entry.to_play),
            },
        )
    if found is not None:
        code, params = found
        raise UnusableWorkbookError(code, {"results": book.results.name, **params})
    prelim = preliminary(book, rounds, round_no)
    plan = stages.plan_for(book.format.stages, len(prelim.order))
    if not plan:
        return None
    number = round_no - rounds
    base: dict[str, str | int] = {"round": round_no, "rounds": rounds}
    base["format"] = book.format.name
    base["results"] = book.results.name
    if number > len(plan):
        params = base | {"stages": len(plan), "last": rounds + len(plan)}
        raise UnusableWorkbookError("unusable.stage_past_last", params)
    stage, rank = plan[number - 1], prelim.rank
    findings: list[Finding] = []
    seeded: Sequence[str]
    if number == 1:
        seeded = _cut(stage, prelim, entrants, round_no, base, findings=findings)
    else:
        seeded = _sent_on(plan[number - 2], stage, prelim, round_no, base)
    tables = stages.seated(stage, seeded, rank)
    told = base | {"stage": stage.name, "number": number, "cut": stage.cut or 0}
    told |= {"tables": len(tables), "players": len(seeded)}
    findings.insert(0, Finding("seat_stage", told, "notice", Where(round=round_no)))
    return Seating(
        round_no,
        tuple(Table(at, tuple(players)) for at, players in enumerate(tables, start=1)),
        (),
        tuple(findings),
    )


def _cut(
    stage: stages.Stage,
    prelim: Preliminary,
    entrants: Sequence[Entrant],
    round_no: int,
    base: dict[str, str | int],
    *,
    findings: list[Finding],
) -> list[str]:
    """The top ``cut`` of the preliminary standings among the players not withdrawn; a cut
    inside a tie (equal on every key) is decided by the standings' own order, and said."""
    out = {entrant.name for entrant in entrants if not entrant.plays(round_no)}
    eligible = [name for name in prelim.order if name not in out]
    cut = stage.cut or 0
    if cut > len(eligible):
        params = base | {"stage": stage.name, "cut": cut, "players": len(eligible)}
        raise UnusableWorkbookError("unusable.stage_not_played", params)
    if cut < len(eligible) and prelim.keys[eligible[cut - 1]] == prelim.keys[eligible[cut]]:
        tied = prelim.keys[eligible[cut]]
        inside = [name for name in eligible[:cut] if prelim.keys[name] == tied]
        outside = [name for name in eligible[cut:] if prelim.keys[name] == tied]
        params = base | {"stage": stage.name, "cut": cut}
        params |= {"inside": ", ".join(inside), "outside": ", ".join(outside)}
        findings.append(Finding("seat_stage_cut_tie", params, "notice", Where(round=round_no)))
    return eligible[:cut]


def _sent_on(
    before: stages.Stage,
    stage: stages.Stage,
    prelim: Preliminary,
    round_no: int,
    base: dict[str, str | int],
) -> tuple[str, ...]:
    """The seeds of ``stage``: who the stage ``before`` (round ``round_no`` − 1) sends on, by
    the places of its games; refused when its tables are not those of its pattern."""
    games = prelim.games[prelim.games["round"] == round_no - 1]
    tables: dict[str, list[str]] = {}
    for label, name in zip(games["table"], games["player"], strict=True):
        tables.setdefault(str(label), []).append(str(name))
    ordered = [tables[label] for label in sorted(tables, key=table_order)]
    labels = sorted(
        set(tables) | {str(at) for at in range(1, len(before.tables) + 1)}, key=table_order
    )
    sizes = {str(at): len(seeds) for at, seeds in enumerate(before.tables, start=1)}
    for label in labels:
        if len(tables.get(label, ())) != sizes.get(label, 0):
            params = base | {"stage": before.name, "previous": round_no - 1, "table": label}
            params |= {"found": len(tables.get(label, ())), "size": sizes.get(label, 0)}
            raise UnusableWorkbookError("unusable.stage_tables", params)
    places = {
        str(name): int(place) for name, place in zip(games["player"], games["place"], strict=True)
    }
    went_on, went_out = stages.advancers(before, ordered, places, prelim.rank)
    return stages.seeds(stage, went_on, went_out, prelim.rank)


def stage_rounds(book: reader.Workbook, rounds: int) -> int:
    """How many stages follow the event's ``rounds`` preliminary rounds, for what the page
    offers: the plan of the attendance counted as the players with rows in rounds 1 …
    ``rounds`` of ``Results`` (the players the preliminary standings rank once those rounds
    are complete), its first stage played only when its cut is no more than them."""
    if not book.format.stages:
        return 0
    raw = book.results.raw
    players = {
        player_name(name)
        for number, name in zip(raw["round"], raw["player"], strict=True)
        if not is_blank(name) and (count(number, least=1) or rounds + 1) <= rounds
    }
    return len(stages.played(book.format.stages, len(players)))

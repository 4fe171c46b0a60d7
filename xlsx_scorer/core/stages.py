"""The final stages a format declares after its preliminary rounds (docs/rules.md §10).

A *stage* seats the best of the preliminary standings (its ``cut``, the first stage
only) or those the stage before sends on, at tables by a published pattern of seeds.
A *plan* is the list of stages an event of its attendance plays (the players the
preliminary standings rank): a format file's plain ``[[stages]]`` is one plan for
any attendance; ``[[plans]]`` (``min_players``, ``max_players``, ``[[plans.stages]]``)
chooses by attendance.  Stage k is round ``Rounds + k``.

>>> semi = Stage("semifinal", 16, ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14),
...              (4, 5, 12, 13)), 1)
>>> final = Stage("final", None, ((1, 2, 3, 4),), 1)
>>> plan = StagePlan(29, None, (semi, final))
>>> [stage.name for stage in played((plan,), 40)], played((plan,), 20)
(['semifinal', 'final'], ())
>>> entering(semi, final), entering(final, None)
(4, 0)
"""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from xlsx_scorer.findings import UnusableWorkbookError

Entrants = Literal["advancers", "advancers_and_losers"]
Seeding = Literal["rank", "bracket"]
Tie = Literal["rank"]
#: The stage names the catalogues translate (``stage.NAME``); any other is shown as written.
NAMED = ("quarterfinal", "semifinal", "final")
#: The keys of a stage and of a plan, in the order they are checked and written.
STAGE_KEYS = ("name", "cut", "tables", "advance", "entrants", "seeding", "tie")
PLAN_KEYS = ("min_players", "max_players", "stages")


@dataclass(frozen=True)
class Stage:
    """One stage: its ``name``, the ``cut`` (how many of the preliminary standings enter; the
    first stage only), the seed pattern (``tables``: one tuple of seeds per table, the better
    seed first), how many of each table go on (``advance``), who enters the next stage
    (``entrants``), how the next stage's seeds are numbered (``seeding``) and who wins a tie
    for advancing (``tie``: the better preliminary rank)."""

    name: str
    cut: int | None
    tables: tuple[tuple[int, ...], ...]
    advance: int = 1
    entrants: Entrants = "advancers"
    seeding: Seeding = "rank"
    tie: Tie = "rank"

    @property
    def seats(self) -> int:
        """How many players the stage seats: ``((1, 4), (2, 3))`` seats 4."""
        return sum(map(len, self.tables))


@dataclass(frozen=True)
class StagePlan:
    """The stages an event of ``min_players`` to ``max_players`` (None: no upper bound)
    players in its preliminary standings plays."""

    min_players: int
    max_players: int | None
    stages: tuple[Stage, ...]

    def covers(self, players: int) -> bool:
        """``players`` is within the plan's attendance.

        >>> StagePlan(12, 28, ()).covers(28), StagePlan(12, 28, ()).covers(29)
        (True, False)
        """
        return self.min_players <= players and (
            self.max_players is None or players <= self.max_players
        )


def plan_for(plans: Sequence[StagePlan], players: int) -> tuple[Stage, ...]:
    """The stages declared for an attendance of ``players`` (none when no plan covers it)."""
    return next((plan.stages for plan in plans if plan.covers(players)), ())


def played(plans: Sequence[StagePlan], players: int) -> tuple[Stage, ...]:
    """The stages an event of ``players`` ranked plays: its plan's, unless the first stage's
    cut exceeds the players ranked (then none: the report says so).

    >>> top8 = StagePlan(1, None, (Stage("final", 8, ((1, 2), (3, 4), (5, 6), (7, 8))),))
    >>> len(played((top8,), 8)), len(played((top8,), 7))
    (1, 0)
    """
    stages = plan_for(plans, players)
    if not stages or (stages[0].cut or 0) > players:
        return ()
    return stages


def entering(stage: Stage, following: Stage | None) -> int:
    """How many players ``stage`` sends into ``following``: the advancers of every table, and
    with ``advancers_and_losers`` everyone (0 when nothing follows)."""
    if following is None:
        return 0
    if following.entrants == "advancers_and_losers":
        return stage.seats
    return sum(min(stage.advance, len(table)) for table in stage.tables)


def places_first(
    table: Sequence[str], places: Mapping[str, int], rank: Mapping[str, int]
) -> list[str]:
    """A stage table's players by their place in its game, a shared place going to the better
    preliminary rank (``tie = "rank"``, docs/rules.md §10).

    >>> places_first(["Ana", "Bo", "Cy"], {"Ana": 2, "Bo": 1, "Cy": 1},
    ...              {"Ana": 1, "Bo": 3, "Cy": 2})
    ['Cy', 'Bo', 'Ana']
    """
    return sorted(table, key=lambda name: (places[name], rank[name]))


def advancers(
    stage: Stage,
    tables: Sequence[Sequence[str]],
    places: Mapping[str, int],
    rank: Mapping[str, int],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who goes on from ``stage``'s ``tables`` (in table order) and who is out: the
    ``advance`` best places of each table (``places_first``), table by table.

    >>> semi = Stage("semifinal", 4, ((1, 4), (2, 3)))
    >>> advancers(semi, [["A", "D"], ["B", "C"]], {"A": 2, "D": 1, "B": 1, "C": 1},
    ...           {"A": 1, "B": 2, "C": 3, "D": 4})
    (('D', 'B'), ('A', 'C'))
    """
    on: list[str] = []
    out: list[str] = []
    for table in tables:
        ordered = places_first(table, places, rank)
        on.extend(ordered[: stage.advance])
        out.extend(ordered[stage.advance :])
    return tuple(on), tuple(out)


def seeds(
    following: Stage,
    went_on: Sequence[str],
    went_out: Sequence[str],
    rank: Mapping[str, int],
) -> tuple[str, ...]:
    """The seeds 1, 2, … of ``following`` from the stage before's advancers and losers (as
    ``advancers`` gives them, table by table): ``rank`` orders each by preliminary rank,
    ``bracket`` keeps the table order; with ``advancers_and_losers`` the losers come after.

    >>> final = Stage("final", None, ((1, 2), (3, 4)), entrants="advancers_and_losers",
    ...               seeding="bracket")
    >>> seeds(final, ["D", "B"], ["A", "C"], {"A": 1, "B": 2, "C": 3, "D": 4})
    ('D', 'B', 'A', 'C')
    >>> seeds(Stage("final", None, ((1, 2),)), ["D", "B"], [], {"B": 2, "D": 4})
    ('B', 'D')
    """
    groups = [list(went_on)]
    if following.entrants == "advancers_and_losers":
        groups.append(list(went_out))
    if following.seeding == "rank":
        groups = [sorted(group, key=rank.__getitem__) for group in groups]
    return tuple(name for group in groups for name in group)


def seated(stage: Stage, seeded: Sequence[str], rank: Mapping[str, int]) -> list[list[str]]:
    """The tables of ``stage`` in pattern order, each in seat order: its seeds' players by
    preliminary rank, the better first (seat 1 starts).

    >>> seated(Stage("final", None, ((1, 4), (2, 3))), ["C", "A", "B", "D"],
    ...        {"A": 1, "B": 2, "C": 3, "D": 4})
    [['C', 'D'], ['A', 'B']]
    """
    return [
        sorted((seeded[seed - 1] for seed in table), key=rank.__getitem__) for table in stage.tables
    ]


# --- format files: reading and writing the stages -------------------------------------------


@functools.cache
def shown_name(name: str) -> str:
    """``name`` if it can be shown as a format's or a stage's name: not blank, no control
    characters (the one rule for both, raised as pydantic reports a validator's error).

    >>> shown_name("Gran final")
    'Gran final'
    >>> shown_name("club\x07night")
    Traceback (most recent call last):
    ...
    ValueError: a name to show: not blank, no control characters
    """
    if not name.strip() or any(unicodedata.category(ch) == "Cc" for ch in name):
        raise ValueError("a name to show: not blank, no control characters")
    return name


def schema() -> tuple[Any, Any]:
    """The shapes of a ``[[stages]]`` entry and of a ``[[plans]]`` entry (pydantic models,
    unknown keys forbidden, strict types; pydantic imported only when a file is read)."""
    import pydantic  # noqa: PLC0415

    config = pydantic.ConfigDict(extra="forbid", strict=True, frozen=True)
    whole = pydantic.Field(ge=1, le=1_000_000)

    class StageSchema(pydantic.BaseModel):
        """One ``[[stages]]`` entry; the field order is the order the keys are checked."""

        model_config = config
        name: str = pydantic.Field(min_length=1, max_length=40)
        cut: int | None = pydantic.Field(default=None, ge=2, le=1_000_000)
        tables: list[list[int]] = pydantic.Field(min_length=1)
        advance: int = pydantic.Field(default=1, ge=1, le=1_000_000)
        entrants: Entrants = "advancers"
        seeding: Seeding = "rank"
        tie: Tie = "rank"

        @pydantic.field_validator("name")
        @classmethod
        def _name(cls, name: str) -> str:
            return shown_name(name)

    class PlanSchema(pydantic.BaseModel):
        """One ``[[plans]]`` entry."""

        model_config = config
        min_players: int = whole
        max_players: int | None = pydantic.Field(default=None, ge=1, le=1_000_000)
        stages: list[StageSchema] = pydantic.Field(default_factory=list)

    return StageSchema, PlanSchema


def built(document: Mapping[str, Any]) -> tuple[StagePlan, ...]:
    """The plans of a checked format document: its ``stages`` as one plan for any attendance,
    or its ``plans`` (a plan with no stage: that attendance plays none)."""
    if document.get("stages"):
        return (StagePlan(1, None, tuple(map(_stage, document["stages"]))),)
    return tuple(
        StagePlan(
            int(plan["min_players"]),
            None if plan.get("max_players") is None else int(plan["max_players"]),
            tuple(map(_stage, plan.get("stages") or ())),
        )
        for plan in document.get("plans") or ()
    )


def _stage(entry: Mapping[str, Any]) -> Stage:
    return Stage(
        str(entry["name"]),
        None if entry.get("cut") is None else int(entry["cut"]),
        tuple(tuple(int(seed) for seed in table) for table in entry["tables"]),
        int(entry.get("advance") or 1),
        entry.get("entrants") or "advancers",
        entry.get("seeding") or "rank",
        entry.get("tie") or "rank",
    )


def check(
    plans: Sequence[StagePlan], table_sizes: Sequence[int], file: str, *, planned: bool
) -> None:
    """Refuse (``unusable.format_stage``, naming the key as ``plans[1].stages[2].tables``)
    stages that break a rule of their keys together: the first stage without a ``cut`` or a
    later one with one, seeds that are not 1 … the players the stage takes (the cut, or what
    the stage before sends on) each once, a table of a size the format does not play,
    ``advance`` not below a table's size where a stage follows, a ``bracket`` first stage,
    plans whose attendances overlap."""
    for number, plan in enumerate(plans, start=1):
        where = f"plans[{number}].stages" if planned else "stages"
        top = f"plans[{number}]"
        if plan.max_players is not None and plan.max_players < plan.min_players:
            _refuse(file, f"{top}.max_players", plan.max_players, "range")
        for other in plans[: number - 1]:
            if plan.covers(other.min_players) or other.covers(plan.min_players):
                _refuse(file, f"{top}.min_players", plan.min_players, "overlap")
        _check_stages(plan.stages, table_sizes, file, where)


def _check_stages(
    stages: Sequence[Stage], table_sizes: Sequence[int], file: str, where: str
) -> None:
    for index, stage in enumerate(stages):
        at = f"{where}[{index + 1}]"
        if index == 0 and stage.cut is None:
            _refuse(file, f"{at}.cut", "", "cut_first")
        if index > 0 and stage.cut is not None:
            _refuse(file, f"{at}.cut", stage.cut, "cut_later")
        if index == 0 and stage.seeding == "bracket":
            _refuse(file, f"{at}.seeding", '"bracket"', "bracket_first")
        if index == 0 and stage.entrants != "advancers":
            _refuse(file, f"{at}.entrants", json.dumps(stage.entrants), "entrants_first")
        taken = stage.cut if index == 0 else entering(stages[index - 1], stage)
        shown = _tables_text(stage.tables)
        if any(len(table) not in table_sizes for table in stage.tables):
            _refuse(file, f"{at}.tables", shown, "size", sizes=", ".join(map(str, table_sizes)))
        if sorted(seed for table in stage.tables for seed in table) != list(
            range(1, (taken or 0) + 1)
        ):
            _refuse(file, f"{at}.tables", shown, "seeds", seeds=taken or 0)
        if index + 1 < len(stages) and any(stage.advance >= len(t) for t in stage.tables):
            _refuse(file, f"{at}.advance", stage.advance, "advance")


def _refuse(file: str, setting: str, found: Any, problem: str, **more: Any) -> None:
    raise refusal(file, setting, found, problem, **more)


def refusal(
    file: str, setting: str, found: Any, problem: str, **more: Any
) -> UnusableWorkbookError:
    """``unusable.format_stage``: ``setting`` (``stages[2].tables``) of the format ``file``,
    ``found`` there, breaks the rule ``problem``; ``more``: the message's other words."""
    params = {"seeds": 0, "sizes": "", "entry": setting.rsplit(".", 1)[-1]}
    params |= {"file": file, "setting": setting, "found": str(found), "problem": problem, **more}
    return UnusableWorkbookError("unusable.format_stage", params)


def _tables_text(tables: Sequence[Sequence[int]]) -> str:
    return "[" + ", ".join("[" + ", ".join(map(str, t)) + "]" for t in tables) + "]"


def to_toml(plans: Sequence[StagePlan]) -> list[str]:
    """The lines of a format file declaring ``plans`` (``formats.to_toml`` appends them),
    read back as the same plans.

    >>> print("\\n".join(to_toml((StagePlan(1, None, (Stage("final", 4, ((1, 4), (2, 3)),
    ...       seeding="rank"),)),))))
    [[stages]]
    name = "final"
    cut = 4
    tables = [[1, 4], [2, 3]]
    advance = 1
    entrants = "advancers"
    seeding = "rank"
    tie = "rank"
    """
    if not plans:
        return []
    first = plans[0]
    if len(plans) == 1 and first.stages and (first.min_players, first.max_players) == (1, None):
        return [line for stage in plans[0].stages for line in _stage_lines(stage, "stages")]
    lines: list[str] = []
    for plan in plans:
        lines += ["[[plans]]", f"min_players = {plan.min_players}"]
        if plan.max_players is not None:
            lines.append(f"max_players = {plan.max_players}")
        lines += [line for stage in plan.stages for line in _stage_lines(stage, "plans.stages")]
    return lines


def declared(plans: Sequence[StagePlan]) -> dict[str, Any]:
    """``plans`` as a format document's keys (``{}``, ``{"stages": […]}`` or ``{"plans": […]}``),
    read back by ``built`` as the same plans: how an archive records them.

    >>> declared(()), declared((StagePlan(1, None, (Stage("final", 2, ((1, 2),)),)),))["stages"]
    ({}, [{'name': 'final', 'cut': 2, 'tables': [[1, 2]], 'advance': 1, 'entrants': \
'advancers', 'seeding': 'rank', 'tie': 'rank'}])
    """

    def entry(stage: Stage) -> dict[str, Any]:
        shown = {key: getattr(stage, key) for key in STAGE_KEYS if key != "tables"}
        shown["tables"] = [list(table) for table in stage.tables]
        if stage.cut is None:
            del shown["cut"]
        return {key: shown[key] for key in STAGE_KEYS if key in shown}

    if not plans:
        return {}
    first = plans[0]
    if len(plans) == 1 and first.stages and (first.min_players, first.max_players) == (1, None):
        return {"stages": [entry(stage) for stage in first.stages]}
    return {
        "plans": [
            {"min_players": plan.min_players}
            | ({} if plan.max_players is None else {"max_players": plan.max_players})
            | {"stages": [entry(stage) for stage in plan.stages]}
            for plan in plans
        ]
    }


def _stage_lines(stage: Stage, table: str) -> list[str]:
    lines = [f"[[{table}]]", f"name = {json.dumps(stage.name, ensure_ascii=False)}"]
    if stage.cut is not None:
        lines.append(f"cut = {stage.cut}")
    lines += [
        f"tables = {_tables_text(stage.tables)}",
        f"advance = {stage.advance}",
        f"entrants = {json.dumps(stage.entrants)}",
        f"seeding = {json.dumps(stage.seeding)}",
        f"tie = {json.dumps(stage.tie)}",
    ]
    return lines

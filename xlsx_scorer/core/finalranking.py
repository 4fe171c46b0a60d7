"""The final ranking of an event with stages (SPEC §10; docs/rules.md, "The final ranking").

Pure: the preliminary standings' order, the stages the format plays at this attendance and
the stage games as ``Results`` holds them go in; one ``Line`` per player comes out, in the
order of the ``Final Ranking`` sheet:

1. the last stage's places, table by table (tables in number order; a final table before a
   third-place table), each table by place, a tie on a place that decides the title (the
   first ``advance`` places, at least one) going to the better preliminary rank;
2. then those out in each earlier stage, latest first, by their place there, then their
   preliminary rank;
3. then everyone else by the preliminary standings.

A place shared in one game keeps one shared rank number (competition ranking: 1, 2, 2, 4),
and those sharing it stand together, where the best preliminary rank among them puts them.
While a stage is in play (or its next stage is still to be played) the players still in it
are listed by their seed in it with no rank: the ranks after them are known already.

Seeds: the first stage's are the top ``cut`` of the preliminary standings among players who
did not drop out; a later stage's are the previous stage's advancers (the ``advance`` best
places of each table, a tie going to the better preliminary rank), by preliminary rank
(``seeding = "rank"``) or table by table (``"bracket"``), followed, when the stage takes
``advancers_and_losers``, by the losers in the same order.

>>> semi = Stage("semifinal", 4, ((1, 4), (2, 3)))
>>> final = Stage("final", None, ((1, 2), (3, 4)), entrants="advancers_and_losers",
...               seeding="bracket")
>>> games = ({"a": ("1", 1), "d": ("1", 2), "b": ("2", 2), "c": ("2", 1)},
...          {"a": ("1", 2), "c": ("1", 1), "b": ("2", 1), "d": ("2", 1)})
>>> [(line.rank, line.player, line.why) for line in final_ranking("abcde", (semi, final), games)]
[(1, 'c', 'place'), (2, 'a', 'place'), (3, 'b', 'tie'), (4, 'd', 'tie'), (5, 'e', 'preliminary')]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from xlsx_scorer.core import stages as stage_rules
from xlsx_scorer.core.collation import table_order
from xlsx_scorer.core.stages import Stage

#: One stage's games as ``Results`` holds them: player → (table label, place; None: to play).
StageGames = Mapping[str, tuple[str, int | None]]


@dataclass(frozen=True)
class Line:
    """One row of the Final Ranking: ``rank`` (None: still playing), the player, the stage
    reached (its index in the plan; None: the preliminary rounds), the place there (for the
    rest the preliminary rank; None while their game is to play) and why, as a message code
    ``why`` (``place``, ``tie``, ``shared``, ``out``, ``playing``, ``through``,
    ``preliminary``) with its ``params``."""

    rank: int | None
    player: str
    stage: int | None
    place: int | None
    why: str
    params: Mapping[str, Any] = field(default_factory=dict)


def table_results(games: StageGames, preliminary: Mapping[str, int]) -> list[tuple[str, list[str]]]:
    """The tables of one stage in number order, each with its players by place, then
    preliminary rank (a player not in the standings last, by name).

    >>> table_results({"x": ("2", 1), "y": ("1", 2), "z": ("1", 2)}, {"z": 1, "y": 2, "x": 3})
    [('1', ['z', 'y']), ('2', ['x'])]
    """
    tables: dict[str, list[str]] = {}
    for player, (table, _) in games.items():
        tables.setdefault(table, []).append(player)
    far = len(preliminary) + 1

    def key(player: str) -> tuple[int, int, str]:
        place = games[player][1]
        return (far if place is None else place, preliminary.get(player, far), player)

    return [
        (label, sorted(tables[label], key=key))
        for label in sorted(tables, key=lambda label: (table_order(label), label))
    ]


def seeds(
    stages: Sequence[Stage],
    index: int,
    preliminary: Sequence[str],
    games: Sequence[StageGames],
    dropped: Collection[str] = (),
) -> list[str]:
    """The entrants of stage ``index`` in seed order (seed 1 first), from the preliminary
    standings (the first stage) or the previous stage's complete games.

    >>> quarter = Stage("quarterfinal", 4, ((1, 4), (2, 3)))
    >>> semi = Stage("semifinal", None, ((1, 2),), seeding="bracket")
    >>> seeds((quarter, semi), 0, "abcde", (), dropped={"b"})
    ['a', 'c', 'd', 'e']
    >>> seeds((quarter, semi), 1, "abcde", ({"a": ("1", 2), "e": ("1", 1), "c": ("2", 1),
    ...                                      "d": ("2", 2)},))
    ['e', 'c']
    """
    if index == 0:
        eligible = [player for player in preliminary if player not in dropped]
        cut = stages[0].cut
        return eligible if cut is None else eligible[:cut]
    rank = {player: number for number, player in enumerate(preliminary, start=1)}
    previous = games[index - 1]
    tables = [players for _, players in table_results(previous, rank)]
    places = {player: place or 0 for player, (_, place) in previous.items()}
    went_on, went_out = stage_rules.advancers(stages[index - 1], tables, places, rank)
    return list(stage_rules.seeds(stages[index], went_on, went_out, rank))


def final_ranking(
    preliminary: Sequence[str],
    stages: Sequence[Stage],
    games: Sequence[StageGames],
    dropped: Collection[str] = (),
) -> tuple[Line, ...]:
    """Every player of the preliminary standings (``preliminary``, best first) once, in the
    Final Ranking's order (see the module), from the stage games played so far (``games``:
    stage 1's, stage 2's, …; a game whose places are None is to play).  Stage players
    missing from the standings are never invented: only those in ``preliminary`` are
    listed."""
    rank = {player: number for number, player in enumerate(preliminary, start=1)}
    listing = _Listing(rank)
    games = [
        {player: seat for player, seat in played.items() if player in rank} for played in games
    ]
    if games:
        last = len(games) - 1
        complete = all(place is not None for _, place in games[last].values())
        if not complete:
            order = seeds(stages, last, preliminary, games, dropped)
            listing.waiting(last, order, games[last], "playing")
            out_from = last - 1
        elif last + 1 < len(stages):
            order = seeds(stages, last + 1, preliminary, games, dropped)
            listing.waiting(last + 1, order, {}, "through")
            out_from = last
        else:
            listing.last_stage(last, stages[last], games[last])
            out_from = last - 1
        for index in range(out_from, -1, -1):
            listing.out(index, games[index])
    listing.rest(preliminary)
    return tuple(listing.lines)


@dataclass
class _Listing:
    """The Final Ranking as it is built, from the top: who is listed, and the next position."""

    rank: Mapping[str, int]
    lines: list[Line] = field(default_factory=list)
    listed: set[str] = field(default_factory=set)

    def _add(self, line: Line) -> None:
        self.lines.append(line)
        self.listed.add(line.player)

    def waiting(self, stage: int, order: Sequence[str], games: StageGames, why: str) -> None:
        """The players still in ``stage`` (to play it, or playing it) by seed, unranked; a
        player seated there but not among the seeds follows, by preliminary rank."""
        seated = [player for player in order if player not in self.listed]
        far = len(self.rank) + 1
        extra = sorted(
            (player for player in games if player not in seated and player not in self.listed),
            key=lambda player: self.rank.get(player, far),
        )
        for seed, player in enumerate([*seated, *extra], start=1):
            place = games.get(player, (None, None))[1]
            params = {"seed": seed, "preliminary": self.rank[player]}
            self._add(Line(None, player, stage, place, why, params))

    def last_stage(self, stage: int, rule: Stage, games: StageGames) -> None:
        """The last stage's places, table by table: the first ``advance`` places of a table
        (at least one: the title) each alone, a tie among them going to the better
        preliminary rank; other places shared in the game keep one rank."""
        decided = max(rule.advance, 1)
        for table, players in table_results(games, self.rank):
            top, others = players[:decided], players[decided:]
            for player in top:
                place = games[player][1]
                tied = sum(games[other][1] == place for other in players) > 1
                params = {"table": table, "preliminary": self.rank[player]}
                rank = len(self.lines) + 1
                self._add(Line(rank, player, stage, place, "tie" if tied else "place", params))
            lost = {games[player][1] for player in top}
            self._shared(stage, table, others, games, "place", lost=lost)

    def out(self, stage: int, games: StageGames) -> None:
        """Those out in ``stage`` (seated there, not yet listed): by their place, then
        preliminary rank; those sharing a place in one game together, one rank."""
        groups: dict[tuple[str, int | None], list[str]] = {}
        for table, players in table_results(games, self.rank):
            for player in players:
                if player not in self.listed:
                    groups.setdefault((table, games[player][1]), []).append(player)
        far = len(self.rank) + 1
        ordered = sorted(
            groups.items(),
            key=lambda item: (
                far if item[0][1] is None else item[0][1],
                min(self.rank[player] for player in item[1]),
            ),
        )
        for (table, _), players in ordered:
            self._shared(stage, table, players, games, "out")

    def _shared(
        self,
        stage: int,
        table: str,
        players: Sequence[str],
        games: StageGames,
        why: str,
        *,
        lost: Collection[int | None] = (),
    ) -> None:
        """``players`` of one table in order, those with one place sharing one rank; a place
        among ``lost`` was shared with a player decided above (``tie``)."""
        start = len(self.lines) + 1
        previous: int | None = None
        for position, player in enumerate(players):
            place = games[player][1]
            if position == 0 or place != previous:
                start = len(self.lines) + 1
            previous = place
            together = sum(games[other][1] == place for other in players)
            reason = (
                "tie" if place in lost else "shared" if together > 1 and why == "place" else why
            )
            params = {"table": table, "preliminary": self.rank[player], "shared": together}
            self._add(Line(start, player, stage, place, reason, params))

    def rest(self, preliminary: Sequence[str]) -> None:
        """Everyone not listed yet, by preliminary rank."""
        for player in preliminary:
            if player not in self.listed:
                number = self.rank[player]
                params = {"preliminary": number}
                self._add(Line(len(self.lines) + 1, player, None, number, "preliminary", params))

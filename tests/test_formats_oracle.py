"""Every format scored through the CLI and compared with an independent oracle.

Seeded random events (:mod:`tests.formatgen`: ties, 3-player tables, declared victories,
draws, byes, breakdown columns) are written as ``.xlsx``, scored by
``python -m xlsx_scorer score FOLDER --format NAME -o OUT`` (one run per format), and
their ``Standings`` and ``Round Points`` sheets read back and compared, rank by rank and
value by value, with :mod:`tests.format_oracle` (SPEC §6 as docs/rules.md "6. Formats"
states it).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests import format_oracle, formatgen
from tests.builders import run_cli, table_below
from tests.format_oracle import Game

EVENTS = 12
"""Events per format: enough for every kind of tie, cheap enough for one CLI run each."""

SHIPPED: dict[str, dict[str, Any]] = {
    "catan-es": {
        "game": "catan",
        "table_sizes": [3, 4],
        "points": {4: [5, 3, 2, 1], 3: [5, 3, 2]},
        "order": ["points", "vp", "vp_ratio"],
    },
    "catan-de": {
        "game": "catan",
        "table_sizes": [3, 4],
        "points": {4: [5, 3, 2, 1], 3: [5, 3, 1]},
        "order": ["points", "capped_vp", "shares", "place_counts"],
    },
    "catan-world": {
        "game": "catan",
        "table_sizes": [3, 4],
        "order": ["wins", "vp", "relative"],
    },
    "carcassonne-hig": {
        "game": "carcassonne",
        "table_sizes": [3, 4],
        "points": {4: [5, 3, 2, 1], 3: [5, 3, 1]},
        "order": ["points", "relative", "score"],
    },
    "carcassonne-swiss": {
        "game": "carcassonne",
        "table_sizes": [2],
        "order": ["wins", "buchholz_cut1", "score_diff"],
    },
}
"""SPEC §6's table of the five shipped formats, written out again (not read from the package)."""

HEADERS = {
    "wins": ["Wins"],
    "vp": ["VP"],
    "score": ["Score"],
    "vp_ratio": ["VP %"],
    "capped_vp": ["Capped VP"],
    "shares": ["Sum of Shares"],
    "relative": ["Sum of Relative Shares"],
    "place_counts": ["1st Places", "2nd Places", "3rd Places"],
    "buchholz_cut1": ["Buchholz"],
    "score_diff": ["Score Difference"],
}


def _headers(fmt: dict[str, Any], key: str) -> list[str]:
    if key == "points":
        return ["Round Points" if fmt["game"] == "catan" else "Tournament Points"]
    return HEADERS[key]


def _generator(fmt: dict[str, Any]) -> Callable[[random.Random, Path], list[Game]]:
    if fmt["game"] == "catan":
        return formatgen.catan_event
    return formatgen.swiss_event if fmt["table_sizes"] == [2] else formatgen.carcassonne_event


def _close(found: Any, expected: Fraction | int) -> bool:
    return isinstance(found, int | float) and abs(Fraction(found) - expected) < Fraction(1, 10**9)


def compare(fmt: dict[str, Any], games: list[Game], scored: Path) -> list[str]:
    """Every difference between the scored workbook and the oracle, in words."""
    seats, players = format_oracle.standings(fmt, games)
    problems: list[str] = []
    table = table_below(scored, "Standings", "Rank")
    byes = {(g.round, g.seats[0][0]) for g in games if g.bye}
    played = Counter(name for g in games if not g.bye for name, _ in g.seats)
    if [row["Player"] for row in table] != [p.name for p in players]:
        problems.append(f"order: {[row['Player'] for row in table]} != {[p.name for p in players]}")
    for rank, (row, player) in enumerate(zip(table, players, strict=False), start=1):
        if row["Rank"] != rank:
            problems.append(f"rank {rank}: {row['Rank']}")
        if row["Player"] != player.name:
            continue
        if row.get("Games") != played[player.name]:  # a bye is no game played
            problems.append(f"{player.name} Games: {row.get('Games')!r} != {played[player.name]}")
        for key in fmt["order"]:
            expected = player.keys[key]
            values = expected if key == "place_counts" else (expected,)
            for header, value in zip(_headers(fmt, key), values, strict=True):
                if not _close(row.get(header), value):
                    problems.append(f"{player.name} {header}: {row.get(header)!r} != {value}")
        if fmt["order"][0] != "buchholz_cut1":
            rounds = {g.round for g in games}
            for rnd in sorted(rounds):
                found = row.get(f"R{rnd}")
                if (rnd, player.name) in byes:  # a bye is said as one, not as what it counts
                    if found != "Bye":
                        problems.append(f"{player.name} R{rnd}: {found!r}, a bye")
                elif rnd not in player.per_round:  # did not play that round
                    if found not in (None, 0):
                        problems.append(f"{player.name} R{rnd}: {found!r}, did not play")
                elif not _close(found, player.per_round[rnd]):
                    problems.append(f"{player.name} R{rnd}: {found!r} != {player.per_round[rnd]}")
    per_game = {
        (row["Round"], str(row["Table"]), row["Player"]): row
        for row in table_below(scored, "Round Points", "Round")
    }
    if len(per_game) != len(seats):
        problems.append(f"Round Points has {len(per_game)} rows, expected {len(seats)}")
    value_header = "VP" if fmt["game"] == "catan" else "Score"
    points_header = _headers(fmt, "points")[0] if "points" in fmt else "Wins"
    for seat in seats:
        game_row = per_game.get((seat.round, seat.table, seat.player))
        if game_row is None:
            problems.append(f"no Round Points row for {seat}")
            continue
        row = game_row
        if seat.result is not None:
            if row.get("Result") != seat.result:
                problems.append(f"{seat}: Result {row.get('Result')!r}")
            if seat.result == "Bye":
                continue
        else:
            if row.get("Place") != seat.place:
                problems.append(f"{seat}: Place {row.get('Place')!r}")
            expected = seat.points if "points" in fmt else seat.wins
            if not _close(row.get(points_header), expected):
                problems.append(f"{seat}: {points_header} {row.get(points_header)!r}")
        if row.get(value_header) != seat.value:
            problems.append(f"{seat}: {value_header} {row.get(value_header)!r}")
    return problems


def _score_folder(
    tmp_path: Path, fmt: dict[str, Any], fmt_arg: str, seed: int, events: int = EVENTS
) -> dict[str, list[str]]:
    rng = random.Random(seed)
    source, out = tmp_path / "in", tmp_path / "out"
    source.mkdir()
    out.mkdir()
    generate = _generator(fmt)
    games = {
        f"event{n:02}.xlsx": generate(rng, source / f"event{n:02}.xlsx") for n in range(events)
    }
    done = run_cli("score", source, "--format", fmt_arg, "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr
    found = {name: compare(fmt, g, out / name) for name, g in games.items()}
    return {name: p for name, p in found.items() if p}


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_formats_match_the_oracle(tmp_path: Path, name: str) -> None:
    differences = _score_folder(tmp_path, SHIPPED[name], name, seed=sum(map(ord, name)))
    assert not differences, differences


CUSTOM: dict[str, dict[str, Any]] = {
    "club-night": {
        "game": "carcassonne",
        "table_sizes": [3, 4],
        "points": {4: [6, 4, 2, 0], 3: [6, 4, 2]},
        "order": ["points", "relative", "score"],
    },
    "catan-wins-places": {
        "game": "catan",
        "table_sizes": [3, 4],
        "order": ["wins", "place_counts", "capped_vp", "shares", "vp_ratio"],
    },
    "catan-buchholz": {
        "game": "catan",
        "table_sizes": [3, 4],
        "points": {4: [4, 3, 2, 1], 3: [4, 2, 0]},
        "order": ["points", "buchholz_cut1", "score_diff", "vp"],
    },
    "duel-points": {
        "game": "carcassonne",
        "table_sizes": [2],
        "points": {2: [3, 1]},
        "order": ["points", "score_diff", "buchholz_cut1", "score"],
    },
    "relative-first": {
        "game": "carcassonne",
        "table_sizes": [3, 4],
        "order": ["relative", "wins", "score"],
    },
    "catan-capped-first": {
        "game": "catan",
        "table_sizes": [3, 4],
        "order": ["capped_vp", "vp_ratio", "place_counts"],
    },
    "duel-difference": {
        "game": "carcassonne",
        "table_sizes": [2],
        "order": ["score_diff", "buchholz_cut1", "wins"],
    },
    "carcassonne-to-five": {
        "game": "carcassonne",
        "table_sizes": [3, 4, 5],
        "points": {5: [7, 5, 3, 2, 1], 4: [6, 4, 2, 1], 3: [5, 3, 1]},
        "order": ["points", "relative", "place_counts"],
    },
}
"""Organisers' own format files (SPEC §6's ``club-night`` and others using every key)."""


def _toml(name: str, fmt: dict[str, Any]) -> str:
    lines = [
        f'name = "{name}"',
        f'game = "{fmt["game"]}"',
        f"table_sizes = {fmt['table_sizes']}",
        "order = [" + ", ".join(f'"{k}"' for k in fmt["order"]) + "]",
    ]
    if "points" in fmt:
        pairs = ", ".join(f"{size} = {places}" for size, places in fmt["points"].items())
        lines.insert(3, f"points = {{ {pairs} }}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CUSTOM))
def test_an_organisers_format_file_scores_as_declared(tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(_toml(name, CUSTOM[name]), encoding="utf-8")
    differences = _score_folder(tmp_path, CUSTOM[name], str(path), seed=len(name), events=5)
    assert not differences, differences


def _game(seats: list[tuple[str, int]], rnd: int = 1, table: str = "1") -> Game:
    return Game(rnd, table, seats)


def test_the_oracle_reproduces_the_published_examples() -> None:
    """The oracle itself against the rule texts' own examples (issue 19's golden cases)."""
    hig = SHIPPED["carcassonne-hig"]
    # HiG: two players sharing first: (5 + 3) / 2 = 4 each
    seats = format_oracle.score_game(hig, _game([("A", 90), ("B", 90), ("C", 60), ("D", 40)]))
    assert [s.points for s in seats] == [4, 4, 2, 1]
    # HiG at three: 5/3/1, and the virtual 4th player: 60 of 60+30+30 (+40) is 37.5 %
    _, players = format_oracle.standings(hig, [_game([("A", 60), ("B", 30), ("C", 30)])])
    assert players[0].keys == {"points": 5, "relative": Fraction(3, 8), "score": 60}
    assert [p.keys["points"] for p in players] == [5, 2, 2]  # (3 + 1) / 2
    # German qualifier: 10/32 + 8/30 + 10/36, exactly (85.69 %; the rule text adds its
    # per-game shares rounded for print, 31.25 % + 26.67 % + 27.78 % = 85.70 %)
    de = SHIPPED["catan-de"]
    games = [
        _game([("A", 10), ("B", 9), ("C", 8), ("D", 5)], 1),
        _game([("A", 8), ("E", 10), ("F", 7), ("G", 5)], 2),
        _game([("A", 10), ("H", 12), ("I", 9), ("J", 5)], 3),
    ]
    _, players = format_oracle.standings(de, games)
    a = next(p for p in players if p.name == "A")
    assert a.keys["shares"] == Fraction(10, 32) + Fraction(8, 30) + Fraction(10, 36)
    assert a.keys["capped_vp"] == 28
    assert a.keys["place_counts"] == (1, 2, 0)
    # Swiss: Buchholz leaves the weakest opponent out; a draw is half a win each
    swiss = SHIPPED["carcassonne-swiss"]
    games = [
        _game([("A", 80), ("B", 60)], 1, "1"),
        _game([("C", 70), ("D", 70)], 1, "2"),
        Game(1, "Bye", [("E", 0)], bye=True),
        _game([("A", 75), ("C", 50)], 2, "1"),
        _game([("B", 66), ("E", 60)], 2, "2"),
        Game(2, "Bye", [("D", 0)], bye=True),
    ]
    _, players = format_oracle.standings(swiss, games)
    table = {p.name: p.keys for p in players}
    assert [table[p]["wins"] for p in "ABCDE"] == [2, 1, Fraction(1, 2), Fraction(3, 2), 1]
    assert table["A"]["buchholz_cut1"] == 1  # B's 1 win kept, C's ½ left out
    assert table["A"]["score_diff"] == 45
    assert table["D"]["score_diff"] == 0


@pytest.mark.libreoffice
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_saved_events_of_every_format_match_the_oracle(tmp_path: Path) -> None:
    """The normal case: the organiser's file was last saved by LibreOffice Calc."""
    rng = random.Random(11)
    source, saved, out = tmp_path / "in", tmp_path / "saved", tmp_path / "out"
    for folder in (source, saved, out):
        folder.mkdir()
    games = {
        f"{name}-{n}.xlsx": (name, _generator(fmt)(rng, source / f"{name}-{n}.xlsx"))
        for name, fmt in SHIPPED.items()
        for n in range(2)
    }
    done = subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--convert-to",
            "xlsx:Calc MS Excel 2007 XML",
            "--outdir",
            str(saved),
            *sorted(map(str, source.iterdir())),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert len(list(saved.glob("*.xlsx"))) == len(games), done.stdout + done.stderr
    for name in SHIPPED:  # one run per format, on a folder of its events
        (saved / name).mkdir()
        (out / name).mkdir()
        for file in saved.glob(f"{name}-*.xlsx"):
            file.rename(saved / name / file.name)
        scored = run_cli("score", saved / name, "--format", name, "-o", out / name)
        assert scored.returncode == 0, scored.stdout + scored.stderr
    differences = {
        file: compare(SHIPPED[name], played, out / name / file)
        for file, (name, played) in games.items()
    }
    assert not any(differences.values()), differences

"""Issue 27: seating a final stage with ``seat --round N`` after the event's ``Rounds``
(SPEC §10, docs/rules.md §10, "Seating a stage").

Events whose preliminary rounds are typed in, then each stage seated through the command
line, its results typed into the seated rows as a judge would, and the next stage seated:
the seats follow the format's pattern over the preliminary standings (the better rank
first), the slips are titled with the stage, a cut inside a tie is said, a stage is
refused while the one before has games to play, and nothing is seated past the last.
"""

from __future__ import annotations

import base64
import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from starlette.testclient import TestClient

from tests.builders import with_vp, write
from xlsx_scorer.app import api, nextround
from xlsx_scorer.cli import main
from xlsx_scorer.web.server import XLSX, create_app

NAMES = [f"P{number:03d}" for number in range(1, 200)]
SEMIS = [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]


def cli(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    said = capsys.readouterr()
    return code, said.out, said.err


def catan_event(path: Path, players: int, rounds: int, fmt: str, seed: int = 1) -> Path:
    """``players`` over ``rounds`` typed Catan rounds (tables of 4, then 3), declared in the
    Event sheet with the format ``fmt``."""
    rng, names, rows = random.Random(seed), NAMES[:players], []
    for round_no in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        fours = players - 3 * (-players % 4)
        sizes = [4] * (fours // 4) + [3] * ((players - fours) // 3)
        start = 0
        for table, size in enumerate(sizes, start=1):
            vps = rng.sample(range(2, 10), size)
            vps[0] = 10
            rows += [
                with_vp(round_no, table, name, vp)
                for name, vp in zip(order[start : start + size], vps, strict=True)
            ]
            start += size
    event = [["Rounds", rounds], ["Format", fmt]]
    return write(path, rows, roster=names, extra_sheets={"Event": event})


def carcassonne_event(path: Path, players: int, rounds: int, seed: int = 1) -> Path:
    rng, names, rows = random.Random(seed), NAMES[:players], []
    for round_no in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        for table in range(players // 2):
            for name in order[2 * table : 2 * table + 2]:
                rows.append((round_no, table + 1, name, rng.randint(40, 140)))
    event = [["Rounds", rounds], ["Format", "carcassonne-swiss"]]
    return write(
        path,
        rows,
        headers=("Round", "Table", "Player", "Score"),
        roster=names,
        extra_sheets={"Event": event},
    )


def preliminary(path: Path) -> list[str]:
    """The standings the tool ranks (before any stage has results: the preliminary ones)."""
    ranked = api.run(path.read_bytes(), scoring=False, rank=True)
    assert ranked.ranking is not None
    return [str(name) for name in ranked.ranking.ranked.table["player"]]


def seated(path: Path, round_no: int) -> list[list[str]]:
    """The rows of ``Results`` for ``round_no``: tables in order, players in seat order."""
    sheet = openpyxl.load_workbook(path)["Results"]
    tables: dict[Any, list[str]] = {}
    for line in sheet.iter_rows(min_row=2, values_only=True):
        if line[0] == round_no:
            tables.setdefault(line[1], []).append(str(line[2]))
    return [tables[key] for key in sorted(tables)]


def expected(pattern: list[list[int]], seeds: list[str], order: list[str]) -> list[list[str]]:
    return [sorted((seeds[s - 1] for s in table), key=order.index) for table in pattern]


def type_results(path: Path, round_no: int, value: dict[str, int], *, catan: bool) -> None:
    """Type each seated player's result of ``round_no`` (Catan VP or Carcassonne score)."""
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    for line in sheet.iter_rows(min_row=2):
        if line[0].value == round_no:
            name = str(line[2].value)
            if catan:
                filled = with_vp(round_no, line[1].value, name, value[name])
                for cell, typed in zip(line, filled, strict=False):
                    cell.value = typed
            else:
                line[3].value = value[name]
    book.save(path)


def slip_title(path: Path, round_no: int) -> str:
    book = openpyxl.load_workbook(path)  # Seating R3, Mesas R3 …: the slips of the round
    sheet = next(sheet for sheet in book.worksheets if sheet.title.endswith(f" R{round_no}"))
    cells = sheet.iter_rows(max_row=3, values_only=True)
    return " ".join(str(value) for line in cells for value in line if value)


@pytest.mark.parametrize(("fmt", "players"), [("catan-es", 20), ("catan-world", 30)])
def test_semi_finals_then_the_winners_final(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, players: int
) -> None:
    path = catan_event(tmp_path / "event.xlsx", players, 2, fmt)
    order = preliminary(path)
    code, out, err = cli(capsys, "seat", path, "--round", 3)
    assert code == 0, out + err
    semis = seated(path, 3)
    assert semis == expected(SEMIS, order[:16], order)
    assert "Semi-final" in slip_title(path, 3)
    assert "Round 3 is the Semi-final" in out
    before = path.read_bytes()
    code, out, err = cli(capsys, "seat", path, "--round", 4)  # the semi-finals are to play
    assert code == 2
    assert "round 3" in err
    assert path.read_bytes() == before
    # the last seed of each table wins its semi-final
    vps = {table[-1]: 10 for table in semis} | {
        name: 9 - seat for table in semis for seat, name in enumerate(table[:-1])
    }
    type_results(path, 3, vps, catan=True)
    code, out, err = cli(capsys, "seat", path, "--round", 4)
    assert code == 0, out + err
    winners = sorted((table[-1] for table in semis), key=order.index)
    assert seated(path, 4) == [winners]
    assert "Final" in slip_title(path, 4)
    type_results(path, 4, dict(zip(winners, [10, 8, 6, 4], strict=True)), catan=True)
    before = path.read_bytes()
    code, out, err = cli(capsys, "seat", path, "--round", 5)  # nothing after the final
    assert code == 2
    assert "round 4" in err
    assert path.read_bytes() == before


def test_catan_world_at_12_players_seats_the_top_4_final(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = catan_event(tmp_path / "event.xlsx", 12, 2, "catan-world")
    order = preliminary(path)
    code, out, err = cli(capsys, "seat", path, "--round", 3, "--lang", "es")
    assert code == 0, out + err
    assert seated(path, 3) == [order[:4]]
    assert "Final" in slip_title(path, 3)


def test_a_stage_not_played_is_refused_and_no_stage_seats_one_more_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = catan_event(tmp_path / "event.xlsx", 12, 1, "catan-es")  # top 16 of 12
    before = path.read_bytes()
    code, out, err = cli(capsys, "seat", path, "--round", 2)
    assert code == 2
    assert "top 16" in err
    assert "12 players" in err
    assert path.read_bytes() == before
    other = catan_event(tmp_path / "de.xlsx", 12, 1, "catan-de")  # no stage: a round more
    code, out, err = cli(capsys, "seat", other, "--round", 2)
    assert code == 0, out + err
    assert "plays no final stage" in out
    assert len(seated(other, 2)) == 3


def test_a_cut_inside_a_tie_is_decided_by_the_standings_and_said(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # five identical tables: the fourth places (ranks 16-20) are equal on every key
    rows = [
        with_vp(1, table + 1, NAMES[4 * table + seat], vp)
        for table in range(5)
        for seat, vp in enumerate([10, 7, 5, 3])
    ]
    path = write(
        tmp_path / "tie.xlsx", rows, roster=NAMES[:20], extra_sheets={"Event": [["Rounds", 1]]}
    )
    order = preliminary(path)
    fourth = sorted(NAMES[3:20:4])
    assert order[15:] == fourth  # by name, the standings' own order
    code, out, err = cli(capsys, "seat", path, "--round", 2)
    assert code == 0, out + err
    assert f"{fourth[0]} (in) and {', '.join(fourth[1:])} (out)" in out
    players = {name for table in seated(path, 2) for name in table}
    assert players == set(order[:16])
    assert fourth[0] in players
    assert not players & set(fourth[1:])


def test_a_withdrawn_player_is_left_out_of_the_cut(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = catan_event(tmp_path / "event.xlsx", 12, 2, "catan-world")
    order = preliminary(path)
    book = openpyxl.load_workbook(path)
    players = book["Players"]
    players.cell(1, 2, "Dropped After Round")
    players.cell(2 + NAMES.index(order[0]), 2, 2)
    book.save(path)
    code, out, err = cli(capsys, "seat", path, "--round", 3)
    assert code == 0, out + err
    assert seated(path, 3) == [order[1:5]]


def test_carcassonne_knockout_by_bracket_with_a_match_for_third(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = carcassonne_event(tmp_path / "event.xlsx", 12, 3)
    order = preliminary(path)
    code, out, err = cli(capsys, "seat", path, "--round", 4, "--lang", "ca")
    assert code == 0, out + err
    quarters = seated(path, 4)
    assert quarters == expected([[1, 8], [2, 7], [3, 6], [4, 5]], order[:8], order)
    assert "Quarts de final" in slip_title(path, 4)
    # tables 1 and 3: the lower seed wins; table 2 a draw (the better seed goes on); 4: upset
    scores = {}
    for number, (high, low) in enumerate(quarters, start=1):
        scores |= {high: 80, low: 80 if number == 2 else 90 if number != 4 else 70}
    scores[quarters[3][1]], scores[quarters[3][0]] = 95, 60
    type_results(path, 4, scores, catan=False)
    went_on = [quarters[0][1], quarters[1][0], quarters[2][1], quarters[3][1]]
    code, out, err = cli(capsys, "seat", path, "--round", 5)
    assert code == 0, out + err
    semis = seated(path, 5)  # bracket: winners of quarter-finals 1 and 4, 2 and 3
    assert semis == expected([[1, 4], [2, 3]], went_on, order)
    type_results(path, 5, {semis[0][0]: 50, semis[0][1]: 40, semis[1][0]: 10, semis[1][1]: 30},
                 catan=False)  # fmt: skip
    code, out, err = cli(capsys, "seat", path, "--round", 6)
    assert code == 0, out + err
    final = [semis[0][0], semis[1][1]]
    third = [semis[0][1], semis[1][0]]
    assert seated(path, 6) == [sorted(final, key=order.index), sorted(third, key=order.index)]


def test_the_page_offers_each_stage_and_nothing_after_the_last(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def offered() -> int | None:
        book = api.run(path.read_bytes(), scoring=False).book
        assert book is not None
        return nextround.next_round(book).round

    path = catan_event(tmp_path / "event.xlsx", 12, 2, "catan-world")  # 2 rounds, a final
    assert offered() == 3
    assert cli(capsys, "seat", path, "--round", 3)[0] == 0
    assert offered() is None  # the final is to play
    type_results(path, 3, dict(zip(seated(path, 3)[0], [10, 8, 6, 4], strict=True)), catan=True)
    assert offered() is None  # after the final: nothing more


def test_the_pages_seat_button_seats_the_stage(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "event.xlsx", 12, 2, "catan-world")
    order = preliminary(path)
    with TestClient(create_app(warm_up=False), base_url="http://127.0.0.1") as client:
        response = client.post(
            "/api/seat",
            files={"file": ("event.xlsx", path.read_bytes(), XLSX)},
            data={"round": "3", "lang": "es"},
        )
    assert response.status_code == 200, response.text
    body = response.json()
    (tmp_path / "seated.xlsx").write_bytes(base64.b64decode(body["workbook"]))
    assert seated(tmp_path / "seated.xlsx", 3) == [order[:4]]
    assert "Final" in slip_title(tmp_path / "seated.xlsx", 3)


def test_an_own_formats_stage_is_seated_under_its_own_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    club = tmp_path / "club.toml"
    club.write_text(
        'name = "club"\ngame = "catan"\ntable_sizes = [3, 4]\norder = ["wins", "vp"]\n'
        '[[stages]]\nname = "Gran final"\ncut = 6\ntables = [[1, 4, 5], [2, 3, 6]]\n',
        encoding="utf-8",
    )
    path = catan_event(tmp_path / "event.xlsx", 12, 1, "catan-es")
    book = openpyxl.load_workbook(path)
    book["Event"].delete_rows(2)  # no format recorded: the file's is used and recorded
    book.save(path)
    assert cli(capsys, "score", path, "--format", club)[0] == 0
    order = preliminary(path)
    code, out, err = cli(capsys, "seat", path, "--round", 2)
    assert code == 0, out + err
    assert seated(path, 2) == expected([[1, 4, 5], [2, 3, 6]], order[:6], order)
    assert "Gran final" in slip_title(path, 2)

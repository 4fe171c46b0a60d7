"""Issue 27, scoring the stages and the Final Ranking (SPEC §10), through ``score`` (CLI).

Each event: one preliminary round typed, ``score``, then the stage games typed from the
Standings ``score`` wrote (seeds by the format's published pattern), ``score`` again.  The
expected Final Ranking is written out by hand from SPEC §10 for the games chosen here:
the last stage's places table by table, then those out in each earlier stage by place
(a place shared in one game keeps one rank) and preliminary rank, then the rest.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import openpyxl

from tests.issue27_rank_events import (
    append_rows,
    by_rank,
    carcassonne_event,
    catan_event,
    catan_game,
    fill,
    fill_scores,
    preliminary,
    score,
    seated,
    sheets,
    table,
)
from xlsx_scorer.app import api
from xlsx_scorer.cli import main

SEMIS = ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))
#: Semi-final VP by seed: a clear winner, a shared 2nd, a shared 1st (the better
#: preliminary rank goes on), a shared 3rd.
SEMI_VP = (
    {1: 6, 8: 5, 9: 9, 16: 3},
    {2: 8, 7: 6, 10: 6, 15: 2},
    {3: 7, 6: 7, 11: 4, 14: 3},
    {4: 5, 5: 9, 12: 4, 13: 4},
)
#: The final by seed: seed 3 wins, seeds 2 and 5 share 2nd.
FINAL_VP = {2: 7, 3: 9, 5: 7, 9: 4}
#: (rank, seed, stage, place) after the final: SPEC §10 by hand for the games above.
EXPECTED_SEMIS = [
    (1, 3, "Final", 1),
    (2, 2, "Final", 2),
    (2, 5, "Final", 2),
    (4, 9, "Final", 4),
    (5, 6, "Semi-final", 1),  # out from a shared 1st: above every 2nd
    (6, 1, "Semi-final", 2),
    (7, 4, "Semi-final", 2),
    (8, 7, "Semi-final", 2),  # 7 and 10 shared 2nd in one game: one rank
    (8, 10, "Semi-final", 2),
    (10, 8, "Semi-final", 3),
    (11, 11, "Semi-final", 3),
    (12, 12, "Semi-final", 3),
    (12, 13, "Semi-final", 3),
    (14, 14, "Semi-final", 4),
    (15, 15, "Semi-final", 4),
    (16, 16, "Semi-final", 4),
]


def ranking(path: Path) -> list[tuple[object, str, str, object]]:
    """The Final Ranking sheet's (rank, player, stage, place) rows."""
    return [
        (line["Rank"], line["Player"], line["Stage"], line["Place"])
        for line in table(path, "Final Ranking")
    ]


def play_semis_and_final(path: Path, fmt: str) -> list[str]:
    """The preliminary order, after semi-finals (round 2) and the final (round 3) were typed
    and scored."""
    assert score(path, fmt) == 0
    pre = preliminary(path)
    rows = []
    for number, seeds in enumerate(SEMIS, start=1):
        seated = by_rank([pre[seed - 1] for seed in seeds], pre)
        vps = [SEMI_VP[number - 1][pre.index(player) + 1] for player in seated]
        rows += catan_game(2, number, seated, vps)
    append_rows(path, rows)
    assert score(path, fmt) == 0
    finalists = [pre[seed - 1] for seed in FINAL_VP]
    append_rows(path, catan_game(3, 1, finalists, [None] * 4))  # seated, to play
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert score(path, fmt) == 0
    # the standings are the preliminary round's, whatever stage is complete
    assert "Standings after round 1; round 3: 0 of 1 table in" in said.getvalue()
    fill(path, 3, {pre[seed - 1]: vp for seed, vp in FINAL_VP.items()})
    assert score(path, fmt) == 0
    return pre


def expected(pre: list[str], lines: list[tuple[int, int, str, int]], rest: int = 0) -> list:
    """``lines`` by seed as (rank, player, stage, place); then ``rest`` more by preliminary
    rank, from the 17th."""
    shown = [(rank, pre[seed - 1], stage, place) for rank, seed, stage, place in lines]
    start = len(lines)
    shown += [
        (number, pre[number - 1], "Preliminary rounds", number)
        for number in range(start + 1, start + rest + 1)
    ]
    return shown


def test_catan_es_16_semis_then_final(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "es.xlsx", 16)
    assert score(path, "catan-es") == 0
    standings_before = [line["Player"] for line in table(path, "Standings")]
    assert "Final Ranking" not in sheets(path)  # no stage played yet: no final ranking
    pre = play_semis_and_final(path, "catan-es")
    assert ranking(path) == expected(pre, EXPECTED_SEMIS)
    # the stage games changed neither the Standings nor the Round Points
    assert pre == standings_before
    assert "from 4 games (16 players)" in " ".join(map(str, notes(path, "Standings")))
    rounds = {line["Round"] for line in table_of_round_points(path)}
    assert rounds == {1}


def notes(path: Path, sheet: str) -> list[object]:
    """Column A of ``sheet``'s first rows (its title and notes)."""
    book = openpyxl.load_workbook(path, data_only=True)
    return [row[0] for row in book[sheet].iter_rows(max_row=6, values_only=True)]


def table_of_round_points(path: Path) -> list[dict[str, object]]:
    """The Round Points sheet's rows (header ``Round``)."""
    book = openpyxl.load_workbook(path, data_only=True)
    rows = list(book["Round Points"].iter_rows(values_only=True))
    start = next(i for i, values in enumerate(rows) if values and values[0] == "Round")
    header = list(rows[start])
    return [dict(zip(header, values, strict=False)) for values in rows[start + 1 :] if values[0]]


def test_catan_world_40_plays_semis_then_final(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "world40.xlsx", 40)
    pre = play_semis_and_final(path, "catan-world")
    assert ranking(path) == expected(pre, EXPECTED_SEMIS, rest=24)


def test_catan_world_20_plays_a_final_of_the_top_4(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "world20.xlsx", 20)
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    # seeds 1-4 at one table; seeds 2 and 4 share the title's VP: the better rank wins it
    append_rows(path, catan_game(2, 1, pre[:4], [6, 8, 5, 8]))
    assert score(path, "catan-world") == 0
    lines = [
        (1, 2, "Final", 1),
        (2, 4, "Final", 1),
        (3, 1, "Final", 3),
        (4, 3, "Final", 4),
    ]
    assert ranking(path) == expected(pre, lines, rest=16)
    why = [line["Why"] for line in table(path, "Final Ranking")]
    assert why[1] == (
        "Final: place 1 at table 1, shared; the better preliminary rank goes first (theirs: 4)."
    )


def test_while_the_final_is_in_play_the_finalists_wait_unranked(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "inplay.xlsx", 20)
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    append_rows(path, catan_game(2, 1, pre[:4], [None] * 4))
    assert score(path, "catan-world") == 0
    lines = table(path, "Final Ranking")
    assert [(line["Rank"], line["Player"], line["Place"]) for line in lines[:5]] == [
        (None, pre[0], None),
        (None, pre[1], None),
        (None, pre[2], None),
        (None, pre[3], None),
        (5, pre[4], 5),
    ]
    assert lines[0]["Why"] == "Final: playing (seed 1); ranked when every table is in."


def KNOCKOUT(s: dict[int, str]) -> list[tuple[int, str, str, int]]:  # noqa: N802
    """The Final Ranking of the knockout below, by seed ``s``."""
    return [
        (1, s[5], "Final", 1),
        (2, s[3], "Final", 2),
        (3, s[2], "Final", 1),  # a drawn match for third place: the better seed
        (4, s[8], "Final", 1),
        (5, s[7], "Quarter-final", 1),  # lost a draw: a shared 1st, above the beaten
        (6, s[1], "Quarter-final", 2),
        (7, s[4], "Quarter-final", 2),
        (8, s[6], "Quarter-final", 2),
    ]


def test_carcassonne_swiss_knockout_with_draws(tmp_path: Path) -> None:
    path = carcassonne_event(tmp_path / "swiss.xlsx", 8)
    assert score(path, "carcassonne-swiss") == 0
    pre = preliminary(path)
    s = {seed: pre[seed - 1] for seed in range(1, 9)}
    # quarter-finals 1-8, 2-7 (a draw: 2 goes on), 3-6, 4-5
    quarters = [(s[1], 80, s[8], 90), (s[2], 70, s[7], 70), (s[3], 99, s[6], 50)]
    quarters.append((s[4], 60, s[5], 75))
    append_rows(
        path,
        [
            row
            for table_no, (a, x, b, y) in enumerate(quarters, start=1)
            for row in ((2, table_no, a, x), (2, table_no, b, y))
        ],
    )
    assert score(path, "carcassonne-swiss") == 0
    # semi-finals by bracket: seed 1 = the winner of quarter-final 1 (8) v 4's winner (5)
    append_rows(path, [(3, 1, s[5], 88), (3, 1, s[8], 77), (3, 2, s[2], 66), (3, 2, s[3], 99)])
    assert score(path, "carcassonne-swiss") == 0
    # the final (5 v 3) and the match for third place (8 v 2, a draw: the better rank, 2)
    append_rows(path, [(4, 1, s[3], 50), (4, 1, s[5], 60), (4, 2, s[2], 70), (4, 2, s[8], 70)])
    assert score(path, "carcassonne-swiss") == 0
    assert ranking(path) == KNOCKOUT(s)


def test_an_invalid_stage_game_withholds_the_final_ranking(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "invalid.xlsx", 16)
    assert score(path, "catan-es") == 0
    pre = preliminary(path)
    rows = []
    for number, seeds in enumerate(SEMIS, start=1):
        seated = by_rank([pre[seed - 1] for seed in seeds], pre)
        rows += catan_game(2, number, seated, [7, 5, 3, 2])
    append_rows(path, rows)
    assert score(path, "catan-es") == 0
    assert "Final Ranking" in sheets(path)
    book = openpyxl.load_workbook(path)
    results = book["Results"]
    results.cell(results.max_row, 4, 9)  # 9 settlements in a semi-final
    book.save(path)
    assert score(path, "catan-es") == 1
    book = openpyxl.load_workbook(path, data_only=True)
    shown = [value for row in book["Final Ranking"].iter_rows(values_only=True) for value in row]
    assert "Rank" not in shown  # a notice pointing at Errors, no ranking
    assert any(isinstance(value, str) and "Errors" in value for value in shown)


def test_the_json_and_the_terminal_carry_the_final_ranking(tmp_path: Path) -> None:
    path = catan_event(tmp_path / "json.xlsx", 20)
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    append_rows(path, catan_game(2, 1, pre[:4], [9, 7, 5, 3]))
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert score(path, "catan-world") == 0
    out = said.getvalue()
    assert "Final Ranking, top 10:" in out
    assert f"1  {pre[0]}" in out.split("Final Ranking, top 10:")[1]
    result = api.score_file(path)
    final = json.loads(json.dumps(result.to_json()))["final_ranking"]
    assert [line["player"] for line in final] == pre
    assert final[0] == {
        "rank": 1,
        "player": pre[0],
        "stage": "final",
        "place": 1,
        "why": "place",
        "message": "Final: place 1 at table 1.",
    }
    assert final[4]["stage"] is None
    assert final[4]["why"] == "preliminary"


def test_a_knockout_seated_by_seat_ranks_as_typed_by_hand(tmp_path: Path) -> None:
    """The same knockout as above, each stage seated by ``seat --round N``: the seats are
    the pattern's and the Final Ranking the same."""
    path = carcassonne_event(tmp_path / "seated.xlsx", 8, roster=True)
    assert score(path, "carcassonne-swiss") == 0
    pre = preliminary(path)
    s = {seed: pre[seed - 1] for seed in range(1, 9)}
    rounds = {
        2: {s[1]: 80, s[8]: 90, s[2]: 70, s[7]: 70, s[3]: 99, s[6]: 50, s[4]: 60, s[5]: 75},
        3: {s[5]: 88, s[8]: 77, s[2]: 66, s[3]: 99},
        4: {s[3]: 50, s[5]: 60, s[2]: 70, s[8]: 70},
    }
    tables = {
        2: [(1, s[1]), (1, s[8]), (2, s[2]), (2, s[7]), (3, s[3]), (3, s[6]), (4, s[4]), (4, s[5])],
        3: [(1, s[5]), (1, s[8]), (2, s[2]), (2, s[3])],
        4: [(1, s[3]), (1, s[5]), (2, s[2]), (2, s[8])],
    }
    for round_, scores in rounds.items():
        assert main(["seat", str(path), "--round", str(round_)]) == 0
        assert seated(path, round_) == tables[round_]
        fill_scores(path, round_, scores)
        assert score(path, "carcassonne-swiss") == 0
    assert ranking(path) == KNOCKOUT(s)


def test_the_workbook_opens_on_the_final_ranking_once_a_stage_is_played(tmp_path: Path) -> None:
    """Before any stage the workbook opens on Standings; once the Final Ranking exists it
    opens there, alone selected (docs/rules.md, Writing the output)."""
    path = catan_event(tmp_path / "es.xlsx", 16)
    assert score(path, "catan-es") == 0
    assert openpyxl.load_workbook(path).active.title == "Standings"
    play_semis_and_final(path, "catan-es")
    book = openpyxl.load_workbook(path)
    assert book.active.title == "Final Ranking"
    assert [ws.title for ws in book.worksheets if ws.sheet_view.tabSelected] == ["Final Ranking"]

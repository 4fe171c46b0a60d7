"""A round in play, second pass (issue 24, review of SPEC §8).

The standings count the complete rounds *before the first round in play* (a later complete
round waits too) and say so; the terminal and JSON count the same games as the Standings (a
bye is no game); with no standings published the notice says only the round's state; a round
past the declared rounds and a name twice on the roster are said when seating.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.test_issue24_inplay import (
    event,
    fill_catan,
    fill_scores,
    round_two_in_play,
    seated_tables,
    sheet_text,
)
from xlsx_scorer.cli import main
from xlsx_scorer.findings import Finding, Where, render
from xlsx_scorer.i18n import LANGUAGES


def run(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str, str]:
    """The CLI in this process: exit code, stdout, stderr."""
    code = main([str(arg) for arg in args])
    said = capsys.readouterr()
    return code, said.out, said.err


def test_a_complete_round_after_one_in_play_waits_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8, rounds=3)
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_catan(path, 1, [1])
    assert main(["seat", str(path), "--round", "2", "--force"]) == 0
    fill_catan(path, 2)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "Standings after round 2" not in out
    assert "Round 1: 1 of 2 tables in, 1 to play: table 2." in out
    assert "R2" not in sheet_text(path, "Standings").split()
    code, out, _ = run(capsys, "check", path, "--json")
    assert json.loads(out)["rounds"]["counted"] == []


def test_the_standings_are_after_the_last_round_before_the_first_in_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8, rounds=3)
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_catan(path, 1)
    assert main(["seat", str(path), "--round", "2"]) == 0
    fill_catan(path, 2, [1])
    assert main(["seat", str(path), "--round", "3", "--force"]) == 0
    fill_catan(path, 3)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "Standings after round 1; round 2: 1 of 2 tables in, 1 to play: table 2." in out
    assert "2 games scored" in out
    standings = sheet_text(path, "Standings")
    assert "from 2 games" in standings
    assert "R3" not in standings.split()
    code, out, _ = run(capsys, "check", path, "--json")
    document = json.loads(out)
    assert document["rounds"]["counted"] == [1]
    assert document["games"] == 2


def test_the_terminal_counts_the_games_the_standings_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)  # round 1: 7 games; round 2: 4 of 7 in
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "7 games scored" in out
    assert "from 7 games" in sheet_text(path, "Standings")


def test_a_bye_is_no_game_in_the_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 5, fmt="carcassonne-swiss")
    assert main(["seat", str(path), "--round", "1"]) == 0
    fill_scores(path, 1)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 0, out
    assert "2 games scored" in out
    assert "from 2 games" in sheet_text(path, "Standings")


def test_no_standings_published_no_standings_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = round_two_in_play(tmp_path)
    row = seated_tables(path, 2)[5][0]
    book = openpyxl.load_workbook(path)
    book["Results"].cell(row, 4, 3)  # one Settlements cell of table 5: an error
    book.save(path)
    capsys.readouterr()
    code, out, _ = run(capsys, "score", path)
    assert code == 1, out
    assert "Standings after" not in out
    assert "Round 2: 5 of 7 tables in, 2 to play: tables 6, 7." in out
    errors = sheet_text(path, "Errors")
    assert "Standings after" not in errors
    assert "Round 2: 5 of 7 tables in" in errors


def test_a_round_past_the_declared_rounds_is_seated_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8, rounds=2, fmt="catan-de")  # a format that plays no final stage
    for round_no in (1, 2):
        assert main(["seat", str(path), "--round", str(round_no)]) == 0
        fill_catan(path, round_no)
    capsys.readouterr()
    code, out, err = run(capsys, "seat", path, "--round", "3")
    assert code == 0, out + err
    assert "Round 3 is past the 2 rounds the Event sheet declares" in out + err


def test_a_round_past_the_rounds_asked_for_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8, rounds=4, fmt="catan-de")  # a format that plays no final stage
    assert main(["seat", str(path), "--round", "1", "--rounds", "1"]) == 0
    fill_catan(path, 1)
    capsys.readouterr()
    code, out, err = run(capsys, "seat", path, "--round", "2", "--rounds", "1")
    assert code == 0, out + err
    assert "Round 2 is past the 1 round" in out + err


def test_a_name_twice_on_the_roster_is_said_naming_both_cells(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, 8)
    book = openpyxl.load_workbook(path)
    book["Players"].cell(9, 1, "Player 03")  # A9 repeats A4
    book.save(path)
    capsys.readouterr()
    code, out, err = run(capsys, "seat", path, "--round", "1")
    said = out + err
    assert code in {0, 2}, said
    assert "Player 03" in said
    assert "A4" in said
    assert "A9" in said


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_new_words_in_every_language(lang: str) -> None:
    params = {"after": 3, "tables_in": 6, "tables": 10, "to_play": 4, "labels": "3, 7, 9, 10"}
    where = Where(sheet="Results", round=4)
    shown = render(Finding("round_in_play", {**params, "published": "yes"}, "notice", where), lang)
    withheld = render(
        Finding("round_in_play", {**params, "published": "no"}, "notice", where), lang
    )
    assert "3" in shown.split(";")[0]  # standings after round 3
    assert ";" not in withheld
    assert "3, 7, 9, 10" in withheld
    past = {"round": 3, "rounds": 2, "format": "catan-de"}
    for asked in ("yes", "no"):
        said = render(Finding("seat_past_rounds", {**past, "asked": asked}, "notice", where), lang)
        assert "{" not in said
        assert all(number in said for number in ("2", "3"))
    twice = {"player": "Ana", "sheet": "Players", "first": "A4", "second": "A9"}
    said = render(Finding("seat_roster_twice", twice, "notice", where), lang)
    assert all(part in said for part in ("Ana", "Players", "A4", "A9"))
    if lang != "en":
        assert said != render(Finding("seat_roster_twice", twice, "notice", where), "en")

"""Issue 24, "What the workbook remembers" (SPEC §8): the event's Rounds, the roster's
optional columns and an organiser's own format live in the workbook, so every command
reads what the others wrote.  Through the command line (``cli.main``) and the API on bytes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, text


def cli(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str, str]:
    """``xlsx-scorer ARGS`` in this process: the exit code, its output and its errors."""
    code = main([str(arg) for arg in args])
    said = capsys.readouterr()
    return code, said.out, said.err


def event(
    capsys: pytest.CaptureFixture[str],
    folder: Path,
    players: int,
    rounds: int,
    *more: str,
    lang: str = "en",
) -> Path:
    """A template for ``players`` over ``rounds`` rounds, its roster filled in."""
    path = folder / "event.xlsx"
    done = cli(
        capsys, "template", path, "--players", players, "--rounds", rounds, "--lang", lang, *more
    )
    assert done[0] == 0, done
    book = openpyxl.load_workbook(path)
    roster = book[LANGUAGES[lang].SHEETS["players"]]
    for row in range(2, players + 2):
        roster.cell(row, 1, f"Player {row - 1:02d}")
    book.save(path)
    return path


def event_lines(path: Path, lang: str = "en") -> dict[str, Any]:
    """The Event sheet's label → value."""
    book = openpyxl.load_workbook(path)
    sheet = book[LANGUAGES[lang].SHEETS["event"]]
    return {row[0]: row[1] for row in sheet.iter_rows(values_only=True) if row[0] is not None}


def repeated_pairs(path: Path) -> int:
    """Pairs of players who met more than once in ``Results``."""
    book = openpyxl.load_workbook(path, read_only=True)
    games: dict[tuple[Any, Any], list[str]] = {}
    for round_no, table, player, *_ in book["Results"].iter_rows(min_row=2, values_only=True):
        if player:
            games.setdefault((round_no, table), []).append(player)
    book.close()
    met = Counter(
        pair for names in games.values() for pair in itertools.combinations(sorted(names), 2)
    )
    return sum(1 for times in met.values() if times > 1)


# ---------------------------------------------------------------------------
# 4. The template writes Rounds; seat plans the event's rounds from it


@pytest.mark.parametrize("lang", ["en", "es", "tr", "ca"])
def test_the_template_writes_rounds_on_the_event_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    path = event(capsys, tmp_path, 8, 4, lang=lang)
    assert event_lines(path, lang)[text(lang, "event.rounds")] == 4


def test_18_players_over_4_template_rounds_meet_no_one_twice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = event(capsys, tmp_path, 18, 4)
    for round_no in range(1, 5):
        code, out, err = cli(capsys, "seat", path, "--round", round_no, "--force")
        assert code == 0, err
        assert "no seating without it was found" not in out
    assert repeated_pairs(path) == 0


def test_without_rounds_seat_says_it_plans_round_by_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = event(capsys, tmp_path, 18, 4)
    book = openpyxl.load_workbook(path)
    for row in book["Event"].iter_rows():
        if row[0].value == "Rounds":
            row[0].value = row[1].value = None
    book.save(path)
    said = []
    for round_no in range(1, 5):
        code, out, err = cli(capsys, "seat", path, "--round", round_no, "--force")
        assert code == 0, err
        said.append(out)
    assert all("round by round" in out for out in said)
    assert all("Rounds" in out and "--rounds" in out for out in said)
    assert not any("no seating without it was found" in out for out in said)


# ---------------------------------------------------------------------------
# 5. The roster's optional columns: in every template; a close header pointed out


@pytest.mark.parametrize("lang", ["en", "es", "tr", "ca"])
def test_every_template_carries_the_rosters_optional_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    path = event(capsys, tmp_path, 8, 4, lang=lang)
    sheet = openpyxl.load_workbook(path)[LANGUAGES[lang].SHEETS["players"]]
    keys = ("dropped_after", "fixed_table", "club")
    assert [sheet.cell(1, column).value for column in (2, 3, 4)] == [
        text(lang, f"roster.{key}") for key in keys
    ]
    rules = {str(rule.sqref): rule for rule in sheet.data_validations.dataValidation}
    for letter, key in zip("BCD", keys, strict=True):
        note = rules[f"{letter}1"]
        assert note.prompt == text(lang, f"template.help.{key}")
        rule = rules[f"{letter}2:{letter}9"]
        assert rule.type in {"whole", "textLength"}
        assert rule.showErrorMessage
        assert rule.error
    assert (rules["B2:B9"].type, rules["B2:B9"].formula1) == ("whole", "0")
    assert (rules["C2:C9"].type, rules["C2:C9"].formula1) == ("whole", "1")


def test_a_close_roster_header_is_pointed_out_and_the_dropped_player_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = event(capsys, tmp_path, 10, 4, lang="es")
    book = openpyxl.load_workbook(path)
    roster = book["Jugadores"]
    roster["B1"] = "Retirado tras la ronda"
    roster["C1"] = "Mesa fja"
    roster["B4"] = 0  # Player 03 plays no round
    roster["C5"] = 2  # Player 04 always at table 2
    book.save(path)
    code, out, err = cli(capsys, "seat", path, "--round", 1)
    assert code == 0, err
    assert "«Retirado tras la ronda»" in out
    assert "«Abandona tras la ronda»" in out
    assert "Jugadores!B1" in out
    assert "Jugadores!C1" in out
    assert "«Mesa fija»" in out
    assert "Fuera por abandono (1 jugador): Player 03." in out
    rows = openpyxl.load_workbook(path)["Resultados"].iter_rows(min_row=2, values_only=True)
    seated = {row[2]: row[1] for row in rows if row[2]}
    assert "Player 03" not in seated
    assert len(seated) == 9
    assert seated["Player 04"] == 2

"""Issue 24, "What the workbook remembers" (SPEC §8): the event's Rounds, the roster's
optional columns and an organiser's own format live in the workbook, so every command
reads what the others wrote.  Through the command line (``cli.main``) and the API on bytes.
"""

from __future__ import annotations

import io
import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.builders import KEYS, with_vp, write
from xlsx_scorer.app import api
from xlsx_scorer.app.seat import seat_bytes
from xlsx_scorer.cli import main
from xlsx_scorer.findings import render
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
    # the page seats through the same function, and names no command-line option
    book = openpyxl.load_workbook(path)
    book["Results"].delete_rows(2, book["Results"].max_row)
    buffer = io.BytesIO()
    book.save(buffer)
    seated = seat_bytes(buffer.getvalue(), 1)
    told = [render(finding, "en") for finding in seated.findings]
    assert any("round by round" in line for line in told)
    assert not any("--" in line for line in told)


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


# ---------------------------------------------------------------------------
# 6. An organiser's own format is recorded in the workbook

#: A league's own format: a 3-player table's winner gets 4, not catan-es's 5.
LLIGA = 'name = "lliga"\ngame = "catan"\ntable_sizes = [3, 4]\n'
LLIGA_RULES = 'points = { 4 = [5, 3, 2, 1], 3 = [4, 2, 1] }\norder = ["points", "vp"]\n'
#: Ana wins a 4-player table with 10 VP, Eda a 3-player one with 11: catan-es ranks Eda
#: first (5 points each, more VP), lliga Ana (5 points against 4).
GAMES = [
    with_vp(1, 1, "Ana", 10),
    with_vp(1, 1, "Bo", 8),
    with_vp(1, 1, "Cem", 6),
    with_vp(1, 1, "Dan", 4),
    with_vp(1, 2, "Eda", 11),
    with_vp(1, 2, "Fay", 7),
    with_vp(1, 2, "Gus", 5),
]


def lliga(folder: Path, rules: str = LLIGA_RULES) -> Path:
    path = folder / "lliga.toml"
    path.write_text(LLIGA + rules, encoding="utf-8")
    return path


def filled_template(
    capsys: pytest.CaptureFixture[str], folder: Path, *more: Any, lang: str = "en"
) -> Path:
    """A template (``template ... *more``) with GAMES typed into its Results."""
    path = folder / "cup.xlsx"
    done = cli(capsys, "template", path, "--players", 7, "--rounds", 3, "--lang", lang, *more)
    assert done[0] == 0, done
    book = openpyxl.load_workbook(path)
    module = LANGUAGES[lang]
    roster, results = book[module.SHEETS["players"]], book[module.SHEETS["results"]]
    columns = {cell.value: cell.column for cell in results[1]}
    for line, values in enumerate(GAMES, start=2):
        roster.cell(line, 1, values[2])
        for key, value in zip(KEYS, values, strict=True):
            if value is not None:
                results.cell(line, columns[module.HEADERS[key]], value)
    book.save(path)
    return path


def leaders(path: Path, sheet: str = "Standings") -> tuple[list[str], list[str]]:
    """The Standings' first two players, and every text above the table."""
    rows = list(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))
    header = next(i for i, row in enumerate(rows) if row[0] in {"Rank", "Puesto"})
    texts = [str(cell) for row in rows[:header] for cell in row if cell]
    return [row[1] for row in rows[header + 1 : header + 3]], texts


def test_a_template_for_an_own_format_scores_in_it_without_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = filled_template(capsys, tmp_path, "--format", lliga(tmp_path))
    lines = event_lines(path)
    assert lines["Format"] == "lliga"
    assert "[4, 2, 1]" in lines["Format Rules"]
    (tmp_path / "lliga.toml").unlink()  # another judge's computer: no file
    code, out, err = cli(capsys, "score", path)
    assert code == 0, out + err
    top, texts = leaders(path)
    assert top == ["Ana", "Eda"]  # catan-es would rank Eda first
    assert "Ranked in the format lliga." in texts


def test_score_records_an_own_format_and_the_next_run_uses_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = write(tmp_path / "cup.xlsx", GAMES, extra_sheets={"Event": [["Event", "Cup"]]})
    code, out, err = cli(capsys, "score", source, "--format", lliga(tmp_path))
    assert code == 0, out + err
    assert "The format lliga was recorded on the Event sheet (B2)" in out
    assert event_lines(source)["Format"] == "lliga"
    assert leaders(source)[0] == ["Ana", "Eda"]
    code, out, err = cli(capsys, "score", source)
    assert code == 0, out + err
    assert "recorded" not in out
    assert leaders(source)[0] == ["Ana", "Eda"]


def test_a_workbook_without_event_sheet_says_the_format_is_not_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = write(tmp_path / "cup.xlsx", GAMES)
    code, out, err = cli(capsys, "score", source, "--format", lliga(tmp_path))
    assert code == 0, out + err
    assert "could not be recorded" in out


@pytest.mark.parametrize("command", ["score", "seat", "check"])
def test_a_format_that_disagrees_with_the_recorded_one_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = filled_template(capsys, tmp_path, "--format", lliga(tmp_path), lang="es")
    before = path.read_bytes()
    more = ["--round", 2] if command == "seat" else []
    code, out, err = cli(capsys, command, path, "--format", "catan-de", *more)
    assert code == 2, out + err
    assert "registra el formato lliga en su hoja Evento, y se ha pedido catan-de" in err
    assert ("--force" in err) == (command != "check")
    assert path.read_bytes() == before


def test_a_file_of_the_same_name_with_other_rules_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = filled_template(capsys, tmp_path, "--format", lliga(tmp_path))
    before = path.read_bytes()
    other = lliga(tmp_path, LLIGA_RULES.replace("[4, 2, 1]", "[5, 3, 2]"))
    code, out, err = cli(capsys, "score", path, "--format", other)
    assert code == 2, out + err
    assert "a format file of the same name with other rules" in err
    assert path.read_bytes() == before


def test_a_forced_format_is_used_and_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = filled_template(capsys, tmp_path, "--format", lliga(tmp_path))
    code, out, err = cli(capsys, "score", path, "--format", "catan-es", "--force")
    assert code == 0, out + err
    lines = event_lines(path)
    assert lines["Format"] == "catan-es"
    assert lines["Format Rules"] is None
    top, texts = leaders(path)
    assert top == ["Eda", "Ana"]
    assert "Ranked in the format catan-es." in texts
    assert cli(capsys, "score", path)[0] == 0
    assert leaders(path)[0] == ["Eda", "Ana"]


def test_the_api_scores_in_the_recorded_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = filled_template(capsys, tmp_path, "--format", lliga(tmp_path))
    scored = api.score(path.read_bytes())
    assert scored.exit_code == 0, scored.messages()
    assert scored.format is not None
    assert scored.format.name == "lliga"
    assert list(scored.standings["player"])[:2] == ["Ana", "Eda"]
    refused = api.score(path.read_bytes(), format="catan-es")
    assert refused.exit_code == 2
    assert refused.findings[0].code == "unusable.format_disagrees"


def test_the_page_checks_in_the_recorded_format_and_takes_a_format_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from starlette.testclient import TestClient

    from xlsx_scorer.web.server import XLSX, create_app

    recorded = filled_template(capsys, tmp_path, "--format", lliga(tmp_path))
    bare = write(tmp_path / "bare.xlsx", GAMES)
    own = (tmp_path / "lliga.toml").read_bytes()
    with TestClient(create_app(warm_up=False), base_url="http://127.0.0.1") as client:
        answer = client.post(
            "/api/check", files={"file": ("cup.xlsx", recorded.read_bytes(), XLSX)}
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["format"] == "lliga"
        assert [row["player"] for row in body["standings"]["rows"]][:2] == ["Ana", "Eda"]
        files = {
            "file": ("bare.xlsx", bare.read_bytes(), XLSX),
            "format_file": ("lliga.toml", own, "application/toml"),
        }
        answer = client.post("/api/check", files=files)
        assert answer.status_code == 200, answer.text
        assert answer.json()["format"] == "lliga"
        assert [row["player"] for row in answer.json()["standings"]["rows"]][:2] == ["Ana", "Eda"]
        files["format_file"] = ("lliga.toml", b"name = ", "application/toml")
        answer = client.post("/api/check", files=files)
        assert answer.status_code == 422, answer.text
        assert answer.json()["findings"][0]["code"] == "unusable.format_not_toml"
        wrong = {"file": ("cup.xlsx", recorded.read_bytes(), XLSX)}
        answer = client.post("/api/check", files=wrong, data={"format": "catan-de"})
        assert answer.status_code == 422, answer.text
        said = answer.json()["findings"][0]
        assert said["code"] == "unusable.format_disagrees"
        assert "--" not in said["message"]  # no command-line flag on the page

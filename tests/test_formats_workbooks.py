"""Formats through the real entry points: the CLI (``python -m xlsx_scorer``) and the API on bytes.

Carcassonne workbooks scored by ``--format`` or by the format their Event sheet declares;
broken Carcassonne cells named in every language; another game's headers refused once.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests.builders import run_cli, table_below, write
from tests.formatgen import CARCASSONNE
from xlsx_scorer.app import api, template
from xlsx_scorer.findings import render
from xlsx_scorer.i18n import LANGUAGES, header, text

HIG = [
    # round 1: a 4-player table with two sharing first, a 3-player table
    (1, 1, "Ana", 90, 20, 40, 10, 20, 0),
    (1, 1, "Bo", 90, None, None, None, None, None),
    (1, 1, "Cem", 60, 10, 20, 10, 20, 0),
    (1, 1, "Dan", 40, None, None, None, None, None),
    (1, 2, "Eda", 50, None, None, None, None, None),
    (1, 2, "Fay", 30, None, None, None, None, None),
    (1, 2, "Gus", 20, None, None, None, None, None),
]


def standings(path: Path, first_header: str = "Rank") -> list[dict[str, Any]]:
    return table_below(path, "Standings", first_header)


def test_hig_workbook_scores_by_its_format(tmp_path: Path) -> None:
    source = write(tmp_path / "hig.xlsx", HIG, headers=CARCASSONNE)
    done = run_cli("score", source, "--format", "carcassonne-hig")
    assert done.returncode == 0, done.stderr
    table = standings(source)
    assert list(table[0])[:6] == [
        "Rank",
        "Player",
        "Games",
        "Tournament Points",
        "Sum of Relative Shares",
        "Score",
    ]
    points = {row["Player"]: row["Tournament Points"] for row in table}
    assert points == {"Ana": 4, "Bo": 4, "Cem": 2, "Dan": 1, "Eda": 5, "Fay": 3, "Gus": 1}
    relative = {row["Player"]: row["Sum of Relative Shares"] for row in table}
    assert relative["Eda"] == pytest.approx(float(Fraction(50 * 3, 100 * 4)))  # virtual 4th
    assert [row["Player"] for row in table][:3] == ["Eda", "Ana", "Bo"]  # 5 > 4; then relative
    games = table_below(source, "Round Points", "Round")
    assert {row["Player"]: row["Place"] for row in games}["Bo"] == 1


def test_the_event_sheet_declares_the_format(tmp_path: Path) -> None:
    event = {"Event": [["Event", "Club cup"], ["Format", "carcassonne-hig"]]}
    source = write(tmp_path / "declared.xlsx", HIG, headers=CARCASSONNE, extra_sheets=event)
    done = run_cli("score", source)
    assert done.returncode == 0, done.stderr
    assert "Tournament Points" in standings(source)[0]


def test_swiss_draws_byes_buchholz(tmp_path: Path) -> None:
    rows = [
        (1, 1, "Ana", 80),
        (1, 1, "Bo", 60),
        (1, 2, "Cem", 70),
        (1, 2, "Dan", 70),
        (1, "Bye", "Eda", None),
        (2, 1, "Ana", 75),
        (2, 1, "Cem", 50),
        (2, 2, "Bo", 66),
        (2, 2, "Eda", 60),
        (2, "Bye", "Dan", None),
    ]
    source = write(tmp_path / "swiss.xlsx", rows, headers=CARCASSONNE[:4])
    done = run_cli("score", source, "--format", "carcassonne-swiss")
    assert done.returncode == 0, done.stdout + done.stderr
    table = {row["Player"]: row for row in standings(source)}
    assert [table[p]["Wins"] for p in ("Ana", "Bo", "Cem", "Dan", "Eda")] == [2, 1, 0.5, 1.5, 1]
    # Ana met Bo (1 win) and Cem (0.5): the weaker left out
    assert table["Ana"]["Buchholz"] == 1
    assert table["Ana"]["Score Difference"] == 45
    assert next(iter(table)) == "Ana"
    results = {
        (row["Round"], row["Player"]): row["Result"]
        for row in table_below(source, "Round Points", "Round")
    }
    assert results[(1, "Cem")] == "Draw"
    assert results[(1, "Eda")] == "Bye"
    assert results[(1, "Bo")] == "Loss"
    assert results[(2, "Ana")] == "Win"


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_broken_carcassonne_cells_are_named(tmp_path: Path, lang: str) -> None:
    rows = [
        (1, 1, "Ana", 90, 20, 40, 10, 20, 5),  # adds up to 95
        (1, 1, "Bo", "x", None, None, None, None, None),
        (1, 1, "Cem", -3, None, None, None, None, None),
        (1, 2, "Dan", 10, None, None, None, None, None),
        (1, 2, "Ana", 10, None, None, None, None, None),
    ]
    data = write(tmp_path / "broken.xlsx", rows, headers=CARCASSONNE).read_bytes()
    result = api.check(data, language=lang, format="carcassonne-hig")
    assert result.exit_code == 1
    found = {(f.code, f.where.ref) for f in result.findings}
    assert ("breakdown_mismatch", "Results!D2") in found
    assert ("text_in_number", "Results!D3") in found
    assert ("below_minimum", "Results!D4") in found
    assert ("table_size", "Results!B5") in found  # 3–4 players, as in Catan
    assert ("player_twice_in_round", "Results!C6") in found
    mismatch = next(f for f in result.findings if f.code == "breakdown_mismatch")
    message = render(mismatch, lang)
    assert "E2, F2, G2, H2, I2" in message
    assert "95" in message
    assert "90" in message


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_swiss_tables_have_two_players(tmp_path: Path, lang: str) -> None:
    rows = [(1, 1, "Ana", 80), (1, 1, "Bo", 60), (1, 1, "Cem", 70), (1, "Bye", "Dan", None)]
    data = write(tmp_path / "three.xlsx", rows, headers=CARCASSONNE[:4]).read_bytes()
    result = api.check(data, language=lang, format="carcassonne-swiss")
    assert [(f.code, f.where.ref) for f in result.findings] == [
        ("table_size_format", f"Results!B{row}") for row in (2, 3, 4)
    ]
    assert "3" in render(result.findings[0], lang)
    assert "2" in render(result.findings[0], lang)


@pytest.mark.parametrize(
    ("headers", "asked", "suggested"),
    [
        (CARCASSONNE, "catan-es", "--format carcassonne-hig"),
        (None, "carcassonne-hig", "--format catan-es"),
    ],
    ids=["carcassonne-as-catan", "catan-as-carcassonne"],
)
def test_another_games_headers_get_one_message(
    tmp_path: Path, headers: Any, asked: str, suggested: str
) -> None:
    if headers is None:
        source = Path("fixtures/sample_event.xlsx")
    else:
        source = write(tmp_path / "other.xlsx", HIG, headers=headers)
    before = source.read_bytes()
    done = run_cli("score", source, "--format", asked)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2  # the one finding, then "nothing was written"
    assert suggested in lines[0]
    assert source.read_bytes() == before


def test_spanish_and_turkish_carcassonne_headers(tmp_path: Path) -> None:
    spanish = ("Ronda", "Mesa", "Jugador", "Puntuación", "Caminos", "Ciudades", "Monasterios",
               "Campos", "Otros")  # fmt: skip
    source = write(tmp_path / "es.xlsx", HIG, headers=spanish)
    result = api.score(source.read_bytes(), format="carcassonne-hig")
    assert result.exit_code == 0, result.messages()
    assert result.language == "es"
    turkish = ("Tur", "Masa", "Oyuncu", "Puan", "Yollar", "Şehirler", "Manastırlar", "Tarlalar",
               "Diğer")  # fmt: skip
    source = write(tmp_path / "tr.xlsx", HIG, headers=turkish)
    result = api.score(source.read_bytes(), format="carcassonne-hig")
    assert result.exit_code == 0, result.messages()
    assert result.language == "tr"


def test_an_organisers_format_file_scores_as_declared(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(
        'name = "club"\ngame = "carcassonne"\ntable_sizes = [3, 4]\n'
        'points = { 4 = [6, 4, 2, 0], 3 = [6, 4, 2] }\norder = ["points", "score"]\n',
        encoding="utf-8",
    )
    source = write(tmp_path / "club.xlsx", HIG, headers=CARCASSONNE)
    done = run_cli("score", source, "--format", club)
    assert done.returncode == 0, done.stderr
    points = {row["Player"]: row["Tournament Points"] for row in standings(source)}
    assert points == {"Ana": 5, "Bo": 5, "Cem": 2, "Dan": 0, "Eda": 6, "Fay": 4, "Gus": 2}


def test_a_misspelt_format_key_is_refused_by_name(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(
        'name = "club"\ngame = "carcassonne"\ntable_size = [3, 4]\norder = ["wins"]\n',
        encoding="utf-8",
    )
    source = write(tmp_path / "club.xlsx", HIG, headers=CARCASSONNE)
    before = source.read_bytes()
    done = run_cli("score", source, "--format", club, "--lang", "es")
    assert done.returncode == 2
    assert "table_size" in done.stderr
    assert "table_sizes" in done.stderr
    assert source.read_bytes() == before


def test_formats_lists_the_shipped_ones_in_the_language() -> None:
    done = run_cli("formats", "--lang", "tr")
    assert done.returncode == 0
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 11  # each format's line, then what it plays after its rounds
    assert lines[1].split()[0] == "catan-es"
    assert "Buchholz" in lines[-2]
    assert "rakip" in lines[-2]
    assert "Turlardan sonra" in lines[-1]


# ---------------------------------------------------------------------------
# Templates of a format


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
@pytest.mark.parametrize("name", ["carcassonne-hig", "carcassonne-swiss"])
def test_a_carcassonne_template_filled_by_its_headers_scores_by_its_declared_format(
    tmp_path: Path, lang: str, name: str
) -> None:
    blank = tmp_path / "blank.xlsx"
    done = run_cli("template", blank, "--format", name, "--lang", lang, "--players", "6")
    assert done.returncode == 0, done.stderr
    book = load_workbook(blank)
    sheets = LANGUAGES[lang].SHEETS
    event = {row[0].value: row[1].value for row in book[sheets["event"]].iter_rows()}
    assert event[text(lang, "event.format")] == name
    instructions = " ".join(
        str(cell.value) for row in book[sheets["instructions"]].iter_rows() for cell in row
    )
    for key in ("cloister_points", "field_points"):
        assert header(lang, key) in instructions
    results = book[sheets["results"]]
    columns = {cell.value: cell.column for cell in results[1] if cell.value}
    score_letter = results.cell(row=1, column=columns[header(lang, "score")]).column_letter
    rule = next(
        dv
        for dv in results.data_validations.dataValidation
        if str(dv.sqref).startswith(f"{score_letter}2")
    )
    assert (rule.type, rule.operator, rule.formula1) == ("whole", "greaterThanOrEqual", "0")
    games = (
        [(1, 1, "Ana", 80), (1, 1, "Bo", 60), (1, 2, "Cem", 70), (1, 2, "Dan", 70)]
        if name.endswith("swiss")
        else [(1, 1, "Ana", 80), (1, 1, "Bo", 60), (1, 1, "Cem", 70)]
    )
    for line, values in enumerate(games, start=2):
        for key, value in zip(("round", "table", "player", "score"), values, strict=True):
            results.cell(row=line, column=columns[header(lang, key)], value=value)
    filled = tmp_path / "filled.xlsx"
    book.save(filled)
    scored = api.score(filled.read_bytes())
    assert scored.exit_code == 0, scored.messages()
    assert scored.format is not None
    assert scored.format.name == name
    assert scored.language == lang
    assert scored.standings is not None
    assert scored.standings["player"].iloc[0] == "Ana"


def test_the_default_template_declares_catan_es() -> None:
    """Without --format, the template is catan-es's as it always was (its shipped files), and
    its Event sheet says so (SPEC §8: the Event sheet says the event's Format)."""
    book = load_workbook(io.BytesIO(template.template_bytes("en")))
    lines = {row[0].value: row[1].value for row in book["Event"].iter_rows()}
    assert lines["Format"] == "catan-es"
    assert template.columns_of(None) == template.COLUMNS


@pytest.mark.parametrize(
    ("name", "headers"),
    [
        ("catan-de", ["Round Points", "Capped VP", "Sum of Shares", "1st Places", "2nd Places"]),
        ("catan-world", ["Wins", "VP", "Sum of Relative Shares", "R1", "R2"]),
    ],
)
def test_catan_formats_standings_headers_and_first_key_per_round(
    tmp_path: Path, name: str, headers: list[str]
) -> None:
    target = tmp_path / "scored.xlsx"
    done = run_cli("score", "fixtures/sample_event.xlsx", "-o", target, "--format", name)
    assert done.returncode == 0, done.stderr
    table = standings(target)
    assert list(table[0])[3:8] == headers  # after Rank, Player and Games
    rounds = [
        key for key in table[0] if isinstance(key, str) and key[:1] == "R" and key[1:].isdigit()
    ]
    first = headers[0]
    for row in table:
        assert sum(row[key] or 0 for key in rounds) == pytest.approx(row[first])


def test_check_json_names_the_format(tmp_path: Path) -> None:
    source = write(tmp_path / "hig.xlsx", HIG, headers=CARCASSONNE)
    done = run_cli("check", source, "--json", "--format", "carcassonne-hig")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["format"] == "carcassonne-hig"

"""The optional ``Total VP`` column (docs/rules.md §1 and rule 11; issue 9, item 6).

The score slip's VP, copied into ``Total VP``, catches the mistake no other
rule can see: cities typed in the Settlements column.  Where filled it must
equal the in-game VP the row adds up to, titles included; blank is not
checked; the column may be absent.  Everything runs through the command line
(``xlsx_scorer.cli.main``) on workbooks written as an organiser would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.builders import HEADERS, row, sheet_values, table_below, write
from xlsx_scorer.cli import main
from xlsx_scorer.core.columns import OPTIONAL_COLUMNS, RESULT_COLUMNS
from xlsx_scorer.i18n import LANGUAGES, header, text

#: Round 1, table 1: Ana holds Largest Army (3 knights), Bea the Longest Road (length 6).
GAME = (
    row(1, 1, "Ana", 3, 1, 1, 3),  # 3 + 2 + 1 + 2 (Largest Army) = 8
    row(1, 1, "Bea", 2, 3, 0, 0, 8, 6),  # 2 + 6 + 2 (Longest Road) = 10
    row(1, 1, "Cem", 4, 0, 1),  # 5
)
TOTALS = (8, 10, 5)


def with_totals(rows: tuple[tuple[Any, ...], ...], totals: tuple[Any, ...]) -> list[Any]:
    return [(*values, total) for values, total in zip(rows, totals, strict=True)]


def score(path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str]:
    code = main(["score", str(path), *more])
    return code, capsys.readouterr().out


def errors(path: Path) -> dict[str, str]:
    return {line["Cell"]: line["Problem"] for line in table_below(path, "Errors", "Sheet")}


def test_totals_that_match_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "e.xlsx", with_totals(GAME, TOTALS), headers=(*HEADERS, "Total VP"))
    code, out = score(path, capsys)
    assert code == 0, out
    assert [line["VP"] for line in table_below(path, "Standings", "Rank")] == [10, 8, 5]


def test_blank_totals_and_no_column_are_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = write(
        tmp_path / "blank.xlsx", with_totals(GAME, (None, " ", 5)), headers=(*HEADERS, "Total VP")
    )
    assert score(blank, capsys)[0] == 0
    absent = write(tmp_path / "absent.xlsx", GAME)
    assert score(absent, capsys)[0] == 0


def test_cities_typed_as_settlements_are_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bea's slip says 2 settlements and 3 cities; 5 and 0 were typed: every other rule passes."""
    typed = (GAME[0], row(1, 1, "Bea", 5, 0, 0, 0, 8, 6), GAME[2])
    path = write(tmp_path / "e.xlsx", with_totals(typed, TOTALS), headers=(*HEADERS, "Total VP"))
    code, out = score(path, capsys)
    assert code == 1
    message = text(
        "en",
        "problem.total_vp_mismatch",
        column="Total VP",
        found=10,
        vp=7,
        settlements=5,
        cities=0,
        vp_cards=0,
        army="no",
        road="yes",
    )
    assert message.startswith("Total VP says 10, but this row adds up to 7: settlements 5 + ")
    assert errors(path) == {"Results!M3": message}
    assert f"Results!M3 (round 1, table 1, Bea): {message}" in out


@pytest.mark.parametrize(
    ("totals", "titles", "cell"),
    [
        ((6, 10, 5), ("yes", "no"), "M2"),
        ((8, 8, 5), ("no", "yes"), "M3"),
        ((8, 10, 7), ("no", "no"), "M4"),
    ],
)
def test_the_message_names_the_titles_held(
    tmp_path: Path,
    totals: tuple[int, ...],
    titles: tuple[str, str],
    cell: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(tmp_path / "e.xlsx", with_totals(GAME, totals), headers=(*HEADERS, "Total VP"))
    assert score(path, capsys)[0] == 1
    ((where, message),) = errors(path).items()
    assert where == f"Results!{cell}"
    position = int(cell[1:]) - 2
    values = GAME[position]
    expected = text(
        "en",
        "problem.total_vp_mismatch",
        column="Total VP",
        found=totals[position],
        vp=TOTALS[position],
        settlements=values[3],
        cities=values[4],
        vp_cards=values[5],
        army=titles[0],
        road=titles[1],
    )
    assert message == expected


def test_both_titles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = (row(1, 1, "Ana", 2, 1, 0, 3, 6, 5), row(1, 1, "Bea", 2), row(1, 1, "Cem", 2))
    path = write(tmp_path / "e.xlsx", with_totals(game, (6, 2, 2)), headers=(*HEADERS, "Total VP"))
    assert score(path, capsys)[0] == 1
    assert errors(path) == {
        "Results!M2": text(
            "en",
            "problem.total_vp_mismatch",
            column="Total VP",
            found=6,
            vp=8,
            settlements=2,
            cities=1,
            vp_cards=0,
            army="yes",
            road="yes",
        )
    }


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (21, "problem.out_of_range"),
        (-1, "problem.out_of_range"),
        (7.5, "problem.not_whole_number"),
        ("nine", "problem.text_in_number"),
    ],
)
def test_a_total_that_is_no_vp_is_a_cell_problem(
    tmp_path: Path, value: Any, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path / "e.xlsx", with_totals(GAME, (8, value, 5)), headers=(*HEADERS, "Total VP")
    )
    assert score(path, capsys)[0] == 1
    found = {21: "21", -1: "-1", 7.5: "7.5"}.get(value, value)
    assert errors(path) == {
        "Results!M3": text("en", problem, column="Total VP", found=found, low=0, high=20)
    }


def test_an_unreadable_cell_postpones_its_game_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game with an unreadable VP cell is not compared; the run names it for later."""
    second = (row(2, 4, "Ana", "two", 1), row(2, 4, "Bea", 2, 1), row(2, 4, "Cem", 2, 1))
    rows = [*with_totals(GAME, (8, 10, 6)), *with_totals(second, (9, 9, 9))]
    path = write(tmp_path / "e.xlsx", rows, headers=(*HEADERS, "Total VP"))
    code, out = score(path, capsys)
    assert code == 1
    assert sorted(errors(path)) == ["Results!D5", "Results!M4"]
    recheck = text("en", "notice.recheck", round=2, table=4)
    assert recheck.endswith("table 4 of round 2 will be checked again once its cells are fixed.")
    assert recheck in out
    assert recheck in [cell for line in sheet_values(path, "Errors") for cell in line]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_headers_and_messages_in_every_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = (*RESULT_COLUMNS, *OPTIONAL_COLUMNS)
    headers = [header(lang, key) for key in keys]
    path = write(tmp_path / "e.xlsx", with_totals(GAME, (8, 10, 4)), headers=headers)
    code, out = score(path, capsys)
    assert code == 1
    message = text(
        lang,
        "problem.total_vp_mismatch",
        column=header(lang, "total_vp"),
        found=4,
        vp=5,
        settlements=4,
        cities=0,
        vp_cards=1,
        army="no",
        road="no",
    )
    assert message in out
    assert list(errors_in(path, lang).values()) == [message]


def errors_in(path: Path, lang: str) -> dict[str, str]:
    lines = table_below(path, str(LANGUAGES[lang].SHEETS["errors"]), text(lang, "out.sheet"))
    return {line[text(lang, "out.cell")]: line[text(lang, "out.problem")] for line in lines}


@pytest.mark.parametrize(
    "alias", ["VP Total", "PV totales", "Total de PV", "Toplam ZP", "Toplam Zafer Puanı"]
)
def test_other_names_of_the_column(
    tmp_path: Path, alias: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "e.xlsx", with_totals(GAME, (8, 10, 4)), headers=(*HEADERS, alias))
    assert score(path, capsys, "--lang", "en")[0] == 1
    assert list(errors(path)) == ["Results!M4"]


def test_the_headers_say_turkish_players_words() -> None:
    assert header("en", "total_vp") == "Total VP"
    assert header("tr", "total_vp") == "Toplam ZP"
    assert "ZP" in text(
        "tr", "problem.total_vp_mismatch", column="", found=1, vp=2, settlements=0, cities=0,
        vp_cards=0, army="no", road="no",
    )  # fmt: skip

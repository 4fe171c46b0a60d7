"""The organiser's template (issue 3): shipped files match the generator, and it works.

A template is generated, filled in as an organiser would (values typed into the
cells under its headers, names on the roster), scored through the command line,
and compared with the independent oracle (``tests/oracle.py``).  A broken copy
must report its errors in the template's language.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from tests import oracle
from tests.builders import run_cli
from xlsx_scorer.app import template
from xlsx_scorer.core.columns import RESULT_COLUMNS
from xlsx_scorer.i18n import LANGUAGES, fold, header, text
from xlsx_scorer.xlsx.read.reader import read_workbook

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "templates"
LANGS = sorted(LANGUAGES)

#: A small valid event: 7 players, 2 rounds, a 4- and a 3-player table per round.
#: Round 1 table 1: Çetin and Ana both reach 10 VP, Çetin declared and holds a tied Largest
#: Army by mark; tied places at round 1 table 2 and round 2 table 2.
#: (round, table, player, settlements, cities, vp_cards, knights, roads, longest_road,
#:  army_first, road_first, declared)
EVENT: tuple[tuple[Any, ...], ...] = (
    (1, 1, "Ana", 3, 2, 1, 3, 9, 6, False, False, False),
    (1, 1, "Çetin", 2, 3, 0, 3, 10, 5, True, False, True),
    (1, 1, "José", 4, 1, 0, 0, 6, 4, False, False, False),
    (1, 1, "Şule", 2, 0, 0, 1, 3, 2, False, False, False),
    (1, 2, "Zeynep", 3, 1, 0, 0, 5, 3, False, False, False),
    (1, 2, "Ömer", 3, 1, 0, 0, 5, 3, False, False, False),
    (1, 2, "Lucía", 2, 2, 1, 0, 8, 5, False, False, False),
    (2, 1, "Ana", 2, 1, 0, 0, 4, 3, False, False, False),
    (2, 1, "Zeynep", 4, 2, 2, 4, 7, 4, False, False, False),
    (2, 1, "Lucía", 2, 2, 0, 0, 6, 4, False, False, False),
    (2, 2, "Çetin", 3, 1, 0, 0, 5, 5, False, False, False),
    (2, 2, "José", 3, 1, 0, 0, 4, 4, False, False, False),
    (2, 2, "Şule", 3, 1, 0, 0, 4, 4, False, False, False),
    (2, 2, "Ömer", 1, 3, 1, 0, 3, 3, False, False, False),
)
ROSTER = ("Ana", "Çetin", "José", "Şule", "Zeynep", "Ömer", "Lucía")


def tab(lang: str, kind: str) -> str:
    """The name of the sheet of ``kind`` in ``lang`` (``tab("es", "results") == "Resultados"``)."""
    return str(LANGUAGES[lang].SHEETS[kind])


def event_rows() -> list[dict[str, Any]]:
    """``EVENT`` as oracle rows (column key → value)."""
    return [dict(zip(RESULT_COLUMNS, row, strict=True)) for row in EVENT]


def fill_template(
    source: Path, target: Path, rows: list[dict[str, Any]], roster: tuple[str, ...]
) -> None:
    """Type ``rows`` under the Results headers and ``roster`` under the Players header.

    Columns are found by their header text in the template's own language, as an
    organiser reading the sheet would; marks are typed as the dropdown's yes word.
    """
    book = load_workbook(source)
    lang = book.worksheets[0]["B4"].value
    yes, _ = template.mark_words(lang)
    players = book[tab(lang, "players")]
    assert players["A1"].value == header(lang, "player")
    for offset, name in enumerate(roster, start=2):
        players.cell(row=offset, column=1, value=name)
    results = book[tab(lang, "results")]
    by_header = {cell.value: cell.column for cell in results[1] if cell.value}
    for offset, row in enumerate(rows, start=2):
        for key, value in row.items():
            column = by_header[header(lang, key)]
            typed = (yes if value else None) if isinstance(value, bool) else value
            results.cell(row=offset, column=column, value=typed)
    book.save(target)


def snapshot(data: bytes) -> dict[str, Any]:
    """What an organiser sees of a template: sheets, cell values, validations, names, panes."""
    book = load_workbook(io.BytesIO(data))
    return {
        "sheets": book.sheetnames,
        "names": {name: item.attr_text for name, item in book.defined_names.items()},
        "cells": {
            sheet.title: [
                (cell.coordinate, cell.value, cell.number_format)
                for row in sheet.iter_rows()
                for cell in row
                if cell.value is not None or cell.number_format != "General"
            ]
            for sheet in book.worksheets
        },
        "validations": {
            sheet.title: sorted(
                (
                    str(dv.sqref),
                    dv.type,
                    dv.operator,
                    dv.formula1,
                    dv.formula2,
                    dv.errorStyle,
                    dv.promptTitle,
                    dv.prompt,
                    dv.error,
                )
                for dv in sheet.data_validations.dataValidation
            )
            for sheet in book.worksheets
        },
        "panes": {sheet.title: sheet.freeze_panes for sheet in book.worksheets},
    }


def validations(sheet: Any) -> dict[str, Any]:
    """A sheet's data validations by their range (``"D2:D145"``)."""
    return {str(dv.sqref): dv for dv in sheet.data_validations.dataValidation}


@pytest.mark.parametrize("lang", LANGS)
def test_shipped_template_matches_generator(lang: str) -> None:
    """Regenerate: ``python -m xlsx_scorer template templates/template_L.xlsx --lang L --force``."""
    shipped = SHIPPED / f"template_{lang}.xlsx"
    assert snapshot(shipped.read_bytes()) == snapshot(template.template_bytes(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_template_reads_back_in_its_language(lang: str) -> None:
    book = read_workbook(SHIPPED / f"template_{lang}.xlsx")
    assert book.language == lang
    assert book.results.language == lang
    assert book.results.header_row == 1
    assert set(book.results.columns) == {*RESULT_COLUMNS, "total_vp"} == set(template.COLUMNS)
    assert book.results.raw.empty
    assert book.roster is None


TABS = {
    "en": ["Event", "Players", "Results", "Instructions"],
    "es": ["Evento", "Jugadores", "Resultados", "Instrucciones"],
    "tr": ["Etkinlik", "Oyuncular", "Sonuçlar", "Talimatlar"],
    "ca": ["Esdeveniment", "Jugadors", "Resultats", "Instruccions"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_template_tabs_in_its_language_opening_on_instructions(lang: str, tmp_path: Path) -> None:
    target = tmp_path / "copa.xlsx"
    done = run_cli("template", target, "--lang", lang, "--players", "4", "--rounds", "1")
    assert done.returncode == 0, done.stderr
    for book in (load_workbook(target), load_workbook(SHIPPED / f"template_{lang}.xlsx")):
        assert book.sheetnames == TABS[lang]
        assert book.active.title == TABS[lang][-1]
    assert read_workbook(target).results.name == TABS[lang][2]


@pytest.mark.parametrize("lang", LANGS)
def test_every_input_column_is_validated(lang: str) -> None:
    players, rounds = 10, 3
    book = load_workbook(
        io.BytesIO(template.template_bytes(lang, players=players, rounds=rounds, event="Copa"))
    )
    assert book.sheetnames == [tab(lang, kind) for kind in template.SHEETS]
    roster = f"'{tab(lang, 'players')}'!$A$2:$A$11"
    assert book.defined_names[template.ROSTER].attr_text == roster
    event_sheet = book[tab(lang, "event")]
    event = {row[0].value: row[1].value for row in event_sheet.iter_rows(max_col=2)}
    assert event[text(lang, "event.name")] == "Copa"
    assert event[text(lang, "event.language")] == lang
    results = book[tab(lang, "results")]
    assert results.freeze_panes == "D2"
    last = 1 + template.result_rows(players, rounds)
    assert last - 1 >= players * rounds
    by_range = validations(results)
    yes, no = template.mark_words(lang)
    letters = {key: get_column_letter(n) for n, key in enumerate(template.COLUMNS, start=1)}
    assert list(letters.values()) == list("ABCDEFGHIJKLM")
    for key, letter in letters.items():
        assert results[f"{letter}1"].value == header(lang, key)
        head = by_range[f"{letter}1"]
        assert head.showInputMessage
        assert head.prompt == by_range[f"{letter}2:{letter}{last}"].prompt
        column = by_range[f"{letter}2:{letter}{last}"]
        assert column.type is not None
        assert column.showErrorMessage
        assert column.error
        assert len(column.promptTitle) <= template.PROMPT_TITLE_MAX
        assert len(column.prompt) <= template.PROMPT_MAX
        assert len(column.error) <= template.ERROR_MAX
        if column.type == "list":
            assert len(column.formula1) < template.LIST_FORMULA_MAX
    assert (by_range["A2:A" + str(last)].type, by_range["A2:A" + str(last)].formula1) == (
        "whole",
        "1",
    )
    roads = by_range[f"H2:H{last}"]
    assert (roads.operator, roads.formula1, roads.formula2) == ("between", "2", "15")
    longest = by_range[f"I2:I{last}"]
    assert (longest.formula1, longest.formula2) == ("1", "15")
    assert by_range[f"C2:C{last}"].formula1 == template.ROSTER
    total = by_range[f"{letters['total_vp']}2:{letters['total_vp']}{last}"]
    assert (total.type, total.operator, total.formula1, total.formula2) == (
        "whole",
        "between",
        "0",
        "20",
    )
    assert total.prompt == text(lang, "template.help.total_vp")
    assert total.error == text(lang, "template.error.range", low=0, high=20)
    assert results[f"{letters['total_vp']}1"].value == header(lang, "total_vp")
    for key in ("army_first", "road_first", "declared"):
        letter = letters[key]
        assert by_range[f"{letter}2:{letter}{last}"].formula1 == f'"{yes},{no}"'
    assert fold(yes) in {fold(word) for word in LANGUAGES[lang].YES_WORDS}
    assert fold(no) in {fold(word) for word in LANGUAGES[lang].NO_WORDS}


@pytest.mark.parametrize("lang", LANGS)
def test_instructions_in_the_language(lang: str) -> None:
    book = load_workbook(io.BytesIO(template.template_bytes(lang)))
    instructions = book[tab(lang, "instructions")]
    lines = [row[0].value for row in instructions.iter_rows(max_col=1) if row[0].value]
    assert lines[0] == text(lang, "instructions.title")
    assert text(lang, "instructions.round_points") in lines
    assert all("{" not in line for line in lines)


def test_cli_writes_a_template(tmp_path: Path) -> None:
    target = tmp_path / "copa.xlsx"
    done = run_cli(
        "template", target, "--lang", "tr", "--players", "12", "--rounds", "4", "--event", "Kupa"
    )
    assert done.returncode == 0, done.stderr
    assert text("tr", "cli.wrote", file=target) in done.stdout
    book = read_workbook(target)
    assert (book.language, book.event_name) == ("tr", "Kupa")
    sheet = load_workbook(target)["Sonuçlar"]
    assert f"A2:A{1 + 12 * 5}" in validations(sheet)


def test_cli_refuses_a_silly_size(tmp_path: Path) -> None:
    done = run_cli("template", tmp_path / "x.xlsx", "--players", "0")
    assert done.returncode == 2
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_filled_template_scores_like_the_oracle(lang: str, tmp_path: Path) -> None:
    filled = tmp_path / f"filled_{lang}.xlsx"
    fill_template(SHIPPED / f"template_{lang}.xlsx", filled, event_rows(), ROSTER)
    done = run_cli("score", filled)
    assert done.returncode == 0, done.stdout + done.stderr
    _, expected = oracle.score(event_rows())
    scored = load_workbook(filled, data_only=True)
    assert scored.sheetnames == [
        *(tab(lang, kind) for kind in template.SHEETS),
        *(tab(lang, kind) for kind in ("standings", "round_points", "errors", "chart_data")),
    ]
    assert scored.active.title == tab(lang, "standings")
    standings = scored[tab(lang, "standings")]
    rows = list(standings.iter_rows(values_only=True))
    head = next(i for i, row in enumerate(rows) if row[0] == text(lang, "out.rank"))
    assert rows[head][:6] == tuple(
        text(lang, key)
        for key in (
            "out.rank",
            "out.player",
            "out.games",
            "out.round_points",
            "out.vp",
            "out.vp_pct",
        )
    )
    shown = [(*row[:2], *row[3:6]) for row in rows[head + 1 :] if row[0] is not None]
    assert [(r, p, v) for r, p, _, v, _ in shown] == [
        (s["rank"], s["player"], s["vp"]) for s in expected
    ]
    for (_, _, points, _, share), entry in zip(shown, expected, strict=True):
        assert points == pytest.approx(float(entry["round_points"]))
        assert share == pytest.approx(float(entry["vp_pct"]))


@pytest.mark.parametrize("lang", LANGS)
def test_broken_copy_reports_in_its_language(lang: str, tmp_path: Path) -> None:
    rows = event_rows()
    rows[0]["settlements"] = 7
    rows[9]["army_first"] = True
    rows[4]["total_vp"] = 6  # Zeynep: 3 settlements + 1 city = 5 VP
    broken = tmp_path / f"broken_{lang}.xlsx"
    fill_template(SHIPPED / f"template_{lang}.xlsx", broken, rows, ROSTER)
    done = run_cli("score", broken)
    assert done.returncode == 1, done.stdout + done.stderr
    out_of_range = text(
        lang, "problem.out_of_range", column=header(lang, "settlements"), found=7, low=0, high=5
    )
    assert out_of_range in done.stdout
    scored = load_workbook(broken)
    assert scored.active.title == tab(lang, "errors")
    errors = scored[tab(lang, "errors")]
    cells = [value for row in errors.iter_rows(values_only=True) for value in row if value]
    links = [value for value in cells if str(value).startswith("=HYPERLINK")]
    assert links
    assert all(f"\"#'{tab(lang, 'results')}'!" in link for link in links)
    assert text(lang, "out.problem") in cells
    assert out_of_range in cells
    not_on_leader = text(
        lang, "problem.army_mark_not_leader", column=header(lang, "army_first"), found=0, most=4
    )
    assert not_on_leader in cells
    slip = text(
        lang,
        "problem.total_vp_mismatch",
        column=header(lang, "total_vp"),
        found=6,
        vp=5,
        settlements=3,
        cities=1,
        vp_cards=0,
        army="no",
        road="no",
    )
    assert slip in cells
    assert slip in done.stdout
    notices = {text(lang, "notice.not_published", count=count) for count in range(1, 10)}
    standings = scored[tab(lang, "standings")]
    assert notices & {row[0] for row in standings.iter_rows(values_only=True)}

"""Catalan, the fourth language, shipped as files only (``locale/ca``): a Catalan organiser
fills in a Catalan template by its headers and gets Catalan sheets, marks and messages.

The Carcassonne words are the seed's own (WikiCarpedia's *Puntuació durant la partida*):
Puntuació, Camins, Ciutats, Monestirs, Camps; Catan's are the Catalan edition's (poblats,
ciutats, Gran exèrcit).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests import oracle
from tests.builders import run_cli
from tests.test_template import ROSTER, SHIPPED, event_rows, fill_template
from xlsx_scorer.i18n import LANGUAGES, header, text

CATALAN_SYSTEM = {**os.environ, "LANG": "ca_ES.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
#: A Hans im Glück qualifier's two rounds: table 1 of four, table 2 of three.
CARCASSONNE = (
    # round, table, player, score, roads, cities, cloisters, fields, other
    (1, 1, "Núria", 92, 12, 40, 14, 26, 0),
    (1, 1, "Jordi", 87, 9, 44, 10, 24, 0),
    (1, 1, "Montse", 87, 20, 30, 9, 28, 0),
    (1, 1, "Pere", 61, 6, 28, 9, 18, 0),
    (1, 2, "Laia", 70, None, None, None, None, None),
    (1, 2, "Arnau", 75, None, None, None, None, None),
    (1, 2, "Roser", 58, None, None, None, None, None),
)
BREAKDOWN = ("road_points", "city_points", "cloister_points", "field_points", "other_points")


def sheet(lang: str, kind: str) -> str:
    return LANGUAGES[lang].SHEETS[kind]


def rows_of(path: Path, name: str) -> list[tuple[object, ...]]:
    return list(load_workbook(path, data_only=True)[name].iter_rows(values_only=True))


def test_catalan_carcassonne_template_filled_by_its_headers_scores_in_catalan(
    tmp_path: Path,
) -> None:
    """A Catalan system (``LANG=ca_ES.UTF-8``) gets a Catalan Carcassonne template; filled in
    under its Catalan headers, it scores by the format it declares, with no ``--format`` nor
    ``--lang``, and the standings speak Catalan."""
    book = tmp_path / "torneig.xlsx"
    made = run_cli("template", book, "--format", "carcassonne-hig", env=CATALAN_SYSTEM)
    assert made.returncode == 0, made.stderr
    assert "S’ha escrit" in made.stdout
    workbook = load_workbook(book)
    assert workbook.sheetnames == ["Esdeveniment", "Jugadors", "Resultats", "Instruccions"]
    results = workbook["Resultats"]
    headers = [cell.value for cell in results[1] if cell.value]
    assert headers == [
        "Ronda",
        "Taula",
        "Jugador",
        "Puntuació",
        "Camins",
        "Ciutats",
        "Monestirs",
        "Camps",
        "Altres",
    ]
    for offset, name in enumerate(sorted({row[2] for row in CARCASSONNE}), start=2):
        workbook["Jugadors"].cell(row=offset, column=1, value=name)
    column = {value: index for index, value in enumerate(headers, start=1)}
    for offset, row in enumerate(CARCASSONNE, start=2):
        for title, value in zip(headers, row, strict=True):
            results.cell(row=offset, column=column[title], value=value)
    workbook.save(book)

    scored = run_cli("score", book, env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": ""})
    assert scored.returncode == 0, scored.stdout + scored.stderr
    assert "7 jugadors" in scored.stdout, scored.stdout
    standings = rows_of(book, "Classificació")
    head = next(i for i, row in enumerate(standings) if row[0] == "Posició")
    assert standings[head][:4] == ("Posició", "Jugador", "Partides", "Punts de torneig")
    ranked = [(r, p, t) for r, p, _, t in (row[:4] for row in standings[head + 1 :]) if r]
    # 5/3/2/1 at four (Jordi and Montse share 3 + 2), 5/3/1 at three; ties by relative points.
    assert ranked == [
        (1, "Núria", 5),
        (2, "Arnau", 5),
        (3, "Laia", 3),
        (4, "Jordi", 2.5),
        (5, "Montse", 2.5),
        (6, "Roser", 1),
        (7, "Pere", 1),
    ]


def test_catalan_marks_and_lang_option(tmp_path: Path) -> None:
    """The Catalan template read by its headers, marks typed the Catalan way (``cert``,
    ``sí``, ``fals``), scored with ``--lang ca``: the oracle's standings, Catalan sheets."""
    book = tmp_path / "copa.xlsx"
    fill_template(SHIPPED / "template_ca.xlsx", book, event_rows(), ROSTER)
    workbook = load_workbook(book)
    results = workbook["Resultats"]
    by_header = {cell.value: cell.column for cell in results[1] if cell.value}
    typed = iter(("cert", "sí"))
    for key in ("army_first", "road_first", "declared"):
        for row in range(2, 2 + len(event_rows())):
            cell = results.cell(row=row, column=by_header[header("ca", key)])
            cell.value = next(typed, "SÍ") if cell.value else "fals"
    workbook.save(book)

    done = run_cli("score", book, "--lang", "ca")
    assert done.returncode == 0, done.stdout + done.stderr
    _, expected = oracle.score(event_rows())
    standings = rows_of(book, sheet("ca", "standings"))
    head = next(i for i, row in enumerate(standings) if row[0] == text("ca", "out.rank"))
    shown = [(row[0], row[1], *row[3:5]) for row in standings[head + 1 :] if row[0] is not None]
    assert [(r, p, v) for r, p, _, v in shown] == [
        (s["rank"], s["player"], s["vp"]) for s in expected
    ]
    for (_, _, points, _), entry in zip(shown, expected, strict=True):
        assert points == pytest.approx(float(entry["round_points"]))


def test_a_wrong_catalan_mark_is_said_in_catalan_on_the_errors_sheet(tmp_path: Path) -> None:
    book = tmp_path / "copa.xlsx"
    rows = event_rows()
    fill_template(SHIPPED / "template_ca.xlsx", book, rows, ROSTER)
    workbook = load_workbook(book)
    results = workbook["Resultats"]
    by_header = {cell.value: cell.column for cell in results[1] if cell.value}
    results.cell(row=2, column=by_header["Victòria declarada"], value="potser")
    workbook.save(book)

    done = run_cli("check", book)
    assert done.returncode == 1
    said = text("ca", "problem.not_a_mark", column="Victòria declarada", found="potser")
    assert said in done.stdout
    run_cli("score", book)
    errors = [v for row in rows_of(book, "Errors") for v in row if v]
    assert said in errors
    assert text("ca", "out.problem") in errors


def test_catalan_is_chosen_by_the_system_locale_and_numbers_are_catalan(tmp_path: Path) -> None:
    book = tmp_path / "buit.xlsx"
    done = run_cli("template", book, env=CATALAN_SYSTEM)
    assert done.returncode == 0, done.stderr
    assert load_workbook(book).sheetnames[2] == "Resultats"
    fill_template(book, book, event_rows(), ROSTER)
    run_cli("score", book)
    standings = rows_of(book, "Classificació")
    assert any(isinstance(v, str) and v.startswith("Calculada el") for r in standings for v in r)
    assert text("ca", "notice.computed", when="ara", games=1234, players=3).startswith(
        "Calculada el ara a partir de 1.234 partides"
    )


@pytest.mark.parametrize("said", ["Català", "catalan", "CATALÁN", "ca"])
def test_the_event_sheet_naming_catalan_makes_the_run_catalan(said: str, tmp_path: Path) -> None:
    """An English template whose Event sheet's Language cell names Catalan, in any of the
    words the Catalan catalogue lists (``msgctxt "language"``, ``codes``), is answered in
    Catalan."""
    book = tmp_path / "event.xlsx"
    fill_template(SHIPPED / "template_en.xlsx", book, event_rows(), ROSTER)
    workbook = load_workbook(book)
    workbook[sheet("en", "event")]["B4"] = said
    workbook.save(book)
    done = run_cli("score", book, env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": ""})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "S’ha escrit" in done.stdout
    assert sheet("ca", "standings") in load_workbook(book).sheetnames

"""Issue 24, "Words and looks" (items 15, 16, 17, 19): what a person reads and prints.

Seating slips with the Results sheet's words, boxes to write in and one block per table
that never breaks over a page; results typed into a slip said to be unread; the guides,
README and help naming everything there is; Standings that say games played, who
withdrew, what Buchholz is, a bye as a bye and summed shares as summed; seating and
checking messages that are true (plural, no spread before standings, a bye not a game,
one wrong road length one message).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlsx_scorer.app import api
from xlsx_scorer.app.seat import seat_bytes
from xlsx_scorer.cli import build_parser, main
from xlsx_scorer.i18n import LANGUAGES, header, text

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
GUIDES = {
    "en": "docs/organisers.md",
    "es": "docs/organisadores.md",
    "tr": "docs/organizatorler.md",
    "ca": "docs/organitzadors.md",
}
CARCASSONNE = ("score", "road_points", "city_points", "cloister_points", "field_points")


def template(tmp_path: Path, fmt: str, lang: str, players: int, **extra: Any) -> bytes:
    """A shipped template of ``fmt`` in ``lang`` with ``players`` names on its roster."""
    path = tmp_path / f"{fmt}-{lang}.xlsx"
    args = ["template", str(path), "--players", str(players), "--format", fmt, "--lang", lang]
    assert main([*args, "--rounds", "4"]) == 0
    book = openpyxl.load_workbook(path)
    roster = book.worksheets[1]
    for row in range(2, players + 2):
        roster.cell(row, 1, f"Player {row - 1:02d}")
    for (row, column), value in extra.get("roster_cells", {}).items():
        roster.cell(row, column, value)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def slips_sheet(data: bytes, name: str) -> Any:
    return openpyxl.load_workbook(io.BytesIO(data))[name]


def header_row(sheet: Any, first: str) -> int:
    return next(row[0].row for row in sheet.iter_rows() if row[0].value == first)


# ---------------------------------------------------------------------------
# Item 15: slips


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_carcassonne_slips_carry_the_results_sheets_words(tmp_path: Path, lang: str) -> None:
    seated = seat_bytes(template(tmp_path, "carcassonne-hig", lang, 8), 1)
    sheet = slips_sheet(seated.workbook, seated.sheet)
    row = header_row(sheet, text(lang, "seat.table"))
    headers = [cell.value for cell in sheet[row] if cell.value is not None]
    assert headers[3:8] == [header(lang, key) for key in CARCASSONNE]
    assert not {"score", "road_points", "other_points"} & set(headers)


@pytest.mark.parametrize(("fmt", "players"), [("carcassonne-swiss", 10), ("catan-es", 9)])
def test_slips_have_a_box_to_write_each_result_in(tmp_path: Path, fmt: str, players: int) -> None:
    seated = seat_bytes(template(tmp_path, fmt, "en", players), 1)
    sheet = slips_sheet(seated.workbook, seated.sheet)
    row = header_row(sheet, "Table")
    # the result fields after Table, Seat, Player; then the table's code and link (issue 26)
    heads = [cell.value for cell in sheet[row]]
    fields = heads[3 : heads.index(text("en", "seat.code"))]
    assert fields
    assert None not in fields
    seats = [r for r in sheet.iter_rows(min_row=row + 1) if r[2].value]
    assert len(seats) == players
    for line in seats:
        for cell in line[3 : 3 + len(fields)]:
            assert cell.value is None
            assert cell.border.left.style == "thin", cell.coordinate
            assert cell.border.bottom.style == "thin", cell.coordinate


def test_no_table_block_is_cut_by_a_page_break(tmp_path: Path) -> None:
    """40 players at 10 tables do not fit one printed page: the pages break between
    blocks, never inside one, and every page repeats the header."""
    seated = seat_bytes(template(tmp_path, "catan-es", "es", 40), 1)
    book = openpyxl.load_workbook(io.BytesIO(seated.workbook))
    sheet = book[seated.sheet]
    breaks = [brk.id for brk in sheet.row_breaks.brk]
    assert breaks, "ten tables on one page"
    for row in breaks:  # a break after row `row`: the blank row after a block; a block next
        assert sheet.cell(row, 3).value is None
        assert sheet.cell(row + 1, 3).value is not None
        assert sheet.cell(row + 1, 2).value == 1  # its first seat
    assert sheet.print_title_rows


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_results_typed_into_a_slip_are_said_to_be_unread(tmp_path: Path, lang: str) -> None:
    seated = seat_bytes(template(tmp_path, "catan-es", lang, 8), 1)
    book = openpyxl.load_workbook(io.BytesIO(seated.workbook))
    sheet = book[seated.sheet]
    row = header_row(sheet, text(lang, "seat.table"))
    sheet.cell(row + 1, 4, 3)  # a judge typed settlements into the slip
    out = io.BytesIO()
    book.save(out)
    result = api.check(out.getvalue())
    said = [f for f in result.findings if f.code == "slips_typed"]
    assert len(said) == 1
    message = result.messages(lang)
    expected = text(lang, "notice.slips_typed", sheet=seated.sheet, results=seated.results)
    assert any(expected in line for line in message)
    untouched = api.check(seated.workbook)
    assert not [f for f in untouched.findings if f.code == "slips_typed"]


# ---------------------------------------------------------------------------
# Item 19: messages


def test_a_spread_of_one_place_is_one_place() -> None:
    assert "1 place apart" in text("en", "notice.seat_spread", spread=1)
    assert "1.5 places apart" in text("en", "notice.seat_spread", spread=1.5)


def test_no_spread_is_said_before_there_are_standings(tmp_path: Path) -> None:
    seated = seat_bytes(template(tmp_path, "carcassonne-swiss", "en", 10), 1)
    assert "seat_spread" not in {finding.code for finding in seated.findings}


def test_one_wrong_road_length_is_one_message(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(FIXTURES / "sample_event.xlsx")
    book["Results"]["L5"] = 9  # 5 roads built: a longest road of 9 is a typo
    out = io.BytesIO()
    book.save(out)
    result = api.check(out.getvalue())
    assert [(f.code, f.where.cell) for f in result.findings] == [
        ("longest_road_exceeds_roads", "L5")
    ]


def test_a_bye_is_not_counted_as_a_game(tmp_path: Path) -> None:
    data = seat_bytes(template(tmp_path, "carcassonne-swiss", "en", 5), 1).workbook
    book = openpyxl.load_workbook(io.BytesIO(data))
    results = book["Results"]
    for line in results.iter_rows(min_row=2):
        if line[2].value and line[1].value != "Bye":
            line[3].value = 20 + line[0].row
    out = io.BytesIO()
    book.save(out)
    result = api.score(out.getvalue())
    assert result.exit_code == 0, result.messages("en")
    assert result.games == 2  # two tables; the fifth player's bye is no game


# ---------------------------------------------------------------------------
# Item 17: Standings


def scored_swiss(tmp_path: Path, lang: str = "en") -> tuple[bytes, Any]:
    """Two rounds of a 5-player Swiss with a bye each round and a player who dropped."""
    first = seat_bytes(
        template(tmp_path, "carcassonne-swiss", lang, 5, roster_cells={(1, 2): None}), 1
    ).workbook
    book = openpyxl.load_workbook(io.BytesIO(first))
    results = book.worksheets[2]
    for line in results.iter_rows(min_row=2):
        if line[2].value and line[1].value != text(lang, "seat.bye"):
            line[3].value = 10 + line[0].row
    out = io.BytesIO()
    book.save(out)
    result = api.score(out.getvalue())
    assert result.exit_code == 0, result.messages(lang)
    return result.workbook, openpyxl.load_workbook(io.BytesIO(result.workbook))


def standings_table(book: Any, lang: str) -> tuple[list[str], list[tuple[Any, ...]], list[str]]:
    sheet = book[str(LANGUAGES[lang].SHEETS["standings"])]
    row = header_row(sheet, text(lang, "out.rank"))
    notes = [str(r[0].value) for r in sheet.iter_rows(max_row=row - 1) if r[0].value]
    headers = [cell.value for cell in sheet[row] if cell.value is not None]
    rows = [tuple(c.value for c in r[: len(headers)]) for r in sheet.iter_rows(min_row=row + 1)]
    return headers, [r for r in rows if r[1]], notes


def test_standings_say_games_played_and_a_bye_as_a_bye(tmp_path: Path) -> None:
    _, book = scored_swiss(tmp_path)
    headers, rows, notes = standings_table(book, "en")
    assert text("en", "out.games") in headers
    games = headers.index(text("en", "out.games"))
    round_one = headers.index(text("en", "out.round_column", round=1))
    byes = [r for r in rows if r[round_one] == text("en", "out.bye")]
    assert len(byes) == 1
    assert byes[0][games] == 0
    assert sorted(r[games] for r in rows) == [0, 1, 1, 1, 1]
    assert any(text("en", "out.buchholz") in note for note in notes)


def test_standings_mark_a_withdrawn_player(tmp_path: Path) -> None:
    data = template(tmp_path, "catan-es", "en", 9)
    book = openpyxl.load_workbook(io.BytesIO(data))
    roster = book.worksheets[1]
    roster.cell(1, 2, text("en", "roster.dropped_after"))
    roster.cell(4, 2, 1)  # Player 03 dropped after round 1
    out = io.BytesIO()
    book.save(out)
    seated = openpyxl.load_workbook(io.BytesIO(seat_bytes(out.getvalue(), 1).workbook))
    results = seated["Results"]
    column = {cell.value: cell.column for cell in results[1]}
    for line in results.iter_rows(min_row=2):
        if line[2].value:
            first = (line[0].row - 2) % 3 == 0
            typed = {
                "settlements": 4 if first else 3,
                "cities": 2 if first else 1,
                "vp_cards": 0,
                "knights": 0,
                "roads": 5,
                "longest_road": 1,
            }
            for key, value in typed.items():
                results.cell(line[0].row, column[header("en", key)], value)
    out = io.BytesIO()
    seated.save(out)
    result = api.score(out.getvalue())
    assert result.exit_code == 0, result.messages("en")
    headers, rows, _ = standings_table(openpyxl.load_workbook(io.BytesIO(result.workbook)), "en")
    player = headers.index(text("en", "out.player"))
    withdrawn = text("en", "out.withdrawn", round=1)
    assert [r[player] for r in rows if withdrawn in str(r)] == ["Player 03"]


def test_summed_shares_say_they_are_summed() -> None:
    assert "sum" in text("en", "out.relative").casefold()
    assert "sum" in text("en", "out.shares").casefold()


# ---------------------------------------------------------------------------
# Item 16: guides, README, help


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_guides_name_every_command_an_organiser_uses(lang: str) -> None:
    guide = (ROOT / GUIDES[lang]).read_text(encoding="utf-8")
    for word in ("xlsx-scorer seat", "xlsx-scorer serve", "xlsx-scorer merge", "archive"):
        assert word in guide, word
    assert text(lang, "event.rounds") in guide
    for key in ("dropped_after", "fixed_table", "club"):
        assert text(lang, f"roster.{key}") in guide, key
    seating = {"en": "seating.md", "es": "mesas.md", "tr": "masalar.md", "ca": "taules.md"}[lang]
    assert f"({seating})" in guide
    assert (ROOT / "docs" / seating).exists()


def test_the_readme_names_four_languages() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "English, Spanish and Turkish" not in readme
    assert re.search(r"English, Spanish, Turkish and Catalan", readme)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_help_and_package_name_both_games(lang: str) -> None:
    parser = build_parser(lang)
    assert "Carcassonne" in (parser.description or "")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    description = re.search(r'^description = "(.*)"', pyproject, re.MULTILINE)
    assert description is not None
    assert "Carcassonne" in description.group(1)

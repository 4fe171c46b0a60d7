"""Issue 24, "Fail closed and bad input" (items 10–14) and format files (item 18).

Each case is met as an organiser meets it, through the command line (``cli.main``) or
the API on bytes: a bad input is a finding naming the file, sheet, cell or key in the
user's language (exit 1 or 2), never an internal error (exit 3).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

import xlsx_scorer
from tests.builders import write
from tests.formatgen import CARCASSONNE
from xlsx_scorer import i18n
from xlsx_scorer.app import seat as seat_app
from xlsx_scorer.cli import main
from xlsx_scorer.core import cells
from xlsx_scorer.findings import Finding, UnusableWorkbookError, render
from xlsx_scorer.i18n import LANGUAGES, catalogue
from xlsx_scorer.web.server import XLSX, create_app

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "fixtures" / "sample_event.xlsx"
LANGS = ("en", "es", "tr", "ca")


def seated_event(folder: Path, change: dict[tuple[str, str], Any]) -> Path:
    """A template of 8 players with a Fixed Table column, the cells in ``change`` set."""
    path = folder / "event.xlsx"
    assert main(["template", str(path), "--players", "8", "--rounds", "3"]) == 0
    book = openpyxl.load_workbook(path)
    players = book["Players"]
    players["B1"] = "Fixed Table"
    for row in range(2, 10):
        players.cell(row, 1, f"Player {row - 1}")
    for (sheet, cell), value in change.items():
        book[sheet][cell] = value
    book.save(path)
    return path


# ---------------------------------------------------------------------------
# 10. One whole-number parser: a non-ASCII digit is not a number, never a crash


@pytest.mark.parametrize(
    ("sheet", "cell", "value", "extra"),
    [
        ("Players", "B3", "²", {}),
        ("Event", "B5", "³", {("Event", "A5"): "Rounds"}),
        ("Results", "A2", "¹", {("Results", "B2"): 1, ("Results", "C2"): "Player 1"}),
    ],
)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_superscript_digit_is_named_not_a_crash(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    *,
    sheet: str,
    cell: str,
    value: str,
    extra: dict[tuple[str, str], Any],
    lang: str,
) -> None:
    path = seated_event(tmp_path, {(sheet, cell): value, **extra})
    before = path.read_bytes()
    capsys.readouterr()
    code = main(["seat", str(path), "--round", "1", "--lang", lang])
    said = capsys.readouterr()
    assert code == 2, said
    assert f"{sheet}!{cell}" in said.err
    assert value in said.err
    assert ("No se ha escrito nada" if lang == "es" else "Nothing was written") in said.err
    assert path.read_bytes() == before


def test_a_superscript_digit_refuses_seating_on_bytes(tmp_path: Path) -> None:
    path = seated_event(tmp_path, {("Players", "B3"): "²"})
    with pytest.raises(UnusableWorkbookError) as refused:
        seat_app.seat_bytes(path.read_bytes(), 1, path=path)
    assert refused.value.finding.params["cell"] == "B3"


def test_a_superscript_digit_is_a_refusal_on_the_page_not_a_500(tmp_path: Path) -> None:
    path = seated_event(tmp_path, {("Players", "B3"): "²"})
    with TestClient(create_app(warm_up=False), base_url="http://127.0.0.1") as client:
        files = {"file": ("cup.xlsx", path.read_bytes(), XLSX)}
        response = client.post("/api/seat", files=files, data={"round": "1", "lang": "es"})
    assert response.status_code == 422, response.text
    assert "Players!B3" in response.json()["message"]


def test_a_superscript_round_on_the_command_line_is_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = seated_event(tmp_path, {})
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:
        main(["seat", str(path), "--round", "²", "--lang", "es"])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "--round: se esperaba un número entero" in said  # not argparse's "invalid value"


@pytest.mark.parametrize("value", ["²", "٣", "３", "³.0", "1²"])
def test_a_non_ascii_digit_is_no_whole_number(value: str) -> None:
    parsed = cells.whole_number(value)
    assert isinstance(parsed, cells.CellError)
    assert parsed.code == "text_in_number"


def test_a_non_ascii_digit_in_results_is_a_named_error(tmp_path: Path) -> None:
    rows = [
        (1, 1, "Ana", "٣", 1, 0, 0, 5, 5, None, None, None),
        (1, 1, "Bo", 2, 1, 0, 0, 5, 5, None, None, None),
        (1, 1, "Cem", 2, 1, 0, 0, 5, 5, None, None, None),
    ]
    path = write(tmp_path / "cup.xlsx", rows)
    checked = xlsx_scorer.check(path.read_bytes(), filename="cup.xlsx")
    assert checked.exit_code == 1
    (finding,) = [f for f in checked.findings if f.where.ref == "Results!D2"]
    assert finding.code == "text_in_number"


def test_every_whole_number_of_a_cell_is_read_by_one_parser() -> None:
    """No module but ``core/cells.py`` reads a whole number out of a cell's text."""
    package = ROOT / "xlsx_scorer"
    trusting = re.compile(r"\.isdigit\(\)|\.isdecimal\(\)|\.isnumeric\(\)|int\(float\(")
    readers = [
        f"{path.relative_to(package)}: {line.strip()}"
        for folder in ("core", "xlsx", "app")
        for path in sorted((package / folder).rglob("*.py"))
        if path.name != "cells.py"
        for line in path.read_text("utf-8").splitlines()
        if trusting.search(line) and "isascii()" not in line  # ASCII-checked: a sort key
    ]
    assert readers == []


# ---------------------------------------------------------------------------
# 11. A 2-player Catan format: byes cannot be scored as SPEC §6 says: refused by name

CATAN_DUEL = """name = "duel"
game = "catan"
table_sizes = [2]
points = { 2 = [3, 0] }
order = ["points", "vp"]
"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_two_player_catan_format_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    fmt = tmp_path / "duel.toml"
    fmt.write_text(CATAN_DUEL, encoding="utf-8")
    blank = tmp_path / "duel.xlsx"
    code = main(["template", str(blank), "--format", str(fmt), "--lang", lang])
    said = capsys.readouterr()
    assert code == 2, said
    assert "table_sizes" in said.err
    assert not blank.exists()
    out = tmp_path / "out.xlsx"
    assert main(["score", str(SAMPLE), "--format", str(fmt), "-o", str(out)]) == 2
    assert not out.exists()


# ---------------------------------------------------------------------------
# 12. A format name with a control character, a blank one, another game's keys

FORMAT = """name = "club-night"
game = "carcassonne"
table_sizes = [3, 4]
points = {{ 4 = [6, 4, 2, 0], 3 = [6, 4, 2] }}
order = {order}
"""


@pytest.mark.parametrize(
    ("name", "shown"), [('"club\\u0007night"', "club"), ('"   "', '"   "'), ('""', '""')]
)
def test_a_bad_format_name_is_refused_by_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, shown: str
) -> None:
    fmt = tmp_path / "club.toml"
    source = FORMAT.format(order='["points", "score"]').replace('"club-night"', name)
    fmt.write_text(source, encoding="utf-8")
    blank = tmp_path / "club.xlsx"
    code = main(["template", str(blank), "--format", str(fmt)])
    said = capsys.readouterr()
    assert code == 2, said
    assert "name =" in said.err
    assert shown in said.err
    assert "control" in said.err or "blank" in said.err
    assert not blank.exists()


@pytest.mark.parametrize(
    ("game", "order", "key"),
    [
        ("carcassonne", '["points", "capped_vp"]', "capped_vp"),
        ("carcassonne", '["points", "vp_ratio"]', "vp_ratio"),
        ("carcassonne", '["points", "vp"]', "vp"),
        ("catan", '["points", "score"]', "score"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "tr"])
def test_another_games_key_is_refused_by_name(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    *,
    game: str,
    order: str,
    key: str,
    lang: str,
) -> None:
    fmt = tmp_path / "club.toml"
    source = FORMAT.format(order=order).replace('"carcassonne"', f'"{game}"')
    fmt.write_text(source, encoding="utf-8")
    workbook = write(tmp_path / "club.xlsx", [(1, 1, "Ana", 10)], headers=CARCASSONNE[:4])
    before = workbook.read_bytes()
    code = main(["score", str(workbook), "--format", str(fmt), "--lang", lang])
    said = capsys.readouterr()
    assert code == 2, said
    assert f"order = {order}" in said.err
    assert re.search(rf"\b{key}\b", said.err.split(order, 1)[1]), said.err
    assert workbook.read_bytes() == before


# ---------------------------------------------------------------------------
# 13. An empty or fuzzy catalogue entry: English for that message, as gettext


@pytest.fixture
def untranslated(tmp_path: Path) -> Iterator[Path]:
    """The shipped catalogues copied, Spanish's ``cli.wrote`` emptied and ``cli.top``
    marked fuzzy, compiled, and read instead of the shipped ones."""
    folder = tmp_path / "locale"
    shutil.copytree(catalogue.LOCALE, folder)
    source = catalogue.path_of(folder, "es")
    said = source.read_text(encoding="utf-8")
    emptied = re.sub(r'(msgid "cli\.wrote"\nmsgstr )"[^"]*"', r'\1""', said)
    fuzzy = emptied.replace('msgid "cli.top"\n', '#, fuzzy\nmsgid "cli.top"\n')
    assert emptied != said
    assert fuzzy != emptied
    source.write_text(fuzzy, encoding="utf-8")
    with source.open("rb") as file:
        compiled = read_po(file)
    with source.with_suffix(".mo").open("wb") as file:
        write_mo(file, compiled)
    original = LANGUAGES.folder
    caches = (catalogue._loaded, i18n._message)
    for cache in caches:
        cache.cache_clear()
    LANGUAGES.folder = folder
    try:
        yield folder
    finally:
        LANGUAGES.folder = original
        for cache in caches:
            cache.cache_clear()


def test_an_untranslated_message_is_said_in_english(
    untranslated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "cli.wrote" not in catalogue.load(untranslated, "es").STRINGS
    out = tmp_path / "scored.xlsx"
    code = main(["score", str(SAMPLE), "--lang", "es", "-o", str(out)])
    said = capsys.readouterr()
    assert code == 0, said
    assert f"Wrote {out}." in said.out  # English, where Spanish has no words
    assert "Top 10:" in said.out  # a fuzzy entry is no translation either
    assert "partidas puntuadas" in said.out  # the rest is still Spanish
    assert out.exists()


def test_a_message_missing_in_english_too_is_its_key(untranslated: Path) -> None:
    english = catalogue.path_of(untranslated, "en")
    said = english.read_text(encoding="utf-8")
    english.write_text(
        re.sub(r'(msgid "cli\.wrote"\nmsgstr )"[^"]*"', r'\1""', said), encoding="utf-8"
    )
    english.with_suffix(".mo").unlink()
    catalogue._loaded.cache_clear()
    i18n._message.cache_clear()
    assert i18n.text("es", "cli.wrote", file="x") == "cli.wrote"


# ---------------------------------------------------------------------------
# 14. verify --format OTHER: which format the archive was made in


@pytest.fixture(scope="module")
def archived(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive") / "kept"
    assert main(["archive", str(SAMPLE), "-o", str(folder)]) == 0
    return folder


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("other", ["catan-de", "carcassonne-hig"])
def test_verify_in_another_format_names_the_archived_one(
    archived: Path, capsys: pytest.CaptureFixture[str], lang: str, other: str
) -> None:
    capsys.readouterr()
    code = main(["verify", str(archived), "--format", other, "--lang", lang])
    said = capsys.readouterr()
    assert code == 2, said
    assert "catan-es" in said.err
    assert other in said.err
    assert "fingerprint" not in (said.out + said.err).lower()


def test_verify_in_another_format_on_the_workbook_alone(
    archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["verify", str(archived / "sample_event.xlsx"), "--format", "catan-world"])
    assert code == 2
    assert "catan-es" in capsys.readouterr().err


def test_verify_in_the_archived_format_passes(
    archived: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(archived), "--format", "CATAN-ES"]) == 0, capsys.readouterr()
    assert main(["verify", str(archived)]) == 0


# ---------------------------------------------------------------------------
# 18. Format files: the right shape shown, game names in any case, a missing file


@pytest.mark.parametrize(
    ("points", "size"),
    [
        ("points = [6, 4, 2, 1]", None),
        ("[points]\n4 = [6, 4, 2, 1]", 3),
        ("points = { 4 = [6, 4, 2, 1], 3 = [6, 4] }", 3),
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_points_of_the_wrong_shape_get_an_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], points: str, size: int | None, lang: str
) -> None:
    fmt = tmp_path / "club.toml"
    fmt.write_text(
        f'name = "club"\ngame = "catan"\ntable_sizes = [3, 4]\norder = ["points"]\n{points}\n',
        encoding="utf-8",
    )
    code = main(["check", str(SAMPLE), "--format", str(fmt), "--lang", lang])
    said = capsys.readouterr().err
    assert code == 2, said
    assert "[points]\n" in said
    assert re.search(r"^\d = \[\d+(, \d+)+\]$", said, re.MULTILINE), said
    if size is not None:
        assert f"{size} = [" in said
        assert re.search(rf"\b{size}\b", said.split("[points]")[0])


def test_a_game_name_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fmt = tmp_path / "mine.toml"
    fmt.write_text(
        'name = "mine"\ngame = "Catan"\ntable_sizes = [3, 4]\norder = ["wins", "vp"]\n',
        encoding="utf-8",
    )
    out = tmp_path / "out.xlsx"
    code = main(["score", str(SAMPLE), "--format", str(fmt), "-o", str(out)])
    assert code == 0, capsys.readouterr()


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_format_file_is_called_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    missing = tmp_path / "lliga.toml"
    code = main(["score", str(SAMPLE), "--format", str(missing), "--lang", lang])
    said = capsys.readouterr().err
    assert code == 2
    assert str(missing) in said
    refusal = said.splitlines()[0]
    assert refusal == render_missing(lang, str(missing))


def render_missing(lang: str, file: str) -> str:
    return render(Finding("unusable.format_file_missing", {"file": file}, "fatal"), lang)

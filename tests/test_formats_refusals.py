"""An organiser's broken format file, broken Carcassonne sheets and another game's workbook,
through the CLI as an organiser meets them (docs/rules.md "6. Formats").

- a format file that breaks the shape is refused by the key's name, exit 2, nothing
  written (the workbook's bytes unchanged, no output file), in every language, and as
  JSON under ``check --json``;
- each broken Carcassonne cell is named (sheet and cell) in every language, in words and
  in ``check --json``;
- a Carcassonne workbook scored with a Catan format (and the other way round) gets one
  message naming the ``--format`` to use.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.builders import run_cli, with_vp, write
from tests.formatgen import CARCASSONNE
from xlsx_scorer.app.api import check
from xlsx_scorer.cli import main
from xlsx_scorer.core.formats import load

LANGS = ("en", "es", "tr")

GOOD = """name = "club-night"
game = "carcassonne"
table_sizes = [3, 4]
points = { 4 = [6, 4, 2, 0], 3 = [6, 4, 2] }
order = ["points", "relative", "score"]
"""

BROKEN = {
    # (what is wrong, the file, the word the message must name)
    "misspelt key": (GOOD.replace("points =", "point ="), "point"),
    "misspelt table_sizes": (GOOD.replace("table_sizes", "table_size"), "table_size"),
    "unknown game": (GOOD.replace('"carcassonne"', '"chess"'), "game"),
    "sizes as text": (GOOD.replace("[3, 4]", '"3-4"'), "table_sizes"),
    "points list too short": (GOOD.replace("[6, 4, 2, 0]", "[6, 4, 2]"), "points"),
    "points list too long": (GOOD.replace("[6, 4, 2]", "[6, 4, 2, 1]"), "points"),
    "points as text": (GOOD.replace("[6, 4, 2, 0]", '[6, 4, 2, "0"]'), "points"),
    "negative points": (GOOD.replace("[6, 4, 2, 0]", "[6, 4, 2, -1]"), "points"),
    "points for a size not played": (
        GOOD.replace("3 = [6, 4, 2] }", "3 = [6, 4, 2], 5 = [5, 4, 3, 2, 1] }"),
        "points",
    ),
    "unknown order key": (GOOD.replace('"relative"', '"relativ"'), "order"),
    "order key twice": (GOOD.replace('"score"]', '"points"]'), "order"),
    "points ranked without a points table": (
        "\n".join(line for line in GOOD.splitlines() if not line.startswith("points")),
        "order",
    ),
    "missing order": (GOOD.replace('order = ["points", "relative", "score"]', ""), "order"),
    "name a number": (GOOD.replace('"club-night"', "7"), "name"),
}

HIG_ROWS = [
    (1, 1, "Ana", 90, 20, 40, 10, 20, 0),
    (1, 1, "Bo", 90, None, None, None, None, None),
    (1, 1, "Cem", 60, 10, 20, 10, 20, 0),
    (1, 1, "Dan", 40, None, None, None, None, None),
    (1, 2, "Eda", 50, None, None, None, None, None),
    (1, 2, "Fay", 30, None, None, None, None, None),
    (1, 2, "Gus", 20, None, None, None, None, None),
]


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return write(tmp_path / "club.xlsx", HIG_ROWS, headers=CARCASSONNE)


def test_the_good_file_scores(tmp_path: Path, workbook: Path) -> None:
    fmt = tmp_path / "club-night.toml"
    fmt.write_text(GOOD, encoding="utf-8")
    done = run_cli("score", workbook, "--format", fmt, "-o", tmp_path / "out.xlsx")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_misspelt_key_is_refused_by_name_from_the_shell(tmp_path: Path, workbook: Path) -> None:
    fmt = tmp_path / "club-night.toml"
    fmt.write_text(BROKEN["misspelt key"][0], encoding="utf-8")
    before = workbook.read_bytes()
    done = run_cli("score", workbook, "--format", fmt, "--lang", "es")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "point" in done.stderr
    assert "No se ha escrito nada" in done.stderr
    assert workbook.read_bytes() == before


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_format_file_is_refused_by_name(
    tmp_path: Path,
    workbook: Path,
    case: str,
    lang: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    source, key = BROKEN[case]
    fmt = tmp_path / "club-night.toml"
    fmt.write_text(source, encoding="utf-8")
    before = workbook.read_bytes()
    out = tmp_path / "out.xlsx"
    code = main(["score", str(workbook), "--format", str(fmt), "--lang", lang, "-o", str(out)])
    said = capsys.readouterr()
    assert code == 2, said
    assert key in said.err
    assert str(fmt) in said.err
    assert not out.exists()
    assert workbook.read_bytes() == before
    code = main(["check", str(workbook), "--format", str(fmt), "--lang", lang, "--json"])
    said = capsys.readouterr()
    assert code == 2, said
    document = json.loads(said.out)
    assert document["exit_code"] == 2
    (finding,) = document["findings"]
    assert finding["severity"] == "fatal"
    assert finding["code"].startswith("unusable.format")
    assert key in finding["message"]


@pytest.mark.parametrize("lang", LANGS)
def test_broken_carcassonne_cells_are_named(tmp_path: Path, lang: str) -> None:
    rows = [
        (1, 1, "Ana", -5, None, None, None, None, None),  # D2 negative score
        (1, 1, "Bo", "lots", None, None, None, None, None),  # D3 text
        (1, 1, "Cem", 60, 10, 20, 10, 20, 5),  # D4: the breakdown adds up to 65
        (1, 1, "Dan", 40, 10, 10, 10, 10, 0),
        (1, 2, "Eda", 50, None, None, None, None, None),
        (1, 2, "Fay", 30, None, -1, None, None, None),  # F7 negative Cities
        (1, 2, "Ana", 20, None, None, None, None, None),  # C8 Ana twice in round 1
        (1, 3, "Gus", 20, None, None, None, None, None),  # B9/B10 a table of two
        (1, 3, "Hal", 20.5, None, None, None, None, None),  # D10 not whole
    ]
    source = write(tmp_path / "broken.xlsx", rows, headers=CARCASSONNE)
    done = run_cli("check", source, "--format", "carcassonne-hig", "--lang", lang, "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    findings = json.loads(done.stdout)["findings"]
    named = {(f["where"]["sheet"], f["where"]["cell"], f["code"]) for f in findings}
    for cell, code in [
        ("D2", "below_minimum"),
        ("D3", "text_in_number"),
        ("D4", "breakdown_mismatch"),
        ("F7", "below_minimum"),
        ("C8", "player_twice_in_round"),
        ("B9", "table_size"),
        ("B10", "table_size"),
        ("D10", "not_whole_number"),
    ]:
        assert ("Results", cell, code) in named, (cell, code, sorted(named))
    for finding in findings:
        assert finding["message"][:1].isupper(), finding["message"]
    words = run_cli("check", source, "--format", "carcassonne-hig", "--lang", lang)
    for cell in ("D2", "D3", "D4", "F7", "C8", "B9", "D10"):
        assert f"Results!{cell} " in words.stdout
    assert "E4, F4, G4, H4, I4" in words.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_table_of_the_wrong_size_for_swiss_is_named(tmp_path: Path, lang: str) -> None:
    source = write(tmp_path / "swiss.xlsx", HIG_ROWS, headers=CARCASSONNE)
    done = run_cli("check", source, "--format", "carcassonne-swiss", "--lang", lang, "--json")
    assert done.returncode == 1
    findings = json.loads(done.stdout)["findings"]
    assert {f["where"]["cell"] for f in findings} == {f"B{n}" for n in range(2, 9)}
    for finding in findings:
        assert finding["code"] == "table_size_format"
        assert finding["message"][:1].isupper(), finding["message"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("game", "fmt", "advice"),
    [
        ("carcassonne", "catan-de", "carcassonne-hig"),
        ("carcassonne", "catan-world", "carcassonne-swiss"),
        ("catan", "carcassonne-hig", "catan-es"),
        ("catan", "carcassonne-swiss", "catan-world"),
    ],
)
def test_another_games_workbook_gets_one_message(
    tmp_path: Path, lang: str, game: str, fmt: str, advice: str
) -> None:
    if game == "carcassonne":
        source = write(tmp_path / "event.xlsx", HIG_ROWS, headers=CARCASSONNE)
    else:
        rows = [with_vp(1, 1, p, vp) for p, vp in [("Ana", 9), ("Bo", 7), ("Cem", 5)]]
        source = write(tmp_path / "event.xlsx", rows)
    before = source.read_bytes()
    done = run_cli("score", source, "--format", fmt, "--lang", lang)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"--format {advice}" in done.stderr
    assert source.read_bytes() == before
    checked = run_cli("check", source, "--format", fmt, "--lang", lang, "--json")
    (finding,) = json.loads(checked.stdout)["findings"]
    assert finding["code"] == "unusable.wrong_game"
    assert f"--format {advice}" in finding["message"]


@pytest.mark.parametrize(
    ("case", "shown"),
    [
        ("points as text", 'points = { 4 = [6, 4, 2, "0"], 3 = [6, 4, 2] }'),
        ("negative points", "points = { 4 = [6, 4, 2, -1], 3 = [6, 4, 2] }"),
        ("unknown order key", 'order = ["points", "relativ", "score"]'),
    ],
)
def test_the_refusal_quotes_the_whole_setting(
    tmp_path: Path, workbook: Path, case: str, shown: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The message shows the setting as the file has it, not one number out of it."""
    fmt = tmp_path / "club-night.toml"
    fmt.write_text(BROKEN[case][0], encoding="utf-8")
    assert main(["check", str(workbook), "--format", str(fmt)]) == 2
    assert shown in capsys.readouterr().err


def test_a_template_for_an_organisers_file_says_to_score_without_it(tmp_path: Path) -> None:
    """The Event sheet records the organiser's format with its rules (issue 24), so the next
    command needs no --format."""
    fmt = tmp_path / "club night.toml"
    fmt.write_text(GOOD, encoding="utf-8")
    blank = tmp_path / "club.xlsx"
    done = run_cli("template", blank, "--format", fmt, "--players", "6")
    assert done.returncode == 0, done.stderr
    assert f"then run: xlsx-scorer score {blank}\n" in done.stdout


def test_a_file_named_like_a_shipped_format_is_recorded_with_its_rules(tmp_path: Path) -> None:
    """``name = "catan-es"`` with other points is not catan-es: the template records its
    rules beside the name, and they are what the workbook is read in."""
    fmt = tmp_path / "mine.toml"
    fmt.write_text(
        'name = "catan-es"\ngame = "catan"\ntable_sizes = [3, 4]\n'
        'points = { 4 = [6, 4, 2, 0], 3 = [6, 4, 2] }\norder = ["points", "vp"]\n',
        encoding="utf-8",
    )
    blank = tmp_path / "club.xlsx"
    assert main(["template", str(blank), "--format", str(fmt)]) == 0
    event = {row[0]: row[1] for row in load_workbook(blank)["Event"].iter_rows(values_only=True)}
    assert "[6, 4, 2, 0]" in event["Format Rules"], event
    assert check(blank.read_bytes()).format == load(str(fmt))


def test_the_command_to_run_again_keeps_the_format(tmp_path: Path) -> None:
    """After problems, "run again: …" repeats --format: without it the re-run would read the
    workbook as Catan and refuse it."""
    rows = [(*row[:3], -1 if row[2] == "Ana" else row[3], *row[4:]) for row in HIG_ROWS]
    source = write(tmp_path / "club.xlsx", rows, headers=CARCASSONNE)
    done = run_cli("score", source, "--format", "carcassonne-hig")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"xlsx-scorer score {source} --format carcassonne-hig" in done.stdout


def test_a_shipped_name_in_any_case(tmp_path: Path, workbook: Path) -> None:
    """``--format Carcassonne-HiG`` is the shipped format, as the Event sheet's value is."""
    done = run_cli("score", workbook, "--format", "Carcassonne-HiG", "-o", tmp_path / "o.xlsx")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Tournament Points" in done.stdout

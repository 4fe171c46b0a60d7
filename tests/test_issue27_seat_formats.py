"""Issue 27: stages declared by the format (SPEC §10, docs/rules.md §10, "Stages in a format").

The shipped plans at every attendance the issue names; a format file's ``[[stages]]`` and
``[[plans]]`` checked key by key (a bad key named, in every language); the stages kept
through the workbook's record of an organiser's own format; ``formats`` saying what each
format plays after its rounds.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlsx_scorer.cli import main
from xlsx_scorer.core import stages
from xlsx_scorer.core.formats import load, shipped
from xlsx_scorer.i18n import LANGUAGES

SEMIS = ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))
#: format → attendance → the stages played: (name, cut, tables, advance, entrants, seeding).
EXPECTED: dict[str, Any] = {
    "catan-es": lambda n: (
        [("semifinal", 16, SEMIS, 1, "advancers", "rank"),
         ("final", None, ((1, 2, 3, 4),), 1, "advancers", "rank")]
        if n >= 16 else []
    ),
    "catan-world": lambda n: (
        [("semifinal", 16, SEMIS, 1, "advancers", "rank"),
         ("final", None, ((1, 2, 3, 4),), 1, "advancers", "rank")]
        if n >= 29
        else [("final", 4, ((1, 2, 3, 4),), 1, "advancers", "rank")] if n >= 12 else []
    ),
    "carcassonne-swiss": lambda n: [
        ("quarterfinal", 8, ((1, 8), (2, 7), (3, 6), (4, 5)), 1, "advancers", "rank"),
        ("semifinal", None, ((1, 4), (2, 3)), 1, "advancers", "bracket"),
        ("final", None, ((1, 2), (3, 4)), 1, "advancers_and_losers", "bracket"),
    ],
    "catan-de": lambda n: [],
    "carcassonne-hig": lambda n: [],
}  # fmt: skip


@pytest.mark.parametrize("players", [11, 12, 15, 16, 20, 28, 29, 40, 180])
@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_shipped_plan_at_every_attendance(name: str, players: int) -> None:
    fmt = load(name)
    found = [
        (s.name, s.cut, s.tables, s.advance, s.entrants, s.seeding)
        for s in stages.played(fmt.stages, players)
    ]
    assert found == EXPECTED[name](players)
    for stage in stages.played(fmt.stages, players):  # every table a size the format plays
        assert all(len(table) in fmt.table_sizes for table in stage.tables)


def test_stage_k_takes_what_stage_k_minus_1_sends_on() -> None:
    semi, final = stages.played(load("catan-es").stages, 40)
    assert stages.entering(semi, final) == 4
    quarter, semi2, final2 = stages.played(load("carcassonne-swiss").stages, 40)
    assert (stages.entering(quarter, semi2), stages.entering(semi2, final2)) == (4, 4)


def cli(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    said = capsys.readouterr()
    return code, said.out, said.err


HEAD = 'name = "club"\ngame = "catan"\ntable_sizes = [3, 4]\norder = ["wins", "vp"]\n'
GOOD_STAGES = """
[[stages]]
name = "semifinal"
cut = 8
tables = [[1, 4, 5, 8], [2, 3, 6, 7]]
advance = 2
[[stages]]
name = "Gran final"
tables = [[1, 2, 3, 4]]
"""
#: A bad file's stages → the key its refusal names.
BAD = {
    '[[stages]]\nname = "final"\ncut = 4\ntabels = [[1, 2, 3, 4]]\n': "stages[1].tabels",
    '[[stages]]\nname = "final"\ncut = 4\n': "stages[1].tables",
    '[[stages]]\nname = "final"\ncut = "4"\ntables = [[1, 2, 3, 4]]\n': "stages[1].cut",
    '[[stages]]\nname = "final"\ncut = 4\ntables = [[1, 2, 3, 5]]\n': "stages[1].tables",
    '[[stages]]\nname = "final"\ncut = 4\ntables = [[1, 2], [3, 4]]\n': "stages[1].tables",
    '[[stages]]\nname = "final"\ntables = [[1, 2, 3, 4]]\n': "stages[1].cut",
    '[[stages]]\nname = "final"\ncut = 4\ntables = [[1, 2, 3, 4]]\nseeding = "draw"\n':
        "stages[1].seeding",
    GOOD_STAGES.replace("advance = 2", "advance = 4"): "stages[1].advance",
    GOOD_STAGES + "cut = 4\n": "stages[2].cut",
    "[[plans]]\nmin_players = 12\ncolour = 1\n": "plans[1].colour",
    "[[plans]]\nmin_players = 12\n[[plans]]\nmin_players = 20\n": "plans[2].min_players",
    "[[plans]]\nmin_players = 12\n[[plans.stages]]\nname = 'f'\ncut = 4\ntables = [[1, 2, 3, 4]]\n"
    "entrants = 'all'\n": "plans[1].stages[1].entrants",
}  # fmt: skip


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("bad", list(BAD))
def test_a_bad_stage_key_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, bad: str, lang: str
) -> None:
    club = tmp_path / "club.toml"
    club.write_text(HEAD + bad, encoding="utf-8")
    code, out, err = cli(
        capsys, "template", tmp_path / "cup.xlsx", "--format", club, "--lang", lang
    )
    assert code == 2, out + err
    assert BAD[bad] in err
    assert "{" not in err.split(BAD[bad])[0]  # a message, not a pattern left unfilled
    assert not (tmp_path / "cup.xlsx").exists()


def test_stages_survive_the_workbooks_record_of_an_own_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    club = tmp_path / "club.toml"
    club.write_text(HEAD + GOOD_STAGES, encoding="utf-8")
    own = load(club)
    assert [s.name for s in own.stages[0].stages] == ["semifinal", "Gran final"]
    path = tmp_path / "cup.xlsx"
    assert cli(capsys, "template", path, "--format", club, "--players", 8)[0] == 0
    sheet = openpyxl.load_workbook(path)["Event"]
    lines = {row[0]: row[1] for row in sheet.iter_rows(values_only=True) if row[0]}
    assert "[[stages]]" in lines["Format Rules"]
    from xlsx_scorer.core.formats import parse

    assert parse(tomllib.loads(lines["Format Rules"]), "Event!B7") == own
    planned = (
        HEAD
        + (Path(__file__).parent.parent / "xlsx_scorer/formats/catan-world.toml")
        .read_text(encoding="utf-8")
        .split('order = ["wins", "vp", "relative"]', 1)[1]
    )
    club.write_text(planned, encoding="utf-8")
    assert load(club).stages == shipped()["catan-world"].stages


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["top 16 → Semi-final (4 tables of 4) → Final (1 table of 4)",
                "12–28 players: top 4 → Final", "Quarter-final (4 tables of 2)"]),
        ("es", ["los 16 primeros → Semifinal (4 mesas de 4)", "Cuartos de final"]),
        ("tr", ["Yarı final", "Çeyrek final"]),
        ("ca", ["Quarts de final", "Després de les rondes: sense fase final"]),
    ],
)  # fmt: skip
def test_formats_says_what_each_plays_after_its_rounds(
    capsys: pytest.CaptureFixture[str], lang: str, words: list[str]
) -> None:
    code, out, _ = cli(capsys, "formats", "--lang", lang)
    assert code == 0
    for word in words:
        assert word in out

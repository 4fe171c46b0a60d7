"""A format's name and a stage's name follow one rule (``core.stages.shown_name``): shown to
players, so never blank and without control characters; a format file breaking it is
refused (exit 2) by the key, saying the rule (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlsx_scorer.cli import main
from xlsx_scorer.core import formats, stages
from xlsx_scorer.findings import UnusableWorkbookError

HEAD = 'name = {name}\ngame = "catan"\ntable_sizes = [3, 4]\norder = ["wins", "vp"]\n'
FILE = {"name": "club", "game": "catan", "table_sizes": [3, 4], "order": ["wins", "vp"]}
FINAL = {"name": "final", "cut": 4, "tables": [[1, 2, 3, 4]]}
STAGE = "[[stages]]\nname = {name}\ncut = 4\ntables = [[1, 2, 3, 4]]\n"


@pytest.mark.parametrize("name", ['"club\\u0007night"', '"   "', '"\\t"'])
def test_a_bad_name_is_refused_alike_for_the_format_and_its_stage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    said: dict[str, str] = {}
    for key, source in (
        ("name", HEAD.format(name=name) + STAGE.format(name='"final"')),
        ("stages[1].name", HEAD.format(name='"club"') + STAGE.format(name=name)),
    ):
        fmt = tmp_path / "club.toml"
        fmt.write_text(source, encoding="utf-8")
        code = main(["template", str(tmp_path / "cup.xlsx"), "--format", str(fmt)])
        err = capsys.readouterr().err
        assert code == 2, err
        assert f"{key} =" in err
        said[key] = err.split(f"{key} =", 1)[1]
        assert not (tmp_path / "cup.xlsx").exists()
    for told in said.values():
        assert "not blank, without control characters" in told, said


def test_the_format_and_its_stages_ask_one_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """One function judges both names: made stricter, both refuse (two copies would not)."""

    def stricter(name: str) -> str:
        if "forbidden" in name:
            raise ValueError("a name to show: not blank, no control characters")
        return name

    monkeypatch.setattr(stages, "shown_name", stricter)
    for key, document in (
        ("name", {**FILE, "name": "forbidden"}),
        ("stages[1].name", {**FILE, "stages": [{**FINAL, "name": "forbidden"}]}),
    ):
        with pytest.raises(UnusableWorkbookError) as refused:
            formats.parse(document, "club.toml")
        assert key in str(refused.value.finding.params), refused.value.finding
    assert formats.parse(FILE, "club.toml").name == "club"

"""Rows of a round after an event's last stage are named, never ignored (issue 27).

A ``catan-es`` event of 20 players and 2 preliminary rounds plays its semi-finals in
round 3 and its final in round 4 (both seated by ``seat``, results typed).  Rows typed for
round 5 count in no standings: ``check`` names round 5 (``stage_round_past_last``, an
error at its first row's Round cell), and ``score`` writes no Final Ranking with them.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from tests.builders import with_vp
from tests.test_issue27_seat_stages import catan_event, cli, seated, type_results
from xlsx_scorer.cli import main


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The event through its final, every game typed."""
    path = catan_event(tmp_path_factory.mktemp("pastlast") / "event.xlsx", 20, 2, "catan-es")
    assert main(["seat", str(path), "--round", "3"]) == 0
    semis = seated(path, 3)
    vps = {table[-1]: 10 for table in semis} | {
        name: 9 - seat for table in semis for seat, name in enumerate(table[:-1])
    }
    type_results(path, 3, vps, catan=True)
    assert main(["seat", str(path), "--round", "4"]) == 0
    type_results(path, 4, dict(zip(seated(path, 4)[0], [10, 8, 6, 4], strict=True)), catan=True)
    return path


def test_the_played_event_has_no_problem(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "check", played, "--json")
    assert code == 0, out + err
    assert "stage_round_past_last" not in out


def test_rows_after_the_final_are_named_by_their_round(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "past.xlsx"
    path.write_bytes(played.read_bytes())
    book = openpyxl.load_workbook(path)
    sheet = book["Results"]
    first = sheet.max_row + 1
    for offset, name in enumerate(seated(path, 4)[0]):
        for column, value in enumerate(with_vp(5, 1, name, 10 - 2 * offset), start=1):
            sheet.cell(first + offset, column, value)
    book.save(path)
    code, out, _ = cli(capsys, "check", path, "--json")
    assert code != 0
    found = [f for f in json.loads(out)["findings"] if f["code"] == "stage_round_past_last"]
    assert len(found) == 1, out
    assert found[0]["params"] == {
        "round": 5,
        "last": 4,
        "rounds": 2,
        "stages": 2,
        "format": "catan-es",
    }
    assert found[0]["severity"] == "error"
    assert found[0]["where"]["cell"] == f"A{first}"
    code, out, _ = cli(capsys, "check", path, "--lang", "es")
    assert "La ronda 5 va después de la última ronda de este evento" in out

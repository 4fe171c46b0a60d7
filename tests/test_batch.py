"""``check`` and ``score`` on several workbooks or a folder, through the command line."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from xlsx_scorer.cli import commands, main
from xlsx_scorer.i18n import text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ROOT = FIXTURES.parent


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Two events, a file that is no workbook, a lock file and a text file."""
    events = tmp_path / "events"
    events.mkdir()
    shutil.copy(FIXTURES / "sample_event.xlsx", events / "a_event.xlsx")
    shutil.copy(FIXTURES / "sample_mistakes.xlsx", events / "b_mistakes.xlsx")
    (events / "c_broken.xlsx").write_bytes(b"not a workbook at all")
    (events / "~$a_event.xlsx").write_bytes(b"lock")
    (events / "notes.txt").write_text("not read")
    return events


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_check_a_folder_one_line_per_file_worst_exit(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = contents(folder)
    assert main(["check", str(folder)]) == 2  # the broken file decides
    out, err = capsys.readouterr()
    assert f"{folder / 'a_event.xlsx'}: 28 games checked, 26 players, no problems." in out
    assert f"{folder / 'b_mistakes.xlsx'}: " in out
    assert "c_broken.xlsx" in err  # refused, and the others still ran
    assert "~$" not in out + err
    assert contents(folder) == before


def test_check_several_files_as_json(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [folder / "a_event.xlsx", folder / "b_mistakes.xlsx"]
    assert main(["check", *map(str, files), "--json"]) == 1
    documents = json.loads(capsys.readouterr().out)
    assert [d["file"] for d in documents] == [str(f) for f in files]
    assert [d["exit_code"] for d in documents] == [0, 1]


def test_score_a_folder_into_another(folder: Path, tmp_path: Path) -> None:
    before = contents(folder)
    out = tmp_path / "scored"
    out.mkdir()
    assert main(["score", str(folder), "-o", str(out)]) == 2
    assert sorted(p.name for p in out.iterdir()) == ["a_event.xlsx", "b_mistakes.xlsx"]
    assert contents(folder) == before


def test_several_files_need_an_output_folder(folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "one.xlsx"
    assert main(["score", str(folder), "-o", str(target)]) == 2
    assert not target.exists()


def test_a_bug_in_one_file_does_not_stop_the_others(
    folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = commands.check_file

    def buggy(path: Path, **kwargs: object) -> object:
        if path.name == "a_event.xlsx":
            raise ZeroDivisionError("a bug")
        return real(path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(commands, "check_file", buggy)
    assert main(["check", str(folder)]) == 3
    out, err = capsys.readouterr()
    assert "ZeroDivisionError: a bug" in err
    assert "b_mistakes.xlsx: " in out


def test_a_terminal_gets_a_progress_bar(folder: Path) -> None:
    """On a terminal the bar runs on the error stream; the outcomes are printed as lines."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-m", "xlsx_scorer", "check", str(folder)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    out, _ = process.communicate(timeout=120)
    os.close(leader)
    assert process.returncode == 2
    assert b"28 games checked" in out
    assert b"\x1b[" in shown  # rich drew (and cleared) its bar on the terminal


def test_an_empty_template_says_there_are_no_results_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "evento.xlsx"
    assert main(["template", str(blank), "--lang", "es"]) == 0
    capsys.readouterr()
    assert main(["score", str(blank)]) == 0
    out = capsys.readouterr().out
    assert "Todavía no hay resultados" in out
    assert "Los 0 primeros" not in out


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
@pytest.mark.parametrize("command", [["score"], ["check"], ["check", "--json"]])
def test_a_folder_without_workbooks_is_said_exit_2(
    tmp_path: Path, lang: str, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "~$cup.xlsx").write_bytes(b"lock")  # a lock file is no workbook
    assert main([*command, str(empty), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [text(lang, "cli.no_workbooks", folder=empty)]
    assert sorted(path.name for path in empty.iterdir()) == ["~$cup.xlsx"]


def test_an_empty_folder_beside_a_workbook_is_said_and_the_workbook_still_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    sample = FIXTURES / "sample_event.xlsx"
    assert main(["check", str(sample), str(empty), "--lang", "es"]) == 2
    captured = capsys.readouterr()
    assert text("es", "cli.no_workbooks", folder=empty) in captured.err
    assert "28 partidas revisadas" in captured.out

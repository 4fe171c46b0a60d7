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

from xlsx_scorer.cli import batch, commands, main
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


@pytest.fixture
def two_events(tmp_path: Path) -> Path:
    """Two workbooks that score without a problem."""
    events = tmp_path / "two"
    events.mkdir()
    for name in ("a_event.xlsx", "b_event.xlsx"):
        shutil.copy(FIXTURES / "sample_event.xlsx", events / name)
    return events


def _saved_then(monkeypatch: pytest.MonkeyPatch, on: str, error: BaseException) -> None:
    """Every workbook is scored and saved, then ``error`` is raised as ``on``'s outcome is said."""
    real = commands._summary

    def said_then(result: object, summary: str, source: Path) -> str:
        if source.name == on:
            raise error
        return real(result, summary, source)  # type: ignore[arg-type]

    monkeypatch.setattr(commands, "_summary", said_then)


@pytest.mark.parametrize(
    ("lang", "saved"),
    [
        ("en", "{a} had already been saved."),
        ("es", "{a} ya se había guardado."),
        ("tr", "{a} bundan önce kaydedilmişti."),
    ],
)
def test_a_bug_after_a_file_of_a_batch_was_saved_says_it_was_saved(
    two_events: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    saved: str,
) -> None:
    """The line of the file that met the bug names it, and says exactly what was saved."""
    a, b = two_events / "a_event.xlsx", two_events / "b_event.xlsx"
    before = a.read_bytes()
    _saved_then(monkeypatch, "a_event.xlsx", ZeroDivisionError("a bug"))
    assert main(["score", str(two_events), "--lang", lang]) == 3
    out, err = capsys.readouterr()
    bug = next(line for line in err.splitlines() if "ZeroDivisionError: a bug" in line)
    assert bug.startswith(f"{a}: ")
    assert saved.format(a=a) in bug
    assert text(lang, "cli.nothing_written") not in err
    assert f"{b}: " in out  # the next file was still scored
    assert a.read_bytes() != before  # it was indeed saved


@pytest.mark.parametrize(
    ("lang", "saved"),
    [
        ("en", "2 files had already been saved: {a}, {b}."),
        ("es", "Ya se habían guardado 2 archivos: {a}, {b}."),
        ("tr", "2 dosya bundan önce kaydedilmişti: {a}, {b}."),
    ],
)
def test_ctrl_c_in_a_batch_names_every_file_saved_before(
    two_events: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    saved: str,
) -> None:
    out = two_events.parent / "scored"
    out.mkdir()
    _saved_then(monkeypatch, "b_event.xlsx", KeyboardInterrupt())
    assert main(["score", str(two_events), "-o", str(out), "--lang", lang]) == 130
    err = capsys.readouterr().err
    assert saved.format(a=out / "a_event.xlsx", b=out / "b_event.xlsx") in err
    assert text(lang, "cli.nothing_written") not in err
    assert sorted(path.name for path in out.iterdir()) == ["a_event.xlsx", "b_event.xlsx"]


def test_a_bug_that_stops_a_batch_names_every_file_saved_before(
    two_events: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = batch.run_each

    def then_a_bug(*args: object) -> int:
        real(*args)  # type: ignore[arg-type]
        raise RuntimeError("a bug after the files")

    monkeypatch.setattr(batch, "run_each", then_a_bug)
    assert main(["score", str(two_events)]) == 3
    err = capsys.readouterr().err
    a, b = two_events / "a_event.xlsx", two_events / "b_event.xlsx"
    assert f"2 files had already been saved: {a}, {b}." in err
    assert "Nothing was written" not in err

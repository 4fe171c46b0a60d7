"""Every broken, hostile or odd workbook of ``fixtures/bad/`` through the real command line.

Each run must end with the exit code and the words of ``expected.json``, print no
traceback, and leave the file byte-for-byte unchanged when it could not be used
(exit 2).  Timings are printed (``pytest -rP``), not asserted: the
subprocess timeout only guards against a hang.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlsx_scorer.cli import main

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "fixtures" / "bad"
EXPECTED: dict[str, dict[str, Any]] = json.loads(
    (BAD / "expected.json").read_text(encoding="utf-8")
)
HANG_GUARD_SECONDS = 60
VALID = "inline_strings.xlsx"


def _run(path: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(path), *extra],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=HANG_GUARD_SECONDS,
        cwd=ROOT,
        check=False,
    )
    return completed, time.perf_counter() - started


def _cells_text(path: Path, sheet: str) -> list[str]:
    book = openpyxl.load_workbook(path)
    try:
        return [str(c.value) for row in book[sheet].iter_rows() for c in row if c.value]
    finally:
        book.close()


def test_corpus_is_large_enough() -> None:
    """The issue asks for at least 25 workbooks, each with its expected outcome."""
    files = {p.name for p in BAD.iterdir() if p.suffix in {".xlsx", ".xlsm", ".xls", ".ods"}}
    assert len(files) >= 25
    assert files == set(EXPECTED)


@pytest.mark.slow
def test_corpus_matches_its_script(tmp_path: Path) -> None:
    """``make_bad.py`` is deterministic and the committed files are what it writes."""
    subprocess.run(
        [sys.executable, str(BAD / "make_bad.py"), str(tmp_path)], check=True, timeout=120
    )
    for name in [*EXPECTED, "expected.json"]:
        assert (tmp_path / name).read_bytes() == (BAD / name).read_bytes(), name


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_file(name: str, tmp_path: Path) -> None:
    """Exit code, message words, no traceback; untouched on exit 2; cells named on exit 1."""
    expected = EXPECTED[name]
    copy = tmp_path / name
    shutil.copyfile(BAD / name, copy)
    original = copy.read_bytes()

    completed, seconds = _run(copy)
    print(f"{name}: exit {completed.returncode} in {seconds:.2f} s")
    output = completed.stdout + completed.stderr

    assert "Traceback" not in output
    assert completed.returncode == expected["exit"], output
    for word in expected["words"]:
        assert word in output, (word, output)
    for word in expected.get("absent", []):
        assert word not in output, (word, output)
    if expected["exit"] == 2:
        assert copy.read_bytes() == original
        assert [p.name for p in tmp_path.iterdir()] == [name], "no temporary file left behind"
        return
    assert copy.read_bytes() != original
    if expected["exit"] == 1:
        errors = " ".join(_cells_text(copy, "Errors"))
        for cell in expected["cells"]:
            assert f"Results!{cell}" in output
            assert f"Results!{cell}" in errors
    if names := expected.get("formula_names"):
        book = openpyxl.load_workbook(copy)
        players = [
            cell for row in book["Standings"].iter_rows() for cell in row if cell.value in names
        ]
        book.close()
        assert {cell.value for cell in players} == set(names)
        assert all(cell.data_type == "s" for cell in players)
    if part := expected.get("keeps_part"):
        with zipfile.ZipFile(copy) as archive:
            assert archive.read(part) == zipfile.ZipFile(BAD / name).read(part)


def test_second_run_does_not_claim_a_hand_edit(tmp_path: Path) -> None:
    """Our own Standings, read back after a save, still match their check code."""
    copy = tmp_path / VALID
    shutil.copyfile(BAD / VALID, copy)
    assert main(["score", str(copy)]) == 0
    completed, _ = _run(copy)
    assert completed.returncode == 0, completed.stderr
    assert "edited by hand" not in completed.stdout


def test_hand_edit_of_our_standings_is_noticed(tmp_path: Path) -> None:
    """A value changed by hand in our Standings: regenerated, and the run and Errors say so."""
    copy = tmp_path / VALID
    shutil.copyfile(BAD / VALID, copy)
    assert main(["score", str(copy)]) == 0
    book = openpyxl.load_workbook(copy)
    sheet = book["Standings"]
    cell = next(c for row in sheet.iter_rows() for c in row if isinstance(c.value, float))
    cell.value += 1
    book.save(copy)
    completed, _ = _run(copy)
    assert completed.returncode == 0
    assert "Standings sheet had been edited by hand" in completed.stdout
    assert any("edited by hand" in text for text in _cells_text(copy, "Errors"))


# ---------------------------------------------------------------------------
# Saving: a lock file, a read-only file, a missing folder, a disk error


def _valid_copy(tmp_path: Path) -> tuple[Path, bytes]:
    copy = tmp_path / "event.xlsx"
    shutil.copyfile(BAD / VALID, copy)
    return copy, copy.read_bytes()


def test_locked_by_an_open_spreadsheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``~$event.xlsx`` beside the workbook: it is open in Excel; nothing is written."""
    copy, original = _valid_copy(tmp_path)
    (tmp_path / "~$event.xlsx").write_bytes(b"owner")
    assert main(["score", str(copy)]) == 2
    err = capsys.readouterr().err
    assert "open in Excel" in err
    assert "~$event.xlsx" in err
    assert "Nothing was written" in err
    assert copy.read_bytes() == original


def test_read_only_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only workbook is refused, even for root, and left as it was."""
    copy, original = _valid_copy(tmp_path)
    copy.chmod(0o444)
    try:
        assert main(["score", str(copy)]) == 2
    finally:
        copy.chmod(0o644)
    err = capsys.readouterr().err
    assert "read-only" in err
    assert "-o" in err
    assert copy.read_bytes() == original


def test_missing_output_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``-o`` into a folder that does not exist: a clear message, nothing written."""
    copy, original = _valid_copy(tmp_path)
    target = tmp_path / "no" / "such" / "out.xlsx"
    assert main(["score", str(copy), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert str(target.parent) in err
    assert "does not exist" in err
    assert copy.read_bytes() == original
    assert not target.parent.exists()


def test_disk_error_during_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills up while saving: the original is intact, no temporary file is left."""
    copy, original = _valid_copy(tmp_path)

    def full_disk(_: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full_disk)
    assert main(["score", str(copy)]) == 2
    err = capsys.readouterr().err
    assert "Could not save" in err
    assert "No space left on device" in err
    assert "unchanged" in err
    assert copy.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == [copy.name]

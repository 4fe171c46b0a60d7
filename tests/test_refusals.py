"""What every command refuses, the same way: damaged parts, files it would overwrite, bugs.

Found by an adversarial review: each case once wrote over an organiser's file,
published from a damaged package, or called a bug something else.
"""

from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

from xlsx_scorer.app import judges
from xlsx_scorer.cli import main
from xlsx_scorer.xlsx.write import save

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"
MISTAKES = SAMPLE.with_name("sample_mistakes.xlsx")


def damaged(tmp_path: Path, member: str = "xl/theme/theme1.xml") -> Path:
    """The sample with one byte of ``member``'s compressed data flipped (its CRC fails)."""
    data = SAMPLE.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(member)
    at = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra) + 40
    path = tmp_path / "damaged.xlsx"
    path.write_bytes(data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :])
    return path


@pytest.mark.parametrize("command", ["check", "score"])
def test_check_and_score_refuse_the_same_damaged_file(command: str, tmp_path: Path) -> None:
    path = damaged(tmp_path)
    before = path.read_bytes()
    assert main([command, str(path)]) == 2
    assert path.read_bytes() == before


def test_merge_refuses_a_damaged_input(tmp_path: Path) -> None:
    base = damaged(tmp_path)
    copy = tmp_path / "copy.xlsx"
    shutil.copy(SAMPLE, copy)
    merged = tmp_path / "merged.xlsx"
    assert main(["merge", str(base), str(copy), "-o", str(merged)]) == 2
    assert not merged.exists()


def test_archive_of_a_damaged_file_is_refused_not_a_bug(tmp_path: Path) -> None:
    assert main(["archive", str(damaged(tmp_path)), "-o", str(tmp_path / "archive")]) == 2


def test_score_never_writes_over_another_file_unasked(tmp_path: Path) -> None:
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"precious")
    assert main(["score", str(SAMPLE), "-o", str(other)]) == 2
    assert other.read_bytes() == b"precious"
    assert main(["score", str(SAMPLE), "-o", str(other), "--force"]) == 0


def test_merge_never_writes_over_another_file_unasked(tmp_path: Path) -> None:
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"precious")
    assert main(["merge", str(SAMPLE), str(SAMPLE), "-o", str(other)]) == 2
    assert other.read_bytes() == b"precious"


def test_two_workbooks_of_one_name_are_not_scored_into_one_folder(tmp_path: Path) -> None:
    first, second, out = tmp_path / "a", tmp_path / "b", tmp_path / "out"
    for folder in (first, second, out):
        folder.mkdir()
    shutil.copy(SAMPLE, first / "event.xlsx")
    shutil.copy(MISTAKES, second / "event.xlsx")
    assert (
        main(["score", str(first / "event.xlsx"), str(second / "event.xlsx"), "-o", str(out)]) == 2
    )
    assert list(out.iterdir()) == []
    # Into the first one's own folder: that copy is scored in place, the other is not written.
    before = (first / "event.xlsx").read_bytes()
    assert (
        main(["score", str(first / "event.xlsx"), str(second / "event.xlsx"), "-o", str(first)])
        == 2
    )
    assert (first / "event.xlsx").read_bytes() == before


def test_a_bug_in_a_judges_command_is_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crash(*_: object, **__: object) -> object:
        raise RuntimeError("a bug in diff")

    monkeypatch.setattr(judges, "diff_files", crash)
    assert main(["diff", str(SAMPLE), str(SAMPLE)]) == 3
    assert "RuntimeError: a bug in diff" in capsys.readouterr().err


def test_a_folder_that_cannot_be_written_is_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As for a folder without write permission (root may write anywhere, so it is simulated)."""

    def refuse(*_: object, **__: object) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(save.tempfile, "mkstemp", refuse)
    target = tmp_path / "scored.xlsx"
    assert main(["score", str(SAMPLE), "-o", str(target), "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert "no se puede escribir en la carpeta" in err
    assert not target.exists()

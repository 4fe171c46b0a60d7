"""Fail closed: a crash inside a rule, the writer or the shell is an internal error, never a pass.

Exit code 3, nothing published, the organiser's file byte for byte as it was,
and one line that says whether anything was written and how to report it; the
traceback only with ``--debug``.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from pandera.config import ValidationDepth, config_context, get_config_context

from tests.builders import row, write
from xlsx_scorer.app import api, pipeline
from xlsx_scorer.cli import commands, main
from xlsx_scorer.core import rules
from xlsx_scorer.findings import InternalError
from xlsx_scorer.xlsx.read import reader

#: One game of five players: its only problem is the table size, behind one rule.
#: One game of five players: its only problem is the table size, behind one rule.
from xlsx_scorer.xlsx.write import splice

#: One game of five players: its only problem is the table size, behind one rule.
FIVE_AT_A_TABLE = [row(1, 1, name) for name in ("Ana", "Bob", "Cem", "Dua", "Eda")]
VALID = FIVE_AT_A_TABLE[:4]


def _crash(_: pd.DataFrame) -> pd.Series:
    raise ZeroDivisionError("a bug in a rule")


def _with_rule(monkeypatch: pytest.MonkeyPatch, name: str, **changes: object) -> None:
    """Replace the rule ``name`` by a copy with ``changes`` (its check or its details)."""
    patched = tuple(
        dataclasses.replace(rule, **changes) if rule.name == name else rule  # type: ignore[arg-type]
        for rule in rules.BASE_RULES
    )
    assert patched != rules.BASE_RULES
    monkeypatch.setattr(rules, "BASE_RULES", patched)


def test_the_workbook_breaks_only_the_table_size_rule(tmp_path: Path) -> None:
    """Without the crash, the five-player table is reported (exit code 1)."""
    path = write(tmp_path / "event.xlsx", FIVE_AT_A_TABLE)
    codes = {finding.code for finding in api.check_file(path).findings}
    assert codes == {"table_size"}


def test_a_crashing_rule_is_an_internal_error_not_a_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "event.xlsx", FIVE_AT_A_TABLE)
    original = path.read_bytes()
    _with_rule(monkeypatch, "table_size", passes=_crash)
    with pytest.raises(InternalError, match="table_size"):
        pipeline.validate(reader.read_workbook(path))

    assert main(["score", str(path)]) == 3
    err = capsys.readouterr().err
    assert "Internal error" in err
    assert "Nothing was written" in err
    assert "--debug" in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_rule_whose_details_crash_is_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "event.xlsx", FIVE_AT_A_TABLE)
    original = path.read_bytes()
    _with_rule(monkeypatch, "table_size", details=_crash)
    assert main(["score", str(path), "-o", str(tmp_path / "out.xlsx")]) == 3
    assert "Nothing was written" in capsys.readouterr().err
    assert path.read_bytes() == original
    assert not (tmp_path / "out.xlsx").exists()


def test_a_crashing_check_command_is_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "event.xlsx", VALID)
    _with_rule(monkeypatch, "player_twice_in_round", passes=_crash)
    assert main(["check", str(path)]) == 3


@pytest.mark.parametrize(
    ("target", "bug"),
    [
        ("xlsx_scorer.xlsx.write.splice.write_sheets", "a bug in the writer"),
        # The check code is worked out as its sheet is written: a crash there is the writer's.
        ("xlsx_scorer.app.fingerprint.check_code", "a bug in the check code"),
    ],
)
def test_a_crash_while_writing_writes_nothing(
    target: str,
    bug: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(tmp_path / "event.xlsx", VALID)
    original = path.read_bytes()

    def crash(*_: object, **__: object) -> None:
        raise RuntimeError(f"{bug},\nover two lines")

    monkeypatch.setattr(target, crash)
    assert main(["score", str(path)]) == 3
    err = capsys.readouterr().err
    assert f"RuntimeError: {bug}, over two lines" in err
    assert "Nothing was written" in err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_crash_after_the_save_says_the_file_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "event.xlsx", VALID)
    target = tmp_path / "scored.xlsx"

    def crash(*_: object) -> None:
        raise RuntimeError("a bug in printing")

    monkeypatch.setattr(commands, "_print_leaders", crash)
    assert main(["score", str(path), "-o", str(target), "--lang", "es"]) == 3
    err = capsys.readouterr().err
    assert f"{target} ya se había guardado" in err
    assert "No se ha escrito nada" not in err
    assert target.read_bytes()[:2] == b"PK"


def test_debug_shows_the_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "event.xlsx", FIVE_AT_A_TABLE)
    _with_rule(monkeypatch, "table_size", passes=_crash)
    assert main(["score", str(path), "--debug"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err
    assert "InternalError" in err


def test_the_api_raises_rather_than_returning_a_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = write(tmp_path / "event.xlsx", FIVE_AT_A_TABLE).read_bytes()
    _with_rule(monkeypatch, "table_size", passes=_crash)
    with pytest.raises(InternalError):
        api.score(data)
    with pytest.raises(InternalError):
        api.check(data)


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Stopped (Ctrl-C). Nothing was written."), ("tr", "Durduruldu")]
)
def test_ctrl_c_while_scoring_stops_with_one_line_and_the_file_untouched(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    said: str,
) -> None:
    path = write(tmp_path / "event.xlsx", VALID)
    original = path.read_bytes()

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(splice, "write_sheets", interrupted)
    assert main(["score", str(path), "--lang", lang]) == 130
    err = capsys.readouterr().err
    assert err.startswith(said)
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


SAMPLE_MISTAKES = Path(__file__).resolve().parent.parent / "fixtures" / "sample_mistakes.xlsx"
ROOT = SAMPLE_MISTAKES.parent.parent


def _score_in_a_process(tmp_path: Path, **environment: str) -> tuple[int, str]:
    """``score`` the sample with mistakes through the program, under ``environment``."""
    copy = tmp_path / f"sample_{len(list(tmp_path.iterdir()))}.xlsx"
    copy.write_bytes(SAMPLE_MISTAKES.read_bytes())
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("PANDERA_")  # the test's own setting only
    }
    run = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", str(copy)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(ROOT), **environment},
        check=False,
    )
    return run.returncode, run.stdout.replace(str(copy), "EVENT")


@pytest.mark.parametrize(
    "environment",
    [
        {"PANDERA_VALIDATION_ENABLED": "False"},
        {"PANDERA_VALIDATION_DEPTH": "SCHEMA_ONLY"},
        {"PANDERA_VALIDATION_DEPTH": "DATA_ONLY"},
        {"PANDERA_VALIDATION_DEPTH": "schema_only"},  # a depth pandera does not know
        {"PANDERA_USE_NARWHALS_BACKEND": "True"},  # a backend that is not installed
        {"PANDERA_CACHE_DATAFRAME": "True", "PANDERA_KEEP_CACHED_DATAFRAME": "True"},
    ],
    ids=["validation off", "schema only", "data only", "unknown depth", "narwhals", "cache"],
)
def test_pandera_settings_in_the_environment_cannot_switch_the_rules_off(
    tmp_path: Path, environment: dict[str, str]
) -> None:
    """The rules run under the project's own pandera settings, whatever the environment says."""
    code, said = _score_in_a_process(tmp_path)
    assert code == 1
    assert "15 problems" in said
    assert _score_in_a_process(tmp_path, **environment) == (code, said)


def _mistakes(findings: tuple[object, ...]) -> list[tuple[str, str]]:
    return sorted((f.code, f.where.ref) for f in findings)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "setting",
    [
        {"validation_enabled": False},
        {"validation_depth": ValidationDepth.SCHEMA_ONLY},
        {"validation_enabled": False, "validation_depth": ValidationDepth.DATA_ONLY},
    ],
    ids=["validation off", "schema only", "both"],
)
def test_a_host_programs_pandera_context_cannot_switch_the_rules_off(
    setting: dict[str, object],
) -> None:
    """Inside a caller's ``config_context`` the library checks all the same, and the
    caller's context is as it was afterwards."""
    data = SAMPLE_MISTAKES.read_bytes()
    expected = api.check(data)
    assert expected.exit_code == 1
    with config_context(**setting):  # type: ignore[arg-type]
        before = get_config_context()
        checked, scored = api.check(data), api.score(data)
        after = get_config_context()
    assert (checked.exit_code, scored.exit_code) == (1, 1)
    assert _mistakes(checked.findings) == _mistakes(expected.findings)
    assert _mistakes(scored.findings) == _mistakes(expected.findings)
    assert scored.standings is None
    assert after == before
    assert after.validation_enabled == setting.get("validation_enabled", True)
    assert get_config_context().validation_enabled is True


@pytest.mark.parametrize(
    "result",
    [
        pytest.param(lambda frame: True, id="a single True"),
        pytest.param(lambda frame: np.bool_(True), id="a numpy True"),
        pytest.param(lambda frame: np.full(len(frame), np.nan), id="NaN per row"),
        pytest.param(lambda frame: np.ones(len(frame)), id="floats per row"),
        pytest.param(lambda frame: np.ones(len(frame) + 1, dtype=bool), id="a row too many"),
        pytest.param(lambda frame: np.ones(len(frame) - 1, dtype=bool), id="a row too few"),
        pytest.param(lambda frame: np.ones((len(frame), 1), dtype=bool), id="a column"),
        pytest.param(
            lambda frame: pd.array([True] * len(frame), dtype="boolean"), id="nullable booleans"
        ),
        pytest.param(lambda frame: [True] * len(frame), id="a list"),
        pytest.param(lambda frame: pd.Series([True] * len(frame)), id="a Series on other rows"),
        pytest.param(lambda frame: None, id="None"),
    ],
)
def test_a_rule_result_that_is_not_one_boolean_per_row_is_an_internal_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    result: Callable[[pd.DataFrame], object],
) -> None:
    """A rule that answers with anything but one bool per row is a bug, never a pass."""
    path = write(tmp_path / "event.xlsx", FIVE_AT_A_TABLE)
    original = path.read_bytes()
    _with_rule(monkeypatch, "table_size", passes=result)
    with pytest.raises(InternalError, match="table_size"):
        api.check(original)
    assert main(["score", str(path)]) == 3
    assert "Nothing was written" in capsys.readouterr().err
    assert path.read_bytes() == original


def test_a_rule_result_of_one_boolean_per_row_is_taken_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A numpy array or a Series of bools, one per row: the row that is False fails."""
    data = write(tmp_path / "event.xlsx", VALID).read_bytes()
    answers: list[Callable[[pd.DataFrame, list[bool]], object]] = [
        lambda _, flags: np.array(flags),
        lambda frame, flags: pd.Series(flags, index=frame.index, dtype=bool),
    ]
    for answer in answers:
        _with_rule(
            monkeypatch,
            "table_size",
            passes=lambda frame, answer=answer: answer(frame, [False] + [True] * (len(frame) - 1)),
        )
        assert [f.code for f in api.check(data).findings] == ["table_size"]
        monkeypatch.undo()

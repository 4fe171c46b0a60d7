"""``diff`` and ``merge`` through the real entry point, on events split between judges."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pandas as pd
import pytest
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from tests import eventgen
from tests.builders import REPOSITORY, sheet_values, table_below
from xlsx_scorer.app.diff import Copy
from xlsx_scorer.app.merge import Layout, merge
from xlsx_scorer.cli import main

FULL = eventgen.random_event(random.Random(8), 13, 2)
ROSTER = sorted({row["player"] for row in FULL})
ROUND_2 = [index for index, row in enumerate(FULL) if row["round"] == 2]
TABLES_2 = sorted({FULL[index]["table"] for index in ROUND_2})
RESULT_KEYS = eventgen.KEYS[3:]


SEATING = ("round", "table", "player")


def listed(row: dict[str, Any], seating: Sequence[str] = SEATING) -> dict[str, Any]:
    """A row with only its round, table and player: the seating, before the game is played."""
    return {key: row[key] if key in seating else None for key in row}


def event(
    path: Path, rows: Sequence[dict[str, Any]], roster: Sequence[str] = ROSTER, **options: Any
) -> eventgen.Layout:
    return eventgen.write_workbook(path, rows, roster=roster, **options)


def tables(*numbers: int, seated: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The full event's round 1, then round 2's rows of tables ``numbers``.

    ``seated``: round 2's other tables are there too, with only these columns filled.
    """
    return [
        row if row["round"] == 1 or row["table"] in numbers else listed(row, seated)
        for row in FULL
        if row["round"] == 1 or row["table"] in numbers or seated
    ]


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def standings(path: Path, tmp_path: Path) -> list[dict[str, Any]]:
    """The standings ``score`` computes for ``path`` (scored into a copy)."""
    scored = tmp_path / f"scored-{path.name}"
    assert main(["score", str(path), "-o", str(scored)]) == 0
    return table_below(scored, "Standings", "Rank")


def snapshot(paths: Sequence[Path]) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in paths}


@pytest.fixture
def full(tmp_path: Path) -> Path:
    path = tmp_path / "full.xlsx"
    event(path, FULL)
    return path


def test_copies_that_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    event(a, FULL)
    options = {"shuffle_columns": True, "mark_style": "bool", "numbers_as": "text"}
    event(b, FULL, title_row=True, blank_rows=True, rng=random.Random(2), **options)
    code, out = run(capsys, "diff", a, b)
    assert code == 0, out
    assert "a.xlsx and b.xlsx hold the same results and roster." in out


def test_diff_names_both_cells_of_each_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    changed = [dict(row) for row in FULL]
    changed[4]["cities"] = (changed[4]["cities"] + 1) % 5
    removed = changed.pop(0)
    added = {**FULL[1], "round": 3, "table": 1}
    layout_a = event(a, FULL)
    layout_b = event(b, [*changed, added], title_row=True, shuffle_columns=True)
    code, out = run(capsys, "diff", a, b)
    assert code == 1
    row = FULL[4]
    assert (
        f"Changed round {row['round']}, table {row['table']}, {row['player']}, Cities: "
        f"a.xlsx {layout_a.cell(4, 'cities')}: {FULL[4]['cities']} → "
        f"b.xlsx {layout_b.cell(3, 'cities')}: {changed[3]['cities']}"
    ) in out
    assert f"Removed round 1, table {removed['table']}, {removed['player']}: a.xlsx " in out
    added_row = layout_b.rows[len(changed)]
    assert f"Added round 3, table 1, {added['player']}: — → b.xlsx Results!A{added_row}:" in out
    assert "3 differences" in out


def test_diff_of_an_unusable_file_exits_2(
    tmp_path: Path, full: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.xlsx"
    broken.write_text("round,table\n1,1\n", encoding="utf-8")
    code, out = run(capsys, "diff", full, broken)
    assert code == 2
    assert "broken.xlsx" in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    "seated", [SEATING, ("round", "table"), ()], ids=["players-seated", "tables-listed", "absent"]
)
def test_disjoint_tables_merge_to_the_unsplit_standings(
    tmp_path: Path, full: Path, capsys: pytest.CaptureFixture[str], seated: Sequence[str]
) -> None:
    """BASE lists round 2 with its players, or only its tables, or not at all."""
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, tables(seated=seated))
    half = len(TABLES_2) // 2
    event(a, tables(*TABLES_2[:half], seated=seated))
    style = {"shuffle_columns": True, "mark_style": "bool", "numbers_as": "float"}
    event(b, tables(*TABLES_2[half:], seated=seated), **style)
    before = snapshot([base, a, b])
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 0, out
    assert snapshot([base, a, b]) == before
    assert standings(merged, tmp_path) == standings(full, tmp_path)
    assert run(capsys, "diff", full, merged)[0] == 0


def test_overlapping_identical_tables_are_taken_once(
    tmp_path: Path, full: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, tables())
    event(a, tables(*TABLES_2[:2]))
    event(b, tables(*TABLES_2[1:]), title_row=True, rng=random.Random(4))
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 0, out
    assert standings(merged, tmp_path) == standings(full, tmp_path)


def test_one_judge_correcting_another_judges_cell(
    tmp_path: Path, full: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    wrong = [dict(row) for row in tables()]
    wrong[2]["vp_cards"] = wrong[2]["vp_cards"] + 6  # an impossible value, found by a judge
    event(base, wrong)
    event(a, wrong[:2] + tables()[2:3] + wrong[3:])
    event(b, [*wrong, *(FULL[i] for i in ROUND_2)])
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 0, out
    assert "VP Cards" in out
    assert standings(merged, tmp_path) == standings(full, tmp_path)


def test_one_conflicting_cell_names_both_copies_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[5]["knights"], other[5]["knights"] = 1, 2
    layout_a = event(a, one)
    layout_b = event(b, other, title_row=True, shuffle_columns=True, rng=random.Random(9))
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 1
    assert (
        f"a.xlsx {layout_a.cell(5, 'knights')}: 1 ≠ b.xlsx {layout_b.cell(5, 'knights')}: 2" in out
    )
    assert "1 conflict: nothing was written" in out
    assert not merged.exists()


def test_a_conflicting_deletion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, FULL)
    event(a, FULL[:6] + FULL[7:])
    changed = [dict(row) for row in FULL]
    changed[6]["roads"] = 15
    layout_b = event(b, changed)
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 1
    row = FULL[6]
    assert (
        f"CONFLICT round {row['round']}, table {row['table']}, {row['player']}: removed in a.xlsx "
        f"but changed in b.xlsx {layout_b.cell(6, 'roads')}: 15"
    ) in out
    assert not merged.exists()


def test_a_row_removed_in_one_copy_and_unchanged_elsewhere_is_cleared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b, merged, expected = (
        tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged", "expected")
    )
    layout = event(base, FULL)
    event(a, FULL[:6] + FULL[7:])
    event(b, FULL)
    event(expected, FULL[:6] + FULL[7:])
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 0, out
    assert run(capsys, "diff", expected, merged)[0] == 0
    cleared = sheet_values(merged, "Results")[layout.rows[6] - 1]
    assert all(value is None for value in cleared)


def test_roster_names_are_merged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, FULL, roster=[*ROSTER, "Spare Player"])
    event(a, FULL, roster=[*ROSTER, "Spare Player", "New Player"])
    event(b, FULL, roster=ROSTER)
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 0, out
    assert "Added to the roster: New Player (a.xlsx Players!A" in out
    assert "Removed from the roster: Spare Player (base.xlsx Players!A" in out
    names = [row[0] for row in sheet_values(merged, "Players")[1:] if row[0]]
    assert sorted(names) == sorted([*ROSTER, "New Player"])


def organiser_base(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    """An event workbook with the organiser's validation, formatting and an extra sheet."""
    event(path, rows)
    book = openpyxl.load_workbook(path)
    results = book["Results"]
    validation = DataValidation(type="whole", operator="between", formula1="0", formula2="5")
    validation.add("D2:D200")
    results.add_data_validation(validation)
    results.conditional_formatting.add(
        "E2:E200", CellIsRule(operator="greaterThan", formula=["3"], fill=PatternFill("solid"))
    )
    results.column_dimensions["C"].width = 30
    book.create_sheet("Notes")["A1"] = "=COUNTA(Results!C:C)"
    book.save(path)


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def outside_sheet_data(xml: bytes) -> tuple[bytes, bytes]:
    head, _, rest = xml.partition(b"<sheetData>")
    return head.split(b"<dimension")[0], rest.partition(b"</sheetData>")[2]


def test_merged_workbook_keeps_every_other_part_byte_for_byte(
    tmp_path: Path, full: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    organiser_base(base, [row for row in FULL if row["round"] == 1])
    event(a, tables(*TABLES_2[:1]))
    event(b, tables(*TABLES_2[1:]))
    code, out = run(capsys, "merge", base, a, b, "-o", merged)
    assert code == 0, out
    original, result = members(base), members(merged)
    assert list(original) == list(result)
    changed = [name for name in original if original[name] != result[name]]
    assert changed == ["xl/worksheets/sheet1.xml"]
    before, after = original[changed[0]], result[changed[0]]
    assert outside_sheet_data(before) == outside_sheet_data(after)
    assert b"<dataValidation" in after
    assert b"<conditionalFormatting" in after
    with zipfile.ZipFile(base) as one, zipfile.ZipFile(merged) as two:
        for name in original:
            if name not in changed:
                assert one.getinfo(name).CRC == two.getinfo(name).CRC
                assert one.getinfo(name).compress_size == two.getinfo(name).compress_size
    assert standings(merged, tmp_path) == standings(full, tmp_path)


def test_merge_refuses_to_overwrite_an_input(
    tmp_path: Path, full: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = tmp_path / "a.xlsx"
    event(a, FULL)
    before = snapshot([full, a])
    code, out = run(capsys, "merge", full, a, "-o", tmp_path / "." / "a.xlsx")
    assert code == 2
    assert "is one of the inputs" in out
    assert snapshot([full, a]) == before


@pytest.mark.parametrize("force", [False, True])
def test_a_conflict_is_said_before_an_existing_output_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], force: bool
) -> None:
    """``-o`` names a file left by an earlier merge: the conflict is said first, then that the
    file exists (without ``--force``); nothing is written either way."""
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[5]["knights"], other[5]["knights"] = 1, 2
    layout_a = event(a, one)
    event(b, other)
    merged.write_bytes(b"an earlier merge")
    args = ["--force"] if force else []
    code, out = run(capsys, "merge", base, a, b, "-o", merged, *args)
    lines = out.splitlines()
    assert lines[0].startswith(f"CONFLICT round {FULL[5]['round']}, table"), out
    assert f"a.xlsx {layout_a.cell(5, 'knights')}: 1 ≠ b.xlsx" in lines[0]
    assert "1 conflict: nothing was written" in lines[1]
    if force:
        assert (code, len(lines)) == (1, 2), out
    else:
        assert code == 2
        refusal = (
            f"{merged} already exists, so nothing was written over it. Choose another name "
            "with -o, or add --force to replace it."
        )
        assert lines[2:] == [refusal]
        one_stream = subprocess.run(  # both streams to one file: the order a judge reads
            [sys.executable, "-m", "xlsx_scorer", "merge", base, a, b, "-o", merged],
            cwd=REPOSITORY,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            check=False,
            env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # a file's
        )
        assert one_stream.returncode == 2
        assert one_stream.stdout.decode().splitlines() == lines
    assert merged.read_bytes() == b"an earlier merge"


def test_a_conflict_is_said_before_an_output_that_is_an_input_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b"))
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[5]["knights"], other[5]["knights"] = 1, 2
    event(a, one)
    event(b, other)
    before = snapshot([base, a, b])
    code, out = run(capsys, "merge", base, a, b, "-o", a, "--lang", "es")
    assert code == 2
    lines = out.splitlines()
    assert lines[0].startswith("CONFLICTO ronda"), out
    assert "1 conflicto: no se ha escrito nada" in lines[1]
    assert lines[2].startswith(f"{a} es uno de los archivos de entrada;"), out
    assert snapshot([base, a, b]) == before


@pytest.mark.parametrize("conflict", [False, True], ids=["merged", "conflict"])
def test_an_output_that_is_a_folder_is_named_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], conflict: bool
) -> None:
    """``-o`` names a folder: it is said to be a folder (never "already exists … add --force",
    which then only says it is a folder), after any conflict; exit 2, nothing written."""
    base, a, b = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b"))
    folder = tmp_path / "out"
    folder.mkdir()
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[5]["knights"], other[5]["knights"] = 1, 2 if conflict else 1
    event(a, one)
    event(b, other)
    before = snapshot([base, a, b])
    for force in ([], ["--force"]):
        code, out = run(capsys, "merge", base, a, b, "-o", folder, *force)
        assert code == 2, out
        assert f"{folder} is a folder; name a workbook file (.xlsx) instead." in out
        assert "already exists" not in out
        assert out.startswith("CONFLICT") == conflict, out
    assert snapshot([base, a, b]) == before
    assert list(folder.iterdir()) == []


def test_an_output_in_a_missing_folder_is_said_after_the_conflicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b"))
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[5]["knights"], other[5]["knights"] = 1, 2
    event(a, one)
    event(b, other)
    code, out = run(capsys, "merge", base, a, b, "-o", tmp_path / "nowhere" / "m.xlsx")
    assert code == 2, out
    lines = out.splitlines()
    assert lines[0].startswith("CONFLICT"), out
    assert lines[2] == f"The folder {tmp_path / 'nowhere'} for the output does not exist.", out


@pytest.mark.parametrize("obstacle", ["read-only", "open in LibreOffice"])
def test_an_output_that_cannot_be_saved_is_said_after_the_conflicts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], obstacle: str
) -> None:
    """``-o --force`` names a read-only file, or one open in LibreOffice (its lock file beside
    it): after the conflict, the run says so too (exit 2), so one run tells everything."""
    base, a, b, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b", "merged"))
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[5]["knights"], other[5]["knights"] = 1, 2
    event(a, one)
    event(b, other)
    merged.write_bytes(b"an earlier merge")
    if obstacle == "read-only":
        merged.chmod(0o444)
        said = f"{merged} is read-only"
    else:
        (tmp_path / ".~lock.merged.xlsx#").write_text("judge,host,...", encoding="utf-8")
        said = f"{merged} is open in LibreOffice"
    code, out = run(capsys, "merge", base, a, b, "-o", merged, "--force")
    assert code == 2, out
    lines = out.splitlines()
    assert lines[0].startswith("CONFLICT"), out
    assert lines[2].startswith(said), out
    assert merged.read_bytes() == b"an earlier merge"


def test_a_merged_workbook_holds_the_standings_of_its_own_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BASE was scored; one judge corrects one cell (row 0's Settlements 4 → 3), which
    changes the ranking: MERGED's Standings and Round Points are those of its own results,
    as scoring MERGED gives them, not BASE's."""
    base, a, merged, rescored = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "m", "r"))
    event(base, FULL)
    assert main(["score", str(base)]) == 0
    corrected = [dict(row) for row in FULL]
    corrected[0]["settlements"] -= 1
    event(a, corrected)
    code, out = run(capsys, "merge", base, a, "-o", merged)
    assert code == 0, out
    assert "1 value changed" in out
    ranking = table_below(merged, "Standings", "Rank")
    assert [r["Player"] for r in ranking] != [
        r["Player"] for r in table_below(base, "Standings", "Rank")
    ]
    assert main(["score", str(merged), "-o", str(rescored)]) == 0
    assert ranking == table_below(rescored, "Standings", "Rank")
    assert sheet_values(merged, "Round Points") == sheet_values(rescored, "Round Points")
    assert sheet_values(merged, "Errors")[3:] == sheet_values(rescored, "Errors")[3:]
    assert "Standings, Round Points and Errors sheets were scored anew" in out


def test_a_merged_workbook_with_errors_withholds_its_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A judge's impossible value merged into a scored BASE: MERGED publishes no ranking (the
    notice sheets and its Errors, as ``score`` writes them), never BASE's old one; with
    ``--lang es``, in Spanish, as ``score --lang es`` would write them."""
    base, a, merged = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "m"))
    event(base, FULL)
    assert main(["score", str(base)]) == 0
    wrong = [dict(row) for row in FULL]
    wrong[2]["vp_cards"] += 6
    layout = event(a, wrong)
    code, out = run(capsys, "merge", base, a, "-o", merged, "--lang", "es")
    assert code == 0, out
    assert "Standings" not in openpyxl.load_workbook(merged, read_only=True).sheetnames
    standings_sheet = [v for row in sheet_values(merged, "Clasificación") for v in row if v]
    assert not any(v in {"Rank", "Puesto"} for v in standings_sheet)
    assert any("No se publica la clasificación" in str(v) for v in standings_sheet)
    errors = " ".join(str(v) for row in sheet_values(merged, "Errores") for v in row if v)
    assert layout.cell(2, "vp_cards").removeprefix("Results!") in errors
    assert "no se publica su clasificación" in out


def test_merge_messages_in_the_workbooks_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, a, b = (tmp_path / f"{n}.xlsx" for n in ("base", "a", "b"))
    event(base, FULL)
    one, other = [dict(row) for row in FULL], [dict(row) for row in FULL]
    one[0]["cities"], other[0]["cities"] = 0, 4
    event(a, one)
    event(b, other)
    code, out = run(capsys, "merge", base, a, b, "-o", tmp_path / "m.xlsx", "--lang", "es")
    assert code == 1
    assert "CONFLICTO ronda 1" in out
    assert "no se ha escrito nada" in out


def frame_copy(file: str, columns: dict[str, str], rows: list[list[Any]]) -> Copy:
    keys = list(columns)
    frame = pd.DataFrame(rows, columns=keys, index=range(2, 2 + len(rows)), dtype=object)
    return Copy(file, "Results", columns, frame)


def test_an_optional_column_such_as_total_vp_is_merged_like_any_other() -> None:
    """The library view: extra known columns are merged generically, whoever has them."""
    with_total = {"round": "A", "table": "B", "player": "C", "cities": "D", "total_vp": "E"}
    without = {"round": "A", "table": "B", "player": "C", "cities": "D"}
    base = frame_copy("base.xlsx", with_total, [[1, 1, "Ana", 2, ""], [1, 1, "Bob", 1, 9]])
    filled = frame_copy("a.xlsx", with_total, [[1, 1, "Ana", 2, 7], [1, 1, "Bob", 1, 9]])
    silent = frame_copy("b.xlsx", without, [[1, 1, "Ana", 2], [1, 1, "Bob", 3]])
    plan = merge(base, [filled, silent], Layout(frozenset({1, 2, 3})))
    assert plan.ok
    assert plan.results == {"E2": 7, "D3": 3}
    narrow = frame_copy("base.xlsx", without, [[1, 1, "Ana", 2], [1, 1, "Bob", 1]])
    blocked = merge(narrow, [filled], Layout(frozenset({1, 2, 3})))
    assert not blocked.ok
    assert [(b.code, b.column, b.cell.ref) for b in blocked.blocked] == [
        ("no_column", "total_vp", "E2"),
        ("no_column", "total_vp", "E3"),
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "MERGED cannot be written (it exists without --force, is an input or a folder"),
        ("es", "FUSIONADO no se puede escribir (ya existe sin --force, es una de las entradas"),
        ("tr", "BİRLEŞİK yazılamıyor (--force olmadan zaten var, girdilerden biri ya da bir"),
    ],
)
def test_merge_help_says_every_refused_output_is_exit_2(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    with pytest.raises(SystemExit):
        main(["merge", "--help", "--lang", lang])
    assert said in " ".join(capsys.readouterr().out.split())

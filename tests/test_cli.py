"""The ``xlsx-scorer`` command through its real entry points."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.builders import HEADERS, row, run_cli, sheet_values, table_below, with_vp, write
from xlsx_scorer.cli import build_parser, main, registry
from xlsx_scorer.findings import from_json, to_json

VALID = [
    with_vp(1, 1, "Ana", 10),
    with_vp(1, 1, '=HYPERLINK("http://x")', 8),
    with_vp(1, 1, "+cmd", 8),
    with_vp(1, 1, "@SUM", 5),
]


run = run_cli


def test_scores_in_place_and_leaves_results_unchanged(tmp_path: Path) -> None:
    path = write(tmp_path / "event.xlsx", VALID, title="Spring Cup")
    before = sheet_values(path, "Results")
    result = run("score", path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert sheet_values(path, "Results") == before
    standings = table_below(path, "Standings", "Rank")
    assert [(s["Rank"], s["Player"], s["Round Points"]) for s in standings] == [
        (1, "Ana", 5),
        (2, "+cmd", 2.5),
        (3, '=HYPERLINK("http://x")', 2.5),
        (4, "@SUM", 1),
    ]


def test_formula_looking_names_are_written_as_text(tmp_path: Path) -> None:
    path = write(tmp_path / "event.xlsx", VALID)
    assert run("score", path).returncode == 0
    book = openpyxl.load_workbook(path)
    cells = [
        c
        for r in book["Standings"].iter_rows()
        for c in r
        if c.value and "HYPERLINK" in str(c.value)
    ]
    assert cells
    assert all(c.data_type == "s" for c in cells)


def test_output_option_writes_a_copy_and_leaves_the_source_untouched(tmp_path: Path) -> None:
    path = write(tmp_path / "event.xlsx", VALID)
    original = path.read_bytes()
    result = run("score", path, "-o", tmp_path / "scored.xlsx")
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == original
    assert "Standings" in openpyxl.load_workbook(tmp_path / "scored.xlsx").sheetnames


def test_errors_exit_1_and_publish_no_standings(tmp_path: Path) -> None:
    rows = [*VALID[:3], row(1, 1, "Dua", settlements=9)]
    path = write(tmp_path / "event.xlsx", rows)
    result = run("score", path)
    assert result.returncode == 1
    assert "Results!D5" in result.stdout
    errors = table_below(path, "Errors", "Sheet")
    assert [e["Cell"] for e in errors] == ["Results!D5"]
    assert not any(v == "Rank" for r in sheet_values(path, "Standings") for v in r)


def test_rescoring_after_a_fix_replaces_the_sheets(tmp_path: Path) -> None:
    path = write(tmp_path / "event.xlsx", [*VALID[:3], row(1, 1, "Dua", settlements=9)])
    assert run("score", path).returncode == 1
    book = openpyxl.load_workbook(path)
    book["Results"]["D5"] = 2
    book.save(path)
    assert run("score", path).returncode == 0
    names = openpyxl.load_workbook(path).sheetnames
    assert names.count("Standings") == 1
    assert table_below(path, "Errors", "Sheet") == []


@pytest.mark.parametrize(
    "content",
    [b"", b"not a workbook at all", b"PK\x03\x04broken"],
    ids=["empty", "text", "truncated"],
)
def test_unusable_files_exit_2_and_stay_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "event.xlsx"
    path.write_bytes(content)
    result = run("score", path)
    assert result.returncode == 2
    assert str(path) in result.stderr
    assert "Traceback" not in result.stderr
    assert path.read_bytes() == content


def test_missing_column_exits_2_naming_it(tmp_path: Path) -> None:
    path = write(
        tmp_path / "event.xlsx",
        [r[:11] for r in VALID],
        headers=HEADERS[:11],
    )
    before = path.read_bytes()
    result = run("score", path)
    assert result.returncode == 2
    assert "Declared Victory" in result.stderr
    assert path.read_bytes() == before


def test_missing_results_sheet_exits_2(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Sheet1"  # type: ignore[union-attr]
    book.save(tmp_path / "event.xlsx")
    result = run("score", tmp_path / "event.xlsx")
    assert result.returncode == 2
    assert "Results" in result.stderr


def test_every_command_has_help() -> None:
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert list(commands) == list(registry.COMMANDS)  # the parser is the registry's
    for name in commands:
        result = run(name, "--help")
        assert result.returncode == 0
        assert "usage:" in result.stdout


def _cli_imports() -> dict[str, set[str]]:
    """Each module of ``xlsx_scorer/cli`` → the modules of it that it imports, anywhere."""
    folder = Path(__file__).parents[1] / "xlsx_scorer" / "cli"
    names = {path.stem for path in folder.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "xlsx_scorer.cli":
                found.update(alias.name for alias in node.names if alias.name in names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "xlsx_scorer.cli."
            ):
                found.add(node.module.rsplit(".", 1)[1])  # type: ignore[union-attr]
        graph[path.stem] = found - {path.stem}
    return graph


def test_the_command_modules_import_each_other_in_no_circle() -> None:
    """One registry imports the commands; no command imports the registry or the package's
    ``main``, and the imports between the modules of ``cli`` form no circle."""
    graph = _cli_imports()
    assert {name for name, imported in graph.items() if "registry" in imported} == {"__init__"}
    assert not any("__init__" in imported for imported in graph.values())
    assert set(registry.COMMANDS) <= set(graph)
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " → ".join((*path, name))
        if name in done:
            return
        for imported in graph[name]:
            visit(imported, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_each_command_module_imports_alone() -> None:
    """Every command module can be imported first, in a fresh interpreter (no cycle that only
    one import order escapes)."""
    for name in registry.COMMANDS:
        done = subprocess.run(
            [sys.executable, "-c", f"import xlsx_scorer.cli.{name}"],
            capture_output=True,
            text=True,
            check=False,
            cwd=Path(__file__).parents[1],
        )
        assert done.returncode == 0, (name, done.stderr)


def test_console_script_points_at_main() -> None:
    import tomllib

    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert config["project"]["scripts"]["xlsx-scorer"] == "xlsx_scorer.cli:main"


def test_a_reader_that_goes_away_does_not_turn_into_an_error(tmp_path: Path) -> None:
    """``xlsx-scorer score X | head -1``: the workbook is written, the exit code kept."""
    path = write(tmp_path / "event.xlsx", [*VALID[:3], row(1, 1, "Dua", settlements=9)])
    with subprocess.Popen(
        [sys.executable, "-m", "xlsx_scorer", "score", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        process.stdout.close()  # like ``| head`` after its lines
        errors = process.stderr.read().decode()
        assert process.wait(timeout=120) == 1
    assert "Unexpected error" not in errors
    assert "Errors" in openpyxl.load_workbook(path).sheetnames


def _exit_and_errors(arguments: list[str], *, read: bool) -> tuple[int, str]:
    """Run ``xlsx-scorer ARGUMENTS`` with its output read, or read by no one (a ``| head``
    that has left): its exit code and what it said on the error stream."""
    with subprocess.Popen(
        [sys.executable, "-m", "xlsx_scorer", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        if read:
            process.stdout.read()
        process.stdout.close()
        errors = process.stderr.read().decode()
        return process.wait(timeout=120), errors


@pytest.mark.parametrize(
    "command",
    [
        ["verify", "{scored}"],
        ["verify", "{archived}"],
        ["diff", "{scored}", "{event}"],
        ["merge", "{event}", "{scored}", "-o", "{tmp}/merged.xlsx", "--force"],
        ["check", "{event}", "--json"],
        ["check", "{event}", "{scored}"],
        ["formats"],
        ["seat", "{roster}", "--round", "1", "-o", "{tmp}/seated.xlsx", "--force"],
        ["seat", "{roster}", "--round", "1", "--json", "-o", "{tmp}/seated.xlsx", "--force"],
    ],
)
def test_every_command_survives_a_reader_that_goes_away(tmp_path: Path, command: list[str]) -> None:
    """``xlsx-scorer verify X | head -1`` and the like: no internal error, and the exit code
    the command gives when its output is read."""
    event = write(tmp_path / "event.xlsx", [*VALID[:3], row(1, 1, "Dua", settlements=9)])
    scored = tmp_path / "scored.xlsx"
    assert main(["score", str(event), "-o", str(scored)]) == 1
    archived = tmp_path / "archived.xlsx"
    assert main(["archive", str(write(tmp_path / "good.xlsx", VALID)), "-o", str(archived)]) == 0
    roster = tmp_path / "roster.xlsx"
    assert main(["template", str(roster), "--players", "8", "--rounds", "2"]) == 0
    book = openpyxl.load_workbook(roster)
    for number in range(1, 9):
        book["Players"].cell(number + 1, 1, f"Player {number}")
    book.save(roster)
    names = {"event": event, "scored": scored, "archived": archived, "roster": roster}
    arguments = [part.format(tmp=tmp_path, **names) for part in command]
    read_code, _ = _exit_and_errors(arguments, read=True)
    code, errors = _exit_and_errors(arguments, read=False)
    assert "BrokenPipe" not in errors, errors
    assert "Internal error" not in errors, errors
    assert code == read_code, errors
    assert code != 3, errors


# ---------------------------------------------------------------------------
# Start-up: no pandas or pandera for help, version, or a file refused at the door

HEAVY = ("pandas", "pandera", "numpy", "openpyxl")
PROBE = """
import sys
from xlsx_scorer.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(HEAVY))
print("EXIT", code, "HEAVY", ",".join(heavy) or "-", file=sys.stderr)
"""


def _startup(*args: str | Path) -> tuple[int, str]:
    """Run the command line in a fresh interpreter; its exit code and heavy modules loaded."""
    done = subprocess.run(
        [sys.executable, "-c", f"HEAVY = {HEAVY!r}\n{PROBE}", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    last = done.stderr.strip().splitlines()[-1].split()
    return int(last[1]), last[3]


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["score", "--help"],
        ["check", "--help", "--lang", "es"],
        ["template", "--help", "--lang", "tr"],
    ],
    ids=" ".join,
)
def test_help_and_version_import_nothing_heavy(args: list[str]) -> None:
    assert _startup(*args) == (0, "-")


@pytest.mark.parametrize(
    "content",
    [b"", b"Round;Table;Player\n1;1;Ana\n", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)],
    ids=["empty", "csv", "ole"],
)
@pytest.mark.parametrize("command", ["score", "check"])
def test_refusing_a_file_imports_nothing_heavy(
    tmp_path: Path, content: bytes, command: str
) -> None:
    path = tmp_path / "event.xlsx"
    path.write_bytes(content)
    assert _startup(command, path) == (2, "-")
    assert path.read_bytes() == content


def test_template_imports_neither_pandas_nor_pandera(tmp_path: Path) -> None:
    code, loaded = _startup("template", tmp_path / "blank.xlsx")
    assert code == 0
    assert {"pandas", "pandera"}.isdisjoint(loaded.split(","))  # openpyxl writes it


# ---------------------------------------------------------------------------
# check, and words in the organiser's language


def test_check_lists_problems_and_writes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path / "event.xlsx", [*VALID[:3], row(1, 1, "Dua", settlements=9)])
    before = path.read_bytes()
    result = run("check", path, "--lang", "es")
    assert result.returncode == 1
    assert "1 problema." in result.stdout
    assert "Results!D5 (ronda 1, mesa 1, Dua): Poblados: 9;" in result.stdout
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_check_json_is_the_documented_form(tmp_path: Path) -> None:
    path = write(tmp_path / "event.xlsx", [*VALID[:3], row(1, 1, "Dua", settlements=9)])
    result = run("check", path, "--json")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert (document["version"], document["exit_code"], document["games"]) == (1, 1, 1)
    (finding,) = [f for f in document["findings"] if f["severity"] == "error"]
    notices = [f["code"] for f in document["findings"] if f["severity"] == "notice"]
    assert notices == ["recheck"]  # the out-of-range cell holds back the table's rules
    assert to_json(from_json(finding), language="en") == finding
    assert finding["params"] == {"column": "settlements", "found": 9, "low": 0, "high": 5}
    assert finding["where"]["cell"] == "D5"


def test_check_json_of_a_file_that_cannot_be_used(tmp_path: Path) -> None:
    path = tmp_path / "event.xlsx"
    path.write_bytes(b"")
    result = run("check", path, "--json")
    assert result.returncode == 2
    (finding,) = json.loads(result.stdout)["findings"]
    assert (finding["code"], finding["severity"]) == ("unusable.empty_file", "fatal")


def test_terminal_numbers_follow_the_language(tmp_path: Path) -> None:
    copy = tmp_path / "sample.xlsx"
    copy.write_bytes((Path(__file__).parents[1] / "fixtures" / "sample_event.xlsx").read_bytes())
    spanish = run("score", copy, "--lang", "es", "-o", tmp_path / "es.xlsx")
    assert spanish.returncode == 0
    assert "Maria Garcia" in spanish.stdout
    assert "15,25" in spanish.stdout
    assert "31,8\N{NO-BREAK SPACE}%" in spanish.stdout
    assert "28 partidas puntuadas, 26 jugadores, ningún problema" in spanish.stdout
    turkish = run("score", copy, "--lang", "tr", "-o", tmp_path / "tr.xlsx")
    assert "%31,8" in turkish.stdout


def test_template_defaults_of_the_command_are_the_templates() -> None:
    """The parser keeps its own copy (it imports no openpyxl); they must agree."""
    from xlsx_scorer.app import template
    from xlsx_scorer.cli import options

    assert (options.TEMPLATE_PLAYERS, options.TEMPLATE_ROUNDS) == (
        template.DEFAULT_PLAYERS,
        template.DEFAULT_ROUNDS,
    )


def test_only_the_program_sets_the_heavy_imports_aside(tmp_path: Path) -> None:
    """The program freezes pandas' objects for the collector; a library caller's process not."""
    import gc

    from xlsx_scorer.app import api

    path = write(tmp_path / "event.xlsx", VALID)
    frozen = gc.get_freeze_count()
    assert api.check(path.read_bytes()).exit_code == 0
    assert main(["check", str(path)]) == 0
    assert gc.get_freeze_count() == frozen
    program = (
        "import gc, sys; from xlsx_scorer.cli import main; "
        f"sys.argv = ['xlsx-scorer', 'check', {str(path)!r}]; "
        "code = main(); print(code, gc.get_freeze_count() > 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.stdout.split()[-2:] == ["0", "True"], result.stderr

"""Issue 24, items 21 and 22: the house kept in order (no module takes another's private
names; one sort key for table labels; the command line through the API; no module over
~500 lines) and a typical event's rows read without a helper process."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.builders import row, table_below, with_vp, write
from xlsx_scorer.cli import main

PACKAGE = Path(__file__).resolve().parent.parent / "xlsx_scorer"
#: What the command line may import of the package: the API, its own modules, words, findings,
#: and the page it serves (`serve`).
CLI_MAY_IMPORT = (
    "xlsx_scorer.app",
    "xlsx_scorer.cli",
    "xlsx_scorer.i18n",
    "xlsx_scorer.findings",
    "xlsx_scorer.web",
)
MOST_LINES = 500


def modules() -> Iterator[tuple[str, Path, ast.Module]]:
    """Every module of the package: dotted name, path, parsed source."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, path, ast.parse(path.read_text(encoding="utf-8"))


def is_module(dotted: str) -> bool:
    """Whether ``dotted`` names a module or package of ours (not a name inside one)."""
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def imported_from(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` in module ``name`` imports from."""
    if not node.level:
        return node.module or ""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def private_imports() -> list[str]:
    """Every private name a module of ours takes from another module of ours: imported
    (``from xlsx_scorer.app.report import _title``) or reached through a module imported
    whole (``canonical._csv``)."""
    found = []
    for name, path, tree in modules():
        where = path.relative_to(PACKAGE.parent)
        bound: dict[str, str] = {}  # local name -> module of ours it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = imported_from(name, path, node)
                if not source.startswith("xlsx_scorer"):
                    continue
                for alias in node.names:
                    if private(alias.name) and source != name:
                        found.append(f"{where}:{node.lineno} from {source} import {alias.name}")
                    if is_module(f"{source}.{alias.name}"):
                        bound[alias.asname or alias.name] = f"{source}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("xlsx_scorer") and alias.asname:
                        bound[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and private(node.attr)
                and isinstance(node.value, ast.Name)
                and bound.get(node.value.id, name) != name
            ):
                found.append(f"{where}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def test_no_module_takes_another_modules_private_names() -> None:
    assert private_imports() == []


def test_the_check_finds_a_private_name_taken(tmp_path: Path, monkeypatch) -> None:
    """The check above is no empty promise: a module taking ``_title`` is found."""
    package = tmp_path / "xlsx_scorer"
    (package / "app").mkdir(parents=True)
    for module in ("__init__.py", "app/__init__.py", "app/report.py"):
        (package / module).write_text("")
    (package / "app" / "sheets.py").write_text(
        "from xlsx_scorer.app.report import _title\nfrom xlsx_scorer.app import report\n"
        "report._checked\n"
    )
    monkeypatch.setattr(f"{__name__}.PACKAGE", package)
    assert private_imports() == [
        "xlsx_scorer/app/sheets.py:1 from xlsx_scorer.app.report import _title",
        "xlsx_scorer/app/sheets.py:3 report._checked",
    ]


def test_the_command_line_goes_through_the_api() -> None:
    """``cli/`` takes nothing from ``core``, ``xlsx`` or ``opc`` itself (type hints too)."""
    taken = []
    for name, path, tree in modules():
        if not name.startswith("xlsx_scorer.cli"):
            continue
        for node in ast.walk(tree):
            sources = []
            if isinstance(node, ast.ImportFrom):
                sources = [imported_from(name, path, node)]
            elif isinstance(node, ast.Import):
                sources = [alias.name for alias in node.names]
            for source in sources:
                if (
                    source.startswith("xlsx_scorer.") and not source.startswith(CLI_MAY_IMPORT)
                ) or (
                    source == "xlsx_scorer"
                    and isinstance(node, ast.ImportFrom)
                    and any(is_module(f"xlsx_scorer.{a.name}") for a in node.names)
                ):
                    taken.append(f"{path.name}:{node.lineno} {source}")
    assert taken == []


def test_one_sort_key_for_table_labels() -> None:
    """Numbered tables by their number, then named ones by code points: one function
    (``core.collation.table_order``), written nowhere else."""
    from xlsx_scorer.core.collation import table_order

    assert sorted(["Final", "10", "2", "①", "B"], key=table_order) == [
        "2",
        "10",
        "B",
        "Final",
        "①",
    ]
    copies = [
        f"{path.relative_to(PACKAGE.parent)}"
        for name, path, _ in modules()
        if name != "xlsx_scorer.core.collation"
        and not name.startswith("xlsx_scorer.web")  # the page's lane: noted for its owner
        and "isdigit() else (1, 0," in path.read_text(encoding="utf-8")
    ]
    assert copies == []


def test_no_module_over_about_500_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE.parent)): lines
        for _, path, _ in modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}


def test_blank_and_shown_cells_in_the_command_lines_words(tmp_path: Path, capsys) -> None:
    """A judge's merged copy that differs in a typed cell and a blank one: the command
    line says each cell's value (through the API's cell words) as before."""
    rows = [with_vp(1, 1, name, vp) for name, vp in (("Ana", 10), ("Bo", 7), ("Cem", 5))]
    base = write(tmp_path / "base.xlsx", rows)
    judge = write(
        tmp_path / "judge.xlsx",
        [rows[0], row(1, 1, "Bo", settlements="seven"), row(1, 1, "Cem", settlements=None)],
    )
    main(["diff", str(base), str(judge)])
    out = capsys.readouterr().out
    assert "seven" in out
    assert "blank" in out or "empty" in out


@pytest.mark.parametrize("tables", [["2", "10", "Final"], ["Final", "10", "2"]])
def test_round_points_order_tables_by_the_one_key(tmp_path: Path, tables: list[str]) -> None:
    """Round Points lists a round's tables numbered first (2 before 10), then named ones."""
    names = iter(f"P{n:02}" for n in range(100))
    rows = [with_vp(1, table, next(names), vp) for table in tables for vp in (10, 7, 5)]
    book = write(tmp_path / "cup.xlsx", rows)
    assert main(["score", str(book), "-o", str(tmp_path / "out.xlsx")]) == 0
    shown = [line["Table"] for line in table_below(tmp_path / "out.xlsx", "Round Points", "Round")]
    assert list(dict.fromkeys(shown)) == [2, 10, "Final"]


@pytest.mark.parametrize("command", ["check", "score", "archive"])
def test_a_file_is_opened_once_and_its_package_passed_down(
    tmp_path: Path, monkeypatch, command: str
) -> None:
    """The package read from the file is the run's (``api.run(package)``): its bytes are
    never handed to ``Package.open`` a second time, to be recognised by their identity."""
    from xlsx_scorer.opc.package import Package

    rows = [with_vp(1, 1, name, vp) for name, vp in (("Ana", 10), ("Bo", 7), ("Cem", 5))]
    book = write(tmp_path / "cup.xlsx", rows)
    source = book.read_bytes()
    opened = []
    real = Package.open.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Package], data: bytes) -> Package:
        opened.append(data == source)
        return real(cls, data)

    monkeypatch.setattr(Package, "open", classmethod(counted))
    more = {"score": ["-o", str(tmp_path / "out.xlsx")], "archive": ["-o", str(tmp_path / "a")]}
    assert main([command, str(book), *more.get(command, [])]) == 0
    assert opened.count(True) == 1


#: A program that runs the command line as ``xlsx-scorer`` does, with an object whose
#: deletion says so: the interpreter's teardown (clearing every module) deletes it.
CANARY = (
    "import sys, xlsx_scorer\n"
    "class Canary:\n"
    "    def __del__(self):\n"
    "        print('torn down', flush=True)\n"
    "xlsx_scorer.canary = Canary()\n"
    "from xlsx_scorer.cli import main\n"
    "sys.argv = ['xlsx-scorer', *sys.argv[1:]]\n"
    "sys.exit(main())\n"
)


@pytest.mark.parametrize(("rows", "code"), [("clean", 0), ("wrong", 1)])
def test_the_program_ends_without_tearing_the_interpreter_down(
    tmp_path: Path, rows: str, code: int
) -> None:
    """Once a command is done, its output flushed and its files saved, the program's process
    ends with the command's exit code without clearing pandas' and pandera's objects one by
    one (about a tenth of a second of a typical event's run)."""
    import subprocess
    import sys

    valid = [with_vp(1, 1, name, vp) for name, vp in (("Ana", 10), ("Bo", 7), ("Cem", 5))]
    book = write(tmp_path / "cup.xlsx", valid if rows == "clean" else [*valid, row(1, 2, "Dua", 9)])
    target = tmp_path / "out.xlsx"
    done = subprocess.run(
        [sys.executable, "-c", CANARY, "score", str(book), "-o", str(target)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == code, done.stderr
    assert "torn down" not in done.stdout
    assert f"Wrote {target}." in done.stdout  # everything printed is there
    assert target.exists()


def test_a_library_caller_keeps_its_interpreter(tmp_path: Path) -> None:
    """``main([...])`` in a caller's process returns, and its process ends as it would."""
    import subprocess
    import sys

    rows = [with_vp(1, 1, name, vp) for name, vp in (("Ana", 10), ("Bo", 7), ("Cem", 5))]
    book = write(tmp_path / "cup.xlsx", rows)
    program = CANARY.replace("sys.exit(main())", "print(main(sys.argv[1:]))")
    done = subprocess.run(
        [sys.executable, "-c", program, "check", str(book)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["0", "torn down"]


def test_a_typical_event_forks_no_helper(tmp_path: Path, monkeypatch) -> None:
    """300 players × 5 rounds: the Results rows are one piece and our sheets a few blocks,
    so the run works alone (a helper is forked only for a second megabyte of rows, or for
    ``SHARED_BLOCKS`` blocks of our sheets to write).  A guard, passing before the fix of
    item 22 too: the wall time that item found went to the interpreter's teardown."""
    from benchmarks.bench_score import write_event
    from xlsx_scorer.xlsx import parallel

    source = tmp_path / "typical.xlsx"
    write_event(source, 300, 5)
    from xlsx_scorer.xlsx.read import plaincells

    forks: list[int] = []
    monkeypatch.setattr(parallel, "_can_fork", lambda: True)  # as on a 2-core machine
    monkeypatch.setattr(parallel._Shared, "run", lambda self, stream: forks.append(1) or [])
    assert main(["score", str(source), "-o", str(tmp_path / "out.xlsx")]) == 0
    assert forks == []
    monkeypatch.setattr(plaincells, "_PIECE", 1 << 16)  # the same rows in pieces: shared
    main(["score", str(source), "-o", str(tmp_path / "again.xlsx")])
    assert forks == [1]

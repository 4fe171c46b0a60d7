"""Issue 24 item 21, the house's layout: ``xlsx/`` shows its two directions (``read/``,
``write/``), and seating is one package of its own whose modules import no one in a circle.

Read from the source (every import counted: at the top, inside a function, under
``TYPE_CHECKING``), so a lazy import cannot hide a circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "xlsx_scorer"
XLSX = PACKAGE / "xlsx"
SEATING = PACKAGE / "core" / "seating"


def dotted(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports(path: Path) -> Iterator[str]:
    """The modules of ours that the module at ``path`` imports, anywhere in it: ``from P import
    m`` imports the module ``P.m`` when there is one, else ``P``."""
    name = dotted(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("xlsx_scorer"))
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = package[: len(package) - node.level + 1]
                source = ".".join([*base, *([source] if source else [])])
            if not source.startswith("xlsx_scorer"):
                continue
            for alias in node.names:
                inner = f"{source}.{alias.name}"
                yield inner if is_module(inner) else source


def circles(folder: Path) -> list[list[str]]:
    """Every import circle among the modules under ``folder`` (a depth-first search)."""
    graph = {dotted(p): set(imports(p)) for p in sorted(folder.rglob("*.py"))}
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 = on the path, 2 = done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(graph[module] & graph.keys()):
            if state.get(other) == 1:
                found.append([*path[path.index(other) :], other])
            elif other not in state:
                visit(other, [*path, other])
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module, [module])
    return found


def test_xlsx_keeps_at_its_top_only_what_both_directions_share() -> None:
    top = sorted(p.name for p in XLSX.iterdir() if p.suffix == ".py" or p.is_dir())
    top = [name for name in top if name != "__pycache__"]
    assert top == [
        "__init__.py",
        "eventformat.py",  # read from the Event sheet, and recorded there by a patch
        "ours.py",  # the marker: which sheets the reader skips and the writer replaces
        "parallel.py",  # two processes, for the reader's pieces and the writer's blocks
        "read",
        "worksheet.py",  # the one front door to a worksheet's XML
        "write",
    ]
    assert (XLSX / "read" / "reader.py").is_file()
    assert (XLSX / "write" / "splice.py").is_file()


def test_reading_a_workbook_imports_nothing_that_writes() -> None:
    writing = [
        f"{dotted(path)} imports {module}"
        for path in sorted((XLSX / "read").rglob("*.py"))
        for module in imports(path)
        if module.startswith("xlsx_scorer.xlsx.write")
    ]
    assert writing == []


def test_seating_is_one_package_and_imports_in_no_circle() -> None:
    assert sorted(p.name for p in SEATING.glob("*.py")) == [
        "__init__.py",
        "ahead.py",
        "exact.py",
        "groups.py",
        "keep.py",
        "plan.py",
        "problem.py",
        "rounds.py",
        "schedule.py",
        "seatround.py",
        "swiss.py",
        "tables.py",
    ]
    assert not [p.name for p in (PACKAGE / "core").glob("*.py") if p.stem.startswith("seat")]
    assert not (PACKAGE / "core" / "rounds.py").exists()
    assert circles(SEATING) == []


def test_no_module_of_the_package_imports_another_in_a_circle() -> None:
    assert circles(PACKAGE) == []


def test_seatings_users_find_what_they_used_at_the_packages_front() -> None:
    from xlsx_scorer.core import seating

    seated = seating.seat(
        [seating.Entrant(n) for n in "ABCDEFG"], (), round=1, rounds=3, seed=1, method="random"
    )
    assert isinstance(seated, seating.Seating)
    assert [len(t.players) for t in seated.tables] == [4, 3]
    assert seating.table_plan(6, (3, 4)) == (3, 3)
    assert seating.METHODS == ("random", "swiss")
    assert issubclass(seating.CannotSeatError, ValueError)

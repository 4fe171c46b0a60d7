"""Time every phase of ``xlsx-scorer score`` on synthetic events of league size.

    .venv/bin/python benchmarks/bench_score.py --rows 100000

builds (once, cached in ``--workdir``) valid events of 1k, 10k and 100k result
rows (``tests.eventgen.random_event``: every player plays every round at 3- and
4-player tables, with ties, title marks and declared victories), written with
openpyxl's write-only mode, plus a workbook with 100 results above a million
empty-but-formatted rows.  Then, per workbook, it times each phase of a
``score`` run on its own (best of ``--repeat``) and the whole command through
the installed CLI, and prints a table.  ``--json FILE`` also saves the figures.

Timings are for reading, never for asserting: nothing here is a test.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402
import pandera.pandas as pa  # noqa: E402
from openpyxl import Workbook  # noqa: E402
from openpyxl.cell import WriteOnlyCell  # noqa: E402
from openpyxl.styles import Font  # noqa: E402

from tests.eventgen import HEADERS, KEYS, random_event  # noqa: E402
from xlsx_scorer.app import outputkinds, report  # noqa: E402
from xlsx_scorer.app.pipeline import validate  # noqa: E402
from xlsx_scorer.core import rules as schemas  # noqa: E402
from xlsx_scorer.core import scoring  # noqa: E402
from xlsx_scorer.core.collation import collation_key  # noqa: E402
from xlsx_scorer.core.typed import typed_results  # noqa: E402
from xlsx_scorer.opc.zipraw import RawZipWriter  # noqa: E402
from xlsx_scorer.xlsx.read import reader as workbook  # noqa: E402
from xlsx_scorer.xlsx.write import save, sheetxml, splice  # noqa: E402
from xlsx_scorer.xlsx.write.styles import add_styles  # noqa: E402

#: (players, rounds) per target size: many players, many rounds (players × rounds rows).
SHAPES = {1_000: (100, 10), 10_000: (500, 20), 100_000: (2_000, 50)}
FORMATTED_ROWS = 1_000_000
FORMATTED_RESULTS = (25, 4)  # 100 result rows above the formatted ones
FIRST = (
    "Çetin", "Şule", "Ömer", "İpek", "José", "Lucía", "Zeynep", "çağla", "ümit", "Ángel",
    "Begoña", "Gökhan", "Işıl", "Íñigo", "Ayşe", "Emre", "Maria", "John", "Anna", "David",
)  # fmt: skip
LAST = (
    "Yıldız", "Aksoy", "Demir", "Arslan", "Martínez", "Nuñez", "Kaya", "Ersoy", "Aydın",
    "de la Peña", "van Dijk", "Muñoz", "Ibáñez", "Çelik", "Koç", "Goñi", "Güneş", "Smith",
)  # fmt: skip


# ---------------------------------------------------------------------------
# Synthetic workbooks


def shape_for(rows: int) -> tuple[int, int]:
    """(players, rounds) giving about ``rows`` result rows."""
    if rows in SHAPES:
        return SHAPES[rows]
    rounds = 50 if rows >= 50_000 else 20 if rows >= 5_000 else 10
    return max(9, rows // rounds), rounds


def player_names(count: int) -> list[str]:
    """``count`` distinct names with Turkish and Spanish letters (numbered: never variants)."""
    return [
        f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]} {i:04d}"
        for i in range(count)
    ]


def _cell_value(key: str, value: Any) -> Any:
    if isinstance(value, bool):
        return "x" if value else None
    return value


def write_event(path: Path, players: int, rounds: int, seed: int = 0) -> int:
    """An organiser-style event workbook (title row, Results, Players); returns its row count."""
    names = player_names(players)
    rows = random_event(random.Random(seed), players, rounds, names=names)
    book = Workbook(write_only=True)
    results = book.create_sheet("Results")
    results.append([f"League benchmark — {players} players × {rounds} rounds"])
    bold = Font(bold=True)
    header = []
    for key in KEYS:
        cell = WriteOnlyCell(results, value=HEADERS[key])
        cell.font = bold
        header.append(cell)
    results.append(header)
    for row in rows:
        results.append([_cell_value(key, row[key]) for key in KEYS])
    roster = book.create_sheet("Players")
    roster.append(["Player"])
    for name in names:
        roster.append([name])
    book.save(path)
    return len(rows)


def _formatted_rows(first: int, count: int, style: int) -> Iterator[bytes]:
    """Sheet XML for ``count`` rows from ``first``: each of the 12 columns empty but styled."""
    letters = [chr(ord("A") + position) for position in range(len(KEYS))]
    chunk: list[str] = []
    for row in range(first, first + count):
        chunk.append(
            f'<row r="{row}" spans="1:{len(KEYS)}">'
            + "".join(f'<c r="{letter}{row}" s="{style}"/>' for letter in letters)
            + "</row>"
        )
        if len(chunk) == 10_000:
            yield "".join(chunk).encode()
            chunk = []
    if chunk:
        yield "".join(chunk).encode()


def write_formatted(path: Path, extra_rows: int = FORMATTED_ROWS) -> int:
    """100 results, then ``extra_rows`` rows of empty cells that carry a style (borders, fills).

    That is what a sheet looks like after an organiser formats "the whole table"
    down to row 1,000,000.  The rows are spliced into openpyxl's sheet XML
    directly (writing a million styled cells through openpyxl would take minutes).
    """
    small = io.BytesIO()
    count = write_event_to(small, *FORMATTED_RESULTS)
    source = zipfile.ZipFile(io.BytesIO(small.getvalue()))
    sheet = "xl/worksheets/sheet1.xml"
    xml = source.read(sheet)
    last = max(int(found) for found in re.findall(rb'<row r="(\d+)"', xml))
    end = last + extra_rows
    xml = re.sub(rb'<dimension ref="[^"]*"/>', f'<dimension ref="A1:L{end}"/>'.encode(), xml)
    head, tail = xml.split(b"</sheetData>")
    with source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            if member.filename != sheet:
                target.writestr(member, source.read(member))
                continue
            with target.open(sheet, "w", force_zip64=True) as stream:
                stream.write(head)
                for chunk in _formatted_rows(last + 1, extra_rows, style=1):
                    stream.write(chunk)
                stream.write(b"</sheetData>" + tail)
    return count


def write_event_to(stream: io.BytesIO, players: int, rounds: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.xlsx"
        count = write_event(path, players, rounds)
        stream.write(path.read_bytes())
    return count


@dataclass(frozen=True)
class Case:
    label: str
    path: Path
    rows: int


def build_cases(workdir: Path, sizes: list[int], formatted: bool) -> list[Case]:
    """The benchmark workbooks, generated once and reused from ``workdir``."""
    workdir.mkdir(parents=True, exist_ok=True)
    cases = []
    for size in sizes:
        players, rounds = shape_for(size)
        path = workdir / f"event_{players}x{rounds}.xlsx"
        if not path.exists():
            started = time.perf_counter()
            partial = path.with_suffix(".part")
            write_event(partial, players, rounds)
            partial.replace(path)
            print(f"  built {path.name} in {time.perf_counter() - started:.1f}s", file=sys.stderr)
        cases.append(Case(f"{players * rounds:,} rows", path, players * rounds))
    if formatted:
        path = workdir / f"formatted_{FORMATTED_ROWS}.xlsx"
        if not path.exists():
            started = time.perf_counter()
            partial = path.with_suffix(".part")
            write_formatted(partial)
            partial.replace(path)
            print(f"  built {path.name} in {time.perf_counter() - started:.1f}s", file=sys.stderr)
        count = FORMATTED_RESULTS[0] * FORMATTED_RESULTS[1]
        cases.append(Case(f"{count} rows + 1M formatted", path, count))
    return cases


# ---------------------------------------------------------------------------
# Timing


def best_of(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    """The shortest of ``repeat`` runs of ``run`` (seconds) and its last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best, result


def failure_cases(schema: pa.DataFrameSchema, frame: pd.DataFrame) -> pd.DataFrame:
    """Pandera's failure cases (lazy), as ``pipeline.validate`` collects them."""
    try:
        schema.validate(frame, lazy=True)
    except pa.errors.SchemaErrors as errors:
        return errors.failure_cases
    return pd.DataFrame(columns=["column", "check", "failure_case", "index"])


def time_phases(case: Case, repeat: int, scratch: Path) -> dict[str, float]:
    """Seconds per phase of one ``score`` run, each phase timed alone (best of ``repeat``)."""
    times: dict[str, float] = {}
    times["read_workbook"], book = best_of(
        repeat, lambda: workbook.read_workbook(case.path, outputkinds.LEGACY_OUTPUTS)
    )
    raw = book.results.raw
    times["typed_results"], (typed, _errors) = best_of(repeat, lambda: typed_results(raw))
    times["columns schema"], column_failures = best_of(
        repeat, lambda: failure_cases(schemas.columns_schema(), typed)
    )
    masked = schemas.without_failures(typed, column_failures)
    roster = frozenset(book.roster.names) if book.roster else None
    times["rules schema"], _rule_failures = best_of(
        repeat, lambda: failure_cases(schemas.rules_schema(roster), masked)
    )
    times["validate (all)"], validated = best_of(repeat, lambda: validate(book))
    if validated.findings:
        raise SystemExit(f"{case.path}: expected a valid event, got {len(validated.findings)}")

    def score() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
        games = scoring.score_games(validated.frame)
        return (games, *scoring.standings(games, collation_key))

    times["scoring"], (games, table, per_round) = best_of(repeat, score)
    computed = "2025-01-01 00:00 UTC"

    def specs() -> list[report.SheetSpec]:
        return [
            report.standings_sheet(
                "en", table, per_round, event=None, computed=computed, games=len(games)
            ),
            report.round_points_sheet("en", games, event=None),
            report.errors_sheet("en", (), computed=computed),
        ]

    times["report specs"], sheet_specs = best_of(repeat, specs)
    times["Round Points XML + deflate"], _ = best_of(
        repeat, lambda: round_points_part(sheet_specs[1])
    )
    times["write_sheets"], merged = best_of(
        repeat,
        lambda: splice.write_sheets(
            book.package, sheet_specs, legacy=outputkinds.LEGACY_OUTPUTS, active="standings"
        ),
    )
    target = scratch / "saved.xlsx"
    times["atomic save"], _ = best_of(repeat, lambda: save.save_atomically(target, merged))
    times["sum of phases"] = sum(
        seconds
        for name, seconds in times.items()
        if name
        not in {"typed_results", "columns schema", "rules schema", "Round Points XML + deflate"}
    )
    return times


def round_points_part(spec: report.SheetSpec) -> bytes:
    """The Round Points sheet XML, deflated as the writer stores it (part of ``write_sheets``)."""
    needs = {(c.number_format, False, c.alignment, c.boxed) for c in spec.columns}
    _, styles = add_styles(None, needs)
    writer = RawZipWriter()
    [deflated] = splice.deflate_sheets([sheetxml.worksheet_xml(spec, styles)])
    writer.write("sheet.xml", deflated, (1980, 1, 1, 0, 0, 0))
    return writer.getvalue()


def time_cli(case: Case, repeat: int, scratch: Path) -> float:
    """Wall time of ``python -m xlsx_scorer score CASE -o OUT --force`` (a fresh process, imports
    included; ``--force`` because each run replaces the previous run's ``OUT``).

    The command runs from this checkout (``-m`` with the checkout as working folder),
    so a copy of the tree benchmarks its own code, not whatever is installed.
    """
    target = scratch / "cli.xlsx"
    command = [sys.executable, "-m", "xlsx_scorer", "score", str(case.path), "-o", str(target)]
    command.append("--force")

    def run() -> None:
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)  # noqa: PLW1510
        if done.returncode != 0:
            raise SystemExit(f"{case.path}: exit {done.returncode}\n{done.stderr}")

    return best_of(repeat, run)[0]


def time_import(repeat: int) -> float:
    """Wall time of a fresh interpreter importing the CLI (the floor of every CLI run)."""
    command = [sys.executable, "-c", "import xlsx_scorer.cli"]
    return best_of(repeat, lambda: subprocess.run(command, check=True, cwd=ROOT))[0]


# ---------------------------------------------------------------------------
# Report


def print_table(cases: list[Case], results: dict[str, dict[str, float]]) -> None:
    phases = list(next(iter(results.values())))
    width = max(len(phase) for phase in phases)
    print(f"{'phase':<{width}} " + " ".join(f"{case.label:>26}" for case in cases))
    for phase in phases:
        cells = " ".join(f"{results[case.label][phase]:>25.3f}s" for case in cases)
        print(f"{phase:<{width}} {cells}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000, help="largest event (result rows)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N per phase")
    parser.add_argument("--cli-repeat", type=int, default=3, help="best of N for the CLI runs")
    parser.add_argument(
        "--workdir",
        type=Path,
        default=Path(tempfile.gettempdir()) / "xlsx_scorer_bench",
        help="where the synthetic workbooks are built and kept",
    )
    parser.add_argument("--no-formatted", action="store_true", help="skip the 1M-row workbook")
    parser.add_argument("--no-cli", action="store_true", help="skip the end-to-end CLI runs")
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()

    sizes = sorted({size for size in SHAPES if size <= args.rows} | {args.rows})
    print(f"building workbooks in {args.workdir} …", file=sys.stderr)
    cases = build_cases(args.workdir, sizes, formatted=not args.no_formatted)
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for case in cases:
            print(f"timing {case.label} ({case.path.name}) …", file=sys.stderr)
            results[case.label] = time_phases(case, args.repeat, scratch)
            if not args.no_cli:
                results[case.label]["CLI end-to-end"] = time_cli(case, args.cli_repeat, scratch)
        import_seconds = None if args.no_cli else time_import(args.cli_repeat)
    print(
        f"\npython {platform.python_version()}, {os.cpu_count()} cores, "
        f"pandas {pd.__version__}, best of {args.repeat} (CLI: best of {args.cli_repeat})\n"
    )
    print_table(cases, results)
    if import_seconds is not None:
        print(f"\n(import xlsx_scorer.cli in a fresh interpreter: {import_seconds:.3f}s)")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                    "import_seconds": import_seconds,
                    "results": results,
                },
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

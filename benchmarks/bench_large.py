"""Scoring in place as the sheet grows, up to Excel's largest, each beside its direct floor.

Each size is a league's ``Results`` (2,000 players, 2,000 rows a round) cut or repeated
to that many result rows, whole rounds only; the repeats get new round numbers, so every
workbook is a valid event.  The largest, 1,048,000 rows (524 rounds), fills a sheet to
row 1,048,002 of Excel's 1,048,576.  For each size, in the same run and alternating:

- ``xlsx-scorer score FILE`` in place, a fresh process: seconds and peak memory (max RSS);
- the direct floor of ``bench_targets.py``: python-calamine reading ``Results``, then as
  many rows of sheet XML written and deflated, in process.

Run from the repository (needs the ``bench`` extra, for python-calamine)::

    python benchmarks/bench_large.py                          # 10k, 100k, 300k, 1,048k rows
    python benchmarks/bench_large.py --sizes 1048000 --repeat 1 --json large.json
    python benchmarks/bench_large.py --sizes 1048000 --selected   # as LibreOffice saves it

Workbooks are built once into ``--workdir`` (the league first, about 20 s; the largest
takes about a minute more).  Timings are for reading; no test asserts one.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_score import write_event  # noqa: E402
from benchmarks.bench_targets import LEAGUE, ROOT, direct_floor, score_in_place  # noqa: E402

SIZES = (10_000, 100_000, 300_000, 1_048_000)
#: The league's rows a round (every player plays every round) and its first result row.
ROUND_ROWS = 2000
FIRST_ROW = 3
_RESULTS = "xl/worksheets/sheet1.xml"
_ROUND = re.compile(rb"<v>([0-9]+)</v>")


def league_source(workdir: Path) -> Path:
    """The 100,000-row league of ``bench_targets.py``, built once."""
    source = workdir / "league_100k.xlsx"
    if not source.exists():
        write_event(source, *LEAGUE)
    return source


def build(source: Path, target: Path, rows: int, *, selected: bool = False) -> None:
    """``target``: the league in ``source`` with ``rows`` result rows (whole rounds), its
    rounds repeated with new numbers as often as it takes; with ``selected``, its ``Results``
    tab-selected, as LibreOffice marks the sheet it showed last on every save."""
    if rows % ROUND_ROWS:
        raise SystemExit(f"{rows} rows is not a whole number of rounds of {ROUND_ROWS}")
    with zipfile.ZipFile(source) as book:
        xml = book.read(_RESULTS)
        head, _, rest = xml.partition(b'<row r="%d">' % FIRST_ROW)
        if selected:
            head = head.replace(b"<sheetView ", b'<sheetView tabSelected="1" ', 1)
        body, _, tail = rest.rpartition(b"</row>")
        league = (b'<row r="%d">' % FIRST_ROW + body + b"</row>").split(b"</row>")[:-1]
        rounds = len(league) // ROUND_ROWS
        out: list[bytes] = []
        for index in range(rows):
            copy, at = divmod(index, len(league))
            row = league[at]
            if copy:
                number = FIRST_ROW + at
                row = row.replace(b'%d"' % number, b'%d"' % (number + copy * len(league)), 13)
                found = _ROUND.search(row)
                assert found is not None
                new_round = int(found[1]) + copy * rounds
                row = b"%s<v>%d</v>%s" % (row[: found.start()], new_round, row[found.end() :])
            out.append(row)
        sheet = head + b"</row>".join(out) + b"</row>" + tail
        partial = target.with_suffix(".part")
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as written:
            for member in book.infolist():
                data = sheet if member.filename == _RESULTS else book.read(member)
                written.writestr(member, data, zipfile.ZIP_DEFLATED, 6)
    partial.replace(target)


def workbook(workdir: Path, rows: int, *, selected: bool = False) -> Path:
    """The workbook of ``rows`` result rows, built once into ``workdir``."""
    path = workdir / f"large_{rows}{'_selected' if selected else ''}.xlsx"
    if not path.exists():
        started = time.perf_counter()
        build(league_source(workdir), path, rows, selected=selected)
        print(f"  built {path.name} in {time.perf_counter() - started:.1f}s", file=sys.stderr)
    return path


def measure(path: Path, repeat: int) -> dict[str, float]:
    """Best of ``repeat`` for the run in place and the floor, alternating; the peak memory."""
    runs, floors, peaks = [], [], []
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(repeat):
            started = time.perf_counter()
            direct_floor(path)
            floors.append(time.perf_counter() - started)
            seconds, peak = score_in_place(path, Path(scratch), None)
            runs.append(seconds)
            peaks.append(peak)
    return {"seconds": min(runs), "floor_s": min(floors), "peak_mib": max(peaks)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=1, help="best of N (default: 1)")
    parser.add_argument(
        "--workdir", type=Path, default=Path(tempfile.gettempdir()) / "xlsx_scorer_bench"
    )
    parser.add_argument(
        "--selected",
        action="store_true",
        help="Results tab-selected, as a workbook LibreOffice saved (the splice unselects it)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    compileall.compile_dir(ROOT / "xlsx_scorer", quiet=1)
    figures: dict[str, dict[str, float]] = {}
    for rows in args.sizes:
        path = workbook(args.workdir, rows, selected=args.selected)
        figures[str(rows)] = found = measure(path, args.repeat)
        found["ratio"] = found["seconds"] / found["floor_s"]
        print(
            f"{rows:>9,} rows  {found['seconds']:7.2f} s  floor {found['floor_s']:6.2f} s  "
            f"{found['ratio']:5.2f}×  peak {found['peak_mib']:5.0f} MiB",
            flush=True,
        )
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

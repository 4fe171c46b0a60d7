"""The engine's speed targets, each figure beside a reference measured in the same run.

1. League: 100,000 result rows scored in place (``xlsx-scorer score FILE`` in a
   fresh process) against (a) a plain openpyxl load + save of the same file and
   (b) the direct floor: python-calamine reading ``Results`` plus the same
   number of Round Points rows written as sheet XML and deflated.  Peak memory
   (max RSS) of the scoring process is reported too.
2. Typical event: 300 players × 5 rounds scored end to end as a fresh process,
   against a fresh process that only imports the score path's dependencies,
   paired run by run (each run's reference started right after it): each pair's
   ratio is printed with both processes' CPU times and the load average, then
   the median and range of the ratios.
3. Core: validation + scoring alone on 1,000,000 rows (a frame as the reader
   makes it, built from the 100,000-row event repeated with new round numbers).

Run from the repository (needs the ``bench`` extra: ``pip install '.[bench]'``)::

    python benchmarks/bench_targets.py                # all three, best of 3
    python benchmarks/bench_targets.py --only core --repeat 5
    python benchmarks/bench_targets.py --json figures.json
    python benchmarks/bench_targets.py --only league --only typical --format all

``--format NAME`` (repeatable, or ``all``: every shipped format) runs the league and
the typical event scored with ``score --format NAME``: Catan formats on the Catan
workbooks, Carcassonne formats on Carcassonne workbooks of the same sizes
(:func:`write_carcassonne`).  Without it, the events are scored as before (no
``--format``: the default, ``catan-es``).

Workbooks are built once into ``--workdir`` (default: a folder under the
system's temporary directory).  The package is compiled to bytecode first, as an
installed package is.  Timings are for reading; no test asserts one.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_score import player_names, write_event  # noqa: E402

LEAGUE = (2000, 50)  # players, rounds: 100,000 rows
TYPICAL = (300, 5)  # 1,500 rows
CORE_COPIES = 10  # the league's rows ten times: 1,000,000 rows
#: The typical event's goal: at most this many times its imports-only reference (issue 22).
TYPICAL_GOAL = 1.2
#: What the score path imports before it reads a byte (the reference of target 2).
SCORE_DEPENDENCIES = "import pandas, pandera.pandas, numpy, icu, defusedxml"
FORMATS = sorted(path.stem for path in (ROOT / "xlsx_scorer" / "formats").glob("*.toml"))
CARCASSONNE = (
    "Round",
    "Table",
    "Player",
    "Score",
    "Roads",
    "Cities",
    "Cloisters",
    "Fields",
    "Other",
)


def write_carcassonne(path: Path, players: int, rounds: int, swiss: bool, seed: int = 0) -> None:
    """A Carcassonne event of ``players`` × ``rounds``: tables of 4 and 3 (at least four
    of 3), or for ``swiss`` pairs with one player away each round and so a bye; scores
    40–130 (draws happen), a fifth of the rows with all five breakdown columns filled."""
    from openpyxl import Workbook

    rng = random.Random(seed)
    names = player_names(players)
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Results")
    sheet.append([f"Carcassonne benchmark — {players} players × {rounds} rounds"])
    sheet.append(list(CARCASSONNE))
    for rnd in range(1, rounds + 1):
        seated = names[:]
        rng.shuffle(seated)
        if swiss:
            seated.remove(names[rnd % players])  # away this round
            if len(seated) % 2:
                sheet.append([rnd, "Bye", seated.pop()])
            sizes = [2] * (len(seated) // 2)
        else:
            threes = (-players) % 4 or 4
            sizes = [4] * ((players - 3 * threes) // 4) + [3] * threes
        start = 0
        for table, size in enumerate(sizes, start=1):
            for name in seated[start : start + size]:
                score = rng.choice([60, 70, 80]) if rng.random() < 0.2 else rng.randint(40, 130)
                parts: list[int] = []
                if rng.random() < 0.2:
                    cuts = sorted(rng.randint(0, score) for _ in range(4))
                    parts = [b - a for a, b in zip([0, *cuts], [*cuts, score], strict=True)]
                sheet.append([rnd, table, name, score, *parts])
            start += size
    book.save(path)


def event(workdir: Path, shape: tuple[int, int], form: str | None) -> Path:
    """The workbook for an event of ``shape`` in format ``form``, built once into ``workdir``."""
    game = "carcassonne" if form and form.startswith("carcassonne") else "catan"
    if game == "catan":
        name = "league_100k.xlsx" if shape == LEAGUE else "typical_300x5.xlsx"
    else:
        name = f"{form}_{shape[0]}x{shape[1]}.xlsx"
    source = workdir / name
    if not source.exists():
        partial = source.with_suffix(".part")
        if game == "catan":
            write_event(partial, *shape)
        else:
            write_carcassonne(partial, *shape, swiss=form == "carcassonne-swiss")
        partial.replace(source)
    return source


def format_option(form: str | None) -> list[str]:
    return ["--format", form] if form else []


def best_of(repeat: int, run: Callable[[], Any]) -> float:
    """The smallest wall-clock time of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


#: Runs ``python ARGUMENTS`` and prints its seconds, its tree's peak RSS (KiB) and the CPU
#: seconds of its tree (user + system, every process and thread).  A child's peak counts from
#: the high-water mark of the process that started it, so a small one does.
LAUNCHER = (
    "import resource, subprocess, sys, time; start = time.perf_counter(); "
    "code = subprocess.run([sys.executable, *sys.argv[1:]], stdout=subprocess.DEVNULL).returncode; "
    "seconds = time.perf_counter() - start; "
    "usage = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(code, seconds, usage.ru_maxrss, usage.ru_utime + usage.ru_stime)"
)


def fresh_process_cpu(arguments: list[str]) -> tuple[float, int, float]:
    """Seconds, peak RSS (MiB, the largest of its process tree) and CPU seconds (its tree's
    user + system) of ``python ARGUMENTS`` run from the repository."""
    completed = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *arguments], cwd=ROOT, capture_output=True, check=False
    )
    code, seconds, peak, cpu = completed.stdout.split()
    if int(code) not in (0, 1):
        raise SystemExit(f"{arguments} failed:\n{completed.stderr.decode()}")
    return float(seconds), int(peak) // 1024, float(cpu)


def fresh_process(arguments: list[str]) -> tuple[float, int]:
    """Seconds and peak RSS (MiB) of ``python ARGUMENTS`` (:func:`fresh_process_cpu`)."""
    seconds, peak, _cpu = fresh_process_cpu(arguments)
    return seconds, peak


def score_in_place(source: Path, folder: Path, form: str | None) -> tuple[float, int]:
    """Score a fresh copy of ``source`` in place in a new process: (seconds, peak MiB)."""
    copy = folder / "in_place.xlsx"
    copy.write_bytes(source.read_bytes())
    return fresh_process(["-m", "xlsx_scorer", "score", str(copy), *format_option(form)])


def openpyxl_round_trip(source: Path, folder: Path) -> float:
    """The reference: seconds of a plain openpyxl load + save of the same file, timed in a
    process of its own (this one stays small: a child's peak memory starts from it)."""
    program = (
        "import sys, time; from openpyxl import load_workbook; start = time.perf_counter(); "
        "load_workbook(sys.argv[1]).save(sys.argv[2]); print(time.perf_counter() - start)"
    )
    out = subprocess.run(
        [sys.executable, "-c", program, str(source), str(folder / "openpyxl.xlsx")],
        capture_output=True,
        check=True,
    )
    return float(out.stdout)


def direct_floor(source: Path) -> None:
    """The floor: python-calamine reads Results; as many rows of sheet XML are deflated."""
    from python_calamine import CalamineWorkbook

    rows = CalamineWorkbook.from_path(str(source)).get_sheet_by_name("Results").to_python()
    parts = []
    for number in range(1, len(rows) + 1):
        cells = "".join(
            f'<c r="{chr(65 + column)}{number}" t="n"><v>{column}</v></c>' for column in range(9)
        )
        parts.append(f'<row r="{number}">{cells}</row>')
    zlib.compress("".join(parts).encode(), 6)


def league(workdir: Path, repeat: int, form: str | None = None) -> dict[str, float]:
    source = event(workdir, LEAGUE, form)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        runs = [score_in_place(source, folder, form) for _ in range(repeat)]
        seconds = min(time for time, _ in runs)
        peak = max(memory for _, memory in runs)
        openpyxl_seconds = openpyxl_round_trip(source, folder)
    floor = best_of(repeat, lambda: direct_floor(source))
    return {
        "league_score_in_place_s": seconds,
        "league_peak_mib": peak,
        "league_openpyxl_load_save_s": openpyxl_seconds,
        "league_direct_floor_s": floor,
        "league_ratio_to_openpyxl": seconds / openpyxl_seconds,
        "league_ratio_to_floor": seconds / floor,
    }


def typical(workdir: Path, repeat: int, form: str | None = None) -> dict[str, float]:
    """The typical event scored in a fresh process, paired run by run with a fresh process that
    only imports the score path's dependencies, started right after it (so that both meet the
    same moment of the host): each pair's ratio is printed as it comes, with both CPU times."""
    source = event(workdir, TYPICAL, form)
    with tempfile.TemporaryDirectory() as scratch:
        target = Path(scratch) / "scored.xlsx"
        command = ["-m", "xlsx_scorer", "score", str(source), "-o", str(target), "--force"]
        command += format_option(form)
        pairs = []
        for run in range(1, repeat + 1):
            seconds, _, cpu = fresh_process_cpu(command)
            imports, _, imports_cpu = fresh_process_cpu(["-c", SCORE_DEPENDENCIES])
            pairs.append((seconds, imports, cpu, imports_cpu))
            print(
                f"  run {run}: score {seconds:.3f} s (CPU {cpu:.3f} s), "
                f"imports only {imports:.3f} s (CPU {imports_cpu:.3f} s), "
                f"ratio {seconds / imports:.3f}, load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    ratios = sorted(seconds / imports for seconds, imports, _, _ in pairs)
    met = sum(ratio <= TYPICAL_GOAL for ratio in ratios)
    print(
        f"  paired ratio: median {statistics.median(ratios):.3f}, "
        f"range {ratios[0]:.3f}–{ratios[-1]:.3f}, ≤ {TYPICAL_GOAL}× in {met} of {len(ratios)}"
    )
    return {
        "typical_end_to_end_s": min(pair[0] for pair in pairs),
        "typical_imports_only_s": min(pair[1] for pair in pairs),
        "typical_ratio": min(pair[0] for pair in pairs) / min(pair[1] for pair in pairs),
        "typical_paired_ratio_median": statistics.median(ratios),
        "typical_paired_ratio_best": ratios[0],
        "typical_paired_ratio_worst": ratios[-1],
        "typical_paired_met": float(met),
        "typical_cpu_s_median": statistics.median(pair[2] for pair in pairs),
        "typical_imports_only_cpu_s_median": statistics.median(pair[3] for pair in pairs),
    }


def core_frame(workdir: Path) -> Any:
    """One million raw result rows, as the reader hands them to validation."""
    import pandas as pd

    from xlsx_scorer.xlsx.read.reader import read_workbook

    source = workdir / "league_100k.xlsx"
    if not source.exists():
        write_event(source, *LEAGUE)
    raw = read_workbook(source).results.raw
    last_round = int(pd.to_numeric(raw["round"]).max())
    copies = []
    for copy in range(CORE_COPIES):
        frame = raw.copy()
        frame["round"] = pd.to_numeric(frame["round"]) + copy * last_round
        copies.append(frame.astype(object))
    big = pd.concat(copies, ignore_index=True)
    big.index = pd.RangeIndex(3, 3 + len(big))
    return big


def validate_and_score(raw: Any) -> None:
    """Cells read into types, every rule checked, every game scored, the tournament ranked."""
    from xlsx_scorer.core import rules, scoring
    from xlsx_scorer.core.collation import collation_key
    from xlsx_scorer.core.typed import typed_results

    typed, _ = typed_results(raw)
    for schema in (rules.columns_schema(), rules.rules_schema(None)):
        try:  # in place, as the pipeline validates: the rules' answers serve the scoring
            schema.validate(typed, lazy=True, inplace=True)
        except Exception as error:  # a valid event: any failure is a broken benchmark
            raise SystemExit(f"the benchmark event is not valid: {error}") from error
    games = scoring.score_games(typed)
    scoring.standings(games, collation_key)


def core(workdir: Path, repeat: int, form: str | None = None) -> dict[str, float]:
    """Catan's rules and scoring (``form`` is not used)."""
    raw = core_frame(workdir)
    return {
        "core_rows": float(len(raw)),
        "core_validate_and_score_s": best_of(repeat, lambda: validate_and_score(raw)),
    }


TARGETS: dict[str, Callable[[Path, int, str | None], dict[str, float]]] = {
    "league": league,
    "typical": typical,
    "core": core,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(TARGETS), action="append")
    parser.add_argument("--repeat", type=int, default=3, help="best of N (default: 3)")
    parser.add_argument(
        "--workdir", type=Path, default=Path(tempfile.gettempdir()) / "xlsx_scorer_bench"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument(
        "--format",
        choices=[*FORMATS, "all"],
        action="append",
        help="score the league and the typical event in this format (repeatable; all: every one)",
    )
    args = parser.parse_args()
    forms: list[str | None] = [None]
    if args.format:
        forms = list(FORMATS) if "all" in args.format else list(dict.fromkeys(args.format))
    args.workdir.mkdir(parents=True, exist_ok=True)
    # As ``pip install .`` leaves it: the package's modules compiled to bytecode (a checkout
    # run with PYTHONDONTWRITEBYTECODE would otherwise compile ~80 modules in every process).
    compileall.compile_dir(ROOT / "xlsx_scorer", quiet=1)
    figures: dict[str, float] = {}
    for name in args.only or list(TARGETS):
        for form in [None] if name == "core" else forms:
            print(f"{name} {form or ''} …", flush=True)
            found = TARGETS[name](args.workdir, args.repeat, form)
            figures.update(
                {f"{form}:{key}" if form else key: value for key, value in found.items()}
            )
    load = os.getloadavg()[0]
    print(f"\npython {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.1f}")
    for key, value in figures.items():
        print(f"  {key:<52} {value:10.3f}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

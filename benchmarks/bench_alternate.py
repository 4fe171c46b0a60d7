"""This checkout against another, alternating: ``score FILE --force`` in place, fresh processes.

    .venv/bin/python benchmarks/bench_alternate.py OTHER FILE --runs 10

``OTHER`` is a folder holding another version's ``xlsx_scorer`` package (for the code on
``main``: ``git archive main | tar -x -C OTHER``).  Each round runs both versions once on a
fresh copy of ``FILE``, the order switching every round, so that both meet the same load
on a noisy host.  Per run: the whole process's wall time, and, measured inside it, the
write phase (``splice.write_sheets``, all of ``pipeline.scored_package`` but a call) and
how many helper processes it forked.  Then the best and median of each, and the median of
the differences within a round.  Both packages are compiled to bytecode first, as an
installed package is.  Run with the same interpreter and environment for both.

Timings are for reading, never for asserting: nothing here is a test.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def inner(workbook: str) -> None:
    """In the measured process: the program's ``score WORKBOOK --force``, the write phase
    timed and the helpers it forked counted; prints them as JSON."""
    from xlsx_scorer.xlsx import parallel  # the version PYTHONPATH names
    from xlsx_scorer.xlsx.write import splice  # the version PYTHONPATH names

    helpers: list[int] = []
    written: dict[str, float] = {}
    run, write_sheets = parallel._Shared.run, splice.write_sheets

    def counted(self: Any, stream: Any) -> Any:
        helpers.append(1)
        return run(self, stream)

    def timed(*args: Any, **kwargs: Any) -> bytes:
        before, start = len(helpers), time.perf_counter()
        package = write_sheets(*args, **kwargs)
        written.update(seconds=time.perf_counter() - start, helpers=len(helpers) - before)
        return package

    parallel._Shared.run, splice.write_sheets = counted, timed
    from xlsx_scorer.cli import main

    sys.argv = ["xlsx-scorer", "score", workbook, "--force"]
    with contextlib.redirect_stdout(None):
        code = main()
    if code != 0:
        raise SystemExit(f"score exited {code}")
    print(json.dumps(written))


def measure(tree: Path, source: Path, scratch: Path) -> tuple[float, float, int]:
    """(whole run, write phase, helpers) of one fresh process of ``tree``'s code."""
    copy = scratch / "in_place.xlsx"
    shutil.copyfile(source, copy)
    command = [sys.executable, str(Path(__file__).resolve()), "--inner", str(copy)]
    environment = dict(os.environ, PYTHONPATH=str(tree))
    start = time.perf_counter()
    done = subprocess.run(  # noqa: PLW1510 - its error is shown
        command, cwd=scratch, env=environment, capture_output=True, text=True
    )
    whole = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{tree}: exit {done.returncode}\n{done.stderr}")
    written = json.loads(done.stdout)
    return whole, written["seconds"], written["helpers"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="a folder holding another xlsx_scorer")
    parser.add_argument("workbook", type=Path)
    parser.add_argument("--runs", type=int, default=10, help="runs of each version")
    args = parser.parse_args()
    trees = {"this": ROOT, "other": args.other.resolve()}
    for tree in trees.values():
        compileall.compile_dir(tree / "xlsx_scorer", quiet=1)
    found: dict[str, list[tuple[float, float, int]]] = {label: [] for label in trees}
    with tempfile.TemporaryDirectory() as scratch:
        for number in range(args.runs):
            order = list(trees) if number % 2 == 0 else list(reversed(trees))
            for label in order:
                found[label].append(measure(trees[label], args.workbook, Path(scratch)))
                whole, write, helpers = found[label][-1]
                print(f"{label:5} whole {whole:.3f} s  write {write:.3f} s  helpers {helpers}")
    for label, runs in found.items():
        wholes, writes = [run[0] for run in runs], [run[1] for run in runs]
        print(
            f"{label}: whole best {min(wholes):.2f} median {statistics.median(wholes):.2f} s;"
            f" write best {min(writes):.3f} median {statistics.median(writes):.3f} s"
        )
    pairs = list(zip(found["this"], found["other"], strict=True))
    for index, name in ((0, "whole"), (1, "write")):
        differences = [this[index] - other[index] for this, other in pairs]
        faster = sum(difference < 0 for difference in differences)
        print(
            f"{name}: this - other, median {statistics.median(differences):+.3f} s"
            f" (this faster in {faster} of {len(differences)})"
        )
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:  # the measured process
        inner(sys.argv[2])
    else:
        sys.exit(main())

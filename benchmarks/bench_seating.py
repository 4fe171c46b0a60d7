"""Seating quality and speed (issue 20), each figure beside its reference.

1. ``random``, events of 16×5, 20×5, 32×6, 40×6 and 200×8 seated round after round
   (the core, as ``seat`` calls it): per round, the repeated pair-meetings so far
   beside the lower bound (``core.seating.rounds.lower_bound``), the spread of 3-player
   tables (most − fewest per player), the spread of starts, the time per round.
2. ``swiss``, 40×6 with simulated results (stronger players win more often): the
   repeats-versus-spread curve of the method, one point per repeat weight
   (``core.seating.swiss.REPEAT_WEIGHT`` is the default), beside the window approach.
3. Speed: a 200-player workbook with 7 rounds played, ``xlsx-scorer check`` and
   ``xlsx-scorer seat --round 8`` each as a fresh process, best of ``--repeat``.

Run from the repository::

    python benchmarks/bench_seating.py                 # all three
    python benchmarks/bench_seating.py --only quality --seed 3
"""

from __future__ import annotations

import argparse
import itertools
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import eventgen  # noqa: E402
from xlsx_scorer.core.seating import Entrant, Method, PastTable, seat, swiss, table_plan  # noqa: E402
from xlsx_scorer.core.seating.rounds import lower_bound  # noqa: E402

SIZES = ((16, 5), (20, 5), (32, 6), (40, 6), (13, 5), (27, 6), (200, 8))


def play(
    count: int, rounds: int, method: Method, seed: int, *, weight: float | None = None
) -> tuple[list[PastTable], list[float], list[float]]:
    """Seat every round; swiss results favour the stronger player.  Returns the games,
    the seconds per round and the mean rank spread per round (swiss)."""
    names = [f"P{i:03d}" for i in range(count)]
    luck = random.Random(seed)
    strength = {name: luck.random() for name in names}
    points: Counter[str] = Counter()
    history: list[PastTable] = []
    times, spreads = [], []
    if weight is not None:
        swiss.REPEAT_WEIGHT = weight
    for round_no in range(1, rounds + 1):
        standings = sorted(names, key=lambda n: (-points[n], n))
        start = time.perf_counter()
        seating = seat(
            [Entrant(n) for n in names],
            history,
            standings=standings,
            round=round_no,
            rounds=rounds,
            method=method,
            seed=seed,
        )
        times.append(time.perf_counter() - start)
        rank = {name: i for i, name in enumerate(standings)}
        spreads.append(
            sum(
                max(rank[n] for n in t.players) - min(rank[n] for n in t.players)
                for t in seating.tables
            )
            / len(seating.tables)
        )
        for table in seating.tables:
            history.append(PastTable(round_no, table.players))
            order = sorted(table.players, key=lambda n: -(strength[n] + luck.random()))
            for place, name in enumerate(order):
                points[name] += (5, 3, 2, 1)[place]
    return history, times, spreads


def repeats(games: Sequence[PastTable]) -> int:
    met = Counter(pair for g in games for pair in itertools.combinations(sorted(g.players), 2))
    return sum(times - 1 for times in met.values())


def quality(seed: int) -> None:
    print("random: repeats so far / lower bound, 3-player spread, start spread, ms per round")
    for count, rounds in SIZES:
        history, times, _ = play(count, rounds, "random", seed)
        shape = table_plan(count, (3, 4)) or ()
        line = []
        for r in range(1, rounds + 1):
            so_far = [g for g in history if g.round <= r]
            small = Counter(n for g in so_far if len(g.players) == 3 for n in g.players)
            starts = Counter(g.players[0] for g in so_far)
            smalls = [small[f"P{i:03d}"] for i in range(count)]
            start_counts = [starts[f"P{i:03d}"] for i in range(count)]
            line.append(
                f"R{r} {repeats(so_far)}/{lower_bound(count, [shape] * r)}"
                f" s{max(smalls) - min(smalls)} st{max(start_counts) - min(start_counts)}"
                f" {1000 * times[r - 1]:.0f}ms"
            )
        print(f"  {count:3d}×{rounds}: " + " | ".join(line))


def swiss_curve(seed: int) -> None:
    print("swiss 40×6: repeat weight → repeated pair-meetings, mean rank spread at a table")
    window = _window(seed)
    print(f"  window of the standings (reference): {window[0]} repeats at {window[1]:.2f}")
    default = swiss.REPEAT_WEIGHT
    for weight in (0.5, 1, 2, 3, 5, 8, 12, 20):
        history, _, spreads = play(40, 6, "swiss", seed, weight=weight)
        mark = "  (default)" if weight == default else ""
        spread = sum(spreads) / len(spreads)
        print(f"  weight {weight:>4}: {repeats(history):3d} repeats at {spread:.2f}{mark}")
    swiss.REPEAT_WEIGHT = default


def _window(seed: int) -> tuple[int, float]:
    """The sliding window: ranks 1–4, 5–8, … every round (as the tools compared do)."""
    names = [f"P{i:03d}" for i in range(40)]
    luck = random.Random(seed)
    strength = {name: luck.random() for name in names}
    points: Counter[str] = Counter()
    games: list[PastTable] = []
    for round_no in range(1, 7):
        standings = sorted(names, key=lambda n: (-points[n], n))
        for i in range(0, 40, 4):
            table = tuple(standings[i : i + 4])
            games.append(PastTable(round_no, table))
            order = sorted(table, key=lambda n: -(strength[n] + luck.random()))
            for place, name in enumerate(order):
                points[name] += (5, 3, 2, 1)[place]
    return repeats(games), 3.0


def speed(repeat: int, seed: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench_seating_"))
    try:
        path = _workbook(folder, 200, 7, seed)
        check = _best(repeat, ["check", str(path)], None)
        seat_times = []
        for _ in range(repeat):
            copy = folder / "copy.xlsx"
            shutil.copyfile(path, copy)
            seat_times.append(_run(["seat", str(copy), "--round", "8", "--rounds", "8"]))
        best = min(seat_times)
        ratio = best / check
        print(f"speed, 200 players, round 8: check {check:.2f} s, seat {best:.2f} s ({ratio:.2f}×)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _workbook(folder: Path, count: int, rounds: int, seed: int) -> Path:
    """A workbook whose ``rounds`` rounds were seated by ``seat`` and played at random."""
    names = [f"Player {i:03d}" for i in range(count)]
    rng = random.Random(seed)
    history: list[PastTable] = []
    rows = []
    for round_no in range(1, rounds + 1):
        seating = seat(
            [Entrant(n) for n in names], history, round=round_no, rounds=rounds + 1, seed=0
        )
        for table in seating.tables:
            history.append(PastTable(round_no, table.players))
            rows += eventgen.random_game(rng, round_no, table.number, table.players)
    path = folder / "event.xlsx"
    eventgen.write_workbook(path, rows, roster=names)
    return path


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", *args], cwd=ROOT, capture_output=True, check=False
    )
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{args[0]} failed: {done.stderr.decode()}")
    return took


def _best(repeat: int, args: list[str], _: object) -> float:
    return min(_run(args) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("quality", "swiss", "speed"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.only in (None, "quality"):
        quality(args.seed)
    if args.only in (None, "swiss"):
        swiss_curve(args.seed)
    if args.only in (None, "speed"):
        speed(args.repeat, args.seed)


if __name__ == "__main__":
    main()

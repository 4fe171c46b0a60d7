"""Seating quality and speed (issues 20 and 25), each figure beside its reference.

1. ``random``, the events issue 20 named (16×5, 20×5, 32×6, 40×6, 200×8, 22×6, 13×4) seated
   round after round (the core, as ``seat`` calls it): per round the pairs meeting again
   beside the proven bound and the proof the round's ``seat_summary`` finding claims
   (``bound``, ``proof``; ``—`` where the finding carries none), then the event's repeats
   beside ``core.seating.rounds.lower_bound`` and the fairness spreads (most − fewest per
   player) of 3-player tables, byes and starts after the last round.
2. ``swiss``, 40×6 with simulated results (stronger players win more often), 3–4 tables and
   2-player tables (``carcassonne-swiss``): the repeats-versus-spread curve, one point per
   repeat weight (``core.seating.swiss.REPEAT_WEIGHT`` is the default above 12 players;
   ``swiss.REPEATS_FIRST``, the curve's end, the search's price of a repeat up to 12, where
   CP-SAT then settles the round, so no weight changes a roster that small), each the mean
   over ``--seeds`` events, beside the window of the standings.  The spread of a table is its
   highest rank minus its lowest, ranks from the standings before the round, from round 2
   on (round 1 is a seeded draw: no standings yet).
3. Speed: a 200-player workbook with 7 rounds played, ``xlsx-scorer check`` and
   ``xlsx-scorer seat --round 8`` by ``random`` and by ``swiss``, each a fresh process, best
   of ``--repeat``, in the same run (wall clock, and the processes' CPU time, which the
   other work on a shared machine does not inflate).

Run from the repository::

    python benchmarks/bench_seating.py                 # all three
    python benchmarks/bench_seating.py --only quality --seed 3
    python benchmarks/bench_seating.py --sizes 9x3 --curve 12x3 --speed 12x2 --repeat 1
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
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
from xlsx_scorer.core.seating import (  # noqa: E402
    Entrant,
    Method,
    PastTable,
    Seating,
    seat,
    swiss,
    table_plan,
)
from xlsx_scorer.core.seating.rounds import lower_bound  # noqa: E402

SIZES = "16x5,20x5,32x6,40x6,200x8,22x6,13x4"
WEIGHTS = (1, 2, 3, 4, 5, 6, 8, 12)


def play(
    count: int,
    rounds: int,
    method: Method,
    seed: int,
    *,
    sizes: tuple[int, ...] = (3, 4),
    weight: float | None = None,
) -> tuple[list[PastTable], list[Seating], list[float]]:
    """Seat every round; results favour the stronger player.  Returns the games (byes too),
    the seatings and the mean rank spread of each round from round 2 on."""
    names = [f"P{i:03d}" for i in range(count)]
    luck = random.Random(seed)
    strength = {name: luck.random() for name in names}
    points: Counter[str] = Counter()
    history: list[PastTable] = []
    seatings, spreads = [], []
    default = swiss.REPEAT_WEIGHT
    swiss.REPEAT_WEIGHT = default if weight is None else weight
    try:
        for round_no in range(1, rounds + 1):
            standings = sorted(names, key=lambda n: (-points[n], n))
            seating = seat(
                [Entrant(n) for n in names],
                history,
                standings=standings,
                table_sizes=sizes,
                round=round_no,
                rounds=rounds,
                method=method,
                seed=seed,
            )
            seatings.append(seating)
            rank = {name: i + 1 for i, name in enumerate(standings)}
            if round_no > 1 and seating.tables:
                spreads.append(
                    sum(
                        max(rank[n] for n in t.players) - min(rank[n] for n in t.players)
                        for t in seating.tables
                    )
                    / len(seating.tables)
                )
            for name in seating.byes:
                history.append(PastTable(round_no, (name,), bye=True))
                points[name] += 1
            for table in seating.tables:
                history.append(PastTable(round_no, table.players))
                order = sorted(table.players, key=lambda n: -(strength[n] + luck.random()))
                for place, name in enumerate(order):
                    points[name] += (5, 3, 2, 1)[place] if len(order) > 2 else 1 - place
    finally:
        swiss.REPEAT_WEIGHT = default
    return history, seatings, spreads


def repeats(games: Sequence[PastTable]) -> int:
    met = Counter(
        pair for g in games if not g.bye for pair in itertools.combinations(sorted(g.players), 2)
    )
    return sum(times - 1 for times in met.values())


def spreads(names: Sequence[str], games: Sequence[PastTable]) -> tuple[int, int, int]:
    """Most − fewest per player of 3-player tables, byes and starts (a bye: no start)."""
    small = Counter(n for g in games if not g.bye and len(g.players) == 3 for n in g.players)
    byes = Counter(g.players[0] for g in games if g.bye)
    starts = Counter(g.players[0] for g in games if not g.bye)

    def spread(counts: Counter[str]) -> int:
        values = [counts[n] for n in names]
        return max(values) - min(values)

    return spread(small), spread(byes), spread(starts)


def quality(seed: int, sizes: Sequence[tuple[int, int]]) -> None:
    print(
        "random: per round the pairs meeting again / proven bound (proof) and ms;"
        " the event: repeats / lower bound, spreads of 3-player tables, byes, starts"
    )
    for count, rounds in sizes:
        start = time.perf_counter()
        history, seatings, _ = play(count, rounds, "random", seed)
        took = time.perf_counter() - start
        line = []
        for seated in seatings:
            summary = next(f.params for f in seated.findings if f.code == "seat_summary")
            line.append(
                f"R{seated.round} {summary['repeats']}/{summary.get('bound', '—')}"
                f" ({summary.get('proof', '—')})"
            )
        shapes = [
            tuple(len(g.players) for g in history if g.round == r and not g.bye)
            for r in range(1, rounds + 1)
        ]
        names = [f"P{i:03d}" for i in range(count)]
        small, byes, starts = spreads(names, history)
        print(
            f"  {count:3d}×{rounds}: " + " | ".join(line) + f" || {repeats(history)}"
            f"/{lower_bound(count, shapes)}, 3-player {small}, byes {byes}, starts {starts},"
            f" {1000 * took / rounds:.0f} ms per round"
        )


def swiss_curve(seed: int, count: int, rounds: int, seeds: int) -> None:
    for sizes, label in (((3, 4), "3–4 tables"), ((2,), "2-player (carcassonne-swiss)")):
        print(
            f"swiss {count}×{rounds}, {label}, mean of {seeds} events: repeat weight →"
            " repeated pair-meetings, mean rank spread at a table (rounds 2 on),"
            " spreads of 3-player tables, byes, starts"
        )
        if sizes == (3, 4):
            window = _window(seed, count, rounds)
            print(f"  window of the standings (reference): {window[0]} repeats at {window[1]:.2f}")
        default = swiss.REPEAT_WEIGHT
        for weight in sorted({*WEIGHTS, default, swiss.REPEATS_FIRST}):
            found = []
            for s in range(seed, seed + seeds):
                history, _, spread = play(count, rounds, "swiss", s, sizes=sizes, weight=weight)
                names = [f"P{i:03d}" for i in range(count)]
                found.append(
                    (repeats(history), sum(spread) / len(spread), *spreads(names, history))
                )
            mark = {default: "  (default)", swiss.REPEATS_FIRST: "  (repeats first)"}.get(
                weight, ""
            )
            mean = [sum(f[i] for f in found) / len(found) for i in range(2)]
            small, byes, starts = (max(f[i] for f in found) for i in range(2, 5))
            print(
                f"  weight {weight:>4g}: {mean[0]:5.1f} repeats at {mean[1]:.2f}"
                f" (3-player {small}, byes {byes}, starts {starts}){mark}"
            )


def _window(seed: int, count: int, rounds: int) -> tuple[int, float]:
    """The sliding window: ranks 1–4, 5–8, … every round (as the tools compared do)."""
    names = [f"P{i:03d}" for i in range(count)]
    luck = random.Random(seed)
    strength = {name: luck.random() for name in names}
    points: Counter[str] = Counter()
    games: list[PastTable] = []
    shape = table_plan(count, (3, 4)) or ()
    spread = sum(size - 1 for size in shape) / max(1, len(shape))
    for round_no in range(1, rounds + 1):
        standings = sorted(names, key=lambda n: (-points[n], n))
        first = 0
        for size in shape:
            table = tuple(standings[first : first + size])
            first += size
            games.append(PastTable(round_no, table))
            order = sorted(table, key=lambda n: -(strength[n] + luck.random()))
            for place, name in enumerate(order):
                points[name] += (5, 3, 2, 1)[place]
    return repeats(games), spread


def speed(repeat: int, seed: int, count: int, rounds: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench_seating_"))
    try:
        path = _workbook(folder, count, rounds, seed)
        check = _best(repeat, ["check", str(path)])
        print(
            f"speed, {count} players, round {rounds + 1}: check {check[0]:.2f} s"
            f" (CPU {check[1]:.2f} s)"
        )
        for method in ("random", "swiss"):
            best = (float("inf"), float("inf"))
            for _ in range(repeat):
                copy = folder / "copy.xlsx"
                shutil.copyfile(path, copy)
                args = ["seat", str(copy), "--round", str(rounds + 1), "--method", method]
                took = _run([*args, "--rounds", str(rounds + 1)])
                best = (min(best[0], took[0]), min(best[1], took[1]))
            print(
                f"  seat --method {method}: {best[0]:.2f} s ({best[0] / check[0]:.2f}× check),"
                f" CPU {best[1]:.2f} s ({best[1] / check[1]:.2f}× check's)"
            )
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


def _run(args: list[str]) -> tuple[float, float]:
    """The wall clock and CPU time (user + system) of one fresh ``xlsx_scorer`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", *args], cwd=ROOT, capture_output=True, check=False
    )
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{args[0]} failed: {done.stderr.decode()}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return took, cpu


def _best(repeat: int, args: list[str]) -> tuple[float, float]:
    runs = [_run(args) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def _size(text: str) -> tuple[int, int]:
    players, rounds = text.lower().split("x")
    return int(players), int(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("quality", "swiss", "speed"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=3, help="events per point of the curve")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default=SIZES, help="PLAYERSxROUNDS,… seated by random")
    parser.add_argument("--curve", default="40x6", help="PLAYERSxROUNDS of the swiss curve")
    parser.add_argument("--speed", default="200x7", help="PLAYERSxROUNDS played before seating")
    args = parser.parse_args()
    if args.only in (None, "quality"):
        quality(args.seed, [_size(s) for s in args.sizes.split(",")])
    if args.only in (None, "swiss"):
        swiss_curve(args.seed, *_size(args.curve), args.seeds)
    if args.only in (None, "speed"):
        speed(args.repeat, args.seed, *_size(args.speed))


if __name__ == "__main__":
    main()

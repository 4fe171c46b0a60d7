"""``parallel.shared_map``: the same results as a plain map, in order, on two processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from xlsx_scorer.xlsx import parallel

ON_TWO_CPUS = pytest.mark.skipif(
    sys.platform != "linux" or len(os.sched_getaffinity(0)) < 2, reason="forks on Linux"
)


def test_results_come_in_item_order() -> None:
    items = [f"item {number}" for number in range(40)]
    assert parallel.shared_map(str.upper, lambda: iter(items)) == [item.upper() for item in items]


def test_stop_ends_the_map_at_that_result() -> None:
    found = parallel.shared_map(lambda n: n, lambda: iter(range(100)), stop=lambda n: n == 3)
    assert found == [0, 1, 2, 3]


def test_nothing_or_one_item_to_map() -> None:
    assert parallel.shared_map(str.upper, lambda: iter([])) == []
    assert parallel.shared_map(str.upper, lambda: iter(["a"])) == ["A"]


def _fails_on_seven(number: int) -> int:
    if number == 7:
        raise ValueError("seven")
    return number


def test_an_exception_in_the_work_is_raised_here() -> None:
    with pytest.raises(ValueError, match="seven"):
        parallel.shared_map(_fails_on_seven, lambda: iter(range(20)))


#: Run in a fresh process (one thread, as the CLI): ``where`` tells which process worked
#: each item; with ``kill`` the helper dies on its first item, with ``raise`` its work
#: fails there (and not here), with ``stop`` the helper's result 20 stops the map.
SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    from xlsx_scorer.xlsx import parallel
    parent, how = os.getpid(), sys.argv[1]

    def where(number):
        time.sleep(0.005)
        helper = os.getpid() != parent
        if helper and how == "kill":
            os._exit(9)
        if helper and how == "raise":
            raise RuntimeError("only in the helper")
        return number, os.getpid()

    stop = (lambda found: found[0] == 20) if how == "stop" else (lambda found: False)
    found = parallel.shared_map(where, lambda: iter(range(60)), stop=stop)
    expected = list(range(21 if how == "stop" else 60))
    assert [number for number, _ in found] == expected, found
    print(len({pid for _, pid in found}))
    """
)


@ON_TWO_CPUS
@pytest.mark.parametrize(("how", "processes"), [("share", 2), ("kill", 1), ("raise", 1)])
def test_a_single_threaded_process_on_linux_shares_the_work_with_a_helper(
    how: str, processes: int
) -> None:
    """Shared when it can be; when the helper dies or fails, its items are worked here."""
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, how], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == str(processes)
    assert run.stderr == ""


@ON_TWO_CPUS
def test_a_result_that_stops_ends_both_processes_walks() -> None:
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, "stop"], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() in {"1", "2"}


WHERE = textwrap.dedent(
    """
    import os, sys, threading, time, multiprocessing
    from xlsx_scorer.xlsx import parallel

    def where(number):
        time.sleep(0.005)
        return number, os.getpid()

    def count():
        found = parallel.shared_map(where, lambda: iter(range(40)))
        assert [number for number, _ in found] == list(range(40)), found
        print(len({pid for _, pid in found}), flush=True)
    """
)


@ON_TWO_CPUS
@pytest.mark.parametrize(
    "how",
    [
        "threading.Thread(target=time.sleep, args=(3,), daemon=True).start(); count()",
        "import faulthandler; faulthandler.dump_traceback_later(60); count()",  # a C thread
        "child = multiprocessing.Process(target=count, daemon=True); child.start(); child.join()",
    ],
    ids=["a Python thread", "a native thread", "a daemon process"],
)
def test_where_forking_is_not_safe_every_item_is_worked_here(how: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", WHERE + how],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.strip() == "1"
    assert run.stderr == ""


ORPHAN = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from xlsx_scorer.xlsx import parallel
    parent, mark = os.getpid(), Path(sys.argv[1])

    def work(number):
        if os.getpid() != parent and not mark.exists():
            mark.write_text(str(os.getpid()))
        time.sleep(0.01)
        return "x" * 10_000  # more than a pipe holds, all told

    parallel.shared_map(work, lambda: iter(range(1000)))
    """
)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@ON_TWO_CPUS
@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGTERM])
def test_the_helper_ends_when_the_process_that_forked_it_is_killed(
    tmp_path: Path, signal_number: int
) -> None:
    mark = tmp_path / "helper.pid"
    process = subprocess.Popen([sys.executable, "-c", ORPHAN, str(mark)])
    try:
        deadline = time.monotonic() + 30
        while not mark.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
        helper = int(mark.read_text())
    finally:
        process.send_signal(signal_number)
        process.wait()
    deadline = time.monotonic() + 15
    while _running(helper) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(helper)


@ON_TWO_CPUS
def test_ctrl_c_stops_the_map_at_once() -> None:
    script = textwrap.dedent(
        """
        import os, signal, time
        from xlsx_scorer.xlsx import parallel
        fired = []
        def ctrl_c(*_):
            fired.append(time.monotonic())
            os.killpg(0, signal.SIGINT)  # as a terminal does: the whole group
        signal.signal(signal.SIGALRM, ctrl_c)
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        try:
            parallel.shared_map(lambda n: time.sleep(0.01) or "x" * 9999, lambda: iter(range(500)))
        except KeyboardInterrupt:
            print(round(time.monotonic() - fired[0], 1))
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        start_new_session=True,
    )
    assert float(run.stdout) < 2
    assert run.stderr == ""


MEANWHILE = textwrap.dedent(
    """
    import os, sys, time
    from xlsx_scorer.xlsx import parallel
    parent, how, ran = os.getpid(), sys.argv[1], []

    def task():
        ran.append(os.getpid())
        time.sleep(0.5)  # the helper has the stream to itself meanwhile
        if how == "raise":
            raise ImportError("no pandas here")

    def where(number):
        time.sleep(0.01)
        return number, os.getpid()

    try:
        with parallel.meanwhile(task):
            first = parallel.shared_map(where, lambda: iter(range(60)))
            second = parallel.shared_map(where, lambda: iter(range(60)))
    except ImportError as error:
        print("raised", error, len(ran))
        sys.exit()
    outside = parallel.shared_map(where, lambda: iter(range(60)))
    assert [number for number, _ in first] == list(range(60)), first
    workers = [pid for _, pid in first]
    print(ran == [parent], workers[0] != parent, len(set(workers)), len(ran))
    """
)


@ON_TWO_CPUS
def test_meanwhile_runs_its_task_here_once_while_the_first_helper_works() -> None:
    """The task runs in this process, once for the block; the helper takes the first items."""
    run = subprocess.run(
        [sys.executable, "-c", MEANWHILE, "share"], capture_output=True, text=True, check=True
    )
    assert run.stdout.split() == ["True", "True", "2", "1"]
    assert run.stderr == ""


@ON_TWO_CPUS
def test_a_task_that_fails_meanwhile_ends_the_map_and_the_block() -> None:
    run = subprocess.run(
        [sys.executable, "-c", MEANWHILE, "raise"], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "raised no pandas here 1"
    assert run.stderr == ""


def test_meanwhile_without_a_helper_never_runs_its_task() -> None:
    """Where no helper is started (one item; or pytest's threads), the caller does the work."""
    ran: list[int] = []
    with parallel.meanwhile(lambda: ran.append(1)):
        assert parallel.shared_map(str.upper, lambda: iter(["a"])) == ["A"]
    assert ran == []


#: The helper hangs on its first item (``work`` never returns there): the map still ends,
#: with every result, once it has waited its bound (here 1 s, or 4 times its own walk).
HANG = textwrap.dedent(
    """
    import os, time
    from xlsx_scorer.xlsx import parallel
    parent = os.getpid()
    parallel._WAIT_SECONDS = 1.0

    def work(number):
        if os.getpid() != parent:
            print("helper", os.getpid(), flush=True)
            time.sleep(3600)
        time.sleep(0.01)
        return number * 2

    started = time.monotonic()
    found = parallel.shared_map(work, lambda: iter(range(40)))
    assert found == [number * 2 for number in range(40)], found
    print("took", time.monotonic() - started)
    """
)


@ON_TWO_CPUS
def test_a_helper_that_hangs_is_waited_for_a_bounded_time_then_its_items_are_worked_here() -> None:
    run = subprocess.run(
        [sys.executable, "-c", HANG], capture_output=True, text=True, check=True, timeout=60
    )
    said = dict(line.split() for line in run.stdout.splitlines())
    assert float(said["took"]) < 10  # 40 × 10 ms here, then 1.6 s of waiting at most
    assert not _running(int(said["helper"]))  # killed, not left behind
    assert run.stderr == ""


#: A helper hung on its item while the process that forked it works on (``argv[1]``:
#: where the helper writes its process id).
HUNG_ORPHAN = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from xlsx_scorer.xlsx import parallel
    parent, mark = os.getpid(), Path(sys.argv[1])

    def work(number):
        if os.getpid() != parent:
            mark.write_text(str(os.getpid()))
            time.sleep(3600)
        time.sleep(0.01)
        return number

    parallel.shared_map(work, lambda: iter(range(3000)))
    """
)


@ON_TWO_CPUS
def test_a_hung_helper_ends_at_once_when_the_process_that_forked_it_is_killed(
    tmp_path: Path,
) -> None:
    """The kernel ends the helper with its parent (``PR_SET_PDEATHSIG``), hung or not."""
    mark = tmp_path / "helper.pid"
    process = subprocess.Popen([sys.executable, "-c", HUNG_ORPHAN, str(mark)])
    try:
        deadline = time.monotonic() + 30
        while not (mark.exists() and mark.read_text()) and time.monotonic() < deadline:
            time.sleep(0.05)
        helper = int(mark.read_text())
        assert _running(helper)
    finally:
        process.kill()
        process.wait()
    deadline = time.monotonic() + 3
    while _running(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert not _running(helper)
    finally:
        _kill_if_left(helper)


#: Scores the sample in a fresh process, as the program does, with the helper hanging
#: while it reads the Results sheet (``read``) or writes our sheets (``write``), or with
#: no helper at all (``none``); prints the helpers' process ids, then a digest of the
#: scored workbook and its findings.  ``argv[2]``: seconds this process takes a piece.
PROGRAM_HANG = textwrap.dedent(
    """
    from xlsx_scorer.app import api
    api.set_aside_heavy_imports()  # as the program does: one thread, so it may fork
    import datetime as dt, hashlib, os, sys, time
    from pathlib import Path
    from xlsx_scorer.xlsx import parallel
    from xlsx_scorer.xlsx.read import plaincells
    from xlsx_scorer.xlsx.write import sheetxml, splice
    parent, where = os.getpid(), sys.argv[1]
    pause = float(sys.argv[2]) if len(sys.argv) > 2 else 0.002
    parallel._WAIT_SECONDS = 1.0
    plaincells._PIECE = 2048  # the Results sheet in many pieces
    sheetxml.BLOCK_CELLS = 64  # our sheets in many blocks
    read, deflate_block = plaincells._PieceReader.read, splice.deflate_block

    def hang(step):
        if os.getpid() == parent:
            time.sleep(pause)  # the helper gets its share
        elif step == where:
            print("helper", os.getpid(), flush=True)
            time.sleep(3600)

    def reading(self, piece):
        hang("read")
        return read(self, piece)

    def writing(data, level, *, last):
        hang("write")
        return deflate_block(data, level, last=last)

    plaincells._PieceReader.read, splice.deflate_block = reading, writing
    if where == "none":
        parallel._can_fork = lambda: False
    now = dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)
    data = Path("fixtures/sample_event.xlsx").read_bytes()
    result = api.score(data, filename="sample_event.xlsx", now=now)
    print("scored", hashlib.sha256(result.workbook).hexdigest(), result.exit_code, result.findings)
    """
)


@ON_TWO_CPUS
@pytest.mark.parametrize("where", ["read", "write"])
def test_a_hung_helper_leaves_the_program_with_the_same_scored_workbook(where: str) -> None:
    """The sheet reader's helper and our sheets' writer's: killed after the wait, their
    pieces read and blocks written here, to the same bytes as without a helper."""

    def scored(how: str) -> tuple[list[str], str]:
        run = subprocess.run(
            [sys.executable, "-c", PROGRAM_HANG, how],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        assert run.stderr == ""
        lines = run.stdout.splitlines()
        return [line.split()[1] for line in lines if line.startswith("helper")], lines[-1]

    helpers, hung = scored(where)
    assert helpers  # the helper did hang
    assert not any(_running(int(pid)) for pid in helpers)
    assert hung == scored("none")[1]


@ON_TWO_CPUS
def test_a_program_killed_mid_read_leaves_no_helper_behind() -> None:
    """``kill -9`` of the program while its helper (hung) and itself read the Results sheet."""
    process = subprocess.Popen(
        [sys.executable, "-c", PROGRAM_HANG, "read", "0.2"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline().split()
        assert first[0] == "helper"
        helper = int(first[1])
        assert _running(helper)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL  # killed mid-read, not done
    deadline = time.monotonic() + 3
    while _running(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert not _running(helper)
    finally:
        _kill_if_left(helper)
        process.stdout.close()  # (the helper holds it open while it lives)


def _kill_if_left(pid: int) -> None:
    """A helper a failed test left behind, ended (it would sleep for an hour)."""
    if _running(pid):
        os.kill(pid, signal.SIGKILL)

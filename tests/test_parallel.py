"""``parallel.shared_map``: the same results as a plain map, in order, on two processes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

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

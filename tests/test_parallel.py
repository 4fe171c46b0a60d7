"""``parallel.ordered_map``: the same results as a plain map, in order, on two processes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from xlsx_scorer.xlsx import parallel


def test_results_come_in_item_order() -> None:
    items = [f"item {number}" for number in range(40)]
    assert parallel.ordered_map(str.upper, iter(items)) == [item.upper() for item in items]


def test_stop_ends_the_map_at_that_result() -> None:
    read: list[int] = []

    def counted(number: int) -> int:
        read.append(number)
        return number

    found = parallel.ordered_map(counted, iter(range(100)), stop=lambda number: number == 3)
    assert found == [0, 1, 2, 3]
    assert len(read) < 100


def test_nothing_to_map() -> None:
    assert parallel.ordered_map(str.upper, iter([])) == []


def _fails_on_seven(number: int) -> int:
    if number == 7:
        raise ValueError("seven")
    return number


def test_an_exception_in_the_work_is_raised_here() -> None:
    with pytest.raises(ValueError, match="seven"):
        parallel.ordered_map(_fails_on_seven, iter(range(20)))


SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    from xlsx_scorer.xlsx import parallel
    parent = os.getpid()

    def where(number):
        time.sleep(0.01)
        if sys.argv[1] == "kill" and os.getpid() != parent:
            os._exit(9)  # the helper dies: its items must be worked here
        return number, os.getpid()

    found = parallel.ordered_map(where, iter(range(30)))
    assert [number for number, _ in found] == list(range(30)), found
    print(len({pid for _, pid in found}))
    """
)


@pytest.mark.skipif(
    sys.platform != "linux" or len(os.sched_getaffinity(0)) < 2, reason="forks on Linux"
)
def test_a_single_threaded_process_on_linux_shares_the_work_with_a_helper() -> None:
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, "share"], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "2"


def test_when_the_helper_dies_its_items_are_worked_here() -> None:
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, "kill"], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "1"

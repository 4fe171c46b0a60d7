"""A memory of answers about one DataFrame, shared by the rules that check it and the scoring.

>>> frame = pd.DataFrame({"knights": [3, 1]})
>>> calls = []
>>> def total() -> int:
...     calls.append(1)
...     return int(frame["knights"].sum())
>>> remembered(frame, "total", total), remembered(frame, "total", total), len(calls)
(4, 4, 1)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

import pandas as pd

Answer = TypeVar("Answer")


class FrameMemo(threading.local):
    """Answers about the frame being checked, each computed once however many rules ask.

    Several rules (and their ``details``), then the scoring, need the same work on
    the same frame, such as its games or the title leaders; pandera hands every
    frame check the same object.  The frame is recognised by identity through a
    weak reference (it is never kept alive, and its answers go when it goes), and
    frames are never mutated here, so an answer stays right for as long as its
    frame lives.  Only the latest frame's answers are kept, one memory per thread
    (a web page may validate two workbooks at once).
    """

    def __init__(self) -> None:
        self._frame: weakref.ref[pd.DataFrame] | None = None
        self._answers: dict[Hashable, Any] = {}

    def get(self, frame: pd.DataFrame, key: Hashable, compute: Callable[[], Answer]) -> Answer:
        """``compute()`` for ``(frame, key)``, from memory when asked before."""
        if self._frame is None or self._frame() is not frame:
            answers: dict[Hashable, Any] = {}
            self._frame = weakref.ref(frame, lambda _: answers.clear())
            self._answers = answers
        if key not in self._answers:
            self._answers[key] = compute()
        return cast(Answer, self._answers[key])

    def forget(self, frame: pd.DataFrame) -> None:
        """Drop the answers about ``frame`` (a frame not remembered: nothing to drop)."""
        if self._frame is not None and self._frame() is frame:
            self._frame = None
            self._answers = {}


_MEMO = FrameMemo()


def remembered(frame: pd.DataFrame, key: Hashable, compute: Callable[[], Answer]) -> Answer:
    """``compute()`` for ``(frame, key)`` from the core's one memory (:class:`FrameMemo`)."""
    return _MEMO.get(frame, key, compute)


def forget(frame: pd.DataFrame) -> None:
    """Drop what the core's memory holds about ``frame``: asked again, it is worked out again.

    For a run done with the rules and the scoring: over a million rows the answers are a
    few hundred megabytes that writing the sheets does not need.

    >>> frame = pd.DataFrame({"knights": [3, 1]})
    >>> remembered(frame, "total", lambda: 4); forget(frame); remembered(frame, "total", lambda: 5)
    4
    5
    """
    _MEMO.forget(frame)

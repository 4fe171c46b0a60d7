"""A memory of answers about one DataFrame, shared by the rules that check it."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable

import pandas as pd


class FrameMemo(threading.local):
    """Answers about the frame being checked, each computed once however many rules ask.

    Several rules (and their ``details``) need the same per-game work on the same
    frame, such as the title leaders or the declarations; pandera hands every frame
    check the same object.  The frame is recognised by identity through a weak
    reference (it is never kept alive), and frames are never mutated here, so an
    answer stays right for as long as its frame lives.  Only the latest frame's
    answers are kept, one memory per thread (a web page may validate two
    workbooks at once).
    """

    def __init__(self) -> None:
        self._frame: weakref.ref[pd.DataFrame] | None = None
        self._answers: dict[Hashable, pd.DataFrame] = {}

    def get(
        self, frame: pd.DataFrame, key: Hashable, compute: Callable[[], pd.DataFrame]
    ) -> pd.DataFrame:
        """``compute()`` for ``(frame, key)``, from memory when asked before."""
        if self._frame is None or self._frame() is not frame:
            self._frame, self._answers = weakref.ref(frame), {}
        if key not in self._answers:
            self._answers[key] = compute()
        return self._answers[key]

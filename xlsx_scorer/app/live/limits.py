"""Wrong codes per client address (docs/rules.md §9): after ``MOST`` failures within
``WINDOW`` seconds, every code from that address is refused until the oldest failure is
``WINDOW`` seconds old (429 with ``Retry-After``), loopback included.  A right code does not
clear the failures (else a table's own code would unlock guessing the others).

>>> limits = Attempts(most=2, window=60.0)
>>> limits.failed("10.0.0.7", now=0.0); limits.wait("10.0.0.7", now=1.0) is None
True
>>> limits.failed("10.0.0.7", now=2.0); limits.wait("10.0.0.7", now=3.0)
57
>>> limits.wait("10.0.0.8", now=3.0) is None, limits.wait("10.0.0.7", now=61.0) is None
(True, True)
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

#: Wrong codes an address may send within ``WINDOW`` seconds.
MOST, WINDOW = 10, 60.0
#: Addresses remembered at most (the oldest forgotten first): memory stays bounded.
ADDRESSES = 10_000


class Attempts:
    """The recent failures of each client address."""

    def __init__(self, most: int = MOST, window: float = WINDOW) -> None:
        self.most, self.window = most, window
        self._lock = threading.Lock()
        self._failures: dict[str, deque[float]] = {}

    def wait(self, address: str, now: float | None = None) -> int | None:
        """Seconds ``address`` must wait before sending a code again, or None."""
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._failures.get(address)
            if times is None:
                return None
            while times and times[0] <= now - self.window:
                times.popleft()
            if not times:
                del self._failures[address]
                return None
            if len(times) < self.most:
                return None
            return max(1, math.ceil(times[0] + self.window - now))

    def failed(self, address: str, now: float | None = None) -> None:
        """Count a wrong code from ``address``."""
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._failures.pop(address, None) or deque(maxlen=self.most)
            times.append(now)
            self._failures[address] = times  # the most recent last
            while len(self._failures) > ADDRESSES:
                del self._failures[next(iter(self._failures))]

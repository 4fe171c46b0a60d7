"""How uvicorn holds the server's connections: each request's head within a deadline.

uvicorn closes a connection idle between requests after ``KEEP_ALIVE`` seconds
but waits for ever for a request head that stops half-way (a client that opens
a connection and sends a header line now and then).  ``HeadDeadline`` closes a
connection whose next request head has not arrived whole ``HEAD_DEADLINE``
seconds after the connection was made or the previous answer was sent (a
request already sent behind that answer, pipelined, has its head whole); the
body has its own deadline (``gate.BODY_DEADLINE``).  When a new connection
comes with all ``MAX_CONNECTIONS`` places taken, the connection that has waited
longest for a request head (idle, or sending one slowly) is closed to make room:
a client holding half-sent heads cannot have everyone else answered 503, while
requests in progress keep their places.  When the server stops, a request whose
body is still arriving is dropped at once.  ``settings`` are the uvicorn
settings ``serve`` and the tests' server both use.

>>> sorted(settings())
['http', 'limit_concurrency', 'timeout_keep_alive']
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a connection may take to send a request's head (request line and headers).
HEAD_DEADLINE = 10.0
#: Seconds an idle connection is kept open between requests.
KEEP_ALIVE = 5
#: Connections served at once; a request on any more is answered 503 at once.
MAX_CONNECTIONS = 64
#: The same while an event is served (``serve EVENT.xlsx``): every phone of a 50-table round
#: polling its table keeps a connection, besides the judges'.
LIVE_CONNECTIONS = 512


class HeadDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection slow to send a request head."""

    head_deadline = HEAD_DEADLINE
    waiting_since = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_clock()
        self._make_room()

    def _make_room(self) -> None:
        """With every place taken, close the connections waiting longest for a head."""
        if self.limit_concurrency is None:
            return
        kept = [c for c in self.connections if not c.transport.is_closing()]
        excess = len(kept) - self.limit_concurrency
        if excess < 0:
            return
        idle = [c for c in kept if isinstance(c, HeadDeadline) and c is not self and c.idle()]
        for connection in sorted(idle, key=lambda c: c.waiting_since)[: excess + 1]:
            connection.transport.close()

    def idle(self) -> bool:
        """Whether this connection waits for a request head (none in progress)."""
        return self.cycle is None or self.cycle.response_complete

    def shutdown(self) -> None:
        """As the server stops (Ctrl-C): a request whose body is still arriving is dropped.

        uvicorn would wait for it (the body may take ``gate.BODY_DEADLINE``), then cancel
        it after its graceful timeout with a traceback; closing the connection ends the
        request at once, as a client gone (nothing of it is kept).
        """
        if self.cycle is not None and self.cycle.more_body and not self.cycle.response_complete:
            self.transport.close()
            return
        super().shutdown()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._start_clock()

    def _start_clock(self) -> None:
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request sent behind the last (pipelined) has its head here already
        waiting_after = self.cycle  # a new head replaces the cycle of the last request
        self.waiting_since = self.loop.time()
        self.loop.call_later(self.head_deadline, self._too_slow, waiting_after)

    def _too_slow(self, waiting_after: object) -> None:
        if self.cycle is waiting_after and not self.transport.is_closing():
            self.transport.close()


def settings(
    head_deadline: float = HEAD_DEADLINE, connections: int = MAX_CONNECTIONS
) -> dict[str, Any]:
    """The uvicorn ``Config`` settings that bound connections (``head_deadline`` in seconds,
    at most ``connections`` at once)."""
    protocol = type("HeadDeadline", (HeadDeadline,), {"head_deadline": head_deadline})
    return {
        "http": protocol,
        "timeout_keep_alive": KEEP_ALIVE,
        "limit_concurrency": connections,
    }

"""What the server decides before it reads a request's body: host, origin, code, room, time.

Every request passes ``Gate`` (an ASGI middleware) first, in this order:

1. ``Host`` must name this server: ``127.0.0.1``, ``localhost``, ``[::1]`` and, on a
   network, the names and addresses ``serve`` prints (``allowed_hosts``); otherwise
   421.  A page of another site that rebinds its own name to 127.0.0.1 (DNS
   rebinding) sends that name here, and is refused.
2. An ``/api/`` request made by another site's page is refused, 403: an ``Origin``
   that is not this server's own, or ``Sec-Fetch-Site`` ``cross-site`` or
   ``same-site`` (another port of this computer).  Browsers send ``Origin`` with
   every POST; a client such as ``curl`` sends neither and is let through.
3. With an access code, an ``/api/`` request and the printed slips (``/slips``) must
   carry it in a header (``X-Token``, or ``Authorization: Bearer``) or the query
   (``?token=``); otherwise 401, before a byte of its body is read.
4. An upload (a POST to ``/api/``) waits at most ``slot_wait`` seconds for one of
   ``upload_slots`` places, held until it is answered (503 with ``Retry-After``
   when none comes free); its body must then arrive within ``body_deadline``
   seconds, or it is dropped (``SlowBodyError``, answered 408 by the endpoint).

A refusal sent while a body is still unread closes the connection
(``Connection: close``), so nothing more of it is read.  Every refusal is said in
the request's language (``request_language``) and logged in the server's, the
address as ``printable`` (a client's line breaks and escapes never reach the terminal).

>>> gate_hosts = allowed_hosts(["192.168.1.5", "Judges-PC"])
>>> sorted(gate_hosts)
['127.0.0.1', '192.168.1.5', '::1', 'judges-pc', 'localhost']
>>> host_name("[::1]:8765"), host_name("LOCALHOST."), host_name("127.0.0.1:80")
('::1', 'localhost', '127.0.0.1')
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

import anyio
from starlette.datastructures import Headers, QueryParams
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from xlsx_scorer.i18n import LANGUAGES, text

#: The names of this computer, always answered.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
#: Uploads received or processed at once; how long another waits for a place (seconds).
UPLOAD_SLOTS, SLOT_WAIT = 4, 30.0
#: Seconds an upload's body may take to arrive once it has a place.
BODY_DEADLINE = 60.0
#: Seconds a busy server asks a client to wait before trying again (``Retry-After``).
RETRY_AFTER = 5
#: A table's pages (``/t/<token>``) and its API route: opened by the table's own code, never
#: by the judges' access code; a log line shows ``/t/…``, never the token.
TABLE_PAGES, TABLE_API = "/t/", "/api/table"
#: A path segment that may be a table's token (``secrets.token_urlsafe``): never shown.
TOKEN_LIKE = re.compile(r"[\w-]{20,}")
#: The printed slips (their codes): the judges', behind the access code as ``/api/`` is.
SLIPS = "/slips"
#: Routes whose bodies are a few kilobytes, read within their own bounds, not upload places.
SMALL_BODIES = (TABLE_API, "/api/live/")
#: Fetch metadata values that mean "another site's page".
FOREIGN_SITES = frozenset({"cross-site", "same-site"})

logger = logging.getLogger("xlsx_scorer.web")


class SlowBodyError(Exception):
    """The request body did not arrive within the deadline."""


@dataclass(frozen=True)
class Policy:
    """What ``Gate`` enforces: hosts, code, upload places and deadlines, log language."""

    hosts: frozenset[str]
    token: str | None
    upload_slots: int
    slot_wait: float
    body_deadline: float
    lang: str


def allowed_hosts(extra: Iterable[str] = ()) -> frozenset[str]:
    """The host names answered: this computer's, and ``extra`` (as ``host_name`` reads them)."""
    return frozenset(host_name(host) for host in (*LOOPBACK_HOSTS, *extra))


def host_name(host: str) -> str:
    """The host named by a ``Host`` header: lower case, without port, brackets or final dot."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


def request_language(headers: Headers, query: QueryParams, fallback: str) -> str:
    """A request's language: ``?lang=``, else the best of ``Accept-Language``, else ``fallback``.

    >>> wanted = Headers({"accept-language": "de-DE,tr;q=0.8,en;q=0.9"})
    >>> request_language(wanted, QueryParams(""), "es")
    'en'
    >>> request_language(wanted, QueryParams("lang=es"), "en")
    'es'
    >>> request_language(Headers({}), QueryParams("lang=xx"), "tr")
    'tr'
    """
    asked = query.get("lang")
    if asked in LANGUAGES:
        return str(asked)
    ranked: list[tuple[float, int, str]] = []
    for position, item in enumerate(headers.get("accept-language", "").split(",")):
        tag, _, weight = item.strip().partition(";")
        try:
            quality = float(weight.strip().removeprefix("q=")) if weight else 1.0
        except ValueError:
            continue
        ranked.append((-quality, position, tag.strip().lower().split("-")[0]))
    for _, _, base in sorted(ranked):
        if base in LANGUAGES:
            return base
    return fallback


def printable(text: str) -> str:
    r"""``text`` with what a terminal would act on escaped: a log line stays one plain line.

    A refused request's address is the client's own words, logged in the organiser's
    terminal: a line break would forge a line, an escape clear the screen.

    >>> print(printable("/api/x\x1b[2J\nexit 0\u202e"))
    /api/x\x1b[2J\nexit 0\u202e
    >>> printable("/static/Liga İzmir")
    '/static/Liga İzmir'
    """
    return "".join(
        character if character.isprintable() else character.encode("unicode_escape").decode()
        for character in text
    )


def shown_path(path: str) -> str:
    """A request's path as a log line or a message may show it: ``printable``, with all that
    follows a ``t`` segment hidden, however the path is spelt (``//t/``, ``/static/../t/``),
    and any other segment long enough to be a token hidden too (codes are never logged).

    >>> shown_path("/t/Zm9vYmFy/check"), shown_path("//t/Zm9vYmFy"), shown_path("/api/live")
    ('/t/…', '//t/…', '/api/live')
    >>> shown_path("/x/GQPt3SXpn9rmD3zyz_cfPYf8zLyss7DC/state")
    '/x/…/state'
    """
    parts = path.split("/")
    if "t" in parts[:-1]:
        parts = [*parts[: parts.index("t") + 1], "…"]
    return printable("/".join("…" if TOKEN_LIKE.fullmatch(p) else p for p in parts))


def refusal(
    lang: str, status: int, code: str, headers: dict[str, str] | None = None, **params: object
) -> JSONResponse:
    """The API's error answer: ``{"error": code, "message": …}`` in ``lang``."""
    message = text(lang, f"web.error.{code}", **params)
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


class Gate:
    """The ASGI middleware that applies ``Policy`` to every request (see the module)."""

    def __init__(self, app: ASGIApp, policy: Policy) -> None:
        self.app, self.policy = app, policy
        self.slots = anyio.Semaphore(policy.upload_slots)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers, query = Headers(scope=scope), QueryParams(scope.get("query_string", b""))
        arrival = _Arrival(receive, send, expected=_has_body(headers))
        refused = self._refused(scope, headers, query)
        if refused is not None:
            await self._refuse(scope, arrival, (headers, query), refused)
            return
        path = str(scope["path"])
        if not (path.startswith("/api/") and scope["method"] == "POST") or path.startswith(
            SMALL_BODIES
        ):  # the live routes' bodies are small: bounded by their own reading (web.live)
            await self.app(scope, arrival.receive, arrival.send)
            return
        placed = False
        with anyio.move_on_after(self.policy.slot_wait):
            await self.slots.acquire()
            placed = True
        if not placed:
            await self._refuse(scope, arrival, (headers, query), (503, "busy", {}))
            return
        try:
            arrival.deadline = anyio.current_time() + self.policy.body_deadline
            await self.app(scope, arrival.receive, arrival.send)
        finally:
            self.slots.release()

    def _refused(
        self, scope: Scope, headers: Headers, query: QueryParams
    ) -> tuple[int, str, dict[str, object]] | None:
        """Why the request is refused before anything else is done, or None."""
        policy = self.policy
        if host_name(headers.get("host", "")) not in policy.hosts:
            return 421, "wrong_host", {}  # naming the right ones would tell another site
        path = str(scope["path"])
        if not path.startswith(("/api/", TABLE_PAGES)) and path != SLIPS:
            return None
        origin = headers.get("origin")
        if headers.get("sec-fetch-site", "").lower() in FOREIGN_SITES or (
            origin is not None and not _same_origin(origin, scope, headers)
        ):
            return 403, "cross_site", {}
        if path.startswith(TABLE_PAGES) or path == TABLE_API:
            return None  # a table's own code opens it (docs/rules.md §9), not the judges'
        if policy.token is not None and not _carries(headers, query, policy.token):
            return 401, "token_required", {}
        return None

    async def _refuse(
        self,
        scope: Scope,
        arrival: _Arrival,
        asked: tuple[Headers, QueryParams],
        why: tuple[int, str, dict[str, object]],
    ) -> None:
        """Answer ``why`` (status, code, its words' values) in the request's language; log it."""
        headers, query = asked
        status, code, params = why
        client = scope.get("client") or ("?", 0)
        said = text(self.policy.lang, f"web.error.{code}", **params)
        where = {"method": scope["method"], "path": shown_path(scope["path"]), "client": client[0]}
        logger.info(text(self.policy.lang, "web.log.refused", **where, message=said))
        lang = request_language(headers, query, self.policy.lang)
        extra = {"retry-after": str(RETRY_AFTER)} if status == 503 else None
        await refusal(lang, status, code, extra, **params)(scope, arrival.receive, arrival.send)


class _Arrival:
    """One request's body as it arrives: all here yet, and the time by which it must be.

    Its ``send`` adds ``Connection: close`` to an answer started before the whole
    body came, so that the rest of it is never read.
    """

    def __init__(self, receive: Receive, send: Send, *, expected: bool) -> None:
        self._receive, self._send = receive, send
        self.complete = not expected
        self.deadline: float | None = None

    async def receive(self) -> Message:
        if self.complete or self.deadline is None:
            message = await self._receive()
        else:
            try:
                with anyio.fail_after(max(0.0, self.deadline - anyio.current_time())):
                    message = await self._receive()
            except TimeoutError:
                raise SlowBodyError from None
        if message["type"] != "http.request" or not message.get("more_body", False):
            self.complete = True
        return message

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start" and not self.complete:
            closing = [*message.get("headers", []), (b"connection", b"close")]
            message = {**message, "headers": closing}
        await self._send(message)


def _has_body(headers: Headers) -> bool:
    declared = headers.get("content-length", "0").strip()
    return "transfer-encoding" in headers or not declared.isdigit() or int(declared) > 0


def _same_origin(origin: str, scope: Scope, headers: Headers) -> bool:
    """Whether ``Origin`` is this server as the request reached it (scheme, host, port)."""
    scheme = str(scope.get("scheme", "http"))
    default = 443 if scheme == "https" else 80
    try:
        theirs = urlsplit(origin)
        ours = urlsplit(f"{scheme}://{headers.get('host', '')}")
        return (theirs.scheme, theirs.hostname, theirs.port or default) == (
            ours.scheme,
            ours.hostname,
            ours.port or default,
        )
    except ValueError:  # a port that is not a number
        return False


def _carries(headers: Headers, query: QueryParams, token: str) -> bool:
    """Whether the request carries ``token`` in ``X-Token``, a bearer header or ``?token=``."""
    scheme, _, credentials = headers.get("authorization", "").partition(" ")
    offered = [headers.get("x-token"), query.get("token")]
    if scheme.lower() == "bearer":
        offered.append(credentials.strip())
    expected = token.encode()
    return any(
        value is not None and secrets.compare_digest(value.encode(), expected) for value in offered
    )

"""The live pages' routes of ``serve EVENT.xlsx`` (SPEC §9; the README lists them).

- ``GET /t/<token>`` the table's page (``tablepage``), in the phone's language
  (``?lang=``, else ``Accept-Language``); any token that opens nothing gets one and the
  same small page, 404, and counts as a wrong code of its address (429 after too many);
  while the workbook cannot be read (a save caught half-way, a corrupt file) no token is
  proven wrong: 503 with ``Retry-After``, a page asking to load it again, not counted;
- ``GET /t/<token>/state`` ``{"state", "said"}``: what the page polls about once a second (a
  token that opens nothing: a JSON 404, ``live_no_table``; while the workbook cannot be
  read, a JSON 503, ``live_unreadable``, with ``Retry-After``, not counted);
- ``answer_form``: the answer to the page's form post (``POST /t/<token>``, read and
  sent by ``web.live``): a result taken, 303 to ``GET /t/<token>?said=…`` (which says it
  while true of the table's state); one refused, the page again, with what was typed and
  the messages;
- ``GET /room`` the projector's page (``wall.room_page``): the standings and the open
  round's tables, open to all (it shows what is on the wall anyway);
- ``GET /slips`` the judge's printable slips (``wall.slips_page``), behind the access code
  as ``/api/`` is (``gate``), their QR codes pointing at this server's network address;
- ``GET /api/live/panel`` the judge's live panel (``livepanel``), an HTML fragment.

The standings are the workbook's own, scored as ``check`` scores it (``engine.check``),
kept while the file on disk is unchanged.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from xlsx_scorer.app import live
from xlsx_scorer.app.live import entry
from xlsx_scorer.i18n import text
from xlsx_scorer.web import engine, gate, livepanel, livewords, payload, tablepage, wall
from xlsx_scorer.web.livewords import render

#: A page that changes as the round goes is never kept by a browser or a proxy.
NO_STORE = {"cache-control": "no-store"}
#: Seconds a phone is asked to wait while the workbook cannot be read (``Retry-After``).
RETRY_SECONDS = 1

logger = logging.getLogger("xlsx_scorer.web")


def routes() -> list[Route]:
    """The live pages' routes, for ``server.create_app`` when it serves an event."""
    return [
        Route("/t/{token}", _guarded(_table_page)),
        Route("/t/{token}/state", _guarded(_table_state)),
        Route("/room", _guarded(_room)),
        Route("/slips", _guarded(_slips)),
        Route("/api/live/panel", _guarded(_panel)),
    ]


def _guarded(
    endpoint: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """``endpoint`` with a table whose round closed meanwhile answered as no table (404),
    and any crash as a logged 500 (the log shows ``/t/…``, never the token)."""

    async def guarded(request: Request) -> Response:
        try:
            return await endpoint(request)
        except LookupError:  # the round was closed while the page was made
            return _nothing(_lang(request), 404)
        except Exception:  # one bad request never stops the server
            where = {"method": request.method, "path": gate.shown_path(request.url.path)}
            logger.exception(text(request.app.state.lang, "web.log.internal_error", **where))
            return gate.refusal(_lang(request), 500, "internal_error")

    return guarded


def _lang(request: Request) -> str:
    return livewords.language(request)


def _event(request: Request) -> live.LiveEvent:
    event: live.LiveEvent = request.app.state.event
    return event


async def _in_thread(call: Callable[[], Any]) -> Any:
    return await anyio.to_thread.run_sync(call)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _view(request: Request) -> dict[str, Any] | Response:
    """The table's view for the token in the path, or the answer for a token that opens
    nothing (404, the same page for all) or an address with too many wrong codes (429)."""
    attempts = request.app.state.attempts
    lang = _lang(request)
    wait = attempts.wait(_client(request))
    if wait is not None:
        return _nothing(lang, 429, {"retry-after": str(wait)})
    token = request.path_params["token"]
    view = await _in_thread(functools.partial(live.table_view, _event(request), token, lang))
    if view is None:
        if not await _readable(request):
            return _wait(lang)
        attempts.failed(_client(request))
        return _nothing(lang, 404)
    return dict(view)


async def _readable(request: Request) -> bool:
    """Whether the workbook as on disk now was read: only then does a token that opens
    nothing open nothing (while it cannot be read, mid-save or corrupt, no token is proven
    wrong: 503, not counted as a wrong code)."""
    readable: bool = await _in_thread(_event(request).readable)
    return readable


def _nothing(lang: str, status: int, headers: dict[str, str] | None = None) -> HTMLResponse:
    page = render("nothing.html", lang)
    return HTMLResponse(page, status_code=status, headers={**NO_STORE, **(headers or {})})


def _wait(lang: str) -> HTMLResponse:
    """503 while the workbook cannot be read: a page that asks to load it again in a moment
    (``wait.html``; no automatic refresh, as the room page has none: WCAG 2.2.1), with
    ``Retry-After``."""
    page = render("wait.html", lang)
    headers = {**NO_STORE, "retry-after": str(RETRY_SECONDS)}
    return HTMLResponse(page, status_code=503, headers=headers)


async def _table_page(request: Request) -> Response:
    view = await _view(request)
    if isinstance(view, Response):
        return view
    token = request.path_params["token"]
    said = tablepage.told(request.query_params.get("said"), view["state"])
    return HTMLResponse(tablepage.page(view, token, _lang(request), said), headers=NO_STORE)


async def _table_state(request: Request) -> Response:
    """The table's state, polled once a second by its phones: looked up once per change of
    the event, on the polls' own worker threads (``poll_lane``), so that 200 phones never
    hold up the threads that check submissions."""
    attempts, lang = request.app.state.attempts, _lang(request)
    wait = attempts.wait(_client(request))
    if wait is not None:
        return _nothing(lang, 429, {"retry-after": str(wait)})
    look = functools.partial(live.table_state, _event(request), request.path_params["token"])
    found = await anyio.to_thread.run_sync(look, limiter=request.app.state.poll_lane)
    if found is None:  # answered as JSON, as a poller reads it
        if not await _readable(request):
            retry = {**NO_STORE, "retry-after": str(RETRY_SECONDS)}
            return gate.refusal(lang, 503, "live_unreadable", retry)
        attempts.failed(_client(request))
        return gate.refusal(lang, 404, "live_no_table", NO_STORE)
    state = found if found in tablepage.STATES else "to_play"
    said = text(lang, tablepage.SAID[state])
    return JSONResponse({"state": state, "said": said}, headers=NO_STORE)


async def answer_form(request: Request, token: str, outcome: live.Outcome) -> Response:
    """The table page after its form was posted.  A result the server took (sent, already
    received, a different one: ``tablepage.TAKEN``) is answered 303 to the table's page,
    ``GET /t/<token>?lang=…&said=sent`` (post-redirect-get: loading it again never posts
    again); a result refused (422, 400) is this page again, what the server answered said
    in words beside what was typed (``request.state.form``, when the post kept it)."""
    lang = _lang(request)
    typed = dict(getattr(request.state, "form", {}))
    answer = tablepage.answer_of(outcome.status, outcome.body, typed, lang)
    if answer.outcome in tablepage.TAKEN:
        again = f"/t/{token}?lang={lang}&said={answer.outcome}"
        return RedirectResponse(again, status_code=303, headers=NO_STORE)
    view = await _in_thread(functools.partial(live.table_view, _event(request), token, lang))
    if view is None:
        return _nothing(lang, 404)
    page = tablepage.page(view, token, lang, answer)
    return HTMLResponse(page, outcome.status, headers=NO_STORE)


class _Standings:
    """The event's standings, scored again only when the workbook on disk changed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[tuple[Path, int, int, str], dict[str, Any] | None] = {}

    def of(self, path: Path, lang: str) -> dict[str, Any] | None:
        stat = path.stat()
        key = (path, stat.st_mtime_ns, stat.st_size, lang)
        with self._lock:
            if key in self._kept:
                return self._kept[key]
        result = engine.check(path.read_bytes(), filename=path.name, language=lang)
        shown = wall.standings(payload.standings_body(result), lang)
        with self._lock:
            self._kept = {k: v for k, v in self._kept.items() if k[:3] == key[:3]}
            self._kept[key] = shown
        return shown


_STANDINGS = _Standings()


async def _live_and_standings(request: Request, lang: str) -> dict[str, Any]:
    event = _event(request)
    seen = await _in_thread(functools.partial(live.live_view, event, lang))
    ranked = await _in_thread(functools.partial(_STANDINGS.of, event.path, lang))
    return {**seen, "standings": ranked}


async def _room(request: Request) -> Response:
    lang = _lang(request)
    seen = await _live_and_standings(request, lang)
    title = text(lang, "web.live.room_title")
    page = wall.room_page(lang, title, seen["round"], seen["standings"], seen["tables"])
    return HTMLResponse(page, headers=NO_STORE)


async def _slips(request: Request) -> Response:
    lang = _lang(request)
    seen = await _in_thread(functools.partial(live.live_view, _event(request), lang))
    base = slips_base(request)
    page = wall.slips_page(lang, base, seen["round"], seen["tables"])
    return HTMLResponse(page, headers=NO_STORE)


def slips_base(request: Request) -> str:
    """The address a phone reaches this server at: the request's own, unless that is this
    computer's loopback and the server also answers on the network (``serve --host``),
    whose first name is then taken with the request's port."""
    url = request.url
    network = [
        host
        for host in getattr(request.app.state, "hosts", ())
        if gate.host_name(host) not in gate.LOOPBACK_HOSTS
    ]
    if gate.host_name(url.hostname or "") in gate.LOOPBACK_HOSTS and network:
        host = network[0]
        shown = f"[{host}]" if ":" in host else host
        return f"{url.scheme}://{shown}" + (f":{url.port}" if url.port else "")
    return f"{url.scheme}://{url.netloc}"


async def _panel(request: Request) -> Response:
    lang = _lang(request)
    seen = await _live_and_standings(request, lang)
    event = _event(request)
    fields = await _in_thread(functools.partial(_fields, event, lang))
    return HTMLResponse(livepanel.panel({**seen, "fields": fields}, lang), headers=NO_STORE)


def _fields(event: live.LiveEvent, lang: str) -> list[dict[str, str]]:
    shot = event.snapshot()
    return [] if shot.book is None else entry.fields(shot.book, lang)

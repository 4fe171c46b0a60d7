"""The live routes of ``serve EVENT.xlsx`` (SPEC §9; docs/rules.md §9; the README lists them).

- ``GET /api/live`` the judge's view (the access rule of ``/api/``: open on this computer,
  the access code from the network);
- ``POST /api/table`` ``{"code": "12345678", "results": [...]}`` (and, optional, who
  sends it: ``"player": NAME`` of the table or ``"seat": N`` from 1): 200 ``{"state": "sent",
  "duplicate": false}`` (the same result again: ``"duplicate": true``), 422 ``{"findings"}``,
  404 for any code that opens nothing (one answer for all), 409 ``{"state": "disputed"}``,
  429 with ``Retry-After`` after repeated wrong codes from one address, 400 for a body that
  is no table's result;
- ``POST /t/<token>`` the table page's form (``application/x-www-form-urlencoded``, fields
  ``<seat>:<English header>`` and ``seat``, the sender's seat), answered by
  ``app.state.table_page(request, token, outcome)`` when the pages give one (the HTML),
  else as ``/api/table``;
- ``POST /t/<token>/check`` ``{"results": [...]}``: 200 ``{"findings": [...]}`` for a
  result being typed;
- ``POST /api/live/approve`` ``{"table": "1"}`` (200 written, 202 while the workbook is
  locked), ``/api/live/reject`` ``{"table", "message"}``, ``/api/live/correct`` ``{"table",
  "results"}`` (judge only; 503 ``live_unreadable`` while the workbook cannot be read).

A table route checks the address's wrong codes, then the code, before any body is read
(``/t/``'s token is in its path; ``/api/table``'s code is in a body of at most
``MAX_BODY`` bytes, read within ``BODY_SECONDS``).  Log lines and messages never show a
code or a token (``gate.shown_path``).
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qsl

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from xlsx_scorer.app import live
from xlsx_scorer.i18n import text
from xlsx_scorer.web import gate, livewords

#: The largest body a live route reads (a table of six players' results is ~2 KB).
MAX_BODY = 64 * 1024
#: Seconds a live route's body may take to arrive.
BODY_SECONDS = 10.0
#: Worker threads answering ``/api/live`` polls at once.
POLL_THREADS = 2
#: The longest word a judge sends back with a rejection.
MAX_MESSAGE = 500

logger = logging.getLogger("xlsx_scorer.web")

Endpoint = Callable[[Request], Awaitable[Response]]


class _RefusedError(Exception):
    def __init__(self, status: int, code: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(code)
        self.status, self.code, self.headers = status, code, headers


def routes() -> list[Route]:
    """The live routes, for ``server.create_app`` when it serves an event."""
    return [
        Route("/api/live", _guarded(_live)),
        Route("/api/table", _guarded(_table), methods=["POST"]),
        Route("/api/live/approve", _guarded(_approve), methods=["POST"]),
        Route("/api/live/reject", _guarded(_reject), methods=["POST"]),
        Route("/api/live/correct", _guarded(_correct), methods=["POST"]),
        Route("/t/{token}", _guarded(_form), methods=["POST"]),
        Route("/t/{token}/check", _guarded(_check), methods=["POST"]),
    ]


def _lang(request: Request) -> str:
    return livewords.language(request)


def _guarded(endpoint: Endpoint) -> Endpoint:
    """``endpoint`` with its refusals as JSON errors and a crash as a logged 500."""

    async def guarded(request: Request) -> Response:
        try:
            return await endpoint(request)
        except _RefusedError as refused:
            return gate.refusal(_lang(request), refused.status, refused.code, refused.headers)
        except live.BodyError as error:
            return gate.refusal(_lang(request), 400, error.code)
        except LookupError:  # the table's round closed while it was answered
            return gate.refusal(_lang(request), 404, "live_no_table")
        except Exception:  # one bad request never stops the server; the path without token
            where = {"method": request.method, "path": gate.shown_path(request.url.path)}
            logger.exception(text(request.app.state.lang, "web.log.internal_error", **where))
            return gate.refusal(_lang(request), 500, "internal_error")

    return guarded


def _event(request: Request) -> live.LiveEvent:
    event: live.LiveEvent = request.app.state.event
    return event


async def _body(request: Request) -> bytes:
    """The request's body, at most ``MAX_BODY`` bytes, within ``BODY_SECONDS``."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _RefusedError(413, "live_too_large")
    chunks, size = [], 0
    try:
        with anyio.fail_after(BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise _RefusedError(413, "live_too_large")
                chunks.append(chunk)
    except TimeoutError:
        raise _RefusedError(408, "live_slow") from None
    return b"".join(chunks)


async def _json(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await _body(request))
    except (ValueError, UnicodeDecodeError):
        raise _RefusedError(400, "live_bad_json") from None
    if not isinstance(data, dict):
        raise _RefusedError(400, "live_bad_json")
    return data


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _not_too_many(request: Request) -> None:
    """429 for an address that sent too many wrong codes lately (before any body is read)."""
    wait = request.app.state.attempts.wait(_client(request))
    if wait is not None:
        raise _RefusedError(429, "live_too_many", {"retry-after": str(wait)})


def _opens_nothing(request: Request) -> _RefusedError:
    """A code or token the workbook as read now opens nothing with: 404, a wrong code of
    its address; while the workbook cannot be read, 503 and not counted (unproven)."""
    if not _event(request).readable():
        return _RefusedError(503, "live_unreadable", {"retry-after": "1"})
    request.app.state.attempts.failed(_client(request))
    return _RefusedError(404, "live_no_table")


async def _in_thread(call: Callable[[], Any]) -> Any:
    return await anyio.to_thread.run_sync(call)


def _answer(outcome: live.Outcome, lang: str) -> JSONResponse:
    """The outcome as JSON; a refusal (``error``) with its words in ``lang``."""
    body = outcome.body
    if "error" in body and "message" not in body:
        body = {**body, "message": text(lang, f"web.error.{body['error']}")}
    return JSONResponse(body, status_code=outcome.status)


async def _live(request: Request) -> Response:
    """The judge's view, its JSON made once per change; the polls have ``POLL_THREADS``
    worker threads of their own, so that many pollers never delay a table's submission."""
    event, lang = _event(request), _lang(request)
    encoded = functools.partial(
        event.remembered, ("json", lang), functools.partial(_encoded, event, lang)
    )
    body = await anyio.to_thread.run_sync(encoded, limiter=request.app.state.poll_lane)
    return Response(body, media_type="application/json")


def _encoded(event: live.LiveEvent, lang: str) -> bytes:
    return json.dumps(live.live_view(event, lang), ensure_ascii=False).encode()


async def _table(request: Request) -> Response:
    _not_too_many(request)
    data = await _json(request)
    code = data.get("code")
    sender = data.get("seat") if data.get("player") is None else data.get("player")
    submit = functools.partial(
        _submit_by_code, _event(request), code, data.get("results"), _lang(request), sender
    )
    outcome = await _in_thread(submit)  # one worker thread's turn for the look-up and the send
    if outcome is None:
        raise _opens_nothing(request)
    return _answer(outcome, _lang(request))


def _submit_by_code(
    event: live.LiveEvent, code: Any, results: Any, lang: str, sender: Any
) -> live.Outcome | None:
    """The table ``code`` opens sends ``results`` (``live.submit``); None when it opens none."""
    label = event.by_code(code) if isinstance(code, str) else None
    if label is None:
        return None
    return live.submit(event, label, results, lang, code=code, sender=sender)


async def _token_table(request: Request) -> str:
    _not_too_many(request)
    token = request.path_params["token"]
    label = await _in_thread(functools.partial(_event(request).by_token, token))
    if label is None:
        raise _opens_nothing(request)
    return str(label)


async def _form(request: Request) -> Response:
    label = await _token_table(request)
    event, lang, token = _event(request), _lang(request), request.path_params["token"]
    try:
        pairs = parse_qsl((await _body(request)).decode(), keep_blank_values=True)
    except UnicodeDecodeError:
        raise _RefusedError(400, "live_bad_json") from None
    form = dict(pairs)
    request.state.form = form  # what was typed, for the page that answers
    view = await _in_thread(functools.partial(live.table_view, event, token, lang))
    if view is None:
        raise _opens_nothing(request)
    results = live.results_from_form(view["players"], view["fields"], form)
    try:
        if not form.get("seat"):  # the page asks which player sends: the seat is said first
            raise live.BodyError("live_sender")
        outcome = await _in_thread(
            functools.partial(
                live.submit, event, label, results, lang, code=token, sender=form.get("seat")
            )
        )
    except live.BodyError as error:
        outcome = live.Outcome(400, {"error": error.code})
    page = getattr(request.app.state, "table_page", None)
    if page is not None:
        answered: Response = await page(request, token, outcome)
        return answered
    return _answer(outcome, lang)


async def _check(request: Request) -> Response:
    label = await _token_table(request)
    data = await _json(request)
    check = functools.partial(
        live.check_partial, _event(request), label, data.get("results"), _lang(request)
    )
    return JSONResponse(await _in_thread(check))


def _judged_table(data: dict[str, Any]) -> str:
    table = data.get("table")
    if isinstance(table, int) and not isinstance(table, bool):
        table = str(table)
    if not isinstance(table, str):
        raise _RefusedError(400, "live_bad_json")
    return table


async def _judged(request: Request, action: Callable[[], live.Outcome]) -> Response:
    """The judge's ``action`` answered; a table it finds none of while the workbook cannot
    be read is unproven, not gone: 503 ``live_unreadable`` with ``Retry-After``, as a
    table's code is answered then (the judge approves again in a moment)."""
    try:
        outcome: live.Outcome | None = await _in_thread(action)
    except LookupError:  # ``correct`` checks the result first: no table to check it in
        outcome = None
    if outcome is None or outcome.status == 404:
        if not await _in_thread(_event(request).readable):
            raise _RefusedError(503, "live_unreadable", {"retry-after": "1"})
        raise LookupError("no table")  # answered 404 live_no_table by ``_guarded``
    return _answer(outcome, _lang(request))


async def _approve(request: Request) -> Response:
    data = await _json(request)
    return await _judged(
        request, functools.partial(live.approve, _event(request), _judged_table(data))
    )


async def _reject(request: Request) -> Response:
    data = await _json(request)
    message = data.get("message") or ""
    if not isinstance(message, str) or len(message) > MAX_MESSAGE:
        raise _RefusedError(400, "live_bad_json")
    reject = functools.partial(live.reject, _event(request), _judged_table(data), message)
    return await _judged(request, reject)


async def _correct(request: Request) -> Response:
    data = await _json(request)
    correct = functools.partial(
        live.correct, _event(request), _judged_table(data), data.get("results"), _lang(request)
    )
    return await _judged(request, correct)

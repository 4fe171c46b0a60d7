"""The local web server: the organiser's page and the HTTP API it uses (Starlette).

Routes (documented in the README):

- ``GET /`` the page; ``GET /static/…`` its script, styles and strings;
- ``GET /healthz`` 200 ``{"status": "ok", "token_required": …, "live": …, "formats": […]}``
  (``live``: an event is served, ``serve EVENT.xlsx``; ``formats``: the
  shipped formats with one line each in every language, for the page's choice);
- ``POST /api/check`` (multipart ``file``; optional ``lang`` and ``format``, a shipped
  format's name: else the workbook's own, docs/rules.md "Formats") 200 with the run's
  JSON (``payload.run_body`` and ``download_name``, the scored workbook's name),
  422 with it when the file cannot be used;
- ``POST /api/score`` (same) 200 with the scored workbook, 422 with the run's
  JSON when there is any problem or the file cannot be used;
- ``POST /api/seat`` (multipart ``file``, ``round`` up to the command line's most;
  optional ``method`` random|swiss, ``seed``, ``format``, ``lang``) 200 with
  ``payload.seat_body`` (the tables, the seating report, the one workbook to keep in
  base64: scored, then seated, opening on its slips) and ``download_name``; 422 with
  ``{"error", "message", "findings"}`` when the round cannot be seated (it has rows, no
  roster…);
- ``GET /api/template?lang=es&players=24&rounds=4&format=carcassonne-hig`` a blank
  template (``format`` optional: without it the default template).

Guards: before a body is read, ``gate.Gate`` refuses another host (421),
another site's page (403), a missing access code (401, when the server has a
``token``), and bounds the uploads in flight (503) and the time their bodies
take to arrive (408).  An upload is refused with 413 once its declared or
counted size passes ``max_upload_bytes`` (nothing more of it is kept), and is
held in memory only.  The engine runs in worker threads, in two lanes that never
wait for each other: checks and scores (``engine_threads`` at once) and blank
templates (``template_threads``), so a check never queues behind templates.  Any
exception becomes a 500 JSON answer (saying nothing of the exception: its words, which
may name the server's folders, go to the log line only), and the server goes on.

Every error answer is ``{"error": code, "message": words}``, the words in the
request's language (``gate.request_language``: ``?lang=``, else
``Accept-Language``); the log lines are in the server's language (``lang``).
Downloads are named in the request's language: ``Liga_puntuado.xlsx``,
``plantilla_24x5.xlsx``, ``Liga_ronda3.xlsx``, the event's name without an earlier
download's ending (``downloads``).  A posted form is read by
``form.read_upload``, within the size limit.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from xlsx_scorer import __version__
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, text
from xlsx_scorer.web import downloads, engine, form, gate, payload

#: Workbooks checked or scored at the same time; other requests wait their turn.
ENGINE_THREADS = 2
#: Blank templates made at the same time, in a lane of their own.
TEMPLATE_THREADS = 1
#: Template limits: players, rounds, Results rows (players × (rounds + 1)), event name length.
#: The most rounds, of a template and of a round seated, are the command line's.
MAX_PLAYERS, MAX_ROUNDS, MAX_TEMPLATE_ROWS = 1000, engine.MAX_ROUND, 12_000
MAX_EVENT_NAME = downloads.MAX_NAME
#: The largest seed a seating takes (the command line's ``--seed``).
MAX_SEED = 10**9
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
XLSM = "application/vnd.ms-excel.sheet.macroEnabled.12"
STATIC = Path(__file__).parent / "static"
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        (
            b"default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
            b"form-action 'self'; frame-ancestors 'none'"
        ),
    ),
)

logger = logging.getLogger("xlsx_scorer.web")
T = TypeVar("T")


def create_app(
    *,
    token: str | None = None,
    hosts: Iterable[str] = (),
    lang: str = DEFAULT_LANGUAGE,
    max_upload_bytes: int = form.MAX_UPLOAD_BYTES,
    engine_threads: int = ENGINE_THREADS,
    template_threads: int = TEMPLATE_THREADS,
    upload_slots: int = gate.UPLOAD_SLOTS,
    slot_wait: float = gate.SLOT_WAIT,
    body_deadline: float = gate.BODY_DEADLINE,
    warm_up: bool = True,
    event: Any = None,
    table_page: Callable[..., Awaitable[Response]] | None = None,
) -> Starlette:
    """The application; ``token`` (when given) is required by every ``/api/`` request.

    It answers at this computer's names and at ``hosts`` (``gate.allowed_hosts``);
    ``lang`` is the language of its log lines and, failing any other, of its
    answers.  With ``warm_up`` the engine is warmed up in the background as the
    server starts.  With ``event`` (``app.live.LiveEvent``: ``serve EVENT.xlsx``) the live
    routes are served too (``web.live``); ``table_page(request, token, outcome)`` answers the
    table page's form post (the HTML), else it is answered as ``/api/table``.
    """
    policy = gate.Policy(
        hosts=gate.allowed_hosts(hosts),
        token=token,
        upload_slots=upload_slots,
        slot_wait=slot_wait,
        body_deadline=body_deadline,
        lang=lang,
    )
    served: list[Route] = []
    if event is not None:
        from xlsx_scorer.web import live, liveroutes  # noqa: PLC0415 - only when an event is served

        served = [*live.routes(), *liveroutes.routes()]
        table_page = table_page or liveroutes.answer_form
    app = Starlette(
        lifespan=functools.partial(_warm_up, lang=lang) if warm_up else None,
        routes=[
            *served,
            Route("/", _page),
            Route("/healthz", _healthz),
            Route("/api/check", _guarded(_check), methods=["POST"]),
            Route("/api/score", _guarded(_score), methods=["POST"]),
            Route("/api/seat", _guarded(_seat), methods=["POST"]),
            Route("/api/template", _guarded(_template)),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(_SecurityHeaders), Middleware(gate.Gate, policy=policy)],
        exception_handlers={HTTPException: _http_error},
    )
    if event is not None:
        from xlsx_scorer.app.live import Attempts  # noqa: PLC0415

        app.state.attempts = Attempts()
        app.state.poll_lane = anyio.CapacityLimiter(live.POLL_THREADS)
    app.state.event = event
    app.state.table_page = table_page
    app.state.token = token
    app.state.hosts = tuple(hosts)
    app.state.lang = lang
    app.state.body_deadline = body_deadline
    app.state.max_upload_bytes = max_upload_bytes
    app.state.lanes = {
        "run": anyio.CapacityLimiter(engine_threads),
        "template": anyio.CapacityLimiter(template_threads),
    }
    return app


@contextlib.asynccontextmanager
async def _warm_up(app: Starlette, *, lang: str) -> AsyncIterator[None]:
    """As the server starts, warm the engine up in the background (``engine.warm_up``)."""
    del app
    threading.Thread(target=_warm_up_quietly, args=(lang,), name="warm-up", daemon=True).start()
    yield


def _warm_up_quietly(lang: str) -> None:
    try:
        engine.warm_up()
    except Exception:  # the first request will meet the same fault and report it
        logger.exception(text(lang, "web.log.warm_up_failed"))


class _SecurityHeaders:
    """Adds ``SECURITY_HEADERS`` to every response (and ``no-store`` to the API's)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.extend(SECURITY_HEADERS)
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _guarded(
    endpoint: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """``endpoint`` with refusals as JSON errors and any crash as a logged 500 answer."""

    async def guarded(request: Request) -> Response:
        where = {"method": request.method, "path": gate.shown_path(request.url.path)}
        try:
            return await endpoint(request)
        except form.ApiError as error:
            return _error(request, error.status, error.code, **error.params)
        except gate.SlowBodyError:
            seconds = request.app.state.body_deadline
            logger.info(text(request.app.state.lang, "web.log.client_gone", **where))
            return _error(request, 408, "slow_upload", seconds=seconds)
        except ClientDisconnect:
            logger.info(text(request.app.state.lang, "web.log.client_gone", **where))
            return _error(request, 400, "client_disconnected")
        except Exception:  # one bad request never stops the server; its words stay in the log
            logger.exception(text(request.app.state.lang, "web.log.internal_error", **where))
            return _error(request, 500, "internal_error")

    return guarded


def _error(request: Request, status: int, code: str, **params: Any) -> JSONResponse:
    """The error answer ``code``, in the request's language (``gate.refusal``)."""
    return gate.refusal(_session(request), status, code, **params)


def _session(request: Request) -> str:
    """The language the request is answered in (``gate.request_language``)."""
    return gate.request_language(request.headers, request.query_params, request.app.state.lang)


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's 404 and 405 as the API's JSON errors, in the request's language."""
    status = error.status_code if isinstance(error, HTTPException) else 500
    if status == 405:
        return _error(
            request,
            405,
            "wrong_method",
            path=gate.shown_path(request.url.path),
            method=request.method,
        )
    return _error(request, status, "not_found", path=gate.shown_path(request.url.path))


async def _page(request: Request) -> Response:
    del request
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


async def _healthz(request: Request) -> Response:
    return JSONResponse(
        {
            "status": "ok",
            "version": __version__,
            "token_required": request.app.state.token is not None,
            "live": request.app.state.event is not None,
            "max_upload_bytes": request.app.state.max_upload_bytes,
            "languages": list(engine.LANGUAGE_CODES),
            "formats": engine.format_choices(),
            "template": {
                "max_players": MAX_PLAYERS,
                "max_rounds": MAX_ROUNDS,
                "max_rows": MAX_TEMPLATE_ROWS,
            },
            "seat": {"max_round": MAX_ROUNDS, "max_seed": MAX_SEED},
        }
    )


async def _check(request: Request) -> Response:
    return await _run(request, engine.check)


async def _score(request: Request) -> Response:
    return await _run(request, engine.score)


async def _seat(request: Request) -> Response:
    """Seat a round: 200 with the seating and the workbook, 422 with the refusal."""
    upload = await form.read_upload(request, extra=("round", "method", "seed"))
    fields = upload.fields
    round_no = form.count(fields.get("round"), "round", 0, MAX_ROUNDS)
    if round_no == 0:
        raise form.ApiError(400, "bad_round", most=MAX_ROUNDS)
    method = fields.get("method") or None
    if method is not None and method not in engine.METHODS:
        raise form.ApiError(400, "bad_method")
    seed = fields.get("seed") or "0"
    if not seed.isascii() or not seed.isdigit() or int(seed) > MAX_SEED:
        raise form.ApiError(400, "bad_seed", most=MAX_SEED)
    lang = upload.language or _session(request)
    seat = functools.partial(
        engine.seat,
        upload.data,
        round_no,
        method=method,
        seed=int(seed),
        language=upload.language,
        format=upload.format,
        filename=upload.name,
    )
    done = await _in_lane(request, "run", seat)
    if isinstance(done, UnusableWorkbookError):  # in the workbook's language, unless asked
        said = upload.language or done.language or lang
        return JSONResponse(payload.refusal_body(done.finding, said), status_code=422)
    body = payload.seat_body(done, upload.name, lang)
    name = downloads.seated_name(upload.name, round_no, lang)
    return JSONResponse({**body, "download_name": name})


async def _run(request: Request, run: Callable[..., engine.Result]) -> Response:
    upload = await form.read_upload(request)
    session = upload.language or _session(request)
    answer = functools.partial(_answer, run, upload, session, request.app.state.lang)
    return await _in_lane(request, "run", answer)


async def _template(request: Request) -> Response:
    query = request.query_params
    lang = form.language(query.get("lang")) or _session(request)
    chosen = form.shipped_format(query.get("format"))
    players = form.count(query.get("players"), "players", engine.DEFAULT_PLAYERS, MAX_PLAYERS)
    rounds = form.count(query.get("rounds"), "rounds", engine.DEFAULT_ROUNDS, MAX_ROUNDS)
    if players * (rounds + 1) > MAX_TEMPLATE_ROWS:
        raise form.ApiError(400, "template_too_large", rows=MAX_TEMPLATE_ROWS)
    event = (query.get("event") or "").strip() or None
    if event is not None and (len(event) > MAX_EVENT_NAME or not event.isprintable()):
        raise form.ApiError(400, "bad_event", most=MAX_EVENT_NAME)
    data = await _in_lane(
        request,
        "template",
        functools.partial(
            engine.template_workbook,
            lang,
            players=players,
            rounds=rounds,
            event=event,
            format=chosen,
        ),
    )
    name = downloads.template_name(lang, event or f"{players}x{rounds}")
    return Response(
        data, media_type=XLSX, headers={"content-disposition": downloads.attachment(name)}
    )


def _answer(
    run: Callable[..., engine.Result], upload: form.Upload, session: str, lang: str
) -> Response:
    """``run`` (check or score) on the upload and the whole answer, in one worker thread.

    A score with no problem answers with the scored workbook; every other run with its
    JSON (``payload.run_body``, with ``download_name``: the scored workbook's name in
    the ``session`` language): 422 for a file that cannot be used, and for a score with
    any problem.  ``lang`` is the language of the log line.
    """
    started = time.perf_counter()
    result = run(upload.data, filename=upload.name, language=upload.language, format=upload.format)
    scoring = run is engine.score
    _log_run(lang, "score" if scoring else "check", upload, result, started)
    name = downloads.scored_name(upload.name, session)
    if scoring and result.exit_code == engine.EXIT_OK and result.workbook is not None:
        media = XLSM if name.lower().endswith(".xlsm") else XLSX
        headers = {"content-disposition": downloads.attachment(name)}
        return Response(result.workbook, media_type=media, headers=headers)
    status = 422 if scoring or result.exit_code == engine.EXIT_UNUSABLE else 200
    body = payload.run_body(result, upload.name)
    return JSONResponse({**body, "download_name": name}, status_code=status)


async def _in_lane(request: Request, lane: str, function: Callable[[], T]) -> T:
    """``function`` in a worker thread, once ``lane`` (``run`` or ``template``) has room.

    A request waits for its own lane only, and waits without holding a thread.
    """
    limiter: anyio.CapacityLimiter = request.app.state.lanes[lane]
    return await anyio.to_thread.run_sync(function, limiter=limiter)


def _log_run(
    lang: str, command: str, upload: form.Upload, result: engine.Result, started: float
) -> None:
    said = text(
        lang,
        "web.log.run",
        command=command,
        file=upload.name,
        exit=result.exit_code,
        findings=len(result.findings),
        games=result.games,
        players=result.players,
        seconds=round(time.perf_counter() - started, 2),
    )
    logger.info(said)

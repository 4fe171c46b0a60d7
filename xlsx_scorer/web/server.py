"""The local web server: the organiser's page and the HTTP API it uses (Starlette).

Routes (documented in the README):

- ``GET /`` the page; ``GET /static/…`` its script, styles and strings;
- ``GET /healthz`` 200 ``{"status": "ok", "token_required": …, "formats": […]}`` (the
  shipped formats with one line each in every language, for the page's choice);
- ``POST /api/check`` (multipart ``file``; optional ``lang`` and ``format``, a shipped
  format's name: else the workbook's own, docs/rules.md "Formats") 200 with the run's
  JSON (``payload.run_body`` and ``download_name``, the scored workbook's name),
  422 with it when the file cannot be used;
- ``POST /api/score`` (same) 200 with the scored workbook, 422 with the run's
  JSON when there is any problem or the file cannot be used;
- ``POST /api/seat`` (multipart ``file``, ``round``; optional ``method`` random|swiss,
  ``seed``, ``format``, ``lang``) 200 with ``payload.seat_body`` (the tables, the seating
  report, the seated workbook in base64) and ``download_name``; 422 with ``{"error",
  "message", "findings"}`` when the round cannot be seated (it has rows, no roster…);
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
exception becomes a 500 JSON answer and a log line, and the server goes on.

Every error answer is ``{"error": code, "message": words}``, the words in the
request's language (``gate.request_language``: ``?lang=``, else
``Accept-Language``); the log lines are in the server's language (``lang``).
Downloads are named in the request's language: ``Liga_puntuado.xlsx``,
``plantilla_24x5.xlsx``, ``Liga_ronda3.xlsx`` (``scored_name``, ``template_name``,
``seated_name``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import re
import sys
import threading
import time
import unicodedata
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from xlsx_scorer import __version__
from xlsx_scorer.core import formats
from xlsx_scorer.core.seating import Method
from xlsx_scorer.findings import Finding
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, text
from xlsx_scorer.web import engine, gate, payload

#: Uploads larger than this are refused with 413 (50 MB).
MAX_UPLOAD_BYTES = 50_000_000
#: Room in the request body for the multipart boundaries, part headers and small fields.
FORM_OVERHEAD_BYTES = 64 * 1024
#: Workbooks checked or scored at the same time; other requests wait their turn.
ENGINE_THREADS = 2
#: Blank templates made at the same time, in a lane of their own.
TEMPLATE_THREADS = 1
#: Template limits: players, rounds, Results rows (players × (rounds + 1)), event name length.
MAX_PLAYERS, MAX_ROUNDS, MAX_TEMPLATE_ROWS, MAX_EVENT_NAME = 1000, 50, 12_000, 200
#: The largest seed a seating takes (the command line's ``--seed``).
MAX_SEED = 10**9
METHODS: dict[str, Method] = {"random": "random", "swiss": "swiss"}
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


class ApiError(Exception):
    """A request the API refuses: HTTP ``status``, a stable ``code`` and its words' values.

    The words are ``web.error.<code>``, said in the request's language when answered.
    """

    def __init__(self, status: int, code: str, **params: Any) -> None:
        super().__init__(code)
        self.status, self.code, self.params = status, code, params


@dataclass(frozen=True)
class Upload:
    """A workbook posted to the API: its clean file name, bytes, the ``lang`` asked for, and
    the shipped ``format`` asked for (None: the workbook's own)."""

    name: str
    data: bytes
    language: str | None
    format: str | None = None
    fields: dict[str, str] = dataclasses.field(default_factory=dict)


class _InMemoryParser(MultiPartParser):
    """Starlette's multipart parser, keeping the file in memory: it never spills to disk.

    The request body it reads is bounded first (``_bounded``), so memory is too.
    """

    spool_max_size = sys.maxsize


def create_app(
    *,
    token: str | None = None,
    hosts: Iterable[str] = (),
    lang: str = DEFAULT_LANGUAGE,
    max_upload_bytes: int = MAX_UPLOAD_BYTES,
    engine_threads: int = ENGINE_THREADS,
    template_threads: int = TEMPLATE_THREADS,
    upload_slots: int = gate.UPLOAD_SLOTS,
    slot_wait: float = gate.SLOT_WAIT,
    body_deadline: float = gate.BODY_DEADLINE,
    warm_up: bool = True,
) -> Starlette:
    """The application; ``token`` (when given) is required by every ``/api/`` request.

    It answers at this computer's names and at ``hosts`` (``gate.allowed_hosts``);
    ``lang`` is the language of its log lines and, failing any other, of its
    answers.  With ``warm_up`` the engine is warmed up in the background as the
    server starts.
    """
    policy = gate.Policy(
        hosts=gate.allowed_hosts(hosts),
        token=token,
        upload_slots=upload_slots,
        slot_wait=slot_wait,
        body_deadline=body_deadline,
        lang=lang,
    )
    app = Starlette(
        lifespan=functools.partial(_warm_up, lang=lang) if warm_up else None,
        routes=[
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
    app.state.token = token
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
        where = {"method": request.method, "path": request.url.path}
        try:
            return await endpoint(request)
        except ApiError as error:
            return _error(request, error.status, error.code, **error.params)
        except gate.SlowBodyError:
            seconds = request.app.state.body_deadline
            logger.info(text(request.app.state.lang, "web.log.client_gone", **where))
            return _error(request, 408, "slow_upload", seconds=seconds)
        except ClientDisconnect:
            logger.info(text(request.app.state.lang, "web.log.client_gone", **where))
            return _error(request, 400, "client_disconnected")
        except Exception as error:  # one bad request never stops the server
            logger.exception(text(request.app.state.lang, "web.log.internal_error", **where))
            return _error(request, 500, "internal_error", detail=repr(error))

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
        return _error(request, 405, "wrong_method", path=request.url.path, method=request.method)
    return _error(request, status, "not_found", path=request.url.path)


async def _page(request: Request) -> Response:
    del request
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


async def _healthz(request: Request) -> Response:
    return JSONResponse(
        {
            "status": "ok",
            "version": __version__,
            "token_required": request.app.state.token is not None,
            "max_upload_bytes": request.app.state.max_upload_bytes,
            "languages": list(engine.LANGUAGE_CODES),
            "formats": engine.format_choices(),
            "template": {
                "max_players": MAX_PLAYERS,
                "max_rounds": MAX_ROUNDS,
                "max_rows": MAX_TEMPLATE_ROWS,
            },
        }
    )


async def _check(request: Request) -> Response:
    return await _run(request, engine.check)


async def _score(request: Request) -> Response:
    return await _run(request, engine.score)


async def _seat(request: Request) -> Response:
    """Seat a round: 200 with the seating and the workbook, 422 with the refusal."""
    upload = await _read_upload(request, extra=("round", "method", "seed"))
    fields = upload.fields
    round_no = _count(fields.get("round"), "round", 0, MAX_ROUNDS)
    if round_no == 0:
        raise ApiError(400, "bad_round", most=MAX_ROUNDS)
    method = fields.get("method") or None
    if method is not None and method not in METHODS:
        raise ApiError(400, "bad_method")
    seed = fields.get("seed") or "0"
    if not seed.isascii() or not seed.isdigit() or int(seed) > MAX_SEED:
        raise ApiError(400, "bad_seed", most=MAX_SEED)
    lang = upload.language or _session(request)
    seat = functools.partial(
        engine.seat,
        upload.data,
        round_no,
        method=None if method is None else METHODS[method],
        seed=int(seed),
        language=upload.language,
        format=upload.format,
        filename=upload.name,
    )
    done = await _in_lane(request, "run", seat)
    if isinstance(done, Finding):
        return JSONResponse(payload.refusal_body(done, lang), status_code=422)
    body = payload.seat_body(done, upload.name, lang)
    name = seated_name(upload.name, round_no, lang)
    return JSONResponse({**body, "download_name": name})


async def _run(request: Request, run: Callable[..., engine.Result]) -> Response:
    upload = await _read_upload(request)
    answer = functools.partial(_answer, run, upload, _session(request), request.app.state.lang)
    return await _in_lane(request, "run", answer)


async def _template(request: Request) -> Response:
    query = request.query_params
    lang = _language(query.get("lang")) or _session(request)
    chosen = _format(query.get("format"))
    players = _count(query.get("players"), "players", engine.DEFAULT_PLAYERS, MAX_PLAYERS)
    rounds = _count(query.get("rounds"), "rounds", engine.DEFAULT_ROUNDS, MAX_ROUNDS)
    if players * (rounds + 1) > MAX_TEMPLATE_ROWS:
        raise ApiError(400, "template_too_large", rows=MAX_TEMPLATE_ROWS)
    event = (query.get("event") or "").strip() or None
    if event is not None and (len(event) > MAX_EVENT_NAME or not event.isprintable()):
        raise ApiError(400, "bad_event", most=MAX_EVENT_NAME)
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
    name = template_name(lang, event or f"{players}x{rounds}")
    return Response(data, media_type=XLSX, headers={"content-disposition": attachment(name)})


def _answer(run: Callable[..., engine.Result], upload: Upload, session: str, lang: str) -> Response:
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
    name = scored_name(upload.name, session)
    if scoring and result.exit_code == engine.EXIT_OK and result.workbook is not None:
        media = XLSM if name.lower().endswith(".xlsm") else XLSX
        headers = {"content-disposition": attachment(name)}
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
    lang: str, command: str, upload: Upload, result: engine.Result, started: float
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


async def _read_upload(request: Request, extra: tuple[str, ...] = ()) -> Upload:
    """The posted workbook, refused (413) as soon as the body passes the size limit; the
    form's text fields named in ``extra`` beside it."""
    limit: int = request.app.state.max_upload_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + FORM_OVERHEAD_BYTES:
        raise _too_large(limit)
    if not request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise ApiError(400, "not_multipart")
    stream = _bounded(request.stream(), limit + FORM_OVERHEAD_BYTES)
    parser = _InMemoryParser(request.headers, stream, max_files=1, max_fields=4 + len(extra))
    try:
        form = await parser.parse()
    except _TooLargeError:
        raise _too_large(limit) from None
    except MultiPartException as error:
        raise ApiError(400, "bad_form") from error
    try:
        file = form.get("file")
        if not isinstance(file, UploadFile):
            raise ApiError(400, "no_file")
        data = await file.read()
        if len(data) > limit:
            raise _too_large(limit)
        language = form.get("lang")
        chosen = form.get("format")
        return Upload(
            clean_name(file.filename),
            data,
            _language(language if isinstance(language, str) else request.query_params.get("lang")),
            _format(chosen if isinstance(chosen, str) else request.query_params.get("format")),
            {name: value for name in extra if isinstance(value := form.get(name), str)},
        )
    finally:
        await form.close()


class _TooLargeError(Exception):
    """The request body passed the size limit while it was being read."""


async def _bounded(stream: AsyncIterator[bytes], limit: int) -> AsyncGenerator[bytes, None]:
    """``stream``'s chunks, raising ``_TooLargeError`` once more than ``limit`` bytes came."""
    total = 0
    async for chunk in stream:
        total += len(chunk)
        if total > limit:
            raise _TooLargeError
        yield chunk


def _too_large(limit: int) -> ApiError:
    return ApiError(413, "too_large", mb=limit / 1_000_000)


def _language(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if value not in engine.LANGUAGE_CODES:
        raise ApiError(400, "bad_language", codes=", ".join(engine.LANGUAGE_CODES))
    return value


def _format(value: str | None) -> str | None:
    """A shipped format's name, or None (the workbook's own): the server opens no file a
    request names, so an organiser's own format file is the command line's (``--format``)."""
    if value is None or value == "":
        return None
    if value not in formats.SHIPPED:
        raise ApiError(400, "bad_format", formats=", ".join(formats.SHIPPED))
    return value


def _count(value: str | None, name: str, default: int, most: int) -> int:
    if value is None or value == "":
        return default
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= most:
        raise ApiError(400, f"bad_{name}", most=most)
    return int(value)


def clean_name(filename: str | None) -> str:
    """The upload's file name without folders or control characters; ``workbook.xlsx`` if none.

    >>> clean_name("C:\\\\Users\\\\ana\\\\Liga.xlsx"), clean_name(None), clean_name("a\\x00b.xlsx")
    ('Liga.xlsx', 'workbook.xlsx', 'ab.xlsx')
    """
    base = re.split(r"[\\/]", filename or "")[-1]
    base = "".join(character for character in base if character.isprintable()).strip()
    return base[-MAX_EVENT_NAME:] or engine.UNNAMED


def scored_name(filename: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The scored workbook's name: ``lang``'s word for "scored" before the suffix.

    >>> scored_name("Liga İzmir.xlsx", "tr"), scored_name("copa.XLSM", "es")
    ('Liga İzmir_puanlanmış.xlsx', 'copa_puntuado.XLSM')
    >>> scored_name("event")
    'event_scored.xlsx'
    """
    stem, dot, suffix = filename.rpartition(".")
    if not (dot and stem and suffix.lower() in {"xlsx", "xlsm"}):
        stem, suffix = filename, "xlsx"
    return f"{text(lang, 'web.file.scored', name=stem)}.{suffix}"


def seated_name(filename: str, round_no: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """The seated workbook's name: ``lang``'s word for the round after the stem.

    >>> seated_name("Liga.xlsx", 3, "es"), seated_name("Kupa.xlsm", 2, "tr"), seated_name("x", 1)
    ('Liga_ronda3.xlsx', 'Kupa_tur2.xlsm', 'x_round1.xlsx')
    """
    stem, dot, suffix = filename.rpartition(".")
    if not (dot and stem and suffix.lower() in {"xlsx", "xlsm"}):
        stem, suffix = filename, "xlsx"
    return f"{text(lang, 'web.file.seated', name=stem, round=str(round_no))}.{suffix}"


def template_name(lang: str, name: str) -> str:
    """A blank template's name, in ``lang``: its event's name, or players × rounds.

    Characters a file name cannot hold on Windows become ``_``.

    >>> template_name("es", "12x3"), template_name("tr", "Kupa 1/2"), template_name("en", "Cup")
    ('plantilla_12x3.xlsx', 'şablon_Kupa 1_2.xlsx', 'template_Cup.xlsx')
    """
    safe = re.sub(r'[\\/:*?"<>|]', "_", name)
    return f"{text(lang, 'web.file.template', name=safe)}.xlsx"


def attachment(filename: str) -> str:
    """A ``Content-Disposition`` for ``filename``: an ASCII name, and RFC 5987's when needed.

    >>> attachment("cup.xlsx")
    'attachment; filename="cup.xlsx"'
    >>> attachment("Liga İzmir.xlsx")
    'attachment; filename="Liga Izmir.xlsx"; filename*=UTF-8\\'\\'Liga%20%C4%B0zmir.xlsx'
    """
    plain = unicodedata.normalize("NFKD", filename)
    plain = "".join(character for character in plain if not unicodedata.combining(character))
    fallback = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in plain)
    value = f'attachment; filename="{fallback}"'
    if fallback != filename:
        value += f"; filename*=UTF-8''{quote(filename, safe='')}"
    return value

"""The local web server: the organiser's page and the HTTP API it uses (Starlette).

Routes (documented in the README):

- ``GET /`` the page; ``GET /static/…`` its script, styles and strings;
- ``GET /healthz`` 200 ``{"status": "ok", "token_required": …}``;
- ``POST /api/check`` (multipart ``file``; optional ``lang``) 200 with the run's
  JSON (``payload.run_body``), 422 with it when the file cannot be used;
- ``POST /api/score`` (same) 200 with the scored workbook, 422 with the run's
  JSON when there is any problem or the file cannot be used;
- ``GET /api/template?lang=es&players=24&rounds=4`` a blank template.

Guards: an upload is refused with 413 once its declared or counted size
passes ``max_upload_bytes`` (nothing more of it is kept), and is held in
memory only; the engine runs in worker threads, at most ``engine_threads`` at
once; any exception becomes a 500 JSON answer and a log line, and the server
goes on.  With a ``token`` (the server listens beyond this computer) every
``/api/`` request must carry it: ``X-Token`` header, ``Authorization: Bearer``,
``token`` query parameter or form field; otherwise 401.
"""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import sys
import threading
import time
import unicodedata
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from xlsx_scorer import __version__
from xlsx_scorer.web import engine, payload

#: Uploads larger than this are refused with 413 (50 MB).
MAX_UPLOAD_BYTES = 50_000_000
#: Room in the request body for the multipart boundaries, part headers and small fields.
FORM_OVERHEAD_BYTES = 64 * 1024
#: Workbooks checked or scored at the same time; other requests wait their turn.
ENGINE_THREADS = 2
#: Template limits: players, rounds, Results rows (players × (rounds + 1)), event name length.
MAX_PLAYERS, MAX_ROUNDS, MAX_TEMPLATE_ROWS, MAX_EVENT_NAME = 1000, 50, 12_000, 200
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

logger = logging.getLogger(__name__)
T = TypeVar("T")


class ApiError(Exception):
    """A request the API refuses: HTTP ``status``, a stable ``code`` and a plain ``message``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass(frozen=True)
class Upload:
    """A workbook posted to the API: its clean file name, bytes, and the ``lang`` asked for."""

    name: str
    data: bytes
    language: str | None


class _InMemoryParser(MultiPartParser):
    """Starlette's multipart parser, keeping the file in memory: it never spills to disk.

    The request body it reads is bounded first (``_bounded``), so memory is too.
    """

    spool_max_size = sys.maxsize


def create_app(
    *,
    token: str | None = None,
    max_upload_bytes: int = MAX_UPLOAD_BYTES,
    engine_threads: int = ENGINE_THREADS,
    warm_up: bool = True,
) -> Starlette:
    """The application; ``token`` (when given) is required by every ``/api/`` request.

    With ``warm_up`` the engine is warmed up in the background as the server starts.
    """
    app = Starlette(
        lifespan=_warm_up if warm_up else None,
        routes=[
            Route("/", _page),
            Route("/healthz", _healthz),
            Route("/api/check", _guarded(_check), methods=["POST"]),
            Route("/api/score", _guarded(_score), methods=["POST"]),
            Route("/api/template", _guarded(_template)),
            Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        ],
    )
    app.state.token = token
    app.state.max_upload_bytes = max_upload_bytes
    app.state.engine_slots = threading.BoundedSemaphore(engine_threads)
    app.add_middleware(_SecurityHeaders)
    return app


@contextlib.asynccontextmanager
async def _warm_up(app: Starlette) -> AsyncIterator[None]:
    """As the server starts, warm the engine up in the background (``engine.warm_up``)."""
    del app
    threading.Thread(target=_warm_up_quietly, name="warm-up", daemon=True).start()
    yield


def _warm_up_quietly() -> None:
    try:
        engine.warm_up()
    except Exception:  # the first request will meet the same fault and report it
        logger.exception("warming the engine up failed")


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
        try:
            return await endpoint(request)
        except ApiError as error:
            return _error(error.status, error.code, error.message)
        except ClientDisconnect:
            logger.info("%s %s: the client went away", request.method, request.url.path)
            return _error(400, "client_disconnected", "The upload was interrupted.")
        except Exception as error:  # one bad request never stops the server
            logger.exception("internal error on %s %s", request.method, request.url.path)
            message = f"Unexpected error: {error!r}. Nothing was kept; the server goes on."
            return _error(500, "internal_error", message)

    return guarded


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


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
            "template": {
                "max_players": MAX_PLAYERS,
                "max_rounds": MAX_ROUNDS,
                "max_rows": MAX_TEMPLATE_ROWS,
            },
        }
    )


async def _check(request: Request) -> Response:
    upload = await _read_upload(request)
    return await _in_engine(request, _answer, engine.check, upload)


async def _score(request: Request) -> Response:
    upload = await _read_upload(request)
    return await _in_engine(request, _answer, engine.score, upload)


async def _template(request: Request) -> Response:
    _require_token(request, None)
    query = request.query_params
    lang = _language(query.get("lang")) or "en"
    players = _count(query.get("players"), "players", engine.DEFAULT_PLAYERS, MAX_PLAYERS)
    rounds = _count(query.get("rounds"), "rounds", engine.DEFAULT_ROUNDS, MAX_ROUNDS)
    if players * (rounds + 1) > MAX_TEMPLATE_ROWS:
        message = f"players × (rounds + 1) must be at most {MAX_TEMPLATE_ROWS}; use the CLI"
        raise ApiError(400, "template_too_large", message)
    event = (query.get("event") or "").strip() or None
    if event is not None and (len(event) > MAX_EVENT_NAME or not event.isprintable()):
        raise ApiError(400, "bad_event", f"event: at most {MAX_EVENT_NAME} printable characters")
    data = await _in_engine(
        request, engine.template_workbook, lang, players=players, rounds=rounds, event=event
    )
    name = f"template_{lang}_{players}x{rounds}.xlsx"
    return Response(data, media_type=XLSX, headers={"content-disposition": attachment(name)})


def _answer(run: Callable[..., engine.Result], upload: Upload) -> Response:
    """``run`` (check or score) on the upload and the whole answer, in one worker thread.

    A score with no problem answers with the scored workbook; every other run with its
    JSON (``payload.run_body``): 422 for a file that cannot be used, and for a score
    with any problem.
    """
    started = time.perf_counter()
    result = run(upload.data, filename=upload.name, language=upload.language)
    scoring = run is engine.score
    _log_run("score" if scoring else "check", upload, result, started)
    if scoring and result.exit_code == engine.EXIT_OK and result.workbook is not None:
        name = scored_name(upload.name)
        media = XLSM if name.lower().endswith(".xlsm") else XLSX
        headers = {"content-disposition": attachment(name)}
        return Response(result.workbook, media_type=media, headers=headers)
    status = 422 if scoring or result.exit_code == engine.EXIT_UNUSABLE else 200
    return JSONResponse(payload.run_body(result, upload.name), status_code=status)


async def _in_engine(request: Request, function: Callable[..., T], *args: Any, **kw: Any) -> T:
    """``function`` in a worker thread, waiting for one of the app's engine slots."""
    slots: threading.BoundedSemaphore = request.app.state.engine_slots

    def call() -> T:
        with slots:
            return function(*args, **kw)

    return await run_in_threadpool(call)


def _log_run(command: str, upload: Upload, result: engine.Result, started: float) -> None:
    logger.info(
        "%s %s: exit %d, %d finding(s), %d games, %d players, %.2f s",
        command,
        upload.name,
        result.exit_code,
        len(result.findings),
        result.games,
        result.players,
        time.perf_counter() - started,
    )


async def _read_upload(request: Request) -> Upload:
    """The posted workbook, refused (413) as soon as the body passes the size limit."""
    limit: int = request.app.state.max_upload_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + FORM_OVERHEAD_BYTES:
        raise _too_large(limit)
    if not request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise ApiError(400, "not_multipart", "Send the workbook as multipart/form-data, field file")
    if request.app.state.token is not None and _offered_token(request) is not None:
        _require_token(request, None)
    stream = _bounded(request.stream(), limit + FORM_OVERHEAD_BYTES)
    parser = _InMemoryParser(request.headers, stream, max_files=1, max_fields=4)
    try:
        form = await parser.parse()
    except _TooLargeError:
        raise _too_large(limit) from None
    except MultiPartException as error:
        raise ApiError(400, "bad_form", error.message) from error
    try:
        token = form.get("token")
        _require_token(request, token if isinstance(token, str) else None)
        file = form.get("file")
        if not isinstance(file, UploadFile):
            raise ApiError(400, "no_file", "No workbook: send it in the multipart field file")
        data = await file.read()
        if len(data) > limit:
            raise _too_large(limit)
        language = form.get("lang")
        return Upload(
            clean_name(file.filename),
            data,
            _language(language if isinstance(language, str) else request.query_params.get("lang")),
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
    return ApiError(413, "too_large", f"The file is larger than {limit / 1_000_000:g} MB.")


def _offered_token(request: Request) -> str | None:
    bearer = request.headers.get("authorization", "")
    scheme, _, credentials = bearer.partition(" ")
    return (
        request.headers.get("x-token")
        or (credentials.strip() if scheme.lower() == "bearer" else None)
        or request.query_params.get("token")
    )


def _require_token(request: Request, form_token: str | None) -> None:
    """Refuse (401) unless the app needs no token or the request carries the right one."""
    expected: str | None = request.app.state.token
    if expected is None:
        return
    offered = _offered_token(request) or form_token
    if offered is None or not secrets.compare_digest(offered.encode(), expected.encode()):
        raise ApiError(401, "token_required", "This server needs its access token.")


def _language(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if value not in engine.LANGUAGE_CODES:
        codes = ", ".join(engine.LANGUAGE_CODES)
        raise ApiError(400, "bad_language", f"lang must be one of {codes}")
    return value


def _count(value: str | None, name: str, default: int, most: int) -> int:
    if value is None or value == "":
        return default
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= most:
        raise ApiError(400, f"bad_{name}", f"{name} must be a whole number from 1 to {most}")
    return int(value)


def clean_name(filename: str | None) -> str:
    """The upload's file name without folders or control characters; ``workbook.xlsx`` if none.

    >>> clean_name("C:\\\\Users\\\\ana\\\\Liga.xlsx"), clean_name(None), clean_name("a\\x00b.xlsx")
    ('Liga.xlsx', 'workbook.xlsx', 'ab.xlsx')
    """
    base = re.split(r"[\\/]", filename or "")[-1]
    base = "".join(character for character in base if character.isprintable()).strip()
    return base[-MAX_EVENT_NAME:] or engine.UNNAMED


def scored_name(filename: str) -> str:
    """The scored workbook's name: ``_scored`` before the suffix (``.xlsx`` when there is none).

    >>> scored_name("Liga İzmir.xlsx"), scored_name("copa.XLSM"), scored_name("event")
    ('Liga İzmir_scored.xlsx', 'copa_scored.XLSM', 'event_scored.xlsx')
    """
    stem, dot, suffix = filename.rpartition(".")
    if dot and stem and suffix.lower() in {"xlsx", "xlsm"}:
        return f"{stem}_scored.{suffix}"
    return f"{filename}_scored.xlsx"


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

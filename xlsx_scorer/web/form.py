"""What a request brings: the posted workbook and the form's fields, read within bounds.

``read_upload`` reads a multipart body in memory only, refused (413) as soon as it passes
the size limit, declared or counted; ``language``, ``shipped_format`` and ``count`` read a
field or refuse it (400).  A refusal is an ``ApiError``: HTTP status, a stable code and the
values of its words (``web.error.<code>``), said in the request's language when answered.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request

from xlsx_scorer.app import api
from xlsx_scorer.web import downloads, engine

if TYPE_CHECKING:
    from xlsx_scorer.app.api import FormatFile

#: Uploads larger than this are refused with 413 (50 MB).
MAX_UPLOAD_BYTES = 50_000_000
#: An uploaded format file larger than this is refused (64 KB; a format file is a few lines).
MAX_FORMAT_BYTES = 64 * 1024
#: Room in the request body for the multipart boundaries, part headers and small fields,
#: and a format file.
FORM_OVERHEAD_BYTES = 64 * 1024 + MAX_FORMAT_BYTES


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
    the ``format`` asked for: a shipped name, or an uploaded format file (``format_file``;
    None: the format the workbook records)."""

    name: str
    data: bytes
    language: str | None
    format: str | FormatFile | None = None
    fields: dict[str, str] = dataclasses.field(default_factory=dict)


class _InMemoryParser(MultiPartParser):
    """Starlette's multipart parser, keeping the file in memory: it never spills to disk.

    The request body it reads is bounded first (``_bounded``), so memory is too.
    """

    spool_max_size = sys.maxsize


async def read_upload(request: Request, extra: tuple[str, ...] = ()) -> Upload:
    """The posted workbook, refused (413) as soon as the body passes the size limit; the
    form's text fields named in ``extra`` beside it."""
    limit: int = request.app.state.max_upload_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + FORM_OVERHEAD_BYTES:
        raise too_large(limit)
    if not request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise ApiError(400, "not_multipart")
    stream = _bounded(request.stream(), limit + FORM_OVERHEAD_BYTES)
    parser = _InMemoryParser(request.headers, stream, max_files=2, max_fields=4 + len(extra))
    try:
        form = await parser.parse()
    except _TooLargeError:
        raise too_large(limit) from None
    except MultiPartException as error:
        raise ApiError(400, "bad_form") from error
    try:
        file = form.get("file")
        if not isinstance(file, UploadFile):
            raise ApiError(400, "no_file")
        data = await file.read()
        if len(data) > limit:
            raise too_large(limit)
        asked = form.get("lang")
        chosen = form.get("format")
        query = request.query_params
        shipped = shipped_format(chosen if isinstance(chosen, str) else query.get("format"))
        own = form.get("format_file")
        return Upload(
            downloads.clean_name(file.filename),
            data,
            language(asked if isinstance(asked, str) else query.get("lang")),
            await format_file(own) if isinstance(own, UploadFile) and own.filename else shipped,
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


def too_large(limit: int) -> ApiError:
    return ApiError(413, "too_large", mb=limit / 1_000_000)


def language(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    if value not in engine.LANGUAGE_CODES:
        raise ApiError(400, "bad_language", codes=", ".join(engine.LANGUAGE_CODES))
    return value


def shipped_format(value: str | None) -> str | None:
    """A shipped format's name, or None (the workbook's own): the server opens no file a
    request names; an organiser's own format file is uploaded (``format_file``)."""
    if value is None or value == "":
        return None
    shipped = api.shipped_formats()
    if value not in shipped:
        raise ApiError(400, "bad_format", formats=", ".join(shipped))
    return value


async def format_file(upload: UploadFile) -> FormatFile:
    """An organiser's own format file posted beside the workbook (field ``format_file``),
    read by the engine as ``--format FILE.toml`` is; one over ``MAX_FORMAT_BYTES`` is
    refused (413): no format file is that long."""
    data = await upload.read()
    if len(data) > MAX_FORMAT_BYTES:
        raise too_large(MAX_FORMAT_BYTES)
    return api.uploaded_format(downloads.clean_name(upload.filename), data)


def count(value: str | None, name: str, default: int, most: int) -> int:
    if value is None or value == "":
        return default
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= most:
        raise ApiError(400, f"bad_{name}", most=most)
    return int(value)

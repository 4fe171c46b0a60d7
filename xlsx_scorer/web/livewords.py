"""The live pages' words and templates: Jinja2 (autoescaped) and the ICU catalogues.

Every word of the table page, the judge's live panel, the room page and the slips
is a ``web.live.…`` message said in the request's language; the templates receive
``say`` (``say("web.live.send")``) and never hold a word of their own.

>>> say = speaker("es")
>>> say("web.live.send")
'Enviar el resultado'
>>> render("room.html", "tr", title="T", standings=[], tables=[], round=None, refresh=15)[:15]
'<!doctype html>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
from starlette.requests import Request

from xlsx_scorer.app import live
from xlsx_scorer.i18n import LANGUAGES, text
from xlsx_scorer.web import gate

_TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("xlsx_scorer.web", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


def language(request: Request) -> str:
    """The language of a live route's answer: ``?lang=``, else the best of
    ``Accept-Language``, else the event's (``live.language``: ``serve --lang``, else the
    workbook's, as ``check`` chooses).  Example: a phone sending no ``Accept-Language`` to
    a Turkish workbook's server is answered in Turkish, as ``check --json`` says it."""
    event: live.LiveEvent = request.app.state.event
    return gate.request_language(request.headers, request.query_params, live.language(event))


def speaker(lang: str) -> Callable[..., str]:
    """``say(key, **values)``: the catalogue's message ``key`` in ``lang``."""

    def say(key: str, **values: Any) -> str:
        return text(lang, key, **values)

    return say


def render(template: str, lang: str, **values: Any) -> str:
    """The page ``template`` in ``lang`` (its ``lang`` attribute and every word)."""
    return _TEMPLATES.get_template(template).render(lang=lang, say=speaker(lang), **values)


def column_key(english_header: str) -> str | None:
    """The column key whose English header is ``english_header`` (what findings name).

    >>> column_key("Knights Played"), column_key("Score"), column_key("Nothing")
    ('knights', 'score', None)
    """
    module = LANGUAGES["en"]
    for key, said in module.HEADERS.items():
        if said == english_header:
            return str(key)
    for columns in module.GAME_HEADERS.values():
        for key, said in columns.items():
            if said == english_header:
                return str(key)
    return None

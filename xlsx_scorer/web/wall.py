"""What is posted on the wall: the room page ``/room`` and the printed slips ``/slips``.

The room page (a projector's) shows the current standings and the open round's
tables, and refreshes itself (``static/room.js`` fetches it again every
``ROOM_REFRESH`` seconds: a refresh by ``<meta>`` would break WCAG 2.2.1); it holds no code
or link of a table.  The slips (the judge's, to print) are one per table:
its players in seat order, a QR code of the table's page on this server
(``segno``, an inline SVG) and the 8-digit code to type where a camera fails.

>>> html = slips_page("en", "http://192.168.1.5:8765", 2,
...                   [{"table": "1", "players": ["Ana", "Bo"], "code": "12345678",
...                     "link": "/t/abc"}])
>>> "12345678" in html and "http://192.168.1.5:8765/t/abc" in html and "<svg" in html
True
>>> "12345678" in room_page("en", "Cup", 2, None, [{"table": "1", "players": ["Ana"],
...                                                   "code": "12345678"}])
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import segno
from markupsafe import Markup

from xlsx_scorer.i18n import decimal, percent
from xlsx_scorer.web.livewords import render

#: Seconds between two refreshes of the room page.
ROOM_REFRESH = 15
#: The QR code's module size in the SVG (its width is set by the style sheet).
QR_SCALE = 4


def standings(body: Mapping[str, Any] | None, lang: str) -> dict[str, Any] | None:
    """The standings as the live pages show them, from ``payload.standings_body``: its
    headers, and per player the rank, the name and the format's keys written the
    language's way (a share as a percentage, a fraction with two decimals).

    >>> shown = standings({"keys": ["points", "vp_ratio"], "headers": ["Puntos", "% PV"],
    ...                    "rows": [{"rank": 1, "player": "Ana", "points": 2.5,
    ...                              "vp_ratio": 0.3125}]}, "es")
    >>> shown["rows"][0]["cells"]
    ['2,50', '31,3\xa0%']
    """
    if body is None:
        return None
    keys = list(body["keys"])
    rows = [
        {
            "rank": row["rank"],
            "player": row["player"],
            "cells": [_number(key, row[key], lang) for key in keys],
        }
        for row in body["rows"]
    ]
    return {"headers": list(body["headers"]), "rows": rows}


def _number(key: str, value: Any, lang: str) -> str:
    if "ratio" in key or "share" in key:
        return percent(lang, value)
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return decimal(lang, value)


def room_page(
    lang: str,
    title: str,
    round_no: int | None,
    ranked: Mapping[str, Any] | None,
    tables: Sequence[Mapping[str, Any]],
) -> str:
    """The projector's page: the standings (``standings``'s, or None before any) and the
    tables of round ``round_no`` (``table``, ``players``; nothing else is read)."""
    seated = [{"table": table["table"], "players": list(table["players"])} for table in tables]
    return render(
        "room.html",
        lang,
        title=title,
        round=round_no,
        standings=ranked,
        tables=seated,
        refresh=ROOM_REFRESH,
    )


def slips_page(lang: str, base: str, round_no: int, tables: Sequence[Mapping[str, Any]]) -> str:
    """The sheet of slips of round ``round_no``: one per table of ``/api/live``'s ``tables``,
    each with a QR code of ``base`` + its ``link`` and its ``code``."""
    slips = []
    for table in tables:
        url = base.rstrip("/") + str(table["link"])
        svg = segno.make(url, error="m").svg_inline(scale=QR_SCALE, title=url)
        slips.append(
            {
                "table": table["table"],
                "players": list(table["players"]),
                "code": str(table["code"]),
                "url": url,
                "qr": Markup(svg),  # noqa: S704 - segno's own SVG, the URL in it escaped by segno
            }
        )
    return render("slips.html", lang, round=round_no, slips=slips)

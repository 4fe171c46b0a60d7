"""The judge's live panel: every table of the open round, its result and messages, and
the buttons that approve, correct or reject it (an HTML fragment of the judge's page).

``GET /api/live/panel`` (behind the access code, as all ``/api/``) renders the
``/api/live`` JSON (SPEC §9) in the request's language; ``static/panel.js`` shows it
on the judge's page, refreshes it, and sends the buttons to
``/api/live/approve|correct|reject``.  A table still to play can be typed from its
paper slip with *Correct* (the judge's result, approved at once).

>>> live = {"round": 3, "format": "carcassonne-hig", "waiting": True,
...         "fields": [{"header": "Score", "label": "Score", "kind": "whole"}],
...         "tables": [{"table": "1", "players": ["Ana", "Bo"], "state": "sent",
...                     "code": "12345678", "link": "/t/x",
...                     "results": [{"Player": "Ana", "Score": 20},
...                                 {"Player": "Bo", "Score": 12}], "findings": []}]}
>>> html = panel(live, "en")
>>> "Approve table 1" in html and "approvals wait" in html and "12345678" not in html
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xlsx_scorer.i18n import header
from xlsx_scorer.web.livewords import column_key, render
from xlsx_scorer.web.tablepage import STATES


def panel(live: Mapping[str, Any], lang: str) -> str:
    """The panel for ``live``: ``/api/live``'s JSON (``waiting``: the tables whose approval
    waits for the workbook's lock; ``locked``), with ``standings`` (``wall.standings``)
    once scored and ``fields`` (``table_view``'s) for the corrections."""
    tables = list(live.get("tables") or ())
    fields = list(live.get("fields") or _fields_of(tables, lang))
    counts = {state: sum(table.get("state") == state for table in tables) for state in STATES}
    return render(
        "panel.html",
        lang,
        live=live,
        counts=counts,
        tables=[_table(table, fields, lang) for table in tables],
        standings=live.get("standings"),
    )


def _fields_of(tables: Sequence[Mapping[str, Any]], lang: str) -> list[dict[str, str]]:
    """The fields named by the tables' results, when ``/api/live`` does not list them."""
    headers: list[str] = []
    for table in tables:
        for row in table.get("results") or ():
            headers += [key for key in row if key != "Player" and key not in headers]
    return [{"header": name, "label": _label(name, lang), "kind": "whole"} for name in headers]


def _label(english: str, lang: str) -> str:
    key = column_key(english)
    return header(lang, key) if key is not None else english


def _table(
    table: Mapping[str, Any], fields: Sequence[Mapping[str, Any]], lang: str
) -> dict[str, Any]:
    """One table for the template: its result as rows of cells, its correction form."""
    by_player = {row.get("Player"): row for row in table.get("results") or ()}
    label = str(table["table"])
    seats = []
    for seat, player in enumerate(table["players"], start=1):
        row = by_player.get(player, {})
        seats.append(
            {
                "number": seat,
                "player": player,
                "cells": [_shown(row.get(column["header"]), lang) for column in fields],
                "fields": [
                    {
                        "id": f"c{_slug(label)}-{seat}-{index}",
                        "header": column["header"],
                        "label": column["label"],
                        "kind": column["kind"],
                        "value": row.get(column["header"]),
                    }
                    for index, column in enumerate(fields)
                ],
            }
        )
    return {
        "table": label,
        "slug": _slug(label),
        "state": table.get("state") if table.get("state") in STATES else "to_play",
        "seats": seats,
        "sent": bool(by_player),
        "fields": fields,
        "findings": [str(finding.get("message", "")) for finding in table.get("findings") or ()],
    }


def _shown(value: Any, lang: str) -> str:
    """A result's value as the panel shows it: a mark as ✓, a blank as nothing."""
    del lang
    if value is True:
        return "✓"
    if value is None or value is False:
        return ""
    return str(value)


def _slug(label: str) -> str:
    """A table label usable in an element's id (``"12"``, ``"A 3"`` → ``"A-3"``)."""
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in label)

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
...                     "code": "12345678", "link": "/t/x", "sent_by": "Bo",
...                     "results": [{"Player": "Ana", "Score": 20},
...                                 {"Player": "Bo", "Score": 12}], "findings": []}]}
>>> html = panel(live, "en")
>>> "Approve table 1" in html and "approvals wait" in html and "12345678" not in html
True
>>> "Sent by Bo." in html
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xlsx_scorer.web.livewords import render
from xlsx_scorer.web.tablepage import STATES


def panel(live: Mapping[str, Any], lang: str) -> str:
    """The panel for ``live``: ``/api/live``'s JSON (``waiting``: the tables whose approval
    waits for the workbook's lock; ``locked``), with ``standings`` (``wall.standings``)
    once scored and ``fields`` (``table_view``'s) for the corrections."""
    tables = list(live.get("tables") or ())
    fields = list(live.get("fields") or ())
    counts = {state: sum(table.get("state") == state for table in tables) for state in STATES}
    return render(
        "panel.html",
        lang,
        live=live,
        counts=counts,
        tables=[_table(table, fields) for table in tables],
        standings=live.get("standings"),
    )


def _table(table: Mapping[str, Any], fields: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One table for the template: its result (or, disputed, every result sent) as rows of
    cells with who sent it (``sent_by``, ``candidates_sent_by``), and its correction form
    filled with the result it holds."""
    label = str(table["table"])
    players = list(table["players"])
    held = list(table.get("results") or ())
    candidates = [list(candidate) for candidate in table.get("candidates") or ()]
    sets = candidates or [held]
    senders = list(table.get("candidates_sent_by") or ()) if candidates else []
    senders = senders if len(senders) == len(sets) else [table.get("sent_by")] * len(sets)
    by_player = {row.get("Player"): row for row in held}
    seats = [
        {
            "number": seat,
            "player": player,
            "fields": [
                {
                    "id": f"c{_slug(label)}-{seat}-{index}",
                    "header": column["header"],
                    "label": column["label"],
                    "kind": column["kind"],
                    "value": by_player.get(player, {}).get(column["header"]),
                }
                for index, column in enumerate(fields)
            ],
        }
        for seat, player in enumerate(players, start=1)
    ]
    return {
        "table": label,
        "slug": _slug(label),
        "state": table.get("state") if table.get("state") in STATES else "to_play",
        "seats": seats,
        "results": [
            {"rows": _rows(results, players, fields), "sent_by": sender}
            for results, sender in zip(sets, senders, strict=True)
            if results
        ],
        "fields": fields,
        "findings": [str(finding.get("message", "")) for finding in table.get("findings") or ()],
    }


def _rows(
    results: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    fields: Sequence[Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """A result as the panel's table shows it: per player in seat order, the cells."""
    by_player = {row.get("Player"): row for row in results}
    return [
        {
            "player": player,
            "cells": [_shown(by_player.get(player, {}).get(c["header"])) for c in fields],
        }
        for player in players
    ]


def _shown(value: Any) -> str:
    """A result's value as the panel shows it: a mark as ✓, a blank as nothing."""
    if value is True:
        return "✓"
    if value is None or value is False:
        return ""
    return str(value)


def _slug(label: str) -> str:
    """A table label usable in an element's id (``"12"``, ``"A 3"`` → ``"A-3"``)."""
    return "".join(c if c.isascii() and c.isalnum() else "-" for c in label)

"""The table's page ``/t/<token>``: its players, the result form, the rule messages (HTML).

Rendered on the server from ``table_view`` (SPEC §9; ``app.live``), so it works
without JavaScript: the form posts to ``/t/<token>`` and the answer is this page
again, with the messages beside the fields they are about.  With JavaScript
(``static/table.js``) the same form is checked as they type and the table's state
is polled.  Its fields are named ``<seat>:<English header>`` (``2:Settlements``; a
mark is present when ticked: ``app.live.results_from_form`` reads them) and ``seat``,
the player who sends it.

>>> view = {"round": 2, "table": "3", "players": ["Ana", "Bo"], "state": "sent",
...         "results": [{"Player": "Ana", "Settlements": 3, "Declared Victory": True}],
...         "findings": [], "format": "catan-es",
...         "fields": [{"header": "Settlements", "label": "Poblados", "kind": "whole"},
...                    {"header": "Declared Victory", "label": "Victoria", "kind": "bool"}]}
>>> typed_from_results(view)
{'1:Settlements': '3', '1:Declared Victory': 'on', '2:Declared Victory': ''}
>>> 'lang="es"' in page(view, "tok", "es") and "Asiento 2: Bo" in page(view, "tok", "es")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from xlsx_scorer.i18n import text
from xlsx_scorer.web.livewords import column_key, render

#: The states a table is in (SPEC §9), and the sentence that says each on the table's page.
SAID = {
    "to_play": "web.live.state_to_play",
    "sent": "web.live.state_sent",
    "approved": "web.live.state_approved",
    "disputed": "web.live.state_disputed",
}
STATES = tuple(SAID)
#: The outcomes of a form post the server took (a result kept), answered by a redirect to
#: the table's page (``?said=``: post-redirect-get), and the states each is true in.
TAKEN = {
    "sent": ("sent", "approved", "disputed"),
    "duplicate": ("sent", "approved", "disputed"),
    "conflict": ("disputed",),
}
#: How often the page asks for its table's state, in milliseconds (about once a second).
POLL_MS = 1000


@dataclass(frozen=True)
class Answer:
    """What the server says after a post: ``outcome`` (``sent``, ``duplicate``,
    ``conflict``, ``invalid``, ``refused``), the messages, and what was typed."""

    outcome: str | None = None
    findings: Sequence[Mapping[str, Any]] = ()
    typed: Mapping[str, str] = field(default_factory=dict)


def answer_of(
    status: int, body: Mapping[str, Any], typed: Mapping[str, str], lang: str = "en"
) -> Answer:
    """What the page says after a post answered ``status`` with ``body`` (``app.live``'s
    submission outcome: 200 sent or a duplicate, 409 a different result, 422 a broken
    rule, 400 a form that is no result at all: its ``error`` said in ``lang``).

    >>> answer_of(200, {"state": "sent", "duplicate": True}, {}).outcome
    'duplicate'
    >>> answer_of(409, {"state": "disputed"}, {}).outcome
    'conflict'
    >>> refused = answer_of(400, {"error": "live_value"}, {}, "es")
    >>> refused.outcome, refused.findings[0]["message"][:20]
    ('refused', 'Cada valor debe ser ')
    """
    if status == 200:
        return Answer("duplicate" if body.get("duplicate") else "sent", (), typed)
    if status == 409:
        return Answer("conflict", (), typed)
    if status == 422:
        return Answer("invalid", list(body.get("findings") or ()), typed)
    said = text(lang, f"web.error.{body.get('error') or 'internal_error'}")
    return Answer("refused", [{"message": said}], typed)


def told(said: str | None, state: str) -> Answer | None:
    """What the table's page ``GET /t/<token>?said=…`` says a post was answered, when that
    is still true of the table's ``state`` (a link kept from before a rejection says
    nothing).

    >>> told("sent", "sent").outcome, told("sent", "to_play"), told("nonsense", "sent")
    ('sent', None, None)
    """
    return Answer(said) if said in TAKEN and state in TAKEN[said] else None


def typed_from_results(view: Mapping[str, Any]) -> dict[str, str]:
    """The form's fields filled from the view's ``results`` (what the table sent)."""
    typed: dict[str, str] = {}
    by_player = {row.get("Player"): row for row in view.get("results") or ()}
    for seat, player in enumerate(view["players"], start=1):
        row = by_player.get(player, {})
        for column in view["fields"]:
            value = row.get(column["header"])
            if column["kind"] == "bool":
                typed[f"{seat}:{column['header']}"] = "on" if value is True else ""
            elif value is not None:
                typed[f"{seat}:{column['header']}"] = str(value)
    return typed


def page(view: Mapping[str, Any], token: str, lang: str, answer: Answer | None = None) -> str:
    """The table's page in ``lang``: players in seat order, the form, the messages."""
    answer = answer or Answer()
    typed = dict(answer.typed) or typed_from_results(view)
    findings = list(answer.findings) or list(view.get("findings") or ())
    players = list(view["players"])
    notes, loose = _tie(findings, players, view["fields"])
    seats = [
        {
            "number": seat,
            "player": player,
            "fields": [
                _field(seat, index, column, typed, notes.get((seat, index), []))
                for index, column in enumerate(view["fields"])
            ],
        }
        for seat, player in enumerate(players, start=1)
    ]
    return render(
        "table.html",
        lang,
        view=view,
        token=token,
        seats=seats,
        messages=[*loose, *[note for key in sorted(notes) for note in notes[key]]],
        outcome=answer.outcome,
        chosen=str(answer.typed.get("seat", "")),
        state=view["state"] if view["state"] in STATES else "to_play",
        said=SAID,
        poll=POLL_MS,
        editable=view["state"] != "approved",
    )


def _field(
    seat: int,
    index: int,
    column: Mapping[str, Any],
    typed: Mapping[str, str],
    notes: list[dict[str, str]],
) -> dict[str, Any]:
    name = f"{seat}:{column['header']}"
    return {
        "id": f"f{seat}-{index}",
        "name": name,
        "label": column["label"],
        "header": column["header"],
        "kind": column["kind"],
        "column": column_key(str(column["header"])) or "",
        "value": typed.get(name, ""),
        "notes": notes,
    }


def _tie(
    findings: Sequence[Mapping[str, Any]],
    players: Sequence[str],
    fields: Sequence[Mapping[str, Any]],
) -> tuple[dict[tuple[int, int], list[dict[str, str]]], list[dict[str, str]]]:
    """The messages by the field they are about (seat, field index), and the others.

    A finding is about a field when its ``where.player`` sits at the table and its
    ``params.column`` is that field's column; each message gets an ``id`` that the
    field's ``aria-describedby`` names.
    """
    keys = [column_key(str(column["header"])) for column in fields]
    tied: dict[tuple[int, int], list[dict[str, str]]] = {}
    loose: list[dict[str, str]] = []
    for number, finding in enumerate(findings):
        note = {"id": f"m{number}", "message": str(finding.get("message", "")), "target": ""}
        player = (finding.get("where") or {}).get("player")
        column = (finding.get("params") or {}).get("column")
        if player in players and column is not None and column in keys:
            spot = (players.index(player) + 1, keys.index(column))
            note["target"] = f"f{spot[0]}-{spot[1]}"
            tied.setdefault(spot, []).append(note)
        else:
            loose.append(note)
    return tied, loose

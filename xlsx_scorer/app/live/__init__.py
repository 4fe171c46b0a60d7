"""Results typed at the table (SPEC §9, docs/rules.md §9): what the server and its pages use.

``open_event(path)`` serves the workbook at ``path`` (its journal beside it).  Then:

- ``language(event)`` is the language of an answer to a request that asks for none of
  ours: ``serve --lang``, else the workbook's, else the system's, else English (the rule
  of ``check``: ``i18n.choose_language``), so a Turkish workbook's 422 without
  ``Accept-Language`` is ``check --json``'s Turkish;

- ``live_view(event, lang)`` is ``GET /api/live``: ``{"round", "format", "locked",
  "waiting", "tables": [{"table", "players", "state", "code", "link", "results",
  "findings", "candidates", "sent_by", "candidates_sent_by", "message", "waiting"}]}``
  (``waiting``: approvals not yet in the workbook; ``locked``: it is open in Excel or
  LibreOffice; ``sent_by``: the player who sent the result shown, None when not said or
  typed by the judge; ``candidates_sent_by``: the same for each result of a dispute);
- ``table_state(event, token)`` is what the table's page polls once a second (``GET
  /t/<token>/state``): the table's state, made once per change of the event (200 phones
  polling cost one look-up per table and change), or None for a token that opens nothing;
- ``table_view(event, token, lang)`` is what the table's page shows: ``{"round", "table",
  "players", "state", "results", "findings", "fields", "format", "message"}``, or None for
  a token that opens nothing (no code in it);
- ``submit(event, table, results, lang)`` sends a result (``/api/table``, ``POST
  /t/<token>``), ``check_partial(event, table, results, lang)`` checks one being typed
  (``POST /t/<token>/check``): findings only, blank cells not yet said;
- ``approve``, ``correct``, ``reject``: the judge's;
- ``results_from_form(players, fields, form)`` reads the table page's form (fields named
  ``<seat>:<English header>``, seats from 1; a ticked box is a yes) into a submission.

Findings are the JSON of ``check --json`` (``findings.to_json`` with the message in
``lang``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from xlsx_scorer.app.live.entry import PLAYER, BodyError, fields
from xlsx_scorer.app.live.event import LiveEvent, Outcome
from xlsx_scorer.app.live.journal import journal_path
from xlsx_scorer.app.live.limits import Attempts
from xlsx_scorer.findings import Finding, to_json
from xlsx_scorer.i18n import choose_language

__all__ = [
    "Attempts",
    "BodyError",
    "LiveEvent",
    "Outcome",
    "approve",
    "check_partial",
    "correct",
    "journal_path",
    "language",
    "live_view",
    "open_event",
    "reject",
    "results_from_form",
    "submit",
    "table_state",
    "table_view",
]

#: Finding codes of a result cell left blank: not said while a result is being typed.
_BLANK = frozenset({"missing"})


def open_event(path: Path, *, auto_approve: bool = False, lang: str | None = None) -> LiveEvent:
    """The event of the workbook at ``path``, its journal opened (made when new); ``lang``:
    ``serve --lang``, when given."""
    return LiveEvent(path, auto_approve=auto_approve, lang=lang)


def language(event: LiveEvent) -> str:
    """The event's language, for a request that asks for none of ours (see the module).

    Example: a Turkish workbook served without ``--lang`` answers in Turkish on an English
    laptop; with ``serve --lang es``, in Spanish.
    """
    book = event.snapshot().book
    return choose_language(event.lang, None if book is None else book.language)


def _said(findings: Sequence[Finding], lang: str) -> list[dict[str, Any]]:
    return [to_json(finding, language=lang) for finding in findings]


def _outcome(outcome: Outcome, lang: str) -> Outcome:
    found = outcome.body.get("findings")
    if found is None:
        return outcome
    return Outcome(outcome.status, {**outcome.body, "findings": _said(found, lang)})


def live_view(event: LiveEvent, lang: str) -> dict[str, Any]:
    """The judge's view of the open round (``GET /api/live``), made once per change."""
    view: dict[str, Any] = event.remembered(("live", lang), lambda: _live_view(event, lang))
    return view


def _live_view(event: LiveEvent, lang: str) -> dict[str, Any]:
    shot = event.snapshot()
    tables = []
    for label in shot.tables:
        view = event.table(label)
        if view is not None:
            tables.append({**view, "findings": _said(view["findings"], lang)})
    return {
        "round": shot.round,
        "format": shot.book.format.name if shot.book is not None else None,
        "locked": event.locked(),
        "waiting": [label for _, _, label, _ in event.pending()],
        "tables": tables,
    }


def table_state(event: LiveEvent, token: str) -> str | None:
    """The state of the table ``token`` opens (see the module); None when it opens nothing."""
    state: str | None = event.remembered(("state", token), lambda: _state_of(event, token))
    return state


def _state_of(event: LiveEvent, token: str) -> str | None:
    label = event.by_token(token)
    view = None if label is None else event.table(label)
    return None if view is None else str(view["state"])


def table_view(event: LiveEvent, token: str, lang: str = "en") -> dict[str, Any] | None:
    """What the table's page shows (see the module); None for a token that opens nothing."""
    label = event.by_token(token)
    shot = event.snapshot()
    view = None if label is None else event.table(label)
    if view is None or shot.book is None:
        return None
    return {
        "round": shot.round,
        "table": label,
        "players": view["players"],
        "state": view["state"],
        "results": view["results"],
        "findings": _said(view["findings"], lang),
        "fields": fields(shot.book, lang),
        "format": shot.book.format.name,
        "message": view["message"],
    }


def submit(
    event: LiveEvent,
    table: str,
    results: Any,
    lang: str,
    *,
    code: str | None = None,
    sender: Any = None,
) -> Outcome:
    """Send table ``table``'s result (the rules first; ``BodyError`` when it is none);
    ``code``: the code or token that opened it, which must still open it; ``sender``: who
    sends it (a player of the table, or a seat number from 1; None: not said)."""
    return _outcome(event.submit(table, results, code=code, sender=sender), lang)


def check_partial(event: LiveEvent, table: str, results: Any, lang: str) -> dict[str, Any]:
    """The findings of a result still being typed (blank cells not said)."""
    _, findings, _ = event.check(table, results)
    kept = [f for f in findings if f.severity == "error" and f.code not in _BLANK]
    return {"findings": _said(kept, lang)}


def approve(event: LiveEvent, table: str) -> Outcome:
    """The judge approves the table's result: 200 written, 202 while the workbook is locked."""
    return event.approve(table)


def correct(event: LiveEvent, table: str, results: Any, lang: str) -> Outcome:
    """The judge's own result for the table, checked by the rules, then approved."""
    return _outcome(event.correct(table, results), lang)


def reject(event: LiveEvent, table: str, message: str) -> Outcome:
    """The judge sends the table's result back with a word to the table."""
    return event.reject(table, message)


def results_from_form(
    players: Sequence[str], given: Sequence[Mapping[str, str]], form: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The submission a table page's form makes (``given``: ``table_view``'s ``fields``).

    >>> fields_ = [{"header": "Score", "kind": "whole"}, {"header": "Won", "kind": "bool"}]
    >>> results_from_form(["Ana", "Bea"], fields_, {"1:Score": " 7 ", "1:Won": "on", "2:Score": ""})
    [{'Player': 'Ana', 'Score': 7, 'Won': True}, {'Player': 'Bea', 'Score': None, 'Won': False}]
    """
    made = []
    for seat, name in enumerate(players, start=1):
        item: dict[str, Any] = {PLAYER: name}
        for field in given:
            raw = form.get(f"{seat}:{field['header']}")
            if field["kind"] == "bool":
                item[field["header"]] = raw is not None and raw.strip() != ""
            else:
                text = (raw or "").strip()
                item[field["header"]] = (
                    int(text) if text.isascii() and text.isdigit() else text or None
                )
        made.append(item)
    return made

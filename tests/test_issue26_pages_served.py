"""Issue 26 through the server: ``serve EVENT.xlsx``'s pages, over HTTP, without a browser.

The sample event seated for round 5 by ``seat`` (codes on its slips), served in a
thread: the table's page in the phone's language, one answer for every token that opens
nothing, the form posted without JavaScript (the messages, then "received"), the state a
phone polls, the room page (no code on the wall), the slips (the judge's only) and the
judge's panel.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.webserver import running_server
from xlsx_scorer.app import live
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import text
from xlsx_scorer.web.server import create_app

EVENT = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"
SPANISH = {"accept-language": "es-ES,es;q=0.9"}
TURKISH = {"accept-language": "tr"}


def seated_event(folder: Path) -> Path:
    """A copy of the sample event with round 5 seated (its codes on ``Seating R5``)."""
    path = folder / "event.xlsx"
    shutil.copy(EVENT, path)
    assert main(["seat", str(path), "--round", "5", "--seed", "3"]) == 0
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, live.LiveEvent]]:
    event = live.open_event(seated_event(tmp_path_factory.mktemp("served")))
    try:
        with running_server(create_app(warm_up=False, event=event)) as address:
            yield address, event
    finally:
        event.close()


def tables(address: str) -> list[dict[str, Any]]:
    answer = httpx.get(f"{address}/api/live")
    assert answer.status_code == 200
    found: list[dict[str, Any]] = answer.json()["tables"]
    return found


def winning(players: list[str]) -> dict[str, str]:
    """The form of a valid game: seat 1 declares 10 VP, the others have 5."""
    form = {"seat": "1"}
    for seat, _ in enumerate(players, start=1):
        first = seat == 1
        form |= {
            f"{seat}:Settlements": "2" if first else "3",
            f"{seat}:Cities": "4" if first else "1",
            f"{seat}:VP Cards": "0",
            f"{seat}:Knights Played": "0",
            f"{seat}:Roads Built": "5" if first else "4",
            f"{seat}:Longest Road Length": "3" if first else "2",
        }
        if first:
            form[f"{seat}:Declared Victory"] = "on"
    return form


def test_the_table_page_in_the_phones_language(served: tuple[str, live.LiveEvent]) -> None:
    address, _ = served
    table = tables(address)[0]
    answer = httpx.get(f"{address}{table['link']}", headers=SPANISH)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert '<html lang="es">' in html
    assert f"Ronda 5, mesa {table['table']}" in html
    assert re.findall(r"<li>([^<]+)</li>", html)[: len(table["players"])] == table["players"]
    assert 'name="1:Settlements"' in html
    assert table["code"] not in html
    state = httpx.get(f"{address}{table['link']}/state", headers=TURKISH).json()
    assert state == {"state": "to_play", "said": state["said"]}
    assert state["said"].startswith("Oynanacak")


def test_a_token_that_opens_nothing_gets_one_answer(served: tuple[str, live.LiveEvent]) -> None:
    address, _ = served
    first = httpx.get(f"{address}/t/nothing-here", headers=SPANISH)
    second = httpx.get(f"{address}/t/{'x' * 43}", headers=SPANISH)
    assert first.status_code == second.status_code == 404
    assert first.text == second.text
    assert "Aquí no hay ninguna mesa" in first.text


def test_the_form_without_javascript(served: tuple[str, live.LiveEvent]) -> None:
    address, _ = served
    table = tables(address)[1]
    form = winning(table["players"])
    broken = form | {"2:Roads Built": "16"}
    answer = httpx.post(f"{address}{table['link']}", data=broken, headers=SPANISH)
    assert answer.status_code == 422
    html = answer.text
    assert "No enviado: el resultado incumple una regla" in html
    assert 'value="16"' in html  # what was typed is shown again
    assert re.search(r'id="f2-\d+"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="f2-', html)
    sent = httpx.post(f"{address}{table['link']}", data=form, headers=SPANISH)
    assert sent.status_code == 303  # post-redirect-get: the table's page, loaded again, posts not
    assert sent.headers["location"] == f"{table['link']}?lang=es&said=sent"
    page = httpx.get(f"{address}{sent.headers['location']}")
    assert "Recibido. El juez lo revisará." in page.text
    assert 'value="4"' in page.text  # the result sent, in its fields
    again = httpx.post(f"{address}{table['link']}", data=form, headers=SPANISH)
    assert "Ya recibido" in httpx.get(f"{address}{again.headers['location']}").text
    other = tables(address)[3]  # a table that sent nothing: a said= of a post says nothing
    assert "Recibido" not in httpx.get(f"{address}{other['link']}?lang=es&said=sent").text
    assert httpx.get(f"{address}{table['link']}/state").json()["state"] == "sent"


def test_a_form_that_is_no_result_is_told_why_not_a_broken_rule(
    served: tuple[str, live.LiveEvent],
) -> None:
    """A value the server does not take at all (a text of a page) is said as the server
    says it (400), not as a rule broken."""
    address, _ = served
    table = tables(address)[2]
    form = winning(table["players"]) | {"1:Cities": "cuatro " * 30}
    answer = httpx.post(f"{address}{table['link']}", data=form, headers=SPANISH)
    assert answer.status_code == 400
    assert "No enviado" in answer.text
    assert "incumple una regla" not in answer.text
    assert text("es", "web.error.live_value") in answer.text


def test_the_room_page_shows_no_code(served: tuple[str, live.LiveEvent]) -> None:
    address, _ = served
    answer = httpx.get(f"{address}/room", headers=TURKISH)
    assert answer.status_code == 200
    html = answer.text
    assert "Tur 5: masalar" in html
    assert "Sıralama" in html
    for table in tables(address):
        assert table["code"] not in html
        assert table["link"] not in html
        assert ", ".join(table["players"]) in html


def test_the_slips_and_the_panel(served: tuple[str, live.LiveEvent]) -> None:
    address, _ = served
    answer = httpx.get(f"{address}/slips?lang=ca")
    assert answer.status_code == 200
    every = tables(address)
    assert answer.text.count("<svg") == len(every)
    for table in every:
        assert f'<span class="code">{table["code"]}</span>' in answer.text
        assert f"{address}{table['link']}" in answer.text
    panel = httpx.get(f"{address}/api/live/panel?lang=en")
    assert panel.status_code == 200
    assert "Round 5: results typed at the tables" in panel.text
    assert 'data-action="approve"' in panel.text  # the table sent above


def test_the_slips_are_the_judges_only(tmp_path: Path) -> None:
    event = live.open_event(seated_event(tmp_path))
    try:
        app = create_app(warm_up=False, event=event, token="judges-code")
        with running_server(app) as address:
            assert httpx.get(f"{address}/slips").status_code == 401
            assert httpx.get(f"{address}/api/live/panel").status_code == 401
            assert httpx.get(f"{address}/slips?token=judges-code").status_code == 200
            assert httpx.get(f"{address}/room").status_code == 200
    finally:
        event.close()


def test_healthz_says_whether_an_event_is_served(served: tuple[str, live.LiveEvent]) -> None:
    """The page shows (and asks for) the judge's panel only when an event is served."""
    address, _ = served
    assert httpx.get(f"{address}/healthz").json()["live"] is True
    with running_server(create_app(warm_up=False)) as plain:
        assert httpx.get(f"{plain}/healthz").json()["live"] is False
        assert httpx.get(f"{plain}/room").status_code == 404


def test_the_panel_says_approvals_wait_while_the_workbook_is_open(tmp_path: Path) -> None:
    path = seated_event(tmp_path)
    event = live.open_event(path)
    try:
        with running_server(create_app(warm_up=False, event=event)) as address:
            table = tables(address)[0]
            form = winning(table["players"])
            assert httpx.post(f"{address}{table['link']}", data=form).status_code == 303
            lock = tmp_path / f".~lock.{path.name}#"  # LibreOffice has it open
            lock.write_text("judge,laptop,01.01.2026 10:00,\n", encoding="utf-8")
            approve = {"table": table["table"]}
            assert httpx.post(f"{address}/api/live/approve", json=approve).status_code == 202
            panel = httpx.get(f"{address}/api/live/panel", headers=SPANISH).text
            assert "El libro está abierto en Excel o LibreOffice" in panel
            lock.unlink()
            for _ in range(100):
                if not httpx.get(f"{address}/api/live").json()["waiting"]:
                    break
                time.sleep(0.1)
            panel = httpx.get(f"{address}/api/live/panel", headers=SPANISH).text
            assert "El libro está abierto" not in panel
            assert 'id="live-standings"' in panel
    finally:
        event.close()


def test_a_crash_is_a_logged_500_without_the_token(
    served: tuple[str, live.LiveEvent],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    address, _ = served
    link = tables(address)[0]["link"]

    def broken(*args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(live, "table_view", broken)
    with caplog.at_level("ERROR", logger="xlsx_scorer.web"):
        answer = httpx.get(f"{address}{link}", headers=SPANISH)
    assert answer.status_code == 500
    assert answer.json()["error"] == "internal_error"
    assert caplog.records
    assert link.removeprefix("/t/") not in caplog.text

"""Issue 26: whoever sends a table's result says which player they are (the table page's
required choice, ``"player"``/``"seat"`` in ``/api/table``); the server keeps it in the
journal with the result and the judge's panel shows it; the same result from another
phone is still one submission.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.live_event import make_event, result, served


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_event(tmp_path_factory.mktemp("sender"))


def _tables(address: str) -> dict[str, dict[str, Any]]:
    answer = httpx.get(f"{address}/api/live", timeout=30)
    assert answer.status_code == 200
    return {t["table"]: t for t in answer.json()["tables"]}


def _send(address: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{address}/api/table", json=body, timeout=60)


def test_the_sender_is_kept_shown_and_not_a_new_submission(event: Path) -> None:
    with served(event) as (address, _, _):
        tables = _tables(address)
        one, two, three = tables["1"], tables["2"], tables["3"]
        good = result(one["players"])
        first = _send(address, {"code": one["code"], "player": one["players"][2], "results": good})
        assert first.json() == {"state": "sent", "duplicate": False}
        # the same result from another phone: the same submission, its first sender kept
        again = _send(address, {"code": one["code"], "seat": 1, "results": good})
        assert again.json() == {"state": "sent", "duplicate": True}
        assert _tables(address)["1"]["sent_by"] == one["players"][2]
        # nobody of the table: 400, said in the request's language, nothing kept
        stranger = {
            "code": two["code"],
            "player": "Someone Else",
            "results": result(two["players"]),
        }
        refused = _send(address, stranger)
        assert refused.status_code == 400
        assert refused.json()["error"] == "live_sender"
        assert _tables(address)["2"]["state"] == "to_play"
        assert (
            _send(
                address, {"code": two["code"], "seat": 5, "results": stranger["results"]}
            ).status_code
            == 400
        )
        # not said: kept as not said
        assert _send(address, {"code": two["code"], "results": result(two["players"])}).is_success
        assert _tables(address)["2"]["sent_by"] is None
        # the table page's form says the seat chosen
        form = {"seat": "4", **_form(three["players"], result(three["players"], winner=1))}
        posted = httpx.post(
            f"{address}{three['link']}",
            data=form,
            headers={"Referer": f"{address}{three['link']}", "Origin": address},
            timeout=60,
        )
        assert posted.status_code == 303, posted.text  # taken: to the table's page
        assert _tables(address)["3"]["sent_by"] == three["players"][3]
        # a different result from another player: a dispute, each result with its sender
        other = result(one["players"], winner=1)
        disputed = _send(address, {"code": one["code"], "seat": 2, "results": other})
        assert disputed.status_code == 409
        seen = _tables(address)["1"]
        assert seen["candidates_sent_by"] == [one["players"][2], one["players"][1]]
        panel = httpx.get(f"{address}/api/live/panel?lang=en", timeout=30).text
        assert f"Sent by {one['players'][2]}." in panel
        assert f"Sent by {one['players'][1]}." in panel
    # a restart folds the journal again: the senders are still there
    with served(event) as (address, _, _):
        assert _tables(address)["3"]["sent_by"] == three["players"][3]
        assert _tables(address)["1"]["candidates_sent_by"] == [
            one["players"][2],
            one["players"][1],
        ]


def _form(players: list[str], results: list[dict[str, Any]]) -> dict[str, str]:
    """The table page's fields for ``results``: ``<seat>:<header>``, a ticked box ``on``."""
    fields: dict[str, str] = {}
    for seat, item in enumerate(results, start=1):
        assert item["Player"] == players[seat - 1]
        for key, value in item.items():
            if key == "Player":
                continue
            if isinstance(value, bool):
                if value:
                    fields[f"{seat}:{key}"] = "on"
            else:
                fields[f"{seat}:{key}"] = str(value)
    return fields

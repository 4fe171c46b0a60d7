"""Issue 26, what people see: the table's page, the judge's panel, the room page, the slips.

Rendered from the contract's dicts (``table_view``, ``/api/live``; BRIEF "Issue 26"): the
words in the phone's language, every field labelled and in a fieldset with its legend,
every rule message tied to its field (``aria-describedby``), nothing of a code on the
wall, and the table's page with its style and script under 100 kB.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from xlsx_scorer.web import livepanel, tablepage, wall

STATIC = Path(tablepage.__file__).parent / "static"
TOKEN = "A" * 43
CATAN_FIELDS = [
    {"header": "Settlements", "label": "Poblados", "kind": "whole"},
    {"header": "Roads Built", "label": "Carreteras construidas", "kind": "whole"},
    {"header": "Largest Army First", "label": "Primero con el mayor ejército", "kind": "bool"},
]
VIEW = {
    "round": 2,
    "table": "3",
    "players": ["Ana", "Bo", "Çağla", "Dídac"],
    "state": "to_play",
    "results": [],
    "findings": [],
    "fields": CATAN_FIELDS,
    "format": "catan-es",
    "message": None,
}
ROADS_TOO_MANY = {
    "code": "out_of_range",
    "params": {"column": "roads", "found": 16, "most": 15},
    "severity": "error",
    "where": {"player": "Bo", "table": "3", "round": 2},
    "message": "Carreteras construidas es 16; como mucho 15.",
}
LOOSE = {
    "code": "declared_no_winner",
    "params": {},
    "severity": "error",
    "where": {},
    "message": "Nadie declaró la victoria.",
}


class Page(HTMLParser):
    """The elements of a page: (tag, attributes) in order, and its text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {name: value or "" for name, value in attrs}))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def all(self, tag: str) -> list[dict[str, str]]:
        return [attrs for name, attrs in self.elements if name == tag]

    def by_id(self, ident: str) -> dict[str, str]:
        (found,) = [attrs for _, attrs in self.elements if attrs.get("id") == ident]
        return found


def test_the_table_page_lists_the_players_and_labels_every_field_in_spanish() -> None:
    html = tablepage.page(VIEW, TOKEN, "es")
    page = Page(html)
    assert page.all("html")[0]["lang"] == "es"
    assert "Ronda 2, mesa 3" in html
    assert re.findall(r"<li>([^<]+)</li>", html)[:4] == VIEW["players"]  # seat order
    (form,) = page.all("form")
    assert (form["method"], form["action"]) == ("post", f"/t/{TOKEN}")
    ids = [attrs["id"] for _, attrs in page.elements if "id" in attrs]
    assert len(ids) == len(set(ids))
    labelled = {attrs["for"] for attrs in page.all("label")}
    inputs = page.all("input")
    assert inputs
    assert all(attrs["id"] in labelled for attrs in inputs)
    named = [attrs["name"] for attrs in inputs if attrs["type"] != "radio"]
    assert named[:3] == ["1:Settlements", "1:Roads Built", "1:Largest Army First"]
    assert len(named) == 4 * len(CATAN_FIELDS)
    assert html.count("<legend>") == 1 + 4  # who is sending, then one per seat
    assert "¿Qué jugador eres?" in html
    assert "Asiento 3: Çağla" in html
    radios = [attrs for attrs in inputs if attrs["type"] == "radio"]
    assert [r["value"] for r in radios] == ["1", "2", "3", "4"]
    assert all("required" in r for r in radios)


def test_a_rule_message_is_tied_to_its_field_and_listed_above() -> None:
    answer = tablepage.answer_of(
        422, {"findings": [ROADS_TOO_MANY, LOOSE]}, {"2:Roads Built": "16"}
    )
    html = tablepage.page(VIEW, TOKEN, "es", answer)
    page = Page(html)
    field = page.by_id("f2-1")  # seat 2, Roads Built
    assert field["value"] == "16"
    assert field["aria-invalid"] == "true"
    (note,) = field["aria-describedby"].split()
    assert ROADS_TOO_MANY["message"] in html.split(f'id="{note}">', 1)[1].split("<", 1)[0]
    assert f'<a href="#f2-1">{ROADS_TOO_MANY["message"]}</a>' in html
    assert LOOSE["message"] in html
    assert "No enviado: el resultado incumple una regla" in html
    assert 'role="alert"' in html


@pytest.mark.parametrize(
    ("status", "body", "said"),
    [
        (200, {"state": "sent", "duplicate": False}, "Alındı. Hakem kontrol edecek."),
        (200, {"state": "sent", "duplicate": True}, "Zaten alındı"),
        (409, {"state": "disputed"}, "başka bir sonuç gönderildi"),
    ],
)
def test_what_the_server_answered_is_said_in_turkish(
    status: int, body: dict[str, object], said: str
) -> None:
    html = tablepage.page(VIEW, TOKEN, "tr", tablepage.answer_of(status, body, {}))
    assert said in html
    assert 'lang="tr"' in html


def test_an_approved_table_shows_no_form_and_a_sent_one_its_result() -> None:
    held = [{"Player": "Bo", "Settlements": 5, "Largest Army First": True}]
    approved = tablepage.page({**VIEW, "state": "approved", "results": held}, TOKEN, "en")
    assert '<tr><th scope="row">Poblados</th><td>5</td></tr>' in approved
    assert '<tr><th scope="row">Primero con el mayor ejército</th><td>✓</td></tr>' in approved
    assert "<form" not in approved
    assert "Approved by the judge" in approved
    sent = {
        **VIEW,
        "state": "sent",
        "results": [{"Player": "Ana", "Settlements": 4, "Largest Army First": True}],
    }
    page = Page(tablepage.page(sent, TOKEN, "ca"))
    assert page.by_id("f1-0")["value"] == "4"
    assert "checked" in page.by_id("f1-2")
    rejected = tablepage.page({**VIEW, "message": "Recount the roads"}, TOKEN, "en")
    assert "The judge says:" in rejected
    assert "Recount the roads" in rejected


def test_the_table_page_loads_under_100_kb() -> None:
    html = tablepage.page({**VIEW, "players": [f"Player {n}" for n in range(6)]}, TOKEN, "tr")
    assets = [STATIC / "live.css", STATIC / "table.js"]
    total = len(html.encode()) + sum(len(path.read_bytes()) for path in assets)
    assert total < 100_000
    assert [a.name for a in assets] == [
        Path(href).name for href in re.findall(r'(?:href|src)="/static/([^"]+)"', html)
    ]


LIVE = {
    "round": 3,
    "format": "catan-es",
    "locked": True,
    "waiting": ["1"],
    "fields": CATAN_FIELDS,
    "tables": [
        {
            "table": "1",
            "players": ["Ana", "Bo"],
            "state": "sent",
            "code": "12345678",
            "link": f"/t/{TOKEN}",
            "message": None,
            "results": [
                {"Player": "Ana", "Settlements": 3, "Largest Army First": True},
                {"Player": "Bo", "Settlements": 2, "Largest Army First": False},
            ],
            "findings": [],
        },
        {
            "table": "2",
            "players": ["Cem", "Dan"],
            "state": "to_play",
            "code": "87654321",
            "link": "/t/other",
            "message": None,
            "results": [],
            "findings": [],
        },
        {
            "table": "3",
            "players": ["Eva", "Fer"],
            "state": "approved",
            "code": "11112222",
            "link": "/t/third",
            "message": None,
            "results": [],
            "findings": [],
        },
    ],
}


def test_the_judges_panel_offers_approve_correct_and_reject_where_they_apply() -> None:
    html = livepanel.panel(LIVE, "es")
    assert "Ronda 3: resultados escritos en las mesas" in html
    assert "1 por jugar, 1 enviadas, 1 aprobadas, 0 en disputa" in html
    assert "las aprobaciones esperan" in html  # the workbook's lock
    actions = re.findall(r'data-action="(\w+)" data-table="(\w+)"', html)
    assert actions == [("approve", "1"), ("reject", "1")]
    assert html.count('class="live-correct"') == 2  # typed from a paper slip too
    assert not any(code in html for code in ("12345678", "87654321", "11112222"))
    assert "Primero con el mayor ejército" in html
    assert "✓" in html
    page = Page(html)
    labelled = {attrs["for"] for attrs in page.all("label")}
    assert all(attrs["id"] in labelled for attrs in page.all("input"))


STANDINGS = {
    "keys": ["points", "vp"],
    "headers": ["Puan", "ZP"],
    "rows": [{"rank": 1, "player": "Ana", "points": 2.5, "vp": 19}],
}


def test_the_room_page_shows_the_wall_and_no_code() -> None:
    ranked = wall.standings(STANDINGS, "tr")
    html = wall.room_page("tr", "İzmir Kupası", 3, ranked, LIVE["tables"])
    assert 'data-refresh="15"' in html
    assert 'lang="tr"' in html
    assert "Tur 3: masalar" in html
    assert "Ana, Bo" in html
    assert "2,50" in html
    assert '<th scope="row">Ana</th>' in html
    assert "/t/" not in html
    assert not any(code in html for code in ("12345678", "87654321", "11112222"))
    empty = wall.room_page("en", "Cup", None, None, [])
    assert "No round is seated yet" in empty
    assert "No standings yet" in empty


def test_the_slips_carry_a_qr_code_of_each_tables_page_and_its_code() -> None:
    html = wall.slips_page("ca", "http://192.168.1.5:8765", 3, LIVE["tables"])
    assert html.count("<svg") == 3
    assert html.count('class="slip"') == 3
    for table in LIVE["tables"]:
        assert f'<span class="code">{table["code"]}</span>' in html
        assert f"http://192.168.1.5:8765{table['link']}" in html
    assert "Paperetes de resultat, ronda 3" in html


def test_a_disputed_table_shows_every_result_sent_and_is_corrected_not_approved() -> None:
    first = [{"Player": "Ana", "Settlements": 3}, {"Player": "Bo", "Settlements": 2}]
    second = [{"Player": "Ana", "Settlements": 4}, {"Player": "Bo", "Settlements": 2}]
    disputed = {**LIVE["tables"][0], "state": "disputed", "results": first,
                "candidates": [first, second]}  # fmt: skip
    html = livepanel.panel({**LIVE, "tables": [disputed]}, "en")
    assert re.findall(r'data-action="(\w+)"', html) == ["reject"]
    assert 'class="live-correct"' in html
    assert "Result sent 1" in html
    assert "Result sent 2" in html
    assert re.findall(r"<td>([34])</td>", html) == ["3", "4"]

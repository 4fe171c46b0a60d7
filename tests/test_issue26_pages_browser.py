"""Issue 26 in Chromium: the table's page on a phone, the judge's panel, the room, the slips.

One Chromium for the module, against ``serve EVENT.xlsx`` in a thread (the sample event,
round 5 seated).  The table's page on a 360×640 phone in Spanish and Turkish: nothing
sideways, checked as it is typed (the messages tied to their fields), typed and sent by
keyboard alone, and sent without JavaScript (the server's messages); the judge approves
on the page and the standings follow.  axe-core (``tests/a11y``, from npm: ``.ci/run``
installs it) finds no violation on any of them.  Skipped where Chromium, its driver or
axe-core is missing, except in CI.

``UPDATE_SCREENSHOTS=1`` also saves docs/pictures/es-table-page.png and
en-judge-panel.png.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import numpy
import pytest
import zxingcpp
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from tests.test_issue26_pages_served import seated_event, tables, winning
from tests.test_web_browser import ROOT, chrome, downloads, no_sideways_scroll, until
from tests.webserver import running_server
from xlsx_scorer.app import live
from xlsx_scorer.web.server import create_app

pytestmark = pytest.mark.browser
__all__ = ["chrome", "downloads"]  # fixtures, used by name

AXE = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.is_file() and not os.environ.get("CI"):
    pytest.skip("needs axe-core: npm ci --prefix tests/a11y", allow_module_level=True)
PICTURES = ROOT / "docs" / "pictures"
PHONE = {"width": 360, "height": 640, "deviceScaleFactor": 2, "mobile": True}
#: The rules axe-core checks: WCAG 2.1 A and AA, and its best practices.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
#: An SVG drawn on a canvas by Chromium, four times its size on a white ground: its width and
#: its pixels' grey levels.
DRAW_SVG = """
const [svg, done] = [arguments[0], arguments[arguments.length - 1]];
const image = new Image();
image.onload = () => {
  const canvas = document.createElement("canvas");
  [canvas.width, canvas.height] = [image.width * 4 + 32, image.height * 4 + 32];
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 16, 16, image.width * 4, image.height * 4);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const grey = [];
  for (let i = 0; i < data.length; i += 4) grey.push(data[i]);
  done([canvas.width, grey]);
};
const xml = new XMLSerializer().serializeToString(svg);
image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(xml);
"""
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {runOnly: {type: "tag", values: arguments[0]}})
  .then((found) => done(found.violations.map((v) => [v.id, v.nodes.map((n) => n.target)])))
  .catch((error) => done([["axe failed", String(error)]]));
"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    event = live.open_event(seated_event(tmp_path_factory.mktemp("browser")))
    try:
        with running_server(create_app(warm_up=False, event=event)) as address:
            yield address
    finally:
        event.close()


@pytest.fixture
def phone(chrome: WebDriver) -> Iterator[WebDriver]:
    """The module's Chromium as a 360×640 phone, scripts on."""
    chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    yield chrome
    chrome.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    chrome.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def speaking(driver: WebDriver, lang: str) -> None:
    """The browser's language, as a phone set to ``lang`` sends it (Accept-Language)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": f"{lang};q=1"}}
    )


def violations(driver: WebDriver) -> list[Any]:
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    found: list[Any] = driver.execute_async_script(RUN_AXE, AXE_TAGS)
    return found


def picture(driver: WebDriver, name: str, element: str = "main") -> None:
    """Save ``element`` as docs/pictures/NAME.png when asked to (``UPDATE_SCREENSHOTS=1``)."""
    if os.environ.get("UPDATE_SCREENSHOTS") != "1":
        return
    box = driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height};",
        element,
    )
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": {**box, "scale": 1}},
    )
    (PICTURES / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def test_a_phone_in_spanish_is_checked_as_it_types_and_sends_by_keyboard(
    phone: WebDriver, served: str
) -> None:
    speaking(phone, "es")
    table = tables(served)[0]
    phone.get(f"{served}{table['link']}")
    assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert phone.title == f"Ronda 5, mesa {table['table']}"
    assert no_sideways_scroll(phone)
    assert violations(phone) == []
    form = winning(table["players"])
    keys = ActionChains(phone)
    keys.send_keys(Keys.TAB, Keys.SPACE)  # the first seat: "I am seat 1"
    for field in phone.find_elements(By.CSS_SELECTOR, "fieldset.seat input"):
        typed = form.get(str(field.get_attribute("name")), "")
        keys.send_keys(Keys.TAB)
        if field.get_attribute("type") != "checkbox":
            keys.send_keys("16" if field.get_attribute("name") == "2:Roads Built" else typed)
        elif typed:
            keys.send_keys(Keys.SPACE)
    keys.perform()
    roads = phone.find_element(By.NAME, "2:Roads Built")
    until(phone, lambda: roads.get_attribute("aria-invalid") == "true")
    note = phone.find_element(By.ID, str(roads.get_attribute("aria-describedby")))
    assert "16" in note.text
    assert not phone.find_element(By.ID, "send").is_enabled()
    assert no_sideways_scroll(phone)
    assert violations(phone) == []
    picture(phone, "es-table-page")
    roads.send_keys(Keys.BACKSPACE, Keys.BACKSPACE, "4")
    until(phone, lambda: phone.find_element(By.ID, "send").is_enabled())
    assert roads.get_attribute("aria-invalid") is None
    for _ in range(len(table["players"]) * 12):  # on through the fields to Send
        if phone.switch_to.active_element.get_attribute("id") == "send":
            break
        ActionChains(phone).send_keys(Keys.TAB).perform()
    assert phone.switch_to.active_element.get_attribute("id") == "send"
    ActionChains(phone).send_keys(Keys.ENTER).perform()
    until(phone, lambda: phone.find_elements(By.ID, "outcome"))
    assert "Recibido" in phone.find_element(By.ID, "outcome").text, phone.find_element(
        By.TAG_NAME, "main"
    ).text
    assert phone.find_element(By.ID, "state").get_attribute("data-state") == "sent"
    assert violations(phone) == []


def test_a_phone_in_turkish_without_javascript_gets_the_servers_messages(
    phone: WebDriver, served: str
) -> None:
    speaking(phone, "tr")
    phone.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    table = tables(served)[1]
    phone.get(f"{served}{table['link']}")
    form = winning(table["players"]) | {"3:Cities": "9"}
    phone.find_element(By.ID, "seat-1").click()
    for name, value in form.items():
        if ":" not in name:
            continue
        field = phone.find_element(By.NAME, name)
        if field.get_attribute("type") == "checkbox":
            field.click()
        else:
            field.send_keys(value)
    phone.find_element(By.ID, "send").click()
    until(phone, lambda: phone.find_elements(By.ID, "outcome"))
    assert "Gönderilmedi" in phone.find_element(By.ID, "outcome").text
    cities = phone.find_element(By.NAME, "3:Cities")
    assert cities.get_attribute("value") == "9"
    assert cities.get_attribute("aria-invalid") == "true"
    assert phone.find_element(By.ID, str(cities.get_attribute("aria-describedby"))).text
    assert no_sideways_scroll(phone)
    phone.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    assert violations(phone) == []  # axe runs; the page's own script never did
    cities.clear()
    cities.send_keys("1")
    phone.find_element(By.ID, "send").click()
    until(phone, lambda: "Alındı" in phone.find_element(By.ID, "outcome").text)


def test_the_judge_approves_on_the_page_and_sees_the_standings(
    chrome: WebDriver, served: str
) -> None:
    speaking(chrome, "en")
    chrome.get(f"{served}/?lang=en")
    until(chrome, lambda: chrome.find_element(By.ID, "live").is_displayed())
    sent = [table for table in tables(served) if table["state"] == "sent"]
    assert sent  # the phones' tests above sent two tables
    label = sent[0]["table"]
    approve = f'button[data-action="approve"][data-table="{label}"]'
    until(chrome, lambda: chrome.find_element(By.CSS_SELECTOR, approve))
    assert violations(chrome) == []
    picture(chrome, "en-judge-panel", "#live")
    until(chrome, lambda: chrome.find_element(By.CSS_SELECTOR, approve).click() or True)
    until(chrome, lambda: {"table": label, "state": "approved"}.items() <= state_of(served, label))
    heading = f'article[data-table="{label}"] .live-state'
    until(chrome, lambda: chrome.find_element(By.CSS_SELECTOR, heading).text == "Approved")
    ranked = chrome.find_elements(By.CSS_SELECTOR, "#live-standings tbody tr")
    assert len(ranked) == 26  # the sample event's players, ranked
    link = next(table["link"] for table in tables(served) if table["table"] == label)
    chrome.get(f"{served}{link}")  # the table's page now: its result, approved, no form
    assert not chrome.find_elements(By.TAG_NAME, "form")
    assert chrome.find_elements(By.CSS_SELECTOR, "table.result")
    assert violations(chrome) == []


def state_of(served: str, label: str) -> Any:
    """The judge's view of table ``label`` now, as ``/api/live`` gives it."""
    return next(table for table in tables(served) if table["table"] == label).items()


def test_the_room_and_the_slips_pass_axe(chrome: WebDriver, served: str) -> None:
    speaking(chrome, "tr")
    for page in ("/room", "/slips"):
        chrome.get(f"{served}{page}")
        assert chrome.find_element(By.TAG_NAME, "html").get_attribute("lang") == "tr"
        assert violations(chrome) == []


def test_each_slips_qr_code_as_chromium_draws_it_reads_as_its_tables_page(
    chrome: WebDriver, served: str
) -> None:
    """The QR codes are read back by zxing-cpp from the pixels Chromium draws."""
    chrome.get(f"{served}/slips")
    read = []
    for svg in chrome.find_elements(By.CSS_SELECTOR, ".slip svg"):
        width, grey = chrome.execute_async_script(DRAW_SVG, svg)
        pixels = numpy.array(grey, dtype=numpy.uint8).reshape(-1, width)
        read.append([found.text for found in zxingcpp.read_barcodes(pixels)])
    assert read == [[f"{served}{table['link']}"] for table in tables(served)]


def test_the_judge_rejects_with_a_word_and_types_a_paper_slip(
    chrome: WebDriver, served: str
) -> None:
    speaking(chrome, "es")
    chrome.get(f"{served}/?lang=es")
    sent = [table for table in tables(served) if table["state"] == "sent"]
    assert sent  # the Turkish phone's table, not approved above
    label = sent[0]["table"]
    until(chrome, lambda: chrome.find_elements(By.ID, f"rw-{label}"))
    chrome.find_element(By.ID, f"rw-{label}").send_keys("Contad otra vez las carreteras")
    chrome.find_element(By.CSS_SELECTOR, f'[data-action="reject"][data-table="{label}"]').click()
    until(chrome, lambda: dict(state_of(served, label))["state"] == "to_play")
    page = next(t for t in tables(served) if t["table"] == label)
    chrome.get(f"{served}{page['link']}")
    assert "Contad otra vez las carreteras" in chrome.find_element(By.TAG_NAME, "main").text
    chrome.get(f"{served}/?lang=es")
    paper = next(t for t in tables(served) if t["state"] == "to_play" and t["table"] != label)
    form = f'form.live-correct[data-table="{paper["table"]}"]'
    until(chrome, lambda: chrome.find_element(By.CSS_SELECTOR, form))
    chrome.find_element(By.CSS_SELECTOR, f'article[data-table="{paper["table"]}"] summary').click()
    typed = winning(paper["players"])
    for seat, _ in enumerate(paper["players"], start=1):
        seat_fields = f"{form} fieldset:nth-of-type({seat}) input"
        for field in chrome.find_elements(By.CSS_SELECTOR, seat_fields):
            value = typed.get(f"{seat}:{field.get_attribute('data-header')}", "")
            if field.get_attribute("type") == "checkbox":
                if value:
                    field.click()
            elif value:
                field.send_keys(value)
    chrome.find_element(By.CSS_SELECTOR, f"{form} button[type=submit]").click()
    until(chrome, lambda: dict(state_of(served, paper["table"]))["state"] == "approved")


def test_the_judges_page_in_spanish_and_turkish_at_1024_px_passes_axe(
    chrome: WebDriver, served: str
) -> None:
    """A sent table's result, its longer Spanish and Turkish headers scrolling sideways: the
    scrolling region is reached by keyboard (axe's ``scrollable-region-focusable``)."""
    table = next(t for t in tables(served) if t["state"] == "to_play" and not t["message"])
    form = winning(table["players"])
    results = [
        {"Player": player}
        | {
            name.split(":", 1)[1]: value == "on" if name.endswith("Victory") else int(value)
            for name, value in form.items()
            if name.startswith(f"{seat}:")
        }
        for seat, player in enumerate(table["players"], start=1)
    ]
    body = {"code": table["code"], "results": results}
    assert httpx.post(f"{served}/api/table", json=body, timeout=60).status_code == 200
    size = chrome.get_window_size()
    chrome.set_window_size(1024, 900)
    try:
        approve = f'button[data-action="approve"][data-table="{table["table"]}"]'
        for lang in ("es", "tr"):
            speaking(chrome, lang)
            chrome.get(f"{served}/?lang={lang}")
            until(chrome, lambda: chrome.find_element(By.CSS_SELECTOR, approve))
            region = chrome.find_element(By.CSS_SELECTOR, ".live-sent > .table-scroll")
            assert region.get_attribute("tabindex") == "0"
            assert violations(chrome) == [], lang
    finally:
        chrome.set_window_size(size["width"], size["height"])


def test_an_approval_takes_the_phone_to_its_page_not_to_its_post_again(
    phone: WebDriver, served: str
) -> None:
    speaking(phone, "es")
    table = next(t for t in tables(served) if t["state"] == "to_play" and not t["message"])
    phone.get(f"{served}{table['link']}")
    phone.find_element(By.ID, "seat-1").click()
    for name, value in winning(table["players"]).items():
        field = phone.find_element(By.NAME, name) if ":" in name else None
        if field is None:
            continue
        if field.get_attribute("type") == "checkbox":
            field.click()
        else:
            field.send_keys(value)
    until(phone, lambda: phone.find_element(By.ID, "send").is_enabled())
    phone.find_element(By.ID, "send").click()
    until(phone, lambda: phone.find_element(By.ID, "state").get_attribute("data-state") == "sent")
    approved = httpx.post(f"{served}/api/live/approve", json={"table": table["table"]}, timeout=60)
    assert approved.status_code == 200
    until(phone, lambda: phone.find_elements(By.CSS_SELECTOR, "table.result"))
    kind = phone.execute_script("return performance.getEntriesByType('navigation')[0].type")
    assert kind != "reload"  # a reload of the post's answer would send the form again
    assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert not phone.find_elements(By.ID, "outcome")  # the table's page, not a post's answer

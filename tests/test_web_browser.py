"""The page in a real browser: Debian's Chromium, driven by Selenium, against a real server.

A judge's session: choose a workbook with mistakes and see each problem beside
its highlighted cell; choose a good one, download it scored and compare its
standings with the command line's; switch the language; download a template;
use it by keyboard, on a phone, and behind an access code; and a page of another
site that posts to it, or reaches it under its own name (DNS rebinding), refused.
Skipped where Chromium or its driver is missing, except in CI (``CI`` set), which
must run them.

``UPDATE_SCREENSHOTS=1`` also saves the pictures of ``docs/screenshots/``.
"""

from __future__ import annotations

import base64
import logging
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from tests.builders import table_below, write
from tests.test_web_formats import SWISS
from tests.webserver import running_server
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, text
from xlsx_scorer.web.server import create_app

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
if (CHROMIUM is None or DRIVER is None) and not os.environ.get("CI"):
    pytest.skip(
        "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
EVENT = FIXTURES / "sample_event.xlsx"
MISTAKES = FIXTURES / "sample_mistakes.xlsx"
SCREENSHOTS = ROOT / "docs" / "screenshots"
UPDATE_SCREENSHOTS = os.environ.get("UPDATE_SCREENSHOTS") == "1"
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # another site, on this computer: its name leads here, as after DNS rebinding
    "--host-resolver-rules=MAP evil.example 127.0.0.1",
)
WAIT = 90
#: Words of the page per language (from static/strings.js), as a judge reads them.
UPLOAD_HEADING = {
    "en": "Check a workbook",
    "es": "Revisar un libro",
    "tr": "Çalışma kitabını denetle",
}
PROBLEM_COLUMN = {"en": "Problem", "es": "Problema", "tr": "Sorun"}
VP_COLUMN = {"en": "VP", "es": "PV", "tr": "ZP"}
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
SCORED_NAME = {
    "en": "sample_event_scored.xlsx",
    "es": "sample_event_puntuado.xlsx",
    "tr": "sample_event_puanlanmış.xlsx",
}
#: WCAG 1.4.11: a focus ring at least 3:1 against what it is drawn on.
FOCUS_CONTRAST = 3.0
BACKGROUND_BEHIND = """
let node = arguments[0].parentElement;
while (node) {
  const colour = getComputedStyle(node).backgroundColor;
  if (colour !== "transparent" && !/rgba\\(.*, 0\\)$/.test(colour)) return colour;
  node = node.parentElement;
}
return "rgb(255, 255, 255)";
"""


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with running_server(create_app(warm_up=False)) as address:
        yield address


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def chrome(tmp_path_factory: pytest.TempPathFactory, downloads: Path) -> Iterator[WebDriver]:
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('profile')}")
    options.add_argument("--window-size=1280,900")
    options.add_experimental_option(
        "prefs",
        {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
            "download.directory_upgrade": True,
        },
    )
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def browser(chrome: WebDriver, downloads: Path) -> Iterator[WebDriver]:
    """The module's Chromium at laptop size, with an empty download folder."""
    for old in downloads.iterdir():
        old.unlink()
    chrome.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    yield chrome
    chrome.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def open_page(driver: WebDriver, site: str, lang: str, *, query: str = "") -> None:
    driver.get(f"{site}/?lang={lang}{query}")
    until(driver, lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))


def until(driver: WebDriver, condition: Callable[[], Any], timeout: float = WAIT) -> Any:
    """Wait for ``condition``; an element the page replaced meanwhile (it re-renders its
    tables on a language switch) is looked for again, not a failure."""
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, ignored_exceptions=ignored).until(lambda _: condition())


def choose(driver: WebDriver, workbook: Path) -> str:
    """Choose ``workbook`` in the page's file input; the state shown once answered."""
    driver.execute_script("document.getElementById('results').removeAttribute('data-state')")
    driver.find_element(By.ID, "file").send_keys(str(workbook))
    return str(
        until(driver, lambda: driver.find_element(By.ID, "results").get_attribute("data-state"))
    )


def downloaded(folder: Path, name: str) -> Path:
    target = folder / name
    deadline = time.monotonic() + WAIT
    while not target.exists() or any(folder.glob("*.crdownload")):
        assert time.monotonic() < deadline, sorted(p.name for p in folder.iterdir())
        time.sleep(0.1)
    return target


def screenshot(driver: WebDriver, name: str, *, height: int = 2200) -> None:
    """Save the page (its top ``height`` pixels) as docs/screenshots/NAME.png when asked to."""
    if not UPDATE_SCREENSHOTS:
        return
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], height)}
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": {**clip, "scale": 1}},
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def cli_score(tmp_path: Path, source: Path, *extra: str) -> tuple[int, Path]:
    target = tmp_path / f"cli_{source.name}"
    return main(["score", str(source), "-o", str(target), *extra]), target


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two CSS colours (``rgb(…)``/``rgba(…)``, opaque).

    >>> round(contrast("rgb(255, 255, 255)", "rgba(0, 0, 0, 1)"), 1)
    21.0
    """

    def luminance(colour: str) -> float:
        red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", colour)[:3])
        linear = [
            c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ring_contrast(driver: WebDriver, element: Any) -> float:
    """The contrast of ``element``'s focus ring against the background around it."""
    ring = element.value_of_css_property("outline-color")
    assert element.value_of_css_property("outline-style") == "solid"
    return contrast(ring, driver.execute_script(BACKGROUND_BEHIND, element))


def round_stays_in_view(driver: WebDriver) -> None:
    """In every excerpt the row numbers, the whole Round column and the framed cell show."""
    for wrap in driver.find_elements(By.CSS_SELECTOR, ".grid-wrap"):
        box = wrap.rect
        corner = wrap.find_element(By.CSS_SELECTOR, "thead .corner").rect
        lead = wrap.find_element(By.CSS_SELECTOR, "thead th.lead")
        bad = wrap.find_element(By.CSS_SELECTOR, "td.bad").rect
        assert abs(corner["x"] - box["x"]) <= 1
        assert lead.rect["x"] >= corner["x"] + corner["width"] - 1
        assert lead.find_element(By.CSS_SELECTOR, ".name").text in {"Round", "Ronda", "Tur"}
        classes = wrap.find_element(By.CSS_SELECTOR, "td.bad").get_attribute("class") or ""
        if "lead" not in classes.split():
            assert bad["x"] >= lead.rect["x"] + lead.rect["width"] - 1
        assert bad["x"] + bad["width"] <= box["x"] + box["width"] + 1


def no_sideways_scroll(driver: WebDriver) -> bool:
    widths = driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    return bool(widths[0] <= widths[1])


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_mistakes_are_shown_beside_their_highlighted_cells(
    browser: WebDriver, site: str, tmp_path: Path, lang: str
) -> None:
    open_page(browser, site, lang)
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
    assert browser.find_element(By.ID, "upload-heading").text == UPLOAD_HEADING[lang]
    assert choose(browser, MISTAKES) == "findings"
    exit_code, scored = cli_score(tmp_path, MISTAKES, "--lang", lang)
    expected = table_below(scored, str(LANGUAGES[lang].SHEETS["errors"]), text(lang, "out.sheet"))
    assert exit_code == 1
    headers = [th.text for th in browser.find_elements(By.CSS_SELECTOR, ".findings > thead th")]
    assert headers[-1] == PROBLEM_COLUMN[lang]
    groups = browser.find_elements(By.CSS_SELECTOR, "tbody.finding-group")
    assert len(groups) == len(expected) == 15
    for group, row in zip(groups, expected, strict=True):
        cell, *_, message = list(row.values())[1:]
        assert group.find_element(By.CSS_SELECTOR, "tr.finding th").text == cell
        assert group.find_element(By.CSS_SELECTOR, "td.message").text == message
        [bad] = group.find_elements(By.CSS_SELECTOR, "table.grid td.bad")
        assert bad.get_attribute("data-cell") == cell.split("!")[1]
        assert bad.value_of_css_property("outline-style") == "solid"
        assert bad.value_of_css_property("background-color") == "rgba(253, 227, 228, 1)"
        assert len(group.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")) >= 3
    assert browser.switch_to.active_element.get_attribute("id") == "results-heading"
    assert "15" in browser.find_element(By.ID, "status").text
    round_stays_in_view(browser)
    screenshot(browser, f"findings_{lang}")


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_a_good_event_downloads_scored_as_the_cli_scores_it(
    browser: WebDriver, site: str, downloads: Path, tmp_path: Path, lang: str
) -> None:
    open_page(browser, site, lang)
    assert choose(browser, EVENT) == "standings"
    _, scored = cli_score(tmp_path, EVENT)
    expected = table_below(scored, "Standings", "Rank")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")
    assert [row.find_element(By.TAG_NAME, "th").text for row in rows] == [
        entry["Player"] for entry in expected
    ]
    header = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "table.standings th")]
    assert VP_COLUMN[lang] in header
    assert len(browser.find_elements(By.CSS_SELECTOR, "details.round")) == 4
    assert SCORED_NAME[lang] in browser.find_element(By.ID, "download-help").text
    browser.find_element(By.ID, "download").click()
    workbook = downloaded(downloads, SCORED_NAME[lang])
    assert table_below(workbook, "Standings", "Rank") == expected
    assert table_below(workbook, "Round Points", "Round") == table_below(
        scored, "Round Points", "Round"
    )
    browser.find_element(By.CSS_SELECTOR, "details.round summary").click()
    screenshot(browser, f"standings_{lang}", height=2600)


def test_switching_the_language_rewords_the_page_and_the_findings(
    browser: WebDriver, site: str, tmp_path: Path
) -> None:
    open_page(browser, site, "en")
    choose(browser, MISTAKES)
    _, scored = cli_score(tmp_path, MISTAKES, "--lang", "tr")
    first_turkish = next(iter(table_below(scored, "Hatalar", "Sayfa")))["Sorun"]
    Select(browser.find_element(By.ID, "language")).select_by_value("tr")
    until(
        browser, lambda: browser.find_element(By.CSS_SELECTOR, "td.message").text == first_turkish
    )
    assert browser.find_element(By.ID, "upload-heading").text == UPLOAD_HEADING["tr"]
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "tr"
    assert "lang=tr" in browser.current_url


def test_a_file_that_cannot_be_used_says_why(browser: WebDriver, site: str) -> None:
    open_page(browser, site, "es")
    assert choose(browser, FIXTURES / "bad" / "csv_renamed.xlsx") == "unusable"
    alert = browser.find_element(By.CSS_SELECTOR, "#results [role=alert]")
    assert alert.find_element(By.TAG_NAME, "h3").text == "Este archivo no se puede usar"
    assert "csv_renamed.xlsx" in alert.text


def test_the_template_link_downloads_a_blank_template(
    browser: WebDriver, site: str, downloads: Path
) -> None:
    open_page(browser, site, "es")
    for field, value in (("players", "12"), ("rounds", "3")):
        box = browser.find_element(By.ID, field)
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(value)
    link = browser.find_element(By.ID, "template-link")
    assert "lang=es&players=12&rounds=3" in str(link.get_attribute("href"))
    assert link.text == "Descargar una plantilla en blanco: 12 jugadores, 3 rondas"
    link.click()
    book = openpyxl.load_workbook(downloaded(downloads, "plantilla_12x3.xlsx"))
    assert book["Resultados"]["A1"].value == "Ronda"
    box = browser.find_element(By.ID, "players")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("0")
    assert not link.is_displayed()
    assert browser.find_element(By.ID, "template-invalid").is_displayed()
    assert box.get_attribute("aria-invalid") == "true"


def test_the_page_works_by_keyboard(browser: WebDriver, site: str) -> None:
    """Tab reaches every control in reading order, and the focused file button shows it."""
    open_page(browser, site, "en")
    order = []
    for _ in range(8):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        order.append(browser.switch_to.active_element.get_attribute("id"))
        if order[-1] == "file":
            label = browser.find_element(By.CSS_SELECTOR, "label[for=file]")
            assert label.value_of_css_property("outline-style") == "solid"
        focused = browser.switch_to.active_element
        ringed = (
            browser.find_element(By.CSS_SELECTOR, "label[for=file]")
            if order[-1] == "file"
            else focused
        )
        assert ring_contrast(browser, ringed) >= FOCUS_CONTRAST, order[-1]
    assert order == [
        "language",
        "format",
        "format-file",  # issue 24: an organiser's own format file
        "file",
        "players",
        "rounds",
        "event",
        "template-link",
    ]
    choose(browser, MISTAKES)
    first_grid = browser.find_element(By.CSS_SELECTOR, ".grid-wrap")
    assert first_grid.get_attribute("tabindex") == "0"
    assert first_grid.get_attribute("aria-label").startswith("Results rows ")
    ActionChains(browser).send_keys(Keys.TAB).perform()  # from the results' heading
    assert browser.switch_to.active_element == first_grid
    assert ring_contrast(browser, first_grid) >= FOCUS_CONTRAST


@pytest.mark.parametrize(
    ("lang", "workbook", "state"),
    [("es", MISTAKES, "findings"), ("tr", EVENT, "standings")],
)
def test_a_phone_sees_everything_without_sideways_scrolling(
    browser: WebDriver, site: str, lang: str, workbook: Path, state: str
) -> None:
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    open_page(browser, site, lang)
    assert no_sideways_scroll(browser)
    assert choose(browser, workbook) == state
    assert no_sideways_scroll(browser)
    if state == "findings":
        round_stays_in_view(browser)
    else:
        browser.find_element(By.CSS_SELECTOR, "details.round summary").click()
        assert no_sideways_scroll(browser)
    screenshot(browser, f"phone_{state}_{lang}", height=1800)


def test_a_failed_upload_takes_the_previous_results_away(
    browser: WebDriver, tmp_path: Path
) -> None:
    """A good workbook shown with its Download button, then one that fails: neither stays."""
    too_big = tmp_path / "too_big.xlsx"
    too_big.write_bytes(EVENT.read_bytes() + b"\0" * 4000)
    app = create_app(max_upload_bytes=EVENT.stat().st_size + 100, warm_up=False)
    with running_server(app) as address:
        open_page(browser, address, "en")
        assert choose(browser, EVENT) == "standings"
        assert browser.find_element(By.ID, "download").is_displayed()
        browser.find_element(By.ID, "file").send_keys(str(too_big))
        until(browser, lambda: "larger than" in browser.find_element(By.ID, "status").text)
        assert not browser.find_element(By.ID, "results").is_displayed()
        assert browser.find_elements(By.ID, "download") == []
        assert browser.find_elements(By.CSS_SELECTOR, "table.standings") == []


def test_behind_an_access_code_the_page_asks_for_it(browser: WebDriver, downloads: Path) -> None:
    with running_server(create_app(token="judges-only", warm_up=False)) as address:
        open_page(browser, address, "tr")
        token = browser.find_element(By.ID, "token")
        assert token.is_displayed()
        browser.find_element(By.ID, "file").send_keys(str(EVENT))
        until(browser, lambda: "Erişim kodu" in browser.find_element(By.ID, "status").text)
        assert browser.switch_to.active_element.get_attribute("id") == "token"
        token.send_keys("judges-only")
        assert choose(browser, EVENT) == "standings"
        link = browser.find_element(By.ID, "template-link")
        assert "judges-only" not in str(link.get_attribute("href"))
        link.click()  # fetched with the code in a header
        assert openpyxl.load_workbook(downloaded(downloads, "şablon_24x5.xlsx")).sheetnames
        browser.get(f"{address}/?lang=tr#token=judges-only")
        until(
            browser, lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert browser.find_element(By.ID, "token").get_attribute("value") == "judges-only"
        assert "#token" not in browser.current_url


ATTACK = """<!doctype html><p id="done"></p><script>
const form = new FormData();
form.append("file", new Blob(["PK"]), "stolen.xlsx");
const said = (words) => { document.getElementById("done").textContent = words; };
fetch("TARGET/api/check", { method: "POST", body: form, mode: "no-cors" })
  .then(() => said("sent"), (error) => said(`failed ${error}`));
</script>"""


def test_another_sites_page_cannot_use_the_server(
    browser: WebDriver, caplog: pytest.LogCaptureFixture
) -> None:
    """A page of evil.example posts a workbook to the server, then reaches it by its own name."""
    caplog.set_level(logging.INFO, logger="xlsx_scorer.web")
    with running_server(create_app(warm_up=False)) as target:

        async def attack(request: Request) -> HTMLResponse:
            del request
            return HTMLResponse(ATTACK.replace("TARGET", target))

        with running_server(Starlette(routes=[Route("/", attack)])) as evil:
            browser.get(f"http://evil.example:{evil.rsplit(':', 1)[1]}/")
            until(browser, lambda: browser.find_element(By.ID, "done").text)
        browser.get(f"http://evil.example:{target.rsplit(':', 1)[1]}/healthz")
        assert "wrong_host" in browser.page_source
        assert '"status":"ok"' not in browser.page_source.replace(" ", "")
    said = [record.getMessage() for record in caplog.records]
    assert any(line.startswith("Refused POST /api/check from 127.0.0.1") for line in said), said
    assert any(line.startswith("Refused GET /healthz") for line in said), said
    assert not [line for line in said if line.startswith("check stolen.xlsx")]


def test_a_carcassonne_format_chosen_on_the_page_scores_a_carcassonne_workbook(
    browser: WebDriver, site: str, downloads: Path, tmp_path: Path
) -> None:
    """The format choice lists the shipped formats in the page's language; a Swiss
    Carcassonne workbook that declares no format, checked with it chosen, shows the
    command line's standings by that format's keys, and downloads scored as the CLI scores
    it; the template link takes the format."""
    source = write(tmp_path / "suizo.xlsx", SWISS, headers=("Round", "Table", "Player", "Score"))
    open_page(browser, site, "es")
    choice = Select(browser.find_element(By.ID, "format"))
    labels = [option.text for option in choice.options]
    assert labels[0].startswith("El del libro")
    assert any(label.startswith("carcassonne-swiss — ") for label in labels)
    assert choose(browser, source) == "unusable"  # read as catan-es: the message names --format
    choice.select_by_value("carcassonne-swiss")
    until(
        browser,
        lambda: browser.find_element(By.ID, "results").get_attribute("data-state") == "standings",
    )
    link = str(browser.find_element(By.ID, "template-link").get_attribute("href"))
    assert "format=carcassonne-swiss" in link
    _, scored = cli_score(tmp_path, source, "--format", "carcassonne-swiss", "--lang", "es")
    expected = table_below(scored, "Clasificación", "Puesto")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")
    assert [row.find_element(By.TAG_NAME, "th").text for row in rows] == [
        entry["Jugador"] for entry in expected
    ]
    header = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "table.standings th")]
    keys = [name for name in expected[0] if name != "Partidas"]  # the sheet's Games column
    assert header[2:5] == keys[2:5]
    browser.find_element(By.CSS_SELECTOR, "details.round summary").click()
    screenshot(browser, "standings_carcassonne_es", height=1800)
    browser.find_element(By.ID, "download").click()
    workbook = downloaded(downloads, "suizo_puntuado.xlsx")
    names = openpyxl.load_workbook(workbook, read_only=True).sheetnames
    sheet, first = (
        ("Clasificación", "Puesto") if "Clasificación" in names else ("Standings", "Rank")
    )
    assert [list(row.values()) for row in table_below(workbook, sheet, first)] == [
        list(row.values()) for row in expected
    ]

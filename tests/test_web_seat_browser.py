"""Seating on the page, in Chromium: check a workbook, press "Seat round N", get the file.

The seated rows the browser saves are the command line's for the same seed, the
tables the page shows are those rows, and a round that cannot be seated (a workbook
with a Fixed Table of ``²``) is refused in the page's language.  Skipped where Chromium is missing
(as the other browser tests).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.test_web_browser import (  # the page's fixtures and helpers
    EVENT,
    browser,
    choose,
    chrome,
    downloaded,
    downloads,
    open_page,
    screenshot,
    site,
    until,
)
from tests.test_web_seat import rows
from xlsx_scorer.cli import main

pytestmark = pytest.mark.browser
__all__ = ["browser", "chrome", "downloads", "site"]  # fixtures, used by name

SEATED_NAME = {"en": "sample_event_round5.xlsx", "es": "sample_event_ronda5.xlsx"}
BUTTON = {"en": "Seat round 5", "es": "Sentar la ronda 5"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_seat_button_downloads_the_round_seated_as_the_cli_seats_it(
    browser: WebDriver, site: str, downloads: Path, tmp_path: Path, lang: str
) -> None:
    open_page(browser, site, lang)
    assert choose(browser, EVENT) == "standings"
    assert browser.find_element(By.ID, "seat-round").text == "5"
    assert (
        Select(browser.find_element(By.ID, "seat-method")).first_selected_option.get_attribute(
            "value"
        )
        == "random"
    )
    button = browser.find_element(By.ID, "seat-button")
    assert button.text == BUTTON[lang]
    browser.find_element(By.ID, "seat-seed").send_keys("7")
    button.click()
    workbook = downloaded(downloads, SEATED_NAME[lang])
    until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".seated table tbody tr"))
    cli_copy = tmp_path / "cli.xlsx"
    shutil.copy(EVENT, cli_copy)
    assert main(["seat", str(cli_copy), "--round", "5", "--seed", "7"]) == 0
    written = rows(workbook.read_bytes(), 5)
    assert written == rows(cli_copy.read_bytes(), 5)
    shown = [
        [cell.text.split("\n")[0] for cell in row.find_elements(By.TAG_NAME, "td") if cell.text]
        for row in browser.find_elements(By.CSS_SELECTOR, ".seated table tbody tr")
    ]
    assert [name for table in shown for name in table] == [player for _, _, player in written]
    report = browser.find_elements(By.CSS_SELECTOR, ".seat-report li")
    assert report, "the seating report is shown"
    screenshot(browser, f"seating_{lang}", height=3200)


def test_a_refusal_is_shown_on_the_page(
    browser: WebDriver, site: str, downloads: Path, tmp_path: Path
) -> None:
    book = openpyxl.load_workbook(EVENT)
    book["Players"]["B1"] = "Fixed Table"  # scored all the same, but no table ² to seat at
    book["Players"]["B2"] = "²"
    source = tmp_path / "fixed_superscript.xlsx"
    book.save(source)
    open_page(browser, site, "es")
    assert choose(browser, source) == "standings"
    assert browser.find_element(By.ID, "seat-button").text == "Sentar la ronda 5"
    browser.find_element(By.ID, "seat-button").click()
    refusal = until(browser, lambda: browser.find_element(By.CSS_SELECTOR, ".seated.refused"))
    assert "La ronda 5 no se ha sentado" in refusal.text
    assert not list(downloads.iterdir())

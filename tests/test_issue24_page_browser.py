"""Issue 24 item 9 in Chromium: the page keeps one workbook, names its game, offers the next
round only.

Check the sample event, press "Seat round 5", and the one file saved holds the standings
of rounds 1–4, round 5's rows (the command line's for the same seed) and its slips, and
opens on them.  Skipped where Chromium is missing (as the other browser tests).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import openpyxl
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.builders import write
from tests.formatgen import CARCASSONNE
from tests.test_formats_workbooks import HIG
from tests.test_issue24_page import with_event
from tests.test_web_browser import (  # the page's fixtures and helpers
    EVENT,
    browser,
    choose,
    chrome,
    downloaded,
    downloads,
    open_page,
    site,
    until,
)
from tests.test_web_seat import rows
from xlsx_scorer.cli import main

pytestmark = pytest.mark.browser
__all__ = ["browser", "chrome", "downloads", "site"]  # fixtures, used by name


def test_seating_on_the_page_saves_one_workbook_to_keep(
    browser: WebDriver, site: str, downloads: Path, tmp_path: Path
) -> None:
    open_page(browser, site, "en")
    assert browser.title == "Catan and Carcassonne tournament scorer"
    assert choose(browser, EVENT) == "standings"
    assert browser.title == "Catan tournament scorer"
    assert browser.find_element(By.ID, "app-title").text == "Catan tournament scorer"
    offered = browser.find_element(By.ID, "seat-round")
    assert (offered.tag_name, offered.text) == ("output", "5")  # the next round, not a choice
    browser.find_element(By.ID, "seat-seed").send_keys("7")
    browser.find_element(By.ID, "seat-button").click()
    saved = downloaded(downloads, "sample_event_round5.xlsx")
    until(browser, lambda: browser.find_elements(By.CSS_SELECTOR, ".seated table tbody tr"))
    assert sorted(path.name for path in downloads.iterdir()) == ["sample_event_round5.xlsx"]
    data = saved.read_bytes()
    book = openpyxl.load_workbook(io.BytesIO(data))
    assert {"Standings", "Round Points", "Seating R5"} <= set(book.sheetnames)
    assert book.active.title == "Seating R5"
    cli_copy = tmp_path / "cli.xlsx"
    shutil.copy(EVENT, cli_copy)
    assert main(["seat", str(cli_copy), "--round", "5", "--seed", "7"]) == 0
    assert rows(data, 5) == rows(cli_copy.read_bytes(), 5)
    said = browser.find_element(By.CSS_SELECTOR, ".seated .summary").text
    assert "Standings" in said
    assert "the one file to keep" in said


def test_the_title_names_carcassonne(browser: WebDriver, site: str, tmp_path: Path) -> None:
    event = {"Event": [["Event", "Club cup"], ["Format", "carcassonne-hig"]]}
    source = write(tmp_path / "hig.xlsx", HIG, headers=CARCASSONNE, extra_sheets=event)
    open_page(browser, site, "es")
    assert choose(browser, source) == "standings"
    assert browser.title == "Puntuación de torneos de Carcassonne"


def test_past_the_last_declared_round_nothing_is_offered(
    browser: WebDriver, site: str, tmp_path: Path
) -> None:
    source = tmp_path / "done.xlsx"
    source.write_bytes(with_event(4, "catan-de"))  # a format that plays no final stage
    open_page(browser, site, "tr")
    assert choose(browser, source) == "standings"
    done = browser.find_element(By.CSS_SELECTOR, ".seat .seat-done")
    assert "4" in done.text
    assert not browser.find_elements(By.ID, "seat-button")

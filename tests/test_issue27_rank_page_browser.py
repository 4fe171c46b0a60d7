"""Issue 27 in Chromium: the page shows the Final Ranking above the preliminary standings.

Skipped where Chromium is missing (as the other browser tests).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.issue27_rank_events import append_rows, catan_event, catan_game, preliminary, score
from tests.test_web_browser import browser, choose, chrome, downloads, open_page, site

pytestmark = pytest.mark.browser
__all__ = ["browser", "chrome", "downloads", "site"]  # fixtures, used by name


def test_the_page_shows_the_final_ranking(browser: WebDriver, site: str, tmp_path: Path) -> None:
    path = catan_event(tmp_path / "cup.xlsx", 20)
    assert score(path, "catan-world") == 0
    pre = preliminary(path)
    append_rows(path, catan_game(2, 1, pre[:4], [5, 9, 7, 3]))
    open_page(browser, site, "ca")
    assert choose(browser, path) == "standings"
    final = browser.find_element(By.CSS_SELECTOR, "table.final-ranking")
    assert final.find_element(By.TAG_NAME, "caption").text == "Classificació final"
    first = [
        cell.text
        for cell in final.find_elements(By.CSS_SELECTOR, "tbody tr")[0].find_elements(
            By.CSS_SELECTOR, "td, th"
        )
    ]
    assert first == ["1", pre[1], "Final", "1", "Final: posició 1 a la taula 1."]
    tables = browser.find_elements(By.CSS_SELECTOR, "table.standings")
    assert tables[0] == final  # above the preliminary standings

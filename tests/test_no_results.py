"""A blank template scored before any game is entered says "no results yet" (issue 9, item 8).

Through the command line, as an organiser runs it on a fresh template: the
terminal, Standings and Round Points all say there are no results yet and what
to do, with no table and no check code; Errors says there is nothing to check
rather than that every game follows the rules.  A second run replaces those
notices without calling them edited by hand.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlsx_scorer.app.api import score
from xlsx_scorer.app.report import ERRORS, ROUND_POINTS, STANDINGS, sheet_name
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, text

LANGS = sorted(LANGUAGES)


def sheet_rows(path: Path, name: str) -> list[tuple[object, ...]]:
    """The filled rows of sheet ``name``, as the organiser sees them."""
    sheet = openpyxl.load_workbook(path)[name]
    return [row for row in sheet.iter_rows(values_only=True) if any(v is not None for v in row)]


@pytest.mark.parametrize("lang", LANGS)
def test_a_blank_template_says_no_results_yet_in_every_sheet(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    blank = tmp_path / "event.xlsx"
    assert main(["template", str(blank), "--lang", lang]) == 0
    assert main(["score", str(blank)]) == 0
    out = capsys.readouterr().out
    assert text(lang, "cli.no_results") in out
    results = str(LANGUAGES[lang].SHEETS["results"])
    waiting = text(lang, "notice.no_results", sheet=results)
    for kind, title in ((STANDINGS, "title.standings"), (ROUND_POINTS, "title.round_points")):
        assert sheet_rows(blank, sheet_name(lang, kind)) == [(text(lang, title),), (waiting,)]
    assert sheet_rows(blank, sheet_name(lang, ERRORS)) == [
        (text(lang, "title.errors"),),
        (text(lang, "notice.no_results_errors", sheet=results),),
    ]
    book = openpyxl.load_workbook(blank)
    shown = [
        str(value) for sheet in book for row in sheet.iter_rows(values_only=True) for value in row
    ]
    assert text(lang, "notice.check") not in shown
    assert text(lang, "notice.no_problems") not in shown
    again = score(blank.read_bytes(), filename=str(blank))
    assert (again.exit_code, again.findings) == (0, ())  # the notices are not "edited by hand"


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "No results yet: the Results sheet has no games."),
        ("es", "Todavía no hay resultados: la hoja Resultados no tiene partidas."),
        ("tr", "Henüz sonuç yok: Sonuçlar sayfasında hiç oyun yok."),
    ],
)
def test_the_notice_names_the_results_sheet_in_the_language(
    tmp_path: Path, lang: str, start: str
) -> None:
    blank = tmp_path / "event.xlsx"
    assert main(["template", str(blank), "--lang", lang]) == 0
    scored = score(blank.read_bytes())
    assert scored.workbook is not None
    assert scored.standings is not None
    assert scored.standings.empty
    blank.write_bytes(scored.workbook)
    assert str(sheet_rows(blank, sheet_name(lang, STANDINGS))[1][0]).startswith(start)

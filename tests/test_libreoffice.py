"""A real spreadsheet application opens what we ship and what we write (issue 3).

LibreOffice headless converts every sheet of a workbook to CSV (filter token 12 =
``-1``: all sheets, as ``FILE-Sheet.csv``).  It exits 0 even when it could not
load a file, so these tests check the exported files, never the exit code:

- each shipped template: its four sheets are there, named in its language, with the
  language's headers, roster header, event labels and instructions;
- a filled-in template scored by us: LibreOffice sees exactly its sheets and ours, named
  in the template's language (``Clasificación``, ``Sıralama``…); the Standings it shows
  are the standings we computed (and those of the independent oracle), round by round;
- each shipped template saved again as xlsx by LibreOffice keeps its input
  validations, the ``Roster`` name and its language;
- a broken copy: the Errors sheet LibreOffice shows lists our problems in the
  template's language, and the cell links evaluate to the offending cell.

One fresh LibreOffice profile per test session; each ``soffice`` call converts a
few files and takes a few seconds.
"""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from tests import oracle
from tests.test_libreoffice_saved import SAVED
from tests.test_libreoffice_saved import score as score_saved
from tests.test_template import ROSTER, SHIPPED, TABS, event_rows, fill_template, tab
from xlsx_scorer.app import template
from xlsx_scorer.app.api import Result, score_file
from xlsx_scorer.app.report import points
from xlsx_scorer.findings import render
from xlsx_scorer.i18n import LANGUAGES, header, text
from xlsx_scorer.xlsx.read.reader import read_workbook
from xlsx_scorer.xlsx.read.rosterheaders import ROSTER_COLUMNS

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed"),
]

LANGS = sorted(LANGUAGES)
XLSX_FILTER = "xlsx:Calc MS Excel 2007 XML"
CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
SOFFICE_TIMEOUT = 60


@dataclass(frozen=True)
class Export:
    """The per-sheet CSV files LibreOffice wrote, and what ``soffice`` said."""

    folder: Path
    log: str

    def sheet_names(self, workbook: Path) -> set[str]:
        """The sheets LibreOffice exported of ``workbook`` (one CSV file each)."""
        prefix = f"{workbook.stem}-"
        return {path.stem[len(prefix) :] for path in self.folder.glob(f"{prefix}*.csv")}

    def sheet(self, workbook: Path, sheet: str) -> list[list[str]]:
        """The rows of ``sheet`` as LibreOffice exported them; fails when it is missing."""
        path = self.folder / f"{workbook.stem}-{sheet}.csv"
        assert path.is_file(), f"LibreOffice did not export {path.name}:\n{self.log}"
        with path.open(encoding="utf-8", newline="") as stream:
            return list(csv.reader(stream))


@pytest.fixture(scope="session")
def profile(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh LibreOffice user profile for this session (never the user's own)."""
    return tmp_path_factory.mktemp("lo-profile").as_uri()


def convert(files: list[Path], folder: Path, profile: str, target: str = CSV_FILTER) -> Export:
    """``files`` converted to ``target`` (every sheet as CSV) in ``folder``, by one ``soffice``."""
    done = subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation={profile}",
            "--convert-to",
            target,
            "--outdir",
            str(folder),
            *map(str, files),
        ],
        capture_output=True,
        text=True,
        timeout=SOFFICE_TIMEOUT,
        check=False,
    )
    return Export(folder, done.stdout + done.stderr)


@pytest.fixture(scope="session")
def templates(tmp_path_factory: pytest.TempPathFactory, profile: str) -> Export:
    folder = tmp_path_factory.mktemp("lo-templates")
    return convert([SHIPPED / f"template_{lang}.xlsx" for lang in LANGS], folder, profile)


@dataclass(frozen=True)
class Scored:
    """Our scored workbooks (valid and broken, per language) and their LibreOffice export."""

    valid: dict[str, tuple[Path, Result]]
    broken: dict[str, tuple[Path, Result]]
    export: Export


def broken_rows() -> list[dict[str, object]]:
    """The sample event with 7 settlements in its first row (Results!D2)."""
    rows = event_rows()
    rows[0]["settlements"] = 7
    return rows


@pytest.fixture(scope="session")
def scored(tmp_path_factory: pytest.TempPathFactory, profile: str) -> Scored:
    work = tmp_path_factory.mktemp("lo-scored")
    valid, broken = {}, {}
    for lang in LANGS:
        for kind, rows, store in (
            ("valid", event_rows(), valid),
            ("broken", broken_rows(), broken),
        ):
            path = work / f"{kind}_{lang}.xlsx"
            fill_template(SHIPPED / f"template_{lang}.xlsx", path, rows, ROSTER)
            store[lang] = (path, score_file(path))
    files = [path for store in (valid, broken) for path, _ in store.values()]
    return Scored(valid, broken, convert(files, work / "csv", profile))


@pytest.mark.parametrize("lang", LANGS)
def test_template_sheets_and_headers(templates: Export, lang: str) -> None:
    workbook = SHIPPED / f"template_{lang}.xlsx"
    assert templates.sheet_names(workbook) == set(TABS[lang])
    results = templates.sheet(workbook, tab(lang, "results"))
    assert results[0] == [header(lang, key) for key in template.COLUMNS]
    assert all(not any(row) for row in results[1:])
    assert templates.sheet(workbook, tab(lang, "players"))[0] == [
        header(lang, "player"),
        *(text(lang, f"roster.{key}") for key in ROSTER_COLUMNS),
    ]
    event = {row[0]: row[1] for row in templates.sheet(workbook, tab(lang, "event")) if row}
    assert event[text(lang, "event.language")] == lang
    assert set(event) >= {text(lang, key) for key in ("event.name", "event.date", "event.venue")}
    instructions = [row[0] for row in templates.sheet(workbook, tab(lang, "instructions")) if row]
    assert instructions[0] == text(lang, "instructions.title")
    assert text(lang, "instructions.standings") in instructions


def number(shown: str) -> float:
    """A number as LibreOffice exports it: ``"2.5"``; a percentage keeps its sign (``"32.1%"``)."""
    if shown.endswith("%"):
        return float(shown[:-1]) / 100
    return float(shown)


def _table(rows: list[list[str]], first_header: str) -> tuple[list[str], list[list[str]]]:
    """The header row starting with ``first_header`` and the filled rows under it."""
    start = next(i for i, row in enumerate(rows) if row and row[0] == first_header)
    body = [row for row in rows[start + 1 :] if row and row[0]]
    return rows[start], body


@pytest.mark.parametrize("lang", LANGS)
def test_libreoffice_shows_our_standings(scored: Scored, lang: str) -> None:
    path, outcome = scored.valid[lang]
    assert outcome.exit_code == 0
    assert outcome.standings is not None
    assert scored.export.sheet_names(path) == {
        *TABS[lang],
        *(tab(lang, kind) for kind in ("standings", "round_points", "errors", "chart_data")),
    }
    head, body = _table(scored.export.sheet(path, tab(lang, "standings")), text(lang, "out.rank"))
    rounds = [text(lang, "out.round_column", round=n) for n in (1, 2)]
    assert head[:8] == [
        text(lang, "out.rank"),
        text(lang, "out.player"),
        text(lang, "out.games"),
        text(lang, "out.round_points"),
        text(lang, "out.vp"),
        text(lang, "out.vp_pct"),
        *rounds,
    ]
    ours = list(outcome.standings.itertuples(index=False))
    _, expected = oracle.score(event_rows())
    assert [row[1] for row in body] == [entry.player for entry in ours]
    assert [row[1] for row in body] == [entry["player"] for entry in expected]
    for shown, entry, truth in zip(body, ours, expected, strict=True):
        assert int(shown[2]) == len(truth["per_round"])  # games played
        row = [*shown[:2], *shown[3:]]
        assert int(row[0]) == entry.rank == truth["rank"]
        assert number(row[2]) == pytest.approx(points(entry.points12))
        assert number(row[2]) == pytest.approx(float(truth["round_points"]))
        assert int(row[3]) == entry.vp == truth["vp"]
        assert number(row[4]) == pytest.approx(entry.vp_share)
        assert number(row[4]) == pytest.approx(float(truth["vp_pct"]))
        shown_rounds = [number(value) for value in row[5:7]]
        assert shown_rounds == pytest.approx([float(v) for v in truth["per_round"].values()])


@pytest.mark.parametrize("lang", LANGS)
def test_libreoffice_shows_our_round_points(scored: Scored, lang: str) -> None:
    path, _ = scored.valid[lang]
    _, body = _table(scored.export.sheet(path, tab(lang, "round_points")), text(lang, "out.round"))
    games, _ = oracle.score(event_rows())
    shown = sorted((row[2], int(row[0]), number(row[8])) for row in body)
    truth = sorted((g["player"], g["round"], float(g["points"])) for g in games)
    assert [(p, r) for p, r, _ in shown] == [(p, r) for p, r, _ in truth]
    assert [x for _, _, x in shown] == pytest.approx([x for _, _, x in truth])


@pytest.mark.parametrize("lang", LANGS)
def test_libreoffice_shows_errors_in_the_language(scored: Scored, lang: str) -> None:
    path, outcome = scored.broken[lang]
    assert outcome.exit_code == 1
    assert scored.export.sheet_names(path) == {
        *TABS[lang],
        *(tab(lang, kind) for kind in ("standings", "round_points", "errors")),
    }
    head, body = _table(scored.export.sheet(path, tab(lang, "errors")), text(lang, "out.sheet"))
    assert head[5] == text(lang, "out.problem")
    assert [row[5] for row in body] == [render(problem, lang) for problem in outcome.errors]
    assert [row[1] for row in body] == [problem.where.ref for problem in outcome.errors]
    expected = text(
        lang, "problem.out_of_range", column=header(lang, "settlements"), found=7, low=0, high=5
    )
    assert expected in [row[5] for row in body]
    standings = [row[0] for row in scored.export.sheet(path, tab(lang, "standings")) if row]
    assert text(lang, "notice.not_published", count=len(outcome.errors)) in standings


def test_template_saved_by_libreoffice_keeps_its_checks(tmp_path: Path, profile: str) -> None:
    """An organiser who opens and saves the template in LibreOffice still gets every check."""
    files = [SHIPPED / f"template_{lang}.xlsx" for lang in LANGS]
    export = convert(files, tmp_path, profile, XLSX_FILTER)
    for lang, original in zip(LANGS, files, strict=True):
        saved = tmp_path / original.name
        assert saved.is_file(), f"LibreOffice did not save {saved.name}:\n{export.log}"
        assert read_workbook(saved).language == lang
        book = load_workbook(saved)
        assert book.defined_names[template.ROSTER].attr_text.endswith("$A$2:$A$25")
        before = checks(load_workbook(original)[tab(lang, "results")])
        assert checks(book[tab(lang, "results")]) == before
        assert len(before) == 2 * len(template.COLUMNS)


def checks(sheet: Any) -> dict[str, tuple[str | None, ...]]:
    """Per range: the validation type, the formulas it uses (unused ones ignored), its message."""
    found: dict[str, tuple[str | None, ...]] = {}
    for dv in sheet.data_validations.dataValidation:
        compared = dv.type in {"whole", "textLength"}
        operator = (dv.operator or "between") if compared else None
        second = dv.formula2 if operator == "between" else None
        formulas = (dv.formula1, second) if dv.type else (None, None)
        found[str(dv.sqref)] = (dv.type, operator, *formulas, dv.prompt)
    return found


LO_SAVED = {"sample_event": 0, "sample_mistakes": 1}


@dataclass(frozen=True)
class SavedScored:
    """The LibreOffice-saved samples scored by the CLI, and LibreOffice's CSV, PDF and xlsx
    of each (one ``soffice`` call per format)."""

    paths: dict[str, Path]
    said: dict[str, tuple[int, str]]
    csv: Export
    pdf: Export
    again: Export


@pytest.fixture(scope="module")
def saved_scored(tmp_path_factory: pytest.TempPathFactory, profile: str) -> SavedScored:
    work = tmp_path_factory.mktemp("lo-saved-scored")
    paths, said = {}, {}
    for name in LO_SAVED:
        path, done = score_saved(SAVED / f"{name}.xlsx", work / "scored")
        paths[name], said[name] = path, (done.returncode, done.stdout + done.stderr)
    files = list(paths.values())
    return SavedScored(
        paths,
        said,
        convert(files, work / "csv", profile),
        convert(files, work / "pdf", profile, "pdf"),
        convert(files, work / "again", profile, XLSX_FILTER),
    )


@pytest.mark.parametrize("name", sorted(LO_SAVED))
def test_a_libreoffice_saved_sample_scored_opens_in_libreoffice(
    saved_scored: SavedScored, name: str
) -> None:
    """The sample as LibreOffice saved it, scored, opens in LibreOffice again: every sheet
    exported (ours with the golden standings), printed to PDF, and saved again by
    LibreOffice on our sheet (the one it opened on), that sheet alone selected."""
    path, (code, said) = saved_scored.paths[name], saved_scored.said[name]
    assert code == LO_SAVED[name], said
    export = saved_scored.csv
    assert export.sheet_names(path) >= {"Results", "Players", "Standings", "Errors"}
    golden = json.loads((SAVED.parent / f"{name}.expected.json").read_text("utf-8"))
    if code == 0:
        _, body = _table(export.sheet(path, "Standings"), "Rank")
        assert [row[1] for row in body] == [entry["player"] for entry in golden["standings"]]
        assert [number(row[3]) for row in body] == pytest.approx(  # after Rank, Player, Games
            [entry["round_points_float"] for entry in golden["standings"]]
        )
    else:
        _, body = _table(export.sheet(path, "Errors"), "Sheet")
        assert len(body) >= len(golden["errors"])
    printed = saved_scored.pdf.folder / f"{name}.pdf"
    assert printed.is_file(), saved_scored.pdf.log
    assert printed.read_bytes().startswith(b"%PDF")
    saved = saved_scored.again.folder / path.name
    assert saved.is_file(), saved_scored.again.log
    shown = "Standings" if code == 0 else "Errors"
    book = load_workbook(saved)
    assert book.active is not None
    assert book.active.title == shown
    assert [sheet.title for sheet in book.worksheets if sheet.sheet_view.tabSelected] == [shown]

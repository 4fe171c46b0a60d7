"""Issue 24, "Our sheets stay ours" (SPEC §8): one sheet of each kind of ours, round after round.

Through the real commands: ``template`` → the roster typed → ``seat`` → results typed →
``score`` → ``seat`` … with ``merge``, ``archive`` and LibreOffice saves in between; a
workbook whose markers an earlier version stripped is put right; a ``<sheet>`` without
``r:id`` is no crash; ``seat`` names the sheet it wrote.
"""

from __future__ import annotations

import io
import random
import re
import shutil
import zipfile
from collections import Counter
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

from tests import eventgen
from tests.test_libreoffice import XLSX_FILTER, convert
from xlsx_scorer.app.outputkinds import sheet_name
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, header, text
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.write import patch

PLAYERS = 8
#: Names a run of ours writes, in every shipped language, with the " (2)" of a duplicate.
DUPLICATE = re.compile(r".* \(\d+\)$")


def run(capsys: pytest.CaptureFixture[str], *args: Any) -> tuple[int, str]:
    code = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def event(folder: Path, capsys: pytest.CaptureFixture[str], *args: str) -> Path:
    """The template with a roster of ``PLAYERS`` names typed in (as an organiser does)."""
    path = folder / "event.xlsx"
    code, out = run(capsys, "template", path, "--players", PLAYERS, "--rounds", 4, *args)
    assert code == 0, out
    book = openpyxl.load_workbook(path)
    roster = book.worksheets[1]
    for number in range(1, PLAYERS + 1):
        roster.cell(number + 1, 1, f"Player {number:02d}")
    book.save(path)
    return path


def fill(path: Path, round_no: int, *, by_hand: bool = False) -> None:
    """Random valid Catan results typed into the seated rows of ``round_no``: saved by
    openpyxl (a script), or ``by_hand``, cell by cell, every other byte kept (as Excel or
    LibreOffice would keep a ``=TRUE()`` LibreOffice wrote, which openpyxl saves without
    its value)."""
    rng = random.Random(round_no)
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[2]
    typed = {cell.value: cell.column for cell in sheet[1]}
    lang = next(lang for lang in LANGUAGES if header(lang, "settlements") in typed)
    columns = {key: typed[header(lang, key)] for key in eventgen.KEYS[3:]}
    tables: dict[Any, list[int]] = {}
    for number in range(2, sheet.max_row + 1):
        if sheet.cell(number, 1).value == round_no:
            tables.setdefault(sheet.cell(number, 2).value, []).append(number)
    assert tables, f"round {round_no} is not seated"
    cells: dict[str, Any] = {}
    for table, numbers in tables.items():
        names = [sheet.cell(number, 3).value for number in numbers]
        game = eventgen.random_game(rng, round_no, table, names)
        for number, line in zip(numbers, game, strict=True):
            for key, column in columns.items():
                value = line[key] if line[key] is not False else None
                sheet.cell(number, column, value)
                cells[f"{get_column_letter(column)}{number}"] = value
    if by_hand:
        edits = {sheet.title: cells}
        path.write_bytes(patch.patch_workbook(Package.open(path.read_bytes()), edits))
    else:
        book.save(path)


def sheet_names(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
    return [
        unescape(name) for name in re.findall(r'<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"', workbook)
    ]


def unescape(name: str) -> str:
    return name.replace("&apos;", "'").replace("&quot;", '"').replace("&amp;", "&")


def markers(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
    return sorted(re.findall(r'name="(_xlsx_scorer\.[^"]*)"', workbook))


def assert_one_of_each(names: list[str], rounds: int, *, scored: bool = True) -> None:
    """Exactly one sheet of each kind of ours, none with a " (2)"."""
    assert not [name for name in names if DUPLICATE.match(name)], names
    counts = Counter(names)
    assert all(count == 1 for count in counts.values()), names
    for round_no in range(1, rounds + 1):
        assert f"Seating R{round_no}" in names, names
    if scored:
        assert {"Standings", "Round Points", "Errors"} <= set(names), names


def test_round_after_round_each_sheet_of_ours_stays_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """seat strips no marker of score's sheets, score none of seat's: no "Standings (2)"."""
    path = event(tmp_path, capsys)
    for round_no in (1, 2, 3):
        code, out = run(capsys, "seat", path, "--round", round_no)
        assert code == 0, out
        assert_one_of_each(sheet_names(path), round_no, scored=round_no > 1)
        fill(path, round_no)
        code, out = run(capsys, "score", path)
        assert code == 0, out
        assert "a sheet of yours" not in out
        assert_one_of_each(sheet_names(path), round_no)
    kinds = [name.removeprefix("_xlsx_scorer.") for name in markers(path)]
    assert sorted(kinds) == sorted(
        ["standings", "round_points", "errors", "chart_data", *(f"seating_r{n}" for n in (1, 2, 3))]
    )


def test_seat_names_the_sheet_it_wrote_when_the_name_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An organiser's own "Seating R1" is kept; the message and the JSON name "Seating R1 (2)"."""
    path = event(tmp_path, capsys)
    book = openpyxl.load_workbook(path)
    book.create_sheet("Seating R1")["A1"] = "my own plan"
    book.save(path)
    code, out = run(capsys, "seat", path, "--round", 1)
    assert code == 0, out
    assert "Seating R1 (2)" in sheet_names(path)
    assert "the slips in Seating R1 (2)." in out, out
    assert "Seating R1 is a sheet of yours" in out, out
    assert openpyxl.load_workbook(path)["Seating R1"]["A1"].value == "my own plan"


def scored_event(folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """An event seated and scored once through the commands."""
    path = event(folder, capsys)
    assert run(capsys, "seat", path, "--round", 1)[0] == 0
    fill(path, 1)
    assert run(capsys, "score", path)[0] == 0
    return path


def rewritten(path: Path, target: Path, change: Any, *, changes: bool = True) -> Path:
    """``path`` with its workbook part changed by ``change`` (text to text), as ``target``;
    ``changes``: the change must change something."""
    with zipfile.ZipFile(path) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename == "xl/workbook.xml":
                old = data.decode()
                new = change(old)
                assert new != old or not changes
                archive.writestr(info, new.encode())
            else:
                archive.writestr(info, data)
    target.write_bytes(out.getvalue())
    return target


def rid_of(text: str, sheet: str) -> str:
    found = re.search(rf'<sheet name="{re.escape(sheet)}"[^>]*? r:id="([^"]*)"', text)
    assert found is not None, sheet
    return found.group(1)


def without_rid(sheet: str) -> Any:
    return lambda text: re.sub(
        rf'(<sheet name="{re.escape(sheet)}"[^>]*?) r:id="[^"]*"', r"\1", text
    )


def rid_to(sheet: str, other: str | None) -> Any:
    """The ``<sheet>``'s ``r:id`` changed to the id of ``other``'s (None: an id of nothing)."""

    def change(text: str) -> str:
        rid = "rId999" if other is None else rid_of(text, other)
        return re.sub(
            rf'(<sheet name="{re.escape(sheet)}"[^>]*? r:id=")[^"]*"', rf'\g<1>{rid}"', text
        )

    return change


COMMANDS = (("score",), ("check",), ("seat", "--round", "2"), ("archive", "-o", "ARCHIVE"))


@pytest.mark.parametrize(
    "sheet", ["Round Points", "Standings", "Errors", "Seating R1", "Instructions"]
)
def test_a_sheet_without_rid_is_no_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sheet: str
) -> None:
    """A ``<sheet>`` without ``r:id`` (ours or theirs): handled, or refused naming the file."""
    source = rewritten(scored_event(tmp_path, capsys), tmp_path / "norid.xlsx", without_rid(sheet))
    for command in COMMANDS:
        work = shutil.copy(source, tmp_path / f"{command[0]}.xlsx")
        args = [arg.replace("ARCHIVE", str(tmp_path / f"archive-{sheet}")) for arg in command]
        code, out = run(capsys, args[0], work, *args[1:])
        assert code in {0, 1, 2}, (command, out)
        if code == 2:
            assert f"{command[0]}.xlsx" in out, out
            assert "damaged" in out, out
    copies = [shutil.copy(source, tmp_path / f"judge{n}.xlsx") for n in (1, 2)]
    code, out = run(capsys, "merge", source, *copies, "-o", tmp_path / "merged.xlsx")
    assert code in {0, 1, 2}, out
    code, out = run(capsys, "score", work := shutil.copy(source, tmp_path / "again.xlsx"))
    assert code == 0, out
    assert_one_of_each(sheet_names(work), 1)


@pytest.mark.parametrize("other", [None, "Results"])
def test_our_sheet_naming_no_relationship_or_theirs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], other: str | None
) -> None:
    """Round Points naming a relationship that is not there is written anew; naming the
    Results sheet's relationship is refused as damaged (cutting it would drop Results)."""
    source = rewritten(
        scored_event(tmp_path, capsys), tmp_path / "odd.xlsx", rid_to("Round Points", other)
    )
    before = source.read_bytes()
    code, out = run(capsys, "score", source)
    if other is None:
        assert code == 0, out
        assert_one_of_each(sheet_names(source), 1)
    else:
        assert code == 2, out
        assert "odd.xlsx" in out, out
        assert "damaged" in out, out
        assert source.read_bytes() == before


MARKER = re.compile(r'<definedName name="_xlsx_scorer\.[^"]*"[^>]*>[^<]*</definedName>')


def strip_markers(path: Path, kinds: str = r"[^\"]*") -> None:
    """What ``seat`` and ``score`` did before issue 24: markers of ``kinds`` (a pattern) gone."""
    pattern = re.compile(rf'<definedName name="_xlsx_scorer\.(?:{kinds})"[^>]*>[^<]*</definedName>')
    rewritten(path, path.with_suffix(".tmp"), lambda xml: pattern.sub("", xml), changes=False)
    path.with_suffix(".tmp").replace(path)


def test_a_workbook_hit_by_the_bug_is_put_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Markers stripped as the old ``seat``/``score`` did, copies made as the old ``score`` did:
    the next ``score`` leaves one sheet of each kind, and names each sheet it took back."""
    path = event(tmp_path, capsys)
    for round_no in (1, 2):
        assert run(capsys, "seat", path, "--round", round_no)[0] == 0
        strip_markers(path, "standings|round_points|errors|chart_data")  # the old seat
        fill(path, round_no)
        code, out = run(capsys, "score", path)
        assert code == 0, out
        strip_markers(path, "seating_r[0-9]+")  # the old score
        assert "a sheet of yours" not in out, out
        assert_one_of_each(sheet_names(path), round_no)
    # The copies the old score wrote beside them, unmarked by the old seat after it.
    book = openpyxl.load_workbook(path)
    for name in ("Standings", "Round Points", "Errors"):
        book.copy_worksheet(book[name]).title = f"{name} (2)"
    book.save(path)
    strip_markers(path)
    code, out = run(capsys, "score", path)
    assert code == 0, out
    names = sheet_names(path)
    assert_one_of_each(names, 2)
    assert names.count("Chart Data") == 1
    for sheet in ("Standings", "Standings (2)", "Errors (2)", "Chart Data"):
        assert f"{sheet} had lost the mark of ours" in out, out
    assert "it was replaced" in out
    assert "Seating R1 had lost the mark of ours" in out
    assert "marked as ours again" in out
    kinds = [name.removeprefix("_xlsx_scorer.") for name in markers(path)]
    assert sorted(kinds) == sorted(
        ["standings", "round_points", "errors", "chart_data", "seating_r1", "seating_r2"]
    )
    code, out = run(capsys, "score", path)
    assert code == 0, out
    assert "lost the mark" not in out, out


@pytest.mark.parametrize("lang", ["es", "tr", "ca"])
def test_a_stripped_workbook_in_another_language_is_put_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    path = event(tmp_path, capsys, "--lang", lang)
    assert run(capsys, "seat", path, "--round", 1)[0] == 0
    fill(path, 1)
    assert run(capsys, "score", path)[0] == 0
    before = sheet_names(path)
    strip_markers(path)
    code, out = run(capsys, "score", path)
    assert code == 0, out
    assert sheet_names(path) == before
    for kind in ("standings", "round_points", "errors"):
        said = text(lang, "notice.unmarked_ours", sheet=sheet_name(lang, kind), done="replaced")
        assert said in out, out
    slips = text(lang, "seat.sheet", round=1)
    assert text(lang, "notice.unmarked_ours", sheet=slips, done="marked") in out, out
    assert len(markers(path)) == 4


def organisers_sheets(path: Path) -> dict[str, list[list[Any]]]:
    """Sheets of the organiser's under our names that look a little like ours, hidden and
    not, but without the lines we write: never taken."""
    sheets = {
        "Standings": [["Standings"], ["Check code"], ["4b1cb5468a"], [], ["Rank", "Player"]],
        "Round Points": [["Round points per game"], ["ab12cd34ef"], ["Round", "Table"]],
        "Errors": [["Errors"], ["Sheet", "Cell", "Round", "Table", "Player", "Problem"]],
        "Chart Data": [["Player", "R1", "R2"], ["Player 01", 1, 2]],
        "Seating R3": [["Round 3: seating"], ["Table", "Seat", "Player"], [1, 1, "Player 01"]],
    }
    book = openpyxl.load_workbook(path)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
        if name == "Chart Data":
            sheet.sheet_state = "hidden"
    book.save(path)
    return sheets


def test_an_organisers_sheets_under_our_names_are_never_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = event(tmp_path, capsys)
    sheets = organisers_sheets(path)
    for round_no in (1, 2, 3):
        code, out = run(capsys, "seat", path, "--round", round_no)
        assert code == 0, out
        fill(path, round_no)
        code, out = run(capsys, "score", path)
        assert code == 0, out
        assert "lost the mark" not in out, out
        strip_markers(path)  # even with every marker of ours gone
    book = openpyxl.load_workbook(path)
    for name, rows in sheets.items():
        values = [list(row) for row in book[name].iter_rows(values_only=True)]
        assert values == [row + [None] * (len(values[0]) - len(row)) for row in rows], name
    assert {"Standings (2)", "Errors (2)", "Seating R3 (2)", "Chart Data (2)"} <= set(
        book.sheetnames
    )


def libreoffice_saves(path: Path, folder: Path, profile: str) -> None:
    """``path`` opened and saved by LibreOffice (``soffice --convert-to xlsx``), in place."""
    convert([path], folder, profile, XLSX_FILTER)
    saved = folder / path.name
    assert saved.is_file()
    shutil.move(saved, path)


@pytest.mark.libreoffice
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_saves_merge_and_archive_keep_one_sheet_of_each_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """LibreOffice keeps our markers (shown, no longer hidden); judges' copies merged; the
    archive: still one sheet of each kind, every one marked."""
    profile = (tmp_path / "lo-profile").as_uri()
    path = event(tmp_path, capsys)
    for round_no in (1, 2, 3):
        code, out = run(capsys, "seat", path, "--round", round_no)
        assert code == 0, out
        libreoffice_saves(path, tmp_path / f"saved-seat-{round_no}", profile)
        assert len(markers(path)) == round_no + 3 * (round_no > 1) + (round_no > 2)
        judge = shutil.copy(path, tmp_path / f"judge-{round_no}.xlsx")
        other = shutil.copy(path, tmp_path / f"other-{round_no}.xlsx")
        fill(Path(judge), round_no, by_hand=True)
        merged = tmp_path / f"merged-{round_no}.xlsx"
        code, out = run(capsys, "merge", path, judge, other, "-o", merged)
        assert code == 0, out
        assert_one_of_each(sheet_names(merged), round_no)
        shutil.move(merged, path)
        libreoffice_saves(path, tmp_path / f"saved-score-{round_no}", profile)
        code, out = run(capsys, "score", path)
        assert code == 0, out
        assert "a sheet of yours" not in out, out
        assert "lost the mark" not in out, out
        assert_one_of_each(sheet_names(path), round_no)
    code, out = run(capsys, "archive", path, "-o", tmp_path / "archive")
    assert code == 0, out
    archived = tmp_path / "archive" / path.name
    assert_one_of_each(sheet_names(archived), 3)
    assert len(markers(archived)) == 4 + 3
    assert run(capsys, "verify", archived)[0] == 0


def test_our_notices_that_lost_their_marker_are_put_right(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standings and Round Points without a table (no results yet; problems, so nothing
    published) are known by our title and our notice, Errors by its title and note."""
    path = event(tmp_path, capsys)
    assert run(capsys, "score", path)[0] == 0  # no results yet
    strip_markers(path)
    code, out = run(capsys, "score", path)
    assert code == 0, out
    assert out.count("had lost the mark of ours") == 3, out
    assert sorted(sheet_names(path))[-3:] == ["Results", "Round Points", "Standings"]
    assert run(capsys, "seat", path, "--round", 1)[0] == 0
    fill(path, 1)
    book = openpyxl.load_workbook(path)
    book.worksheets[2]["D2"] = 99  # settlements: a problem, so nothing is published
    book.save(path)
    assert run(capsys, "score", path)[0] == 1
    strip_markers(path)
    code, out = run(capsys, "score", path)
    assert code == 1, out
    assert out.count("had lost the mark of ours") == 4, out  # and Seating R1
    assert_one_of_each(sheet_names(path), 1)

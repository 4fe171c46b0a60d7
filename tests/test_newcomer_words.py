"""What a newcomer organiser reads in Spanish and Turkish, through the command line.

Found by a native-level review of the trial (template, fill in, check, score, fix, merge):
each sentence agrees with the number it speaks of, no English word is left in a Spanish or
Turkish session, and a file name that Excel would not open is refused before it is written.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.builders import run_cli, with_vp, write

ROSTER = ["Ana", "Bea", "Cem", "Dua"]
#: A whole game of four: Ana wins with 10 VP.
GAME = [
    with_vp(1, 1, "Ana", 10),
    with_vp(1, 1, "Bea", 8),
    with_vp(1, 1, "Cem", 7),
    with_vp(1, 1, "Dua", 5),
]


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``xlsx-scorer ARGS`` with no language from the locale (``--lang`` decides)."""
    environment = {
        key: value for key, value in os.environ.items() if key not in ("LC_ALL", "LC_MESSAGES")
    }
    environment["LANG"] = "C.UTF-8"
    return run_cli(*args, env=environment)


def misspelt(path: Path, names: int) -> Path:
    """The game with the last ``names`` players misspelt (one problem each)."""
    rows = [
        (*line[:2], f"{line[2]}x", *line[3:]) if index >= len(GAME) - names else line
        for index, line in enumerate(GAME)
    ]
    return write(path, rows, roster=ROSTER)


#: After ``score`` with one problem, and with several: "fix it" / "fix them".
FIX = {
    "en": ("Fix it, then run again", "Fix them, then run again"),
    "es": ("Corrígelo y vuelve a ejecutar", "Corrígelos y vuelve a ejecutar"),
    "tr": ("Sorunu düzeltin", "Sorunları düzeltin"),
}


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_what_to_fix_agrees_with_the_number_of_problems(lang: str, tmp_path: Path) -> None:
    """One problem is "it" (``Corrígelo``, ``Sorunu``); two are "them"."""
    one, several = FIX[lang]
    for count, words, other in ((1, one, several), (2, several, one)):
        path = misspelt(tmp_path / f"cup{count}.xlsx", count)
        scored = run("score", path, "--lang", lang)
        assert scored.returncode == 1, scored.stderr
        said = " ".join(scored.stdout.split())
        assert words in said, said
        assert other not in said, said


@pytest.mark.parametrize("command", ["score", "template"])
def test_spanish_says_the_file_was_written_in_a_sentence(command: str, tmp_path: Path) -> None:
    """``Se ha escrito cup.xlsx.``, not the telegraphic ``Escrito cup.xlsx.``"""
    path = tmp_path / "cup.xlsx"
    if command == "score":
        write(path, GAME, roster=ROSTER)
    ran = run(command, path, "--lang", "es")
    assert ran.returncode == 0, ran.stderr
    assert f"Se ha escrito {path}." in ran.stdout.splitlines(), ran.stdout
    assert "Escrito" not in ran.stdout


def test_a_turkish_merge_conflict_names_the_base_in_turkish(tmp_path: Path) -> None:
    """The base is ``TEMEL`` in Turkish, as ``merge --help`` names it, not ``BASE``."""
    base = write(tmp_path / "base.xlsx", GAME, roster=ROSTER)
    for name, settlements in (("a.xlsx", 1), ("b.xlsx", 2)):
        book = openpyxl.load_workbook(base)
        book["Results"]["D5"] = settlements
        book.save(tmp_path / name)
    merged = run(
        "merge", base, tmp_path / "a.xlsx", tmp_path / "b.xlsx", "-o", tmp_path / "m.xlsx",
        "--lang", "tr",
    )  # fmt: skip
    assert merged.returncode == 1, merged.stderr
    conflict = merged.stdout.splitlines()[0]
    assert conflict.startswith("ÇAKIŞMA"), merged.stdout
    assert "(TEMEL base.xlsx Results!D5: 3)" in conflict, conflict
    assert "BASE" not in merged.stdout + merged.stderr


#: The refusal of a name without ``.xlsx``, with the name to use instead.
NOT_XLSX = {
    "en": "Choose a name that ends in .xlsx",
    "es": "Elige un nombre que termine en .xlsx",
    "tr": ".xlsx ile biten bir ad seçin",
}


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
@pytest.mark.parametrize("name", ["torneo", "torneo.csv", "torneo.xls"])
def test_a_template_named_without_xlsx_is_refused(lang: str, name: str, tmp_path: Path) -> None:
    """``template torneo`` would write a workbook that a double-click does not open in Excel
    (no ``.xlsx``): refused, nothing written, and the name to use is suggested."""
    target = tmp_path / name
    made = run("template", target, "--lang", lang)
    assert made.returncode == 2, made.stdout
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []
    said = " ".join(made.stderr.split())
    assert NOT_XLSX[lang] in said, said
    assert str(tmp_path / "torneo.xlsx") in said, said
    assert made.stdout == ""


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_a_scored_copy_named_without_xlsx_is_refused(lang: str, tmp_path: Path) -> None:
    """``score cup.xlsx -o resultados`` is refused like ``template``; ``.xlsx`` in any case
    (``COPA.XLSX``) is a workbook's name."""
    path = write(tmp_path / "cup.xlsx", GAME, roster=ROSTER)
    target = tmp_path / "resultados"
    scored = run("score", path, "-o", target, "--lang", lang)
    assert scored.returncode == 2, scored.stdout
    assert not target.exists()
    said = " ".join(scored.stderr.split())
    assert NOT_XLSX[lang] in said, said
    assert str(tmp_path / "resultados.xlsx") in said, said
    upper = run("score", path, "-o", tmp_path / "COPA.XLSX", "--lang", lang)
    assert upper.returncode == 0, upper.stderr
    assert (tmp_path / "COPA.XLSX").exists()


@pytest.mark.parametrize(("archived", "asked"), [("es", "tr"), ("tr", "en"), ("en", "es")])
def test_verify_in_another_language_than_the_archive_finds_it_intact(
    archived: str, asked: str, tmp_path: Path
) -> None:
    """A judge who reads Turkish verifies a Spanish archive: its tables are compared as they
    were written (in Spanish), the verdict is said in Turkish, and nothing is "missing"."""
    path = write(tmp_path / "cup.xlsx", GAME, roster=ROSTER)
    folder = tmp_path / "archive"
    made = run("archive", path, "-o", folder, "--lang", archived)
    assert made.returncode == 0, made.stdout + made.stderr
    for target in (folder, folder / "cup.xlsx"):
        checked = run("verify", target, "--lang", asked)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        intact = {"en": "everything agrees", "es": "todo coincide", "tr": "her şey"}[asked]
        assert intact in checked.stdout, checked.stdout


#: After an ``archive`` refused for one problem, and for several: fix, then archive again.
ARCHIVE_AGAIN = {
    "en": ("Fix it, then archive again.", "Fix them, then archive again."),
    "es": ("Corrígelo y vuelve a archivarlo.", "Corrígelos y vuelve a archivarlo."),
    "tr": ("Sorunu düzeltip yeniden arşivleyin.", "Sorunları düzeltip yeniden arşivleyin."),
}


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_an_archive_refused_for_problems_says_what_to_do_next(lang: str, tmp_path: Path) -> None:
    """Not only "archived only when it has none": fix it (or them), then archive again."""
    one, several = ARCHIVE_AGAIN[lang]
    for count, words in ((1, one), (2, several)):
        path = misspelt(tmp_path / f"cup{count}.xlsx", count)
        refused = run("archive", path, "-o", tmp_path / f"archive{count}", "--lang", lang)
        assert refused.returncode == 1, refused.stderr
        assert words in " ".join(refused.stdout.split()), refused.stdout


#: How ``diff`` begins a changed value, an added row and a removed row.
DIFF_WORDS = {
    "es": ("Cambio en ronda 1, mesa 1, Dua, ", "Añadida la fila de ronda 1, mesa 1, Eli:",
           "Eliminada la fila de ronda 1, mesa 1, Cem:"),
    "tr": ("Değer değişti (tur 1, masa 1, Dua, ", "Satır eklendi (tur 1, masa 1, Eli):",
           "Satır silindi (tur 1, masa 1, Cem):"),
}  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "tr"])
def test_diff_lines_read_as_sentences(lang: str, tmp_path: Path) -> None:
    """Not "Cambiado ronda 1…" / "Değişti tur 1…" (a verb that agrees with nothing, or
    comes first in Turkish): "Cambio en ronda 1…", "Değer değişti (tur 1…)"."""
    before = write(tmp_path / "a.xlsx", GAME, roster=[*ROSTER, "Eli"])
    rows = [*GAME[:2], with_vp(1, 1, "Eli", 7), with_vp(1, 1, "Dua", 6)]
    after = write(tmp_path / "b.xlsx", rows, roster=[*ROSTER, "Eli"])
    shown = run("diff", before, after, "--lang", lang)
    assert shown.returncode == 1, shown.stderr
    lines = shown.stdout.splitlines()
    for start in DIFF_WORDS[lang]:
        assert any(line.startswith(start) for line in lines), (start, shown.stdout)


#: A number that is not whole, as each language writes it in a message.
HALF = {"en": ("1.5", "2.5"), "es": ("«1,5»", "2,5 no es"), "tr": ("“1,5”", "değeri 2,5;")}


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_a_number_that_is_not_whole_is_quoted_with_the_languages_decimal_comma(
    lang: str, tmp_path: Path
) -> None:
    """Table 1.5 and 2.5 knights are said ``1,5`` and ``2,5`` in Spanish and Turkish, in the
    terminal and in the Errors sheet, as the organiser's spreadsheet shows them; the JSON
    keeps the number as data (``1.5``)."""
    rows = [GAME[0], (1, 1.5, *GAME[1][2:]), *GAME[2:]]
    path = write(tmp_path / "cup.xlsx", rows, roster=ROSTER)
    book = openpyxl.load_workbook(path)
    book["Results"]["G4"] = 2.5  # knights played
    book.save(path)
    table, knights = HALF[lang]
    checked = run("check", path, "--lang", lang)
    assert checked.returncode == 1, checked.stderr
    said = " ".join(checked.stdout.split())
    assert table in said, said
    assert knights in said, said
    if lang != "en":
        assert "1.5" not in said, said
        assert "2.5" not in said, said
    scored = run("score", path, "--lang", lang)
    assert scored.returncode == 1, scored.stderr
    sheet = openpyxl.load_workbook(path).worksheets[-1]
    problems = " ".join(str(cell.value) for row in sheet.iter_rows() for cell in row)
    assert table in problems, problems
    assert knights in problems, problems
    data = run("check", path, "--json", "--lang", lang)
    assert '"found": "1.5"' in data.stdout, data.stdout


def test_spanish_serve_help_drags_a_workbook_onto_the_page() -> None:
    """A workbook is dragged onto the page (``se arrastra``), not "released" (``se suelta``,
    a word-for-word "drop")."""
    shown = run("serve", "--help", "--lang", "es")
    assert shown.returncode == 0, shown.stderr
    said = " ".join(shown.stdout.split())
    assert "a la que se arrastra un libro" in said, said
    assert "se suelta" not in said, said


#: 10¹² knights and a TRUE in a number cell, as each language says them.
FAR_AND_TRUE = {
    "en": ("1,000,000,000,000", "TRUE"),
    "es": ("1.000.000.000.000", "VERDADERO"),
    "tr": ("1.000.000.000.000", "DOĞRU"),
}


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_a_far_number_is_grouped_and_true_is_said_in_the_language(
    lang: str, tmp_path: Path
) -> None:
    """Not ``1000000000000.0`` nor an English ``TRUE`` in Spanish or Turkish."""
    path = write(tmp_path / "cup.xlsx", GAME, roster=ROSTER)
    book = openpyxl.load_workbook(path)
    book["Results"]["G3"] = 1e12  # knights played
    book["Results"]["E4"] = True  # cities
    book.save(path)
    far, true = FAR_AND_TRUE[lang]
    checked = run("check", path, "--lang", lang)
    assert checked.returncode == 1, checked.stderr
    said = " ".join(checked.stdout.split())
    assert far in said, said
    assert true in said, said
    assert "1000000000000" not in said, said
    if lang != "en":
        assert "TRUE" not in said, said


def test_a_turkish_recheck_notice_fits_a_table_label(tmp_path: Path) -> None:
    """A table may be a label (``Final A``): not "Final A numaralı masa" (numbered)."""
    rows = [(1, "Final A", *line[2:]) for line in GAME]
    path = write(tmp_path / "cup.xlsx", rows, roster=ROSTER)
    book = openpyxl.load_workbook(path)
    book["Results"]["E3"] = None  # cities of Bea
    book.save(path)
    checked = run("check", path, "--lang", "tr")
    assert checked.returncode == 1, checked.stderr
    notice = checked.stdout.splitlines()[-1]
    assert "bu masa (tur 1, masa Final A)" in notice, notice
    assert "numaralı" not in notice, notice


#: The exit code 1 of ``diff`` and ``merge`` in ``--help``, said as a state ("there are…").
EXIT_ONE = {
    ("es", "merge"): "1: hay conflictos;",
    ("tr", "merge"): "1: çakışma var;",
    ("tr", "diff"): "1: fark var;",
}


@pytest.mark.parametrize(("lang", "command"), sorted(EXIT_ONE))
def test_exit_code_one_reads_as_a_state(lang: str, command: str) -> None:
    """Not a bare plural or adjective (``1: conflictos``, ``1: farklı``, ``1: çakışmalar``)."""
    shown = run(command, "--help", "--lang", lang)
    assert shown.returncode == 0, shown.stderr
    said = " ".join(shown.stdout.split())
    assert EXIT_ONE[lang, command] in said, said

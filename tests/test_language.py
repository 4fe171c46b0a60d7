"""One rule for the language of every word: ``--lang``, the workbook's, the system's, English.

Through the real entry points: the refusals (exit code 2) of a Spanish or Turkish
workbook come out in its language; ``--help`` and argparse's own words follow
``--lang`` or the system locale.
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import inspect
import os
import re
import stat
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest

from tests.builders import KEYS, run_cli, sheet_values, unwritable_folder, with_vp, write
from xlsx_scorer.app.api import score
from xlsx_scorer.app.outputkinds import STANDINGS, sheet_name
from xlsx_scorer.cli import build_parser, main
from xlsx_scorer.i18n import LANGUAGES, choose_language, header, system_language, text

OTHERS = ("es", "tr", "ca")
#: A whole game of four: Ana wins with 10 VP.
GAME = [with_vp(1, 1, "Ana", 10), with_vp(1, 1, "Bea", 8), with_vp(1, 1, "Cem", 7)]
GAME.append(with_vp(1, 1, "Dua", 5))


def run(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``xlsx-scorer ARGS`` with the locale ``env`` (default: ``C.UTF-8``, no language)."""
    environment = {
        key: value for key, value in os.environ.items() if key not in ("LC_ALL", "LC_MESSAGES")
    }
    environment.update({"LANG": "C.UTF-8", **(env or {})})
    return run_cli(*args, env=environment)


def event(path: Path, lang: str) -> Path:
    """A scored-ready workbook whose headers are in ``lang``."""
    headers = [header(lang, key) for key in KEYS]
    return write(path, GAME, headers=headers, roster=["Ana", "Bea", "Cem", "Dua"])


# ---------------------------------------------------------------------------
# The rule


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "tr_TR"}, "tr"),
        ({"LC_MESSAGES": "tr_TR.UTF-8", "LANG": "es_ES.UTF-8"}, "tr"),
        ({"LC_ALL": "es_ES", "LC_MESSAGES": "tr_TR", "LANG": "en_GB"}, "es"),
        ({"LC_ALL": "", "LANG": "es_MX.UTF-8"}, "es"),
        ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, "en"),  # LC_ALL decides, as POSIX reads it
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_locale_is_read_as_posix_orders_it(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: str
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert choose_language(None) == expected
    assert system_language() == (None if expected == "en" else expected)


def test_asked_then_workbook_then_system_then_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert choose_language("es", "en") == "es"
    assert choose_language(None, "es") == "es"
    assert choose_language(None, None) == "tr"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert choose_language(None, None) == "en"


def test_the_command_line_follows_the_rule(tmp_path: Path) -> None:
    spanish = event(tmp_path / "evento.xlsx", "es")
    turkish_system = {"LANG": "tr_TR.UTF-8"}
    assert "1 partida revisada" in run("check", spanish, env=turkish_system).stdout
    assert "oyun denetlendi" in run("check", spanish, "--lang", "tr").stdout
    empty = tmp_path / "empty.xlsx"
    empty.write_bytes(b"")
    assert "bir çalışma kitabı değil" in run("check", empty, env=turkish_system).stderr
    assert "it is not a workbook" in run("check", empty).stderr


# ---------------------------------------------------------------------------
# Refusals (exit code 2) in the workbook's language


@pytest.mark.parametrize("lang", OTHERS)
def test_a_renamed_results_sheet_is_refused_in_the_workbooks_language(
    tmp_path: Path, lang: str
) -> None:
    path = event(tmp_path / "event.xlsx", lang)
    book = openpyxl.load_workbook(path)
    book["Results"].title = "Games of the cup"  # no Results sheet in any language now
    book.save(path)
    before = path.read_bytes()
    done = run("score", path)
    assert done.returncode == 2
    sheets = "Games of the cup, Players"
    expected = text(lang, "unusable.no_results_sheet", file=str(path), sheets=sheets)
    assert done.stderr.splitlines() == [expected, text(lang, "cli.nothing_written")]
    assert path.read_bytes() == before


@pytest.mark.parametrize("lang", OTHERS)
def test_a_template_without_results_speaks_its_language(tmp_path: Path, lang: str) -> None:
    """Only the template's Event and Instructions sheets are left: they say the language."""
    blank = tmp_path / "blank.xlsx"
    assert run("template", blank, "--lang", lang).returncode == 0
    book = openpyxl.load_workbook(blank)
    for name in book.sheetnames:
        if _kind(name) in {"results", "players"}:
            del book[name]
    book.save(blank)
    done = run("check", blank)
    assert done.returncode == 2
    sheets = ", ".join(book.sheetnames)
    expected = text(lang, "unusable.no_results_sheet", file=str(blank), sheets=sheets)
    assert done.stderr.splitlines() == [expected, text(lang, "cli.nothing_written")]


def _kind(name: str) -> str | None:
    """The kind of a shipped sheet name in any language (``Resultados`` → ``results``)."""
    for module in LANGUAGES.values():
        for kind, shipped in module.SHEETS.items():
            if shipped.casefold() == name.casefold():
                return kind
    return None


@pytest.mark.parametrize("lang", OTHERS)
def test_a_read_only_workbook_is_refused_in_its_language(tmp_path: Path, lang: str) -> None:
    path = event(tmp_path / "event.xlsx", lang)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP)
    before = path.read_bytes()
    done = run("score", path)
    assert done.returncode == 2
    expected = text(lang, "unusable.read_only", file=str(path))
    assert done.stderr.splitlines() == [expected, text(lang, "cli.nothing_written")]
    assert path.read_bytes() == before


@pytest.mark.parametrize("lang", OTHERS)
def test_a_missing_output_folder_is_refused_in_the_workbooks_language(
    tmp_path: Path, lang: str
) -> None:
    path = event(tmp_path / "event.xlsx", lang)
    missing = tmp_path / "nowhere"
    done = run("score", path, "-o", missing / "scored.xlsx")
    assert done.returncode == 2
    expected = text(lang, "unusable.output_folder_missing", folder=str(missing))
    assert done.stderr.splitlines() == [expected, text(lang, "cli.nothing_written")]
    assert not missing.exists()


@pytest.mark.parametrize("lang", OTHERS)
def test_an_unwritable_folder_is_refused_in_words_of_the_workbooks_language(
    tmp_path: Path, lang: str
) -> None:
    path = event(tmp_path / "event.xlsx", lang)
    folder = unwritable_folder(tmp_path)
    target = folder / "scored.xlsx"
    for command in (["score", path, "-o", target], ["archive", path, "-o", folder / "cup"]):
        done = run(*command)
        assert done.returncode == 2, done.stderr
        assert "Error" not in done.stderr  # never "Unexpected error: PermissionError…"
        first = done.stderr.splitlines()[0]
        written = target if command[0] == "score" else folder / "cup"
        assert first == text(
            lang, "unusable.folder_not_writable", file=str(written), folder=str(folder)
        )


@pytest.mark.parametrize("lang", OTHERS)
def test_an_existing_output_is_refused_in_the_workbooks_language(tmp_path: Path, lang: str) -> None:
    path = event(tmp_path / "event.xlsx", lang)
    other = tmp_path / "other.xlsx"
    other.write_bytes(b"theirs")
    done = run("score", path, "-o", other)
    assert done.returncode == 2
    expected = text(lang, "unusable.output_exists", file=str(other))
    assert done.stderr.splitlines() == [expected, text(lang, "cli.nothing_written")]
    assert other.read_bytes() == b"theirs"
    assert run("score", path, "-o", other, "--force").returncode == 0


@pytest.mark.parametrize("lang", OTHERS)
def test_a_lock_file_and_a_merge_over_a_file_are_refused_in_the_workbooks_language(
    tmp_path: Path, lang: str
) -> None:
    path = event(tmp_path / "event.xlsx", lang)
    lock = tmp_path / ".~lock.event.xlsx#"
    lock.write_text("Ana,host,...")
    done = run("score", path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == text(
        lang, "unusable.open_in_libreoffice", file=str(path), lock=lock.name
    )
    lock.unlink()
    taken = tmp_path / "merged.xlsx"
    taken.write_bytes(b"theirs")
    done = run("merge", path, path, "-o", taken)
    assert done.returncode == 2
    assert text(lang, "unusable.output_exists", file=str(taken)) in done.stderr


# ---------------------------------------------------------------------------
# --help and argparse's own words

#: Words the help of every language shares with English: names (Catan, Excel, the
#: Frictionless Data Package, SHA-256, JSON, CSV), "web", the metavars A and B.
SHARED_WORDS = {
    "catan",
    "carcassonne",
    "excel",
    "frictionless",
    "json",
    "csv",
    "sha",
    "web",
    "a",
    "b",
}
#: Words of each language that are English words too (Catalan's ``s’`` is an elision;
#: Catalan writes "clubs" and "format" as English does).
SPANISH_TOO = {
    "es": {"base", "error", "no"},
    "tr": set(),
    "ca": {"base", "error", "errors", "no", "format", "arguments", "s", "on", "clubs"},
}
WORD = re.compile(r"[^\W\d_]+")
#: File names and paths the help names: the same in every language.
FILE_NAME = re.compile(r"[\w./-]*\.(?:json|csv|md|xlsx|xlsm|toml)\b")


def _helps(lang: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """The help of the command and of each sub-command, through ``main``, in ``lang``.

    The top level has no ``--lang``: its language is the system's.
    """
    parser = build_parser()
    commands = [None, *parser._subparsers._group_actions[0].choices]  # type: ignore[union-attr]
    helps = {}
    for command in commands:
        argv = [command, "--help", "--lang", lang] if command else ["--help"]
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("LANG", f"{lang}_XX.UTF-8")
            patch.delenv("LC_ALL", raising=False)
            patch.delenv("LC_MESSAGES", raising=False)
            with pytest.raises(SystemExit) as done:
                main(argv)
        assert done.value.code == 0
        helps[command or "xlsx-scorer"] = capsys.readouterr().out
    return helps


def _names(parser: argparse.ArgumentParser) -> set[str]:
    """Option strings, sub-command names and choices of every parser: never translated."""
    names = {"xlsx", "scorer"}
    parsers = [parser, *parser._subparsers._group_actions[0].choices.values()]  # type: ignore[union-attr]
    for each in parsers:
        for action in each._actions:
            for option in action.option_strings:
                names.update(WORD.findall(option.lower()))
            for choice in action.choices or ():
                names.update(WORD.findall(str(choice).lower()))
    return names


def _words(help_text: str, names: set[str]) -> set[str]:
    return {word.lower() for word in WORD.findall(FILE_NAME.sub(" ", help_text))} - names


@pytest.mark.parametrize("lang", OTHERS)
def test_every_command_has_help_in_every_language_and_no_english_is_left(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(build_parser())
    english, other = _helps("en", capsys), _helps(lang, capsys)
    assert english.keys() == other.keys()
    for command, help_text in other.items():
        assert help_text.startswith(LANGUAGES[lang].ARGPARSE["usage: "]), command
        left = _words(help_text, names) & _words(english[command], names)
        assert left <= SHARED_WORDS | SPANISH_TOO[lang], (command, sorted(left))
    assert english["xlsx-scorer"].startswith("usage: ")


@pytest.mark.parametrize("lang", OTHERS)
def test_argparse_errors_follow_the_system_locale(lang: str) -> None:
    locale = {"LANG": f"{lang}_XX.UTF-8"}
    words = LANGUAGES[lang].ARGPARSE
    missing = run("score", env=locale)
    assert missing.returncode == 2
    required = words["the following arguments are required: %s"] % text(
        lang, "help.metavar_workbook"
    )
    assert required in missing.stderr
    wrong = run("check", "cup.xlsx", "--lang", "xx", env=locale)
    assert wrong.returncode == 2
    assert words["invalid choice: %(value)r (choose from %(choices)s)"].split("%")[0] in (
        wrong.stderr
    )
    assert "usage:" not in missing.stderr + wrong.stderr


def test_help_follows_lang_on_the_command_line_before_the_system(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    with pytest.raises(SystemExit) as done:
        main(["score", "--help", "--lang", "es"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("uso: xlsx-scorer score")
    with pytest.raises(SystemExit):
        main(["template", "--help"])
    assert capsys.readouterr().out.startswith("kullanım: xlsx-scorer template")


#: argparse msgids only a programmer meets (a parser built wrongly), never an organiser.
PROGRAMMER_ERRORS = {
    "%r is not callable",
    "'required' is an invalid argument for positionals",
    ".__call__() not defined",
    "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r",
    "conflicting subparser alias: %s",
    "conflicting subparser: %s",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "mutually exclusive arguments must be optional",
    "conflicting option string: %s",
    "conflicting option strings: %s",
}


def _argparse_msgids() -> set[str]:
    """Every message argparse (of this Python) says through gettext."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext"):
            found |= {arg.value for arg in node.args if isinstance(arg, ast.Constant)}
    return {msgid for msgid in found if isinstance(msgid, str)}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_word_argparse_can_say_to_an_organiser_is_translated(lang: str) -> None:
    words = LANGUAGES[lang].ARGPARSE
    assert sorted(_argparse_msgids() - PROGRAMMER_ERRORS - set(words)) == []
    for msgid, said in words.items():  # the same % fields, so argparse can fill them
        fields = re.compile(r"%(?:\(\w+\))?[srd]")
        assert sorted(fields.findall(msgid)) == sorted(fields.findall(said)), msgid


# ---------------------------------------------------------------------------
# The terminal summary and the dates in the sheets

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "sample_event.xlsx"


@pytest.mark.parametrize(
    ("lang", "headings", "leader"),
    [
        ("es", "  Puesto  Jugador", ("15,25", "29,1\N{NO-BREAK SPACE}%")),
        ("tr", "  Sıra  Oyuncu", ("15,25", "%29,1")),
    ],
)
def test_the_terminal_summary_has_headings_and_numbers_in_the_language(
    tmp_path: Path, lang: str, headings: str, leader: tuple[str, str]
) -> None:
    done = run("score", SAMPLE, "-o", tmp_path / "scored.xlsx", "--lang", lang)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    top = lines.index(text(lang, "cli.top", count=10))
    assert lines[top + 1].startswith(headings)
    assert text(lang, "out.round_points") in lines[top + 1]
    assert text(lang, "out.vp_pct") in lines[top + 1]
    garcia = next(line for line in lines if "Maria Garcia" in line)
    assert all(number in garcia for number in leader)
    assert lines[-1] == text(lang, "cli.wrote", file=str(tmp_path / "scored.xlsx"))


#: Time zones as POSIX TZ strings: no time zone database needed.
MADRID, ISTANBUL = "CET-1CEST,M3.5.0,M10.5.0/3", "<+03>-3"


@pytest.mark.parametrize(
    ("lang", "zone", "expected"),
    [
        ("es", MADRID, "Calculada el 1 dic 2026, 14:05 (CET) a partir de 28 partidas"),
        ("tr", ISTANBUL, "1 Ara 2026 16:05 (GMT+3) itibarıyla 28 oyundan"),
        ("en", "UTC0", "Computed on Dec 1, 2026, 1:05\N{NARROW NO-BREAK SPACE}PM (UTC) from"),
    ],
)
def test_the_sheets_date_is_local_time_with_its_zone_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, zone: str, expected: str
) -> None:
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        scored = score(
            SAMPLE.read_bytes(), language=lang, now=dt.datetime(2026, 12, 1, 13, 5, tzinfo=dt.UTC)
        )
    finally:
        monkeypatch.undo()
        time.tzset()
    assert scored.workbook is not None
    path = tmp_path / "scored.xlsx"
    path.write_bytes(scored.workbook)
    notes = [row[0] for row in sheet_values(path, sheet_name(lang, STANDINGS))[:4]]
    assert any(isinstance(note, str) and note.startswith(expected) for note in notes), notes


def test_the_command_line_writes_the_local_zone(tmp_path: Path) -> None:
    path = event(tmp_path / "event.xlsx", "tr")
    assert run("score", path, env={"TZ": ISTANBUL}).returncode == 0
    note = sheet_values(path, sheet_name("tr", STANDINGS))[1][0]
    assert re.fullmatch(r"\d{1,2} \w+ 20\d\d \d\d:\d\d \(GMT\+3\) itibarıyla .*", note), note


def test_an_abbreviated_option_is_refused_not_half_read() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "xlsx_scorer", "score", "x.xlsx", "--la", "es"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--la" in done.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "“Cemm” is not on the Players sheet; did you mean “Cem”?"),
        ("es", "«Cemm» no está en la hoja Jugadores; ¿querías decir «Cem»?"),
        # Neutral: no question particle, whose vowel would have to agree with the name.
        ("tr", "“Cemm” Oyuncular sayfasında yok; sayfadaki en yakın ad: “Cem”."),
    ],
)
def test_a_name_not_on_the_roster_suggests_the_nearest_one_in_the_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    typed = [with_vp(1, 1, "Ana", 10), with_vp(1, 1, "Bea", 8), with_vp(1, 1, "Cemm", 7)]
    headers = [header(lang, key) for key in KEYS]
    path = write(
        tmp_path / "event.xlsx",
        [*typed, GAME[3]],
        headers=headers,
        roster=["Ana", "Bea", "Cem", "Dua"],
    )
    done = run("check", path)
    assert done.returncode == 1, done.stderr
    assert said in done.stdout


#: How each language says "the workbook's" language, in the help of ``--lang``.
WORKBOOKS_LANGUAGE = {
    "en": "the workbook’s",
    "es": "el del libro",
    "tr": "çalışma kitabının dili",
    "ca": "el del llibre",
}


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_help_keeps_names_whole_numbers_plain_and_defaults_true(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No word is cut at its hyphen (``xlsx-`` / ``scorer``) at any terminal width; the port
    is written as digits (``8765``, never ``8.765``); ``template``, ``serve`` and the
    commands that write no sheet do not promise what they do not do."""
    for columns in range(60, 101, 4):
        monkeypatch.setenv("COLUMNS", str(columns))
        helps = _helps(lang, capsys)
        for command, help_text in helps.items():
            assert not re.search(r"\w-\n", help_text), (columns, command, help_text)
    flat = {command: " ".join(help_text.split()) for command, help_text in helps.items()}
    assert re.search(r"\b8765\b", flat["serve"]), flat["serve"]
    for command in ("template", "serve"):
        assert WORKBOOKS_LANGUAGE[lang] not in flat[command], command
    assert WORKBOOKS_LANGUAGE[lang] in flat["score"]
    sheets = text(lang, "help.lang").split("(")[0].strip()
    for command in ("diff", "verify"):
        assert sheets not in flat[command], command


# ---------------------------------------------------------------------------
# What to do next, said after each step


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_template_then_score_say_what_to_do_next(lang: str, tmp_path: Path) -> None:
    """After ``template``: fill in the Players and Results sheets (by the names they have in
    the language), then score.  After ``score`` with problems: open the Errors sheet, fix,
    score again.  A misspelt name is not counted as a player of the event."""
    sheets = LANGUAGES[lang].SHEETS
    blank = tmp_path / "blank.xlsx"
    made = run("template", blank, "--lang", lang)
    assert made.returncode == 0, made.stderr
    said = " ".join(made.stdout.split())
    assert sheets["players"] in said, said
    assert sheets["results"] in said, said
    assert f"xlsx-scorer score {blank}" in said, said
    roster = ["Ana", "Bea", "Cem", "Dua"]
    misspelt = [*GAME[:3], with_vp(1, 1, "Duaa", 5)]
    path = write(tmp_path / "cup.xlsx", misspelt, roster=roster)
    scored = run("score", path, "--lang", lang)
    assert scored.returncode == 1, scored.stderr
    said = " ".join(scored.stdout.split())
    assert sheets["errors"] in said, said
    assert f"xlsx-scorer score {path}" in said, said
    summary = scored.stdout.splitlines()[0]
    assert text(lang, "cli.summary_problems", file=path, games=1, players=3, problems=1) == (
        summary
    )


#: The decimal separator of each language, as its spreadsheet shows ``0.0``.
DECIMAL_SEPARATOR = {"en": ".", "es": ",", "tr": ",", "ca": ","}


def _shown(number_format: str, share: float, lang: str) -> str:
    """``share`` as a spreadsheet in ``lang`` shows it under ``number_format`` (the few
    codes a percentage takes: ``0.0`` with ``%`` and quoted text around it)."""
    digits = f"{share * 100:.1f}".replace(".", DECIMAL_SEPARATOR[lang])
    assert number_format.count("0.0") == 1, number_format
    return number_format.replace('"', "").replace("\\", "").replace("0.0", digits)


@pytest.mark.parametrize("lang", ["en", *OTHERS])
def test_a_percentage_reads_the_same_in_the_terminal_and_in_the_sheet(
    lang: str, tmp_path: Path
) -> None:
    """One way per language, CLDR's: ``31.3%``, ``31,3 %`` (a no-break space), ``%31,3``."""
    path = event(tmp_path / "cup.xlsx", lang)
    scored = run("score", path, "--lang", lang)
    assert scored.returncode == 0, scored.stderr
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name(lang, STANDINGS)]
    heading = text(lang, "out.vp_pct")
    cell = next(c for row in sheet.iter_rows() for c in row if c.value == heading)
    share = sheet.cell(row=cell.row + 1, column=cell.column)
    shown = _shown(share.number_format, share.value, lang)
    assert (
        shown
        == {
            "en": "33.3%",
            "es": "33,3\N{NO-BREAK SPACE}%",
            "tr": "%33,3",
            "ca": "33,3\N{NO-BREAK SPACE}%",
        }[lang]
    )
    assert shown in scored.stdout

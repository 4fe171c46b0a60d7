"""Every language says everything: same keys, same arguments, unambiguous words.

A message that exists in one language and not in another, an argument lost in
translation, a pattern ICU cannot read, a yes word of one language that is a no
word of another, or a message code used in the code without a text, each fails
here.  Plurals and numbers are ICU's: checked in every language below.
"""

from __future__ import annotations

import ast
import io
import itertools
import re
import shutil
from pathlib import Path

import icu
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from xlsx_scorer.core import rules as schemas
from xlsx_scorer.i18n import DEFAULT_LANGUAGE, LANGUAGES, arguments, decimal, fold, percent, text
from xlsx_scorer.i18n.catalogue import LOCALE, Catalogues, load, path_of

PACKAGE = Path(__file__).resolve().parent.parent / "xlsx_scorer"
ENGLISH = LANGUAGES[DEFAULT_LANGUAGE]
OTHERS = sorted(set(LANGUAGES) - {DEFAULT_LANGUAGE})
KEY_PREFIXES = (
    "event.",
    "out.",
    "title.",
    "notice.",
    "problem.",
    "unusable.",
    "cli.",
    "template.",
    "instructions.",
    "finding.",
    "help.",
    "web.",
)
#: A lone ASCII apostrophe: ICU may take it as the start of quoted text; write it twice.
LONE_APOSTROPHE = re.compile(r"(?<!')'(?!')")


def placeholders(template: str) -> set[str]:
    """``placeholders("{a} of {n, plural, one {# b} other {# bs}}") == {"a", "n"}``."""
    return set(arguments(template))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("table", ["STRINGS", "HEADERS", "SHEETS"])
def test_same_keys(lang: str, table: str) -> None:
    english, other = getattr(ENGLISH, table), getattr(LANGUAGES[lang], table)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}"
    assert sorted(set(other) - set(english)) == [], f"only in {lang}"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders(lang: str) -> None:
    other = LANGUAGES[lang].STRINGS
    wrong = {
        key: (placeholders(value), placeholders(other[key]))
        for key, value in ENGLISH.STRINGS.items()
        if placeholders(value) != placeholders(other[key])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_text_is_filled_in(lang: str) -> None:
    module = LANGUAGES[lang]
    for table in (module.STRINGS, module.HEADERS, module.SHEETS):
        assert all(isinstance(value, str) and value.strip() for value in table.values())


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_message_is_a_valid_icu_pattern(lang: str) -> None:
    """ICU reads every pattern; apostrophes are doubled; filled in, no ``{`` is left."""
    for key, pattern in LANGUAGES[lang].STRINGS.items():
        icu.MessageFormat(pattern, icu.Locale(lang))  # raises on a syntax error
        assert not LONE_APOSTROPHE.search(pattern), (lang, key)
        kinds = arguments(pattern)
        values = {
            name: 2 if kind == "plural" else "yes" if kind == "select" else "x"
            for name, kind in kinds.items()
        }
        assert "{" not in text(lang, key, **values), (lang, key)


@pytest.mark.parametrize(
    ("lang", "key", "params", "expected"),
    [
        ("es", "notice.problems_found", {"count": 1, "when": "hoy"}, "1 problema encontrado."),
        ("es", "notice.problems_found", {"count": 2, "when": "hoy"}, "2 problemas encontrados."),
        ("es", "problem.table_size", {"found": 1}, "La mesa tiene 1 jugador;"),
        ("es", "problem.table_size", {"found": 5}, "La mesa tiene 5 jugadores;"),
        ("en", "problem.no_cities_needs_two_settlements", {"found": 1}, "only 1 settlement;"),
        ("en", "problem.no_cities_needs_two_settlements", {"found": 0}, "only 0 settlements;"),
        ("en", "notice.computed", {"when": "now", "games": 1, "players": 1}, "1 game (1 player)"),
        ("tr", "notice.problems_found", {"count": 1, "when": "şimdi"}, "1 sorun bulundu."),
        ("es", "notice.computed", {"when": "hoy", "games": 12345, "players": 3}, "12.345 partidas"),
        ("en", "notice.computed", {"when": "now", "games": 1234, "players": 3}, "1,234 games"),
        ("tr", "notice.computed", {"when": "şimdi", "games": 1234, "players": 3}, "1.234 oyundan"),
        *(
            ("es", "cli.verify_failed", {"path": "a", "count": n}, f"a: {n} {said} con los")
            for n, said in ((1, "elemento ya no coincide"), (2, "elementos ya no coinciden"))
        ),
        *(
            ("tr", "cli.verify_failed", {"path": "a", "count": n}, f"a: {n} öğe artık arşiv")
            for n in (1, 2)
        ),
        ("en", "cli.verify_failed", {"path": "a", "count": 1}, "a: 1 thing no longer agrees "),
        ("en", "cli.verify_failed", {"path": "a", "count": 2}, "a: 2 things no longer agree "),
        ("es", "problem.verify.more", {"count": 1, "sheet": "S"}, "… y 1 celda más de S."),
        ("tr", "problem.verify.more", {"count": 2, "sheet": "S"}, "… ve S sayfasında 2 hücre"),
        ("tr", "cli.merge_conflicts", {"count": 1}, "1 çakışma: hiçbir"),
        ("tr", "cli.diff_summary", {"first": "a", "second": "b", "count": 2}, "a → b: 2 fark."),
    ],
)
def test_plurals_and_numbers_follow_the_language(
    lang: str, key: str, params: dict[str, object], expected: str
) -> None:
    assert expected in text(lang, key, **params)


def test_decimals_and_percentages_follow_the_language() -> None:
    assert [decimal(lang, 15.25) for lang in ("en", "es", "tr")] == ["15.25", "15,25", "15,25"]
    assert [percent(lang, 0.3125) for lang in ("en", "es", "tr")] == [
        "31.3%",
        "31,3\N{NO-BREAK SPACE}%",
        "%31,3",
    ]
    assert decimal("es", 10 / 3) == "3,33"


def test_a_missing_argument_is_an_error_not_a_brace_in_the_text() -> None:
    with pytest.raises(KeyError, match="found"):
        text("en", "problem.table_size")


@pytest.mark.parametrize("lang", OTHERS)
def test_translated(lang: str) -> None:
    """Sentences differ from English (short labels such as ``VP`` may coincide)."""
    other = LANGUAGES[lang].STRINGS
    same = [
        key for key, value in ENGLISH.STRINGS.items() if len(value) > 20 and value == other[key]
    ]
    assert same == []


def test_mark_words_are_unambiguous() -> None:
    yes = {fold(w): lang for lang, module in LANGUAGES.items() for w in module.YES_WORDS}
    no = {fold(w): lang for lang, module in LANGUAGES.items() for w in module.NO_WORDS}
    for lang, module in LANGUAGES.items():
        assert module.YES_WORDS, lang
        assert module.NO_WORDS, lang
        assert all(fold(word) for word in (*module.YES_WORDS, *module.NO_WORDS)), lang
    assert set(yes) & set(no) == set()


def test_headers_do_not_collide_across_languages() -> None:
    """A header text means one column, whichever language it comes from."""
    meaning: dict[str, set[str]] = {}
    for module in LANGUAGES.values():
        for key, value in module.HEADERS.items():
            meaning.setdefault(fold(value), set()).add(key)
    assert {text: keys for text, keys in meaning.items() if len(keys) > 1} == {}


def test_sheet_names_and_language_codes_do_not_collide() -> None:
    for first, second in itertools.combinations(LANGUAGES.values(), 2):
        assert {fold(c) for c in first.CODES} & {fold(c) for c in second.CODES} == set()
    sheets: dict[str, set[str]] = {}
    for module in LANGUAGES.values():
        for key, value in module.SHEETS.items():
            sheets.setdefault(fold(value), set()).add(key)
    assert all(len(kinds) == 1 for kinds in sheets.values())


def test_no_code_builds_patterns_from_translated_text() -> None:
    """Translations are said, never parsed: no module reads ``STRINGS`` but ``i18n`` itself."""
    readers = [
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if path.parent.name != "i18n" and ".STRINGS[" in path.read_text(encoding="utf-8")
    ]
    # Event sheet labels (name, language, date, format), the roster's optional columns' headers,
    # read as header aliases
    assert sorted(readers) == [
        "xlsx/eventformat.py",
        "xlsx/read/rosterheaders.py",
        "xlsx/read/sidesheets.py",
        "xlsx/write/archival.py",
    ]


def test_every_rule_has_a_message() -> None:
    names = {rule.name for roster in (None, frozenset({"Ana"})) for rule in schemas.rules(roster)}
    names |= {"out_of_range", "below_minimum", "not_on_roster_suggest"}
    assert sorted(n for n in names if f"problem.{n}" not in ENGLISH.STRINGS) == []


def _codes_in_source() -> set[str]:
    """Message keys the package uses: full keys in string literals, and the first
    argument of ``UnusableWorkbookError``/``CellError``/``Rule``/``.finding(...)``,
    and ``name=`` of a pandera ``Check`` (problem codes, prefixed ``problem.``)."""
    keys: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "i18n":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                value = node.value
                if value.startswith(KEY_PREFIXES) and " " not in value and value[-1] != ".":
                    keys.add(value)
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0] if node.args else None
            literal = first.value if isinstance(first, ast.Constant) else None
            if name == "UnusableWorkbookError" and isinstance(literal, str):
                keys.add(literal)
            if name in {"CellError", "Rule", "finding"} and isinstance(literal, str):
                keys.add(f"problem.{literal}")
            if name == "Check":
                keys |= {
                    f"problem.{kw.value.value}"
                    for kw in node.keywords
                    if kw.arg == "name" and isinstance(kw.value, ast.Constant)
                }
    return keys


def test_every_code_used_in_the_code_exists() -> None:
    used = _codes_in_source()
    assert len(used) > 20
    assert sorted(key for key in used if key not in ENGLISH.STRINGS) == []


#: Messages said inside another one (a result's key in a diff line), never on their own, and
#: the words of a file's name (``plantilla_24x4.xlsx``), which are no sentence.
FRAGMENTS = {"cli.key", "cli.key_repeated", "web.file.template", "web.file.scored"}
#: Parts of the line ``formats`` gives a format's final stages ("After the rounds: …").
FRAGMENTS |= {"format.stage", "format.stage_cut", "format.stage_plan", "format.stage_nothing"}
FRAGMENTS |= {"format.stage_otherwise"}
#: The help of one option or argument, and argparse's errors about one: lower case, as
#: argparse's own ("show this help message and exit", "expected one argument").
ARGPARSE_STYLE = re.compile(r"help\.(?!description$|exit_codes$|\w+_description$)")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_message_starts_with_a_capital_letter(lang: str) -> None:
    """A message, filled with sample values, that starts with a letter starts with a capital
    (a number, a quote, ``…`` or the program's name ``xlsx-scorer`` may come first)."""
    lower = {}
    for key, pattern in LANGUAGES[lang].STRINGS.items():
        if key in FRAGMENTS or ARGPARSE_STYLE.match(key):
            continue
        values = {
            name: 2 if kind == "plural" else "yes" if kind == "select" else "X"
            for name, kind in arguments(pattern).items()
        }
        said = text(lang, key, **values).removeprefix("xlsx-scorer")
        if said[:1].isalpha() and not said[:1].isupper():
            lower[key] = said
    assert lower == {}


#: How each language says to take a mark away, or to give it to the right player.
REMOVE_THE_MARK = {
    "en": "remove the mark",
    "es": "quita la marca",
    "tr": "işareti kaldırın",
    "ca": "treu la marca",
}
MOVE_THE_MARK = {
    "en": "move the mark",
    "es": "pasa la marca",
    "tr": "taşıyın",
    "ca": "passa la marca",
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("title", ["army", "road"])
def test_a_wrong_title_mark_says_what_to_do(lang: str, title: str) -> None:
    """Marked with nobody qualifying: remove the mark.  Marked on a player who is not the
    leader: give the mark to the leader.  Either way, or correct the numbers."""
    nobody = text(lang, f"problem.{title}_mark_no_qualifier", found=2, most=2)
    assert REMOVE_THE_MARK[lang] in nobody
    other = text(lang, f"problem.{title}_mark_not_leader", found=2, most=4)
    assert MOVE_THE_MARK[lang] in other
    assert other.index(MOVE_THE_MARK[lang]) > other.index("4")


@pytest.mark.parametrize("lang", OTHERS)
def test_same_game_headers_and_argparse_words(lang: str) -> None:
    """A game's own headers exist in every language; argparse's words in every one but English
    (whose are argparse's own)."""
    other = LANGUAGES[lang]
    assert {game: sorted(h) for game, h in other.GAME_HEADERS.items()} == {
        game: sorted(h) for game, h in ENGLISH.GAME_HEADERS.items()
    }
    spanish = LANGUAGES["es"].ARGPARSE
    assert sorted(set(spanish) - set(other.ARGPARSE)) == [], f"missing in {lang}"


def test_a_language_is_only_files(tmp_path: Path) -> None:
    """A folder with a catalogue is a language: English's catalogue copied under a new code
    is read, with its headers, marks and messages, and no code names it."""
    for code in ("en", "es"):
        shutil.copytree(LOCALE / code, tmp_path / code)
    shutil.copytree(LOCALE / "es", tmp_path / "xx")
    (tmp_path / "notes").mkdir()  # a folder without a catalogue is no language
    catalogue = path_of(tmp_path, "xx")
    catalogue.with_suffix(".mo").unlink()  # not compiled yet: the .po itself is read
    said = catalogue.read_text(encoding="utf-8")
    renamed = said.replace('msgctxt "header"\nmsgid "round"\nmsgstr "Ronda"', "")
    renamed += '\nmsgctxt "header"\nmsgid "round"\nmsgstr "Rundo"\n'
    catalogue.write_text(renamed, encoding="utf-8")
    languages = Catalogues(tmp_path, first="en")
    assert list(languages) == ["en", "es", "xx"]
    assert languages["xx"].HEADERS["round"] == "Rundo"
    assert languages["xx"].STRINGS == LANGUAGES["es"].STRINGS
    assert "sí" in languages["xx"].YES_WORDS
    assert languages["xx"].GAME_HEADERS == LANGUAGES["es"].GAME_HEADERS


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_compiled_catalogue_is_its_source_compiled(lang: str) -> None:
    """The program reads ``xlsx_scorer.mo``; a translator edits ``xlsx_scorer.po``.  After an
    edit: ``pybabel compile -d xlsx_scorer/locale -D xlsx_scorer``."""
    source = path_of(LOCALE, lang)
    with source.open("rb") as file:
        catalog = read_po(file)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    assert source.with_suffix(".mo").read_bytes() == compiled.getvalue()


def test_an_untranslated_message_is_missing_not_empty(tmp_path: Path) -> None:
    shutil.copytree(LOCALE / "es", tmp_path / "es")
    catalogue = path_of(tmp_path, "es")
    catalogue.with_suffix(".mo").unlink()
    said = catalogue.read_text(encoding="utf-8")
    blanked = re.sub(r'(msgid "out\.rank"\nmsgstr )"[^"]*"', r'\1""', said)
    assert blanked != said
    catalogue.write_text(blanked, encoding="utf-8")
    assert "out.rank" not in load(tmp_path, "es").STRINGS

"""Write the gettext catalogues ``xlsx_scorer/locale/<lang>/LC_MESSAGES/xlsx_scorer.po`` from
the Python word modules ``xlsx_scorer/i18n/<lang>.py`` (and ``findings_``, ``help_``,
``web_<lang>.py`` beside them), deterministically: sorted, with translator comments.

A one-off bridge while word modules still exist on other branches: run it on the merged
tree, commit its output, then delete the word modules (the package reads only the
catalogues).  A language with a catalogue and no module (``ca``) is kept: its
translations stay, keys new in English are added untranslated (empty ``msgstr``, which
``tests/test_i18n.py`` reports), keys English no longer has are dropped; both are printed.
Each catalogue is compiled beside it (``xlsx_scorer.mo``), which the program reads.

How the catalogue is laid out (``xlsx_scorer.i18n.catalogue`` reads it):

- no ``msgctxt``: a message (``msgid`` its key, ``msgstr`` its ICU MessageFormat pattern);
- ``msgctxt "language"``: ``name`` (the language's own name), ``codes`` (words that name it
  on the Event sheet), ``locale`` (its CLDR locale, for numbers, dates and plurals);
- ``msgctxt "header"`` / ``"sheet"``: a Results column's header / a sheet's name, by key;
- ``msgctxt "game_header"``: a game's own column, ``<game>.<column>``;
- ``msgctxt "header_alias"``, ``"name_headers"`` and ``"marks"`` (``yes``, ``no``): lists,
  one ``msgstr`` whose items are separated by ``|``;
- ``msgctxt "argparse"``: argparse's own words, ``msgid`` its gettext msgid.

Usage: ``python tools/i18n_to_po.py`` from the repository root.
"""

from __future__ import annotations

import ast
import datetime as dt
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "xlsx_scorer" / "i18n"
LOCALE = ROOT / "xlsx_scorer" / "locale"
DOMAIN = "xlsx_scorer"
SEPARATOR = "|"
CREATED = dt.datetime(2026, 12, 2, tzinfo=dt.UTC)
PARTS = ("", "findings_", "help_", "web_")
HEADER = """\
# The words of xlsx_scorer in {lang}. Each msgstr is an ICU MessageFormat pattern:
# keep {{arguments}} as they are, say plurals with {{n, plural, one {{…}} other {{…}}}},
# write an ASCII apostrophe twice (''). Lists (msgctxt header_alias, name_headers, marks,
# language codes) separate their items with |. A new language: copy this folder under its
# code (xlsx_scorer/locale/<code>/) and translate every msgstr; no code changes.
#"""
LIST_NOTE = f"A list: items separated by {SEPARATOR!r}, any number of them."
CONTEXT_NOTES = {
    "language": "About the language itself: its own name, the words naming it, its CLDR locale.",
    "header": "The header of a column of the Results sheet (Catan).",
    "game_header": "The header of a game's own column of the Results sheet: <game>.<column>.",
    "header_alias": "Other headers read for this column. " + LIST_NOTE,
    "name_headers": "Headers of the Players sheet's name column, read. " + LIST_NOTE,
    "marks": "Words read as a mark in a yes/no column. " + LIST_NOTE,
    "sheet": "The name of a sheet (read in every language; ours written in the run's).",
    "argparse": "argparse's own words (its gettext msgid); keep the % fields.",
}
LANGUAGE_NOTES = {
    "name": "The language's name in itself, as the page's language switch shows it.",
    "codes": "Words naming the language in the Event sheet's Language cell. " + LIST_NOTE,
    "locale": "The CLDR locale of numbers, dates and plurals (en, es, tr_TR…).",
}


def comments_by_key(path: Path) -> dict[str, list[str]]:
    """The comment lines right above each string key of a dict literal in ``path``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        for key in node.keys:
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            above: list[str] = []
            row = key.lineno - 2
            while row >= 0 and lines[row].strip().startswith("#"):
                above.insert(0, lines[row].strip().lstrip("#:").strip())
                row -= 1
            found.setdefault(key.value, above)
    return found


def entries(lang: str) -> Iterator[tuple[str | None, str, str]]:
    """(context, msgid, msgstr) of every word of the word modules of ``lang``."""
    module = importlib.import_module(f"xlsx_scorer.i18n.{lang}")
    yield "language", "name", module.NAME
    yield "language", "codes", SEPARATOR.join(module.CODES)
    yield "language", "locale", getattr(module, "LOCALE", lang)
    for key, value in module.HEADERS.items():
        yield "header", key, value
    for game, headers in module.GAME_HEADERS.items():
        for key, value in headers.items():
            yield "game_header", f"{game}.{key}", value
    for key, values in module.HEADER_ALIASES.items():
        yield "header_alias", key, SEPARATOR.join(values)
    yield "name_headers", "player", SEPARATOR.join(module.NAME_HEADERS)
    yield "marks", "yes", SEPARATOR.join(module.YES_WORDS)
    yield "marks", "no", SEPARATOR.join(module.NO_WORDS)
    for key, value in module.SHEETS.items():
        yield "sheet", key, value
    for key, value in module.ARGPARSE.items():
        yield "argparse", key, value
    for key, value in module.STRINGS.items():
        yield None, key, value


def english_comments() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for part in PARTS:
        for key, lines in comments_by_key(I18N / f"{part}en.py").items():
            found.setdefault(key, lines)
    return found


def build(lang: str, words: dict[tuple[str | None, str], str], english: Catalog) -> Catalog:
    """The catalogue of ``lang``: one entry per English entry (argparse: its own entries)."""
    catalog = Catalog(
        locale=lang,
        domain=DOMAIN,
        project="xlsx_scorer",
        version="",
        copyright_holder="the xlsx_scorer authors",
        charset="utf-8",
        fuzzy=False,
    )
    catalog.language_team = f"xlsx_scorer <{lang}>"
    # A fixed date, not the hour of writing: a catalogue written (and compiled) twice is
    # the same file.
    catalog.creation_date = CREATED
    catalog.header_comment = HEADER.format(lang=lang)
    ids = [(m.context, str(m.id)) for m in english if m.id and m.context != "argparse"]
    ids += sorted(key for key in words if key[0] == "argparse")
    for context, msgid in ids:
        source = english.get(msgid, context=context)
        notes = list(source.user_comments) if source is not None else []
        shown = [] if lang == "en" or source is None else [f"English: {source.string}"]
        catalog[msgid] = Message(
            msgid,
            words.get((context, msgid), ""),
            context=context,
            user_comments=notes,
            auto_comments=shown,
        )
    return catalog


def english_catalog(comments: dict[str, list[str]]) -> Catalog:
    catalog = Catalog(domain=DOMAIN, fuzzy=False)
    for context, msgid, value in sorted(entries("en"), key=lambda e: (e[0] or "", e[1])):
        if context == "language":
            notes = [LANGUAGE_NOTES[msgid]]
        elif context is None:
            notes = comments.get(msgid, [])
        else:
            notes = [CONTEXT_NOTES[context]]
        catalog[msgid] = Message(msgid, value, context=context, user_comments=notes)
    return catalog


def path_of(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def write(lang: str, catalog: Catalog) -> None:
    path = path_of(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=0, omit_header=False, sort_output=False)
    # Compiled beside it, as ``pybabel compile -d xlsx_scorer/locale -D xlsx_scorer`` does.
    with path.open("rb") as file:
        written = read_po(file)
    with path.with_suffix(".mo").open("wb") as file:
        write_mo(file, written)


def main() -> int:
    if not (I18N / "en.py").is_file():
        print("No word modules (xlsx_scorer/i18n/en.py…): the catalogues are the source now.")
        return 1
    sys.path.insert(0, str(ROOT))
    english = english_catalog(english_comments())
    modules = sorted(p.stem for p in I18N.glob("*.py") if len(p.stem) == 2)
    for lang in modules:
        words = {(context, msgid): value for context, msgid, value in entries(lang)}
        write(lang, build(lang, words, english))
    for path in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        lang = path.parent.parent.name
        if lang in modules:
            continue
        with path.open("rb") as file:
            kept = read_po(file)
        words = {(m.context, str(m.id)): str(m.string) for m in kept if m.id and m.string}
        catalog = build(lang, words, english)
        wanted = {(m.context, str(m.id)) for m in catalog if m.id}
        missing = sorted(f"{c or ''}|{i}" for c, i in wanted - words.keys() if c != "argparse")
        dropped = sorted(f"{c or ''}|{i}" for c, i in words.keys() - wanted)
        print(f"{lang}: {len(missing)} to translate {missing}, {len(dropped)} dropped {dropped}")
        write(lang, catalog)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

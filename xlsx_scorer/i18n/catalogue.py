"""A language is files: the gettext catalogue ``locale/<code>/LC_MESSAGES/xlsx_scorer.po``.

Every folder of ``locale/`` holding that catalogue is a shipped language (its name is the
code, ``ca``, ``es``…); nothing else declares one.  A translator edits the ``.po`` with the
usual tools (Poedit, Lokalize, Weblate) and compiles it, as gettext does, beside it:
``pybabel compile -d xlsx_scorer/locale -D xlsx_scorer`` writes ``xlsx_scorer.mo``, which the
program reads with the standard library's ``gettext`` (a few milliseconds; Babel's ``.po``
parser takes a hundred times longer, so it reads a ``.po`` only when no ``.mo`` is beside it).
``tests/test_i18n.py`` fails when a ``.mo`` is not its ``.po`` compiled.  In a catalogue:

- no ``msgctxt``: a message, ``msgid`` its key, ``msgstr`` its ICU MessageFormat pattern
  (``{count, plural, one {# problem} other {# problems}}``);
- ``msgctxt "language"``: ``name`` (the language's name in itself), ``codes`` (words naming
  it on the Event sheet) and ``locale`` (its CLDR locale: numbers, dates, plurals);
- ``msgctxt "header"`` and ``"sheet"``: a ``Results`` column's header, a sheet's name;
  ``"game_header"``: a game's own column, ``<game>.<column>`` (``carcassonne.score``);
- ``msgctxt "header_alias"``, ``"name_headers"``, ``"roster_alias"`` (other headers of the
  roster's optional columns), ``"marks"`` (``yes``, ``no``): lists, their items separated
  by ``|`` (``sí|si|x|1``);
- ``msgctxt "argparse"``: argparse's own words by their gettext msgid (``usage: ``).

An empty ``msgstr`` is a word not translated yet: it is left out (``tests/test_i18n.py``
names it).

>>> english = load(LOCALE, "en")
>>> english.NAME, english.SHEETS["errors"], english.YES_WORDS[:3], english.LOCALE
('English', 'Errors', ('yes', 'y', 'x'), 'en')
>>> english.GAME_HEADERS["carcassonne"]["score"]
'Score'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "xlsx_scorer"
#: Between the items of a list in one ``msgstr``.
SEPARATOR = "|"
#: Between a ``msgctxt`` and its ``msgid`` in a compiled catalogue (GNU gettext's).
CONTEXT_END = "\x04"


@dataclass(frozen=True)
class Language:
    """The words of one language, as the rest of the package reads them."""

    NAME: str
    CODES: tuple[str, ...]
    LOCALE: str
    HEADERS: dict[str, str]
    GAME_HEADERS: dict[str, dict[str, str]]
    HEADER_ALIASES: dict[str, tuple[str, ...]]
    NAME_HEADERS: tuple[str, ...]
    ROSTER_ALIASES: dict[str, tuple[str, ...]]
    YES_WORDS: tuple[str, ...]
    NO_WORDS: tuple[str, ...]
    SHEETS: dict[str, str]
    ARGPARSE: dict[str, str]
    STRINGS: dict[str, str]


def path_of(folder: Path, code: str) -> Path:
    """Where the catalogue of ``code`` lives under ``folder``."""
    return folder / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def codes(folder: Path) -> tuple[str, ...]:
    """The languages of ``folder``: each subfolder with a catalogue, by code.

    >>> codes(LOCALE)
    ('ca', 'en', 'es', 'tr')
    """
    return tuple(
        sorted(entry.name for entry in folder.iterdir() if path_of(folder, entry.name).is_file())
    )


def load(folder: Path, code: str) -> Language:
    """The language ``code`` as its catalogue under ``folder`` says it (compiled, if it is)."""
    source = path_of(folder, code)
    compiled = source.with_suffix(".mo")
    words = _compiled_words(compiled) if compiled.is_file() else _source_words(source)
    return _language(code, words)


def _compiled_words(path: Path) -> dict[str | None, dict[str, str]]:
    """``msgctxt`` → ``msgid`` → ``msgstr`` of a compiled catalogue (gettext's own reader)."""
    with path.open("rb") as file:
        catalog: dict[str, str] = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    words: dict[str | None, dict[str, str]] = {}
    for key, value in catalog.items():
        if not key or not value:
            continue  # the header; an untranslated word
        context, _, msgid = key.rpartition(CONTEXT_END)
        words.setdefault(context or None, {})[msgid] = value
    return words


def _source_words(path: Path) -> dict[str | None, dict[str, str]]:
    """``msgctxt`` → ``msgid`` → ``msgstr`` of a catalogue not compiled yet (Babel's reader)."""
    from babel.messages.pofile import read_po  # noqa: PLC0415 (only for a .po alone)

    with path.open("rb") as file:
        catalog = read_po(file, locale=None, domain=DOMAIN)
    words: dict[str | None, dict[str, str]] = {}
    for message in catalog:
        if message.id and message.string and not message.fuzzy:
            words.setdefault(message.context, {})[str(message.id)] = str(message.string)
    return words


def _language(code: str, words: dict[str | None, dict[str, str]]) -> Language:
    def table(context: str | None) -> dict[str, str]:
        return dict(words.get(context, {}))

    def items(context: str, key: str) -> tuple[str, ...]:
        said = words.get(context, {}).get(key, "")
        return tuple(item.strip() for item in said.split(SEPARATOR) if item.strip())

    games: dict[str, dict[str, str]] = {}
    for key, value in table("game_header").items():
        game, column = key.split(".", 1)
        games.setdefault(game, {})[column] = value
    language = table("language")
    return Language(
        NAME=language.get("name", code),
        CODES=items("language", "codes") or (code,),
        LOCALE=language.get("locale", code),
        HEADERS=table("header"),
        GAME_HEADERS=games,
        HEADER_ALIASES={key: items("header_alias", key) for key in table("header_alias")},
        NAME_HEADERS=items("name_headers", "player"),
        ROSTER_ALIASES={key: items("roster_alias", key) for key in table("roster_alias")},
        YES_WORDS=items("marks", "yes"),
        NO_WORDS=items("marks", "no"),
        SHEETS=table("sheet"),
        ARGPARSE=table("argparse"),
        STRINGS=table(None),
    )


class Catalogues(Mapping[str, Language]):
    """The languages of a locale folder by code, each read when first asked for.

    >>> languages = Catalogues(LOCALE, first="en")
    >>> list(languages)[:2], languages["es"].HEADERS["round"]
    (['en', 'ca'], 'Ronda')
    """

    def __init__(self, folder: Path, first: str) -> None:
        found = codes(folder)
        self.folder = folder
        self._codes = tuple(sorted(found, key=lambda code: code != first))

    def __getitem__(self, code: str) -> Language:
        if code not in self._codes:
            raise KeyError(code)
        return _loaded(self.folder, code)

    def __contains__(self, code: object) -> bool:
        """Whether ``code`` is shipped, without reading its catalogue."""
        return code in self._codes

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes)

    def __len__(self) -> int:
        return len(self._codes)


@cache
def _loaded(folder: Path, code: str) -> Language:
    return load(folder, code)

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

An empty ``msgstr`` is a word not translated yet, and a ``#, fuzzy`` one a guess: either
is left out (``tests/test_i18n.py`` names it).  A language read through ``Catalogues``
says such a word as English does (its first language), as gettext says the ``msgid``:
a message missing there too is said as its key.  A run never fails for a word.

>>> english = load(LOCALE, "en")
>>> english.NAME, english.SHEETS["errors"], english.YES_WORDS[:3], english.LOCALE
('English', 'Errors', ('yes', 'y', 'x'), 'en')
>>> english.GAME_HEADERS["carcassonne"]["score"]
'Score'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

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


class Said(dict[str, Any]):
    """A table of one language's words whose missing word is said another way (``__missing__``):
    as the ``fallback`` language's table has it (read only when a word is missing), else as
    its key, as gettext says an untranslated ``msgid``.  Its keys are the words the
    catalogue has: a missing one stays missing to ``in``, ``get`` and iteration.

    >>> table = Said({"a": "A"}, lambda: {"b": "B"})
    >>> table["a"], table["b"], table["c"], "b" in table
    ('A', 'B', 'c', False)
    """

    def __init__(
        self, words: Mapping[str, Any], fallback: Callable[[], Mapping[str, Any]] | None = None
    ) -> None:
        super().__init__(words)
        self._fallback = fallback

    def __missing__(self, key: str) -> Any:
        other = self._fallback() if self._fallback is not None else {}
        return other.get(key, key)


def load(folder: Path, code: str, fallback: Callable[[], Language] | None = None) -> Language:
    """The language ``code`` as its catalogue under ``folder`` says it (compiled, if it is);
    a word it lacks is said as ``fallback`` says it (``Said``), else as its key."""
    source = path_of(folder, code)
    compiled = source.with_suffix(".mo")
    words = _compiled_words(compiled) if compiled.is_file() else _source_words(source)
    return _language(code, words, fallback)


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


def _language(
    code: str,
    words: dict[str | None, dict[str, str]],
    fallback: Callable[[], Language] | None = None,
) -> Language:
    def table(context: str | None, of: Callable[[Language], Mapping[str, Any]]) -> Said:
        other = None if fallback is None else (lambda: of(fallback()))
        return Said(words.get(context, {}), other)

    def items(
        context: str, key: str, of: Callable[[Language], tuple[str, ...]] | None = None
    ) -> tuple[str, ...]:
        said = words.get(context, {}).get(key, "")
        found = tuple(item.strip() for item in said.split(SEPARATOR) if item.strip())
        return found or (of(fallback()) if of is not None and fallback is not None else ())

    games: dict[str, dict[str, str]] = {}
    for key, value in words.get("game_header", {}).items():
        game, column = key.split(".", 1)
        games.setdefault(game, {})[column] = value
    language = words.get("language", {})
    return Language(
        NAME=language.get("name", code),
        CODES=items("language", "codes") or (code,),
        LOCALE=language.get("locale", code),
        HEADERS=table("header", lambda other: other.HEADERS),
        GAME_HEADERS=Said(
            {
                game: Said(columns, None if fallback is None else _game(fallback, game))
                for game, columns in games.items()
            },
            None if fallback is None else (lambda: fallback().GAME_HEADERS),
        ),
        ROSTER_ALIASES={key: items("roster_alias", key) for key in words.get("roster_alias", {})},
        HEADER_ALIASES={key: items("header_alias", key) for key in words.get("header_alias", {})},
        NAME_HEADERS=items("name_headers", "player", lambda other: other.NAME_HEADERS),
        YES_WORDS=items("marks", "yes", lambda other: other.YES_WORDS),
        NO_WORDS=items("marks", "no", lambda other: other.NO_WORDS),
        SHEETS=table("sheet", lambda other: other.SHEETS),
        ARGPARSE=table("argparse", lambda other: other.ARGPARSE),
        STRINGS=table(None, lambda other: other.STRINGS),
    )


def _game(fallback: Callable[[], Language], game: str) -> Callable[[], Mapping[str, str]]:
    """The columns of ``game`` in the ``fallback`` language, when asked."""
    return lambda: fallback().GAME_HEADERS.get(game, {})


class Catalogues(Mapping[str, Language]):
    """The languages of a locale folder by code, each read when first asked for.

    >>> languages = Catalogues(LOCALE, first="en")
    >>> list(languages)[:2], languages["es"].HEADERS["round"]
    (['en', 'ca'], 'Ronda')
    """

    def __init__(self, folder: Path, first: str) -> None:
        found = codes(folder)
        self.folder = folder
        self.first = first
        self._codes = tuple(sorted(found, key=lambda code: code != first))

    def __getitem__(self, code: str) -> Language:
        """The language ``code``; a word it lacks is said as ``first`` says it."""
        if code not in self._codes:
            raise KeyError(code)
        return _loaded(self.folder, code, None if code == self.first else self.first)

    def __contains__(self, code: object) -> bool:
        """Whether ``code`` is shipped, without reading its catalogue."""
        return code in self._codes

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes)

    def __len__(self) -> int:
        return len(self._codes)


@cache
def _loaded(folder: Path, code: str, fallback: str | None) -> Language:
    return load(folder, code, None if fallback is None else lambda: _loaded(folder, fallback, None))

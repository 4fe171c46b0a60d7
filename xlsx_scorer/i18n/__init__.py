"""Every user-facing string, in each shipped language, said through ICU MessageFormat.

A language is a gettext catalogue, ``locale/<code>/LC_MESSAGES/xlsx_scorer.po``
(``i18n.catalogue``: how it is laid out and read); ``LANGUAGES`` holds every one the
``locale`` folder has, by code, each with ``NAME`` (its own name), ``STRINGS``
(message key → ICU MessageFormat pattern: what findings say, ``problem.…``,
``unusable.…``, the notices a run reports, the command line's help ``help.…``, the
web page's ``web.…``), ``HEADERS`` (column key → header text), ``HEADER_ALIASES``
(column key → other headers accepted when reading), ``SHEETS``, and ``YES_WORDS`` /
``NO_WORDS`` for marks.  A finding is said by its message
(``findings.message_key``): ``problem.<code>`` for an error, ``notice.<code>``
for a notice, the fatal code itself (``unusable.<code>``) when the file cannot
be used; ``problem.location`` says where a finding is, ``finding.unnamed_file``
names a workbook given without a file name.  ``tests/test_i18n.py`` fails when a
key or an argument exists in one language and not in another.

ICU, not hand-written rules, makes plurals and numbers right in each language:
``{count, plural, one {# problem} other {# problems}}``; a number argument is
written the language's way (``15,25`` in Spanish).  In a pattern an ASCII
apostrophe is written twice (``player''s``); the typographic ``’`` needs nothing.

>>> text("en", "out.round_column", round=3)
'R3'
>>> text("es", "notice.problems_found", count=1, when="hoy"), text("es", "cli.top", count=2)
('1 problema encontrado. Revisado el hoy.', 'Los 2 primeros:')
>>> decimal("es", 15.25), decimal("en", 10 / 3), percent("es", 0.3125), percent("tr", 0.3125)
('15,25', '3.33', '31,3\xa0%', '%31,3')

One rule picks the language of every word a command prints or writes
(``choose_language``): ``--lang``, else the workbook's, else the system
locale's, else English.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import icu

from xlsx_scorer.i18n.catalogue import LOCALE, Catalogues

DEFAULT_LANGUAGE = "en"
#: Every shipped language by code: a folder of ``locale/`` (English first).
LANGUAGES = Catalogues(LOCALE, first=DEFAULT_LANGUAGE)
#: Numbers shown as a spreadsheet shows them: rounded half away from zero.
_DECIMAL = "rounding-mode-half-up .00"
_PERCENT = "percent scale/100 rounding-mode-half-up .0"
#: Date and time as shown in the sheets: ICU skeleton of a medium date and the usual clock.
_DATE_TIME = "yMMMdjmm"
#: The locale variables that name the language of messages, in the order POSIX reads them.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
_ARGUMENT_KINDS = {
    icu.UMessagePatternArgType.NONE: "plain",
    icu.UMessagePatternArgType.SIMPLE: "formatted",
    icu.UMessagePatternArgType.PLURAL: "plural",
    icu.UMessagePatternArgType.SELECT: "select",
    icu.UMessagePatternArgType.SELECTORDINAL: "selectordinal",
    icu.UMessagePatternArgType.CHOICE: "choice",
}


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The shipped language of the system locale, or None.

    As POSIX reads them, the first non-empty of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` is the locale of messages; its language is the part before ``_``,
    ``.`` or ``@``.  ``C``, ``POSIX`` or a language not shipped give None
    (``environ`` defaults to the process's environment).

    >>> system_language({"LC_ALL": "", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "tr_TR"})
    'es'
    >>> system_language({"LANG": "tr_TR"}), system_language({"LANG": "es@euro"})
    ('tr', 'es')
    >>> system_language({"LC_ALL": "C.UTF-8", "LANG": "es_ES"}), system_language({"LANG": "fr_FR"})
    (None, None)
    """
    variables = os.environ if environ is None else environ
    locale = next((variables[name] for name in LOCALE_VARIABLES if variables.get(name)), "")
    code = re.split(r"[_.@]", locale, maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def choose_language(
    asked: str | None, workbook: str | None = None, environ: Mapping[str, str] | None = None
) -> str:
    """The language of every word a command prints or writes: the one rule.

    ``asked`` (``--lang``), else the ``workbook``'s own language (its headers,
    sheets or Event sheet), else the system locale's (``system_language``),
    else English.

    >>> choose_language("tr", "es"), choose_language(None, "es", {"LANG": "tr_TR.UTF-8"})
    ('tr', 'es')
    >>> choose_language(None, None, {"LANG": "tr_TR.UTF-8"}), choose_language(None, None, {})
    ('tr', 'en')
    """
    return asked or workbook or system_language(environ) or DEFAULT_LANGUAGE


def text(lang: str, key: str, **params: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``params`` (extra ones are ignored).

    A missing argument is an error, never a ``{name}`` left in the text.
    """
    message, names = _message(lang, key)
    missing = names - params.keys()
    if missing:
        raise KeyError(f"{lang}:{key} needs {sorted(missing)}")
    ordered = sorted(names)
    return str(message.format(ordered, [_formattable(params[name]) for name in ordered]))


@cache
def _message(lang: str, key: str) -> tuple[icu.MessageFormat, frozenset[str]]:
    pattern = str(LANGUAGES[lang].STRINGS[key])
    return icu.MessageFormat(pattern, _locale(lang)), frozenset(arguments(pattern))


@cache
def _locale(lang: str) -> icu.Locale:
    """The CLDR locale of ``lang``'s numbers, dates and plurals (its catalogue says which)."""
    return icu.Locale(LANGUAGES[lang].LOCALE)


def _formattable(value: Any) -> icu.Formattable:
    """A value for ICU: numbers stay numbers (formatted by the locale); None is blank."""
    if value is None:
        return icu.Formattable("")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return icu.Formattable(str(value))
    return icu.Formattable(value)


def arguments(pattern: str) -> dict[str, str]:
    """The arguments of an ICU pattern and their kind (``plain``, ``formatted``, ``plural``…).

    >>> arguments("{count, plural, one {# game} other {# games}} at {when}")
    {'count': 'plural', 'when': 'plain'}
    """
    parsed = icu.MessagePattern(pattern)
    found: dict[str, str] = {}
    kind = "plain"
    for index in range(parsed.countParts()):
        part = parsed.getPart(index)
        if part.getType() == icu.UMessagePatternPartType.ARG_START:
            kind = _ARGUMENT_KINDS[part.getArgType()]
        elif part.getType() == icu.UMessagePatternPartType.ARG_NAME:
            found.setdefault(parsed.getSubstring(part), kind)
    return found


@cache
def _number_format(lang: str, skeleton: str) -> icu.LocalizedNumberFormatter:
    return icu.NumberFormatter.forSkeleton(skeleton).locale(_locale(lang))


def decimal(lang: str, value: float) -> str:
    """Round points as shown: two decimals, the language's separator (``15,25`` in Spanish)."""
    return str(_number_format(lang, _DECIMAL).formatDouble(float(value)))


#: A number as the core writes it in a finding's ``found`` (``1.5``, ``1000000000000.0``).
_PLAIN_NUMBER = re.compile(r"(-?)([0-9]{1,15})(?:\.([0-9]+))?")


def number_text(lang: str, found: str) -> str:
    """A number the core wrote, the language's way: its digits grouped and its separator
    (``1.000.000.000.000``, ``1,5`` in Spanish), every digit kept; else as it is.

    >>> number_text("es", "1.5"), number_text("tr", "-2.25"), number_text("en", "1.5")
    ('1,5', '-2,25', '1.5')
    >>> number_text("es", "1000000000000.0"), number_text("en", "1000000000000.0")
    ('1.000.000.000.000', '1,000,000,000,000')
    >>> number_text("es", "Final A"), number_text("es", "1e+20")
    ('Final A', '1e+20')
    """
    match = _PLAIN_NUMBER.fullmatch(found)
    if match is None:
        return found
    sign, whole, fraction = match.groups()
    grouped = str(_number_format(lang, "group-auto").formatDouble(float(whole)))
    fraction = (fraction or "").rstrip("0")
    if not fraction:
        return sign + grouped
    symbols = icu.DecimalFormatSymbols(icu.Locale(lang))
    separator = symbols.getSymbol(icu.DecimalFormatSymbols.kDecimalSeparatorSymbol)
    return f"{sign}{grouped}{separator}{fraction}"


def percent(lang: str, share: float) -> str:
    """A share (``0.3125``) as a percentage with one decimal, the language's way (``%31,3``)."""
    return str(_number_format(lang, _PERCENT).formatDouble(float(share)))


def date_time(lang: str, when: dt.datetime, zone: dt.tzinfo | None = None) -> str:
    """``when`` as an organiser reads it: date, time and zone, the language's way (ICU).

    The wall-clock time of ``when`` in ``zone`` (default: this computer's zone,
    ``TZ`` or the system's), in the language's medium date and its usual clock,
    then the zone: its abbreviation when it has one of letters (``CET``), else
    the offset from GMT as ICU writes it (``GMT+3``).

    >>> when = dt.datetime(2026, 12, 1, 13, 5, tzinfo=dt.UTC)
    >>> madrid = dt.timezone(dt.timedelta(hours=1), "CET")
    >>> date_time("es", when, madrid), date_time("en", when, madrid)
    ('1 dic 2026, 14:05 (CET)', 'Dec 1, 2026, 2:05\u202fPM (CET)')
    >>> date_time("tr", when, dt.timezone(dt.timedelta(hours=3), "+03"))
    '1 Ara 2026 16:05 (GMT+3)'
    """
    local = when.astimezone(zone)
    offset = local.utcoffset() or dt.timedelta()
    seconds = when.timestamp()
    abbreviation = local.tzname() or ""
    icu_zone = icu.SimpleTimeZone(int(offset.total_seconds() * 1000), abbreviation or "local")
    shown = _date_format(lang, _DATE_TIME)
    shown.setTimeZone(icu_zone)
    if abbreviation.isalpha() and abbreviation.isupper():
        label = abbreviation
    else:
        offset_format = _date_format(lang, "O")
        offset_format.setTimeZone(icu_zone)
        label = str(offset_format.format(seconds))
    return f"{shown.format(seconds)} ({label})"


def _date_format(lang: str, pattern: str) -> icu.SimpleDateFormat:
    """A new ICU date format: ``pattern`` itself, or the language's best one for a skeleton."""
    if pattern == _DATE_TIME:
        pattern = _best_pattern(lang, pattern)
    return icu.SimpleDateFormat(pattern, _locale(lang))


@functools.lru_cache(maxsize=64)
def _best_pattern(lang: str, skeleton: str) -> str:
    """The language's best date pattern for ``skeleton``, found once: ICU's pattern generator
    takes longer to make than the rest of a date.

    >>> _best_pattern("es", _DATE_TIME)
    'd MMM y, H:mm'
    """
    generator = icu.DateTimePatternGenerator.createInstance(_locale(lang))
    return str(generator.getBestPattern(skeleton))


def header(lang: str, column: str) -> str:
    """The header of ``column`` (a key such as ``"vp_cards"``, or a game's own such as
    ``"cloister_points"``: ``GAME_HEADERS``) in ``lang``.

    >>> header("es", "vp_cards"), header("tr", "cloister_points")
    ('Cartas de PV', 'Manastırlar')
    """
    module = LANGUAGES[lang]
    if column in module.HEADERS:
        return str(module.HEADERS[column])
    return str(next(h[column] for h in module.GAME_HEADERS.values() if column in h))


def is_column(column: str) -> bool:
    """Whether ``column`` is a ``Results`` column key of some game (its header can be said).

    >>> is_column("score"), is_column("found")
    (True, False)
    """
    english = LANGUAGES[DEFAULT_LANGUAGE]
    return column in english.HEADERS or any(column in h for h in english.GAME_HEADERS.values())


@functools.lru_cache(maxsize=1 << 16)
def fold(value: str) -> str:
    """A forgiving comparison key: NFKC, case-folded, accents and extra spaces removed.

    Turkish dotless ı folds to i so that ``HAYIR`` and ``hayır`` match.

    >>> fold("  Sí ") == fold("SI")
    True
    """
    lowered = unicodedata.normalize("NFKC", value).casefold().replace("ı", "i")
    decomposed = unicodedata.normalize("NFD", lowered)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())


@cache
def bye_words() -> frozenset[str]:
    """The word ``Bye`` of every shipped language (``out.bye``), folded: a bye's table label.

    >>> sorted(bye_words())
    ['bay', 'bye', 'descans', 'descanso']
    """
    return frozenset(fold(str(module.STRINGS["out.bye"])) for module in LANGUAGES.values())


@cache
def _mark_words(attribute: str) -> frozenset[str]:
    return frozenset(
        fold(word) for module in LANGUAGES.values() for word in getattr(module, attribute)
    )


def __getattr__(name: str) -> frozenset[str]:
    """``YES_WORDS`` and ``NO_WORDS``: the folded marks of every shipped language, read when
    first asked for (a command's ``--help`` reads one catalogue, not all)."""
    if name in {"YES_WORDS", "NO_WORDS"}:
        return _mark_words(name)
    raise AttributeError(name)


#: The columns every game's ``Results`` sheet has.
SHARED_COLUMNS = ("round", "table", "player")


def header_aliases(game: str = "catan") -> dict[str, str]:
    """Folded header text of every shipped language, and its other accepted headers → column key,
    for the ``Results`` sheet of ``game`` (Catan's: ``HEADERS``; another's: round, table,
    player and its ``GAME_HEADERS``).

    >>> aliases = header_aliases()
    >>> aliases[fold("Total VP")], aliases[fold("PV totales")], aliases[fold("Toplam Zafer Puanı")]
    ('total_vp', 'total_vp', 'total_vp')
    >>> header_aliases("carcassonne")[fold("Şehirler")], aliases[fold("Şehirler")]
    ('city_points', 'cities')
    """
    if game != "catan":
        return {
            fold(str(h)): key
            for module in LANGUAGES.values()
            for key, h in (
                *((key, module.HEADERS[key]) for key in SHARED_COLUMNS),
                *module.GAME_HEADERS[game].items(),
            )
        }
    return {
        fold(str(h)): key
        for module in LANGUAGES.values()
        for key, headers in module.HEADER_ALIASES.items()
        for h in headers
    } | {fold(str(h)): key for module in LANGUAGES.values() for key, h in module.HEADERS.items()}


#: Messages whose words stand in a workbook we or the template wrote (labels, titles).
_WORKBOOK_WORDS = (
    "event.name",
    "event.date",
    "event.venue",
    "event.language",
    "title.standings",
    "title.round_points",
    "title.errors",
    "instructions.title",
)


@cache
def _word_languages() -> dict[str, frozenset[str]]:
    """Folded words of a workbook (headers, sheet names, labels, language codes) → the
    shipped languages that have them."""
    found: dict[str, set[str]] = {}
    for lang, module in LANGUAGES.items():
        words = [
            *module.HEADERS.values(),
            *module.NAME_HEADERS,
            *module.SHEETS.values(),
            *module.CODES,
            *(module.STRINGS[key] for key in _WORKBOOK_WORDS),
        ]
        for word in words:
            found.setdefault(fold(str(word)), set()).add(lang)
    return {word: frozenset(langs) for word, langs in found.items()}


def language_of_words(texts: Iterable[str]) -> str | None:
    """The shipped language that has the most of ``texts`` (sheet names, headers, labels).

    For a workbook whose Results sheet cannot be found: its other sheets still
    speak its language.  A word of one language is one vote for it; a word several
    languages share (``Jugador``: Spanish and Catalan) splits its vote between them.
    A tie goes to the first code in alphabetical order.

    >>> language_of_words(["Event", "Partidas", "Jugador", "Idioma", "es"])
    'es'
    >>> language_of_words(["Resultats", "Jugador", "Ronda"])
    'ca'
    >>> language_of_words(["Sheet1", "Player"]), language_of_words(["Sheet1"])
    ('en', None)
    """
    known = _word_languages()
    shares: dict[str, Fraction] = {}
    for word in map(fold, texts):
        for lang in known.get(word, ()):
            shares[lang] = shares.get(lang, Fraction(0)) + Fraction(1, len(known[word]))
    return max(sorted(shares), key=lambda lang: shares[lang]) if shares else None


def language_of_headers(headers: list[str]) -> str | None:
    """The shipped language whose headers match the most of ``headers``, if any does.

    English wins ties, since its headers are always recognised.
    """
    folded = {fold(h) for h in headers}
    scores = {
        lang: sum(
            fold(str(h)) in folded
            for h in {
                *module.HEADERS.values(),
                *(h for game in module.GAME_HEADERS.values() for h in game.values()),
            }
        )
        for lang, module in LANGUAGES.items()
    }
    best = max(scores, key=lambda lang: (scores[lang], lang == DEFAULT_LANGUAGE))
    return best if scores[best] else None

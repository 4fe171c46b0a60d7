"""An argument parser that speaks the organiser's language, argparse's own words included.

Our help texts are messages (``help.*``, said with ``say``).  argparse says its
own words (``usage:``, ``options``, ``show this help message and exit``, ``the
following arguments are required: %s``…) through gettext: each is looked up,
when it is said, as ``argparse._(msgid)`` (``argparse.ngettext`` for plurals).
``Parser`` puts the language's ``ARGPARSE`` table (msgid → words: ``msgctxt "argparse"``
of its catalogue, ``i18n.catalogue``) in that place while it builds, formats and parses, and
gettext back afterwards; a msgid the table lacks stays English, as with gettext.
Help text is wrapped at spaces only (``HelpFormatter``): a name with a hyphen
(``xlsx-scorer``, ``--force``) is never cut in two at the end of a line.

The language of the help is ``--lang`` on the command line (``asked_language``),
else the system's, else English: no workbook has been read yet.

>>> parser = Parser(prog="demo", language="es")
>>> print(parser.format_usage().strip())
uso: demo [-h]
>>> Parser(prog="demo", language="tr").format_help().splitlines()[2:4]
['seçenekler:', '  -h, --help  bu yardımı gösterir ve çıkar']
>>> asked_language(["score", "cup.xlsx", "--lang=tr"]), asked_language(["--lang", "xx"])
('tr', None)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from xlsx_scorer.i18n import LANGUAGES, text

LANG_OPTION = "--lang"


def asked_language(argv: Sequence[str]) -> str | None:
    """The shipped language named by ``--lang X`` or ``--lang=X`` in ``argv``, if any."""
    for index, argument in enumerate(argv):
        if argument == "--":
            break
        value = None
        if argument == LANG_OPTION and index + 1 < len(argv):
            value = argv[index + 1]
        elif argument.startswith(LANG_OPTION + "="):
            value = argument.partition("=")[2]
        if value in LANGUAGES:
            return value
    return None


def say(lang: str, key: str, **params: Any) -> str:
    """The message ``key`` for argparse, which %-formats help texts: a ``%`` is doubled.

    >>> say("tr", "help.players", default=24)
    'oyuncu listesindeki satır sayısı (varsayılan: 24)'
    """
    return text(lang, key, **params).replace("%", "%%")


@contextlib.contextmanager
def argparse_speaking(lang: str) -> Iterator[None]:
    """argparse's own words in ``lang`` inside the block (``argparse._``, ``argparse.ngettext``)."""
    words: dict[str, str] = LANGUAGES[lang].ARGPARSE

    def gettext(message: str) -> str:
        return words.get(message, message)

    def ngettext(singular: str, plural: str, count: int) -> str:
        return gettext(singular if count == 1 else plural)

    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, breaking lines at spaces only, never after a hyphen.

    >>> formatter = HelpFormatter("demo")
    >>> formatter._split_lines("un error interno de xlsx-scorer", 24)
    ['un error interno de', 'xlsx-scorer']
    """

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(_one_line(text), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(
            _one_line(text),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )


def _one_line(text: str) -> str:
    """``text`` with every run of white space one space, as argparse's formatter takes it."""
    return " ".join(text.split())


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose every word is in ``language``; its sub-commands' too.

    Options are spelled in full (no ``--la es``): the language is chosen from the
    command line before argparse reads it (:func:`asked_language`), so an
    abbreviation would be read by one and not the other.
    """

    def __init__(self, *args: Any, language: str, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", HelpFormatter)
        self.language = language
        with argparse_speaking(language):
            super().__init__(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        """Sub-commands are ``Parser`` in the same language."""
        kwargs.setdefault("parser_class", functools.partial(Parser, language=self.language))
        with argparse_speaking(self.language):
            return super().add_subparsers(**kwargs)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        with argparse_speaking(self.language):
            return super().parse_args(args, namespace)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with argparse_speaking(self.language):
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with argparse_speaking(self.language):
            return super().format_usage()

    def format_help(self) -> str:
        with argparse_speaking(self.language):
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        with argparse_speaking(self.language):
            super().error(message)


def checked_number(lang: str, low: int, high: int, key: str) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high``, else the message ``key``.

    >>> checked_number("es", 1, 1000, "help.bad_count")("24")
    24
    >>> checked_number("en", 1, 1000, "help.bad_count")("²")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    argparse.ArgumentTypeError: not a whole number
    """

    def number(value: str) -> int:
        if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(text(lang, key, low=str(low), high=str(high)))
        return int(value)

    return number

"""The library API, on bytes: ``check`` a workbook, ``score`` it; path wrappers are thin.

>>> from pathlib import Path
>>> data = Path("fixtures/sample_event.xlsx").read_bytes()
>>> checked = check(data, filename="sample_event.xlsx")
>>> checked.findings, checked.exit_code, checked.games, checked.players
((), 0, 28, 26)
>>> scored = score(data)
>>> scored.workbook[:2], scored.standings["player"].iloc[0]
(b'PK', 'Elif Doğan')
>>> refused = check(b"Round;Table;Player\\n1;1;Ana\\n", filename="cup.xlsx", language="es")
>>> refused.exit_code, refused.workbook, [finding.code for finding in refused.findings]
(2, None, ['unusable.text_file'])
>>> print(refused.messages()[0])  # doctest: +ELLIPSIS
cup.xlsx es un archivo de texto o CSV, no un libro de Excel; ábrelo en ...

A file that cannot be used is not an exception here: the result holds one
fatal finding and no workbook (exit code 2).  Any other exception is a bug of
the scorer (exit code 3); nothing has been written when it escapes.

This module stays light (no pandas, no pandera): a file is refused before the
heavy steps of ``pipeline`` are imported.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from xlsx_scorer.app import outputkinds
from xlsx_scorer.findings import Finding, UnusableWorkbookError, render, to_json
from xlsx_scorer.i18n import LANGUAGES, choose_language
from xlsx_scorer.opc import safety
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx import eventformat, parallel
from xlsx_scorer.xlsx.write import save

if TYPE_CHECKING:
    import pandas as pd

    from xlsx_scorer.app.finalsheet import Final
    from xlsx_scorer.app.pipeline import Ranking, Validated
    from xlsx_scorer.core.formats import Format as Format  # noqa: PLC0414  (the shells name it so)
    from xlsx_scorer.core.formats import FormatFile as FormatFile  # noqa: PLC0414
    from xlsx_scorer.core.inplay import RoundsPlayed
    from xlsx_scorer.xlsx.read.reader import Workbook

EXIT_OK, EXIT_PROBLEMS, EXIT_UNUSABLE, EXIT_INTERNAL = 0, 1, 2, 3
#: The version of the JSON form of a result (``Result.to_json``; docs/findings.md).
JSON_VERSION = 1
#: A format as the API takes it: a shipped name, a format file, or a loaded ``Format``.
#: Set in a process that runs only the scorer (``set_aside_heavy_imports``) until ``heavy_steps``
#: has set the heavy imports aside.
_SET_ASIDE = threading.Event()


@dataclass(frozen=True)
class Result:
    """What a run found and, for ``score``, the scored workbook.

    ``findings`` are in reading order: errors by cell, then notices; a file that
    cannot be used has exactly one, fatal.  ``workbook`` is the scored package
    (None for ``check`` and when the file cannot be used); with errors it holds
    the Errors sheet and no standings (docs/rules.md §5).  ``standings`` is the ranking
    (rank, player, points12, vp, vp_share) when one was published.
    """

    findings: tuple[Finding, ...]
    language: str
    games: int = 0
    players: int = 0
    standings: pd.DataFrame | None = None
    workbook: bytes | None = None
    #: The format the workbook was read in (None when the file could not be used).
    format: Format | None = None
    #: The rounds with rows: those the standings count, those with games to play
    #: (docs/rules.md §8; None when the file could not be used).
    rounds: RoundsPlayed | None = None
    #: The Final Ranking once a stage has rows (SPEC §10; ``finalsheet``), else None.
    final: Final | None = None

    @property
    def exit_code(self) -> int:
        """2 the file cannot be used; 1 the workbook has errors; else 0 (docs/rules.md §5)."""
        severities = {finding.severity for finding in self.findings}
        if "fatal" in severities:
            return EXIT_UNUSABLE
        return EXIT_PROBLEMS if "error" in severities else EXIT_OK

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings that stop the standings from being published (and fatal ones)."""
        return tuple(finding for finding in self.findings if finding.severity != "notice")

    @property
    def notices(self) -> tuple[Finding, ...]:
        """The findings worth knowing that change nothing."""
        return tuple(finding for finding in self.findings if finding.severity == "notice")

    def messages(self, language: str | None = None) -> list[str]:
        """Every finding in words, in ``language`` (default: the run's)."""
        return [render(finding, language or self.language) for finding in self.findings]

    def to_json(self, *, language: str | None = None) -> dict[str, Any]:
        """The documented JSON form of the run (docs/findings.md); messages in ``language``."""
        return {
            "version": JSON_VERSION,
            "exit_code": self.exit_code,
            "language": self.language,
            "format": None if self.format is None else self.format.name,
            "games": self.games,
            "players": self.players,
            "rounds": None if self.rounds is None else self.rounds.to_json(),
            "final_ranking": None
            if self.final is None
            else self.final.to_json(language or self.language),
            "findings": [to_json(finding, language=language) for finding in self.findings],
        }


def check(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    format: str | Path | Format | FormatFile | None = None,
) -> Result:
    """Every finding about the workbook in ``data``; nothing is scored or written.

    ``filename`` names the file in findings; ``language`` (``en``, ``es``,
    ``tr``) overrides the workbook's own for the result's words; ``format`` is the
    tournament format (a shipped name, a format file, a ``Format``), else the one the
    workbook records, else ``catan-es`` (docs/rules.md, "Formats"); one that disagrees
    with the format the workbook records is refused (``unusable.format_disagrees``).
    """
    return _run(data, filename=filename, language=language, now=None, scoring=False, format=format)


def score(
    data: bytes,
    *,
    filename: str | None = None,
    language: str | None = None,
    now: dt.datetime | None = None,
    format: str | Path | Format | FormatFile | None = None,
    force: bool = False,
) -> Result:
    """Check and score the workbook in ``data``; ``Result.workbook`` holds the scored bytes.

    ``now`` is the time the sheets say they were computed (default: now), shown in this
    computer’s time zone (``i18n.date_time``); ``format`` as for ``check``, but ``force``
    scores in a ``format`` that disagrees with the recorded one.  An organiser's own format
    (a file) is recorded on the Event sheet when the workbook records none yet, and a
    forced one replaces the record (``notice.format_recorded``; docs/rules.md §8).
    """
    return _run(
        data,
        filename=filename,
        language=language,
        now=now,
        scoring=True,
        format=format,
        force=force,
    )


def _run(
    data: bytes | Package,
    *,
    filename: str | None,
    language: str | None,
    now: dt.datetime | None,
    scoring: bool,
    format: str | Path | Format | FormatFile | None = None,
    force: bool = False,
) -> Result:
    """One run (``run``): its ``Result``."""
    return run(
        data,
        filename=filename,
        language=language,
        now=now,
        scoring=scoring,
        format=format,
        rank=False,
        force=force,
        forcible=scoring,
    ).result


@dataclass(frozen=True)
class Run:
    """A run's ``Result`` and what it read: the workbook and its validated rows (both None
    when the file could not be used), and what it scored: ``ranking``, the games and standings
    in the workbook's format (``pipeline.Ranking``; None with errors, or for a check not asked
    to ``rank``).  For shells that show or keep more than the result (the page, the archive).

    >>> from pathlib import Path
    >>> data = Path("fixtures/sample_event.xlsx").read_bytes()
    >>> ranked = run(data, scoring=False, rank=True, format="catan-es")
    >>> ranked.result.workbook is None, list(ranked.ranking.ranked.table.columns)
    (True, ['rank', 'player', 'points', 'vp', 'vp_ratio'])
    """

    result: Result
    book: Workbook | None = None
    validated: Validated | None = None
    ranking: Ranking | None = None


def run(
    data: bytes | Package,
    *,
    filename: str | None = None,
    language: str | None = None,
    now: dt.datetime | None = None,
    scoring: bool,
    checked: bool = False,
    format: str | Path | Format | FormatFile | None = None,
    rank: bool = False,
    force: bool = False,
    forcible: bool = False,
) -> Run:
    """Check (and with ``scoring``, score) ``data``: the steps of ``check`` and ``score``.

    ``data`` is the workbook's bytes, or the package already opened from them (``read_file``):
    that package is the run's, read and written from, never opened again.  Bytes are checked
    first (``safety.check_package``) unless ``checked``.

    A check with ``rank`` also ranks a workbook without errors (``Run.ranking``,
    ``Result.standings``), writing nothing; a score always does.  ``force``: a ``format``
    that disagrees with the one the workbook records is used (and, scoring, recorded);
    ``forcible``: the caller can force (its refusal says how: ``score``'s ``--force``).
    """
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; shipped: {', '.join(LANGUAGES)}")
    try:
        chosen = load_format(format)
        # the run's one package, held until the run ends (``Package.open`` hands it back)
        if isinstance(data, Package):
            package = data
        else:
            package = Package.open(data) if checked else safety.check_package(data)
        # The heavy steps (pandas, pandera) only for a file that passed the safety checks:
        # imported while a league's rows are read by a helper process, else once read.
        from xlsx_scorer.app import reading  # noqa: PLC0415

        with parallel.meanwhile(heavy_steps):
            book = reading.read(package, chosen)
        eventformat.agree(book.recorded, chosen, force=force, forcible=forcible, lang=book.language)
        pipeline = heavy_steps()
        lang = choose_language(language, book.language)
        validated = pipeline.validate(book)
        notices = pipeline.notices(book, validated)
        findings = tuple(
            finding.located(file=filename) for finding in (*validated.findings, *notices)
        )
        if not scoring:
            ranks = pipeline.ranking(book, validated) if rank and not validated.findings else None
            checked_only = Result(
                findings,
                lang,
                validated.games,
                validated.players,
                None if ranks is None else ranks.table,
                format=book.format,
                rounds=validated.rounds,
                final=None if ranks is None else ranks.final,
            )
            return Run(checked_only, book, validated, ranks)
        scored = pipeline.output_sheets(
            book, validated, notices, lang=lang, now=now or dt.datetime.now(dt.UTC)
        )
        games, players = validated.games, validated.players
        pipeline.forget_answers(validated)  # the writing needs none of them
        workbook = pipeline.scored_package(book, scored.specs, problems=bool(validated.findings))
        taken = outputkinds.names_taken(book, scored.specs, workbook)
        taken += outputkinds.put_right(book, frozenset(outputkinds.OUTPUT_KINDS), workbook)
        workbook, recorded = eventformat.record(workbook, book.recorded, chosen, lang)
        findings += tuple(finding.located(file=filename) for finding in (*taken, *recorded))
    except UnusableWorkbookError as error:
        return Run(_unusable(error, filename=filename, language=language))
    result = Result(
        findings,
        lang,
        games,
        players,
        scored.standings,
        workbook,
        book.format,
        validated.rounds,
        None if scored.standings is None or scored.ranking is None else scored.ranking.final,
    )
    return Run(result, book, validated, scored.ranking)


def uploaded_format(name: str, data: bytes) -> FormatFile:
    """An organiser's own format file sent beside the workbook (the page's ``format_file``),
    to be read as ``--format FILE.toml`` is: ``name`` says it, ``data`` is its text."""
    from xlsx_scorer.core import formats  # noqa: PLC0415  (pydantic: only when asked)

    return formats.FormatFile(name, data)


def load_format(format: str | Path | Format | FormatFile | None) -> Format | None:
    """The format asked for, loaded (``core.formats.load``; a ``FormatFile``, uploaded, by
    ``formats.from_file``); None when none was asked for.

    Raises ``UnusableWorkbookError`` for a name not shipped or a broken format file.
    """
    if format is None:
        return None
    from xlsx_scorer.core import formats  # noqa: PLC0415  (pydantic: only when asked)

    if isinstance(format, formats.FormatFile):
        return formats.from_file(format)
    return format if isinstance(format, formats.Format) else formats.load(format)


def shipped_formats() -> dict[str, Format]:
    """The formats that ship with xlsx-scorer, by name, in the order they are listed.

    >>> list(shipped_formats())[:2], shipped_formats()["carcassonne-hig"].game
    (['catan-es', 'catan-de'], 'carcassonne')
    """
    from xlsx_scorer.core import formats  # noqa: PLC0415  (only when asked)

    return formats.shipped()


def heavy_steps() -> ModuleType:
    """``pipeline`` (pandas, pandera), imported; set aside from the garbage collector right
    after its import when ``set_aside_heavy_imports`` asked for it.  A server calls it before
    its first request, so that nothing of a request in flight is set aside with it."""
    if not _SET_ASIDE.is_set():
        from xlsx_scorer.app import pipeline  # noqa: PLC0415

        return pipeline
    _SET_ASIDE.clear()  # once: a second first run (another thread) imports, as it finds it
    collecting = gc.isenabled()
    gc.disable()  # what the import leaves lives as long as the process: no use walking it
    try:
        from xlsx_scorer.app import pipeline  # noqa: PLC0415
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
    return pipeline


def set_aside_heavy_imports() -> None:
    """In a process that runs nothing but the scorer (the ``xlsx-scorer`` program, the web
    server): set the objects of the heavy imports aside from the garbage collector, and
    keep numpy's BLAS to one thread.

    pandas and pandera leave a few hundred thousand objects that live as long as the
    process, and every full collection walks them all again: about 60 ms, and a fresh
    process meets one during its run.  The first run after this call freezes them
    (``gc.freeze``), once they are imported, and collects nothing while importing them
    (collections during the import would only walk them again).  A library caller's process
    is left as it is:
    frozen objects are never collected, and ``gc.get_referrers`` no longer sees them.

    The scorer does no linear algebra; a BLAS thread pool would only make the process
    multi-threaded, and a league's rows are read on two processes only by a process with
    one thread (``xlsx.parallel``).  Set before numpy is imported, unless the user set it.
    """
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    _SET_ASIDE.set()


def is_shipped_format(fmt: Format) -> bool:
    """True for a shipped format itself, not an organiser's file that borrows its name
    (``core.formats.is_shipped``): a workbook can declare only the shipped ones.

    >>> is_shipped_format(load_format("catan-de"))
    True
    """
    from xlsx_scorer.core import formats  # noqa: PLC0415

    return formats.is_shipped(fmt)


def cell_shown(value: Any) -> str | None:
    """A cell's value as the organiser would recognise it in a message (``core.cells.shown``);
    None for a blank cell (empty, or only white space).

    >>> cell_shown(3.5), cell_shown(True), cell_shown("  "), cell_shown(None)
    ('3.5', 'TRUE', None, None)
    """
    from xlsx_scorer.core.cells import is_blank, shown  # noqa: PLC0415  (pandas: only when run)

    return None if is_blank(value) else shown(value)


def _unusable(
    error: UnusableWorkbookError, *, filename: str | None, language: str | None
) -> Result:
    """The result of a file that cannot be used: its one fatal finding, in the best language."""
    lang = choose_language(language, error.language)
    return Result((error.finding.located(file=filename),), lang)


# ---------------------------------------------------------------------------
# Files: thin wrappers


def read_file(source: Path) -> Package:
    """The package in ``source`` once it passed ``safety.check_package``: run it as it is
    (``run(package, …)``), it is not opened again.

    Raises ``UnusableWorkbookError`` (a folder, no such file, too large, not a workbook…).
    """
    return safety.read_package(source)


def check_file(
    source: Path,
    *,
    language: str | None = None,
    format: str | Path | Format | FormatFile | None = None,
) -> Result:
    """``check`` on the file ``source``."""
    try:
        package = read_file(source)
    except UnusableWorkbookError as error:
        return _unusable(error, filename=str(source), language=language)
    return _run(
        package,
        filename=str(source),
        language=language,
        now=None,
        scoring=False,
        format=format,
    )


def score_file(
    source: Path,
    target: Path | None = None,
    *,
    language: str | None = None,
    now: dt.datetime | None = None,
    force: bool = False,
    format: str | Path | Format | FormatFile | None = None,
) -> Result:
    """``score`` the file ``source`` and save the scored workbook to ``target`` (default: in place).

    The save is atomic: when the result's exit code is 2, or an exception
    escapes, ``target`` is as it was.  A result with a ``workbook`` was saved.
    ``force`` also scores in a ``format`` the workbook does not record (``score``).
    A ``target`` that is another existing file is replaced only with ``force``;
    else the result is ``unusable.output_exists``, in the workbook's language.  A
    ``target`` whose name does not end like a workbook of its kind (``.xlsx``, or
    ``.xlsm`` for an ``.xlsm``) is ``unusable.output_name`` (``save.check_workbook_name``).
    """
    written = target or source
    replace = force or target is None or not target.exists() or target.samefile(source)
    try:
        package = read_file(source)
    except UnusableWorkbookError as error:
        return _unusable(error, filename=str(source), language=language)
    result = _run(
        package,
        filename=str(source),
        language=language,
        now=now,
        scoring=True,
        format=format,
        force=force,
    )
    if result.workbook is None:
        return result
    try:
        if target is not None:
            save.check_workbook_name(
                target, ".xlsm" if source.suffix.lower() == ".xlsm" else ".xlsx"
            )
        save.save_atomically(written, result.workbook, overwrite=replace)
    except FileExistsError:
        taken = UnusableWorkbookError("unusable.output_exists", {"file": str(written)})
        return _unusable(taken, filename=str(written), language=result.language)
    except UnusableWorkbookError as error:
        return _unusable(error, filename=str(written), language=result.language)
    return result

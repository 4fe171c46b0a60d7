"""The ``xlsx-scorer`` command: parse arguments, call the library, print, exit 0/1/2/3.

Exit codes: 0 no problems; 1 the workbook has errors; 2 the file could not be
used (nothing written); 3 an internal error of the scorer: a one-line message
says whether anything was written and how to report it; 130 stopped by Ctrl-C
(a line says whether anything was written).  No traceback reaches the organiser
unless ``--debug`` asks for it.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import sys
import traceback
from collections.abc import Iterator, Sequence
from typing import Any, TextIO, cast

from xlsx_scorer.app.api import EXIT_INTERNAL, EXIT_UNUSABLE, set_aside_heavy_imports
from xlsx_scorer.cli import commands, common, registry
from xlsx_scorer.cli.parser import asked_language
from xlsx_scorer.cli.registry import build_parser
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.i18n import choose_language, text

__all__ = ["build_parser", "main"]

#: Stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    Without ``argv`` (``sys.argv``) this is the program, in a process of its own
    (``api.set_aside_heavy_imports``), which ends as soon as the command is done
    (:func:`_end_now`).
    """
    if argv is None:
        _pandera_reads_no_environment()
        set_aside_heavy_imports()
        ended: list[int] = []
        atexit.register(_end_now, ended)
        ended.append(_command(argv))
        return ended[0]
    return _command(argv)


def _command(argv: Sequence[str] | None) -> int:
    """The command of ``argv`` (else ``sys.argv``) parsed and run: its exit code."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    arguments = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(choose_language(asked_language(arguments))).parse_args(arguments)
    run: commands.Run = args.ran
    with _reader_may_leave():  # their reader may go away (| head): no error of ours
        try:
            return registry.run(args)
        except UnusableWorkbookError as error:  # the template's save: locked, read-only…
            lang = choose_language(args.lang, error.language)
            print(
                render(error.finding.located(file=common.named_file(args)), lang), file=sys.stderr
            )
            print(text(lang, "cli.nothing_written"), file=sys.stderr)
            _traceback_if(args.debug)
            return EXIT_UNUSABLE
        except KeyboardInterrupt:  # Ctrl-C: say whether anything was written, no traceback
            saved = commands.saved(run.written)
            said = text(choose_language(args.lang), "cli.interrupted", **saved)
            print(said, file=sys.stderr)
            _traceback_if(args.debug)
            return EXIT_INTERRUPTED
        except Exception as error:  # a bug: say so plainly, and whether anything was written
            message = commands.internal_error(args.lang, error, run.written)
            print(message, file=sys.stderr)
            _traceback_if(args.debug)
            return EXIT_INTERNAL


def _end_now(ended: list[int]) -> None:
    """End the program's process with the exit code its command returned (``ended``), as the
    interpreter begins to end (an ``atexit`` handler, run after those registered later).

    The command is done: its files are saved (each synced to disk and closed), its output is
    flushed here, and no thread of it is left (the interpreter has waited for them), so
    nothing is left to do but free memory.  The interpreter's own teardown would clear every
    module of pandas and pandera object by object, about a tenth of a second of a typical
    event's run, for memory the kernel frees at once.  A command that raised (``--help``,
    a usage error: ``SystemExit``) set no code, and the interpreter ends as usual.  A reader
    gone from the output (``| head``) changes nothing: the command's exit code stands.
    """
    if not ended:
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(ended[0])


def _pandera_reads_no_environment() -> None:
    """Fail closed (docs/rules.md): this program's pandera starts from its own defaults.

    pandera reads ``PANDERA_*`` variables once, when it is imported; a depth it does not
    know or a backend that is not installed would stop every run (exit 3), and its
    settings are the scorer's own anyway (``core.backends.own_settings``).  Called before
    pandera is imported, in the program's own process only: its helper processes inherit
    the same environment.
    """
    for name in [name for name in os.environ if name.startswith("PANDERA_")]:
        del os.environ[name]


class _ReaderMayLeave:
    """The standard output of a command whose reader may go away (``| head``): once it has,
    what is printed goes nowhere and the command goes on to its own exit code.  Everything
    else (``isatty``, ``encoding``…) is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self._left()
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._left()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def _left(self) -> None:
        """Nobody reads any more: the stream's descriptor now leads nowhere, so what is still
        in its buffer is dropped quietly when the interpreter ends."""
        self.gone = True
        with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
            nowhere = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(nowhere, self.stream.fileno())
            finally:
                os.close(nowhere)


@contextlib.contextmanager
def _reader_may_leave() -> Iterator[None]:
    """Run a command with :class:`_ReaderMayLeave` as its standard output and error (``2>&1 |
    head``: the message of a refused file, gone unread, keeps exit code 2)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, _ReaderMayLeave(out))
    sys.stderr = cast(TextIO, _ReaderMayLeave(err))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def _traceback_if(debug: bool) -> None:
    if debug:
        traceback.print_exc()

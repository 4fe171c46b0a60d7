"""Several workbooks in one command: folders expanded, one outcome per file, the worst exit code.

``score`` and ``check`` take any number of files and folders.  A folder stands
for the workbooks directly inside it (``.xlsx`` and ``.xlsm``, in name order;
hidden files and the lock files of Excel and LibreOffice are not workbooks).
Each file is run on its own: one that cannot be used, or even one that meets a
bug of the scorer, never stops the others; the command's exit code is the
worst of theirs (3 > 2 > 1 > 0).  A folder with no workbook in it is said so
(``without_workbooks``) and counts as a file that cannot be used (exit code 2).
On a terminal a progress bar (rich) runs on the error stream while the outcomes
are printed; elsewhere only the lines.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> for name in ("b.xlsx", "a.xlsm", "~$b.xlsx", ".~lock.a.xlsm#", "notes.txt"):
...     _ = (folder / name).write_bytes(b"")
>>> [path.name for path in workbooks([folder])]
['a.xlsm', 'b.xlsx']
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from xlsx_scorer.app.api import EXIT_INTERNAL

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
#: Lock files the spreadsheet applications leave beside an open workbook.
LOCK_PREFIXES = ("~$", ".~lock.")


def workbooks(paths: Sequence[Path]) -> list[Path]:
    """``paths`` with every folder replaced by the workbooks directly inside it, in name order.

    Files are kept as given (a missing or unusable one gets its own message later).
    """
    found: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        found.extend(
            sorted(
                child
                for child in path.iterdir()
                if child.is_file()
                and child.suffix.lower() in WORKBOOK_SUFFIXES
                and not child.name.startswith((".", *LOCK_PREFIXES))
            )
        )
    return found


def without_workbooks(paths: Sequence[Path]) -> list[Path]:
    """The folders among ``paths`` with no workbook directly inside them (said, exit code 2).

    >>> import tempfile
    >>> empty = Path(tempfile.mkdtemp())
    >>> _ = (empty / "~$cup.xlsx").write_bytes(b"")
    >>> without_workbooks([empty]) == [empty], without_workbooks([empty / "cup.xlsx"])
    (True, [])
    """
    return [path for path in paths if path.is_dir() and not workbooks([path])]


def run_each(
    paths: Sequence[Path], work: Callable[[Path], int], on_bug: Callable[[Path, Exception], None]
) -> int:
    """``work(path)`` for every path, a progress bar on a terminal; the worst exit code.

    An exception escaping ``work`` is a bug of the scorer for that file: ``on_bug``
    says so and the run goes on with the next file (exit code 3 at the end).
    """
    worst = 0
    with _progress(len(paths)) as advance:
        for path in paths:
            try:
                code = work(path)
            except Exception as error:  # a bug for this file only: report it, go on
                on_bug(path, error)
                code = EXIT_INTERNAL
            worst = max(worst, code)
            advance(path)
    return worst


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[Path], None]]:
    """A progress bar on the error stream when it is a terminal and there is more than one file."""
    if total < 2 or not sys.stderr.isatty():
        yield lambda _path: None
        return
    from rich.console import Console  # noqa: PLC0415  (only on a terminal)
    from rich.progress import Progress  # noqa: PLC0415

    # Lines printed to a terminal go above the bar; printed elsewhere, they stay there.
    redirect = sys.stdout.isatty()
    with Progress(console=Console(stderr=True), transient=True, redirect_stdout=redirect) as bar:
        task = bar.add_task("", total=total)

        def advance(path: Path) -> None:
            bar.update(task, advance=1, description=path.name)

        yield advance

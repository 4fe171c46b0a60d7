"""Reading a workbook that passed the safety checks: its ``Results``, roster, event, our sheets.

Light until the cells are read: pandas comes in only to make the ``Results``
frame, so a run can import it (and pandera) while a league's rows are still
being read by a helper process (``api.run``, ``xlsx.parallel.meanwhile``).

>>> from pathlib import Path
>>> book = read(Path("fixtures/sample_event.xlsx").read_bytes())
>>> book.results.name, len(book.results.raw), book.roster is not None
('Results', 104, True)
"""

from __future__ import annotations

from xlsx_scorer.app.outputkinds import LEGACY_OUTPUTS
from xlsx_scorer.core.formats import Format
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read import reader, rosterheaders, sidesheets
from xlsx_scorer.xlsx.write import splice


def read(source: bytes | Package, format: Format | None = None) -> reader.Workbook:
    """The workbook in ``source`` (a package, or bytes, already through
    ``safety.check_package``), our old sheets too.

    A damaged part that scoring would keep makes the workbook unusable here, so that
    ``check`` and ``score`` refuse the same files.  ``format``: the format asked for
    (else the workbook's declared one, else the default).  The package is opened here, once:
    the reader's ``Workbook.package`` is that object, which the writers are handed.
    """
    package = source if isinstance(source, Package) else Package.open(source)
    splice.refuse_kept_damage(package, legacy=LEGACY_OUTPUTS)
    return reader.read_workbook_bytes(package, LEGACY_OUTPUTS, format=format)


def withdrawn(book: reader.Workbook) -> dict[str, int]:
    """Who withdrew, from the roster's ``Dropped After Round`` column: name → the round.

    The Standings mark them (``formatsheets.standings_sheet``).  A cell there that is not
    a round (``seat`` refuses it, naming the cell) marks no one: scoring does not need it.
    """
    players = reader.side_rows(book.package, "players")
    if book.roster is None or players is None or not book.roster.names:
        return {}
    names_column = next(iter(book.roster.names.values())).rstrip("0123456789")
    headers = rosterheaders.find(*players, names_column)  # as ``seat`` reads them
    try:
        lines = sidesheets.roster_lines(*players, book.roster, headers.columns)
    except UnusableWorkbookError:
        return {}
    return {name: line.dropped_after for name, line in lines.items() if line.dropped_after}

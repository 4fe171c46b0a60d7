"""The format an event's workbook records on its ``Event`` sheet (docs/rules.md §6, §8).

Two lines, labels in one column and values right of them, in any shipped language:

- ``Format``: the format's name (``catan-de``, or the organiser's own ``lliga``);
- ``Format Rules`` (``Reglas del formato``…): for an organiser's own format only, the
  format file's text (``formats.to_toml``), so that the workbook alone scores right on
  another judge's computer.

A ``Format`` whose name is the rules' is that format; else a shipped name is the shipped
format; anything else is refused (``unusable.format_unknown``).  Rules that are not a format
file are refused as a format file would be, naming the cell (``Evento!B7``).

>>> rows = {1: {1: "Evento", 2: "Copa"}, 2: {1: "Formato", 2: "lliga"},
...         3: {1: "Reglas del formato", 2: 'name = "lliga"\\ngame = "catan"\\n'
...             'table_sizes = [3, 4]\\norder = ["vp"]'}}
>>> record = read("Evento", rows)
>>> record.format.name, record.format.order, record.name_cell, record.rules_cell
('lliga', ('vp',), 'B2', 'B3')
>>> record.edits(formats.load("catan-de"))
{'B2': 'catan-de', 'B3': None}
>>> added = read("Evento", {1: {1: "Evento", 2: "Copa"}}).edits(record.format, "es")
>>> list(added), added["B3"].splitlines()[0]
(['A2', 'B2', 'A3', 'B3'], 'name = "lliga"')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from xlsx_scorer.core import formats
from xlsx_scorer.core.cells import is_blank
from xlsx_scorer.findings import Finding, UnusableWorkbookError, Where
from xlsx_scorer.i18n import LANGUAGES, fold, text
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read.sheetcells import column_letters
from xlsx_scorer.xlsx.write import patch

#: The labels of the two lines, by message key.
NAME, RULES = "event.format", "event.format_rules"


@dataclass(frozen=True)
class FormatRecord:
    """What the ``Event`` sheet (``sheet``) records: the format (None: none), the cells of
    its name and rules (None: no such line), and where new lines go (``label_column``,
    ``next_row``)."""

    sheet: str
    format: formats.Format | None = None
    name_cell: str | None = None
    rules_cell: str | None = None
    label_column: int = 1
    next_row: int = 1

    def edits(self, fmt: formats.Format, lang: str = "en") -> dict[str, str | None]:
        """The cells to write so that the sheet records ``fmt``: its name, and its rules when
        it is not a shipped format (a shipped one clears rules recorded before); a missing
        line is added below the sheet's last, labelled in ``lang``."""
        rules = None if formats.is_shipped(fmt) else formats.to_toml(fmt)
        edits: dict[str, str | None] = {}
        row = self.next_row
        for key, cell, value in ((NAME, self.name_cell, fmt.name), (RULES, self.rules_cell, rules)):
            if cell is not None:
                edits[cell] = value
            elif value is not None:  # a line added below the last
                edits[f"{column_letters(self.label_column)}{row}"] = text(lang, key)
                edits[f"{column_letters(self.label_column + 1)}{row}"] = value
                row += 1
        return edits


def read(sheet: str, rows: dict[int, dict[int, Any]]) -> FormatRecord:
    """The record of the ``Event`` sheet ``sheet`` from its cells ``rows`` (see the module)."""
    labels = {
        fold(module.STRINGS[key]): key for module in LANGUAGES.values() for key in (NAME, RULES)
    }
    found: dict[str, tuple[str, Any]] = {}
    label_column, last = 1, 0
    for row, line in sorted(rows.items()):
        cells = [(column, value) for column, value in sorted(line.items()) if not is_blank(value)]
        if not cells:
            continue
        last = row
        first_column, label = cells[0]
        key = labels.get(fold(label)) if isinstance(label, str) else None
        if key is None or key in found:
            continue
        label_column = first_column
        value = cells[1] if len(cells) > 1 else (first_column + 1, None)
        found[key] = (f"{column_letters(value[0])}{row}", value[1])
    record = FormatRecord(
        sheet,
        name_cell=found[NAME][0] if NAME in found else None,
        rules_cell=found[RULES][0] if RULES in found else None,
        label_column=label_column,
        next_row=last + 1,
    )
    name = found.get(NAME, ("", None))[1]
    if is_blank(name if name is not None else ""):
        return record
    name = " ".join(str(name).split())
    rules = found.get(RULES, ("", None))[1]
    own = None if rules is None or is_blank(rules) else _rules(sheet, found[RULES][0], rules)
    chosen = own if own is not None and own.name == name else formats.named(name)
    if chosen is None:
        raise UnusableWorkbookError(
            "unusable.format_unknown", {"name": name, "formats": ", ".join(formats.SHIPPED)}
        )
    return FormatRecord(
        sheet, chosen, record.name_cell, record.rules_cell, record.label_column, record.next_row
    )


def _rules(sheet: str, cell: str, value: Any) -> formats.Format:
    """The format recorded in the rules cell, read as a format file named by the cell."""
    where = f"{sheet}!{cell}"
    try:
        document = tomllib.loads(str(value))
    except tomllib.TOMLDecodeError as error:
        raise UnusableWorkbookError(
            "unusable.format_not_toml", {"file": where, "detail": str(error)}
        ) from None
    return formats.parse(document, where)


def agree(
    recorded: FormatRecord | None,
    given: formats.Format | None,
    *,
    force: bool,
    forcible: bool,
    lang: str | None,
) -> None:
    """Refuse a ``given`` format that is not the one ``recorded`` (by name, or the rules of
    a file of the same name), unless ``force``; ``forcible`` says whether the refusal may
    suggest forcing (a command that writes: ``score``, ``seat``)."""
    if given is None or recorded is None or recorded.format in {None, given} or force:
        return
    assert recorded.format is not None  # for mypy: ``in {None, …}`` above
    raise UnusableWorkbookError(
        "unusable.format_disagrees",
        {
            "recorded": recorded.format.name,
            "given": given.name,
            "sheet": recorded.sheet,
            "same": "yes" if recorded.format.name == given.name else "no",
            "forcible": "yes" if forcible else "no",
        },
        language=lang,
    )


def record(
    workbook: bytes, recorded: FormatRecord | None, given: formats.Format | None, lang: str
) -> tuple[bytes, tuple[Finding, ...]]:
    """``workbook`` with ``given`` recorded on its Event sheet, and the notice saying so.

    Recorded: any format the sheet does not record yet (a shipped one as an organiser's own:
    ``score --format catan-de`` once, and the next plain ``score`` ranks by catan-de too),
    and any format given over another recorded one (``agree`` let it through: forced); a
    workbook without an Event sheet is told that its own format could not be recorded.
    """
    if given is None or (recorded is not None and recorded.format == given):
        return workbook, ()
    own = not formats.is_shipped(given)
    if recorded is None:
        notice = Finding("format_not_recorded", {"name": given.name}, "notice")
        return workbook, (notice,) if own else ()
    edits = recorded.edits(given, lang)
    package = patch.patch_workbook(Package.open(workbook), {recorded.sheet: edits})
    cell = recorded.name_cell or f"{column_letters(recorded.label_column + 1)}{recorded.next_row}"
    where = Where(sheet=recorded.sheet, cell=cell)
    return package, (Finding("format_recorded", {"name": given.name}, "notice", where),)

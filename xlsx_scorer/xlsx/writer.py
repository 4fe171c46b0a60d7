"""Our output sheets rendered and spliced into the organiser's package."""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import Workbook as OpenpyxlWorkbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from xlsx_scorer.app.report import CHART_DATA, OUTPUT_SHEETS, SheetSpec
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx import reader, save
from xlsx_scorer.xlsx import splice as package

HEADER_SEARCH_ROWS = 30

# ---------------------------------------------------------------------------
# Rendering our sheets

TITLE_ROW, FIRST_NOTE_ROW, HEADER_ROW = 1, 2, 4
_TITLE_FONT = Font(bold=True, size=14)
_HEADER_FONT = Font(bold=True, color="FFFFFF")
_HEADER_FILL = PatternFill("solid", start_color="305496")
_FORMULA_START = "="


def _safe_text(value: Any) -> Any:
    """Text written as text: no illegal XML characters; never turned into a formula."""
    if isinstance(value, str):
        return ILLEGAL_CHARACTERS_RE.sub("", value)
    return value


def _put(sheet: Worksheet, row: int, column: int, value: Any) -> Cell:
    cell: Cell = sheet.cell(row=row, column=column)
    cell.value = _safe_text(value)
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        cell.data_type = "s"
    return cell


@dataclass(frozen=True)
class Rendered:
    """Our sheets as a fresh xlsx package, and the text each link formula shows."""

    data: bytes
    cached_values: dict[tuple[str, str], str]


def hyperlink_formula(target: str, shown_text: str) -> str:
    """A link that survives renaming and emailing the file, and LibreOffice.

    >>> print(hyperlink_formula("'Results'!E7", "Results!E7"))
    =HYPERLINK("#'Results'!E7","Results!E7")
    """
    quoted_target = target.replace('"', '""')
    quoted_text = shown_text.replace('"', '""')
    return f'=HYPERLINK("#{quoted_target}","{quoted_text}")'


def render(specs: Iterable[SheetSpec]) -> Rendered:
    """Our sheets as a fresh xlsx package (to be spliced into the organiser's).

    openpyxl writes each sheet's frame (title, notes, header, widths, panes,
    page setup, the chart) and the styles; the table rows below the header, the
    bulk of the data, are written as sheet XML directly (``_table_xml``) and
    spliced in, cell for cell what openpyxl would write, floats with all digits.
    """
    specs = list(specs)
    cached_values: dict[tuple[str, str], str] = {}
    book = OpenpyxlWorkbook()
    book.remove(book.active)
    styles = _CellStyles(book, {spec.name for spec in specs})
    tables: dict[str, _Table] = {}
    for spec in specs:
        sheet = book.create_sheet(spec.name)
        title = _put(sheet, TITLE_ROW, 1, spec.title)
        title.font = _TITLE_FONT
        styles.register(title)
        for offset, note in enumerate(spec.notes):
            _put(sheet, FIRST_NOTE_ROW + offset, 1, note)
        header_row = max(HEADER_ROW, FIRST_NOTE_ROW + len(spec.notes) + 1)
        for position, column in enumerate(spec.columns, start=1):
            cell = _put(sheet, header_row, position, column.header)
            cell.font, cell.fill = _HEADER_FONT, _HEADER_FILL
            cell.alignment = Alignment(horizontal="center", wrap_text=True)
            styles.register(cell)
            sheet.column_dimensions[get_column_letter(position)].width = column.width
        formats = [column.number_format for column in spec.columns]
        tables[spec.name] = _table_xml(
            spec.name,
            header_row + 1,
            spec.rows,
            formats,
            links=spec.links,
            styles=styles,
            cached_values=cached_values,
        )
        if spec.columns:
            # A reference, not a cell: the table's rows are spliced in (an empty table keeps
            # the empty row openpyxl writes for the pane's cell, as it always has).
            first = f"A{header_row + 1}"
            sheet.freeze_panes = first if spec.rows else sheet[first]
            sheet.print_title_rows = f"{header_row}:{header_row}"
            sheet.auto_filter.ref = None
        sheet.page_setup.orientation = "landscape"
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        if spec.chart and spec.chart.series and len(spec.chart.rounds) > 1:
            tables[CHART_DATA] = _add_chart(book, sheet, spec, header_row, styles)
    styles.done()
    if CHART_DATA in book.sheetnames:  # the hidden data sheet goes last, out of the way
        book.move_sheet(CHART_DATA, len(book.sheetnames) - 1 - book.sheetnames.index(CHART_DATA))
    stream = io.BytesIO()
    book.save(stream)
    return Rendered(_with_tables(stream.getvalue(), book, tables), cached_values)


_LINK_FONT = Font(color="0563C1", underline="single")
_MAX_TEXT = 32767  # openpyxl cuts longer text (Excel's limit)
_ERROR_CODES = frozenset(("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"))


class _CellStyles:
    """Style ids (``s="…"``) for table cells: a number format and/or the link font.

    Each style is registered with openpyxl on a scratch sheet, removed before
    saving, so the styles part holds exactly the styles the cells use.
    """

    def __init__(self, book: OpenpyxlWorkbook, taken: set[str]) -> None:
        title = next(f"styles{n}" for n in range(len(taken) + 1) if f"styles{n}" not in taken)
        self._book = book
        self._scratch = book.create_sheet(title)
        self._ids: dict[tuple[str | None, bool], str] = {(None, False): ""}

    @staticmethod
    def register(cell: Cell) -> None:
        """Give ``cell``'s style its id now, so ids follow the cells as openpyxl writes them."""
        _ = cell.style_id

    def attribute(self, number_format: str | None, link: bool) -> str:
        """`` s="N"`` for the style, or ``""`` for the default style."""
        key = (number_format, link)
        if key not in self._ids:
            cell = self._scratch.cell(row=len(self._ids), column=1)
            if number_format:
                cell.number_format = number_format
            if link:
                cell.font = _LINK_FONT
            self._ids[key] = f' s="{cell.style_id}"'
        return self._ids[key]

    def done(self) -> None:
        self._book.remove(self._scratch)


@dataclass(frozen=True)
class _Table:
    """Rows of sheet XML (``<row>`` elements), their first and last row, the last column filled."""

    xml: str
    first_row: int
    last_row: int
    last_column: int


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _text_cell(ref: str, value: str) -> str:
    """A text cell as openpyxl writes it: inline, never a formula; ``#N/A`` and co are errors."""
    text = ILLEGAL_CHARACTERS_RE.sub("", value)[:_MAX_TEXT]
    if not text:
        return f'<c r="{ref}" t="inlineStr"/>'
    if text in _ERROR_CODES and not value.startswith(_FORMULA_START):
        return f'<c r="{ref}" t="e"><v>{text}</v></c>'
    stripped = text.strip()
    space = ' xml:space="preserve"' if stripped and stripped != text else ""
    return f'<c r="{ref}" t="inlineStr"><is><t{space}>{_escape(text)}</t></is></c>'


def _number_cell(ref: str, value: int | float, style: str) -> str:
    """A number (or TRUE/FALSE) with every digit: ``repr`` for floats, as ``float()`` reads back."""
    if isinstance(value, bool):
        return f'<c r="{ref}"{style} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, float):
        digits = repr(value) if math.isfinite(value) else ""
    else:
        digits = "%.16g" % value  # noqa: UP031 - openpyxl's form for integers
    content = f"<v>{digits}</v>" if digits else "<v />"
    return f'<c r="{ref}"{style} t="n">{content}</c>'


def _table_xml(
    sheet: str,
    first_row: int,
    rows: Sequence[Sequence[Any]],
    formats: Sequence[str | None],
    *,
    links: Mapping[tuple[int, int], str],
    styles: _CellStyles,
    cached_values: dict[tuple[str, str], str],
) -> _Table:
    """``rows`` from ``first_row`` as sheet XML; linked cells become HYPERLINK formulas.

    Numbers take their column's number format; blank (None) cells are left out.
    """
    letters = [get_column_letter(position) for position in range(1, len(formats) + 1)]
    linked_rows = {offset for offset, _ in links}
    out: list[str] = []
    last_column = 0
    for offset, values in enumerate(rows):
        row = first_row + offset
        cells: list[str] = []
        for position, value in enumerate(values):
            ref = f"{letters[position]}{row}"
            if offset in linked_rows and (target := links.get((offset, position))) is not None:
                number_format = formats[position] if isinstance(value, int | float) else None
                style = styles.attribute(number_format, True)
                shown_text = _safe_text(str(value))
                formula = hyperlink_formula(target, shown_text)[1:_MAX_TEXT]
                cells.append(f'<c r="{ref}"{style}><f>{_escape(formula)}</f><v /></c>')
                cached_values[(sheet, ref)] = shown_text
            elif value is None:
                continue
            elif isinstance(value, str):
                cells.append(_text_cell(ref, value))
            elif isinstance(value, int | float):
                cells.append(_number_cell(ref, value, styles.attribute(formats[position], False)))
            else:
                raise TypeError(f"{sheet}!{ref}: cannot write {type(value).__name__} {value!r}")
            last_column = max(last_column, position + 1)
        out.append(f'<row r="{row}">{"".join(cells)}</row>' if cells else f'<row r="{row}"/>')
    return _Table("".join(out), first_row, first_row + len(rows) - 1, last_column)


_SHEET_PART = re.compile(r"xl/worksheets/sheet(\d+)\.xml")
_DIMENSION = re.compile(rb'<dimension ref="[A-Z0-9:]*"')
_SHEET_DATA_END = re.compile(rb"<sheetData\s*/>|</sheetData>")


def _with_tables(data: bytes, book: OpenpyxlWorkbook, tables: Mapping[str, _Table]) -> bytes:
    """openpyxl's package with each sheet's table rows spliced in at the end of its sheetData."""
    source = zipfile.ZipFile(io.BytesIO(data))
    output = io.BytesIO()
    with source, zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            content = source.read(member)
            if match := _SHEET_PART.fullmatch(member.filename):
                sheet = book.worksheets[int(match.group(1)) - 1]
                if (table := tables.get(sheet.title)) is not None and table.xml:
                    content = _splice_table(content, sheet, table)
            target.writestr(member, content)
    return output.getvalue()


def _splice_table(content: bytes, sheet: Worksheet, table: _Table) -> bytes:
    """Sheet XML with ``table``'s rows after openpyxl's, and the dimension covering both."""
    if f'<row r="{table.first_row}"'.encode() in content:
        raise ValueError(f"{sheet.title}: openpyxl wrote a cell in row {table.first_row}")
    last_row = max(sheet.max_row, table.last_row)
    last_column = get_column_letter(max(sheet.max_column, table.last_column))
    dimension = f'<dimension ref="A1:{last_column}{last_row}"'.encode()
    content = _DIMENSION.sub(lambda _: dimension, content, count=1)
    end = _SHEET_DATA_END.search(content)
    if end is None:
        raise ValueError(f"{sheet.title}: openpyxl wrote no sheetData")
    rows = table.xml.encode()
    if end.group(0) == b"</sheetData>":
        return content[: end.start()] + rows + content[end.start() :]
    return content[: end.start()] + b"<sheetData>" + rows + b"</sheetData>" + content[end.end() :]


def _add_chart(
    book: OpenpyxlWorkbook, sheet: Worksheet, spec: SheetSpec, header_row: int, styles: _CellStyles
) -> _Table:
    """A native line chart of cumulative round points, fed from the hidden Chart Data sheet.

    The data lives on its own sheet so that the Standings table is the only
    table on its sheet, for people and for programs reading it.  Returns that
    sheet's rows.
    """
    assert spec.chart is not None
    chart_spec = spec.chart
    data_sheet = book.create_sheet(CHART_DATA)
    data_sheet.sheet_state = "hidden"
    rows = [
        (spec.columns[1].header, *chart_spec.rounds),
        *((name, *values) for name, values in chart_spec.series),
    ]
    width = max(len(row) for row in rows)
    table = _table_xml(
        CHART_DATA, 1, rows, [None] * width, links={}, styles=styles, cached_values={}
    )
    chart = LineChart()
    chart.title = chart_spec.title
    chart.height, chart.width = 9, 16
    last_column = 1 + len(chart_spec.rounds)
    last_row = 1 + len(chart_spec.series)
    data = Reference(data_sheet, min_col=1, max_col=last_column, min_row=2, max_row=last_row)
    chart.add_data(data, from_rows=True, titles_from_data=True)
    chart.set_categories(Reference(data_sheet, min_col=2, max_col=last_column, min_row=1))
    anchor = sheet.cell(row=header_row, column=len(spec.columns) + 2).coordinate
    sheet.add_chart(chart, anchor)
    return table


def write_outputs(book: reader.Workbook, specs: Sequence[SheetSpec], target: Path) -> None:
    """Replace our sheets in the organiser's workbook and save it atomically to ``target``."""
    rendered = render(specs)
    try:
        merged = package.merge_sheets(
            book.package,
            rendered.data,
            replace=OUTPUT_SHEETS,
            cached_values=rendered.cached_values,
        )
    except ValueError as error:  # a damaged part the reader could skip but the writer needs
        raise UnusableWorkbookError("unusable.cannot_write", {"detail": str(error)}) from error
    save.save_atomically(target, merged)

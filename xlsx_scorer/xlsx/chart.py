"""The Standings chart: a line chart of cumulative round points, and the drawing that places it.

The numbers live on a hidden data sheet (``data_rows``: a header row of round names, then one
row per player), so the Standings sheet holds one table only.  The chart reads its series from
there and carries them as cached values too (``c:strCache``/``c:numCache``), for readers that
do not compute formulas.  Both axes are shown (``<c:delete val="0"/>``), every text has a named
font and size (Calibri), and the drawing uses the ``xdr:`` prefix readers expect.
"""

from __future__ import annotations

from collections.abc import Sequence

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.xmledit import escape_attr, escape_text
from xlsx_scorer.xlsx.cellvalues import column_letters
from xlsx_scorer.xlsx.sharedstrings import escape
from xlsx_scorer.xlsx.spec import Chart

__all__ = ["chart_xml", "data_rows", "drawing_xml"]

_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: The chart's size in cells (about 16 × 9 cm at the default widths and heights).
CHART_COLUMNS, CHART_ROWS = 10, 18
_CATEGORY_AXIS, _VALUE_AXIS = 500000001, 500000002


def data_rows(chart: Chart, first_header: str) -> list[tuple[str | float, ...]]:
    """The data sheet's rows: ``first_header`` and the rounds, then each player's values.

    >>> data_rows(Chart("T", ("R1", "R2"), (("Ana", (5.0, 8.0)),), "Data"), "Player")
    [('Player', 'R1', 'R2'), ('Ana', 5.0, 8.0)]
    """
    rows: list[tuple[str | float, ...]] = [(first_header, *chart.rounds)]
    rows += [(name, *values) for name, values in chart.series]
    return rows


def drawing_xml(column: int, row: int, chart_rid: str) -> bytes:
    """A drawing holding one chart, its top left corner at 0-based (``column``, ``row``)."""

    def corner(tag: str, col: int, line: int) -> str:
        return (
            f"<xdr:{tag}><xdr:col>{col}</xdr:col><xdr:colOff>0</xdr:colOff>"
            f"<xdr:row>{line}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:{tag}>"
        )

    return (
        f'{_DECLARATION}<xdr:wsDr xmlns:xdr="{ns.DRAWING}" xmlns:a="{ns.DRAWINGML}">'
        '<xdr:twoCellAnchor editAs="oneCell">'
        + corner("from", column, row)
        + corner("to", column + CHART_COLUMNS, row + CHART_ROWS)
        + '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/>'
        "<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>"
        '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>'
        f'<a:graphic><a:graphicData uri="{ns.CHART}"><c:chart xmlns:c="{ns.CHART}"'
        f' xmlns:r="{ns.R}" r:id="{escape_attr(chart_rid)}"/></a:graphicData></a:graphic>'
        "</xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>"
    ).encode("utf-8")


def _font(size: int, *, bold: bool = False) -> str:
    """Paragraph text properties: Calibri at ``size`` points."""
    weight = ' b="1"' if bold else ' b="0"'
    return (
        f'<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="{size * 100}"{weight}>'
        '<a:latin typeface="Calibri"/></a:defRPr></a:pPr><a:endParaRPr lang="en-US"/></a:p>'
        "</c:txPr>"
    )


def _reference(sheet: str, first_column: int, row: int, last_column: int | None = None) -> str:
    quoted = "'" + sheet.replace("'", "''") + "'"
    first = f"${column_letters(first_column)}${row}"
    if last_column is None:
        return f"{quoted}!{first}"
    return f"{quoted}!{first}:${column_letters(last_column)}${row}"


def _cache(tag: str, values: Sequence[str], *, numbers: bool) -> str:
    points = "".join(
        f'<c:pt idx="{i}"><c:v>{escape_text(escape(value))}</c:v></c:pt>'
        for i, value in enumerate(values)
    )
    code = "<c:formatCode>General</c:formatCode>" if numbers else ""
    return f'<c:{tag}>{code}<c:ptCount val="{len(values)}"/>{points}</c:{tag}>'


def chart_xml(chart: Chart, data_sheet: str) -> bytes:
    """The chart part: one line per player, categories the rounds, read from ``data_sheet``."""
    last = 1 + len(chart.rounds)
    categories = (
        f"<c:cat><c:strRef><c:f>{escape_text(_reference(data_sheet, 2, 1, last))}</c:f>"
        f"{_cache('strCache', chart.rounds, numbers=False)}</c:strRef></c:cat>"
    )
    series = "".join(
        f'<c:ser><c:idx val="{i}"/><c:order val="{i}"/>'
        f"<c:tx><c:strRef><c:f>{escape_text(_reference(data_sheet, 1, i + 2))}</c:f>"
        f"{_cache('strCache', [name], numbers=False)}</c:strRef></c:tx>"
        f"{categories}"
        f"<c:val><c:numRef><c:f>{escape_text(_reference(data_sheet, 2, i + 2, last))}</c:f>"
        f"{_cache('numCache', [repr(float(v)) for v in values], numbers=True)}</c:numRef></c:val>"
        '<c:smooth val="0"/></c:ser>'
        for i, (name, values) in enumerate(chart.series)
    )
    title = (
        "<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr>"
        '<a:defRPr sz="1400" b="1"><a:latin typeface="Calibri"/></a:defRPr></a:pPr>'
        '<a:r><a:rPr lang="en-US" sz="1400" b="1"><a:latin typeface="Calibri"/></a:rPr>'
        f"<a:t>{escape_text(chart.title)}</a:t></a:r></a:p></c:rich></c:tx>"
        '<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>'
    )
    axes = (
        f'<c:catAx><c:axId val="{_CATEGORY_AXIS}"/><c:scaling><c:orientation val="minMax"/>'
        '</c:scaling><c:delete val="0"/><c:axPos val="b"/>'
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
        f'<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>{_font(9)}'
        f'<c:crossAx val="{_VALUE_AXIS}"/><c:crosses val="autoZero"/><c:auto val="1"/>'
        '<c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
        f'<c:valAx><c:axId val="{_VALUE_AXIS}"/><c:scaling><c:orientation val="minMax"/>'
        '</c:scaling><c:delete val="0"/><c:axPos val="l"/><c:majorGridlines/>'
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
        f'<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>{_font(9)}'
        f'<c:crossAx val="{_CATEGORY_AXIS}"/><c:crosses val="autoZero"/>'
        '<c:crossBetween val="between"/></c:valAx>'
    )
    return (
        f'{_DECLARATION}<c:chartSpace xmlns:c="{ns.CHART}" xmlns:a="{ns.DRAWINGML}"'
        f' xmlns:r="{ns.R}"><c:roundedCorners val="0"/><c:chart>{title}'
        '<c:plotArea><c:layout/><c:lineChart><c:grouping val="standard"/>'
        f'<c:varyColors val="0"/>{series}<c:marker val="1"/>'
        f'<c:axId val="{_CATEGORY_AXIS}"/><c:axId val="{_VALUE_AXIS}"/></c:lineChart>'
        f'{axes}</c:plotArea><c:legend><c:legendPos val="r"/><c:overlay val="0"/>{_font(9)}'
        '</c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>'
        f"{_font(10)}</c:chartSpace>"
    ).encode()

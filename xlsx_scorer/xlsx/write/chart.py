"""The Standings chart: a line chart of cumulative round points, and the drawing that places it.

The numbers live on a hidden data sheet (``data_rows``: a header row of round names, then one
row per player), so the Standings sheet holds one table only.  The chart reads its series from
there and carries them as cached values too (``c:strCache``/``c:numCache``), for readers that
do not compute formulas.  Both axes are shown (``<c:delete val="0"/>``), every text has a named
font and size (Calibri), and the drawing uses the ``xdr:`` prefix readers expect.

Every colour is written out (``srgbClr``), none taken from the workbook's theme: a workbook
LibreOffice saved has no theme part, and theme-coloured lines vanish into pale markers.  Each
series (at most ``len(SERIES_LOOKS)``, the leading players) has its own look: a 2.25 pt line
in a colour of its own: the Okabe–Ito palette, made to be told apart by colour-blind readers,
without its yellow and sky blue (too pale on white) and with its orange darkened, then Paul
Tol's wine and indigo; every line has at least 3:1 contrast on white (WCAG 1.4.11).  Its
marker is edged in that colour.  Lines 5 to 8 are dashed with hollow markers, so that the
symbol, the dash and the fill tell every series apart even without colour.  The axes have
their own grey lines and dark grey text, the grid light grey lines, the chart a white
background.

>>> [look.colour for look in SERIES_LOOKS[:3]]
['0072B2', 'D55E00', '009E73']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.xmledit import escape_attr, escape_text
from xlsx_scorer.xlsx.read.cellvalues import column_letters
from xlsx_scorer.xlsx.read.sharedstrings import escape
from xlsx_scorer.xlsx.write.spec import Chart

__all__ = ["chart_xml", "data_rows", "drawing_xml"]

_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: The chart's size in cells (about 16 × 9 cm at the default widths and heights).
CHART_COLUMNS, CHART_ROWS = 10, 18
_CATEGORY_AXIS, _VALUE_AXIS = 500000001, 500000002
#: Line widths in EMU (12,700 a point).
_SERIES_WIDTH, _THIN = 28575, 9525
_TEXT, _AXIS, _GRID, _WHITE = "404040", "808080", "D9D9D9", "FFFFFF"


@dataclass(frozen=True)
class SeriesLook:
    """How one series is drawn: line colour (RGB hex), marker symbol, line dash, marker fill."""

    colour: str
    symbol: str
    dash: str = "solid"
    hollow: bool = False


_SYMBOLS = ("circle", "square", "diamond", "triangle")
_COLOURS = ("0072B2", "D55E00", "009E73", "CC79A7", "000000", "A06A00", "882255", "332288")
#: The looks of the series, in order: a colour each, then symbol, dash and fill unique too.
SERIES_LOOKS = tuple(
    SeriesLook(colour, _SYMBOLS[i % 4], "solid" if i < 4 else "dash", hollow=i >= 4)
    for i, colour in enumerate(_COLOURS)
)


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


def _fill(colour: str) -> str:
    return f'<a:solidFill><a:srgbClr val="{colour}"/></a:solidFill>'


def _line(colour: str, width: int = _THIN, dash: str = "solid") -> str:
    """A line of ``colour``, ``width`` EMU wide (``a:ln``, children in schema order)."""
    return f'<a:ln w="{width}" cap="rnd">{_fill(colour)}<a:prstDash val="{dash}"/><a:round/></a:ln>'


def _font(size: int, *, bold: bool = False) -> str:
    """Paragraph text properties: Calibri at ``size`` points, dark grey."""
    weight = ' b="1"' if bold else ' b="0"'
    return (
        f'<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="{size * 100}"{weight}>'
        f'{_fill(_TEXT)}<a:latin typeface="Calibri"/></a:defRPr></a:pPr>'
        '<a:endParaRPr lang="en-US"/></a:p></c:txPr>'
    )


def _series_look(index: int) -> str:
    """The ``c:spPr`` and ``c:marker`` of series ``index`` (after ``c:tx``, as the schema
    orders them)."""
    look = SERIES_LOOKS[index % len(SERIES_LOOKS)]
    inside = _WHITE if look.hollow else look.colour
    return (
        f"<c:spPr>{_line(look.colour, _SERIES_WIDTH, look.dash)}</c:spPr>"
        f'<c:marker><c:symbol val="{look.symbol}"/><c:size val="7"/>'
        f"<c:spPr>{_fill(inside)}{_line(look.colour, 12700)}</c:spPr></c:marker>"
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
        f"{_series_look(i)}{categories}"
        f"<c:val><c:numRef><c:f>{escape_text(_reference(data_sheet, 2, i + 2, last))}</c:f>"
        f"{_cache('numCache', [repr(float(v)) for v in values], numbers=True)}</c:numRef></c:val>"
        '<c:smooth val="0"/></c:ser>'
        for i, (name, values) in enumerate(chart.series)
    )
    title = (
        "<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr>"
        f'<a:defRPr sz="1400" b="1">{_fill(_TEXT)}<a:latin typeface="Calibri"/></a:defRPr>'
        f'</a:pPr><a:r><a:rPr lang="en-US" sz="1400" b="1">{_fill(_TEXT)}'
        '<a:latin typeface="Calibri"/></a:rPr>'
        f"<a:t>{escape_text(chart.title)}</a:t></a:r></a:p></c:rich></c:tx>"
        '<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>'
    )
    axes = (
        f'<c:catAx><c:axId val="{_CATEGORY_AXIS}"/><c:scaling><c:orientation val="minMax"/>'
        '</c:scaling><c:delete val="0"/><c:axPos val="b"/>'
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
        '<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>'
        f"<c:spPr>{_line(_AXIS)}</c:spPr>{_font(9)}"
        f'<c:crossAx val="{_VALUE_AXIS}"/><c:crosses val="autoZero"/><c:auto val="1"/>'
        '<c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
        f'<c:valAx><c:axId val="{_VALUE_AXIS}"/><c:scaling><c:orientation val="minMax"/>'
        '</c:scaling><c:delete val="0"/><c:axPos val="l"/>'
        f"<c:majorGridlines><c:spPr>{_line(_GRID)}</c:spPr></c:majorGridlines>"
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
        '<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/>'
        f"<c:spPr>{_line(_AXIS)}</c:spPr>{_font(9)}"
        f'<c:crossAx val="{_CATEGORY_AXIS}"/><c:crosses val="autoZero"/>'
        '<c:crossBetween val="between"/></c:valAx>'
    )
    return (
        f'{_DECLARATION}<c:chartSpace xmlns:c="{ns.CHART}" xmlns:a="{ns.DRAWINGML}"'
        f' xmlns:r="{ns.R}"><c:roundedCorners val="0"/><c:chart>{title}'
        '<c:plotArea><c:layout/><c:lineChart><c:grouping val="standard"/>'
        f'<c:varyColors val="0"/>{series}<c:marker val="1"/>'
        f'<c:axId val="{_CATEGORY_AXIS}"/><c:axId val="{_VALUE_AXIS}"/></c:lineChart>'
        f"{axes}<c:spPr>{_fill(_WHITE)}</c:spPr></c:plotArea>"
        f'<c:legend><c:legendPos val="r"/><c:overlay val="0"/>{_font(9)}'
        '</c:legend><c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>'
        f"<c:spPr>{_fill(_WHITE)}{_line(_GRID)}</c:spPr>{_font(10)}</c:chartSpace>"
    ).encode()

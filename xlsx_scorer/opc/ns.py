"""Namespaces, relationship types and content types of the parts we read or write."""

from __future__ import annotations

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT_MAIN = "http://purl.oclc.org/ooxml/spreadsheetml/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
DRAWING = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
DRAWINGML = "http://schemas.openxmlformats.org/drawingml/2006/main"
CHART = "http://schemas.openxmlformats.org/drawingml/2006/chart"
#: Excel 2010's additions (``extLst``): its rules, and the ``<xm:sqref>`` ranges they apply to.
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"

RT_OFFICE_DOCUMENT = R + "/officeDocument"
RT_STRICT_OFFICE_DOCUMENT = "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument"
RT_WORKSHEET = R + "/worksheet"
RT_MACROSHEET = "http://schemas.microsoft.com/office/2006/relationships/xlMacrosheet"
RT_STYLES = R + "/styles"
RT_SHARED_STRINGS = R + "/sharedStrings"
RT_CALC_CHAIN = R + "/calcChain"
RT_DRAWING = R + "/drawing"
RT_CHART = R + "/chart"
RT_TABLE = R + "/table"

_SML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
CT_WORKSHEET = _SML + ".worksheet+xml"
CT_STYLES = _SML + ".styles+xml"
CT_DRAWING = "application/vnd.openxmlformats-officedocument.drawing+xml"
CT_CHART = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
CT_RELATIONSHIPS = "application/vnd.openxmlformats-package.relationships+xml"

CONTENT_TYPES_MEMBER = "[Content_Types].xml"

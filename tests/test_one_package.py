"""One package object, one package edit, one expat setup (issue 18, "One reader, one package
edit"): the package is opened and its workbook part parsed once per run, only ``opc.edit``
writes content types and relationships, and every XML parser comes from
``opc.guards.xml_parser`` (one DTD policy)."""

from __future__ import annotations

import ast
import datetime as dt
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import openpyxl
import pytest

from tests.packages import parts_of, rezip
from xlsx_scorer.app import api
from xlsx_scorer.opc import package as opc_package
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.xlsx.read import reader
from xlsx_scorer.xlsx.write import sheetview, splice

SOURCE = Path(__file__).parents[1] / "xlsx_scorer"
SAMPLE = Path(__file__).parents[1] / "fixtures" / "sample_event.xlsx"


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(SOURCE)): path.read_text(encoding="utf-8")
        for path in SOURCE.rglob("*.py")
    }


def test_only_the_guards_create_an_expat_parser() -> None:
    creating = sorted(name for name, text in _sources().items() if "ParserCreate(" in text)
    assert creating == ["opc/guards.py"]


def _code(text: str) -> tuple[list[str], set[str]]:
    """A module's string constants (docstrings left out) and the names it uses."""
    tree = ast.parse(text)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    strings = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    names |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    return strings, names


def test_only_the_package_edit_writes_content_types_and_relationships() -> None:
    markup = re.compile(r"<\w*:?(?:Override|Relationship|Relationships|Types)\b")
    writers = {"edit_content_types", "edit_relationships", "relationships_xml", "rewrite"}
    writing = sorted(
        name
        for name, text in _sources().items()
        for strings, names in [_code(text)]
        if any(markup.search(string) for string in strings) or names & writers
    )
    assert writing == ["opc/edit.py"]


def _book_1904() -> bytes:
    wb = openpyxl.Workbook()
    wb.epoch = openpyxl.utils.datetime.CALENDAR_MAC_1904
    sheet = wb.active
    assert sheet is not None
    sheet.title = "Results"
    sheet["A1"] = dt.date(2024, 5, 1)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_the_package_knows_its_date_system() -> None:
    data = _book_1904()
    assert Package.open(data).date1904
    assert not Package.open(SAMPLE.read_bytes()).date1904
    parts = parts_of(data)
    book = parts["xl/workbook.xml"].decode()
    parts["xl/workbook.xml"] = re.sub(r'date1904="[^"]*"', 'date1904=" false "', book).encode()
    assert not Package.open(rezip(parts)).date1904


def test_a_run_reads_the_workbook_part_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = SAMPLE.read_bytes()
    monkeypatch.setattr(opc_package, "_last_opened", opc_package._LastOpened())
    read: list[str] = []
    stream, read_part = Package.stream, Package.read

    def counted_stream(self: Package, part: PartName) -> IO[bytes]:
        read.append(part.member)
        return stream(self, part)

    def counted_read(self: Package, part: PartName) -> bytes:
        read.append(part.member)
        return read_part(self, part)

    monkeypatch.setattr(Package, "stream", counted_stream)
    monkeypatch.setattr(Package, "read", counted_read)
    book = reader.read_workbook_bytes(data)
    assert book.results.name == "Results"
    assert read.count("xl/workbook.xml") == 1  # parsed when the package was opened, only


def test_a_sheets_selection_is_read_from_its_head_alone_by_the_reader_that_unselects_it() -> None:
    head = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<sheetViews><sheetView tabSelected=" true " workbookViewId="0"/></sheetViews>'
        b"<sheetData>"
    )
    never_read = iter([head, b"<row><c></row>"])  # broken after the head: never parsed

    def chunks() -> Iterator[bytes]:
        yield next(never_read)
        raise AssertionError("read past the head")

    assert sheetview.is_selected("sheet1.xml", chunks())
    whole = head + b"</sheetData></worksheet>"
    assert sheetview.is_selected("sheet1.xml", [whole[:30], whole[30:]])
    unselected = sheetview.unselected("sheet1.xml", whole)
    assert unselected == whole.replace(b'" true "', b'"false"')
    assert not sheetview.is_selected("sheet1.xml", [unselected])


def test_a_score_run_opens_and_verifies_the_package_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = SAMPLE.read_bytes()
    monkeypatch.setattr(opc_package, "_last_opened", opc_package._LastOpened())
    opened: list[bytes] = []
    init = Package.__init__

    def counted(self: Package, source: bytes, *args: object, **options: object) -> None:
        opened.append(source)
        init(self, source, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(Package, "__init__", counted)
    result = api.score(data)
    assert result.exit_code == 0
    assert result.workbook is not None
    assert opened == [data]  # safety, reader and writer share one Package


def test_a_utf16_sheets_selection_is_read_all_the_same() -> None:
    xml = (
        '<?xml version="1.0" encoding="UTF-16"?>'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<sheetViews><sheetView tabSelected="1" workbookViewId="0"/></sheetViews>'
        "<sheetData/></worksheet>"
    )
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        data = xml.encode(encoding)
        assert sheetview.is_selected("sheet1.xml", [data]), encoding
        unselected = sheetview.unselected("sheet1.xml", data)
        assert unselected is not None
        assert b'tabSelected="0"' in unselected
        assert not sheetview.is_selected("sheet1.xml", [unselected])


def _calling(name: str) -> list[str]:
    """The modules whose code (not their docstrings) calls ``name``."""
    return sorted(
        module
        for module, text in _sources().items()
        if re.search(rf"(?<![\w.]){re.escape(name)}\(|\.{re.escape(name)}\(", text)
        and f"def {name}(" not in text
    )


def test_every_worksheet_question_goes_through_the_one_front_door() -> None:
    # the values, the head's texts, the selection, the styles named: asked of xlsx/worksheet
    assert _calling("read_cells") == ["xlsx/worksheet.py"]
    assert _calling("is_selected") == ["xlsx/worksheet.py"]
    assert _calling("uses_style") == ["xlsx/write/splice.py"]  # as ``Worksheet.uses_style``
    referring = sorted(name for name, text in _sources().items() if "sheetview" in _code(text)[1])
    assert referring == ["xlsx/worksheet.py"]


def test_the_writer_is_handed_the_package_the_reader_read(monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[object] = []
    write = splice.write_sheets

    def spy(pkg: Package, *args: object, **kwargs: object) -> bytes:
        handed.append(pkg)
        return write(pkg, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(splice, "write_sheets", spy)
    run = api.run(SAMPLE.read_bytes(), scoring=True)
    assert run.result.exit_code == 0
    assert run.book is not None
    assert len(handed) == 1
    assert isinstance(handed[0], Package)
    assert handed[0] is run.book.package

"""Where a workbook's parts are: each sheet's zip member and state, shared strings, styles.

The one place the reader knows the package layout, kept small so that it can be
swapped for the package layer (``opc``) later.  It follows the relationships as
OPC says: ``_rels/.rels`` names the workbook part, the workbook's relationships
name its sheets, shared strings and styles.  Targets are resolved against the
part that names them (relative, ``..``, ``./``, absolute ``/xl/…``, %-encoded)
and looked up in the zip case-insensitively.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import unquote

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.xlsx.xmlstream import attributes, parse, split_name

CHUNK_BYTES = 1 << 20
TRANSITIONAL_NAMESPACE = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
MAIN_NAMESPACES = frozenset(
    {TRANSITIONAL_NAMESPACE, "http://purl.oclc.org/ooxml/spreadsheetml/main"}
)
RELATIONSHIP_NAMESPACES = frozenset(
    {
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
        "http://purl.oclc.org/ooxml/officeDocument/relationships",
    }
)
_PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_TRUE = frozenset({"1", "true"})


@dataclass(frozen=True)
class SheetEntry:
    """One sheet of the workbook: its name, zip member (None when it has none) and state."""

    name: str
    member: str | None
    state: str = "visible"

    @property
    def hidden(self) -> bool:
        """Hidden or very hidden."""
        return self.state in {"hidden", "veryHidden"}


@dataclass(frozen=True)
class BookParts:
    """The parts the reader needs, as zip member names, and the workbook's date system."""

    sheets: tuple[SheetEntry, ...]
    shared_strings: str | None
    styles: str | None
    date1904: bool


def resolve_target(source: str, target: str) -> str:
    """The part name a relationship ``target`` of part ``source`` points at (no leading ``/``).

    >>> resolve_target("xl/workbook.xml", "worksheets/../worksheets/sheet1.xml")
    'xl/worksheets/sheet1.xml'
    >>> resolve_target("xl/workbook.xml", "/xl/styles.xml"), resolve_target("", "./xl/book.xml")
    ('xl/styles.xml', 'xl/book.xml')
    >>> resolve_target("xl/workbook.xml", "../xl/My%20Sheet.xml")
    'xl/My Sheet.xml'
    """
    target = unquote(target.replace("\\", "/"))
    if target.startswith("/"):
        joined = target
    else:
        joined = posixpath.join("/", posixpath.dirname(source), target)
    return posixpath.normpath(joined).lstrip("/")


class Package:
    """The zip members of a package, found case-insensitively, streamed in chunks."""

    def __init__(self, data: bytes) -> None:
        try:
            self._archive = zipfile.ZipFile(io.BytesIO(data))
        except (zipfile.BadZipFile, OSError, ValueError) as error:
            raise UnusableWorkbookError("unusable.truncated") from error
        self._members = {info.filename.lower(): info.filename for info in self._archive.infolist()}

    def member(self, part: str) -> str | None:
        """The zip member holding ``part`` (a part name such as ``xl/workbook.xml``), if any."""
        return self._members.get(part.lower())

    def chunks(self, member: str) -> Iterator[bytes]:
        """The bytes of ``member``, inflated in chunks; damage is ``unusable.broken_part``."""
        try:
            with self._archive.open(member) as stream:
                while chunk := stream.read(CHUNK_BYTES):
                    yield chunk
        except (
            zipfile.BadZipFile,
            zlib.error,
            OSError,
            EOFError,
            RuntimeError,
            NotImplementedError,
            ValueError,
        ) as error:
            raise UnusableWorkbookError(
                "unusable.broken_part", {"part": member, "detail": str(error)}
            ) from error

    def relationships(self, source: str) -> list[dict[str, str]]:
        """The relationships of part ``source`` (``""`` for the package), targets resolved.

        Each is a dict of its attributes; ``Target`` is replaced by the part name
        it points at, unless the relationship is external.
        """
        folder, name = posixpath.split(source)
        member = self.member(posixpath.join(folder, "_rels", f"{name}.rels"))
        found: list[dict[str, str]] = []
        if member is None:
            return found

        def start(element: str, attrs: list[str]) -> None:
            if split_name(element) == (_PACKAGE_RELS, "Relationship"):
                relation = attributes(attrs)
                if relation.get("TargetMode") != "External":
                    relation["Target"] = resolve_target(source, relation.get("Target", ""))
                found.append(relation)

        parse(self.chunks(member), member, start=start)
        return found


def _of_type(relations: list[dict[str, str]], kind: str) -> list[dict[str, str]]:
    """The relationships whose type ends in ``/kind`` (transitional or strict), internal ones."""
    return [
        relation
        for relation in relations
        if relation.get("Type", "").rsplit("/", 1)[-1] == kind
        and relation.get("TargetMode") != "External"
    ]


def locate(package: Package) -> BookParts:
    """The workbook's sheets, shared strings, styles and date system, from its relationships."""
    documents = _of_type(package.relationships(""), "officeDocument")
    workbook = package.member(documents[0]["Target"]) if documents else None
    if workbook is None:
        raise UnusableWorkbookError("unusable.not_a_workbook")
    relations = package.relationships(workbook)
    targets = {relation.get("Id"): relation.get("Target") for relation in relations}
    sheets: list[SheetEntry] = []
    date1904 = False

    def start(element: str, attrs: list[str]) -> None:
        nonlocal date1904
        uri, local = split_name(element)
        if uri not in MAIN_NAMESPACES:
            return
        values = attributes(attrs)
        if local == "sheet":
            relation = next(
                (v for k, v in values.items() if split_name(k) in _RELATIONSHIP_IDS), None
            )
            target = targets.get(relation)
            member = package.member(target) if target else None
            state = values.get("state", "visible")
            sheets.append(SheetEntry(values.get("name", ""), member, state))
        elif local == "workbookPr":
            date1904 = values.get("date1904", "").strip() in _TRUE

    parse(package.chunks(workbook), workbook, start=start)
    return BookParts(
        sheets=tuple(sheets),
        shared_strings=_single_member(package, relations, "sharedStrings"),
        styles=_single_member(package, relations, "styles"),
        date1904=date1904,
    )


_RELATIONSHIP_IDS = frozenset((uri, "id") for uri in RELATIONSHIP_NAMESPACES)


def _single_member(package: Package, relations: list[dict[str, str]], kind: str) -> str | None:
    found = _of_type(relations, kind)
    return package.member(found[0]["Target"]) if found else None

"""An xlsx/xlsm package opened from bytes: its parts, relationships, content types and sheets.

``Package.open(data)`` checks the bytes before anything else reads them (``guards``), then
inflates every member (never past its declared size) to verify its CRC:

- hostile or unreadable packages are refused at once (``UnusableWorkbookError``): not a zip,
  a zip bomb, a DOCTYPE, a member locked by a zip password or compressed other than
  stored/deflate, two members with the same part name, a missing or broken content types
  part, package relationships, workbook part or workbook relationships;
- damage in any other member (bad CRC or deflate data, an XML part that is not well-formed) is
  recorded in ``damaged`` and refused by whoever uses the member: ``read`` refuses a damaged
  part, and a writer calls ``refuse_damage`` before copying the package, sparing only the parts
  it drops (an old output sheet it replaces may be damaged).  The error names the sheet when
  the part is a sheet's, else the part.

Worksheet parts are kept inflated in memory once verified (each of at most
``KEPT_PART_BYTES``, ``KEPT_TOTAL_BYTES`` in all, in the order of the archive): the reader
takes them from there (``inflated``) rather than inflating them again, twice when a league's
rows are read on two processes.  A part past those sizes is inflated again as it is read
(``stream``).  They live as long as the package: the last one opened is kept (below).

The workbook part is the target of the package's ``officeDocument`` relationship (any name:
``xl/book.xml`` is fine), parsed once: the package knows its sheets (``sheets``, each one's
part: ``worksheet``) and its date system (``date1904``).  Part names follow
``partname.PartName`` (relative targets, ``..``, percent-encoding, any letter case).

Opening the same bytes object twice returns the same ``Package``: the reader and the writer of
one run verify the package once.  Only the last package opened is kept so.
"""

from __future__ import annotations

import io
import threading
import weakref
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import IO

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import guards, ns, zipraw
from xlsx_scorer.opc.partname import ROOT, PartName
from xlsx_scorer.opc.xmledit import XmlDoc, XmlError

__all__ = ["ContentTypes", "Package", "Relationship", "SheetEntry"]

_CONTENT_TYPES = PartName("/" + ns.CONTENT_TYPES_MEMBER)
#: Content types whose parts may weigh hundreds of MB: their CRC is verified, not their XML.
_UNPARSED_TYPES = ("worksheet+xml", "macrosheet+xml", "sheet.main+xml")
_OFFICE_DOCUMENT = (ns.RT_OFFICE_DOCUMENT, ns.RT_STRICT_OFFICE_DOCUMENT)
#: The largest sheet part kept inflated, and the most kept for one package (declared sizes).
KEPT_PART_BYTES = 64 << 20
KEPT_TOTAL_BYTES = 128 << 20
_KEPT_TYPE = "worksheet+xml"


@dataclass(frozen=True)
class Relationship:
    """One relationship: ``target`` is the resolved part (None for an external target)."""

    id: str
    type: str
    target_ref: str
    external: bool
    target: PartName | None


@dataclass(frozen=True)
class SheetEntry:
    """A ``<sheet>`` of the workbook: its name, id, state and the part its r:id names."""

    name: str
    sheet_id: str
    state: str
    rid: str
    rel_type: str
    part: PartName | None

    @property
    def hidden(self) -> bool:
        """Hidden or very hidden."""
        return self.state in {"hidden", "veryHidden"}


@dataclass(frozen=True)
class ContentTypes:
    """``[Content_Types].xml``: Defaults by extension, Overrides by part name."""

    defaults: dict[str, str]
    overrides: dict[PartName, str]

    def of(self, part: PartName) -> str | None:
        """The content type of ``part``: its Override, else the Default of its extension."""
        return self.overrides.get(part) or self.defaults.get(part.extension)


class _LastOpened(threading.local):
    """The packages this thread opened, while anyone still holds them (weak references), by
    their bytes: ``Package.open`` of the same bytes object hands its package back, so a run
    opens its bytes once.  Per thread: two workbooks processed at once (the web page) never
    meet; and nothing is kept alive after its run.  (A bytes object lives as long as its
    package holds it, so its ``id`` names it while the entry is there.)"""

    def __init__(self) -> None:
        self.packages: weakref.WeakValueDictionary[int, Package] = weakref.WeakValueDictionary()


_last_opened = _LastOpened()


class Package:
    """A read-only OPC package; see the module docstring for what opening it checks."""

    def __init__(
        self,
        data: bytes,
        archive: zipfile.ZipFile,
        infos: dict[PartName, zipfile.ZipInfo],
        damaged: dict[PartName, str],
        kept: dict[PartName, bytes],
        *,
        types_xml: XmlDoc | None = None,
    ) -> None:
        """Use ``Package.open``: this reads the structure of an archive already verified
        (``types_xml``: its content types, as parsed while verifying it, if they could be)."""
        self.data = data
        self._archive = archive
        self._infos = infos
        self._kept = kept
        self.parts = tuple(infos)
        self.sheets: tuple[SheetEntry, ...] = ()
        #: Damaged parts (bad CRC, bad deflate data, broken XML) and what is wrong with them.
        self.damaged = damaged
        self._rels: dict[PartName, tuple[Relationship, ...]] = {}
        if types_xml is None or not types_xml.root.is_(ns.CONTENT_TYPES, "Types"):
            types_xml = self._structural(_CONTENT_TYPES, ns.CONTENT_TYPES, "Types")
        #: ``[Content_Types].xml`` parsed (edited by ``opc.edit`` on a ``fresh`` copy).
        self.content_types_xml = types_xml
        self.content_types = _content_types(types_xml)
        office = self.related(ROOT, *_OFFICE_DOCUMENT)
        if office is None or office.target is None:
            raise UnusableWorkbookError("unusable.not_a_workbook")
        self.workbook = office.target
        self.workbook_xml = self._structural(self.workbook)
        root = self.workbook_xml.root
        if root.is_(ns.STRICT_MAIN, "workbook"):
            raise UnusableWorkbookError("unusable.strict_ooxml")
        if not root.is_(ns.MAIN, "workbook"):
            raise UnusableWorkbookError("unusable.not_a_workbook")
        self.sheets = self._sheets()
        #: The workbook's date system: serial 0 is 1904-01-01 (``workbookPr date1904``).
        self.date1904 = _date1904(self.workbook_xml)

    @classmethod
    def open(cls, data: bytes) -> Package:
        """The package in ``data``, checked; raises ``UnusableWorkbookError`` when unusable."""
        frozen = isinstance(data, bytes)  # bytes cannot change under the package remembered
        known = _last_opened.packages.get(id(data)) if frozen else None
        if known is not None and known.data is data:
            return known
        guards.sniff(data)
        try:
            archive = zipfile.ZipFile(io.BytesIO(zipraw.readable(data)))
            members = archive.infolist()
        except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as error:
            raise UnusableWorkbookError("unusable.truncated") from error
        infos: dict[PartName, zipfile.ZipInfo] = {}
        for info in members:
            part = PartName.from_member(info.filename)
            if part in infos:
                raise UnusableWorkbookError(
                    "unusable.broken_part", {"part": info.filename, "detail": "stored twice"}
                )
            infos[part] = info
        mimetype = infos.get(PartName("/mimetype"))
        if mimetype is not None and _starts_with(archive, mimetype, guards.ODS_MIMETYPE):
            raise UnusableWorkbookError("unusable.ods")
        if _CONTENT_TYPES not in infos:
            raise UnusableWorkbookError("unusable.not_a_workbook")
        guards.refuse_zip_bomb(members)
        for info in members:
            guards.refuse_unreadable_member(info)
        types_xml = _parsed_or_none(archive, infos[_CONTENT_TYPES])
        types = None if types_xml is None else _content_types(types_xml)
        damaged: dict[PartName, str] = {}
        kept: dict[PartName, bytes] = {}
        budget = KEPT_TOTAL_BYTES
        for part, info in infos.items():
            content_type = types.of(part) if types else None
            parse = not (content_type or "").endswith(_UNPARSED_TYPES)
            if (content_type or "").endswith(_KEPT_TYPE) and info.file_size <= min(
                KEPT_PART_BYTES, budget
            ):
                content, detail = guards.verified_content(archive, data, info)
                if content is not None:
                    kept[part] = content
                    budget -= info.file_size
            else:
                detail = guards.verify_member(archive, info, parse=parse)
            if detail is not None:
                damaged[part] = detail
        package = cls(data, archive, infos, damaged, kept, types_xml=types_xml)
        if frozen:
            _last_opened.packages[id(data)] = package
        return package

    # ------------------------------------------------------------------ parts

    @property
    def archive(self) -> zipfile.ZipFile:
        """The zip archive over ``data`` (to copy members as their compressed bytes)."""
        return self._archive

    def has(self, part: PartName) -> bool:
        """Whether the package holds ``part``."""
        return part in self._infos

    def info(self, part: PartName) -> zipfile.ZipInfo:
        """The zip entry of ``part`` (``KeyError`` when absent)."""
        return self._infos[part]

    def read(self, part: PartName) -> bytes:
        """The content of ``part``; refused when it is damaged."""
        self._refuse_if_damaged(part)
        kept = self._kept.get(part)
        return self._archive.read(self._infos[part]) if kept is None else kept

    def stream(self, part: PartName) -> IO[bytes]:
        """``part`` as a stream (from memory when it is kept inflated, else inflated as it is
        read); refused when it is damaged."""
        self._refuse_if_damaged(part)
        kept = self._kept.get(part)
        return self._archive.open(self._infos[part]) if kept is None else io.BytesIO(kept)

    def inflated(self, part: PartName) -> bytes | None:
        """The content of ``part`` when it is kept inflated (a worksheet, verified), else None."""
        return self._kept.get(part)

    def content_type(self, part: PartName) -> str | None:
        """The content type ``[Content_Types].xml`` gives ``part``."""
        return self.content_types.of(part)

    def worksheet(self, sheet: SheetEntry) -> PartName | None:
        """The worksheet part of ``sheet``: None for a chart sheet, or a part not there."""
        part = sheet.part
        if sheet.rel_type != ns.RT_WORKSHEET or part is None or not self.has(part):
            return None
        return part

    def sheet_of(self, part: PartName) -> SheetEntry | None:
        """The sheet whose part is ``part``, if any."""
        return next((sheet for sheet in self.sheets if sheet.part == part), None)

    def refuse_damage(self, spare: Iterable[PartName] = ()) -> None:
        """Raise ``UnusableWorkbookError`` for the first damaged part not in ``spare``."""
        spared = set(spare)
        for part in self.parts:
            if part in self.damaged and part not in spared:
                self._refuse_if_damaged(part)

    def _refuse_if_damaged(self, part: PartName) -> None:
        detail = self.damaged.get(part)
        if detail is None:
            return
        sheet = self.sheet_of(part)
        if sheet is not None:
            raise UnusableWorkbookError(
                "unusable.damaged_sheet", {"sheet": sheet.name, "detail": detail}
            )
        raise UnusableWorkbookError(
            "unusable.damaged_part", {"part": self._infos[part].filename, "detail": detail}
        )

    def _structural(self, part: PartName, namespace: str = "", root: str = "") -> XmlDoc:
        """A part the package cannot be understood without, parsed; refused when unusable.

        ``namespace`` and ``root``: what its root element must be, if anything.
        """
        if part not in self._infos:
            raise UnusableWorkbookError("unusable.not_a_workbook")
        name = self._infos[part].filename
        try:
            doc = XmlDoc(name, self.read(part))
        except XmlError as error:
            raise UnusableWorkbookError(
                "unusable.broken_part", {"part": name, "detail": str(error)}
            ) from error
        if root and not doc.root.is_(namespace, root):
            raise UnusableWorkbookError(
                "unusable.broken_part",
                {"part": name, "detail": f"<{doc.root.qname}> where <{root}> belongs"},
            )
        return doc

    # ---------------------------------------------------------- relationships

    def rels(self, source: PartName) -> tuple[Relationship, ...]:
        """The relationships of ``source`` (``ROOT`` for the package's), targets resolved."""
        if source not in self._rels:
            found: list[Relationship] = []
            if source.rels in self._infos:
                doc = self._structural(source.rels, ns.PKG_RELS, "Relationships")
                for node in doc.root.named(ns.PKG_RELS, "Relationship"):
                    target_ref = node.attrs.get("Target", "")
                    external = node.attrs.get("TargetMode", "Internal") == "External"
                    target = None if external else PartName.resolve(source, target_ref)
                    found.append(
                        Relationship(
                            node.attrs.get("Id", ""),
                            node.attrs.get("Type", ""),
                            target_ref,
                            external,
                            target,
                        )
                    )
            self._rels[source] = tuple(found)
        return self._rels[source]

    def related(self, source: PartName, *types: str) -> Relationship | None:
        """The first internal relationship of ``source`` of one of ``types`` to a present part."""
        return next(
            (
                rel
                for rel in self.rels(source)
                if rel.type in types and rel.target is not None and rel.target in self._infos
            ),
            None,
        )

    def reachable(
        self, follow: Callable[[PartName, Relationship], bool] = lambda _s, _r: True
    ) -> set[PartName]:
        """Parts reachable from the package root through relationships ``follow`` accepts."""
        return self.closure([ROOT], follow) - {ROOT}

    def closure(
        self,
        roots: Iterable[PartName],
        follow: Callable[[PartName, Relationship], bool] = lambda _s, _r: True,
        *,
        unreadable_rels: bool = False,
    ) -> set[PartName]:
        """``roots`` and every present part they reach through relationships.

        A relationships part that cannot be read is refused, or with ``unreadable_rels``
        taken as no relationships (for parts about to be dropped, which may be damaged).
        """
        seen = {root for root in roots if root == ROOT or root in self._infos}
        todo = list(seen)
        while todo:
            source = todo.pop()
            try:
                rels = self.rels(source)
            except UnusableWorkbookError:
                if not unreadable_rels:
                    raise
                rels = ()
            for rel in rels:
                target = rel.target
                if target is None or target in seen or target not in self._infos:
                    continue
                if follow(source, rel):
                    seen.add(target)
                    todo.append(target)
        return seen

    # ----------------------------------------------------------------- sheets

    def _sheets(self) -> tuple[SheetEntry, ...]:
        rels = {rel.id: rel for rel in self.rels(self.workbook)}
        entries = []
        for sheets in self.workbook_xml.root.named(ns.MAIN, "sheets"):
            for node in sheets.named(ns.MAIN, "sheet"):
                rid = node.attr(ns.R, "id") or ""
                rel = rels.get(rid)
                entries.append(
                    SheetEntry(
                        name=node.attrs.get("name", ""),
                        sheet_id=node.attrs.get("sheetId", ""),
                        state=node.attrs.get("state", "visible"),
                        rid=rid,
                        rel_type=rel.type if rel else "",
                        part=rel.target if rel else None,
                    )
                )
        return tuple(entries)


def _date1904(workbook: XmlDoc) -> bool:
    """Whether the (last) ``workbookPr`` of the workbook part says ``date1904``."""
    date1904 = False
    for node in workbook.root.walk():
        if node.local == "workbookPr" and node.namespace in (ns.MAIN, ns.STRICT_MAIN):
            date1904 = node.attrs.get("date1904", "").strip() in ("1", "true")
    return date1904


def _starts_with(archive: zipfile.ZipFile, info: zipfile.ZipInfo, prefix: bytes) -> bool:
    try:
        with archive.open(info) as stream:
            return stream.read(len(prefix)) == prefix
    except (*guards.ZIP_ERRORS, RuntimeError):
        return False


def _content_types(doc: XmlDoc) -> ContentTypes:
    defaults: dict[str, str] = {}
    overrides: dict[PartName, str] = {}
    for node in doc.root.children:
        if node.is_(ns.CONTENT_TYPES, "Default"):
            extension = node.attrs.get("Extension", "").lower()
            defaults.setdefault(extension, node.attrs.get("ContentType", ""))
        elif node.is_(ns.CONTENT_TYPES, "Override"):
            part = PartName.from_member(node.attrs.get("PartName", ""))
            overrides.setdefault(part, node.attrs.get("ContentType", ""))
    return ContentTypes(defaults, overrides)


def _parsed_or_none(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> XmlDoc | None:
    """The content types part parsed, if readable now (to choose which parts to parse while
    verifying; the package keeps the parse)."""
    try:
        return XmlDoc(info.filename, archive.read(info))
    except (XmlError, *guards.ZIP_ERRORS):
        return None

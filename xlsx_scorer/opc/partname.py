"""Part names of an OPC package (ECMA-376 Part 2), resolved and compared as the standard says.

A part name is an absolute, normalised path inside the package: ``/xl/worksheets/sheet1.xml``.
Rules:

- A relationship target is resolved against the folder of its source part (the package root
  for ``/_rels/.rels``): ``worksheets/sheet1.xml``, ``./worksheets/sheet1.xml``,
  ``../xl/worksheets/sheet1.xml`` and ``worksheets/../worksheets/sheet1.xml`` from
  ``/xl/workbook.xml`` all name ``/xl/worksheets/sheet1.xml``; a target starting with ``/``
  is absolute.  ``..`` never climbs above the root; backslashes count as slashes.
- Percent-encoded characters are decoded (``sheet%201.xml`` is ``sheet 1.xml``), in targets
  and in zip member names alike.
- Names compare case-insensitively: ``/XL/Worksheets/Sheet1.xml`` is the same part.

>>> wb = PartName("/xl/workbook.xml")
>>> PartName.resolve(wb, "./worksheets/../worksheets/Sheet%201.xml")
PartName('/xl/worksheets/Sheet 1.xml')
>>> PartName.resolve(wb, "../xl/styles.xml") == PartName("/XL/STYLES.XML")
True
>>> PartName("/xl/worksheets/sheet1.xml").relative_ref(wb)
'worksheets/sheet1.xml'
>>> PartName("/xl/worksheets/sheet1.xml").rels
PartName('/xl/worksheets/_rels/sheet1.xml.rels')
>>> ROOT.rels.member
'_rels/.rels'
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote, unquote

__all__ = ["ROOT", "PartName"]

#: Characters a relative reference keeps as they are (RFC 3986 path characters).
_SAFE = "/!$&'()*+,;=:@-._~"


class PartName:
    """An absolute, normalised, percent-decoded part name, equal to others case-insensitively."""

    __slots__ = ("_key", "uri")

    def __init__(self, uri: str) -> None:
        """``uri`` made absolute and normalised (``xl//a/./b.xml`` is ``/xl/a/b.xml``)."""
        path = posixpath.normpath("/" + uri.replace("\\", "/").lstrip("/"))
        self.uri = "/" + path.lstrip("/")
        self._key = self.uri.casefold()

    @classmethod
    def from_member(cls, member: str) -> PartName:
        """The part stored as zip member ``member`` (percent-escapes decoded)."""
        return cls(unquote(member))

    @classmethod
    def resolve(cls, source: PartName, target: str) -> PartName:
        """The part a relationship of ``source`` names with ``target`` (relative or absolute)."""
        target = unquote(target.replace("\\", "/"))
        if target.startswith("/"):
            return cls(target)
        return cls(posixpath.join(source.folder, target))

    @property
    def folder(self) -> str:
        """The folder holding the part, ending in ``/`` (``/xl/`` for ``/xl/workbook.xml``)."""
        folder = posixpath.dirname(self.uri)
        return folder if folder.endswith("/") else folder + "/"

    @property
    def filename(self) -> str:
        """The last segment: ``sheet1.xml``."""
        return posixpath.basename(self.uri)

    @property
    def extension(self) -> str:
        """The extension without its dot, lower case: ``xml``, ``rels``, ``bin``."""
        return posixpath.splitext(self.uri)[1].lstrip(".").lower()

    @property
    def member(self) -> str:
        """The zip member name for a part we create: the name without its leading slash."""
        return self.uri[1:]

    @property
    def key(self) -> str:
        """The comparison key (case-folded name)."""
        return self._key

    @property
    def rels(self) -> PartName:
        """The relationships part of this part (``/_rels/.rels`` for the package root)."""
        return PartName(posixpath.join(self.folder, "_rels", self.filename + ".rels"))

    def relative_ref(self, source: PartName) -> str:
        """This part as a relationship target from ``source``, relative and percent-encoded."""
        return quote(posixpath.relpath(self.uri, source.folder), safe=_SAFE)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PartName) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"PartName({self.uri!r})"

    def __str__(self) -> str:
        return self.uri


#: The package itself, source of the package relationships (``/_rels/.rels``).
ROOT = PartName("/")

"""A package written again with some parts edited, dropped or added; every other byte copied.

``rewrite(pkg, edited, dropped=…, added=…)``:

- every member stays in its place (``first``, if given, is written before all others);
  an edited one keeps its zip name, time stamp and attributes and is deflated anew, every
  other one is copied as its compressed bytes (``zipraw.RawZipWriter``: no inflate, no
  deflate);
- dropped members leave; added parts follow at the end, under their part names (an added
  part may come deflated already: ``zipraw.joined``);
- nothing is written from a damaged package: a damaged member that is kept is refused
  (``Package.refuse_damage``, naming its sheet or part);
- editing or dropping a part the package does not hold, or adding one it keeps, is a
  ``ValueError`` (a part dropped may be added anew under its name); so is a member the
  raw copy cannot take (``RawZipWriter``).

>>> from xlsx_scorer.opc.partname import PartName
>>> from xlsx_scorer.opc.edit import relationships_xml
>>> types = (b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
...          b'<Default Extension="xml" ContentType="application/xml"/></Types>')
>>> book = (b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
...         b' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
...         b'<sheets/></workbook>')
>>> from xlsx_scorer.opc import ns
>>> from xlsx_scorer.opc.edit import NewRelationship
>>> root_rels = relationships_xml(
...     PartName("/"), [NewRelationship("rId1", ns.RT_OFFICE_DOCUMENT, PartName("/xl/book.xml"))])
>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as archive:
...     archive.writestr("[Content_Types].xml", types)
...     archive.writestr("_rels/.rels", root_rels)
...     archive.writestr("xl/book.xml", book)
>>> pkg = Package.open(buffer.getvalue())
>>> out = rewrite(pkg, {pkg.workbook: book.replace(b"<sheets/>", b"<sheets></sheets>")},
...               added={PartName("/docProps/custom.xml"): b"<Properties/>"})
>>> zipfile.ZipFile(io.BytesIO(out)).namelist()
['[Content_Types].xml', '_rels/.rels', 'xl/book.xml', 'docProps/custom.xml']
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping

from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.zipraw import Deflated, RawZipWriter

__all__ = ["rewrite"]

#: The time stamp of a member we add (the earliest a zip can hold).
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def rewrite(
    pkg: Package,
    edited: Mapping[PartName, bytes | Deflated],
    *,
    dropped: Iterable[PartName] = (),
    added: Mapping[PartName, bytes | Deflated] | None = None,
    level: int = zlib.Z_DEFAULT_COMPRESSION,
    first: PartName | None = None,
) -> bytes:
    """``pkg`` with ``edited`` parts replaced, ``dropped`` ones left out, ``added`` appended.

    ``level``: zlib's compression level for the parts written anew (an edited or added part
    that comes deflated already keeps its own); ``first``: a part to write before every other
    (``[Content_Types].xml``, which streaming readers want first).
    """
    gone = set(dropped)
    new = dict(added or {})
    missing = [part for part in [*edited, *gone] if not pkg.has(part)]
    if missing:
        raise ValueError(f"no such part: {', '.join(sorted(map(str, missing)))}")
    present = [part for part in new if pkg.has(part) and part not in gone]
    if present:
        raise ValueError(f"part {present[0]} exists already")
    pkg.refuse_damage(spare=gone | set(edited))
    out = RawZipWriter()
    order = [first] if first is not None and pkg.has(first) else []
    for part in [*order, *(part for part in pkg.parts if part not in order)]:
        if part in gone:
            continue
        info = pkg.info(part)
        if part in edited:
            out.write(
                info.filename,
                edited[part],
                info.date_time,
                create_system=info.create_system,
                internal_attr=info.internal_attr,
                external_attr=info.external_attr,
                level=level,
            )
        else:
            out.copy(pkg.archive, pkg.data, info)
    for part, data in new.items():
        out.write(part.member, data, ZIP_EPOCH, level=level)
    return out.getvalue()

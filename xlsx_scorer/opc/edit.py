"""Editing the package's own parts: relationships and content types, by splicing text.

- ``edit_relationships``: a relationships part with some relationships removed (by id) and
  new ones appended, written with the part's own prefix; a missing part is created.
- ``edit_content_types``: ``[Content_Types].xml`` with every Override of the given parts
  removed (an Override that names a part we replace or create is dropped even when it is stale
  or repeated, so no part ends up with two), then one Override per new part.
- ``free_id``: the smallest ``rIdN`` not taken.

>>> ids = {"rId1", "rId3"}
>>> free_id(ids), free_id(ids), ids == {"rId1", "rId2", "rId3", "rId4"}
('rId2', 'rId4', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from xlsx_scorer.opc import ns
from xlsx_scorer.opc.partname import PartName
from xlsx_scorer.opc.xmledit import XmlDoc, escape_attr

__all__ = ["NewRelationship", "edit_content_types", "edit_relationships", "free_id"]

_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


@dataclass(frozen=True)
class NewRelationship:
    """A relationship to add: its id, type and target part."""

    id: str
    type: str
    target: PartName


def free_id(taken: set[str]) -> str:
    """The smallest ``rIdN`` not in ``taken`` (added to it)."""
    number = 1
    while f"rId{number}" in taken:
        number += 1
    taken.add(f"rId{number}")
    return f"rId{number}"


def relationships_xml(source: PartName, rels: Sequence[NewRelationship]) -> bytes:
    """A new relationships part for ``source``."""
    return (
        f'{_DECLARATION}<Relationships xmlns="{ns.PKG_RELS}">'
        + "".join(_relationship("", source, rel) for rel in rels)
        + "</Relationships>"
    ).encode("utf-8")


def _relationship(prefix: str, source: PartName, rel: NewRelationship) -> str:
    tag = f"{prefix}:Relationship" if prefix else "Relationship"
    target = escape_attr(rel.target.relative_ref(source))
    return f'<{tag} Id="{escape_attr(rel.id)}" Type="{escape_attr(rel.type)}" Target="{target}"/>'


def edit_relationships(
    source: PartName,
    existing: bytes | None,
    remove: Iterable[str],
    add: Sequence[NewRelationship],
    name: str,
) -> bytes:
    """The relationships part of ``source`` minus ids ``remove``, plus ``add``."""
    if existing is None:
        return relationships_xml(source, add)
    doc = XmlDoc(name, existing)
    gone = set(remove)
    for node in doc.root.named(ns.PKG_RELS, "Relationship"):
        if node.attrs.get("Id") in gone:
            doc.delete(node)
    if add:
        doc.append(doc.root, "".join(_relationship(doc.root.prefix, source, rel) for rel in add))
    return doc.render()


def edit_content_types(
    existing: bytes, remove: Iterable[PartName], add: Mapping[PartName, str], name: str
) -> bytes:
    """``[Content_Types].xml`` without Overrides of ``remove`` or ``add``, then ``add``'s."""
    doc = XmlDoc(name, existing)
    gone = {*remove, *add}
    for node in doc.root.named(ns.CONTENT_TYPES, "Override"):
        if PartName.from_member(node.attrs.get("PartName", "")) in gone:
            doc.delete(node)
    tag = doc.root.tag("Override")
    overrides = "".join(
        f'<{tag} PartName="{escape_attr(part.uri)}" ContentType="{escape_attr(content_type)}"/>'
        for part, content_type in add.items()
    )
    if overrides:
        doc.append(doc.root, overrides)
    return doc.render()

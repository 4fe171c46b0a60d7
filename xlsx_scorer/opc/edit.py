"""The one way a package is edited: ``Edit(pkg)``, changes recorded part by part, committed once.

What an ``Edit`` records, and what ``commit`` makes of it:

- ``replace(part, data)``: the part's bytes (``[Content_Types].xml`` and relationships parts
  are never replaced by hand: they follow from the edits below);
- ``add(part, data, content_type)``: a new part and, unless the Default of its extension
  says it already, its content type ``Override`` (a stale Override naming it is removed
  first); a new part must have a content type;
- ``relate(source, type, target) -> rId``: a relationship from ``source`` (``ROOT`` for the
  package) to a part that is there or added; its id is the smallest ``rIdN`` the source's
  relationships do not hold, ids of relationships removed in the same edit counted free (or
  the caller's own, for a new part whose XML names it already: refused when taken);
- ``unrelate(source, rId)``; ``drop(part)``: the part leaves with its content type
  Override, its relationships part, and every relationship that points at it;
  ``cut(source, rIds)``: those relationships removed, and every part only they reach
  dropped (``unreached``), so no part is left orphaned;
- ``drop_calc_chain()``: the workbook's calculation chain (``calcChain.xml``) and every
  relationship to it removed.  Whoever changes cells calls it: a chain naming a cell whose
  formula is gone makes Excel repair the file; Excel rebuilds a missing one.

``commit()`` edits the relationships parts touched (by splicing text, ``edit_relationships``;
a source without one gets a new one) and ``[Content_Types].xml`` when a part was added or
dropped, then writes the package once (``rewrite``): every untouched member copied as its
compressed bytes, replaced ones in their places, new ones at the end in the order they were
last touched (a new relationships part where its last relationship was added).  Nothing is
written from a damaged package (a damaged part kept is refused).

>>> ids = {"rId1", "rId3"}
>>> free_id(ids), free_id(ids), ids == {"rId1", "rId2", "rId3", "rId4"}
('rId2', 'rId4', True)
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import ns
from xlsx_scorer.opc.package import Package, Relationship
from xlsx_scorer.opc.partname import ROOT, PartName
from xlsx_scorer.opc.rewrite import rewrite
from xlsx_scorer.opc.xmledit import XmlDoc, escape_attr
from xlsx_scorer.opc.zipraw import Deflated

__all__ = ["Edit", "NewRelationship", "calc_chain", "free_id", "unreached"]

_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
CONTENT_TYPES_PART = PartName("/" + ns.CONTENT_TYPES_MEMBER)


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


def calc_chain(pkg: Package) -> tuple[Relationship, ...]:
    """The workbook's relationships to a calculation chain (its target present or not)."""
    return tuple(rel for rel in pkg.rels(pkg.workbook) if rel.type == ns.RT_CALC_CHAIN)


def unreached(pkg: Package, source: PartName, rids: Iterable[str]) -> set[PartName]:
    """The parts that leave with relationships ``rids`` of ``source``: those only they reach
    (however deep), and the relationships parts of those.

    A part also reached another way stays; so does one whose relationships cannot be read
    (those of a part about to leave may be damaged: they count as none).
    """
    cut = set(rids)
    roots = [rel.target for rel in pkg.rels(source) if rel.id in cut and rel.target]
    keep = pkg.reachable(lambda src, rel: not (src == source and rel.id in cut))
    gone = pkg.closure(roots, unreadable_rels=True) - keep
    return gone | {part.rels for part in gone if pkg.has(part.rels)}


def _relationship(prefix: str, source: PartName, rel: NewRelationship) -> str:
    tag = f"{prefix}:Relationship" if prefix else "Relationship"
    target = escape_attr(rel.target.relative_ref(source))
    return f'<{tag} Id="{escape_attr(rel.id)}" Type="{escape_attr(rel.type)}" Target="{target}"/>'


def relationships_xml(source: PartName, rels: Sequence[NewRelationship]) -> bytes:
    """A new relationships part for ``source``."""
    return (
        f'{_DECLARATION}<Relationships xmlns="{ns.PKG_RELS}">'
        + "".join(_relationship("", source, rel) for rel in rels)
        + "</Relationships>"
    ).encode("utf-8")


def edit_relationships(
    source: PartName, existing: bytes, remove: Iterable[str], add: Sequence[NewRelationship]
) -> bytes:
    """The relationships part of ``source`` minus ids ``remove``, plus ``add`` (spliced, in the
    part's own prefix)."""
    doc = XmlDoc(str(source.rels), existing)
    gone = set(remove)
    for node in doc.root.named(ns.PKG_RELS, "Relationship"):
        if node.attrs.get("Id") in gone:
            doc.delete(node)
    if add:
        doc.append(doc.root, "".join(_relationship(doc.root.prefix, source, rel) for rel in add))
    return doc.render()


def edit_content_types(
    doc: XmlDoc, remove: Iterable[PartName], add: Mapping[PartName, str]
) -> bytes:
    """``[Content_Types].xml`` (``doc``: parsed, with no edits) without Overrides of
    ``remove`` or ``add``, then ``add``'s (an Override naming a part we replace or create
    goes even when stale or repeated, so no part ends up with two)."""
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


def _rels_of(part: PartName) -> PartName:
    """``part.rels``, worked out once per part name as written (an edit asks for it often)."""
    return _rels_of_uri(part.uri)


@functools.lru_cache(maxsize=4096)
def _rels_of_uri(uri: str) -> PartName:
    return PartName(uri).rels


def _is_rels(part: PartName) -> bool:
    return part.extension == "rels" and part.folder.endswith("/_rels/")


class Edit:
    """Changes to ``pkg``, recorded and then written once by ``commit`` (module docstring)."""

    def __init__(self, pkg: Package) -> None:
        self.pkg = pkg
        self._replaced: dict[PartName, bytes | Deflated] = {}
        self._added: dict[PartName, bytes | Deflated] = {}
        self._types: dict[PartName, str] = {}
        self._dropped: set[PartName] = set()
        self._removed: dict[PartName, set[str]] = {}
        self._related: dict[PartName, list[NewRelationship]] = {}
        #: New members (added parts, new relationships parts), in the order last touched.
        self._order: list[PartName] = []
        self._types_touched = False

    # ------------------------------------------------------------------ state

    @property
    def dropped(self) -> frozenset[PartName]:
        """The parts dropped so far (relationships parts included)."""
        return frozenset(self._dropped)

    def present(self, part: PartName) -> bool:
        """Whether ``part`` is in the package as edited (there and not dropped, or added)."""
        return part in self._added or (self.pkg.has(part) and part not in self._dropped)

    def _rels_exist(self, source: PartName) -> bool:
        """Whether ``source``'s relationships part is the package's own (edited in place)."""
        return (
            self.pkg.has(_rels_of(source))
            and _rels_of(source) not in self._dropped
            and (source == ROOT or self.pkg.has(source))
        )

    def _taken(self, source: PartName) -> set[str]:
        own = {rel.id for rel in self.pkg.rels(source)} if self._rels_exist(source) else set()
        own -= self._removed.get(source, set())
        return own | {rel.id for rel in self._related.get(source, [])}

    def _touch(self, part: PartName) -> None:
        if part in self._order:
            self._order.remove(part)
        self._order.append(part)

    # ---------------------------------------------------------------- changes

    def replace(self, part: PartName, data: bytes | Deflated) -> None:
        """``part`` (one the package holds) with ``data`` as its content, or deflated already
        (``zipraw.Deflated``, as ``add`` takes it: a sheet of a million rows written again)."""
        if part == CONTENT_TYPES_PART or _is_rels(part):
            raise ValueError(f"{part} follows from the edit; it is not replaced by hand")
        if part in self._added:
            self._added[part] = data
            return
        if not self.present(part):
            raise ValueError(f"no such part: {part}")
        self._replaced[part] = data

    def add(self, part: PartName, data: bytes | Deflated, content_type: str | None = None) -> None:
        """A new part; ``content_type`` unless the Default of its extension gives it."""
        if self.present(part) or part == ROOT or _is_rels(part):
            raise ValueError(f"part {part} exists already or cannot be added")
        if content_type is None and part.extension not in self.pkg.content_types.defaults:
            raise ValueError(f"part {part} would have no content type")
        self._added[part] = data
        if content_type is not None:
            self._types[part] = content_type
        self._types_touched = True
        self._touch(part)

    def relate(
        self, source: PartName, rel_type: str, target: PartName, *, rid: str | None = None
    ) -> str:
        """A relationship of ``source`` to ``target``; its id (``rid`` if given and free)."""
        if source != ROOT and not self.present(source):
            raise ValueError(f"no such part: {source}")
        taken = self._taken(source)
        if rid is None:
            rid = free_id(taken)
        elif rid in taken:
            raise ValueError(f"{source}: relationship id {rid} is taken")
        self._related.setdefault(source, []).append(NewRelationship(rid, rel_type, target))
        if not self._rels_exist(source):
            self._touch(_rels_of(source))
        return rid

    def unrelate(self, source: PartName, rid: str) -> None:
        """The relationship ``rid`` of ``source`` removed."""
        if rid not in {rel.id for rel in self.pkg.rels(source)}:
            raise ValueError(f"{source} has no relationship {rid}")
        self._removed.setdefault(source, set()).add(rid)

    def drop(self, part: PartName) -> None:
        """``part`` out of the package, with its Override, relationships and every relationship
        pointing at it (found when committing)."""
        if not self.pkg.has(part) or part in self._added:
            raise ValueError(f"no such part: {part}")
        self._replaced.pop(part, None)
        self._dropped.add(part)
        if self.pkg.has(_rels_of(part)):
            self._dropped.add(_rels_of(part))
        self._types_touched = True

    def cut(self, source: PartName, rids: Iterable[str]) -> set[PartName]:
        """Relationships ``rids`` of ``source`` removed and every part only they reach dropped
        (``unreached``); the parts dropped."""
        rids = set(rids)
        gone = unreached(self.pkg, source, rids)
        for rid in rids:
            self.unrelate(source, rid)
        for part in gone:
            self.drop(part)
        return gone

    def drop_calc_chain(self) -> None:
        """The workbook's calculation chain dropped, and every relationship to it."""
        for rel in calc_chain(self.pkg):
            self.unrelate(self.pkg.workbook, rel.id)
            if rel.target is not None and self.present(rel.target):
                self.drop(rel.target)

    # ----------------------------------------------------------------- commit

    def _pointing_at_dropped(self) -> dict[PartName, set[str]]:
        """Relationships of kept sources whose target is dropped, by source."""
        found: dict[PartName, set[str]] = {}
        if not self._dropped:
            return found
        for source in (ROOT, *self.pkg.parts):
            if not self._rels_exist(source) or source in self._dropped:
                continue
            try:
                rels = self.pkg.rels(source)
            except UnusableWorkbookError:  # unreadable: refused when copied, if damaged
                continue
            for rel in rels:
                if rel.target is not None and rel.target in self._dropped:
                    found.setdefault(source, set()).add(rel.id)
        return found

    def commit(
        self, *, level: int = zlib.Z_DEFAULT_COMPRESSION, types_first: bool = False
    ) -> bytes:
        """The package with every change written (module docstring).

        ``level``: zlib's for the parts written anew; ``types_first``: ``[Content_Types].xml``
        written before every other member (streaming readers want it first).  Raises
        ``ValueError`` for a relationship to a part not in the package, and
        ``UnusableWorkbookError`` for damage in a part kept.
        """
        removed = {source: set(ids) for source, ids in self._removed.items()}
        for source, ids in self._pointing_at_dropped().items():
            removed.setdefault(source, set()).update(ids)
        replaced = dict(self._replaced)
        added = dict(self._added)
        for source in dict.fromkeys([*removed, *self._related]):
            new = self._related.get(source, [])
            missing = [rel.target for rel in new if not self.present(rel.target)]
            if missing:
                raise ValueError(f"{source}: relationship to missing part {missing[0]}")
            if self._rels_exist(source):
                existing = self.pkg.read(_rels_of(source))
                gone = removed.get(source, set())
                replaced[_rels_of(source)] = edit_relationships(source, existing, gone, new)
            elif new and (source == ROOT or self.present(source)):
                added[_rels_of(source)] = relationships_xml(source, new)
        if self._types_touched:
            types = dict(self._types)
            if "rels" not in self.pkg.content_types.defaults:
                new_rels = (part for part in self._order if _is_rels(part) and part in added)
                types.update(dict.fromkeys(new_rels, ns.CT_RELATIONSHIPS))
            parsed = self.pkg.content_types_xml.fresh()  # parsed once, when the package opened
            replaced[CONTENT_TYPES_PART] = edit_content_types(parsed, self._dropped, types)
        ordered = {part: added[part] for part in self._order if part in added}
        first = CONTENT_TYPES_PART if types_first else None
        return rewrite(
            self.pkg, replaced, dropped=self._dropped, added=ordered, level=level, first=first
        )

"""``diff`` and ``merge`` on files: the one place tying them to reading and writing workbooks.

Reading goes through the workbook reader (``read_copy``); the merge is written
into BASE's package by the cell patcher, read back and compared with the plan
before it is saved (a merged workbook that does not read back as planned is an
internal error, and nothing is written).  No input is ever modified.

A BASE that holds our output sheets (Standings, Round Points, Errors) would hand
on a ranking of results it no longer holds: the merged workbook is scored as
``score`` scores it (``api.score`` on its bytes) before it is saved, so that its
Standings, Round Points and Errors are those of the merged results; with errors,
the standings are withheld (the notice sheets and Errors, as ``score`` writes them).
A BASE without output sheets gets none.

The merge is worked out before ``-o`` is judged: a conflict is reported even when
``-o`` names an input, a file that exists, a folder, a file in a folder that does not
exist, a read-only file or one open in a spreadsheet application (``Merged.refused``
then says so too).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xlsx_scorer.app import api, finalsheet, outputkinds
from xlsx_scorer.app import diff as diffing
from xlsx_scorer.app import merge as merging
from xlsx_scorer.app.diff import Copy, Differences
from xlsx_scorer.app.merge import Layout, Merge
from xlsx_scorer.core.cells import ErrorValue, is_blank
from xlsx_scorer.core.formats import Format
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.opc import safety
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.xmledit import XmlDoc
from xlsx_scorer.xlsx.ours import our_sheets
from xlsx_scorer.xlsx.read import reader as workbook
from xlsx_scorer.xlsx.worksheet import Worksheet
from xlsx_scorer.xlsx.write import patch, save
from xlsx_scorer.xlsx.write.carrydown import CarryDown


def labels(paths: Sequence[Path]) -> list[str]:
    """How reports name the files: their names, or the paths as given when names repeat.

    >>> labels([Path("x/a.xlsx"), Path("b.xlsx")]), labels([Path("x/a.xlsx"), Path("a.xlsx")])
    (['a.xlsx', 'b.xlsx'], ['x/a.xlsx', 'a.xlsx'])
    """
    names = [path.name for path in paths]
    return names if len(set(names)) == len(names) else [str(path) for path in paths]


def _read(path: Path, fmt: Format | None = None, package: bytes | None = None) -> workbook.Workbook:
    """The workbook at ``path`` (or ``package``, its bytes, named by ``path``), its results
    read in ``fmt`` (else the format it declares, else ``catan-es``); an unusable one names
    its file."""
    try:
        source = safety.read_package(path) if package is None else package
        book = workbook.read_workbook_bytes(source, path=path, format=fmt)
        book.package.refuse_damage()  # a merge keeps every part: none damaged
    except UnusableWorkbookError as error:
        if error.finding.where.file is None:
            error.finding = error.finding.located(file=str(path))
        raise
    return book


def as_copy(book: workbook.Workbook, label: str) -> Copy:
    """A read workbook as the judges' commands see it."""
    results = book.results
    columns = {key: letter for key, letter in results.columns.items() if key in results.raw}
    roster = book.roster
    return Copy(
        file=label,
        sheet=results.name,
        columns=columns,
        rows=results.raw,
        header_row=results.header_row,
        roster_sheet=roster.sheet if roster else None,
        roster=dict(roster.names) if roster else {},
    )


@dataclass(frozen=True)
class Compared:
    """What ``diff`` found, the language of the first workbook (None when unknown) and the
    rounds that are stage games (round → the stage's name: ``finalsheet.stage_rounds``)."""

    differences: Differences
    language: str | None
    stages: Mapping[int, str] = field(default_factory=dict)


def diff_files(first: Path, second: Path, *, format: str | Path | Format | None = None) -> Compared:
    """Every change from ``first`` to ``second`` (``diff.diff``), both read in ``format``
    (a shipped name, a format file; else each workbook's own)."""
    a_label, b_label = labels([first, second])
    fmt = api.load_format(format)
    a, b = _read(first, fmt), _read(second, fmt)
    differences = diffing.diff(as_copy(a, a_label), as_copy(b, b_label))
    stages = finalsheet.stage_rounds(a) or finalsheet.stage_rounds(b)
    return Compared(differences, a.language or b.language, stages)


@dataclass(frozen=True)
class Merged:
    """The merge plan, the language of BASE, and the file written (None with conflicts).

    ``refused``: with conflicts, why ``-o`` would have been refused too (None: it would
    not).  ``scored``: the run that scored the merged workbook (None when BASE had no
    output sheets, so none were written).
    """

    merge: Merge
    language: str | None
    written: Path | None
    refused: UnusableWorkbookError | None = None
    scored: api.Result | None = None
    #: The rounds a copy seated whose slips MERGED lacks: each ``round``, ``copy`` (the
    #: copy's file) and ``sheet`` (its slips sheet), to print the slips from (the merge
    #: carries values, never sheets).
    slips: tuple[dict[str, Any], ...] = ()


def _same_file(one: Path, other: Path) -> bool:
    if one.resolve() == other.resolve():
        return True
    return one.exists() and other.exists() and one.samefile(other)


def _writable(value: Any) -> patch.CellValue:
    """A value read from a copy as the patcher writes it; anything else (a date) as its text."""
    if value is None or is_blank(value):
        return None
    if isinstance(value, bool | int | float | str | ErrorValue):
        return value
    return str(value)


def _layout(book: workbook.Workbook, base: Copy) -> Layout:
    """Which rows of BASE's result columns, and of its roster column, hold anything."""
    pkg = book.package
    try:  # a row the reader skipped as empty may be numbered in a way it refuses
        filled = patch.filled_rows(_layout_of(pkg, base.sheet), base.columns.values())
        roster_filled: frozenset[int] = frozenset()
        if base.roster_sheet is not None and base.roster:
            letters = {ref.rstrip("0123456789") for ref in base.roster.values()}
            roster = _layout_of(pkg, base.roster_sheet)
            roster_filled = patch.filled_rows(roster, letters)
    except UnusableWorkbookError as error:
        error.finding = error.finding.located(file=str(book.path))
        raise
    return Layout(filled, roster_filled)


def _carry_down(base: Copy, layout: Layout, plan: Merge) -> dict[str, CarryDown]:
    """Rows the merge writes below BASE's last result row (and names below its last roster
    name) take that row's look, as seated rows do (``CarryDown``: styles, input rules,
    highlights, the filter, names such as ``Roster`` and tables grown)."""
    carries = {}
    results = _carried(base.header_row, layout.results_filled, plan.results, base.columns.values())
    if results is not None:
        carries[base.sheet] = results
    if base.roster_sheet is not None and base.roster:
        letters = {ref.rstrip("0123456789") for ref in base.roster.values()}
        header = min(patch.split_ref(ref)[0] for ref in base.roster.values()) - 1
        roster = _carried(header, layout.roster_filled, plan.roster, letters)
        if roster is not None:
            carries[base.roster_sheet] = roster
    return carries


def _carried(
    header: int, filled: Iterable[int], written: Mapping[str, Any], letters: Iterable[str]
) -> CarryDown | None:
    """The rows written below the last filled one, carried down from it (from the first row
    under the header when none is filled); None when nothing is written below."""
    last = max([header, *filled])
    below = [
        row
        for ref, value in written.items()
        if value is not None and (row := patch.split_ref(ref)[0]) > last
    ]
    return CarryDown.below(header, last, max(below), letters) if below else None


def _layout_of(pkg: Package, sheet: str) -> XmlDoc:
    """Where the rows and cells of the sheet called ``sheet`` are (read: it has a part)."""
    part = Worksheet.named(pkg, sheet)
    if part is None:
        raise ValueError(f"no sheet named {sheet!r}")
    return part.layout(patch.LAYOUT)


def merge_files(
    base_path: Path,
    copy_paths: Sequence[Path],
    output: Path,
    *,
    force: bool = False,
    language: str | None = None,
    format: str | Path | Format | None = None,
) -> Merged:
    """Merge ``copy_paths`` into ``base_path`` and write ``output`` (``merge.merge``), every
    workbook read (and the merged one scored) in ``format``, else each one's own.

    Raises ``UnusableWorkbookError`` when a file cannot be used (a damaged part
    included), ``output`` is one of the inputs, or it exists and ``force`` is not set.
    With conflicts nothing is written (and ``Merged.refused`` says why ``output`` would
    have been refused too).  ``language``: of the output sheets scored anew, as ``score``'s
    (default: the merged workbook's own).
    """
    inputs = [base_path, *copy_paths]
    names = labels(inputs)
    fmt = api.load_format(format)
    books = [_read(path, fmt) for path in inputs]
    try:
        return _merged(books, names, output, force=force, language=language, fmt=fmt)
    except UnusableWorkbookError as error:  # said in BASE's language
        error.language = error.language or books[0].language
        raise


def _refusal(
    books: Sequence[workbook.Workbook], output: Path, *, force: bool
) -> UnusableWorkbookError | None:
    """Why ``output`` may not be written: an input, a file that exists (without ``force``), or
    what ``save.refusal`` finds (a folder, a missing folder, read-only, open elsewhere)."""
    if any(_same_file(output, book.path) for book in books):
        return UnusableWorkbookError("unusable.output_is_input", {"file": str(output)})
    if output.exists() and not output.is_dir() and not force:
        return UnusableWorkbookError("unusable.output_exists", {"file": str(output)})
    return save.refusal(output)


def _merged(
    books: Sequence[workbook.Workbook],
    names: Sequence[str],
    output: Path,
    *,
    force: bool,
    language: str | None,
    fmt: Format | None,
) -> Merged:
    base_path = books[0].path
    base = as_copy(books[0], names[0])
    copies = [as_copy(book, name) for book, name in zip(books[1:], names[1:], strict=True)]
    layout = _layout(books[0], base)
    plan = merging.merge(base, copies, layout)
    base_language = books[0].language
    refused = _refusal(books, output, force=force)
    if not plan.ok:
        if refused is not None:
            refused.language = refused.language or base_language
        return Merged(plan, base_language, None, refused)
    if refused is not None:
        raise refused
    edits: dict[str, dict[str, patch.CellValue]] = {
        base.sheet: {ref: _writable(value) for ref, value in plan.results.items()}
    }
    if plan.roster and base.roster_sheet is not None:
        edits[base.roster_sheet] = {ref: _writable(value) for ref, value in plan.roster.items()}
    try:
        data = patch.patch_workbook(books[0].package, edits, _carry_down(base, layout, plan))
    except ValueError as error:
        detail = {"file": str(base_path), "detail": str(error)}
        raise UnusableWorkbookError("unusable.cannot_write", detail) from error
    scored = _scored(data, output, language, fmt) if _has_outputs(books[0].package) else None
    if scored is not None and scored.workbook is not None:
        data = scored.workbook
    _check_reads_back(data, base, plan, fmt)
    save.save_atomically(output, data)
    return Merged(plan, base_language, output, scored=scored, slips=_slips(books, plan))


def _slips(books: Sequence[workbook.Workbook], plan: Merge) -> tuple[dict[str, Any], ...]:
    """The rows' rounds the merge added whose slips sheet a copy holds and BASE does not:
    the slips to print from that copy (the first holding them)."""
    rounds = {change.key[0] for change in plan.taken if change.kind == "added"}
    kinds = {f"{outputkinds.SEATING_PREFIX}{round_no}": round_no for round_no in rounds}
    held = {sheet.kind for sheet in our_sheets(books[0].package, outputkinds.LEGACY_OUTPUTS)}
    found: dict[str, dict[str, Any]] = {}
    for book in books[1:]:
        for sheet in our_sheets(book.package, outputkinds.LEGACY_OUTPUTS):
            if sheet.kind in kinds and sheet.kind not in held and sheet.kind not in found:
                found[sheet.kind] = {
                    "round": kinds[sheet.kind],
                    "copy": str(book.path),
                    "sheet": sheet.name,
                }
    return tuple(found[kind] for kind in sorted(found, key=lambda kind: str(kinds[kind])))


def _has_outputs(package: Package) -> bool:
    """Whether ``package`` holds output sheets of ours (marked, or older output)."""
    return bool(our_sheets(package, outputkinds.LEGACY_OUTPUTS))


def _scored(data: bytes, output: Path, language: str | None, fmt: Format | None) -> api.Result:
    """The merged workbook ``data`` scored as ``score`` scores it; unusable: nothing written."""
    scored = api.score(data, filename=str(output), language=language, format=fmt)
    if scored.workbook is None:  # only a file that cannot be used is not scored
        error = UnusableWorkbookError(scored.findings[0].code, language=scored.language)
        error.finding = scored.findings[0]
        raise error
    return scored


def _check_reads_back(data: bytes, base: Copy, plan: Merge, fmt: Format | None) -> None:
    """Fail unless ``data`` holds exactly the rows and roster the plan expects."""
    merged = as_copy(_read(Path("merged.xlsx"), fmt, data), "merged")  # the bytes to be saved
    columns = diffing.order_columns(base.columns)
    rows = merging.fingerprint_rows(diffing.keyed_rows(merged).values(), columns)
    if rows != plan.expected:
        raise RuntimeError("the merged workbook does not read back as planned")
    if base.roster and frozenset(merged.roster) != merging.expected_roster(base, plan):
        raise RuntimeError("the merged roster does not read back as planned")

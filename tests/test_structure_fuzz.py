"""Structure-aware fuzzing through the command line: rewrite the sample event's package.

Two families of rewrites of ``fixtures/sample_event.xlsx``:

- *equivalent*: the same workbook written another legal way (a prefixed sheet,
  comments and white space between elements, single-quoted attributes, shared
  instead of inline strings, relationship targets in every legal form, another
  letter case, a workbook part at another name, stored members, another member
  order, thousands of formatting-only rows before the last game).  Each must
  score to exactly the standings of the original;
- *damaged*: a member whose data fails its CRC.  Each must be refused (exit 2)
  with nothing written.

Every equivalent package must also merge (``merge`` patches its Results part) and archive
(``archive`` protects every sheet, ``verify`` agrees) as the original does.

Whatever happens, the input is never changed, the exit code is ours (no
crash), and every workbook written is a sound package: every member passes its
CRC, every XML part parses, no part name is declared twice, every internal
relationship points at a member, and sheet ids stay in range.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest

from xlsx_scorer.cli import main
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.read.reader import sheet_values
from xlsx_scorer.xlsx.write import patch

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"
RESULTS = "xl/worksheets/sheet1.xml"
RELS = "xl/_rels/workbook.xml.rels"
TYPES = "[Content_Types].xml"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
MAX_SHEET_ID = 0xFFFF

Members = dict[str, bytes]


def members(data: bytes) -> Members:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def pack(parts: Members, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return out.getvalue()


def _edit(parts: Members, name: str, change: Callable[[str], str]) -> Members:
    edited = dict(parts)
    edited[name] = change(parts[name].decode()).encode()
    return edited


def prefixed(parts: Members) -> Members:
    """The Results sheet in the ``x:`` prefix instead of the default namespace."""

    def change(text: str) -> str:
        text = re.sub(r"<(/?)(?!\?)([A-Za-z])", r"<\1x:\2", text)
        return text.replace("<x:worksheet xmlns=", "<x:worksheet xmlns:x=", 1)

    return _edit(parts, RESULTS, change)


def commented(parts: Members) -> Members:
    """Comments holding look-alike markup and white space between every element."""

    def change(text: str) -> str:
        text = text.replace("</row>", "</row>\n  <!-- <row r='9999'><c><v>7</v><f>1+</f></c> -->\n")
        return re.sub(r'(<c r="[A-Z]+\d+" t="n">)', r"\1<!-- <f>SUM(A1)</f> -->", text)

    return _edit(parts, RESULTS, change)


def single_quoted(parts: Members) -> Members:
    return _edit(parts, RESULTS, lambda text: re.sub(r'="([^"]*)"', r"='\1'", text))


def shared_strings(parts: Members) -> Members:
    """Inline strings moved to a shared-strings part (as Excel writes them)."""
    strings: list[str] = []

    def share(match: re.Match[str]) -> str:
        strings.append(match.group(2))
        return f'{match.group(1)} t="s"><v>{len(strings) - 1}</v></c>'

    edited = _edit(
        parts,
        RESULTS,
        lambda text: re.sub(r'(<c r="\w+") t="inlineStr"><is><t>(.*?)</t></is></c>', share, text),
    )
    items = "".join(f"<si><t>{text}</t></si>" for text in strings)
    edited["xl/sharedStrings.xml"] = (
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
        f' count="{len(strings)}" uniqueCount="{len(strings)}">{items}</sst>'
    ).encode()
    rel_type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
    relationship = f'<Relationship Id="rId99" Type="{rel_type}" Target="sharedStrings.xml"/>'
    closing = "</Relationships>"
    edited = _edit(edited, RELS, lambda text: text.replace(closing, relationship + closing))
    content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
    return _edit(
        edited,
        TYPES,
        lambda text: text.replace(
            "</Types>",
            f'<Override PartName="/xl/sharedStrings.xml" ContentType="{content_type}"/></Types>',
        ),
    )


def targeted(target: str) -> Callable[[Members], Members]:
    """The Results sheet's relationship target written as ``target``."""

    def mutate(parts: Members) -> Members:
        return _edit(
            parts, RELS, lambda text: text.replace('"/xl/worksheets/sheet1.xml"', f'"{target}"')
        )

    return mutate


def other_case(parts: Members) -> Members:
    """The Results member stored as ``xl/Worksheets/Sheet1.xml``; references unchanged."""
    return {("xl/Worksheets/Sheet1.xml" if n == RESULTS else n): d for n, d in parts.items()}


def book_part(parts: Members) -> Members:
    """The workbook part at ``xl/book.xml`` (found through the package relationship)."""
    renamed = {
        {"xl/workbook.xml": "xl/book.xml", RELS: "xl/_rels/book.xml.rels"}.get(name, name): data
        for name, data in parts.items()
    }
    renamed = _edit(renamed, "_rels/.rels", lambda t: t.replace("xl/workbook.xml", "xl/book.xml"))
    return _edit(renamed, TYPES, lambda t: t.replace("/xl/workbook.xml", "/xl/book.xml"))


def reversed_order(parts: Members) -> Members:
    return dict(reversed(list(parts.items())))


def formatting_before_last_game(parts: Members) -> Members:
    """46,000 formatting-only rows, then the last game's rows with values as ``<v\\n>``."""

    def change(text: str) -> str:
        rows = re.findall(r'<row r="(\d+)".*?</row>', text)
        last_rows = rows[-4:]
        moved = []
        for offset, number in enumerate(last_rows):
            row = re.search(rf'<row r="{number}".*?</row>', text).group(0)  # type: ignore[union-attr]
            text = text.replace(row, "")
            new_number = 50_000 + offset
            row = re.sub(rf'(r="[A-Z]*){number}"', rf'\g<1>{new_number}"', row)
            moved.append(row.replace("<v>", "<v\n>").replace("<is>", "<is\n>"))
        first_blank = int(last_rows[0])
        filler = "".join(
            f'<row r="{r}"><c r="A{r}" s="0"/><c r="B{r}" s="0"/></row>'
            for r in range(first_blank, first_blank + 46_000)
        )
        return text.replace("</sheetData>", filler + "".join(moved) + "</sheetData>")

    return _edit(parts, RESULTS, change)


def unsigned_forms(parts: Members) -> Members:
    """Row numbers in every ``xsd:unsignedInt`` form: ``02``, ``+3``, `` 4 ``, ``005``…"""
    forms = ["0{}", "+{}", " {} ", "00{}", "{}"]

    def renumber(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return f'<row r="{forms[number % len(forms)].format(number)}"'

    return _edit(parts, RESULTS, lambda text: re.sub(r'<row r="([0-9]+)"', renumber, text))


EQUIVALENT: dict[str, Callable[[Members], Members]] = {
    "x-prefixed sheet": prefixed,
    "comments and white space": commented,
    "single-quoted attributes": single_quoted,
    "shared strings": shared_strings,
    "target ./worksheets/": targeted("./worksheets/sheet1.xml"),
    "target ../xl/": targeted("../xl/worksheets/sheet1.xml"),
    "target worksheets/../worksheets/": targeted("worksheets/../worksheets/sheet1.xml"),
    "target %-encoded": targeted("worksheets/sheet%31.xml"),
    "target relative": targeted("worksheets/sheet1.xml"),
    "target in upper case": targeted("/XL/WORKSHEETS/SHEET1.XML"),
    "member in another case": other_case,
    "workbook part xl/book.xml": book_part,
    "members in reverse order": reversed_order,
    "formatting rows before the last game": formatting_before_last_game,
    "row numbers as 02, +3, ' 4 '": unsigned_forms,
}


def standings(path: Path) -> list[tuple[object, ...]]:
    """(rank, player, round points, VP) of every Standings row.

    Read with the scorer's reader: openpyxl cannot follow some of these legal
    packages (an upper-case relationship target, say).
    """
    rows = sheet_values(Package.open(path.read_bytes()))["Standings"]
    start = next(i for i, row in enumerate(rows) if row and row[0] == "Rank")
    return [
        (row[0], row[1], round(float(row[2]), 6), row[3])
        for row in rows[start + 1 :]
        if row and row[0] is not None
    ]


def assert_sound(data: bytes) -> None:
    """Every member passes its CRC and parses; names, targets and sheet ids are consistent."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        assert len(names) == len(set(names))
        lowered = {name.lower() for name in names}
        for name in names:
            if name.endswith((".xml", ".rels")):
                ElementTree.fromstring(archive.read(name))
        types = ElementTree.fromstring(archive.read(TYPES))
        declared = [o.get("PartName", "").lower() for o in types if o.get("PartName")]
        assert len(declared) == len(set(declared)), "a part name is declared twice"
        for name in (n for n in names if n.endswith(".rels")):
            folder = name.rpartition("_rels/")[0]
            for rel in ElementTree.fromstring(archive.read(name)).iter(
                f"{{{PKG_REL}}}Relationship"
            ):
                if rel.get("TargetMode") == "External":
                    continue
                target = unquote(rel.get("Target", ""))
                resolved = target.lstrip("/") if target.startswith("/") else folder + target
                parts: list[str] = []
                for piece in resolved.split("/"):
                    if piece == "..":
                        parts.pop()
                    elif piece not in ("", "."):
                        parts.append(piece)
                assert "/".join(parts).lower() in lowered, f"{name}: {target} is missing"
        workbook = next(n for n in names if re.fullmatch(r"xl/(work)?book\.xml", n, re.I))
        main_ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
        sheets = list(ElementTree.fromstring(archive.read(workbook)).iter(f"{main_ns}sheet"))
        ids = [int(sheet.get("sheetId", "0")) for sheet in sheets]
        assert len(set(ids)) == len(ids)
        assert all(1 <= i <= MAX_SHEET_ID for i in ids)
        titles = [sheet.get("name", "").casefold() for sheet in sheets]
        assert len(set(titles)) == len(titles)


@pytest.fixture(scope="module")
def expected(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[object, ...]]:
    folder = tmp_path_factory.mktemp("original")
    scored = folder / "scored.xlsx"
    assert main(["score", str(SAMPLE), "-o", str(scored)]) == 0
    assert_sound(scored.read_bytes())
    return standings(scored)


@pytest.mark.parametrize("name", list(EQUIVALENT))
def test_an_equivalent_package_scores_the_same(
    name: str, expected: list[tuple[object, ...]], tmp_path: Path
) -> None:
    source = tmp_path / "event.xlsx"
    source.write_bytes(pack(EQUIVALENT[name](members(SAMPLE.read_bytes()))))
    before = source.read_bytes()
    scored = tmp_path / "scored.xlsx"
    assert main(["score", str(source), "-o", str(scored)]) == 0
    assert source.read_bytes() == before
    assert_sound(scored.read_bytes())
    assert standings(scored) == expected


def test_stored_members_score_the_same(expected: list[tuple[object, ...]], tmp_path: Path) -> None:
    source = tmp_path / "event.xlsx"
    source.write_bytes(pack(members(SAMPLE.read_bytes()), zipfile.ZIP_STORED))
    scored = tmp_path / "scored.xlsx"
    assert main(["score", str(source)]) == 0  # in place
    assert_sound(source.read_bytes())
    assert standings(source) == expected
    del scored


def _with_damaged_member(name: str, content: bytes) -> bytes:
    """The sample with an extra member ``name`` whose compressed data is damaged far in."""
    parts = members(SAMPLE.read_bytes())
    parts[name] = content
    data = pack(parts)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(name)
    header = 30 + len(info.filename.encode()) + len(info.extra)
    at = info.header_offset + header + info.compress_size - 16
    return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1 :]


def _noise(size: int) -> bytes:
    """Text that deflates poorly, so a damaged byte lands far into the member."""
    import random

    generator = random.Random(7)
    return "".join(generator.choice("abcdefghij<>= ") for _ in range(size)).encode()


@pytest.mark.parametrize("member", ["xl/worksheets/sheet9.xml", "xl/media/image1.png"])
def test_a_damaged_member_is_refused_and_nothing_written(member: str, tmp_path: Path) -> None:
    source = tmp_path / "event.xlsx"
    source.write_bytes(_with_damaged_member(member, _noise(200_000)))
    before = source.read_bytes()
    scored = tmp_path / "scored.xlsx"
    assert main(["score", str(source), "-o", str(scored)]) == 2
    assert main(["score", str(source)]) == 2
    assert source.read_bytes() == before
    assert not scored.exists()


@pytest.fixture(scope="module")
def judged_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample as a judge returns it: Longest Road Length of Results!L4 typed as 3 (was 4)."""
    copy = tmp_path_factory.mktemp("copy") / "judge.xlsx"
    copy.write_bytes(
        patch.patch_workbook(Package.open(SAMPLE.read_bytes()), {"Results": {"L4": 3}})
    )
    return copy


@pytest.mark.parametrize("name", list(EQUIVALENT))
def test_an_equivalent_package_merges_like_the_original(
    name: str, judged_copy: Path, tmp_path: Path
) -> None:
    """merge finds and patches the Results part however the package names it, as score does."""
    base = tmp_path / "base.xlsx"
    base.write_bytes(pack(EQUIVALENT[name](members(SAMPLE.read_bytes()))))
    before = base.read_bytes()
    merged = tmp_path / "merged.xlsx"
    assert main(["merge", str(base), str(judged_copy), "-o", str(merged)]) == 0
    assert base.read_bytes() == before
    assert_sound(merged.read_bytes())
    assert sheet_values(Package.open(merged.read_bytes()))["Results"][3][11] == 3
    kept = members(before)
    changed = [n for n, data in members(merged.read_bytes()).items() if kept.get(n) != data]
    assert len(changed) == 1
    assert changed[0].lower() == RESULTS.lower()


@pytest.mark.parametrize("name", list(EQUIVALENT))
def test_an_equivalent_package_archives_and_verifies(name: str, tmp_path: Path) -> None:
    """archive protects every sheet and records its fingerprint however the parts are named."""
    source = tmp_path / "event.xlsx"
    source.write_bytes(pack(EQUIVALENT[name](members(SAMPLE.read_bytes()))))
    before = source.read_bytes()
    folder = tmp_path / "archive"
    assert main(["archive", str(source), "-o", str(folder)]) == 0
    assert source.read_bytes() == before
    archived = (folder / "event.xlsx").read_bytes()
    assert_sound(archived)
    sheets = [n for n in members(archived) if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n, re.I)]
    assert len(sheets) >= 4
    assert all(b"sheetProtection" in members(archived)[n] for n in sheets)
    assert main(["verify", str(folder)]) == 0

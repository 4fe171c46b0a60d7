"""Our sheets are written block by block, the blocks shared with a helper process: the package
is byte for byte the same whichever process wrote which block, whether the helper ran, died
or failed; it inflates to the XML one process writes, and its CRCs check."""

from __future__ import annotations

import io
import multiprocessing
import os
import random
import subprocess
import sys
import textwrap
import time
import zipfile
import zlib
from pathlib import Path

import pytest

from tests.eventgen import random_event, write_workbook
from tests.packages import assert_valid_zip, excel_like, parts_of, specs
from tests.test_parallel import ON_TWO_CPUS
from xlsx_scorer.opc.package import Package
from xlsx_scorer.opc.zipraw import Deflated
from xlsx_scorer.xlsx import parallel
from xlsx_scorer.xlsx.write import sheetxml, splice
from xlsx_scorer.xlsx.write.spec import Column, Note, SheetSpec
from xlsx_scorer.xlsx.write.splice import write_sheets

#: Scores ``argv[1]`` into ``argv[2]`` in a fresh process with one thread, as the program
#: does; each block of a sheet of ours is written by whichever process claims it, which
#: notes its process id.  ``how``: ``share`` (a helper when it can be), ``one`` (never a
#: helper), ``kill`` (the helper dies on its first block), ``raise`` (its work fails there),
#: ``whole`` (blocks of the usual size: each sheet here is one block, in one process).
SCRIPT = textwrap.dedent(
    """
    import datetime as dt, os, sys, time
    from pathlib import Path
    from xlsx_scorer.app import api
    from xlsx_scorer.xlsx import parallel
    from xlsx_scorer.xlsx.write import sheetxml, splice

    api.set_aside_heavy_imports()  # as the program: numpy's BLAS without threads
    source, target, how = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    parent, noted = os.getpid(), target.with_suffix(".pids")
    deflate_block = splice.deflate_block

    def noting(data, level, *, last):
        if os.getpid() != parent and how == "kill":
            os._exit(9)
        if os.getpid() != parent and how == "raise":
            raise RuntimeError("only in the helper")
        time.sleep(0.005)  # long enough for the helper to claim blocks too
        with noted.open("a") as pids:
            pids.write(f"{os.getpid()}\\n")
        return deflate_block(data, level, last=last)

    splice.deflate_block = noting
    if how != "whole":
        sheetxml.BLOCK_CELLS = 64  # Round Points: 7 rows a block
    if how == "one":
        parallel._can_fork = lambda: False
    now = dt.datetime(2025, 3, 1, 12, tzinfo=dt.UTC)
    result = api.score(source.read_bytes(), now=now)
    assert result.workbook is not None and not result.findings, result.findings
    target.write_bytes(result.workbook)
    print(len(set(noted.read_text().split())))
    """
)


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small event (40 players, 6 rounds): sheets of dozens of blocks of 64 cells."""
    path = tmp_path_factory.mktemp("league") / "event.xlsx"
    write_workbook(path, random_event(random.Random(3), 40, 6))
    return path


def scored(league: Path, how: str) -> tuple[bytes, int]:
    """The scored package and how many processes wrote its blocks."""
    target = league.with_name(f"scored-{how}.xlsx")
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(league), str(target), how],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stderr == ""
    return target.read_bytes(), int(run.stdout)


@ON_TWO_CPUS
def test_the_package_is_the_same_whichever_process_wrote_which_block(league: Path) -> None:
    shared, processes = scored(league, "share")
    assert processes == 2  # the helper wrote blocks
    alone, processes = scored(league, "one")
    assert processes == 1
    assert shared == alone


@ON_TWO_CPUS
@pytest.mark.parametrize("how", ["kill", "raise"])
def test_a_helper_that_dies_or_fails_leaves_the_same_package(league: Path, how: str) -> None:
    """Its blocks are written here again: the same bytes, never a damaged package."""
    written, processes = scored(league, how)
    assert processes == 1
    assert written == scored(league, "one")[0]


def test_the_blocks_inflate_to_the_xml_of_one_block(league: Path) -> None:
    """Each member of many blocks (its CRC combined from theirs) is the sheet written whole."""
    blocks, _ = scored(league, "share")
    whole, processes = scored(league, "whole")
    assert processes == 1
    assert blocks != whole  # deflated block by block: other bytes
    assert_valid_zip(blocks)  # zipfile.testzip: every member inflates to its CRC
    assert parts_of(blocks) == parts_of(whole)
    with zipfile.ZipFile(io.BytesIO(blocks)) as archive:
        sheets = [info for info in archive.infolist() if info.filename.startswith("xl/worksheets/")]
        assert len(sheets) >= 4  # Results, Standings, Round Points, Errors (+ chart data)
        for info in sheets:
            assert zlib.crc32(archive.read(info)) == info.CRC


def test_a_package_of_few_blocks_starts_no_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small event's sheets are one block each, and a few blocks are not worth a fork."""

    def no_helper(*_args: object) -> None:
        raise AssertionError("a helper was started")

    monkeypatch.setattr(parallel, "_can_fork", lambda: True)
    monkeypatch.setattr(parallel, "_Shared", no_helper)
    whole = write_sheets(Package.open(excel_like()), specs())
    monkeypatch.setattr(sheetxml, "BLOCK_CELLS", 2)  # Standings: a block for each of 2 rows
    blocks = write_sheets(Package.open(excel_like()), specs())
    assert parts_of(blocks) == parts_of(whole)
    monkeypatch.setattr(splice, "SHARED_BLOCKS", 2)
    with pytest.raises(AssertionError, match="a helper was started"):
        write_sheets(Package.open(excel_like()), specs())


def test_minus_zero_beside_zero_reads_the_same_whichever_process_wrote_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """0.0 and -0.0 are one key of a column's cache: each process met one of them first,
    yet every block says 0.0 (the sheet as one process writes it)."""
    monkeypatch.setattr(sheetxml, "BLOCK_CELLS", 1)  # a block per row, many for the helper
    sheet = [[0.0], *([[-0.0], [0.0]] * 300)]

    def written(fork: bool) -> bytes:
        monkeypatch.setattr(parallel, "_can_fork", lambda: fork)
        deflated = splice.deflate_sheets([sheetxml.data_sheet_xml(sheet, 1)])[0]
        return zlib.decompress(b"".join(deflated.chunks), -15)

    alone = written(False)
    assert alone.count(b"<v>0.0</v>") == len(sheet)
    assert b"-0.0" not in alone
    for _ in range(3):
        assert written(True) == alone


@ON_TWO_CPUS
def test_a_note_worked_out_on_writing_is_worked_out_once_here_while_the_helper_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A check code is a note given as a function: this process works it out, once, while
    the helper writes the rows; the part is the one its text would give."""
    monkeypatch.setattr(sheetxml, "BLOCK_CELLS", 1)  # a block per row: many for the helper
    monkeypatch.setattr(parallel, "_can_fork", lambda: True)
    deflate_block = splice.deflate_block

    def slowly(data: bytes, level: int, *, last: bool) -> Deflated:
        time.sleep(0.005)  # the helper is still writing when the note is worked out
        return deflate_block(data, level, last=last)

    monkeypatch.setattr(splice, "deflate_block", slowly)
    styles = sheetxml.CellStyles(title=1, note=2, header=3, cells={(None, False, "", False): 4})
    parent, called, helping = os.getpid(), [], []

    def code() -> str:
        called.append(os.getpid())
        helping.append(bool(multiprocessing.active_children()))
        return "0123456789"

    def written(*notes: Note) -> bytes:
        spec = SheetSpec("k", "S", "T", notes, (Column("N"),), [[n] for n in range(40)])
        deflated = splice.deflate_sheets([sheetxml.worksheet_xml(spec, styles)])[0]
        return zlib.decompress(b"".join(deflated.chunks), -15)

    later = written("Check code:", code)
    assert called == [parent]
    assert helping == [True]
    assert later == written("Check code:", "0123456789")
    assert b"<t>0123456789</t>" in later

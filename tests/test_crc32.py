"""``crc32_combine`` is zlib's CRC-32 of the data end to end; blocks deflated apart and joined
are one member: its CRC and size are those of the whole data, it inflates to the whole."""

from __future__ import annotations

import io
import itertools
import zipfile
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlsx_scorer.opc.crc32 import crc32_combine
from xlsx_scorer.opc.zipraw import RawZipWriter, deflate_block, joined


@given(st.binary(), st.binary())
def test_the_combined_crc_is_the_crc_of_the_concatenation(first: bytes, second: bytes) -> None:
    combined = crc32_combine(zlib.crc32(first), zlib.crc32(second), len(second))
    assert combined == zlib.crc32(first + second)


@given(st.binary(max_size=64), st.integers(0, 3_000_000), st.binary(max_size=64))
def test_long_pieces_combine_too(first: bytes, zeros: int, tail: bytes) -> None:
    """Lengths of megabytes (every bit of the length up to 2^21 gets its power of ``Z``)."""
    second = bytes(zeros) + tail
    combined = crc32_combine(zlib.crc32(first), zlib.crc32(second), len(second))
    assert combined == zlib.crc32(first + second)


@given(st.lists(st.binary(max_size=300), max_size=8))
def test_combining_piece_by_piece_is_the_crc_of_them_all(pieces: list[bytes]) -> None:
    crc = 0
    for piece in pieces:
        crc = crc32_combine(crc, zlib.crc32(piece), len(piece))
    assert crc == zlib.crc32(b"".join(pieces))


def test_a_negative_length_is_refused() -> None:
    with pytest.raises(ValueError, match="-1 bytes"):
        crc32_combine(0, 0, -1)


#: XML-like data: repeats deflate finds, and bytes it cannot shorten.
DATA = st.lists(
    st.one_of(st.just(b'<row r="7"><c r="A7" s="3"><v>12</v></c></row>'), st.binary(max_size=90)),
    max_size=400,
).map(b"".join)


@given(DATA, st.lists(st.integers(0, 20_000), max_size=6), st.sampled_from([1, 6, 9]))
def test_blocks_cut_anywhere_join_into_one_member(data: bytes, cuts: list[int], level: int) -> None:
    edges = [0, *sorted(min(cut, len(data)) for cut in cuts), len(data)]
    pieces = [data[start:end] for start, end in itertools.pairwise(edges)]
    member = joined(
        deflate_block(piece, level, last=number == len(pieces) - 1)
        for number, piece in enumerate(pieces)
    )
    assert zlib.decompress(b"".join(member.chunks), -15) == data  # a complete stream: no more
    assert (member.crc, member.size) == (zlib.crc32(data), len(data))
    writer = RawZipWriter()
    writer.write("a.xml", member, (1980, 1, 1, 0, 0, 0))
    with zipfile.ZipFile(io.BytesIO(writer.getvalue())) as archive:
        assert archive.testzip() is None
        assert archive.read("a.xml") == data

"""The CRC-32 of two pieces of data put end to end, from their own CRC-32s and the second's length.

``crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b)) == zlib.crc32(a + b)``: what zlib's C
library calls ``crc32_combine``, which Python's ``zlib`` does not expose.  A member deflated
block by block, each block in whichever process, gets its CRC from the blocks' CRCs without
reading its data again.

The maths (zlib's CRC-32: polynomial ``0xEDB88320`` bit-reflected, register set to all ones
before and inverted after):

- The register is a vector of 32 bits, over GF(2) (addition is XOR).  Feeding it one zero bit
  is a linear map ``Z``: ``r -> (r >> 1) ^ (0xEDB88320 if r & 1 else 0)``.  As a 32 × 32
  matrix, column 0 (the image of bit 0) is ``0xEDB88320`` and column ``k`` is bit ``k - 1``.
- Feeding data ``m`` to a register ``r`` gives ``Z^(8|m|) r ^ L(m)``, ``L(m)`` being what it
  gives from a zero register: linear in ``r``.  With zlib's inversions,
  ``crc(a + b) = ~(Z^(8|b|) ~crc(a) ^ L(b))`` and ``crc(b) = ~(Z^(8|b|) ~0 ^ L(b))``; XOR the
  two and the inversions cancel: ``crc(a + b) = Z^(8|b|) crc(a) ^ crc(b)``.
- ``Z^(8n)``, for ``n`` bytes of zeros, is the product of ``Z^(8·2^j)`` over the bits ``j``
  set in ``n`` (powers of one matrix commute).  Those are squares of squares of ``Z^8``,
  worked out once per process and kept (a few milliseconds, only once a CRC other than 0 is
  moved: the first piece of a member starts from 0); a combination then costs a
  matrix-vector product (32 XORs at most) per bit set in the length.

Worked example: ``crc("hello ") = 0xED81F9F6``, ``crc("world") = 0x3A771143`` and
``len("world") = 5`` (101 in binary): ``Z^(8·1)`` then ``Z^(8·4)`` applied to ``0xED81F9F6``
give ``0x373D00C6``, and ``0x373D00C6 ^ 0x3A771143 = 0x0D4A1185 = crc("hello world")``.

>>> import zlib
>>> hex(crc32_combine(zlib.crc32(b"hello "), zlib.crc32(b"world"), 5))
'0xd4a1185'
>>> hex(_times(_zeros(2), _times(_zeros(0), 0xED81F9F6)))
'0x373d00c6'
>>> crc32_combine(0x1234, 0, 0)  # nothing after: the CRC of the first piece
4660
"""

from __future__ import annotations

import functools

__all__ = ["crc32_combine"]

#: zlib's CRC-32 polynomial, bit-reflected (the coefficient of x^0 is the top bit).
_POLYNOMIAL = 0xEDB88320
#: A 32 × 32 matrix over GF(2): its columns, column ``k`` the image of the vector ``1 << k``.
_Matrix = tuple[int, ...]
#: ``Z``: the register fed one zero bit.
_ONE_ZERO_BIT: _Matrix = (_POLYNOMIAL, *(1 << (k - 1) for k in range(1, 32)))


def crc32_combine(first_crc: int, second_crc: int, second_length: int) -> int:
    """The CRC-32 of ``a + b`` from ``zlib.crc32(a)``, ``zlib.crc32(b)`` and ``len(b)``."""
    if second_length < 0:
        raise ValueError(f"a length of {second_length} bytes")
    register, length, power = first_crc, second_length, 0
    while length and register:  # zeros fed to a zero register leave it zero
        if length & 1:
            register = _times(_zeros(power), register)
        length >>= 1
        power += 1
    return register ^ second_crc


def _times(matrix: _Matrix, vector: int) -> int:
    """``matrix · vector`` over GF(2): the XOR of the columns for the bits set in ``vector``."""
    product = 0
    column = 0
    while vector:
        if vector & 1:
            product ^= matrix[column]
        vector >>= 1
        column += 1
    return product


def _square(matrix: _Matrix) -> _Matrix:
    """``matrix · matrix``: each column of the square is ``matrix`` times that column."""
    return tuple(_times(matrix, column) for column in matrix)


@functools.cache
def _zeros(power: int) -> _Matrix:
    """The register fed ``2**power`` zero bytes: ``Z^(8·2^power)``."""
    if power == 0:
        return _square(_square(_square(_ONE_ZERO_BIT)))  # Z^8: one zero byte
    return _square(_zeros(power - 1))

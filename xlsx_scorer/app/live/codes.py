"""The tables' codes (docs/rules.md §9): made by ``seat``, kept on the round's slips sheet.

Each table of a seated round gets an 8-digit code to type and a token of 192 random bits
for its link (``/t/<token>``), both from ``secrets``.  ``seat`` writes them on the
``Seating R<N>`` sheet (the code and the link on each table's first row, under the
headers ``Code`` and ``Link`` of the slips' language); the server reads the open round's
from the newest such sheet of the workbook on disk (``open_codes``), so a restart and a
round seated by the command line both work, and a round's codes stop when a later round is
seated.  Nothing else ever holds them: they are compared in constant time
(``secrets.compare_digest``), never logged.

>>> made = new_codes(2)
>>> len(made), all(len(c.code) == 8 and set(c.code) <= set("0123456789") for c in made)
(2, True)
>>> made[0].link == "/t/" + made[0].token, len(made[0].token) >= 32
(True, True)
>>> rows = [["Seating R3"], ["Table", "Seat", "Player", "Code", "Link"],
...         [1, 1, "Ana", "01234567", "/t/abcdefghijklmnop"], [1, 2, "Bea", None, None], [None] * 5,
...         [2, 1, "Cem", "76543210", "/t/qrstuvwxyz012345"]]
>>> found = read_slips(rows)
>>> found["1"], sorted(found)
(TableCode(code='01234567', token='abcdefghijklmnop'), ['1', '2'])
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from xlsx_scorer.app import outputkinds
from xlsx_scorer.core.cells import table_label

#: Digits of a table's typed code; random bytes of a table's link token (192 bits).
CODE_DIGITS, TOKEN_BYTES = 8, 24
#: Where a table's page is: this and its token.
LINK_PREFIX = "/t/"
_CODE = re.compile(r"\d{8}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


@dataclass(frozen=True)
class TableCode:
    """One table's code (8 digits, a string: ``00012345`` keeps its zeros) and token."""

    code: str
    token: str

    @property
    def link(self) -> str:
        """The table page's address on the server: ``/t/<token>``."""
        return LINK_PREFIX + self.token


def new_codes(count: int) -> tuple[TableCode, ...]:
    """``count`` fresh codes, all different (a repeat among 10⁸ is drawn again)."""
    made: dict[str, TableCode] = {}
    while len(made) < count:
        code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
        made.setdefault(code, TableCode(code, secrets.token_urlsafe(TOKEN_BYTES)))
    return tuple(made.values())


def read_slips(rows: Sequence[Sequence[Any]]) -> dict[str, TableCode]:
    """The codes on a slips sheet's rows: table label → code, from each row whose last two
    filled cells are a code (8 digits) and a link (``/t/<token>``)."""
    found: dict[str, TableCode] = {}
    for row in rows:
        filled = [value for value in row if value is not None and str(value).strip()]
        if len(filled) < 3:
            continue
        code, link = str(filled[-2]).strip(), str(filled[-1]).strip()
        token = link.removeprefix(LINK_PREFIX)
        label = table_label(row[0])
        if (
            _CODE.fullmatch(code)
            and link.startswith(LINK_PREFIX)
            and _TOKEN.fullmatch(token)
            and isinstance(label, str)
        ):
            found[label] = TableCode(code, token)
    return found


def open_codes(outputs: dict[str, Any]) -> tuple[int, dict[str, TableCode]] | None:
    """The open round and its tables' codes: from the newest slips sheet of ours
    (``Workbook.existing_outputs``: kind ``seating_r<N>``, the largest N) holding codes;
    None when no slips sheet holds any (a round seated before codes existed)."""
    rounds = sorted(
        (
            (int(number), old)
            for kind, old in outputs.items()
            if kind.startswith(outputkinds.SEATING_PREFIX)
            and re.fullmatch("[0-9]+", number := kind.removeprefix(outputkinds.SEATING_PREFIX))
        ),
        key=lambda pair: pair[0],
        reverse=True,
    )
    for round_no, old in rounds[:1]:
        codes = read_slips(old.rows)
        if codes:
            return round_no, codes
    return None

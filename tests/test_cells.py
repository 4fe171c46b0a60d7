"""docs/rules.md §1: what one cell means."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from xlsx_scorer.core import cells
from xlsx_scorer.core.cells import CellError


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, 3),
        (3.0, 3),
        ("3", 3),
        (" 3 ", 3),
        ("3.0", 3),
        (-1, -1),
        (0, 0),
        (3.5, CellError("not_whole_number", "3.5")),
        ("3.5", CellError("not_whole_number", "3.5")),
        ("three", CellError("text_in_number", "three")),
        (True, CellError("bool_in_number", "TRUE")),
        (dt.date(2026, 1, 3), CellError("date_in_number", "2026-01-03")),
        (dt.time(3, 0), CellError("date_in_number", "03:00:00")),
        (1e300, CellError("number_too_large", "1e+300")),
        (float("nan"), CellError("number_too_large", "nan")),
    ],
)
def test_whole_number(value: Any, expected: Any) -> None:
    assert cells.whole_number(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", False),
        ("  ", False),
        (None, False),
        (True, True),
        (False, False),
        (1, True),
        (0.0, False),
        ("x", True),
        ("X", True),
        ("✓", True),
        ("yes", True),
        ("No", False),
        ("SÍ", True),
        ("si", True),
        ("EVET", True),
        ("HAYIR", False),
        ("hayır", False),
        ("doğru", True),
        ("verdadero", True),
        ("falso", False),
        ("1", True),
        ("0", False),
        ("1.0", True),
        ("0.0", False),
        (2, CellError("not_a_mark", "2")),
        ("maybe", CellError("not_a_mark", "maybe")),
    ],
)
def test_mark(value: Any, expected: Any) -> None:
    assert cells.mark(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Ana", "Ana"),
        ("  Ana   María ", "Ana María"),
        ("Jose\u0301", "José"),
        ("Ana\tMaría", "Ana María"),
        (42, "42"),
        ("   ", CellError("missing_player", "")),
        (True, CellError("name_not_text", "TRUE")),
        (cells.ErrorValue("#N/A"), CellError("error_value", "#N/A")),
        ("An\x00a", CellError("name_control_characters", "'An\\x00a'")),
    ],
)
def test_player_name(value: Any, expected: Any) -> None:
    assert cells.player_name(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (3, "3"),
        (3.0, "3"),
        ("3", "3"),
        ("Final A", "Final A"),
        ("①", "①"),
        (0, CellError("bad_table", "0")),
        (2.5, CellError("bad_table", "2.5")),
        ("x" * 21, CellError("bad_table", "x" * 21)),
        (True, CellError("bad_table", "TRUE")),
    ],
)
def test_table_label(value: Any, expected: Any) -> None:
    assert cells.table_label(value) == expected

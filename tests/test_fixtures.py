"""The fixture files, the random event generator and the oracle agree with each other.

A deliberately naive reader (:func:`read_results`) turns a workbook back into oracle
rows, so the committed ``.xlsx`` files are checked as workbooks, not as Python data.
"""

from __future__ import annotations

import itertools
import json
import random
import unicodedata
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from fixtures import make_fixtures
from tests import eventgen, oracle

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SPEC_HEADERS = {
    "Round": "round",
    "Table": "table",
    "Player": "player",
    "Settlements": "settlements",
    "Cities": "cities",
    "VP Cards": "vp_cards",
    "Knights Played": "knights",
    "Roads Built": "roads",
    "Longest Road Length": "longest_road",
    "Largest Army First": "army_first",
    "Longest Road First": "road_first",
    "Declared Victory": "declared",
}
OPTIONAL_HEADERS = {"Total VP": "total_vp"}
YES = {True, "x", "X", "✓", "yes"}  # True == 1
NO = {None, False, "no", ""}  # False == 0
RULE_KEY = {
    "R1.roads": "roads",
    "R3": "longest_road",
    "R5": "player",
    "R6": "vp_cards",
    "R7": "knights",
    "R8.mark_not_leader": "army_first",
    "R10.under_10": "declared",
    "N.roster": "player",
    "R11": "total_vp",
}


def _whole(value: Any) -> Any:
    """3 → 3, 3.0 → 3, "3" → 3; anything else unchanged."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return value


def read_results(path: Path) -> tuple[list[dict[str, Any]], list[int], dict[str, str], Any]:
    """Rows, their sheet row numbers, key → column letter, and the roster (or None).

    A ``Total VP`` column, when there is one, is read as ``total_vp`` (blank: ``None``).
    """
    wb = load_workbook(path)
    ws = wb["Results"]
    header_row, columns = 0, {}
    for r in range(1, 6):
        values = [ws.cell(row=r, column=c).value for c in range(1, ws.max_column + 1)]
        if set(SPEC_HEADERS) <= set(values):
            header_row = r
            known = SPEC_HEADERS | OPTIONAL_HEADERS
            columns = {known[v]: i + 1 for i, v in enumerate(values) if v in known}
            break
    assert header_row, "no header row"
    rows, numbers = [], []
    for r in range(header_row + 1, ws.max_row + 1):
        cells = [ws.cell(row=r, column=c).value for c in range(1, ws.max_column + 1)]
        if all(v is None for v in cells):
            continue
        row: dict[str, Any] = {}
        for key, col in columns.items():
            value = ws.cell(row=r, column=col).value
            if key == "player":
                row[key] = oracle.normalise_name(value)
            elif key in ("army_first", "road_first", "declared"):
                assert value in YES | NO, (r, key, value)
                row[key] = value in YES
            elif key == "total_vp":
                row[key] = None if value is None else _whole(value)
            else:
                row[key] = _whole(value)
        rows.append(row)
        numbers.append(r)
    roster = None
    if "Players" in wb.sheetnames:
        players = wb["Players"]
        assert players["A1"].value == "Player"
        roster = [c.value for c in players["A"][1:] if c.value is not None]
    letters = {key: get_column_letter(col) for key, col in columns.items()}
    return rows, numbers, letters, roster


def _cells(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    wb = load_workbook(path)
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb.worksheets}


# --- fixture files --------------------------------------------------------------------


def test_fixture_files_are_what_the_script_writes(tmp_path: Path) -> None:
    make_fixtures.write_all(tmp_path)
    for name in ("sample_event.xlsx", "sample_mistakes.xlsx"):
        assert _cells(tmp_path / name) == _cells(FIXTURES / name), name
    for name in ("sample_event.expected.json", "sample_mistakes.expected.json"):
        fresh = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        assert fresh == json.loads((FIXTURES / name).read_text(encoding="utf-8")), name


def _fraction_strings(standing: dict[str, Any]) -> dict[str, Any]:
    return {
        "rank": standing["rank"],
        "player": standing["player"],
        "round_points": str(standing["round_points"]),
        "vp": standing["vp"],
        "vp_pct": str(standing["vp_pct"]),
        "per_round": {f"R{r}": str(p) for r, p in standing["per_round"].items()},
    }


def test_oracle_on_the_workbook_agrees_with_the_golden_json() -> None:
    rows, _, _, roster = read_results(FIXTURES / "sample_event.xlsx")
    golden = json.loads((FIXTURES / "sample_event.expected.json").read_text(encoding="utf-8"))
    assert oracle.validate(rows, roster=roster) == []
    games, standings = oracle.score(rows)
    keys = ("rank", "player", "round_points", "vp", "vp_pct", "per_round")
    assert [_fraction_strings(s) for s in standings] == [
        {k: s[k] for k in keys} for s in golden["standings"]
    ]
    for s in golden["standings"]:
        assert s["round_points_float"] == float(Fraction(s["round_points"]))
        assert s["vp_pct_float"] == float(Fraction(s["vp_pct"]))
    assert [
        (g["round"], g["player"], g["vp"], g["place"], str(g["points"]), g["declared"])
        for g in games
    ] == [
        (g["round"], g["player"], g["vp"], g["place"], g["round_points"], g["declared_victory"])
        for g in golden["round_points"]
    ]


def test_sample_event_holds_the_tricky_cases() -> None:
    rows, _, _, roster = read_results(FIXTURES / "sample_event.xlsx")
    wb = load_workbook(FIXTURES / "sample_event.xlsx")
    assert wb["Results"]["A1"].value == "Copa Catan Sevilla 2026 — Results"
    assert roster is not None
    assert len(roster) == 26
    assert {r["player"] for r in rows} == set(roster)
    assert {r["round"] for r in rows} == {1, 2, 3, 4}
    games, _ = oracle.score(rows)
    blank_totals = sum(r["total_vp"] is None for r in rows)
    assert 0 < blank_totals < len(rows) / 5
    assert any(r["total_vp"] and (g["army"] or g["road"]) for r, g in zip(rows, games, strict=True))
    sizes_per_round: dict[int, set[int]] = {}
    seen = Counter[str]()
    for (rnd, _table), idx in oracle.games_of(rows).items():
        sizes_per_round.setdefault(rnd, set()).add(len(idx))
        rs, gs = [rows[i] for i in idx], [games[i] for i in idx]
        vps = [g["vp"] for g in gs]
        if len(set(vps)) < len(vps):
            seen["vp tie"] += 1
        if any(g["declared"] and g["vp"] < max(vps) for g in gs):
            seen["declared below"] += 1
        knights = [r["knights"] for r in rs]
        if max(knights) >= 3 and knights.count(max(knights)) > 1:
            seen["army tie"] += 1
            assert sum(r["army_first"] for r in rs) == 1
        lengths = [r["longest_road"] for r in rs]
        if max(lengths) >= 5 and lengths.count(max(lengths)) > 1:
            seen["road tie"] += 1
            assert sum(r["road_first"] for r in rs) == 1
    assert all(sizes == {3, 4} for sizes in sizes_per_round.values())
    _, standings = oracle.score(rows)
    for a, b in itertools.pairwise(standings):
        if (a["round_points"], a["vp"]) == (b["round_points"], b["vp"]):
            seen["vp % decides" if a["vp_pct"] != b["vp_pct"] else "name decides"] += 1
            # collation, not code points: "İpek" before "van Dijk"
            seen["collation differs"] += a["vp_pct"] == b["vp_pct"] and a["player"] > b["player"]
    assert seen["vp % decides"] >= 1
    assert seen["name decides"] >= 2
    assert seen["collation differs"] >= 1
    assert seen["vp tie"] >= 5
    assert seen["declared below"] >= 2
    assert seen["army tie"] >= 1
    assert seen["road tie"] >= 1


def test_mistakes_expected_cells_are_what_the_oracle_finds() -> None:
    rows, numbers, letters, roster = read_results(FIXTURES / "sample_mistakes.xlsx")
    expected = json.loads((FIXTURES / "sample_mistakes.expected.json").read_text("utf-8"))
    entries = expected["errors"]
    assert 6 <= len(entries) <= 9
    assert "N.roster" in {e["rule"] for e in entries}
    found = {
        (f"Results!{letters[RULE_KEY[code]]}{numbers[i]}", code)
        for i, code in oracle.validate(rows, roster=roster)
    }
    listed = set()
    for e in entries:
        assert (e["cell"], e["rule"]) in found
        listed |= {(cell, e["rule"]) for cell in [e["cell"], *e["also_acceptable"]]}
    assert found <= listed
    event_rows, *_ = read_results(FIXTURES / "sample_event.xlsx")
    changed = [i for i, (a, b) in enumerate(zip(rows, event_rows, strict=True)) if a != b]
    assert len(changed) == len(entries)


# --- event generator ------------------------------------------------------------------


@pytest.mark.parametrize("n", range(6, 41))
def test_split_tables_seats_everyone(n: int) -> None:
    sizes = eventgen.split_tables(random.Random(n), n)
    assert sum(sizes) == n
    assert set(sizes) <= {3, 4}


@pytest.mark.parametrize("n", [1, 2, 5])
def test_split_tables_refuses_impossible(n: int) -> None:
    with pytest.raises(ValueError, match="cannot sit"):
        eventgen.split_tables(random.Random(0), n)


def test_names_are_distinct_without_a_roster() -> None:
    folded = [oracle.fold(n) for n in eventgen.NAMES]
    assert len(set(folded)) == len(eventgen.NAMES) == 40
    assert all(n == unicodedata.normalize("NFC", n) for n in eventgen.NAMES)
    assert any(n[0].islower() for n in eventgen.NAMES)


@pytest.mark.parametrize("seed", range(60))
def test_random_event_is_valid(seed: int) -> None:
    rng = random.Random(seed)
    n_players, n_rounds = rng.randint(9, 40), rng.randint(1, 7)
    rows = eventgen.random_event(rng, n_players, n_rounds)
    assert oracle.validate(rows) == []
    assert len(rows) == n_players * n_rounds
    for rnd in range(1, n_rounds + 1):
        assert len({r["player"] for r in rows if r["round"] == rnd}) == n_players


def test_random_events_contain_the_interesting_cases() -> None:
    seen = Counter[str]()
    rng = random.Random(7)
    for _ in range(10):
        rows = eventgen.random_event(rng, 24, 4)
        games, _ = oracle.score(rows)
        for idx in oracle.games_of(rows).values():
            gs, rs = [games[i] for i in idx], [rows[i] for i in idx]
            vps = [g["vp"] for g in gs]
            seen["games"] += 1
            seen["vp tie"] += len(set(vps)) < len(vps)
            seen["declared"] += any(g["declared"] for g in gs)
            seen["declared below"] += any(g["declared"] and g["vp"] < max(vps) for g in gs)
            seen["army mark"] += any(r["army_first"] for r in rs)
            seen["road mark"] += any(r["road_first"] for r in rs)
    assert seen["vp tie"] > seen["games"] / 5
    assert seen["declared below"] > seen["games"] / 20
    assert seen["army mark"] > seen["games"] / 10
    assert seen["road mark"] > seen["games"] / 10


@pytest.mark.parametrize(
    ("mark_style", "numbers_as"),
    list(itertools.product(eventgen.MARK_STYLES, eventgen.NUMBER_STYLES)),
)
def test_write_workbook_round_trip(tmp_path: Path, mark_style: str, numbers_as: str) -> None:
    rng = random.Random(f"{mark_style}{numbers_as}")
    rows = eventgen.random_event(rng, 13, 2)
    names = sorted({r["player"] for r in rows})
    path = tmp_path / "event.xlsx"
    layout = eventgen.write_workbook(
        path,
        rows,
        title_row=rng.random() < 0.5,
        shuffle_columns=True,
        extra_columns=True,
        mark_style=mark_style,
        numbers_as=numbers_as,
        blank_rows=True,
        roster=names if rng.random() < 0.5 else None,
        odd_spacing=True,
        rng=rng,
    )
    back, numbers, letters, roster = read_results(path)
    assert back == rows
    assert roster in (None, names)
    assert numbers == [layout.rows[i] for i in range(len(rows))]
    assert letters == {k: layout.columns[k] for k in letters}


def test_messy_name_normalises_back() -> None:
    rng = random.Random(3)
    for name in eventgen.NAMES:
        for _ in range(5):
            messy = eventgen.messy_name(rng, name)
            assert messy != name
            assert oracle.normalise_name(messy) == name

"""Random but rule-valid Catan tournament events, written as organisers write them.

Independent of ``xlsx_scorer``: tests write these workbooks, run the scorer and compare
its output sheets with :mod:`tests.oracle`.

- :func:`random_event` seats every player every round at 3- and 4-player tables and
  makes end positions that satisfy every limit of docs/rules.md §2, with frequent VP ties, tied
  Largest Army / Longest Road settled by a mark and declared victories (sometimes by a
  player with fewer VP than another).
- :func:`with_total_vp` copies each player's VP from the score slip into the optional
  ``Total VP`` column (docs/rules.md §1, rule 11), leaving some cells blank;
  :func:`wrong_totals` then miscopies a few, as a tired organiser does.
- :func:`write_workbook` writes rows to ``.xlsx`` with the English headers of docs/rules.md §1 in
  the variations a real organiser produces (title row, shuffled and extra columns, mark
  styles, numbers as floats or text, blank rows, a ``Players`` roster, messy spacing).
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from tests import oracle

KEYS = (
    "round",
    "table",
    "player",
    "settlements",
    "cities",
    "vp_cards",
    "knights",
    "roads",
    "longest_road",
    "army_first",
    "road_first",
    "declared",
)
HEADERS = {
    "round": "Round",
    "table": "Table",
    "player": "Player",
    "settlements": "Settlements",
    "cities": "Cities",
    "vp_cards": "VP Cards",
    "knights": "Knights Played",
    "roads": "Roads Built",
    "longest_road": "Longest Road Length",
    "army_first": "Largest Army First",
    "road_first": "Longest Road First",
    "declared": "Declared Victory",
    "total_vp": "Total VP",
}
"""docs/rules.md §1 English headers, e.g. ``HEADERS["knights"] == "Knights Played"``."""
TOTAL_VP = "total_vp"
"""The optional column: written only when the rows carry it."""

MARK_KEYS = ("army_first", "road_first", "declared")
NUMBER_KEYS = (
    "round",
    "settlements",
    "cities",
    "vp_cards",
    "knights",
    "roads",
    "longest_road",
)
MARK_STYLES = ("bool", "x", "X", "check", "1/0", "yes/no")
NUMBER_STYLES = ("int", "float", "text")
EXTRA_HEADERS = ("Notes", "Seat", "Email")

NAMES = (
    "Çetin Yıldız",
    "Şule Aksoy",
    "Ömer Demir",
    "İpek Arslan",
    "José Martínez",
    "Lucía Nuñez",
    "Zeynep Kaya",
    "çağla Ersoy",
    "ümit Aydın",
    "de la Peña Rocío",
    "van Dijk Pieter",
    "Ángel Muñoz",
    "Begoña Ibáñez",
    "Gökhan Çelik",
    "Işıl Koç",
    "Íñigo Goñi",
    "Ayşe Güneş",
    "Emre Şahin",
    "Maria Garcia",
    "John Smith",
    "Anna Berg",
    "David López",
    "Elif Doğan",
    "Carlos Ruiz",
    "Sofía Castaño",
    "Cem Ateş",
    "Ignacio Ortega",
    "Tom Baker",
    "Kerem Uçar",
    "Hülya Tekin",
    "Pablo Sáez",
    "Mehmet Öz",
    "Irene Vázquez",
    "Oğuz Kılıç",
    "Alba Serrano",
    "Ozan Ekinci",
    "Laura Jiménez",
    "Mert Güler",
    "Eva Ólafsdóttir",
    "Nuria Peña",
)
"""40 names: Turkish and Spanish letters, plain ones, some starting in lower case.

No two differ only in case or accents, so they are valid with or without a roster.
"""


def split_tables(rng: random.Random, n: int) -> list[int]:
    """Random table sizes (3s and 4s) seating exactly ``n`` players, in random order.

    Every ``n >= 6`` (and 3, 4) splits: ``n = 4b + 3a``. Example: ``n = 10`` gives a
    permutation of ``[4, 3, 3]``; ``n = 5`` raises ``ValueError``.
    """
    options = [b for b in range(n // 4 + 1) if (n - 4 * b) % 3 == 0]
    if not options:
        raise ValueError(f"{n} players cannot sit at 3- and 4-player tables")
    fours = rng.choice(options)
    sizes = [4] * fours + [3] * ((n - 4 * fours) // 3)
    rng.shuffle(sizes)
    return sizes


def buildings(rng: random.Random, base: int) -> tuple[int, int]:
    """Random ``(settlements, cities)`` with ``settlements + 2 × cities == base``.

    Respects 0–5 settlements, 0–4 cities and "no cities ⇒ ≥ 2 settlements";
    ``base`` is clamped to 2–13. Example: ``base = 9`` → one of (5, 2), (3, 3), (1, 4).
    """
    base = max(2, min(13, base))
    options = [
        (base - 2 * c, c)
        for c in range(5)
        if 0 <= base - 2 * c <= 5 and (c > 0 or base - 2 * c >= 2)
    ]
    return rng.choice(options)


def _leader_values(
    rng: random.Random,
    k: int,
    *,
    mode: str,
    low: int,
    high: int,
    below: int,
    budget: int,
) -> tuple[list[int], list[int]]:
    """Values for a Largest-Army-like contest and the indices of the tied leaders.

    ``mode`` ``"none"``: everyone below ``low``; ``"leader"``: one clear leader in
    ``low..high``; ``"tie"``: two or three tie for the lead. Others stay below the lead
    and ≥ ``below``; the total stays within ``budget``.
    Example: ``mode="tie", low=3`` may give ``[4, 1, 4, 0]`` with leaders ``[0, 2]``.
    """
    if mode == "none":
        return [rng.randint(below, low - 1) for _ in range(k)], []
    n_lead = 1 if mode == "leader" else rng.choice([2, 2, 2, 3])
    lead = rng.randint(low, min(high, budget // n_lead))
    leaders = sorted(rng.sample(range(k), n_lead))
    values = [lead if i in leaders else 0 for i in range(k)]
    remaining = budget - lead * n_lead
    for i in range(k):
        if i not in leaders:
            top = min(lead - 1, remaining)
            values[i] = rng.randint(min(below, top), top)
            remaining -= values[i]
    return values, leaders


def random_game(
    rng: random.Random,
    round_no: int,
    table: int | str,
    players: Sequence[str],
    *,
    tie_rate: float = 0.4,
    leader_mark_rate: float = 0.0,
    declare_below_rate: float = 0.5,
) -> list[dict[str, Any]]:
    """Rule-valid end positions of one 3- or 4-player game.

    One player aims at 8–12 base VP, sometimes a second contender too, the others at
    3–9; VP cards ≤ 5 and knights ≤ 14 for the table; a tied lead in knights (≥ 3) or
    road length (≥ 5) gets exactly one first-holder mark; a clear leader is marked only
    with probability ``leader_mark_rate``. With ``tie_rate`` two players are given
    equal VP. When ≥ 2 players reach 10 VP exactly one of them is marked declared —
    with ``declare_below_rate`` one who has fewer VP than another 10+ player.
    """
    k = len(players)
    if k not in (3, 4):
        raise ValueError("a game has 3 or 4 players")
    winner = rng.randrange(k)
    contender = rng.randrange(k) if rng.random() < 0.45 else None
    targets = []
    for i in range(k):
        if i == winner:
            targets.append(rng.randint(8, 12))
        elif i == contender:
            targets.append(rng.randint(8, 11))
        else:
            targets.append(rng.randint(3, 9))

    cards = [0] * k
    for _ in range(rng.choice([0, 0, 1, 1, 2, 2, 3, 4, 5])):
        cards[rng.randrange(k)] += 1
    positions = []
    for i in range(k):
        s, c = buildings(rng, targets[i] - cards[i])
        positions.append({"settlements": s, "cities": c, "vp_cards": cards[i]})

    army_mode = rng.choice(["none", "leader", "leader", "tie"])
    knights, army_leaders = _leader_values(
        rng, k, mode=army_mode, low=3, high=7, below=0, budget=14
    )
    road_mode = rng.choice(["none", "leader", "leader", "tie"])
    lengths, road_leaders = _leader_values(
        rng, k, mode=road_mode, low=5, high=11, below=1, budget=40
    )

    def first_holder(leaders: list[int]) -> tuple[int | None, int | None]:
        """(holder, marked row): a tie marks one leader, a clear leader maybe."""
        if not leaders:
            return None, None
        if len(leaders) > 1:
            chosen = rng.choice(leaders)
            return chosen, chosen
        marked = leaders[0] if rng.random() < leader_mark_rate else None
        return leaders[0], marked

    army, army_mark = first_holder(army_leaders)
    road, road_mark = first_holder(road_leaders)
    for i, pos in enumerate(positions):
        pos["knights"] = knights[i]
        pos["longest_road"] = lengths[i]
        pos["roads"] = min(15, max(2, lengths[i] + rng.choice([0, 0, 1, 2, 3, 5])))
        pos["army_first"] = i == army_mark
        pos["road_first"] = i == road_mark

    def vp(i: int) -> int:
        p = positions[i]
        bonus = 2 * (i == army) + 2 * (i == road)
        return int(p["settlements"] + 2 * p["cities"] + p["vp_cards"] + bonus)

    if rng.random() < tie_rate:
        i, j = rng.sample(range(k), 2)
        base_j = positions[j]["settlements"] + 2 * positions[j]["cities"]
        new_base = base_j + vp(i) - vp(j)
        if 2 <= new_base <= 13:
            s, c = buildings(rng, new_base)
            positions[j].update(settlements=s, cities=c)

    vps = [vp(i) for i in range(k)]
    eligible = [i for i in range(k) if vps[i] >= 10]
    declarer = None
    if len(eligible) >= 2:
        below = [i for i in eligible if vps[i] < max(vps[e] for e in eligible)]
        pool = below if below and rng.random() < declare_below_rate else eligible
        declarer = rng.choice(pool)
    rows = []
    for i, name in enumerate(players):
        rows.append(
            {"round": round_no, "table": table, "player": name}
            | positions[i]
            | {"declared": i == declarer}
        )
    return [{key: r[key] for key in KEYS} for r in rows]


def seat_round(rng: random.Random, players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Shuffle ``players`` onto tables of the given sizes.

    Example: 7 players, sizes ``[4, 3]`` → two lists of 4 and 3 distinct names.
    """
    order = list(players)
    rng.shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def random_event(
    rng: random.Random,
    n_players: int,
    n_rounds: int,
    *,
    names: Sequence[str] | None = None,
    leader_mark_rate: float = 0.0,
) -> list[dict[str, Any]]:
    """A whole valid event: every player plays every round; tables numbered from 1.

    Rows are ordered by round, table, seat. Example: ``random_event(rng, 10, 2)`` has
    20 rows, each round at a 4-player and two 3-player tables (in some order).
    """
    if not 9 <= n_players <= len(NAMES) and names is None:
        raise ValueError(f"n_players must be 9..{len(NAMES)}")
    pool = list(names) if names is not None else rng.sample(NAMES, n_players)
    rows: list[dict[str, Any]] = []
    for round_no in range(1, n_rounds + 1):
        tables = seat_round(rng, pool, split_tables(rng, len(pool)))
        for number, seated in enumerate(tables, start=1):
            rows += random_game(rng, round_no, number, seated, leader_mark_rate=leader_mark_rate)
    return rows


def with_total_vp(
    rng: random.Random, rows: Sequence[dict[str, Any]], *, blank_rate: float = 0.2
) -> list[dict[str, Any]]:
    """Copies of ``rows`` with ``total_vp``: the oracle's in-game VP, or ``None`` (blank).

    Example: a player with 3 settlements, 2 cities and Largest Army gets 9 — unless
    the organiser left that cell blank (probability ``blank_rate``).
    """
    copies = [dict(row) for row in rows]
    for indices in oracle.games_of(copies).values():
        vps = oracle.game_vps([copies[i] for i in indices])
        for i, vp in zip(indices, vps, strict=True):
            copies[i][TOTAL_VP] = None if rng.random() < blank_rate else vp
    return copies


def wrong_totals(
    rng: random.Random, rows: list[dict[str, Any]], count: int, *, out_of_range: bool = False
) -> list[int]:
    """Miscopy ``count`` filled totals in place; returns their row indices, sorted.

    A miscopy is off by 1–3 (staying within 0–20), or with ``out_of_range`` sometimes
    a number no slip can show (21–25). Example: a slip's 9 typed as 8 or 11.
    """
    filled = [i for i, row in enumerate(rows) if row.get(TOTAL_VP) is not None]
    chosen = sorted(rng.sample(filled, min(count, len(filled))))
    for i in chosen:
        right = rows[i][TOTAL_VP]
        if out_of_range and rng.random() < 0.3:
            rows[i][TOTAL_VP] = rng.randint(21, 25)
            continue
        options = [v for d in (-3, -2, -1, 1, 2, 3) if 0 <= (v := right + d) <= 20]
        rows[i][TOTAL_VP] = rng.choice(options)
    return chosen


def messy_name(rng: random.Random, name: str) -> str:
    """The same person typed carelessly: extra leading/trailing/inner spaces, NFD accents.

    Normalising (trim, collapse spaces, NFC) gives back ``name``; at least one change is
    applied when possible. Example: ``"José  Martínez "`` with a decomposed ``é``.
    """
    for _ in range(10):
        out = name
        if rng.random() < 0.4:
            out = " " * rng.randint(1, 2) + out
        if rng.random() < 0.4:
            out = out + " " * rng.randint(1, 3)
        if " " in name.strip() and rng.random() < 0.4:
            out = out.replace(" ", "  ", 1)
        if rng.random() < 0.5:
            out = unicodedata.normalize("NFD", out)
        if out != name:
            return out
    return " " + name


def _number(value: Any, style: str) -> Any:
    """Write a whole number as ``int``, ``float`` (``3.0``) or text (``"3"``)."""
    if type(value) is not int:
        return value
    if style == "float":
        return float(value)
    if style == "text":
        return str(value)
    return value


def _mark(value: Any, style: str, rng: random.Random) -> Any:
    """A yes/no cell in the organiser's style; "no" is a blank or the explicit no form."""
    if not isinstance(value, bool):
        return value
    yes = {"bool": True, "x": "x", "X": "X", "check": "✓", "1/0": 1, "yes/no": "yes"}[style]
    no = {"bool": False, "1/0": 0, "yes/no": "no"}.get(style)
    if value:
        return yes
    return no if no is not None and rng.random() < 0.5 else None


@dataclass
class Layout:
    """Where :func:`write_workbook` put things: header row, column letters, row numbers.

    Example: ``layout.cell(3, "vp_cards") == "Results!F7"`` names rows[3]'s VP Cards cell.
    """

    header_row: int
    columns: dict[str, str]
    rows: dict[int, int] = field(default_factory=dict)

    def cell(self, index: int, key: str) -> str:
        """``Results!<col><row>`` of a row index and a key (``"player"``, ``"knights"``...)."""
        return f"Results!{self.columns[key]}{self.rows[index]}"


def write_workbook(
    path: str | Path,
    rows: Sequence[dict[str, Any]],
    *,
    title_row: bool = False,
    shuffle_columns: bool = False,
    extra_columns: bool = False,
    mark_style: str = "x",
    numbers_as: str = "int",
    blank_rows: bool = False,
    roster: Sequence[str] | None = None,
    odd_spacing: bool = False,
    rng: random.Random | None = None,
    title: str = "Catan Tournament — Results",
) -> Layout:
    """Write ``rows`` (values as given, even invalid ones) to a ``Results`` sheet.

    Options: a ``title`` row (and sometimes an empty row) above the header; columns
    shuffled; extra ``Notes``/``Seat``/``Email`` columns; marks in ``mark_style``
    (``"bool"``, ``"x"``, ``"X"``, ``"check"``, ``"1/0"``, ``"yes/no"``); whole numbers as
    ``"int"``, ``"float"`` or ``"text"``; fully blank rows between some games; a
    ``Players`` sheet for ``roster``; some names typed with :func:`messy_name`. A
    ``Total VP`` column follows the twelve when any row has ``total_vp`` (``None``
    is a blank cell).
    """
    if mark_style not in MARK_STYLES or numbers_as not in NUMBER_STYLES:
        raise ValueError(f"unknown style {mark_style!r} / {numbers_as!r}")
    rng = rng or random.Random(0)
    order: list[str] = list(KEYS)
    if any(TOTAL_VP in row for row in rows):
        order.append(TOTAL_VP)
    if shuffle_columns:
        rng.shuffle(order)
    if extra_columns:
        for extra in EXTRA_HEADERS:
            order.insert(rng.randint(0, len(order)), extra)

    wb = Workbook()
    ws = wb.active
    ws.title = "Results"
    header_row = 1
    if title_row:
        ws.cell(row=1, column=1, value=title)
        header_row = rng.choice([2, 2, 3])
    columns: dict[str, str] = {}
    for col, key in enumerate(order, start=1):
        ws.cell(row=header_row, column=col, value=HEADERS.get(key, key))
        columns[key] = get_column_letter(col)

    layout = Layout(header_row=header_row, columns=columns)
    excel_row = header_row + 1
    previous_game = None
    seat = 0
    for index, row in enumerate(rows):
        game = (row["round"], row["table"])
        if previous_game is not None and game != previous_game:
            seat = 0
            if blank_rows and rng.random() < 0.3:
                excel_row += rng.choice([1, 1, 2])
        seat += 1
        previous_game = game
        for col, key in enumerate(order, start=1):
            if key == "player":
                name = row["player"]
                if odd_spacing and isinstance(name, str) and rng.random() < 0.3:
                    name = messy_name(rng, name)
                value: Any = name
            elif key in MARK_KEYS:
                value = _mark(row[key], mark_style, rng)
            elif key in NUMBER_KEYS or key in {"table", TOTAL_VP}:
                value = _number(row.get(key), numbers_as)
            elif key == "Notes":
                value = rng.choice([None, None, None, "late start", "ok", "photo taken"])
            elif key == "Seat":
                value = seat
            else:
                value = f"player{seat}@example.org" if rng.random() < 0.5 else None
            ws.cell(row=excel_row, column=col, value=value)
        layout.rows[index] = excel_row
        excel_row += 1

    if roster is not None:
        players = wb.create_sheet("Players")
        players.cell(row=1, column=1, value="Player")
        for n, name in enumerate(roster, start=2):
            players.cell(row=n, column=1, value=name)
    wb.save(path)
    return layout

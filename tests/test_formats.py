"""Formats as data (docs/rules.md, "Formats"): the format files, the schema, one engine.

Golden tests from the published rule texts, then a property against a small
independent reimplementation of every key (Python ``Fraction``, one game at a time).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.builders import KEYS, with_vp
from xlsx_scorer.core import scoring, standings
from xlsx_scorer.core.collation import collation_key
from xlsx_scorer.core.formats import SHIPPED, Format, load, parse, shipped
from xlsx_scorer.core.typed import typed_results
from xlsx_scorer.findings import UnusableWorkbookError, render
from xlsx_scorer.i18n import text


def played(games: list[list[tuple[str, int]]], *, byes: tuple[tuple[int, str], ...] = ()) -> Any:
    """A per-game frame: game i is round i+1, table 1; places by value, highest first."""
    rows = []
    for number, game in enumerate(games, start=1):
        for player, value in game:
            place = 1 + sum(other > value for _, other in game)
            rows.append((number, "1", player, value, place, False))
    rows.extend((round_, "Bye", player, 0, 1, True) for round_, player in byes)
    return pd.DataFrame(rows, columns=["round", "table", "player", "value", "place", "bye"])


def ranked(fmt: Format, frame: pd.DataFrame) -> pd.DataFrame:
    return standings.rank(standings.contributions(frame, fmt), fmt, collation_key).table


def by_player(table: pd.DataFrame, key: str) -> dict[str, Any]:
    return dict(zip(table["player"], table[key], strict=True))


# ---------------------------------------------------------------------------
# The shipped files and the schema


def test_five_formats_ship_as_files_read_by_one_loader() -> None:
    assert list(shipped()) == list(SHIPPED)
    folder = Path(__file__).parent.parent / "xlsx_scorer" / "formats"
    assert sorted(path.stem for path in folder.glob("*.toml")) == sorted(SHIPPED)
    for name in SHIPPED:  # each shipped file has the schema's shape, as an organiser's must
        assert load(str(folder / f"{name}.toml")) == shipped()[name]
    hig = load("carcassonne-hig")
    assert hig.points_for(4) == (5, 3, 2, 1)
    assert hig.points_for(3) == (5, 3, 1)
    assert load("carcassonne-swiss").table_sizes == (2,)
    assert load("catan-world").order == ("wins", "vp", "relative")


def test_an_organisers_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'name = "club-night"\ngame = "carcassonne"\ntable_sizes = [3, 4]\n'
        "points = { 4 = [6, 4, 2, 0], 3 = [6, 4, 2] }\n"
        'order = ["points", "relative", "score"]\n',
        encoding="utf-8",
    )
    club = load(str(path))
    assert club == Format(
        "club-night", "carcassonne", (3, 4), ((3, (6, 4, 2)), (4, (6, 4, 2, 0))),
        ("points", "relative", "score"),
    )  # fmt: skip


GOOD = {"name": "x", "game": "catan", "table_sizes": [3, 4], "order": ["wins"]}


@pytest.mark.parametrize(
    ("change", "code", "key"),
    [
        ({"tables": [3]}, "unusable.format_unknown_key", "tables"),
        ({"game": "go"}, "unusable.format_bad_value", "game"),
        ({"table_sizes": [1, 3]}, "unusable.format_bad_value", "table_sizes"),
        ({"order": ["wins", "elo"]}, "unusable.format_bad_value", "order"),
        ({"order": ["points"]}, "unusable.format_bad_value", "order"),
        ({"points": {"4": [5, 3, 2, 1]}}, "unusable.format_points", "points"),
        ({"points": {"4": [5, 3, 2], "3": [5, 3, 2]}}, "unusable.format_points", "points"),
        ({"table_sizes": "3"}, "unusable.format_bad_value", "table_sizes"),
        ({"name": None}, "unusable.format_missing_key", "name"),
    ],
    ids=lambda value: str(value)[:30],
)
def test_a_broken_format_file_is_refused_naming_the_key(
    change: dict[str, Any], code: str, key: str
) -> None:
    document = {k: v for k, v in {**GOOD, **change}.items() if v is not None}
    with pytest.raises(UnusableWorkbookError) as refused:
        parse(document, "club.toml")
    assert refused.value.code == code
    assert refused.value.params["setting"] == key
    for lang in ("en", "es", "tr"):
        message = render(refused.value.finding, lang)
        assert "club.toml" in message
        assert key in message


def test_a_misspelt_key_is_refused_with_the_allowed_keys() -> None:
    with pytest.raises(UnusableWorkbookError) as refused:
        parse({**{k: v for k, v in GOOD.items() if k != "table_sizes"}, "tabel_sizes": [3]}, "c")
    assert refused.value.code == "unusable.format_unknown_key"
    message = render(refused.value.finding, "en")
    assert "tabel_sizes" in message
    assert "table_sizes" in message


# ---------------------------------------------------------------------------
# Golden tests from the published rule texts


def test_hig_two_players_sharing_first_get_four_each() -> None:
    """Hans im Glück: "(5+3)/2 = 4" for two players tied first at a 4-player table."""
    table = ranked(load("carcassonne-hig"), played([[("A", 90), ("B", 90), ("C", 70), ("D", 50)]]))
    assert by_player(table, "points") == {"A": 4, "B": 4, "C": 2, "D": 1}


def test_german_qualifier_sums_vp_shares_as_the_rule_text() -> None:
    """10/32 + 8/30 + 10/36, exactly: 617/720 (85.69 %). The rule text prints each game's
    share rounded (31.25 %, 26.67 %, 27.78 %) and adds those (85.70 %); the scorer keeps
    shares exact, rounding only on display (docs/rules.md "6. Formats")."""
    games = [
        [("A", 10), ("B", 9), ("C", 7), ("D", 6)],
        [("A", 8), ("E", 10), ("F", 7), ("G", 5)],
        [("A", 10), ("H", 9), ("I", 9), ("J", 8)],
    ]
    table = ranked(load("catan-de"), played(games))
    assert by_player(table, "shares")["A"] == Fraction(617, 720)


def test_catan_de_caps_vp_and_counts_places() -> None:
    games = [[("A", 12), ("B", 10), ("C", 4)], [("A", 3), ("B", 5), ("C", 9)]]
    table = ranked(load("catan-de"), played(games))
    assert by_player(table, "capped_vp") == {"A": 13, "B": 15, "C": 13}
    assert by_player(table, "points") == {"A": 6, "B": 6, "C": 6}  # 5/3/1 at three
    assert table["player"].tolist()[0] == "B"


def test_hig_three_player_table_has_a_virtual_fourth_player() -> None:
    """At three, the table's total is raised by its mean: 60+30+30 → 160."""
    table = ranked(load("carcassonne-hig"), played([[("A", 60), ("B", 30), ("C", 30)]]))
    assert by_player(table, "relative") == {
        "A": Fraction(60, 160),
        "B": Fraction(30, 160),
        "C": Fraction(30, 160),
    }
    assert by_player(table, "points") == {"A": 5, "B": 2, "C": 2}  # (3+1)/2


def test_buchholz_leaves_out_the_weakest_opponent() -> None:
    # A beats B, C and D; B beats C and D; C beats D.  A's opponents have 2, 1, 0 wins.
    games = [[("A", 80), ("B", 60)], [("C", 70), ("D", 50)]]
    games += [[("A", 80), ("C", 60)], [("B", 70), ("D", 50)]]
    games += [[("A", 80), ("D", 60)], [("B", 70), ("C", 50)]]
    frame = played(games)
    frame["round"] = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    frame["table"] = ["1", "1", "2", "2"] * 3
    table = ranked(load("carcassonne-swiss"), frame)
    assert table["player"].tolist() == ["A", "B", "C", "D"]
    assert by_player(table, "wins") == {"A": 3, "B": 2, "C": 1, "D": 0}
    assert by_player(table, "buchholz_cut1") == {"A": 3, "B": 4, "C": 5, "D": 5}


def test_two_player_draw_is_half_a_win_and_a_bye_a_whole_one() -> None:
    frame = played([[("A", 70), ("B", 70)]], byes=((1, "C"),))
    table = ranked(load("carcassonne-swiss"), frame)
    assert by_player(table, "wins") == {"A": Fraction(1, 2), "B": Fraction(1, 2), "C": 1}
    assert by_player(table, "score_diff") == {"A": 0, "B": 0, "C": 0}
    assert by_player(table, "buchholz_cut1") == {"A": 0, "B": 0, "C": 0}
    assert table["player"].tolist() == ["C", "A", "B"]


def test_catan_world_ranks_by_wins_then_vp() -> None:
    games = [[("A", 10), ("B", 10), ("C", 8)], [("A", 6), ("B", 10), ("C", 8)]]
    table = ranked(load("catan-world"), played(games))
    assert by_player(table, "wins") == {"A": Fraction(1, 2), "B": Fraction(3, 2), "C": 0}
    assert table["player"].tolist() == ["B", "A", "C"]


# ---------------------------------------------------------------------------
# catan-es: exactly today's standings


def catan_frame(rows: list[tuple[Any, ...]]) -> pd.DataFrame:
    raw = pd.DataFrame(rows, columns=list(KEYS), index=range(2, 2 + len(rows)), dtype=object)
    typed, errors = typed_results(raw.fillna(""))
    assert errors.empty, errors
    return typed


@st.composite
def catan_rows(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    names = [f"P{i}" for i in range(9)]
    for round_ in range(1, draw(st.integers(1, 3)) + 1):
        seated = draw(st.permutations(names))
        for table, start in enumerate((0, 4), start=1):
            size = 4 if table == 1 else draw(st.sampled_from([3, 4, 5]))
            for player in seated[start : start + min(size, 4)]:
                rows.append(with_vp(round_, table, player, draw(st.integers(2, 9))))
    return rows


@settings(max_examples=40, deadline=None)
@given(catan_rows())
def test_catan_es_engine_gives_todays_standings(rows: list[tuple[Any, ...]]) -> None:
    scored = scoring.score_games(catan_frame(rows))
    today, per_round = scoring.standings(scored, collation_key)
    fmt = load("catan-es")
    engine = standings.rank(
        standings.contributions(scoring.played(scored), fmt), fmt, collation_key
    )
    assert engine.table["player"].tolist() == today["player"].tolist()
    assert [value * 12 for value in engine.table["points"]] == today["points12"].tolist()
    assert engine.table["vp"].tolist() == today["vp"].tolist()
    assert [float(value) for value in engine.table["vp_ratio"]] == pytest.approx(
        today["vp_share"].tolist()
    )
    assert engine.round_scale == 12
    pd.testing.assert_frame_equal(engine.per_round, per_round.astype(float), check_names=False)


# ---------------------------------------------------------------------------
# A tiny independent reimplementation, one game at a time, with Fractions


def reference(fmt: Format, games: list[list[tuple[str, int]]]) -> dict[str, tuple[Any, ...]]:
    points: dict[str, Fraction] = defaultdict(Fraction)
    wins: dict[str, Fraction] = defaultdict(Fraction)
    score: dict[str, int] = defaultdict(int)
    capped: dict[str, int] = defaultdict(int)
    shares: dict[str, Fraction] = defaultdict(Fraction)
    relative: dict[str, Fraction] = defaultdict(Fraction)
    places: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    diff: dict[str, Fraction] = defaultdict(Fraction)
    opponents: dict[str, list[str]] = defaultdict(list)
    largest = max(fmt.table_sizes)
    for game in games:
        values = sorted((v for _, v in game), reverse=True)
        total = sum(values)
        by_place = list(fmt.points_for(len(game))) + [0] * 6
        for player, value in game:
            first = values.index(value)
            tied = values.count(value)
            points[player] += Fraction(sum(by_place[first : first + tied]), tied)
            wins[player] += Fraction(1, tied) if first == 0 else 0
            score[player] += value
            capped[player] += min(value, 10)
            shares[player] += Fraction(value, total) if total else Fraction(0)
            virtual = Fraction(total * largest, len(game))
            relative[player] += Fraction(value) / virtual if total else 0
            if first < 3:
                places[player][first] += 1
            others = [v for p, v in game if p != player]
            diff[player] += value - Fraction(sum(others), len(others))
            opponents[player].extend(p for p, _ in game if p != player)
    result = {}
    for player, total_score in score.items():
        met = sorted(wins[o] for o in opponents[player])
        buchholz = sum(met[1:], Fraction(0))
        keys = {
            "points": points[player],
            "wins": wins[player],
            "vp": total_score,
            "score": total_score,
            "capped_vp": capped[player],
            "shares": shares[player],
            "relative": relative[player],
            "buchholz_cut1": buchholz,
            "score_diff": diff[player],
        }
        row: list[Any] = []
        for key in fmt.order:
            row.extend(places[player] if key == "place_counts" else [keys[key]])
        result[player] = tuple(row)
    return result


@st.composite
def events(draw: st.DrawFn) -> tuple[str, list[list[tuple[str, int]]]]:
    name = draw(st.sampled_from([n for n in SHIPPED if n != "catan-es"]))
    fmt = load(name)
    names = [f"P{i}" for i in range(8)]
    games = []
    for _ in range(draw(st.integers(1, 6))):
        size = draw(st.sampled_from(fmt.table_sizes))
        seated = draw(st.permutations(names))[:size]
        high = 12 if fmt.game == "catan" else 40
        games.append([(player, draw(st.integers(0, high))) for player in seated])
    return name, games


@settings(max_examples=150, deadline=None)
@given(events())
def test_engine_agrees_with_an_independent_reimplementation(
    event: tuple[str, list[list[tuple[str, int]]]],
) -> None:
    name, games = event
    fmt = load(name)
    table = ranked(fmt, played(games))
    expected = reference(fmt, games)
    columns = [
        column
        for key in fmt.order
        for column in (standings.PLACE_COUNT_COLUMNS if key == "place_counts" else (key,))
    ]
    got = {row[0]: tuple(row[1:]) for row in table[["player", *columns]].itertuples(index=False)}
    assert got == expected
    order = sorted(
        expected, key=lambda p: (*(-value for value in expected[p]), collation_key(p), p)
    )
    assert table["player"].tolist() == order


def test_every_pair_of_formats_differs_in_the_order_or_points() -> None:
    for one, other in itertools.combinations(shipped().values(), 2):
        assert (one.order, one.points) != (other.order, other.points)


# ---------------------------------------------------------------------------
# catan-es sheets: the same cells, headers, chart and check codes as before formats


@pytest.mark.parametrize("lang", ["en", "es", "tr"])
def test_catan_es_sheets_are_todays(lang: str) -> None:
    from xlsx_scorer.app import formatsheets, pipeline, reading, report
    from xlsx_scorer.xlsx.write.spec import Rows, note_text

    book = reading.read(Path("fixtures/sample_event.xlsx").read_bytes())
    frame = pipeline.validate(book).frame
    fmt = load("catan-es")
    played = standings.contributions(pipeline.per_game(frame, fmt), fmt)
    ranked = standings.rank(played, fmt, collation_key)
    scored = scoring.score_games(frame)
    table, per_round = scoring.standings(scored, collation_key)
    options: dict[str, Any] = {"event": "Cup", "computed": "today", "games": 28}
    pairs = [
        (
            formatsheets.standings_sheet(lang, fmt, ranked, **options),
            report.standings_sheet(lang, table, per_round, **options),
        ),
        (
            formatsheets.round_points_sheet(lang, fmt, played, ranked.scale, event="Cup"),
            report.round_points_sheet(lang, scored, event="Cup"),
        ),
    ]
    for new, old in pairs:
        assert new.columns == old.columns
        assert list(Rows.of(new.rows)) == list(Rows.of(old.rows))
        assert new.chart == old.chart
        notes = [note_text(note) for note in new.notes]
        if new.kind == "standings":  # issue 24: Standings name the format they rank in
            notes.remove(text(lang, "notice.format_used", name="catan-es"))
        assert notes == [note_text(note) for note in old.notes]


def test_every_language_names_every_games_columns() -> None:
    """A language adds GAME_HEADERS beside HEADERS: the columns of every game, each once."""
    from xlsx_scorer.i18n import LANGUAGES, fold, header_aliases

    english = LANGUAGES["en"].GAME_HEADERS
    for lang, module in LANGUAGES.items():
        assert {game: set(h) for game, h in module.GAME_HEADERS.items()} == {
            game: set(h) for game, h in english.items()
        }, lang
        for game, headers in module.GAME_HEADERS.items():
            aliases = header_aliases(game)
            assert all(aliases[fold(text)] == key for key, text in headers.items()), lang

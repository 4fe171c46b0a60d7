"""Findings as data: their JSON form round-trips, and every code is documented and translated.

``CATALOGUE`` holds one example per code the package can report.  A code used
in the package (found by reading its source) but missing here, in
``docs/findings.md`` or in any language fails; so does a documented example
that no longer says what ``render`` says.  Rewrite the table of the docs with::

    python -m tests.test_findings
"""

from __future__ import annotations

import ast
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlsx_scorer.cli import main
from xlsx_scorer.findings import (
    QUOTE_LIMIT,
    SEVERITIES,
    Finding,
    Params,
    UnusableWorkbookError,
    Where,
    from_json,
    message_key,
    render,
    to_json,
)
from xlsx_scorer.i18n import LANGUAGES
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.write import patch

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "xlsx_scorer"
DOCS = ROOT / "docs" / "findings.md"
BEGIN, END = "<!-- codes: begin -->", "<!-- codes: end -->"
#: Codes a rule picks at run time (``message_code`` of ``rules._roster_rules``).
RUNTIME_CODES = {("error", "not_on_roster"), ("error", "not_on_roster_suggest")}

AT = Where(sheet="Results", cell="D7", round=2, table="3", player="Ana García")
FILE = Where(file="cup.xlsx")
RESULT = Where(file="cup.xlsx", sheet="Results", cell="F7", round=1, table="2", player="Ana")


def error(code: str, column: str, **params: Any) -> Finding:
    """An error at ``AT``, its cell in ``column``, as ``core.problems`` makes them."""
    return Finding(code, {"column": column, **params}, "error", AT)


def fatal(code: str, *, sheet: str | None = None, **params: Any) -> Finding:
    return Finding(code, params, "fatal", Where(file="cup.xlsx", sheet=sheet))


CATALOGUE: tuple[Finding, ...] = (
    # The file cannot be used (exit code 2)
    fatal("unusable.file_missing"),
    Finding("unusable.is_folder", {"folder": "events"}, "fatal", FILE),
    fatal("unusable.empty_file"),
    fatal("unusable.not_a_workbook"),
    fatal("unusable.text_file"),
    fatal("unusable.truncated"),
    fatal("unusable.encrypted"),
    fatal("unusable.old_xls"),
    fatal("unusable.ods"),
    fatal("unusable.package_too_large", size=2048, detail="declared sizes"),
    fatal("unusable.xml_entities", part="xl/worksheets/sheet1.xml"),
    fatal("unusable.broken_part", part="xl/worksheets/sheet2.xml", detail="Bad CRC-32"),
    fatal("unusable.no_results_sheet", sheets="Sheet1, Sheet2"),
    fatal(
        "unusable.no_header",
        sheet="Results",
        rows=30,
        expected="Round, Table, Player / Ronda, Mesa, Jugador / Tur, Masa, Oyuncu",
    ),
    fatal("unusable.missing_columns", sheet="Results", row=1, columns="Declared Victory"),
    fatal("unusable.duplicate_header", sheet="Results", column="Cities", cells="E1, H1"),
    fatal("unusable.unreadable", detail="Permission denied"),
    fatal("unusable.damaged_sheet", sheet="Notes", detail="CRC check failed"),
    fatal("unusable.damaged_part", part="/xl/styles.xml", detail="CRC check failed"),
    fatal("unusable.styles_missing", sheet="Results"),
    fatal("unusable.encrypted_member", part="/docProps/app.xml"),
    fatal("unusable.unsupported_compression", part="/xl/worksheets/sheet1.xml", method="bzip2"),
    fatal("unusable.strict_ooxml"),
    Finding("unusable.folder_not_writable", {"folder": "results"}, "fatal", FILE),
    Finding("unusable.archive_folder_used", {"folder": "archive"}, "fatal", FILE),
    fatal("unusable.archive_other_format", archived="catan-es", given="catan-de"),
    fatal("unusable.output_is_input"),
    Finding(
        "unusable.output_name",
        {"suffix": ".xlsx", "suggestion": "cup.xlsx"},
        "fatal",
        Where(file="cup.csv"),
    ),
    fatal("unusable.output_exists"),
    fatal("unusable.bad_coordinate", sheet="Results", cell="XFE1"),
    fatal("unusable.bad_value", sheet="Results", cell="E7", found='t="b" with 2'),
    fatal("unusable.roster_number", sheet="Players", cell="B2", found="1.5", column="fixed_table"),
    fatal(
        "unusable.seat_number", sheet="Event", cell="B5", found="³", column="rounds", most="1000"
    ),
    fatal("unusable.table_totals_row", sheet="Results", table="Results", row=10),
    fatal(
        "unusable.format_unknown",
        name="chess",
        formats="catan-es, catan-de, catan-world, carcassonne-hig, carcassonne-swiss",
    ),
    fatal("unusable.format_not_toml", file="club.toml", detail="Invalid value (at line 3)"),
    Finding(
        "unusable.format_disagrees",
        {"recorded": "lliga", "given": "catan-de", "sheet": "Event", "same": "no"}
        | {"forcible": "yes"},
        "fatal",
        Where(file="cup.xlsx"),
    ),
    fatal(
        "unusable.format_unknown_key",
        file="club.toml",
        setting="tabel_sizes",
        allowed="name, game, table_sizes, points, order",
    ),
    fatal("unusable.format_file_missing", file="lliga.toml"),
    fatal("unusable.format_missing_key", file="club.toml", setting="order"),
    fatal(
        "unusable.format_bad_value",
        file="club.toml",
        setting="game",
        found='"go"',
        games="catan, carcassonne",
        keys="points, wins",
        low=2,
        high=6,
        length=40,
        most=1_000_000,
    ),
    fatal(
        "unusable.format_points",
        file="club.toml",
        setting="points",
        found="[6, 4, 2, 1]",
        problem="shape",
        size="",
        most=1_000_000,
        example="4 = [6, 4, 2, 1]",
    ),
    fatal(
        "unusable.format_game_key",
        file="club.toml",
        setting="order",
        found='["points", "capped_vp"]',
        ranked="capped_vp",
        game="carcassonne",
        keys="points, wins, score",
    ),
    fatal("unusable.format_two_player_catan", file="duel.toml", setting="table_sizes", found="[2]"),
    fatal(
        "unusable.format_stage",
        file="club.toml",
        setting="stages[1].tables",
        found="[[1, 2, 3, 5]]",
        problem="seeds",
        seeds=4,
        sizes="3, 4",
        entry="tables",
    ),
    fatal(
        "unusable.wrong_game",
        sheet="Results",
        game="carcassonne",
        format_game="catan",
        formats="--format carcassonne-hig, --format carcassonne-swiss",
    ),
    fatal("unusable.open_in_excel", lock="~$cup.xlsx"),
    fatal("unusable.open_in_libreoffice", lock=".~lock.cup.xlsx#"),
    fatal("unusable.template_exists", suggestion="cup-2.xlsx"),
    fatal("unusable.template_read_only"),
    Finding("unusable.template_folder_missing", {"folder": "events"}, "fatal", FILE),
    Finding("unusable.template_folder_not_writable", {"folder": "events"}, "fatal", FILE),
    fatal("unusable.template_write_failed", detail="No space left on device"),
    fatal("unusable.read_only"),
    Finding("unusable.output_folder_missing", {"folder": "out"}, "fatal", FILE),
    fatal("unusable.write_failed", detail="No space left on device"),
    fatal("unusable.cannot_write", detail="a relationship points outside the package"),
    # Cells that cannot be read
    error("missing", "settlements", found=""),
    error("missing_player", "player", found=""),
    error("error_value", "cities", found="#N/A"),
    error("name_not_text", "player", found="TRUE"),
    error("not_whole_number", "settlements", found="3.5"),
    error("date_in_number", "cities", found="2026-04-12 00:00:00"),
    error("bool_in_number", "vp_cards", found="TRUE"),
    error("text_in_number", "knights", found="three"),
    error("number_too_large", "roads", found="1e+300"),
    error("not_a_mark", "army_first", found="maybe"),
    error("bad_table", "table", found="0"),
    error("name_control_characters", "player", found="'Ana\\x07'"),
    error("uncached_formula", "settlements"),
    error("merged_cells", "round", found="A2:A5"),
    # Rules (docs/rules.md §2)
    error("out_of_range", "settlements", found=7, low=0, high=5),
    error("below_minimum", "round", found=0, low=1, high=None),
    error("no_cities_needs_two_settlements", "settlements", found=1),
    error("longest_road_exceeds_roads", "longest_road", found=6, roads=4),
    error("table_size", "table", found=5),
    error("table_size_format", "table", found=3, sizes="2"),
    Finding(
        "stage_table_differs",
        {"round": 5, "stage": "semifinal", "table": "1", "expected": "Ana, Bo, Cem, Dee"}
        | {"found": "Ana, Bo, Cem, Zoe", "missing": "Dee", "extra": "Zoe"},
        "error",
        Where(sheet="Results", cell="C40", round=5, table="1", player="Ana"),
    ),
    Finding(
        "stage_round_past_last",
        {"round": 6, "last": 5, "rounds": 3, "stages": 2, "format": "catan-es"},
        "error",
        Where(sheet="Results", cell="A61", round=6),
    ),
    error(
        "breakdown_mismatch",
        "score",
        found=90,
        total=95,
        road_points=20,
        city_points=40,
        cloister_points=10,
        field_points=20,
        other_points=5,
        cells="E7, F7, G7, H7, I7",
    ),
    error("player_twice_in_round", "player", found=2),
    error("table_vp_cards", "vp_cards", found=6),
    error("table_knights", "knights", found=15),
    error("army_mark_no_qualifier", "army_first", found=2, most=2),
    error("army_mark_not_leader", "army_first", found=3, most=4),
    error("army_tie_unmarked", "army_first", found=4, count=2),
    error("army_tie_several_marks", "army_first", found=4, count=2),
    error("road_mark_no_qualifier", "road_first", found=4, most=4),
    error("road_mark_not_leader", "road_first", found=5, most=7),
    error("road_tie_unmarked", "road_first", found=6, count=2),
    error("road_tie_several_marks", "road_first", found=6, count=3),
    error("declared_under_10", "declared", found=8),
    error("declared_missing", "declared", found=10, count=2),
    error("declared_several", "declared", found=11, count=2),
    error("not_on_roster", "player", found="Zeynep Kya", suggestion=""),
    error("not_on_roster_suggest", "player", found="Zeynep Kya", suggestion="Zeynep Kaya"),
    error("name_variants", "player", found="José", other="jose", spellings=2),
    error(
        "total_vp_mismatch",
        "total_vp",
        found=8,
        vp=7,
        settlements=5,
        cities=0,
        vp_cards=0,
        army="yes",
        road="no",
    ),
    # verify: what no longer agrees with the archive
    Finding("verify.file_missing", {}, "error", Where(file="standings.csv")),
    Finding(
        "verify.file_unreadable",
        {"detail": "Expecting value: line 1 column 1 (char 0)"},
        "error",
        Where(file="datapackage.json"),
    ),
    Finding("verify.file_changed", {}, "error", Where(file="games.csv")),
    Finding("verify.no_fingerprint", {}, "error", FILE),
    Finding(
        "verify.fingerprint_changed",
        {"recorded": "5be0…e41a", "computed": "09c7…77d2"},
        "error",
        FILE,
    ),
    Finding("verify.no_sheet_digests", {}, "error", FILE),
    Finding("verify.sheet_changed", {}, "error", Where(file="cup.xlsx", sheet="Players")),
    Finding("verify.sheet_removed", {}, "error", Where(file="cup.xlsx", sheet="Notes")),
    Finding("verify.sheet_added", {}, "error", Where(file="cup.xlsx", sheet="Sheet3")),
    Finding("verify.sheet_missing", {}, "error", Where(file="cup.xlsx", sheet="Standings")),
    Finding(
        "verify.sheet_cell",
        {"shown": "12.5", "expected": "11.5"},
        "error",
        Where(file="cup.xlsx", sheet="Standings", cell="C6"),
    ),
    Finding("verify.more", {"count": 3}, "error", Where(file="cup.xlsx", sheet="Standings")),
    Finding(
        "verify.csv_line",
        {"line": 2, "shown": "7,1,Ana,10", "expected": "1,1,Ana,10"},
        "error",
        Where(file="games.csv"),
    ),
    Finding(
        "verify.result_changed",
        {"column": "settlements", "repeat": 1, "archived": "3", "now": "4", "state": "changed"},
        "error",
        RESULT,
    ),
    Finding("verify.result_added", {"repeat": 2}, "error", RESULT),
    Finding("verify.result_removed", {"repeat": 1}, "error", RESULT),
    # Worth knowing
    Finding("results_hidden", {}, "notice", Where(file="cup.xlsx", sheet="Results")),
    Finding(
        "slips_typed",
        {"sheet": "Seating R2", "results": "Results"},
        "notice",
        Where(file="cup.xlsx", sheet="Seating R2", cell="D6"),
    ),
    Finding("regenerated", {}, "notice", Where(file="cup.xlsx", sheet="Standings")),
    Finding("format_recorded", {"name": "lliga"}, "notice", Where(sheet="Event", cell="B6")),
    Finding("format_not_recorded", {"name": "lliga"}, "notice", Where(file="cup.xlsx")),
    Finding("recheck", {}, "notice", Where(file="cup.xlsx", sheet="Results", round=2, table="3")),
    Finding(
        "round_in_play",
        {
            "after": 3,
            "published": "yes",
            "tables_in": 6,
            "tables": 10,
            "to_play": 4,
            "labels": "3, 7, 9, 10",
        },
        "notice",
        Where(file="cup.xlsx", sheet="Results", round=4),
    ),
    Finding(
        "table_to_play",
        {"players": "Ana, Bo, Cem, Dan"},
        "notice",
        Where(file="cup.xlsx", sheet="Results", cell="D41", round=4, table="3"),
    ),
    Finding(
        "sheet_name_taken",
        {"kind": "standings", "kept": "Standings", "written": "Standings (2)"},
        "notice",
        Where(file="cup.xlsx", sheet="Standings (2)"),
    ),
    Finding(
        "unmarked_ours",
        {"sheet": "Standings", "done": "replaced"},
        "notice",
        Where(file="cup.xlsx", sheet="Standings"),
    ),
    # Seating (``seat``): the report after a round is seated
    fatal("unusable.seat_count", count=5, sizes="3, 4"),
    fatal("unusable.seat_round_taken", round=3, results="Results"),
    fatal("unusable.seat_round_missing", round=3, previous=2, results="Results"),
    fatal("unusable.seat_round_in_play", round=3, previous=2, to_play=2, labels="5, 7"),
    fatal("unusable.seat_no_roster"),
    fatal("unusable.seat_needs_scores", count=4),
    fatal(
        "unusable.stage_past_last",
        round=6,
        rounds=4,
        format="catan-es",
        stages=2,
        last=6,
        results="Results",
    ),
    fatal(
        "unusable.stage_not_played",
        round=5,
        rounds=4,
        format="catan-es",
        stage="semifinal",
        cut=16,
        players=12,
        results="Results",
    ),
    fatal(
        "unusable.stage_tables",
        round=6,
        rounds=4,
        format="catan-es",
        stage="semifinal",
        previous=5,
        table="4",
        found=3,
        size=4,
        results="Results",
    ),
    fatal("unusable.stage_needs_scores", round=6, count=1),
    Finding(
        "seat_stage",
        {"round": 5, "rounds": 4, "format": "catan-es", "stage": "semifinal", "number": 1}
        | {"cut": 16, "tables": 4, "players": 16},
        "notice",
        Where(round=5),
    ),
    Finding(
        "seat_stage_cut_tie",
        {"round": 5, "rounds": 4, "format": "catan-es", "stage": "semifinal", "cut": 16}
        | {"inside": "Ana", "outside": "Bo, Cem"},
        "notice",
        Where(round=5),
    ),
    Finding(
        "seat_summary",
        {
            "round": 3,
            "players": 22,
            "tables": 6,
            "byes": 0,
            "repeats": 3,
            "bound": 2,
            "proof": "limit",
        },
        "notice",
        Where(round=3),
    ),
    Finding(
        "seat_past_rounds",
        {"round": 3, "rounds": 2, "asked": "no", "format": "catan-de"},
        "notice",
        Where(round=3),
    ),
    Finding(
        "seat_repeat",
        {"players": "Ana, Bo", "times": 2, "planned": "proven", "left": 1, "bound": 1},
        "notice",
        Where(round=3, table="2"),
    ),
    Finding("seat_round_by_round", {"round": 3, "command_line": "yes"}, "notice", Where(round=3)),
    Finding("seat_dropped", {"players": "Ana, Bo", "count": 2}, "notice", Where(round=3)),
    Finding(
        "seat_roster_twice",
        {"player": "Ana", "sheet": "Players", "first": "A4", "second": "A9"},
        "notice",
        Where(sheet="Players", cell="A9"),
    ),
    Finding(
        "seat_roster_header",
        {"found": "Retired After Round", "expected": "Dropped After Round"},
        "notice",
        Where(sheet="Players", cell="B1"),
    ),
    Finding(
        "seat_club",
        {"club": "ortega", "players": "Ana, Bo", "proof": "exact"},
        "notice",
        Where(round=3, table="2"),
    ),
    Finding("seat_small_again", {"times": 2}, "notice", Where(round=3, player="Ana")),
    Finding("seat_bye_again", {"times": 2}, "notice", Where(round=3, player="Ana")),
    Finding("seat_starts", {"low": 0, "high": 1}, "notice", Where(round=3)),
    Finding("seat_spread", {"spread": 5.25}, "notice", Where(round=3)),
    Finding(
        "seat_fixed_missing", {"table": 9, "tables": 5}, "notice", Where(round=3, player="Ana")
    ),
    Finding(
        "seat_fixed_shared",
        {"table": 1, "players": "Ana, Bo"},
        "notice",
        Where(round=3, player="Bo"),
    ),
    Finding("seat_fixed_unmet", {"table": 2}, "notice", Where(round=3, player="Ana")),
)


# ---------------------------------------------------------------------------
# The codes the package uses, read from its source


def _strings(node: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def codes_in_package() -> set[tuple[str, str]]:
    """(severity, code) of every finding the package can make, from its source.

    Fatal: every ``unusable.…`` literal.  Errors: the first argument of
    ``CellError``, ``Rule`` and ``.finding(…)`` and the ``name=`` of a pandera
    ``Check``.  Notices: ``Finding(code, …, "notice", …)``.
    """
    found: set[tuple[str, str]] = set()
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "i18n":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and re.fullmatch(
                r"unusable\.[a-z_]+", str(node.value)
            ):
                found.add(("fatal", str(node.value)))
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0] if node.args else None
            if name in {"CellError", "Rule", "finding"} and first is not None:
                found |= {("error", code) for code in _strings(first)}
            if name == "Check":
                found |= {
                    ("error", code)
                    for kw in node.keywords
                    if kw.arg == "name"
                    for code in _strings(kw.value)
                }
            severity = node.args[2] if len(node.args) > 2 else None
            if name == "Finding" and isinstance(severity, ast.Constant) and first is not None:
                found |= {(str(severity.value), code) for code in _strings(first)}
    return found


def test_the_source_scan_finds_codes_of_every_kind() -> None:
    used = codes_in_package()
    assert {"fatal", "error", "notice"} == {severity for severity, _ in used}
    assert len(used) > 50


def test_every_code_used_is_in_the_catalogue_and_nothing_else() -> None:
    listed = {(finding.severity, finding.code) for finding in CATALOGUE}
    assert len(listed) == len(CATALOGUE), "one example per code"
    rules_source = (PACKAGE / "core" / "rules.py").read_text(encoding="utf-8")
    assert all(f'"{code}"' in rules_source for _, code in RUNTIME_CODES)
    assert listed == codes_in_package() | RUNTIME_CODES


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_code_is_said_in_every_language(lang: str) -> None:
    for finding in CATALOGUE:
        assert message_key(finding) in LANGUAGES[lang].STRINGS, (lang, finding.code)
        said = render(finding, lang)
        assert said.strip(), finding.code
        assert "{" not in said, (lang, finding.code)


def test_columns_are_said_as_the_language_headers() -> None:
    finding = error("out_of_range", "settlements", found=7, low=0, high=5)
    assert render(finding, "es").startswith("Poblados:")
    assert render(finding, "tr").startswith("Yerleşimler değeri 7")
    assert to_json(finding)["params"]["column"] == "settlements"


# ---------------------------------------------------------------------------
# docs/findings.md


def documented_table() -> str:
    """The code tables of docs/findings.md, from ``CATALOGUE``."""
    titles = {
        "fatal": "Fatal: the file cannot be used (exit code 2, nothing written)",
        "error": "Errors: a rule is broken (exit code 1, no standings published)",
        "notice": "Notices: worth knowing (no effect on the exit code)",
    }
    verify = "verify"
    titles[verify] = "Verify: what no longer agrees with the archive (`verify`, exit code 1)"
    lines: list[str] = []
    for group in (*SEVERITIES, verify):
        lines += [
            f"### {titles[group]}",
            "",
            "| code | params | example (English) |",
            "|---|---|---|",
        ]
        for finding in CATALOGUE:
            kind = verify if finding.code.startswith(f"{verify}.") else finding.severity
            if kind != group:
                continue
            params = ", ".join(f"`{name}`" for name in finding.params) or "—"
            example = render(finding, "en").replace("|", "\\|").replace("\n", "<br>")
            lines.append(f"| `{finding.code}` | {params} | {example} |")
        lines.append("")
    return "\n".join(lines)


def _docs_section() -> str:
    text = DOCS.read_text(encoding="utf-8")
    return text[text.index(BEGIN) + len(BEGIN) : text.index(END)].strip("\n")


def test_docs_list_every_code_with_its_params_and_an_english_example() -> None:
    assert _docs_section() == documented_table().strip("\n"), "run: python -m tests.test_findings"


def test_docs_examples_of_the_json_form_are_what_to_json_writes() -> None:
    """Every ```json block of the docs that holds a finding reads back and writes out the same."""
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    findings = [json.loads(block) for block in blocks]
    singles = [block for block in findings if "code" in block]
    assert singles
    for block in singles:
        assert to_json(from_json(block), language="en") == block
    runs = [block for block in findings if "findings" in block]
    assert runs
    for run in runs:
        for block in run["findings"]:
            assert to_json(from_json(block), language=run["language"]) == block


# ---------------------------------------------------------------------------
# The type and its JSON form

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12)


@given(
    code=names,
    params=st.dictionaries(names, scalars, max_size=5),
    severity=st.sampled_from(SEVERITIES),
    where=st.builds(
        Where,
        file=st.none() | st.text(max_size=10),
        sheet=st.none() | st.text(max_size=10),
        cell=st.none() | st.from_regex(r"[A-Z]{1,3}[1-9][0-9]{0,6}", fullmatch=True),
        round=st.none() | st.integers(min_value=1, max_value=10**6),
        table=st.none() | st.text(max_size=5),
        player=st.none() | st.text(max_size=10),
    ),
)
def test_json_form_round_trips(
    code: str, params: dict[str, Any], severity: Any, where: Where
) -> None:
    finding = Finding(code, params, severity, where)
    data = json.loads(json.dumps(to_json(finding)))
    assert from_json(data) == finding
    assert hash(from_json(data)) == hash(finding)


def test_findings_are_values() -> None:
    first = error("table_size", "table", found=5)
    again = Finding("table_size", {"found": 5, "column": "table"}, "error", AT)
    assert first == again
    assert len({first, again}) == 1
    with pytest.raises(AttributeError):
        first.code = "other"  # type: ignore[misc]


def test_params_are_json_scalars() -> None:
    assert Params(found=np.int64(3))["found"] == 3
    assert type(Params(found=np.int64(3))["found"]) is int
    assert Params(share=np.float32(0.5))["share"] == 0.5
    with pytest.raises(TypeError):
        Params(found=[1, 2])
    with pytest.raises(ValueError, match="finite"):
        Params(found=float("nan"))


def test_json_form_refuses_what_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="severity"):
        from_json({"code": "x", "severity": "warning"})
    with pytest.raises(ValueError, match="where"):
        from_json({"code": "x", "where": {"column": "D"}})


def test_unusable_workbook_error_carries_a_fatal_finding() -> None:
    error = UnusableWorkbookError(
        "unusable.missing_columns",
        {"sheet": "Results", "row": 1, "columns": "Declared Victory"},
        language="es",
    )
    assert error.finding.severity == "fatal"
    assert error.finding.where.sheet == "Results"
    assert error.code == "unusable.missing_columns"
    assert error.params == {"row": 1, "columns": "Declared Victory"}
    assert error.language == "es"
    assert "Results" in render(error.finding, "en")


if __name__ == "__main__":
    page = DOCS.read_text(encoding="utf-8")
    head, rest = page.split(BEGIN)
    _, tail = rest.split(END)
    DOCS.write_text(f"{head}{BEGIN}\n\n{documented_table()}\n{END}{tail}", encoding="utf-8")


# Issue 18, item 16: a long value is quoted cut


def test_a_long_value_is_quoted_cut_and_a_path_whole() -> None:
    name = "Elif Doğan " * 1000
    path = "/very/" * 100 + "cup.xlsx"
    finding = Finding(
        "not_on_roster",
        {"column": "player", "found": name, "file": path},
        where=Where(file=path, sheet="Results", cell="E4", player=name, table=name),
    )
    cut = name[: QUOTE_LIMIT - 1] + "…"
    assert finding.params == {"column": "player", "found": cut, "file": path}
    assert (finding.where.player, finding.where.table, finding.where.file) == (cut, cut, path)
    assert from_json(json.loads(json.dumps(to_json(finding)))) == finding  # cut once only
    short = Finding("not_on_roster", {"column": "player", "found": "x" * QUOTE_LIMIT})
    assert short.params["found"] == "x" * QUOTE_LIMIT


@pytest.mark.parametrize("command", [["score"], ["check", "--json"]])
def test_a_name_of_megabytes_is_quoted_cut_on_the_terminal_and_in_json(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The sheet holds 32,767 characters of it (Excel's limit); a message quotes 200."""
    name = "Elif Doğan " * 200_000  # 2.2 MB (the 10 MB of the report only takes longer)
    source = zipfile.ZipFile("fixtures/sample_event.xlsx")
    buffer = io.BytesIO()
    with source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = data.replace("<t>Elif Doğan</t>".encode(), f"<t>{name}</t>".encode(), 1)
            target.writestr(info, data)
    path = tmp_path / "event.xlsx"
    path.write_bytes(buffer.getvalue())
    assert main([*command, str(path)]) == 1
    out = capsys.readouterr()
    assert len(out.out + out.err) < 5_000
    shown = name[: QUOTE_LIMIT - 1] + "…"
    assert shown in (
        json.loads(out.out)["findings"][0]["params"]["found"] if "--json" in command else out.out
    )


def test_diff_quotes_a_name_of_megabytes_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``diff`` (and ``merge``, which says its changes the same way) quote values cut too."""
    name = "Cem Ateş " * 100_000
    source = zipfile.ZipFile("fixtures/sample_event.xlsx")
    buffer = io.BytesIO()
    with source, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.startswith("xl/worksheets/"):
                data = data.replace("<t>Cem Ateş</t>".encode(), f"<t>{name}</t>".encode(), 1)
            target.writestr(info, data)
    path = tmp_path / "event.xlsx"
    path.write_bytes(buffer.getvalue())
    assert main(["diff", "fixtures/sample_event.xlsx", str(path)]) == 1
    out = capsys.readouterr().out
    assert len(out) < 5_000
    assert name[: QUOTE_LIMIT - 1] + "…" in out


@pytest.mark.parametrize("command", [["diff"], ["merge", "-o"]])
def test_a_round_of_megabytes_is_quoted_cut_by_diff_and_merge(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A round typed as text (a row's key, as its table and player) is quoted cut too: it
    was printed whole, twice."""
    long_round = "Ronda " * 100_000
    copy = tmp_path / "copy.xlsx"
    base = Path("fixtures/sample_event.xlsx").read_bytes()
    copy.write_bytes(patch.patch_workbook(Package.open(base), {"Results": {"B4": long_round}}))
    arguments = [command[0], "fixtures/sample_event.xlsx", str(copy)]
    if command[0] == "merge":
        arguments += ["-o", str(tmp_path / "merged.xlsx")]
    assert main(arguments) in (0, 1)
    out = capsys.readouterr()
    assert len(out.out + out.err) < 5_000
    assert long_round[: QUOTE_LIMIT - 1] + "…" in out.out + out.err

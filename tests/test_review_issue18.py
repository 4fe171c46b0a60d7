"""The second adversarial review of issue 18: each test is a defect found through the real
entry points, and fails on the code it was written against."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.builders import REPOSITORY, run_cli
from tests.webserver import serving

SAMPLE = REPOSITORY / "fixtures" / "sample_event.xlsx"
MISTAKES = REPOSITORY / "fixtures" / "sample_mistakes.xlsx"


def environment(**more: str) -> dict[str, str]:
    """This process's environment (the package on PYTHONPATH) with ``more`` set."""
    return {**os.environ, "PYTHONPATH": str(REPOSITORY), **more}


def edit_part(source: Path, target: Path, part: str, change: object) -> None:
    """Copy ``source`` to ``target`` with ``part``'s text passed through ``change``."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == part:
                data = change(data.decode("utf-8")).encode("utf-8")  # type: ignore[operator]
            new.writestr(info, data)


def set_cell(xml: str, ref: str, value: str) -> str:
    """``xml`` with cell ``ref`` holding ``value`` (a number, else an inline string)."""
    match = re.search(rf'<c r="{ref}"[^>]*?(/>|>.*?</c>)', xml)
    assert match, ref
    head = re.match(r"<c ([^>]*?)/?>", match.group(0))
    assert head
    attributes = re.sub(r'\s*t="[^"]*"', "", head.group(1))
    try:
        float(value)
        cell = f"<c {attributes}><v>{value}</v></c>"
    except ValueError:
        cell = f'<c {attributes} t="inlineStr"><is><t>{value}</t></is></c>'
    return xml[: match.start()] + cell + xml[match.end() :]


NAMES = ["Ana", "Berk", "Carla", "Deniz", "Eva", "Ferran", "Gül", "Hugo"]


def _hig_template(tmp_path: Path) -> Any:
    """``template --format carcassonne-hig --players 8 --rounds 1`` (Results rows 2–17
    prepared under an autoFilter A1:I17) with ``NAMES`` on its roster, as openpyxl opens it."""
    template = tmp_path / "cup.xlsx"
    command = ["template", "--format", "carcassonne-hig", "--players", "8", "--rounds", "1"]
    made = run_cli(*command, template, env=environment())
    assert made.returncode == 0, made.stderr
    workbook = openpyxl.load_workbook(template)
    for row, name in enumerate(NAMES):
        workbook["Players"].cell(row=2 + row, column=1, value=name)
    return workbook


# --- Fail closed: pandera's settings from the environment -------------------------------


@pytest.mark.parametrize(
    "setting",
    [
        {"PANDERA_USE_NARWHALS_BACKEND": "True"},
        {"PANDERA_VALIDATION_DEPTH": "schema_only"},
    ],
    ids=["narwhals-backend", "depth-lower-case"],
)
def test_pandera_environment_cannot_change_the_findings(setting: dict[str, str]) -> None:
    """Item 1, "validate under a configuration the project sets itself, whatever the
    environment says": another pandera variable (or a depth pandera does not know) makes
    ``check`` of the sample with mistakes exit 3 instead of giving its 15 findings."""
    plain = run_cli("check", "--json", MISTAKES, env=environment())
    odd = run_cli("check", "--json", MISTAKES, env=environment(**setting))
    assert plain.returncode == 1
    assert (odd.returncode, odd.stdout) == (1, plain.stdout), odd.stderr


# --- verify: the edited cell named first ------------------------------------------------


@pytest.mark.parametrize(
    "edits",
    [
        {"E5": "Cem Ateş"},
        {"E5": "Cem Ateş", "E6": "Çetin Yıldız"},
        {"B4": "2", "B5": "2", "B6": "2", "B7": "2"},
    ],
    ids=["retyped-as-a-tablemate", "two-names-swapped", "a-table-moved-to-round-2"],
)
def test_verify_names_the_edited_player_cells_not_cells_nobody_touched(
    edits: dict[str, str], tmp_path: Path
) -> None:
    """Item 9 and docs/archive.md ("An edited round, table or player cell is named as that
    cell too ... not as a result removed and another added"): in an archived event, round 1
    table 1's ``Çetin Yıldız`` (Results!E5) is retyped as ``Cem Ateş``, who sits at the same
    table (row 6) — or the two names are swapped, which swaps their results.  ``verify`` then
    says that Results!F5, G5, J5, K5 and L5 were changed ("Settlements of round 1, table 1,
    Cem Ateş is 4, archived as 2") — cells nobody touched — and never names E5 (nor E6).
    A whole table typed into round 2 (Round cells B4:B7) starts with "Round 1, table 1, Cem
    Ateş (archived at ... B6:P6) is missing from the results", and B6 is never named."""
    folder = tmp_path / "archive"
    archived = run_cli("archive", SAMPLE, "-o", folder, env=environment())
    assert archived.returncode == 0, archived.stderr
    workbook = folder / "sample_event.xlsx"
    original = tmp_path / "original.xlsx"
    shutil.copy(workbook, original)

    def retype(xml: str) -> str:
        for ref, value in edits.items():
            xml = set_cell(xml, ref, value)
        return xml

    edit_part(original, workbook, "xl/worksheets/sheet1.xml", retype)
    verified = run_cli("verify", folder, env=environment())
    assert verified.returncode == 1
    first = verified.stdout.splitlines()[: len(edits)]
    named = {ref for ref in edits for line in first if f"Results!{ref}:" in line}
    assert named == set(edits), verified.stdout
    said_changed = [line for line in verified.stdout.splitlines() if "archived as" in line]
    for untouched in ("Results!F5", "Results!G5", "Results!J5", "Results!K5", "Results!L5"):
        # a rule the edit breaks may name them; no line may say they were changed
        assert not any(untouched in line for line in said_changed), verified.stdout


# --- Words -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es", "tr", "ca"])
def test_template_help_does_not_speak_of_a_workbook_format(language: str) -> None:
    """Words: ``template --help`` says ``--format`` defaults to "the format the workbook
    declares" — the same slip the issue found for ``--lang``: template has no workbook."""
    shown = run_cli("template", "--help", env=environment(LANG=f"{language}_XX.UTF-8"))
    assert shown.returncode == 0
    words = {
        "en": "the format the workbook declares",
        "es": "el que declara el libro",
        "tr": "çalışma kitabının bildirdiği",
        "ca": "el que declara el llibre",
    }[language]
    assert words not in " ".join(shown.stdout.split()), shown.stdout


@pytest.mark.parametrize("language", ["en", "es", "tr", "ca"])
def test_seat_help_does_not_promise_several_workbooks_or_a_folder(
    language: str, tmp_path: Path
) -> None:
    """Words: ``seat --help`` describes WORKBOOK as "several, or a folder of them", but seat
    takes one workbook and refuses a folder ("is a folder; name a workbook file")."""
    shown = run_cli("seat", "--help", env=environment(LANG=f"{language}_XX.UTF-8"))
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "sample_event.xlsx")
    refused = run_cli("seat", "--round", "5", folder, env=environment())
    assert refused.returncode == 2
    words = {
        "en": "several, or a folder",
        "es": "varios, o una carpeta",
        "tr": "klasör",
        "ca": "una carpeta",
    }[language]
    assert words not in " ".join(shown.stdout.split()), shown.stdout


# --- The file's name in a refusal --------------------------------------------------------


@pytest.mark.parametrize("command", [["seat", "--round", "5"], ["archive", "-o", "FOLDER"]])
def test_a_missing_workbook_is_named_not_question_mark(command: list[str], tmp_path: Path) -> None:
    """``seat --round 5 nonexist.xlsx`` and ``archive nonexist.xlsx -o F`` say
    "?: there is no such file." — the file is not named (score, check, diff, merge and verify
    name it: "nonexist.xlsx: there is no such file.")."""
    missing = tmp_path / "nonexist.xlsx"
    args = [str(tmp_path / "folder") if part == "FOLDER" else part for part in command]
    refused = run_cli(*args, missing, env=environment())
    assert refused.returncode == 2
    assert "?:" not in refused.stderr + refused.stdout, refused.stderr
    assert "nonexist.xlsx" in refused.stderr, refused.stderr


def test_seat_names_a_damaged_workbook(tmp_path: Path) -> None:
    """``seat`` on a workbook whose Results part fails its CRC: "?: the sheet Results is
    damaged inside the file" — which file?"""
    data = bytearray(SAMPLE.read_bytes())
    with zipfile.ZipFile(SAMPLE) as package:
        info = package.getinfo("xl/worksheets/sheet1.xml")
    data[info.header_offset + 30 + len(info.filename) + 40] ^= 0xFF
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(bytes(data))
    refused = run_cli(
        "seat", "--round", "5", damaged, "-o", tmp_path / "out.xlsx", env=environment()
    )
    assert refused.returncode == 2, refused.stderr
    assert "damaged.xlsx" in refused.stderr, refused.stderr


# --- An organiser's own sheet called like one of ours ------------------------------------


def test_an_organisers_chart_data_sheet_kept_is_said(tmp_path: Path) -> None:
    """Item 10 and docs/rules.md ("An organiser's sheet called `Standings`, `Errores` or
    `Chart Data` without that evidence is kept ... The run says so, naming both sheets"): with
    the organiser's own `Chart Data`, ours goes to `Chart Data (2)` and the run says nothing."""
    workbook = openpyxl.load_workbook(SAMPLE)
    workbook.create_sheet("Chart Data")["A1"] = "my notes for the chart"
    event = tmp_path / "event.xlsx"
    workbook.save(event)
    scored = run_cli("score", event, "-o", tmp_path / "scored.xlsx", env=environment())
    assert scored.returncode == 0, scored.stderr
    assert openpyxl.load_workbook(tmp_path / "scored.xlsx")["Chart Data"]["A1"].value == (
        "my notes for the chart"
    )
    assert "Chart Data (2)" in scored.stdout, scored.stdout


# --- seat: the rows below the prepared ones ----------------------------------------------


def test_seated_rows_below_the_template_carry_the_input_cells_style_and_the_filter(
    tmp_path: Path,
) -> None:
    """``template --format carcassonne-hig --players 8 --rounds 1`` prepares Results rows
    2–17 (input fill F2F6FC, borders) under an autoFilter A1:I17.  Seating rounds 1, 2 and 3
    writes round 3 in rows 18–25: its Round, Table and Player cells take the style of the cell
    above, but its Score…Other cells — where the judges type — have none (no fill, no border,
    no number format), and the autoFilter still ends at row 17, so filtering by round leaves
    round 3 out.  "A new cell takes the style of the cell above" (docs/rules.md §7); the
    blank input cells of a new row are the ones the judges fill."""
    workbook = _hig_template(tmp_path)
    previous = tmp_path / "round0.xlsx"
    workbook.save(previous)
    for round_ in (1, 2, 3):  # not played in between: forced (SPEC §8)
        seated = tmp_path / f"round{round_}.xlsx"
        forced = ("--force",) if round_ > 1 else ()
        done = run_cli(
            "seat", "--round", str(round_), previous, "-o", seated, *forced, env=environment()
        )
        assert done.returncode == 0, done.stderr
        previous = seated
    results = openpyxl.load_workbook(previous)["Results"]
    assert results.cell(row=25, column=1).value == 3
    prepared = [results.cell(row=17, column=column).style_id for column in range(1, 10)]
    appended = [results.cell(row=25, column=column).style_id for column in range(1, 10)]
    assert appended == prepared
    assert results.auto_filter.ref == "A1:I25"


# --- The page on a network: the addresses the judges are told to type ------------------


def _own_ipv6_address() -> str | None:
    """This computer's IPv6 address on its network (the one a route out leaves from)."""
    import socket

    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as probe:
            probe.connect(("2001:db8::1", 9))  # no packet is sent
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address in {"::1", "::"} or address.startswith("fe80") else address


def test_serve_on_every_ipv6_address_answers_this_computers_ipv6_address() -> None:
    """``serve --host ::`` prints "Judges on the same network open http://vm:PORT/ (or this
    computer's network address instead of its name)"; a judge who types the address,
    ``http://[fd00::2]:PORT/``, is answered 421 "This server does not answer at this
    address": only IPv4 addresses are found for the allowed hosts (cli/serve.own_hosts)."""

    address = _own_ipv6_address()
    if address is None:
        pytest.skip("this computer has no IPv6 network address")
    with serving("--host", "::") as (_, lines):
        first = lines.get(timeout=60)
        found = re.search(r"http://\[::1\]:(\d+)/", first)
        assert found, first
        port = int(found.group(1))
        status = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://[{address}]:{port}/", timeout=5) as answer:
                    status = answer.status
                break
            except urllib.error.HTTPError as refused:
                status = refused.code
                break
            except urllib.error.URLError:
                time.sleep(0.1)
        assert status == 200


# --- Fail closed: a format file's numbers ------------------------------------------------


@pytest.mark.parametrize("first", [10**18, 2**62])
def test_a_format_with_huge_points_is_refused_or_scored_exactly(first: int, tmp_path: Path) -> None:
    """A format file whose first place is worth 10**18 points (a whole number ≥ 0, as the
    format check asks) is accepted, and ``score`` exits 0 with "no problems" while Elif
    Doğan, who won all four of her games, is ranked last with 0 round points (her sums
    overflow int64 in core/standings.py, "RuntimeWarning: invalid value encountered in
    cast" on stderr).  Fail closed: refuse such a format (exit 2), or score it exactly."""
    form = tmp_path / "huge.toml"
    form.write_text(
        'name = "huge"\ngame = "catan"\ntable_sizes = [3, 4]\n'
        f"points = {{ 4 = [{first}, 3, 2, 1], 3 = [{first}, 3, 1] }}\n"
        'order = ["points", "vp"]\n',
        encoding="utf-8",
    )
    scored = tmp_path / "scored.xlsx"
    done = run_cli("score", SAMPLE, "--format", form, "-o", scored, env=environment())
    assert "RuntimeWarning" not in done.stderr, done.stderr
    if done.returncode == 2:
        return  # refused: fail closed
    assert done.returncode == 0, done.stderr
    standings = openpyxl.load_workbook(scored)["Standings"]
    header = next(
        row for row in standings.iter_rows(min_row=1, max_row=10) if row[0].value == "Rank"
    )[0].row
    leader = standings.cell(row=header + 1, column=2).value
    assert leader == "Elif Doğan"


# --- seat: the Event sheet's Rounds --------------------------------------------------------


def _carcassonne_with_roster(tmp_path: Path, rounds_on_event_sheet: object) -> Path:
    """A Carcassonne template with 8 players on its roster and ``Rounds`` on its Event sheet."""
    workbook = _hig_template(tmp_path)
    workbook["Event"]["A6"] = "Rounds"
    workbook["Event"]["B6"] = rounds_on_event_sheet
    event = tmp_path / "event.xlsx"
    workbook.save(event)
    return event


def test_seat_is_not_held_for_ever_by_the_event_sheets_rounds(tmp_path: Path) -> None:
    """``seat --rounds`` is bounded (1 to 1000), but the same number typed on the Event
    sheet (``Rounds`` 1000000000000) is not: ``seat --round 1`` plans every round at once
    and never ends (Rounds 10000 takes 80 s for 8 players, 100000 over 2 minutes).  The web
    page seats through the same function (POST /api/seat), so one upload holds a worker.
    Expected: the value refused or bounded as ``--rounds`` is, and an answer in seconds."""

    event = _carcassonne_with_roster(tmp_path, 10**12)
    seated = tmp_path / "seated.xlsx"
    command = [sys.executable, "-m", "xlsx_scorer", "seat", "--round", "1", str(event)]
    try:
        done = subprocess.run(
            [*command, "-o", str(seated)],
            cwd=REPOSITORY,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=30,
            check=False,
            env=environment(),
        )
    except subprocess.TimeoutExpired:
        pytest.fail("seat --round 1 ran for more than 30 s (Event sheet: Rounds 10**12)")
    assert done.returncode in {0, 2}, done.stderr


def _multipart(fields: dict[str, str], name: str, data: bytes) -> tuple[bytes, str]:
    """A multipart/form-data body with ``fields`` and the workbook ``data`` as ``file``."""
    boundary = "rvboundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n".encode()
        + data
        + b"\r\n"
    )
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), boundary


def test_seat_uploads_on_the_page_do_not_hold_up_a_check(tmp_path: Path) -> None:
    """The web page seats through the same function: three POST /api/seat of a workbook
    whose Event sheet says ``Rounds`` 1000000000000 never end, and a check of the sample sent
    after them is not answered within a minute (item 19: a check never waits behind other
    requests for more than a moment)."""

    event = _carcassonne_with_roster(tmp_path, 10**12).read_bytes()
    with serving() as (_, lines):
        first = lines.get(timeout=60)
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        assert found, first
        address = f"http://127.0.0.1:{found.group(1)}"

        def post(path: str, fields: dict[str, str], name: str, data: bytes, wait: float) -> int:
            body, boundary = _multipart(fields, name, data)
            request = urllib.request.Request(
                address + path,
                data=body,
                headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            )
            with urllib.request.urlopen(request, timeout=wait) as answer:
                return int(answer.status)

        def seat() -> None:
            with contextlib.suppress(OSError):
                post("/api/seat", {"round": "1"}, "event.xlsx", event, 120)

        for _ in range(3):
            threading.Thread(target=seat, daemon=True).start()
        threading.Event().wait(2)
        try:
            status = post("/api/check", {}, "sample_event.xlsx", SAMPLE.read_bytes(), 20)
        except OSError as error:
            pytest.fail(f"the check was not answered within 20 s: {error}")
        assert status == 200


def _with_roster_column(tmp_path: Path, header: str, values: list[object]) -> Path:
    """The 8-player Carcassonne event with ``header`` in Players!B1 and ``values`` below."""
    event = _carcassonne_with_roster(tmp_path, 1)
    workbook = openpyxl.load_workbook(event)
    workbook["Players"]["B1"] = header
    for row, value in enumerate(values):
        workbook["Players"].cell(row=2 + row, column=2, value=value)
    workbook.save(event)
    return event


def test_seat_with_everyone_dropped_is_a_refusal_not_an_internal_error(tmp_path: Path) -> None:
    """Every player ``Dropped After Round`` 0: ``seat --round 1`` ends with "Internal error in
    xlsx-scorer (ValueError: max() arg is an empty sequence)", exit 3 (core/seating/seatround.py
    ``_pins``).  No player to seat is the organiser's case (as 1, 2 or 5 players: exit 2)."""
    event = _with_roster_column(tmp_path, "Dropped After Round", [0] * 8)
    done = run_cli("seat", "--round", "1", event, "-o", tmp_path / "seated.xlsx", env=environment())
    assert done.returncode == 2, done.stderr
    assert "Internal error" not in done.stderr


@pytest.mark.parametrize("value", [-1, 1.5])
def test_seat_says_what_is_wrong_with_a_fixed_table(value: float, tmp_path: Path) -> None:
    """``Fixed Table`` -1 (or 1.5) on the roster: ``seat`` says "?: cell Players!B2 holds a
    value no spreadsheet writes (-1.0); type the value again, save the workbook and rerun" —
    any spreadsheet writes -1 and 1.5, retyping it changes nothing, and the file is "?".
    Expected: what the column takes (a table number, a whole number from 1), and the file."""
    event = _with_roster_column(tmp_path, "Fixed Table", [value] + [None] * 7)
    done = run_cli("seat", "--round", "1", event, "-o", tmp_path / "seated.xlsx", env=environment())
    assert done.returncode == 2, done.stderr
    assert "no spreadsheet writes" not in done.stderr, done.stderr
    assert "event.xlsx" in done.stderr, done.stderr


@pytest.mark.parametrize("language", ["en", "es", "tr", "ca"])
def test_formats_help_does_not_speak_of_a_workbook(language: str) -> None:
    """Words: ``formats --help`` says ``--lang`` is the "language of the workbook and of the
    messages" — ``formats`` lists the shipped formats and writes no workbook (the slip the
    issue found in ``template --help``)."""
    shown = run_cli("formats", "--help", env=environment(LANG=f"{language}_XX.UTF-8"))
    assert shown.returncode == 0
    words = {
        "en": "language of the workbook",
        "es": "idioma del libro",
        "tr": "çalışma kitabının ve mesajların",
        "ca": "idioma del llibre",
    }[language]
    assert words not in " ".join(shown.stdout.split()), shown.stdout


def test_merged_rows_below_the_template_carry_the_style_of_the_row_above(tmp_path: Path) -> None:
    """``merge``: a judge's copy adds round 3 (rows 18–25) to an event whose template
    prepared rows 2–17 (input fill, borders, the Round/Table/Player styles).  In MERGED the
    added cells have no style at all (style 0, even Round, Table and Player, which ``seat``
    gives the style of the cell above) and the autoFilter still ends at row 17."""
    names = NAMES
    workbook = _hig_template(tmp_path)
    results = workbook["Results"]
    for row in range(2, 18):
        values = [1 + (row - 2) // 8, 1 + (row - 2) % 8 // 4, names[(row - 2) % 8], row]
        for column, value in enumerate(values, start=1):
            results.cell(row=row, column=column, value=value)
    base = tmp_path / "base.xlsx"
    workbook.save(base)
    for row, name in enumerate(names, start=18):
        for column, value in enumerate([3, 1 + (row - 18) // 4, name, row], start=1):
            results.cell(row=row, column=column, value=value)
    copy = tmp_path / "copy.xlsx"
    workbook.save(copy)
    merged = tmp_path / "merged.xlsx"
    done = run_cli("merge", base, copy, "-o", merged, env=environment())
    assert done.returncode == 0, done.stdout + done.stderr
    sheet = openpyxl.load_workbook(merged)["Results"]
    assert sheet.cell(row=25, column=3).value == "Hugo"
    above = [sheet.cell(row=17, column=column).style_id for column in range(1, 5)]
    added = [sheet.cell(row=25, column=column).style_id for column in range(1, 5)]
    assert added == above
    assert sheet.auto_filter.ref == "A1:I25"

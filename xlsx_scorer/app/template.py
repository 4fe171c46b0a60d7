"""The organiser's template: an empty tournament workbook, ready to fill in, in one language.

Sheets are named in the template's language (``SHEETS`` of ``i18n``: Spanish ``Evento``,
``Jugadores``, ``Resultados``, ``Instrucciones``; the reader accepts every shipped name, so a
judge's English copy still scores), their contents too, and the workbook opens on its
instructions:

- ``Event``: labels in column A (``event.name``, ``event.date``, ``event.venue``,
  ``event.language``, the format when one is chosen, ``event.rounds``), values in
  column B; the language value is the code (``es``), which ``workbook._event`` reads
  back; ``Rounds`` is the ``--rounds`` given (``seat`` plans that many rounds at once).
- ``Players``: the roster, the player header in A1 and one formatted row per
  player; the defined name ``Roster`` covers those rows.  Beside it the optional
  columns ``seat`` reads, empty: ``Dropped After Round``, ``Fixed Table``, ``Club``
  (``Abandona tras la ronda``, ``Mesa fija``, ``Club`` in Spanish), each with an
  input message saying what it does and an input rule.
- ``Results``: the language's headers in row 1 (no title row), frozen, with an
  input message on every header and data validation on every input column:
  docs/rules.md §1 whole-number ranges, the table as a short label, the player from
  ``Roster``, the three marks as a yes/no list.  The columns are ``COLUMNS``:
  the whole numbers, then the optional ``Total VP`` (0–20, from the score
  slip), then the marks last.  Enough formatted rows for every player in
  every round, plus one spare round.
- ``Instructions``: how to fill it in and the scoring rules of docs/rules.md, as
  ``instructions.*`` strings.

No formula is needed to enter results.  The shipped templates in ``templates/``
are regenerated with::

    for lang in en es tr ca; do
        python -m xlsx_scorer template templates/template_$lang.xlsx --lang $lang --force
    done
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from xlsx_scorer.app.inputrules import MAX_ROUNDS, ROSTER_RULES, whole_rule
from xlsx_scorer.app.instructions import HEADINGS, INSTRUCTION_WIDTH, instructions_of, line_height
from xlsx_scorer.core import formats
from xlsx_scorer.core.columns import (
    GAME_COLUMNS,
    MARK_COLUMNS,
    OPTIONAL_COLUMNS,
    RANGES,
    RESULT_COLUMNS,
    TABLE_LABEL_MAX,
)
from xlsx_scorer.core.formats import sizes_text
from xlsx_scorer.findings import UnusableWorkbookError
from xlsx_scorer.i18n import LANGUAGES, header, text
from xlsx_scorer.xlsx.write import save

#: The save's refusals whose words suit ``score`` (``-o``, "the original workbook"), by the
#: variant said for a template; the others (a lock file, a folder named) suit both as they are.
TEMPLATE_REFUSALS = {
    "unusable.read_only": "unusable.template_read_only",
    "unusable.output_folder_missing": "unusable.template_folder_missing",
    "unusable.folder_not_writable": "unusable.template_folder_not_writable",
    "unusable.write_failed": "unusable.template_write_failed",
}
DEFAULT_PLAYERS = 24
DEFAULT_ROUNDS = 5
ROSTER = "Roster"
#: Excel limits: an input message title and text, a list formula.
PROMPT_TITLE_MAX, PROMPT_MAX, ERROR_MAX, LIST_FORMULA_MAX = 32, 255, 225, 255
SHEETS = ("event", "players", "results", "instructions")
#: The Results columns in the template's order: numbers, the optional Total VP, marks last.
COLUMNS = (
    *(key for key in RESULT_COLUMNS if key not in MARK_COLUMNS),
    *OPTIONAL_COLUMNS,
    *MARK_COLUMNS,
)
EVENT_LABELS = ("event.name", "event.date", "event.venue", "event.language")
#: Whole-number limits per Results column (docs/rules.md §1); the longest road is capped by
#: the roads built.
LIMITS: dict[str, tuple[int, int | None]] = {
    **RANGES,
    "longest_road": (RANGES["longest_road"][0], RANGES["roads"][1]),
}
DATE_FORMAT = "yyyy-mm-dd"
WHOLE_FORMAT = "0"

#: Every font is named (Calibri, as Excel's default), or LibreOffice picks a serif one.
FONT_NAME = "Calibri"
_HEADER_FONT = Font(name=FONT_NAME, size=11, bold=True, color="FFFFFF")
_LABEL_FONT = Font(name=FONT_NAME, size=11, bold=True)
_TITLE_FONT = Font(name=FONT_NAME, size=14, bold=True)
_HEADING_FONT = Font(name=FONT_NAME, size=12, bold=True)
_HEADER_FILL = PatternFill("solid", start_color="305496")
_INPUT_FILL = PatternFill("solid", start_color="F2F6FC")
_THIN = Side(style="thin", color="B4C6E7")
_BORDER = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
_CENTER = Alignment(horizontal="center", vertical="center")
_WRAP = Alignment(wrap_text=True, vertical="top")


def result_rows(players: int, rounds: int) -> int:
    """Formatted Results rows: one per player per round, plus a spare round (``players``)."""
    return players * (rounds + 1)


def mark_words(lang: str) -> tuple[str, str]:
    """The yes and no words offered in the mark dropdowns: ``("Sí", "No")`` for Spanish."""
    module = LANGUAGES[lang]
    return str(module.YES_WORDS[0]).capitalize(), str(module.NO_WORDS[0]).capitalize()


def _params(lang: str, fmt: formats.Format | None = None) -> dict[str, str]:
    """Parameters every template string may use: ``yes``, ``no``, the language ``codes``;
    the format's ``name``, ``description``, table ``sizes``, the ``bye`` word, ``formats``."""
    yes, no = mark_words(lang)
    chosen = fmt or formats.load(formats.DEFAULT)
    described = f"format.{chosen.name}"
    return {
        "yes": yes,
        "no": no,
        "codes": ", ".join(LANGUAGES),
        "name": chosen.name,
        # an organiser's own format is described by its keys, as its file names them
        "description": (
            text(lang, described)
            if formats.is_shipped(chosen)
            else f"{chosen.game}, {' → '.join(chosen.order)}."
        ),
        "sizes": sizes_text(chosen.table_sizes),
        "bye": text(lang, "out.bye"),
        "formats": ", ".join(formats.SHIPPED),
    }


def columns_of(fmt: formats.Format | None) -> tuple[str, ...]:
    """The Results columns of a template for ``fmt``: Catan's ``COLUMNS``, or the game's own
    required columns then its optional ones.

    >>> columns_of(formats.load("carcassonne-swiss"))[3:5]
    ('score', 'road_points')
    """
    if fmt is None or fmt.game == "catan":
        return COLUMNS
    required, optional = GAME_COLUMNS[fmt.game]
    return (*required, *optional)


def build_template(
    lang: str,
    *,
    players: int = DEFAULT_PLAYERS,
    rounds: int = DEFAULT_ROUNDS,
    event: str | None = None,
    fmt: formats.Format | None = None,
) -> Workbook:
    """The template workbook for ``players`` players over ``rounds`` rounds, in ``lang``.

    With ``fmt``, the template is that format's: its game's Results columns, its rules in
    the instructions, and the Event sheet declares it (``Format``), an organiser's own
    with its rules (``Format Rules``: docs/rules.md §8).  Without, it is the ``catan-es``
    template as it has always been, and its Event sheet declares ``catan-es``.
    """
    book = Workbook()
    book.remove(book.active)
    sheets = {kind: book.create_sheet(str(LANGUAGES[lang].SHEETS[kind])) for kind in SHEETS}
    _event_sheet(sheets["event"], lang, event, fmt, rounds)
    _players_sheet(sheets["players"], lang, players)
    roster = f"{quote_sheetname(sheets['players'].title)}!$A$2:$A${players + 1}"
    book.defined_names[ROSTER] = DefinedName(ROSTER, attr_text=roster)
    _results_sheet(sheets["results"], lang, result_rows(players, rounds), fmt)
    _instructions_sheet(sheets["instructions"], lang, fmt)
    book.active = sheets["instructions"]
    book.properties.creator = "xlsx-scorer"
    book.properties.title = event or text(lang, "instructions.title")
    book.properties.language = lang
    return book


def template_bytes(
    lang: str,
    *,
    players: int = DEFAULT_PLAYERS,
    rounds: int = DEFAULT_ROUNDS,
    event: str | None = None,
    fmt: formats.Format | None = None,
) -> bytes:
    """The template as an xlsx package."""
    stream = io.BytesIO()
    build_template(lang, players=players, rounds=rounds, event=event, fmt=fmt).save(stream)
    return stream.getvalue()


def write_template(
    target: Path,
    lang: str,
    *,
    players: int = DEFAULT_PLAYERS,
    rounds: int = DEFAULT_ROUNDS,
    event: str | None = None,
    overwrite: bool = False,
    fmt: formats.Format | None = None,
) -> None:
    """Save the template to ``target`` atomically (``save.save_atomically``).

    An existing ``target`` (most likely an event being filled in) is left as it
    was and refused with ``unusable.template_exists``, which suggests a free
    name (``cup.xlsx`` → ``cup-2.xlsx``), unless ``overwrite`` is given.  Every
    other refusal of the save (open in Excel or LibreOffice, read-only, a folder
    missing or not writable…) is said in words that fit a template
    (``TEMPLATE_REFUSALS``: another file name or folder, never ``-o``).  Each
    refusal carries the existing workbook's language, when it has one, so it
    can be said in the organiser's language.  A name that does not end in
    ``.xlsx`` (``cup``, ``cup.csv``) is refused with ``unusable.output_name``,
    which suggests ``cup.xlsx``.
    """
    try:
        save.check_workbook_name(target, ".xlsx")
        data = template_bytes(lang, players=players, rounds=rounds, event=event, fmt=fmt)
        save.save_atomically(target, data, overwrite=overwrite)
    except FileExistsError:
        suggestion = save.free_name(target)
        raise UnusableWorkbookError(
            "unusable.template_exists",
            {"file": str(target), "suggestion": str(suggestion)},
            language=_language_of(target),
        ) from None
    except UnusableWorkbookError as error:
        raise UnusableWorkbookError(
            TEMPLATE_REFUSALS.get(error.code, error.code),
            error.params,
            language=_language_of(target),
        ) from error


def _language_of(path: Path) -> str | None:
    """The language of the workbook at ``path``, if it is a workbook that has one."""
    from xlsx_scorer.xlsx.read.reader import read_workbook  # noqa: PLC0415  (only for a refusal)

    try:
        return read_workbook(path).language
    except UnusableWorkbookError:
        return None


# ---------------------------------------------------------------------------
# Sheets


def _header_cell(sheet: Worksheet, row: int, column: int, value: str) -> None:
    cell = sheet.cell(row=row, column=column, value=value)
    cell.font, cell.fill = _HEADER_FONT, _HEADER_FILL
    cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)


def _input_cells(sheet: Worksheet, column: int, first: int, last: int, number_format: str) -> None:
    for row in range(first, last + 1):
        cell = sheet.cell(row=row, column=column)
        cell.border, cell.fill, cell.number_format = _BORDER, _INPUT_FILL, number_format


def _validation(
    sqref: str,
    *,
    title: str,
    prompt: str,
    kind: str | None = None,
    error: str | None = None,
    style: str = "stop",
    **rule: str,
) -> DataValidation:
    """A validation with an input message; with ``kind``, also a rule and an error message."""
    return DataValidation(
        type=kind,
        allow_blank=True,
        showInputMessage=True,
        promptTitle=title[:PROMPT_TITLE_MAX],
        prompt=prompt,
        showErrorMessage=kind is not None,
        errorStyle=style if kind is not None else None,
        errorTitle=title[:PROMPT_TITLE_MAX] if kind is not None else None,
        error=error,
        sqref=sqref,
        **rule,
    )


def _add(sheet: Worksheet, validations: Iterable[DataValidation]) -> None:
    for validation in validations:
        sheet.add_data_validation(validation)


def _event_sheet(
    sheet: Worksheet,
    lang: str,
    event: str | None,
    fmt: formats.Format | None = None,
    rounds: int = DEFAULT_ROUNDS,
) -> None:
    """Labels in column A, values in column B; the language value is the code; ``fmt`` (none:
    ``catan-es``, the default whose Results the template then has) is declared on a row of
    its own (``Format``; a shipped one from a list of the shipped names); the event's
    ``Rounds`` (``seat`` plans them all at once), a whole number; an organiser's own
    ``fmt`` is recorded whole on a last row (``Format Rules``: its file's text,
    ``formats.to_toml``), so that the workbook alone scores in it."""
    values: dict[str, str | int | None] = {
        "event.name": event,
        "event.language": lang,
        "event.rounds": rounds,
    }
    labels: tuple[str, ...] = EVENT_LABELS
    own = fmt is not None and not formats.is_shipped(fmt)
    labels = (*labels, "event.format")  # always: the default's name when none is chosen
    values["event.format"] = (fmt or formats.load(formats.DEFAULT)).name
    labels = (*labels, "event.rounds")
    if fmt is not None and own:  # the organiser's own: its rules recorded too (§8)
        labels = (*labels, "event.format_rules")
        values["event.format_rules"] = formats.to_toml(fmt)
    for row, key in enumerate(labels, start=1):
        sheet.cell(row=row, column=1, value=text(lang, key)).font = _LABEL_FONT
        cell = sheet.cell(row=row, column=2, value=values.get(key))
        cell.border, cell.fill = _BORDER, _INPUT_FILL
        if key == "event.date":
            cell.number_format = DATE_FORMAT
        if key == "event.rounds":
            cell.number_format, cell.alignment = WHOLE_FORMAT, Alignment(horizontal="left")
    params = _params(lang, fmt)
    rules = {
        "event.language": {
            "kind": "list",
            "error": text(lang, "template.error.language", **params),
            "formula1": f'"{",".join(LANGUAGES)}"',
        },
        "event.format": {}
        if own  # any name the organiser's file gives: no list of the shipped ones
        else {
            "kind": "list",
            "error": text(lang, "template.help.format", **params),
            "formula1": f'"{",".join(formats.SHIPPED)}"',
        },
        "event.rounds": whole_rule(lang, 1, MAX_ROUNDS),
        "event.format_rules": {},
    }
    _add(
        sheet,
        [
            _validation(
                f"B{row}",
                title=text(lang, key),
                prompt=text(lang, f"template.help.{key.removeprefix('event.')}", **params),
                **rules[key],
            )
            for row, key in enumerate(labels, start=1)
            if key in rules
        ],
    )
    sheet.column_dimensions["A"].width = 16
    sheet.column_dimensions["B"].width = 44


def _players_sheet(sheet: Worksheet, lang: str, players: int) -> None:
    """The roster: the player header in A1, then the optional columns ``seat`` reads
    (``ROSTER_RULES``: dropped after round, fixed table, club; docs/seating.md), each with
    its input message and rule, one formatted row per player below."""
    last = players + 1
    validations = []
    for column, key in enumerate(("player", *ROSTER_RULES), start=1):
        letter = get_column_letter(column)
        title = header(lang, key) if key == "player" else text(lang, f"roster.{key}")
        prompt = text(
            lang, f"template.help.{key if key != 'player' else 'players'}", **_params(lang)
        )
        _header_cell(sheet, 1, column, title)
        _input_cells(
            sheet, column, 2, last, "General" if key in {"player", "club"} else WHOLE_FORMAT
        )
        validations.append(_validation(f"{letter}1", title=title, prompt=prompt))
        rule = ROSTER_RULES.get(key)
        validations.append(
            _validation(
                f"{letter}2:{letter}{last}",
                title=title,
                prompt=prompt,
                **(rule(lang) if rule else {}),
            )
        )
        sheet.column_dimensions[letter].width = 32 if key in {"player", "club"} else 16
    _add(sheet, validations)
    sheet.row_dimensions[1].height = 45
    sheet.freeze_panes = "A2"


def _column_rule(lang: str, key: str) -> dict[str, str]:
    """The validation rule of one Results column: kind, operator, formulas, error message."""
    params = _params(lang)
    if key in LIMITS:
        return whole_rule(lang, *LIMITS[key])
    if key == "table":
        return {
            "kind": "textLength",
            "operator": "between",
            "formula1": "1",
            "formula2": str(TABLE_LABEL_MAX),
            "error": text(lang, "template.error.table", high=TABLE_LABEL_MAX),
        }
    if key == "player":
        return {
            "kind": "list",
            "formula1": ROSTER,
            "style": "warning",
            "error": text(lang, "template.error.player"),
        }
    return {
        "kind": "list",
        "formula1": f'"{params["yes"]},{params["no"]}"',
        "error": text(lang, "template.error.mark", **params),
    }


def _column_width(key: str, title: str) -> float:
    if key == "player":
        return 28
    return float(min(max(len(title) * 0.8 + 4, 9), 18))


def _results_sheet(
    sheet: Worksheet, lang: str, rows: int, fmt: formats.Format | None = None
) -> None:
    """Headers in row 1, then ``rows`` formatted input rows, every column validated."""
    params = _params(lang, fmt)
    last = rows + 1
    validations = []
    columns = columns_of(fmt)
    for column, key in enumerate(columns, start=1):
        letter = get_column_letter(column)
        title = header(lang, key)
        prompt = text(lang, f"template.help.{key}", **params)
        _header_cell(sheet, 1, column, title)
        number_format = WHOLE_FORMAT if key in LIMITS else "General"
        _input_cells(sheet, column, 2, last, number_format)
        if key in LIMITS or key in MARK_COLUMNS or key == "table":  # never 3Ana
            for row in range(2, last + 1):
                sheet.cell(row=row, column=column).alignment = _CENTER
        validations.append(_validation(f"{letter}1", title=title, prompt=prompt))
        validations.append(
            _validation(
                f"{letter}2:{letter}{last}", title=title, prompt=prompt, **_column_rule(lang, key)
            )
        )
        sheet.column_dimensions[letter].width = _column_width(key, title)
    _add(sheet, validations)
    sheet.row_dimensions[1].height = 45
    sheet.freeze_panes = "D2"
    end = get_column_letter(len(columns))
    sheet.auto_filter.ref = f"A1:{end}{last}"
    sheet.print_title_rows = "1:1"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True


def _instructions_sheet(sheet: Worksheet, lang: str, fmt: formats.Format | None = None) -> None:
    """A title, then one instruction per row, headings in bold."""
    params = _params(lang, fmt)
    sheet.cell(row=1, column=1, value=text(lang, "instructions.title")).font = _TITLE_FONT
    for row, key in enumerate(instructions_of(fmt), start=3):
        if not key:
            continue
        line = text(lang, key, **params)
        cell = sheet.cell(row=row, column=1, value=line)
        cell.alignment = _WRAP
        if key in HEADINGS:
            cell.font = _HEADING_FONT
        sheet.row_dimensions[row].height = line_height(line)
    sheet.column_dimensions["A"].width = INSTRUCTION_WIDTH
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True

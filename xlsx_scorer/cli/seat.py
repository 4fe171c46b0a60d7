"""``xlsx-scorer seat EVENT.xlsx --round N``: seat a round, write it into the workbook.

Exit code 0: seated and written (the report says what is worth knowing; a workbook we had
scored is scored again first, and a line says what scoring found: with problems, no
standings published, docs/rules.md §7); 2: the
file could not be used, the round already has rows, the round before it has no rows
or has games to play (``--force`` seats it anyway), or the players cannot be seated
(nothing written).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from xlsx_scorer.cli import common
from xlsx_scorer.cli.options import MAX_COUNT, add_command, add_common, add_format
from xlsx_scorer.cli.parser import checked_number, say
from xlsx_scorer.findings import UnusableWorkbookError, render, to_json
from xlsx_scorer.i18n import text

#: The largest seed (any whole number up to it; the same seed gives the same seating).
MAX_SEED = 10**9


def add_parser(commands: Any, lang: str) -> None:
    """Register ``seat`` with the command parser, its help in ``lang``."""
    parser = add_command(commands, "seat", lang)
    parser.add_argument(
        "workbook",
        metavar=say(lang, "help.metavar_workbook"),
        type=Path,
        help=say(lang, "help.workbook"),  # one workbook: seating reads and writes it
    )
    number = say(lang, "help.metavar_number")
    count = checked_number(lang, 1, MAX_COUNT, "help.bad_count")
    parser.add_argument(
        "--round", metavar=number, type=count, required=True, help=say(lang, "help.seat_round")
    )
    parser.add_argument("--method", choices=("random", "swiss"), help=say(lang, "help.seat_method"))
    parser.add_argument(
        "--seed",
        metavar=number,
        type=checked_number(lang, 0, MAX_SEED, "help.bad_count"),
        default=0,
        help=say(lang, "help.seat_seed"),
    )
    parser.add_argument("--rounds", metavar=number, type=count, help=say(lang, "help.seat_rounds"))
    parser.add_argument(
        "-o",
        "--output",
        metavar=say(lang, "help.metavar_output"),
        type=Path,
        help=say(lang, "help.seat_output"),
    )
    parser.add_argument("--force", action="store_true", help=say(lang, "help.force_seat"))
    parser.add_argument("--json", action="store_true", help=say(lang, "help.json"))
    add_format(parser, lang)
    add_common(parser, lang)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Seat, print the report (or its JSON form); exit 0, or 2 with nothing written."""
    from xlsx_scorer.app.nextround import seat_file  # noqa: PLC0415  (heavy: only when the command runs)

    try:
        seated = seat_file(
            args.workbook,
            args.round,
            output=args.output,
            method=args.method,
            seed=args.seed,
            rounds=args.rounds,
            force=args.force,
            language=args.lang,
            format=args.format,
        )
    except UnusableWorkbookError as error:
        if args.json:
            lang = common.language(args, error.language)
            print(
                json.dumps(
                    {"findings": [to_json(error.finding, language=lang)]}, ensure_ascii=False
                )
            )
        return common.unusable(args, error)
    lang = seated.language
    seating = seated.seating
    scored = seated.scored
    if args.json:
        document: dict[str, Any] = {
            "file": str(seated.written),
            "round": seating.round,
            "tables": [{"table": t.number, "players": list(t.players)} for t in seating.tables],
            "byes": list(seating.byes),
            "findings": [to_json(finding, language=lang) for finding in seated.findings],
        }
        if scored is not None:
            document["problems"] = len(scored.errors)
        print(json.dumps(document, ensure_ascii=False, indent=2))
        return common.EXIT_OK
    for finding in seated.findings:
        print(render(finding, lang))
    if scored is not None:  # scored first: what the refreshed sheets say, in a line
        summary = "cli.summary_problems" if scored.errors else "cli.summary"
        print(
            text(
                lang,
                summary,
                file=seated.written,
                games=scored.games,
                players=scored.players,
                problems=len(scored.errors),
            )
        )
    print(
        text(
            lang,
            "cli.seat_done",
            round=seating.round,
            file=seated.written,
            results=seated.results,
            sheet=seated.sheet,
        )
    )
    return common.EXIT_OK

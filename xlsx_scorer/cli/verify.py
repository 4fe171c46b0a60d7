"""``xlsx-scorer verify FOLDER_OR_WORKBOOK``: does an archive still hold what was archived?

Exit code 0: the workbook, its fingerprint, the standings and every CSV agree;
1: something was edited or removed (each named); 2: the workbook could not be
read at all, or ``--format`` is not the format it was archived in.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from xlsx_scorer.cli import common
from xlsx_scorer.cli.commands import location
from xlsx_scorer.cli.options import add_command, add_common, add_format
from xlsx_scorer.cli.parser import say
from xlsx_scorer.findings import Finding, UnusableWorkbookError, render
from xlsx_scorer.i18n import text

#: The codes of what ``verify`` finds changed; any other finding is a rule the results break.
VERIFY_CODES = "verify."


def add_parser(commands: Any, lang: str) -> None:
    """Register ``verify`` with the command parser, its help in ``lang``."""
    parser = add_command(commands, "verify", lang)
    parser.add_argument(
        "path",
        metavar=say(lang, "help.metavar_archive"),
        type=Path,
        help=say(lang, "help.verify_path"),
    )
    add_format(parser, lang)
    add_common(parser, lang, "help.lang_messages")


def run(args: argparse.Namespace) -> int:
    """Print every finding; exit 0 when there is none."""
    from xlsx_scorer.app.verify import verify  # noqa: PLC0415  (heavy: only when the command runs)

    try:
        verified = verify(args.path, language=args.lang, format=args.format)
    except UnusableWorkbookError as error:
        return common.unusable(args, error)
    lang = common.language(args, verified.language)
    for finding in verified.findings:
        print(finding_text(lang, finding))
    if verified.ok:
        print(text(lang, "cli.verify_ok", path=args.path, fingerprint=verified.fingerprint))
        return common.EXIT_OK
    print(text(lang, "cli.verify_failed", path=args.path, count=len(verified.findings)))
    return common.EXIT_DIFFERENT


def finding_text(lang: str, finding: Finding) -> str:
    """A finding in ``lang``; a rule the results break is preceded by where it is."""
    if finding.code.startswith(VERIFY_CODES) or finding.severity == "fatal":
        return render(finding, lang)
    return f"{location(finding, lang)}: {render(finding, lang)}"

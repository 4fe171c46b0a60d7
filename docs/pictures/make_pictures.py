"""Pictures of every sheet an organiser sees, as LibreOffice prints them, in every language.

Run from the repository root (LibreOffice's ``soffice`` and poppler's ``pdftoppm`` needed)::

    .venv/bin/python docs/pictures/make_pictures.py

For each language (``en``, ``es``, ``tr``, ``ca``) it scores the sample event
(``fixtures/sample_event.xlsx``: Standings with its chart, Round Points, Errors saying all is
well) and the sample with mistakes (``fixtures/sample_mistakes.xlsx``: Errors listing them,
Standings withheld), writes a blank template (Event, Players, Results, Instructions) and
seats the first round of a 14-player Carcassonne event (its slips, ``LANG-seated-seating``).
The sample event as LibreOffice saved it (``fixtures/libreoffice/sample_event.xlsx``: no
theme part, so nothing of the chart may come from one) is pictured too, its Standings as
``LANG-libreoffice-event-standings``.
Every visible sheet is printed on its own: a copy of the workbook listing only that sheet
goes through ``soffice --convert-to pdf``, then the first page of the PDF through
``pdftoppm`` at 100 dpi.  Both land here as
``LANG-FILE-KIND.pdf`` and ``.png`` (``es-event-standings.png``).  The time the sheets say they
were computed is fixed (shown in London, Madrid and Istanbul time), so the pictures change
only when the sheets do.  Only a sheet's first page is pictured.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import xlsx_scorer  # noqa: E402  (the repository's own, whether installed or not)
from xlsx_scorer.app import outputkinds, seat, template  # noqa: E402
from xlsx_scorer.core import formats  # noqa: E402
from xlsx_scorer.i18n import LANGUAGES, text  # noqa: E402

HERE = Path(__file__).resolve().parent
LANGS = ("en", "es", "tr", "ca")
#: The time every scored sheet says it was computed.
COMPUTED = dt.datetime(2026, 3, 14, 18, 30, tzinfo=dt.UTC)
#: Each language's organiser's clock (POSIX TZ strings: no time zone database needed).
ZONES = {
    "en": "GMT0BST,M3.5.0/1,M10.5.0",
    "es": "CET-1CEST,M3.5.0,M10.5.0/3",
    "tr": "<+03>-3",
    "ca": "CET-1CEST,M3.5.0,M10.5.0/3",
}
DPI = 100
#: The event named in each template pictured.
EVENTS = {
    "en": "Spring Cup",
    "es": "Copa de Primavera",
    "tr": "Bahar Kupası",
    "ca": "Copa de Primavera",
}
#: The slips pictured: the first round of a Carcassonne event of this many players.
SEATED_PLAYERS = 14
#: The kind of the slips sheet of round 1 (``seat.slips``).
SLIPS = "seating_r1"
SOFFICE_TIMEOUT = 300
_SHEET = re.compile(rb"<sheet\b[^>]*/>")
#: The players of the seated event pictured.
NAMES = (
    "Ana Ruiz",
    "Bernat Puig",
    "Cem Ateş",
    "Dilek Kaya",
    "Elena Soler",
    "Ferran Vidal",
    "Gül Demir",
    "Hugo Martín",
    "Irene Costa",
    "Jordi Mas",
    "Kerem Aydın",
    "Laia Roca",
    "Marta Gil",
    "Nuria Serra",
)
_NAME = re.compile(rb'\bname="([^"]*)"')


def workbooks(lang: str) -> dict[str, tuple[bytes, tuple[str, ...]]]:
    """The workbooks pictured in ``lang``, by file label: their bytes and the kinds shown."""

    os.environ["TZ"] = ZONES[lang]
    time.tzset()

    def scored(path: Path) -> bytes:
        result = xlsx_scorer.score(path.read_bytes(), language=lang, now=COMPUTED)
        if result.workbook is None:
            raise SystemExit(f"{path} could not be scored: {result.messages}")
        return result.workbook

    event = scored(ROOT / "fixtures" / "sample_event.xlsx")
    saved = scored(ROOT / "fixtures" / "libreoffice" / "sample_event.xlsx")
    mistakes = scored(ROOT / "fixtures" / "sample_mistakes.xlsx")
    blank = template.template_bytes(lang, players=12, rounds=3, event=EVENTS[lang])
    outputs = (outputkinds.STANDINGS, outputkinds.ROUND_POINTS, outputkinds.ERRORS)
    return {
        "event": (event, outputs),
        "libreoffice-event": (saved, (outputkinds.STANDINGS,)),
        "mistakes": (mistakes, (outputkinds.ERRORS, outputkinds.STANDINGS)),
        "template": (blank, template.SHEETS),
        "seated": (seated(lang), (SLIPS,)),
    }


def seated(lang: str) -> bytes:
    """A Carcassonne template in ``lang`` with a roster, its round 1 seated (seed 0)."""
    fmt = formats.load("carcassonne-hig")
    book = template.build_template(
        lang, players=SEATED_PLAYERS, rounds=3, event=EVENTS[lang], fmt=fmt
    )
    players = book[str(LANGUAGES[lang].SHEETS["players"])]
    for row in range(2, SEATED_PLAYERS + 2):
        players.cell(row, 1, NAMES[row - 2])
    out = io.BytesIO()
    book.save(out)
    return seat.seat_bytes(out.getvalue(), 1, language=lang).workbook


def sheet_of(lang: str, kind: str) -> str:
    """The name of the sheet of ``kind`` in ``lang``: an input or output sheet, or the slips."""
    if kind == SLIPS:
        return text(lang, "seat.sheet", round=1)
    return str(LANGUAGES[lang].SHEETS[kind])


def only_sheet(data: bytes, shown: str) -> bytes:
    """``data`` listing only the sheet ``shown`` and the hidden ones (the chart's data).

    LibreOffice prints hidden sheets too, so the others are left out of the sheet list
    (their parts stay, unused); the defined names, which count sheets by position, go.
    """

    def keep(match: re.Match[bytes]) -> bytes:
        element = match.group(0)
        name = _NAME.search(element)
        if name is not None and name.group(1).decode() == escape(shown):
            return element
        return element if b'state="hidden"' in element else b""

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            body = source.read(info)
            if info.filename == "xl/workbook.xml":
                body = _SHEET.sub(keep, body)
                body = re.sub(rb"<definedNames>.*</definedNames>", b"", body, flags=re.DOTALL)
                body = re.sub(rb'\b(activeTab|firstSheet)="\d+"', b"", body)
            target.writestr(info, body, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def escape(name: str) -> str:
    """A sheet name as written in an XML attribute."""
    return name.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def main() -> None:
    """Write every picture into ``docs/pictures``."""
    soffice, pdftoppm = shutil.which("soffice"), shutil.which("pdftoppm")
    if soffice is None or pdftoppm is None:
        raise SystemExit("soffice (LibreOffice) and pdftoppm (poppler-utils) are needed")
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        copies = []
        for lang in LANGS:
            for label, (data, kinds) in workbooks(lang).items():
                for kind in kinds:
                    name = "seating" if kind == SLIPS else kind.replace("_", "-")
                    copy = work / f"{lang}-{label}-{name}.xlsx"
                    copy.write_bytes(only_sheet(data, sheet_of(lang, kind)))
                    copies.append(copy)
        subprocess.run(
            [
                soffice,
                "--headless",
                f"-env:UserInstallation={(work / 'profile').as_uri()}",
                "--convert-to",
                "pdf",
                "--outdir",
                str(work),
                *map(str, copies),
            ],
            check=True,
            capture_output=True,
            timeout=SOFFICE_TIMEOUT,
        )
        for copy in copies:
            pdf = copy.with_suffix(".pdf")
            if not pdf.is_file():
                raise SystemExit(f"LibreOffice did not print {copy.name}")
            shutil.copy(pdf, HERE / pdf.name)
            first_page = ["-f", "1", "-l", "1", "-singlefile"]
            subprocess.run(
                [pdftoppm, "-png", "-r", str(DPI), *first_page, str(pdf), str(HERE / copy.stem)],
                check=True,
                timeout=SOFFICE_TIMEOUT,
            )
            print(f"docs/pictures/{copy.stem}.png")


if __name__ == "__main__":
    main()

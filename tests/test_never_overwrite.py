"""Nothing of the organiser's is overwritten by surprise (issue 9, items 1 and 2).

``xlsx-scorer template`` refuses an existing file unless ``--force`` is given,
and a workbook open in Excel (``~$NAME``) or LibreOffice (``.~lock.NAME#``) is
never written; ``-o`` to another file still works, since only the lock of the
file being written matters.  Everything runs through ``xlsx_scorer.cli.main``.
"""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from tests.builders import sheet_values, unwritable_folder, with_vp, write
from xlsx_scorer.cli import main
from xlsx_scorer.i18n import LANGUAGES, text
from xlsx_scorer.xlsx.read.reader import read_workbook
from xlsx_scorer.xlsx.write import save

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sample_event.xlsx"
LANGS = sorted(LANGUAGES)
#: The lock file each application keeps beside ``event.xlsx``, and the message naming it.
LOCKS = {
    "excel": ("~$event.xlsx", "unusable.open_in_excel"),
    "libreoffice": (".~lock.event.xlsx#", "unusable.open_in_libreoffice"),
}


def an_event(folder: Path) -> Path:
    """A filled-in, already scored event, as an organiser has it mid-tournament."""
    event = folder / "event.xlsx"
    shutil.copyfile(SAMPLE, event)
    assert main(["score", str(event)]) == 0
    return event


def test_template_refuses_an_existing_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = an_event(tmp_path)
    capsys.readouterr()
    before = event.read_bytes()
    assert main(["template", str(event)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        text("en", "unusable.template_exists", file=event, suggestion=tmp_path / "event-2.xlsx")
    )
    assert "--force" in err
    assert text("en", "cli.nothing_written") in err
    assert event.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["event.xlsx"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_refusal_is_in_the_chosen_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "evento.xlsx"
    event.write_bytes(b"an event being filled in")
    (tmp_path / "evento-2.xlsx").write_bytes(b"taken too")
    assert main(["template", str(event), "--lang", lang, "--players", "8"]) == 2
    err = capsys.readouterr().err
    suggestion = tmp_path / "evento-3.xlsx"
    assert text(lang, "unusable.template_exists", file=event, suggestion=suggestion) in err
    assert text(lang, "cli.nothing_written") in err
    assert event.read_bytes() == b"an event being filled in"
    assert not suggestion.exists()


@pytest.mark.parametrize("lang", LANGS)
def test_without_lang_the_refusal_speaks_the_events_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "event.xlsx"
    assert main(["template", str(event), "--lang", lang]) == 0
    before = event.read_bytes()
    assert main(["template", str(event)]) == 2
    err = capsys.readouterr().err
    suggestion = tmp_path / "event-2.xlsx"
    assert text(lang, "unusable.template_exists", file=event, suggestion=suggestion) in err
    assert event.read_bytes() == before


@pytest.mark.parametrize("lang", LANGS)
def test_force_replaces_the_file_with_a_template(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = an_event(tmp_path)
    assert main(["template", str(event), "--lang", lang, "--force"]) == 0
    assert text(lang, "cli.wrote", file=event) in capsys.readouterr().out
    book = read_workbook(event)
    assert book.language == lang
    assert book.results.raw.empty
    assert sorted(path.name for path in tmp_path.iterdir()) == ["event.xlsx"]


@pytest.mark.parametrize("app", sorted(LOCKS))
def test_force_does_not_write_over_an_open_workbook(
    tmp_path: Path, app: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = an_event(tmp_path)
    lock, code = LOCKS[app]
    (tmp_path / lock).write_text("Ana,ana-laptop,01.05.2026 10:00,")
    before = event.read_bytes()
    assert main(["template", str(event), "--lang", "tr", "--force"]) == 2
    assert text("tr", code, file=event, lock=lock) in capsys.readouterr().err
    assert event.read_bytes() == before


def refused_template(err: str, lang: str) -> None:
    """``err`` is a template refusal in ``lang``, without the advice that only fits ``score``.

    ``template`` has no ``-o``, and there is no original workbook to be left unchanged.
    """
    assert " -o " not in err
    unchanged = text(lang, "unusable.write_failed", file="F", detail="D").split("D. ")[-1]
    assert unchanged not in err
    assert err.splitlines()[-1] == text(lang, "cli.nothing_written")


@pytest.mark.parametrize("lang", LANGS)
def test_force_over_a_workbook_open_in_libreoffice_speaks_its_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --lang, a system locale of no shipped language: the workbook's own language."""
    workbook = tmp_path / "tpl.xlsx"
    assert main(["template", str(workbook), "--lang", lang, "--players", "8"]) == 0
    lock = tmp_path / ".~lock.tpl.xlsx#"
    lock.write_text("Ana,ana-laptop,01.05.2026 10:00,")
    before = workbook.read_bytes()
    capsys.readouterr()
    assert main(["template", str(workbook), "--force"]) == 2
    err = capsys.readouterr().err
    said = text(lang, "unusable.open_in_libreoffice", file=workbook, lock=lock.name)
    assert err.splitlines()[0] == said
    refused_template(err, lang)
    assert workbook.read_bytes() == before


@pytest.mark.parametrize("lang", LANGS)
def test_force_over_a_read_only_workbook_speaks_its_language_without_o(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    workbook = tmp_path / "rot.xlsx"
    assert main(["template", str(workbook), "--lang", lang, "--players", "8"]) == 0
    workbook.chmod(stat.S_IRUSR | stat.S_IRGRP)
    before = workbook.read_bytes()
    capsys.readouterr()
    assert main(["template", str(workbook), "--force"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == text(lang, "unusable.template_read_only", file=workbook)
    refused_template(err, lang)
    assert workbook.read_bytes() == before


@pytest.mark.parametrize("lang", LANGS)
def test_an_unwritable_folder_is_refused_in_words_for_a_template(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = unwritable_folder(tmp_path)
    target = folder / "t.xlsx"
    assert main(["template", str(target), "--lang", lang]) == 2
    err = capsys.readouterr().err
    said = text(lang, "unusable.template_folder_not_writable", file=target, folder=folder)
    assert err.splitlines()[0] == said
    refused_template(err, lang)
    assert not target.exists()


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_folder_is_refused_in_the_system_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No --lang and no workbook yet: the system locale decides."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    locales = {"en": "en_GB", "es": "es_ES", "tr": "tr_TR", "ca": "ca_ES"}
    monkeypatch.setenv("LANG", f"{locales[lang]}.UTF-8")
    missing = tmp_path / "nowhere"
    assert main(["template", str(missing / "t.xlsx")]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == text(lang, "unusable.template_folder_missing", folder=missing)
    refused_template(err, lang)
    assert not missing.exists()


def test_a_file_that_appears_while_saving_is_not_replaced(tmp_path: Path) -> None:
    """The template is linked into place, which fails rather than replace a file."""
    target = tmp_path / "cup.xlsx"
    temporary = tmp_path / "cup.tmp"
    temporary.write_bytes(b"template")
    target.write_bytes(b"saved by the organiser a moment ago")
    with pytest.raises(FileExistsError):
        save._link_into_place(temporary, target)
    assert target.read_bytes() == b"saved by the organiser a moment ago"


# ---------------------------------------------------------------------------
# Lock files: Excel's ~$NAME and LibreOffice's .~lock.NAME#


def small_event(folder: Path) -> Path:
    rows = [with_vp(1, 1, name, vp) for name, vp in (("Ana", 10), ("Çetin", 8), ("José", 5))]
    return write(folder / "event.xlsx", rows)


@pytest.mark.parametrize("app", sorted(LOCKS))
def test_an_open_workbook_is_not_scored_in_place(
    tmp_path: Path, app: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = small_event(tmp_path)
    lock, code = LOCKS[app]
    (tmp_path / lock).write_bytes(b"owner")
    before = event.read_bytes()
    assert main(["score", str(event)]) == 2
    err = capsys.readouterr().err
    assert text("en", code, file=event, lock=lock) in err
    assert ("Excel" if app == "excel" else "LibreOffice") in err
    assert text("en", "cli.nothing_written") in err
    assert event.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([lock, "event.xlsx"])


@pytest.mark.parametrize("app", sorted(LOCKS))
def test_the_lock_message_speaks_the_language(
    tmp_path: Path, app: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = small_event(tmp_path)
    lock, code = LOCKS[app]
    (tmp_path / lock).write_bytes(b"owner")
    assert main(["score", str(event), "--lang", "es"]) == 2
    assert text("es", code, file=event, lock=lock) in capsys.readouterr().err


@pytest.mark.parametrize("app", sorted(LOCKS))
def test_an_open_workbook_can_still_be_scored_into_a_copy(tmp_path: Path, app: str) -> None:
    event = small_event(tmp_path)
    lock, _ = LOCKS[app]
    (tmp_path / lock).write_bytes(b"owner")
    before = event.read_bytes()
    copy = tmp_path / "scored.xlsx"
    assert main(["score", str(event), "-o", str(copy)]) == 0
    assert event.read_bytes() == before
    assert sheet_values(copy, "Results") == sheet_values(event, "Results")
    assert "Standings" in read_workbook(copy).sheet_names


@pytest.mark.parametrize("app", sorted(LOCKS))
def test_the_lock_of_the_copy_is_what_matters(
    tmp_path: Path, app: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event = small_event(tmp_path)
    copy = tmp_path / "scored.xlsx"
    copy.write_bytes(b"an earlier copy, open in a spreadsheet")
    lock = LOCKS[app][0].replace("event", "scored")
    (tmp_path / lock).write_bytes(b"owner")
    assert main(["score", str(event), "-o", str(copy), "--force"]) == 2  # asked, still locked
    err = capsys.readouterr().err
    assert lock in err
    assert str(copy) in err
    assert copy.read_bytes() == b"an earlier copy, open in a spreadsheet"

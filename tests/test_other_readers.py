"""Other applications read what ``write_sheets`` writes: LibreOffice (and keeps our marker
through its own save), Gnumeric's ``ssconvert``; our sheets written whole or in many blocks."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.packages import LINK, OUR_SHEETS, excel_like, load, specs
from tests.test_package import sheet_names
from xlsx_scorer.opc.package import Package
from xlsx_scorer.xlsx.ours import our_sheets
from xlsx_scorer.xlsx.write import sheetxml
from xlsx_scorer.xlsx.write.splice import write_sheets


@pytest.fixture(scope="module", params=[sheetxml.BLOCK_CELLS, 2], ids=["one block", "many blocks"])
def merged(request: pytest.FixtureRequest) -> bytes:
    """Our sheets written whole, or a block for each row (each deflated apart, then joined)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sheetxml, "BLOCK_CELLS", request.param)
        return write_sheets(Package.open(excel_like()), specs())


@pytest.mark.libreoffice
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_result_and_keeps_our_marker(merged: bytes, tmp_path: Path) -> None:
    source = tmp_path / "merged.xlsm"
    source.write_bytes(merged)
    out_dir = tmp_path / "out"
    subprocess.run(
        [
            shutil.which("soffice") or "soffice",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out_dir),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    converted = (out_dir / "merged.xlsx").read_bytes()
    wb = load(converted, data_only=True)
    assert set(OUR_SHEETS) <= set(wb.sheetnames)
    assert wb["Standings"]["B6"].value == "Ana"
    assert wb["Errors"]["B5"].value == LINK
    before = {(s.name, s.kind) for s in our_sheets(Package.open(merged))}
    assert {(s.name, s.kind) for s in our_sheets(Package.open(converted))} == before
    again = write_sheets(
        Package.open(converted), specs()
    )  # LibreOffice's save is ours to replace again
    assert sheet_names(again) == sheet_names(converted)


@pytest.mark.skipif(shutil.which("ssconvert") is None, reason="Gnumeric is not installed")
def test_gnumeric_reads_the_result(merged: bytes, tmp_path: Path) -> None:
    source = tmp_path / "merged.xlsx"
    source.write_bytes(merged)
    done = subprocess.run(
        ["ssconvert", "-S", str(source), str(tmp_path / "sheet.%s.csv")],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    csv_files = {path.name: path.read_text(encoding="utf-8") for path in tmp_path.glob("*.csv")}
    assert set(csv_files) == {f"sheet.{name}.csv" for name in sheet_names(merged)}
    standings = csv_files["sheet.Standings.csv"]
    assert "Ana" in standings
    assert "9.5" in standings
    errors = csv_files["sheet.Errors.csv"]
    assert LINK in errors
    assert "Settlements is 7" in errors

"""Suite-wide settings: in CI, the LibreOffice and browser tests must run, never skip."""

from __future__ import annotations

import os
import shutil

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run in CI (``CI`` set) without LibreOffice or Chromium: their tests would skip."""
    del config
    if os.environ.get("CI") and shutil.which("soffice") is None:
        message = "CI must run the LibreOffice tests: install libreoffice-calc-nogui (.ci/run does)"
        raise pytest.UsageError(message)
    if os.environ.get("CI") and not all(
        shutil.which(name) for name in ("chromium", "chromedriver")
    ):
        message = (
            "CI must run the browser tests: install chromium and chromium-driver (.ci/run does)"
        )
        raise pytest.UsageError(message)


@pytest.fixture(autouse=True)
def _no_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests (and the commands they start) see no system language unless they set one:
    messages of a workbook without a language are English, whatever this machine says."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")

"""Suite-wide settings: in CI, the LibreOffice tests must run, never skip."""

from __future__ import annotations

import os
import shutil

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run in CI (``CI`` set) without LibreOffice: its tests would only skip."""
    del config
    if os.environ.get("CI") and shutil.which("soffice") is None:
        message = "CI must run the LibreOffice tests: install libreoffice-calc-nogui (.ci/run does)"
        raise pytest.UsageError(message)

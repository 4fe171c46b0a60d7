"""pandera is loaded for validating without importing ``hypothesis``, which stays importable.

In a fresh process (under pytest ``hypothesis`` is loaded already, so the hiding is
never exercised in-process).
"""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from pathlib import Path
import xlsx_scorer
result = xlsx_scorer.score(Path("fixtures/sample_event.xlsx").read_bytes())
assert result.exit_code == 0, result.exit_code
print("hypothesis" in sys.modules)
import hypothesis
print(hypothesis.__name__)
"""


def test_scoring_does_not_import_hypothesis_and_leaves_it_importable() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "hypothesis"]

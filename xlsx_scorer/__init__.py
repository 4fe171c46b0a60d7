"""xlsx_scorer: score Catan tournaments kept in Excel workbooks.

The library API works on bytes (``app/api.py``), re-exported here without
importing anything heavy until it is used:

>>> import xlsx_scorer
>>> xlsx_scorer.check(b"").findings[0].code
'unusable.empty_file'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from xlsx_scorer.app.api import Result, check, check_file, score, score_file
    from xlsx_scorer.findings import Finding, Where, from_json, render, to_json

#: Public name → the module that defines it.
_EXPORTS = {
    "Result": "xlsx_scorer.app.api",
    "check": "xlsx_scorer.app.api",
    "check_file": "xlsx_scorer.app.api",
    "score": "xlsx_scorer.app.api",
    "score_file": "xlsx_scorer.app.api",
    "Finding": "xlsx_scorer.findings",
    "Where": "xlsx_scorer.findings",
    "render": "xlsx_scorer.findings",
    "to_json": "xlsx_scorer.findings",
    "from_json": "xlsx_scorer.findings",
}
__all__ = [
    "Finding",
    "Result",
    "Where",
    "__version__",
    "check",
    "check_file",
    "from_json",
    "render",
    "score",
    "score_file",
    "to_json",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (``import xlsx_scorer`` stays light)."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'xlsx_scorer' has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)

"""pandera, loaded for validating only: without the data synthesis we never use.

On a schema's first ``validate`` pandera imports its pandas check backends,
and they import pandera's strategies for synthesising data, which import
``hypothesis`` whenever it is installed — in a development environment,
0.7–0.9 s of every run (``hypothesis`` loads ``pytest`` through a plugin).
Scoring never synthesises data, so :func:`load_pandera` imports those backends once
with ``hypothesis`` hidden from that one import; pandera then knows it has no
strategies, and ``hypothesis`` stays importable for everyone else.

>>> load_pandera()
>>> import importlib.util; importlib.util.find_spec("pandera") is not None
True
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["load_pandera"]

_BACKENDS = "pandera.backends.pandas.builtin_checks"


def load_pandera() -> None:
    """Import pandera's pandas check backends without ``hypothesis`` (see the module)."""
    if _BACKENDS in sys.modules or "hypothesis" in sys.modules:
        return  # already there: nothing left to save
    sys.modules["hypothesis"] = None  # type: ignore[assignment]
    try:
        importlib.import_module(_BACKENDS)
    except ImportError:  # another pandera: it loads its backends itself, only slower
        return
    finally:
        del sys.modules["hypothesis"]

"""pandera, loaded for validating only, and validating under the project's own settings.

Fail closed (docs/rules.md): pandera reads settings from the environment
(``PANDERA_VALIDATION_ENABLED=False`` turns every check off,
``PANDERA_VALIDATION_DEPTH=SCHEMA_ONLY`` the data checks: all our rules) and a
host program may set them for its own frames (``pandera.config_context``).
Neither may switch our rules off: every validation runs within
:func:`own_settings`, a context of its own that sets every setting a check
depends on, and the caller's context is as it was afterwards.

>>> from pandera.config import config_context, get_config_context
>>> with config_context(validation_enabled=False):
...     with own_settings():
...         get_config_context().validation_enabled, get_config_context().validation_depth.name
...     get_config_context().validation_enabled
(True, 'SCHEMA_AND_DATA')
False

The data synthesis we never use is left out:

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

import contextlib
import importlib
import sys
from collections.abc import Iterator

from pandera.config import ValidationDepth, config_context

__all__ = ["load_pandera", "own_settings"]

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


@contextlib.contextmanager
def own_settings() -> Iterator[None]:
    """Within the block, pandera validates with every check, whatever the environment or the
    caller's ``config_context`` says (see the module); the caller's context comes back after."""
    with config_context(
        validation_enabled=True,
        validation_depth=ValidationDepth.SCHEMA_AND_DATA,
        cache_dataframe=False,
        keep_cached_dataframe=False,
    ):
        yield

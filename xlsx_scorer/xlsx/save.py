"""Atomic saves: a temporary file in the same folder, then a rename."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from xlsx_scorer.findings import UnusableWorkbookError


def _new_file_mode() -> int:
    """The mode a newly created file gets here (0o666 less the umask), not mkstemp's 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def save_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a temporary file in the same folder, then rename.

    A crash or a full disk leaves the old ``target`` as it was.
    """
    folder = target.parent
    if target.is_dir():
        raise UnusableWorkbookError("unusable.is_folder", {"folder": str(target)})
    if not folder.is_dir():
        raise UnusableWorkbookError("unusable.output_folder_missing", {"folder": str(folder)})
    if target.exists() and (not os.access(target, os.W_OK) or not target.stat().st_mode & 0o222):
        raise UnusableWorkbookError("unusable.read_only", {})
    lock = folder / f"~${target.name}"
    if lock.exists():
        raise UnusableWorkbookError("unusable.locked", {"lock": lock.name})
    handle, temporary = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temporary).chmod(
            target.stat().st_mode & 0o777 if target.exists() else _new_file_mode()
        )
        Path(temporary).replace(target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise UnusableWorkbookError("unusable.write_failed", {"detail": str(error)}) from error

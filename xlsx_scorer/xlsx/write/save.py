"""Atomic saves: a temporary file in the same folder, then a rename.

A workbook open in a spreadsheet application is never written: Excel keeps a
lock file ``~$NAME`` beside it, LibreOffice ``.~lock.NAME#``.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from xlsx_scorer.findings import UnusableWorkbookError

#: The lock file a spreadsheet application keeps beside an open workbook, by the message
#: code that names the application: ``{name}`` is the workbook's file name.
LOCKS = {
    "unusable.open_in_excel": "~${name}",
    "unusable.open_in_libreoffice": ".~lock.{name}#",
}


def _new_file_mode() -> int:
    """The mode a newly created file gets here (0o666 less the umask), not mkstemp's 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def lock_of(target: Path) -> tuple[str, Path] | None:
    """The lock file of an application that has ``target`` open: (message code, lock path).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / ".~lock.cup.xlsx#").write_text("Ana,host,...")
    >>> code, lock = lock_of(folder / "cup.xlsx")
    >>> code, lock.name
    ('unusable.open_in_libreoffice', '.~lock.cup.xlsx#')
    >>> lock_of(folder / "other.xlsx") is None
    True
    """
    for code, pattern in LOCKS.items():
        lock = target.with_name(pattern.format(name=target.name))
        if lock.exists():
            return code, lock
    return None


def free_name(target: Path) -> Path:
    """A name beside ``target`` that no file has yet: ``cup.xlsx`` → ``cup-2.xlsx`` (or -3…)."""
    number = 2
    while (candidate := target.with_name(f"{target.stem}-{number}{target.suffix}")).exists():
        number += 1
    return candidate


def refusal(target: Path) -> UnusableWorkbookError | None:
    """Why ``target`` cannot be saved, known without writing anything: it is a folder, its
    folder does not exist, it is read-only, or it is open in Excel or LibreOffice.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> refusal(folder).finding.code, refusal(folder / "no" / "cup.xlsx").finding.code
    ('unusable.is_folder', 'unusable.output_folder_missing')
    >>> refusal(folder / "cup.xlsx") is None
    True
    """
    folder = target.parent
    if target.is_dir():
        return UnusableWorkbookError("unusable.is_folder", {"folder": str(target)})
    if not folder.is_dir():
        return UnusableWorkbookError("unusable.output_folder_missing", {"folder": str(folder)})
    if target.exists() and (not os.access(target, os.W_OK) or not target.stat().st_mode & 0o222):
        return UnusableWorkbookError("unusable.read_only", {"file": str(target)})
    locked = lock_of(target)
    if locked is not None:
        code, lock = locked
        return UnusableWorkbookError(code, {"file": str(target), "lock": lock.name})
    return None


#: Endings of other spreadsheet and text files: replaced, not kept, in the name suggested for
#: a workbook (``cup.csv`` → ``cup.xlsx``, but ``cup 2.5`` → ``cup 2.5.xlsx``).
OTHER_ENDINGS = frozenset({".xlsx", ".xlsm", ".xls", ".xlsb", ".ods", ".csv", ".txt"})


def check_workbook_name(target: Path, suffix: str) -> None:
    """Refuse to write a workbook to a name that does not end in ``suffix`` (any case).

    Excel chooses how to open a file by its ending: ``cup`` or ``cup.csv`` would
    not open as a workbook with a double-click.  The refusal
    (``unusable.output_name``) suggests the name to use; a folder is left to the
    save, which says it is one.

    >>> check_workbook_name(Path("CUP.XLSX"), ".xlsx")
    >>> try:
    ...     check_workbook_name(Path("cup 2.5"), ".xlsx")
    ... except UnusableWorkbookError as error:
    ...     print(error.code, error.params["suggestion"])
    unusable.output_name cup 2.5.xlsx
    >>> try:
    ...     check_workbook_name(Path("cup.csv"), ".xlsx")
    ... except UnusableWorkbookError as error:
    ...     print(error.params["suggestion"])
    cup.xlsx
    """
    if target.suffix.lower() == suffix or target.is_dir():
        return
    stem = target.stem if target.suffix.lower() in OTHER_ENDINGS else target.name
    suggestion = target.with_name(stem + suffix)
    raise UnusableWorkbookError(
        "unusable.output_name",
        {"file": str(target), "suffix": suffix, "suggestion": str(suggestion)},
    )


def save_atomically(target: Path, data: bytes, *, overwrite: bool = True) -> os.stat_result:
    """Write ``data`` to ``target`` through a temporary file in the same folder, then rename;
    the file's status as written (its inode, size and modification time, which the rename
    keeps: what tells this file from one saved over it later).

    A crash or a full disk leaves the old ``target`` as it was.  A workbook
    open in Excel or LibreOffice (its lock file beside it) is refused.  With
    ``overwrite=False`` an existing ``target`` raises ``FileExistsError``, even
    one that appears while saving: the file is linked into place, which fails
    rather than replace it (where the file system has no links, it is checked
    first).  The caller says what to do about it.
    """
    folder = target.parent
    if not overwrite and target.exists() and not target.is_dir():
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))
    refused = refusal(target)
    if refused is not None:
        raise refused
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=".tmp", dir=folder)
    except OSError as error:  # a folder we may not write into (permissions, read-only medium)
        raise UnusableWorkbookError(
            "unusable.folder_not_writable", {"file": str(target), "folder": str(folder)}
        ) from error
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            written = os.fstat(stream.fileno())
        temporary.chmod(target.stat().st_mode & 0o777 if target.exists() else _new_file_mode())
        if overwrite:
            temporary.replace(target)
        else:
            _link_into_place(temporary, target)
    except FileExistsError:
        raise
    except OSError as error:
        raise UnusableWorkbookError("unusable.write_failed", {"detail": str(error)}) from error
    finally:
        temporary.unlink(missing_ok=True)
    return written


def _link_into_place(temporary: Path, target: Path) -> None:
    """``temporary`` becomes ``target``; ``FileExistsError`` if a file of that name exists."""
    try:
        target.hardlink_to(temporary)
    except FileExistsError:
        raise
    except OSError:  # no hard links here (FAT, some network shares): check, then rename
        if target.exists():
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target)) from None
        temporary.replace(target)

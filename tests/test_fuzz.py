"""Fuzzing: a valid workbook mutated over a thousand times, with a fixed seed.

Half the mutations damage the bytes of the zip (flip, cut, insert, zero, repeat);
the other half damage the text of one XML part (delete, repeat, swap, stray
markup, absurd cell references or numbers) and zip it up again.  Every run goes
through ``cli.main`` in-process and must end with exit code 0, 1 or 2, print no
traceback, never hang, and leave the file untouched when it fails (exit 2).
"""

from __future__ import annotations

import io
import random
import signal
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from xlsx_scorer.cli import main

SEED = 20260412
RUNS = 1000
HANG_SECONDS = 20
BASE = Path(__file__).resolve().parent.parent / "fixtures" / "bad" / "standings_untouched.xlsx"
STRAY = ("<", ">", "&", '"', "'", "\x00", "<x>", "</c>", "<!DOCTYPE a>", "&lol;", "\ufffd", "é")
NUMBERS = ("0", "-1", "99999999", "1e308", "NaN", "", "3.5", "A1048577", "XFE1")


class HangError(BaseException):
    """A run took longer than ``HANG_SECONDS`` (a BaseException, so the CLI cannot swallow it)."""


def _on_alarm(_signum: int, _frame: FrameType | None) -> None:
    raise HangError


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    buffer = bytearray(data)
    kind = rng.randrange(5)
    if kind == 0:
        for _ in range(rng.randint(1, 8)):
            buffer[rng.randrange(len(buffer))] ^= 1 << rng.randrange(8)
    elif kind == 1:
        del buffer[rng.randrange(len(buffer)) :]
    elif kind == 2:
        at = rng.randrange(len(buffer))
        buffer[at:at] = rng.randbytes(rng.randint(1, 64))
    elif kind == 3:
        at = rng.randrange(len(buffer))
        buffer[at : at + rng.randint(1, 512)] = bytes(min(512, len(buffer) - at))
    else:
        at = rng.randrange(len(buffer))
        buffer[at:at] = buffer[at : at + rng.randint(1, 256)]
    return bytes(buffer)


def _mutate_text(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text))
    kind = rng.randrange(6)
    if kind == 0:
        return text[:at] + text[at + rng.randint(1, 40) :]
    if kind == 1:
        return text[:at] + text[at : at + rng.randint(1, 200)] + text[at:]
    if kind == 2:
        return text[:at] + rng.choice(STRAY) + text[at:]
    if kind == 3:
        other = rng.randrange(len(text))
        first, second = sorted((at, other))
        size = rng.randint(1, 30)
        return text[:first] + text[second : second + size] + text[first + size :]
    if kind == 4:  # an absurd number or cell reference inside a quoted attribute or a value
        start = text.find('"', at)
        end = text.find('"', start + 1)
        if start < 0 or end < 0:
            return text[:at]
        return text[: start + 1] + rng.choice(NUMBERS) + text[end:]
    return text.replace("<v>", f"<v>{rng.choice(NUMBERS)}", 1)


def _rezip(data: bytes, rng: random.Random) -> bytes:
    source = zipfile.ZipFile(io.BytesIO(data))
    members = [(info.filename, source.read(info)) for info in source.infolist()]
    xml = [n for n, (name, _) in enumerate(members) if name.endswith((".xml", ".rels"))]
    chosen = rng.choice(xml)
    name, part = members[chosen]
    for _ in range(rng.randint(1, 3)):
        part = _mutate_text(rng, part.decode("utf-8", errors="replace")).encode()
    members[chosen] = (name, part)
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, content in members:
            archive.writestr(zipfile.ZipInfo(member, (1980, 1, 1, 0, 0, 0)), content)
    return stream.getvalue()


def _mutants(data: bytes) -> Iterator[tuple[int, str, bytes]]:
    rng = random.Random(SEED)
    mutators: tuple[tuple[str, Callable[[random.Random, bytes], bytes]], ...] = (
        ("bytes", _mutate_bytes),
        ("xml", lambda r, d: _rezip(d, r)),
    )
    for number in range(RUNS):
        kind, mutate = mutators[number % 2]
        yield number, kind, mutate(rng, data)


@pytest.mark.slow
def test_mutated_workbooks_end_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """1000 mutants: exit 0/1/2, no traceback, no hang, nothing written on failure."""
    original = BASE.read_bytes()
    failures: list[str] = []
    codes = {0: 0, 1: 0, 2: 0}
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    started = time.perf_counter()
    try:
        for number, kind, mutant in _mutants(original):
            path = tmp_path / f"mutant{number}.xlsx"
            path.write_bytes(mutant)
            signal.alarm(HANG_SECONDS)
            try:
                code = main(["score", str(path)])
            except HangError:
                failures.append(f"{number} ({kind}): hang")
                continue
            except BaseException as error:  # anything escaping the CLI is a failure
                failures.append(f"{number} ({kind}): escaped {error!r}")
                continue
            finally:
                signal.alarm(0)
            out, err = capsys.readouterr()
            if code not in codes:
                failures.append(f"{number} ({kind}): exit {code}")
                continue
            codes[code] += 1
            if "Traceback" in out + err or "Unexpected error" in err:
                failures.append(f"{number} ({kind}): {err.strip()[:300]}")
            if code == 2 and path.read_bytes() != mutant:
                failures.append(f"{number} ({kind}): written although it failed")
            path.unlink()
    finally:
        signal.signal(signal.SIGALRM, previous)
    elapsed = time.perf_counter() - started
    with capsys.disabled():
        print(f"\nfuzz: {RUNS} runs in {elapsed:.1f} s, exit codes {codes}")
    assert not failures, "\n".join(failures[:30])
    assert sum(codes.values()) == RUNS

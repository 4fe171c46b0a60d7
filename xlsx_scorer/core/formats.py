"""Tournament formats as data (docs/rules.md, "Formats"): which game a workbook holds and
how its games become standings.

A format is a TOML file: the five shipped ones are in ``xlsx_scorer/formats/``; an
organiser may write their own.  Each is read by ``load`` and checked against one
schema (pydantic, unknown keys forbidden); a file that breaks it is refused as an
unusable file (exit code 2) whose finding names the key and what is allowed.

>>> catan = load("catan-es")
>>> catan.game, catan.table_sizes, catan.points_for(3), catan.order
('catan', (3, 4), (5, 3, 2), ('points', 'vp', 'vp_ratio'))
>>> list(shipped())
['catan-es', 'catan-de', 'catan-world', 'carcassonne-hig', 'carcassonne-swiss']
>>> load("carcassonne-swiss").points is None
True
"""

from __future__ import annotations

import functools
import json
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from xlsx_scorer.core import stages as stages_
from xlsx_scorer.core.cells import count
from xlsx_scorer.core.stages import StagePlan
from xlsx_scorer.findings import UnusableWorkbookError

#: The games whose results a workbook can hold (their ``Results`` columns and rules).
GAMES = ("catan", "carcassonne")
#: The standings keys a format orders by (docs/rules.md, "Formats").
KEYS = (
    "points",
    "wins",
    "vp",
    "score",
    "vp_ratio",
    "capped_vp",
    "shares",
    "relative",
    "place_counts",
    "buchholz_cut1",
    "score_diff",
)
#: The shipped formats, in the order ``xlsx-scorer formats`` lists them.
SHIPPED = ("catan-es", "catan-de", "catan-world", "carcassonne-hig", "carcassonne-swiss")
DEFAULT = "catan-es"
#: The smallest and largest table a format may name.
SMALLEST_TABLE, LARGEST_TABLE = 2, 6
#: The longest format name.
NAME_MAX = 40
#: The most points a place may be worth: sums over every game of an event stay exact.
POINTS_MAX = 1_000_000
#: The keys that rank by one game's own value: a format of the other game cannot use them
#: (``capped_vp`` would cap a Carcassonne score at 10).
GAME_KEYS = {"vp": "catan", "vp_ratio": "catan", "capped_vp": "catan", "score": "carcassonne"}
#: Points by place a format file's example shows for a table size.
EXAMPLE_POINTS = {
    2: (3, 1),
    3: (5, 3, 1),
    4: (6, 4, 2, 1),
    5: (7, 5, 3, 2, 1),
    6: (8, 6, 4, 3, 2, 1),
}


@dataclass(frozen=True)
class Format:
    """One tournament format: the game, its table sizes, points by place, the standings keys.

    ``points`` holds, per table size, the points of places 1, 2, … (None: a wins-based
    format); ``order`` the standings keys, the first one deciding first (then name);
    ``stages`` the plans of stages played after the preliminary rounds (``core.stages``).
    """

    name: str
    game: str
    table_sizes: tuple[int, ...]
    points: tuple[tuple[int, tuple[int, ...]], ...] | None
    order: tuple[str, ...]
    stages: tuple[StagePlan, ...] = ()

    def points_for(self, size: int) -> tuple[int, ...]:
        """The points of places 1, 2, … at a table of ``size`` (none for a wins-based format)."""
        return dict(self.points or ()).get(size, ())

    @property
    def two_player(self) -> bool:
        """Every table has two players: results are win / draw / loss, an odd player a bye."""
        return self.table_sizes == (2,)


@functools.cache
def _schema() -> Any:
    """The shape of a format file, as a pydantic model (pydantic imported only when a file
    is read: a run in a shipped format never needs it)."""
    import pydantic  # noqa: PLC0415
    from pydantic_core import PydanticCustomError  # noqa: PLC0415

    def _points_error(problem: str, size: int | str) -> Exception:
        return PydanticCustomError("points", "points by place", {"problem": problem, "size": size})

    stage_schema, plan_schema = stages_.schema()

    class _Schema(pydantic.BaseModel):
        """The shape of a format file; the field order is the order the keys are checked."""

        model_config = pydantic.ConfigDict(extra="forbid", strict=True, frozen=True)

        name: str = pydantic.Field(min_length=1, max_length=NAME_MAX)
        game: Literal["catan", "carcassonne"]
        table_sizes: list[int] = pydantic.Field(min_length=1)
        points: dict[str, list[int]] | None = None
        order: list[str] = pydantic.Field(min_length=1)
        stages: list[stage_schema] | None = None  # type: ignore[valid-type]
        plans: list[plan_schema] | None = None  # type: ignore[valid-type]

        @pydantic.field_validator("name")
        @classmethod
        def _name(cls, name: str) -> str:
            return stages_.shown_name(name)

        @pydantic.field_validator("game", mode="before")
        @classmethod
        def _game(cls, game: Any) -> Any:
            return game.strip().casefold() if isinstance(game, str) else game

        @pydantic.field_validator("table_sizes")
        @classmethod
        def _sizes(cls, sizes: list[int], info: pydantic.ValidationInfo) -> list[int]:
            if len(set(sizes)) < len(sizes) or not all(
                SMALLEST_TABLE <= size <= LARGEST_TABLE for size in sizes
            ):
                raise ValueError("table sizes")
            if info.data.get("game") == "catan" and sizes == [2]:
                raise PydanticCustomError("two_player_catan", "a Catan bye cannot be scored")
            return sorted(sizes)

        @pydantic.field_validator("points")
        @classmethod
        def _points(
            cls, points: dict[str, list[int]] | None, info: pydantic.ValidationInfo
        ) -> dict[str, list[int]] | None:
            sizes = info.data.get("table_sizes")
            if points is None or sizes is None:
                return points
            played = [str(size) for size in sizes]
            for size in played:
                if size not in points:
                    raise _points_error("missing", size)
            for size, by_place in points.items():
                if size not in played:
                    raise _points_error("extra", size)
                if len(by_place) != int(size):
                    raise _points_error("places", size)
                if any(not 0 <= value <= POINTS_MAX for value in by_place):
                    raise _points_error("range", size)
            return points

        @pydantic.field_validator("order")
        @classmethod
        def _order(cls, order: list[str], info: pydantic.ValidationInfo) -> list[str]:
            if len(set(order)) < len(order) or any(key not in KEYS for key in order):
                raise ValueError("known keys, each once")
            game = info.data.get("game")
            for key in order:
                if game is not None and GAME_KEYS.get(key, game) != game:
                    raise PydanticCustomError("game_key", "another game's key", {"key": key})
            if "points" in order and info.data.get("points") is None:
                raise ValueError("points needs a points table")
            return order

    return _Schema


def parse(document: Mapping[str, Any], file: str) -> Format:
    """The format a TOML ``document`` declares; else ``UnusableWorkbookError`` naming the key.

    >>> parse({"name": "x", "game": "go", "table_sizes": [2], "order": ["wins"]}, "x.toml")
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.format_bad_value
    >>> parse({"name": "x", "game": "catan", "table_sizes": [3], "order": ["wins"],
    ...        "colour": "red"}, "x.toml").name
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.format_unknown_key
    """
    import pydantic  # noqa: PLC0415

    try:
        checked = _schema().model_validate(dict(document))
    except pydantic.ValidationError as error:
        raise _refusal(error, file, document) from None
    if "stages" in document and "plans" in document:
        raise stages_.refusal(file, "plans", "[[plans]]", "both")
    built = _built(checked.model_dump())
    stages_.check(built.stages, built.table_sizes, file, planned="plans" in document)
    return built


def _built(document: Mapping[str, Any]) -> Format:
    """The ``Format`` of a document that has the schema's shape."""
    points = document.get("points")
    return Format(
        str(document["name"]),
        str(document["game"]),
        tuple(sorted(document["table_sizes"])),
        None
        if points is None
        else tuple(sorted((int(size), tuple(values)) for size, values in points.items())),
        tuple(document["order"]),
        stages_.built(document),
    )


def _refusal(error: Any, file: str, document: Mapping[str, Any]) -> UnusableWorkbookError:
    """The first problem pydantic found, as a finding naming the key and quoting its whole
    value as the file has it (``points = { 4 = [6, 4, 2, "0"] }``, not ``"0"``)."""
    problems = error.errors()
    # A misspelt key is both unknown and a missing one: name it as the unknown key.
    first = next((p for p in problems if p["type"] == "extra_forbidden"), problems[0])
    key = str(first["loc"][0]) if first["loc"] else ""
    if key in ("stages", "plans"):
        return _stage_refusal(first, file, document)
    if first["type"] == "extra_forbidden":
        allowed = ", ".join(_schema().model_fields)
        return UnusableWorkbookError(
            "unusable.format_unknown_key", {"file": file, "setting": key, "allowed": allowed}
        )
    if first["type"] == "missing":
        return UnusableWorkbookError("unusable.format_missing_key", {"file": file, "setting": key})
    found = document[key] if key in document else first["input"]
    if key == "points" or first["type"] in ("two_player_catan", "game_key"):
        return _rule_refusal(first, file, document, _shown(found))
    return UnusableWorkbookError(
        "unusable.format_bad_value",
        {
            "file": file,
            "setting": key,
            "found": _shown(found),
            "games": ", ".join(GAMES),
            "keys": ", ".join(KEYS),
            "low": SMALLEST_TABLE,
            "high": LARGEST_TABLE,
            "length": NAME_MAX,
            "most": POINTS_MAX,
        },
    )


def _stage_refusal(problem: Any, file: str, document: Mapping[str, Any]) -> UnusableWorkbookError:
    """A ``[[stages]]`` or ``[[plans]]`` entry that breaks the shape, naming its key as the file
    has it, counted from 1: ``plans[2].stages[1].tabels``."""
    setting, found, keys = "", document, [""]
    for step in problem["loc"]:
        if isinstance(step, int):
            if keys[-1] not in ("stages", "plans"):
                break
            setting += f"[{step + 1}]"
        else:
            setting += f".{step}" if setting else str(step)
            keys.append(str(step))
        found = found[step] if isinstance(found, Mapping | list) and _has(found, step) else found
    key = keys[-1]
    params: dict[str, Any] = {"file": file, "setting": setting}
    if problem["type"] == "extra_forbidden":
        allowed = stages_.PLAN_KEYS if keys[-2:-1] == ["plans"] else stages_.STAGE_KEYS
        return UnusableWorkbookError(
            "unusable.format_unknown_key", params | {"allowed": ", ".join(allowed)}
        )
    if problem["type"] == "missing":
        return UnusableWorkbookError("unusable.format_missing_key", params)
    return stages_.refusal(file, setting, _shown(found), "value", entry=key)


def _has(found: Any, step: Any) -> bool:
    return step in found if isinstance(found, Mapping) else 0 <= step < len(found)


def _rule_refusal(
    problem: Any, file: str, document: Mapping[str, Any], found: str
) -> UnusableWorkbookError:
    """A format file that breaks a rule of its keys together, naming the key: a 2-player Catan
    format (its byes could not be scored as docs/rules.md §6 says), a key of the other game in
    ``order``, or ``points`` that are not one line per table size (with a two-line example
    of the right shape, for the table size at fault)."""
    context = problem.get("ctx") or {}
    game = str(document.get("game", "")).strip().casefold()
    params: dict[str, Any] = {"file": file, "found": found}
    if problem["type"] == "two_player_catan":
        params["setting"] = "table_sizes"
        return UnusableWorkbookError("unusable.format_two_player_catan", params)
    if problem["type"] == "game_key":
        keys = ", ".join(key for key in KEYS if GAME_KEYS.get(key, game) == game)
        params |= {"setting": "order", "ranked": context["key"], "game": game, "keys": keys}
        return UnusableWorkbookError("unusable.format_game_key", params)
    location = problem["loc"]
    size = context.get("size", location[1] if len(location) > 1 else "")
    sizes = document.get("table_sizes")
    shown = count(str(size))
    if shown not in EXAMPLE_POINTS:
        listed = sizes if isinstance(sizes, list) else []
        known = [n for n in listed if isinstance(n, int) and n in EXAMPLE_POINTS]
        shown = max(known, default=4)
    params |= {
        "setting": "points",
        "problem": context.get("problem", "places" if len(location) > 1 else "shape"),
        "size": str(size),
        "most": POINTS_MAX,
        "example": f"{shown} = {list(EXAMPLE_POINTS[shown])}",
    }
    return UnusableWorkbookError("unusable.format_points", params)


def _shown(value: Any) -> str:
    """A value as the TOML file wrote it, roughly (``[3, 4]``, ``"go"``, a control character
    as its escape ``\u0007``), for the message."""
    if isinstance(value, str):
        escaped = "".join(
            f"\\u{ord(ch):04x}" if unicodedata.category(ch) == "Cc" else ch for ch in value
        )
        return f'"{escaped}"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_shown(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_shown(item) for item in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


@functools.cache
def shipped() -> dict[str, Format]:
    """The shipped formats by name, in ``SHIPPED`` order (their files pass the schema: the
    tests check it; read without it here, so a run needs no pydantic)."""
    folder = resources.files("xlsx_scorer") / "formats"
    return {
        name: _built(tomllib.loads((folder / f"{name}.toml").read_text(encoding="utf-8")))
        for name in SHIPPED
    }


def load(name_or_path: str | Path) -> Format:
    """A shipped format by name, or the organiser's TOML file; else ``UnusableWorkbookError``.

    >>> load("Catan-DE").name
    'catan-de'
    >>> load("chess")
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.format_unknown
    >>> load("lliga.toml")
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.format_file_missing
    """
    by_name = named(name_or_path) if isinstance(name_or_path, str) else None
    if by_name is not None:  # a shipped name in any case, as the Event sheet's
        return by_name
    path = Path(name_or_path)
    if not path.is_file():
        if path.suffix.casefold() == ".toml" or len(path.parts) > 1:  # a file, not a name
            raise UnusableWorkbookError("unusable.format_file_missing", {"file": str(path)})
        raise UnusableWorkbookError(
            "unusable.format_unknown", {"name": str(name_or_path), "formats": ", ".join(SHIPPED)}
        )
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UnusableWorkbookError(
            "unusable.format_not_toml", {"file": str(path), "detail": str(error)}
        ) from None
    return from_file(FormatFile(str(path), data))


@dataclass(frozen=True)
class FormatFile:
    """A format file as bytes and the name it is called by (an upload to the page)."""

    name: str
    data: bytes


def from_file(file: FormatFile) -> Format:
    r"""The format ``file`` holds; a file that is not TOML (or not UTF-8) is refused naming it.

    >>> from_file(FormatFile("club.toml", b'name = "club"\ngame = "catan"\n'
    ...                      b'table_sizes = [4]\norder = ["vp"]')).name
    'club'
    >>> from_file(FormatFile("club.toml", b"name = "))
    Traceback (most recent call last):
    ...
    xlsx_scorer.findings.UnusableWorkbookError: unusable.format_not_toml
    """
    try:
        document = tomllib.loads(file.data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UnusableWorkbookError(
            "unusable.format_not_toml", {"file": file.name, "detail": str(error)}
        ) from None
    return parse(document, file.name)


def named(name: str | None) -> Format | None:
    """The shipped format called ``name`` (as a workbook's Event sheet declares it), or None.

    >>> named("Carcassonne-HiG").name, named("bridge")
    ('carcassonne-hig', None)
    """
    if name is None:
        return None
    return shipped().get(" ".join(name.split()).casefold())


def is_shipped(fmt: Format) -> bool:
    """True for a shipped format itself, not a file that only borrows its name (a workbook
    can declare only the shipped ones: docs/rules.md, "6. Formats").

    >>> borrowed = Format("catan-de", "catan", (3, 4), None, ("wins",))
    >>> is_shipped(load("catan-de")), is_shipped(borrowed)
    (True, False)
    """
    return shipped().get(fmt.name) == fmt


def to_toml(fmt: Format) -> str:
    """``fmt`` as the text of a format file, which ``parse`` reads back as ``fmt``: how a
    workbook records an organiser's own format (docs/rules.md §8).

    >>> club = Format("club-night", "catan", (3, 4), ((3, (6, 4, 2)), (4, (6, 4, 2, 0))),
    ...               ("points", "vp"))
    >>> print(to_toml(club))
    name = "club-night"
    game = "catan"
    table_sizes = [3, 4]
    points = { 3 = [6, 4, 2], 4 = [6, 4, 2, 0] }
    order = ["points", "vp"]
    >>> parse(tomllib.loads(to_toml(club)), "Event!B7") == club
    True
    """
    lines = [
        f"name = {json.dumps(fmt.name, ensure_ascii=False)}",
        f"game = {json.dumps(fmt.game)}",
        f"table_sizes = [{', '.join(map(str, fmt.table_sizes))}]",
    ]
    if fmt.points is not None:
        sizes = ", ".join(
            f"{size} = [{', '.join(map(str, values))}]" for size, values in fmt.points
        )
        lines.append(f"points = {{ {sizes} }}")
    lines.append(f"order = [{', '.join(json.dumps(key) for key in fmt.order)}]")
    return "\n".join([*lines, *stages_.to_toml(fmt.stages)])


def sizes_text(sizes: tuple[int, ...]) -> str:
    """Table sizes as a message shows them, in no language's words: ``3–4``, ``2``, ``2, 4``.

    >>> sizes_text((3, 4)), sizes_text((2,)), sizes_text((2, 4))
    ('3–4', '2', '2, 4')
    """
    if len(sizes) > 1 and sizes == tuple(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]}–{sizes[-1]}"
    return ", ".join(map(str, sizes))

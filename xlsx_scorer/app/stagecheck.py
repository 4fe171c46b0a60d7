"""Stage tables checked against the cut and the pattern (docs/rules.md §10).

Each stage round's tables in ``Results`` must hold the players ``seat`` puts there: the
first stage the top ``cut`` of the preliminary standings (among the players not withdrawn
before it), a later one those the stage before sends on, each table by the format's
pattern (``core.stages.seated``, the functions ``seat`` uses).  Who sits at which table
counts; the seat order within a table does not.  A table that differs is an error
(``stage_table_differs``, at the Player cell of its first row), so nothing is published:
with 20 players in ``catan-es`` and the 20th typed in place of seed 9 at semi-final table 1,
round 4's table 1 is reported as holding the 20th where the pattern seats seed 9.  Rows of
a round after the last stage count nowhere and are an error too (``stage_round_past_last``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from xlsx_scorer.app import finalsheet, reading
from xlsx_scorer.core import inplay, stages
from xlsx_scorer.core.collation import table_order
from xlsx_scorer.findings import Finding, Where
from xlsx_scorer.xlsx.read import reader


def differences(
    book: reader.Workbook,
    frame: pd.DataFrame,
    play: inplay.Play | None,
    staged: finalsheet.Staged,
    order: Sequence[str],
) -> list[Finding]:
    """The stage tables of ``frame`` (the typed rows) that are not those the pattern seats
    from the preliminary standings ``order`` (best first) and the stages before; a stage is
    checked only once every game before it is complete and as seated (else ``seat`` refuses
    it and its seeds are not known)."""
    past = _past_last(book, frame, staged)
    if past:
        return past
    to_play = np.zeros(len(frame), dtype=bool)
    if play is not None:
        to_play = np.asarray(play.to_play, dtype=bool)
        if any(entry.round <= staged.rounds for entry in play.rounds.in_play):
            return []
    rank = {name: number for number, name in enumerate(order, start=1)}
    played = finalsheet.stage_games(frame, to_play, staged, book.format.game)
    dropped = reading.withdrawn(book)
    found: list[Finding] = []
    for index in range(len(played)):
        stage, round_no = staged.stages[index], staged.rounds + index + 1
        if index == 0:
            eligible = [name for name in order if dropped.get(name, round_no) >= round_no]
            if len(eligible) < (stage.cut or 0):
                return found
            seeded = tuple(eligible[: stage.cut])
        else:
            before = played[index - 1]
            if found or any(place is None for _, place in before.values()):
                return found
            tables: dict[str, list[str]] = {}
            for name, (label, _) in before.items():
                tables.setdefault(label, []).append(name)
            ordered = [tables[label] for label in sorted(tables, key=table_order)]
            shown = {name: place or 0 for name, (_, place) in before.items()}
            went_on, out = stages.advancers(staged.stages[index - 1], ordered, shown, rank)
            seeded = stages.seeds(stage, went_on, out, rank)
        expected = {
            str(at): seats for at, seats in enumerate(stages.seated(stage, seeded, rank), 1)
        }
        found.extend(_tables_differ(book, frame, round_no, stage.name, expected))
    return found


def _past_last(
    book: reader.Workbook, frame: pd.DataFrame, staged: finalsheet.Staged
) -> list[Finding]:
    """Rows of a round after the event's last stage: they count in no standings (neither the
    preliminary rounds nor a stage), so each such round is an error at its first row's Round
    cell (``stage_round_past_last``).  ``catan-es`` of 3 rounds plays its semi-final in round
    4 and its final in 5: rows of round 6 are named, "the last round is 5"."""
    last = staged.rounds + len(staged.stages)
    numbers = frame["round"].to_numpy(dtype=np.float64, na_value=np.nan)
    results, found = book.results, []
    for round_no in sorted({int(n) for n in numbers[numbers > last]}):
        row = int(frame.index[np.flatnonzero(numbers == round_no)[0]])
        params: dict[str, str | int] = {"round": round_no, "last": last, "rounds": staged.rounds}
        params |= {"stages": len(staged.stages), "format": book.format.name}
        where = Where(sheet=results.name, cell=f"{results.columns['round']}{row}", round=round_no)
        found.append(Finding("stage_round_past_last", params, "error", where))
    return found


def _tables_differ(
    book: reader.Workbook,
    frame: pd.DataFrame,
    round_no: int,
    stage: str,
    expected: dict[str, list[str]],
) -> list[Finding]:
    rows = frame.loc[frame["round"].to_numpy(dtype=np.float64, na_value=np.nan) == round_no]
    actual: dict[str, list[tuple[int, str]]] = {}
    for row, label, name in zip(rows.index, rows["table"], rows["player"], strict=True):
        actual.setdefault(str(label), []).append((int(row), str(name)))
    found = []
    results = book.results
    for label in sorted(set(expected) | set(actual), key=table_order):
        want = expected.get(label, [])
        have = [name for _, name in actual.get(label, [])]
        if sorted(want) == sorted(have):
            continue
        at = actual.get(label) or next(iter(actual.values()))
        params: dict[str, str | int] = {"round": round_no, "stage": stage, "table": label}
        params |= {"expected": ", ".join(want) or "—", "found": ", ".join(have) or "—"}
        params |= {"missing": ", ".join(n for n in want if n not in have) or "—"}
        params |= {"extra": ", ".join(n for n in have if n not in want) or "—"}
        where = Where(
            sheet=results.name,
            cell=f"{results.columns['player']}{at[0][0]}",
            round=round_no,
            table=label,
            player=at[0][1],
        )
        found.append(Finding("stage_table_differs", params, "error", where))
    return found

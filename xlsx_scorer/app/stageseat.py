"""The final stages of an event (docs/rules.md §10): what a format plays after its rounds,
in words (``described``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlsx_scorer.core import stages
from xlsx_scorer.i18n import text

if TYPE_CHECKING:
    from xlsx_scorer.core.formats import Format


def described(fmt: Format, lang: str) -> str:
    """What ``fmt`` plays after its preliminary rounds, in ``lang``: each plan's attendance,
    the cut and each stage with its tables.

    >>> from xlsx_scorer.core.formats import load
    >>> described(load("catan-es"), "en")
    'after the rounds: top 16 → Semi-final (4 tables of 4) → Final (1 table of 4)'
    >>> described(load("catan-de"), "es")
    'tras las rondas: sin fase final'
    """
    if not fmt.stages:
        return text(lang, "format.stage_none")
    single = len(fmt.stages) == 1 and fmt.stages[0].covers(1) and fmt.stages[0].max_players is None
    if single:
        return text(lang, "format.stages_after", stages=_plan_words(fmt.stages[0].stages, lang))
    plans = sorted(fmt.stages, key=lambda plan: -plan.min_players)
    said = [
        text(
            lang,
            "format.stage_plan",
            low=plan.min_players,
            high="none" if plan.max_players is None else str(plan.max_players),
            stages=_plan_words(plan.stages, lang),
        )
        for plan in plans
    ]
    said.append(text(lang, "format.stage_otherwise"))
    return text(lang, "format.stages_after", stages="; ".join(said))


def _plan_words(plan: tuple[stages.Stage, ...], lang: str) -> str:
    if not plan:
        return text(lang, "format.stage_none")
    words = [text(lang, "format.stage_cut", cut=plan[0].cut)]
    for stage in plan:
        sizes = sorted({len(table) for table in stage.tables})
        words.append(
            text(
                lang,
                "format.stage",
                stage=stage.name,
                tables=len(stage.tables),
                size="–".join(map(str, sizes)) if len(sizes) > 1 else str(sizes[0]),
            )
        )
    return " → ".join(words)

"""The organisers' guides (issue 9, item 9) stay true to the program they describe.

One guide per shipped language, linked from the README and from each other; the
message they quote is the one the program prints; every option they mention
exists; no machine paths.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xlsx_scorer.cli import build_parser
from xlsx_scorer.i18n import header, text

ROOT = Path(__file__).resolve().parent.parent
GUIDES = {
    "en": "docs/organisers.md",
    "es": "docs/organisadores.md",
    "tr": "docs/organizatorler.md",
    "ca": "docs/organitzadors.md",
}


def prose(path: str) -> str:
    """The guide's text with quote markers removed and lines joined, as a reader sees it."""
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    return " ".join(line.removeprefix(">").strip() for line in lines)


def options() -> set[str]:
    parser = build_parser()
    found = {option for action in parser._actions for option in action.option_strings}
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for command in commands.values():
        found |= {option for action in command._actions for option in action.option_strings}
    return found


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_guide_quotes_the_real_total_vp_message(lang: str) -> None:
    message = text(
        lang,
        "problem.total_vp_mismatch",
        column=header(lang, "total_vp"),
        found=8,
        vp=5,
        settlements=5,
        cities=0,
        vp_cards=0,
        army="no",
        road="no",
    )
    assert message in prose(GUIDES[lang])


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_guide_names_the_headers_and_locks(lang: str) -> None:
    guide = prose(GUIDES[lang])
    assert all(header(other, "total_vp") in guide for other in GUIDES)
    assert "~$" in guide
    assert ".~lock." in guide
    assert "Python 3.11" in guide
    for code in "0123":
        assert f"| {code} |" in guide


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_every_option_in_the_guide_exists(lang: str) -> None:
    mentioned = set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", prose(GUIDES[lang])))
    not_ours = {"-m", "--user", "--python"}  # options of python, pip and pipx
    assert mentioned - not_ours <= options()
    assert {"--force", "--lang", "-o"} <= mentioned


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_guides_link_each_other_and_hold_no_machine_paths(lang: str) -> None:
    guide = (ROOT / GUIDES[lang]).read_text(encoding="utf-8")
    for other, path in GUIDES.items():
        if other != lang:
            assert f"]({Path(path).name})" in guide
    assert not re.search(r"(?<![\w.])/(work|tmp|root)/", guide)
    assert "](rules.md)" in guide


def test_the_readme_links_every_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"]({path})" in readme for path in GUIDES.values())

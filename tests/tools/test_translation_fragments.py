"""One catalogue per language (issue 34, item 5): a translation fragment is owned by a part of the code
(`engine-fragment.po`), never by a branch of past work (`wt-voidturn-fragment.po`), so every German
message lives in `de/LC_MESSAGES/iwari.po` unless a package or module of iwari_desktop delivers it."""

from __future__ import annotations

import shutil

import pytest
from babel.messages.catalog import Catalog

from tools import catalogues as tool


def test_every_committed_fragment_is_named_after_a_part_of_the_code():
    for lang_dir in sorted(p for p in tool.LOCALE_DIR.iterdir() if p.is_dir()):
        for path in sorted(lang_dir.glob(f"*{tool.FRAGMENT_SUFFIX}")):
            part = path.name.removesuffix(tool.FRAGMENT_SUFFIX)
            assert part in tool.code_parts(), f"{lang_dir.name}/{path.name} is not owned by a part of the code"


def test_the_engine_fragment_is_owned_by_the_engine_package():
    assert tool.fragment_owner(tool.LOCALE_DIR / "de" / "engine-fragment.po") == "engine"
    assert {"engine", "scenes", "campaign_store", "board"} <= tool.code_parts()
    assert "main" not in tool.code_parts() and "__main__" not in tool.code_parts()


@pytest.mark.parametrize("name", ["wt-voidturn-fragment.po", "main-fragment.po", "scenefix-fragment.po"])
def test_a_fragment_named_after_a_branch_is_refused_and_reported(name, tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(tool.LOCALE_DIR, locale)
    monkeypatch.setattr(tool, "LOCALE_DIR", locale)
    monkeypatch.setattr(tool, "POT", locale / "iwari.pot")
    (locale / "de" / name).write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n',
                                      encoding="utf-8")
    with pytest.raises(tool.FragmentOwnerError, match=name):
        tool.fragments("de")
    # an empty template: the fragment check does not read it, and extracting the real one from the sources
    # (2 s a call; tests/tools/test_i18n_catalogue.py checks it) would be most of this test's cost
    assert any(problem.startswith(f"de: {name}: ") for problem in tool.problems("de", Catalog()))

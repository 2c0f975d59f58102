"""The message catalogues (issue 12): the template matches the sources, every message has a finished German
translation, the committed .mo is what the .po compiles to, and the checks really catch each fault."""

from __future__ import annotations

import re
import shutil

import pytest
from babel.messages.catalog import Catalog

from iwari_desktop import i18n
from iwari_desktop.i18n import N_, _, ngettext, pgettext, set_language
from tools import catalogues as tool


@pytest.fixture(scope="module")
def template() -> Catalog:
    return tool.extract()


@pytest.fixture
def english():
    yield
    set_language("en")


def test_the_template_is_not_stale(template):
    stale = [p for p in tool.problems("de", template) if "is stale" in p]
    assert not stale, "\n".join(stale)
    assert len(template) > 500  # the scenes' text is really marked, not a handful of strings


def test_every_message_has_a_finished_german_translation(template):
    missing = [p for p in tool.problems("de", template) if "no translation" in p or "fuzzy" in p or "placeholder" in p]
    assert not missing, "\n".join(missing[:40])


def test_the_committed_german_mo_is_what_the_po_compiles_to():
    committed = tool.mo_messages(tool.mo_path("de").read_bytes())
    fresh = tool.mo_messages(tool.compiled("de"))
    assert committed == fresh, "run make i18n"
    assert len(committed) > 500 and committed["New game"] == "Neues Spiel"


def test_a_new_babel_release_does_not_make_the_committed_mo_stale():
    """Only the messages and how gettext reads them count: the tool's name and version in the header do not
    (a fresh clone once went red because a newer Babel wrote "Generated-By: Babel 2.19.0")."""
    data = tool.compiled("de")
    assert b"Generated-By: Babel" in data
    relabelled = re.sub(rb"Generated-By: Babel [0-9.]+", b"Generated-By: Babel 9.99.0", data)
    assert relabelled != data
    assert tool.mo_messages(relabelled) == tool.mo_messages(data)


def test_the_mo_comparison_still_sees_a_changed_translation_and_plural_rule(tmp_path, monkeypatch):
    locale = _copy_locale(tmp_path, monkeypatch)
    before = tool.mo_messages(tool.compiled("de"))

    def retranslate(catalog):
        catalog["New game"].string = "Neue Partie"

    _edit_po(tool.po_path("de"), retranslate)
    assert tool.mo_messages(tool.compiled("de")) != before
    assert not tool.mo_is_current("de")
    data = (locale / "de" / "LC_MESSAGES" / "iwari.mo").read_bytes()
    assert tool.mo_messages(data.replace(b"nplurals=2", b"nplurals=3")) != tool.mo_messages(data)


def test_every_translation_formats_with_the_names_the_source_passes(template):
    """A translation that names a placeholder the code never passes would raise KeyError on screen."""
    catalog = tool.read_catalog(tool.po_path("de"), "de")
    for message in template:
        if not message.id:
            continue
        done = catalog.get(message.id, message.context)
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        names = {p.strip("{}").split(":")[0].split("!")[0] for i in ids for p in tool.placeholders(i)}
        if not names:
            continue
        for text in [done.string] if isinstance(done.string, str) else done.string:
            text.format(**{name: 1 for name in names})  # a number suits every spec, "{n:,}" included


def _copy_locale(tmp_path, monkeypatch):
    """The catalogue files in a scratch folder the checks are pointed at."""
    locale = tmp_path / "locale"
    shutil.copytree(tool.LOCALE_DIR, locale)
    monkeypatch.setattr(tool, "LOCALE_DIR", locale)
    monkeypatch.setattr(tool, "POT", locale / "iwari.pot")
    return locale


def _edit_po(path, edit) -> None:
    catalog = tool.read_catalog(path, "de")
    edit(catalog)
    import io

    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog)
    path.write_bytes(out.getvalue())


def test_the_checks_catch_a_missing_a_fuzzy_and_a_broken_translation_and_a_stale_mo(template, tmp_path, monkeypatch):
    _copy_locale(tmp_path, monkeypatch)

    def spoil(catalog):
        catalog["New game"].string = ""
        catalog["Settings"].flags.add("fuzzy")
        catalog["Pass to {player}"].string = "Weiter an {spieler}"

    _edit_po(tool.po_path("de"), spoil)
    found = tool.problems("de", template)
    assert any("no translation for 'New game'" in p for p in found)
    assert any("fuzzy translation for 'Settings'" in p for p in found)
    assert any("'Pass to {player}'" in p and "spieler" in p for p in found)
    assert any("does not match its .po" in p for p in found)


def test_the_checks_catch_a_stale_template(template, tmp_path, monkeypatch):
    _copy_locale(tmp_path, monkeypatch)
    stale = Catalog()
    for message in template:
        if message.id and message.id != "Recent moves":
            stale.add(message.id, context=message.context)
    stale.add("A sentence the sources no longer say")
    tool.write_template(stale)
    found = tool.problems("de", template)
    assert any("'Recent moves' is in the sources but not in the template" in p for p in found)
    assert any("'A sentence the sources no longer say' is no longer in the sources" in p for p in found)


def test_update_keeps_translations_merges_engine_fragments_and_leaves_new_messages_open(template, tmp_path,
                                                                                      monkeypatch):
    locale = _copy_locale(tmp_path, monkeypatch)
    (locale / "de" / "engine-fragment.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Recent moves"\nmsgstr "Zuletzt gespielt"\n\n'
        'msgid "A message nobody extracted"\nmsgstr "Eine Meldung"\n', encoding="utf-8")
    grown = Catalog()
    for message in template:
        grown[message.id] = message
    grown.add("A brand-new sentence")
    tool.update("de", grown)
    catalog = tool.read_catalog(tool.po_path("de"), "de")
    assert catalog["Recent moves"].string == "Zuletzt gespielt"     # the fragment's owner wins
    assert catalog["New game"].string == "Neues Spiel"               # finished translations stay
    assert catalog["A brand-new sentence"].string == ""             # never guessed
    assert catalog.get("A message nobody extracted") is None       # fragments add no foreign messages


def test_switching_language_changes_every_later_lookup(english):
    set_language("de")
    assert i18n.current_language() == "de"
    assert _("New game") == "Neues Spiel"
    assert ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 Karte"
    assert ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 Karten"
    assert pgettext("no such context", "New game") == "New game"
    assert N_("Recent moves") == "Recent moves"  # marking never translates
    set_language("en")
    assert _("New game") == "New game"


def test_an_unknown_language_is_refused_and_changes_nothing(english):
    set_language("de")
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        set_language("xx")
    assert i18n.current_language() == "de" and _("Settings") == "Einstellungen"


@pytest.mark.parametrize("environ, expected", [
    ({"IWARI_LANG": "de"}, "de"),
    ({"IWARI_LANG": "DE_at", "LANG": "en_GB.UTF-8"}, "de"),
    ({"IWARI_LANG": "fr", "LANG": "de_DE.UTF-8"}, "de"),        # an unknown choice falls back to the locale
    ({"LANG": "de_CH.UTF-8"}, "de"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),   # LC_ALL comes first, as in the C library
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_default_language_follows_iwari_lang_then_the_system_locale(environ, expected):
    assert i18n.default_language(environ) == expected


def test_every_language_is_named_in_its_own_language():
    assert i18n.LANGUAGES == {"en": "English", "de": "Deutsch"}
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE_LANGUAGE:
            assert tool.mo_path(code).is_file(), code

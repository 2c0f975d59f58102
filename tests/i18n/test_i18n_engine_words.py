"""The engine sentences the screens show are in the catalogue, and every translated character has a glyph."""

from __future__ import annotations

from iwari_desktop.engine import rulesets
from iwari_desktop.engine.core.config import OPTIONS
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.rulesets.solo.outcome import REASON_TEXT
from iwari_desktop.scenes.ui import engine_words
from iwari_desktop.scenes.ui.glyphs import missing_chars
from iwari_desktop.scenes.ui.look import FONT_FILES, fonts_dir
from tools import catalogues


def test_the_marked_copies_match_the_engine_sentences_word_for_word():
    rulesets.load_all()
    summaries = {getattr(module, "summary", "") for module in REGISTRY.values()} - {""}
    assert set(engine_words.MODULE_SUMMARIES) == summaries, "update iwari_desktop/scenes/ui/engine_words.py"
    assert set(engine_words.OPTION_HELP) == {spec.help for spec in OPTIONS.values()}
    assert set(engine_words.VOID_REASONS) == set(REASON_TEXT.values())


def test_every_engine_sentence_the_screens_show_has_a_german_translation():
    catalog = catalogues.read_catalog(catalogues.po_path("de"), "de")
    for text in engine_words.MODULE_SUMMARIES + engine_words.OPTION_HELP + engine_words.VOID_REASONS:
        message = catalog.get(text)
        assert message is not None and message.string and not message.fuzzy, text


def test_every_character_of_the_german_translations_exists_in_the_shipped_fonts():
    """An arrow or a typographic mark the fonts lack would show as a box, only in German."""
    catalog = catalogues.read_catalog(catalogues.po_path("de"), "de")
    text = "".join(s for m in catalog if m.id for s in ([m.string] if isinstance(m.string, str) else m.string))
    assert "ä" in text and "„" in text  # the scan really sees the German text
    for role, file in FONT_FILES.items():
        missing = missing_chars(fonts_dir() / file, "".join(sorted(set(text))))
        assert not missing, f"{file} ({role}) has no glyph for {sorted(missing)}"


def test_the_glyph_check_sees_a_missing_arrow():
    assert missing_chars(fonts_dir() / FONT_FILES["body"], "↑") == {"↑"}

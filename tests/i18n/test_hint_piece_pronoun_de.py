"""The Hint's "(the hint rings it)" names one piece, a tent or a totem: both neuter in German (das Zelt, das
Totem), so the German line says "markiert es" (it read "markiert sie": seen in the German board-hint
screenshot of session 16, "ein Zelt (der Tipp markiert sie)")."""

from __future__ import annotations

from iwari_desktop.i18n import _, set_language


def test_the_single_piece_the_hint_rings_is_es_in_german():
    set_language("de")
    try:
        line = _("{move}: {pieces} (the hint rings it)").format(move="Wald + Wald für 1 Figur", pieces="ein Zelt")
    finally:
        set_language("en")
    assert line == "Wald + Wald für 1 Figur: ein Zelt (der Tipp markiert es)"
    assert _("{move}: {pieces} (the hint rings it)") == "{move}: {pieces} (the hint rings it)"

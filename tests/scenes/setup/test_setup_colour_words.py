"""The Void map's summary calls the sixth colour by the name the colour list of the setup uses.

Why: the German playtest of 2026-11-26 read "die sechste spielt Lila" beside a colour list offering
"Violett": two words for one colour on the same screen.
"""

from __future__ import annotations

from iwari_desktop.engine.rulesets.void_tribe import VoidTribe
from iwari_desktop.i18n import _, set_language


def test_the_void_summary_names_purple_as_the_colour_list_does():
    try:
        set_language("de")
        colour = _("Purple")
        summary = _(VoidTribe.summary)
    finally:
        set_language("en")
    assert f"spielt {colour}" in summary, (colour, summary)

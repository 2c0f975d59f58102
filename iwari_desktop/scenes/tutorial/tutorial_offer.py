"""The first start offers Learn to play, once: the settings remember that it was offered.

Only the real game asks (`app.run`); tests and smoke runs start on the plain menu. A config folder
that cannot be written only means the offer may come again next time.
"""

from __future__ import annotations

from iwari_desktop.i18n import N_, _

QUESTION = N_("New to Iwari?")
DETAIL = N_("Learn to play in a short guided game. You can also start it later from the main menu.")
YES = N_("Learn to play")
NOT_NOW = N_("Not now")   # the offer is declined for today, not a task cancelled


def offer_tutorial(app) -> bool:
    """Ask over the menu whether to start the tutorial, unless it was offered before; True if asked."""
    from ... import storage
    from ..ui.dialogs import ConfirmScene
    from .tutorial import start_tutorial

    if app.settings.tutorial_offered:
        return False
    app.settings.tutorial_offered = True
    try:
        storage.save_settings(app.settings)
    except OSError:
        pass
    app.stack.push(ConfirmScene(app, _(QUESTION), _(DETAIL), _(YES), lambda: start_tutorial(app),
                                no=_(NOT_NOW)))
    return True

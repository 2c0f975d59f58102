"""Worship (E10): a setup option in three variants, decided before the final scoring, explained first there."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_, _
from .base import Category, Presenter
from .registry import register

# the setup's variant buttons: values, their labels, and one line each (cut to fit the panel)
WORSHIP_VALUES: tuple[int, ...] = (0, 1, 2, 3)
WORSHIP_LABELS: dict[int, str] = {0: N_("Off"), 1: "1", 2: "2", 3: "3"}
WORSHIP_LINES: dict[int, str] = {
    0: N_("No Worship feat in this game."),
    1: N_("Most tents on dead ends: Worship on a territory."),
    2: N_("Most tents on contested tokens: Worship there."),
    3: N_("Most totems on golden tokens: on a connection."),
}
# the same in full, for the buttons' hover hints
WORSHIP_HINTS: dict[int, str] = {
    1: N_("Most tents on dead-end spaces: Worship goes on a territory."),
    2: N_("Most tents on contested tokens: Worship goes on one of their territories."),
    3: N_("Most totems on the golden tokens: Worship goes on a connection."),
}
# what Worship is won by, as the engine's view says it (one phrase per variant), marked here for translation
WORSHIP_COUNTS = (N_("tents on dead-end tent spaces"), N_("tents on contested tokens"),
                  N_("totems on the golden-token totem spaces"))


def view_counts(phrase: object) -> str:
    """The view's phrase of what Worship counts, in the active language."""
    return _(str(phrase))


@register
class Worship(Presenter):
    key: ClassVar[str] = "worship"
    option_title: ClassVar[str] = N_("Worship")
    # decided before the final scoring and a feat that doubles: the first step of the walk-through
    categories: ClassVar[tuple[Category, ...]] = (Category("worship", N_("Worship"), order=-2, own_focus=True),)

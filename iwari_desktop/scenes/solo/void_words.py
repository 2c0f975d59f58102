"""The Recent-moves words of the solo/co-op decisions (the Void's play, skips, choices, the free Place, moves).

Apart from the Void's board layer (`board_void.py`) because the board's narration reads these words, and
the layer reads the narration's module view: one file each way would be a circle.
"""

from __future__ import annotations

from ...i18n import _, ngettext
from ..ui.terms import biome_name


def describe_void_action(state, action) -> str | None:
    """Recent moves' words for the solo/co-op decisions (None for any other action)."""
    from iwari_desktop.engine.rulesets.solo.actions import (Decline, FreePlace, MovePiece, MovePieces, VoidChoice,
                                                            VoidHand, VoidPlay, VoidSkip)

    names = state.board.territories
    if isinstance(action, VoidPlay):
        voids = (ngettext("lays {n} Void card above the display", "lays {n} Void cards above the display",
                          action.void_cards).format(n=action.void_cards) if action.void_cards else "")
        if action.territory is None:
            return voids
        cards = " + ".join(biome_name(c) for c in action.cards)
        place = ngettext("places {n} piece for the Void in {territory} ({cards})",
                         "places {n} pieces for the Void in {territory} ({cards})", action.pieces).format(
            n=action.pieces, territory=names[action.territory].name, cards=cards)
        return _("{place} and {voids}").format(place=place, voids=voids) if voids else place
    if isinstance(action, VoidSkip):
        return _("skips the Void action, discarding a {biome} card").format(biome=biome_name(action.card))
    if isinstance(action, VoidChoice):
        if action.space:
            territory = state.board.spaces[action.target].territory
            if territory is not None:
                return _("chooses the space in {territory} where the Void's ruin goes").format(
                    territory=names[territory].name)
            return _("chooses the space on a connection where the Void's ruin goes")
        return _("chooses {territory} for the Void first").format(territory=names[action.target].name)
    if isinstance(action, FreePlace):
        return _("takes the free Place: {n} in {territory}").format(n=action.pieces,
                                                                     territory=names[action.territory].name)
    if isinstance(action, Decline):
        return _("declines the free Place")
    if isinstance(action, VoidHand):
        return _("holds only Void cards and skips the action")
    if isinstance(action, MovePieces):
        return _("moves pieces from {source} to {territory}").format(source=names[action.source].name,
                                                                     territory=names[action.territory].name)
    if isinstance(action, MovePiece):
        from ..board.controller_move import move_words

        return move_words(state, action)
    return None


"""Solo against the Void (S1–S11): its view is the Void's (counters, pawn, claims), its count rows are
claims, the Recent-moves words of its decisions (the Void's play, skips, choices, the free Place, moves),
and its drawings: the pawn and claim tokens on the map (`solo_board.py`), the purple box of counters over
the board (`solo_box.py`).

One piece's move (S9) is worded by the board's move flow, which shows the move while it is made.
"""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.solo.actions import (Decline, FreePlace, MovePieces, VoidChoice, VoidHand, VoidPlay,
                                                        VoidSkip)
from ...i18n import N_, _, ngettext
from ..ui.terms import biome_name
from .base import BoardFocus, BoardStep, Category, Pen, Presenter
from .solo_board import draw_board_layer, draw_forecast
from .box_place import BoxPlacer
from .solo_box import Drawn, draw_box, draw_laid_cards
from .solo_forecast import ForecastCache
from .solo_words import verdict_note
from .registry import register


@register
class Solo(Presenter):
    key: ClassVar[str] = "solo"
    against_void: ClassVar[bool] = True
    categories: ClassVar[tuple[Category, ...]] = (Category("claim", N_("Claim")),)
    # the Void's pawn and claim tokens lie over every other rule's marks
    board_order: ClassVar[dict[BoardStep, int]] = {BoardStep.OVER: 90}

    def __init__(self) -> None:
        self.forecasts = ForecastCache()   # the forecast picture per position and pick (asked every frame)
        self.placer = BoxPlacer()          # where the box covers nothing of the map, per board and size
        self.layouts: dict = {}            # the boxes' layouts by what they show (solo_box.layout_key)

    def describe(self, state: Any, action: Any) -> str | None:
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
        return None

    # ---- hover and drawing ----------------------------------------------------------------------------
    def territory_notes(self, state: Any, territory: int, name: Any, views: dict[str, Any]) -> list[str]:
        """Who a count would give the territory now, and why (or its final count): the engine's verdict."""
        picture = self.forecasts.get(state) if views.get(self.key) else None
        if picture is None:
            return []
        try:
            verdict = picture.forecast.standing.of(territory)
        except KeyError:   # never counted (no tent spaces)
            return []
        return verdict_note(verdict, state.n_players)

    def draw_over(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        data = views.get(self.key)
        if data:
            draw_board_layer(pen.view, surface, data)

    def draw_over_board(self, surface: Any, ui: Any, area: Any, state: Any, views: dict[str, Any],
                        focus: BoardFocus | None = None, view: Any = None) -> Any:
        """The forecast's marks on the map and the box (on the board screen, `view` given), or the box of
        counters alone (the Void's steps screen); the Void cards laid above the display beside its title."""
        data = views.get(self.key)
        if not data:
            return None
        picture = self.forecasts.get(state, focus.cards if focus else ()) if view is not None else None
        if picture is not None:
            draw_forecast(view, surface, picture)
        drawn = draw_box(surface, ui, area, state, data, picture, view, self.placer, focus.keep_clear if focus else (),
                         self.layouts)
        if focus is not None and focus.display_area is not None and view is not None:
            laid = draw_laid_cards(surface, ui, view.art, focus.display_area, focus.display_cards, data)
            if laid is not None:
                drawn = Drawn(drawn.rect, drawn.tips + laid.tips, drawn.more + [laid.rect])
        return drawn

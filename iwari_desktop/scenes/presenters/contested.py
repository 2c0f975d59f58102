"""Contested tokens (E7): the setup line, the words of moving a token into a territory, and the tokens on
the board (face up on their printed spot, or face down in a territory with the mover's tent on it)."""

from __future__ import annotations

import math
from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.contested import PlaceContested
from ...art.map_sizes import CONTESTED_RADIUS
from ...i18n import N_, _
from ..ui.terms import biome_name
from .base import BoardStep, Name, Pen, PieceHit, Point, Presenter, Token
from .registry import register


@register
class Contested(Presenter):
    key: ClassVar[str] = "contested"
    setup_line: ClassVar[str] = N_("Five contested tokens: two cards of a bordering biome bring one into that territory "
                                   "with your tent on it.")

    def describe(self, state: Any, action: Any) -> str | None:
        if not isinstance(action, PlaceContested):
            return None
        names = state.board.territories
        return _("moves a contested token into {territory} with a tent on it (two {biome} cards)").format(
            territory=names[action.territory].name, biome=biome_name(names[action.territory].biome))

    order: ClassVar[int] = 40  # its territory note after the Void totems', before Worship's
    # its tokens placed after Worship's golden ones (keeping off them), drawn over the ruin icons and under the
    # golden tokens; its printed spots hit first of the rules' own tests
    board_order: ClassVar[dict[BoardStep, int]] = {BoardStep.TOKENS: 20, BoardStep.OVER: 20, BoardStep.HIT: 10}

    def tokens(self, pen: Pen, state: Any, views: dict[str, Any], size: float) -> list[Token]:
        """A moved token goes in its territory, near the spot it came from."""
        spots = pen.view.board.contested_spots
        return [Token("contested", t["token"], spots[t["token"]].position, CONTESTED_RADIUS + size / 2 + 4,
                      t["territory"]) for t in views.get("contested") or [] if t["territory"] is not None]

    def draw_over(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        view, art = pen.view, pen.view.art
        placed = pen.placed_tokens(state, views)
        size = pen.token_px
        for token in views.get("contested") or []:
            if token["territory"] is None:
                image = art.contested("front", size)
                surface.blit(image, image.get_rect(center=view.to_screen(view.board.contested_spots[token["token"]].position)))
                continue
            centre = view.to_screen(placed[("contested", token["token"])])
            image = art.contested("back", size)
            surface.blit(image, image.get_rect(center=centre))
            if token["tribe"] is not None:
                tent = art.tent(state.tribes[token["tribe"]].colour.value, max(10, int(size * 0.8)))
                surface.blit(tent, tent.get_rect(center=(centre[0], centre[1] - size // 10)))

    def piece_at(self, pen: Pen, state: Any, views: dict[str, Any], point: Point) -> PieceHit | None:
        """A token still on its printed spot (a moved one is a placed token, hit by the board)."""
        spots = pen.view.board.contested_spots
        for token in views.get("contested") or []:
            if token["territory"] is None and math.dist(point, spots[token["token"]].position) <= CONTESTED_RADIUS + 2:
                return PieceHit("contested", token["token"])
        return None

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        if hit.kind != "contested":
            return None
        board = state.board
        entry = next((t for t in views.get("contested") or [] if t["token"] == hit.key), None)
        if entry is None:
            return []
        if entry["territory"] is None:
            a, b = entry["between"]
            return [_("Contested token"),
                    _("Between {a} ({biome_a}) and {b} ({biome_b})").format(
                        a=board.territories[a].name, biome_a=biome_name(board.territories[a].biome),
                        b=board.territories[b].name, biome_b=biome_name(board.territories[b].biome)),
                    _("Two cards of one of these biomes move it into that territory"),
                    _("as an extra tent space, with your tent on it.")]
        t = board.territories[entry["territory"]]
        lines = [_("Contested token in {territory}").format(territory=t.name)]
        if entry["tribe"] is not None:
            lines.append(_("{player}'s tent stands on it: an extra tent space here").format(player=name(entry['tribe'])))
        lines.append(_("It counts for this territory's majority like any tent"))
        return lines

    def territory_notes(self, state: Any, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
        return [_("Contested token here with {player}'s tent").format(player=name(entry['tribe']))
                for entry in views.get("contested") or [] if entry["territory"] == territory and entry["tribe"] is not None]

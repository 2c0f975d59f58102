"""Worship (E10): a setup option in three variants, decided before the final scoring, explained first there;
on the board (variant 3) a gold ring round each golden totem space and its golden token beside it."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from ...art.map_sizes import TOTEM_SPACE_RADIUS
from ...art.palette import GOLD
from ...i18n import N_, _
from ..ui.terms import tribe_label
from .base import EVENT, BoardStep, Category, Entry, FeatPresenter, Name, Note, Pen, Token
from .registry import register
from .views import module_view

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
class Worship(FeatPresenter):
    key: ClassVar[str] = "worship"
    option_title: ClassVar[str] = N_("Worship")
    # decided before the final scoring and a feat that doubles: the first step of the walk-through
    categories: ClassVar[tuple[Category, ...]] = (Category("worship", N_("Worship"), order=-2, own_focus=True),)
    order: ClassVar[int] = 50  # its notes after the Void totems' and the contested tokens', its moment after Courage's
    # its rings on the ground after the road, before the ruin rings; its tokens placed before the contested
    # tokens (which keep off them) and drawn over them
    board_order: ClassVar[dict[BoardStep, int]] = {BoardStep.UNDER: 20, BoardStep.TOKENS: 10, BoardStep.OVER: 30}

    def draw_under(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        """A gold ring round each golden totem space."""
        view = pen.view
        for territory in (views.get("worship") or {}).get("golden") or []:
            t = view.board.territories[territory]
            if t.totem_space is not None:
                centre = view.to_screen(t.totem_space)
                pygame.draw.circle(surface, GOLD, centre, max(8, int((TOTEM_SPACE_RADIUS + 4) * view.k)),
                                   pen.mark_width + 1)

    def tokens(self, pen: Pen, state: Any, views: dict[str, Any], size: float) -> list[Token]:
        """Each golden token beside its totem space."""
        board = pen.view.board
        return [Token("golden", territory, t.totem_space, TOTEM_SPACE_RADIUS + size / 2 + 3, territory)
                for territory in (views.get("worship") or {}).get("golden") or []
                if (t := board.territories[territory]).totem_space is not None]

    def draw_over(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        view = pen.view
        golden_px = max(12, int(pen.token_px * 0.85))
        for (kind, _key), point in pen.placed_tokens(state, views).items():
            if kind == "golden":
                image = view.art.golden_worship(golden_px)
                surface.blit(image, image.get_rect(center=view.to_screen(point)))

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        if hit.kind != "golden":
            return None
        t = state.board.territories[hit.key]
        lines = [_("Golden token (Worship)"), _("Marks the totem space of {territory}").format(territory=t.name)]
        return lines + worship_rule(views.get("worship") or {}, name)

    def territory_notes(self, state: Any, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
        if territory in ((views.get("worship") or {}).get("golden") or []):
            return [_("Golden token on its totem space (Worship counts totems there)")]
        return []

    def feat_notes(self, state: Any, kind: str) -> list[str]:
        return [_("Worship went to the tribe with the most of what it counted")] if kind == "worship" else []

    def events(self, state: Any, was: Any) -> tuple[list[Entry], list[Note]]:
        """Worship decided before the final scoring: who won it and who now places it."""
        view = module_view(state, "worship") if state.module_turn == "worship" != was.module_turn else None
        if not view or view.get("winner") is None:
            return [], []
        tribes = state.tribes
        winner = tribe_label(tribes[view["winner"]])
        placer = tribe_label(tribes[state.tribe_of_seat(state.active_seat)])
        standing = ", ".join(f"{tribe_label(tribes[t])} {n}" for t, n in enumerate(view["standing"])
                             if tribes[t].role.earns_feats)
        counts = view_counts(view["counts"])
        who = (_("{winner} now puts Worship on one of the lit places") if placer == winner
               else _("{placer}, for the {winner}, now puts Worship on one of the lit places")).format(
            winner=winner, placer=placer)
        return ([(EVENT, _("Before the final scoring: {winner} wins Worship ({counts}).").format(
                    winner=winner, counts=counts))],
                [(_("Worship before the final scoring"), _(
                    "{winner} has the most {counts} ({standing}). {who}; it counts there as one more feat at the final "
                    "scoring.").format(winner=winner, counts=counts, standing=standing, who=who))])


def worship_rule(worship: dict[str, Any], name: Name) -> list[str]:
    """What Worship counts, who leads now, and what happened if it is decided."""
    if not worship:
        return []
    lines = [_("At the end, whoever has the most {counts}").format(counts=view_counts(worship['counts'])),
             _("places Worship, a feat that doubles like the others; a tie discards it.")]
    standing = worship.get("standing") or []
    best = max(standing, default=0)
    if worship.get("outcome") is None and best > 0:
        leaders = [name(i) for i, n in enumerate(standing) if n == best]
        lines.append(_("Leading now: {who} with {n}").format(who=", ".join(leaders) if leaders else _("nobody"), n=best))
    return lines

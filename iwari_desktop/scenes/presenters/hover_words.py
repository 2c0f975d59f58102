"""Hover words for the rules' pieces, tokens and panel badges, in plain sentences (no rule numbers).

The sentences themselves live in each rule's presenter; these functions ask every presenter in order
with the active modules' public views (`views.module_views`), so the board
and the side panel never name a rule. `name(tribe)` gives a tribe's display name. The base tooltips
(territory, connection, feat) come from the controller; the notes here are appended to them.
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _
from .base import PieceHit, Presenter
from .registry import presenter, presenters
from .views import module_views
from ..ui.terms import tribe_label

Name = Callable[[int], str]


def _first_answer(ask: Callable[[Presenter, dict], list[str] | None], state) -> list[str] | None:
    """The lines of the first presenter (in order) that owns the thing asked about; None: no rule owns it."""
    views = module_views(state)
    return next((lines for shown in presenters() if (lines := ask(shown, views)) is not None), None)


def piece_lines(state, hit: PieceHit, name: Name) -> list[str]:
    """The tooltip of a rule's piece under the mouse: the presenter whose piece it is says it."""
    return _first_answer(lambda shown, views: shown.piece_lines(state, hit, name, views), state) or []


def mountain_lines(state, number: int) -> list[str] | None:
    """The tooltip of a rule's piece covering connection `number` (an iceberg); None: a plain mountain."""
    return _first_answer(lambda shown, views: shown.mountain_lines(state, number, views), state)


def connection_notes(state, number: int) -> list[str]:
    """Lines the rules add to a connection's tooltip."""
    views = module_views(state)
    return [line for shown in presenters() for line in shown.connection_notes(state, number, views)]


def territory_notes(state, territory: int, name: Name) -> list[str]:
    """Lines the rules add to a territory's tooltip."""
    views = module_views(state)
    return [line for shown in presenters() for line in shown.territory_notes(state, territory, name, views)]


def feat_notes(state, index: int) -> list[str]:
    """What a feat of a rule (Courage, Worship) does, added under the feat's tooltip."""
    kind = state.feats[index].feat.value
    return [line for shown in presenters() for line in shown.feat_notes(state, kind)]


def tribe_lines(state, tribe: int, name: Name) -> list[str]:
    """The tooltip of a row of the tribe panel: the tribe's role, then what the rules add."""
    views = module_views(state) if state.modules else {}
    t = state.tribes[tribe]
    role = t.role.value
    if role == "void":
        return [_("{tribe} · neutral").format(tribe=tribe_label(t)),
                _("Its ruins and totems count for majorities and the totem cap,"),
                _("but it never scores and never earns feats.")]
    lines = [name(tribe)]
    if role == "purple":
        lines.append(_("The sixth tribe: plays the purple pieces and scores like any tribe"))
    elif role == "third":
        lines.append(_("The third tribe: placed by whoever is playing, scores on its own"))
    lines += [line for shown in presenters() for line in shown.tribe_notes(state, tribe, name, views)]
    if len(lines) == 1:
        lines.append(_("Tents left {tents} · totems left {totems}").format(tents=state.tents_left[tribe],
                                                                           totems=state.totems_left[tribe]))
    return lines


def expedition_lines(state, name: Name) -> list[str]:
    """The expedition chip's tooltip: each mission, its two rewards and who took them."""
    cards = module_views(state).get("expeditions") or []
    return presenter("expeditions").card_lines(state, cards, name)  # type: ignore[union-attr]

"""What a rule module may do to a game: the public, tested primitives (docs/engine.md lists them).

Modules change the board only through these, so the bookkeeping that must follow every change
cannot be forgotten: the per-territory counts, the supplies, the totem cap (B9), and the feat
checks after every placement and removal (B19, P5, P11). Refusals are IllegalAction naming the
rule, raised before anything changes. Moving play on is done by `piece_done` (a module piece of
a Place, P16), `finish_action` (the end of a module's own action), `resume` (the end of a module's
decisions in Phase.MODULE) and `end_game`.
"""

from __future__ import annotations

from typing import Iterable

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.errors import IllegalAction, totem_cap_refusal
from iwari_desktop.engine.core.flow import continue_action, end_game as _end_game, resume
from iwari_desktop.engine.core.rules import pay_from_hand
from iwari_desktop.engine.core.scoring import ScoreLine, ScoreReport
from iwari_desktop.engine.core.state import EMPTY, GameState, PendingPlace, Phase
from iwari_desktop.i18n import N_

__all__ = [
    "put_tent", "put_tent_off_space", "put_totem", "remove_tent", "remove_totem", "move_totem", "move_tent", "pay_cards", "begin_place",
    "piece_done", "drop_pending_pieces", "finish_action", "award_points", "end_game", "resume",
]


def _tell_placed(state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
    for module in state.hooks.after_placement:
        module.after_placement(state, tribe, territory, space)


def _tell_removed(state: GameState, actor: int, tribe: int, territory: int | None, space: int | None) -> None:
    for module in state.hooks.after_removal:
        module.after_removal(state, actor, tribe, territory, space)


def _check_tent(state: GameState, tribe: int, space: int) -> None:
    if not 0 <= space < len(state.board.spaces):
        raise IllegalAction("B10", N_("there is no tent space s{number}"), number=space)
    if state.space_owner[space] != EMPTY:
        raise IllegalAction("B10", N_("that tent space already holds a tent"))
    if state.tents_left[tribe] == 0:
        raise IllegalAction("B11", N_("{name} has no tents left"), name=state.tribes[tribe].name)


def _check_totem(state: GameState, tribe: int, territory: int, check_cap: bool) -> None:
    t = state.board.territories[territory]
    if t.totem_space is None:
        raise IllegalAction("B10", N_("{territory} has no totem space"), territory=t.name)
    if state.totems_left[tribe] == 0:
        raise IllegalAction("B11", N_("{name} has no totems left"), name=state.tribes[tribe].name)
    if check_cap and len(state.totem_stacks[territory]) + 1 > state.totem_cap(territory):
        raise totem_cap_refusal(t.name, state.totem_cap(territory))


def _add_tent(state: GameState, tribe: int, space: int) -> int | None:
    territory = state.board.spaces[space].territory
    state.space_owner[space] = tribe
    if territory is not None:  # a ruin space lies in no territory (E3, P10)
        state.territory_tents[territory][tribe] += 1
        state.territory_empty[territory] -= 1
        state.territory_changed(territory)
    state.tents_left[tribe] -= 1
    return territory


def _add_totem(state: GameState, tribe: int, territory: int) -> None:
    state.totem_stacks[territory].append(tribe)
    state.totem_counts[territory][tribe] += 1
    state.territory_changed(territory)
    state.totems_left[tribe] -= 1


def put_tent(state: GameState, tribe: int, space: int) -> None:
    """Put a tent of `tribe` from its supply on the empty `space` (a ruin space too, E3), then the
    `after_placement` hooks run (feats). B10/B11 are checked; module vetoes are the caller's business."""
    _check_tent(state, tribe, space)
    territory = _add_tent(state, tribe, space)
    _tell_placed(state, tribe, territory, space)


def put_tent_off_space(state: GameState, tribe: int, territory: int) -> None:
    """Put a tent of `tribe` in `territory` on a space of its own that is no printed tent space (E7's contested
    token): it counts for the territory's tent majority and totem cap and explores it (P13), but is on no road
    and leaves the territory's empty printed spaces as they were (P6: never "not full", no Discovery).

    B11 is checked; then `after_placement` runs with `space` None, as for a totem.
    """
    if not 0 <= territory < len(state.board.territories):
        raise IllegalAction("B7", N_("there is no territory t{number}"), number=territory)
    if state.tents_left[tribe] == 0:
        raise IllegalAction("B11", N_("{name} has no tents left"), name=state.tribes[tribe].name)
    state.territory_tents[territory][tribe] += 1
    state.territory_changed(territory)
    state.tents_left[tribe] -= 1
    _tell_placed(state, tribe, territory, None)


def put_totem(state: GameState, tribe: int, territory: int, check_cap: bool = True) -> None:
    """Put a totem of `tribe` from its supply on top of `territory`'s stack, then `after_placement` runs.

    B9's cap applies unless `check_cap` is False (setup pieces such as E5's five Void totems in a
    territory without tent spaces).
    """
    _check_totem(state, tribe, territory, check_cap)
    _add_totem(state, tribe, territory)
    _tell_placed(state, tribe, territory, None)


def remove_tent(state: GameState, space: int, actor: int | None = None) -> int:
    """Take the tent on `space` back to its owner's supply and return the owner; `after_removal` runs
    (P5: feats re-check for every tribe, `actor` first; default the acting tribe). The caller decides
    where a removed piece goes if not to the supply (a kept ruin, E3) by adjusting the supply itself."""
    owner = state.space_owner[space]
    if owner == EMPTY:
        raise IllegalAction("B10", N_("tent space s{number} holds no tent"), number=space)
    territory = state.board.spaces[space].territory
    state.space_owner[space] = EMPTY
    if territory is not None:
        state.territory_tents[territory][owner] -= 1
        state.territory_empty[territory] += 1
        state.territory_changed(territory)
    state.tents_left[owner] += 1
    _tell_removed(state, state.acting_tribe if actor is None else actor, owner, territory, space)
    return owner


def _take_totem(state: GameState, territory: int, tribe: int, top_only: bool) -> None:
    stack = state.totem_stacks[territory]
    name = state.board.territories[territory].name
    if tribe not in stack:
        raise IllegalAction("B10", N_("{territory} holds no totem of {name}"), territory=name, name=state.tribes[tribe].name)
    if top_only and stack[-1] != tribe:
        raise IllegalAction("S9", N_("the {name} totem in {territory} lies under another totem"),
                            name=state.tribes[tribe].name, territory=name)
    index = len(stack) - 1 - stack[::-1].index(tribe)  # the highest totem of that tribe (B10 keeps order)
    del stack[index]
    state.totem_counts[territory][tribe] -= 1
    state.territory_changed(territory)


def remove_totem(state: GameState, territory: int, tribe: int, actor: int | None = None, top_only: bool = False) -> None:
    """Take `tribe`'s highest totem in `territory` back to its supply; `after_removal` runs (P5).

    `top_only` refuses when another tribe's totem lies on it (S9).
    """
    _take_totem(state, territory, tribe, top_only)
    state.totems_left[tribe] += 1
    _tell_removed(state, state.acting_tribe if actor is None else actor, tribe, territory, None)


def move_totem(state: GameState, tribe: int, source: int, destination: int, actor: int | None = None,
               top_only: bool = False) -> None:
    """Move `tribe`'s highest totem from `source` onto `destination`'s stack (E5, S9).

    The destination's totem space and B9 cap are checked after the piece leaves the source (a piece
    never counts twice) and before anything changes. Then `after_removal` runs for the source (P5: a
    majority may pass to others there) and `after_placement` for the destination.
    """
    if source == destination:
        raise IllegalAction("E5", N_("a moved totem must go to another territory"))
    stack = state.totem_stacks[source]
    if tribe not in stack:
        raise IllegalAction("B10", N_("{territory} holds no totem of {name}"),
                            territory=state.board.territories[source].name, name=state.tribes[tribe].name)
    t = state.board.territories[destination]
    if t.totem_space is None:
        raise IllegalAction("B10", N_("{territory} has no totem space"), territory=t.name)
    if len(state.totem_stacks[destination]) + 1 > state.totem_cap(destination):
        raise totem_cap_refusal(t.name, state.totem_cap(destination))
    _take_totem(state, source, tribe, top_only)
    actor = state.acting_tribe if actor is None else actor
    state.totem_stacks[destination].append(tribe)
    state.totem_counts[destination][tribe] += 1
    state.territory_changed(destination)
    _tell_removed(state, actor, tribe, source, None)
    _tell_placed(state, tribe, destination, None)


def move_tent(state: GameState, source_space: int, destination_space: int, actor: int | None = None) -> None:
    """Move the tent on `source_space` to the empty `destination_space` (S9); hooks as for `move_totem`."""
    owner = state.space_owner[source_space]
    if owner == EMPTY:
        raise IllegalAction("B10", N_("tent space s{number} holds no tent"), number=source_space)
    if state.space_owner[destination_space] != EMPTY:
        raise IllegalAction("B10", N_("that tent space already holds a tent"))
    actor = state.acting_tribe if actor is None else actor
    spaces = state.board.spaces
    source = spaces[source_space].territory
    state.space_owner[source_space] = EMPTY
    if source is not None:
        state.territory_tents[source][owner] -= 1
        state.territory_empty[source] += 1
        state.territory_changed(source)
    state.tents_left[owner] += 1
    _tell_removed(state, actor, owner, source, source_space)
    territory = _add_tent(state, owner, destination_space)
    _tell_placed(state, owner, territory, destination_space)


def pay_cards(state: GameState, cards: Iterable[Biome]) -> None:
    """Discard `cards` from the active player's hand as a payment (a module's own Place-like action).

    IllegalAction (B6) if the hand lacks any of them; nothing changes then.
    """
    cards = tuple(cards)
    remaining = list(state.hands[state.active_seat])
    for card in cards:
        if card not in remaining:
            raise IllegalAction("B6", N_("you do not hold every {biome} card you tried to play"), biome=card.word)
        remaining.remove(card)
    pay_from_hand(state, cards)


def begin_place(state: GameState, tribe: int, territory: int, pieces: int, permit: str | None = None,
                module_pieces: int = 0) -> None:
    """Commit a Place whose pieces follow one at a time (Phase.PIECES), as the base Place does after
    payment: a module's own Place variant (E5's Void-totem move) calls it after `pay_cards`.

    The pieces are then PlaceTent/PlaceTotem and any `piece_actions` of modules (P16). `module_pieces`
    of the `pieces` are the module's own (put through `piece_actions`, counted by `piece_done`): the
    base options then fit only the rest, and the module's `piece_veto` keeps room for its piece.
    """
    if not 0 <= module_pieces <= pieces:
        raise ValueError("module_pieces must be between 0 and the Place's pieces")
    if state.phase is Phase.THIRD_TRIBE:
        state.third_action = True
    state.pending = PendingPlace(tribe, territory, pieces, state.is_explored(territory), permit=permit,
                                 module_pieces=module_pieces)
    state.phase = Phase.PIECES


def piece_done(state: GameState) -> None:
    """Count a module's piece (put or moved by primitives) as one of the pending Place's pieces (P16),
    then go on: queued feats, the next piece, or the end of the action."""
    p = state.pending
    if p is None or state.phase is not Phase.PIECES or p.pieces_left <= 0:
        raise IllegalAction("B5", N_("no Place is waiting for a piece"))
    p.pieces_left -= 1
    p.placed += 1
    if p.module_pieces > 0:
        p.module_pieces -= 1
    continue_action(state)


def drop_pending_pieces(state: GameState) -> None:
    """The pending Place's pieces not yet placed are given up (S7: its territory closed mid-action); they
    stay in the supply and the cards stay paid. From `after_placement` the core then ends the action; a
    module placing its own pieces calls `finish_action` next. Does nothing without a pending Place."""
    p = state.pending
    if p is not None:
        p.pieces_left = 0
        p.module_pieces = 0


def finish_action(state: GameState) -> None:
    """End a module's own action (MAIN or THIRD_TRIBE, no pending Place): queued feats are placed (asking
    when there is a choice), `after_action` runs, then the third tribe's turn (B12, P7) or the draw."""
    if state.pending is not None and state.pending.pieces_left > 0:
        raise IllegalAction("B5", N_("the pending Place still has pieces to place"))
    continue_action(state)


def award_points(state: GameState, points: dict[int, int], category: str, subject: str, label: str,
                 detail: str = "") -> ScoreLine:
    """Score `points` (tribe -> points) now, mid-game (E8's expedition rewards), as a report line.

    The line goes in a report of kind "award" appended to `state.reports`, so screens and the score
    command explain it like any other. The neutral Void never scores (E5): giving it points is refused.
    """
    scoring = state.roles.scoring
    if any(t not in scoring for t in points):
        raise ValueError("points can only go to scoring tribes, never the neutral Void")
    line = ScoreLine(category, subject, label, dict(points), detail=detail)
    for tribe, pts in points.items():
        state.scores[tribe] += pts
    state.reports.append(ScoreReport("award", [line], len(state.tribes)))
    return line


def end_game(state: GameState, reason: str) -> None:
    """End the game at once (S10): decisions before the final scoring, the scoring, the result.

    `state.end_reason` keeps `reason` for screens and tools.
    """
    if state.phase is Phase.GAME_OVER:
        raise IllegalAction("B14", N_("the game is over"))
    _end_game(state, reason)

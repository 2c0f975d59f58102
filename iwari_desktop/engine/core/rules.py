"""The turn machine: `legal_actions(state)` and `apply(state, action)`.

A whole game is played through these two calls alone. `apply` mutates the state (like
python-chess's `push`) because copying every state would cost the speed the bots need; use
`state.clone()` to look ahead. Every refusal is an IllegalAction naming its ruling. What happens
between decisions (feats, the third tribe, drawing, the end) is in `core.flow`; what rule modules
may do to the board is in `core.primitives`.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from functools import lru_cache

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.errors import (
    IllegalAction, tents as tents_text, totem_cap_refusal, totems as totems_text,
)
from iwari_desktop.engine.core.errors import pieces as pieces_text
from iwari_desktop.engine.core.flow import (
    continue_action, finish_action, module_holding, refill_then, resume, take_from_deck, third_tribe_options,
)
from iwari_desktop.engine.core.placement import (
    can_place, payment_is_valid, payment_refusal, piece_options, piece_veto_reason, place_options,
    placement_permit,
)
from iwari_desktop.engine.core.setup import HAND_SIZE
from iwari_desktop.engine.core.state import EMPTY, FeatOnBoard, GameState, PendingPlace, Phase
from iwari_desktop.engine.core.text import Joined, Text, nN_, split_rule
from iwari_desktop.i18n import N_

# Phases as module constants: `Phase.MAIN` goes through EnumType's Python-level attribute hook (about 0.4 µs a
# lookup on CPython 3.11, ten times a global), and the turn machine asks the phase several times per decision
# (issue #32).
_DRAFT, _MAIN, _PIECES, _THIRD_TRIBE, _FEAT, _MODULE, _DRAW, _GAME_OVER = (
    Phase.DRAFT, Phase.MAIN, Phase.PIECES, Phase.THIRD_TRIBE, Phase.FEAT, Phase.MODULE, Phase.DRAW, Phase.GAME_OVER)

__all__ = ["legal_actions", "apply", "resume", "returns", "place_options"]

_TOTEM = PlaceTotem()
_PASS = Pass()
_DRAW_DECK = Draw(None)
# Actions are immutable, so the legal-action lists reuse one object per choice rather than building a frozen
# dataclass for every option of every decision (issue #20: a tenth of a random game's time).
_DRAWS = {biome: Draw(biome) for biome in Biome}
_EXCHANGES = {biome: Exchange(biome) for biome in Biome}


class _Tents(dict):
    """space -> its PlaceTent, one shared object each, made on first use (a list lookup per option)."""

    def __missing__(self, space: int) -> PlaceTent:
        tent = self[space] = PlaceTent(space)
        return tent


_TENTS = _Tents()


@lru_cache(maxsize=4096)
def _draws_from(display: tuple[Biome, ...], deck: bool = False) -> tuple[Draw, ...]:
    """Each biome of the display once, in biome order, then the deck draw when `deck` holds cards: the same
    display is drawn from thousands of times."""
    return tuple(_DRAWS[b] for b in sorted(set(display))) + ((_DRAW_DECK,) if deck else ())


@lru_cache(maxsize=4096)
def _exchanges_of(hand: tuple[Biome, ...]) -> tuple[Exchange, ...]:
    """Each biome of the hand once, in biome order (B5's exchange, no module filtering)."""
    return tuple(_EXCHANGES[b] for b in sorted(set(hand)))


# ---- legal actions ---------------------------------------------------------------------------

def legal_actions(state: GameState) -> list[Action]:
    """Every legal choice at the current decision point, in a stable order (replays and bots rely on it).

    Empty only once the game is over. Pass appears only when nothing else is legal (B5); display draws
    list each biome once, since equal cards are the same choice, then the deck draw.
    """
    phase = state.phase
    if phase is _DRAW or phase is _DRAFT:
        return list(_draws_from(tuple(state.display), bool(state.deck)))
    if phase is _PIECES:
        p = state.pending   # `p.own_left` written out, as below: a property call per piece (issue #32)
        tent_ok, totem_ok = piece_options(state, p.tribe, p.territory, p.pieces_left - p.module_pieces,
                                          p.explored_at_start or p.permit is not None)
        if tent_ok:   # `empty_spaces` written out: a generator per decision was a tenth of this phase (issue #32)
            owner = state.space_owner
            tents = _TENTS
            options = [tents[s] for s in state.board.territories[p.territory].tent_spaces if owner[s] == EMPTY]
        else:
            options = []
        if totem_ok:
            options.append(_TOTEM)
        for module in state.hooks.piece_actions:
            options.extend(module.piece_actions(state, p))
        return options
    if phase is _MAIN:
        hand = state.hands[state.active_seat]
        options = place_options(state, state.active_seat, hand)
        hooks = state.hooks
        if not hooks.extra_actions and not hooks.exchange_filter:   # the base game: no module adds or filters
            options += _exchanges_of(tuple(hand))
            return options or [_PASS]
        for module in hooks.extra_actions:
            options.extend(module.extra_actions(state, phase, state.active_seat, hand))
        if state.hooks.exchange_filter:
            options.extend(_EXCHANGES[b] for b in sorted(set(hand)) if not exchange_refusal(state, b))
        else:
            options.extend(_exchanges_of(tuple(hand)))
        return options or [_PASS]
    if phase is _THIRD_TRIBE:
        return third_tribe_options(state)
    if phase is _FEAT:
        claim = state.pending_feats[0]
        return [PlaceFeat(claim.feat, target, on_connection) for target, on_connection in claim.options()]
    if phase is _MODULE:
        return module_holding(state).module_actions(state)
    return []


# ---- applying ----------------------------------------------------------------------------------

def apply(state: GameState, action: Action, listed: Sequence[Action] | None = None) -> GameState:
    """Play one action on `state` in place and return that same state; `state.clone()` first to look ahead.

    The base rules refuse with an IllegalAction naming the ruling ("B9: ...") before changing anything.
    While a rule module holds the game (Phase.MODULE) every action goes to it, and anything but one of
    its `module_actions` is refused naming its ruling. Other module actions go to the module that
    declares their type, once `legal_actions` lists them.

    `listed`, when given, is `legal_actions` of this very position (of `state`, or of the state `state` was
    just cloned from and nothing changed since), which a bot trying each of its options already holds: a
    module's action is then checked against it instead of listing the options again (issue #32: listing
    them again was a fifth of the solo bots' look-ahead). The same actions are accepted and refused.
    """
    phase = state.phase
    if phase is _MODULE:
        module = module_holding(state)
        if action not in (module.module_actions(state) if listed is None else listed):
            # the title is a noun with its article ("the Void", German "die Leere"): it stands alone in the
            # sentence, never in brackets, where it read as a stray note (playtest D23)
            raise IllegalAction(module.ruling, N_("'{action}' cannot be played now: a decision for {title} comes "
                                                  "first"), action=str(action), title=Text(module.title))
        module.apply_action(state, action)
        return state
    handler = _HANDLERS.get(type(action))
    if handler is not None:
        handler(state, action)
        return state
    for module in state.modules:
        if isinstance(action, module.action_types):
            if action not in (legal_actions(state) if listed is None else listed):
                raise module.refuse(state, action)
            if phase is _THIRD_TRIBE:
                state.third_action = True
            module.apply_action(state, action)
            return state
    raise IllegalAction("B5", N_("{action} is not an action of this game's rules"), action=repr(action))


def _require_phase(state: GameState, action: Action, *phases: Phase) -> None:
    if state.phase not in phases:
        raise _wrong_phase(state, action)


def _wrong_phase(state: GameState, action: Action) -> IllegalAction:
    """The refusal of an action the current phase does not take: the game is over (B14), or what it waits for
    (B5). The handlers that test their phase inline (the hot ones) raise it directly."""
    if state.phase is _GAME_OVER:
        return IllegalAction("B14", N_("the game is over"))
    return IllegalAction("B5", N_("'{action}' cannot be played now: the game is waiting for {wanted}"),
                         action=str(action), wanted=Text(_WAITING_FOR[state.phase]))


# What the game waits for in each phase, in the words of the refusal above.
_WAITING_FOR = {_MAIN: N_("an action"), _PIECES: N_("placing pieces"), _DRAW: N_("drawing cards"),
                _DRAFT: N_("drafting a starting hand"), _THIRD_TRIBE: N_("the third tribe's turn"),
                _FEAT: N_("placing a feat"), _MODULE: N_("a decision for a special rule")}


# (cards, pieces, territory biome, hand) of Places whose cards the hand holds and that pay exactly (B6): a
# memo of the first two checks of `_apply_place`, which every Place of every game asks (a few thousand keys)
_PAYABLE: dict[tuple, bool] = {}


def _apply_place(state: GameState, action: Place) -> None:
    phase = state.phase
    if phase is not _MAIN and phase is not _THIRD_TRIBE:
        raise _wrong_phase(state, action)
    board = state.board
    third = phase is _THIRD_TRIBE
    tribe = state.third_tribe if third else state.active_seat
    hand = state.hands[state.active_seat]
    if not 0 <= action.territory < len(board.territories):
        raise IllegalAction("B7", N_("there is no territory t{number}"), number=action.territory)
    territory = board.territories[action.territory]
    if len(action.cards) > 3 or action.pieces > 2 or action.pieces < 1:
        raise IllegalAction("B6", N_("a turn plays at most 3 cards for at most 2 pieces"))
    key = (action.cards, action.pieces, territory.biome, tuple(hand))
    if not _PAYABLE.get(key):   # the memo knows only payments that passed both checks below (issue #32)
        remaining = list(hand)
        for card in action.cards:
            if card not in remaining:
                raise IllegalAction("B6", N_("you do not hold every {biome} card you tried to play"), biome=card.word)
            remaining.remove(card)
        if not payment_is_valid(action.cards, territory.biome, action.pieces):
            raise IllegalAction("B6", N_("{cards} cannot pay for exactly {pieces} in a {biome} territory: each piece "
                                         "needs one card of that biome or a pair of one biome"),
                                cards=Joined([c.word for c in action.cards], " + "), pieces=pieces_text(action.pieces),
                                biome=territory.biome.word)
        if len(_PAYABLE) > 100_000:   # bounded by the biomes (a few thousand keys); a guard all the same
            _PAYABLE.clear()
        _PAYABLE[key] = True
    refusal = state.hooks.payment_filter and payment_refusal(state, tribe, action.territory,
                                                             tuple(sorted(action.cards)), action.pieces)
    if refusal:
        raise IllegalAction(*split_rule(refusal))
    explored = any(state.territory_tents[action.territory])   # `is_explored` (B8) written out
    permit = None
    if not explored and action.pieces != 1:
        permit = placement_permit(state, tribe, action.territory, tuple(sorted(action.cards)), action.pieces)
        if permit is None:
            raise IllegalAction("B8", N_("{territory} is unexplored, so this action places exactly one tent"),
                                territory=territory.name)
    if not can_place(state, tribe, action.territory, action.pieces, permit is not None):
        raise _why_not_fits(state, tribe, action.territory, action.pieces, explored)
    pay_from_hand(state, action.cards)
    state.pending = PendingPlace(tribe, action.territory, action.pieces, explored, permit=permit)
    state.third_action = third
    state.phase = _PIECES


def exchange_refusal(state: GameState, card: Biome) -> str | None:
    """The first module `exchange_filter` reason (ruling id first) against exchanging `card`, else None."""
    for module in state.hooks.exchange_filter:
        reason = module.exchange_filter(state, card)
        if reason:
            return reason
    return None


def pay_from_hand(state: GameState, cards: tuple[Biome, ...]) -> None:
    """Move `cards` from the active hand to the discard pile; cards everyone knew were there are forgotten
    one for one (the hand keeps only what is still certain, for `observation.determinize`)."""
    hand = state.hands[state.active_seat]
    known = state.known_cards[state.active_seat] if state.known_cards else None
    for card in cards:
        hand.remove(card)
        if known and card in known:
            known.remove(card)
    state.discard.extend(cards)


def _why_not_fits(state: GameState, tribe: int, territory: int, pieces: int, explored: bool) -> IllegalAction:
    """The most specific ruling behind a Place that cannot be completed."""
    t = state.board.territories[territory]
    tent_veto = piece_veto_reason(state, tribe, territory, totem=False)
    if tent_veto and (not explored or not t.holds_totems or piece_veto_reason(state, tribe, territory, totem=True)):
        # a module closes the territory to every piece (S7), or to the tents where no totem can go either
        return IllegalAction(*split_rule(tent_veto))
    name = state.tribes[tribe].name
    empty = state.territory_empty[territory]
    no_tents = state.tents_left[tribe] == 0
    no_totems = state.totems_left[tribe] == 0
    if not explored:
        if empty == 0:
            return IllegalAction("B10", N_("{territory} has no empty tent space"), territory=t.name)
        return IllegalAction("B11", N_("{name} has no pieces left that could explore {territory} (no tents in supply)"),
                             name=name, territory=t.name)
    no_totem_here = piece_veto_reason(state, tribe, territory, totem=True) or (
        None if t.holds_totems else Text(N_("{territory} has no totem space"), rule="B10", territory=t.name))
    if no_totem_here and min(empty, state.tents_left[tribe]) < pieces:
        rule, reason = split_rule(no_totem_here)  # E2: say why no totem can make up the rest
        return IllegalAction(rule, N_("{reason}, and there is room for only {tents}"), reason=reason,
                             tents=tents_text(min(empty, state.tents_left[tribe])))
    if (empty == 0 or no_tents) and no_totems:
        if not no_tents:
            return IllegalAction("B11", N_("{name} has no totems left and no room for a tent in {territory}"),
                                 name=name, territory=t.name)
        return IllegalAction("B11", N_("{name} has no tents or totems left in {territory}"), name=name, territory=t.name)
    if no_tents and pieces == 2 and not no_totems:
        return IllegalAction("B11", N_("{name} has no tents left, and the totem cap ({cap}) of {territory} leaves room "
                                       "for fewer than 2 totems"), name=name, cap=state.totem_cap(territory),
                             territory=t.name)
    if empty == 0:
        return IllegalAction("B9", N_("{territory} is full and its totem cap ({cap}) leaves room for fewer than {totems}"),
                             territory=t.name, cap=state.totem_cap(territory), totems=totems_text(pieces))
    return IllegalAction("B9", nN_("{count} piece cannot be placed in {territory} in any order without breaking the "
                                   "totem cap ({cap})",
                                   "{count} pieces cannot be placed in {territory} in any order without breaking the "
                                   "totem cap ({cap})"), count=pieces, territory=t.name, cap=state.totem_cap(territory))


def _apply_tent(state: GameState, action: PlaceTent) -> None:
    if state.phase is not _PIECES:
        raise _wrong_phase(state, action)
    p = state.pending
    board = state.board
    if not 0 <= action.space < len(board.spaces) or board.spaces[action.space].territory != p.territory:
        raise IllegalAction("B10", N_("a tent must go on an empty tent space of {territory}"),
                            territory=board.territories[p.territory].name)
    if state.space_owner[action.space] != EMPTY:
        raise IllegalAction("B10", N_("that tent space already holds a tent"))
    if state.tents_left[p.tribe] == 0:
        raise IllegalAction("B11", N_("{name} has no tents left"), name=state.tribes[p.tribe].name)
    veto = state.hooks.piece_veto and piece_veto_reason(state, p.tribe, p.territory, totem=False)
    if veto:
        raise IllegalAction(*split_rule(veto))
    tent_ok, _ = piece_options(state, p.tribe, p.territory, p.pieces_left - p.module_pieces,
                               p.explored_at_start or p.permit is not None)
    if not tent_ok:
        raise IllegalAction("B9", N_("after this tent the rest of the action's pieces would not fit"))
    state.space_owner[action.space] = p.tribe
    state.territory_tents[p.territory][p.tribe] += 1
    state.territory_empty[p.territory] -= 1
    state.territory_changed(p.territory)
    state.tents_left[p.tribe] -= 1
    _piece_placed(state, p, action.space)


def _apply_totem(state: GameState, action: PlaceTotem) -> None:
    _require_phase(state, action, _PIECES)
    p = state.pending
    t = state.board.territories[p.territory]
    if not p.explored_at_start and p.permit is None:
        raise IllegalAction("B8", N_("{territory} was unexplored at the start of the action: it takes exactly one tent"),
                            territory=t.name)
    veto = piece_veto_reason(state, p.tribe, p.territory, totem=True)  # a module's rule first (E2), then B10
    if veto:
        raise IllegalAction(*split_rule(veto))
    if t.totem_space is None:
        raise IllegalAction("B10", N_("{territory} has no totem space"), territory=t.name)
    if state.totems_left[p.tribe] == 0:
        raise IllegalAction("B11", N_("{name} has no totems left"), name=state.tribes[p.tribe].name)
    if len(state.totem_stacks[p.territory]) + 1 > state.totem_cap(p.territory):
        raise totem_cap_refusal(t.name, state.totem_cap(p.territory))
    _, totem_ok = piece_options(state, p.tribe, p.territory, p.pieces_left - p.module_pieces,
                                p.explored_at_start or p.permit is not None)
    if not totem_ok:
        raise IllegalAction("B9", N_("after this totem the rest of the action's pieces would not fit"))
    state.totem_stacks[p.territory].append(p.tribe)
    state.totem_counts[p.territory][p.tribe] += 1
    state.territory_changed(p.territory)
    state.totems_left[p.tribe] -= 1
    _piece_placed(state, p, None)


def _piece_placed(state: GameState, p: PendingPlace, space: int | None) -> None:
    p.pieces_left -= 1
    p.placed += 1
    for module in state.hooks.after_placement:
        module.after_placement(state, p.tribe, p.territory, space)
    if p.pieces_left > 0 and state.pending is p and not state.pending_feats:   # `continue_action`'s first answer
        state.phase = _PIECES
        return
    continue_action(state)


def _apply_feat(state: GameState, action: PlaceFeat) -> None:
    _require_phase(state, action, _FEAT)
    claim = state.pending_feats[0]
    if action.feat is not claim.feat or (action.target, action.on_connection) not in claim.options():
        if claim.territories and claim.connections:
            raise IllegalAction("B19", N_("the {feat} feat must go on one of the offered territories or connections"),
                                feat=claim.feat.word)
        if claim.on_connection:
            raise IllegalAction("B19", N_("the {feat} feat must go on one of the offered connections"),
                                feat=claim.feat.word)
        raise IllegalAction("B19", N_("the {feat} feat must go on one of the offered territories"), feat=claim.feat.word)
    state.pending_feats.pop(0)
    state.feats.append(FeatOnBoard(claim.feat, claim.tribe, action.target, action.on_connection))
    continue_action(state)


def _apply_exchange(state: GameState, action: Exchange) -> None:
    _require_phase(state, action, _MAIN)
    hand = state.hands[state.active_seat]
    if action.card not in hand:
        raise IllegalAction("B5", N_("you hold no {biome} card to exchange"), biome=action.card.word)
    refusal = exchange_refusal(state, action.card)
    if refusal:
        raise IllegalAction(*split_rule(refusal))
    pay_from_hand(state, (action.card,))
    finish_action(state)


def _apply_pass(state: GameState, action: Pass) -> None:
    _require_phase(state, action, _MAIN)
    if state.hands[state.active_seat]:
        raise IllegalAction("B5", N_("you may pass only with an empty hand: place pieces or exchange a card"))
    finish_action(state, offer_third=False)


def _apply_draw(state: GameState, action: Draw) -> None:
    phase = state.phase
    if phase is not _DRAW and phase is not _DRAFT:
        raise _wrong_phase(state, action)
    if action.card is None:
        if not state.deck:
            raise IllegalAction("B14", N_("the deck is empty: draw from the display"))
        card = take_from_deck(state)
    else:
        if action.card not in state.display:
            raise IllegalAction("B5", N_("there is no {biome} card in the display"), biome=action.card.word)
        state.display.remove(action.card)
        card = action.card
        if state.known_cards:
            insort(state.known_cards[state.active_seat], card)  # everyone saw it go into this hand
    hand = state.hands[state.active_seat]
    insort(hand, card)
    if len(hand) < HAND_SIZE and (state.deck or state.display):
        return
    refill_then(state, "next_drafter" if state.phase is _DRAFT else "end_turn")


_HANDLERS = {
    Place: _apply_place, PlaceTent: _apply_tent, PlaceTotem: _apply_totem, Exchange: _apply_exchange,
    Draw: _apply_draw, Pass: _apply_pass, PlaceFeat: _apply_feat,
}


def returns(state: GameState) -> list[float]:
    """OpenSpiel-style outcome per seat: 1 for a (shared) win, 0 otherwise; 0 for all before the end."""
    if state.result is None:
        return [0.0] * state.n_players
    winners = set(state.result.winners)
    return [0.0 if state.result.players_lose else (1.0 if seat in winners else 0.0) for seat in range(state.n_players)]

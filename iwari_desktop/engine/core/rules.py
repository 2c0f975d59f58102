"""The turn machine: `legal_actions(state)` and `apply(state, action)`.

A whole game is played through these two calls alone. `apply` mutates the state (like
python-chess's `push`) because copying every state would cost the speed the bots need; use
`state.clone()` to look ahead. Every refusal is an IllegalAction naming its ruling.
"""

from __future__ import annotations

from bisect import insort

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.actions import Action, Draw, Exchange, FeatKind, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.errors import IllegalAction, plural
from iwari_desktop.engine.core.placement import can_place, empty_spaces, payment_is_valid, payments_for, piece_options, piece_veto_reason
from iwari_desktop.engine.core.scoring import decide_winner, score_report
from iwari_desktop.engine.core.setup import DISPLAY_SIZE, HAND_SIZE
from iwari_desktop.engine.core.state import EMPTY, FeatOnBoard, GameState, PendingPlace, Phase

_TOTEM = PlaceTotem()
_PASS = Pass()
_DRAW_DECK = Draw(None)


# ---- legal actions ---------------------------------------------------------------------------

def place_options(state: GameState, tribe: int, hand: list[Biome]) -> list[Place]:
    """Every Place (cards, territory, piece count) that can be completed (B6–B11)."""
    if not hand:
        return []
    key = tuple(hand)
    board = state.board
    options: list[Place] = []
    for biome, territories in board.territories_by_biome.items():
        payments = payments_for(key, biome)
        if not payments:
            continue
        for territory in territories:
            fits = {}
            for cards, pieces in payments:
                ok = fits.get(pieces)
                if ok is None:
                    ok = fits[pieces] = can_place(state, tribe, territory, pieces)
                if ok:
                    options.append(Place(territory, cards, pieces))
    return options


def legal_actions(state: GameState) -> list[Action]:
    """Every legal choice at the current decision point, in a stable order (replays and bots rely on it).

    Empty only once the game is over. Pass appears only when nothing else is legal (B5); display draws
    list each biome once, since equal cards are the same choice, then the deck draw.
    """
    phase = state.phase
    if phase is Phase.DRAW or phase is Phase.DRAFT:
        options: list[Action] = [Draw(b) for b in sorted(set(state.display))]
        if state.deck:
            options.append(_DRAW_DECK)
        return options
    if phase is Phase.PIECES:
        p = state.pending
        tent_ok, totem_ok = piece_options(state, p.tribe, p.territory, p.pieces_left, p.explored_at_start)
        options = [PlaceTent(s) for s in empty_spaces(state, p.territory)] if tent_ok else []
        if totem_ok:
            options.append(_TOTEM)
        return options
    if phase is Phase.MAIN:
        hand = state.hands[state.active_seat]
        options = place_options(state, state.active_seat, hand)
        for module in state.modules:
            options.extend(module.extra_actions(state, phase, state.active_seat, hand))
        options.extend(Exchange(b) for b in sorted(set(hand)))
        return options or [_PASS]
    if phase is Phase.THIRD_TRIBE:
        hand = state.hands[state.active_seat]
        options = place_options(state, state.third_tribe, hand)
        for module in state.modules:
            options.extend(module.extra_actions(state, phase, state.third_tribe, hand))
        return options
    if phase is Phase.FEAT:
        claim = state.pending_feats[0]
        return [PlaceFeat(claim.feat, t, claim.on_connection) for t in claim.targets]
    if phase is Phase.MODULE:
        return next(m.module_actions(state) for m in state.modules if m.key == state.module_turn)
    return []


# ---- applying ----------------------------------------------------------------------------------

def apply(state: GameState, action: Action) -> GameState:
    """Play one action on `state` in place and return that same state; `state.clone()` first to look ahead.

    The base rules refuse with an IllegalAction naming the ruling ("B9: ...") before changing anything.
    Actions introduced by rule modules go to the module that declares them.
    """
    handler = _HANDLERS.get(type(action))
    if handler is not None:
        handler(state, action)
        return state
    # while a module holds the game its own actions go to it; otherwise to the module that knows them
    owners = [m for m in state.modules if m.key == state.module_turn] if state.phase is Phase.MODULE else []
    for module in owners + [m for m in state.modules if m not in owners]:
        if isinstance(action, module.action_types):
            module.apply_action(state, action)
            return state
    raise IllegalAction("B5", f"{action!r} is not an action of this game's rules")


def _require_phase(state: GameState, action: Action, *phases: Phase) -> None:
    if state.phase not in phases:
        if state.phase is Phase.GAME_OVER:
            raise IllegalAction("B14", "the game is over")
        wanted = {Phase.MAIN: "an action", Phase.PIECES: "placing pieces", Phase.DRAW: "drawing cards",
                  Phase.DRAFT: "drafting a starting hand", Phase.THIRD_TRIBE: "the third tribe's turn",
                  Phase.FEAT: "placing a feat"}
        raise IllegalAction("B5", f"'{action}' cannot be played now: the game is waiting for {wanted[state.phase]}")


def _apply_place(state: GameState, action: Place) -> None:
    _require_phase(state, action, Phase.MAIN, Phase.THIRD_TRIBE)
    board = state.board
    third = state.phase is Phase.THIRD_TRIBE
    tribe = state.third_tribe if third else state.active_seat
    hand = state.hands[state.active_seat]
    if not 0 <= action.territory < len(board.territories):
        raise IllegalAction("B7", f"there is no territory t{action.territory}")
    territory = board.territories[action.territory]
    if len(action.cards) > 3 or action.pieces > 2 or action.pieces < 1:
        raise IllegalAction("B6", "a turn plays at most 3 cards for at most 2 pieces")
    remaining = list(hand)
    for card in action.cards:
        if card not in remaining:
            raise IllegalAction("B6", f"you do not hold every {card.label} card you tried to play")
        remaining.remove(card)
    if not payment_is_valid(action.cards, territory.biome, action.pieces):
        cards = " + ".join(c.label for c in action.cards)
        raise IllegalAction("B6", f"{cards} cannot pay for exactly {plural(action.pieces, 'piece')} in a {territory.biome.label} "
                                  "territory: each piece needs one card of that biome or a pair of one biome")
    explored = state.is_explored(action.territory)
    if not explored and action.pieces != 1:
        raise IllegalAction("B8", f"{territory.name} is unexplored, so this action places exactly one tent")
    if not can_place(state, tribe, action.territory, action.pieces):
        raise _why_not_fits(state, tribe, action.territory, action.pieces, explored)
    state.hands[state.active_seat] = remaining
    state.discard.extend(action.cards)
    state.pending = PendingPlace(tribe, action.territory, action.pieces, explored)
    state.phase = Phase.PIECES


def _why_not_fits(state: GameState, tribe: int, territory: int, pieces: int, explored: bool) -> IllegalAction:
    """The most specific ruling behind a Place that cannot be completed."""
    t = state.board.territories[territory]
    name = state.tribes[tribe].name
    empty = state.territory_empty[territory]
    no_tents = state.tents_left[tribe] == 0
    no_totems = state.totems_left[tribe] == 0
    if not explored:
        if empty == 0:
            return IllegalAction("B10", f"{t.name} has no empty tent space")
        return IllegalAction("B11", f"{name} has no pieces left that could explore {t.name} (no tents in supply)")
    if (empty == 0 or no_tents) and no_totems:
        missing = "totems left and no room for a tent" if not no_tents else "tents or totems left"
        return IllegalAction("B11", f"{name} has no {missing} in {t.name}")
    if no_tents and pieces == 2 and not no_totems:
        return IllegalAction("B11", f"{name} has no tents left, and the totem cap ({state.totem_cap(territory)}) "
                                    f"of {t.name} leaves room for fewer than 2 totems")
    if empty == 0:
        return IllegalAction("B9", f"{t.name} is full and its totem cap ({state.totem_cap(territory)}) leaves room "
                                   f"for fewer than {plural(pieces, 'totem')}")
    return IllegalAction("B9", f"{plural(pieces, 'piece').capitalize()} cannot be placed in {t.name} in any order without breaking the "
                               f"totem cap ({state.totem_cap(territory)})")


def _apply_tent(state: GameState, action: PlaceTent) -> None:
    _require_phase(state, action, Phase.PIECES)
    p = state.pending
    board = state.board
    if not 0 <= action.space < len(board.spaces) or board.spaces[action.space].territory != p.territory:
        raise IllegalAction("B10", f"a tent must go on an empty tent space of {board.territories[p.territory].name}")
    if state.space_owner[action.space] != EMPTY:
        raise IllegalAction("B10", "that tent space already holds a tent")
    if state.tents_left[p.tribe] == 0:
        raise IllegalAction("B11", f"{state.tribes[p.tribe].name} has no tents left")
    veto = piece_veto_reason(state, p.tribe, p.territory, totem=False)
    if veto:
        rule, _, reason = veto.partition(": ")
        raise IllegalAction(rule, reason)
    tent_ok, _ = piece_options(state, p.tribe, p.territory, p.pieces_left, p.explored_at_start)
    if not tent_ok:
        raise IllegalAction("B9", "after this tent the rest of the action's pieces would not fit")
    state.space_owner[action.space] = p.tribe
    state.territory_tents[p.territory][p.tribe] += 1
    state.territory_empty[p.territory] -= 1
    state.tents_left[p.tribe] -= 1
    _piece_placed(state, p, action.space)


def _apply_totem(state: GameState, action: PlaceTotem) -> None:
    _require_phase(state, action, Phase.PIECES)
    p = state.pending
    t = state.board.territories[p.territory]
    if not p.explored_at_start:
        raise IllegalAction("B8", f"{t.name} was unexplored at the start of the action: it takes exactly one tent")
    if t.totem_space is None:
        raise IllegalAction("B10", f"{t.name} has no totem space")
    veto = piece_veto_reason(state, p.tribe, p.territory, totem=True)
    if veto:
        rule, _, reason = veto.partition(": ")
        raise IllegalAction(rule, reason)
    if state.totems_left[p.tribe] == 0:
        raise IllegalAction("B11", f"{state.tribes[p.tribe].name} has no totems left")
    if len(state.totem_stacks[p.territory]) + 1 > state.totem_cap(p.territory):
        raise IllegalAction("B9", f"{t.name} may hold at most {plural(state.totem_cap(p.territory), 'totem')}: the most tents "
                                  "any one tribe has there")
    _, totem_ok = piece_options(state, p.tribe, p.territory, p.pieces_left, p.explored_at_start)
    if not totem_ok:
        raise IllegalAction("B9", "after this totem the rest of the action's pieces would not fit")
    state.totem_stacks[p.territory].append(p.tribe)
    state.totem_counts[p.territory][p.tribe] += 1
    state.totems_left[p.tribe] -= 1
    _piece_placed(state, p, None)


def _piece_placed(state: GameState, p: PendingPlace, space: int | None) -> None:
    p.pieces_left -= 1
    p.placed += 1
    for module in state.modules:
        module.after_placement(state, p.tribe, p.territory, space)
    _continue(state)


def _continue(state: GameState) -> None:
    """Resolve queued feats (asking only when there is a choice), then go on with the action."""
    while state.pending_feats:
        claim = state.pending_feats[0]
        if len(claim.targets) > 1:
            state.phase = Phase.FEAT
            return
        state.pending_feats.pop(0)
        state.feats.append(FeatOnBoard(claim.feat, claim.tribe, claim.targets[0], claim.on_connection))
    p = state.pending
    if p is not None and p.pieces_left > 0:
        state.phase = Phase.PIECES
        return
    _finish_action(state, third=p is not None and p.tribe == state.third_tribe)


def _apply_feat(state: GameState, action: PlaceFeat) -> None:
    _require_phase(state, action, Phase.FEAT)
    claim = state.pending_feats[0]
    if action.feat is not claim.feat or action.on_connection != claim.on_connection or action.target not in claim.targets:
        where = "connection" if claim.on_connection else "territory"
        raise IllegalAction("B19", f"the {claim.feat.value} feat must go on one of the offered {where}s")
    state.pending_feats.pop(0)
    state.feats.append(FeatOnBoard(claim.feat, claim.tribe, action.target, claim.on_connection))
    _continue(state)


def _finish_action(state: GameState, third: bool) -> None:
    state.pending = None
    if not third and state.third_tribe is not None:
        if place_options(state, state.third_tribe, state.hands[state.active_seat]):
            state.phase = Phase.THIRD_TRIBE  # B12: mandatory when a legal Place exists
            return
    _begin_draw(state)


def _apply_exchange(state: GameState, action: Exchange) -> None:
    _require_phase(state, action, Phase.MAIN)
    hand = state.hands[state.active_seat]
    if action.card not in hand:
        raise IllegalAction("B5", f"you hold no {action.card.label} card to exchange")
    hand.remove(action.card)
    state.discard.append(action.card)
    _finish_action(state, third=False)


def _apply_pass(state: GameState, action: Pass) -> None:
    _require_phase(state, action, Phase.MAIN)
    if state.hands[state.active_seat]:
        raise IllegalAction("B5", "you may pass only with an empty hand: place pieces or exchange a card")
    _finish_action(state, third=True)


# ---- drawing, deck exhaustion and the end of a turn -------------------------------------------

def _take_from_deck(state: GameState) -> Biome:
    """Take the top card; the moment the deck runs out, B13/B14 apply (unless a module owns that)."""
    card = state.deck.pop()
    if not state.deck:
        state.deck_exhaustions += 1
        if any(module.on_deck_exhausted(state) for module in state.modules):
            return card  # e.g. solo (S10): a new deck without scoring
        if state.deck_exhaustions == 1:
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            state.half_journey_due = True
            if not state.deck:  # P2: nothing to reshuffle; the journey ends as well
                state.deck_exhaustions += 1
                state.end_triggered = True
        else:
            state.end_triggered = True
    return card


def _begin_draw(state: GameState) -> None:
    """After the action (and the third tribe's): a module may take a step first (the Void's action, S3)."""
    for module in state.modules:
        if module.before_draw(state):
            _hand_over(state, module, "draw")
            return
    _start_drawing(state)


def _start_drawing(state: GameState) -> None:
    hand = state.hands[state.active_seat]
    if len(hand) < HAND_SIZE and (state.deck or state.display):
        state.phase = Phase.DRAW
    else:
        _refill_then(state, "end_turn")


def _apply_draw(state: GameState, action: Draw) -> None:
    _require_phase(state, action, Phase.DRAW, Phase.DRAFT)
    if action.card is None:
        if not state.deck:
            raise IllegalAction("B14", "the deck is empty: draw from the display")
        card = _take_from_deck(state)
    else:
        if action.card not in state.display:
            raise IllegalAction("B5", f"there is no {action.card.label} card in the display")
        state.display.remove(action.card)
        card = action.card
    hand = state.hands[state.active_seat]
    insort(hand, card)
    if len(hand) < HAND_SIZE and (state.deck or state.display):
        return
    _refill_then(state, "next_drafter" if state.phase is Phase.DRAFT else "end_turn")


def _refill_then(state: GameState, then: str) -> None:
    """B5: refill the display to 4 only once the hand is full, then go on with `then`.

    A rule module may stop play after any card turned face up (the Void's Infections, S3/S6): the
    refill then waits in Phase.MODULE until the module calls `resume`.
    """
    while len(state.display) < DISPLAY_SIZE and state.deck:
        card = _take_from_deck(state)
        state.display.append(card)
        for module in state.modules:
            if module.on_display_card(state, card):
                _hand_over(state, module, f"refill:{then}")
                return
    _CONTINUATIONS[then](state)


def _hand_over(state: GameState, module: object, continuation: str) -> None:
    state.phase = Phase.MODULE
    state.module_turn = getattr(module, "key")
    state.continuation = continuation


def resume(state: GameState) -> None:
    """A rule module has finished the decisions it interrupted play for; the interrupted flow goes on."""
    if state.phase is not Phase.MODULE or state.continuation is None:
        raise RuntimeError("resume() called while no rule module holds the game")
    then = state.continuation
    state.module_turn = None
    state.continuation = None
    if then.startswith("refill:"):
        _refill_then(state, then.partition(":")[2])
    else:
        _CONTINUATIONS[then](state)


def _next_drafter(state: GameState) -> None:
    state.draft_order.pop(0)
    if state.draft_order:
        state.active_seat = state.draft_order[0]
        if len(state.hands[state.active_seat]) < HAND_SIZE:
            state.phase = Phase.DRAFT
            return
    state.phase = Phase.MAIN
    state.active_seat = state.first_seat


def _end_of_turn(state: GameState) -> None:
    """The display is refilled; score the half journey if due (B13), then the next turn or the end (B14)."""
    if state.half_journey_due:
        state.half_journey_due = False
        _score(state, final=False)  # B13: tents only, no feat multipliers
    seat = state.active_seat
    state.turns_taken[seat] += 1
    if any(left == 0 for left in state.tents_left):
        state.end_triggered = True  # B11
    last_seat = (state.first_seat - 1) % state.n_players
    if state.end_triggered and seat == last_seat:
        _score(state, final=True)
        decided = (module.decide_result(state) for module in state.modules)
        state.result = next((r for r in decided if r is not None), None) or decide_winner(state)
        state.phase = Phase.GAME_OVER
        return
    state.active_seat = (seat + 1) % state.n_players
    state.turn += 1
    state.phase = Phase.MAIN


_CONTINUATIONS = {"draw": _start_drawing, "end_turn": _end_of_turn, "next_drafter": _next_drafter}


def _score(state: GameState, final: bool) -> None:
    report = score_report(state, final)
    for tribe, points in enumerate(report.totals()):
        state.scores[tribe] += points
    state.reports.append(report)


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

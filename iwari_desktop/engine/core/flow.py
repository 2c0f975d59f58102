"""The turn's flow between decisions: after a piece, after an action, drawing, refilling, the end.

`rules.apply` handles one decision and then calls into here to move play on to the next one. Rule
modules reach the same steps through `core.primitives` (finish an action, end the game) and through
the chained hooks below. Every chained hook is asked of every module that implements it, in hook
order (`core.modules`); a module that takes a decision of its own (returns True) holds the game in
Phase.MODULE, and `resume` asks the remaining modules before the interrupted flow goes on.
"""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.placement import place_options
from iwari_desktop.engine.core.scoring import decide_winner, score_report
from iwari_desktop.engine.core.setup import DISPLAY_SIZE, HAND_SIZE
from iwari_desktop.engine.core.state import Continuation, FeatOnBoard, GameState, Phase

# Phases as module constants: `Phase.MAIN` goes through EnumType's Python-level attribute hook (about 0.4 µs a
# lookup on CPython 3.11, ten times a global), and the turn machine asks the phase several times per decision
# (issue #32).
_DRAFT, _MAIN, _PIECES, _THIRD_TRIBE, _FEAT, _MODULE, _DRAW, _GAME_OVER = (
    Phase.DRAFT, Phase.MAIN, Phase.PIECES, Phase.THIRD_TRIBE, Phase.FEAT, Phase.MODULE, Phase.DRAW, Phase.GAME_OVER)

JOURNEY_END = "journey"   # `state.end_reason` of a game that ended by B14


class ModuleFlowError(RuntimeError):
    """A rule module asked the turn machine for something impossible now (a bug in the module, not a rule)."""


def module_holding(state: GameState):
    """The module whose decision the game waits for (Phase.MODULE)."""
    for module in state.modules:
        if module.key == state.module_turn:
            return module
    raise ModuleFlowError(f"no active rule module has the key {state.module_turn!r}")


def third_tribe_options(state: GameState) -> list:
    """P7: the third tribe's Place options plus every module's own Place-like choices for it."""
    third = state.third_tribe
    hand = state.hands[state.active_seat]
    options: list = place_options(state, third, hand)
    for module in state.hooks.extra_actions:
        options.extend(module.extra_actions(state, _THIRD_TRIBE, third, hand))
    return options


def continue_action(state: GameState) -> None:
    """Resolve queued feats (asking only when there is a choice, P4), then the next piece or the action's end."""
    while state.pending_feats:
        claim = state.pending_feats[0]
        if claim.deferred:
            resolve_deferred(state, claim)
            if not claim.n_targets:
                state.pending_feats.pop(0)  # nowhere to go: the feat is lost (P4, E9)
                continue
        if claim.n_targets > 1:
            state.phase = _FEAT
            return
        state.pending_feats.pop(0)
        target, on_connection = claim.options()[0]
        state.feats.append(FeatOnBoard(claim.feat, claim.tribe, target, on_connection))
    p = state.pending
    if p is not None and p.pieces_left > 0:
        state.phase = _PIECES
        return
    finish_action(state)


def resolve_deferred(state: GameState, claim) -> None:
    """Fill a deferred claim's targets from the module of its feat (the module whose key is the feat's value)."""
    module = next((m for m in state.modules if m.key == claim.feat.value), None)
    if module is None:
        raise ModuleFlowError(f"no active rule module places the {claim.feat.value} feat")
    claim.territories, claim.connections = module.deferred_feat_targets(state, claim)
    claim.deferred = False


def finish_action(state: GameState, offer_third: bool = True) -> None:
    """The action is complete: `after_action` hooks, then the third tribe's turn (B12, P7) or the draw.

    The third tribe's turn follows a player's action when any legal choice exists for it;
    `offer_third` False skips it (a Pass: nothing is left to pay with).
    """
    third = state.third_action
    after_action = state.hooks.after_action
    if after_action:   # the finished Place is still in `pending` (its permit, E7)
        tribe = state.pending.tribe if state.pending is not None else (state.third_tribe if third else state.active_seat)
        for module in after_action:
            module.after_action(state, tribe)
    state.pending = None
    state.third_action = False
    if offer_third and not third and state.roles.third is not None and state.phase is not _GAME_OVER:
        if third_tribe_options(state):
            state.phase = _THIRD_TRIBE  # B12: mandatory when a legal Place exists
            return
    if state.phase is not _GAME_OVER:
        begin_draw(state)


# ---- drawing, deck exhaustion and the end of a turn -------------------------------------------

def take_from_deck(state: GameState) -> Biome:
    """Take the top card; the moment the deck runs out, B13/B14 apply (unless a module owns that).

    Every module is told (`on_deck_exhausted`); if any takes it over, B13/B14 do not apply.
    """
    card = state.deck.pop()
    if not state.deck:
        state.deck_exhaustions += 1
        handled = [module.on_deck_exhausted(state) for module in state.hooks.on_deck_exhausted]
        if any(handled):
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


def hand_over(state: GameState, module, continuation: Continuation) -> None:
    """`module` takes decisions of its own (Phase.MODULE) until it calls `resume`."""
    state.phase = _MODULE
    state.module_turn = module.key
    state.continuation = continuation


def begin_draw(state: GameState, start: int = 0) -> None:
    """After the action (and the third tribe's): each module from `start` on may take a step first (S3)."""
    if state.hooks.before_draw:
        modules = state.modules
        for i in range(start, len(modules)):
            module = modules[i]
            if module in state.hooks.before_draw and module.before_draw(state):
                hand_over(state, module, Continuation("before_draw", i + 1))
                return
            if state.phase is _GAME_OVER:  # the module ended the game (S10)
                return
    start_drawing(state)


def start_drawing(state: GameState) -> None:
    hand = state.hands[state.active_seat]
    if len(hand) < HAND_SIZE and (state.deck or state.display):
        state.phase = _DRAW
    else:
        refill_then(state, "end_turn")


def _announce(state: GameState, card: Biome, start: int, then: str) -> bool:
    """Tell the modules from `start` on that `card` came face up; True when one of them stopped play."""
    modules = state.modules
    listeners = state.hooks.on_display_card
    for i in range(start, len(modules)):
        module = modules[i]
        if module in listeners and module.on_display_card(state, card):
            hand_over(state, module, Continuation("on_display_card", i + 1, then, card))
            return True
        if state.phase is _GAME_OVER:  # the module ended the game (S10): no more refilling
            return True
    return False


def refill_then(state: GameState, then: str, resume_card: Biome | None = None, start: int = 0) -> None:
    """B5: refill the display to 4 only once the hand is full, then go on with `then`.

    A rule module may stop play after any card turned face up (the Void's Infections, S3/S6): the
    refill then waits in Phase.MODULE until the module calls `resume`, which first lets the remaining
    modules see that same card (`resume_card`, from module `start` on).
    """
    if resume_card is not None and _announce(state, resume_card, start, then):
        return
    listening = bool(state.hooks.on_display_card)
    while len(state.display) < DISPLAY_SIZE and state.deck:
        card = take_from_deck(state)
        state.display.append(card)
        if listening and _announce(state, card, 0, then):
            return
    _CONTINUATIONS[then](state)


def resume(state: GameState) -> None:
    """A rule module has finished the decisions it interrupted play for; the interrupted flow goes on.

    The chained hook that was interrupted is asked of the modules after the one that held the game,
    then play continues where it stopped.
    """
    c = state.continuation
    if state.phase is not _MODULE or c is None:
        raise ModuleFlowError("resume() called while no rule module holds the game")
    state.module_turn = None
    state.continuation = None
    if c.hook == "before_draw":
        begin_draw(state, c.next_module)
    elif c.hook == "on_display_card":
        refill_then(state, c.then, c.card, c.next_module)
    elif c.hook == "before_final_scoring":
        final_scoring(state, c.next_module)
    else:
        raise ModuleFlowError(f"unknown continuation {c.hook!r}")


def _next_drafter(state: GameState) -> None:
    state.draft_order.pop(0)
    if state.draft_order:
        state.active_seat = state.draft_order[0]
        if len(state.hands[state.active_seat]) < HAND_SIZE:
            state.phase = _DRAFT
            return
    state.phase = _MAIN
    state.active_seat = state.first_seat


def _end_of_turn(state: GameState) -> None:
    """The display is refilled; score the half journey if due (B13), then the next turn or the end (B14)."""
    if state.half_journey_due:
        state.half_journey_due = False
        score(state, final=False)  # B13: tents only, no feat multipliers
    seat = state.active_seat
    state.turns_taken[seat] += 1
    for module in state.hooks.after_turn:
        reason = module.after_turn(state)
        if reason:
            end_game(state, reason)  # S10, P27, P28
            return
    if not state.hooks.own_end and not state.end_triggered:
        tents_left = state.tents_left
        if 0 in [tents_left[t] for t in state.roles.scoring]:
            state.end_triggered = True  # B11 (the neutral Void running out is its module's business, S10)
    n_players = len(state.config.players)   # `state.n_players`
    if state.end_triggered and seat == (state.first_seat - 1) % n_players:   # the round's last seat
        end_game(state, JOURNEY_END)
        return
    state.active_seat = (seat + 1) % n_players
    state.turn += 1
    state.phase = _MAIN


def end_game(state: GameState, reason: str) -> None:
    """End the game now: the decision points before the final scoring, the scoring, the result.

    `reason` is kept in `state.end_reason` ("journey" for B14; a module's own for S10 and the like).
    A pending Place and unplaced feats are dropped; a half journey still owed is scored first (B13).
    """
    state.end_reason = reason
    state.pending = None
    state.pending_feats.clear()
    state.third_action = False
    if state.half_journey_due:
        state.half_journey_due = False
        score(state, final=False)
    final_scoring(state, 0)


def final_scoring(state: GameState, start: int) -> None:
    """Ask each module from `start` on for its decisions before the final scoring (Worship, E10), then score."""
    listeners = state.hooks.before_final_scoring
    if listeners:
        modules = state.modules
        for i in range(start, len(modules)):
            module = modules[i]
            if module in listeners and module.before_final_scoring(state):
                hand_over(state, module, Continuation("before_final_scoring", i + 1))
                return
    score(state, final=True)
    decided = [module.decide_result(state) for module in state.hooks.decide_result]
    state.result = next((r for r in decided if r is not None), None) or decide_winner(state)
    state.phase = _GAME_OVER


_CONTINUATIONS = {"draw": start_drawing, "end_turn": _end_of_turn, "next_drafter": _next_drafter}


def score(state: GameState, final: bool) -> None:
    report = score_report(state, final)
    for tribe, points in enumerate(report.totals()):
        state.scores[tribe] += points
    state.reports.append(report)

"""The Expert's play-outs: one whole turn (and optionally more) in one sampled world, and its value.

Why: the greedy bots stop looking before any card is drawn, so they never see what the refill does —
a display card taken turns the next one up, and a Void card turned up infects at once, a Corruption at
four (S3, S6). In a world dealt by `determinize` (the hidden deck laid out by S2's piles) the refill
can be played for real: the Expert's turn is its action, its pieces, the Void action it chose, its
draws and what they reveal, and only then is the position judged. The judgement is
`solo_plan.plan_value` (the projection of the coming Infections and Corruptions to the end of the
game) plus the hand the seat is left with (`solo_draw.hand_score`: a hand that plays all three cards
leaves the Void action nothing, S4).

The base policy is cheap on purpose, for it runs thousands of times a turn: draws by
`solo_draw.draw_score` (the greedy bots' own), a turn's decisions by the one-step greedy choice of
`SoloBot` on at most `WIDTH` options, the Void's tie choices left to the player likewise.
"""

from __future__ import annotations

import dataclasses

from iwari_desktop.engine.bots.solo_draw import biome_rooms, draw_score, hand_score
from iwari_desktop.engine.bots.solo_plan import plan_value
from iwari_desktop.engine.core.actions import Action, Draw, Place
from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.data import VOID, data
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, VoidOutcome

REFILL_HOOK = "on_display_card"   # the core flow's hook while the display's refill is under way
WIDTH = 8            # options a play-out's greedy step tries
STEP_LIMIT = 400     # decisions in one play-out: far beyond a turn; a guard against a loop
HAND_WEIGHT = 1.0    # the next hand's value (0-10) against the plan value's scale
LOSS = 1000.0        # a game lost at the K the Expert plays for (or won) in a play-out
PER_VOID = 20.0      # ... less this per Void territory, so a lost game still prefers fewer
K_STEP = 40.0        # a world played to its end that reaches the K played for, below `VERDICT_FROM`: worth two more
                     # Void territories, not a thousand — where every world is lost (the rulebook's K = 3) the
                     # tally must tell lines apart, and one lucky world must not outweigh it
VERDICT_STEP = 1000.0   # the same step from `VERDICT_FROM` on: more than any tally, so the worlds kept under K come
                        # first and the tally breaks ties (docs/ai.md, "The K gate", session 10)
VERDICT_FROM = 5     # the K a game is played for from which the Expert plays for the verdict at K (the campaign's
                     # chapters, K 5-8); below it the Expert is the tally search it was (expert.ExpertBot.for_verdict)


def turns_done(state: GameState) -> int:
    """Turns finished so far by all seats: a play-out runs until this grows by its horizon."""
    return sum(state.turns_taken)


def position_value(state: GameState, seat: int) -> float:
    """How good `state` is for the players' side, seen from `seat` (module docstring)."""
    if state.phase is Phase.GAME_OVER and state.result is not None:
        void = sum(1 for c in data(state).claims.values() if c.side == VOID)
        return (LOSS if state.result.won else -LOSS) - PER_VOID * void
    hand = state.hands[seat]
    return plan_value(state, seat) + HAND_WEIGHT * hand_score(state, hand, biome_rooms(state))


def end_value(state: GameState, k: int, verdict: bool = False) -> float:
    """A world played to its natural end (K out of the way), judged by `tally_value`; an outright Void win (no K
    decides it) counts as twelve."""
    outcome = state.result
    if outcome is None:
        return position_value(state, state.active_seat)
    return tally_value(final_tally(outcome), k, verdict)


def final_tally(outcome: VoidOutcome) -> int:
    """The Void's territories at a world's end; twelve for an outright Void win (no K decides it: lost at any K)."""
    return outcome.void_territories if outcome.won or outcome.reason == END_VOID_CONTROL else 12


def tally_value(tally: int, k: int, verdict: bool = False) -> float:
    """A play-out's worth when the Void ends it holding `tally` territories and the K played for is `k`: fewer
    Void territories (`PER_VOID` each), and a step less when the tally reaches `k` — `K_STEP` (two territories),
    or with `verdict` (a game played for K >= `VERDICT_FROM`) `VERDICT_STEP`, more than any tally.

    Why two scales: at the rulebook's K = 3 every world is lost against what the Expert can expect, so the tally
    must tell the lines apart, and judging by the verdict there made the done-when games worse. At the campaign's
    K = 5-8 a chapter is won or lost at its K, so a line that keeps the Void under K in more worlds is the better
    one even when another leaves fewer territories on average and crosses K now and then (docs/ai.md, "Playing for
    the K of the chapter", session 9, and "The K gate", session 10)."""
    return -PER_VOID * tally - ((VERDICT_STEP if verdict else K_STEP) if tally >= k else 0.0)


def with_k(state: GameState, k: int) -> GameState:
    """A copy of `state` whose K (and nothing else) is `k`: what a bot playing for `k` is shown
    (`selfplay --to-end`), and the worlds the Expert plays to their natural end."""
    view = state.clone()
    options = dict(view.config.options)
    options["k"] = k
    view.config = dataclasses.replace(view.config, options=options)
    return view


def void_kind(option: Action) -> tuple[str, int]:
    """What kind of decision `option` is for the Void's timing: its type and the Void cards it lays above the
    display (a Void action laying none, one, two …; a skip). Every other option is one kind per type."""
    return type(option).__name__, getattr(option, "void_cards", 0)


def refilling(state: GameState) -> bool:
    """A Void decision inside a strike the display's refill set off (S3): once the strike is over, the refill
    turns up more hidden cards, so only the strike itself is certain."""
    c = state.continuation
    return state.phase is Phase.MODULE and c is not None and c.hook == REFILL_HOOK


def spread(options: list[Action], width: int) -> list[Action]:
    """At most `width` of `options`, taken in turn from each kind (a Void Place with 0, 1, 2 … Void cards, the Void
    cards alone, a skip, anything else), in their order.

    Why: the engine lists every Void Place with no Void card before any with one, so the first few options of a
    Void action never lay a Void card above the display — the move that sets off the Infection (or the Corruption)
    when the player wants it, on the connection the player wants it."""
    if len(options) <= width:
        return options
    groups: dict[object, list[int]] = {}
    for index, option in enumerate(options):
        key = (type(option).__name__, getattr(option, "void_cards", 0), getattr(option, "territory", 0) is None)
        groups.setdefault(key, []).append(index)
    chosen: list[int] = []
    queues = list(groups.values())
    depth = 0
    while len(chosen) < width:
        added = False
        for queue in queues:
            if depth < len(queue) and len(chosen) < width:
                chosen.append(queue[depth])
                added = True
        if not added:
            break
        depth += 1
    return [options[i] for i in sorted(chosen)]


def greedy_step(state: GameState, options: list[Action], view: GameConfig | None = None) -> Action:
    """The base policy's choice among `options` (module docstring): draws by the draw planner; a player action
    by the plan value after it with its pieces played (one Place per territory and piece count: the first
    payment); its pieces between the first tent space and the totem, the Void action and the Void's choices by
    the plan value one step ahead. `view`, when given, is the config its options are judged with (another K
    than the world's; bench/base_policy.py --judge-k). The Expert's play-outs to the natural end run with K out
    of the way, so a tally past K is still seen; in a game played for K >= `VERDICT_FROM` they judge with the K
    played for, as the Expert plays its own turns (judged with K = 10 the base policy plays "avoid a claim now"
    and its worlds almost never end under the campaign's K: docs/ai.md, "Playing for the K of the chapter",
    session 9), below it with the world's own K (judging with K = 3 made the Expert weaker: session 7)."""
    return _greedy(state, options, view)[0]


def _greedy(state: GameState, options: list[Action],
            view: GameConfig | None = None) -> tuple[Action, GameState | None, float | None]:
    """`greedy_step`'s choice, and the copy of `state` it was weighed on when it was weighed one step ahead with
    its plan value as judged (None, None otherwise): that copy is the position the choice leads to (its config
    given back), so the play-outs go on from it instead of applying the choice once more (a third of the
    pieces' rule work, issue #32), and a Place's last piece need not be valued twice (`_best_action`)."""
    if len(options) == 1:
        return options[0], None, None
    seat = state.active_seat
    if state.phase is Phase.DRAW:
        best, best_value = options[0], None
        for option in options:
            v = draw_score(state, seat, option.card) if isinstance(option, Draw) else 0.0
            if best_value is None or v > best_value:
                best, best_value = option, v
        return best, None, None
    if state.phase is Phase.MAIN:
        return _best_action(state, seat, options, view), None, None
    if state.phase is Phase.PIECES:
        candidates = options[:1] + options[-1:]   # the first tent space or the totem (last), as greedy's first look
    else:
        candidates = spread(options, WIDTH)
    best, best_value, after = candidates[0], None, None
    for option in candidates:
        probe = state.clone()
        apply(probe, option, options)   # listed already: not listed again (`apply`)
        v = plan_value(_judged(probe, view), seat)
        if best_value is None or v > best_value:
            best, best_value, after = option, v, probe
    if after is not None:
        after.config = state.config   # `_judged` may have shown it another K
    return best, after, best_value


def _judged(probe: GameState, view: GameConfig | None) -> GameState:
    """`probe` as the base policy judges it: with the K it plays for (`view`), not the K the world runs with."""
    if view is not None:
        probe.config = view
    return probe


def _best_action(state: GameState, seat: int, options: list[Action], view: GameConfig | None = None) -> Action:
    """The player action whose pieces (placed by `greedy_step`) leave the best plan value."""
    seen: set[tuple[int, int]] = set()
    best, best_value = options[0], None
    for option in options:
        if isinstance(option, Place):
            key = (option.territory, option.pieces)
            if key in seen:
                continue
            seen.add(key)
        probe = state.clone()
        apply(probe, option, options)
        known = None   # the plan value of `probe` as judged here, when its last piece was weighed on it
        for _ in range(4):   # its pieces
            if probe.phase is not Phase.PIECES:
                break
            listed = legal_actions(probe)
            choice, after, known = _greedy(probe, listed, view)
            if after is None:
                apply(probe, choice, listed)
            else:
                probe = after
        v = plan_value(_judged(probe, view), seat) if known is None else known
        if best_value is None or v > best_value:
            best, best_value = option, v
    return best


def play_turns(state: GameState, turns: int, line: list[Action] = (), view: GameConfig | None = None) -> None:
    """Play `state` on (in place) until `turns` more turns have ended or the game is over: the moves of
    `line` first while they are legal, then the base policy (judging with `view` when given: `greedy_step`)."""
    goal = turns_done(state) + turns
    planned = list(line)
    for _ in range(STEP_LIMIT * max(1, turns)):
        if state.phase is Phase.GAME_OVER or turns_done(state) >= goal:
            return
        options = legal_actions(state)
        if not options:
            return
        if planned and planned[0] in options:
            apply(state, planned.pop(0), options)
            continue
        planned = []
        choice, after, _ = _greedy(state, options, view)
        if after is None:
            apply(state, choice, options)
        else:   # `state` becomes the copy the choice was weighed on: the same as applying it (`_greedy`)
            state.__dict__.update(after.__dict__)

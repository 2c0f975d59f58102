"""Why a move is good, in one named cause: the hint's reason line ("+4: takes the tent majority in ...").

Why a named cause and not the total: a person learns from "takes the tent majority in Redscar
Plateau", not from "+3 on the estimate". So the move is played on a public copy of the position
(the action under way finished with Normal's best pieces, as Normal values it), the shared
evaluation is split into its terms before and after (`evaluation.estimate_terms`: each territory's
tents, each connection, settlements, part credits, rule modules' lines, points already scored), and
each term's gain in the seat's margin — its own change minus the change of the strongest rival
after the move — is computed. The biggest gain is the reason; what it means (a majority taken or
only tied, a settlement completed or grown, a rival's link broken) is read off the two positions.

Draws have no board change to split: a display card is explained by the territory of its biome
where one more tent would gain most (how Normal values draws), the deck by the lack of a better card.

Pure engine code, no words: the screen turns a `Reason` into a sentence (scenes/board/hint_words.py).
It reads only a public copy of the state (`worlds.public_copy`), so nothing hidden shapes a reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum

from iwari_desktop.engine.bots.evaluation import SETTLEMENT_MINIMUM, estimate, estimate_terms, group_sizes, margin, seat_value
from iwari_desktop.engine.bots.normal import _COMPLETING, DRAWN_CARD, NormalBot, hand_value
from iwari_desktop.engine.bots.worlds import public_copy
from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Place
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.rules import apply
from iwari_desktop.engine.core.state import GameState, Phase

NAMED = 0.5  # a term must gain at least this much to be named; below it the move is the least bad


class Why(Enum):
    """The kinds of reason a hint can give (each has its own sentence on screen)."""

    TAKES_MAJORITY = "takes-majority"       # territory: the seat now leads the tents alone
    TIES_MAJORITY = "ties-majority"         # territory: the seat now shares the lead
    ADDS_TENTS = "adds-tents"               # territory: more tents there pay more
    RAISES_TENTS = "raises-tents"           # territory: a feat makes the seat's tents there worth more
    BREAKS_MAJORITY = "breaks-majority"     # territory, rival: the rival lost its lead there, or now shares it
    COSTS_RIVAL = "costs-rival"             # territory: the strongest rival's tents there are worth less
    WINS_LINK = "wins-link"                 # connection: totem majority on both sides
    RAISES_LINK = "raises-link"             # connection: a link already held is worth more (a feat)
    BREAKS_LINK = "breaks-link"             # connection, rival: the rival's link is gone
    PREPARES_LINK = "prepares-link"         # connection: majority on one side of an open connection
    COMPLETES_SETTLEMENT = "completes-settlement"  # size: a new settlement of `size` tents
    GROWS_SETTLEMENT = "grows-settlement"   # size: the largest settlement is now `size` tents
    BUILDS_GROUP = "builds-group"           # tents joined by roads, not yet a settlement
    MODULE_POINTS = "module-points"         # category: a rule module's own final points
    SCORES_NOW = "scores-now"               # points scored at once
    KEEPS_HAND = "keeps-hand"               # an exchange: no placement is worth it now
    DRAW_OPENS = "draw-opens"               # card, territory: the card pays for a tent that gains there
    DRAW_PAIR = "draw-pair"                 # card: it makes a pair, which pays anywhere
    DRAW_BLIND = "draw-blind"               # no display card is worth more than the deck
    LEAST_HARM = "least-harm"               # nothing gains: this move costs least
    THIRD_TRIBE = "third-tribe"             # the third tribe's pieces put where they help rivals least


@dataclass(frozen=True)
class Reason:
    """One named cause with the margin points it brings (`gain`); ids only, the screen finds the names."""

    why: Why
    gain: float
    territory: int | None = None
    connection: int | None = None
    rival: int | None = None
    size: int = 0
    category: str = ""
    card: Biome | None = None
    steps: tuple[Action, ...] = ()   # the move and the pieces the reason was read from (what the Hint names)


def completion(trial: GameState, seat: int) -> tuple[GameState, tuple[Action, ...]]:
    """`trial` with the action under way finished by Normal's best pieces (`NormalBot.completed`), and those
    pieces in order: the Hint names and guides exactly them, so its reason is the reason of the move played."""
    bot = NormalBot(0)
    if trial.phase not in _COMPLETING or trial.is_terminal():
        return trial, ()
    best: tuple[float, GameState, tuple[Action, ...]] | None = None
    for action in bot._completion_candidates(trial):
        twin = trial.clone()
        apply(twin, action)
        done, rest = completion(twin, seat)
        value = seat_value(done, seat)
        if best is None or value > best[0]:
            best = (value, done, (action,) + rest)
    return (best[1], best[2]) if best is not None else (trial, ())


def explain(state: GameState, seat: int, action: Action) -> Reason:
    """The main reason `action` is good for `seat` in `state` (see the module docstring). Never changes `state`."""
    world = public_copy(state, seat)
    if world.phase in (Phase.DRAW, Phase.DRAFT) and isinstance(action, Draw):
        return replace(_explain_draw(world, seat, action), steps=(action,))
    tribe = world.tribe_of_seat(seat)
    trial = world.clone()
    apply(trial, action)
    trial, pieces = completion(trial, seat)
    steps = (action,) + pieces
    before, after = estimate_terms(world), estimate_terms(trial)
    totals = estimate(trial)
    rivals = [t for t in range(len(totals)) if t != tribe]
    rival = max(rivals, key=lambda t: (totals[t], -t)) if rivals else None
    n = len(totals)
    zero = [0.0] * n
    gains: dict[tuple, float] = {}
    for key in set(before) | set(after):
        b, a = before.get(key, zero), after.get(key, zero)
        gain = a[tribe] - b[tribe]
        if rival is not None:
            gain -= a[rival] - b[rival]
        gains[key] = gain
    hand_gain = _hand_gain(world, seat, action)
    if hand_gain is not None:
        gains[("hand",)] = hand_gain
    total = margin(totals, tribe) - margin(estimate(world), tribe) + (hand_gain or 0.0)
    if isinstance(action, Exchange):
        return Reason(Why.KEEPS_HAND, total, steps=steps)
    key = max(gains, key=lambda k: (gains[k], str(k))) if gains else None
    if key is None or gains[key] < NAMED or key == ("hand",):
        third = world.third_tribe is not None and world.acting_tribe == world.third_tribe
        return Reason(Why.THIRD_TRIBE if third else Why.LEAST_HARM, total, steps=steps)
    return replace(_name(world, trial, tribe, key, gains[key], before, after), steps=steps)


def _hand_gain(world: GameState, seat: int, action: Action) -> float | None:
    """What the cards a move spends change in Normal's hand value (None for a move without cards)."""
    if isinstance(action, Exchange):
        spent = [action.card]
    elif isinstance(action, Place):
        spent = list(action.cards)
    else:
        return None
    hand = list(world.hands[seat])
    remaining = list(hand)
    for card in spent:
        if card in remaining:
            remaining.remove(card)
    return hand_value(remaining) + DRAWN_CARD * len(spent) - hand_value(hand)


def _name(before_state: GameState, after_state: GameState, tribe: int, key: tuple, gain: float,
          before: dict, after: dict) -> Reason:
    """Which sentence a term's gain deserves, read off the positions before and after."""
    kind = key[0]
    if kind == "tents":
        territory = int(key[1])
        old, new = before_state.territory_tents[territory], after_state.territory_tents[territory]
        own_old, own_new = _leads(old, tribe), _leads(new, tribe)
        if own_new == "alone" and own_old != "alone":
            return Reason(Why.TAKES_MAJORITY, gain, territory=territory)
        if own_new == "shared" and own_old is None:
            return Reason(Why.TIES_MAJORITY, gain, territory=territory)
        if new[tribe] > old[tribe]:
            return Reason(Why.ADDS_TENTS, gain, territory=territory)
        n = len(after_state.tribes)
        if after.get(key, [0.0] * n)[tribe] > before.get(key, [0.0] * n)[tribe]:
            return Reason(Why.RAISES_TENTS, gain, territory=territory)
        loser = next((t for t in range(len(old)) if t != tribe and _lost_lead(_leads(old, t), _leads(new, t))), None)
        if loser is not None:
            return Reason(Why.BREAKS_MAJORITY, gain, territory=territory, rival=loser)
        return Reason(Why.COSTS_RIVAL, gain, territory=territory)
    if kind == "connection":
        n = len(after_state.tribes)
        row_b, row_a = before.get(key, [0.0] * n), after.get(key, [0.0] * n)
        if row_a[tribe] > row_b[tribe]:
            held = row_b[tribe] > 0
            return Reason(Why.RAISES_LINK if held else Why.WINS_LINK, gain, connection=int(key[1]))
        loser = max((t for t in range(n) if t != tribe), key=lambda t: row_b[t] - row_a[t], default=None)
        return Reason(Why.BREAKS_LINK, gain, connection=int(key[1]), rival=loser)
    if kind == "link":
        return Reason(Why.PREPARES_LINK, gain, connection=int(key[1]))
    if kind == "settlements":
        old = [s for s in group_sizes(before_state, tribe) if s >= SETTLEMENT_MINIMUM]
        new = [s for s in group_sizes(after_state, tribe) if s >= SETTLEMENT_MINIMUM]
        largest = max(new, default=0)
        if len(new) > len(old):
            fresh = Counter(new) - Counter(old)
            return Reason(Why.COMPLETES_SETTLEMENT, gain, size=max(fresh) if fresh else largest)
        return Reason(Why.GROWS_SETTLEMENT, gain, size=largest)
    if kind == "groups":
        return Reason(Why.BUILDS_GROUP, gain)
    if kind == "module":
        return Reason(Why.MODULE_POINTS, gain, category=str(key[1]))
    return Reason(Why.SCORES_NOW, gain)


def _lost_lead(before: str | None, after: str | None) -> bool:
    """A lead lost (to no lead) or cut from alone to shared."""
    return before is not None and (after is None or before == "alone" and after == "shared")


def _leads(counts: list[int], tribe: int) -> str | None:
    """"alone" if `tribe` has the most tents there, "shared" if tied for the most, else None."""
    top = max(counts)
    if top <= 0 or counts[tribe] != top:
        return None
    return "alone" if counts.count(top) == 1 else "shared"


def _explain_draw(world: GameState, seat: int, action: Draw) -> Reason:
    """A display card by where one more tent of its biome gains most; the deck when no card does better."""
    if action.card is None:
        return Reason(Why.DRAW_BLIND, 0.0)
    tribe = world.tribe_of_seat(seat)
    scratch = world.clone()
    base = margin(estimate(scratch), tribe)
    best, where = 0.0, None
    for territory in world.board.territories_by_biome.get(action.card, ()):
        if scratch.territory_empty[territory] <= 0:
            continue
        scratch.territory_tents[territory][tribe] += 1
        gain = margin(estimate(scratch), tribe) - base
        scratch.territory_tents[territory][tribe] -= 1
        if gain > best:
            best, where = gain, territory
    if where is not None and (best >= NAMED or action.card not in world.hands[seat]):
        return Reason(Why.DRAW_OPENS, best, territory=where, card=action.card)
    if action.card in world.hands[seat]:
        return Reason(Why.DRAW_PAIR, best, card=action.card)
    return Reason(Why.LEAST_HARM, best)

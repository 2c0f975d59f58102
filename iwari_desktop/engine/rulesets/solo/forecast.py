"""The Void's forecast: what the next Infection and the next Corruption would do, and what laying Void
cards now would set off, as typed data for the board (S4-S7, S10, P21, P56).

Why: a person cannot plan against the Void without seeing its next move, and the board must never
promise what the rules then do differently. So nothing here re-implements a rule: every forecast is
a rehearsal. The state is cloned and the module's own step queue (`steps.drive`, the code the game
runs) plays the strike on the clone; what it did is read back from the step records
(`events.VoidEvent`) and the clone's claims. A choice the rules leave to the player is taken as the
fixed tie rule takes it (P56: the lower territory first, the lowest closest space, the lowest
bonus territory) and reported as a choice (`Hit.choices`, `Strike.alternative`), so the screen can
say "you choose". The state itself is never changed.

Only public information decides the answer: the pawn, the board, the Void cards above and in the
display, the cards beside the board. The Infection's territories follow the pawn, never the hidden
deck; the deck is only shuffled by a Corruption after its counts (S6), on the clone, and no answer
reads it. No text is built here: the scene words the data (and `standing.sentence` gives a count's
engine sentence).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Callable, Sequence

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.state import GameState, Phase

import iwari_desktop.engine.rulesets.solo.steps as steps
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay
from iwari_desktop.engine.rulesets.solo.data import CARDS_BESIDE_TO_END, CORRUPTION_AT, KEY, data, hush
from iwari_desktop.engine.rulesets.solo.events import (
    COUNT, CORRUPTION, INFECTION, RUIN, TOTEM, VOID_BONUS, VoidEvent,
)
from iwari_desktop.engine.rulesets.solo.sides import playable
from iwari_desktop.engine.rulesets.solo.standing import Standing, Verdict, claim_verdict, standing

TIE_DECISIONS = ("order", "space", "bonus")   # the choices the rules leave to the player inside a strike
TRIGGER_STEPS = ("void-cards", "revealed")     # queued steps that set off a strike (S4, S3)


class NoForecast(Exception):
    """There is nothing to forecast: not a game against the Void, or the game is over."""


class StrikeKind(Enum):
    INFECTION = "infection"     # S5
    CORRUPTION = "corruption"   # S6: the Infection's placements, then both territories counted


@dataclass(frozen=True)
class Hit:
    """What the Void puts down for one territory in a strike.

    `piece` is "totem" or "ruin" (events.TOTEM / events.RUIN), None when nothing goes there (full with
    no room for a totem, or the game ended first). `on` is the territory the piece stands in: for a
    totem the purple centre on The Uncharted Paths (S11), else the territory itself; a ruin stands on
    `space`. `choices`: the closest spaces the player picks among (S5; the forecast took the lowest).
    A `bonus` hit is a Void settlement's free placement (S8); `territories` the tied territories the
    player picks among for it.
    """

    territory: int
    piece: str | None
    on: int | None = None
    space: int | None = None
    choices: tuple[int, ...] = ()
    bonus: bool = False
    territories: tuple[int, ...] = ()


@dataclass(frozen=True)
class Strike:
    """One rehearsed Infection or Corruption, as the engine plays it on a clone.

    `targets` are the connection's territories it treats, in that order; `hits` the pieces in the order
    the engine puts them down (a settlement bonus right after the piece that completed the settlement),
    then a piece-less hit for each target that gets nothing; `counts` every territory counted during it (a ruin that
    filled it, the Corruption's counts, or the end's) with its final verdict. `end` is why the game
    ends during the strike (outcome.END_*), `reason` why it is won or lost then and `won` the verdict
    (outcome.VoidOutcome's fields). `order_choice`: the player picks
    which territory comes first (P21); `alternative` is the other order's strike when that changes
    anything (None: the order does not matter).
    """

    kind: StrikeKind
    connection: int
    targets: tuple[int, ...]
    hits: tuple[Hit, ...]
    counts: tuple[Verdict, ...]
    pawn_after: int
    beside_after: int
    end: str | None = None
    reason: str | None = None
    won: bool | None = None
    order_choice: bool = False
    alternative: "Strike | None" = None

    def hit(self, territory: int) -> Hit | None:
        """The (non-bonus) hit of a target territory."""
        return next((h for h in self.hits if h.territory == territory and not h.bonus), None)

    def count(self, territory: int) -> Verdict | None:
        return next((c for c in self.counts if c.territory == territory), None)

    @property
    def corruption_counts(self) -> tuple[Verdict, ...]:
        """The territories the Corruption itself counts (S6), not those a ruin filled or the end counted."""
        return tuple(c for c in self.counts if c.when == "corruption")

    def outcome_key(self) -> tuple:
        """What the strike does, whatever the order it did it in: equal keys, same result."""
        return (frozenset(self.hits), frozenset(self.counts), self.pawn_after, self.end, self.won)


@dataclass(frozen=True)
class VoidForecast:
    """What the board shows in the purple box.

    `toward`: Void cards above and face up in the display (a Corruption at `corruption_at`);
    `missing`: cards still missing before a Corruption (0 when laid cards already make one);
    `beside`: cards beside the board (the game ends at `beside_limit`). `infection` is what the next
    Infection does, `corruption` what a Corruption would do if it came now (the missing cards laid
    together, S4); both strike the pawn's connection. `next` is the one the next Void card sets off as
    the cards stand (a Corruption when one card is missing; taking a Void card from the display into a
    hand lowers the count again, S3). `unplaced`: pieces of the Void action's Place not yet put down,
    which the strike will follow (the forecast uses the board as it stands). `settled`: a strike was
    under way; the forecast looks past it, its choices taken as P56 takes them.
    """

    connection: int
    toward: int
    corruption_at: int
    missing: int
    beside: int
    beside_limit: int
    infection: Strike
    corruption: Strike
    next_is_corruption: bool
    standing: Standing
    unplaced: int = 0
    settled: bool = False

    @property
    def next(self) -> Strike:
        return self.corruption if self.next_is_corruption else self.infection

    @property
    def lit(self) -> tuple[int, ...]:
        """The territories the next strike hits (to light on the board)."""
        return self.next.targets


@dataclass(frozen=True)
class VoidPlayPreview:
    """What a Void action would do (S4), for the live preview while the player picks its cards.

    `strike` is the Infection or Corruption its Void cards set off (None without Void cards);
    `place_counts` the territories its Place fills and counts before that (P21: placements first);
    `place_hits` the Void settlement bonuses its Place sets off (S8); `unplaced` the pieces of its Place
    the preview did not know (it follows the board as it stands then); `end`/`won` when the Place alone
    ends the game.
    """

    play: VoidPlay
    toward_before: int
    toward_after: int
    corruption_at: int
    beside_after: int
    strike: Strike | None
    place_counts: tuple[Verdict, ...] = ()
    place_hits: tuple[Hit, ...] = ()
    unplaced: int = 0
    end: str | None = None
    won: bool | None = None


# ---- the rehearsal ------------------------------------------------------------------------------

@dataclass
class _Trace:
    """What one rehearsal recorded beside the step events."""

    sim: GameState
    start: int                                          # events.total before the rehearsal
    space_choices: dict[int, tuple[int, ...]] = field(default_factory=dict)   # event number -> tied spaces
    bonus_choices: dict[int, tuple[int, ...]] = field(default_factory=dict)   # event number -> tied territories
    order_choice: bool = False
    reverse: bool = False                               # the player's order taken the other way round
    unplaced: int = 0


def _toward(state: GameState) -> int:
    return data(state).above + steps.void_in_display(state)


def _resolve(trace: _Trace, pieces: list[Action]) -> bool:
    """Take the pending decision of the rehearsal; False when it is none the rehearsal may take."""
    sim = trace.sim
    d = data(sim)
    kind, args = d.decision[0], d.decision[1:]
    if kind == "pieces":
        if pieces:
            piece = pieces.pop(0)
            if piece not in steps.decision_options(sim):
                raise ValueError(f"'{piece}' is not a legal piece of the Void's Place here")
            steps.decide(sim, piece)
            return True
        trace.unplaced += d.placing.pieces_left if d.placing is not None else 0
        d.decision = None
        d.placing = None   # the rest of the Place is unknown: the board as it stands
        return True
    if kind not in TIE_DECISIONS:
        return False
    if kind == "order":
        trace.order_choice = True
        choice = VoidChoice(max(args) if trace.reverse else min(args), False)
    elif kind == "space":
        trace.space_choices[d.events.total] = tuple(args[1:])
        choice = VoidChoice(min(args[1:]), True)
    else:
        trace.bonus_choices[d.events.total] = tuple(args)
        choice = VoidChoice(min(args), False)
    steps.decide(sim, choice)
    return True


def _play(trace: _Trace, pieces: Sequence[Action] = ()) -> _Trace:
    """Run the clone's queued steps to their end, the player's choices as P56 takes them (or reversed)."""
    todo = list(pieces)
    while steps.drive(trace.sim):
        if not _resolve(trace, todo):
            break
    if todo:
        raise ValueError(f"'{todo[0]}' is not a piece of the Void's Place here")
    return trace


def _hits(trace: _Trace, events: Sequence[tuple[int, VoidEvent]]) -> tuple[Hit, ...]:
    hits: list[Hit] = []
    bonus_due: list[tuple[int, ...]] = []
    for number, event in events:
        if event.kind == VOID_BONUS:
            bonus_due.append(trace.bonus_choices.get(number + 1, ()))
            continue
        if event.kind not in (TOTEM, RUIN):
            continue
        territories = bonus_due.pop(0) if bonus_due else None
        on = event.on if event.kind == TOTEM else event.territory
        hits.append(Hit(event.territory, event.kind, on, event.space, trace.space_choices.get(number, ()),
                        territories is not None, territories or ()))
    return tuple(hits)


def _counts(trace: _Trace, events: Sequence[tuple[int, VoidEvent]]) -> tuple[Verdict, ...]:
    claims = data(trace.sim).claims
    return tuple(claim_verdict(e.territory, claims[e.territory]) for _, e in events if e.kind == COUNT)


def _numbered(trace: _Trace) -> list[tuple[int, VoidEvent]]:
    log = data(trace.sim).events
    new = log.since(trace.start)
    first = log.total - len(new)
    return [(first + i, e) for i, e in enumerate(new)]


def _strike(trace: _Trace, events: list[tuple[int, VoidEvent]]) -> Strike:
    """The strike whose INFECTION/CORRUPTION event opens `events`: its targets are the connection's
    territories that were open when it began (still open, or counted during it)."""
    sim = trace.sim
    d = data(sim)
    opening = events[0][1]
    connection = opening.connection
    counted_during = {e.territory for _, e in events if e.kind == COUNT}
    targets = tuple(t for t in sim.board.connections_by_number[connection].territories
                    if playable(sim, t) and (t not in d.claims or t in counted_during))
    order = tuple(sorted(targets, reverse=trace.reverse)) if trace.order_choice else targets
    found = _hits(trace, events)
    treated = {h.territory for h in found if not h.bonus}
    hits = found + tuple(Hit(t, None) for t in order if t not in treated)
    over = sim.phase is Phase.GAME_OVER
    outcome = d.outcome if over else None
    return Strike(StrikeKind.CORRUPTION if opening.kind == CORRUPTION else StrikeKind.INFECTION, connection, order,
                  hits, _counts(trace, events), d.pawn, d.beside,
                  outcome.end if outcome else None, outcome.reason if outcome else None,
                  outcome.won if outcome else None, trace.order_choice)


def _split(events: list[tuple[int, VoidEvent]]) -> tuple[list[tuple[int, VoidEvent]], list[tuple[int, VoidEvent]]]:
    """Events before the strike's opening event, and from it on."""
    for i, (_, event) in enumerate(events):
        if event.kind in (INFECTION, CORRUPTION):
            return events[:i], events[i:]
    return events, []


def _rehearse(prepare: Callable[[], GameState], pieces: Sequence[Action] = ()
              ) -> tuple[_Trace, list[tuple[int, VoidEvent]], Strike | None]:
    """Play a fresh clone from `prepare` (P56's order, then the other one if the player picks it)."""
    def run(reverse: bool) -> tuple[_Trace, list, Strike | None]:
        sim = prepare()
        trace = _play(_Trace(sim, data(sim).events.total, reverse=reverse), pieces)
        before, during = _split(_numbered(trace))
        return trace, before, _strike(trace, during) if during else None

    trace, before, strike = run(False)
    if strike is not None and strike.order_choice:
        _, _, other = run(True)
        if other is not None and other.outcome_key() != strike.outcome_key():
            strike = replace(strike, alternative=other)
    return trace, before, strike


def _strike_clone(base: GameState, corruption: bool) -> Callable[[], GameState]:
    """A clone whose only queued step is an Infection or a Corruption (the Void's pending Place dropped)."""
    def prepare() -> GameState:
        sim = base.clone()
        hush(sim)   # a rehearsal: its steps write no sentences (data.VoidData.quiet)
        d = data(sim)
        d.steps = [["infect", corruption]]
        d.decision = None
        d.placing = None
        return sim
    return prepare


def _check(state: GameState) -> None:
    if KEY not in state.ext:
        raise NoForecast("not a game against the Void")
    if state.phase is Phase.GAME_OVER:
        raise NoForecast("the game is over")


def _settled(state: GameState) -> GameState:
    """The state with a strike under way played to its end (P56's choices), or the state itself."""
    d = data(state)
    if d.decision is None or d.decision[0] not in TIE_DECISIONS:
        return state
    sim = state.clone()
    hush(sim)   # played on only to be looked past: its steps write no sentences (data.VoidData.quiet)
    _play(_Trace(sim, data(sim).events.total))
    data(sim).decision = None
    return sim


def forecast(state: GameState) -> VoidForecast:
    """The next strike, a Corruption now, and every territory's verdict (module docstring). Never changes
    `state`; NoForecast outside a running game against the Void."""
    _check(state)
    base = _settled(state)
    if base.phase is Phase.GAME_OVER:
        raise NoForecast("the game ends with the strike under way")
    d = data(base)
    toward = _toward(base)
    missing = max(0, CORRUPTION_AT - toward)
    queued = any(s[0] in TRIGGER_STEPS for s in d.steps)   # Void cards laid, their Place first (P21)
    _, _, infection = _rehearse(_strike_clone(base, False))
    _, _, corruption = _rehearse(_strike_clone(base, True))
    assert infection is not None and corruption is not None
    unplaced = d.placing.pieces_left if d.placing is not None and d.placing.tribe == base.void_tribe else 0
    return VoidForecast(infection.connection, toward, CORRUPTION_AT, missing, d.beside, CARDS_BESIDE_TO_END,
                        infection, corruption, toward >= CORRUPTION_AT if queued else missing <= 1, standing(base),
                        unplaced, base is not state)


def preview_void_play(state: GameState, play: VoidPlay, pieces: Sequence[Action] = ()) -> VoidPlayPreview:
    """What the Void action `play` would do now (S4): its Place (with `pieces`, the Place's pieces in order,
    as far as the player has chosen them), then the strike its Void cards set off (P21). The Void action
    must be the pending decision and `play` one of its options (ValueError otherwise)."""
    _check(state)
    d = data(state)
    if d.decision is None or d.decision[0] != "action":
        raise ValueError("the Void action is not the pending decision (S4)")
    if play not in steps.decision_options(state):
        raise ValueError(f"'{play}' is not one of the Void action's options now (S4)")

    def prepare() -> GameState:
        sim = state.clone()
        hush(sim)   # a rehearsal: its steps write no sentences (data.VoidData.quiet)
        steps.decide(sim, play)
        return sim

    trace, before, strike = _rehearse(prepare, pieces)
    sim = trace.sim
    over = sim.phase is Phase.GAME_OVER and strike is None
    outcome = data(sim).outcome if over else None
    toward = _toward(state)
    return VoidPlayPreview(play, toward, toward + play.void_cards, CORRUPTION_AT, data(sim).beside, strike,
                           _counts(trace, before), _hits(trace, before), trace.unplaced,
                           outcome.end if outcome else None, outcome.won if outcome else None)


def preview_void_cards(state: GameState, n: int) -> VoidPlayPreview:
    """Laying `n` Void cards above the display and nothing else (S4)."""
    return preview_void_play(state, VoidPlay(None, (), 0, n))

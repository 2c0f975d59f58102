"""Checking the Void's forecast against the engine: seeded bot games in which every forecast made before a
strike is compared with the strike the engine then plays (rulesets/solo/forecast.py).

`check_game` plays one game. Before each action that is not a piece of a Place it asks `forecast`; when
the action's steps open an Infection or a Corruption with nothing put on the board before it in the same
action, the strike's step records (events.VoidEvent, read here independently of the forecast's own
reading) and the claims it made are compared with the forecast: the next strike when its kind matches,
the "Corruption now" when a Corruption came although more than one card was missing (several Void cards
laid at once). Choices left to the player (P21's order, S5's closest space, S8's bonus territory) are
taken by the test: the order at random (then compared with the forecast's other order, when it
differs), spaces and territories the lowest, as the forecast takes them, and their offered options are
compared with the forecast's. At each Void action, laying only Void cards (each legal count) and a few
Places with Void cards are previewed and checked on a clone played by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine import GameConfig, apply, legal_actions, new_game
from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.core.actions import Action, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.actions import MovePiece, VoidChoice, VoidPlay
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.events import (
    CORRUPT_CARDS, CORRUPTION, COUNT, END, INFECTION, PAWN, REVEALED, RUIN, TOTEM, VOID_BONUS, VoidEvent,
)
from iwari_desktop.engine.rulesets.solo.forecast import (
    TIE_DECISIONS, Strike, StrikeKind, VoidForecast, forecast, preview_void_play,
)
from iwari_desktop.engine.rulesets.solo.standing import claim_verdict

PIECES = (PlaceTent, PlaceTotem, MovePiece)
STRIKE_EVENTS = (TOTEM, RUIN, COUNT, VOID_BONUS, PAWN, CORRUPT_CARDS, END)
BOTS = {"random": RandomBot, "solo": SoloBot}


@dataclass
class Tally:
    """How many forecasts a run checked, by what they were checked against."""

    strikes: int = 0            # strikes compared with a forecast
    corruptions: int = 0        # of them Corruptions
    alternatives: int = 0       # strikes played in the other order than P56's, checked against `alternative`
    choices: int = 0            # space / bonus choices whose options were compared
    previews: int = 0           # Void action previews checked on a clone
    positions: int = 0          # positions a forecast was made in

    def add(self, other: "Tally") -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class _Watch:
    """A strike under way and the forecast it is checked against."""

    expected: Strike
    events: list[VoidEvent] = field(default_factory=list)
    reversed_order: bool = False
    done: bool = False


def vs_void_game(map_id: str, coop: bool, seed: int, auto: bool, k: int | None = None) -> GameState:
    options: dict[str, Any] = {"auto_void_ties": auto}
    if k is not None:
        options["k"] = k
    mode = GameMode.COOP if coop else GameMode.SOLO
    config = GameConfig.quick(map_id, 2 if coop else 1, seed, mode=mode, options=options)
    return new_game(config, get_board(map_id))


def hit_records(events: list[VoidEvent]) -> list[tuple]:
    """(territory, piece, where, bonus) of each Void piece in the events, in order."""
    out = []
    bonus = 0
    for e in events:
        if e.kind == VOID_BONUS:
            bonus += 1
        elif e.kind in (TOTEM, RUIN):
            out.append((e.territory, e.kind, e.on if e.kind == TOTEM else e.space, bonus > 0))
            bonus = max(0, bonus - 1)
    return out


def expected_hits(strike: Strike) -> list[tuple]:
    return [(h.territory, h.piece, h.on if h.piece == TOTEM else h.space, h.bonus) for h in strike.hits
            if h.piece is not None]


def compare(strike: Strike, events: list[VoidEvent], state: GameState, ordered: bool = True) -> None:
    """The strike's records (opening event first) against the forecast `strike`."""
    opening = events[0]
    assert opening.kind == (CORRUPTION if strike.kind is StrikeKind.CORRUPTION else INFECTION)
    assert opening.connection == strike.connection
    actual, expected = hit_records(events), expected_hits(strike)
    assert (actual if ordered else sorted(actual)) == (expected if ordered else sorted(expected)), (actual, expected)
    counted = [e.territory for e in events if e.kind == COUNT]
    assert sorted(counted) == sorted(c.territory for c in strike.counts)
    claims = data(state).claims
    for c in strike.counts:
        assert claim_verdict(c.territory, claims[c.territory]) == c
    pawns = [e.connection for e in events if e.kind == PAWN]
    if pawns:
        assert pawns[-1] == strike.pawn_after
    beside = [e.beside for e in events if e.kind == CORRUPT_CARDS]
    if beside:
        assert beside[-1] == strike.beside_after
    ended = any(e.kind == END for e in events)
    assert ended == (strike.end is not None)
    if ended:
        assert state.end_reason == strike.end and data(state).outcome.won == strike.won


def _expected_for(fc: VoidForecast, kind: str, toward: int | None) -> Strike:
    """The forecast strike of the kind the engine played. When the count had not changed in between
    (a Void card drawn from the display lowers it, S3), that kind is the one the forecast called next."""
    if toward is not None and toward == fc.toward:
        assert fc.next_is_corruption == (kind == CORRUPTION)
    return fc.corruption if kind == CORRUPTION else fc.infection


def toward_before(state: GameState, start: int, opening: VoidEvent) -> int | None:
    """The count toward a Corruption just before a revealed card set off `opening` (None: not a revealed card)."""
    new = data(state).events.since(start)
    i = next(i for i, e in enumerate(new) if e is opening)
    if i > 0 and new[i - 1].kind == REVEALED:
        return new[i - 1].toward - 1
    return None


def _feed(watch: _Watch, event: VoidEvent) -> None:
    if watch.done:
        return
    if event.kind not in STRIKE_EVENTS:
        watch.done = True
        return
    watch.events.append(event)
    corruption = watch.expected.kind is StrikeKind.CORRUPTION
    if event.kind == END or (event.kind == PAWN and not corruption) or event.kind == CORRUPT_CARDS:
        watch.done = not (event.kind == CORRUPT_CARDS and watch.expected.end is not None)


def _finish(watch: _Watch, state: GameState, tally: Tally) -> None:
    strike = watch.expected
    ordered = True
    if watch.reversed_order:
        if strike.alternative is not None:
            strike = strike.alternative
            tally.alternatives += 1
        else:
            ordered = False   # the forecast found the order changes nothing: the same pieces, another order
    compare(strike, watch.events, state, ordered)
    tally.strikes += 1
    tally.corruptions += strike.kind is StrikeKind.CORRUPTION


def check_previews(state: GameState, tally: Tally, rng: Rng, places: int = 2) -> None:
    """At the Void action: every "Void cards only" option and `places` Places with Void cards, previewed and
    played on a clone by the engine (pieces: the first legal ones; the player's choices as P56 takes them)."""
    options = [o for o in legal_actions(state) if isinstance(o, VoidPlay) and o.void_cards]
    with_place = [o for o in options if o.territory is not None]
    chosen = [o for o in options if o.territory is None]
    for _ in range(min(places, len(with_place))):
        chosen.append(with_place[rng.below(len(with_place))])
    for play in chosen:
        trial = state.clone()
        start = data(trial).events.total
        apply(trial, play)
        pieces: list[Action] = []
        while trial.phase is Phase.MODULE and data(trial).decision and data(trial).decision[0] == "pieces":
            piece = legal_actions(trial)[0]
            pieces.append(piece)
            apply(trial, piece)
        while trial.phase is Phase.MODULE and data(trial).decision and data(trial).decision[0] in TIE_DECISIONS:
            kind = data(trial).decision
            target = min(kind[2:] if kind[0] == "space" else kind[1:])
            apply(trial, VoidChoice(target, kind[0] == "space"))
        events = data(trial).events.since(start)
        preview = preview_void_play(state, play, pieces)
        assert preview.toward_after == preview.toward_before + play.void_cards
        openings = [i for i, e in enumerate(events) if e.kind in (INFECTION, CORRUPTION)]
        if not openings:   # the Place ended the game first (K reached, P27)
            assert preview.strike is None and trial.is_terminal() and preview.end == trial.end_reason
            continue
        assert preview.strike is not None
        watch = _Watch(preview.strike, [events[openings[0]]])
        for e in events[openings[0] + 1:]:
            _feed(watch, e)
        compare(preview.strike, watch.events, trial)
        assert preview.strike.kind is (StrikeKind.CORRUPTION if preview.toward_after >= 4 else StrikeKind.INFECTION)
        tally.previews += 1


def check_game(map_id: str, coop: bool, seed: int, auto: bool, bot: str = "random", previews: bool = True,
               k: int | None = None, limit: int = 20_000) -> Tally:
    """Play one game by `bot`, checking every forecast that a strike then settles (module docstring)."""
    state = vs_void_game(map_id, coop, seed, auto, k)
    players = [BOTS[bot](seed * 10 + i) for i in range(state.n_players)]
    rng = Rng(seed * 31 + 7)
    tally = Tally()
    watch: _Watch | None = None
    for _ in range(limit):
        if state.is_terminal():
            return tally
        d = data(state)
        decision = d.decision[0] if d.decision else None
        options = legal_actions(state)
        fc = None
        if decision not in TIE_DECISIONS:
            fc = forecast(state)
            tally.positions += 1
            if decision == "action" and previews:
                check_previews(state, tally, rng)
        reversed_order = False
        if decision == "order":
            pick = rng.below(2)
            reversed_order = pick == 1
            action: Action = VoidChoice(sorted(d.decision[1:])[pick], False)
        elif decision in ("space", "bonus"):
            offered = tuple(d.decision[2:] if decision == "space" else d.decision[1:])
            if watch is not None:
                _check_offered(watch, decision, d.decision, offered)
                tally.choices += 1
            action = VoidChoice(min(offered), decision == "space")
        else:
            action = players[state.active_seat].choose(state, options)
        start = d.events.total
        apply(state, action)
        if watch is not None and reversed_order:
            watch.reversed_order = True
        clean = not isinstance(action, PIECES)
        for event in d.events.since(start):
            if watch is not None and not watch.done:
                _feed(watch, event)
                if watch.done:
                    _finish(watch, state, tally)
                    watch = None
                continue
            if event.kind in (INFECTION, CORRUPTION) and clean and fc is not None:
                watch = _Watch(_expected_for(fc, event.kind, toward_before(state, start, event)), [event])
                clean = False
            elif event.kind in (TOTEM, RUIN, COUNT, VOID_BONUS, INFECTION, CORRUPTION):
                clean = False   # the board changed before any later strike of this action
        if watch is not None and (state.is_terminal() or d.decision is None or d.decision[0] not in TIE_DECISIONS):
            _finish(watch, state, tally)
            watch = None
    raise AssertionError(f"{map_id} seed {seed}: the game did not end")


def _key(h) -> tuple:
    return (h.territory, h.piece, h.on if h.piece == TOTEM else h.space, h.bonus)


def _check_offered(watch: _Watch, kind: str, decision: list, offered: tuple[int, ...]) -> None:
    """The options of a space or bonus decision are those the forecast told (for the order being played):
    the next piece of that kind (a bonus, or a target's ruin) the forecast has and the engine has not put down."""
    strike = watch.expected.alternative if watch.reversed_order and watch.expected.alternative else watch.expected
    done = hit_records(watch.events[1:])
    left = []
    for h in strike.hits:
        if h.piece is None:
            continue
        if _key(h) in done:
            done.remove(_key(h))
        else:
            left.append(h)
    bonuses = sum(1 for e in watch.events if e.kind == VOID_BONUS)
    bonus = kind == "bonus" or bonuses > sum(1 for h in hit_records(watch.events[1:]) if h[3])
    candidates = [h for h in left if h.bonus == bonus and (kind == "bonus" or h.territory == decision[1])]
    assert candidates, f"a {kind} choice the forecast did not foresee: {decision}"
    hit = candidates[0]
    if kind == "bonus":
        assert hit.territories == offered, (hit, decision)
    else:
        assert hit.choices == offered, (hit, decision)


__all__ = ["Tally", "check_game", "check_previews", "compare", "vs_void_game"]

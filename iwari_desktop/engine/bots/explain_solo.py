"""Why a move is good against the Void, as facts the solo/co-op Hint states and a test can check.

Why facts and not an evaluation's terms: the first solo hint named the evaluation term that gained
most, and the term could gain for the wrong reason — a Corruption resets the Void cards toward the
next one, so laying the fourth card "held off the next Corruption" while setting it off. Here
nothing is claimed that is not read back from the rules played out. The move is played on the
seat's public copy together with the rest of its *step* as the adviser plans it (a Place with its
pieces; a Void action with the Void's pieces and the tie choices the rules leave to the player),
which depends on public information only, so it is exactly what happens on the table when the person
plays that step. What changed is read from the module's own records: the Void cards toward a
Corruption before and after, the Void cards in the hand, every Infection and Corruption set off with
its territories and the side each count gave, every open territory whose verdict "if counted now"
changed (`standing`), and the territories the next strike will hit afterwards (`forecast`).

A draw is different: the display is refilled with hidden cards after the last draw, so only the
taking is certain; a land card's reason is what the Expert's look at the refill preferred, said as
such. A choice inside a strike the refill set off (which territory first, which space) is played to
the strike's end by the module's step queue only (`finish_strike`), where the refill would go on.

`SoloReason.why` picks the first fact that applies, in the order of `SoloWhy`, and a move that sets
off a Corruption always says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from iwari_desktop.engine.bots.expert import Follower
from iwari_desktop.engine.bots.expert_rollout import refilling
from iwari_desktop.engine.bots.solo_plan import plan_value
from iwari_desktop.engine.bots.worlds import public_copy
from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Place
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo import steps as void_steps
from iwari_desktop.engine.rulesets.solo.actions import VoidChoice, VoidPlay, VoidSkip
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, KEY, PLAYERS, VOID, data
from iwari_desktop.engine.rulesets.solo.events import COUNT, CORRUPTION, INFECTION
from iwari_desktop.engine.rulesets.solo.forecast import NoForecast, forecast
from iwari_desktop.engine.rulesets.solo.maprules import void_totems_win
from iwari_desktop.engine.rulesets.solo.standing import Standing, standing
from iwari_desktop.engine.rulesets.ruins import TakeRuin, ruin_space_counts
from iwari_desktop.engine.rulesets.void_totems import VoidMove

STEP_LIMIT = 24   # decisions of one step at most (a Place's pieces, the Void's pieces and tie choices)


class SoloWhy(Enum):
    """The kinds of fact a solo/co-op hint states, in the order the main one is picked."""

    WINS = "wins"               # the step ends the game, won by the players
    CORRUPTION = "corruption"   # the step sets off a Corruption: `strike` with its counts
    CLAIMS = "claims"           # territory: counted during the step, for the players
    HOLDS_OFF = "holds-off"     # a Void card laid now would make 4 of 4; this step lays too few: no Corruption
    TAKES = "takes"             # territory: "if counted now" goes from the Void to the players
    SHEDS = "sheds"             # Void cards leave the hand; `strike` is the Infection they set off
    WIDENS = "widens"           # territory: the players lead there by more (still theirs if counted now)
    NARROWS = "narrows"         # territory: the Void leads there by less (still the Void's if counted now)
    DRAW_VOID = "draw-void"     # a Void card taken out of the display: one fewer toward a Corruption
    DRAW_SEARCH = "draw-search"  # card (None: the deck): what the Expert's look at the refill preferred
    VOID_PLACES = "void-places"  # a Void action's Place: where the Void's pieces go and what that territory does
    VOID_SKIPS = "void-skips"   # S4's skip: a card discarded, no Void piece and no Void card now
    RUIN_SPACE = "ruin-space"   # a ruin space on a connection (E3) got your tent or the Void's ruin: the count there
    MOVES_VOID_TOTEM = "moves-void-totem"   # E5: a Void totem brought out of the centre, and its destination's side
    EXCHANGES = "exchanges"     # B5: a card discarded, no piece placed (`exchange_unpaid`: the card pays for nothing)
    SEARCH = "search"           # nothing above: what the Expert's play-outs preferred


@dataclass(frozen=True)
class Strike:
    """An Infection or Corruption the step set off: the connection's territories and each count it made."""

    kind: str                                  # events.INFECTION or events.CORRUPTION
    connection: int
    targets: tuple[int, ...]
    counted: tuple[tuple[int, str], ...]       # (territory, side) counted by it


@dataclass(frozen=True)
class Shift:
    """One open territory before and after the step: its side if counted now, totem margin, tents less ruins."""

    territory: int
    side_before: str
    side_after: str
    margin_before: int
    margin_after: int
    lead_before: int
    lead_after: int

    @property
    def better(self) -> bool:
        return (self.margin_after, self.lead_after) > (self.margin_before, self.lead_before)


@dataclass(frozen=True)
class StepFacts:
    """What one step did, read back from the rules (module docstring). `steps`: the move and its step's
    decisions in order (what the person plays to make the claims come true)."""

    steps: tuple[Action, ...]
    toward_before: int
    toward_after: int
    hand_void_before: int
    hand_void_after: int
    strikes: tuple[Strike, ...] = ()
    counted: tuple[tuple[int, str], ...] = ()        # every territory counted in the step, with its side
    shifts: tuple[Shift, ...] = ()                   # open territories whose standing changed
    over: bool = False
    won: bool | None = None
    next_kind: str | None = None                     # the next strike after the step (None: the game is over)
    next_targets: tuple[int, ...] = ()
    corruption_targets: tuple[int, ...] = ()         # what a Corruption would strike if it came before the step
    corruption_possible: bool = False                # a legal choice of this step lays enough Void cards for one
    void_territory: int | None = None                # a Void action's Place: its territory
    void_ruins: int = 0                              # ... the ruins and Void totems it added there
    void_totems: int = 0
    void_side_before: str | None = None              # ... that territory's side if counted now, before and after
    void_side_after: str | None = None               # (after: its claim's side when the step counted it)
    void_counted: bool = False
    exchanged: Biome | None = None                   # an exchange (B5): the card discarded
    exchange_unpaid: bool = False                    # ... no placing option of the position pays with that card
    ruin_space: int | None = None                    # a ruin space (E3, on a connection) that got a piece in the step
    ruin_space_void: bool = False                    # ... the Void's ruin there (else a player's tent)
    ruin_spaces_void: int = 0                        # after the step: the Void's ruins on all ruin spaces
    ruin_spaces_players: int = 0                     # ... and the players' tents on them (S11: more ruins win)
    moved_from: int | None = None                    # a Void totem moved (E5): from the centre into `moved_to`
    moved_to: int | None = None
    moved_left: int = 0                              # Void totems left on `moved_from` after the step
    moved_win: int | None = None                     # Void totems on the centre that win for the Void (S11)
    moved_side_after: str | None = None              # `moved_to`'s side if counted now after the step
    draw_territory: int | None = None                # a land card drawn: the open territory it pays for more pieces in
    draw_pieces_before: int = 0                      # ... the most pieces the hand pays for there without it, with it
    draw_pieces_after: int = 0
    draw_side: str | None = None                     # ... that territory's side if counted now
    draw_display_idle: bool = False                  # the deck drawn: no display card pays for more pieces anywhere

    @property
    def corruption(self) -> Strike | None:
        return next((s for s in self.strikes if s.kind == CORRUPTION), None)

    @property
    def infection(self) -> Strike | None:
        return next((s for s in self.strikes if s.kind == INFECTION), None)


@dataclass(frozen=True)
class SoloReason:
    """The hint's reason: its kind, what it names, and the facts it was read from."""

    why: SoloWhy
    facts: StepFacts | None
    territory: int | None = None
    card: Biome | None = None
    strike: Strike | None = None
    threat: str | None = None      # the next strike's kind when it hits `territory` after the step


# ---- the step played out -------------------------------------------------------------------------

def _toward(state: GameState) -> int:
    return data(state).above + void_steps.void_in_display(state)


def _hand_void(state: GameState, seat: int) -> int:
    return sum(1 for card in state.hands[seat] if card is Biome.VOID)


def in_step(state: GameState, seat: int) -> bool:
    """The seat still decides within the step it began: pieces, or a Void decision other than the action."""
    if state.phase is Phase.PIECES:
        return state.active_seat == seat
    if state.phase is not Phase.MODULE or state.active_seat != seat:
        return False
    decision = data(state).decision
    return decision is not None and decision[0] != "action"


def _best(options: list[Action], seat: int, after) -> Action:
    """The option whose position (`after(option)`) the plan values most; the first of equals."""
    return options[0] if len(options) == 1 else max(options, key=lambda a: plan_value(after(a), seat))


def finish_strike(world: GameState, seat: int, action: Action, planned: list[Action] | None = None
                  ) -> tuple[GameState, tuple[Action, ...]]:
    """`world` after the refill-strike decision `action` and the strike's other choices (planned first, else
    the best by the plan value), run by the module's own step queue and stopped where the refill would go on."""
    def decided(state: GameState, choice: Action) -> GameState:
        probe = state.clone()
        void_steps.decide(probe, choice)
        while void_steps.drive(probe):
            void_steps.decide(probe, void_steps.decision_options(probe)[0])
        return probe

    sim = world.clone()
    void_steps.decide(sim, action)
    played = [action]
    plan = list(planned or ())
    for _ in range(STEP_LIMIT):
        if not void_steps.drive(sim):
            break
        options = void_steps.decision_options(sim)
        choice = plan.pop(0) if plan and plan[0] in options else _best(options, seat, lambda a: decided(sim, a))
        void_steps.decide(sim, choice)
        played.append(choice)
    return sim, tuple(played)


def follow_step(world: GameState, seat: int, action: Action, planned: list[Action] | None = None
                ) -> tuple[GameState, tuple[Action, ...]]:
    """`world` (a public copy) after `action` and the rest of its step: the planned moves while they are legal,
    then the Expert's follower's best single move by the plan value (`expert.Follower`: what the Expert does
    where it has no plan, so the Hint's play-out and the Expert's never differ)."""
    sim = world.clone()
    apply(sim, action)
    played = [action]
    plan = list(planned or ())
    for _ in range(STEP_LIMIT):
        if not in_step(sim, seat):
            break
        options = legal_actions(sim)
        if plan and plan[0] in options:
            choice = plan.pop(0)
        else:
            plan = []
            choice = _best(options, seat, lambda a: Follower(0).followed(sim, seat, a))
        apply(sim, choice)
        played.append(choice)
    return sim, tuple(played)


def _strikes(sim: GameState, start: int) -> tuple[tuple[Strike, ...], tuple[tuple[int, str], ...]]:
    """The strikes the step set off and every count it made, from the module's event records."""
    events = data(sim).events.since(start)
    strikes: list[Strike] = []
    counts: list[tuple[int, str]] = []
    current: dict | None = None
    for event in events:
        if event.kind in (INFECTION, CORRUPTION):
            if current is not None:
                strikes.append(Strike(**current))
            connection = event.connection or 0
            current = {"kind": event.kind, "connection": connection,
                       "targets": tuple(sim.board.connections_by_number[connection].territories), "counted": ()}
        elif event.kind == COUNT and event.territory is not None:
            side = event.side or data(sim).claims[event.territory].side
            counts.append((event.territory, side))
            if current is not None:
                current["counted"] = current["counted"] + ((event.territory, side),)
    if current is not None:
        strikes.append(Strike(**current))
    return tuple(strikes), tuple(counts)


def _shifts(before: Standing, after: Standing) -> tuple[Shift, ...]:
    shifts = []
    for old in before.verdicts:
        if old.counted:
            continue
        new = after.of(old.territory)
        if new.counted:
            continue
        shift = Shift(old.territory, old.side, new.side, old.margin, new.margin,
                      old.player_tents - old.ruins, new.player_tents - new.ruins)
        if (shift.side_before, shift.margin_before, shift.lead_before) != (shift.side_after, shift.margin_after,
                                                                           shift.lead_after):
            shifts.append(shift)
    return tuple(shifts)


def _next(sim: GameState) -> tuple[str | None, tuple[int, ...]]:
    try:
        ahead = forecast(sim)
    except NoForecast:
        return None, ()
    return (CORRUPTION if ahead.next_is_corruption else INFECTION), ahead.next.targets


def _corruption_possible(world: GameState, options: list[Action]) -> bool:
    missing = CORRUPTION_AT - _toward(world)
    return any(isinstance(o, VoidPlay) and o.void_cards >= missing for o in options)


def _countable(world: GameState, territory: int) -> bool:
    try:
        standing(world).of(territory)
    except KeyError:
        return False
    return True


def void_placing(world: GameState, action: Action) -> int | None:
    """The territory the Void's pieces of this step go to: a Void action's Place, or the Place under way when
    `action` is one of the Void's pieces (a hint asked between them); None otherwise."""
    if isinstance(action, VoidPlay):
        return action.territory
    if isinstance(action, VoidChoice):   # a tie the rules leave to the player: which territory first, which space
        return world.board.spaces[action.target].territory if action.space else action.target
    if world.phase is not Phase.MODULE or world.void_tribe is None or KEY not in world.ext:
        return None   # not a game against the Void, or no Void decision under way
    placing = data(world).placing
    if world.phase is Phase.MODULE and placing is not None and placing.tribe == world.void_tribe and \
            (data(world).decision or [None])[0] == "pieces":
        return placing.territory
    return None


def step_facts(state: GameState, seat: int, action: Action, planned: list[Action] | None = None) -> StepFacts:
    """The facts of `action` and the rest of its step (`planned` first) for `seat`; never changes `state`."""
    world = public_copy(state, seat)
    if isinstance(action, Draw):
        taken = 1 if action.card is Biome.VOID else 0
        return StepFacts((action,), _toward(world), _toward(world) - taken, _hand_void(world, seat),
                         _hand_void(world, seat) + taken, **_draw_facts(world, seat, action.card))
    options = legal_actions(world)
    try:
        ahead = forecast(world)
        corruption_targets = ahead.corruption.targets
    except NoForecast:
        corruption_targets = ()
    start = data(world).events.total
    play = finish_strike if refilling(world) else follow_step
    sim, played = play(world, seat, action, planned)
    strikes, counted = _strikes(sim, start)
    over = sim.phase is Phase.GAME_OVER
    outcome = data(sim).outcome if over else None
    next_kind, next_targets = _next(sim)
    before, after = standing(world), standing(sim)
    void: dict = {}
    territory = void_placing(world, action)
    if territory is not None and not _countable(world, territory):
        territory = None   # a ruin space on a connection (E3) or the purple centre (P22): no territory's count
    if territory is not None:
        old, new = before.of(territory), after.of(territory)
        void = {"void_territory": territory, "void_ruins": new.ruins - old.ruins,
                "void_totems": new.void_totems - old.void_totems, "void_side_before": old.side,
                "void_side_after": new.side, "void_counted": new.counted and not old.counted}
    return StepFacts(played, _toward(world), _toward(sim), _hand_void(world, seat), _hand_void(sim, seat),
                     strikes, counted, _shifts(before, after), over,
                     outcome.won if outcome is not None else None, next_kind, next_targets,
                     corruption_targets, _corruption_possible(world, options), **void,
                     **_other_facts(world, sim, action, options, after))


def payable(state: GameState, seat: int, hand: list[Biome]) -> dict[int, int]:
    """The most pieces `hand` pays for by a Place in each open territory, were it the seat's action now (a draw's
    card is judged by what it adds to the hand: the Place of the next turn, before its own draws)."""
    probe = state.clone()
    probe.hands[seat] = list(hand)
    probe.phase = Phase.MAIN
    counted = data(probe).claims if KEY in probe.ext else {}
    most: dict[int, int] = {}
    for option in legal_actions(probe):
        if isinstance(option, Place) and option.territory is not None and option.territory not in counted:
            most[option.territory] = max(most.get(option.territory, 0), option.pieces)
    return most


def _gains(world: GameState, seat: int, card: Biome, before: dict[int, int]) -> list[tuple[int, int, int]]:
    """(territory, pieces before, after) wherever a `card` more in the hand pays for more pieces; `before` is
    `payable` of the hand as it is (worked out once for all the display's cards)."""
    after = payable(world, seat, list(world.hands[seat]) + [card])
    return [(t, before.get(t, 0), n) for t, n in sorted(after.items()) if n > before.get(t, 0)]


def _draw_facts(world: GameState, seat: int, card: Biome | None) -> dict:
    """A land card: the open territory it pays for more pieces in, the Void's first (where a piece could turn the
    count), then the most pieces gained; the deck: whether no display card would pay for more anywhere."""
    if KEY not in world.ext or world.active_seat != seat:
        return {}
    if card is Biome.VOID:
        return {}
    before = payable(world, seat, list(world.hands[seat]))
    if card is None:
        cards = {c for c in world.display if c is not Biome.VOID}
        return {"draw_display_idle": not any(_gains(world, seat, c, before) for c in cards)}
    gains = [g for g in _gains(world, seat, card, before) if _countable(world, g[0])]
    if not gains:
        return {}
    sides = standing(world)
    territory, before, after = min(gains, key=lambda g: (sides.of(g[0]).side != VOID, g[1] - g[2], g[0]))
    return {"draw_territory": territory, "draw_pieces_before": before, "draw_pieces_after": after,
            "draw_side": sides.of(territory).side}


def pays_with(state: GameState, option: Action) -> tuple[Biome, ...]:
    """The cards a placing option pays with: its own, or a ruin space's two icon cards (E3's Place names only the
    space); () for an option that pays nothing."""
    if isinstance(option, TakeRuin):
        biome = state.board.spaces[option.space].ruin_biome
        return (biome, biome) if biome is not None else ()
    return tuple(getattr(option, "cards", ()) or ())


def _other_facts(world: GameState, sim: GameState, action: Action, options: list[Action], after: Standing) -> dict:
    """What an exchange, a ruin space and a Void totem's move did (the player actions with no territory's count
    of their own): the `StepFacts` fields from `exchanged` on."""
    facts: dict = {}
    if isinstance(action, Exchange):
        facts["exchanged"] = action.card
        facts["exchange_unpaid"] = not any(action.card in pays_with(world, o) for o in options)
    filled = [s for s in world.board.ruin_spaces if world.space_owner[s] < 0 <= sim.space_owner[s]]
    if filled:
        ruins, tents = ruin_space_counts(sim)
        facts.update(ruin_space=filled[0], ruin_space_void=sim.space_owner[filled[0]] == sim.void_tribe,
                     ruin_spaces_void=ruins, ruin_spaces_players=tents)
    if isinstance(action, VoidMove) and world.void_tribe is not None:
        facts.update(moved_from=action.source, moved_to=action.territory,
                     moved_left=sim.totem_counts[action.source][world.void_tribe], moved_win=void_totems_win(world),
                     moved_side_after=after.of(action.territory).side)
    return facts


# ---- the main reason -----------------------------------------------------------------------------

def _threat(facts: StepFacts, territory: int) -> str | None:
    return facts.next_kind if territory in facts.next_targets else None


def _shift_reason(facts: StepFacts) -> SoloReason | None:
    """A territory taken from the Void, else the one whose standing improved most (threatened ones first)."""
    taken = [s for s in facts.shifts if s.side_before == VOID and s.side_after == PLAYERS]
    if taken:
        best = min(taken, key=lambda s: (_threat(facts, s.territory) is None, s.territory))
        return SoloReason(SoloWhy.TAKES, facts, best.territory, threat=_threat(facts, best.territory))
    better = [s for s in facts.shifts if s.side_before == s.side_after and s.better]
    if not better:
        return None
    best = min(better, key=lambda s: (_threat(facts, s.territory) is None,
                                      -(s.margin_after - s.margin_before), -(s.lead_after - s.lead_before),
                                      s.territory))
    why = SoloWhy.WIDENS if best.side_after == PLAYERS else SoloWhy.NARROWS
    return SoloReason(why, facts, best.territory, threat=_threat(facts, best.territory))


def reason_of(facts: StepFacts, action: Action) -> SoloReason:
    """The main reason among `facts` (the order of `SoloWhy`)."""
    if isinstance(action, Draw):
        if action.card is Biome.VOID:
            return SoloReason(SoloWhy.DRAW_VOID, facts, card=action.card)
        return SoloReason(SoloWhy.DRAW_SEARCH, facts, card=action.card)
    if facts.over and facts.won:
        return SoloReason(SoloWhy.WINS, facts)
    if facts.corruption is not None:
        return SoloReason(SoloWhy.CORRUPTION, facts, strike=facts.corruption)
    claimed = [t for t, side in facts.counted if side == PLAYERS]
    if claimed:
        return SoloReason(SoloWhy.CLAIMS, facts, claimed[0])
    if facts.corruption_possible and facts.toward_after < CORRUPTION_AT:
        return SoloReason(SoloWhy.HOLDS_OFF, facts)
    shifted = _shift_reason(facts)
    if shifted is not None and shifted.why is SoloWhy.TAKES:
        return shifted
    if facts.hand_void_after < facts.hand_void_before and facts.infection is not None:
        return SoloReason(SoloWhy.SHEDS, facts, strike=facts.infection)
    if shifted is not None:
        return shifted
    if facts.void_territory is not None:
        return SoloReason(SoloWhy.VOID_PLACES, facts, facts.void_territory)
    if facts.ruin_space is not None:
        return SoloReason(SoloWhy.RUIN_SPACE, facts)
    if facts.moved_from is not None:
        return SoloReason(SoloWhy.MOVES_VOID_TOTEM, facts, facts.moved_to)
    if facts.exchanged is not None:
        return SoloReason(SoloWhy.EXCHANGES, facts, card=facts.exchanged)
    if isinstance(action, VoidSkip):
        return SoloReason(SoloWhy.VOID_SKIPS, facts, card=action.card)
    return SoloReason(SoloWhy.SEARCH, facts)


def explain_solo(state: GameState, seat: int, action: Action, planned: list[Action] | None = None) -> SoloReason:
    """The main reason `action` (and the rest of its step, `planned` first) is played for the players' side
    in a solo or co-op `state`; never changes it. Only what the seat may see decides it."""
    return reason_of(step_facts(state, seat, action, planned), action)

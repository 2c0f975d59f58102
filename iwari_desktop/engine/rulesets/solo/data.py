"""What the solo/co-op module remembers in `state.ext["vs-void"]`: pawn, Void cards, claims, the step queue.

Everything is plain data (ints, lists, dicts of ints) so cloning, saving and the digest cover it; the
step records (`events`) only serve screens and stay out of the digest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo.events import EventLog

KEY = "vs-void"
PLAYERS = "players"   # the side of the seats (one player, or both partners in co-op, S12)
VOID = "void"         # the Void's side
VOID_CARDS_PER_PILE = 3     # S2
PILES = 4                   # S2
CORRUPTION_AT = 4           # S6: Void cards above and in the display
CARDS_BESIDE_TO_END = 3     # S10
VOID_SETTLEMENT_WIN = 10    # S10 (8 on Floating Lands, S11)
SETTLEMENT = 4              # B17 / S8


@dataclass
class Claim:
    """A counted territory (S7): who controls it and the numbers that decided it.

    `virtual` is the side that gained the virtual totem (None on a tent tie); `when` is "filled",
    "corruption" or "end"; `turn` the game turn it was counted in.
    """

    side: str
    player_tents: int
    void_tents: int
    player_totems: int
    void_totems: int
    virtual: str | None
    when: str
    turn: int


@dataclass
class Placing:
    """A Place whose pieces the module puts one at a time in Phase.MODULE: the Void's (S4) or the player's
    free Place (S8). `biomes` are the payment biomes still unused (Forgotten Island ruins, P23)."""

    tribe: int
    territory: int
    pieces_left: int
    explored_at_start: bool
    biomes: list[int] = field(default_factory=list)
    void_cards: int = 0          # Void cards laid above the display with this Void action (S4)


@dataclass
class VoidData:
    """The solo/co-op module's memory (see the module docstring of `module`)."""

    pawn: int = 1                       # connection number under the Void pawn (S2)
    above: int = 0                      # Void cards laid above the display (S4)
    beside: int = 0                     # Void cards beside the board after Corruptions (S6)
    corruptions: int = 0
    infections: int = 0
    claims: dict[int, Claim] = field(default_factory=dict)   # territory -> claim (S7)
    steps: list[list[Any]] = field(default_factory=list)    # queued Void steps, first is next
    decision: list[Any] | None = None   # the pending decision: [kind, *data]
    placing: Placing | None = None
    action_done: bool = False           # the Void action of this turn is over (S4)
    marked: dict[str, list[int]] = field(default_factory=lambda: {PLAYERS: [], VOID: []})  # S8 spaces used
    discard_mark: int = 0               # discard size when the player action began (P24)
    moved: bool = False                 # the player action was a move (S9)
    moving: int | None = None           # the source territory of the move under way (S9)
    paid: list[int] = field(default_factory=list)   # biomes the player action paid (P24)
    outcome: Any = None                 # set once the game ends (outcome.VoidOutcome)
    log: list[str] = field(default_factory=list)   # one sentence per Void step (digest: no words, v2 in digest_v2)
    # what each step did, as data, for screens (events.py); last, and left out of the digest (Solo.data_json)
    events: EventLog = field(default_factory=EventLog)
    # A look-ahead copy (the bots' play-outs, the forecast's rehearsals) writes no sentences: its steps log
    # and record `counting.SILENT` instead of their words, which nobody reads there, and building them was
    # a tenth of the rules' work in a search. Not a field (never saved, compared or in the digest); an
    # instance's own True is kept by its clones (`__deepcopy__` copies `__dict__`).
    quiet: ClassVar[bool] = False

    def __deepcopy__(self, memo: dict) -> "VoidData":
        """A field-by-field copy: every search clones the state thousands of times a turn (the Expert's
        rollouts), and the generic deepcopy of this record was a third of that time. Claims and the
        outcome are never changed once made, and events are immutable, so those are shared."""
        twin = object.__new__(VoidData)          # copy.copy's generic __reduce_ex__ path was half of this copy's time
        twin.__dict__.update(self.__dict__)
        twin.claims = dict(self.claims)
        steps = self.steps
        twin.steps = [_plain(step) for step in steps] if steps else []
        decision = self.decision
        if decision is not None:
            twin.decision = _plain(decision)
        placing = self.placing
        if placing is not None:
            twin.placing = Placing(placing.tribe, placing.territory, placing.pieces_left, placing.explored_at_start,
                                   list(placing.biomes), placing.void_cards)
        marked = self.marked   # always the two sides, players first (the field's default; saves keep the order)
        twin.marked = ({PLAYERS: marked[PLAYERS][:], VOID: marked[VOID][:]} if len(marked) == 2
                       else {side: spaces[:] for side, spaces in marked.items()})   # a third the time of dict(zip(...))
        twin.paid = list(self.paid)
        twin.log = list(self.log)
        events = self.events
        twin.events = EventLog(list(events.items), events.total)
        return twin


def _plain(value: Any) -> Any:
    """A copy of a step record: nested lists copied, everything else (ints, strings, tuples) shared.

    A flat list (a decision is mostly `[kind]` or `[kind, ints...]`) is sliced: the same new list, at a
    fraction of the per-item calls."""
    if isinstance(value, list):
        for item in value:
            if isinstance(item, (list, dict)):
                return [_plain(item) for item in value]
        return value[:]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def data(state: GameState) -> VoidData:
    return state.ext[KEY]


def hush(state: GameState) -> None:
    """Make `state` (a look-ahead copy, never a played game) quiet: its Void steps write no sentences (`VoidData.quiet`)."""
    d = state.ext.get(KEY)
    if d is not None:
        d.quiet = True
        # Nor does it keep the game's words and records: nobody reads them there, and every clone of the copy
        # (a play-out's probes) then copies none. New records are still found by their number (`EventLog.since`).
        d.log = []
        d.events = EventLog([], d.events.total)

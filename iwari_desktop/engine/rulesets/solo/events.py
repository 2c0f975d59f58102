"""What each Void step did, as data: the record screens read instead of the step's sentence.

The module's `log` keeps one English sentence per step (a version 2 save digest covered its words; since
version 3 the digest holds none, and digest_v2.py rebuilds the old words for the old saves). A screen
that shows the steps one at a time needs to know *what* happened — which territory to light, which
piece appears on which space, where the pawn went — and reading that back out of
English sentences breaks as soon as a word changes (or the player reads German). So every step also
records a `VoidEvent`: its kind and the indices it concerns, beside the `Text` to show.

The records are not saved and not in the digest (`Solo.data_json` leaves them out): loading replays the
action log, which records them again. A pawn move has an event but no log sentence (the log never had
one), so `logged` is False for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.core.text import Text

# the kinds of event (the step that records each)
VOID_CARDS = "void-cards"        # Void cards laid above the display (S4); `toward` after them
REVEALED = "revealed"            # a Void card turned face up in the display (S3); `toward` after it
INFECTION = "infection"          # S5 at `connection`
CORRUPTION = "corruption"        # S6 at `connection`; `toward` the cards that set it off
TOTEM = "totem"                  # a Void totem for `territory`, standing on `on` (S5, S11)
RUIN = "ruin"                    # a ruin for `territory` on `space` (S5, P24)
COUNT = "count"                  # `territory` counted (S7); `side` controls it
PAWN = "pawn"                    # the pawn moved from `start` to `connection` (S5)
CORRUPT_CARDS = "corrupt-cards"  # one Void card beside the board, `beside` there now (S6)
VOID_BONUS = "void-bonus"        # the Void completed a settlement (S8)
VOID_PLACE = "void-place"        # the Void action places in `territory` (S4)
VOID_SKIP = "void-skip"          # the Void action skipped by a discard (S4)
FREE_PLACE = "free-place"        # the players' free Place in `territory` (S8)
HAND_ONLY = "hand-only"          # a hand of only Void cards skips the action (S3)
NO_CARD_LEFT = "no-card-left"    # the Void action skipped: the hand is empty after the player action (S4)
NOTHING_POSSIBLE = "nothing-possible"  # the Void action skipped: no card in the hand can be used for it (P55)
END = "end"                      # the game ends (S10)

# The kinds that record the player's own decision, not something the Void did: the player has just made
# it (and Recent moves tells it with the action), so a screen narrating the Void's steps leaves them out.
PLAYER_DECISIONS = frozenset({VOID_PLACE, VOID_SKIP, FREE_PLACE, HAND_ONLY})

EVENT_LIMIT = 80   # the rolling record keeps the latest events (one action's steps fit many times over)


SILENT = Text("")   # the sentence of every step of a quiet look-ahead copy (data.VoidData.quiet)


@dataclass(frozen=True)
class VoidEvent:
    """One Void step: its kind, what it concerns (None where it does not apply) and its sentence."""

    kind: str
    text: Text
    territory: int | None = None     # the territory the step acts on (infected, counted, placed in)
    piece: str | None = None         # "ruin" or "totem": the Void piece the step put down
    space: int | None = None         # the space of that ruin
    on: int | None = None            # the territory that totem stands on (the purple centre for another, S11)
    connection: int | None = None    # the Infection's / Corruption's connection, or where the pawn went
    start: int | None = None         # a pawn move: the connection it left
    toward: int | None = None        # Void cards above and in the display toward a Corruption after the step
    beside: int | None = None        # Void cards beside the board after the step
    displayed: int | None = None     # a Corruption's cards (S6): the Void cards it took out of the display
    side: str | None = None          # a count: "players" or "void"
    logged: bool = True              # its sentence is in the module's log (and Recent moves)

    def __deepcopy__(self, memo: dict) -> "VoidEvent":
        return self   # immutable: state clones share it


@dataclass
class EventLog:
    """The latest events and how many were ever recorded, so a reader finds the new ones by a number."""

    items: list[VoidEvent] = field(default_factory=list)
    total: int = 0

    def add(self, event: VoidEvent) -> None:
        self.items.append(event)
        self.total += 1
        if len(self.items) > EVENT_LIMIT:
            del self.items[0]

    def since(self, total: int) -> list[VoidEvent]:
        """The events recorded after the record held `total` (all it still has if more were dropped)."""
        new = self.total - total
        if new <= 0:
            return []
        return list(self.items[-new:]) if new <= len(self.items) else list(self.items)

    def clear(self) -> None:
        self.items.clear()

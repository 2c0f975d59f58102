"""The typed result of a solo or co-op game: the ONE place tools, screens and campaigns read it from.

`state.result` of a finished game against the Void is a `VoidOutcome` (a `GameResult`, so `returns()`
and the score command keep working: the seats are the winners when the side won, `players_lose`
otherwise). `outcome_of(state)` builds it from the claims at any moment (a game in progress gets
`won` None). Each territory's `TerritoryControl` says who controls it and why, in a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from iwari_desktop.engine.core.scoring import GameResult
from iwari_desktop.engine.core.state import GameState

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim, data
from iwari_desktop.engine.rulesets.solo.events import SILENT
from iwari_desktop.engine.core.text import Text, nN_
from iwari_desktop.i18n import N_

# why the game ended (state.end_reason) and why it was won or lost
END_ALL_COUNTED = "all-counted"          # S10: every territory counted
END_VOID_CONTROL = "void-control"        # S10/P27: the Void controls K territories
END_VOID_PIECES = "void-out-of-pieces"   # S10/P28: the Void had to place a piece it has not got
END_PLAYER_PIECES = "players-out-of-pieces"  # P28: a turn starts with no tents and no totems
END_CORRUPTIONS = "corruptions"          # S10: a third Void card beside the board
END_VOID_SETTLEMENT = "void-settlement"  # S10/S11: a Void settlement of 10 (8) ruins
END_VOID_TOTEMS = "void-totems"          # S11: the fifth Void totem on the purple centre
END_NO_CARDS = "no-cards"                # P27: no card left anywhere
WIN_HELD = "held"                        # the Void controls fewer than K territories
IMMEDIATE_LOSSES = frozenset({END_VOID_CONTROL, END_VOID_SETTLEMENT, END_VOID_TOTEMS})

# Why a game against the Void ended, and why it was won or lost: marked for translation (show with `_()`).
REASON_TEXT = {
    END_ALL_COUNTED: N_("every territory has been counted"),
    END_VOID_CONTROL: N_("the Void controls enough territories to win"),
    END_VOID_PIECES: N_("the Void had to place a piece it no longer has"),
    END_PLAYER_PIECES: N_("a player began a turn with no tents and no totems left"),
    END_CORRUPTIONS: N_("a third Void card lies beside the board after a Corruption"),
    END_VOID_SETTLEMENT: N_("the Void built a settlement big enough to win"),
    END_VOID_TOTEMS: N_("the Void placed its fifth totem on the purple centre"),
    END_NO_CARDS: N_("no card is left anywhere"),
    WIN_HELD: N_("the Void controls fewer territories than it needs"),
    "ruin-spaces": N_("the Void holds more ruin spaces than the players' tents there"),
    "purple-road": N_("the Void has more ruins than the players have tents on the purple road"),
}


def reason_text(reason: str | None, default: str = "") -> str:
    """REASON_TEXT of `reason` as a translatable Text (an unknown reason is shown as it is)."""
    if reason in REASON_TEXT:
        return Text(REASON_TEXT[reason])
    return reason or default


@dataclass(frozen=True)
class TerritoryControl:
    """One territory at the end: `side` is "players", "void" or None (never counted), `why` one sentence."""

    territory: int
    name: str
    side: str | None
    why: str
    when: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"territory": self.territory, "name": self.name, "side": self.side, "why": self.why,
                "when": self.when}


@dataclass(frozen=True)
class VoidOutcome(GameResult):
    """A game against the Void: won or lost, why, and who controls each territory (S7, S10)."""

    won: bool | None = None              # None while the game goes on
    end: str | None = None               # why the game ended (state.end_reason)
    reason: str | None = None            # why it was won or lost (an END_* / WIN_HELD / map reason)
    void_territories: int = 0
    player_territories: int = 0
    k: int = 3
    corruptions: int = 0                 # Corruptions that struck (S6), one the end cut short included
    beside: int = 0                      # Void cards beside the board (S6): one per Corruption carried through
    turns: int = 0                       # turns begun, the one the game ended in included (state.turn)
    territories: tuple[TerritoryControl, ...] = field(default_factory=tuple)

    @property
    def corruption_cut_short(self) -> bool:
        """The game ended during a Corruption, before its Void card went beside the board (S6, S10, P27)."""
        return self.corruptions > self.beside

    def to_json(self) -> dict[str, Any]:
        data_ = super().to_json()
        data_.update({"result": None if self.won is None else ("win" if self.won else "loss"), "end": self.end,
                      "reason": self.reason, "why": REASON_TEXT.get(self.reason or "", self.reason),
                      "void_territories": self.void_territories, "player_territories": self.player_territories,
                      "k": self.k, "corruptions": self.corruptions, "beside": self.beside, "turns": self.turns,
                      "territories": [t.to_json() for t in self.territories]})
        return data_


# Why a territory went to its side (S7): the pieces each side has, each number with its noun in the form
# that number takes ("1 tent against 3 ruins"; version 2 said "tents 1 against 3 ruins", digest_v2.py).
CLAIM_WORDS = N_("{tents} against {ruins}; {virtual}; {totems} against {void_totems}: {verdict}")


# The rule's "virtual totem" (S7: the side with more pieces there gains one more totem), said without the
# jargon a new player meets nowhere else; version 2 said "the player gains the virtual totem" (digest_v2.py).
VIRTUAL_WORDS = {
    (PLAYERS, False): N_("more pieces give the player an extra totem"),
    (PLAYERS, True): N_("more pieces give the players an extra totem"),
    (VOID, False): N_("more pieces give the Void an extra totem"),
    (VOID, True): N_("more pieces give the Void an extra totem"),
    ("", False): N_("equal pieces, so no extra totem"),
    ("", True): N_("equal pieces, so no extra totem"),
}


def claim_sentence(state: GameState, claim: Claim) -> str:
    """Why a counted territory went to its side, in words (S7)."""
    several = state.n_players > 1
    virtual = VIRTUAL_WORDS[(claim.virtual or "", several)]
    p = claim.player_totems + (claim.virtual == PLAYERS)
    v = claim.void_totems + (claim.virtual == VOID)
    if claim.side == PLAYERS:
        verdict = N_("the players control it") if several else N_("the player controls it")
    elif p == v:
        verdict = N_("a tie, and the Void wins every tie")
    else:
        verdict = N_("the Void controls it")
    return Text(CLAIM_WORDS, tents=Text(nN_("{count} tent", "{count} tents"), count=claim.player_tents),
                ruins=Text(nN_("{count} ruin", "{count} ruins"), count=claim.void_tents), virtual=Text(virtual),
                totems=Text(nN_("{count} totem", "{count} totems"), count=p),
                void_totems=Text(nN_("{count} totem", "{count} totems"), count=v), verdict=Text(verdict))


def k_of(state: GameState) -> int:
    """S10: Void territories that lose the game (option `k`; 3 solo, 1 co-op)."""
    return state.config.option("k", 1 if state.n_players > 1 else 3)


def outcome_of(state: GameState, end: str | None = None, reason: str | None = None,
               won: bool | None = None) -> VoidOutcome:
    """The outcome as it stands: claims, counts and (at the end) the verdict."""
    d = data(state)
    quiet = d.quiet   # a look-ahead copy: no sentence for why (data.VoidData.quiet)
    controls = []
    for t in state.board.territories:
        if not t.tent_spaces:
            continue
        claim = d.claims.get(t.index)
        if claim is None:
            controls.append(TerritoryControl(t.index, t.name, None, "not counted"))
        else:
            controls.append(TerritoryControl(t.index, t.name, claim.side,
                                             SILENT if quiet else claim_sentence(state, claim), claim.when))
    void_n = sum(1 for c in d.claims.values() if c.side == VOID)
    player_n = sum(1 for c in d.claims.values() if c.side == PLAYERS)
    seats = tuple(range(state.n_players))
    return VoidOutcome(totals=tuple(0 for _ in state.tribes), winners=seats if won else (),
                       decided_by="territories", players_lose=won is False, won=won, end=end, reason=reason,
                       void_territories=void_n, player_territories=player_n, k=k_of(state),
                       corruptions=d.corruptions, beside=d.beside, turns=state.turn,
                       territories=tuple(controls))


def verdict_text(outcome: VoidOutcome) -> str:
    """One line for an end screen: won or lost, and why."""
    return Text(N_("You win: {reason} (the Void controls {count}, it needs {needed})") if outcome.won
                else N_("You lose: {reason} (the Void controls {count}, it needs {needed})"), reason=reason_text(outcome.reason, str(outcome.reason)), count=outcome.void_territories,
                needed=outcome.k)

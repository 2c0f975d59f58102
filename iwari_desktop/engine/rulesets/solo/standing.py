"""Who holds each territory against the Void, and why: the verdict a count would give now (S7), as data.

Why: "am I winning?" is the question a person asks every turn against the Void, and the board answers
it per territory (hover: "counted now: you / the Void, because ...") and as two tallies against K. The
verdict of an open territory comes from `counting.control`, the very function the count itself uses,
so the answer on the board is the count's answer; a counted territory shows its recorded `Claim`
(claims never change, S7). No sentence is built here: `sentence` hands the scene the engine's own
`claim_sentence` Text, which it renders in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.core.text import Text

from iwari_desktop.engine.rulesets.solo.counting import control
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim, data
from iwari_desktop.engine.rulesets.solo.outcome import claim_sentence, k_of
from iwari_desktop.engine.rulesets.solo.sides import playable


class VerdictReason(Enum):
    """Why a territory goes to its side (S7): compare totems, the virtual totem included; ties to the Void."""

    PLAYERS_MORE_TOTEMS = "players-more-totems"   # the players have more totems (virtual included)
    VOID_MORE_TOTEMS = "void-more-totems"         # the Void has more totems (virtual included)
    TIE = "tie"                                   # as many totems each, at least one: the Void wins ties
    EMPTY = "empty"                               # no piece at all: a 0-0 tie, so the Void's


@dataclass(frozen=True)
class Verdict:
    """One territory's count: final (`counted`, from its claim) or "if counted now" (open).

    `virtual` is the side gaining the virtual totem for more tents/ruins (None on a tie);
    `player_totems`/`void_totems` are the totems on the board, `players_total`/`void_total` add the
    virtual one; `when` is the claim's "filled", "corruption" or "end" (None while open).
    """

    territory: int
    side: str
    reason: VerdictReason
    counted: bool
    player_tents: int
    ruins: int
    virtual: str | None
    player_totems: int
    void_totems: int
    when: str | None = None

    @property
    def players_total(self) -> int:
        return self.player_totems + (self.virtual == PLAYERS)

    @property
    def void_total(self) -> int:
        return self.void_totems + (self.virtual == VOID)

    @property
    def margin(self) -> int:
        """Totems the players lead by (negative: behind); the players need a margin of at least 1."""
        return self.players_total - self.void_total

    def as_claim(self, turn: int = 0) -> Claim:
        return Claim(self.side, self.player_tents, self.ruins, self.player_totems, self.void_totems, self.virtual,
                     self.when or "now", turn)


def _reason(side: str, pt: int, vt: int, p: int, v: int) -> VerdictReason:
    if side == PLAYERS:
        return VerdictReason.PLAYERS_MORE_TOTEMS
    if p == v:
        return VerdictReason.EMPTY if pt == vt == p == 0 else VerdictReason.TIE
    return VerdictReason.VOID_MORE_TOTEMS


def claim_verdict(territory: int, claim: Claim) -> Verdict:
    """The verdict a recorded claim gave (final)."""
    p = claim.player_totems + (claim.virtual == PLAYERS)
    v = claim.void_totems + (claim.virtual == VOID)
    return Verdict(territory, claim.side, _reason(claim.side, claim.player_tents, claim.void_tents, p, v), True,
                   claim.player_tents, claim.void_tents, claim.virtual, claim.player_totems, claim.void_totems,
                   claim.when)


def verdict(state: GameState, territory: int) -> Verdict:
    """The territory's claim if counted, else what a count now would decide (S7, `counting.control`)."""
    claim = data(state).claims.get(territory)
    if claim is not None:
        return claim_verdict(territory, claim)
    side, virtual, pt, vt, po, vo = control(state, territory)
    p = po + (virtual == PLAYERS)
    v = vo + (virtual == VOID)
    return Verdict(territory, side, _reason(side, pt, vt, p, v), False, pt, vt, virtual, po, vo)


def sentence(state: GameState, verdict_: Verdict) -> Text:
    """The engine's own sentence for the verdict ("tents 2 against 3 ruins; ...: the Void controls it")."""
    return claim_sentence(state, verdict_.as_claim(state.turn))


@dataclass(frozen=True)
class Standing:
    """Both tallies against K and every territory's verdict: counted ones final, open ones "if counted now".

    `leaning_players` / `leaning_void`: open territories each side would take if they were counted now.
    """

    verdicts: tuple[Verdict, ...]
    k: int

    @property
    def players(self) -> int:
        return sum(1 for v in self.verdicts if v.counted and v.side == PLAYERS)

    @property
    def void(self) -> int:
        return sum(1 for v in self.verdicts if v.counted and v.side == VOID)

    @property
    def open(self) -> tuple[int, ...]:
        return tuple(v.territory for v in self.verdicts if not v.counted)

    @property
    def leaning_players(self) -> tuple[int, ...]:
        return tuple(v.territory for v in self.verdicts if not v.counted and v.side == PLAYERS)

    @property
    def leaning_void(self) -> tuple[int, ...]:
        return tuple(v.territory for v in self.verdicts if not v.counted and v.side == VOID)

    @property
    def void_needs(self) -> int:
        """Territories the Void still needs to reach K (0: reached, the players have lost, P27)."""
        return max(0, self.k - self.void)

    def of(self, territory: int) -> Verdict:
        for v in self.verdicts:
            if v.territory == territory:
                return v
        raise KeyError(f"territory {territory} is never counted (no tent spaces, P22)")


def standing(state: GameState) -> Standing:
    """Every countable territory's verdict (P22: the purple centre is none) and K."""
    return Standing(tuple(verdict(state, t.index) for t in state.board.territories if playable(state, t.index)),
                    k_of(state))

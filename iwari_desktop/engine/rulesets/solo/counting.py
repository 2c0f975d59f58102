"""S7 counting: the side with more tents/ruins gains a virtual totem, more totems controls, ties to the Void.

A territory is counted when its last empty tent space fills, in a Corruption, or at the end; once
counted it is closed (`piece_veto`) and its claim never changes, even when S9 moves pieces out.
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.core.state import GameState

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim, data
from iwari_desktop.engine.rulesets.solo.events import COUNT, SILENT, VoidEvent
from iwari_desktop.engine.rulesets.solo.sides import playable, side_tents, side_totems
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_


def control(state: GameState, territory: int) -> tuple[str, str | None, int, int, int, int]:
    """(side, virtual-totem side, players' tents, ruins, players' totems, Void totems) if counted now."""
    pt, vt = side_tents(state, territory)
    po, vo = side_totems(state, territory)
    side, virtual = verdict(pt, vt, po, vo)
    return side, virtual, pt, vt, po, vo


def verdict(pt: int, vt: int, po: int, vo: int) -> tuple[str, str | None]:
    """S7 on the numbers: (side, virtual-totem side) for players' tents, ruins, players' totems, Void totems."""
    virtual = PLAYERS if pt > vt else VOID if vt > pt else None
    p = po + (virtual == PLAYERS)
    v = vo + (virtual == VOID)
    return (PLAYERS if p > v else VOID), virtual


def count(state: GameState, territory: int, when: str) -> Claim | None:
    """Count `territory` now (S7) unless it is counted already or never countable (P22); returns the claim."""
    d = data(state)
    if territory in d.claims or not playable(state, territory):
        return None
    side, virtual, pt, vt, po, vo = control(state, territory)
    claim = Claim(side, pt, vt, po, vo, virtual, when, state.turn)
    d.claims[territory] = claim
    name = state.board.territories[territory].name
    from iwari_desktop.engine.rulesets.solo.outcome import claim_sentence
    note(state, SILENT if d.quiet else Text(N_("{territory} is counted: {claim}."), territory=name,
                                             claim=claim_sentence(state, claim)),
         COUNT, territory=territory, side=side)
    return claim


def void_controls(state: GameState) -> int:
    return sum(1 for c in data(state).claims.values() if c.side == VOID)


LOG_LIMIT = 40


def note(state: GameState, sentence: Text, kind: str, shown: Text | None = None, **facts: Any) -> None:
    """Keep one sentence per Void step (the last LOG_LIMIT) and its event (events.py): what the step did,
    for the screens. `shown` replaces the sentence on screen where the logged wording (kept for logs and
    debugging) would mislead. Rewording a sentence is safe: the save digest holds no words (since version 3;
    a reworded logged sentence needs its version 2 words in digest_v2.py)."""
    d = data(state)
    log = d.log
    log.append(sentence)
    if len(log) > LOG_LIMIT:
        del log[0]
    d.events.add(VoidEvent(kind, shown if shown is not None else sentence, **facts))

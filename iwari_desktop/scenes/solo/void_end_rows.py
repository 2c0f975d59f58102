"""The rows of the end screen against the Void: for every territory, who controls it and why, in few words.

Read from the engine's claims (S7: more pieces, tents against ruins, count as one extra totem — the rule's
"virtual totem", said in plain words; more totems control, every tie goes to the Void) and its
`VoidOutcome`; nothing is recounted. A row says only what decided it:
an empty territory is just "empty", a tent count of none against none is left out, and a territory the
game ended before counting says so instead of a count it never had.
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.rulesets.solo.data import KEY, PLAYERS, VOID
from iwari_desktop.engine.rulesets.solo.outcome import VoidOutcome
from iwari_desktop.i18n import _, ngettext
from ..presenters.solo_words import claim_reasons, when_words


@dataclass(frozen=True)
class Row:
    territory: int
    name: str
    side: str | None      # "players", "void", or None (never counted)
    who: str
    why: str


def _you(players: int) -> str:
    return _("You") if players == 1 else _("You two")


def claim_words(claim, players: int) -> str:
    """Why a counted territory went to its side, in the fewest words that still show the count (the same
    words as the board's hover, `presenters/solo_words.py`), and when it was counted."""
    return _("{reasons} ({when})").format(reasons=claim_reasons(claim, players), when=when_words(claim.when))


def table_rows(state, outcome: VoidOutcome) -> list[Row]:
    """The players' territories first, then the Void's, then one row naming every territory never counted
    (an immediate loss ends the game before they are; `territory` -1, `side` None)."""
    players = state.n_players
    claims = state.ext[KEY].claims
    rows: list[Row] = []
    never: list[str] = []
    for control in outcome.territories:
        claim = claims.get(control.territory)
        if claim is None:
            never.append(control.name)
            continue
        who = _you(players) if claim.side == PLAYERS else _("The Void")
        rows.append(Row(control.territory, control.name, claim.side, who, claim_words(claim, players)))
    order = {PLAYERS: 0, VOID: 1}
    rows.sort(key=lambda r: (order[r.side], r.territory))
    if never:
        rows.append(Row(-1, ngettext("Not counted", "Not counted ({n})", len(never)).format(n=len(never)), None,
                        _("Nobody"), ngettext("the game ended before {names} was counted",
                                              "the game ended before these were counted: {names}",
                                              len(never)).format(names=", ".join(never))))
    return rows

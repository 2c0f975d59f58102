"""The rows of the end screen against the Void: for every territory, who controls it and why, in few words.

Read from the engine's claims (S7: tents against ruins give a virtual totem, more totems control, every
tie goes to the Void) and its `VoidOutcome`; nothing is recounted. A row says only what decided it:
an empty territory is just "empty", a tent count of none against none is left out, and a territory the
game ended before counting says so instead of a count it never had.
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.rulesets.solo.data import KEY, PLAYERS, VOID
from iwari_desktop.engine.rulesets.solo.outcome import VoidOutcome
from iwari_desktop.i18n import _, ngettext


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
    """Why a counted territory went to its side, in the fewest words that still show the count."""
    p = claim.player_totems + (claim.virtual == PLAYERS)
    v = claim.void_totems + (claim.virtual == VOID)
    when = {"filled": _("counted when full"), "corruption": _("counted in a Corruption"),
            "end": _("counted at the end")}.get(claim.when, "")
    if claim.player_tents == claim.void_tents == 0 and p == v == 0:
        return _("empty, and an empty territory goes to the Void ({when})").format(when=when)
    totems = _("totems {p} against {v}").format(p=p, v=v)
    if claim.player_tents or claim.void_tents:
        tents = ngettext("{p} tent", "{p} tents", claim.player_tents).format(p=claim.player_tents)
        ruins = ngettext("{v} ruin", "{v} ruins", claim.void_tents).format(v=claim.void_tents)
        if claim.virtual == PLAYERS:
            totems = _("{tents} against {ruins} give you the virtual totem; with it, {totems}").format(
                tents=tents, ruins=ruins, totems=totems)
        elif claim.virtual == VOID:
            totems = _("{tents} against {ruins} give the Void the virtual totem; with it, {totems}").format(
                tents=tents, ruins=ruins, totems=totems)
        else:
            totems = _("{tents} against {ruins}: no virtual totem; {totems}").format(
                tents=tents, ruins=ruins, totems=totems)
    if p == v:
        totems = _("{totems}, a tie, which goes to the Void").format(totems=totems)
    return _("{reasons} ({when})").format(reasons=totems, when=when)


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

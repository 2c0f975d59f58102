"""The Void's standing and forecast in words: why a territory goes to a side, both tallies, what the next
Infection or Corruption does, and what the Void cards being picked would set off (the live preview).

Why a module of its own: the board's purple box, the territory tooltip and the end screen's table
(`solo/void_end_rows.py`) all say why a territory goes to a side, and must say it the same way. Nothing is
decided here: every number comes from the engine's `forecast`/`standing` data (rulesets/solo/).
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID
from iwari_desktop.engine.rulesets.solo.events import RUIN, TOTEM
from iwari_desktop.engine.rulesets.solo.forecast import Strike, StrikeKind, VoidForecast, VoidPlayPreview
from iwari_desktop.engine.rulesets.solo.standing import Standing, Verdict
from ...i18n import _, ngettext, pgettext


def side_name(side: str, players: int) -> str:
    """"you" / "you two" / "the Void" as the one a territory goes to ("goes to {who}": German "an dich")."""
    if side == VOID:
        return pgettext("goes to", "the Void")
    return pgettext("goes to", "you") if players == 1 else pgettext("goes to", "you two")


def claim_reasons(claim: Any, players: int) -> str:
    """Why a territory goes (or went) to its side, in the fewest words that still show the count (S7).

    `claim`: an engine `Claim` (or a verdict's `as_claim()`). The extra totem for more pieces (the rule's
    "virtual totem") is said in plain words."""
    p = claim.player_totems + (claim.virtual == PLAYERS)
    v = claim.void_totems + (claim.virtual == VOID)
    if claim.player_tents == claim.void_tents == 0 and p == v == 0:
        return _("empty, and an empty territory goes to the Void")
    totems = _("totems {p} against {v}").format(p=p, v=v)
    if claim.player_tents or claim.void_tents:
        tents = ngettext("{p} tent", "{p} tents", claim.player_tents).format(p=claim.player_tents)
        ruins = ngettext("{v} ruin", "{v} ruins", claim.void_tents).format(v=claim.void_tents)
        if claim.virtual == PLAYERS:
            extra = _("{tents} against {ruins}: more pieces give you an extra totem; with it, {totems}")
        elif claim.virtual == VOID:
            extra = _("{tents} against {ruins}: more pieces give the Void an extra totem; with it, {totems}")
        else:
            extra = _("{tents} against {ruins}: equal, so no extra totem; {totems}")
        totems = extra.format(tents=tents, ruins=ruins, totems=totems)
    if p == v:
        totems = _("{totems}, a tie, which goes to the Void").format(totems=totems)
    return totems


def when_words(when: str | None) -> str:
    return {"filled": _("counted when full"), "corruption": _("counted in a Corruption"),
            "end": _("counted at the end")}.get(when or "", "")


def verdict_note(verdict: Verdict, players: int) -> list[str]:
    """The territory tooltip's lines: "Counted now, it would go to the Void, because:" (open) or the final
    count, then the reasons on a line of their own (a tooltip stays narrow)."""
    reasons = claim_reasons(verdict.as_claim(), players)
    who = side_name(verdict.side, players)
    if verdict.counted:
        head = _("Counted ({when}), it went to {who}, because:").format(when=when_words(verdict.when), who=who)
    else:
        head = _("Counted now, it would go to {who}, because:").format(who=who)
    return [head, reasons[:1].upper() + reasons[1:]]


def tally_line(standing: Standing, players: int) -> str:
    """Both tallies with what is still open: "You hold 2 · 7 still open: counted now, 3 yours, 4 the Void's"."""
    held = (_("You hold {n}") if players == 1 else _("You two hold {n}")).format(n=standing.players)
    open_ = len(standing.open)
    if not open_:
        return _("{held} · nothing left open").format(held=held)
    words = (ngettext("{held} · {n} open: now {mine} yours, {void} the Void's",
                      "{held} · {n} open: now {mine} yours, {void} the Void's", open_) if players == 1 else
             ngettext("{held} · {n} open: now {mine} yours (both), {void} the Void's",
                      "{held} · {n} open: now {mine} yours (both), {void} the Void's", open_))
    return words.format(
        held=held, n=open_, mine=len(standing.leaning_players), void=len(standing.leaning_void))


def _piece(state: Any, strike: Strike, territory: int) -> str:
    hit = strike.hit(territory)
    name = state.board.territories[territory].name
    if hit is None or hit.piece is None:
        return _("{territory}: nothing (no room)").format(territory=name)
    if hit.piece == TOTEM:
        if hit.on is not None and hit.on != territory:
            return _("{territory}: a Void totem (onto {on})").format(territory=name,
                                                                    on=state.board.territories[hit.on].name)
        return _("{territory}: a Void totem").format(territory=name)
    if hit.piece == RUIN:
        return _("{territory}: a ruin (marked)").format(territory=name)
    return name


def pieces_words(state: Any, strike: Strike) -> str:
    """Where the strike's pieces go: "Ashen Isle: a Void totem · Redscar Plateau: a ruin (marked)"."""
    return " · ".join(_piece(state, strike, t) for t in strike.targets) or _("nothing left to hit")


def counts_words(state: Any, verdicts: tuple[Verdict, ...], players: int) -> str:
    """Who wins each counted territory: "both go to the Void" or "Ashen Isle to you, Redscar Plateau to the Void"."""
    names = state.board.territories
    if not verdicts:
        return _("nothing left to count")
    sides = {v.side for v in verdicts}
    if len(verdicts) == 1:
        return _("it goes to {who}").format(who=side_name(verdicts[0].side, players))
    if len(verdicts) == 2 and len(sides) == 1:
        return _("both go to {who}").format(who=side_name(verdicts[0].side, players))
    return ", ".join(_("{territory} to {who}").format(territory=names[v.territory].name,
                                                      who=side_name(v.side, players)) for v in verdicts)


def _counted_names(state: Any, verdicts: tuple[Verdict, ...]) -> str:
    names = [state.board.territories[v.territory].name for v in verdicts]
    return _("{a} and {b}").format(a=names[0], b=names[1]) if len(names) == 2 else ", ".join(names)


def end_words(strike: Strike, players: int) -> str:
    if strike.end is None:
        return ""
    if strike.won:
        return _("and the game ends: you win") if players == 1 else _("and the game ends: you two win")
    return _("and the game ends: the Void wins")


def forecast_lines(state: Any, fc: VoidForecast, players: int) -> list[str]:
    """The box's forecast: the next strike and its pieces, then what a Corruption would count now."""
    if fc.next_is_corruption:
        head = _("Next Void card: a Corruption at connection {n}").format(n=fc.connection)
    else:
        head = _("Next Void card: an Infection at connection {n}").format(n=fc.connection)
    lines = [_("{head} — {pieces}").format(head=head, pieces=pieces_words(state, fc.next))]
    counted = fc.corruption.corruption_counts
    if counted:
        names, verdicts = _counted_names(state, counted), counts_words(state, counted, players)
        if fc.missing:   # how many more cards it takes, said as a sentence (not "4 Void cards missing")
            lines.append(ngettext("A Corruption needs {n} more Void card; it would count {names} now — {verdicts}",
                                  "A Corruption needs {n} more Void cards; it would count {names} now — {verdicts}",
                                  fc.missing).format(n=fc.missing, names=names, verdicts=verdicts))
        else:
            lines.append(_("Enough Void cards for a Corruption: it would count {names} now — {verdicts}").format(
                names=names, verdicts=verdicts))
    return lines


def pending_line() -> str:
    """The forecast box while a strike under way waits for the player's choice: nothing ahead of it."""
    return _("The Void's move is not finished: it waits for your choice. Its next move is forecast once this "
             "one is done.")


def preview_line(state: Any, preview: VoidPlayPreview, players: int, with_place: bool) -> str:
    """The live preview while Void cards are picked: what laying them sets off, in one sentence."""
    n = preview.play.void_cards
    lay = ngettext("Laying this Void card makes {after} of {limit}", "Laying these {n} Void cards makes {after} of {limit}",
                   n).format(n=n, after=min(preview.toward_after, preview.corruption_at), limit=preview.corruption_at)
    strike = preview.strike
    if strike is None:
        return lay
    if strike.kind is StrikeKind.CORRUPTION:
        counted = strike.corruption_counts
        what = (_("{lay}: a Corruption counts {names} now — {verdicts}").format(
            lay=lay, names=_counted_names(state, counted), verdicts=counts_words(state, counted, players))
            if counted else _("{lay}: a Corruption ({pieces})").format(lay=lay, pieces=pieces_words(state, strike)))
    else:
        what = _("{lay}: an Infection ({pieces})").format(lay=lay, pieces=pieces_words(state, strike))
    end = end_words(strike, players)
    if end:
        what = f"{what} {end}"
    if with_place:
        what = _("{what} (after your Place for the Void, as the board stands now)").format(what=what)
    return what

"""The solo/co-op hint's reason in words: the facts the engine read back from the rules, named.

`engine/bots/explain_solo.py` plays the hinted step on the seat's public copy and hands over what it
did (the Void cards toward a Corruption, the strikes it set off and what they counted, the territory
whose standing changed, the next strike's territories). Each sentence here states exactly one of
those facts with the territories' names, so nothing is said that was not computed; a test plays the
step and checks each claim (tests/engine/bots/test_hint_claims.py). Every sentence is one whole
message with named placeholders, so German can order it freely.
"""

from __future__ import annotations

from iwari_desktop.engine.bots.explain_solo import SoloReason, SoloWhy, Strike
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT, PLAYERS
from iwari_desktop.engine.rulesets.solo.events import CORRUPTION
from iwari_desktop.i18n import _, ngettext
from ..ui.terms import biome_name


def _name(state: GameState, territory: int) -> str:
    return state.board.territories[territory].name


def _both(state: GameState, territories: tuple[int, ...]) -> str:
    """"Ashen Isle and Redscar Plateau" (or the one name)."""
    names = [_name(state, t) for t in territories]
    if len(names) == 1:
        return names[0]
    return _("{first} and {second}").format(first=", ".join(names[:-1]), second=names[-1])


def _counts(state: GameState, strike: Strike) -> str:
    """"Ashen Isle for you and Redscar Plateau for the Void"."""
    parts = [(_("{territory} for you") if side == PLAYERS else _("{territory} for the Void")).format(
        territory=_name(state, territory)) for territory, side in strike.counted]
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {second}").format(first=", ".join(parts[:-1]), second=parts[-1])


def _threat(state: GameState, reason: SoloReason) -> str:
    """"; the next Infection strikes Ashen Isle" when the territory named is among the next strike's."""
    if reason.threat is None or reason.territory is None:
        return ""
    name = _name(state, reason.territory)
    if reason.threat == CORRUPTION:
        return _("; the next Corruption would count {territory}").format(territory=name)
    return _("; the next Infection strikes {territory}").format(territory=name)


def _corruption(state: GameState, reason: SoloReason) -> str:
    strike = reason.strike
    if strike is None or not strike.counted:
        return _("sets off a Corruption now")
    return _("sets off a Corruption now, which counts {counts}").format(counts=_counts(state, strike))


def _holds_off(state: GameState, reason: SoloReason) -> str:
    facts = reason.facts
    assert facts is not None
    if not facts.corruption_targets:
        return _("keeps the Void cards at {count} of {limit}, so no Corruption comes now").format(
            count=facts.toward_after, limit=CORRUPTION_AT)
    return _("keeps the Void cards at {count} of {limit}, so no Corruption counts {territories} now").format(
        count=facts.toward_after, limit=CORRUPTION_AT, territories=_both(state, facts.corruption_targets))


def _sheds(state: GameState, reason: SoloReason) -> str:
    facts = reason.facts
    assert facts is not None and reason.strike is not None
    n = facts.hand_void_before - facts.hand_void_after
    return ngettext("gets {count} Void card out of your hand; the Infection it sets off strikes {territories}",
                    "gets {count} Void cards out of your hand; the Infection they set off strikes {territories}",
                    n).format(count=n, territories=_both(state, reason.strike.targets))


def _draw(state: GameState, reason: SoloReason) -> str:
    facts = reason.facts
    if reason.why is SoloWhy.DRAW_VOID and facts is not None:
        return _("takes a Void card out of the display: {count} of {limit} toward a Corruption until the display "
                 "is refilled").format(count=facts.toward_after, limit=CORRUPTION_AT)
    if reason.card is None and facts is not None and facts.draw_display_idle:
        return _("no card in the display lets your hand pay for more pieces anywhere; the deck's top card may")
    if reason.card is None:
        return _("the Expert's look at the refill found no display card better than a blind draw")
    if facts is not None and facts.draw_territory is not None:
        values = {"card": biome_name(reason.card), "territory": _name(state, facts.draw_territory),
                  "after": facts.draw_pieces_after, "before": facts.draw_pieces_before}
        side = facts.draw_side == PLAYERS
        if facts.draw_pieces_before:
            text = ngettext("with a {card} card your hand pays for {after} piece in {territory} instead of {before}",
                            "with a {card} card your hand pays for {after} pieces in {territory} instead of {before}",
                            facts.draw_pieces_after)
        else:
            text = ngettext("with a {card} card your hand pays for {after} piece in {territory}",
                            "with a {card} card your hand pays for {after} pieces in {territory}",
                            facts.draw_pieces_after)
        where = _("; counted now, it would be yours") if side else _("; counted now, it would go to the Void")
        return text.format(**values) + where
    return _("the Expert's look at the refill favours a {card} card").format(card=biome_name(reason.card))


def _void_pieces(facts) -> str:
    """"2 ruins", "a Void totem", "1 ruin and a Void totem"."""
    parts = []
    if facts.void_ruins:
        parts.append(ngettext("{count} ruin", "{count} ruins", facts.void_ruins).format(count=facts.void_ruins))
    if facts.void_totems:
        parts.append(ngettext("{count} Void totem", "{count} Void totems", facts.void_totems).format(
            count=facts.void_totems))
    if not parts:
        return _("no piece")
    return parts[0] if len(parts) == 1 else _("{first} and {second}").format(first=parts[0], second=parts[1])


def _void_place(state: GameState, reason: SoloReason) -> str:
    """Where a Void action's pieces go and what that does to their territory (S4, S7: ties go to the Void)."""
    facts = reason.facts
    assert facts is not None and facts.void_territory is not None
    values = {"pieces": _void_pieces(facts), "territory": _name(state, facts.void_territory)}
    if not facts.void_ruins and not facts.void_totems and facts.ruin_space is not None and facts.ruin_space_void:
        return _ruin_space(state, facts)   # P23: the Void action's ruin went on a ruin space, not in the territory
    if not facts.void_ruins and not facts.void_totems:   # a choice that puts no Void piece there itself
        if facts.void_counted:
            side = _("for you") if facts.void_side_after == PLAYERS else _("for the Void")
            return _("{territory} is counted now, {side}").format(territory=values["territory"], side=side)
        if facts.void_side_after == PLAYERS:
            return _("{territory} would still count for you").format(territory=values["territory"])
        return _("{territory} would count for the Void if counted now").format(territory=values["territory"])
    if facts.void_counted:
        if facts.void_side_after == PLAYERS:
            return _("puts the Void's {pieces} in {territory}, which fills it: counted for you").format(**values)
        return _("puts the Void's {pieces} in {territory}, which fills it: counted for the Void").format(**values)
    if facts.void_side_after == PLAYERS:
        return _("puts the Void's {pieces} in {territory}, which would still count for you").format(
            **values)
    if facts.void_side_before == PLAYERS:
        return _("puts the Void's {pieces} in {territory}, which would now count for the Void").format(**values)
    return _("puts the Void's {pieces} in {territory}, which would count for the Void anyway, not in a "
             "territory you lead").format(**values)


def _between(state: GameState, space: int) -> str:
    """"the ruin space between Ashen Isle and Redscar Plateau" (E3: a ruin space lies on a connection)."""
    number = state.board.spaces[space].connection
    connection = state.board.connections_by_number.get(number) if number is not None else None
    if connection is None:
        return _("a ruin space")
    a, b = connection.territories
    return _("the ruin space between {a} and {b}").format(a=_name(state, a), b=_name(state, b))


def _ruin_space(state: GameState, facts) -> str:
    """Your tent or the Void's ruin on a ruin space, and the count S11 compares at the end."""
    values = {"space": _between(state, facts.ruin_space), "ruins": facts.ruin_spaces_void,
              "tents": facts.ruin_spaces_players}
    if facts.ruin_space_void and facts.void_territory is not None:   # P23: the ruin goes there instead
        return _("puts the Void's ruin on {space} instead of in {territory}: the Void's ruins on ruin spaces are now "
                 "{ruins} against your {tents} tents there (more ruins at the end win for the Void)").format(
            territory=_name(state, facts.void_territory), **values)
    if facts.ruin_space_void:
        return _("puts the Void's ruin on {space}, in no territory: the Void's ruins on ruin spaces are now {ruins} "
                 "against your {tents} tents there (more ruins at the end win for the Void)").format(**values)
    return _("puts your tent on {space}: your tents on ruin spaces are now {tents} against the Void's {ruins} ruins "
             "there (more ruins at the end win for the Void)").format(**values)


def _moves_void_totem(state: GameState, reason: SoloReason) -> str:
    """E5 in solo: a Void totem brought out of the centre, what is left there, and the destination's side."""
    facts = reason.facts
    assert facts is not None and facts.moved_from is not None and facts.moved_to is not None
    side = _("for you") if facts.moved_side_after == PLAYERS else _("for the Void")
    values = {"source": _name(state, facts.moved_from), "territory": _name(state, facts.moved_to),
              "left": facts.moved_left, "win": facts.moved_win or 0, "side": side}
    if facts.moved_win:
        return _("brings a Void totem out of {source}, leaving {left} there ({win} there win the game for the Void); "
                 "{territory} would count {side} if counted now").format(**values)
    return _("brings a Void totem out of {source}, leaving {left} there; {territory} would count {side} if counted "
             "now").format(**values)


def _exchange(reason: SoloReason) -> str:
    facts = reason.facts
    card = biome_name(reason.card) if reason.card is not None else ""
    if facts is not None and facts.exchange_unpaid:
        return _("discards your {card} card, which pays for no territory you can place in now: no piece goes down "
                 "and no territory changes").format(card=card)
    return _("discards your {card} card instead of placing: no piece goes down, so no territory changes now").format(
        card=card)


def _no_strike(reason: SoloReason) -> str:
    """"; no Void card is laid, so nothing strikes now (2 of 4 toward a Corruption)" for a Void action that lays none."""
    facts = reason.facts
    if facts is None or facts.strikes or facts.toward_after != facts.toward_before:
        return ""
    return _("; no Void card is laid, so nothing strikes now ({count} of {limit} toward a Corruption)").format(
        count=facts.toward_after, limit=CORRUPTION_AT)


def solo_reason_text(state: GameState, reason: SoloReason) -> str:
    """The reason as a phrase (no point count: these are facts, not an estimate); a Void action's Place adds where
    the Void's pieces go."""
    text = _solo_reason_text(state, reason)
    facts = reason.facts
    if reason.why is not SoloWhy.VOID_PLACES and facts is not None and facts.void_territory is not None:
        text += "; " + _void_place(state, reason)
    return text


def _solo_reason_text(state: GameState, reason: SoloReason) -> str:
    why = reason.why
    place = _name(state, reason.territory) if reason.territory is not None else ""
    if why is SoloWhy.WINS:
        return _("wins the game against the Void")
    if why is SoloWhy.CORRUPTION:
        return _corruption(state, reason)
    if why is SoloWhy.CLAIMS:
        return _("fills {territory}, which counts for you").format(territory=place)
    if why is SoloWhy.HOLDS_OFF:
        return _holds_off(state, reason)
    if why is SoloWhy.TAKES:
        return _("{territory} would now count for you instead of the Void").format(territory=place) + _threat(
            state, reason)
    if why is SoloWhy.SHEDS:
        return _sheds(state, reason)
    if why is SoloWhy.WIDENS:
        return _("widens your lead in {territory}").format(territory=place) + _threat(state, reason)
    if why is SoloWhy.NARROWS:
        return _("narrows the Void's lead in {territory}").format(territory=place) + _threat(state, reason)
    if why in (SoloWhy.DRAW_VOID, SoloWhy.DRAW_SEARCH):
        return _draw(state, reason)
    if why is SoloWhy.VOID_PLACES:
        return _void_place(state, reason) + _no_strike(reason)
    if why is SoloWhy.RUIN_SPACE and reason.facts is not None and reason.facts.ruin_space is not None:
        return _ruin_space(state, reason.facts) + (_no_strike(reason) if reason.facts.ruin_space_void else "")
    if why is SoloWhy.MOVES_VOID_TOTEM and reason.facts is not None and reason.facts.moved_from is not None:
        return _moves_void_totem(state, reason)
    if why is SoloWhy.EXCHANGES:
        return _exchange(reason)
    if why is SoloWhy.VOID_SKIPS:
        return _("discards a {card} card instead: no Void piece goes down and no Void card is laid now").format(
            card=biome_name(reason.card) if reason.card is not None else "")
    return _("the Expert's play-outs to the end of the game favour this choice")

"""The hint's line in words: the move, then its main reason ("+4: takes the tent majority in Redscar Plateau").

The reason itself is worked out by the engine (`engine/bots/explain.py`) as a named cause with ids;
this module only words it, in our own sentences, each a whole translatable message with named
placeholders. Against other tribes the reason starts with the points it gains (margin points over
the strongest rival on the computers' estimate). Against the Void the words are in
`hint_words_solo.py`: they state facts the engine read back from the rules, never a point count.
"""

from __future__ import annotations

from iwari_desktop.engine.bots.explain import Reason, Why
from iwari_desktop.engine.bots.explain_solo import SoloReason
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.i18n import N_, _, ngettext
from ..ui.terms import biome_name
from .hint_words_solo import solo_reason_text

# a rule module's own final points, by its score line category (the scoring screen's categories)
CATEGORY_WORDS = {"long-road": N_("the Long Road"), "ruins": N_("the ruins"), "expedition": N_("the expeditions"),
                  "half": N_("the half-journey scoring")}


def gain_text(gain: float) -> str:
    """"+4", "-2", or "+0.5" for a part credit under one point."""
    whole = round(gain)
    return f"{whole:+d}" if whole != 0 else f"{gain:+.1f}"


def _territory(state: GameState, territory: int | None) -> str:
    if territory is None:
        return _("a territory")
    return state.board.territories[territory].name


def _connection(state: GameState, number: int | None) -> tuple[str, str]:
    connection = state.board.connections_by_number.get(number) if number is not None else None
    if connection is None:
        return _("one territory"), _("another")
    a, b = connection.territories
    return state.board.territories[a].name, state.board.territories[b].name


def reason_text(state: GameState, reason: Reason) -> str:
    """The reason as a phrase; multiplayer reasons start with their gain."""
    why = reason.why
    place = _territory(state, reason.territory)
    rival = state.tribes[reason.rival].name if reason.rival is not None else _("a rival")
    card = biome_name(reason.card) if reason.card is not None else ""
    a, b = _connection(state, reason.connection)
    if why is Why.LEAST_HARM and reason.gain <= 0:
        return _("every move helps a rival a little; this one helps them least")
    if why is Why.DRAW_BLIND:
        return _("no card in the display is worth more than a blind draw")
    if why is Why.KEEPS_HAND:
        return _("no placement pays now; a new card may")
    if why is Why.THIRD_TRIBE:
        return _("puts the third tribe where it helps your rivals least")
    gain = gain_text(reason.gain)
    words = {
        Why.TAKES_MAJORITY: _("{gain}: takes the tent majority in {territory}"),
        Why.TIES_MAJORITY: _("{gain}: draws level for the tent majority in {territory}"),
        Why.ADDS_TENTS: _("{gain}: more of your tents in {territory}"),
        Why.RAISES_TENTS: _("{gain}: makes your tents in {territory} worth more"),
        Why.BREAKS_MAJORITY: _("{gain}: ends {rival}'s tent majority in {territory}"),
        Why.COSTS_RIVAL: _("{gain}: your strongest rival's tents in {territory} are worth less"),
        Why.WINS_LINK: _("{gain}: wins the totem link between {a} and {b}"),
        Why.RAISES_LINK: _("{gain}: makes your totem link between {a} and {b} worth more"),
        Why.BREAKS_LINK: _("{gain}: blocks {rival}'s totem link between {a} and {b}"),
        Why.PREPARES_LINK: _("{gain}: prepares a totem link between {a} and {b}"),
        Why.BUILDS_GROUP: _("{gain}: builds toward a settlement"),
        Why.SCORES_NOW: _("{gain}: scores points at once"),
        Why.DRAW_OPENS: _("{gain}: a {card} card pays for a tent in {territory} next turn"),
        Why.DRAW_PAIR: _("{gain}: a second {card} card makes a pair, which pays anywhere"),
        Why.LEAST_HARM: _("{gain}: the best of what your cards allow"),
    }
    if why is Why.COMPLETES_SETTLEMENT:
        return ngettext("{gain}: completes a settlement of {size} tent", "{gain}: completes a settlement of {size} tents",
                        reason.size).format(gain=gain, size=reason.size)
    if why is Why.GROWS_SETTLEMENT:
        return ngettext("{gain}: grows your settlement to {size} tent", "{gain}: grows your settlement to {size} tents",
                        reason.size).format(gain=gain, size=reason.size)
    if why is Why.MODULE_POINTS:
        what = _(CATEGORY_WORDS[reason.category]) if reason.category in CATEGORY_WORDS else reason.category
        return _("{gain}: points for {what}").format(gain=gain, what=what)
    text = words.get(why, _("{gain}: the best of what your cards allow"))
    return text.format(gain=gain, territory=place, rival=rival, a=a, b=b, card=card)


def hint_line(state: GameState, move: str, reason: Reason | SoloReason) -> str:
    """The whole hint: who suggests it, the move (a narration phrase such as "plays ... in ..."), why."""
    if isinstance(reason, SoloReason):
        return _("Hint: the Expert {move} — {reason}.").format(move=move, reason=solo_reason_text(state, reason))
    return _("Hint: a Hard computer {move} — {reason}.").format(move=move, reason=reason_text(state, reason))

"""The Void's steps, run in order from a queue until one needs a decision (S3-S8).

A step is a small list `[kind, *args]` in `VoidData.steps`. `drive` runs steps until a decision is
pending (`VoidData.decision`) or the queue is empty; the module then holds the game (Phase.MODULE)
or lets play go on. Choices the rules leave to the player are decisions unless the option
`auto_void_ties` is set, when P56's fixed rule settles them: the lower territory index first, the
lowest-numbered closest space, the lowest-numbered territory for a settlement bonus.

| step | does |
|---|---|
| `["void-action"]` | S4: offer the Void action (skipped with an empty hand or nothing possible, P55) |
| `["pieces"]` | the next piece of the module's pending Place (Void or free Place) |
| `["void-cards", n]` | S4: the n Void cards laid above the display set off one Infection or a Corruption (S6) |
| `["revealed"]` | S3: a Void card turned face up: an Infection, or a Corruption at 4 (S6) |
| `["infect", corruption]` | S5/S6: the pawn's territories, in the order chosen (P21) |
| `["place", t, why]` | S5: a Void totem if the cap allows, else a ruin on the closest space |
| `["ruin", t]` | P24: one ruin by S5's closest-space rule (Floating Lands) |
| `["count", t]` | S6: count a territory in a Corruption |
| `["pawn"]` | S5: move the pawn on |
| `["corrupt-cards"]` | S6: one Void card beside the board, the rest shuffled into the deck; a third ends (S10) |
| `["void-bonus", spaces]` | S8: the Void's free placement for a new settlement |
| `["free-place", spaces]` | S8: the players' free Place for a new settlement |
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.core.actions import Action, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.primitives import put_tent, put_totem
from iwari_desktop.engine.core.state import GameState, Phase

import iwari_desktop.engine.rulesets.solo.maprules as maprules
from iwari_desktop.engine.rulesets.solo.actions import Decline, FreePlace, VoidChoice, VoidPlay, VoidSkip
from iwari_desktop.engine.rulesets.solo.counting import SILENT, count, note   # SILENT: events.py
from iwari_desktop.engine.rulesets.solo.data import CARDS_BESIDE_TO_END, CORRUPTION_AT, data
from iwari_desktop.engine.rulesets.solo.end import after_count, finish
from iwari_desktop.engine.rulesets.solo.events import (
    CORRUPT_CARDS, CORRUPTION, FREE_PLACE, INFECTION, NO_CARD_LEFT, NOTHING_POSSIBLE, REVEALED, RUIN as RUIN_EVENT,
    TOTEM as TOTEM_EVENT, VOID_BONUS, VOID_CARDS, VOID_PLACE, VOID_SKIP, VoidEvent,
)
from iwari_desktop.engine.rulesets.solo.infection import (
    TOTEM, advance_pawn, closest_spaces, fix_pawn, nearest_ruin, piece_for, targets, totem_destination,
)
from iwari_desktop.engine.rulesets.solo.outcome import END_CORRUPTIONS, END_VOID_PIECES, END_VOID_TOTEMS
from iwari_desktop.engine.rulesets.solo.settlements import player_bonus_territories, void_bonus_territories
from iwari_desktop.engine.rulesets.solo.sides import is_counted
from iwari_desktop.engine.rulesets.solo.void_action import (
    free_place_options, has_piece_choice, has_void_action, piece_choices, start_free_place, start_void_place,
    void_action_options,
)
from iwari_desktop.engine.core.rules import pay_from_hand
from iwari_desktop.engine.core.text import Text, nN_
from iwari_desktop.i18n import N_


def auto(state: GameState) -> bool:
    return bool(state.config.option("auto_void_ties", False))


def name(state: GameState, territory: int) -> str:
    return state.board.territories[territory].name


def void_in_display(state: GameState) -> int:
    return state.display.count(Biome.VOID)


def drive(state: GameState) -> bool:
    """Run queued steps until a decision is pending (True) or none is left / the game ended (False)."""
    d = data(state)
    while d.decision is None:
        if state.phase is Phase.GAME_OVER:
            return False
        if not d.steps:
            fix_pawn(state)   # rulebook: a pawn left on two counted territories passes on
            return False
        step = d.steps.pop(0)
        _STEPS[step[0]](state, *step[1:])
    return state.phase is not Phase.GAME_OVER


def push_front(state: GameState, *steps: list[Any]) -> None:
    data(state).steps[0:0] = [list(s) for s in steps]


# ---- the steps ---------------------------------------------------------------------------------

def _void_action(state: GameState) -> None:
    d = data(state)
    if has_void_action(state):
        d.decision = ["action"]
        return
    d.action_done = True
    # An event only (not logged: the module log and the save digest stay as they were), so the screens can say
    # why the turn goes on without a Void action.
    if state.hands[state.active_seat]:
        d.events.add(VoidEvent(NOTHING_POSSIBLE, SILENT if d.quiet else Text(
            N_("No card in the hand can be played for the Void, and none may be discarded to skip: the Void action "
               "is skipped.")), logged=False))
    else:
        d.events.add(VoidEvent(NO_CARD_LEFT, SILENT if d.quiet else Text(
            N_("No card is left in the hand for the Void action, so it is skipped this turn.")), logged=False))


def _pieces(state: GameState) -> None:
    d = data(state)
    p = d.placing
    if p is None:
        return
    if p.pieces_left <= 0 or state.phase is Phase.GAME_OVER:
        d.placing = None
        return
    if not has_piece_choice(state):  # nothing fits any more (its territory closed mid-action, S7): given up
        d.placing = None
        return
    d.decision = ["pieces"]


# Logged sentences with a number, each in its singular and plural (their version 2 wording: digest_v2.py).
BESIDE_WORDS = nN_("One Void card goes beside the board ({beside} of {limit}); {count} is shuffled into the deck.",
                   "One Void card goes beside the board ({beside} of {limit}); {count} are shuffled into the deck.")
FREE_PLACE_WORDS = nN_("A new settlement: a free Place of {count} piece in {territory}.",
                       "A new settlement: a free Place of {count} pieces in {territory}.")


def _void_cards(state: GameState, n: int) -> None:
    d = data(state)
    toward = d.above + void_in_display(state)
    shown = None
    if toward > CORRUPTION_AT and not d.quiet:   # the log keeps "(5 of 4 ...)"; the screens say it right
        shown = Text(nN_("{count} Void card laid above the display: {above} Void cards, and {limit} already set off "
                         "a Corruption.",
                         "{count} Void cards laid above the display: {above} Void cards, and {limit} already set off "
                         "a Corruption."), count=n, above=toward, limit=CORRUPTION_AT)
    note(state, SILENT if d.quiet else Text(
        nN_("{count} Void card laid above the display ({above} of {limit} toward a Corruption).",
            "{count} Void cards laid above the display ({above} of {limit} toward a Corruption)."),
        count=n, above=toward, limit=CORRUPTION_AT), VOID_CARDS, shown, toward=toward)
    _trigger(state)


def _revealed(state: GameState) -> None:
    d = data(state)
    note(state, SILENT if d.quiet else Text(N_("A Void card turned face up in the display.")), REVEALED,
         toward=d.above + void_in_display(state))
    _trigger(state)


def _trigger(state: GameState) -> None:
    d = data(state)
    corruption = d.above + void_in_display(state) >= CORRUPTION_AT
    push_front(state, ["infect", corruption])


def _infect(state: GameState, corruption: bool) -> None:
    d = data(state)
    if corruption:
        d.corruptions += 1
    else:
        d.infections += 1
    fix_pawn(state)
    chosen = targets(state)
    note(state, SILENT if d.quiet else Text(
        N_("Corruption at connection {number}.") if corruption else N_("Infection at connection {number}."),
        number=d.pawn), CORRUPTION if corruption else INFECTION, connection=d.pawn,
         toward=d.above + void_in_display(state) if corruption else None)
    after: list[list[Any]] = []
    if corruption:
        after += [["count", t] for t in chosen]
    after += [["pawn"]]
    if corruption:
        after.append(["corrupt-cards"])
    if len(chosen) == 2 and not auto(state):
        d.decision = ["order", *chosen]
        push_front(state, *after)
        return
    push_front(state, *([["place", t, "infection"] for t in chosen] + after))


def _place(state: GameState, territory: int, why: str) -> None:
    """S5: a Void totem if the cap allows, else a ruin on the closest empty space (a tie: a decision).

    No check of its own that `territory` is still uncounted: a place step is queued only for uncounted
    territories, and the one way to be counted before it runs is to fill up (a settlement bonus, S8), which
    leaves no empty space and vetoes totems (S7), so `piece_for` finds nothing to place."""
    if state.phase is Phase.GAME_OVER:
        return
    d = data(state)
    void = state.void_tribe
    kind = piece_for(state, territory)
    if kind is None:
        return
    if kind == TOTEM:
        if state.totems_left[void] == 0:
            finish(state, END_VOID_PIECES)
            return
        destination = totem_destination(state, territory)
        put_totem(state, void, destination, check_cap=destination == territory)
        sentence = SILENT
        if not d.quiet:
            where = (name(state, territory) if destination == territory else
                     Text(N_("{destination} (for {territory})"), destination=name(state, destination),
                          territory=name(state, territory)))
            sentence = Text(N_("{territory}: the cap allows a totem, so a Void totem goes on {where}."),
                            territory=name(state, territory), where=where)
        note(state, sentence, TOTEM_EVENT, territory=territory, piece=TOTEM_EVENT, on=destination)
        limit = maprules.void_totems_win(state)
        if destination != territory and limit is not None and state.totem_counts[destination][void] >= limit:
            finish(state, END_VOID_TOTEMS)
        return
    _ruin(state, territory, why)


def _ruin(state: GameState, territory: int, why: str = "ruin") -> None:
    if is_counted(state, territory) or state.phase is Phase.GAME_OVER:
        return
    if state.territory_empty[territory] == 0:
        return
    if state.tents_left[state.void_tribe] == 0:
        finish(state, END_VOID_PIECES)
        return
    spaces = closest_spaces(state, territory)
    if len(spaces) > 1 and not auto(state):
        data(state).decision = ["space", territory, *spaces]
        return
    put_ruin(state, territory, spaces[0])


def put_ruin(state: GameState, territory: int, space: int) -> None:
    # The logged sentence keeps the space's id, for debugging; the screens show `ruin_reason`, which names no id
    # and says the true reason.
    if data(state).quiet:
        note(state, SILENT, RUIN_EVENT, territory=territory, piece=RUIN_EVENT, space=space)
    else:
        note(state, Text(N_("{territory}: no room for a totem, so a ruin goes on the space closest to a ruin "
                            "(s{space})."), territory=name(state, territory), space=space),
             RUIN_EVENT, ruin_reason(state, territory, space), territory=territory, piece=RUIN_EVENT, space=space)
    put_tent(state, state.void_tribe, space)


def ruin_reason(state: GameState, territory: int, space: int) -> Text:
    """Why the Void's ruin goes on `space` of `territory`, asked before it is put there (S5): the territory's
    last empty space, the space nearest by road to a ruin (naming where that ruin stands), or any space
    when no ruin reaches the territory."""
    here = name(state, territory)
    if state.territory_empty[territory] == 1:
        return Text(N_("{territory}: no room for a totem, so a ruin goes on its last empty space."), territory=here)
    nearest = nearest_ruin(state, space)
    if nearest is None:
        return Text(N_("{territory}: no room for a totem, so a ruin goes on an empty space; no ruin reaches this "
                       "territory by road yet, so any of its spaces will do."), territory=here)
    steps, ruin = nearest
    where = state.board.spaces[ruin].territory
    if where is None:
        return Text(nN_("{territory}: no room for a totem, so a ruin goes on the empty space nearest by road to a "
                        "ruin ({count} step away).",
                        "{territory}: no room for a totem, so a ruin goes on the empty space nearest by road to a "
                        "ruin ({count} steps away)."), territory=here, count=steps)
    return Text(nN_("{territory}: no room for a totem, so a ruin goes on the empty space nearest by road to a ruin "
                    "in {where} ({count} step away).",
                    "{territory}: no room for a totem, so a ruin goes on the empty space nearest by road to a ruin "
                    "in {where} ({count} steps away)."), territory=here, where=name(state, where), count=steps)


def _count(state: GameState, territory: int) -> None:
    if count(state, territory, "corruption") is not None:
        after_count(state)   # the pawn moves in the step that follows


def _pawn(state: GameState) -> None:
    advance_pawn(state)


def _corrupt_cards(state: GameState) -> None:
    """S6: the Void cards above and in the display: one beside the board, the rest shuffled into the deck."""
    d = data(state)
    displayed = void_in_display(state)
    n = d.above + displayed
    state.display[:] = [c for c in state.display if c is not Biome.VOID]
    d.above = 0
    d.beside += 1
    state.deck.extend([Biome.VOID] * (n - 1))
    state.rng.shuffle(state.deck)
    note(state, SILENT if d.quiet else Text(BESIDE_WORDS, beside=d.beside, limit=CARDS_BESIDE_TO_END, count=n - 1),
         CORRUPT_CARDS,
         beside=d.beside, toward=0, displayed=displayed)
    if d.beside >= CARDS_BESIDE_TO_END:
        finish(state, END_CORRUPTIONS)


def _void_bonus(state: GameState, group: list[int]) -> None:
    candidates = void_bonus_territories(state, group)
    if not candidates:
        return  # P25: no uncounted territory left, the bonus is lost
    note(state, SILENT if data(state).quiet else Text(N_("The Void completed a settlement: it places one more piece.")),
         VOID_BONUS)
    if len(candidates) > 1 and not auto(state):
        data(state).decision = ["bonus", *candidates]
        return
    push_front(state, ["place", candidates[0], "settlement"])


def _free_place(state: GameState, group: list[int]) -> None:
    territories = player_bonus_territories(state, group)
    options = free_place_options(state, territories)
    if options:
        data(state).decision = ["free", *territories]


_STEPS = {
    "void-action": _void_action, "pieces": _pieces, "void-cards": _void_cards, "revealed": _revealed,
    "infect": _infect, "place": _place, "ruin": _ruin, "count": _count, "pawn": _pawn,
    "corrupt-cards": _corrupt_cards, "void-bonus": _void_bonus, "free-place": _free_place,
}


# ---- decisions ---------------------------------------------------------------------------------

def decision_options(state: GameState) -> list[Action]:
    """The legal choices of the pending decision."""
    d = data(state)
    if d.decision is None:
        return []
    kind, args = d.decision[0], d.decision[1:]
    if kind == "action":
        return void_action_options(state)
    if kind == "pieces":
        return piece_choices(state)
    if kind in ("order", "bonus"):
        return [VoidChoice(t, False) for t in args]
    if kind == "space":
        return [VoidChoice(s, True) for s in args[1:]]
    if kind == "free":
        return free_place_options(state, list(args)) + [Decline()]
    return []


def decide(state: GameState, action: Action) -> None:
    """Apply a decision already checked against `decision_options`."""
    d = data(state)
    kind, args = d.decision[0], d.decision[1:]
    d.decision = None
    if kind == "action":
        d.action_done = True
        if isinstance(action, VoidSkip):
            pay_from_hand(state, (action.card,))
            note(state, SILENT if d.quiet else Text(N_("A {biome} card is discarded: that biome is completely "
                                                       "explored, so the Void action is skipped."),
                                                    biome=action.card.word), VOID_SKIP)
            return
        assert isinstance(action, VoidPlay)
        if action.territory is not None:
            pay_from_hand(state, action.cards)
            start_void_place(state, action)
            note(state, SILENT if d.quiet else Text(nN_("The Void places {count} piece in {territory}.",
                                                        "The Void places {count} pieces in {territory}."),
                                                    count=action.pieces, territory=name(state, action.territory)),
                 VOID_PLACE, territory=action.territory)
        if action.void_cards:
            hand = state.hands[state.active_seat]
            for _ in range(action.void_cards):
                hand.remove(Biome.VOID)
            known = state.known_cards[state.active_seat] if state.known_cards else []
            for _ in range(min(action.void_cards, known.count(Biome.VOID))):
                known.remove(Biome.VOID)
            d.above += action.void_cards   # above the display at once; they act after the placements (P21)
        steps: list[list[Any]] = []
        if action.territory is not None:
            steps.append(["pieces"])
        if action.void_cards:
            steps.append(["void-cards", action.void_cards])
        push_front(state, *steps)
        return
    if kind == "pieces":
        _put_piece(state, action)
        push_front(state, ["pieces"])
        return
    assert isinstance(action, (VoidChoice, FreePlace, Decline))
    if kind == "order":
        first = action.target
        second = [t for t in args if t != first]
        push_front(state, *([["place", first, "infection"]] + [["place", t, "infection"] for t in second]))
    elif kind == "space":
        put_ruin(state, args[0], action.target)
    elif kind == "bonus":
        push_front(state, ["place", action.target, "settlement"])
    elif kind == "free":
        if isinstance(action, FreePlace):
            start_free_place(state, action)
            note(state, SILENT if d.quiet else Text(FREE_PLACE_WORDS, count=action.pieces,
                                                    territory=name(state, action.territory)),
                 FREE_PLACE, territory=action.territory)
            push_front(state, ["pieces"])


def _put_piece(state: GameState, action: Action) -> None:
    d = data(state)
    p = d.placing
    p.pieces_left -= 1
    if isinstance(action, PlaceTent):
        if p.biomes:
            p.biomes.pop(0)
        put_tent(state, p.tribe, action.space)
    else:
        assert isinstance(action, PlaceTotem)
        if p.biomes:
            p.biomes.pop()
        put_totem(state, p.tribe, p.territory)   # P62: a Void totem of the Void action stays where it was played
    if d.placing is not None and is_counted(state, p.territory):
        d.placing.pieces_left = 0  # S7: its territory closed mid-action; the rest is given up (P52)

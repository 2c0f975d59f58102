"""Public, human sentences about what happened: the "Recent moves" log, feat notices, skipped turns.

Everything here reads engine results only (the state before and after an action, the game log);
nothing decides a rule. The same functions narrate a live action and rebuild the log of a loaded
game, so a loaded game shows the same "Recent moves" as the one that was saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import Action, Draw, Exchange, FeatKind, Game, Pass, Phase, Place, PlaceFeat, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.state import FeatOnBoard, GameState
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem
from ...i18n import N_, _, ngettext
from ..ui.terms import both, biome_name, feat_name, tribe_label
from ..ui.words import localized

Entry = tuple[int, str]  # (tribe, what it did), newest last; tribe EVENT: a line about the whole game
EVENT = -1


@dataclass(frozen=True)
class Announcement:
    """A big event the players must acknowledge: the deck ran out, the end of the journey is near."""

    title: str
    body: str


def describe(state: GameState, action: Action) -> str:
    """A public description of `action` about to be played in `state` (never a card drawn from the deck)."""
    board = state.board
    if isinstance(action, Place):
        cards = " + ".join(biome_name(c) for c in action.cards)
        return ngettext("plays {cards} for {n} piece in {territory}", "plays {cards} for {n} pieces in {territory}",
                        action.pieces).format(cards=cards, n=action.pieces,
                                              territory=board.territories[action.territory].name)
    if isinstance(action, PlaceTent):
        territory = board.spaces[action.space].territory
        return (_("puts a tent in {territory}").format(territory=board.territories[territory].name)
                if territory is not None else _("puts a tent"))
    if isinstance(action, PlaceTotem) and state.pending is not None:
        return _("raises a totem in {territory}").format(territory=board.territories[state.pending.territory].name)
    if isinstance(action, Exchange):
        return _("exchanges a {biome} card").format(biome=biome_name(action.card))
    if isinstance(action, Draw):
        return (_("draws from the deck") if action.card is None
                else _("takes {biome} from the display").format(biome=biome_name(action.card)))
    if isinstance(action, Pass):
        return _("passes")
    if isinstance(action, PlaceFeat):
        where = (_("connection {number}").format(number=action.target) if action.on_connection
                 else board.territories[action.target].name)
        return _("places the {feat} feat on {where}").format(feat=feat_name(action.feat), where=where)
    return describe_module_action(state, action)


def describe_module_action(state: GameState, action: Action) -> str:
    """The expansion's own actions in words (a rule module's action the screens know)."""
    board = state.board
    names = board.territories
    if isinstance(action, TakeRuin):
        space = board.spaces[action.space]
        if space.ruin_biome is not None:
            return _("takes the {biome} ruin space on connection {number} with two {biome} cards").format(
                biome=biome_name(space.ruin_biome), number=space.connection)
        return _("takes the ruin space on connection {number} with two cards of its icon").format(
            number=space.connection)
    if isinstance(action, VoidMove):
        cards = " + ".join(biome_name(c) for c in action.cards)
        text = (_("moves a Void totem into {territory} from {source} and a piece of its own ({cards})")
                if len(action.cards) == 3 else _("moves a Void totem into {territory} from {source} ({cards})"))
        return text.format(territory=names[action.territory].name, source=names[action.source].name, cards=cards)
    if isinstance(action, VoidTotem) and state.pending is not None:
        return _("moves the Void totem onto {territory}'s stack").format(
            territory=names[state.pending.territory].name)
    if isinstance(action, PlaceContested):
        return _("moves a contested token into {territory} with a tent on it (two {biome} cards)").format(
            territory=names[action.territory].name, biome=biome_name(names[action.territory].biome))
    from ..solo.void_words import describe_void_action  # solo/co-op decisions

    return describe_void_action(state, action) or _("makes a move of this map's rules")


def feat_place(state: GameState, feat: FeatOnBoard) -> str:
    """Where a feat on the board sits, in words."""
    if feat.on_connection:
        return _("connection {number}").format(number=feat.target)
    return state.board.territories[feat.target].name


@dataclass(frozen=True)
class Before:
    """What narration needs to remember from the state just before an action."""

    actor: int
    phase: Phase
    feats: int
    text: str
    third_tribe: int | None
    exhaustions: int = 0
    end_triggered: bool = False
    active_seat: int = 0
    out_of_tents: frozenset[int] = frozenset()
    reports: int = 0
    token_holder: int | None = None
    courage_earned: int = 0
    module_turn: str | None = None


def before(state: GameState, action: Action) -> Before:
    return Before(state.acting_tribe, state.phase, len(state.feats), describe(state, action), state.third_tribe,
                  state.deck_exhaustions, state.end_triggered, state.active_seat,
                  frozenset(t for t, left in enumerate(state.tents_left) if left == 0), len(state.reports),
                  state.ext.get("determination"), len(state.feats_earned.get(FeatKind.COURAGE, [])),
                  state.module_turn)


def _names(names: list[str]) -> str:
    return both(names)


def events(state: GameState, was: Before) -> tuple[list[Entry], list[Announcement]]:
    """The journey's big moments, read from the engine's flags changing across one action.

    The deck running out (a first exhaustion reshuffles the discards and brings the half-journey
    scoring at the end of the turn) and the end being triggered (a second exhaustion or a tribe
    placing its last tent) are facts the engine records; this only notices that they changed and
    says who still plays, from the seat that closes the round (`GameState.round_last_seat`).
    """
    entries: list[Entry] = []
    notes: list[Announcement] = []
    reshuffled = was.exhaustions == 0 and state.deck_exhaustions >= 1 and bool(state.deck)
    if reshuffled:
        entries.append((EVENT, _("The deck ran out: the discards were shuffled into a new deck. "
                                 "Half-journey scoring at the end of this turn.")))
        notes.append(Announcement(
            _("The deck ran out"),
            _("The discard pile has been shuffled into a new deck: the second journey begins. When this turn "
              "ends, every territory's tents score for the half journey (no feats yet).")))
    if state.end_triggered and not was.end_triggered:
        emptied = sorted(set(t for t, left in enumerate(state.tents_left) if left == 0) - was.out_of_tents)
        if state.deck_exhaustions >= 2 and was.exhaustions < 2:
            cause = (_("The deck ran out a second time") if was.exhaustions == 1
                     else _("The deck ran out and there were no discards to shuffle"))
        elif emptied:
            cause = ngettext("{names} placed its last tent", "{names} placed their last tent", len(emptied)).format(
                names=_names([tribe_label(state.tribes[t]) for t in emptied]))
        else:
            cause = _("The end of the journey was triggered")
        if state.is_terminal():
            who = _("The round was already complete, so the journey ends now: final scoring.")
            short = _("the journey ends now")
        else:
            seats = []
            seat = state.active_seat
            while True:
                seats.append(seat)
                if seat == state.round_last_seat:
                    break
                seat = (seat + 1) % state.n_players
            names = [tribe_label(state.tribes[state.tribe_of_seat(s)]) for s in seats]
            if state.active_seat == was.active_seat:  # triggered mid-turn: the player at the table finishes it
                first, rest = names[0], names[1:]
                if rest:
                    who = ngettext("{first} finishes this turn; then {rest} plays one last turn. "
                                   "Then comes the final scoring.",
                                   "{first} finishes this turn; then {rest} play one last turn each. "
                                   "Then comes the final scoring.", len(rest)).format(first=first, rest=_names(rest))
                else:
                    who = _("{first} finishes this turn. Then comes the final scoring.").format(first=first)
            else:
                who = ngettext("Still to play, one last turn: {names}. Then comes the final scoring.",
                               "Still to play, one last turn each: {names}. Then comes the final scoring.",
                               len(names)).format(names=_names(names))
            short = _("still to play: {names}").format(names=_names(names))
        entries.append((EVENT, _("{cause}: the journey ends this round; {short}.").format(cause=cause, short=short)))
        notes.append(Announcement(_("The journey is ending"),
                                  _("{cause}. The journey ends with this round. {who}").format(cause=cause, who=who)))
    expansion_events(state, was, entries, notes)
    return entries, notes


def expansion_events(state: GameState, was: Before, entries: list[Entry], notes: list[Announcement]) -> None:
    """The expansion's big moments: expedition cards claimed, Courage lost, Worship to be placed."""
    for report in state.reports[was.reports:]:
        if report.kind != "award":
            continue
        for line in report.lines:
            for tribe, points in line.points.items():
                entries.append((tribe, _("completes {card}: +{points}").format(
                    card=localized(line.label).split(':')[0], points=points)))
            detail = localized(line.detail)
            notes.append(Announcement(_("{card} claimed").format(card=localized(line.label).split(':')[0]),
                                      (detail[:1].upper() + detail[1:] + ".") if detail else localized(line.label)))
    earned = state.feats_earned.get(FeatKind.COURAGE, [])
    if len(earned) > was.courage_earned and not any(f.feat is FeatKind.COURAGE for f in state.feats) \
            and not any(c.feat is FeatKind.COURAGE for c in state.pending_feats):
        name = state.tribes[earned[-1]].name
        entries.append((earned[-1], _("explores the last territory: Courage is lost, no feat lies on the board")))
        notes.append(Announcement(_("Courage is lost"), _(
            "{name} explored the last unexplored territory and earned Courage, but no feat lies on the board for it "
            "to cancel, so it is discarded.").format(name=name)))
    view = module_view(state, "worship") if state.module_turn == "worship" != was.module_turn else None
    if view and view.get("winner") is not None:
        tribes = state.tribes
        winner = tribe_label(tribes[view["winner"]])
        placer = tribe_label(tribes[state.tribe_of_seat(state.active_seat)])
        standing = ", ".join(f"{tribe_label(tribes[t])} {n}" for t, n in enumerate(view["standing"])
                             if tribes[t].role.earns_feats)
        counts = view_counts(view["counts"])
        entries.append((EVENT, _("Before the final scoring: {winner} wins Worship ({counts}).").format(
            winner=winner, counts=counts)))
        who = (_("{winner} now puts Worship on one of the lit places") if placer == winner
               else _("{placer}, for the {winner}, now puts Worship on one of the lit places")).format(
            winner=winner, placer=placer)
        notes.append(Announcement(_("Worship before the final scoring"), _(
            "{winner} has the most {counts} ({standing}). {who}; it counts there as one more feat at the final "
            "scoring.").format(winner=winner, counts=counts, standing=standing, who=who)))


# what Worship is won by, as the engine's view says it (one phrase per variant), marked here for translation
WORSHIP_COUNTS = (N_("tents on dead-end tent spaces"), N_("tents on contested tokens"),
                  N_("totems on the golden-token totem spaces"))


def view_counts(phrase: object) -> str:
    return _(str(phrase))



def module_view(state: GameState, key: str):
    """The public view of the active rule module `key` (everything the expansion screens read is public)."""
    module = next((m for m in state.modules if m.key == key), None)
    return None if module is None else module.public_view(state, state.active_seat)


def after(state: GameState, was: Before, action: Action) -> tuple[list[Entry], list[str]]:
    """Log entries for an action just played, and notices worth a banner (auto feats, skipped turns)."""
    entries: list[Entry] = [(was.actor, was.text)]
    notices: list[str] = []
    holder = state.ext.get("determination")
    if was.token_holder is not None and holder is not None and holder != was.token_holder:
        entries.append((was.actor, _("uses the Determination token, which passes to {name}").format(
            name=tribe_label(state.tribes[state.tribe_of_seat(holder)]))))
    new_feats = state.feats[was.feats:]
    if isinstance(action, PlaceFeat):
        new_feats = new_feats[1:]  # the one just chosen is already described
    for feat in new_feats:
        name = feat_name(feat.feat)
        entries.append((feat.tribe, _("earns {feat} on {where}").format(feat=name, where=feat_place(state, feat))))
        notices.append(_("{player} earns {feat} on {where} (it had only one place to go).").format(
            player=tribe_label(state.tribes[feat.tribe]), feat=name, where=feat_place(state, feat)))
    third = was.third_tribe
    own_action = was.phase in (Phase.MAIN, Phase.PIECES, Phase.FEAT) and was.actor != third
    if (third is not None and own_action and not isinstance(action, Pass)
            and state.phase not in (Phase.PIECES, Phase.FEAT, Phase.THIRD_TRIBE)):
        name = tribe_label(state.tribes[third])
        entries.append((third, _("is skipped: no placement it could pay for")))
        notices.append(_("The {name} has no legal placement with the cards left, so its turn is skipped.").format(
            name=name))
    entries.extend(events(state, was)[0])
    return entries, notices


def replay_history(game: Game, keep: int = 40,
                   each: Callable[[GameState], None] | None = None) -> list[tuple[int, Entry]]:
    """Rebuild (log index, entry) pairs for a loaded game by replaying its log through the engine.

    `each` sees the state after every action (the display's slot order is rebuilt that way, so a
    loaded game shows its display cards where they were).
    """
    trial = Game.new(game.config, game.state.board)
    out: list[tuple[int, Entry]] = []
    if each is not None:
        each(trial.state)
    for i, action in enumerate(game.log):
        was = before(trial.state, action)
        trial.play(action)
        entries, _notices = after(trial.state, was, action)

        out.extend((i, e) for e in entries)
        if each is not None:
            each(trial.state)
    return out[-keep:]

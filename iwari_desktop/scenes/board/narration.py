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
from iwari_desktop.engine.rulesets.solo import events as void_events
from iwari_desktop.engine.rulesets.solo.actions import MovePiece
from ...i18n import _, ngettext
from ..presenters.base import EVENT, Entry  # noqa: F401  (EVENT: the log panel reads it from here)
from ..presenters.registry import presenters
from ..presenters.views import module_view  # noqa: F401  (the controller's words read it from here)
from ..presenters.worship import view_counts  # noqa: F401  (the same)
from ..ui.terms import both, biome_name, feat_name, tribe_label
from ..ui.words import localized

# Entry: (tribe, what it did), newest last; tribe EVENT: a line about the whole game (presenters/base.py)


@dataclass(frozen=True)
class Announcement:
    """A big event the players must acknowledge: the deck ran out, the end of the journey is near."""

    title: str
    body: str


def module_placing(state: GameState) -> tuple[int, int] | None:
    """(tribe, territory) of the Place a game against the Void puts down piece by piece now (the Void's Place
    or the players' free one, S4/S8), else None: its pieces belong to that tribe, whoever clicks them."""
    from iwari_desktop.engine.rulesets.solo.data import KEY

    memory = state.ext.get(KEY)
    placing = getattr(memory, "placing", None)
    if state.phase is not Phase.MODULE or placing is None:
        return None
    return placing.tribe, placing.territory


def piece_owner(state: GameState) -> int:
    """Whose piece the next tent or totem is: the module's Place's tribe, else the acting tribe."""
    placing = module_placing(state)
    return placing[0] if placing is not None else state.acting_tribe


def describe(state: GameState, action: Action) -> str:
    """A public description of `action` about to be played in `state` (never a card drawn from the deck)."""
    board = state.board
    placing = module_placing(state)
    if placing is not None and isinstance(action, (PlaceTent, PlaceTotem)):
        tribe, territory = placing
        where = board.territories[territory].name
        if tribe == state.void_tribe:  # the Void's tents are its ruins; the line is the Void's (see `before`)
            return (_("places a ruin in {territory}") if isinstance(action, PlaceTent)
                    else _("places a Void totem in {territory}")).format(territory=where)
        if isinstance(action, PlaceTotem):
            return _("raises a totem in {territory}").format(territory=where)
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
    """A rule module's own action in words: its presenter says it (presenters/), else a plain line."""
    for shown in presenters():
        text = shown.describe(state, action)
        if text:
            return text
    if isinstance(action, MovePiece):  # one piece of the solo move (S9): the move flow's own words
        from .controller_move import move_words

        return move_words(state, action)
    return _("makes a move of this map's rules")


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
    return Before(piece_owner(state), state.phase, len(state.feats), describe(state, action), state.third_tribe,
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
    """The rules' big moments (expedition cards claimed, Courage lost, Worship to be placed): each rule's
    presenter tells its own, in the presenters' order."""
    for shown in presenters():
        lines, moments = shown.events(state, was)
        entries.extend(lines)
        notes.extend(Announcement(title, body) for title, body in moments)


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


# the Void action skipped for want of cards (events.py): said at once, not a Void step of its own
SKIPPED = (void_events.NO_CARD_LEFT, void_events.NOTHING_POSSIBLE)


@dataclass(frozen=True)
class VoidNews:
    """What one action's Void records give the screens: the steps to show one by one, the Recent-moves lines
    (in the order they happened) and the notices for the banner."""

    steps: list
    entries: list[Entry]
    notices: list[str]


def void_events_total(state: GameState) -> int:
    """How many Void events the engine has recorded so far (0 outside a game against the Void)."""
    from iwari_desktop.engine.rulesets.solo.data import KEY

    memory = state.ext.get(KEY)
    return memory.events.total if memory is not None else 0


def void_news(state: GameState, total: int) -> VoidNews:
    """The Void events recorded after the record held `total`, sorted for the screens.

    The records of the player's own decisions (the Void's Place, a skip, the free Place) are neither steps
    nor lines: the player just made them, and the action's own line tells them. A Void action skipped for
    want of cards is a line, and a notice for the banner, or, when the Void has steps to show as well, the
    last of them (the step panel would hide the notice). A pawn move is a step without a line (the log
    never had one)."""
    from iwari_desktop.engine.rulesets.solo.data import KEY

    memory = state.ext.get(KEY)
    news = VoidNews([], [], [])
    if memory is None:
        return news
    shown = [e for e in memory.events.since(total) if e.kind not in void_events.PLAYER_DECISIONS]
    news.entries.extend((EVENT, localized(e.text)) for e in shown if has_line(e))
    if any(e.kind not in SKIPPED for e in shown):
        news.steps.extend(shown)
    else:
        news.notices.extend(localized(e.text) for e in shown)
    return news


def has_line(event) -> bool:
    """Whether a Void event has its line in Recent moves (held back while the steps screen has not shown it)."""
    return bool(getattr(event, "logged", False)) or getattr(event, "kind", None) in SKIPPED


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
        total = void_events_total(trial.state)
        trial.play(action)
        entries, _notices = after(trial.state, was, action)
        entries += void_news(trial.state, total).entries   # the Void's steps, as live play lists them

        out.extend((i, e) for e in entries)
        if each is not None:
            each(trial.state)
    return out[-keep:]

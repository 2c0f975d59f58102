"""Public, human sentences about what happened: the "Recent moves" log, feat notices, skipped turns.

Everything here reads engine results only (the state before and after an action, the game log);
nothing decides a rule. The same functions narrate a live action and rebuild the log of a loaded
game, so a loaded game shows the same "Recent moves" as the one that was saved.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action, Draw, Exchange, Game, Pass, Phase, Place, PlaceFeat, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.state import FeatOnBoard, GameState

Entry = tuple[int, str]  # (tribe, what it did), newest last


def describe(state: GameState, action: Action) -> str:
    """A public description of `action` about to be played in `state` (never a card drawn from the deck)."""
    board = state.board
    if isinstance(action, Place):
        cards = " + ".join(c.label for c in action.cards)
        count = "1 piece" if action.pieces == 1 else f"{action.pieces} pieces"
        return f"plays {cards} for {count} in {board.territories[action.territory].name}"
    if isinstance(action, PlaceTent):
        territory = board.spaces[action.space].territory
        return f"puts a tent in {board.territories[territory].name}" if territory is not None else "puts a tent"
    if isinstance(action, PlaceTotem) and state.pending is not None:
        return f"raises a totem in {board.territories[state.pending.territory].name}"
    if isinstance(action, Exchange):
        return f"exchanges a {action.card.label} card"
    if isinstance(action, Draw):
        return "draws from the deck" if action.card is None else f"takes {action.card.label} from the display"
    if isinstance(action, Pass):
        return "passes"
    if isinstance(action, PlaceFeat):
        where = f"connection {action.target}" if action.on_connection else board.territories[action.target].name
        return f"places the {action.feat.value.capitalize()} feat on {where}"
    return str(action)


def feat_place(state: GameState, feat: FeatOnBoard) -> str:
    """Where a feat on the board sits, in words."""
    if feat.on_connection:
        return f"connection {feat.target}"
    return state.board.territories[feat.target].name


@dataclass(frozen=True)
class Before:
    """What narration needs to remember from the state just before an action."""

    actor: int
    phase: Phase
    feats: int
    text: str
    third_tribe: int | None


def before(state: GameState, action: Action) -> Before:
    return Before(state.acting_tribe, state.phase, len(state.feats), describe(state, action), state.third_tribe)


def after(state: GameState, was: Before, action: Action) -> tuple[list[Entry], list[str]]:
    """Log entries for an action just played, and notices worth a banner (auto feats, skipped turns)."""
    entries: list[Entry] = [(was.actor, was.text)]
    notices: list[str] = []
    new_feats = state.feats[was.feats:]
    if isinstance(action, PlaceFeat):
        new_feats = new_feats[1:]  # the one just chosen is already described
    for feat in new_feats:
        name = feat.feat.value.capitalize()
        entries.append((feat.tribe, f"earns {name} on {feat_place(state, feat)}"))
        notices.append(f"{state.tribes[feat.tribe].name} earns {name} on {feat_place(state, feat)} "
                       "(it had only one place to go).")
    third = was.third_tribe
    own_action = was.phase in (Phase.MAIN, Phase.PIECES, Phase.FEAT) and was.actor != third
    if (third is not None and own_action and not isinstance(action, Pass)
            and state.phase not in (Phase.PIECES, Phase.FEAT, Phase.THIRD_TRIBE)):
        name = state.tribes[third].name
        entries.append((third, "is skipped: no placement it could pay for"))
        notices.append(f"The {name} has no legal placement with the cards left, so its turn is skipped (rule B12).")
    return entries, notices


def replay_history(game: Game, keep: int = 40) -> list[tuple[int, Entry]]:
    """Rebuild (log index, entry) pairs for a loaded game by replaying its log through the engine."""
    trial = Game.new(game.config, game.state.board)
    out: list[tuple[int, Entry]] = []
    start = max(0, len(game.log) - keep * 2)
    for i, action in enumerate(game.log):
        if i < start:
            trial.play(action)
            continue
        was = before(trial.state, action)
        trial.play(action)
        entries, _ = after(trial.state, was, action)
        out.extend((i, e) for e in entries)
    return out[-keep:]

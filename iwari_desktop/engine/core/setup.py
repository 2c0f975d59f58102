"""Starting a game: deck (B2), mountains (B3), first player and deal or draft (B4), third tribe (B12)."""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import BASE_BIOMES, BASE_DECK_COUNTS, Biome, TribeColour
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.core.config import PLAYER_COLOURS, ConfigError, GameConfig
from iwari_desktop.engine.rulesets.feats import FEAT_SUPPLY, BaseFeats
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.rulesets.mountains import Mountains
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import EMPTY, GameState, Phase, Tribe

TENTS_IN_SUPPLY = 20   # B1: 21 tents, one on the score track
TOTEMS_IN_SUPPLY = 8
HAND_SIZE = 3
DISPLAY_SIZE = 4
REMOVED_PER_BIOME = {5: 0, 4: 1, 3: 2, 2: 2}
THIRD_TRIBE_NAME = "Third tribe"  # B12: the neutral tribe of a two-player game


def build_deck(n_players: int) -> tuple[list[Biome], list[Biome]]:
    """B2: the deck for this player count and the cards removed from the game."""
    drop = REMOVED_PER_BIOME[n_players]
    deck: list[Biome] = []
    removed: list[Biome] = []
    for biome in BASE_BIOMES:
        count = BASE_DECK_COUNTS[biome]
        deck.extend([biome] * (count - drop))
        removed.extend([biome] * drop)
    return deck, removed


def _check(config: GameConfig, board: Board) -> None:
    n = len(config.players)
    if not 2 <= n <= 5:
        raise ConfigError(f"the base game takes 2 to 5 players, not {n}")
    if not board.min_players <= n <= board.max_players:
        raise ConfigError(f"{board.name} takes {board.min_players} to {board.max_players} players, not {n}")
    names = [p.name.strip() for p in config.players]
    if any(not name for name in names):
        raise ConfigError("every player needs a name")
    if len(set(n.casefold() for n in names)) != len(names):
        raise ConfigError("two players have the same name")
    if n == 2 and any(name.casefold() == THIRD_TRIBE_NAME.casefold() for name in names):
        raise ConfigError(f'"{THIRD_TRIBE_NAME}" is the name of the two-player game\'s third tribe: '
                          "choose another name")
    colours = [p.colour for p in config.players]
    if len(set(colours)) != len(colours):
        raise ConfigError("two players have the same colour")
    if TribeColour.PURPLE in colours:
        raise ConfigError("purple is only the sixth tribe on The Void")
    if config.first_player is not None and not 0 <= config.first_player < n:
        raise ConfigError(f"first player must be 1 to {n}")


def active_modules(config: GameConfig, board: Board) -> tuple[RuleModule, ...]:
    """The rule modules of this game: mountains and feats by setup, the rest by the map's `rules`.

    A map rule id switches on the module registered under that id (`modules.REGISTRY`); ids
    whose module is not part of this version leave the map playable under the base rules.
    """
    modules: list[RuleModule] = []
    if board.uses_mountains:
        modules.append(Mountains())
    if config.feats:
        modules.append(BaseFeats())
    for rule in board.rules:
        module_class = REGISTRY.get(rule)
        if module_class is not None and not any(m.key == module_class.key for m in modules):
            modules.append(module_class())
    return tuple(modules)


def new_game(config: GameConfig, board: Board | None = None) -> GameState:
    """A freshly dealt game; `board` defaults to the map `config.map_id` names.

    Checks the setup against the map (ConfigError), builds the deck (B2), picks the first player,
    lets the rule modules set up (mountains, B3), then deals or starts the draft (B4). All randomness
    comes from `Rng(config.seed)` in a fixed order, so the same config and map deal the identical game.
    """
    board = board or get_board(config.map_id)
    _check(config, board)
    n = len(config.players)
    tribes = [Tribe(i, p.colour, p.name.strip(), i) for i, p in enumerate(config.players)]
    if n == 2:
        colour = next(c for c in PLAYER_COLOURS if c not in {p.colour for p in config.players})
        tribes.append(Tribe(2, colour, THIRD_TRIBE_NAME, None))
    n_tribes = len(tribes)
    rng = Rng(config.seed)
    modules = active_modules(config, board)
    deck, removed = build_deck(n)
    for module in modules:
        module.build_deck(config, board, deck, removed)
    rng.shuffle(deck)
    first = config.first_player if config.first_player is not None else rng.below(n)
    state = GameState(
        config=config, board=board, rng=rng, tribes=tuple(tribes),
        hands=[[] for _ in range(n)], deck=deck, display=[], discard=[], removed=removed,
        space_owner=[EMPTY] * len(board.spaces),
        territory_tents=[[0] * n_tribes for _ in board.territories],
        territory_empty=[len(t.tent_spaces) for t in board.territories],
        totem_stacks=[[] for _ in board.territories],
        totem_counts=[[0] * n_tribes for _ in board.territories],
        tents_left=[TENTS_IN_SUPPLY] * n_tribes, totems_left=[TOTEMS_IN_SUPPLY] * n_tribes,
        mountains=(), feat_supply={f: FEAT_SUPPLY[f] for f in config.feats if f in FEAT_SUPPLY},
        feats=[], feats_earned={}, scores=[0] * n_tribes, first_seat=first,
        turns_taken=[0] * n, modules=modules,
    )
    for module in state.modules:
        module.on_setup(state)
    order = [(first + i) % n for i in range(n)]
    if config.draft:
        # B4 draft: display first, then from the last player backwards, one card at a time.
        state.display = [deck.pop() for _ in range(DISPLAY_SIZE)]
        state.draft_order = list(reversed(order))
        state.phase = Phase.DRAFT
        state.active_seat = state.draft_order[0]
    else:
        for seat in order:
            state.hands[seat] = sorted(deck.pop() for _ in range(HAND_SIZE))
        state.display = [deck.pop() for _ in range(DISPLAY_SIZE)]
        state.phase = Phase.MAIN
        state.active_seat = first
    for module in state.modules:
        module.after_deal(state)
    return state

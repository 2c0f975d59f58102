"""Starting a game: tribes and their roles, deck (B2), modules, first player and deal or draft (B4).

The tribes follow from the seats and the active modules, never from a map name: every seat gets a
tribe (purple is the sixth tribe, E7), a 2-player multiplayer game adds the third tribe (B12), and a
module asking for the neutral Void (E3, E5, solo) adds it last.
"""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import BASE_BIOMES, BASE_DECK_COUNTS, Biome
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.core.config import MODE_SEATS, MODE_WORDS, PLAYER_COLOURS, SIXTH_COLOUR, ConfigError, GameConfig, GameMode
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule, sort_modules
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import EMPTY, GameState, Phase, Tribe, TribeRole
import iwari_desktop.engine.rulesets as rulesets
from iwari_desktop.engine.rulesets.feat_rules import FEAT_ORDER, FEAT_SUPPLY
from iwari_desktop.engine.core.text import Text, nN_
from iwari_desktop.i18n import N_

TENTS_IN_SUPPLY = 20   # B1: 21 tents, one on the score track (E7: purple has 20 Void ruins as well)
TOTEMS_IN_SUPPLY = 8
VOID_RUINS = 21        # P19: the neutral Void's supply (modules may change it in `on_setup`)
VOID_TOTEMS = 8
HAND_SIZE = 3
DISPLAY_SIZE = 4
REMOVED_PER_BIOME = {6: 0, 5: 0, 4: 1, 3: 2, 2: 2}   # B2, E7 (5-6 players use all)
THIRD_TRIBE_NAME = "Third tribe"  # B12: the neutral tribe of a two-player game
VOID_TRIBE_NAME = "The Void"
# setup options that switch on the rule module registered under the option's name when set
OPTION_MODULES: tuple[str, ...] = ("expeditions", "courage", "worship")


def build_deck(n_players: int) -> tuple[list[Biome], list[Biome]]:
    """B2: the deck for this player count and the cards removed from the game."""
    drop = REMOVED_PER_BIOME.get(n_players, 0)
    deck: list[Biome] = []
    removed: list[Biome] = []
    for biome in BASE_BIOMES:
        count = BASE_DECK_COUNTS[biome]
        deck.extend([biome] * (count - drop))
        removed.extend([biome] * drop)
    return deck, removed


def _check(config: GameConfig, board: Board) -> None:
    n = len(config.players)
    mode = config.mode
    fewest, most = MODE_SEATS[mode]
    if not fewest <= n <= most:
        if mode is GameMode.MULTIPLAYER:
            raise ConfigError(Text(N_("a game takes 2 to 6 players, not {count}"), count=n))
        if fewest == most:
            raise ConfigError(Text(nN_("a {mode} game takes {count} player, not {players}",
                                       "a {mode} game takes {count} players, not {players}"),
                                   mode=Text(MODE_WORDS[mode]), count=fewest, players=n))
        raise ConfigError(Text(N_("a {mode} game takes {fewest} to {most} players, not {players}"),
                               mode=Text(MODE_WORDS[mode]), fewest=fewest, most=most, players=n))
    if mode.value not in board.modes:
        raise ConfigError(Text(N_("{map} cannot be played in {mode} mode"), map=board.name,
                               mode=Text(MODE_WORDS[mode])))
    if mode is GameMode.MULTIPLAYER and not board.min_players <= n <= board.max_players:
        raise ConfigError(Text(N_("{map} takes {fewest} to {most} players, not {players}"), map=board.name,
                               fewest=board.min_players, most=board.max_players, players=n))
    config.check_options()
    names = [p.name.strip() for p in config.players]
    if any(not name for name in names):
        raise ConfigError(Text(N_("every player needs a name")))
    if len(set(n.casefold() for n in names)) != len(names):
        raise ConfigError(Text(N_("two players have the same name")))
    if n == 2 and any(name.casefold() == THIRD_TRIBE_NAME.casefold() for name in names):
        raise ConfigError(Text(N_('"{name}" is the name of the two-player game\'s third tribe: choose another name'),
                               name=THIRD_TRIBE_NAME))
    colours = [p.colour for p in config.players]
    if len(set(colours)) != len(colours):
        raise ConfigError(Text(N_("two players have the same colour")))
    if SIXTH_COLOUR in colours and (mode is not GameMode.MULTIPLAYER or board.max_players < 6):
        raise ConfigError(Text(N_("purple is only the sixth tribe on The Void")))
    if config.first_player is not None and not 0 <= config.first_player < n:
        raise ConfigError(Text(N_("first player must be 1 to {count}"), count=n))


def _module(key: str, what: Text | str) -> RuleModule:
    """The rule module registered under `key`; a setup that needs one this version lacks (a save or table
    from a newer version) is refused in the player's language, `what` naming what asked for it."""
    module_class = REGISTRY.get(key)
    if module_class is None:
        raise ConfigError(Text(N_("{what} needs the '{key}' rules, which this version does not include"),
                               what=what, key=key))
    return module_class()


def active_modules(config: GameConfig, board: Board) -> tuple[RuleModule, ...]:
    """The rule modules of this game, in hook order (`core.modules`).

    Switched on by the map (mountains, its `rules`), the setup (each feat in B19 order, the options in
    OPTION_MODULES) and the mode (solo/co-op: the module registered under the mode's value). A map rule
    id without a module leaves the map playable under the base rules; a chosen feat, option or mode
    without one is a ConfigError.
    """
    rulesets.load_all()
    modules: list[RuleModule] = []
    if board.uses_mountains:
        modules.append(_module("mountains", board.name))
    for feat in FEAT_ORDER:
        if feat in config.feats:
            modules.append(_module(feat.value, Text(N_("the {feat} feat"), feat=feat.word)))
    for rule in board.rules:
        module_class = REGISTRY.get(rule)
        if module_class is not None and not any(m.key == module_class.key for m in modules):
            modules.append(module_class())
    for name in OPTION_MODULES:
        if config.option(name) and not any(m.key == name for m in modules):
            modules.append(_module(name, Text(N_("option {name}"), name=name)))
    if config.mode is not GameMode.MULTIPLAYER:
        modules.append(_module(config.mode.value, Text(N_("a {mode} game"), mode=Text(MODE_WORDS[config.mode]))))
    off = {key for m in modules for key in m.switches_off}  # S1: the solo mode plays without mountains
    return sort_modules([m for m in modules if m.key not in off])


def make_tribes(config: GameConfig, modules: tuple[RuleModule, ...]) -> tuple[Tribe, ...]:
    """Seats first (purple plays the Void's pieces, E7), then the third tribe (2 players, B12), then the Void."""
    tribes = [Tribe(i, p.colour, p.name.strip(), i, TribeRole.PURPLE if p.colour is SIXTH_COLOUR else TribeRole.SEAT)
              for i, p in enumerate(config.players)]
    if config.mode is GameMode.MULTIPLAYER and len(config.players) == 2:
        colour = next(c for c in PLAYER_COLOURS if c not in {p.colour for p in config.players})
        tribes.append(Tribe(len(tribes), colour, THIRD_TRIBE_NAME, None, TribeRole.THIRD))
    if any(TribeRole.VOID in m.tribe_roles for m in modules):
        tribes.append(Tribe(len(tribes), SIXTH_COLOUR, VOID_TRIBE_NAME, None, TribeRole.VOID))
    return tuple(tribes)


def new_game(config: GameConfig, board: Board | None = None) -> GameState:
    """A freshly dealt game; `board` defaults to the map `config.map_id` names.

    Checks the setup against the map (ConfigError), builds the deck (B2), picks the first player,
    lets the rule modules set up (mountains, B3), then deals or starts the draft (B4). All randomness
    comes from `Rng(config.seed)` in a fixed order, so the same config and map deal the identical game.
    """
    board = board or get_board(config.map_id)
    _check(config, board)
    n = len(config.players)
    modules = active_modules(config, board)
    for module in modules:
        refusal = module.refuse_setup(config, board)
        if refusal:
            raise ConfigError(refusal)
    tribes = make_tribes(config, modules)
    n_tribes = len(tribes)
    rng = Rng(config.seed)
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
        tents_left=[VOID_RUINS if t.role is TribeRole.VOID else TENTS_IN_SUPPLY for t in tribes],
        totems_left=[VOID_TOTEMS if t.role is TribeRole.VOID else TOTEMS_IN_SUPPLY for t in tribes],
        mountains=(), feat_supply={f: FEAT_SUPPLY[f] for f in config.feats if f in FEAT_SUPPLY},
        feats=[], feats_earned={}, scores=[0] * n_tribes, first_seat=first,
        turns_taken=[0] * n, modules=modules, known_cards=[[] for _ in range(n)],
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

"""Seeded mid-game positions on the expansion maps, for screenshots and the board drawing tests.

A game is set up with every option the map allows (expedition cards, Courage, Worship) and played
by bots through the engine's own `Game.play`, preferring the expansion's actions (take a ruin, move
a Void totem, move a contested token) so that every kind of expansion piece is on the board when
the sample stops. Nothing here decides a rule: the engine says what is legal, the bots pick.
"""

from __future__ import annotations

from ...engine import BASE_FEATS, Game, GameConfig
from ...engine.bots.players import GreedyBot, RandomBot
from ...engine.maps.registry import get_board

EXPANSION_MAPS: tuple[str, ...] = ("floating-lands", "forgotten-island", "glacial-mass", "uncharted-paths",
                                   "long-road", "the-void")
PLAYER_NAMES = ("Aiyana", "Bodhi", "Chenoa", "Dakota", "Elan", "Fala")


def sample_config(map_id: str, players: int | None = None, seed: int = 12) -> GameConfig:
    """Every option the map takes: six players and Worship variant 2 on The Void, else four players,
    expedition cards and Worship variant 3 (the golden tokens)."""
    board = get_board(map_id)
    void = board.max_players >= 6
    n = players if players is not None else (6 if void else 4)
    options: dict[str, object] = {"courage": True, "worship": 2 if void else 3}
    if not void:
        options["expeditions"] = True
    quick = GameConfig.quick(map_id, n, seed, feats=BASE_FEATS, options=options)
    specs = tuple(p.__class__(name, p.colour) for name, p in zip(PLAYER_NAMES, quick.players))
    return GameConfig(map_id, specs, seed, BASE_FEATS, options=quick.options)


def _expansion_first(game: Game, bots: list, chooser: RandomBot, budget: list[int]) -> None:
    """One decision: an expansion action while `budget` lasts and one is legal, else the seat's bot.

    Once a module's action has begun (its pieces pending) the bots carry on with what is legal."""
    state = game.state
    legal = game.legal_actions()
    types = tuple(t for m in state.modules for t in getattr(m, "action_types", ()))
    special = [a for a in legal if isinstance(a, types)]
    if special and (budget[0] > 0 or len(special) == len(legal)):
        budget[0] -= 1
        game.play(chooser.choose(state, special))
        return
    game.play(bots[state.active_seat].choose(state, legal))


def sample_game(map_id: str, players: int | None = None, seed: int = 12, turns: int = 22, specials: int = 3) -> Game:
    """A game on `map_id` played to about turn `turns`, stopped at a main decision of a seat.

    The first `specials` expansion actions that become legal are taken (ruins, Void-totem moves,
    contested tokens), so some of those pieces have moved and some still wait."""
    game = Game.new(sample_config(map_id, players, seed))
    bots = [GreedyBot(seed + i) for i in range(len(game.state.hands))]
    chooser = RandomBot(seed)
    state = game.state
    budget = [specials]
    for _ in range(20_000):
        if state.is_terminal() or (state.turn >= turns and state.phase.value == "main"):
            break
        _expansion_first(game, bots, chooser, budget)
    return game

"""A GameState as JSON-ready data and back, typed and bounded (docs/network.md).

Why not the save format: a save is the setup plus the action log, replayed from the seed; a client must
never get the seed nor the hidden cards, so it gets the (masked, `seat_view`) state itself. Every field
of GameState is written except the board, the rule modules, the tribes and the hook table: those follow
from the config (`setup.active_modules`, `setup.make_tribes`, the bundled map), so the reader rebuilds
them and a message cannot smuggle in another map or module.

Reading checks every list's length against the board (spaces, territories) and the tribes, every
index against what it points into, cards by their biome number and counts against the deck, enums by
value; module data, reports and the result go through `wire_values` (whitelisted classes, checked
against their annotations). Anything else raises `WireError` with one line, never another exception.
"""

from __future__ import annotations

import operator
import threading
from typing import Any

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import BASE_DECK_COUNTS, VOID_CARD_COUNT, Biome
from iwari_desktop.engine.core.config import ConfigError, GameConfig
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.scoring import GameResult, ScoreReport
from iwari_desktop.engine.core.setup import active_modules, make_tribes, new_game
from iwari_desktop.engine.core.state import Continuation, FeatClaim, FeatOnBoard, GameState, PendingPlace, Phase
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board
from iwari_desktop.engine.rulesets.contested import KEY as CONTESTED_KEY
from iwari_desktop.engine.rulesets.determination import KEY as DETERMINATION_KEY
from iwari_desktop.engine.rulesets.expeditions import CARDS_BY_NUMBER, ExpeditionData
from iwari_desktop.engine.rulesets.ruins import RuinData
from iwari_desktop.engine.rulesets.solo.data import KEY as VOID_DATA_KEY, VoidData
from iwari_desktop.engine.rulesets.void_totems import KEY as VOID_TOTEMS_KEY
from iwari_desktop.engine.rulesets.worship import WorshipData
from iwari_desktop.net.errors import WireError
from iwari_desktop.net.wire_values import MAX_INT, check_text, decode_value, encode_value

FORMAT = 1                      # bump when the state's wire form changes
ALL_CARDS = sum(BASE_DECK_COUNTS.values()) + VOID_CARD_COUNT   # every card there is (B2, E7)
MAX_COUNT = 1000                # any piece count, score, turn or index bound the board does not give
MAX_SCORE = 100_000
MAX_LIST = 1000                 # reports, feats, turns: generous bounds on lists the board does not size
MAX_NAME = 200
# what each module keeps in `state.ext[key]` (rulesets/*): read back only as that type
EXT_TYPES: dict[str, Any] = {
    VOID_DATA_KEY: VoidData, "worship": WorshipData, "ruins": RuinData, "expeditions": ExpeditionData,
    CONTESTED_KEY: list[tuple[int, int] | None], "courage": bool, DETERMINATION_KEY: int, VOID_TOTEMS_KEY: int,
}
# the GameState fields this codec writes; the tests check it against dataclasses.fields(GameState)
NOT_SENT = frozenset({"config", "board", "tribes", "modules", "hooks", "_roles"})


# ---- config ----------------------------------------------------------------------------------------
def encode_config(config: GameConfig) -> dict[str, Any]:
    """The setup as a save writes it (`GameConfig.to_json`), with the seed forced to 0: the seed would
    let a client deal every hidden card. (The seed replaced in the written form, where it stands in its place:
    the same object as writing a copy with seed 0, without making that copy once per seat and move.)"""
    data = config.to_json()
    data["seed"] = 0
    return data


def decode_config(data: object) -> GameConfig:
    """The setup back; only bundled maps, and only a setup `new_game` would accept (else WireError)."""
    if type(data) is not dict:
        raise WireError("the game setup is not an object")
    allowed = {"map", "players", "seed", "feats", "draft", "first_player", "mode", "options"}
    if not set(data) <= allowed or not {"map", "players", "seed"} <= set(data):
        raise WireError("the game setup has other fields than a setup has")
    map_id = data["map"]
    if type(map_id) is not str or map_id not in bundled_map_ids():
        raise WireError("the game setup names no bundled map")
    players = data["players"]
    if type(players) is not list or not 1 <= len(players) <= 6:
        raise WireError("the game setup has no seats or too many")
    for player in players:
        if type(player) is not dict or not set(player) <= {"name", "colour", "computer"} or not {
                "name", "colour"} <= set(player):
            raise WireError("a seat of the game setup is malformed")
        if type(player["name"]) is not str or len(player["name"]) > MAX_NAME or type(player["colour"]) is not str:
            raise WireError("a seat of the game setup is malformed")
        if player.get("computer") is not None and type(player["computer"]) is not str:
            raise WireError("a seat of the game setup is malformed")
    if type(data["seed"]) is not int or not 0 <= data["seed"] < MAX_INT:
        raise WireError("the game setup's seed is no number")
    if type(data.get("feats", [])) is not list or not all(type(f) is str for f in data.get("feats", [])):
        raise WireError("the game setup's feats are malformed")
    if type(data.get("draft", False)) is not bool:
        raise WireError("the game setup's draft is not true or false")
    first = data.get("first_player")
    if first is not None and type(first) is not int:
        raise WireError("the game setup's first player is no number")
    if type(data.get("mode", "multiplayer")) is not str or type(data.get("options", {})) is not dict:
        raise WireError("the game setup's mode or options are malformed")
    try:
        config = GameConfig.from_json(data)
        key = _setup_key(config)
        if key is None or key not in _STARTED:
            new_game(config, get_board(config.map_id))   # the game's own setup checks (0.3 ms): same refusals
            _remember_started(key)
    except (ConfigError, ValueError, TypeError) as error:
        raise WireError(f"the game setup cannot start a game ({str(error)[:200]})") from None
    return config


# Setups `new_game` accepted, so the next snapshot of the same game skips dealing it again (a client decodes
# one per move, and the deal was a quarter of decoding one). Bounded: the oldest is dropped past MAX_STARTED.
MAX_STARTED = 64
_STARTED: dict[tuple, None] = {}
_STARTED_LOCK = threading.Lock()


def _setup_key(config: GameConfig) -> tuple | None:
    """`config` with each option value's exact type beside it (a setup with `1` where `True` belongs is
    refused, and `1 == True`), or None when an option value is not a plain scalar (not remembered)."""
    types = tuple(type(value) for _name, value in config.options)
    if not all(kind in (str, int, float, bool, type(None)) for kind in types):
        return None
    return config, types


def _remember_started(key: tuple | None) -> None:
    if key is None:
        return
    with _STARTED_LOCK:   # the server's threads and a client's decode at once
        if len(_STARTED) >= MAX_STARTED:
            del _STARTED[next(iter(_STARTED))]
        _STARTED[key] = None


# ---- state -----------------------------------------------------------------------------------------
def _cards(cards: list) -> list[int]:
    return [int(c) for c in cards]


def encode_state(state: GameState) -> dict[str, Any]:
    """Every field of `state` but the ones rebuilt from the config (NOT_SENT), JSON-ready."""
    pending = state.pending
    cont = state.continuation
    return {
        "format": FORMAT,
        "rng": state.rng.state,
        "hands": [_cards(h) for h in state.hands],
        "deck": _cards(state.deck),
        "display": _cards(state.display),
        "discard": _cards(state.discard),
        "removed": _cards(state.removed),
        "space_owner": list(state.space_owner),
        "territory_tents": [list(t) for t in state.territory_tents],
        "territory_empty": list(state.territory_empty),
        "totem_stacks": [list(s) for s in state.totem_stacks],
        "totem_counts": [list(c) for c in state.totem_counts],
        "tents_left": list(state.tents_left),
        "totems_left": list(state.totems_left),
        "mountains": list(state.mountains),
        "feat_supply": [[f.value, n] for f, n in state.feat_supply.items()],
        "feats": [[f.feat.value, f.tribe, f.target, f.on_connection] for f in state.feats],
        "feats_earned": [[f.value, list(tribes)] for f, tribes in state.feats_earned.items()],
        "scores": list(state.scores),
        "first_seat": state.first_seat,
        "phase": state.phase.value,
        "active_seat": state.active_seat,
        "pending": None if pending is None else [
            pending.tribe, pending.territory, pending.pieces_left, pending.explored_at_start, pending.placed,
            pending.permit, pending.module_pieces],
        "pending_feats": [[c.feat.value, c.tribe, list(c.territories), list(c.connections), c.deferred]
                          for c in state.pending_feats],
        "module_turn": state.module_turn,
        "continuation": None if cont is None else [
            cont.hook, cont.next_module, cont.then, None if cont.card is None else int(cont.card)],
        "third_action": state.third_action,
        "draft_order": list(state.draft_order),
        "turn": state.turn,
        "turns_taken": list(state.turns_taken),
        "deck_exhaustions": state.deck_exhaustions,
        "half_journey_due": state.half_journey_due,
        "end_triggered": state.end_triggered,
        "reports": [encode_value(r) for r in state.reports],
        "result": encode_value(state.result),
        "ext": [[key, encode_value(value)] for key, value in state.ext.items()],
        "known_cards": [_cards(k) for k in state.known_cards],
        "end_reason": state.end_reason,
    }


def decode_state(data: object, config: GameConfig) -> GameState:
    """The state `encode_state` wrote, on the board and modules `config` names; WireError if malformed."""
    if type(data) is not dict:
        raise WireError("the game state is not an object")
    if data.get("format") != FORMAT:
        raise WireError("the game state is of another format")
    if config.map_id not in bundled_map_ids():
        raise WireError("the game setup names no bundled map")
    try:
        board = get_board(config.map_id)
        modules = active_modules(config, board)
        tribes = make_tribes(config, modules)
    except (ConfigError, ValueError) as error:
        raise WireError(f"the game setup cannot start a game ({str(error)[:200]})") from None
    return _Fields(data, board, len(config.players), len(tribes)).state(config, board, modules, tribes)


_INT_ONLY = frozenset({int})
_BIOMES = tuple(Biome)   # Biome(n) is _BIOMES[n]: the members are 0, 1, 2, ... in order
assert all(biome.value == n for n, biome in enumerate(_BIOMES))
_FIELD = object()   # "read the top-level field `key` itself" (a nested value may well be None)


class _Fields:
    """Reads the fields of one state message, each against the sizes of its board and tribes."""

    KEYS = frozenset({
        "format", "rng", "hands", "deck", "display", "discard", "removed", "space_owner", "territory_tents",
        "territory_empty", "totem_stacks", "totem_counts", "tents_left", "totems_left", "mountains",
        "feat_supply", "feats", "feats_earned", "scores", "first_seat", "phase", "active_seat", "pending",
        "pending_feats", "module_turn", "continuation", "third_action", "draft_order", "turn", "turns_taken",
        "deck_exhaustions", "half_journey_due", "end_triggered", "reports", "result", "ext", "known_cards",
        "end_reason",
    })

    def __init__(self, data: dict, board: Board, n_seats: int, n_tribes: int) -> None:
        if set(data) != self.KEYS:
            raise WireError("the game state has other fields than a game state has")
        self.data = data
        self.board = board
        self.n_spaces = len(board.spaces)
        self.n_territories = len(board.territories)
        self.connections = {c.number for c in board.connections}
        self.n_seats = n_seats
        self.n_tribes = n_tribes

    # ---- small readers ----
    def get(self, key: str) -> Any:
        return self.data[key]

    def int(self, key: str, low: int, high: int, value: Any = _FIELD) -> int:
        value = self.data[key] if value is _FIELD else value
        if type(value) is not int or not low <= value <= high:
            raise WireError(f"{key} is not a number from {low} to {high}")
        return value

    def bool(self, key: str, value: Any = _FIELD) -> bool:
        value = self.data[key] if value is _FIELD else value
        if type(value) is not bool:
            raise WireError(f"{key} is not true or false")
        return value

    def list(self, key: str, value: Any = _FIELD, length: int | None = None, most: int = MAX_LIST) -> list:
        value = self.data[key] if value is _FIELD else value
        if type(value) is not list:
            raise WireError(f"{key} is not a list")
        if length is not None and len(value) != length:
            raise WireError(f"{key} has {len(value)} entries, not {length}")
        if len(value) > most:
            raise WireError(f"{key} is too long")
        return value

    def ints(self, key: str, low: int, high: int, value: Any = _FIELD, length: int | None = None,
             most: int = MAX_LIST) -> list[int]:
        """A copy of the list, each entry an int from `low` to `high` (the same checks as `int` on each, made
        by the list at once: `type` mapped over it, then its min and max)."""
        values = self.list(key, value, length, most)
        if values and (not _INT_ONLY.issuperset(map(type, values)) or min(values) < low or max(values) > high):
            raise WireError(f"{key} is not a number from {low} to {high}")
        return list(values)

    def cards(self, key: str, value: Any = _FIELD) -> list[Biome]:
        return list(map(_BIOMES.__getitem__, self.ints(key, 0, len(Biome) - 1, value, most=ALL_CARDS)))

    def text(self, key: str, value: Any, optional: bool = True) -> str | None:
        if value is None and optional:
            return None
        if type(value) is not str or len(value) > MAX_NAME:
            raise WireError(f"{key} is not a short text")
        return check_text(value)

    def target(self, key: str, value: Any, on_connection: bool) -> int:
        """A territory index, or a connection number of this board."""
        if on_connection:
            if type(value) is not int or value not in self.connections:
                raise WireError(f"{key} names a connection the map does not have")
            return value
        return self.int(key, 0, self.n_territories - 1, value)

    def feat(self, key: str, value: Any) -> FeatKind:
        try:
            return FeatKind(self.text(key, value, optional=False))
        except ValueError:
            raise WireError(f"{key} names no feat") from None

    # ---- the state ----
    def state(self, config: GameConfig, board: Board, modules: tuple, tribes: tuple) -> GameState:
        n, nt, ns, nterr = self.n_seats, self.n_tribes, self.n_spaces, self.n_territories
        tribe = nt - 1
        hands = [self.cards("hands", h) for h in self.list("hands", length=n)]
        piles = {key: self.cards(key) for key in ("deck", "display", "discard", "removed")}
        known = [self.cards("known_cards", k) for k in self.list("known_cards", most=n)]
        if known and len(known) != n:
            raise WireError("known_cards is not one list per seat")
        if sum(map(len, hands)) + sum(map(len, piles.values())) > ALL_CARDS:
            raise WireError("the game state holds more cards than there are")
        space_owner = self.ints("space_owner", -1, tribe, length=ns)
        per_tribe = (lambda key, v: self.ints(key, 0, MAX_COUNT, v, length=nt))
        territory_tents = [per_tribe("territory_tents", t) for t in self.list("territory_tents", length=nterr)]
        totem_counts = [per_tribe("totem_counts", t) for t in self.list("totem_counts", length=nterr)]
        totem_stacks = [self.ints("totem_stacks", 0, tribe, s, most=MAX_COUNT)
                        for s in self.list("totem_stacks", length=nterr)]
        territory_empty = self.ints("territory_empty", 0, ns, length=nterr)
        self.pieces_agree(space_owner, territory_tents, territory_empty, totem_stacks, totem_counts)
        mountains = self.ints("mountains", 0, MAX_COUNT, most=len(self.connections))
        if not set(mountains) <= self.connections:
            raise WireError("mountains stand on connections the map does not have")
        feat_supply = {}
        for pair in self.list("feat_supply", most=len(FeatKind)):
            kind, count = self.list("feat_supply", pair, length=2)
            feat_supply[self.feat("feat_supply", kind)] = self.int("feat_supply", 0, MAX_COUNT, count)
        feats = []
        for entry in self.list("feats"):
            kind, who, target, on_connection = self.list("feats", entry, length=4)
            on_connection = self.bool("feats", on_connection)
            feats.append(FeatOnBoard(self.feat("feats", kind), self.int("feats", 0, tribe, who),
                                     self.target("feats", target, on_connection), on_connection))
        feats_earned = {}
        for pair in self.list("feats_earned", most=len(FeatKind)):
            kind, who = self.list("feats_earned", pair, length=2)
            feats_earned[self.feat("feats_earned", kind)] = self.ints("feats_earned", 0, tribe, who)
        try:
            phase = Phase(self.text("phase", self.get("phase"), optional=False))
        except ValueError:
            raise WireError("phase is not a phase") from None
        module_turn = self.text("module_turn", self.get("module_turn"))
        if module_turn is not None and module_turn not in {m.key for m in modules}:
            raise WireError("module_turn names no module of this game")
        state = GameState(
            config=config, board=board, rng=Rng(self.int("rng", 0, MAX_INT - 1)), tribes=tribes,
            hands=hands, deck=piles["deck"], display=piles["display"], discard=piles["discard"],
            removed=piles["removed"], space_owner=space_owner, territory_tents=territory_tents,
            territory_empty=territory_empty, totem_stacks=totem_stacks,
            totem_counts=totem_counts, tents_left=self.ints("tents_left", 0, MAX_COUNT, length=nt),
            totems_left=self.ints("totems_left", 0, MAX_COUNT, length=nt), mountains=tuple(mountains),
            feat_supply=feat_supply, feats=feats, feats_earned=feats_earned,
            scores=self.ints("scores", -MAX_SCORE, MAX_SCORE, length=nt),
            first_seat=self.int("first_seat", 0, n - 1), phase=phase,
            active_seat=self.int("active_seat", 0, n - 1), pending=self.pending(),
            pending_feats=self.pending_feats(), module_turn=module_turn,
            continuation=self.continuation(len(modules)), third_action=self.bool("third_action"),
            draft_order=self.ints("draft_order", 0, n - 1, most=n), turn=self.int("turn", 0, MAX_COUNT * 10),
            turns_taken=self.ints("turns_taken", 0, MAX_COUNT * 10, length=n),
            deck_exhaustions=self.int("deck_exhaustions", 0, MAX_COUNT),
            half_journey_due=self.bool("half_journey_due"), end_triggered=self.bool("end_triggered"),
            reports=self.reports(), result=self.result(), ext=self.ext(modules), modules=modules,
            known_cards=known, end_reason=self.text("end_reason", self.get("end_reason")),
        )
        return state

    def pieces_agree(self, owners: list[int], tents: list[list[int]], empty: list[int], stacks: list[list[int]],
                     counts: list[list[int]]) -> None:
        """The per-territory counts the engine keeps beside the pieces must agree with them, as after every
        action of a real game: the rules index and loop by these counts without checking them again."""
        tribes = range(self.n_tribes)
        for territory in self.board.territories:
            t = territory.index
            on_spaces = [owners[space] for space in territory.tent_spaces]
            if empty[t] != on_spaces.count(-1):
                raise WireError("a territory's empty spaces do not agree with its tents")
            stack = stacks[t]
            # a contested token's tent stands off the printed spaces (E7): more tents, never fewer; the lists are
            # compared whole (each is one int per tribe, `ints` checked their lengths)
            if counts[t] != [stack.count(tribe) for tribe in tribes] or any(
                    map(operator.lt, tents[t], [on_spaces.count(tribe) for tribe in tribes])):
                raise WireError("a territory's piece counts do not agree with its pieces")

    def pending(self) -> PendingPlace | None:
        value = self.get("pending")
        if value is None:
            return None
        tribe, territory, left, explored, placed, permit, module_pieces = self.list("pending", value, length=7)
        return PendingPlace(self.int("pending", 0, self.n_tribes - 1, tribe),
                            self.int("pending", 0, self.n_territories - 1, territory),
                            self.int("pending", 0, MAX_COUNT, left), self.bool("pending", explored),
                            self.int("pending", 0, MAX_COUNT, placed), self.text("pending", permit),
                            self.int("pending", 0, MAX_COUNT, module_pieces))

    def pending_feats(self) -> list[FeatClaim]:
        claims = []
        for entry in self.list("pending_feats"):
            kind, tribe, territories, connections, deferred = self.list("pending_feats", entry, length=5)
            claims.append(FeatClaim(
                self.feat("pending_feats", kind), self.int("pending_feats", 0, self.n_tribes - 1, tribe),
                tuple(self.ints("pending_feats", 0, self.n_territories - 1, territories)),
                tuple(self.target("pending_feats", c, True) for c in self.list("pending_feats", connections)),
                self.bool("pending_feats", deferred)))
        return claims

    def continuation(self, n_modules: int) -> Continuation | None:
        value = self.get("continuation")
        if value is None:
            return None
        hook, next_module, then, card = self.list("continuation", value, length=4)
        if type(hook) is not str or type(then) is not str or hook not in ("before_draw", "on_display_card", "before_final_scoring") or then not in (
                "", "end_turn", "next_drafter"):
            raise WireError("continuation names no hook")
        return Continuation(hook, self.int("continuation", 0, n_modules, next_module), then,
                            None if card is None else Biome(self.int("continuation", 0, len(Biome) - 1, card)))

    def reports(self) -> list[ScoreReport]:
        reports = [decode_value(r, ScoreReport) for r in self.list("reports")]
        for report in reports:
            if report.n_tribes != self.n_tribes or any(
                    not 0 <= t < self.n_tribes for line in report.lines for t in (*line.base, *line.ranks)):
                raise WireError("a score report names tribes this game does not have")
        return reports

    def result(self) -> GameResult | None:
        result = decode_value(self.get("result"), GameResult | None)
        if result is not None and (len(result.totals) != self.n_tribes or any(
                not 0 <= t < self.n_tribes for t in result.winners)):
            raise WireError("the result names tribes this game does not have")
        return result

    def ext(self, modules: tuple) -> dict[str, Any]:
        keys = {m.key for m in modules} | {VOID_DATA_KEY}
        ext: dict[str, Any] = {}
        for pair in self.list("ext", most=len(keys)):
            key, value = self.list("ext", pair, length=2)
            if type(key) is not str or key not in keys or key in ext:
                raise WireError("module data for a module this game does not have")
            ext[key] = self.module_data(key, decode_value(value, EXT_TYPES.get(key, Any)))
        return ext

    def module_data(self, key: str, value: Any) -> Any:
        """Board-sized checks of the module data whose indices the engine uses without looking."""
        if key == CONTESTED_KEY:
            if len(value) != len(self.board.contested_spots) or any(
                    place is not None and not (0 <= place[0] < self.n_territories and 0 <= place[1] < self.n_tribes)
                    for place in value):
                raise WireError("the contested tokens do not fit the map")
        elif key == DETERMINATION_KEY and not 0 <= value < self.n_seats:
            raise WireError("the Determination token is with no seat")
        elif key == VOID_TOTEMS_KEY and not 0 <= value < self.n_territories:
            raise WireError("a Void totem moves from no territory")
        elif key == "ruins" and (len(value.kept) != self.n_tribes or any(
                not 0 <= s < self.n_spaces for kept in value.kept for s in kept)):
            raise WireError("the kept ruins do not fit the map")
        elif key == "worship" and (value.variant not in (1, 2, 3) or any(
                not 0 <= t < self.n_territories for t in value.golden)):
            raise WireError("the Worship data do not fit the map")
        elif key == "expeditions" and (len(value.claims) != len(value.cards) or any(
                n not in CARDS_BY_NUMBER for n in value.cards)):
            raise WireError("the expedition cards are not the game's")
        elif key == VOID_DATA_KEY:
            placing = value.placing
            if placing is not None and not (0 <= placing.tribe < self.n_tribes and 0 <= placing.territory < self.n_territories):
                raise WireError("the Void's Place is off the map")
            biomes = value.paid + ([] if placing is None else placing.biomes)
            if any(not 0 <= b < len(Biome) for b in biomes) or not all(0 <= t < self.n_territories for t in value.claims):
                raise WireError("the Void's data name biomes or territories the game does not have")
        return value

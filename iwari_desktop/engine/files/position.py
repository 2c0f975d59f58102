"""Hand-written positions (`iwari-position` files) and scoring a state without changing it.

A position file describes pieces on a board, not a game: who is playing, which tents stand on which
tent spaces, the totem stacks, the feats and mountains on the board, and which scoring to run. It
is for checking a count at the table ("does this Desert really score 7/3/2/2?"), for rules tests and
for bug reports. The format is documented in docs/save-format.md ("Position files"); an example is
docs/examples/position-desert.json.

`positions.read_position(path)` / `positions.load_position(data)` validate the file and build a real `GameState` for
the map through `new_game`, then set the position's pieces on it, so that scoring runs through the
engine's own functions. `score_now(state, final)` computes the scoring the rules would run at this
moment (half journey: tents only, no multipliers, B13; final: tents, totems, settlements, feats,
B14–B19) and returns the report without adding it to the state's scores or reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iwari_desktop.engine.core.actions import Action, PlaceFeat
from iwari_desktop.engine.core.biomes import TribeColour
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.core.config import BASE_FEATS, PLAYER_COLOURS, SIXTH_COLOUR, ConfigError, GameConfig, PlayerSpec
from iwari_desktop.engine.files.position_claims import ClaimsLoader
from iwari_desktop.engine.files.position_expansion import ExpansionLoader
from iwari_desktop.engine.files.position_pieces import PiecesLoader
from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import FileKind, clip, is_ascii_number, is_map_reference, one_line, short
from iwari_desktop.engine.rulesets.feat_rules import FEAT_SUPPLY
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.worship import Worship
from iwari_desktop.engine.files.ending import Ending, end_now, score_now, winner_after  # noqa: F401 (re-exported)
from iwari_desktop.engine.core.setup import TENTS_IN_SUPPLY, TOTEMS_IN_SUPPLY, VOID_RUINS, VOID_TOTEMS, new_game
from iwari_desktop.engine.core.state import EMPTY, GameState, Tribe, TribeRole

POSITION_FORMAT = "iwari-position"
POSITION_VERSION = 1
SCORINGS = ("final", "half")
MAX_NAME = 100            # characters of a tribe's name
MAX_POINTS = 100_000      # points scored before the position; a real game ends below 300

_TOP_KEYS = {"format", "version", "map", "tribes", "tents", "totems", "feats", "mountains", "scoring",
             "points_before", "comment",
             # the deluxe expansion (position_expansion.py)
             "options", "ruins", "contested", "determination", "expeditions", "worship"}
_TRIBE_KEYS = {"name", "colour", "third"}
_TENT_KEYS = {"tribe", "space", "territory", "count", "purple_road"}
_BASE_FEAT_NAMES = {f.value for f in FEAT_SUPPLY}


class PositionError(ValueError):
    """A position file that cannot be read or describes an impossible position; one line of text.

    Clipped on creation: a bad value from the file is never repeated in full.
    """

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


@dataclass
class Position:
    """A validated position: the state holding its pieces, and the scoring it asks for."""

    state: GameState
    scoring: str            # "final" or "half"
    points_before: list[int]
    source: str
    # the file's choice for Worship, (target, on_connection), when its winner has several (E10)
    worship_target: tuple[int, bool] | None = None

    def ending(self) -> Ending:
        """The final scoring of this position as the game would run it (`end_now`), Worship placed where
        the file says (else where its placer scores most); PositionError if the file's target is not
        where Worship can go."""
        wanted = self.worship_target

        def choose(state: GameState, options: list[Action]) -> Action | None:
            if wanted is None:
                return None
            for action in options:
                if isinstance(action, PlaceFeat) and (action.target, action.on_connection) == wanted:
                    return action
            where = ", ".join(_target_name(state, a.target, a.on_connection) for a in options
                              if isinstance(a, PlaceFeat))
            raise PositionError(f"{self.source}: worship: 'target' {_target_name(state, *wanted)} is not where "
                                f"Worship can go (E10; it can go on {where})")

        ending = end_now(self.state, choose)
        if wanted is not None and not any(d["chosen"] == "file" for d in ending.decisions):
            data = ending.state.ext["worship"]
            if data.outcome != "placed" or data.target != wanted[0]:
                raise PositionError(f"{self.source}: worship: 'target' is not used: "
                                    f"{Worship.explain(ending.state, data)} (E10)")
        return ending


def _target_name(state: GameState, target: int, on_connection: bool) -> str:
    return f"connection {target}" if on_connection else state.board.territories[target].name


# ---- reading ------------------------------------------------------------------------------------

def read_position_data(path: str | Path) -> Any:
    """The file's JSON, with the same one-line refusals as saves (`jsonfile.read_json_file`)."""
    try:
        return read_json_file(path, kind=FileKind.POSITION)
    except JsonFileError as error:
        raise PositionError(str(error)) from None


def load_tribes_position(data: Any, source: str = "position", base_dir: Path | None = None,
                         board: Board | None = None) -> Position:
    """Validate a parsed position file of a game between tribes and build its state; PositionError names the
    first problem. Callers read any position through `positions.read_position` / `positions.load_position`,
    which send a file with a "mode" (against the Void) to `position_vs_void` instead: no import circle."""
    return _Loader(data, source, base_dir, board).load()


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


class _Loader(ExpansionLoader, ClaimsLoader, PiecesLoader):
    def __init__(self, data: Any, source: str, base_dir: Path | None, board: Board | None) -> None:
        self.data = data
        self.source = source
        self.base_dir = base_dir
        self.board = board

    def fail(self, message: str) -> PositionError:
        """A PositionError prefixed with the source name; returned, so call sites read `raise self.fail(...)`."""
        return PositionError(f"{self.source}: {message}")

    # -- generic checks ------------------------------------------------------------------------
    def _keys(self, obj: Any, allowed: set[str], where: str) -> dict[str, Any]:
        if not isinstance(obj, dict):
            raise self.fail(f"{where} must be an object, not {_kind(obj)}")
        unknown = sorted(set(obj) - allowed)
        if unknown:
            raise self.fail(f"{where}: unknown field {short(unknown[0])} (expected {', '.join(sorted(allowed))})")
        return obj

    def _list(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self.fail(f"'{key}' must be a list, not {_kind(value)}")
        return value

    @staticmethod
    def _int(value: Any) -> int | None:
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def _ref_number(self, value: Any, prefix: str, what: str, where: str) -> int:
        """An index given as a number or as "<prefix><number>" (s17, t3, c7)."""
        number = self._int(value)
        if number is None and isinstance(value, str):
            text = value.strip().lower()
            if text.startswith(prefix) and is_ascii_number(text[len(prefix):]):
                number = int(text[len(prefix):])
        if number is None:
            raise self.fail(f"{where}: {what} must be a number or '{prefix}<number>', not {short(value)}")
        return number

    # -- the map and the tribes ----------------------------------------------------------------
    def _check_header(self, top_keys: set[str]) -> None:
        """The file's 'format' and 'version' are ones this game reads, and it has only `top_keys`."""
        data = self.data
        if data.get("format") != POSITION_FORMAT:
            raise self.fail(f"unknown format {short(data.get('format'))} (expected {POSITION_FORMAT!r})")
        version = self._int(data.get("version"))
        if version is None or version < 1:
            raise self.fail("the position has no valid 'version' number")
        if version > POSITION_VERSION:
            raise self.fail(f"position version {short(version)} is newer than this game reads ({POSITION_VERSION})")
        self._keys(data, top_keys, "the position")

    def _board(self) -> Board:
        if self.board is not None:
            return self.board
        name = self.data.get("map")
        if not isinstance(name, str) or not name.strip():
            raise self.fail("'map' must name a bundled map id or a .tmx file")
        name = name.strip()
        if not is_map_reference(name):
            raise self.fail(f"'map' must be a bundled map id or a .tmx file, not {short(name)}")
        try:
            if name.endswith(".tmx") and self.base_dir is not None and not Path(name).is_absolute():
                beside = self.base_dir / name
                if beside.is_file():
                    name = str(beside)
            return get_board(name)
        except MapError as error:
            raise self.fail(str(error)) from None
        except OSError as error:  # a path the file system refuses (too long, a loop of links...)
            raise self.fail(f"map {short(name)} cannot be read ({error.strerror or type(error).__name__})") from None

    def _tribes(self, board: Board) -> tuple[list[PlayerSpec], dict[str, Any] | None]:
        entries = self.data.get("tribes")
        if not isinstance(entries, list) or not entries:
            raise self.fail("'tribes' must be a non-empty list of {\"name\": ..., \"colour\": ...}")
        n_players = sum(1 for e in entries if not (isinstance(e, dict) and e.get("third") is True))
        if not 2 <= n_players <= 6:
            raise self.fail(f"a game takes 2 to 6 players, not {n_players}")
        if not board.min_players <= n_players <= board.max_players:
            raise self.fail(f"{board.name} takes {board.min_players} to {board.max_players} players, not {n_players}")
        players: list[PlayerSpec] = []
        third: dict[str, Any] | None = None
        used = {e.get("colour") for e in entries if isinstance(e, dict) and isinstance(e.get("colour"), str)}
        colours = PLAYER_COLOURS + ((SIXTH_COLOUR,) if board.max_players >= 6 else ())  # E7: purple on The Void
        spare = [c for c in colours if c.value not in used]
        for i, entry in enumerate(entries, start=1):
            entry = self._keys(entry, _TRIBE_KEYS, f"tribe {i}")
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip():
                raise self.fail(f"tribe {i}: 'name' must be a non-empty string")
            if len(name.strip()) > MAX_NAME:
                raise self.fail(f"tribe {i}: 'name' is {len(name):,} characters long (at most {MAX_NAME})")
            colour_text = entry.get("colour")
            if colour_text is not None and not isinstance(colour_text, str):
                raise self.fail(f"tribe {i} ({clip(name)}): 'colour' must be text such as \"red\", not {short(colour_text)}")
            if colour_text is None:
                if not spare:
                    raise self.fail(f"tribe {i} ({name}): no colour left to give it; set 'colour'")
                colour = spare.pop(0)
            else:
                try:
                    colour = TribeColour(colour_text)
                except ValueError:
                    raise self.fail(f"tribe {i} ({clip(name)}): unknown colour {short(colour_text)} (expected "
                                    f"{', '.join(c.value for c in colours)})") from None
            is_third = entry.get("third", False)
            if not isinstance(is_third, bool):
                raise self.fail(f"tribe {i} ({name}): 'third' must be true or false")
            if is_third:
                if third is not None:
                    raise self.fail(f"tribe {i} ({name}): there is only one third tribe (B12)")
                if i != len(entries):
                    raise self.fail(f"tribe {i} ({name}): list the third tribe last")
                third = {"name": name.strip(), "colour": colour}
            else:
                players.append(PlayerSpec(name.strip(), colour))
        if third is not None and len(players) != 2:
            raise self.fail(f"a third tribe plays only in a 2-player game (B12), not with {len(players)} players")
        return players, third

    # -- the whole file ------------------------------------------------------------------------
    def load(self) -> Position:
        """Validate the whole file and build its state through `new_game`, then set the file's pieces.

        Raises PositionError naming the first problem found.
        """
        data = self.data
        if not isinstance(data, dict) or "format" not in data:
            raise self.fail("not an Iwari position file (no 'format' field)")
        self._check_header(_TOP_KEYS)
        scoring = data.get("scoring", "final")
        if scoring not in SCORINGS:
            raise self.fail(f"'scoring' must be \"final\" or \"half\", not {short(scoring)}")

        board = self._board()
        players, third = self._tribes(board)
        has_feats = any(isinstance(f, dict) and isinstance(f.get("kind"), str) and f["kind"] in _BASE_FEAT_NAMES
                        for f in self._list("feats"))
        config = GameConfig(map_id=board.map_id, players=tuple(players), seed=0,
                            feats=BASE_FEATS if has_feats else frozenset(), first_player=0,
                            options=self._options())
        try:
            state = new_game(config, board)
        except ConfigError as error:
            raise self.fail(str(error)) from None
        if third is not None:
            colours = {p.colour for p in players}
            if third["colour"] in colours:
                raise self.fail(f"the third tribe {third['name']} has the colour of a player")
            if third["name"].casefold() in {p.name.casefold() for p in players}:
                raise self.fail(f"the third tribe has the same name as a player ({third['name']})")
            if third["colour"] is TribeColour.PURPLE:
                raise self.fail("purple is only the sixth tribe on The Void")
            # replace the third tribe where it stands: a neutral Void after it (E3, E5) keeps its place
            state.tribes = tuple(Tribe(t.index, third["colour"], third["name"], None, TribeRole.THIRD)
                                 if t.role is TribeRole.THIRD else t for t in state.tribes)
        void = state.void_tribe
        if void is not None and any(p.name.casefold() == state.tribes[void].name.casefold() for p in players):
            raise self.fail(f"\"{state.tribes[void].name}\" is the neutral Void's name on {board.name}: "
                            "choose another name")
        self.state = state
        self._clear(state)
        self._reset_modules(state)
        self._place_tents(state)
        self._place_ruins(state)
        self._place_contested(state)
        self._set_determination(state)
        self._place_totems(state)
        self._set_mountains(state)
        self._place_feats(state)
        self._check_courage(state)
        self._set_expeditions(state)
        self._set_worship(state)
        points_before = self._points_before(state)
        state.scores = list(points_before)
        self.award_expeditions(state)
        state.refresh_counts()   # the pieces above were set straight into the counts (core/kept.py)
        return Position(state, scoring, points_before, self.source, self.worship_target)

    @staticmethod
    def _clear(state: GameState) -> None:
        """Only the pieces matter; cards and turn bookkeeping keep the values `new_game` gave them."""
        board = state.board
        n = len(state.tribes)
        state.space_owner = [EMPTY] * len(board.spaces)
        state.territory_tents = [[0] * n for _ in board.territories]
        state.territory_empty = [len(t.tent_spaces) for t in board.territories]
        state.totem_stacks = [[] for _ in board.territories]
        state.totem_counts = [[0] * n for _ in board.territories]
        void = state.void_tribe
        state.tents_left = [VOID_RUINS if t == void else TENTS_IN_SUPPLY for t in range(n)]
        state.totems_left = [VOID_TOTEMS if t == void else TOTEMS_IN_SUPPLY for t in range(n)]
        state.reports = []
        state.feats = []
        state.feats_earned = {}
        state.mountains = ()

    # -- references ----------------------------------------------------------------------------
    def _tribe(self, value: Any, where: str) -> int:
        tribes = self.state.tribes
        if isinstance(value, str):
            wanted = value.strip().casefold()
            for tribe in tribes:
                if tribe.name.casefold() == wanted:
                    return tribe.index
            for tribe in tribes:
                if tribe.colour.value == wanted:
                    return tribe.index
            if wanted == "void" and self.state.void_tribe is not None:   # the neutral Void (E3, E5)
                return self.state.void_tribe
        names = ", ".join(t.name for t in tribes)
        raise self.fail(f"{where}: unknown tribe {short(value)} (tribes: {names}; a tribe is named by name or colour)")

    def _territory(self, value: Any, where: str) -> int:
        territories = self.state.board.territories
        if isinstance(value, str) and not (value.strip().lower().startswith("t") and is_ascii_number(value.strip()[1:])):
            wanted = value.strip().casefold()
            found = [t.index for t in territories if t.name.casefold() == wanted]
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise self.fail(f"{where}: several territories are called {short(value)}; use 't<index>'")
            raise self.fail(f"{where}: no territory called {short(value)} on {self.state.board.name}")
        index = self._ref_number(value, "t", "a territory", where)
        if not 0 <= index < len(territories):
            raise self.fail(f"{where}: there is no territory t{index} (the map has t0 to t{len(territories) - 1})")
        return index

    def _label(self, territory: int) -> str:
        return self.state.board.territories[territory].name

    # -- pieces ----------------------------------------------------------------------------------
    def _put_tent(self, state: GameState, tribe: int, space: int, where: str) -> None:
        spaces = state.board.spaces
        if not 0 <= space < len(spaces):
            raise self.fail(f"{where}: there is no tent space s{space} (the map has s0 to s{len(spaces) - 1})")
        territory = spaces[space].territory
        if territory is None:
            raise self.fail(f"{where}: s{space} is a ruin space: list a tent there under 'ruins' (E3)")
        if state.tribes[tribe].role is TribeRole.VOID:
            raise self.fail(f"{where}: the neutral Void has no tents on tent spaces; its ruins stand on the "
                            "ruin spaces (E3)")
        owner = state.space_owner[space]
        if owner != EMPTY:
            raise self.fail(f"{where}: tent space s{space} already holds a tent of {state.tribes[owner].name}")
        if state.tents_left[tribe] == 0:
            raise self.fail(f"{where}: {state.tribes[tribe].name} has only {TENTS_IN_SUPPLY} tents (B1)")
        state.space_owner[space] = tribe
        state.territory_tents[territory][tribe] += 1
        state.territory_empty[territory] -= 1
        state.tents_left[tribe] -= 1

    def _place_tents(self, state: GameState) -> None:
        for tent in self._tent_entries(_TENT_KEYS, self._tribe, "'tribe' is missing"):
            where, tribe, territory, count = tent.where, tent.tribe, tent.territory, tent.count
            if tent.space is not None:
                self._put_tent(state, tribe, tent.space, where)
                continue
            road = tent.entry.get("purple_road")
            if road is not None and not isinstance(road, bool):
                raise self.fail(f"{where}: 'purple_road' must be true or false")
            spaces = state.board.spaces
            if road and not any(spaces[s].purple_road for s in state.board.territories[territory].tent_spaces):
                raise self.fail(f"{where}: the purple road does not cross {self._label(territory)} (E6)")
            free = [s for s in state.board.territories[territory].tent_spaces if state.space_owner[s] == EMPTY
                    and (road is None or spaces[s].purple_road == road)]
            if count > len(free):
                kind = "" if road is None else (" purple-road" if road else " off-road")
                raise self.fail(f"{where}: {self._label(territory)} has {len(free)} empty{kind} tent space(s) left, "
                                f"not enough for {count} more tent(s) (B10)")
            for space in free[:count]:
                self._put_tent(state, tribe, space, where)

    def _place_totems(self, state: GameState) -> None:
        """Stacks bottom first; the cap (B9) counts every tent there, a contested token's too (E7, P13)."""
        seen: set[int] = set()
        for totem in self._totem_entries(state, seen, "B10, E2"):
            tribes = [self._tribe(piece, totem.where) for piece in totem.stack]
            self._void_totem_stack(state, totem.territory, tribes, totem.where)
            for tribe in tribes:
                self._add_totem(state, totem, tribe, lambda _tribe: f"{TOTEMS_IN_SUPPLY} totems (B1)")
            self._check_totem_cap(state, totem, "tents any one tribe")
        self._fill_void_centre(state, seen)

    def _points_before(self, state: GameState) -> list[int]:
        value = self.data.get("points_before", {})
        if not isinstance(value, dict):
            raise self.fail("'points_before' must be an object: tribe -> points already scored")
        points = [0] * len(state.tribes)
        for key, pts in value.items():
            tribe = self._tribe(key, "points_before")
            if tribe not in state.roles.scoring:
                raise self.fail(f"points_before: {state.tribes[tribe].name} never scores (E5)")
            if self._int(pts) is None or not 0 <= pts <= MAX_POINTS:
                raise self.fail(f"points_before: {short(key)} must have a whole number of points from 0 to "
                                f"{MAX_POINTS}, not {short(pts)}")
            points[tribe] = pts
        return points

"""The deluxe expansion's pieces and claims in a position file (docs/save-format.md, section 3).

Split from `position.py` so each file keeps one job: this mixin of `position._Loader` reads the
fields only the expansion's rule modules give meaning to — `options` (expedition cards, Courage,
Worship as in a save's setup), `ruins` (E3), `contested` (E7), `determination` (E7), `expeditions`
(E8), `worship` (E10) and the neutral Void's totems in `totems` (E5) — and sets them on the state
exactly as the modules keep them (`state.ext[key]` in each module's own data type), so the modules'
own scoring code scores the position. Every field is refused with one line naming the entry and,
where it helps, the ruling, when the rules could never produce it.

Why a position lists so little: what setup always does is done again here after the board is
cleared (a Void ruin on every ruin space not taken, the five Void totems in the centre unless
their stacks are listed, every contested token on its spot, the Determination token with the last
player), so a file lists only what play changed.
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import BASE_BIOMES, Biome
from iwari_desktop.engine.core.config import OPTIONS
from iwari_desktop.engine.core.state import EMPTY, FeatOnBoard, GameState, TribeRole
from iwari_desktop.engine.files.reader import short
from iwari_desktop.engine.files.typed import Fields
from iwari_desktop.engine.rulesets.contested import KEY as CONTESTED
from iwari_desktop.engine.rulesets.courage import unexplored_territories
from iwari_desktop.engine.rulesets.determination import KEY as DETERMINATION
from iwari_desktop.engine.rulesets.expeditions import (CARDS_BY_NUMBER, CARDS_REVEALED, ExpeditionData, Expeditions,
                                                       MissionKind, can_ever_be_met, mission_met)
from iwari_desktop.engine.rulesets.ruins import RuinData, Ruins
from iwari_desktop.engine.rulesets.void_totems import KEY as VOID_TOTEMS, SETUP_TOTEMS
from iwari_desktop.engine.rulesets.worship import WorshipData

# Options a position may set: the multiplayer setup options (solo/co-op options are no positions).
POSITION_OPTIONS = ("expeditions", "courage", "worship")
# Missions that, once met, stay met in a multiplayer game (a tribe's own pieces never leave the board),
# so whoever meets one now must have claimed it (E8: checked after every placement) and every claimer
# must meet it still. "First place" missions can be lost again, so they are not checked.
LASTING_MISSIONS = frozenset(MissionKind) - {MissionKind.FIRST_IN_TENTS, MissionKind.FIRST_IN_TOTEMS}
_CONTESTED_KEYS = {"token", "territory", "tribe"}
_EXPEDITION_KEYS = {"card", "claimed_by"}
_WORSHIP_KEYS = {"golden", "target"}


class ExpansionLoader:
    """Mixin of `position._Loader`: the expansion's fields. Uses the loader's `fail`, `_keys`, `_list`,
    `_read_options`, `_tribe`, `_territory`, `_ref_number`, `data` and `state`."""

    data: dict[str, Any]
    state: GameState

    # ---- options (before the game is set up) -----------------------------------------------------
    def _options(self) -> dict[str, Any]:
        """`options`, as in a save's setup; the option's own ConfigError is raised later by `new_game`."""
        def read(fields: Fields) -> dict[str, Any]:
            options: dict[str, Any] = {}
            for name in POSITION_OPTIONS:
                spec = OPTIONS[name]
                if spec.kind is bool:
                    value: Any = fields.bool(name, False)
                else:
                    value = fields.int(name, min(spec.allowed), max(spec.allowed), 0)
                if value:
                    options[name] = value
            return options

        return self._read_options(POSITION_OPTIONS, f"expected {', '.join(POSITION_OPTIONS)}", read)

    def _needs(self, key: str, field: str, why: str) -> None:
        if not any(m.key == key for m in self.state.modules):
            raise self.fail(f"'{field}': {why}")

    # ---- references ------------------------------------------------------------------------------
    def _is_void(self, tribe: int) -> bool:
        return self.state.tribes[tribe].role is TribeRole.VOID

    def _player_tribe(self, value: Any, where: str) -> int:
        """A tribe that places pieces of its own (never the neutral Void, which only has setup pieces)."""
        tribe = self._tribe(value, where)
        if self._is_void(tribe):
            raise self.fail(f"{where}: the neutral Void places no pieces of its own in a multiplayer game (E3, E5)")
        return tribe

    def _connection(self, value: Any, where: str) -> int:
        number = self._ref_number(value, "c", "a connection", where)
        if number not in self.state.board.connections_by_number:
            raise self.fail(f"{where}: there is no connection {number}")
        return number

    # ---- module data after the board is cleared ----------------------------------------------------
    def _reset_modules(self, state: GameState) -> None:
        """Each module's data as at setup, minus what setup drew from the RNG (the file says that)."""
        keys = {m.key for m in state.modules}
        if Ruins.key in keys:
            state.ext[Ruins.key] = RuinData([[] for _ in state.tribes])
        if CONTESTED in keys:
            state.ext[CONTESTED] = [None] * len(state.board.contested_spots)
        if DETERMINATION in keys:
            state.ext[DETERMINATION] = state.n_players - 1   # the last player (the first player is seat 0)
        if Expeditions.key in keys:
            state.ext[Expeditions.key] = ExpeditionData([], [])
        if "courage" in keys:
            state.ext["courage"] = False
            state.feat_supply[FeatKind.COURAGE] = 1
        if "worship" in keys:
            state.ext["worship"] = WorshipData(int(state.config.option("worship")))
            state.feat_supply[FeatKind.WORSHIP] = 1

    # ---- ruins (E3) --------------------------------------------------------------------------------
    def _place_ruins(self, state: GameState) -> None:
        """Tribe tents on ruin spaces (each taker keeps that ruin), then a Void ruin on every other one."""
        for where, space, tribe in self._ruin_entries(state, "who took it"):   # none without ruin spaces
            if self._is_void(tribe):
                raise self.fail(f"{where}: a ruin space not listed keeps its Void ruin; list only the ones a "
                                "tribe took")
            if state.space_owner[space] != EMPTY:
                raise self.fail(f"{where}: ruin space s{space} is listed twice")
            if state.tents_left[tribe] == 0:
                raise self.fail(f"{where}: {state.tribes[tribe].name} has no tent left for it (B1)")
            state.space_owner[space] = tribe
            state.tents_left[tribe] -= 1
            state.ext[Ruins.key].kept[tribe].append(space)
        if not any(m.key == Ruins.key for m in state.modules):
            return
        void = state.void_tribe
        for space in state.board.ruin_spaces:
            if state.space_owner[space] == EMPTY:
                state.space_owner[space] = void
                state.tents_left[void] -= 1
            else:   # the taker lifted the Void ruin into its keeping: it left the Void's supply too (P10)
                state.tents_left[void] -= 1

    # ---- contested tokens (E7) ---------------------------------------------------------------------
    def _place_contested(self, state: GameState) -> None:
        """Moved tokens with the tent on each: an extra space of the territory, off the roads (E7, P6)."""
        entries = self._list("contested")
        if not entries:
            return
        self._needs(CONTESTED, "contested", f"{state.board.name} has no contested tokens (E7)")
        spots = state.board.contested_spots
        tokens = state.ext[CONTESTED]
        names = state.board.territories
        for i, entry in enumerate(entries, start=1):
            where = f"contested entry {i}"
            entry = self._keys(entry, _CONTESTED_KEYS, where)
            if not {"token", "territory", "tribe"} <= set(entry):
                raise self.fail(f"{where}: give 'token', 'territory' (where it went) and 'tribe' (whose tent is on it)")
            token = entry["token"]
            if not (isinstance(token, int) and not isinstance(token, bool) and 0 <= token < len(spots)):
                raise self.fail(f"{where}: 'token' must be a number from 0 to {len(spots) - 1}, not {short(token)}")
            if tokens[token] is not None:
                raise self.fail(f"{where}: contested token {token} is listed twice")
            territory = self._territory(entry["territory"], where)
            a, b = spots[token].territories
            if territory not in (a, b):
                raise self.fail(f"{where}: contested token {token} lies between {names[a].name} and {names[b].name} "
                                f"and can only move into one of them (E7)")
            tribe = self._player_tribe(entry["tribe"], where)
            if state.tents_left[tribe] == 0:
                raise self.fail(f"{where}: {state.tribes[tribe].name} has no tent left for it (B1)")
            tokens[token] = (territory, tribe)
            state.territory_tents[territory][tribe] += 1
            state.tents_left[tribe] -= 1

    def _set_determination(self, state: GameState) -> None:
        if "determination" not in self.data:
            return
        self._needs(DETERMINATION, "determination", f"{state.board.name} has no Determination token (E7)")
        tribe = self._tribe(self.data["determination"], "determination")
        seat = state.tribes[tribe].seat
        if seat is None:
            raise self.fail(f"determination: only a player holds the Determination token, not "
                            f"{state.tribes[tribe].name} (P17)")
        state.ext[DETERMINATION] = seat

    # ---- Void totems (E5) --------------------------------------------------------------------------
    def _void_totem_stack(self, state: GameState, territory: int, stack: list[int], where: str) -> None:
        """Checks a listed stack holding Void totems (they exist only with the Uncharted Paths rules), and that
        a territory without tent spaces (The Uncharted Paths' centre) holds no tribe totem: no tribe can have
        a tent there, so its cap stays 0 (B9); only the Void totems setup put there stand in it (E5). A purple
        Void territory of The Void map is a territory like any other (E7): tribe totems stand there under B9."""
        void = state.void_tribe
        t = state.board.territories[territory]
        if not t.tent_spaces and any(tribe != void for tribe in stack):
            raise self.fail(f"{where}: {t.name} has no tent spaces, so no tribe can place a totem there "
                            "(its cap stays 0, B9); only Void totems stand in it (E5)")
        if void is None or void not in stack:
            return
        if not any(m.key == VOID_TOTEMS for m in state.modules):
            raise self.fail(f"{where}: {state.board.name} has no Void totems (E5: the Uncharted Paths)")

    def _fill_void_centre(self, state: GameState, listed: set[int]) -> None:
        """The Void totems not listed elsewhere stay in the centre; five in all, never more (E5)."""
        if not any(m.key == VOID_TOTEMS for m in state.modules):
            return
        void = state.void_tribe
        placed = sum(counts[void] for counts in state.totem_counts)
        centres = [t.index for t in state.board.territories if t.biome is Biome.VOID and t.totem_space is not None]
        open_centres = [t for t in centres if t not in listed]
        if placed > SETUP_TOTEMS or (not open_centres and placed != SETUP_TOTEMS):
            raise self.fail(f"totems: the stacks hold {placed} Void totems, but there are exactly {SETUP_TOTEMS} "
                            "(E5: they move, they never leave the board)")
        if open_centres:
            centre = open_centres[0]
            for _ in range(SETUP_TOTEMS - placed):
                state.totem_stacks[centre].append(void)
                state.totem_counts[centre][void] += 1
                state.totems_left[void] -= 1

    # ---- Courage (E9) ------------------------------------------------------------------------------
    def _courage_entry(self, state: GameState, entry: dict[str, Any], tribe: int, where: str) -> None:
        """Courage on a territory or connection (checked against the other feats later), or lost."""
        if not any(m.key == "courage" for m in state.modules):
            raise self.fail(f"{where}: 'kind' courage is in play only with \"options\": {{\"courage\": true}} (E9)")
        if "territory" in entry and "connection" in entry:
            raise self.fail(f"{where}: Courage goes on a 'territory' or a 'connection', not both")
        if "territory" in entry:
            state.feats.append(FeatOnBoard(FeatKind.COURAGE, tribe, self._territory(entry["territory"], where), False))
        elif "connection" in entry:
            state.feats.append(FeatOnBoard(FeatKind.COURAGE, tribe, self._connection(entry["connection"], where), True))
        elif tribe < 0:
            raise self.fail(f"{where}: Courage without a target was earned and discarded: say by which 'tribe'")

    def _check_courage(self, state: GameState) -> None:
        """E9: Courage lies where another feat lies, once every territory is explored."""
        if not any(m.key == "courage" for m in state.modules):
            return
        earned = state.feats_earned.get(FeatKind.COURAGE, [])
        unexplored = unexplored_territories(state)
        state.ext["courage"] = not unexplored
        if earned and unexplored:
            raise self.fail(f"feats: Courage is earned by exploring the last unexplored territory, but "
                            f"{state.board.territories[unexplored[0]].name} is still unexplored (E9)")
        for feat in state.feats:
            if feat.feat is not FeatKind.COURAGE:
                continue
            if not any(f.feat is not FeatKind.COURAGE and f.target == feat.target
                       and f.on_connection == feat.on_connection for f in state.feats):
                where = f"connection {feat.target}" if feat.on_connection else state.board.territories[feat.target].name
                raise self.fail(f"feats: Courage goes only where another feat lies, and {where} holds none (E9)")

    # ---- expedition cards (E8) -----------------------------------------------------------------------
    def _set_expeditions(self, state: GameState) -> None:
        """The three revealed cards and who claimed each, in order; their rewards become award lines."""
        has = any(m.key == Expeditions.key for m in state.modules)
        if "expeditions" in self.data and not has:
            raise self.fail("'expeditions': expedition cards are in play only with \"options\": "
                            "{\"expeditions\": true} (E8)")
        if not has:
            return
        entries = self._list("expeditions")
        if len(entries) != CARDS_REVEALED:
            raise self.fail(f"'expeditions' must list the {CARDS_REVEALED} revealed cards, not {len(entries)} (E8)")
        data: ExpeditionData = state.ext[Expeditions.key]
        for i, entry in enumerate(entries, start=1):
            where = f"expeditions entry {i}"
            entry = self._keys(entry, _EXPEDITION_KEYS, where)
            number = entry.get("card")
            if not (isinstance(number, int) and not isinstance(number, bool) and number in CARDS_BY_NUMBER):
                raise self.fail(f"{where}: 'card' must be a card number from 1 to {len(CARDS_BY_NUMBER)}, "
                                f"not {short(number)}")
            if number in data.cards:
                raise self.fail(f"{where}: card {number} is listed twice")
            card = CARDS_BY_NUMBER[number]
            if not can_ever_be_met(card, state.board):
                raise self.fail(f"{where}: card {number} ({card.mission}) can never be met on {state.board.name}, "
                                "so it is not in play there (P46)")
            claimers = entry.get("claimed_by", [])
            if not isinstance(claimers, list) or len(claimers) > 2:
                raise self.fail(f"{where}: 'claimed_by' must list at most 2 tribes, first claimer first (E8)")
            claims: list[int] = []
            for value in claimers:
                tribe = self._tribe(value, where)
                if state.tribes[tribe].seat is None:
                    raise self.fail(f"{where}: only players claim expedition cards, not {state.tribes[tribe].name} "
                                    "(P15)")
                if tribe in claims:
                    raise self.fail(f"{where}: {state.tribes[tribe].name} claims card {number} twice")
                if card.kind in LASTING_MISSIONS and not mission_met(state, card, tribe):
                    raise self.fail(f"{where}: {state.tribes[tribe].name} does not {card.mission}, so it cannot "
                                    f"have claimed card {number} (E8)")
                claims.append(tribe)
            if len(claims) < 2 and card.kind in LASTING_MISSIONS:
                for tribe in state.roles.scoring:
                    if state.tribes[tribe].seat is not None and tribe not in claims and mission_met(state, card, tribe):
                        raise self.fail(f"{where}: {state.tribes[tribe].name} meets card {number} ({card.mission}) "
                                        "but is not in 'claimed_by'; a player claims a card the moment it meets "
                                        "it (E8)")
            data.cards.append(number)
            data.claims.append(claims)

    @staticmethod
    def award_expeditions(state: GameState) -> None:
        """Score the claimed rewards as the game did, one award report per claim (first, then second)."""
        data: ExpeditionData | None = state.ext.get(Expeditions.key)
        if data is None:
            return
        for number, claims in zip(data.cards, data.claims):
            for place, tribe in enumerate(claims, start=1):
                Expeditions._award(state, CARDS_BY_NUMBER[number], tribe, place)

    # ---- Worship (E10) ----------------------------------------------------------------------------
    def _set_worship(self, state: GameState) -> None:
        """Golden tokens (variant 3) and the placer's choice of target, used at the final scoring."""
        self.worship_target: tuple[int, bool] | None = None
        has = any(m.key == "worship" for m in state.modules)
        if "worship" in self.data and not has:
            raise self.fail("'worship': Worship is in play only with \"options\": {\"worship\": 1, 2 or 3} (E10)")
        if not has:
            return
        data: WorshipData = state.ext["worship"]
        entry = self._keys(self.data.get("worship", {}), _WORSHIP_KEYS, "worship")
        if data.variant == 3:
            self._golden(state, data, entry.get("golden"))
        elif "golden" in entry:
            raise self.fail(f"worship: golden tokens belong to variant 3, not variant {data.variant} (E10)")
        if "target" in entry:
            if data.variant == 3:
                self.worship_target = (self._connection(entry["target"], "worship: 'target'"), True)
            else:
                self.worship_target = (self._territory(entry["target"], "worship: 'target'"), False)

    def _golden(self, state: GameState, data: WorshipData, value: Any) -> None:
        board = state.board
        needed = [b for b in BASE_BIOMES if any(t.totem_space is not None for t in board.territories if t.biome is b)]
        if not isinstance(value, list):
            raise self.fail("worship: variant 3 needs 'golden': one totem-space territory of each of "
                            f"{', '.join(b.label for b in needed)} (E10)")
        seen: set[Biome] = set()
        for item in value:
            territory = self._territory(item, "worship: 'golden'")
            t = board.territories[territory]
            if t.totem_space is None or t.biome not in needed:
                raise self.fail(f"worship: 'golden': {t.name} has no totem space for a golden token (E10)")
            if t.biome in seen:
                raise self.fail(f"worship: 'golden': two golden tokens in {t.biome.label}; one per biome (E10)")
            seen.add(t.biome)
            data.golden.append(territory)
        if len(seen) != len(needed):
            missing = [b.label for b in needed if b not in seen]
            raise self.fail(f"worship: 'golden' has no token in {', '.join(missing)}: one per biome with a "
                            "totem space (E10)")

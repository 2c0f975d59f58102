"""Mountains and feats in a position file: the claims on the board's connections and territories.

A mixin of `position._Loader` (split off so each file keeps one job): it checks the mountains against
the peak groups in play (B3) and every feat against its supply, its kind of target and the tribe that
earned it (B19), with Courage (E9) among them; Worship is decided at the final scoring and comes by
its own field (`position_expansion`). Uses the loader's `fail`, `_keys`, `_list`, `_tribe`,
`_territory`, `_ref_number` and `_courage_entry`.
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.core.state import FeatOnBoard, GameState, TribeRole
from iwari_desktop.engine.files.reader import short
from iwari_desktop.engine.rulesets.feat_rules import CONNECTION_FEATS, FEAT_SUPPLY, TERRITORY_FEATS
from iwari_desktop.engine.rulesets.mountains import GROUPS_IN_PLAY

_FEAT_KEYS = {"kind", "tribe", "territory", "connection"}
_FEAT_KINDS: dict[FeatKind, int] = {**FEAT_SUPPLY, FeatKind.COURAGE: 1}   # Worship comes by its own field


class ClaimsLoader:
    """Mixin of `position._Loader`: `mountains` and `feats`."""

    data: dict[str, Any]

    def _set_mountains(self, state: GameState) -> None:
        numbers = self._list("mountains")
        board = state.board
        if numbers and not board.uses_mountains:
            raise self.fail(f"{board.name} does not use mountains (B3)")
        in_play = GROUPS_IN_PLAY.get(state.n_players, ())
        groups: dict[int, int] = {}
        covered: list[int] = []
        for value in numbers:
            where = "mountains"
            number = self._ref_number(value, "c", "a connection", where)
            connection = board.connections_by_number.get(number)
            if connection is None:
                raise self.fail(f"mountains: there is no connection {number}")
            group = connection.peak_group
            if not group:
                raise self.fail(f"mountains: connection {number} has no peak symbol (B3)")
            if group not in in_play:
                raise self.fail(f"mountains: connection {number} has {group} peak(s); with {state.n_players} players "
                                f"only groups {', '.join(map(str, in_play))} are in play (B3)")
            if group in groups:
                raise self.fail(f"mountains: connections {groups[group]} and {number} are both in peak group {group}; "
                                "one mountain per group (B3)")
            groups[group] = number
            covered.append(number)
        state.mountains = tuple(sorted(covered))

    def _place_feats(self, state: GameState) -> None:
        board = state.board
        used: dict[FeatKind, int] = {}
        for i, entry in enumerate(self._list("feats"), start=1):
            where = f"feats entry {i}"
            entry = self._keys(entry, _FEAT_KEYS, where)
            try:
                kind = FeatKind(entry.get("kind"))
            except ValueError:
                kind = None
            if kind is FeatKind.WORSHIP:
                raise self.fail(f"{where}: Worship is placed at the final scoring: give \"worship\": "
                                "{\"target\": ...} instead (E10)")
            if kind not in _FEAT_KINDS:
                raise self.fail(f"{where}: 'kind' must be one of {', '.join(f.value for f in _FEAT_KINDS)}, "
                                f"not {short(entry.get('kind'))}")
            used[kind] = used.get(kind, 0) + 1
            if used[kind] > _FEAT_KINDS[kind]:
                raise self.fail(f"{where}: there are only {_FEAT_KINDS[kind]} {kind.value} feat(s) (B19)")
            tribe = self._tribe(entry["tribe"], where) if "tribe" in entry else -1
            if tribe >= 0 and state.tribes[tribe].role is TribeRole.VOID:
                raise self.fail(f"{where}: the neutral Void never earns feats (E5)")
            if tribe >= 0:
                earned = state.feats_earned.setdefault(kind, [])
                if tribe in earned:
                    raise self.fail(f"{where}: {state.tribes[tribe].name} earns at most one {kind.value} feat (B19)")
                earned.append(tribe)
            if kind is FeatKind.COURAGE:
                self._courage_entry(state, entry, tribe, where)
            elif kind in TERRITORY_FEATS:
                if "connection" in entry or "territory" not in entry:
                    raise self.fail(f"{where}: a {kind.value} feat goes on a 'territory' (B19)")
                target = self._territory(entry["territory"], where)
                state.feats.append(FeatOnBoard(kind, tribe, target, False))
            else:
                assert kind in CONNECTION_FEATS
                if "territory" in entry or "connection" not in entry:
                    raise self.fail(f"{where}: a {kind.value} feat goes on a 'connection' (B19)")
                number = self._ref_number(entry["connection"], "c", "'connection'", where)
                connection = board.connections_by_number.get(number)
                if connection is None:
                    raise self.fail(f"{where}: there is no connection {number}")
                wanted = ConnectionKind.LAND if kind is FeatKind.HONOUR else ConnectionKind.WATER
                if connection.kind is not wanted:
                    raise self.fail(f"{where}: {kind.value} goes on a {wanted.value} connection; connection {number} "
                                    f"is {connection.kind.value} (B19)")
                if number in state.mountains:
                    raise self.fail(f"{where}: connection {number} is covered by a mountain and takes no feat (B3)")
                state.feats.append(FeatOnBoard(kind, tribe, number, True))
        for kind in FEAT_SUPPLY:
            state.feat_supply[kind] = FEAT_SUPPLY[kind] - used.get(kind, 0)
        if FeatKind.COURAGE in state.feat_supply:
            state.feat_supply[FeatKind.COURAGE] = 1 - used.get(FeatKind.COURAGE, 0)

"""Write any game state as a position file (`iwari-position`, docs/save-format.md section 3).

The reverse of `positions.load_position`: the pieces on the board, the claims and each rule module's
position data of a state, in the format a person would write by hand (every tent on its space, every
stack bottom first, tribes by name). It serves bug reports ("here is the board where the count looked
wrong") and, above all, the round-trip property test (tests/engine/files/test_position_roundtrip.py): a state
reached in play, written and read back, must give the same position and the same scores, so the
reader refuses nothing play can reach.

What a position cannot hold is left out on purpose: cards, the turn, a Place or feat still being
decided, the Void's step queue. `position_view` is the part of a state a position does hold, so two
states can be compared on it.
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import EMPTY, GameState, TribeRole
from iwari_desktop.engine.files.position import POSITION_FORMAT, POSITION_VERSION
from iwari_desktop.engine.rulesets.contested import KEY as CONTESTED
from iwari_desktop.engine.rulesets.determination import KEY as DETERMINATION
from iwari_desktop.engine.rulesets.feat_rules import FEAT_SUPPLY
from iwari_desktop.engine.rulesets.expeditions import CARDS_BY_NUMBER, ExpeditionData, Expeditions
from iwari_desktop.engine.rulesets.ruins import Ruins

VOID_NAME = "void"              # how a position names the neutral Void or the Void's side (E5, S1)
_MULTIPLAYER_OPTIONS = ("expeditions", "courage", "worship")
_VS_VOID_OPTIONS = ("k",)
_BASE_FEAT_MODULES = frozenset(f.value for f in FEAT_SUPPLY)


def position_data(state: GameState) -> dict[str, Any]:
    """The position file (as JSON data) of `state`: a multiplayer one, or one of a game against the Void."""
    if state.config.mode is GameMode.MULTIPLAYER:
        return _multiplayer(state)
    return _vs_void(state)


def _name(state: GameState, tribe: int) -> str:
    return VOID_NAME if state.tribes[tribe].role is TribeRole.VOID else state.tribes[tribe].name


def _options(state: GameState, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: value for name, value in state.config.options if name in names and value}


def _tent_entries(state: GameState, spaces: list[int]) -> list[dict[str, Any]]:
    return [{"tribe": _name(state, state.space_owner[s]), "space": f"s{s}"} for s in spaces]


def _stacks(state: GameState) -> list[dict[str, Any]]:
    return [{"territory": f"t{t}", "stack": [_name(state, tribe) for tribe in stack]}
            for t, stack in enumerate(state.totem_stacks) if stack]


def _header(state: GameState) -> dict[str, Any]:
    return {"format": POSITION_FORMAT, "version": POSITION_VERSION, "map": state.config.map_id}


# ---- multiplayer -----------------------------------------------------------------------------------

def _multiplayer(state: GameState) -> dict[str, Any]:
    board = state.board
    data = _header(state)
    data["tribes"] = [{"name": t.name, "colour": t.colour.value, **({"third": True} if t.role is TribeRole.THIRD else {})}
                      for t in state.tribes if t.role is not TribeRole.VOID]
    options = _options(state, _MULTIPLAYER_OPTIONS)
    if options:
        data["options"] = options
    occupied = [s for s, owner in enumerate(state.space_owner) if owner != EMPTY]
    data["tents"] = _tent_entries(state, [s for s in occupied if board.spaces[s].territory is not None])
    void = state.void_tribe
    if any(m.key == Ruins.key for m in state.modules):
        data["ruins"] = [{"space": f"s{s}", "tribe": _name(state, state.space_owner[s])}
                         for s in board.ruin_spaces if state.space_owner[s] not in (EMPTY, void)]
    if CONTESTED in state.ext:
        data["contested"] = [{"token": k, "territory": f"t{token[0]}", "tribe": _name(state, token[1])}
                             for k, token in enumerate(state.ext[CONTESTED]) if token is not None]
    if DETERMINATION in state.ext and state.ext[DETERMINATION] is not None:
        data["determination"] = _name(state, state.tribe_of_seat(state.ext[DETERMINATION]))
    data["totems"] = _stacks(state)
    data["feats"] = _feats(state)
    data["mountains"] = list(state.mountains)
    expeditions: ExpeditionData | None = state.ext.get(Expeditions.key)
    if expeditions is not None:
        data["expeditions"] = [{"card": number, "claimed_by": [_name(state, t) for t in claims]}
                               for number, claims in zip(expeditions.cards, expeditions.claims)]
    worship = state.ext.get("worship")
    if worship is not None:
        entry: dict[str, Any] = {"golden": [f"t{t}" for t in worship.golden]} if worship.variant == 3 else {}
        if worship.outcome == "placed":   # a finished game: where its winner put it (E10)
            entry["target"] = worship.target if worship.variant == 3 else f"t{worship.target}"
        if entry:
            data["worship"] = entry
    data["points_before"] = {_name(state, t): points for t, points in enumerate(_points_before(state))
                             if t in state.roles.scoring and points}
    return data


def _feats(state: GameState) -> list[dict[str, Any]]:
    """Feats on the board (Worship is decided at the final scoring: it comes back by being decided again),
    and Courage earned with nothing to lie on (discarded, E9)."""
    from iwari_desktop.engine.core.actions import FeatKind

    entries: list[dict[str, Any]] = []
    for feat in state.feats:
        if feat.feat is FeatKind.WORSHIP:
            continue
        entry: dict[str, Any] = {"kind": feat.feat.value}
        if feat.tribe >= 0:
            entry["tribe"] = _name(state, feat.tribe)
        entry["connection" if feat.on_connection else "territory"] = feat.target if feat.on_connection else f"t{feat.target}"
        entries.append(entry)
    on_board = {f.tribe for f in state.feats if f.feat is FeatKind.COURAGE}
    pending = {c.tribe for c in state.pending_feats if c.feat is FeatKind.COURAGE}
    for tribe in state.feats_earned.get(FeatKind.COURAGE, []):
        if tribe not in on_board and tribe not in pending:
            entries.append({"kind": FeatKind.COURAGE.value, "tribe": _name(state, tribe)})
    return entries


def _points_before(state: GameState) -> list[int]:
    """The score track less the expedition rewards, which the reader scores again from `expeditions` (E8),
    and, once the game is over, less the final scoring, which the position's ending runs again."""
    points = _track_before_final(state)
    expeditions: ExpeditionData | None = state.ext.get(Expeditions.key)
    if expeditions is not None:
        for number, claims in zip(expeditions.cards, expeditions.claims):
            card = CARDS_BY_NUMBER[number]
            for place, tribe in enumerate(claims, start=1):
                points[tribe] -= card.first if place == 1 else card.second
    return points


def _track_before_final(state: GameState) -> list[int]:
    """The score track, less the final scoring once the game is over (a position's ending runs it again)."""
    points = list(state.scores)
    if state.is_terminal():
        final = next(r for r in reversed(state.reports) if r.kind == "final")
        points = [p - f for p, f in zip(points, final.totals())]
    return points


# ---- against the Void ------------------------------------------------------------------------------

def _vs_void(state: GameState) -> dict[str, Any]:
    from iwari_desktop.engine.rulesets.solo.data import data as void_data

    memory = void_data(state)
    data = _header(state)
    data["mode"] = state.config.mode.value
    data["tribes"] = [{"name": t.name, "colour": t.colour.value} for t in state.tribes if t.role is not TribeRole.VOID]
    options = _options(state, _VS_VOID_OPTIONS)
    if options:
        data["options"] = options
    kept = state.ext[Ruins.key].kept if Ruins.key in state.ext else []
    lifted = {s for spaces in kept for s in spaces}
    data["tents"] = _tent_entries(state, [s for s, owner in enumerate(state.space_owner)
                                          if owner != EMPTY and s not in lifted])
    if lifted:
        data["ruins"] = [{"space": f"s{s}", "tribe": _name(state, tribe)} for tribe, spaces in enumerate(kept)
                         for s in spaces]
    data["totems"] = _stacks(state)
    data["counted"] = [_counted(state, t, claim) for t, claim in sorted(memory.claims.items())]
    data["pawn"] = memory.pawn
    data["void_cards"] = {"above": memory.above, "beside": memory.beside}
    return data


def _counted(state: GameState, territory: int, claim: Any) -> dict[str, Any]:
    """A counted territory; its numbers as counted when pieces have moved out since (S9), else a recount gives them."""
    from iwari_desktop.engine.rulesets.solo.counting import control

    entry: dict[str, Any] = {"territory": f"t{territory}", "when": claim.when}
    numbers = (claim.player_tents, claim.void_tents, claim.player_totems, claim.void_totems)
    if control(state, territory)[2:] != numbers:
        entry["count"] = dict(zip(("tents", "ruins", "totems", "void_totems"), numbers))
    return entry


# ---- what a position holds ------------------------------------------------------------------------

def position_view(state: GameState) -> dict[str, Any]:
    """The part of `state` a position file holds, for comparing a state with the one read back from its file."""
    view: dict[str, Any] = {
        "tribes": [(t.name, t.colour, t.role) for t in state.tribes],
        "space_owner": list(state.space_owner),
        "territory_tents": [list(c) for c in state.territory_tents],
        "territory_empty": list(state.territory_empty),
        "totem_stacks": [list(s) for s in state.totem_stacks],
        "tents_left": list(state.tents_left),
        "totems_left": list(state.totems_left),
        "mountains": tuple(state.mountains),
        "feats": sorted((f.feat.value, f.tribe, f.target, f.on_connection) for f in state.feats
                        if f.feat.value != "worship"),
        # the base feats' modules are on in a position when it lists a base feat: with none on the board
        # they change nothing, so whether the game had them switched on is no part of the position
        "modules": [m.key for m in state.modules if m.key not in _BASE_FEAT_MODULES],
        "options": [(k, v) for k, v in state.config.options if k in _MULTIPLAYER_OPTIONS + _VS_VOID_OPTIONS],
    }
    if state.config.mode is GameMode.MULTIPLAYER:
        view["scores"] = _track_before_final(state)
        for key in (CONTESTED, DETERMINATION):
            if key in state.ext:
                view[key] = state.ext[key]
        if Ruins.key in state.ext:
            view["ruins"] = [sorted(kept) for kept in state.ext[Ruins.key].kept]
        expeditions = state.ext.get(Expeditions.key)
        if expeditions is not None:
            view["expeditions"] = (expeditions.cards, expeditions.claims)
        worship = state.ext.get("worship")
        if worship is not None:
            view["worship"] = (worship.variant, worship.golden)
    else:
        from iwari_desktop.engine.rulesets.solo.data import data as void_data

        memory = void_data(state)
        view["claims"] = {t: (c.side, c.virtual, c.when, c.player_tents, c.void_tents, c.player_totems, c.void_totems)
                          for t, c in memory.claims.items()}
        if Ruins.key in state.ext:
            view["ruins"] = [sorted(kept) for kept in state.ext[Ruins.key].kept]
        view["pawn"] = memory.pawn
        view["void_cards"] = (memory.above, memory.beside)
    return view

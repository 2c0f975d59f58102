"""Why a scoring step scores what it does, in sentences built from the engine's ScoreLine.

The ranks, base points and multipliers come from the engine (`ScoreLine.ranks`, `.base`,
`.multiplier`); this module only puts them into words, so the scoring screen can say "rank 2
scores the leader's count (4)" instead of bare numbers.
"""

from __future__ import annotations

from iwari_desktop.engine.core.errors import plural
from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.engine.core.state import GameState
from .words import localized


def _names(state: GameState, tribes: list[int]) -> str:
    names = [state.tribes[t].name for t in tribes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def feats_on(state: GameState, subject: str) -> list[str]:
    """Names of the feats lying on a line's subject (a territory or a connection)."""
    kind, _, rest = subject.partition(":")
    if kind not in ("territory", "connection") or not rest.isdigit():
        return []
    on_connection, target = kind == "connection", int(rest)
    return [f.feat.value.capitalize() for f in state.feats if f.on_connection == on_connection and f.target == target]


def multiplier_text(state: GameState, line: ScoreLine) -> str:
    """"×2 from 1 feat (Union)": the multiplier and the feats behind it (Courage cancels one of them)."""
    feats = feats_on(state, line.subject)
    counting = [f for f in feats if f != "Courage"]
    cancelled = len(feats) - len(counting)
    if counting and cancelled:
        return (f"×{line.multiplier}: {plural(len(counting), 'feat')} ({', '.join(counting)}), "
                f"{'one' if cancelled == 1 else cancelled} cancelled by Courage")
    if feats:
        return f"×{line.multiplier} from {plural(len(feats), 'feat')} ({', '.join(feats)})"
    return f"×{line.multiplier} from feats"


# ScoreLine subjects of the expansion's rules (the first part before ":")
EXPANSION_SUBJECTS = frozenset({"ruins", "long-road", "expedition", "courage", "worship"})


def scored_earlier() -> str:
    return "Scored during the journey, the moment the mission was met (not added a second time)."


def _feat_focus(state: GameState, feat_name: str) -> tuple[set[int], int | None, set[int]]:
    feat = next((f for f in state.feats if f.feat.value == feat_name), None)
    if feat is None:
        return set(), None, set()
    if feat.on_connection:
        connection = state.board.connections_by_number[feat.target]
        return set(connection.territories), connection.number, set()
    return {feat.target}, None, set()


def expansion_focus(state: GameState, line: ScoreLine) -> tuple[set[int], int | None, set[int]]:
    """What the map lights for an expansion line: (territories, connection, spaces).

    Ruins: the ruin spaces the tribe took; the Long Road: its tent spaces; Courage and Worship: where the
    feat lies; an expedition: nothing on the map (the mission is about the whole board).
    """
    kind, _, rest = line.subject.partition(":")
    board = state.board
    if kind == "ruins" and rest.isdigit():
        module = next((m for m in state.modules if m.key == "ruins"), None)
        kept = module.public_view(state, 0)["kept_spaces"][int(rest)] if module is not None else []
        return set(), None, set(kept)
    if kind == "long-road":
        spaces = {s.index for s in board.spaces if s.purple_road}
        return {board.spaces[s].territory for s in spaces} - {None}, None, spaces  # type: ignore[return-value]
    if kind in ("courage", "worship"):
        return _feat_focus(state, kind)
    return set(), None, set()


def explain(state: GameState, line: ScoreLine) -> list[str]:
    """Sentences saying why each tribe scores this line's base points."""
    if line.category == "tents" and line.ranks:
        by_rank: dict[int, list[int]] = {}
        for tribe, rank in line.ranks.items():
            by_rank.setdefault(rank, []).append(tribe)
        parts = []
        for rank in sorted(by_rank):
            tribes = sorted(by_rank[rank])
            base = line.base[tribes[0]]
            who = f"Rank {rank} ({_names(state, tribes)})"
            if rank == 1:
                parts.append(f"{who} scores every tent here ({base})")
            elif rank == 2:
                parts.append(f"{who} scores the leader's count ({base})")
            else:
                parts.append(f"{who} scores the count of rank {rank - 1} ({base})")
        return ["; ".join(parts) + "."]
    if line.category == "totems" and line.base:
        scorers = sorted(line.base)
        value = line.base[scorers[0]]
        verb = "holds" if len(scorers) == 1 else "each hold"
        gain = "scores" if len(scorers) == 1 else "each score"
        return [f"{_names(state, scorers)} {verb} the most totems on both sides: {gain} all "
                f"{plural(value, 'totem')}."]
    if line.category == "long-road" and line.ranks:
        parts = []
        for tribe, rank in sorted(line.ranks.items(), key=lambda kv: (kv[1], kv[0])):
            if tribe in line.base:
                parts.append(f"{state.tribes[tribe].name} rank {rank} scores {line.base[tribe]}")
        return ["The purple road is scored like one more territory, for the tents standing on it; no feat "
                "multiplies it.", "; ".join(parts) + "."]
    if line.category in ("ruins", "expedition", "courage", "worship") and line.detail:
        detail = localized(line.detail)
        return [detail[:1].upper() + detail[1:] + "."]
    if line.category == "settlement" and line.base:
        tribe = next(iter(line.base))
        size = line.base[tribe]
        return [f"{plural(size, 'tent')} joined by roads: 1 point per tent ({size})."]
    return [localized(line.detail)] if line.detail else []


def row_text(state: GameState, line: ScoreLine, tribe: int) -> str:
    """The short middle column of a scoring row: rank, tents, and the multiplication if any."""
    parts = []
    rank = line.ranks.get(tribe)
    if rank:
        parts.append(f"rank {rank}")
    kind, _, rest = line.subject.partition(":")
    if line.category == "tents" and kind == "territory" and rest.isdigit():
        parts.append(plural(state.territory_tents[int(rest)][tribe], "tent"))
    if line.multiplier > 1:
        parts.append(f"{line.base[tribe]} × {line.multiplier}")
    return " · ".join(parts)

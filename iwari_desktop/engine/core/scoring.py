"""Scoring that explains its points: tents (B15), totems (B16), settlements (B17), winner (B18).

Each scored item becomes a `ScoreLine` the scoring screen steps through; rule modules add lines of
their own through the `final_scoring` hook.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Sequence

from iwari_desktop.engine.core.errors import tents as tents_text, totems as totems_text
from iwari_desktop.engine.core.settlements import all_groups
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.core.text import Joined, Text, and_list, ruled
from iwari_desktop.i18n import N_


@dataclass
class ScoreLine:
    """One scored item (a territory, a connection, a settlement, ...) as the scoring screen shows it.

    Per-tribe base points, the feat multiplier and, in `detail`, why.
    """

    category: str                 # "tents", "totems", "settlement", or a rule module's own
    subject: str                  # "territory:3", "connection:7", "settlement:red:1", ...
    label: str                    # human text: "Ashen Steppe (Desert)", "Connection 7"
    base: dict[int, int]          # tribe -> points before the multiplier
    multiplier: int = 1
    detail: str = ""              # why: ranks, majorities
    ranks: dict[int, int] = field(default_factory=dict)

    @property
    def points(self) -> dict[int, int]:
        """Base points times the multiplier, per tribe."""
        return {t: p * self.multiplier for t, p in self.base.items()}

    def to_json(self) -> dict[str, Any]:
        """JSON-ready; tribe indices become string keys, as JSON objects require."""
        return {"category": self.category, "subject": self.subject, "label": self.label,
                "base": {str(k): v for k, v in self.base.items()}, "multiplier": self.multiplier,
                "points": {str(k): v for k, v in self.points.items()}, "detail": self.detail,
                "ranks": {str(k): v for k, v in self.ranks.items()}}


@dataclass
class ScoreReport:
    """One scoring event, the half journey or the final scoring, as explained lines."""

    kind: str                     # "half", "final", or "award" (points a module gives mid-game)
    lines: list[ScoreLine]
    n_tribes: int

    def totals(self) -> list[int]:
        """Points per tribe index (the 2-player third tribe included), summed over all lines."""
        totals = [0] * self.n_tribes
        for line in self.lines:   # `line.points` without a dict per line
            multiplier = line.multiplier
            for tribe, pts in line.base.items():
                totals[tribe] += pts * multiplier
        return totals

    def by_category(self) -> dict[str, list[int]]:
        """Per-tribe points per category (tents, totems, settlement, a module's own); absent if no line has it."""
        table: dict[str, list[int]] = {}
        for line in self.lines:
            row = table.setdefault(line.category, [0] * self.n_tribes)
            for tribe, pts in line.points.items():
                row[tribe] += pts
        return table

    def to_json(self, tribe_names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON-ready; `tribe_names` adds the names so the output stands on its own."""
        data: dict[str, Any] = {"kind": self.kind, "lines": [l.to_json() for l in self.lines],
                                "totals": self.totals(), "by_category": self.by_category()}
        if tribe_names is not None:
            data["tribes"] = list(tribe_names)
        return data


def rank_tents(counts: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    """B15 dense ranking: returns (points, rank) per tribe with at least one tent.

    Rank 1 scores all tents in the territory; rank k>1 scores the tent count of rank k-1.
    """
    present = sorted({c for c in counts if c > 0}, reverse=True)
    total = sum(counts)
    rank_of = {count: rank for rank, count in enumerate(present, start=1)}
    points: dict[int, int] = {}
    ranks: dict[int, int] = {}
    for tribe, count in enumerate(counts):
        if count > 0:
            rank = ranks[tribe] = rank_of[count]
            points[tribe] = total if rank == 1 else present[rank - 2]
    return points, ranks


def majority_holders(counts: Sequence[int]) -> set[int]:
    """Tribes with at least one totem and no fewer than anyone else (ties included, B16).

    `counts` has one entry per tribe, so it is never empty."""
    top = max(counts)
    if top <= 0:
        return set()
    return {tribe for tribe, c in enumerate(counts) if c == top}


def connection_winners(state: GameState, number: int) -> set[int]:
    """B16: tribes holding the totem majority in both territories of the connection.

    The neutral Void counts here (it can hold or share a majority, E5); callers drop it before scoring.
    """
    a, b = state.board.connections_by_number[number].territories
    return majority_holders(state.totem_counts[a]) & majority_holders(state.totem_counts[b])


def connection_block(state: GameState, number: int) -> str | None:
    """Why connection `number` can neither score nor earn Honour/Respect now, or None.

    B3: covered by a mountain; otherwise the first `connection_veto` of the active modules in hook
    order (E3: a Void ruin still on it). Scoring, the feats and the bots all ask this one function.
    """
    if number in state.mountains:
        return ruled("B3", N_("covered by a mountain"))
    for module in state.hooks.connection_veto:
        reason = module.connection_veto(state, number)
        if reason:
            return reason
    return None


_CONNECTION_KINDS = {"land": N_("land"), "water": N_("water")}


@lru_cache(maxsize=512)
def territory_label(name: str, biome: "Any") -> Text:
    """"Frost Valley (Tundra)": a scoring line's territory and its biome."""
    return Text(N_("{territory} ({biome})"), territory=name, biome=biome.word)


@lru_cache(maxsize=2048)
def standing(name: str, tents: int, rank: int) -> Text:
    """"Red 3 tents, rank 1": one tribe's place in a ranking of tents."""
    return Text(N_("{name} {tents}, rank {rank}"), name=name, tents=tents_text(tents), rank=rank)


# the tribes nobody sits at are named by the engine in English; in a sentence they stay a Text, so a screen
# shows them in the reader's language ("Dritter Stamm") as it shows every other word of the sentence
ROLE_WORDS = {"third": N_("Third tribe"), "void": N_("The Void")}


_ROLE_WORD_OF: dict[Any, str] = {}   # a role -> its ROLE_WORDS entry (an enum's `.value` is a slow property)


def tribe_word(state: GameState, tribe: int) -> str:
    """A tribe's name for a sentence: a player's name as typed, the third tribe's and the Void's as a Text."""
    t = state.tribes[tribe]
    role = t.role
    word = _ROLE_WORD_OF.get(role, _ROLE_WORD_OF)
    if word is _ROLE_WORD_OF:
        word = _ROLE_WORD_OF[role] = ROLE_WORDS.get(role.value)   # a Tribe's role is always a TribeRole
    return Text(word) if word is not None and t.name == word else t.name


_name = tribe_word


@lru_cache(maxsize=8192)
def _tent_ranking(counts: tuple[int, ...], void: int | None) -> tuple[dict[int, int], dict[int, int], tuple[int, ...]]:
    """`rank_tents` of a territory's counts without the Void's points (E5), and the ranked tribes in the order
    a line's detail names them: (rank, tribe). Shared: `tent_lines` copies the dicts for each line."""
    points, ranks = rank_tents(counts)
    if void is not None and void in points:  # the Void ranks (it holds majorities) but never scores (E5)
        del points[void]
    return points, ranks, tuple(sorted(ranks, key=ranks.__getitem__))  # a stable sort: (rank, tribe)


@lru_cache(maxsize=8192)
def _tent_detail(names: tuple[str, ...], counts: tuple[int, ...], order: tuple[int, ...],
                 ranks: tuple[int, ...]) -> Joined:
    """"Red 3 tents, rank 1, Blue 1 tent, rank 2": the same words for the same standings (a Text is immutable)."""
    return Joined([standing(names[t], counts[t], rank) for t, rank in zip(order, ranks)])


def tent_lines(state: GameState, multipliers: dict[int, int] | None = None) -> list[ScoreLine]:
    """B15: one line per territory holding any tent.

    `multipliers` maps territory index to its multiplier; only the final scoring passes one (B13, B19).
    The rankings and their words are memoised by the counts (issue #32: two scorings were a seventh of a
    random game); every line still gets dicts of its own.
    """
    lines = []
    void = state.void_tribe
    names = tuple(_name(state, t) for t in range(len(state.tribes)))   # once, not once per territory
    multipliers = multipliers or {}
    all_tents = state.territory_tents
    memo = _TENT_LINES
    for territory in state.board.territories:
        index = territory.index
        counts = tuple(all_tents[index])
        if not any(counts):
            continue   # no tent: no points, no line
        key = (index, territory.name, territory.biome, counts, void, names)
        parts = memo.get(key)
        if parts is None:
            parts = memo[key] = _tent_line_parts(territory, counts, void, names)
        if parts is not None:
            subject, label, points, ranks, detail = parts
            lines.append(ScoreLine("tents", subject, label, dict(points), multipliers.get(index, 1), detail, dict(ranks)))
    return lines


# (territory index, name, biome, counts, Void, tribe names) -> a tent line's parts, or None for no line; the
# same standings give the same words and points in every game (bounded: cleared when it grows past a limit)
_TENT_LINES: dict[tuple, tuple | None] = {}
_TENT_LINES_LIMIT = 50_000


def _tent_line_parts(territory: Any, counts: tuple[int, ...], void: int | None,
                     names: tuple[str, ...]) -> tuple | None:
    if len(_TENT_LINES) > _TENT_LINES_LIMIT:
        _TENT_LINES.clear()
    points, ranks, order = _tent_ranking(counts, void)
    if not points:
        return None
    detail = _tent_detail(names, counts, order, tuple(ranks[t] for t in order))
    return (f"territory:{territory.index}", territory_label(territory.name, territory.biome), points, ranks, detail)


@lru_cache(maxsize=1024)
def _connection_label(number: int, kind: Any) -> Text:
    """"Connection 7 (land)" (a Text is immutable, so one per connection serves every scoring)."""
    return Text(N_("Connection {number} ({kind})"), number=number, kind=Text(_CONNECTION_KINDS[kind.value]))


@lru_cache(maxsize=4096)
def _totem_detail(scorers: tuple[tuple[str, type], ...], first: str, second: str, value: int) -> Text:
    """The words of a connection's line; each name comes with its type, so a player named like the Void's
    Text (a plain str) never gets that Text's translation."""
    return Text(N_("{names} hold the totem majority in both {first} and {second}: {totems} in all"),
                names=and_list([name for name, _ in scorers]), first=first, second=second, totems=totems_text(value))


def totem_lines(state: GameState, multipliers: dict[int, int] | None = None) -> list[ScoreLine]:
    """B16: one line per connection, not covered by a mountain, that some tribe wins.

    `multipliers` maps connection number to its multiplier (final scoring only, B19). Each territory's
    majority holders are found once, not once per connection.
    """
    lines = []
    void = state.void_tribe
    holders = [majority_holders(counts) for counts in state.totem_counts]
    names = state.board.territories
    for connection in state.board.connections:
        a, b = connection.territories
        scorers = holders[a] & holders[b]   # `connection_winners`
        scorers.discard(void)
        if not scorers or connection_block(state, connection.number):
            continue
        value = len(state.totem_stacks[a]) + len(state.totem_stacks[b])
        ordered = sorted(scorers)
        words = tuple((word, type(word)) for word in map(partial(_name, state), ordered))
        detail = _totem_detail(words, names[a].name, names[b].name, value)
        lines.append(ScoreLine("totems", f"connection:{connection.number}",
                               _connection_label(connection.number, connection.kind),
                               {t: value for t in ordered}, (multipliers or {}).get(connection.number, 1), detail))
    return lines


@lru_cache(maxsize=1024)
def _settlement_words(name: str, kind: type, size: int) -> tuple[Text, Text]:
    """A settlement line's label and detail (`kind`: the name's type, as in `_totem_detail`)."""
    return (Text(N_("{name} settlement of {size}"), name=name, size=size),
            Text(N_("{count} tents joined by roads"), count=size))


def settlement_lines(state: GameState) -> list[ScoreLine]:
    """B17: one line per settlement of every tribe, the third tribe included; feats never multiply these.

    Every tribe's groups come from one walk over the spaces (`all_groups`), in the order `settlements` gives."""
    lines = []
    groups = all_groups(state, minimum=4)
    for tribe in state.roles.scoring:
        name = _name(state, tribe)
        for i, group in enumerate(groups.get(tribe, ()), start=1):
            label, detail = _settlement_words(name, type(name), len(group))
            lines.append(ScoreLine("settlement", f"settlement:{tribe}:{i}", label, {tribe: len(group)},
                                   detail=detail))
    return lines


@dataclass(frozen=True)
class GameResult:
    """The outcome after B18's tie-breaks; `winners` may hold several tribes (a shared win).

    `players_lose` is set when the 2-player third tribe alone came first (B12).
    """

    totals: tuple[int, ...]
    winners: tuple[int, ...]           # tribes sharing first place after tie-breaks
    decided_by: str                    # "points", "supply" or "shared"
    players_lose: bool = False         # B12: the third tribe alone came first

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (the `result` of the `score` command's output)."""
        return {"totals": list(self.totals), "winners": list(self.winners), "decided_by": self.decided_by,
                "players_lose": self.players_lose}


def decide_winner(state: GameState) -> GameResult:
    """B18 (most points, then most pieces left in supply, else shared) with B12's third-tribe rule.

    Only scoring tribes compete (never the neutral Void).
    """
    totals = tuple(state.scores)
    scoring = state.roles.scoring
    best = max(totals[t] for t in scoring)
    leaders = [t for t in scoring if totals[t] == best]
    decided_by = "points"
    if len(leaders) > 1:
        most = max(state.supply_left(t) for t in leaders)
        leaders = [t for t in leaders if state.supply_left(t) == most]
        decided_by = "supply" if len(leaders) == 1 else "shared"
    third = state.third_tribe
    players_lose = third is not None and leaders == [third]
    return GameResult(totals, tuple(leaders), decided_by, players_lose)


def score_report(state: GameState, final: bool) -> ScoreReport:
    """The report scoring would add now, without touching the state.

    The half journey scores tents only, with no feat multipliers (B13); the final scoring scores
    tents and totems with the multipliers of counting feats (n feats: ×(n+1), B19), settlements
    (B17), then every active rule module's own lines.
    """
    if not final:
        return ScoreReport("half", tent_lines(state), len(state.tribes))
    if not state.hooks.scores_points:  # S1: no points; only the modules' own lines (solo claims)
        return ScoreReport("final", [line for m in state.hooks.final_lines if not m.scores_points
                                     for line in m.final_lines(state)], len(state.tribes))
    territory_feats: dict[int, int] = {}
    connection_feats: dict[int, int] = {}
    for module in state.hooks.territory_multiplier_feats:
        for k, v in module.territory_multiplier_feats(state).items():
            territory_feats[k] = territory_feats.get(k, 0) + v
    for module in state.hooks.connection_multiplier_feats:
        for k, v in module.connection_multiplier_feats(state).items():
            connection_feats[k] = connection_feats.get(k, 0) + v
    # a cancelling feat (Courage, E9) reports -1; a multiplier never drops below x1
    lines = tent_lines(state, {k: max(v, 0) + 1 for k, v in territory_feats.items()})
    lines += totem_lines(state, {k: max(v, 0) + 1 for k, v in connection_feats.items()})
    lines += settlement_lines(state)
    for module in state.hooks.final_lines:
        lines += module.final_lines(state)
    return ScoreReport("final", lines, len(state.tribes))

"""Why a scoring step scores what it does, in sentences built from the engine's ScoreLine.

The ranks, base points and multipliers come from the engine (`ScoreLine.ranks`, `.base`,
`.multiplier`); this module only puts them into words, so the scoring screen can say "rank 2
scores the leader's count (4)" instead of bare numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.engine.core.state import GameState
from ...i18n import _, ngettext
from ..ui.terms import biome_name, both, connection_kind, feat_name, tribe_label
from ..ui.words import localized
from ..presenters.registry import own_focus_subjects, presenters

if TYPE_CHECKING:
    from ..board.controller import GameController


def _names(state: GameState, tribes: list[int]) -> str:
    return both([tribe_label(state.tribes[t]) for t in tribes])


def _count(n: int, what: str) -> str:
    """"1 tent", "3 totems" … in the active language (what: tent, totem, feat, ruin)."""
    forms = {"tent": ngettext("{n} tent", "{n} tents", n), "totem": ngettext("{n} totem", "{n} totems", n),
             "feat": ngettext("{n} feat", "{n} feats", n), "ruin": ngettext("{n} ruin", "{n} ruins", n)}
    return forms[what].format(n=n)


def line_title(state: GameState, line: ScoreLine) -> str:
    """A scoring step's title in the active language, rebuilt from the line's subject (the engine's own label
    is English): "Sunscorch Flats (Desert)", "Connection 4 (land)", "Ann: settlement of 5"."""
    kind, _sep, rest = line.subject.partition(":")
    board = state.board
    if kind == "territory" and rest.isdigit() and int(rest) < len(board.territories):
        t = board.territories[int(rest)]
        return f"{t.name} ({biome_name(t.biome)})"
    if kind == "connection" and rest.isdigit() and int(rest) in board.connections_by_number:
        return _("Connection {number} ({kind})").format(number=rest,
                                                        kind=connection_kind(board.connections_by_number[int(rest)].kind))
    if kind == "settlement" and line.base:
        tribe = next(iter(line.base))
        return _("{player}: settlement of {n}").format(player=tribe_label(state.tribes[tribe]), n=line.base[tribe])
    for shown in presenters():  # a rule's own subject: its presenter titles it
        title = shown.line_title(state, line)
        if title is not None:
            return title
    return localized(line.label)


def feats_on(state: GameState, subject: str) -> list[str]:
    """Names of the feats lying on a line's subject (a territory or a connection)."""
    kind, _sep, rest = subject.partition(":")
    if kind not in ("territory", "connection") or not rest.isdigit():
        return []
    on_connection, target = kind == "connection", int(rest)
    return [f.feat.value for f in state.feats if f.on_connection == on_connection and f.target == target]


def multiplier_text(state: GameState, line: ScoreLine) -> str:
    """"×2 from 1 feat (Union)": the multiplier and the feats behind it (Courage cancels one of them)."""
    feats = feats_on(state, line.subject)
    counting = [feat_name(f) for f in feats if f != "courage"]
    cancelled = len(feats) - len(counting)
    if counting and cancelled:
        return ngettext("×{factor}: {feats} ({names}), one cancelled by Courage",
                        "×{factor}: {feats} ({names}), {n} cancelled by Courage", cancelled).format(
            factor=line.multiplier, feats=_count(len(counting), "feat"), names=", ".join(counting), n=cancelled)
    if feats:
        return _("×{factor} from {feats} ({names})").format(factor=line.multiplier, feats=_count(len(feats), "feat"),
                                                            names=", ".join(feat_name(f) for f in feats))
    return _("×{factor} from feats").format(factor=line.multiplier)


# ScoreLine subjects (the first part before ":") whose step lights what `expansion_focus` says: each
# rule's presenter marks its categories so (presenters/)
EXPANSION_SUBJECTS = own_focus_subjects()


def scored_earlier() -> str:
    return _("Scored during the journey, the moment the mission was met (not added a second time).")


def expansion_focus(state: GameState, line: ScoreLine) -> tuple[set[int], int | None, set[int]]:
    """What the map lights for a rule's own line: (territories, connection, spaces), as its presenter says
    (ruins: the spaces the tribe took; the Long Road: its tent spaces; Courage and Worship: where the feat
    lies); nothing on the map when no presenter names one (an expedition is about the whole board)."""
    for shown in presenters():
        focus = shown.line_focus(state, line)
        if focus is not None:
            return focus
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
            who = _("Rank {rank} ({names})").format(rank=rank, names=_names(state, tribes))
            if rank == 1:
                parts.append(_("{who} scores every tent here ({points})").format(who=who, points=base))
            elif rank == 2:
                parts.append(_("{who} scores the leader's count ({points})").format(who=who, points=base))
            else:
                parts.append(_("{who} scores the count of rank {rank} ({points})").format(who=who, rank=rank - 1,
                                                                                        points=base))
        return ["; ".join(parts) + "."]
    if line.category == "totems" and line.base:
        scorers = sorted(line.base)
        value = line.base[scorers[0]]
        return [ngettext("{names} holds the most totems on both sides: scores all {totems}.",
                         "{names} each hold the most totems on both sides: each score all {totems}.",
                         len(scorers)).format(names=_names(state, scorers), totems=_count(value, "totem"))]
    for shown in presenters():  # a rule's own line: its presenter explains it
        sentences = shown.explain(state, line)
        if sentences is not None:
            return sentences
    if line.category == "settlement" and line.base:
        tribe = next(iter(line.base))
        size = line.base[tribe]
        return [_("{tents} joined by roads: 1 point per tent ({points}).").format(tents=_count(size, "tent"),
                                                                                   points=size)]
    return [localized(line.detail)] if line.detail else []


def row_text(state: GameState, line: ScoreLine, tribe: int) -> str:
    """The short middle column of a scoring row: rank, tents, and the multiplication if any."""
    parts = []
    rank = line.ranks.get(tribe)
    if rank:
        parts.append(_("rank {rank}").format(rank=rank))
    kind, _sep, rest = line.subject.partition(":")
    if line.category == "tents" and kind == "territory" and rest.isdigit():
        parts.append(_count(state.territory_tents[int(rest)][tribe], "tent"))

    if line.multiplier > 1:
        parts.append(f"{line.base[tribe]} × {line.multiplier}")
    return " · ".join(parts)


def outcome_text(controller: "GameController") -> tuple[str, str]:
    """The headline and the explanation of the result (B18 tie-breaks, B12 third tribe)."""
    state = controller.state
    result = state.result
    if result is None:
        return "", ""
    names = [controller.tribe_name(t) for t in result.winners]
    if result.players_lose:
        return (_("The Third tribe wins"), _("It scored the most points alone, so both players lose."))
    headline = (_("{name} wins!").format(name=names[0]) if len(names) == 1
                else _("{names} share the win").format(names=both(names)))
    if result.decided_by == "supply":
        left = state.supply_left(result.winners[0])
        why = _("Tied on points; {name} has the most pieces left in supply ({left}).").format(name=names[0], left=left)
    elif result.decided_by == "shared":
        why = _("Tied on points and on pieces left in supply: the victory is shared.")
    else:
        why = _("Most points: {points}.").format(points=result.totals[result.winners[0]])
    if state.third_tribe is not None and state.third_tribe in result.winners and len(names) > 1:
        why += " " + _("A player tied with the Third tribe shares the win.")
    return headline, why

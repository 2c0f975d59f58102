"""Checks of a campaign against its maps: the map exists, can be played against the Void, and has what the goals name.

Kept apart from `format` because it loads maps: parsing a campaign stays a pure function of its
data, and tests can hand in any board loader. Every problem is one line naming the field, like the
format's own problems.
"""

from __future__ import annotations

from collections.abc import Callable

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.campaign.difficulty import Difficulty
from iwari_desktop.engine.campaign.format import Campaign, Chapter
from iwari_desktop.engine.campaign.goals import GoalKind

VOID_MAP_RULE = "void-tribe"   # the rule module of The Void map, the one map solo never uses (S1)

BoardLoader = Callable[[str], Board]


def counted_territories(board: Board) -> int:
    """Territories that count toward K and the end: every one but a purple Void territory (P22)."""
    return sum(1 for t in board.territories if t.biome is not Biome.VOID)


def chapter_paths(campaign: Campaign) -> list[tuple[str, Chapter]]:
    """Each chapter with its path in the file ("chapters[2]", "bonus"), for messages."""
    paths = [(f"chapters[{i}]", chapter) for i, chapter in enumerate(campaign.chapters)]
    if campaign.bonus is not None:
        paths.append(("bonus", campaign.bonus))
    return paths


def check_maps(campaign: Campaign, load_board: BoardLoader) -> list[str]:
    """Every problem of `campaign` against its maps, one line each ("" lines never); [] if none."""
    problems: list[str] = []
    for where, chapter in chapter_paths(campaign):
        try:
            board = load_board(chapter.map)
        except MapError as error:
            problems.append(f"{where}.map: {error}")
            continue
        problems.extend(check_chapter(where, chapter, board))
    return problems


def check_chapter(where: str, chapter: Chapter, board: Board) -> list[str]:
    problems: list[str] = []
    if VOID_MAP_RULE in board.rules:
        problems.append(f"{where}.map: {board.name} is not played against the Void (solo and co-op use every other map, S1)")
        return problems
    territories = counted_territories(board)
    easy_k = chapter.k_at(Difficulty.EASY)
    if easy_k > territories:
        problems.append(f"{where}.k: {chapter.k} gives K = {easy_k} at Easy, more than the {territories} "
                        f"territories of {board.name}")
    biomes = {t.biome for t in board.territories}
    has_road = any(s.purple_road for s in board.spaces)
    for i, goal in enumerate(chapter.goals):
        path = f"{where}.goals[{i}]"
        if goal.kind is GoalKind.CONTROL_BIOME and goal.biome not in biomes:
            label = goal.biome.label if goal.biome else "?"
            problems.append(f"{path}.biome: {board.name} has no {label} territory")
        elif goal.kind is GoalKind.NO_RUIN_ON_PURPLE_ROAD and not has_road:
            problems.append(f"{path}.kind: {board.name} has no purple road")
        elif goal.kind is GoalKind.CONTROL_AT_LEAST and goal.number is not None:
            implied = territories - chapter.k + 1      # a win at Normal leaves the Void at most K - 1
            if goal.number > territories:
                problems.append(f"{path}.count: {goal.number} is more than the {territories} territories of {board.name}")
            elif goal.number <= implied:
                problems.append(f"{path}.count: {goal.number} asks nothing beyond a win at K = {chapter.k} "
                                f"(a win already controls at least {implied}); use more")
    return problems

"""Hand-made campaign data and chapter results for the campaign tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from iwari_desktop.engine.campaign.result import ChapterResult, Side, TerritoryOutcome
from iwari_desktop.engine.core.biomes import Biome

P, V = Side.PLAYER, Side.VOID


def territories(*spec: tuple[str, Biome, Side | None]) -> tuple[TerritoryOutcome, ...]:
    return tuple(TerritoryOutcome(name, biome, side) for name, biome, side in spec)


def result(won: bool = True, *, void: int = 1, player: int = 10, turns: int = 20, corruptions: int = 1,
           ruins: int = 6, road: int | None = None, extra: tuple[TerritoryOutcome, ...] = (),
           reason: str = "every territory was counted") -> ChapterResult:
    """A result with `void` Desert territories held by the Void and `player` Forest ones held by the player."""
    held = tuple(TerritoryOutcome(f"Dunes {i}", Biome.DESERT, V) for i in range(void))
    held += tuple(TerritoryOutcome(f"Woods {i}", Biome.FOREST, P) for i in range(player))
    return ChapterResult(won=won, reason=reason, turns=turns, corruptions=corruptions, territories=held + extra,
                         ruins_placed=ruins, ruins_on_purple_road=road)


def chapter(ident: str, map_id: str = "glacial-mass", **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": ident, "title": ident.replace("-", " ").title(), "map": map_id, "seed": "fresh",
        "story": "The ice cracks. The Void walks in.", "map_rules": "Plain solo rules.",
        "goals": [{"kind": "win"}, {"kind": "void_at_most", "count": 1}, {"kind": "win_within_turns", "turns": 20}],
    }
    data.update(changes)
    return data


def campaign_data(chapters: int = 3, bonus: bool = True, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "iwari-campaign", "version": 1, "id": "test", "title": "Test Journey",
                            "mode": "solo", "chapters": [chapter(f"ch-{i}") for i in range(1, chapters + 1)]}
    if bonus:
        data["bonus"] = chapter("extra", "long-road", seed=42, opens_at_stars=5)
    data.update(changes)
    return data


def edited(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy with the value at "chapters.1.goals.2.kind" set (a missing marker deletes it)."""
    copied = copy.deepcopy(data)
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    target = copied
    for key in keys[:-1]:
        target = target[key]
    if value is DELETE:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value
    return copied


DELETE = object()


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path

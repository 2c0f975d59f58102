"""Hover words for the expansion's pieces, tokens and panel badges, in plain sentences (no rule numbers).

Each function reads the rule modules' public views (`board_expansion.module_views`) and the board;
`name(tribe)` gives a tribe's display name. The base tooltips (territory, connection, feat) come
from the controller; the notes here are appended to them when the expansion adds something.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board_expansion import PieceHit, module_views
from .words import localized

Name = Callable[[int], str]


def _biome(state, territory: int) -> str:
    return state.board.territories[territory].biome.label


def _who(names: list[str]) -> str:
    return ", ".join(names) if names else "nobody"


def piece_lines(state, hit: PieceHit, name: Name) -> list[str]:
    """The tooltip of an expansion piece under the mouse."""
    views = module_views(state)
    if hit.kind == "ruin":
        return ruin_lines(state, hit.key, name, views)
    if hit.kind == "contested":
        return contested_lines(state, hit.key, name, views)
    if hit.kind == "golden":
        return golden_lines(state, hit.key, name, views)
    if hit.kind == "road":
        return road_lines(state, name)
    return []


def ruin_lines(state, space: int, name: Name, views: dict[str, Any]) -> list[str]:
    board = state.board
    s = board.spaces[space]
    biome = s.ruin_biome.label
    lines = [f"Ruin space · {biome} icon"]
    c = board.connections_by_number.get(s.connection)
    joins = f"connection {s.connection}" + (
        f" ({board.territories[c.territories[0]].name} – {board.territories[c.territories[1]].name})" if c else "")
    owner = state.space_owner[space]
    if owner >= 0 and owner != state.void_tribe:
        lines += [f"{name(owner)} took this ruin: 1 point at the end of the game",
                  f"With a tribe's tent here, {joins} is open again"]
        return lines
    lines += ["A Void ruin still stands here, so " + joins,
              "scores nothing and earns no Honour or Respect.",
              f"Play exactly two {biome} cards to put your tent here:",
              "the connection opens and you keep the ruin (1 point at the end)."]
    return lines


def contested_lines(state, token: int, name: Name, views: dict[str, Any]) -> list[str]:
    board = state.board
    entry = next((t for t in views.get("contested") or [] if t["token"] == token), None)
    if entry is None:
        return []
    if entry["territory"] is None:
        a, b = entry["between"]
        return ["Contested token",
                f"Between {board.territories[a].name} ({_biome(state, a)}) and "
                f"{board.territories[b].name} ({_biome(state, b)})",
                "Two cards of one of these biomes move it into that territory",
                "as an extra tent space, with your tent on it."]
    t = board.territories[entry["territory"]]
    lines = [f"Contested token in {t.name}"]
    if entry["tribe"] is not None:
        lines.append(f"{name(entry['tribe'])}'s tent stands on it: an extra tent space here")
    lines.append("It counts for this territory's majority like any tent")
    return lines


def golden_lines(state, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
    worship = views.get("worship") or {}
    t = state.board.territories[territory]
    lines = ["Golden token (Worship)", f"Marks the totem space of {t.name}"]
    lines += worship_rule(worship, name)
    return lines


def worship_rule(worship: dict[str, Any], name: Name) -> list[str]:
    """What Worship counts, who leads now, and what happened if it is decided."""
    if not worship:
        return []
    lines = [f"At the end, whoever has the most {worship['counts']}",
             "places Worship, a feat that doubles like the others; a tie discards it."]
    standing = worship.get("standing") or []
    best = max(standing, default=0)
    if worship.get("outcome") is None and best > 0:
        leaders = [name(i) for i, n in enumerate(standing) if n == best]
        lines.append(f"Leading now: {_who(leaders)} with {best}")
    return lines


def road_lines(state, name: Name) -> list[str]:
    board = state.board
    road = [s.index for s in board.spaces if s.purple_road]
    counts: dict[int, int] = {}
    for space in road:
        owner = state.space_owner[space]
        if owner >= 0:
            counts[owner] = counts.get(owner, 0) + 1
    tents = ", ".join(f"{name(t)} {n}" for t, n in sorted(counts.items())) or "none yet"
    return ["The purple road",
            "At the final scoring it scores like one more territory:",
            "the tribes with the most tents on its spaces score for it.",
            "It never scores at the half journey and no feat multiplies it.",
            f"Tents on it ({len(road)} spaces): {tents}"]


def iceberg_lines(state, number: int) -> list[str]:
    c = state.board.connections_by_number[number]
    a, b = (state.board.territories[t].name for t in c.territories)
    return [f"Iceberg on connection {number}", f"A mountain on water: it blocks the connection {a} – {b}",
            "That connection scores nothing at the end"]


def connection_notes(state, number: int) -> list[str]:
    """Lines the expansion adds to a connection's tooltip."""
    views = module_views(state)
    notes = []
    if number in ((views.get("ruins") or {}).get("blocked_connections") or []):
        notes += ["Blocked by a Void ruin: scores nothing and earns no", "Honour or Respect until a tribe takes its ruin"]
    for group in (views.get("twin-connections") or {}).get("twins") or []:
        if number in group:
            others = [str(n) for n in group if n != number]
            notes.append(f"Joins the same territories as connection {', '.join(others)}; each scores on its own")
    return notes


def territory_notes(state, territory: int, name: Name) -> list[str]:
    """Lines the expansion adds to a territory's tooltip."""
    views = module_views(state)
    notes = []
    void = state.void_tribe
    totems = views.get("void-totems") or {}
    if territory in (totems.get("void_territories") or []):
        notes.append("The Void's centre: Void totems are moved out from here")
    if void is not None:
        n = state.totem_counts[territory][void]
        if n:
            notes += [f"Neutral Void totems here: {n}", "They count for the totem cap and majorities, never score"]
    for entry in views.get("contested") or []:
        if entry["territory"] == territory and entry["tribe"] is not None:
            notes.append(f"Contested token here with {name(entry['tribe'])}'s tent")
    worship = views.get("worship") or {}
    if territory in (worship.get("golden") or []):
        notes.append("Golden token on its totem space (Worship counts totems there)")
    return notes


def feat_notes(state, index: int) -> list[str]:
    """What Courage and Worship do, added under a feat's tooltip."""
    kind = state.feats[index].feat.value
    if kind == "courage":
        return ["Courage cancels one other feat here at the final scoring"]
    if kind == "worship":
        return ["Worship went to the tribe with the most of what it counted"]
    return []


def tribe_lines(state, tribe: int, name: Name) -> list[str]:
    """The tooltip of a row of the tribe panel."""
    views = module_views(state) if state.modules else {}
    t = state.tribes[tribe]
    role = t.role.value
    if role == "void":
        return [f"{t.name} · neutral",
                "Its ruins and totems count for majorities and the totem cap,",
                "but it never scores and never earns feats."]
    lines = [name(tribe)]
    if role == "purple":
        lines.append("The sixth tribe: plays the purple pieces and scores like any tribe")
    elif role == "third":
        lines.append("The third tribe: placed by whoever is playing, scores on its own")
    kept = ((views.get("ruins") or {}).get("kept") or [])
    if tribe < len(kept) and kept[tribe]:
        lines.append(f"Ruins kept: {kept[tribe]} (1 point each at the end)")
    if (views.get("determination") or {}).get("holder") == tribe:
        lines += ["Holds the Determination token: once, may put two pieces",
                  "into an unexplored territory; then it goes to the previous player"]
    if len(lines) == 1:
        lines.append(f"Tents left {state.tents_left[tribe]} · totems left {state.totems_left[tribe]}")
    return lines


def expedition_lines(state, name: Name) -> list[str]:
    """The expedition chip's tooltip: each mission, its two rewards and who took them."""
    cards = module_views(state).get("expeditions") or []
    lines = ["Expedition cards (click to see them)"]
    for card in cards:
        first, second = card["rewards"]
        claimed = card["claimed_by"]
        mission = localized(card["mission"])
        lines.append(f"{card['number']}. {mission[:1].upper()}{mission[1:]}")
        taken = [f"first {first} pts: " + (name(claimed[0]) if claimed else "open"),
                 f"second {second} pts: " + (name(claimed[1]) if len(claimed) > 1 else "open")]
        lines.append("    " + " · ".join(taken))
    return lines

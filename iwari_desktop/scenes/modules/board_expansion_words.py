"""Hover words for the expansion's pieces, tokens and panel badges, in plain sentences (no rule numbers).

Each function reads the rule modules' public views (`board_expansion.module_views`) and the board;
`name(tribe)` gives a tribe's display name. The base tooltips (territory, connection, feat) come
from the controller; the notes here are appended to them when the expansion adds something.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...i18n import _
from .board_expansion import PieceHit, module_views
from ..board.narration import view_counts
from ..ui.terms import biome_name, tribe_label
from ..ui.words import localized

Name = Callable[[int], str]


def _biome(state, territory: int) -> str:
    return biome_name(state.board.territories[territory].biome)


def _who(names: list[str]) -> str:
    return ", ".join(names) if names else _("nobody")


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
    biome = biome_name(s.ruin_biome)
    lines = [_("Ruin space · {biome} icon").format(biome=biome)]
    c = board.connections_by_number.get(s.connection)
    joins = _("connection {number}").format(number=s.connection) + (
        f" ({board.territories[c.territories[0]].name} – {board.territories[c.territories[1]].name})" if c else "")
    owner = state.space_owner[space]
    if owner >= 0 and owner != state.void_tribe:
        lines += [_("{player} took this ruin: 1 point at the end of the game").format(player=name(owner)),
                  _("With a tribe's tent here, {connection} is open again").format(connection=joins)]
        return lines
    lines += [_("A Void ruin still stands here, so {connection}").format(connection=joins),
              _("scores nothing and earns no Honour or Respect."),
              _("Play exactly two {biome} cards to put your tent here:").format(biome=biome),
              _("the connection opens and you keep the ruin (1 point at the end).")]
    return lines


def contested_lines(state, token: int, name: Name, views: dict[str, Any]) -> list[str]:
    board = state.board
    entry = next((t for t in views.get("contested") or [] if t["token"] == token), None)
    if entry is None:
        return []
    if entry["territory"] is None:
        a, b = entry["between"]
        return [_("Contested token"),
                _("Between {a} ({biome_a}) and {b} ({biome_b})").format(
                    a=board.territories[a].name, biome_a=_biome(state, a), b=board.territories[b].name,
                    biome_b=_biome(state, b)),
                _("Two cards of one of these biomes move it into that territory"),
                _("as an extra tent space, with your tent on it.")]
    t = board.territories[entry["territory"]]
    lines = [_("Contested token in {territory}").format(territory=t.name)]
    if entry["tribe"] is not None:
        lines.append(_("{player}'s tent stands on it: an extra tent space here").format(player=name(entry['tribe'])))
    lines.append(_("It counts for this territory's majority like any tent"))
    return lines


def golden_lines(state, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
    worship = views.get("worship") or {}
    t = state.board.territories[territory]
    lines = [_("Golden token (Worship)"), _("Marks the totem space of {territory}").format(territory=t.name)]
    lines += worship_rule(worship, name)
    return lines


def worship_rule(worship: dict[str, Any], name: Name) -> list[str]:
    """What Worship counts, who leads now, and what happened if it is decided."""
    if not worship:
        return []
    lines = [_("At the end, whoever has the most {counts}").format(counts=view_counts(worship['counts'])),
             _("places Worship, a feat that doubles like the others; a tie discards it.")]
    standing = worship.get("standing") or []
    best = max(standing, default=0)
    if worship.get("outcome") is None and best > 0:
        leaders = [name(i) for i, n in enumerate(standing) if n == best]
        lines.append(_("Leading now: {who} with {n}").format(who=_who(leaders), n=best))
    return lines


def road_lines(state, name: Name) -> list[str]:
    board = state.board
    road = [s.index for s in board.spaces if s.purple_road]
    counts: dict[int, int] = {}
    for space in road:
        owner = state.space_owner[space]
        if owner >= 0:
            counts[owner] = counts.get(owner, 0) + 1
    tents = ", ".join(f"{name(t)} {n}" for t, n in sorted(counts.items())) or _("none yet")
    return [_("The purple road"),
            _("At the final scoring it scores like one more territory:"),
            _("the tribes with the most tents on its spaces score for it."),
            _("It never scores at the half journey and no feat multiplies it."),
            _("Tents on it ({n} spaces): {tents}").format(n=len(road), tents=tents)]


def iceberg_lines(state, number: int) -> list[str]:
    c = state.board.connections_by_number[number]
    a, b = (state.board.territories[t].name for t in c.territories)
    return [_("Iceberg on connection {number}").format(number=number),
            _("A mountain on water: it blocks the connection {a} – {b}").format(a=a, b=b),
            _("That connection scores nothing at the end")]


def connection_notes(state, number: int) -> list[str]:
    """Lines the expansion adds to a connection's tooltip."""
    views = module_views(state)
    notes = []
    if number in ((views.get("ruins") or {}).get("blocked_connections") or []):
        notes += [_("Blocked by a Void ruin: scores nothing and earns no"),
                  _("Honour or Respect until a tribe takes its ruin")]
    for group in (views.get("twin-connections") or {}).get("twins") or []:
        if number in group:
            others = [str(n) for n in group if n != number]
            notes.append(_("Joins the same territories as connection {numbers}; each scores on its own").format(
                numbers=", ".join(others)))
    return notes


def territory_notes(state, territory: int, name: Name) -> list[str]:
    """Lines the expansion adds to a territory's tooltip."""
    views = module_views(state)
    notes = []
    void = state.void_tribe
    totems = views.get("void-totems") or {}
    if territory in (totems.get("void_territories") or []):
        notes.append(_("The Void's centre: Void totems are moved out from here"))
    if void is not None:
        n = state.totem_counts[territory][void]
        if n:
            notes += [_("Neutral Void totems here: {n}").format(n=n),
                      _("They count for the totem cap and majorities, never score")]
    for entry in views.get("contested") or []:
        if entry["territory"] == territory and entry["tribe"] is not None:
            notes.append(_("Contested token here with {player}'s tent").format(player=name(entry['tribe'])))
    worship = views.get("worship") or {}
    if territory in (worship.get("golden") or []):
        notes.append(_("Golden token on its totem space (Worship counts totems there)"))
    return notes


def feat_notes(state, index: int) -> list[str]:
    """What Courage and Worship do, added under a feat's tooltip."""
    kind = state.feats[index].feat.value
    if kind == "courage":
        return [_("Courage cancels one other feat here at the final scoring")]
    if kind == "worship":
        return [_("Worship went to the tribe with the most of what it counted")]
    return []


def tribe_lines(state, tribe: int, name: Name) -> list[str]:
    """The tooltip of a row of the tribe panel."""
    views = module_views(state) if state.modules else {}
    t = state.tribes[tribe]
    role = t.role.value
    if role == "void":
        return [_("{tribe} · neutral").format(tribe=tribe_label(t)),
                _("Its ruins and totems count for majorities and the totem cap,"),
                _("but it never scores and never earns feats.")]
    lines = [name(tribe)]
    if role == "purple":
        lines.append(_("The sixth tribe: plays the purple pieces and scores like any tribe"))
    elif role == "third":
        lines.append(_("The third tribe: placed by whoever is playing, scores on its own"))
    kept = ((views.get("ruins") or {}).get("kept") or [])
    if tribe < len(kept) and kept[tribe]:
        lines.append(_("Ruins kept: {n} (1 point each at the end)").format(n=kept[tribe]))
    if (views.get("determination") or {}).get("holder") == tribe:
        lines += [_("Holds the Determination token: once, may put two pieces"),
                  _("into an unexplored territory; then it goes to the previous player")]
    if len(lines) == 1:
        lines.append(_("Tents left {tents} · totems left {totems}").format(tents=state.tents_left[tribe],
                                                                           totems=state.totems_left[tribe]))
    return lines


def expedition_lines(state, name: Name) -> list[str]:
    """The expedition chip's tooltip: each mission, its two rewards and who took them."""
    cards = module_views(state).get("expeditions") or []
    lines = [_("Expedition cards (click to see them)")]
    for card in cards:
        first, second = card["rewards"]
        claimed = card["claimed_by"]
        mission = localized(card["mission"])
        lines.append(f"{card['number']}. {mission[:1].upper()}{mission[1:]}")
        taken = [_("first {points} pts: {who}").format(points=first, who=name(claimed[0]) if claimed else _("open")),
                 _("second {points} pts: {who}").format(points=second,
                                                        who=name(claimed[1]) if len(claimed) > 1 else _("open"))]
        lines.append("    " + " · ".join(taken))
    return lines

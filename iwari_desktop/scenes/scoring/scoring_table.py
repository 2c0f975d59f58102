"""The scoring screen's summary page: the points table, the labelled bar chart, and what lies behind them.

Kept apart from `scoring.py` (the step-by-step view) so each module stays small. Column widths
are measured from the window, and every name is cut to its column with an ellipsis, so five
16-character names never run into each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..board.board_view import tribe_colour
from ..ui.look import INK, INK_SOFT, TERRACOTTA, on_parchment, panel
from ...i18n import _
from ..presenters.registry import category_colours, category_names, scoring_order
from ..ui.terms import feat_name, tribe_label
from ..ui.words import localized
from .scoring_words import outcome_text

if TYPE_CHECKING:
    from .scoring import ScoringScene

# names, colours and order of the scoring categories come from each rule's presenter (presenters/)
CATEGORY_NAMES = category_names()


def category_name(key: str) -> str:
    return _(CATEGORY_NAMES[key]) if key in CATEGORY_NAMES else key.capitalize()
CATEGORY_COLOURS = category_colours()


def table_rows(scene: "ScoringScene") -> tuple[list[tuple[str, list[int]]], list[int]]:
    """(category, points per tribe) rows and totals.

    Earlier scorings first: the half journey, and (on the half-journey screen) expedition points awarded
    before it; then this scoring's categories, the final one's including every expedition point of the
    game. A module category without points (Courage, Worship only change multipliers) gets no row.
    """
    n = len(scene.controller.state.tribes)
    categories: list[tuple[str, list[int]]] = []
    earlier: dict[str, list[int]] = {}
    for report in scene.previous:
        if report.kind == "award":
            rows = report.by_category()
        else:
            rows = {"half": report.totals()}
        for key, row in rows.items():
            into = earlier.setdefault(key, [0] * n)
            for t, p in enumerate(row):
                into[t] += p
    if "half" in earlier:
        categories.append(("half", earlier.pop("half")))
    by_cat: dict[str, list[int]] = {}
    for line in scene.lines:
        row = by_cat.setdefault(line.category, [0] * n)
        for t, p in line.points.items():
            row[t] += p
    for key, row in earlier.items():
        into = by_cat.setdefault(key, [0] * n)
        for t, p in enumerate(row):
            into[t] += p
    shown = ["tents", "totems", "settlement"] if scene.final else ["tents"]
    order = scoring_order()
    for key in shown + sorted(set(by_cat) - set(shown), key=lambda k: order.get(k, 9)):
        row = by_cat.get(key, [0] * n)
        if key in shown or any(row):
            categories.append((key, row))
    totals = [sum(row[t] for _key, row in categories) for t in range(n)]
    return categories, totals


CHART_LEAST = 220   # design pixels: a narrower chart is left out
CHART_GAP = 36      # design pixels between the table and the chart


def draw_table(scene: "ScoringScene", surface: pygame.Surface) -> None:
    ui = scene.app.ui
    state = scene.controller.state
    n = len(state.tribes)
    full = pygame.Rect(ui.px(40), ui.px(70), surface.get_width() - ui.px(80), surface.get_height() - ui.px(150))
    panel(surface, full, ui)
    categories, totals = table_rows(scene)
    x0, y = full.x + ui.px(24), full.y + ui.px(14)
    headline, why = outcome_text(scene.controller) if scene.final else (_("Half journey: points so far"), "")
    headline = ui.fit(headline, "title", 32, full.w - ui.px(48))
    ui.blit_text(surface, headline, (x0, y), "title", 32,
                 TERRACOTTA if state.result and state.result.players_lose else INK)
    y += ui.line_height("title", 32)
    if not why:
        why = _("Tents only: every territory's ranks score now; feats multiply nothing yet.")
    for line in ui.wrap(why, "body", 16, full.w - ui.px(48))[:2]:
        ui.blit_text(surface, line, (x0, y), "body", 16, INK_SOFT)
        y += ui.line_height("body", 16)
    y += ui.px(8)
    label_w = ui.px(150)
    table_w = min(int(full.w * 0.56), label_w + n * ui.px(124))
    colw = max(ui.px(70), (table_w - label_w) // n)
    widest = max(ui.text_width(tribe_label(tribe), "bold", 14) for tribe in state.tribes) + ui.px(12)
    if widest > colw:  # six tribes with names of a usual length: the table takes room from the chart beside
        # it, as long as the chart keeps its least width (names longer than that are still cut)
        most = (full.w - ui.px(48) - ui.px(CHART_GAP) - ui.px(CHART_LEAST + 1) - label_w) // n
        colw = max(colw, min(widest, most))
    col0 = x0 + label_w
    header_top = y
    for t, tribe in enumerate(state.tribes):
        cx = col0 + t * colw + colw // 2
        tent = scene.art.tent(tribe.colour.value, ui.px(26))
        surface.blit(tent, tent.get_rect(midbottom=(cx, y + ui.px(28))))
        name = ui.fit(tribe_label(tribe), "bold", 14, colw - ui.px(10))
        ui.blit_text(surface, name, (cx, y + ui.px(30)), "bold", 14, INK, "midtop")
    y += ui.px(56)
    winners = set(state.result.winners) if (scene.final and state.result) else set()
    right = col0 + n * colw
    for key, row in categories + [("total", totals)]:
        is_total = key == "total"
        if is_total:
            pygame.draw.line(surface, INK, (x0, y - ui.px(4)), (right, y - ui.px(4)), max(1, ui.px(2)))
        ui.blit_text(surface, _("Total") if is_total else category_name(key), (x0, y),
                     "bold" if is_total else "body", 16, INK)
        for t, value in enumerate(row):
            cx = col0 + t * colw + colw // 2
            ui.blit_text(surface, str(value), (cx, y), "bold" if is_total else "body", 19 if is_total else 16,
                         TERRACOTTA if is_total and t in winners else INK, "midtop")
        y += ui.px(34 if is_total else 28)
    if scene.final:
        ui.blit_text(surface, _("Pieces left (tie-break)"), (x0, y + ui.px(6)), "italic", 14, INK_SOFT)
        for t in range(n):
            ui.blit_text(surface, str(state.supply_left(t)), (col0 + t * colw + colw // 2, y + ui.px(6)), "italic",
                         14, INK_SOFT, "midtop")
        y += ui.px(36)
    below = pygame.Rect(x0, y + ui.px(8), right - x0, full.bottom - ui.px(16) - y - ui.px(8))
    if scene.final:
        _draw_feats(scene, surface, below)
    else:
        _draw_sources(scene, surface, below)
    chart = pygame.Rect(right + ui.px(CHART_GAP), header_top, 0, 0)
    chart.w = full.right - ui.px(24) - chart.x
    chart.h = full.bottom - ui.px(20) - chart.y
    if chart.w > ui.px(CHART_LEAST):
        draw_chart(scene, surface, chart, categories, totals)


def _draw_feats(scene: "ScoringScene", surface: pygame.Surface, area: pygame.Rect) -> None:
    ui = scene.app.ui
    state = scene.controller.state
    if not state.feats or area.h < ui.px(60):
        return
    x, y = area.x, area.y
    ui.blit_text(surface, _("Feats on the board"), (x, y), "heading", 18, INK)
    y += ui.line_height("heading", 18)
    for f in state.feats:
        if y + ui.px(26) > area.bottom:
            break
        where = (_("connection {number}").format(number=f.target) if f.on_connection
                 else state.board.territories[f.target].name)
        surface.blit(scene.art.feat(f.feat.value, ui.px(22)), (x, y))
        text = ui.fit(_("{feat} — {player}, on {where}").format(feat=feat_name(f.feat),
                                                                player=tribe_label(state.tribes[f.tribe]), where=where),
                      "body", 14, area.w - ui.px(30))
        ui.blit_text(surface, text, (x + ui.px(30), y + ui.px(2)), "body", 14, INK_SOFT)
        y += ui.px(26)


def _draw_sources(scene: "ScoringScene", surface: pygame.Surface, area: pygame.Rect) -> None:
    """Half journey: the territories that scored, biggest first, as many as fit (two columns if room)."""
    ui = scene.app.ui
    state = scene.controller.state
    lines = sorted(scene.report.lines, key=lambda l: -sum(l.points.values()))
    if not lines or area.h < ui.px(60):
        return
    x, y = area.x, area.y
    ui.blit_text(surface, _("Where the points came from"), (x, y), "heading", 18, INK)
    y += ui.line_height("heading", 18) + ui.px(2)
    row_h = ui.px(22)
    per_col = max(1, (area.bottom - y) // row_h)
    texts = []
    for line in lines:
        label = localized(line.label).split(" (")[0]
        who = ", ".join(f"{tribe_label(state.tribes[t])} {p}" for t, p in sorted(line.points.items(), key=lambda kv: -kv[1]))
        texts.append(f"{label}: {who}")
    for x_at, y_at, text in source_rows(ui, texts, pygame.Rect(x, y, area.w, area.bottom - y), row_h):
        ui.blit_text(surface, text, (x_at, y_at), "body", 14, INK_SOFT, box=area)


def source_rows(ui, texts: list[str], area: pygame.Rect, row_h: int) -> list[tuple[int, int, str]]:
    """Where each territory's line goes: whole entries only, wrapped onto a second row (indented) rather
    than cut, in one column when they fit there, else two side by side when the area is wide enough.

    Why: a line cut with "…" while half the area stood empty (six tribes' names do not fit a half-width
    column) read as a fault; an entry that finds no room is left out whole, never cut mid-name."""
    rows = max(1, area.h // row_h)
    indent = ui.px(16)

    def wrapped(width: int) -> list[list[str]]:
        out = []
        for text in texts:
            first, *rest = ui.wrap(text, "body", 14, width) or [text]
            rest_text = " ".join(rest)
            out.append([first] + (ui.wrap(rest_text, "body", 14, width - indent) if rest else []))
        return out

    one = wrapped(area.w - ui.px(12))
    cols = 1 if sum(len(e) for e in one) <= rows or area.w <= ui.px(560) else 2
    entries = one if cols == 1 else wrapped(area.w // 2 - ui.px(12))
    placed: list[tuple[int, int, str]] = []
    col, row = 0, 0
    for entry in entries:
        if row + len(entry) > rows:
            col, row = col + 1, 0
            if col >= cols:
                break
        cx = area.x + col * (area.w // cols)
        for i, text in enumerate(entry):
            placed.append((cx + (indent if i else 0), area.y + (row + i) * row_h, text))
        row += len(entry)
    return placed


def draw_chart(scene: "ScoringScene", surface: pygame.Surface, area: pygame.Rect,
               categories: list[tuple[str, list[int]]], totals: list[int]) -> None:
    """One stacked bar per tribe, labelled with the tribe's name, spread over the whole area."""
    ui = scene.app.ui
    state = scene.controller.state
    top = max(1, max(totals))
    n = len(totals)
    legend_h = ui.px(30)
    name_h = ui.line_height("bold", 14)
    slot = (area.h - legend_h) // max(1, n)
    bar_h = max(ui.px(14), min(ui.px(48), slot - name_h - ui.px(12)))
    number_w = ui.px(44)
    for t in range(n):
        y = area.y + t * (bar_h + name_h + ui.px(12))
        name = ui.fit(tribe_label(state.tribes[t]), "bold", 14, area.w)
        ui.blit_text(surface, name, (area.x, y), "bold", 14, on_parchment(tribe_colour(state, t)))
        y += name_h
        x = area.x
        pygame.draw.rect(surface, tribe_colour(state, t), (x, y, ui.px(6), bar_h))
        x += ui.px(10)
        for key, row in categories:
            w = int((area.w - ui.px(10) - number_w) * row[t] / top)
            if w > 0:
                pygame.draw.rect(surface, CATEGORY_COLOURS.get(key, TERRACOTTA), (x, y, w, bar_h))
                x += w
        ui.blit_text(surface, str(totals[t]), (x + ui.px(8), y + bar_h // 2), "bold", 15, INK, "midleft")
    y = area.y + n * (bar_h + name_h + ui.px(12)) + ui.px(4)
    x = area.x
    for key, _row in categories:
        name = category_name(key)

        if x > area.x and x + ui.px(20) + ui.font("body", 14).size(name)[0] > area.right:
            x, y = area.x, y + ui.line_height("body", 14) + ui.px(4)   # the expansion's rows: a second line
        pygame.draw.rect(surface, CATEGORY_COLOURS.get(key, TERRACOTTA), (x, y + ui.px(3), ui.px(14), ui.px(14)))
        r = ui.blit_text(surface, name, (x + ui.px(20), y), "body", 14, INK)
        x = r.right + ui.px(16)

"""A small Markdown renderer for the in-game rules: headings, paragraphs, `- ` bullets, **bold**, `|` tables.

It lays the whole document out once into one tall surface per width (scrolling is then a blit),
which keeps the rules screen as cheap as any other idle screen.
"""

from __future__ import annotations

import re

import pygame

from .look import INK, INK_SOFT, TERRACOTTA, Ui

Run = tuple[str, bool]  # (word, bold)


def inline_runs(text: str) -> list[Run]:
    """Words with a bold flag; `**` toggles bold (unclosed markers are kept as text)."""
    parts = re.split(r"(\*\*)", text)
    if parts.count("**") % 2:
        parts = [text]
    runs: list[Run] = []
    bold = False
    before = " "  # the text just before this part (a marker's neighbours decide whether words touch)
    for part in parts:
        if part == "**":
            bold = not bold
            continue
        words = part.replace("`", "").split()
        touching = bool(before) and not before[-1].isspace()
        before = part
        if words and runs and touching and not part[0].isspace():
            # text right after a `**` with no space ("**six players**;") belongs to the word before it:
            # glued on, so no gap opens before the punctuation
            runs[-1] = (runs[-1][0] + words.pop(0), runs[-1][1])
        runs.extend((word, bold) for word in words)
    return runs


def parse_blocks(text: str) -> list[tuple[str, object]]:
    """Blocks: ("h1".."h3", text), ("p", text), ("li", text), ("table", rows), ("diagram", (name, caption))."""
    blocks: list[tuple[str, object]] = []
    paragraph: list[str] = []
    table: list[list[str]] = []

    def flush() -> None:
        if paragraph:
            blocks.append(("p", " ".join(paragraph)))
            paragraph.clear()
        if table:
            blocks.append(("table", [row[:] for row in table]))
            table.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            if paragraph:
                blocks.append(("p", " ".join(paragraph)))
                paragraph.clear()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                table.append(cells)
            continue
        if table:
            flush()
        diagram = re.fullmatch(r"!\[(.*)\]\(diagram:([a-z0-9-]+)\)", line)
        if not line:
            flush()
        elif diagram:
            flush()
            blocks.append(("diagram", (diagram.group(2), diagram.group(1))))
        elif line.startswith("#"):
            flush()
            level = min(3, len(line) - len(line.lstrip("#")))
            blocks.append((f"h{level}", line.lstrip("#").strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            blocks.append(("li", line[2:].strip()))
        else:
            paragraph.append(line)
    flush()
    return blocks


class MarkdownPage:
    def __init__(self, ui: Ui, text: str) -> None:
        self.ui = ui
        self.blocks = parse_blocks(text)
        self._surface: pygame.Surface | None = None
        self._width = 0
        self.anchors: list[tuple[str, int]] = []  # (## heading, its y on the page): the table of contents
        self.diagrams_drawn: list[str] = []
        self._art = None

    def _flow(self, surface: pygame.Surface | None, runs: list[Run], x: int, y: int, width: int, size: float,
              colour=INK) -> int:
        """Lay out words with wrapping; draw them if `surface`; return the y below the text."""
        ui = self.ui
        regular, bold = ui.font("body", size), ui.font("bold", size)
        space = regular.size(" ")[0]
        line_h = int(regular.get_linesize() * 1.08)
        cx = x
        for word, is_bold in runs:
            font = bold if is_bold else regular
            w = font.size(word)[0]
            if cx > x and cx + w > x + width:
                cx = x
                y += line_h
            if surface is not None:
                surface.blit(ui.text(word, "bold" if is_bold else "body", size, colour), (cx, y))
            cx += w + space
        return y + line_h

    def _table(self, surface: pygame.Surface | None, rows: list[list[str]], x: int, y: int, width: int) -> int:
        ui = self.ui
        n = max(len(r) for r in rows)
        font = ui.font("body", 15)
        natural = [max((font.size(r[i])[0] if i < len(r) else 0) for r in rows) + ui.px(20) for i in range(n)]
        total = sum(natural)
        widths = [int(width * w / total) if total > width else w for w in natural]
        pad = ui.px(8)
        for k, row in enumerate(rows):
            heights = []
            for i in range(n):
                cell = row[i] if i < len(row) else ""
                runs = [(w, True) for w, _ in inline_runs(cell)] if k == 0 else inline_runs(cell)
                heights.append(self._flow(None, runs, 0, 0, widths[i] - 2 * pad, 15) + 2 * pad)
            h = max(heights)
            if surface is not None:
                if k == 0:
                    pygame.draw.rect(surface, (226, 208, 170), (x, y, sum(widths), h))
                cx = x
                for i in range(n):
                    cell = row[i] if i < len(row) else ""
                    runs = [(w, True) for w, _ in inline_runs(cell)] if k == 0 else inline_runs(cell)
                    self._flow(surface, runs, cx + pad, y + pad, widths[i] - 2 * pad, 15)
                    cx += widths[i]
                pygame.draw.line(surface, (190, 168, 130), (x, y + h), (x + sum(widths), y + h), 1)
            y += h
        return y + ui.px(12)

    def _render(self, surface: pygame.Surface | None, width: int) -> int:
        ui = self.ui
        y = 0
        sizes = {"h1": 34, "h2": 26, "h3": 20}
        anchors: list[tuple[str, int]] = []
        for kind, content in self.blocks:
            if kind in sizes:
                if kind == "h2":
                    anchors.append((str(content).replace("**", ""), y))
                y += ui.px(14 if kind == "h1" else 10)
                role = "title" if kind != "h3" else "heading"
                colour = TERRACOTTA if kind == "h1" else INK
                for line in ui.wrap(str(content).replace("**", ""), role, sizes[kind], width):
                    if surface is not None:
                        surface.blit(ui.text(line, role, sizes[kind], colour), (0, y))
                    y += ui.font(role, sizes[kind]).get_linesize()
                y += ui.px(4)
            elif kind == "p":
                y = self._flow(surface, inline_runs(str(content)), 0, y, width, 16) + ui.px(8)
            elif kind == "li":
                if surface is not None:
                    pygame.draw.circle(surface, INK_SOFT, (ui.px(10), y + ui.px(12)), max(2, ui.px(3)))
                y = self._flow(surface, inline_runs(str(content)), ui.px(24), y, width - ui.px(24), 16) + ui.px(3)
            elif kind == "diagram":
                from .rules_diagrams import diagram_height, draw_diagram

                name, caption = content  # type: ignore[misc]
                height = diagram_height(ui)
                if surface is not None:
                    if self._art is None:
                        from .pieces import PieceArt

                        self._art = PieceArt()
                    area = pygame.Rect(ui.px(8), y + ui.px(6), min(width - ui.px(16), ui.px(640)), height)
                    if draw_diagram(surface, name, area, ui, self._art):
                        self.diagrams_drawn.append(name)
                y += height + ui.px(10)
                y = self._flow(surface, [(w, False) for w in str(caption).split()], ui.px(8), y, width - ui.px(16),
                               14, INK_SOFT) + ui.px(10)
            elif kind == "table":
                y = self._table(surface, content, 0, y + ui.px(4), width)  # type: ignore[arg-type]
        self.anchors = anchors
        return y + ui.px(20)

    def surface(self, width: int) -> pygame.Surface:
        if self._surface is None or self._width != width:
            height = self._render(None, width)
            surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
            self._render(surf, width)
            self._surface, self._width = surf, width
        return self._surface

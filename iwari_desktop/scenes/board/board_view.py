"""Draws a Board and a game state into a rectangle, and maps mouse positions back to board objects.

The map's picture comes from `map_picture` (the Tiled file's art, or a plain rendition); it is scaled
once per size and cached together with every other static layer (territory highlights and the
dimming masks), so a frame only blits cached layers and the pieces.
"""

from __future__ import annotations

import math

import pygame

from ...art.palette import INK, PAPER, TRIBE_COLOURS
from ...art.per_board import per_board
from ...art.surface_cache import BUDGETS, SurfaceCache, SurfaceCaches
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.engine.maps.geometry import point_in_polygon
from iwari_desktop.engine.maps.registry import map_path
from ..presenters.base import BoardStep
from ..presenters.board_layers import RuleLayers, module_views
from ..ui.pieces import PieceArt
from ..ui.look import GOLD, LIGHT
from .map_picture import map_art, peak_slots, view_picture

DIM = {False: (10, 6, 4, 95), True: (10, 6, 4, 120)}                 # over the territories not lit
TINT = {False: (255, 236, 150, 45), True: (255, 220, 120, 40)}       # over the lit ones


class BoardView:
    """One board drawn into one rectangle; caches everything that depends only on size."""

    def __init__(self, board: Board, art: PieceArt, caches: SurfaceCaches | None = None) -> None:
        self.board = board
        self.art = art
        self.caches = caches if caches is not None else SurfaceCaches()  # the app's; a view alone keeps its own
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.k = 1.0
        self._background: pygame.Surface | None = None
        self._polys: list[list[tuple[float, float]]] = []
        self._edge_cache: dict[int, tuple] = {}      # a territory's outline edges on screen (`_edges`)
        self._space_centres = [self.to_screen(s.position) for s in board.spaces]  # on screen, for this size
        self._layers = SurfaceCache(BUDGETS.board_layers)  # dimmed boards and lit-territory overlays
        self._badges: dict[tuple[str, int], pygame.Surface] = {}
        spaces = [s.position for s in board.spaces]
        gaps = [math.dist(a, b) for i, a in enumerate(spaces) for b in spaces[i + 1:i + 40]]
        self.space_gap = max(24.0, min(gaps) if gaps else 40.0)
        self._mountain_spots: dict[int, tuple[float, float]] | None = None
        self._names: list[pygame.Rect] | None = None
        self._rings: dict[tuple, list[tuple[float, float]]] = {}
        self._clickable: tuple[tuple[int, int, int, int], list[pygame.Rect]] | None = None
        self.expansion = RuleLayers(self)  # the rules' pieces, drawn by their presenters
        # what the last frame lit, so a click lands where the eye saw it (territory_at, space_at)
        self.drawn_lit_territories: frozenset[int] = frozenset()
        self.drawn_lit_spaces: frozenset[int] = frozenset()

    def mountain_spot(self, number: int) -> tuple[float, float]:
        """A covered connection's mountain goes on its printed slot when the map art has one."""
        if self._mountain_spots is None:
            self._mountain_spots = peak_slots(self.board) if map_art(self.board, self.caches) is not None else {}
        return self._mountain_spots.get(number, self.board.connections_by_number[number].position)

    # ---- geometry --------------------------------------------------------------------------------
    def set_area(self, area: pygame.Rect) -> None:
        """Fit the board into `area`, keeping its aspect ratio, centred."""
        bw, bh = self.board.size
        k = min(area.w / bw, area.h / bh)
        w, h = max(1, int(bw * k)), max(1, int(bh * k))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        if rect != self.rect:
            self.rect, self.k = rect, k
            self._background = None
            self._layers.clear()
            self._polys = [[self.to_screen(q) for q in t.polygon] for t in self.board.territories]
            self._edge_cache = {}
            self._space_centres = [self.to_screen(s.position) for s in self.board.spaces]

    def clickable_rects(self) -> list[pygame.Rect]:
        """Screen boxes of what a person clicks or reads on the map: every tent space, totem circle, connection
        badge (the radii the hit tests and `free_spots` use) and the slot printed under it, for a message that must
        cover none of them."""
        key = (self.rect.x, self.rect.y, self.rect.w, self.rect.h)
        if self._clickable is None or self._clickable[0] != key:
            items = [(s.position, 13.0) for s in self.board.spaces]
            items += [(t.totem_space, 22.0) for t in self.board.territories if t.totem_space is not None]
            items += [(c.position, 17.5) for c in self.board.connections]
            rects = []
            for centre, radius in items:
                r = max(2, round(radius * self.k))
                box = pygame.Rect(0, 0, 2 * r, 2 * r)
                box.center = self.to_screen(centre)
                rects.append(box)
            from ...art.map_sizes import SLOT_SIZE

            for c in self.board.connections:   # the printed slot under a badge (a mountain's place, B3)
                spot = self.mountain_spot(c.number)
                if spot != c.position:
                    box = pygame.Rect(0, 0, round(SLOT_SIZE[0] * self.k), round(SLOT_SIZE[1] * self.k))
                    box.center = self.to_screen(spot)
                    rects.append(box)
            self._clickable = (key, rects)
        return self._clickable[1]

    def outline(self, territory: int) -> list[tuple[int, int]]:
        """The territory's outline on screen (for a glow drawn over the map, like the Hint's)."""
        return self._polys[territory]

    def to_screen(self, pt: tuple[float, float]) -> tuple[int, int]:
        return round(self.rect.x + pt[0] * self.k), round(self.rect.y + pt[1] * self.k)

    def to_map(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.rect.x) / self.k, (pos[1] - self.rect.y) / self.k

    @property
    def tent_px(self) -> int:
        return max(10, min(64, int(self.space_gap * 0.8 * self.k)))

    # the lit shapes' sizes in screen pixels, shared by drawing and hit-testing (issue #34: a click on a lit
    # space's ring or on a lit territory's outline near its edge was ignored or answered "Nothing to play there")
    def lit_outline_width(self) -> int:
        return max(2, int(5 * self.k * 1.6))

    def lit_space_radii(self) -> tuple[int, int, int]:
        """(radius, ring width, outer radius) of a lit space's circle: the outer radius is the dark edge's."""
        ring = max(2, int(4 * self.k * 1.4))
        radius = max(6, int(self.space_gap * 0.42 * self.k))
        return radius, ring, radius + ring // 2 + 1

    def territory_at(self, pos: tuple[int, int]) -> int | None:
        """The territory under `pos`: a lit one wherever its tint or outline was drawn (the outline lies half
        outside the map's polygon, over the neighbour or the sea), else the map polygon's."""
        if not self.rect.collidepoint(pos):
            return None
        for t in sorted(self.drawn_lit_territories):
            if t < len(self._polys) and self._in_drawn_territory(pos, t):
                return t
        x, y = self.to_map(pos)
        for t in self.board.territories:
            if point_in_polygon((x, y), t.polygon):
                return t.index
        return None

    def _in_drawn_territory(self, pos: tuple[int, int], territory: int) -> bool:
        pts = self._polys[territory]
        reach = self.lit_outline_width() / 2 + 1.5
        (left, top, right, bottom), edges = self._edges(territory)
        px, py = pos
        if px < left - reach - 1 or px > right + reach + 1 or py < top - reach - 1 or py > bottom + reach + 1:
            return False  # farther than the outline's reach from its bounding box: outside it and its outline
        if _inside(px, py, edges):
            return True
        # `_segment_distance` to each edge, inlined over edges worked out once: the same sums in the same order
        for ax, ay, dx, dy, length in edges:
            t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
            if math.hypot(px - ax - t * dx, py - ay - t * dy) <= reach:
                return True
        return False

    def _edges(self, territory: int) -> tuple[tuple[int, int, int, int], list[tuple[int, int, int, int, int]]]:
        """A territory's screen outline as its bounding box and its edges (start, direction, squared length),
        kept for the view's size: every hover and click near a lit territory asks for them (issue #32)."""
        edges = self._edge_cache.get(territory)
        if edges is None:
            pts = self._polys[territory]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            rows = []
            for a, b in zip(pts, pts[1:] + pts[:1]):
                dx, dy = b[0] - a[0], b[1] - a[1]
                rows.append((a[0], a[1], dx, dy, dx * dx + dy * dy))
            edges = self._edge_cache[territory] = ((min(xs), min(ys), max(xs), max(ys)), rows)
        return edges

    def space_at(self, pos: tuple[int, int]) -> int | None:
        """The space under `pos`: a lit one anywhere inside its drawn circle, else the nearest within half
        the spaces' gap."""
        outer = self.lit_space_radii()[2] + 1
        centres = self._space_centres
        lit = [(math.dist(pos, centres[s]), s) for s in self.drawn_lit_spaces if s < len(centres)]
        inside = [hit for hit in lit if hit[0] <= outer]
        if inside:
            return min(inside)[1]
        x, y = self.to_map(pos)
        reach = self.space_gap * 0.5
        best, best_d = None, reach
        for s in self.board.spaces:
            d = math.dist((x, y), s.position)
            if d < best_d:
                best, best_d = s.index, d
        return best

    def connection_at(self, pos: tuple[int, int]) -> int | None:
        x, y = self.to_map(pos)
        for c in self.board.connections:
            if math.dist((x, y), c.position) < 24:
                return c.number
        return None

    def mountain_at(self, state, pos: tuple[int, int]) -> int | None:
        """The covered connection whose mountain is drawn under `pos` (for its tooltip)."""
        half = max(16, int(self.tent_px * 1.5)) // 2
        for n in state.mountains:
            if n in self.board.connections_by_number:
                x, y = self.to_screen(self.mountain_spot(n))
                if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                    return n
        return None

    def totem_at(self, pos: tuple[int, int]) -> int | None:
        x, y = self.to_map(pos)
        for t in self.board.territories:
            if t.totem_space is not None and math.dist((x, y), t.totem_space) < 30:
                return t.index
        return None

    # ---- cached layers ---------------------------------------------------------------------------
    def background(self) -> pygame.Surface:
        if self._background is None:
            self._background = view_picture(self.board, self.rect.size, self.caches)
        return self._background

    def _dimmed(self, focus: bool) -> pygame.Surface:
        """The whole map dimmed (darker for the scoring focus): one opaque board-sized picture per kind,
        so a frame pays an opaque copy rather than a full-board alpha blend."""
        def make() -> pygame.Surface:
            shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            shade.fill(DIM[focus])
            picture = self.background().copy()
            picture.blit(shade, (0, 0))
            return picture.convert() if pygame.display.get_surface() is not None else picture

        return self._layers.get_or_make(("dimmed", focus), make)

    def _lit_overlay(self, territory: int, focus: bool) -> tuple[pygame.Surface, pygame.Rect]:
        """One lit territory as a small picture the size of its outline's bounding box: the undimmed map
        under it, tinted, transparent outside the territory. Laid over the dimmed map it undoes the dimming
        there, exactly as a whole-board mask with a hole would, for the memory of one territory."""
        local = pygame.Rect(0, 0, *self.rect.size)
        box = _bounds(self._polys[territory]).move(-self.rect.x, -self.rect.y).clip(local)
        key = ("lit", territory, focus)

        def make() -> pygame.Surface:
            pts = [(x - self.rect.x - box.x, y - self.rect.y - box.y) for x, y in self._polys[territory]]
            picture = pygame.Surface(box.size, pygame.SRCALPHA)
            picture.blit(self.background(), (0, 0), box)
            tint = pygame.Surface(box.size, pygame.SRCALPHA)
            tint.fill((0, 0, 0, 0))
            pygame.draw.polygon(tint, TINT[focus], pts)
            picture.blit(tint, (0, 0))
            inside = pygame.Surface(box.size, pygame.SRCALPHA)
            inside.fill((0, 0, 0, 0))
            pygame.draw.polygon(inside, (255, 255, 255, 255), pts)
            picture.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            return picture

        return self._layers.get_or_make(key, make), box.move(self.rect.x, self.rect.y)

    def _draw_lit(self, surface: pygame.Surface, lit: frozenset[int], focus: bool) -> None:
        """Every territory not in `lit` dimmed, the lit ones tinted and outlined (gold for the scoring focus)."""
        surface.blit(self._dimmed(focus), self.rect)
        for t in lit:
            overlay, at = self._lit_overlay(t, focus)
            surface.blit(overlay, at)
        clip = surface.get_clip()
        surface.set_clip(clip.clip(self.rect))
        width = self.lit_outline_width()
        for t in lit:  # every outline over every fill, as neighbouring lit territories share edges
            pygame.draw.polygon(surface, GOLD if focus else LIGHT, self._polys[t], width)
        surface.set_clip(clip)

    # ---- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state, *, lit_territories: set[int] = frozenset(),
             lit_spaces: set[int] = frozenset(), lit_connections: set[int] = frozenset(), totem_lit: int | None = None,
             hover_territory: int | None = None, focus_territories: set[int] | None = None,
             focus_connection: int | None = None, dim_all: bool = False,
             anims: dict[tuple[str, int], float] | None = None, background: bool = True) -> None:
        """Draw the board; pass background=False when the caller's cached static layer already holds it."""
        if background:
            surface.blit(self.background(), self.rect)
        lit_drawn = focus_territories if focus_territories is not None else lit_territories
        self.drawn_lit_territories, self.drawn_lit_spaces = frozenset(lit_drawn or ()), frozenset(lit_spaces)
        if focus_territories is not None:
            self._draw_lit(surface, frozenset(focus_territories), True)
        elif lit_territories or dim_all:
            self._draw_lit(surface, frozenset(lit_territories), False)
        if hover_territory is not None and hover_territory not in lit_territories:
            pygame.draw.polygon(surface, (255, 250, 230), self._polys[hover_territory], max(1, int(3 * self.k)))
        self._draw_pieces(surface, state, anims or {})
        radius, ring, _outer = self.lit_space_radii()
        for s in lit_spaces:
            centre = self.to_screen(self.board.spaces[s].position)
            pygame.draw.circle(surface, (30, 20, 10), centre, radius + ring // 2 + 1, max(1, ring // 2))
            pygame.draw.circle(surface, LIGHT, centre, radius, ring)
        if totem_lit is not None:
            t = self.board.territories[totem_lit]
            if t.totem_space is not None:
                centre = self.to_screen(t.totem_space)
                pygame.draw.circle(surface, (30, 20, 10), centre, int(radius * 1.5) + ring, max(1, ring // 2))
                pygame.draw.circle(surface, LIGHT, centre, int(radius * 1.5), ring)
        for n in lit_connections | ({focus_connection} if focus_connection is not None else set()):
            c = self.board.connections_by_number[n]
            centre = self.to_screen(c.position)
            pygame.draw.circle(surface, GOLD if n == focus_connection else LIGHT, centre, max(10, int(34 * self.k)), ring + 1)

    def _draw_pieces(self, surface: pygame.Surface, state, anims: dict[tuple[str, int], float]) -> None:
        board = self.board
        tribes = state.tribes
        size = self.tent_px
        views = module_views(state) if state.modules else {}
        void = state.void_tribe
        rules = self.expansion
        rules.draw(BoardStep.UNDER, surface, state, views)
        own_tents = rules.tent_drawers()
        for space, owner in enumerate(state.space_owner):
            if owner < 0:
                continue
            if own_tents and rules.draw_tent(own_tents, surface, state, space, owner):  # e.g. the Void's ruins
                continue
            image = self.art.tent(tribes[owner].colour.value, size)
            x, y = self.to_screen(board.spaces[space].position)
            progress = anims.get(("tent", space))
            if progress is not None and progress < 1:
                y -= int((1 - progress) ** 2 * size * 1.5)
            surface.blit(image, image.get_rect(center=(x, y - size // 10)))
        totem_h = max(14, int(size * 1.25))
        for t in board.territories:
            stack = state.totem_stacks[t.index]
            if not stack or t.totem_space is None:
                continue
            cx, cy = self.to_screen(t.totem_space)
            shown = stack[-4:]
            step = max(4, totem_h // 3)
            x0 = cx - (len(shown) - 1) * step // 2
            for i, tribe in enumerate(shown):
                image = (self.art.void_totem(totem_h) if tribe == void
                         else self.art.totem(tribes[tribe].colour.value, totem_h))
                y = cy - i * 2
                progress = anims.get(("totem", t.index))
                if progress is not None and progress < 1 and i == len(shown) - 1:
                    y -= int((1 - progress) ** 2 * totem_h)
                surface.blit(image, image.get_rect(center=(x0 + i * step, y)))
            if len(stack) > 1:
                self._count_badge(surface, str(len(stack)), self.badge_centre(t.index))
        for n in state.mountains:
            if n in board.connections_by_number:
                px = max(16, int(size * 1.5))
                centre = self.to_screen(self.mountain_spot(n))
                if not rules.draw_mountain(surface, views, n, centre, px):  # a rule's piece instead (an iceberg)
                    image = self.art.mountain(px)
                    surface.blit(image, image.get_rect(center=centre))
        rules.draw(BoardStep.OVER, surface, state, views)  # the Void's pawn and claims come last (solo, co-op)
        for index, rect in self.feat_spots(state):
            image = self.art.feat(state.feats[index].feat.value, rect.w)
            surface.blit(image, image.get_rect(center=rect.center))

    def badge_centre(self, territory: int) -> tuple[int, int]:
        """Where a totem stack's count badge goes: on the foot of the totem space itself.

        The map's names keep clear of every totem space (and tent spaces never sit on one), so a
        badge inside that circle covers neither a name nor a space a player may click.
        """
        t = self.board.territories[territory]
        x, y = t.totem_space or t.polygon[0]
        return self.to_screen((x, y + 4))

    def badge_rect(self, territory: int, text: str = "8") -> pygame.Rect:
        return self._badge_surface(text).get_rect(center=self.badge_centre(territory))

    def free_spots(self, centre: tuple[float, float], radius: float, size: float,
                   avoid: list[tuple[float, float]] = ()) -> list[tuple[float, float]]:
        """Board points on a ring around `centre` where an icon of `size` covers no tent space, totem space,
        badge, contested spot, name, nor an icon already at one of the `avoid` points.

        Remembered per ring: the answer depends only on the board and the arguments, and every frame
        with a feat on the board asks again (this search was a fifth of a frame's time). Remembered for the
        board too, with the names its picture printed, so the next view of the same board (the scoring screen,
        a replay, the next App) asks nothing again (issue #32).
        """
        key = (centre, radius, size, tuple(avoid))
        if key not in self._rings:
            if len(self._rings) > 4096:  # `avoid` follows the game: keep the memory bounded
                self._rings.clear()
            shared = per_board(self.board, "free-spots", dict)
            whole = (tuple(tuple(box) for box in self.name_boxes()), *key)
            if whole not in shared:
                if len(shared) > 4096:
                    shared.clear()
                shared[whole] = self._search_ring(centre, radius, size, avoid)
            self._rings[key] = shared[whole]
        return self._rings[key]

    def _search_ring(self, centre: tuple[float, float], radius: float, size: float,
                     avoid) -> list[tuple[float, float]]:
        import math as _m

        board = self.board
        clear = []
        for step in range(24):
            angle = -_m.pi / 2 - step * _m.pi / 12
            p = (centre[0] + radius * _m.cos(angle), centre[1] + radius * _m.sin(angle))
            if any(_m.dist(p, s.position) < 13 + size / 2 + 2 for s in board.spaces):
                continue
            if any(t.totem_space and _m.dist(p, t.totem_space) < 22 + size / 2 + 2 for t in board.territories):
                continue
            if any(_m.dist(p, c.position) < 17.5 + size / 2 + 2 for c in board.connections):
                continue
            if any(_m.dist(p, c.position) < 17 + size / 2 + 2 for c in board.contested_spots):
                continue
            if any(_m.dist(p, q) < size + 2 for q in avoid):
                continue
            icon = pygame.Rect(0, 0, size + 4, size + 4)
            icon.center = (round(p[0]), round(p[1]))
            if any(icon.colliderect(box) for box in self.name_boxes()):
                continue
            clear.append(p)
        return clear

    def name_boxes(self) -> list[pygame.Rect]:
        """Where the map picture printed the territory names (board pixels), as its render recorded."""
        if self._names is None:
            from ...art.fingerprint import name_boxes

            path = map_path(self.board.map_id).with_suffix(".png")
            self._names = [pygame.Rect(r) for r in name_boxes(path, self.board).values()]
        return self._names

    def feat_spots(self, state) -> list[tuple[int, pygame.Rect]]:
        """Screen rectangles of the feat icons (index into `state.feats`), for drawing and hover tooltips.

        A feat sits next to its territory's totem space or its connection badge, on the first spot of
        a ring around it that covers no tent space, totem space or badge (a second feat takes the next).
        """
        board = self.board
        feat_px = max(14, int(self.tent_px * 0.95))
        size = feat_px / self.k
        stacked: dict[tuple[bool, int], int] = {}
        spots = []
        avoid = self.expansion.reserved(state) if getattr(state, "modules", None) else []
        for index, f in enumerate(state.feats):
            slot = stacked.get((f.on_connection, f.target), 0)
            stacked[(f.on_connection, f.target)] = slot + 1
            if f.on_connection:
                centre = board.connections_by_number[f.target].position
                radius = 17.5 + size / 2 + 3
            else:
                t = board.territories[f.target]
                centre = t.totem_space or t.polygon[0]
                radius = 22 + size / 2 + 3
            free: list[tuple[float, float]] = []
            for k in range(10):  # nearest rings first; a crowded territory pushes its feats a little further out
                free += self.free_spots(centre, radius + k * size * 0.5, size, avoid)
                if len(free) > slot:
                    break
            point = free[slot % len(free)] if free else (centre[0] + radius, centre[1] - radius)
            rect = pygame.Rect(0, 0, feat_px, feat_px)
            rect.center = self.to_screen(point)
            spots.append((index, rect))
        return spots

    def feat_at(self, state, pos: tuple[int, int]) -> int | None:
        """The feat icon under `pos` (the topmost one when icons overlap)."""
        for index, rect in reversed(self.feat_spots(state)):
            if rect.collidepoint(pos):
                return index
        return None

    def _count_badge(self, surface: pygame.Surface, text: str, centre: tuple[int, int]) -> None:
        badge = self._badge_surface(text)
        surface.blit(badge, badge.get_rect(center=centre))

    def _badge_surface(self, text: str) -> pygame.Surface:
        """A small dark disc with the stack height; each picture is made once per size."""
        px = max(9, int(self.tent_px * 0.45))
        badge = self._badges.get((text, px))
        if badge is None:
            from ..ui.look import FONT_FILES, fonts_dir

            try:
                font = pygame.font.Font(str(fonts_dir() / FONT_FILES["bold"]), px)
            except (OSError, pygame.error):
                font = pygame.font.Font(None, int(px * 1.3))
            label = font.render(text, True, PAPER)
            r = max(label.get_width(), label.get_height()) // 2 + 3
            badge = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(badge, INK, (r + 1, r + 1), r)
            pygame.draw.circle(badge, PAPER, (r + 1, r + 1), r, 1)
            badge.blit(label, label.get_rect(center=(r + 1, r + 1)))
            self._badges[(text, px)] = badge
        return badge


def _bounds(points: list[tuple[float, float]]) -> pygame.Rect:
    """The smallest rect holding every point, with a pixel to spare on each side for the rasteriser."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
    return pygame.Rect(left, top, math.ceil(max(xs)) - left + 2, math.ceil(max(ys)) - top + 2)


def tribe_colour(state, tribe: int) -> tuple[int, int, int]:
    return TRIBE_COLOURS.get(state.tribes[tribe].colour.value, (128, 128, 128))


def _inside(x: float, y: float, edges: list[tuple[int, int, int, int, int]]) -> bool:
    """`point_in_polygon` (even-odd ray casting) over a territory's edges from `BoardView._edges`: the same
    comparisons and the same sums, without indexing the polygon again for every point asked."""
    inside = False
    for x1, y1, dx, dy, _length in edges:
        y2 = y1 + dy
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * dx / dy
            if x < cross_x:
                inside = not inside
    return inside


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from point `p` to the segment a–b (all in the same pixels)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)

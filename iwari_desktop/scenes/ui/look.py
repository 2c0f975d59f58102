"""Look and feel shared by every scene: the logical UI scale, fonts, colours, cached text, panels.

The game is designed at 1280×720; `Ui.scale` maps design pixels to window pixels so a 4K window
shows the same layout, crisp, rather than a blurred upscale. Text surfaces are cached because
rendering text is the most expensive thing a frame does.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from ...art.surface_cache import MB, SurfaceCache
from ...resources import assets_dir
from .text_store import TextStore

DESIGN_SIZE = (1280, 720)

# Warm palette: dark wood table, parchment panels, ink, gold and terracotta accents.
WOOD = (43, 29, 20)
WOOD_LIGHT = (72, 50, 34)
WOOD_EDGE = (110, 76, 48)
PARCHMENT = (243, 230, 200)
PARCHMENT_DARK = (226, 208, 170)
INK = (44, 30, 22)
INK_SOFT = (104, 84, 66)
GOLD = (226, 178, 60)
GOLD_LIGHT = (246, 210, 120)
TERRACOTTA = (181, 82, 59)
CREAM = (251, 243, 225)
LIGHT = (255, 236, 150)
DIM = (0, 0, 0, 150)

OLD_STYLE_ROLES = frozenset({"title", "heading"})  # Vollkorn: old-style figures by default
LINING_ROLE = "bold"                               # where their digits are taken from
LINING_SCALE = 0.92                                # ... at this share of the heading's size

FONT_FILES = {
    "title": "Vollkorn-Bold.ttf",
    "heading": "Vollkorn-SemiBold.ttf",
    "body": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "italic": "NotoSans-Italic.ttf",
}


def _lining_digits(text: str, role: str) -> bool:
    """Whether `text` is drawn with its digits from the sans (`Ui._lining`): a heading's role with a digit in it."""
    return role in OLD_STYLE_ROLES and any(ch.isdigit() for ch in text)


def fonts_dir() -> Path:
    return assets_dir() / "fonts"


def theme_path() -> Path:
    return assets_dir() / "theme" / "theme.json"


@dataclass
class DrawnText:
    """One line of text as drawn: where its ink landed and the box it was meant to stay in (if said)."""

    text: str
    rect: pygame.Rect          # the surface's rect
    ink: pygame.Rect           # the pixels actually inked (what a reader sees)
    box: pygame.Rect | None    # the box the caller placed it in, if it named one
    layer: str
    role: str | None = None    # the font role and design size it was drawn at (a row of labels shares one)
    size: float | None = None


class TextRecorder:
    """Collects every text line and panel drawn through `Ui`, for the layout checks.

    Scenes draw all on-screen text through `Ui.blit_text` and every framed area through `panel`,
    so a test can render a scene with a recorder attached and ask: does any text overlap other
    text, or leave the panel (or the box) it belongs to?
    """

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layer = ""
        self.texts: list[DrawnText] = []
        self.panels: list[tuple[str, pygame.Rect]] = []

    def text(self, text: str, surf: pygame.Surface, rect: pygame.Rect, box: pygame.Rect | None,
             target: pygame.Surface, role: str | None = None, size: float | None = None) -> None:
        if target.get_size() != self.size or not text.strip():
            return  # an off-screen page (the rules text) has its own coordinates
        ink = surf.get_bounding_rect().move(rect.topleft)
        self.texts.append(DrawnText(text, rect, ink, None if box is None else pygame.Rect(box), self.layer,
                                    role, size))

    def panel(self, rect: pygame.Rect, target: pygame.Surface) -> None:
        if target.get_size() == self.size:
            self.panels.append((self.layer, pygame.Rect(rect)))


# The bytes of panel shadows a Ui keeps (`Ui.shadow`): a screen's small and middle panels, drawn on every
# frame. A window-sized panel's shadow (3-8 MB) is made afresh each time: keeping those cost 20 MB of peak.
SHADOW_BYTES = 1 * MB


class Ui:
    """Scale and fonts for one window size; what the fonts answered is kept in a `TextStore`."""

    def __init__(self, size: tuple[int, int], store: TextStore | None = None) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._shadows = SurfaceCache(SHADOW_BYTES)
        self.store = store if store is not None else TextStore()
        self.recorder: TextRecorder | None = None
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        """A new scale; the store needs no clearing: its answers are kept under the fonts' pixel sizes."""
        self.size = size
        self.scale = max(0.5, min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1]))

    def shadow(self, w: int, h: int, off: int, radius: int) -> pygame.Surface:
        """A panel's soft drop shadow, kept by its size within `SHADOW_BYTES`: the same panels are drawn on
        every frame, and each made a transparent picture afresh. Callers only blit it."""
        def draw() -> pygame.Surface:
            shade = pygame.Surface((w + off * 2, h + off * 2), pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect().inflate(-off, -off).move(off // 2, off),
                             border_radius=radius)
            return shade

        shade = self._shadows.get_or_make((w, h, off, radius), draw)
        assert shade is not None
        return shade

    def px(self, value: float) -> int:
        """Design pixels to window pixels (at least 1 for non-zero values)."""
        scaled = round(value * self.scale)
        return scaled if scaled or not value else (1 if value > 0 else -1)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.px(x), self.px(y), self.px(w), self.px(h))

    def font_px(self, size: float) -> int:
        """The pixel size a font of design size `size` is opened at."""
        return max(8, round(size * self.scale))

    def _font_key(self, role: str, size: float) -> tuple:
        """Which fonts draw a text of `role` at `size`: its role at its pixel size, and for the headings' roles
        also the pixel size of the sans their digits come from (`_lining`) — without looking for digits, so
        the key costs no scan of the text on every frame's lookup."""
        if role in OLD_STYLE_ROLES:
            return role, self.font_px(size), self.font_px(size * LINING_SCALE)
        return role, self.font_px(size)

    def font(self, role: str, size: float) -> pygame.font.Font:
        """A font by role (title, heading, body, bold, italic) at a design size."""
        px = self.font_px(size)
        key = (role, px)
        font = self._fonts.get(key)
        if font is None:
            path = fonts_dir() / FONT_FILES.get(role, FONT_FILES["body"])
            try:
                font = pygame.font.Font(str(path), px)
            except (OSError, FileNotFoundError, pygame.error):
                font = pygame.font.Font(None, round(px * 1.3))  # pygame's bundled font
            self._fonts[key] = font
        return font

    def text(self, text: str, role: str = "body", size: float = 16, colour: tuple[int, ...] = INK) -> pygame.Surface:
        """`text` drawn in one line: a shared surface, to blit and never to draw on."""
        return self.store.line((text, self._font_key(role, size), tuple(colour)),
                               lambda: self._draw(text, role, size, colour))

    def _draw(self, text: str, role: str, size: float, colour: tuple[int, ...]) -> pygame.Surface:
        if _lining_digits(text, role):
            return self._lining(text, role, size, colour)
        return self.font(role, size).render(text, True, colour)

    def _lining(self, text: str, role: str, size: float, colour: tuple[int, ...]) -> pygame.Surface:
        """`text` in the serif with its digits from the sans: Vollkorn's default figures are old-style,
        and an old-style 1 reads as a capital I ("Player I"); pygame cannot switch on lining figures."""
        serif = self.font(role, size)
        sans = self.font(LINING_ROLE, size * LINING_SCALE)
        runs = [(part, sans if part[:1].isdigit() else serif) for part in re.split(r"(\d+)", text) if part]
        pieces = [(font.render(part, True, colour), font) for part, font in runs]
        ascent = max(font.get_ascent() for _, font in pieces)
        descent = max(font.get_height() - font.get_ascent() for _, font in pieces)
        out = pygame.Surface((max(1, sum(p.get_width() for p, _ in pieces)), ascent + descent), pygame.SRCALPHA)
        x = 0
        for piece, font in pieces:
            out.blit(piece, (x, ascent - font.get_ascent()))
            x += piece.get_width()
        return out

    def text_width(self, text: str, role: str, size: float) -> int:
        """The width `text` takes when drawn by `text` (digits in headings come from another font)."""
        return self.store.width((text, self._font_key(role, size)), lambda: self._measure(text, role, size))

    def _measure(self, text: str, role: str, size: float) -> int:
        if _lining_digits(text, role):
            return self.text(text, role, size, INK).get_width()
        return self.font(role, size).size(text)[0]

    def blit_text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], role: str = "body",
                  size: float = 16, colour: tuple[int, ...] = INK, anchor: str = "topleft",
                  box: pygame.Rect | None = None) -> pygame.Rect:
        """Draw one line; `box` names the area it must stay inside (checked by the layout tests)."""
        surf = self.text(text, role, size, colour)
        rect = surf.get_rect(**{anchor: pos})
        surface.blit(surf, rect)
        if self.recorder is not None:
            self.recorder.text(text, surf, rect, box, surface, role, size)
        return rect

    def fit(self, text: str, role: str, size: float, width: int) -> str:
        """`text` cut to `width` pixels with an ellipsis (names are up to 16 characters, columns narrower)."""
        if self.text_width(text, role, size) <= width:
            return text
        cut = text
        while cut and self.text_width(cut.rstrip() + "…", role, size) > width:
            cut = cut[:-1]
        return cut.rstrip() + "…"

    def fit_path(self, path: Path, role: str, size: float, width: int) -> str:
        """A file path shown in `width` pixels: the home folder as "~", then middle folders dropped for "…",
        so the file's name and the folder it sits in stay readable however deep the user's profile lies."""
        try:
            parts = ["~", *path.relative_to(Path.home()).parts]
        except ValueError:
            parts = list(path.parts)
        joined = "/".join(parts) if parts[0] == "~" else str(path)
        if self.text_width(joined, role, size) <= width:
            return joined
        head, tail = parts[0].rstrip("/\\"), parts[1:]
        while len(tail) > 2:
            tail = tail[1:]
            shown = "/".join([head, "…", *tail])
            if self.text_width(shown, role, size) <= width:
                return shown
        return self.fit("/".join([head, "…", *tail]), role, size, width)

    def shared_size(self, texts: list[str], role: str, size: float, width: int, least: float) -> float:
        """One size for a row of labels that must each fit `width`: the largest from `size` down to `least`
        at which the widest fits. Why one: a label shrunk on its own ("Normal" smaller than "Easy" and
        "Hard" beside it) reads as a different kind of thing."""
        while size > least and max((self.text_width(t, role, size) for t in texts), default=0) > width:
            size -= 1
        return size

    def fit_lines(self, text: str, role: str, size: float, width: int, height: int,
                  least: float) -> tuple[float, list[str]]:
        """`text` fitted into `width` × `height`: on one line at the largest size down to three points
        smaller, else wrapped at the largest size down to `least` whose lines all fit; only at `least` is the
        last line cut ("…"), never a line with room to spare."""
        for lines_wanted, smallest in ((1, max(least, size - 3)),
                                       (max(1, height // max(1, self.line_height(role, least))), least)):
            trial = size
            while trial >= smallest:
                lines = self.wrap(text, role, trial, width)
                if len(lines) <= lines_wanted and lines_wanted * self.line_height(role, trial) <= height \
                        and all(self.text_width(line, role, trial) <= width for line in lines):
                    return trial, lines
                trial -= 1
        most = max(1, height // max(1, self.line_height(role, least)))
        lines = self.wrap(text, role, least, width)
        if len(lines) > most:
            lines = lines[:most - 1] + [self.fit(" ".join(lines[most - 1:]), role, least, width)]
        return least, lines

    def line_height(self, role: str, size: float) -> int:
        """The height one line of text takes (layouts stack measured lines, never guessed offsets)."""
        return self.font(role, size).get_linesize()

    def wrap(self, text: str, role: str, size: float, width: int) -> list[str]:
        """Greedy word wrap to a pixel width (measured as drawn: headings take their digits from another font)."""
        return list(self.store.wrap((text, self._font_key(role, size), width),
                                    lambda: tuple(self._wrap(text, role, size, width))))

    def _wrap(self, text: str, role: str, size: float, width: int) -> list[str]:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split()
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if self.text_width(trial, role, size) <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    # ---- pygame-gui theme --------------------------------------------------------------------
    def theme(self) -> dict[str, Any]:
        """The theme JSON with font sizes scaled and the shipped font files filled in (a copy of its own).

        Worked out once per theme file and scale (`_scaled_theme`): reading the file, copying it and looking
        for each font file was a tenth of making a window's manager, at every App, resize and language switch."""
        path = theme_path()
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            stamp = None
        key = (str(path), stamp, self.scale)
        theme = _SCALED_THEMES.get(key)
        if theme is None:
            if len(_SCALED_THEMES) >= SCALED_THEMES_KEPT:
                _SCALED_THEMES.clear()
            theme = _SCALED_THEMES[key] = _scaled_theme(path, self.scale)
        return _copied(theme)


SCALED_THEMES_KEPT = 16  # window sizes one process shows; a theme is a few kB of strings
_SCALED_THEMES: dict[tuple[str, int | None, float], dict[str, Any]] = {}


def _copied(value: Any) -> Any:
    """A copy of a JSON value: dicts and lists copied all the way down, strings and numbers shared."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


def _scaled_theme(path: Path, scale: float) -> dict[str, Any]:
    """The theme file at `path` with font sizes and misc lengths scaled by `scale` and the font files named."""
    try:
        theme = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        theme = {}
    fonts = fonts_dir()
    paths = {
        "noto_sans": {"regular_path": fonts / FONT_FILES["body"], "bold_path": fonts / FONT_FILES["bold"],
                      "italic_path": fonts / FONT_FILES["italic"], "bold_italic_path": fonts / FONT_FILES["bold"]},
        "vollkorn": {"regular_path": fonts / FONT_FILES["heading"], "bold_path": fonts / FONT_FILES["title"],
                     "italic_path": fonts / FONT_FILES["heading"], "bold_italic_path": fonts / FONT_FILES["title"]},
    }
    present = {name: {key: (str(file) if file.is_file() else None) for key, file in files.items()}
               for name, files in paths.items()}

    def scale_block(block: dict[str, Any]) -> None:
        font = block.get("font")
        if isinstance(font, dict):
            font["size"] = str(max(8, round(float(font.get("size", 16)) * scale)))
            for key, file in present.get(font.get("name", ""), {}).items():
                if file is not None:
                    font[key] = file
                else:
                    font["name"] = "noto_sans"
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in ("shape_corner_radius", "list_item_height", "title_bar_height", "sliding_button_width",
                        "rect_width"):
                if key in misc:
                    misc[key] = str(max(1, round(float(misc[key]) * scale)))
            if "border_width" in misc and float(misc["border_width"]) > 0:
                misc["border_width"] = str(max(1, round(float(misc["border_width"]) * min(scale, 2.0))))

    for block in theme.values():
        if isinstance(block, dict):
            scale_block(block)
    return theme


# ---- drawing helpers ------------------------------------------------------------------------------

def panel(surface: pygame.Surface, rect: pygame.Rect, ui: Ui, fill: tuple[int, ...] = PARCHMENT,
          border: tuple[int, ...] = WOOD_EDGE, radius: float = 10, shadow: bool = True, width: float = 2) -> None:
    """A rounded parchment panel with a soft drop shadow."""
    r = ui.px(radius)
    if ui.recorder is not None:
        ui.recorder.panel(rect, surface)
    if shadow:
        off = ui.px(4)
        surface.blit(ui.shadow(rect.w, rect.h, off, r), (rect.x - off, rect.y - off))
    pygame.draw.rect(surface, fill, rect, border_radius=r)
    if width:
        pygame.draw.rect(surface, border, rect, max(1, ui.px(width)), border_radius=r)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((12, 8, 5, alpha))
    surface.blit(shade, (0, 0))


def wood_background(size: tuple[int, int]) -> pygame.Surface:
    """A dark wooden table top: vertical gradient plus faint grain, drawn once per window size."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(0, h, 2):
        t = y / max(1, h)
        colour = tuple(round(a + (b - a) * t) for a, b in zip((58, 40, 27), (30, 20, 14)))
        pygame.draw.rect(surf, colour, (0, y, w, 2))
    grain = pygame.Surface(size, pygame.SRCALPHA)
    step = max(3, h // 90)
    for i, y in enumerate(range(0, h, step)):
        alpha = 10 + (i * 37) % 14
        pygame.draw.line(grain, (0, 0, 0, alpha), (0, y), (w, y + (i % 5) - 2), 1)
    surf.blit(grain, (0, 0))
    return surf


def tribe_rgb(colour_key: str) -> tuple[int, int, int]:
    from ...art.palette import TRIBE_COLOURS

    return TRIBE_COLOURS.get(colour_key, (128, 128, 128))


def on_parchment(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A tribe colour darkened until it reads as text on parchment (yellow and orange get darker)."""
    def luminance(rgb: tuple[int, int, int]) -> float:
        def channel(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(v) for v in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    paper = luminance(PARCHMENT)
    out = colour
    factor = 1.0
    while (paper + 0.05) / (luminance(out) + 0.05) < 4.5 and factor > 0.2:
        factor -= 0.05
        out = tuple(round(v * factor) for v in colour)  # type: ignore[assignment]
    return out


def draw_star(surface: pygame.Surface, centre: tuple[int, int], radius: int,
              fill: tuple[int, int, int] = GOLD, outline: tuple[int, int, int] = INK) -> pygame.Rect:
    """A five-pointed star drawn as a polygon (the shipped fonts have no ★ glyph)."""
    import math

    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    pygame.draw.polygon(surface, fill, points)
    return pygame.draw.polygon(surface, outline, points, max(1, radius // 6))


def readable(background: tuple[int, int, int]) -> tuple[int, int, int]:
    """Ink or cream, whichever reads on `background`."""
    from ...art.palette import readable_ink

    return readable_ink(background)

"""The campaign screens' shared words and little pictures: difficulty names, K in a sentence, stars, locks,
and the map thumbnails (rendered once from each map's background art and kept per size).

Every sentence goes through `_()`/`ngettext` when it is built, so a language switch shows at the next draw.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.campaign.difficulty import CampaignMode, Difficulty
from iwari_desktop.engine.campaign.format import Campaign, Chapter
from iwari_desktop.engine.campaign.goals import Goal, GoalKind
from iwari_desktop.engine.campaign.progress import CampaignProgress, DifficultyRecord, is_unlocked
from iwari_desktop.i18n import N_, _, ngettext
from ..setup.setup_maps import board_or_none
from ...art.surface_cache import FileArt
from ..board.map_picture import board_preview
from ..ui.look import GOLD, INK, INK_SOFT, Ui, draw_star

# every difficulty the engine knows has a name; the screens offer them in this order, weakest first
DIFFICULTY_NAMES = {Difficulty.EASY: N_("Easy"), Difficulty.NORMAL: N_("Normal"), Difficulty.HARD: N_("Hard"),
                    Difficulty.RULEBOOK: N_("Rulebook")}
EMPTY_STAR = (214, 198, 166)
LOCK_INK = (92, 70, 52)


def campaign_text(text: str) -> str:
    """A title, story or map rule of a campaign file in the player's language: the bundled campaigns' texts
    are in the catalogue (tools/catalogues.py extracts them); a player's own campaign is shown as written."""
    return _(text) if text else text


def difficulty_name(difficulty: Difficulty) -> str:
    return _(DIFFICULTY_NAMES[difficulty])


def mode_name(campaign: Campaign) -> str:
    return _("Solo") if campaign.mode is CampaignMode.SOLO else _("Co-op")


def lose_at(k: int, mode: CampaignMode) -> str:
    """K as the player reads it."""
    if mode is CampaignMode.SOLO:
        return ngettext("You lose when the Void controls {k} territory.",
                        "You lose when the Void controls {k} territories.", k).format(k=k)
    return ngettext("You two lose when the Void controls {k} territory.",
                    "You two lose when the Void controls {k} territories.", k).format(k=k)


def difficulty_line(difficulty: Difficulty, k: int) -> str:
    return ngettext("{difficulty}: the Void wins at {k} territory",
                    "{difficulty}: the Void wins at {k} territories", k).format(
        difficulty=difficulty_name(difficulty), k=k)


def difficulty_meaning(difficulty: Difficulty, chapter: Chapter) -> str:
    """What a difficulty does to `chapter`, in words (the briefing says it under the difficulty's K): where
    its K comes from, measured against the chapter as written (`chapter.k`)."""
    k, written = chapter.k_at(difficulty), chapter.k
    if difficulty is Difficulty.RULEBOOK:
        return ngettext("The Void wins with {k} territory — the rulebook's game, in every chapter "
                        "(this one asks {written} at Normal).",
                        "The Void wins with {k} territories — the rulebook's game, in every chapter "
                        "(this one asks {written} at Normal).", k).format(k=k, written=written)
    if k > written:
        return _("The Void needs one territory more than the chapter asks ({written}).").format(written=written)
    if k < written:
        return _("The Void needs one territory fewer than the chapter asks ({written}).").format(written=written)
    if difficulty is Difficulty.HARD:
        return _("The chapter asks only one territory: Hard cannot ask fewer.")
    return _("The chapter as it was written.")


def stars_text(stars: int, of: int) -> str:
    return ngettext("{stars} of {of} star", "{stars} of {of} stars", of).format(stars=stars, of=of)


def chapter_number(campaign: Campaign, chapter: Chapter) -> str:
    if chapter.is_bonus:
        return _("Bonus chapter")
    return _("Chapter {n} of {count}").format(n=campaign.chapters.index(chapter) + 1, count=len(campaign.chapters))


def journey_progress(campaign: Campaign, progress: CampaignProgress) -> str:
    """How far a journey got, counted as the journey screen counts ("Chapter 1 of 7"): the main chapters
    only. The bonus chapter is an extra beyond the journey, so it is said apart: open or won."""
    won = sum(1 for c in campaign.chapters if progress.record(c.id).won)
    line = ngettext("{won} of {count} chapter won", "{won} of {count} chapters won", len(campaign.chapters)).format(
        won=won, count=len(campaign.chapters))
    bonus = campaign.bonus
    if bonus is not None and progress.record(bonus.id).won:
        line += " + " + _("bonus chapter won")
    elif bonus is not None and is_unlocked(campaign, progress, bonus.id):
        line += " + " + _("bonus chapter open")
    return line


# goals whose words a newcomer has not met on the board yet: a plain sentence under the goal
# the board and the end screen call the bonus for more pieces an "extra totem": the briefing says it the same way
CONTROL_NOTE = N_("A territory goes to the side with more totems there, a tie to the Void; the side with more "
                  "pieces there (your tents against its ruins) gets an extra totem.")
GOAL_NOTES = {
    GoalKind.WIN_BEFORE_CORRUPTION: N_("Each Corruption leaves one Void card beside the board: the purple box over "
                                       "the map counts them, and the third one ends the game."),
    GoalKind.VOID_AT_MOST: CONTROL_NOTE, GoalKind.CONTROL_AT_LEAST: CONTROL_NOTE, GoalKind.CONTROL_BIOME: CONTROL_NOTE,
}


def goal_note(goal: Goal) -> str:
    """The plain-words note under a goal that uses a word of the Void game ("" for a goal that needs none)."""
    note = GOAL_NOTES.get(goal.kind)
    return _(note) if note else ""


def record_lines(record: DifficultyRecord, difficulty: Difficulty) -> list[str]:
    """The record at one difficulty, in words (what the briefing asks to beat)."""
    if not record.tries:
        return [_("Not played yet at {difficulty}.").format(difficulty=difficulty_name(difficulty))]
    lines = [ngettext("Won {wins} of {tries} try", "Won {wins} of {tries} tries", record.tries).format(
        wins=record.wins, tries=record.tries)]
    if record.fewest_turns is not None:
        lines.append(ngettext("Fewest turns to a win: {n}", "Fewest turns to a win: {n}",
                              record.fewest_turns).format(n=record.fewest_turns))
    lines.append(ngettext("{n} star earned at {difficulty}", "{n} stars earned at {difficulty}", record.stars).format(
        n=record.stars, difficulty=difficulty_name(difficulty)))
    if record.last_played is not None:
        lines.append(_("Last played {day}").format(day=record.last_played.isoformat()))
    return lines


def draw_stars(surface: pygame.Surface, ui: Ui, centre: tuple[int, int], earned: int, radius: int,
               total: int = 3) -> pygame.Rect:
    """`total` stars in a row around `centre`, the first `earned` filled."""
    gap = radius * 2 + max(2, radius // 2)
    x = centre[0] - gap * (total - 1) // 2
    area = pygame.Rect(x - radius, centre[1] - radius, gap * (total - 1) + 2 * radius, 2 * radius)
    for i in range(total):
        draw_star(surface, (x + i * gap, centre[1]), radius, GOLD if i < earned else EMPTY_STAR,
                  INK if i < earned else INK_SOFT)
    return area


def draw_lock(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """A padlock (the fonts have no lock glyph): a body and a shackle."""
    cx, cy = centre
    body = pygame.Rect(0, 0, size, int(size * 0.75))
    body.midtop = (cx, cy - size // 8)
    shackle = pygame.Rect(0, 0, int(size * 0.64), int(size * 0.8))
    shackle.midbottom = (cx, body.top + size // 6)
    pygame.draw.ellipse(surface, LOCK_INK, shackle, max(2, size // 7))
    pygame.draw.rect(surface, LOCK_INK, body, border_radius=max(1, size // 8))
    pygame.draw.circle(surface, (230, 214, 180), (cx, body.centery - size // 12), max(1, size // 9))


class Thumbnails:
    """Map pictures drawn from each map's background art, once per map and size (rendering takes a while)."""

    def __init__(self, files: FileArt | None = None) -> None:
        self._cache: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self.files = files  # the app's (`app.caches.files`): where the art is decoded

    def get(self, map_id: str, size: tuple[int, int]) -> pygame.Surface | None:
        key = (map_id, size)
        if key not in self._cache:
            board = board_or_none(map_id)
            if board is None:
                self._cache[key] = None
            else:
                bw, bh = board.size
                k = min(size[0] / bw, size[1] / bh)
                self._cache[key] = board_preview(board, (max(1, int(bw * k)), max(1, int(bh * k))), self.files)
        return self._cache[key]

    def draw(self, surface: pygame.Surface, map_id: str, box: pygame.Rect, greyed: bool = False) -> pygame.Rect:
        """The thumbnail centred in `box` (a plain tile for a map that does not load); returns where it went."""
        picture = self.get(map_id, box.size)
        if picture is None:
            pygame.draw.rect(surface, (200, 186, 156), box)
            return pygame.Rect(box)
        if greyed:
            picture = pygame.transform.grayscale(picture)
            veil = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
            veil.fill((40, 28, 20, 90))
            picture.blit(veil, (0, 0))
        at = picture.get_rect(center=box.center)
        surface.blit(picture, at)
        return at


def map_name(map_id: str) -> str:
    board = board_or_none(map_id)
    return board.name if board is not None else map_id

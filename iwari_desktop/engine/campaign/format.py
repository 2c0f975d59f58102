"""A campaign file's data as typed chapters, or every problem with it, one line each naming the field.

The file is meant to be edited by hand (docs/campaign.md), so a mistake must point at its place:
"chapters[3].goals[1].kind: unknown goal 'foo'". Parsing goes on after a problem and collects all of
them (the `campaign list` command prints one line per problem); the game shows the first. A
document that is not a campaign at all (another format, a newer version) is a different error,
`NotACampaign`, because nothing inside it can be trusted to be a field of ours.

Checks that need the maps (does the map exist, has it a purple road, a Glaciers territory) live in
`mapcheck`, so this module stays a pure function of the data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.files.reader import clip, is_plain_id, one_line, short
from iwari_desktop.engine.files.typed import FieldError, Fields, kind_of
from iwari_desktop.engine.campaign.difficulty import CampaignMode, Difficulty
from iwari_desktop.engine.campaign.goals import GOAL_BIOMES, GOAL_SPECS, Goal, GoalKind
from iwari_desktop.engine.core.text import Text
from iwari_desktop.i18n import N_

CAMPAIGN_FORMAT = "iwari-campaign"
CAMPAIGN_VERSION = 1
MAX_CHAPTERS = 30
MAX_K = 12            # a map has at most 12 territories
MAX_SEED = 2 ** 63 - 1
MAX_TITLE = 60
MAX_TEXT = 600
FRESH = "fresh"
GOALS_PER_CHAPTER = 3

_TOP_KEYS = {"format", "version", "id", "title", "mode", "k", "chapters", "bonus", "notes"}
_CHAPTER_KEYS = {"id", "title", "map", "k", "seed", "story", "map_rules", "goals", "notes"}
_BONUS_KEYS = _CHAPTER_KEYS | {"opens_at_stars"}


class CampaignError(ValueError):
    """A campaign file that cannot be used; the message is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))
        self.text: Text | None = message if isinstance(message, Text) else None   # for players (core/text.py)


class NotACampaign(CampaignError):
    """The file is unreadable or not a campaign of a version this game reads (the CLI's exit 2)."""


class CampaignInvalid(CampaignError):
    """A campaign with mistakes in its fields; `problems` has one line per mistake (the CLI's exit 1)."""

    def __init__(self, name: str, problems: list[str]) -> None:
        self.problems = tuple(one_line(f"{name}: {p}") for p in problems)
        more = f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        super().__init__(self.problems[0] + more)


@dataclass(frozen=True)
class Chapter:
    """One chapter: a solo or co-op game on one map, at one K, with a briefing and three goals.

    `seed` None means a fresh deal on every try; a number means the same deal every time, so the
    chapter becomes a puzzle that can be learned. `opens_at_stars` is set only on the bonus chapter.
    """

    id: str
    title: str
    map: str
    k: int
    seed: int | None
    story: str
    map_rules: str
    goals: tuple[Goal, ...]
    opens_at_stars: int | None = None
    rulebook_k: int = CampaignMode.SOLO.default_k   # the campaign mode's own K: every chapter's at Rulebook

    @property
    def is_bonus(self) -> bool:
        return self.opens_at_stars is not None

    def k_at(self, difficulty: Difficulty) -> int:
        return difficulty.k(self.k, self.rulebook_k)

    def deal_seed(self, fresh_seed: int) -> int:
        """The seed of a try: the chapter's fixed one, or the fresh one the caller drew."""
        return self.seed if self.seed is not None else fresh_seed


@dataclass(frozen=True)
class Campaign:
    """An ordered journey of chapters and an optional bonus chapter, for one mode."""

    id: str
    title: str
    mode: CampaignMode
    chapters: tuple[Chapter, ...]
    bonus: Chapter | None = None

    @property
    def all_chapters(self) -> tuple[Chapter, ...]:
        return self.chapters + ((self.bonus,) if self.bonus else ())

    def chapter(self, chapter_id: str) -> Chapter:
        for chapter in self.all_chapters:
            if chapter.id == chapter_id:
                return chapter
        raise KeyError(f"campaign {self.id} has no chapter {chapter_id!r}")

    @property
    def max_stars(self) -> int:
        return GOALS_PER_CHAPTER * len(self.all_chapters)


class _PathFields(Fields):
    """`Fields` naming a field by its path in the file: "chapters[3].goals[1].kind"."""

    def path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def _name(self, key: str) -> str:
        return f"{self.path(key)}:"


def parse_campaign(data: Any, name: str) -> Campaign:
    """The campaign in `data` (parsed JSON of the file called `name`).

    Raises NotACampaign if it is not a campaign this version reads, CampaignInvalid listing every
    problem with its fields otherwise.
    """
    if not isinstance(data, dict):
        raise NotACampaign(Text(N_("{file}: not a campaign file (a JSON {kind}, not an object)"), file=name,
                                kind=kind_of(data).split()[-1]))
    if data.get("format") != CAMPAIGN_FORMAT:
        if "format" in data:
            raise NotACampaign(Text(N_("{file}: not a campaign file (its format is {found}, not '{format}')"), file=name,
                                    found=short(data["format"]), format=CAMPAIGN_FORMAT))
        raise NotACampaign(Text(N_("{file}: not a campaign file (no 'format' field, not '{format}')"), file=name,
                                format=CAMPAIGN_FORMAT))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise NotACampaign(Text(N_("{file}: not a campaign file ('version' must be a whole number from 1, not {value})"),
                                file=name, value=short(version)))
    if version > CAMPAIGN_VERSION:
        raise NotACampaign(Text(N_("{file}: made by a newer Iwari Desktop (campaign version {version}; this version "
                                   "reads up to {supported})"), file=name, version=version, supported=CAMPAIGN_VERSION))
    parser = _Parser()
    campaign = parser.campaign(data)
    if parser.problems or campaign is None:
        raise CampaignInvalid(name, parser.problems or ["no usable chapters"])
    return campaign


class _Parser:
    """Reads field by field, recording each problem and going on, so one run finds them all."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def attempt(self, read: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return read(*args, **kwargs)
        except FieldError as error:
            self.problems.append(str(error))
            return None

    def unknown_keys(self, fields: Fields, allowed: set[str]) -> None:
        for key in fields.data:
            if key not in allowed:
                where = f"{fields.where}." if fields.where else ""
                self.problems.append(f"{where}{clip(key, 40)}: unknown field (expected one of {', '.join(sorted(allowed))})")

    def campaign(self, data: dict[str, Any]) -> Campaign | None:
        top = _PathFields(data, "")
        self.unknown_keys(top, _TOP_KEYS)
        ident = self.attempt(self.plain_id, top, "id")
        title = self.attempt(self.text, top, "title", max_length=MAX_TITLE)
        mode_word = self.attempt(top.str, "mode", 8, choices=[m.value for m in CampaignMode])
        mode = CampaignMode(mode_word) if mode_word else CampaignMode.SOLO
        self.attempt(top.str, "notes", MAX_TEXT, default="")
        default_k = self.attempt(top.int, "k", 1, MAX_K, default=mode.default_k) or mode.default_k
        items = self.attempt(top.list, "chapters", MAX_CHAPTERS)
        chapters: list[Chapter] = []
        if items is not None and not items:
            self.problems.append("chapters: a campaign needs at least one chapter")
        for i, item in enumerate(items or []):
            chapter = self.attempt(self.chapter, item, f"chapters[{i}]", default_k, _CHAPTER_KEYS, mode.default_k)
            if chapter is not None:
                chapters.append(chapter)
        bonus = None
        if "bonus" in data:
            bonus = self.attempt(self.chapter, data["bonus"], "bonus", default_k, _BONUS_KEYS, mode.default_k)
            if bonus is not None:
                stars = GOALS_PER_CHAPTER * len(items or [])
                bonus_fields = _PathFields(data["bonus"], "bonus")
                opens = self.attempt(bonus_fields.int, "opens_at_stars", 1, max(stars, 1))
                bonus = replace(bonus, opens_at_stars=opens) if opens is not None else None
        self.unique_ids(chapters + ([bonus] if bonus else []))
        if None in (ident, title, mode_word) or not chapters:
            return None
        return Campaign(id=ident, title=title, mode=mode, chapters=tuple(chapters), bonus=bonus)

    def plain_id(self, fields: _PathFields, key: str) -> str:
        value = fields.raw(key)
        if not is_plain_id(value):
            raise FieldError(f"{fields.path(key)}: must be an id (1 to 64 ASCII letters, digits, '-' or '_'), "
                             f"not {short(value)}")
        return value

    def text(self, fields: _PathFields, key: str, sentences: tuple[int, int] | None = None,
             max_length: int = MAX_TEXT) -> str:
        """Shown text: one paragraph of printable characters (no lone surrogates a screen or console chokes on)."""
        value = fields.str(key, max_length)
        if not value.strip():
            raise FieldError(f"{fields.path(key)}: is empty")
        if not value.isprintable():
            raise FieldError(f"{fields.path(key)}: holds a line break or control character (write one paragraph)")
        if sentences:
            count = len(_SENTENCE_END.findall(value.strip() + " "))
            low, high = sentences
            if not low <= count <= high:
                raise FieldError(f"{fields.path(key)}: {count} sentence{'s' if count != 1 else ''} "
                                 f"(a briefing tells its story in {low} to {high})")
        return value

    def chapter(self, data: Any, where: str, default_k: int, allowed: set[str],
                rulebook_k: int = CampaignMode.SOLO.default_k) -> Chapter | None:
        fields = _PathFields(data, where)
        before = len(self.problems)
        self.unknown_keys(fields, allowed)
        ident = self.attempt(self.plain_id, fields, "id")
        title = self.attempt(self.text, fields, "title", max_length=MAX_TITLE)
        map_id = self.attempt(self.plain_id, fields, "map")
        k = self.attempt(fields.int, "k", 1, MAX_K, default=default_k)
        seed = self.attempt(self.seed, fields)
        story = self.attempt(self.text, fields, "story", (2, 3))
        map_rules = self.attempt(self.text, fields, "map_rules")
        self.attempt(fields.str, "notes", MAX_TEXT, default="")
        goals = self.attempt(self.goals, fields, k)
        if len(self.problems) > before:
            return None
        return Chapter(id=ident, title=title, map=map_id, k=k, seed=None if seed == FRESH else seed,
                       story=story, map_rules=map_rules, goals=goals, rulebook_k=rulebook_k)

    def seed(self, fields: _PathFields) -> int | str:
        value = fields.raw("seed")
        if value == FRESH:
            return FRESH
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED:
            return value
        raise FieldError(f"{fields.path('seed')}: must be \"fresh\" (a new deal each try) or a whole number "
                         f"from 0 to 2^63 - 1 (the same deal each try), not {short(value)}")

    def goals(self, fields: _PathFields, k: int | None) -> tuple[Goal, ...]:
        items = fields.list("goals", GOALS_PER_CHAPTER * 4)
        where = fields.path("goals")
        if len(items) != GOALS_PER_CHAPTER:
            raise FieldError(f"{where}: a chapter has exactly {GOALS_PER_CHAPTER} goals, not {len(items)}")
        goals: list[Goal] = []
        for i, item in enumerate(items):
            goal = self.attempt(self.goal, item, f"{where}[{i}]", i, k)
            if goal is not None:
                if goal in goals:
                    self.problems.append(f"{where}[{i}]: the same goal as goals[{goals.index(goal)}]")
                goals.append(goal)
        return tuple(goals)   # fewer than three: each missing one is already a problem, so the chapter is dropped

    def goal(self, data: Any, where: str, index: int, k: int | None) -> Goal:
        fields = _PathFields(data, where)
        word = fields.str("kind", 40)
        try:
            kind = GoalKind(word)
        except ValueError:
            raise FieldError(f"{where}.kind: unknown goal {short(word)} "
                             f"(known: {', '.join(g.value for g in GoalKind)})") from None
        spec = GOAL_SPECS[kind]
        allowed = {"kind"} | ({spec.parameter} if spec.parameter else set())
        self.unknown_keys(fields, allowed)
        if index == 0 and kind is not GoalKind.WIN:
            raise FieldError(f"{where}.kind: the first goal of a chapter is always \"win\", not {short(word)}")
        if index > 0 and kind is GoalKind.WIN:
            raise FieldError(f"{where}.kind: \"win\" is the first goal only; the others ask for more than a win")
        if spec.parameter is None:
            return Goal(kind)
        if spec.biome:
            text = fields.str(spec.parameter, 20)
            try:
                biome = Biome.parse(text)
            except ValueError:
                biome = None
            if biome not in GOAL_BIOMES:
                raise FieldError(f"{where}.{spec.parameter}: must be one of "
                                 f"{', '.join(b.key for b in GOAL_BIOMES)}, not {short(text)}")
            if k == 1:
                raise FieldError(f"{where}: with K = 1 every win already controls every territory; choose another goal")
            return Goal(kind, biome=biome)
        number = fields.int(spec.parameter, spec.low, spec.high)
        if kind is GoalKind.VOID_AT_MOST and k is not None and number > k - 2:
            implied = f"a win at K = {k} already means at most {k - 1}"
            raise FieldError(f"{where}.{spec.parameter}: {number} asks nothing beyond a win ({implied}); "
                             + (f"use at most {k - 2}" if k >= 2 else "choose another goal"))
        return Goal(kind, number=number)

    def unique_ids(self, chapters: list[Chapter]) -> None:
        seen: set[str] = set()
        for chapter in chapters:
            if chapter.id in seen:
                self.problems.append(f"chapter id {chapter.id!r} is used twice (progress is kept by chapter id)")
            seen.add(chapter.id)


_SENTENCE_END = re.compile(r"[.!?…][\"'”’)]*\s")

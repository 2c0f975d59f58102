"""English words left on a German screen (issue 12: "switch to German and see no English word anywhere").

`leftovers(texts)` lists the words of `texts` that are common English and never German UI words. The
list is calibrated against the German catalogue itself (`test_i18n_leftovers.py` checks that no word of
it occurs in any German translation), so a hit is English that escaped `_()`. Proper names stay as they
are in German (docs/translating.md): map and territory names are removed before the words are split,
and the caller passes the player names it used.

Used by `tests/i18n/test_i18n_leftovers.py` and by `tools/german_words.py` (the screenshot tools run in German,
every drawn text checked).
"""

from __future__ import annotations

import re
from functools import lru_cache

# Common English words a German screen never shows. Words that are German too ("in", "was", "will",
# "die", "also", "hand", "start", "computer", "gold", "man", "an", "so", "total", "best", "rest") are
# left out on purpose.
ENGLISH = frozenset("""
the and your you with card cards tent tents turn turns round rounds score scores scored scoring points
point played plays play place placed places territory territories tribe tribes settlement settlements
biomes void of to is are for on at by it its not this that these those from has have had each every
draw draws drawn exchange exchanges pass passes next back cancel save saved load loaded settings rules
new continue quit player players level easy hard wins won lost left right more than when which what who
can cannot must only last first half journey final map maps chapter goal goals stars campaign
replay watch history statistics learn skip step speed mountain mountains connection connections unity
discovery honour honor respect courage worship ruins ruin expeditions corruption token tokens
deck discard display offer none yes close open game games win lose loss ends ended ending over
please click choose chose pick picked here there they them their he she his her we our us one two three
four five six seven eight nine ten no of into onto out up down off again after before while until
move moves moved put puts take takes took taken keep kept show shown hide hidden count counts counted
most least many much some any other others own time times wild pair pairs cap capped explored
unexplored empty full space spaces road roads glacier glaciers forest forests desert deserts lake lakes
swamp swamps hills plains holds held gets got give gives given gain gains
gained lead leads leading ahead behind tie tied shared share equal worth
""".split())

WORD = re.compile(r"[A-Za-zÄÖÜäöüß']+")
# a file path or name ("/tmp/x/settings.json") is shown as it is
PATH = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|md|tmx|png)\b")


@lru_cache(maxsize=1)
def proper_names() -> tuple[str, ...]:
    """Every bundled map's name and territory names (they stay as printed on the board), longest first."""
    from iwari_desktop.engine.maps.registry import bundled_map_ids, get_board

    names: set[str] = set()
    for map_id in bundled_map_ids():
        board = get_board(map_id)
        names.add(board.name)
        names.update(t.name for t in board.territories)
    return tuple(sorted(names, key=len, reverse=True))


@lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    return frozenset(w for name in proper_names() for w in WORD.findall(name))


@lru_cache(maxsize=1)
def _name_cuts() -> tuple[tuple[str, str, str, str], ...]:
    """Each proper name of two or more words cut at each gap: (head, " " + head, tail, tail + " "), in the order
    `_cut_wrapped_names` tries them."""
    cuts = []
    for name in proper_names():
        words = name.split()
        for k in range(1, len(words)):
            head, tail = " ".join(words[:k]), " ".join(words[k:])
            cuts.append((head, " " + head, tail, tail + " "))
    return tuple(cuts)


def _cut_wrapped_names(text: str) -> str:
    """Takes off a name cut by a line break: its first words ending a line ("…, und New") or its last words
    starting one ("Horizons hat keine")."""
    for head, spaced_head, tail, tail_spaced in _name_cuts():
        if text.endswith(spaced_head) or text == head:
            text = text[: -len(head)]
        if text.startswith(tail_spaced) or text == tail:
            text = text[len(tail):]
    return text


@lru_cache(maxsize=1 << 16)  # the same few thousand texts are drawn frame after frame
def _english_in(text: str, names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(english_in_uncached(text, names))


def english_in(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English words of one drawn text (see `english_in_uncached`), each text worked out once."""
    return list(_english_in(text, tuple(names)))


def english_in_uncached(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English words of one drawn text, proper names (maps, territories, `names`) and file paths taken
    out first. A line made only of words of proper names is a name wrapped over two lines ("The Long" /
    "Road" under a map picture)."""
    text = PATH.sub(" ", text)
    for name in (*sorted(names, key=len, reverse=True), *proper_names()):
        if name:
            text = text.replace(name, " ")
    text = _cut_wrapped_names(re.sub(r"\S*…$", "", text.strip()).strip())  # a word cut short by fit()
    words = WORD.findall(text)
    if words and all(w in _name_words() for w in words):
        return []
    player_words = {w for name in names for w in WORD.findall(name)}  # a long name wraps too
    return [w for w in words if w.lower().strip("'") in ENGLISH and w not in player_words]


def leftovers(texts, names: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """{drawn text: its English words} for every text that has any."""
    found: dict[str, list[str]] = {}
    for text in texts:
        words = english_in(text, names)
        if words:
            found[text] = words
    return found

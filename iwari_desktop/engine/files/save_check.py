"""The typed shape of a save, checked before anything in it is used.

Loading replays a save's log through the rules, and the rules refuse any move they would not
allow; but before that, values from the file become a file name (the map id), enum members (the
colours), integers (the seed) and action text. This module checks each of those for type and
bounds, so that a hand-edited or damaged save is refused in one line instead of reaching the file
system or the engine as something absurd: a map id that is a path or seven million characters
long, a colour that is a list, a seed in Arabic-Indic digits or with thousands of digits.
Unknown extra fields are left alone (later versions and rule modules may add some).
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.core.config import COMPUTER_LEVELS
from iwari_desktop.engine.files.reader import short
from iwari_desktop.engine.files.typed import FieldError, Fields

MAX_PLAYERS = 8          # the engine allows 2 to 5 (6 with The Void's tribe); this only bounds the list
MAX_NAME = 100
MAX_SEED = 10 ** 30      # far above any seed the game or the CLI makes (64-bit), far below an absurd one
MAX_ACTIONS = 20_000     # a whole game is a few hundred decisions
MAX_ACTION_TEXT = 80
MAX_FEATS = 16
MAX_LABEL = 200


def check_save_shape(data: dict[str, Any]) -> None:
    """Raise FieldError (one line, naming the field) if any field the loader uses has the wrong type or size."""
    save = Fields(data, "")
    setup = save.obj("setup", "setup")
    setup.map_reference("map")
    players = setup.list("players", MAX_PLAYERS)
    for i, entry in enumerate(players, start=1):
        player = Fields(entry, f"setup: player {i}")
        player.str("name", MAX_NAME)
        player.str("colour", 20)
        if player.raw("computer", None) is not None:
            player.str("computer", 20, choices=COMPUTER_LEVELS)
    setup.int("seed", -MAX_SEED, MAX_SEED)
    setup.optional_int("first_player", 0, MAX_PLAYERS)
    setup.str_list("feats", MAX_FEATS, 32, default=[])
    setup.bool("draft", default=False)
    actions = save.list("actions", MAX_ACTIONS)
    for i, action in enumerate(actions, start=1):
        if not (isinstance(action, str) and len(action) <= MAX_ACTION_TEXT and action.isascii()
                and action.isprintable()):
            raise FieldError(f"'actions' step {i} is not a move written by the game: {short(action)}")
    save.str("digest", 128)
    if save.raw("map_digest", None) is not None:
        save.str("map_digest", 128)

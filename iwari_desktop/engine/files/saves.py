"""Versioned JSON saves: setup, seed, action log and a digest of the current state.

Loading replays the log through the rules, so a save can never produce a game the rules would not
reach; the stored digest then proves the replay matches what was saved (a damaged or hand-edited
file is refused rather than loaded wrong). Files are written to a temp file and renamed, so a crash
mid-save never loses the previous save.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from iwari_desktop import __version__
from iwari_desktop.engine.core.actions import parse_action
from iwari_desktop.engine.maps.board import Board, MapError
from iwari_desktop.engine.core.config import ConfigError, GameConfig
from iwari_desktop.engine.core.errors import ActionParseError, IllegalAction
from iwari_desktop.engine.core.game import Game
from iwari_desktop.engine.files.atomic import atomic_write_text  # noqa: F401  (re-exported: storage, CLI, tests)
from iwari_desktop.engine.files.jsonfile import JsonFileError, read_json_file
from iwari_desktop.engine.files.reader import file_label, one_line
from iwari_desktop.engine.files.save_check import check_save_shape
from iwari_desktop.engine.files.typed import FieldError
from iwari_desktop.engine.core.text import Text, message_of, with_rule
from iwari_desktop.i18n import N_
from iwari_desktop.engine.maps.registry import get_board

SAVE_FORMAT = "iwari-desktop-save"
SAVE_VERSION = 3   # 2: the digest covers module data, the pending action, feats earned; 3: and no words
#                   (docs/save-format.md)


class SaveError(Exception):
    """A file that cannot be loaded as a game; the message is one line for a dialog or a CLI.

    Clipped on creation: a bad value from the file is never repeated in full.
    """

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))
        self.text: Text | None = message if isinstance(message, Text) else None   # for players (core/text.py)


def state_digest(game: Game, version: int = SAVE_VERSION) -> str:
    """A fingerprint of everything that decides how the game continues (not the board art).

    Version 2 adds to version 1's fields the pending Place and feat claims, the feats earned and left,
    module data (each module's `data_json`), what the game waits for (module, continuation, the third
    tribe's action), the publicly known cards and the end reason. Version 3 covers the same data but no
    words: every sentence kept in module data (the Void's log, the outcome's reasons) counts as null, so
    rewording a sentence never breaks a save. Older saves are checked with their own version's
    fingerprint (a module rebuilds its version 2 words, `RuleModule.digest_json`), so they load.
    """
    s = game.state
    parts: list = [
        game.config.to_json(),
        s.phase.value, s.active_seat, s.turn, s.rng.state, s.hands, [c for c in s.deck], s.display, s.discard,
        s.space_owner, s.totem_stacks, s.tents_left, s.totems_left, s.scores, list(s.mountains),
        [(f.feat.value, f.tribe, f.target, f.on_connection) for f in s.feats], s.deck_exhaustions, s.end_triggered,
    ]
    if version >= 2:
        p = s.pending
        parts += [
            None if p is None else [p.tribe, p.territory, p.pieces_left, p.explored_at_start, p.placed, p.permit],
            [[c.feat.value, c.tribe, list(c.territories), list(c.connections)] for c in s.pending_feats],
            {f.value: list(t) for f, t in sorted(s.feats_earned.items(), key=lambda kv: kv[0].value)},
            {f.value: n for f, n in sorted(s.feat_supply.items(), key=lambda kv: kv[0].value)},
            _module_data(s, version),
            s.module_turn, None if s.continuation is None else s.continuation.to_json(), s.third_action,
            s.known_cards, s.removed, s.end_reason, [t.role.value for t in s.tribes],
        ]
    text = json.dumps(parts, default=int, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _module_data(state, version: int) -> dict[str, Any]:
    data = {m.key: m.digest_json(state, version) for m in state.modules}
    return data if version < 3 else _wordless(data)


def _wordless(value: Any) -> Any:
    """`value` with every sentence (a `Text`) as null: the digest covers what happened, not how it is said."""
    if isinstance(value, Text):
        return None
    if isinstance(value, dict):
        return {key: _wordless(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_wordless(item) for item in value]
    return value


def board_digest(board: Board) -> str:
    """A fingerprint of the map data the log refers to (indices of territories, spaces, connections).

    Saves store it so that loading after a map was redrawn says so plainly instead of failing as a
    checksum mismatch deep in the replay.
    """
    parts = [
        [(t.biome.key, list(t.tent_spaces), t.totem_space is not None) for t in board.territories],
        [(s.territory, s.ruin_biome.key if s.ruin_biome else None, s.connection, s.purple_road) for s in board.spaces],
        sorted((r.a, r.b) for r in board.roads),
        [(c.number, list(c.territories), c.kind.value, c.peak_group) for c in board.connections],
        [list(c.territories) for c in board.contested_spots], list(board.rules),
    ]
    return hashlib.sha256(json.dumps(parts, separators=(",", ":")).encode()).hexdigest()[:16]


def save_game(game: Game, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The save as a JSON-ready dict: setup, the action log as text, the undo floor and both digests.

    The `summary` lets a load screen list saves without replaying them; loading never trusts it.
    `meta` is the caller's own data, stored as given.
    """
    s = game.state
    summary = {
        "map_name": s.board.name,
        "players": [t.name for t in s.tribes if t.seat is not None],
        "turn": s.turn,
        "round": _round(s),
        "phase": s.phase.value,
        "scores": list(s.scores),
        "over": s.is_terminal(),
    }
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "setup": game.config.to_json(),
        "actions": [str(a) for a in game.log],
        "undo_floor": game.undo_floor,
        "digest": state_digest(game),
        "map_digest": board_digest(game.state.board),
        "summary": summary,
        "meta": dict(meta or {}),
    }


def _round(state) -> int:
    """The round the board shows (the player on turn's own turn number), for a load list to show the same."""
    seat = state.active_seat
    return state.turns_taken[seat] + 1 if 0 <= seat < len(state.turns_taken) else 0


def load_game(data: Any, source: str = "save", board: "Board | None" = None) -> Game:
    """Rebuild the game by replaying the saved log through the rules, then check the state digest.

    Every problem (wrong format, newer version, changed map, illegal move, digest mismatch) is a one-line
    SaveError starting with `source`. An invalid stored undo floor means nothing can be undone.
    """
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(Text(N_("{file}: not an Iwari Desktop save"), file=source))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(Text(N_("{file}: the save has no valid version number"), file=source))
    if version > SAVE_VERSION:
        raise SaveError(Text(N_("{file}: made by a newer Iwari Desktop (save version {version}, this game reads up to "
                                "{supported}); please update the game"), file=source, version=version,
                             supported=SAVE_VERSION))
    try:
        check_save_shape(data)
    except FieldError as error:
        raise SaveError(_damaged(source, message_of(error))) from None
    try:
        config = GameConfig.from_json(data["setup"])
        actions = [parse_action(str(a)) for a in data["actions"]]
        board = board or get_board(config.map_id)
        stored_map = data.get("map_digest")
        if stored_map is not None and stored_map != board_digest(board):
            raise SaveError(Text(N_("{file}: the map '{map}' has changed since this game was saved, so its moves no "
                                    "longer fit the board"), file=source, map=board.name))
        game = Game.replay(config, actions, board)
    except (KeyError, TypeError) as error:
        raise SaveError(_damaged(source, Text(N_("missing {what}"), what=str(error)))) from None
    except (ConfigError, ActionParseError, MapError) as error:
        raise SaveError(_damaged(source, message_of(error))) from None
    except IllegalAction as error:
        raise SaveError(_damaged(source, Text(N_("its moves break the rules at {error}"),
                                                   error=with_rule(error.reason, error.rule)))) from None
    if data.get("digest") != state_digest(game, version):
        raise SaveError(_damaged(source, Text(N_("its game does not match its checksum"))))
    floor = data.get("undo_floor", len(game.log))
    game.undo_floor = floor if isinstance(floor, int) and 0 <= floor <= len(game.log) else len(game.log)
    return game


def _damaged(source: str, reason: str) -> Text:
    return Text(N_("{file}: the save is damaged ({reason})"), file=source, reason=reason)


def write_save(path: str | Path, game: Game, meta: dict[str, Any] | None = None) -> None:
    """Atomic (temp file and rename): a crash mid-save leaves the previous save intact."""
    atomic_write_text(path, json.dumps(save_game(game, meta), indent=1))


def read_save_data(path: str | Path) -> dict[str, Any]:
    """The raw JSON of a save (for listing saves without replaying them); SaveError if unreadable."""
    path = Path(path)
    name = file_label(path)
    try:
        data = read_json_file(path)
    except JsonFileError as error:
        message = str(error)
        reason = message.split(": ", 1)[1] if ": " in message else message
        if error.text is not None and "problem" in error.text.params:
            reason = error.text.params["problem"]   # the same words, translatable
        if "unreadable JSON" in message:
            raise SaveError(_damaged(name, reason)) from None
        if "not valid JSON" in message or "not UTF-8" in message:
            raise SaveError(Text(N_("{file}: not an Iwari Desktop save ({reason})"), file=name, reason=reason)) from None
        raise SaveError(error.text or message) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(Text(N_("{file}: not an Iwari Desktop save"), file=name))
    return data


def read_save(path: str | Path) -> Game:
    """A save file as a game ready to play on; every problem is a one-line SaveError."""
    return load_game(read_save_data(path), file_label(path))

"""Saves: round trip at every decision point, damaged files refused with one-line SaveError, atomic writes."""

from __future__ import annotations

import copy
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_fixtures import small_board

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlaceTent
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.files.saves import (
    SAVE_VERSION, SaveError, load_game, read_save, read_save_data, save_game, state_digest, write_save,
)
from repo_root import ROOT

BOARD = small_board()


def _random_game(n, seed, steps=None, feats=BASE_FEATS, draft=False):
    game = Game.new(GameConfig.quick("small-test", n, seed, feats=feats, draft=draft), BOARD)
    bot = RandomBot(seed + 100)
    taken = 0
    while not game.is_over() and (steps is None or taken < steps):
        game.play(bot.choose(game.state, game.legal_actions()))
        taken += 1
    return game


def _load(data):
    return load_game(data, board=BOARD)


def _refused(data, *words):
    with pytest.raises(SaveError) as error:
        _load(data)
    message = str(error.value)
    assert message and "\n" not in message, message
    for word in words:
        assert word in message, message
    return message


def _refused_file(path, *words):
    with pytest.raises(SaveError) as error:
        read_save(path)
    message = str(error.value)
    assert message and "\n" not in message, message
    for word in words:
        assert word in message, message
    return message


# ---- round trip --------------------------------------------------------------------------------

@pytest.mark.parametrize("n, seed, draft", [(2, 1, False), (3, 2, True), (4, 3, False), (5, 4, True)])
def test_round_trip_at_every_decision_point(n, seed, draft):
    game = Game.new(GameConfig.quick("small-test", n, seed, feats=BASE_FEATS, draft=draft), BOARD)
    bot = RandomBot(seed)
    checked = 0
    while True:
        data = save_game(game)
        text = json.dumps(data)                      # JSON-serialisable
        loaded = _load(json.loads(text))
        assert loaded.state == game.state
        assert [str(a) for a in loaded.log] == [str(a) for a in game.log]
        assert loaded.log == game.log
        assert loaded.undo_floor == game.undo_floor
        assert loaded.legal_actions() == game.legal_actions()
        checked += 1
        if game.is_over():
            break
        game.play(bot.choose(game.state, game.legal_actions()))
    assert checked > 100
    assert game.state.reports and game.state.result is not None


def test_loaded_game_plays_on_identically():
    game = _random_game(3, 9, steps=60)
    loaded = _load(json.loads(json.dumps(save_game(game))))
    bot_a, bot_b = RandomBot(5), RandomBot(5)
    while not game.is_over():
        game.play(bot_a.choose(game.state, game.legal_actions()))
        loaded.play(bot_b.choose(loaded.state, loaded.legal_actions()))
        assert loaded.state == game.state
    assert loaded.state.result == game.state.result


def test_write_and_read_a_save_file(tmp_path):
    game = _random_game(4, 5, steps=40)
    path = tmp_path / "slot1.json"
    write_save(path, game, meta={"slot": 1})
    assert read_save_data(path)["meta"] == {"slot": 1}
    loaded = load_game(read_save_data(path), board=BOARD)
    assert loaded.state == game.state and loaded.log == game.log
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot1.json"]


# ---- damaged and foreign files -----------------------------------------------------------------

@pytest.fixture
def saved():
    game = _random_game(3, 12, steps=50)
    return game, json.loads(json.dumps(save_game(game)))


def test_truncated_json_is_refused(tmp_path, saved):
    _, data = saved
    text = json.dumps(data)
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        path = tmp_path / f"cut{cut}.json"
        path.write_text(text[:cut], encoding="utf-8")
        _refused_file(path, "not valid JSON")


def test_edited_action_is_refused(saved):
    game, data = saved
    broken = copy.deepcopy(data)
    broken["actions"][5] = "tent s999"                         # breaks the rules
    _refused(broken, "damaged")
    broken = copy.deepcopy(data)
    broken["actions"][3] = "fly to the moon"                    # not an action at all
    _refused(broken, "damaged")
    broken = copy.deepcopy(data)
    broken["actions"] = broken["actions"][:-1]                  # a legal log, but not the saved game
    _refused(broken, "damaged", "checksum")


def test_edited_but_legal_action_is_caught_by_the_digest():
    game = Game.new(GameConfig.quick("small-test", 3, 4), BOARD)
    first = game.legal_actions()
    game.play(first[0])
    data = save_game(game)
    for other in first[1:]:
        edited = copy.deepcopy(data)
        edited["actions"][0] = str(other)
        _refused(edited, "checksum")


def test_edited_tent_space_is_caught_by_the_digest():
    """Moving the last tent to another legal space changes only the board: the digest must notice."""
    for seed in range(50):
        game = Game.new(GameConfig.quick("small-test", 3, seed), BOARD)
        bot = RandomBot(seed)
        while not game.is_over():
            options = game.legal_actions()
            tents = [a for a in options if isinstance(a, PlaceTent)]
            if len(tents) >= 2:
                game.play(tents[0])
                data = save_game(game)
                assert _load(data).state == game.state
                data["actions"][-1] = str(tents[1])
                _refused(data, "checksum")
                return
            game.play(bot.choose(game.state, options))
    raise AssertionError("no game offered a choice of tent spaces")


def test_wrong_digest_is_refused(saved):
    _, data = saved
    data["digest"] = "0" * 64
    _refused(data, "checksum")
    del data["digest"]
    _refused(data, "damaged")


def test_edited_setup_is_refused(saved):
    _, data = saved
    for key, value in (("seed", data["setup"]["seed"] + 1), ("players", []), ("players", "two"),
                       ("feats", ["nonsense"]), ("seed", "lots"), ("first_player", 9)):
        edited = copy.deepcopy(data)
        edited["setup"][key] = value
        _refused(edited, "damaged")
    edited = copy.deepcopy(data)
    del edited["setup"]
    _refused(edited, "damaged")


def test_newer_version_is_refused(saved):
    _, data = saved
    data["version"] = SAVE_VERSION + 1
    _refused(data, "newer")
    data["version"] = "one"
    _refused(data)


@pytest.mark.parametrize("foreign", [{}, [], None, 3, "text", {"format": "something-else", "version": 1},
                                     {"hello": "world"}])
def test_not_a_save_is_refused(foreign):
    _refused(foreign, "not an Iwari Desktop save")


def test_not_a_save_json_file_is_refused(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"name": "a settings file", "volume": 3}), encoding="utf-8")
    _refused_file(path, "not an Iwari Desktop save")
    path.write_text("[1, 2, 3]", encoding="utf-8")
    _refused_file(path, "not an Iwari Desktop save")


def test_binary_garbage_is_refused(tmp_path):
    path = tmp_path / "garbage.json"
    path.write_bytes(bytes(range(256)) * 8)
    _refused_file(path)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    _refused_file(path)
    _refused_file(tmp_path / "missing.json", "no such file")
    _refused_file(tmp_path)  # a folder, not a file


def test_infinite_seed_is_refused_as_damaged(tmp_path, saved):
    """JSON allows 1e400 (read as infinity); it must not escape as OverflowError."""
    _, data = saved
    text = json.dumps(data).replace(f'"seed": {data["setup"]["seed"]}', '"seed": 1e400')
    assert "1e400" in text
    path = tmp_path / "inf.json"
    path.write_text(text, encoding="utf-8")
    _refused_file(path, "damaged")
    text = json.dumps(data).replace('"first_player": null', '"first_player": Infinity')
    path.write_text(text, encoding="utf-8")
    _refused_file(path)


def test_too_deeply_nested_json_is_refused_not_crashed(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")   # deeper than the JSON parser allows
    _refused_file(path)


def test_too_long_number_is_refused_not_crashed(tmp_path):
    path = tmp_path / "long.json"
    path.write_text('{"format": "iwari-desktop-save", "version": ' + "9" * 5000 + "}", encoding="utf-8")
    _refused_file(path)                                                # longer than int() converts


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
SAVE_GAME = _random_game(2, 21, steps=40)
SAVE_DATA = json.loads(json.dumps(save_game(SAVE_GAME)))
PATHS = [("format",), ("version",), ("setup",), ("actions",), ("digest",), ("undo_floor",), ("setup", "map"),
         ("setup", "players"), ("setup", "seed"), ("setup", "feats"), ("setup", "draft"), ("setup", "first_player"),
         ("actions", 0), ("actions", 7), ("actions", -1)]


@settings(max_examples=150, deadline=None)
@given(path=st.sampled_from(PATHS), value=json_values)
def test_any_edited_field_gives_a_save_error_or_a_valid_game(path, value):
    data = copy.deepcopy(SAVE_DATA)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        game = _load(data)
    except SaveError as error:
        assert "\n" not in str(error)
    else:  # only an edit that changes nothing the digest protects may load
        assert game.log == SAVE_GAME.log
        assert state_digest(game) == SAVE_DATA["digest"]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_damaged_file_gives_a_save_error(tmp_path_factory, data):
    text = json.dumps(SAVE_DATA)
    start = data.draw(st.integers(0, len(text) - 1))
    length = data.draw(st.integers(1, 20))
    junk = data.draw(st.text(max_size=20))
    damaged = text[:start] + junk + text[start + length:]
    path = tmp_path_factory.mktemp("damaged") / "save.json"
    path.write_text(damaged, encoding="utf-8")
    try:
        game = load_game(read_save_data(path), board=BOARD)
    except SaveError as error:
        assert "\n" not in str(error)
    else:  # e.g. damage inside the "saved_at" text: the game itself is intact
        assert game.log == SAVE_GAME.log
        assert state_digest(game) == SAVE_DATA["digest"]


# ---- atomic writes -----------------------------------------------------------------------------

def test_write_save_is_atomic(tmp_path, monkeypatch):
    old_game = _random_game(3, 30, steps=20)
    new_game_ = _random_game(3, 31, steps=60)
    path = tmp_path / "slot.json"
    write_save(path, old_game)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full at the worst moment")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_save(path, new_game_)
    monkeypatch.undo()
    assert path.read_bytes() == before                        # the old save is intact
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]  # and no temp file is left behind
    assert load_game(read_save_data(path), board=BOARD).state == old_game.state


def test_write_save_failing_mid_write_keeps_the_old_file(tmp_path, monkeypatch):
    old_game = _random_game(3, 32, steps=20)
    path = tmp_path / "slot.json"
    write_save(path, old_game)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError("I/O error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_save(path, _random_game(3, 33, steps=10))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_write_save_replaces_the_old_file(tmp_path):
    path = tmp_path / "nested" / "slot.json"
    write_save(path, _random_game(3, 34, steps=10))
    newer = _random_game(3, 35, steps=30)
    write_save(path, newer)
    assert load_game(read_save_data(path), board=BOARD).log == newer.log
    assert [p.name for p in path.parent.iterdir()] == ["slot.json"]


def test_edited_but_valid_setup_is_caught_by_the_digest(saved):
    """Turning feats off, renaming a player or switching the draft must not load as another game."""
    _, data = saved
    for key, value in (("feats", []), ("draft", not data["setup"]["draft"])):
        edited = copy.deepcopy(data)
        edited["setup"][key] = value
        _refused(edited, "damaged")
    edited = copy.deepcopy(data)
    edited["setup"]["players"][0]["name"] = "Somebody Else"
    _refused(edited, "damaged")


def test_the_example_save_in_the_docs_loads():
    """docs/save-format.md shows a real save; it must stay one this version loads."""
    import pathlib
    import re

    text = (ROOT / "docs" / "save-format.md").read_text(encoding="utf-8")
    example = re.search(r"### Example.*?```json\n(.*?)\n```", text, re.S).group(1)
    game = load_game(json.loads(example))
    assert len(game.log) == len(json.loads(example)["actions"]) and not game.is_over()

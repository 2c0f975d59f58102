"""The pure parts of tools/play_online_xdotool.py: the join code read from a console, what a window does next from its
board's dump, and the tracebacks picked out of a game's log (the playtest of issue #33 relies on each)."""

from __future__ import annotations

from tools.play_online_xdotool import next_move, overlay_key, table_code, tracebacks


def test_table_code_is_the_newest_tables():
    console = ("listening on 127.0.0.1:7979\n"
               "table 7WVLEL: created by Aiyana (new-horizons, 3 seats)\n"
               "table 7WVLEL: Ben joined from 127.0.0.1\n"
               "table K7QM4P: created by Aiyana (new-horizons, 2 seats)\n")
    assert table_code(console) == "K7QM4P"
    assert table_code("listening on 127.0.0.1:7979\n") is None


def test_next_move_from_the_dump():
    assert next_move(None) == "overlay"
    assert next_move({"over": True, "my_turn": False, "legal": []}) == "over"
    assert next_move({"over": False, "my_turn": False, "legal": []}) == "wait"
    assert next_move({"over": False, "my_turn": True, "waiting": "draw deck", "legal": ["draw deck"]}) == "wait"
    assert next_move({"over": False, "my_turn": True, "waiting": None, "legal": ["draw deck"]}) == "play"
    assert next_move({"over": False, "my_turn": True, "waiting": None, "legal": []}) == "end"
    # a pass-and-play board's dump (no online fields): its player is always this computer's
    assert next_move({"over": False, "legal": ["pass"]}) == "play"


def test_tracebacks_name_what_went_wrong():
    log = ("table ABC: created\nTraceback (most recent call last):\n  File \"x.py\", line 1, in f\n    g()\n"
           "AttributeError: 'NoneType' object has no attribute 'chat'\nmore\n")
    assert tracebacks(log) == ["AttributeError: 'NoneType' object has no attribute 'chat'"]
    assert tracebacks("all well\n") == []


def test_overlay_keys_never_press_enter_twice_in_a_row_in_coop():
    assert [overlay_key("table", n) for n in range(3)] == ["Return"] * 3
    keys = [overlay_key("coop", n) for n in range(9)]
    assert "Return" in keys and "Escape" in keys
    assert all(not (a == b == "Return") for a, b in zip(keys, keys[1:]))

"""The table's rules without sockets (issue #33): lobby, credentials, undo, chat, away seats, play again."""

from __future__ import annotations

import random
import string

import pytest

from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.net import protocol as p
from iwari_desktop.net.chat import RateLimit, clean_chat, plain_text
from iwari_desktop.net.seats import CODE_ALPHABET, credential_hash, credential_matches, new_code, normal_code
from iwari_desktop.net.table import SeatKind, SeatPlan, Table, TableError
from tests.support.table_helpers import HOST, Client, Harness

THREE = GameConfig.quick("new-horizons", 3, 41)
PLAN = [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.LOCAL, name="Ana"), SeatPlan(SeatKind.REMOTE)]


def refused(out) -> p.Refused:
    assert len(out) == 1 and isinstance(out[0].message, p.Refused), [o.message for o in out]
    return out[0].message


# ---- codes and credentials ----------------------------------------------------------------------

def test_join_codes_are_short_and_unambiguous():
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set("0O1I") & set(CODE_ALPHABET)
    assert normal_code(" ab3 d5k ") == "AB3D5K"


def test_credentials_are_stored_as_hashes_and_compared_in_constant_time():
    h = Harness(THREE, PLAN)
    seat = h.table.seats[0]
    key = h.clients[10].keys[0]
    assert len(key) >= 32 and seat.credential_hash == credential_hash(key)
    assert credential_matches(key, seat.credential_hash) and not credential_matches(key + "x", seat.credential_hash)
    assert not credential_matches(key, None)
    text = str(h.table.to_json())
    for client in h.clients.values():
        for credential in client.keys.values():
            assert credential not in text
    assert h.table.host_credential not in text


def test_a_table_needs_a_plan_that_fits_its_setup():
    with pytest.raises(TableError):
        Table(None, THREE, PLAN[:2], "Host")
    with pytest.raises(TableError):
        Table(None, THREE, [SeatPlan(SeatKind.COMPUTER, level="godlike")] + PLAN[1:], "Host")


@pytest.mark.parametrize("config", [
    GameConfig.quick("/etc/passwd", 3, 1), GameConfig.quick("nowhere", 3, 1),
    GameConfig.quick("new-horizons", 3, 1, options={"k": 3}),
    GameConfig.quick("new-horizons", 3, 1, mode=GameMode.COOP),
], ids=["path", "unknown", "option-of-another-mode", "coop-of-three"])
def test_a_table_is_only_made_for_a_bundled_map_and_a_setup_that_deals(config):
    with pytest.raises(TableError, match="setup"):
        Table(None, config, PLAN, "Host")


# ---- connecting ---------------------------------------------------------------------------------

def test_a_client_of_another_version_is_told_the_tables_version_and_nothing_else():
    table = Table(None, THREE, PLAN, "Host")
    hello = p.Hello(version=p.PROTOCOL_VERSION + 1, app_version="9", table_code=table.code, name="X")
    out = table.connect(5, hello, 0.0)
    assert len(out) == 1 and out[0].close == p.CLOSE_WRONG_VERSION
    assert out[0].message == p.WrongVersion(table_version=p.PROTOCOL_VERSION, app_version=out[0].message.app_version)
    assert 5 not in table.connections


@pytest.mark.parametrize("make", [
    lambda t: p.Hello(version=1, app_version="t", table_code="ZZZZZZ", name="X"),
    lambda t: p.Hello(version=1, app_version="t", table_code=t.code, name="X", host_credential="guess"),
    lambda t: p.Hello(version=1, app_version="t", table_code=t.code, name="X",
                      credentials=[p.SeatKey(seat=1, credential="guess")]),
    lambda t: p.Hello(version=1, app_version="t", table_code=t.code, name="X",
                      credentials=[p.SeatKey(seat=5, credential="guess")]),
], ids=["code", "host", "seat", "no-seat"])
def test_a_wrong_code_or_credential_is_closed_with_4002(make):
    table = Table(None, THREE, PLAN, "Host")
    out = table.connect(5, make(table), 0.0)
    assert len(out) == 1 and out[0].close == p.CLOSE_BAD_CREDENTIAL and isinstance(out[0].message, p.Closed)
    assert not table.connections


def test_the_table_code_is_read_as_typed():
    table = Table("ABCDEF", THREE, PLAN, "Host")
    out = table.connect(5, p.Hello(version=1, app_version="t", table_code="abc def", name="X"), 0.0)
    assert isinstance(out[0].message, p.Welcome) and out[0].message.seats == []


def test_hello_twice_or_a_message_before_hello_closes():
    h = Harness(THREE, PLAN, start=False)
    out = h.table.handle(HOST, p.Hello(version=1, app_version="t", table_code=h.table.code, name="X"), 0.0)
    assert out[0].close == p.CLOSE_BAD_MESSAGE
    out = h.table.handle(99, p.Chat(text="hi"), 0.0)
    assert out[0].close == p.CLOSE_BAD_MESSAGE
    out = h.table.handle(HOST, p.ChatLine(name="x", text="y", at=0.0), 0.0)
    assert out[0].close == p.CLOSE_BAD_MESSAGE


# ---- lobby --------------------------------------------------------------------------------------

def test_lobby_take_seat_ready_and_host_only_start_once_every_remote_seat_is_taken():
    h = Harness(THREE, PLAN, start=False)
    host = h.clients[HOST]
    assert set(host.keys) == {1}, "the host's connection holds the LOCAL seat"
    lobby = host.of_type(p.LobbyState)[-1]
    assert lobby.can_start and [s.taken for s in lobby.seats] == [True, True, True]
    assert [s.ready for s in lobby.seats] == [True, False, True]
    h.send(10, p.LeaveSeat(seat=0))
    assert h.clients[10].keys == {} and not h.table.can_start()
    assert refused(h.send(HOST, p.StartGame())).reason.msgid.startswith("every remote seat")
    assert refused(h.send(12, p.TakeSeat(seat=2, name="Again"))).reason.params == {"seat": 3}, "seats are counted from 1"
    assert refused(h.send(12, p.TakeSeat(seat=1, name="Local"))).rule == "seat"
    h.send(12, p.TakeSeat(seat=0, name="Both"))
    assert set(h.clients[12].keys) == {0, 2}, "one computer may hold several seats"
    assert refused(h.send(12, p.StartGame())).rule == "host"
    h.send(HOST, p.StartGame())
    assert h.table.started
    assert {v.seat for v in h.clients[12].of_type(p.GameView)} == {0, 2}
    assert refused(h.send(12, p.LeaveSeat(seat=0))).rule == "lobby", "a seat is never freed after the start"
    assert refused(h.send(HOST, p.ConfigureSeat(seat=0, kind="remote"))).rule == "lobby"
    assert refused(h.send(HOST, p.StartGame())).rule == "lobby"


def test_host_configures_seats_in_the_lobby_and_the_seat_holder_is_told():
    h = Harness(THREE, PLAN, start=False)
    h.send(HOST, p.ConfigureSeat(seat=0, kind="computer", level="hard"))
    assert h.clients[10].keys == {} and h.table.seats[0].level == "hard"
    assert refused(h.send(HOST, p.ConfigureSeat(seat=0, kind="computer", level="godlike"))).rule == "level"
    h.send(HOST, p.ConfigureSeat(seat=2, kind="local"))
    assert set(h.clients[HOST].keys) == {1, 2} and h.clients[12].keys == {}
    lobby = h.clients[12].of_type(p.LobbyState)[-1]
    assert [s.kind for s in lobby.seats] == ["computer", "local", "local"] and lobby.can_start


def test_names_and_chat_are_plain_text_bounded():
    assert plain_text("a\x00b\u202ec\n\td  e\u200b", 24) == "abc d e"
    assert clean_chat("x" * 500) == "x" * p.MAX_CHAT
    h = Harness(THREE, PLAN, start=False)
    h.send(12, p.Chat(text="hi\x1b[31m there\r\nall"))
    lines = [c.of_type(p.ChatLine)[-1] for c in h.clients.values()]
    assert {(line.name, line.text) for line in lines} == {("Guest 2", "hi[31m there all")}
    before = len(h.clients[HOST].received)
    assert h.send(12, p.Chat(text="\x00\x01 \n")) == [] and len(h.clients[HOST].received) == before


def test_chat_is_rate_limited_to_five_lines_in_ten_seconds():
    h = Harness(THREE, PLAN, start=False)
    for i in range(5):
        h.now = i * 0.5
        assert not any(isinstance(o.message, p.Refused) for o in h.send(10, p.Chat(text=f"line {i}")))
    h.now = 3.0
    no = refused(h.send(10, p.Chat(text="spam")))
    assert no.rule == "chat" and no.reason.params["seconds"] == 7
    assert h.send(12, p.Chat(text="another person may talk"))
    h.now = 10.0
    assert not any(isinstance(o.message, p.Refused) for o in h.send(10, p.Chat(text="later")))
    limit = RateLimit()
    assert sum(limit.allow(t * 0.1) for t in range(100)) == 5


def test_a_newcomer_gets_the_chat_tail():
    h = Harness(THREE, PLAN, start=False)
    h.send(10, p.Chat(text="hello"))
    late = h.connect(Client(30, "Late"))
    assert [c.text for c in late.of_type(p.ChatLine)] == ["hello"]


# ---- undo ---------------------------------------------------------------------------------------

def test_undo_only_by_the_acting_seat_within_its_turn():
    h = Harness(THREE, PLAN)
    game = h.table.game
    chooser = random.Random(3)
    undone = 0
    for _ in range(120):
        if game.is_over():
            break
        seat = game.state.current_player()
        other = (seat + 1) % 3
        holder = h.holder(seat)
        if game.can_undo():
            number, log = h.table.state_number, list(game.log)
            out = h.send(h.holder(other).conn_id, p.Undo(seat=other, credential=h.holder(other).keys[other],
                                                         state_number=number))
            assert refused(out).rule == "turn"
            assert refused(h.send(holder.conn_id, p.Undo(seat=seat, credential=holder.keys[seat],
                                                         state_number=number - 1))).rule == "stale"
            assert [v.can_undo for v in holder.of_type(p.GameView) if v.seat == seat][-1]
            h.send(holder.conn_id, p.Undo(seat=seat, credential=holder.keys[seat], state_number=number))
            assert h.table.state_number == number + 1 and game.log == log[:-1]
            assert h.table.log == h.holder(other).views[other].log
            h.check_views()
            undone += 1
        else:
            out = h.send(holder.conn_id, p.Undo(seat=seat, credential=holder.keys[seat],
                                                state_number=h.table.state_number))
            assert refused(out).rule == "undo"
        h.step(chooser)
        h.check_views()
    assert undone >= 3


# ---- away, stand-ins, return --------------------------------------------------------------------

def test_away_seat_waits_then_a_computer_stands_in_until_its_player_returns():
    h = Harness(THREE, PLAN)
    chooser = random.Random(4)
    guest = h.clients[10]
    h.now = 100.0
    h.drop(10)
    status = h.clients[HOST].of_type(p.SeatStatus)[-1]
    assert status.seats[0].away_seconds == 0.0 and not status.seats[0].connected
    h.now = 130.0
    assert h.table.tick(h.now)[0].message.seats[0].away_seconds == 30.0
    assert refused(h.send(12, p.AwayDecision(seat=0, computer="easy"))).rule == "host"
    assert refused(h.send(HOST, p.AwayDecision(seat=2, computer="easy"))).rule == "away"
    assert refused(h.send(HOST, p.AwayDecision(seat=0, computer="godlike"))).rule == "level"
    h.send(HOST, p.AwayDecision(seat=0, computer="random"))
    assert h.clients[12].of_type(p.SeatStatus)[-1].seats[0].computer_standin == "random"
    played_for_zero = 0
    for _ in range(60):
        turn = h.table.computer_turn()
        if turn is not None:
            assert turn.seat == 0 and turn.level == "random"
            played_for_zero += 1
        h.step(chooser)
    assert played_for_zero > 0
    assert all(v.seat != 0 for c in h.clients.values() if c.connected for v in c.of_type(p.GameView))
    # the player comes back with its credential: the seat is its own again, with the current view
    back = h.connect(Client(40, "Guest again", keys=dict(guest.keys)))
    assert set(back.keys) == {0} and back.views[0].state_number == h.table.state_number
    assert h.table.seats[0].standin is None and h.table.seats[0].away_since is None
    events = h.table.pop_events()
    assert [e.split(": ", 1)[1] for e in events] == [
        "started (3 seats, new-horizons, multiplayer)", "seat 1 (Guest 0) dropped",
        "seat 1 (Guest 0): the computer (random) stands in", "seat 1 (Guest 0) is back"]
    assert all(e.startswith(f"table {h.table.code}: ") for e in events) and h.table.pop_events() == []
    h.check_views()
    assert h.table.tick(h.now) == []
    while h.table.game.state.current_player() != 0:
        h.step(chooser)
    assert h.table.computer_turn() is None


def test_a_seat_whose_player_dropped_in_the_lobby_is_away_from_the_start():
    h = Harness(THREE, PLAN, start=False)
    h.now = 5.0
    h.drop(12)
    assert h.table.seats[2].away_since is None, "in the lobby a dropped seat stays taken, not away"
    h.now = 9.0
    h.send(HOST, p.StartGame())
    assert h.table.seats[2].away_since == 9.0 and h.table.seats[0].away_since is None
    h.send(HOST, p.AwayDecision(seat=2, computer="easy"))
    assert h.table.computer_controls(2) == "easy"


def test_a_seat_held_by_two_connections_is_away_only_when_both_dropped():
    h = Harness(THREE, PLAN)
    twin = h.connect(Client(50, "Phone", keys=dict(h.clients[10].keys)))
    assert twin.views[0].state_number == h.table.state_number
    h.drop(10)
    assert h.table.seats[0].away_since is None
    h.drop(50)
    assert h.table.seats[0].away_since == h.now


def test_the_hosts_drop_makes_the_local_seats_away():
    h = Harness(THREE, PLAN)
    h.drop(HOST)
    assert h.table.seats[1].away_since is not None and h.table.seats[0].away_since is None


# ---- play again ---------------------------------------------------------------------------------

def test_play_again_keeps_seats_and_credentials_with_a_fresh_seed():
    h = Harness(GameConfig.quick("new-horizons", 2, 8), [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.LOCAL)])
    keys = {c: dict(client.keys) for c, client in h.clients.items()}
    assert refused(h.send(HOST, p.PlayAgain())).rule == "over"
    chooser = random.Random(1)
    while not h.table.game.is_over():
        h.step(chooser)
    seed, number = h.table.game.config.seed, h.table.state_number
    assert refused(h.send(10, p.PlayAgain())).rule == "host"
    h.send(HOST, p.PlayAgain())
    events = [e.split(": ", 1)[1].split(" after")[0] for e in h.table.pop_events()]
    assert events == ["started (2 seats, new-horizons, multiplayer)", "finished", "started again"]
    assert not h.table.game.is_over() and h.table.game.config.seed != seed and h.table.state_number == number + 1
    assert {c: dict(client.keys) for c, client in h.clients.items()} == keys
    h.check_views()
    assert h.table.log == [] and h.clients[10].views[0].log == []
    out = h.intent(0, "pass", state_number=number)
    assert refused(out).rule == "stale"


def test_refusals_carry_the_engines_rule_and_a_phrase_the_client_translates():
    from iwari_desktop.engine.core.text import render
    from iwari_desktop.net.refusals import text_of
    h = Harness(THREE, PLAN)
    seat = h.table.game.state.current_player()
    english = lambda text: render(text, lambda s: s, lambda s, pl, n: s if n == 1 else pl)  # noqa: E731
    no = refused(h.intent(seat, "place 0 x"))
    assert no.rule == "B5" and english(text_of(no.reason)) == no.english == "'place 0 x' is not an action"
    german = {"'{action}' is not an action": "„{action}“ ist keine Aktion"}
    assert render(text_of(no.reason), lambda s: german.get(s, s), None) == "„place 0 x“ ist keine Aktion"
    chooser = random.Random(8)
    seen = set()
    for _ in range(300):     # the engine's own refusals: every one renders back to its English sentence
        state = h.table.game.state
        if state.is_terminal():
            break
        seat = state.current_player()
        for action in ("tent s0", "place t0 desert+desert 1", "place t1 coast+coast+coast 9", "draw deck", "draw coast"):
            out = h.intent(seat, action)
            if len(out) == 1 and isinstance(out[0].message, p.Refused) and out[0].message.rule not in ("B5",):
                no = out[0].message
                assert english(text_of(no.reason)) == no.english, no
                seen.add(no.rule)
        if not h.table.game.is_over():
            h.step(chooser)
    assert seen


def test_a_phrase_from_the_wire_cannot_reach_into_attributes():
    from iwari_desktop.net.refusals import text_of
    evil = p.Phrase(msgid="{name.__class__.__init__.__globals__}", params={"name": "x"})
    assert "globals" in str(text_of(evil)) and "{" not in str(text_of(evil))
    assert str(text_of(p.Phrase(msgid="{missing} here"))) == "{missing} here", "no params: shown as it is"
    assert str(text_of(p.Phrase(msgid="{missing} {x}", params={"x": "a"}))) == "(missing) (x)"
    assert str(text_of(p.Phrase(msgid="{n!r:>99}", params={"n": "x"}))) == "(n!r:>99)"


# ---- a storm of odd messages --------------------------------------------------------------------

def test_a_storm_of_random_messages_never_breaks_the_table_nor_leaks_a_view():
    """Any mix of seats, credentials, state numbers and actions from any connection: no exception, no view
    to a non-holder (the harness checks), and the game moves only by a good intent of the acting seat."""
    chooser = random.Random(12)
    h = Harness(THREE, PLAN)
    credentials = [key for c in h.clients.values() for key in c.keys.values()] + ["-", "x" * 64, "garbage"]
    for _ in range(300):
        if h.table.game.is_over():
            h.send(HOST, p.PlayAgain())
        state = h.table.game.state
        legal = [str(a) for a in h.table.game.legal_actions()]
        conn = chooser.choice(list(h.clients))
        seat = chooser.randrange(p.MAX_SEATS)
        number = h.table.state_number + chooser.choice([0, 0, -1, 1, 7])
        kind = chooser.randrange(9)
        message = [
            lambda: p.Intent(seat=seat, credential=chooser.choice(credentials), state_number=max(0, number),
                             action=chooser.choice(legal + ["pass", "tent s9999", "x"])),
            lambda: p.Undo(seat=seat, credential=chooser.choice(credentials), state_number=max(0, number)),
            lambda: p.TakeSeat(seat=seat, name="Z"), lambda: p.LeaveSeat(seat=seat),
            lambda: p.SetReady(ready=True), lambda: p.Chat(text="\x07hey"),
            lambda: p.AwayDecision(seat=seat, computer=chooser.choice([None, "easy", "nope"])),
            lambda: p.ConfigureSeat(seat=seat, kind="computer", level="easy"), lambda: p.StartGame(),
        ][kind]()
        before, log = h.table.state_number, list(h.table.game.log)
        actor = state.current_player()
        good = (isinstance(message, p.Intent) and message.seat == actor and message.state_number == before
                and message.credential == h.clients[conn].keys.get(actor) and message.action in legal)
        out = h.send(conn, message)
        if good:
            assert h.table.state_number == before + 1
        elif isinstance(message, p.Undo) and h.table.state_number == before + 1:
            assert message.seat == actor and message.credential == h.clients[conn].keys.get(actor)
        else:
            assert h.table.state_number == before and h.table.game.log == log, (message, [o.message for o in out])
        if chooser.random() < 0.3 and not h.table.game.is_over():
            h.step(chooser)
        h.check_views()

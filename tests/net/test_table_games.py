"""Whole games through `Table.handle` (issue #33): a 3-player game and co-op against the Void (S12).

Random legal actions come from the connection holding the acting seat. After every step each seat's view
observes exactly as the host's state does; along the way, intents that are stale, carry a foreign
credential, come from a seat not on turn or are illegal are refused with a reason and change nothing.
"""

from __future__ import annotations

import random

import pytest

from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.net import protocol as p
from iwari_desktop.net import table as table_module
from iwari_desktop.net.table import SeatKind, SeatPlan
from tests.support.table_helpers import HOST, Harness

MAX_STEPS = 1500


def _refusals_change_nothing(h: Harness, chooser: random.Random) -> None:
    """Four bad intents at the current state: each answered by one Refused to its sender only."""
    table = h.table
    state = table.game.state
    seat = state.current_player()
    actor = h.holder(seat)
    others = [s for s in range(state.n_players) if s != seat and table.computer_controls(s) is None
              and any(c.connected and s in c.keys for c in h.clients.values())]
    legal = str(chooser.choice(table.game.legal_actions()))
    number, log = table.state_number, list(table.game.log)
    cases = [("stale", dict(seat=seat, action=legal, state_number=max(0, number - 1) if number else number + 5)),
             ("credential", dict(seat=seat, action=legal, credential="x" * 32)),
             ("B", dict(seat=seat, action="tent 9999 0"))]
    if others:
        other = chooser.choice(others)
        foreign = h.holder(other)
        cases.append(("turn", dict(seat=other, action=legal, conn_id=foreign.conn_id)))
        if other not in actor.keys:   # another connection presenting the acting seat with its own key
            cases.append(("seat", dict(seat=seat, action=legal, conn_id=foreign.conn_id,
                                       credential=foreign.keys[other])))
    for rule, kwargs in cases:
        sender = kwargs.get("conn_id", actor.conn_id)
        out = h.intent(**kwargs)
        assert len(out) == 1 and out[0].conn_id == sender, [o.message for o in out]
        refused = out[0].message
        assert isinstance(refused, p.Refused) and refused.rule.startswith(rule), refused
        assert refused.english and (refused.reason.msgid or refused.reason.parts), refused
        assert table.state_number == number and [str(a) for a in table.game.log] == [str(a) for a in log]


def _play(h: Harness, seed: int, check_refusals_every: int = 7) -> int:
    chooser = random.Random(seed)
    steps = 0
    while not h.table.game.is_over():
        if steps % check_refusals_every == 0 and h.table.computer_turn() is None:
            _refusals_change_nothing(h, chooser)
        h.step(chooser)
        h.check_views()
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    return steps


def test_a_whole_three_player_game_each_connection_sees_only_its_seats():
    config = GameConfig.quick("new-horizons", 3, 41)
    plan = [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.LOCAL, name="Ana"), SeatPlan(SeatKind.REMOTE)]
    h = Harness(config, plan)
    assert h.clients[HOST].keys.keys() == {1} and h.clients[10].keys.keys() == {0} and h.clients[12].keys.keys() == {2}
    h.check_views()
    steps = _play(h, 5)
    assert steps > 50
    for client in h.clients.values():
        overs = client.of_type(p.GameOver)
        assert len(overs) == 1 and overs[0].state_number == h.table.state_number
        assert {v.seat for v in client.of_type(p.GameView)} == set(client.keys)
    assert h.table.log[-1] == h.clients[10].views[0].log[-1]


def test_the_end_sends_the_whole_game_so_each_history_can_replay_it_also_after_a_reconnect(monkeypatch):
    """Before the end no message names the seed (the harness checks every frame); at the end the save in
    GameOver replays to the host's final scores, and a player who comes back after the end gets the very same
    file, even when the clock has moved on (each save written here carries a later stamp)."""
    stamps = iter(range(10_000))

    def stamped_later(game):
        return {**save_game(game), "saved_at": f"2026-11-29T14:{next(stamps) % 60:02d}:00+00:00"}

    monkeypatch.setattr(table_module, "save_game", stamped_later)
    config = GameConfig.quick("new-horizons", 3, 77)
    plan = [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.REMOTE)]
    h = Harness(config, plan)
    _play(h, 9)
    over = h.clients[10].of_type(p.GameOver)[-1]
    replayed = load_game(over.save)
    assert replayed.is_over() and replayed.state.scores == h.table.game.state.scores
    assert over.save["setup"]["seed"] == 77
    h.drop(11)
    h.connect(h.clients[11])
    again = h.clients[11].of_type(p.GameOver)
    assert len(again) == 2 and again[-1].save == over.save


def test_b12_two_player_game_with_a_computer_the_active_seat_plays_the_third_tribe():
    config = GameConfig.quick("new-horizons", 2, 7)
    h = Harness(config, [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.COMPUTER, level="random")])
    assert h.table.game.state.third_tribe is not None
    _play(h, 3)
    assert h.table.game.is_over()


@pytest.mark.parametrize("host_plays", [False, True], ids=["two-guests", "host-and-guest"])
def test_s12_coop_against_the_void_on_two_computers_with_closed_hands(host_plays):
    config = GameConfig.quick("glacial-mass", 2, 11, mode=GameMode.COOP, options={"k": 4})
    h = Harness(config, [SeatPlan(SeatKind.LOCAL if host_plays else SeatKind.REMOTE), SeatPlan(SeatKind.REMOTE)])
    module_steps = 0
    chooser = random.Random(9)
    steps = 0
    while not h.table.game.is_over():
        state = h.table.game.state
        if state.phase.value == "module":
            module_steps += 1     # the Void's decisions belong to the active seat too
            assert h.table.computer_turn() is None
        if steps % 9 == 0:
            _refusals_change_nothing(h, chooser)
        h.step(chooser)
        h.check_views()
        steps += 1
        assert steps < MAX_STEPS
    assert module_steps > 0 and steps > 80
    assert not h.table.game.config.option("open_hands", False)


@pytest.mark.parametrize("level", ["random", "easy"])
def test_computer_moves_come_from_the_bots_and_late_answers_are_ignored(level):
    from iwari_desktop.net.computer import choose_move
    config = GameConfig.quick("new-horizons", 3, 13)
    h = Harness(config, [SeatPlan(SeatKind.COMPUTER, level=level), SeatPlan(SeatKind.REMOTE),
                         SeatPlan(SeatKind.COMPUTER, level=level)])
    chooser = random.Random(1)
    for _ in range(40):
        turn = h.table.computer_turn()
        if turn is None:
            h.step(chooser)
            continue
        action = choose_move(turn)
        number = h.table.state_number
        h.deliver(h.table.play_computer(action, turn.state_number, h.now))
        assert h.table.state_number == number + 1
        assert h.table.play_computer(action, turn.state_number, h.now) == []   # stale: ignored
        h.check_views()


def test_coop_computer_partner_plays_with_a_vs_void_bot():
    from iwari_desktop.net.computer import choose_move
    config = GameConfig.quick("glacial-mass", 2, 5, mode=GameMode.COOP)
    h = Harness(config, [SeatPlan(SeatKind.REMOTE), SeatPlan(SeatKind.COMPUTER, level="easy")])
    chooser = random.Random(2)
    for _ in range(60):
        turn = h.table.computer_turn()
        if turn is None:
            h.step(chooser)
        else:
            h.deliver(h.table.play_computer(choose_move(turn), turn.state_number, h.now))
        h.check_views()
        if h.table.game.is_over():
            break

"""state_codec: every GameState field through JSON bytes and back, equal (==), on every map and mode.

Why bytes: the host sends msgspec JSON, so a tuple that came back a list, or an enum that came back its
value, would break `==` (and the engine's `is` checks) on the client. Why every map/mode/option: each
rule module keeps its own data in `state.ext`, and only a real game of that module fills it.
"""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from iwari_desktop.engine.core.config import GameConfig
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.net.errors import WireError
from iwari_desktop.net.state_codec import EXT_TYPES, NOT_SENT, _Fields, decode_config, decode_state, encode_config, encode_state
from net_games import every_case, states_along


# a snapshot must fit well inside one protocol frame (NET_API.md: MAX_FRAME = 256 KiB); the largest seen
# in random games of every mode, K=10 solo and co-op included, is about 63 KB
MOST_BYTES = 160 * 1024


def _through_bytes(state: GameState) -> GameState:
    raw = msgspec.json.encode(encode_state(state))
    assert len(raw) < MOST_BYTES
    return decode_state(msgspec.json.decode(raw), state.config)


def test_every_gamestate_field_is_sent_or_rebuilt_from_the_config():
    fields = {f.name for f in dataclasses.fields(GameState)}
    assert fields == set(_Fields.KEYS - {"format"}) | NOT_SENT


@pytest.mark.parametrize("case", every_case())   # QUICK quick, the other modes marked slow
def test_round_trip_equals_the_state_along_every_game_of_every_mode(case):
    for state in states_along(case):
        back = _through_bytes(state)
        assert back == state
        assert set(state.ext) <= set(EXT_TYPES), "every module's data has its wire type"
        assert back.roles.void == state.roles.void and back.hooks.modules == state.hooks.modules


def test_config_travels_without_its_seed():
    config = GameConfig.quick("the-void", 6, 123456789, options={"worship": 2})
    data = msgspec.json.decode(msgspec.json.encode(encode_config(config)))
    assert data["seed"] == 0
    assert decode_config(data) == dataclasses.replace(config, seed=0)


@pytest.mark.parametrize("change", [
    {"map": "../../etc/passwd"}, {"map": "my-own.tmx"}, {"players": []}, {"seed": -1}, {"seed": "1"},
    {"mode": "chess"}, {"options": {"worship": 7}}, {"draft": 1}, {"feats": ["glory"]}, {"first_player": 9},
    {"players": [{"name": "A", "colour": "red"}, {"name": "A", "colour": "blue"}]}, {"extra": 1},
])
def test_a_setup_that_cannot_start_a_bundled_game_is_a_wire_error(change):
    data = encode_config(GameConfig.quick("new-horizons", 3, 5))
    data.update(change)
    with pytest.raises(WireError):
        decode_config(data)


def test_a_state_of_another_board_is_refused_by_its_sizes():
    small = new_game(GameConfig.quick("new-horizons", 3, 5))
    other = GameConfig.quick("the-void", 3, 5)
    with pytest.raises(WireError):
        decode_state(encode_state(small), other)


def test_more_cards_than_the_game_has_are_refused():
    state = new_game(GameConfig.quick("new-horizons", 3, 5))
    data = encode_state(state)
    data["discard"] = data["deck"] * 2
    with pytest.raises(WireError, match="more cards"):
        decode_state(data, state.config)


def test_a_remembered_setup_lets_no_look_alike_in():
    """decode_config remembers the setups new_game accepted; `1` where `True` belongs (equal in Python) is
    still refused after the true setup was read."""
    good = encode_config(GameConfig.quick("vast-lands", 3, 5, options={"courage": True}))
    decode_config(good)
    decode_config(good)
    bad = dict(good, options={"courage": 1})
    with pytest.raises(WireError):
        decode_config(bad)


def test_a_record_read_before_lets_no_look_alike_in():
    """wire_values keeps the score reports it read by their JSON bytes; data with the same bytes that is not
    plain JSON (a tuple where the list was) is still refused, and the kept one equals a fresh reading."""
    from iwari_desktop.engine.core.scoring import ScoreLine, ScoreReport
    from iwari_desktop.net.wire_values import decode_value, encode_value

    report = ScoreReport("award", [ScoreLine("feat", "territory:3", "Ashen Steppe", {0: 2, 1: 0})], 3)
    data = msgspec.json.decode(msgspec.json.encode(encode_value(report)))
    assert decode_value(data, ScoreReport) == report
    assert decode_value(data, ScoreReport) == report
    data["$c"][1]["lines"] = tuple(data["$c"][1]["lines"])
    with pytest.raises(WireError):
        decode_value(data, ScoreReport)


def test_per_territory_counts_that_disagree_with_the_pieces_are_refused():
    """pieces_agree: fewer tents than stand on a territory's spaces, or a totem count that is not its stack's,
    is refused; more tents than on the printed spaces (a contested token's, E7) reads."""
    from net_games import Case

    state = list(states_along(Case("new-horizons", players=3), every=40))[-1]
    data = msgspec.json.decode(msgspec.json.encode(encode_state(state)))
    t, tribe = next((t, tribe) for t, row in enumerate(data["territory_tents"]) for tribe, n in enumerate(row) if n)
    for field, change in (("territory_tents", -1), ("totem_counts", 1)):
        bad = msgspec.json.decode(msgspec.json.encode(data))
        bad[field][t][tribe] += change
        with pytest.raises(WireError, match="piece counts"):
            decode_state(bad, state.config)
    more = msgspec.json.decode(msgspec.json.encode(data))
    more["territory_tents"][t][tribe] += 1
    assert decode_state(more, state.config).territory_tents[t][tribe] == data["territory_tents"][t][tribe] + 1

"""The wire protocol (issue #33): every message round-trips, and garbage, a wrong schema, wrong types and
oversized fields are refused with a one-line ProtocolError before any table logic runs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from iwari_desktop.net import protocol as p


TO_HOST = [
    p.Hello(version=p.PROTOCOL_VERSION, app_version="1.2.3", table_code="ABCDEF", name="Ann",
            credentials=[p.SeatKey(seat=1, credential="x" * 32)]),
    p.TakeSeat(seat=2, name="Bo"), p.LeaveSeat(seat=2), p.SetReady(ready=True),
    p.Intent(seat=0, credential="c", state_number=4, action="place tent 3"),
    p.Undo(seat=0, credential="c", state_number=5), p.Chat(text="hello"), p.StartGame(),
    p.AwayDecision(seat=1, computer="easy"), p.AwayDecision(seat=1), p.PlayAgain(),
    p.ConfigureSeat(seat=3, kind="computer", level="hard"),
]
TO_CLIENT = [
    p.Welcome(version=1, table_code="ABCDEF", host_name="Host", seats=[p.SeatKey(seat=0, credential="k")], is_host=True),
    p.WrongVersion(table_version=1, app_version="1.0"),
    p.LobbyState(map_id="base", mode="multiplayer", options={"k": 3, "courage": True},
                 seats=[p.SeatInfo(seat=0, name="A", kind="remote", away_seconds=3.5)], can_start=False),
    p.GameView(state_number=3, seat=1, snapshot={"config": {}, "state": {"x": [1, 2]}}, log=["a", "b"],
               last_action="a", last_seat=0, can_undo=True),
    p.Refused(state_number=2, rule="B8", reason=p.Phrase(msgid="{name} has no {what}", params={
        "name": "Red", "what": p.Phrase(msgid="{count} tent", plural="{count} tents", params={"count": 2})}),
        english="Red has no 2 tents"),
    p.ChatLine(name="A", text="hi", at=12.5), p.SeatStatus(seats=[]), p.GameOver(state_number=9, result={"w": [0]}),
    p.Closed(reason="bye"),
]


@pytest.mark.parametrize("message", TO_HOST, ids=lambda m: type(m).__name__)
def test_every_client_message_round_trips_with_its_type_tag(message):
    raw = p.encode_message(message)
    assert json.loads(raw)["type"] == type(message).__name__
    assert p.decode_message(raw, p.Direction.TO_HOST) == message


@pytest.mark.parametrize("message", TO_CLIENT, ids=lambda m: type(m).__name__)
def test_every_host_message_round_trips_with_its_type_tag(message):
    raw = p.encode_message(message)
    assert p.decode_message(raw, p.Direction.TO_CLIENT) == message


def test_a_host_message_is_no_client_message_and_back():
    with pytest.raises(p.ProtocolError):
        p.decode_message(p.encode_message(TO_CLIENT[0]), p.Direction.TO_HOST)
    with pytest.raises(p.ProtocolError):
        p.decode_message(p.encode_message(TO_HOST[0]), p.Direction.TO_CLIENT)


@pytest.mark.parametrize("raw, words", [
    (b"garbage", "malformed"),
    (b"", "truncated"),
    (b"\xff\xfe", "malformed"),
    (b"[1,2]", "object"),
    (b'{"text":"no type"}', "type"),
    (b'{"type":"Nope"}', "Nope"),
    (b'{"type":"Intent","seat":0,"credential":"c","state_number":1}', "action"),
    (b'{"type":"Intent","seat":"0","credential":"c","state_number":1,"action":"x"}', "int"),
    (b'{"type":"Intent","seat":9,"credential":"c","state_number":1,"action":"x"}', "seat"),
    (b'{"type":"Intent","seat":0,"credential":"c","state_number":-1,"action":"x"}', "state_number"),
    (b'{"type":"SetReady","ready":true,"extra":1}', "extra"),
    (b'{"type":"ConfigureSeat","seat":1,"kind":"alien"}', "kind"),
    (b"[" * 100000, ""),
])
def test_garbage_and_wrong_schemas_are_refused_with_one_line(raw, words):
    with pytest.raises(p.ProtocolError) as caught:
        p.decode_message(raw, p.Direction.TO_HOST)
    assert "\n" not in str(caught.value) and words in str(caught.value)


@pytest.mark.parametrize("field, limit, make", [
    ("name", p.MAX_NAME, lambda s: p.TakeSeat(seat=0, name=s)),
    ("text", p.MAX_CHAT, lambda s: p.Chat(text=s)),
    ("action", p.MAX_ACTION, lambda s: p.Intent(seat=0, credential="c", state_number=0, action=s)),
    ("table_code", p.MAX_CODE, lambda s: p.Hello(version=1, app_version="1", table_code=s, name="A")),
])
def test_text_fields_are_bounded(field, limit, make):
    assert p.decode_message(p.encode_message(make("é" * limit)))  # characters, not bytes
    with pytest.raises(p.ProtocolError, match=field):
        p.decode_message(p.encode_message(make("x" * (limit + 1))))


def test_an_oversized_frame_is_refused_before_parsing():
    raw = b'{"type":"Chat","text":"' + b" " * p.MAX_FRAME + b'"}'
    with pytest.raises(p.ProtocolError, match="over the limit"):
        p.decode_message(raw)


def test_a_hello_of_another_version_still_tells_its_version():
    future = json.dumps({"type": "Hello", "version": 7, "app_version": "9", "table_code": "X", "name": "A",
                         "credentials": [], "something_new": {"x": 1}}).encode()
    with pytest.raises(p.ProtocolError):
        p.decode_message(future)
    assert p.peek_version(future) == 7
    assert p.peek_version(b"garbage") is None and p.peek_version(b'{"type":"Chat"}') is None


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=300),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                              lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                              max_leaves=20).map(lambda v: json.dumps(v).encode()),
                 st.sampled_from(TO_HOST).map(p.encode_message).flatmap(
                     lambda raw: st.integers(0, max(0, len(raw) - 1)).map(lambda cut: raw[:cut]))))
def test_fuzz_any_bytes_give_a_message_or_a_protocol_error(raw):
    try:
        message = p.decode_message(raw)
    except p.ProtocolError as error:
        assert "\n" not in str(error)
    else:
        assert isinstance(message, p.ToHost.__args__)


def test_a_refused_reads_as_english_and_keeps_its_top_level_msgid_and_params():
    refused = TO_CLIENT[4]
    assert p.phrase_english(refused.reason) == "Red has no 2 tents"
    assert refused.msgid == "{name} has no {what}" and refused.params == {"name": "Red", "what": "2 tents"}
    assert refused.plural is None
    one = p.Phrase(msgid="{count} tent", plural="{count} tents", params={"count": 1})
    assert p.phrase_english(one) == "1 tent"
    joined = p.Phrase(parts=["a", one], sep=p.Phrase(msgid=" and "))
    assert p.phrase_english(joined) == "a and 1 tent"
    for evil in ("{a.__class__}", "{a!r}", "{a:>99}", "{", "{0}", "{missing}"):
        assert p.phrase_english(p.Phrase(msgid=evil, params={"a": "x"})) == evil


_words = st.text(alphabet="{}!:.[]0ab count rule", max_size=12)
_phrases = st.recursive(
    st.builds(lambda m, pl: p.Phrase(msgid=m, plural=pl), _words, st.none() | _words),
    lambda inner: st.builds(lambda m, pl, params: p.Phrase(msgid=m, plural=pl, params=params), _words,
                            st.none() | _words,
                            st.dictionaries(st.sampled_from(["a", "b", "count", "rule"]),
                                            st.integers(0, 3) | _words | inner, max_size=3))
    | st.builds(lambda parts, sep: p.Phrase(parts=parts, sep=sep), st.lists(_words | inner, max_size=3),
                st.none() | _words | inner),
    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(_phrases)
def test_fuzz_any_phrase_from_the_wire_renders_without_an_error(phrase):
    from iwari_desktop.engine.core.text import render
    from iwari_desktop.net.refusals import text_of
    raw = p.encode_message(p.Refused(state_number=0, rule="x", reason=phrase))
    refused = p.decode_message(raw, p.Direction.TO_CLIENT)
    shown = render(text_of(refused.reason), lambda s: s, lambda s, pl, n: s if n == 1 else pl)
    assert isinstance(shown, str) and isinstance(p.phrase_english(refused.reason), str)
    assert isinstance(refused.params, dict)

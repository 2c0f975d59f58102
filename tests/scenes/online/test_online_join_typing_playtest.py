"""Typing the Join form, as the play-test of 2026-11-29 saw it (issue #33, docs/playtest-2026-11-29-online.md).

Two faults a person typing met: the text typed into Address, Join code (and every other field outside New game)
stayed in the faint ink of an empty field's hint, so a filled form looked empty; and when the table was found on the
local network while the name was being typed, the form was rebuilt and the field lost the keyboard: "Ben" became
"B" and the rest went nowhere."""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.scenes.online import online_net
from iwari_desktop.scenes.online.online_join import JoinScene
from iwari_desktop.scenes.online.online_values import Found
from iwari_desktop.scenes.ui.widgets import PLACEHOLDER_INK


@pytest.fixture(autouse=True)
def real_connector_after():
    yield
    online_net.use_connector(None)


def typed(app, text: str) -> None:
    for ch in text:
        app.process_event(pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
    app.step(0)


def join_scene(app, monkeypatch) -> tuple[JoinScene, list]:
    found: list[Found] = []
    monkeypatch.setattr(online_net.Browser, "__init__", lambda self: setattr(self, "_browser", None))
    monkeypatch.setattr(online_net.Browser, "found", lambda self: list(found))
    app.nav.push("online-join")
    app.step(0)
    scene = app.stack.top
    assert isinstance(scene, JoinScene)
    return scene, found


def test_text_typed_into_an_empty_field_is_in_full_ink(app, monkeypatch):
    scene, _found = join_scene(app, monkeypatch)
    address = scene.entries["address"]
    assert address.text_colour == PLACEHOLDER_INK        # empty: its hint is faint
    address.focus()
    typed(app, "127.0.0.1")
    assert address.get_text() == "127.0.0.1"
    assert address.text_colour != PLACEHOLDER_INK, "a filled field must not look empty"


def test_a_table_found_while_typing_keeps_the_field_and_its_keys(app, monkeypatch):
    scene, found = join_scene(app, monkeypatch)
    name = scene.entries["name"]
    name.focus()
    name.set_text("")
    typed(app, "B")
    found.append(Found("Aiyana", "127.0.0.1", 7878, "XASXD8"))
    app.step(0)                                           # the list shows the table: the form is laid out again
    typed(app, "en")
    assert scene.entries["name"].get_text() == "Ben"

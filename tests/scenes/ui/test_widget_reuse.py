"""A screen that keeps its widgets across a rebuild (scenes/ui/widget_reuse.py) keeps only those it would make
again exactly as they are; every other widget is made afresh and the old one killed, so what the player sees
and can click is what a fresh build shows."""

from __future__ import annotations

from scene_helpers import find_button, press, resize


def open_setup(app):
    app.nav.push("setup")
    app.step(0)
    return app.stack.top


def alive_on_screen(app) -> set[int]:
    return {id(sprite) for sprite in app.manager.get_sprite_group().sprites()}


def test_an_option_click_keeps_what_it_left_unchanged_and_remakes_the_clicked_box(app):
    scene = open_setup(app)
    before = list(scene.widgets)
    box = scene.options.boxes["courage"]
    back = find_button(scene, "Back")
    press(app, box)
    assert scene.model.options["courage"] is True
    assert scene.options.boxes["courage"] is not box and scene.options.boxes["courage"].get_state()
    assert not box.alive()                       # the ticked box changed since it was made: made afresh
    assert find_button(scene, "Back") is back    # untouched: the same widget, still on the screen
    kept = set(map(id, scene.widgets)) & set(map(id, before))
    assert len(kept) >= len(before) // 2
    assert all(widget.alive() for widget in scene.widgets)
    assert all(not widget.alive() for widget in before if id(widget) not in kept)   # nothing left behind
    assert len(scene.widgets) == len(before)


def test_a_widget_changed_after_it_was_made_is_made_afresh_as_the_build_says(app):
    scene = open_setup(app)
    back, start = find_button(scene, "Back"), find_button(scene, "Start game")
    back.set_text("Elsewhere")
    start.disable()
    scene.rebuild()
    fresh_back, fresh_start = find_button(scene, "Back"), find_button(scene, "Start game")
    assert fresh_back is not back and fresh_start is not start
    assert not back.alive() and not start.alive()
    assert fresh_start.is_enabled and fresh_back.text == "Back"


def test_a_hovered_widget_is_made_afresh_and_commands_follow_the_new_build(app):
    scene = open_setup(app)
    adder = find_button(scene, "+ Add player")
    adder.hovered = True          # as pygame-gui's hover check does (the dummy video driver has no real mouse)
    adder.on_hovered()
    removers = [w for w in scene.widgets if getattr(w, "text", None) == "×"]
    scene.rebuild()
    assert find_button(scene, "+ Add player") is not adder
    kept_removers = [w for w in scene.widgets if getattr(w, "text", None) == "×"]
    assert kept_removers == removers               # the same widgets, each now calling the new build's command
    names = list(scene.model.names)
    press(app, kept_removers[0])
    assert scene.model.names == names[1:]


def test_a_resize_makes_every_widget_afresh_on_the_new_manager(app):
    scene = open_setup(app)
    before = list(scene.widgets)
    resize(app, (1600, 900))
    assert not set(map(id, scene.widgets)) & set(map(id, before))
    assert all(widget.ui_manager is app.manager for widget in scene.widgets)
    assert not alive_on_screen(app) & set(map(id, before))

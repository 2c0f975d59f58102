"""Engine sentences players read: English for logs, German on screen.

Every template the engine marks (`N_`, `nN_`) is checked against the params its call fills and against
the German fragment `locale/de/engine-fragment.po`; real refusals and file errors are rendered in
German; and the screens that show them (the board's message line, the load dialog) show the German.
"""

from __future__ import annotations

import gettext
import io
import random

import pytest
from babel.messages.mofile import write_mo

from engine_helpers import give_hand, make_state
from engine_messages import engine_messages, read_fragment
from iwari_desktop import i18n
from iwari_desktop.engine.core.actions import Draw, Exchange, Pass, Place, PlaceTent, PlaceTotem
from iwari_desktop.engine.core.biomes import BASE_BIOMES, Biome
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.text import Text, placeholders, render
from iwari_desktop.engine.files.saves import SaveError, read_save
from iwari_desktop.scenes.ui.words import has_ruling_id, localized, refusal_text, shown_error


def _fragment_translations() -> gettext.GNUTranslations:
    buffer = io.BytesIO()
    write_mo(buffer, read_fragment())
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


GERMAN = _fragment_translations()


@pytest.fixture
def german(monkeypatch):
    """The German fragment as the active catalogue (what `set_language("de")` gives once it is merged)."""
    monkeypatch.setattr(i18n._active, "code", "de")
    monkeypatch.setattr(i18n._active, "translations", GERMAN)
    yield GERMAN


def _de(text: object) -> str:
    return render(text, GERMAN.gettext, GERMAN.ngettext)


# ---- the templates themselves -----------------------------------------------------------------------

def test_every_engine_template_has_named_placeholders_its_call_fills():
    messages = engine_messages()
    assert len(messages) > 200   # the scan found the engine's sentences, not an empty folder
    for m in messages:
        names = placeholders(m.msgid) | (placeholders(m.plural) if m.plural else set())
        assert all(name.isidentifier() for name in names), f"{m.where}: positional placeholder in {m.msgid!r}"
        if m.params is None:   # a word or a constant passed through Text(...) elsewhere: no params to fill
            assert not names and m.plural is None, f"{m.where}: {m.msgid!r} has placeholders but no call fills them"
        else:
            assert names == set(m.params), f"{m.where}: {m.msgid!r} placeholders {names} vs params {set(m.params)}"
        if m.plural:
            assert "count" in names, f"{m.where}: a plural needs {{count}}"


def test_every_engine_template_has_a_german_translation_with_only_its_own_placeholders():
    catalog = read_fragment()
    wanted = {m.msgid: m for m in engine_messages()}
    found = {}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        found[msgid] = message
        assert not message.fuzzy, msgid
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"missing German for {msgid!r}"
        english = placeholders(msgid) | (placeholders(message.id[1]) if isinstance(message.id, tuple) else set())
        for s in strings:
            assert placeholders(s) <= english, f"{msgid!r}: German uses {placeholders(s) - english}"
    assert sorted(set(wanted) - set(found)) == [], "engine sentences without German"
    assert sorted(set(found) - set(wanted)) == [], "stale entries in the fragment"
    for msgid, m in wanted.items():
        assert isinstance(found[msgid].id, tuple) == (m.plural is not None), f"{msgid!r}: plural form mismatch"


def test_str_of_a_text_stays_english_while_its_rendering_follows_the_catalogue():
    text = Text(("{count} tent", "{count} tents"), count=2)
    assert str(text) == "2 tents" and _de(text) == "2 Zelte"
    error = IllegalAction("B11", "{name} has no tents left", name="Ann")
    assert str(error) == "B11: Ann has no tents left" and error.reason == "Ann has no tents left"
    assert _de(error.reason) == "Ann hat keine Zelte mehr"


# ---- real refusals and file errors in German --------------------------------------------------------

def _refusals_along(state, rng: random.Random, tries, steps: int = 40) -> list[IllegalAction]:
    """`steps` seeded random legal moves from `state`; before each, every action `tries(state)` lists is
    applied to a copy and the IllegalActions it raises are kept."""
    found: list[IllegalAction] = []
    for _ in range(steps):
        for action in tries(state):
            try:
                apply(state.clone(), action)
            except IllegalAction as error:
                found.append(error)
        legal = legal_actions(state)
        if not legal:
            break
        apply(state, rng.choice(legal))
    return found


def _refusals() -> list[IllegalAction]:
    """IllegalActions the rules raise for actions a player could click, over a few seeded positions."""
    rng = random.Random(7)

    def tries(state) -> list:
        give_hand(state, state.active_seat, [rng.choice(BASE_BIOMES) for _ in range(3)])
        found = [Pass(), Draw(None), Draw(Biome.DESERT), Exchange(Biome.VOID), PlaceTotem(), PlaceTent(0)]
        for territory in range(len(state.board.territories) + 1):
            for cards in ((Biome.FOREST,), (Biome.COAST, Biome.COAST), (Biome.TUNDRA, Biome.DESERT, Biome.GLACIERS)):
                found.append(Place(territory, cards, min(len(cards), 2)))
        return found

    return [error for seed in (1, 2, 3) for error in _refusals_along(make_state(3, seed=seed), rng, tries)]


def test_refusals_from_real_positions_read_as_german_without_placeholders_or_ruling_ids():
    refusals = _refusals()
    templates = {e.reason.template for e in refusals}
    assert len(templates) >= 8, templates   # a real sample: many different rules refused
    for error in refusals:
        assert isinstance(error.reason, Text), str(error)
        german = _de(error.reason)
        assert "{" not in german and "}" not in german, german
        assert german != error.reason.english or not any(c.isalpha() for c in german), german
        assert not has_ruling_id(german), german


def _expansion_refusals() -> list[IllegalAction]:
    """Refusals on the expansion maps and against the Void, where rule modules veto and filter (E2, S3, S7...)."""
    from iwari_desktop.engine.core.config import PLAYER_COLOURS, GameConfig, GameMode, PlayerSpec
    from iwari_desktop.engine.core.game import Game

    def tries(state) -> list:
        hand = list(state.hands[state.active_seat])
        found = [Pass(), Exchange(Biome.VOID), PlaceTotem()]
        for territory in range(len(state.board.territories)):
            for cards in {tuple(hand[:1]), tuple(hand[:2]), (Biome.VOID,), (Biome.TUNDRA, Biome.TUNDRA)}:
                if cards:
                    found.append(Place(territory, cards, min(len(cards), 2)))
        return found

    found: list[IllegalAction] = []
    rng = random.Random(11)
    setups = [("floating-lands", 3, GameMode.MULTIPLAYER), ("the-void", 4, GameMode.MULTIPLAYER),
              ("uncharted-paths", 3, GameMode.MULTIPLAYER), ("new-horizons", 1, GameMode.SOLO),
              ("new-horizons", 2, GameMode.COOP)]
    for map_id, players, mode in setups:
        specs = tuple(PlayerSpec(f"P{i + 1}", PLAYER_COLOURS[i]) for i in range(players))
        found += _refusals_along(Game.new(GameConfig(map_id, specs, 5, mode=mode)).state, rng, tries)
    return found


def test_refusals_of_the_expansion_rules_and_the_void_read_as_german():
    refusals = _expansion_refusals()
    rules = {e.rule for e in refusals}
    assert {"E2", "S3"} <= rules, rules          # the Tundra veto and the Void cards' filter were met
    for error in refusals:
        assert isinstance(error.reason, Text) and error.reason.rule is None, str(error)
        german = _de(error.reason)
        assert "{" not in german and not has_ruling_id(german), german
        assert german != error.reason.english, german


def test_refusal_text_on_screen_is_german(german):
    error = IllegalAction("B5", "you may pass only with an empty hand: place pieces or exchange a card")
    assert refusal_text(error.rule, error.reason) == ("Passen darfst du nur mit leerer Hand: Platziere Figuren oder "
                                                      "tausche eine Karte.")
    quoted = IllegalAction("E3", "'{action}' is not possible now under {title}", action="ruin s12",
                           title=Text("the Forgotten Island ruins"))   # a module's own refusal (RuleModule.refuse)
    assert refusal_text(quoted.rule, quoted.reason).startswith(
        "Dieser Zug ist gerade nicht möglich (die Ruinen von Forgotten Island).")
    assert "Ruinenfeld" in refusal_text(quoted.rule, quoted.reason)   # the rule in words, in German too


def test_file_errors_read_as_german(tmp_path, german):
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    with pytest.raises(SaveError) as caught:
        read_save(broken)
    assert "not an Iwari Desktop save" in str(caught.value)                       # logs and CLI: English
    assert shown_error(caught.value).startswith("broken.json: kein Spielstand von Iwari Desktop (kein gültiges JSON")
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path / "missing.json")
    assert localized(caught.value).endswith("missing.json: Datei nicht gefunden")


def test_english_is_unchanged_without_a_catalogue():
    error = IllegalAction("B10", "{territory} has no totem space", territory="Frost Hollow")
    assert localized(error) == "Frost Hollow has no totem space"
    assert refusal_text(error.rule, error.reason) == "Frost Hollow has no totem space."


# ---- the screens show the German ---------------------------------------------------------------------

@pytest.mark.parametrize("app", ["de"], indirect=True)   # the whole game in German: no English word beside it
def test_the_board_shows_a_refusal_in_german_inside_its_box(app):
    import pygame
    from layout_check import faults
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.board.overlays import HandoffOverlay
    from iwari_desktop.scenes.setup.setup import start_game
    from scene_helpers import key, make_game
    start_game(app, make_game(seed=9))
    if isinstance(app.stack.top, HandoffOverlay):
        key(app, pygame.K_RETURN)
    controller = app.stack.find(BoardScene).controller
    assert controller.state.hands[controller.state.active_seat]   # cards in hand: passing is refused
    assert controller._submit(Pass()) is False
    assert controller.message is not None and controller.message.error
    assert controller.message.text == "Passen darfst du nur mit leerer Hand: Platziere Figuren oder tausche eine Karte."
    app.step(0)
    assert faults(app) == []


def test_the_load_dialog_names_a_broken_save_in_german(app, german):
    from scene_helpers import load_bad_save
    dialog, _ = load_bad_save(app, "kaputt.json", "{ kein json")
    assert dialog.message.startswith("kaputt.json: kein Spielstand von Iwari Desktop (kein gültiges JSON")


# ---- the German rules page ---------------------------------------------------------------------------

# The German heading of every English one, in order; the German page may add the solo and co-op sections
# at its end ahead of the English page (listed here, so nothing else can be missing or extra).
RULES_HEADINGS = {
    "So wird Iwari gespielt": "How to play Iwari", "Ziel": "Goal", "Spielmaterial": "Components",
    "Spielaufbau": "Setup", "Dein Zug": "Your turn", "Platzieren": "Place", "Tauschen": "Exchange",
    "Nachziehen und die Auslage": "Drawing and the display", "Passen": "Passing", "Zu zweit": "Two players",
    "Halbzeit": "Half journey", "Ende der Reise": "End of the journey", "Wertung": "Scoring", "Zelte": "Tents",
    "Totems über Verbindungen": "Totems over connections", "Siedlungen": "Settlements", "Berge": "Mountains",
    "Sieg und Gleichstand": "Winning and tie-breaks", "Kunstwerke": "Feats", "Die Erweiterung": "The expansion",
    "Floating Lands": "Floating Lands", "Forgotten Island": "Forgotten Island", "Glacial Mass": "Glacial Mass",
    "The Uncharted Paths": "The Uncharted Paths", "The Long Road": "The Long Road", "The Void": "The Void",
    "Expeditionskarten": "Expedition cards", "Mut": "Courage", "Verehrung": "Worship",
}
SOLO_SECTIONS = ["Allein gegen die Leere", "Aufbau gegen die Leere", "Dein Zug gegen die Leere",
                 "Infektion und Verderbnis", "Gebiete werten", "Besondere Züge", "Ende und Sieg",
                 "Zu zweit gegen die Leere"]


def _headings(text: str) -> list[tuple[int, str]]:
    import re
    return [(len(m.group(1)), m.group(2).strip()) for m in re.finditer(r"^(#{1,6})\s+(.+)$", text, re.M)]


def test_the_german_rules_follow_the_english_sections_level_by_level():
    from iwari_desktop.scenes.rules.rules import rules_text

    english, german = _headings(rules_text("en")), _headings(rules_text("de"))
    assert german != english and german[0] == (1, "So wird Iwari gespielt")
    known = [(level, RULES_HEADINGS[title]) for level, title in german if title in RULES_HEADINGS]
    extra = [title for _, title in german if title not in RULES_HEADINGS]
    # the sections against the Void reuse titles such as "Your turn": the core is what comes before them
    solo_start = next((i for i, (_, title) in enumerate(english) if title == "Solo against the Void"), len(english))
    english_core = [(level, title) for level, title in english[:solo_start] if title in RULES_HEADINGS.values()]
    assert known == english_core                      # same sections, same levels, same order
    assert [h for h in english if h not in english_core] == [] or extra   # new English sections: German has its own
    assert all(title in SOLO_SECTIONS for title in extra), extra
    text = rules_text("de")
    assert text.count("](diagram:") == rules_text("en").count("](diagram:")
    assert not has_ruling_id(text)


@pytest.mark.parametrize("app", ["de"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_the_german_rules_screen_renders_without_overflow(app, size):
    import pygame
    from layout_check import faults
    from iwari_desktop.scenes.rules.rules import RulesScene

    app.screen = pygame.display.set_mode(size)
    app.on_resize(size)
    scene = RulesScene(app)
    app.stack.push(scene)
    app.step(0)
    assert scene.page.anchors[0][0] == "Ziel"
    assert len(scene.page.diagrams_drawn) >= 3
    for section in range(len(scene.toc_rects)):   # every section on screen once
        scene.jump_to(scene.toc_rects[section][1])
        scene.offset = scene.target
        app.step(0)
        assert faults(app) == [], scene.page.anchors[section][0]

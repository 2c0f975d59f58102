"""Text on screen: no missing glyphs, the handoff card laid out without overlaps, long names cut to fit,
readable score colours, and scoring steps that say why."""

from __future__ import annotations

import ast
import re

import pygame
import pytest

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, PlayerSpec
from iwari_desktop.engine.core.config import PLAYER_COLOURS
from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.ui.glyphs import missing_chars
from iwari_desktop.scenes.board.overlays import HandoffOverlay
from iwari_desktop.scenes.scoring.scoring_words import explain, multiplier_text
from iwari_desktop.scenes.setup.setup import start_game
from iwari_desktop.scenes.ui.look import FONT_FILES, PARCHMENT, fonts_dir, on_parchment
from scene_helpers import frames_at_checkpoints, key, make_game, map_id
from repo_root import ROOT
LONG_NAMES = ["Maximilianaaaaaa", "Bartholomewwwwww", "Konstantinopolis", "Wwwwwwwwwwwwwwww", "Xiomaraaaaaaaaaa"]


def _ui_strings() -> list[str]:
    """Every string literal in the scenes package (f-string parts included): what the UI can show."""
    found: list[str] = []
    for path in sorted((ROOT / "iwari_desktop" / "scenes").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.append(node.value)
    return found


def test_every_symbol_the_ui_draws_exists_in_the_shipped_fonts():
    symbols = {ch for text in _ui_strings() for ch in text if ord(ch) > 127}
    assert "»" in symbols and "×" in symbols  # the scan sees the UI's own symbols
    for role, file in FONT_FILES.items():
        missing = missing_chars(fonts_dir() / file, "".join(sorted(symbols)))
        assert not missing, f"{file} ({role}) has no glyph for {sorted(missing)}: they would show as boxes"


def test_the_rules_text_has_no_character_its_fonts_lack():
    text = (ROOT / "assets" / "text" / "rules.md").read_text(encoding="utf-8")
    headings = "".join(line for line in text.splitlines() if line.startswith("#"))
    for file in (FONT_FILES["body"], FONT_FILES["bold"]):
        assert not missing_chars(fonts_dir() / file, text), file
    for file in (FONT_FILES["title"], FONT_FILES["heading"]):
        assert not missing_chars(fonts_dir() / file, headings), file


def test_the_glyph_check_really_detects_a_missing_glyph():
    assert missing_chars(fonts_dir() / FONT_FILES["body"], "A→★") == {"→", "★"}


def _five_long(app, size=(1280, 720), draft=False, turns=0):
    specs = tuple(PlayerSpec(n, PLAYER_COLOURS[i]) for i, n in enumerate(LONG_NAMES))
    game = Game.new(GameConfig(map_id(), specs, 4, BASE_FEATS, draft))
    if size != app.screen.get_size():
        app.settings.window_size = size
        app.screen = app._open_window()
        app.on_resize(size)
    start_game(app, game)
    board = app.stack.find(BoardScene)
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step

    bot = GreedyBot(2)
    while board.controller.state.turn <= turns or (turns and not isinstance(app.stack.top, HandoffOverlay)):
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            top.confirm()
        else:
            bot_step(board.controller, bot)
        app.step(0)
    return board


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_handoff_card_text_button_and_history_never_overlap(app, size):
    from iwari_desktop.scenes.board.handoff_news import news_since_last_turn, summary_text

    board = _five_long(app, size, turns=3)
    c = board.controller
    while len(news_since_last_turn(c)) < 5:   # entries after the last action: news to the player taking over
        c.recent.add((0, "plays Desert + Desert for 2 pieces in Sunscorch Flats"), len(c.game.log) - 1)
    overlay = app.stack.top
    assert isinstance(overlay, HandoffOverlay)
    ui = app.ui
    at = overlay.layout()
    card, button = at["card"], at["button"]
    lines, hint_y = at["hint"]
    assert card.top >= 0 and card.bottom <= size[1]
    assert hint_y + len(lines) * ui.line_height("body", 15) <= button.top
    told, meanwhile_y = at["recent"]
    rows = len(told.summaries) + len(told.rows)
    assert rows >= 5 and meanwhile_y >= button.bottom + ui.px(8)
    note = ui.line_height("italic", 13) if at["note"] else 0
    end = meanwhile_y + ui.line_height("bold", 14) + ui.px(4) + note + rows * ui.line_height("body", 14)
    assert end <= card.bottom
    for text in [summary_text(c, s) for s in told.summaries] + [text for _, text in told.rows]:
        assert ui.font("body", 14).size(text)[0] <= card.w - ui.px(100)
    widget = next(w for w in overlay.widgets if getattr(w, "text", "").startswith("I am"))
    assert widget.rect == button
    app.step(0)


def test_first_handoff_has_room_for_the_hint_and_the_draft_sentence_reads_well(app):
    start_game(app, make_game(draft=True))
    overlay = app.stack.top
    assert isinstance(overlay, HandoffOverlay)
    sub, _ = overlay._texts()
    assert sub.endswith("take the computer to draft your starting hand.")
    at = overlay.layout()
    lines, hint_y = at["hint"]
    assert hint_y + len(lines) * app.ui.line_height("body", 15) <= at["button"].top


def test_a_hidden_empty_hand_shows_no_card_backs(app):
    start_game(app, make_game(draft=True))
    board = app.stack.find(BoardScene)
    c = board.controller
    assert c.needs_handoff and board.hud.hidden_backs(c) == len(c.state.hands[c.state.active_seat]) == 0


def test_long_names_are_cut_to_their_column_with_an_ellipsis(app):
    ui = app.ui
    cut = ui.fit("Maximilianaaaaaa", "bold", 14, ui.px(90))
    assert cut.endswith("…") and ui.font("bold", 14).size(cut)[0] <= ui.px(90)
    assert ui.fit("Ann", "bold", 14, ui.px(90)) == "Ann"


def test_final_table_and_steps_draw_five_long_names_inside_their_columns(app):
    from iwari_desktop.scenes.scoring.scoring import ScoringScene
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step, dismiss_screen
    from iwari_desktop.engine.bots.players import GreedyBot

    board = _five_long(app)
    c, bot = board.controller, GreedyBot(5)
    with frames_at_checkpoints(app):   # the game's frames are not what is checked: the final scoring's are
        for _ in range(20_000):
            top = app.stack.top
            if isinstance(top, ScoringScene) and top.final:
                break
            if dismiss_screen(top) is None:
                bot_step(c, bot)
            app.step(0)
    scoring = app.stack.top
    assert isinstance(scoring, ScoringScene) and scoring.final
    texts: list[tuple[str, str, float]] = []
    original = app.ui.blit_text

    def spy(surface, text, pos, role="body", size=16, colour=(0, 0, 0), anchor="topleft"):
        texts.append((text, role, size))
        return original(surface, text, pos, role, size, colour, anchor)

    app.ui.blit_text = spy
    scoring.go(0)
    app.step(0)
    scoring.skip()
    app.step(0)
    app.ui.blit_text = original
    drawn_names = [t for t, _, _ in texts if t.startswith(tuple(n[:6] for n in LONG_NAMES)) and " " not in t]
    assert drawn_names and all(len(t) <= 16 for t in drawn_names), [t for t in drawn_names if len(t) > 16]
    assert any(t.endswith("…") for t in drawn_names)


def test_score_colours_read_on_parchment():
    def lum(rgb):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b = (ch(v) for v in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for colour in [(242, 202, 52), (236, 126, 30), (52, 142, 66)]:
        ink = on_parchment(colour)
        assert (lum(PARCHMENT) + 0.05) / (lum(ink) + 0.05) >= 4.5


def test_scoring_steps_say_why():
    game = make_game(players=3)
    state = game.state
    names = [t.name for t in state.tribes]
    tents = ScoreLine("tents", "territory:0", "X", {0: 8, 1: 4}, 1, "", {0: 1, 1: 2})
    assert explain(state, tents) == [f"Rank 1 ({names[0]}) scores every tent here (8); "
                                     f"Rank 2 ({names[1]}) scores the leader's count (4)."]
    totems = ScoreLine("totems", "connection:3", "Connection 3", {1: 6}, 2, "")
    assert explain(state, totems) == [f"{names[1]} holds the most totems on both sides: scores all 6 totems."]
    assert multiplier_text(state, totems) == "×2 from feats"
    from iwari_desktop.engine.core.actions import FeatKind
    from iwari_desktop.engine.core.state import FeatOnBoard

    state.feats.append(FeatOnBoard(FeatKind.HONOUR, 1, 3, True))
    assert multiplier_text(state, totems) == "×2 from 1 feat (Honour)"


def test_space_no_longer_confirms_only_enter_does():
    from iwari_desktop.scenes.ui.intents import Kind, translate

    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    assert translate(space) == []
    assert [i.kind for i in translate(enter)] == [Kind.CONFIRM]


def test_end_turn_label_uses_a_glyph_the_font_has(app):
    start_game(app, make_game())
    board = app.stack.find(BoardScene)
    key(app, pygame.K_RETURN)
    c = board.controller
    from iwari_desktop.engine.bots.players import GreedyBot
    from iwari_desktop.scenes.selftest.smoke_driver import bot_step

    bot = GreedyBot(1)
    while not c.turn_done:
        bot_step(c, bot)
    app.step(0)
    label = board._buttons["primary"].text
    assert re.match(r"End turn » \w+", label)
    assert not missing_chars(fonts_dir() / FONT_FILES["bold"], label)

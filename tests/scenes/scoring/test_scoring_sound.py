"""The scoring screen sounds each territory line as it is revealed (issue #22): a chime when the one at the
laptop tops it, another tribe's note otherwise, nothing for other lines or when stepping back."""

from __future__ import annotations

from audio_helpers import app_with_fake_audio, new_cues
from scene_helpers import board_after_handoff, make_game
from iwari_desktop.engine.bots.players import GreedyBot


def test_each_territory_line_revealed_sounds_whose_it_is(app):
    game = make_game(seed=8)
    bot = GreedyBot(8)
    while not any(r.kind == "half" for r in game.state.reports):
        game.play(bot.choose(game.state))
    audio, mixer, clock = app_with_fake_audio(app)
    board = board_after_handoff(app, game)
    c = board.controller
    report = next(r for r in c.state.reports if r.kind == "half")
    app.nav.push("scoring", c, report)
    scoring = app.stack.top
    viewer = c.state.tribe_of_seat(c.viewer_seat)
    heard = []
    before = 0
    while not scoring.at_table:
        line = scoring.lines[scoring.step]
        firsts = {t for t, rank in line.ranks.items() if rank == 1}
        want = ([] if not line.subject.startswith("territory:") or not firsts else
                ["territory-yours" if viewer in firsts else "territory-other"])
        assert new_cues(mixer, audio, clock, before) == want, line.subject
        heard += want
        before = len(mixer.played)
        scoring.go(scoring.step + 1)
    assert {"territory-yours", "territory-other"} <= set(heard)
    scoring.go(scoring.step - 1)   # stepping back shows an old line: no sound
    assert new_cues(mixer, audio, clock, before) == []

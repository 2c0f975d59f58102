"""Writes the saved-game fixtures with the code of the checkout it runs in (main at a7ad654)."""
import json, sys
from datetime import datetime, timezone
sys.path.insert(0, "tests/support")
from history_helpers import finished_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.files.saves import save_game
from iwari_desktop.engine.history.record import add_record, history_text, record_of
from iwari_desktop.engine.rulesets.solo.data import data

out = "tests/support/saved_games/"
solo = finished_game("new-horizons", (("Ann", None),), seed=4, mode=GameMode.SOLO)
coop = finished_game("new-horizons", (("Ann", None), ("Ben", None)), seed=3, mode=GameMode.COOP)
for g in (solo, coop):
    d = data(g.state)
    print(g.state.end_reason, d.corruptions, d.beside, g.state.turn, len(d.claims), d.log[-3:])
save = save_game(solo, {"label": "Slot 1"})
save["saved_at"] = "2026-11-26T20:40:00+00:00"
with open(out + "solo-save-v2-a7ad654.json", "w") as f:
    json.dump(save, f, indent=1)
when = datetime(2026, 11, 26, 20, 40, tzinfo=timezone.utc)
records = []
for g in (solo, coop):
    s = save_game(g, {"label": "History"})
    s["saved_at"] = "2026-11-26T20:40:00+00:00"
    records, _ = add_record(records, record_of(g, s, when))
with open(out + "history-v2-a7ad654.json", "w") as f:
    f.write(history_text(records))

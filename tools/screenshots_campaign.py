"""Screenshots of the campaign screens, for docs/screenshots.

    .venv/bin/python tools/screenshots_campaign.py [--size 1280x720] [--out DIR] [--seed 7]

Runs the real application (SDL's dummy driver without a display, or a real window under Xvfb) in a
temporary data folder and saves: the profiles screen (`campaign-profiles`), the difficulty choice of
a new journey (`campaign-difficulty`), the journey (`campaign-journey`), a chapter's briefing
(`campaign-briefing`) and the debrief of a chapter played to its end by seeded random gestures through
the controller (`campaign-debrief`); then the debrief of a chapter *won* (`campaign-debrief-won`).

    .venv/bin/python tools/screenshots_campaign.py --chapter1-hint --size 1920x1080

instead saves only the Hint on the first turn of a new profile's first chapter (`solo-chapter1-hint-1080`).

So that the journey shows stars and opened chapters, the profile first gets a history: results of the
first two chapters written through the campaign's own `record_result` from hand-made chapter results
(a fixture, as a player's progress file would hold them). The debriefs are of real games.

Bots do not win the bundled chapters at their K (docs/campaign.md, Calibration), so the won debrief
is of a game played on a copy of the journey whose chapters name a generous K (`GENEROUS_K`; the
text, goals and order are the bundled ones), by the registry's `solo` bot through the same gestures a
click makes. Its result, stars, records and unlocks are that game's own.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screenshots import screenshot_run, shooter  # noqa: E402  (beside this file)

GENEROUS_K = 9   # the Void needs 9 territories: the `solo` bot wins the chapter (the bundled K is 2–3)
WON_CHAPTER = 2  # the third chapter, the one the lost debrief shows too


def generous_copy(folder: Path) -> None:
    """The bundled journey at a generous K, written where the game will read campaigns from."""
    import json

    from iwari_desktop.engine.campaign import campaign_file

    data = json.loads(campaign_file.bundled_campaign_path("journey").read_text(encoding="utf-8"))
    for chapter in data["chapters"] + [data["bonus"]]:
        chapter["k"] = GENEROUS_K
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "journey.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    campaign_file.campaigns_dir = lambda: folder   # this run only: the rest of the game reads it from here


def won_debrief(app, shot, profile_id: str, seed: int, folder: Path) -> None:
    """Play the journey's third chapter to a win at a generous K and show its debrief."""
    from iwari_desktop.engine.bots.solo import SoloBot
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.menu.menu import MenuScene
    from iwari_desktop.scenes.selftest.smoke_campaign import _play_to_debrief

    generous_copy(folder)
    app.stack.reset(MenuScene(app))
    app.stack.top.choose("campaign")
    profiles = app.stack.top
    profiles.select(profile_id)
    profiles.open_journey("journey")
    journey = app.stack.top
    journey.select(WON_CHAPTER)
    journey.open_briefing()
    app.stack.top.start(seed=seed)
    board = app.stack.find(BoardScene)
    _play_to_debrief(app, board, seed, bot=SoloBot(seed))
    run = board.campaign
    if run.result is None or not run.result.won:
        raise SystemExit(f"the solo bot lost the generous chapter with seed {seed}; try another --seed")
    shot("campaign-debrief-won")


def chapter1_hint(app, out: Path, size: tuple[int, int], suffix: str, seed: int) -> None:
    """A new profile's first chapter ("First Light") at Normal, its first turn, the Hint asked and shown
    (`solo-chapter1-hint-1080.png` at 1920x1080, the size of the playtest that first took it)."""
    from iwari_desktop import campaign_store
    from iwari_desktop.engine.campaign.difficulty import Difficulty
    from iwari_desktop.scenes.board.board import BoardScene

    tester = campaign_store.create_profile("Tester", date(2026, 11, 26))
    app.stack.top.choose("campaign")
    profiles = app.stack.top
    profiles.select(tester.id)
    profiles.open_journey("journey")
    app.stack.top.take(Difficulty.NORMAL)   # a new profile is asked its difficulty first
    app.stack.pop()
    profiles.open_journey("journey")
    journey = app.stack.top
    journey.select(0)
    journey.open_briefing()
    app.stack.top.start(seed=seed)
    board = app.stack.find(BoardScene)
    board.ask_hint()
    board.computers.hint_thinker.join(60)
    for _ in range(3):
        app.step(0)
    name = "solo-chapter1-hint-1080" if size == (1920, 1080) else f"solo-chapter1-hint{suffix}"
    shooter(app, out)(name)


def history(campaign, progress) -> None:
    """Chapters 1 and 2 won at Normal, with two and three stars (hand-made results, see the docstring)."""
    from iwari_desktop.engine.campaign.difficulty import Difficulty
    from iwari_desktop.engine.campaign.progress import record_result
    from iwari_desktop.engine.campaign.result import ChapterResult, Side, TerritoryOutcome
    from iwari_desktop.engine.core.biomes import Biome

    journey = progress.campaign(campaign.id)
    for chapter, turns, corruptions in ((campaign.chapters[0], 25, 3), (campaign.chapters[1], 17, 1)):
        territories = tuple(TerritoryOutcome(f"T{i}", biome, Side.PLAYER)
                            for i, biome in enumerate(list(Biome)[:5] * 2))
        result = ChapterResult(won=True, reason="the Void did not reach K", turns=turns,
                               corruptions=corruptions, territories=territories, ruins_placed=4)
        record_result(campaign, journey, chapter.id, Difficulty.NORMAL, result, date(2026, 11, 20))


def main(argv: list[str] | None = None) -> int:
    def own(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--chapter1-hint", action="store_true",
                            help="only the Hint on the first turn of a new profile's first chapter")

    args, (w, h), suffix, out = screenshot_run(__doc__.splitlines()[0], argv, own)

    from iwari_desktop import campaign_store
    from iwari_desktop.app import App
    from iwari_desktop.engine.campaign.difficulty import Difficulty
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.campaign.campaign_run import load_campaign
    from iwari_desktop.scenes.selftest.smoke_campaign import _play_to_debrief

    if args.chapter1_hint:
        app = App(size=(w, h), fullscreen=False)
        chapter1_hint(app, out, (w, h), suffix, args.seed)
        app.pg.quit()
        return 0
    ann = campaign_store.create_profile("Ann", date(2026, 11, 1))
    campaign_store.create_profile("Ben & Cat", date(2026, 11, 2))
    campaign = load_campaign("journey")
    progress = campaign_store.load_progress(ann.id)
    history(campaign, progress)
    campaign_store.save_progress(ann.id, progress)

    app = App(size=(w, h), fullscreen=False)

    shot = shooter(app, out, suffix)

    app.stack.top.choose("campaign")
    profiles = app.stack.top
    profiles.select(ann.id)
    shot("campaign-profiles")
    profiles.select(campaign_store.list_profiles()[1].id)
    profiles.open_journey("journey")
    shot("campaign-difficulty")
    app.stack.top.take(Difficulty.NORMAL)
    app.stack.pop()
    profiles.select(ann.id)
    profiles.open_journey("journey")
    journey = app.stack.top
    journey.select(2)
    shot("campaign-journey")
    journey.open_briefing()
    shot("campaign-briefing")
    briefing = app.stack.top
    briefing.start(seed=args.seed)
    board = app.stack.find(BoardScene)
    _play_to_debrief(app, board, args.seed)
    shot("campaign-debrief")
    won_debrief(app, shot, ann.id, args.seed, Path(tempfile.mkdtemp(prefix="iwari-campaigns-")))
    app.pg.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

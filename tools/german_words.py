"""Every English word left on a German screen: runs each screenshot tool in German and reads what it drew.

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python tools/german_words.py [--out DIR] [--all]

Each screenshot tool (screenshots.py and its --computers and --expansion runs, screenshots_solo,
_campaign, _replay, _tutorial) runs with `--lang de` in its own process; every time it saves a picture,
every text the visible scenes draw through `Ui.blit_text` (the rules page too) and every widget's text is
recorded and checked with `tests/support/english_words.py`. Prints `<picture>: <text>  [english words]` for each
hit and ends with the number of hits; exits 1 when there is any. `--all` prints every text instead (for
reading the German of every screen). The pictures go to DIR (default a temporary folder), so this run
does not replace docs/screenshots/de.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "support"))

RUNS = [("screenshots", []), ("screenshots", ["--computers"]), ("screenshots", ["--expansion"]),
        ("screenshots_solo", []), ("screenshots_campaign", []), ("screenshots_replay", []),
        ("screenshots_tutorial", [])]
# names the tools give their players (proper names stay as they are)
PLAYER_NAMES = ("Aiyana", "Bodhi", "Chenoa", "Dakota", "Elan")


def drawn_texts(app) -> list[str]:
    """Every text the visible scenes draw (off-screen pages included) and every visible widget's text."""
    from iwari_desktop.scenes.ui.look import DrawnText, TextRecorder

    class Everything(TextRecorder):
        def text(self, text, surf, rect, box, target) -> None:  # noqa: ANN001 - the recorder's signature
            if text.strip():
                self.texts.append(DrawnText(text, rect, rect, box, self.layer))

    recorder = Everything(app.screen.get_size())
    app.ui.recorder = recorder
    try:
        for scene in app.stack.visible():
            if hasattr(scene, "_static"):
                scene._static = None  # a cached layer is redrawn, so its texts are recorded too
            scene.draw(app.screen)
    finally:
        app.ui.recorder = None
    texts = [t.text for t in recorder.texts]
    for scene in app.stack.visible():
        for widget in getattr(scene, "widgets", []):
            if getattr(widget, "visible", True):
                texts += [str(t) for t in (getattr(widget, "text", ""), getattr(widget, "tool_tip_text", "")) if t]
    return texts


def run_one(tool: str, extra: list[str], out: Path, record: Path) -> None:
    """In this process: patch App.screenshot to record the texts, then run the tool in German."""
    from iwari_desktop.app import App

    original = App.screenshot
    found: dict[str, list[str]] = {}

    def screenshot(self, path) -> None:  # noqa: ANN001
        self.draw()
        found[Path(path).name] = drawn_texts(self)
        original(self, path)
        record.write_text(json.dumps(found, ensure_ascii=False, indent=1), encoding="utf-8")

    App.screenshot = screenshot
    module = __import__(tool)
    module.main(["--lang", "de", "--out", str(out), *extra])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=None)
    parser.add_argument("--all", action="store_true", help="print every text, not only the English")
    parser.add_argument("--one", nargs="+", help=argparse.SUPPRESS)  # internal: TOOL RECORD [ARGS...]
    args, rest = parser.parse_known_args(argv)
    if args.one:
        run_one(args.one[0], args.one[2:] + rest, Path(args.out), Path(args.one[1]))
        return 0
    out = Path(args.out or tempfile.mkdtemp(prefix="iwari-german-"))
    out.mkdir(parents=True, exist_ok=True)
    from english_words import leftovers

    hits = 0
    for i, (tool, extra) in enumerate(RUNS):
        record = out / f"texts-{i}.json"
        done = subprocess.run([sys.executable, __file__, "--out", str(out), "--one", tool, str(record), *extra],
                              capture_output=True, text=True, env=os.environ.copy())
        if done.returncode != 0:
            print(f"{tool} {' '.join(extra)} failed:\n{done.stderr[-2000:]}")
            hits += 1
        if not record.exists():
            continue
        for picture, texts in json.loads(record.read_text(encoding="utf-8")).items():
            if args.all:
                print(f"== {picture}")
                print("\n".join(f"   {t}" for t in texts))
                continue
            for text, words in leftovers(texts, PLAYER_NAMES).items():
                hits += 1
                print(f"{picture}: {text}  {words}")
    print(f"{hits} English leftover(s); pictures in {out}")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())

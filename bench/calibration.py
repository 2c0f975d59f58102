"""Campaign K from games played to the natural end (issue #20 part 4): each chapter's win rate at every K.

    .venv/bin/python bench/calibration.py RUN.jsonl [RUN.jsonl ...] [--campaign journey]

Reads the per-game lines of `bench/expert.py --per-game` (one JSON object a game with `map`, `mode`,
`played_for`, `seed` and `tally`). A territory once counted never changes hands (S7) and an outright Void win
is a tally of 12, so a game whose Void ends with tally T is won at every K > T: one set of games gives a map's
whole curve of win rate against K. The games are played for one K (3 solo, 1 co-op), and a bot that plays
for a larger K gives up more territories on purpose, so the curve is an estimate away from that K; the
`--check-k4` games of bench/expert.py measure how far (docs/campaign.md, "Calibration").

For a campaign it prints, chapter by chapter, the measured rate at each K near the chapter's own and the K
whose rate is nearest a target climbing evenly from `--first` (the opening chapter) to `--last` (the closing
one); the bonus chapter aims at the middle. Not a test: the chosen K go into the campaign files by hand,
with the figures in docs/campaign.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from expert import wilson   # bench/expert.py: the same interval its own lines print

ROOT = Path(__file__).resolve().parents[1]
K_RANGE = range(1, 11)   # the Ks the engine takes


@dataclass(frozen=True)
class Curve:
    """One map and mode: the Void's final tallies, and the win rate they give at any K."""

    tallies: tuple[int, ...]

    def wins(self, k: int) -> int:
        return sum(t < k for t in self.tallies)

    def rate(self, k: int) -> float:
        return self.wins(k) / len(self.tallies)

    def interval(self, k: int) -> tuple[float, float]:
        """Wilson's 95 % interval of the win rate at K."""
        return wilson(self.wins(k), len(self.tallies))

    def cell(self, k: int) -> str:
        low, high = self.interval(k)
        return f"{self.wins(k)}/{len(self.tallies)} = {self.rate(k):.2f} ({low:.2f}–{high:.2f})"


def read_curves(paths: list[Path]) -> dict[tuple[str, str], Curve]:
    """(mode, map) -> its curve, from every per-game line of the files (games played for K = 4 are left out:
    they are the check, not the curve)."""
    tallies: dict[tuple[str, str], list[int]] = defaultdict(list)
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                game = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not isinstance(game, dict) or "seed" not in game or "tally" not in game:
                continue
            if game["mode"] == "solo" and game["played_for"] != 3:
                continue
            tallies[(game["mode"], game["map"])].append(int(game["tally"]))
    return {key: Curve(tuple(values)) for key, values in tallies.items()}


def chapters(campaign: str) -> tuple[str, list[tuple[str, str, int]]]:
    """The campaign's mode and its (id, map, K) in order, the bonus chapter last."""
    data = json.loads((ROOT / "assets" / "campaigns" / f"{campaign}.json").read_text(encoding="utf-8"))
    listed = list(data["chapters"]) + ([data["bonus"]] if data.get("bonus") else [])
    return data["mode"], [(c["id"], c["map"], int(c.get("k", data["k"]))) for c in listed]


def targets(count: int, first: float, last: float) -> list[float]:
    """An even climb of difficulty over the journey's chapters (the bonus, last, aims at the middle)."""
    steps = count - 2
    climb = [first + (last - first) * i / max(1, steps) for i in range(count - 1)]
    return climb + [(first + last) / 2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--campaign", default="journey")
    parser.add_argument("--first", type=float, default=0.90)
    parser.add_argument("--last", type=float, default=0.30)
    args = parser.parse_args(argv)
    curves = read_curves(args.runs)
    mode, listed = chapters(args.campaign)
    print(f"| # | chapter | map | games | K now: rate | target | proposed K: rate (95 %) |")
    print("|---|---|---|---|---|---|---|")
    for index, ((chapter, map_id, k_now), aim) in enumerate(zip(listed, targets(len(listed), args.first, args.last))):
        curve = curves.get((mode, map_id))
        number = "B" if index == len(listed) - 1 else str(index + 1)
        if curve is None:
            print(f"| {number} | `{chapter}` | `{map_id}` | 0 | – | {aim:.2f} | no games |")
            continue
        best = min(K_RANGE, key=lambda k: (abs(curve.rate(k) - aim), k))
        print(f"| {number} | `{chapter}` | `{map_id}` | {len(curve.tallies)} | K = {k_now}: {curve.rate(k_now):.2f} "
              f"| {aim:.2f} | **K = {best}**: {curve.cell(best)} |")
    print()
    for (curve_mode, map_id), curve in sorted(curves.items()):
        cells = " · ".join(f"K={k} {curve.rate(k):.2f}" for k in range(1, 9))
        print(f"{curve_mode} {map_id} ({len(curve.tallies)} games): {cells}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Games of every map, mode, player count and option for the network tests (tests/net/).

Why random legal moves: the codec and the mask must hold for every state the engine can reach, and a
random player reaches odd corners (feats, Void decisions, drafts, the end) fast and reproducibly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterator

from iwari_desktop.engine.core.config import BASE_FEATS, GameConfig, GameMode
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState


@dataclass(frozen=True)
class Case:
    """One game to play: map, mode, seats, setup options, the base feats and the B4 draft."""

    map_id: str
    mode: str = "multiplayer"
    players: int = 3
    options: tuple[tuple[str, Any], ...] = ()
    feats: bool = False
    draft: bool = False
    seed: int = 1

    def config(self) -> GameConfig:
        return GameConfig.quick(self.map_id, self.players, 7919 * self.seed + 17, mode=GameMode(self.mode),
                                options=dict(self.options), feats=BASE_FEATS if self.feats else frozenset(),
                                draft=self.draft)

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options)
        return (f"{self.map_id}-{self.mode}-{self.players}p{'-feats' if self.feats else ''}"
                f"{'-draft' if self.draft else ''}{'-' + extra if extra else ''}-s{self.seed}")


# every bundled map; 2 to 6 players; every option; solo and co-op (closed and open hands)
CASES: tuple[Case, ...] = (
    Case("new-horizons", players=2, feats=True, draft=True),
    Case("vast-lands", players=4, feats=True, options=(("courage", True), ("expeditions", True))),
    Case("floating-lands", players=5, feats=True, options=(("worship", 1),)),
    Case("forgotten-island", players=3, feats=True, options=(("worship", 3),)),
    Case("glacial-mass", players=2, feats=True, options=(("expeditions", True),)),
    Case("uncharted-paths", players=3, options=(("courage", True),)),
    Case("long-road", players=4, feats=True, draft=True),
    Case("the-void", players=6, feats=True, options=(("worship", 2), ("courage", True))),
    Case("the-void", players=2, feats=True),
    Case("new-horizons", "solo", 1),
    Case("forgotten-island", "solo", 1, options=(("k", 2),)),
    Case("uncharted-paths", "solo", 1, options=(("auto_void_ties", True),)),
    Case("floating-lands", "solo", 1),
    Case("long-road", "solo", 1),
    Case("glacial-mass", "coop", 2),
    Case("vast-lands", "coop", 2, options=(("open_hands", True),)),
    Case("uncharted-paths", "coop", 2, options=(("open_hands", True), ("auto_void_ties", True))),
    Case("forgotten-island", "coop", 2, options=(("k", 3),)),
)
QUICK: tuple[Case, ...] = (CASES[0], CASES[7], CASES[9], CASES[14], CASES[15])


def every_case() -> list:
    """CASES as pytest params: the QUICK ones plain, the others marked slow. Why: a test over every case used
    to sit beside a quick copy over QUICK at a sparser stride, and `make test` ran both; the states the quick
    copy checked are a subset of the full test's. One test now checks each case once, and
    `-m 'not slow'` still checks the QUICK cases (at the full test's stride)."""
    import pytest

    return [pytest.param(case, id=str(case), marks=() if case in QUICK else pytest.mark.slow) for case in CASES]

MAX_DECISIONS = 2000


def states_along(case: Case, every: int = 1) -> Iterator[GameState]:
    """Every `every`-th state of a random game of `case` (the first and the final one always), as clones."""
    state = new_game(case.config())
    chooser = random.Random(case.seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state.clone()
        apply(state, chooser.choice(legal_actions(state)))
        step += 1
        if step > MAX_DECISIONS:
            raise RuntimeError(f"{case} did not end")
    yield state.clone()

"""B3: mountains cover one connection of each peak group in play, chosen with the game's RNG."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.i18n import N_

GROUPS_IN_PLAY: dict[int, tuple[int, ...]] = {5: (1,), 4: (1, 2), 3: (1, 2, 3), 2: (1, 2, 3, 4)}


@register
@dataclass(frozen=True)
class Mountains(RuleModule):
    """B3 as a rule module, switched on for maps that use mountains."""

    key: ClassVar[str] = "mountains"
    order: ClassVar[int] = 10
    ruling: ClassVar[str] = "B3"
    title: ClassVar[str] = N_("the mountains")

    def on_setup(self, state: GameState) -> None:
        """Cover one connection of each peak group in play for the player count (B3).

        The choice uses the game's RNG, so the seed fixes it; the covered connection numbers go sorted
        into `state.mountains`. A map with mountains has two connections in each peak group (the map
        validator refuses it otherwise) and is played by 2 to 5 (solo and co-op switch mountains off, S1).
        """
        groups = state.board.peak_groups
        covered = [state.rng.choice(list(groups[group])) for group in GROUPS_IN_PLAY[state.n_players]]
        state.mountains = tuple(sorted(covered))

"""Computer players. They decide from one seat's observation, never from the hidden state.

One module per level (random_bot, easy, normal, hard) on the shared base (base: own seeded RNG,
forced moves, ties), the shared evaluation (evaluation), the worlds a seat may believe in (worlds)
and the level names (registry).
"""

from iwari_desktop.engine.bots.players import BOTS
from iwari_desktop.engine.bots.registry import LEVELS, make_bot

__all__ = ["BOTS", "LEVELS", "make_bot"]

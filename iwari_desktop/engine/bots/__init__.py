"""Computer players. They decide from one seat's observation, never from the hidden state."""

from iwari_desktop.engine.bots.players import BOTS

__all__ = ["BOTS"]

"""The in-game rulebook screen."""

"""History & statistics, and Watch the game (replays)."""

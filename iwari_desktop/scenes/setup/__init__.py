"""Setting up a game: players and seats, map, options, solo/co-op setup, and starting the game."""

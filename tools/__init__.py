"""Developer tools of Iwari Desktop (not shipped with the game)."""

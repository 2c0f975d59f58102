"""Solo and co-op campaigns as data: chapters, goals, difficulty, unlocks, stars and records.

Pure Python like the rest of the engine (never pygame): `format` reads a campaign file's data into
typed chapters, `mapcheck` checks them against the maps, `goals` evaluates a chapter's goals on a
finished game's `ChapterResult` (built by `from_game`, the one converter from a finished solo or co-op
game), `simulate` plays chapters with a bot for calibration, `progress` holds the rules for unlocks, stars and records, and
`progress_file` turns a profile's progress into versioned JSON and back. Where those files live on
disk is the desktop side's business (`iwari_desktop/campaign_store.py`).
"""

"""Finished games kept for replays and statistics (record: the file format; stats: the arithmetic)."""

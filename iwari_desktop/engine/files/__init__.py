"""Files the engine reads and writes: saves, position files and the one bounded JSON reader."""

"""Load game: the list of saves, and opening one."""

"""The main menu (title art and the ways in)."""

"""The map generator of Iwari Desktop: recipes in, Tiled `.tmx` maps out (see build.py)."""

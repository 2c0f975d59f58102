"""Finds bundled assets the same way from a source checkout, an installed copy and a frozen build.

Kept free of pygame so that the engine can locate its maps too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ASSETS_ENV = "IWARI_ASSETS"
# where a checkout or an installed copy keeps `assets/`: worked out once, since resolving the path asks the disk
# about each of its folders and the network codec looks the maps up for every snapshot it reads
_BESIDE_PACKAGE = Path(__file__).resolve().parent.parent / "assets"


def assets_dir() -> Path:
    """The folder holding `maps/` and `sprites/`.

    An explicit environment override wins (tests, custom map packs); a PyInstaller build
    unpacks data next to its bootloader (`sys._MEIPASS`); a checkout keeps `assets/` beside
    the package.
    """
    override = os.environ.get(ASSETS_ENV)
    if override:
        return Path(override)
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets"
    return _BESIDE_PACKAGE


def maps_dir() -> Path:
    return assets_dir() / "maps"


def sprites_dir() -> Path:
    return assets_dir() / "sprites"

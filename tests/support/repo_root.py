"""The repository's root folder, for tests that read docs, examples or run the engine from it.

One place, so a test file can move between folders of tests/ without counting `..` again.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

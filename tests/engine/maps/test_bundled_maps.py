"""The eight maps of MAPS.md are bundled, load, and meet every requirement the validator knows.

These fail until the maps are drawn into assets/maps/; they are not skipped on purpose, so that a
missing or broken map shows up in every test run.
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine.maps.validator import validate_board
from iwari_desktop.engine.maps.registry import MAP_IDS
from iwari_desktop.engine.maps.tmx_loader import load_board
from iwari_desktop.resources import maps_dir

# MAPS.md, in its order
MAPS_MD_IDS = ("new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass",
               "uncharted-paths", "long-road", "the-void")


def test_registry_knows_the_eight_maps_of_maps_md() -> None:
    assert MAP_IDS == MAPS_MD_IDS


@pytest.mark.parametrize("map_id", MAPS_MD_IDS)
def test_bundled_map_exists_loads_and_validates(map_id: str) -> None:
    path = maps_dir() / f"{map_id}.tmx"
    assert path.is_file(), f"{path} is missing"
    board = load_board(path)
    assert board.map_id == map_id
    problems = validate_board(board)
    assert not problems, "\n".join(str(p) for p in problems)


def test_the_map_list_is_read_again_when_its_folder_changes(tmp_path, monkeypatch):
    """The list is kept between calls (a server asks for it with every message) but a map dropped into the folder
    shows at the next call, after the bundled ones."""
    import os

    from iwari_desktop.engine.maps import registry

    (tmp_path / "long-road.tmx").write_text("<map/>", encoding="utf-8")
    (tmp_path / "new-horizons.tmx").write_text("<map/>", encoding="utf-8")
    monkeypatch.setattr(registry, "maps_dir", lambda: tmp_path)
    assert registry.bundled_map_ids() == ("new-horizons", "long-road")
    (tmp_path / "my-island.tmx").write_text("<map/>", encoding="utf-8")
    os.utime(tmp_path, ns=(1, tmp_path.stat().st_mtime_ns + 1_000_000))   # a coarse clock could leave it unchanged
    assert registry.bundled_map_ids() == ("new-horizons", "long-road", "my-island")

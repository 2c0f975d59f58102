"""What the history tests share: the data and config folders in a temp folder, so the store writes there."""

from __future__ import annotations

import pytest


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path

"""Fixtures of the solo scene tests."""

from __future__ import annotations

import pytest

from iwari_desktop.i18n import set_language


@pytest.fixture(params=["en", "de"])
def language(request):
    """The test runs once in English and once in German (the language is English again afterwards)."""
    set_language(request.param)
    yield request.param
    set_language("en")

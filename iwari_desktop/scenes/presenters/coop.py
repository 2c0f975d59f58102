"""Co-op against the Void (S12): two partners play the solo rules as one side, so it shows what solo shows."""

from __future__ import annotations

from typing import ClassVar

from .registry import register
from .solo import Solo


@register
class Coop(Solo):
    key: ClassVar[str] = "coop"

"""The one error the generator raises: a recipe or a drawn layout that cannot work.

`build_layout` tells a rejected layout (redrawn with the next seed) from a broken recipe
(raised at once) by this error's message.
"""

from __future__ import annotations


class GenerationError(Exception):
    pass

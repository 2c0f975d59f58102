"""Courage (E9): a setup option, its feat note, the moment it is lost; at the final scoring its step comes before
the lines it changes."""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from ...i18n import N_, _
from .base import Category, Entry, FeatPresenter, Note
from .registry import register


@register
class Courage(FeatPresenter):
    key: ClassVar[str] = "courage"
    option_title: ClassVar[str] = N_("Courage")
    # it cancels a feat, so it is explained before the multipliers that follow
    categories: ClassVar[tuple[Category, ...]] = (Category("courage", N_("Courage"), order=-1, own_focus=True),)
    order: ClassVar[int] = 20  # its moment after the expedition cards', before Worship's

    def feat_notes(self, state: Any, kind: str) -> list[str]:
        return [_("Courage cancels one other feat here at the final scoring")] if kind == "courage" else []

    def events(self, state: Any, was: Any) -> tuple[list[Entry], list[Note]]:
        """Courage earned with no feat on the board to cancel: it is lost."""
        earned = state.feats_earned.get(FeatKind.COURAGE, [])
        if len(earned) > was.courage_earned and not any(f.feat is FeatKind.COURAGE for f in state.feats) \
                and not any(c.feat is FeatKind.COURAGE for c in state.pending_feats):
            name = state.tribes[earned[-1]].name
            return ([(earned[-1], _("explores the last territory: Courage is lost, no feat lies on the board"))],
                    [(_("Courage is lost"), _(
                        "{name} explored the last unexplored territory and earned Courage, but no feat lies on the "
                        "board for it to cancel, so it is discarded.").format(name=name))])
        return [], []

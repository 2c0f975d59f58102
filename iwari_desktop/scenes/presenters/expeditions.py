"""Expedition cards (E8): a setup option, the cards' tooltip, the moment a mission is met; their points close
the final scoring."""

from __future__ import annotations

from typing import Any, ClassVar

from ...i18n import N_, _
from ..ui.words import localized
from .base import Category, Entry, Name, Note, Presenter, detail_sentence
from .registry import register


@register
class Expeditions(Presenter):
    key: ClassVar[str] = "expeditions"
    option_title: ClassVar[str] = N_("Expedition cards")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("expedition", N_("Expeditions"), order=5, colour=(200, 150, 40), own_focus=True),)
    order: ClassVar[int] = 10  # its moments first

    def events(self, state: Any, was: Any) -> tuple[list[Entry], list[Note]]:
        """An expedition card claimed: a log line per tribe scoring it, an announcement of the card."""
        entries: list[Entry] = []
        notes: list[Note] = []
        for report in state.reports[was.reports:]:
            if report.kind != "award":
                continue
            for line in report.lines:
                for tribe, points in line.points.items():
                    entries.append((tribe, _("completes {card}: +{points}").format(
                        card=localized(line.label).split(':')[0], points=points)))
                detail = localized(line.detail)
                notes.append((_("{card} claimed").format(card=localized(line.label).split(':')[0]),
                              (detail[:1].upper() + detail[1:] + ".") if detail else localized(line.label)))
        return entries, notes

    def explain(self, state: Any, line: Any) -> list[str] | None:
        return detail_sentence(line) if line.category == "expedition" else None

    @staticmethod
    def card_lines(state: Any, cards: list[dict], name: Name) -> list[str]:
        """The expedition chip's tooltip: each mission, its two rewards and who took them."""
        lines = [_("Expedition cards (click to see them)")]
        for card in cards:
            first, second = card["rewards"]
            claimed = card["claimed_by"]
            mission = localized(card["mission"])
            lines.append(f"{card['number']}. {mission[:1].upper()}{mission[1:]}")
            taken = [_("first {points} pts: {who}").format(points=first, who=name(claimed[0]) if claimed else _("open")),
                     _("second {points} pts: {who}").format(points=second,
                                                            who=name(claimed[1]) if len(claimed) > 1 else _("open"))]
            lines.append("    " + " · ".join(taken))
        return lines

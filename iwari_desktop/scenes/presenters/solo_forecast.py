"""What the board shows of the Void's forecast, as one picture model: the territories the next strike hits
(lit in purple), where its pieces go (the totem spaces and ruin spaces to mark), the territories a
Corruption would count with who would take each, the box's sentences, and the live preview of the Void
cards being picked for its action (S4).

Why a model: the drawing (`solo_board.py`, `solo_box.py`) and the tests read the same `ForecastPicture`,
so a test can play the action and check that every mark drawn is what the engine then did. The engine's
`forecast`/`preview_void_play` rehearse on clones, which costs a few milliseconds: the picture is kept
per position and pick (`ForecastCache`), so a frame redrawn without a change asks nothing again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from iwari_desktop.engine import Biome
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.engine.rulesets.solo.data import KEY, data
from iwari_desktop.engine.rulesets.solo.events import RUIN, TOTEM
from iwari_desktop.engine.rulesets.solo.forecast import (TIE_DECISIONS, NoForecast, Strike, StrikeKind, VoidForecast,
                                                         VoidPlayPreview, forecast, preview_void_play)
from iwari_desktop.engine.rulesets.solo.standing import Verdict, standing
from .solo_words import forecast_lines, pending_line, preview_line, tally_line


@dataclass(frozen=True)
class ForecastPicture:
    """The forecast as drawn: `lit` the strike's territories; `totems` the territories whose totem space gets
    a Void totem (the totem's `on`), `ruins` the spaces a ruin goes on; `counts` the territories the
    Corruption counts with their verdicts (marked on the map only when that Corruption is the next strike
    or the previewed one); `lines` the box's sentences; `preview` the live preview of picked Void cards."""

    strike: Strike
    lit: tuple[int, ...]
    totems: tuple[int, ...]
    ruins: tuple[int, ...]
    counts: tuple[Verdict, ...]
    lines: tuple[str, ...]
    tally: str
    forecast: VoidForecast
    preview: VoidPlayPreview | None = None


def _marks(strike: Strike) -> tuple[tuple[int, ...], tuple[int, ...]]:
    totems = tuple(h.on for h in strike.hits if h.piece == TOTEM and h.on is not None and not h.bonus)
    ruins = tuple(h.space for h in strike.hits if h.piece == RUIN and h.space is not None and not h.bonus)
    return totems, ruins


def picked_play(state: Any, cards: tuple[Any, ...]) -> tuple[VoidPlay, bool] | None:
    """The Void cards among the picked `cards` as "lay them above the display", while the Void action is the
    decision (S4); with `True` when biome cards are picked too (a Place for the Void comes first)."""
    voids = sum(1 for c in cards if c is Biome.VOID)
    d = data(state)
    if not voids or d.decision is None or d.decision[0] != "action":
        return None
    return VoidPlay(None, (), 0, voids), any(c is not Biome.VOID for c in cards)


def choice_pending(state: Any) -> bool:
    """A strike is under way and waits for the player's choice (which territory first, which space, which
    bonus territory: P21, P56)."""
    decision = data(state).decision
    return decision is not None and decision[0] in TIE_DECISIONS


def picture(state: Any, cards: tuple[Any, ...] = ()) -> ForecastPicture | None:
    """The forecast picture of `state` with the hand's `cards` picked (None: nothing to forecast).

    While a strike under way waits for the player's choice, the picture shows nothing that has not happened
    yet: the engine's forecast looks past that strike to the next Void card (explain_solo wants that), but
    on the board its marks would light territories the choice does not offer and its tallies would count
    pieces not yet on the map. So no marks, one sentence saying the forecast comes back once the strike is
    done, and the tallies of the position as it stands."""
    if KEY not in state.ext:
        return None
    try:
        fc = forecast(state)
    except NoForecast:
        return None
    players = state.n_players
    if choice_pending(state):
        now = replace(fc, standing=standing(state))
        return ForecastPicture(fc.next, (), (), (), (), (pending_line(),), tally_line(now.standing, players), now)
    preview = None
    picked = picked_play(state, cards)
    if picked is not None:
        try:
            preview = preview_void_play(state, picked[0])
        except ValueError:   # not a legal count of Void cards now: no preview
            preview = None
    if preview is not None and preview.strike is not None:
        strike = preview.strike
        lines = (preview_line(state, preview, players, picked[1]),)
        shown_counts = strike.kind is StrikeKind.CORRUPTION
    else:
        strike = fc.next
        lines = tuple(forecast_lines(state, fc, players))
        shown_counts = fc.next_is_corruption
    totems, ruins = _marks(strike)
    counts = strike.corruption_counts if shown_counts else ()
    return ForecastPicture(strike, strike.targets, totems, ruins, counts, lines,
                           tally_line(fc.standing, players), fc, preview)


def position_key(state: Any) -> tuple:
    """Everything a forecast reads, cheaply: a changed position gives a changed key."""
    d = data(state)
    return (id(state), state.turn, state.phase, state.active_seat, tuple(state.space_owner), tuple(state.display),
            len(state.deck), tuple(len(h) for h in state.hands), tuple(tuple(s) for s in state.totem_stacks),
            d.above, d.pawn, d.beside, d.events.total, repr(d.decision), repr(d.steps), len(d.claims))


class ForecastCache:
    """The last few pictures by position and pick (the board asks every frame; a pick toggles back and forth)."""

    def __init__(self, size: int = 6) -> None:
        self.size = size
        self._kept: dict[tuple, ForecastPicture | None] = {}

    def get(self, state: Any, cards: tuple[Any, ...] = ()) -> ForecastPicture | None:
        if KEY not in state.ext:
            return None
        key = (position_key(state), tuple(cards))
        if key not in self._kept:
            if len(self._kept) >= self.size:
                self._kept.pop(next(iter(self._kept)))
            self._kept[key] = picture(state, tuple(cards))
        return self._kept[key]

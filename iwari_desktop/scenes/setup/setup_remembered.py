"""Setup opens as the player left it: the last started setup of each mode, from and into the settings.

`storage.Settings.last_setups` keeps the shapes (see iwari_desktop/setup_memory.py); here they meet
the installed maps and the engine. A remembered choice that no longer fits (a map removed, a colour
the map does not offer, an option the engine now refuses) is left at the screen's default, so a
remembered setup can never stop a game from starting.
"""

from __future__ import annotations

from iwari_desktop import storage
from iwari_desktop.engine import BASE_FEATS, FeatKind, TribeColour
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.setup_memory import RememberedSeat, RememberedSetup
from .setup_maps import board_or_none
from .setup_model import OPTION_DEFAULTS, EngineJudge, SetupModel, colours_for
from .setup_seats import SEAT_KINDS


def remembered(app, mode: GameMode) -> RememberedSetup | None:
    return getattr(app.settings, "last_setups", {}).get(mode.value)


def remember(app, mode: GameMode, setup: RememberedSetup) -> None:
    """Keep `setup` as the last one of `mode`; a config folder that cannot be written only costs the memory."""
    app.settings.last_setups = {**app.settings.last_setups, mode.value: setup}
    try:
        storage.save_settings(app.settings)
    except OSError:
        pass


def of_model(model: SetupModel) -> RememberedSetup:
    seats = tuple(RememberedSeat(name.strip(), colour.value, computer) for name, colour, computer in
                  zip(model.names, model.colours, model.computers + [None] * len(model.names)))
    options = {name: value for name, value in model.options.items() if isinstance(value, (bool, int))}
    return RememberedSetup(model.map_id, seats, tuple(sorted(f.value for f in model.feats)), model.draft,
                           model.first, options)


def _colour(key: str) -> TribeColour | None:
    try:
        return TribeColour(key)
    except ValueError:
        return None


def apply_to_model(model: SetupModel, setup: RememberedSetup, maps: list[str], judge: EngineJudge) -> None:
    """Fill the multiplayer form from `setup`, keeping each default the memory cannot give."""
    board = board_or_none(setup.map_id) if setup.map_id in maps else None
    if board is None:
        return
    model.map_id = setup.map_id
    seats = setup.seats[:board.max_players]
    offered = colours_for(board)
    colours: list[TribeColour] = []
    for seat in seats:   # a colour the map does not offer, or taken twice, becomes the first one free
        colour = _colour(seat.colour)
        colours.append(colour if colour in offered and colour not in colours else
                       next(c for c in offered if c not in colours))
    model.names = [seat.name for seat in seats]
    model.colours = colours
    model.computers = [seat.computer if seat.computer in SEAT_KINDS else None for seat in seats]
    feats = {feat for feat in BASE_FEATS if feat.value in setup.feats}
    if feats:
        model.feats = feats
    model.draft = setup.draft
    model.first = setup.first if setup.first is not None and setup.first < len(seats) else None
    model.fit_to(board)
    for name, value in setup.options.items():
        if name in OPTION_DEFAULTS and type(value) is type(OPTION_DEFAULTS[name]) \
                and judge.option_refusal(model, name, value) is None:
            model.options[name] = value
    if judge.options_refusal(model) is not None:
        model.options = dict(OPTION_DEFAULTS)


def of_mode(model) -> RememberedSetup:
    """A solo or co-op setup (setup_mode.ModeSetup) as a remembered one: its names, K and switches."""
    return RememberedSetup(model.map_id, tuple(RememberedSeat(n.strip()) for n in model.names),
                           options=dict(model.options()))


def apply_to_mode(model, setup: RememberedSetup, maps: list[str], k_range: tuple[int, int]) -> None:
    """Fill the solo / co-op form from `setup` (same number of seats only: solo is one, co-op two)."""
    if setup.map_id in maps:
        model.map_id = setup.map_id
    if len(setup.seats) == len(model.names):
        model.names = [seat.name for seat in setup.seats]
    k = setup.options.get("k")
    if type(k) is int and k_range[0] <= k <= k_range[1]:
        model.k = k
    model.open_hands = setup.options.get("open_hands") is True
    model.auto_ties = setup.options.get("auto_void_ties") is True

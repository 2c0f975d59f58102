"""What each shown Void step reveals: the piece that appears, the claim token, where the pawn stands.

The engine plays a whole Void sequence inside one action and records one event per step (the solo
module's `VoidEvent`s: kind, territory, piece, space, connection and the sentence to show). To show it
step by step, the screen starts from the position after the sequence and hides what later steps
brought: each event names what it put down — a ruin by its space, a Void totem by the territory it
stands on, a count by its territory, an Infection or a Corruption by the pawn's connection, a pawn
move by both connections — so the frame of step i is the final position minus the pieces and claims
of the steps after i, with the pawn where step i left it.

Nothing here decides a rule, and no sentence is read back: the wording and the language are free to
change (no pygame).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import EMPTY, GameState
from iwari_desktop.engine.rulesets.solo import events as ev
from iwari_desktop.engine.rulesets.solo.events import VoidEvent


@dataclass
class Step:
    """One shown step: its sentence and what it reveals (see the module docstring)."""

    sentence: str
    kind: str | None = None              # the event's kind (events.py), None for a bare sentence
    ruin: int | None = None              # the space of the ruin that appears
    totem: int | None = None             # the territory a Void totem appears on
    claim: int | None = None             # the territory whose claim token appears
    connection: int | None = None        # the connection the step happens at (lit)
    pawn_from: int | None = None         # a pawn step: from this connection ...
    pawn_to: int | None = None           # ... to this one
    pawn: int | None = None              # where the pawn stands during this step (its end for a pawn step)
    toward: int | None = None            # Void cards toward a Corruption after the step
    beside: bool = False                 # the step puts a Void card beside the board
    shuffled: int = 0                    # the Void cards the step shuffles into the deck (S6)
    displayed: int = 0                   # the Void cards the step takes out of the display (S6)
    territories: set[int] = field(default_factory=set)  # the territories lit


def step_of(board, event: VoidEvent | str) -> Step:
    """The step an event describes; a bare sentence (no event) is shown as it is, revealing nothing."""
    if not isinstance(event, VoidEvent):
        return Step(event)
    step = Step(event.text, event.kind, toward=event.toward, beside=event.kind == ev.CORRUPT_CARDS,
                displayed=event.displayed or 0)
    if event.territory is not None:
        step.territories.add(event.territory)
    connection = board.connections_by_number.get(event.connection) if event.connection is not None else None
    if connection is not None:
        step.connection = event.connection
        step.territories |= set(connection.territories)   # both get infected / the pawn stands between them
    if event.kind == ev.PAWN and connection is not None and event.start in board.connections_by_number:
        step.pawn_from, step.pawn_to = event.start, event.connection
    if event.piece == ev.RUIN and event.space is not None:
        step.ruin = event.space
    elif event.piece == ev.TOTEM and event.on is not None:
        step.totem = event.on
        step.territories.add(event.on)
    if event.kind == ev.COUNT:
        step.claim = event.territory
    return step


def plan_steps(board, events: list[VoidEvent | str], final_pawn: int | None,
               start_pawn: int | None = None) -> list[Step]:
    """The steps to show, in order, each with where the pawn stands during it.

    `start_pawn` is the pawn's connection before the first event (None: where the first event puts
    it, else `final_pawn`, where it stands after the last one).
    """
    steps = [step_of(board, e) for e in events]
    first = next((s.pawn_from if s.pawn_from is not None else s.connection for s in steps
                  if s.connection is not None), None)
    pawn = start_pawn if start_pawn is not None else (first if first is not None else final_pawn)
    struck = 0   # the Void cards that set off the latest Corruption (its event's `toward`)
    for step in steps:
        if step.connection is not None:
            pawn = step.connection
        step.pawn = pawn
        if step.kind == ev.CORRUPTION:
            struck = step.toward or 0
        elif step.beside:   # S6: one of them beside the board, the rest shuffled into the deck
            step.shuffled, struck = max(0, struck - 1), 0
    return steps


def set_off_by_player(steps: list[Step]) -> bool:
    """The steps are only counts of territories the player's own move filled (their Place, or their Place
    for the Void): no Void card, no strike, no pawn, no end. A count inside a strike always comes with the
    strike's pieces (a ruin fills the territory), even when a choice split the strike in two."""
    return bool(steps) and all(step.kind == ev.COUNT for step in steps)


def frame_state(final: GameState, steps: list[Step], index: int) -> GameState:
    """The position shown during step `index`: the final one without the pieces and claims of later steps.

    A copy for drawing only (never played on): derived counts are kept in line so every view reads it right.
    """
    from iwari_desktop.engine.rulesets.solo.data import KEY

    frame = final.clone()
    void = frame.void_tribe
    later = steps[index + 1:]
    for step in later:
        s = step.ruin
        if s is not None and frame.space_owner[s] == void:
            frame.space_owner[s] = EMPTY
            territory = frame.board.spaces[s].territory
            if territory is not None:
                frame.territory_tents[territory][void] -= 1
                frame.territory_empty[territory] += 1
            frame.tents_left[void] += 1
    # a later Corruption's Void cards are still face up in the display (they leave it at its step)
    frame.display.extend([Biome.VOID] * sum(step.displayed for step in later))
    shuffled = sum(step.shuffled for step in later)
    for _taken in range(shuffled):   # a later Corruption's Void cards are not in the deck yet (its count shown)
        if Biome.VOID not in frame.deck:
            break
        frame.deck.remove(Biome.VOID)
    totems = Counter(step.totem for step in later if step.totem is not None)
    for territory, n in totems.items():
        stack = frame.totem_stacks[territory]
        for _taken in range(n):
            if void not in stack:
                break
            del stack[len(stack) - 1 - stack[::-1].index(void)]
            frame.totem_counts[territory][void] -= 1
            frame.totems_left[void] += 1
    memory = frame.ext.get(KEY)
    if memory is not None:
        for step in later:
            if step.claim is not None:
                memory.claims.pop(step.claim, None)
        if 0 <= index < len(steps) and steps[index].pawn is not None:
            memory.pawn = steps[index].pawn
        # the counters as they stood: a Corruption from the step it strikes on, a card beside the board only
        # from its step on, and the Void cards toward a Corruption after the latest step that changed them
        later_beside = sum(1 for step in later if step.beside)
        memory.beside = max(0, memory.beside - later_beside)
        memory.corruptions = max(0, memory.corruptions - sum(1 for step in later if step.kind == ev.CORRUPTION))
        toward = None
        for step in steps[:index + 1]:
            toward = step.toward if step.toward is not None else toward
        if toward is not None:
            memory.above = max(0, toward - frame.display.count(Biome.VOID))
    frame.refresh_counts()   # tents and totems were taken off by hand: the kept fit entries follow them
    return frame


def void_pieces(state: GameState) -> int:
    """The Void's pieces on the board (ruins and totems): what a frame shows of the Void."""
    void = state.void_tribe
    return sum(1 for who in state.space_owner if who == void) + sum(s.count(void) for s in state.totem_stacks)

"""What each shown Void step reveals: the piece that appears, the claim token, where the pawn stands.

The engine plays a whole Void sequence inside one action and notes one sentence per step (the solo
module's log). To show it step by step, the screen starts from the position after the sequence and
hides what later steps brought: each sentence names exactly what it put down — a ruin by its space
("... (s12)."), a Void totem by the territory it went on, a count by its territory, an Infection or
a Corruption by the pawn's connection — so the frame of step i is the final position minus the
pieces and claims of the steps after i, with the pawn where step i found it. Between an Infection's
last piece and the next step the pawn moves on; that move is a step of its own here, worded by the
screen, because the engine moves the pawn without a sentence.

Nothing here decides a rule: it only reads the engine's sentences and the final position (no pygame).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import EMPTY, GameState
from iwari_desktop.i18n import _

_CONNECTION = re.compile(r"\bat connection (\d+)\.$")
_RUIN = re.compile(r"\(s(\d+)\)\.$")
_TOTEM = re.compile(r"so a Void totem goes on (.+?)(?: \(for .+\))?\.$")
_COUNTED = re.compile(r"^(.+?) is counted: ")
_TOWARD = re.compile(r"\((\d+) of \d+ toward a Corruption\)")
_BESIDE = re.compile(r"goes beside the board \((\d+) of \d+\)")
# sentences that belong to an Infection's group (its pieces, its counts, a settlement bonus it set off)
_IN_GROUP = ("the cap allows a totem", "no room for a totem", " is counted: ", "The Void completed a settlement")


@dataclass
class Step:
    """One shown step: its sentence and what it reveals (see the module docstring)."""

    sentence: str
    ruin: int | None = None              # the space of the ruin that appears
    totem: int | None = None             # the territory a Void totem appears on
    claim: int | None = None             # the territory whose claim token appears
    connection: int | None = None        # the connection the step happens at (lit)
    pawn_from: int | None = None         # a pawn step: from this connection ...
    pawn_to: int | None = None           # ... to this one
    pawn: int | None = None              # where the pawn stands during this step (its end for a pawn step)
    toward: int | None = None            # Void cards toward a Corruption the step names ("(4 of 4 ...)")
    beside: bool = False                 # the step puts a Void card beside the board
    territories: set[int] = field(default_factory=set)  # the territories lit


def _territory_named(board, name: str) -> int | None:
    return next((t.index for t in board.territories if t.name == name), None)


def read_step(board, sentence: str) -> Step:
    """The step a sentence describes: what it puts down and where (unmatched parts stay None)."""
    from .void_steps import named_territories

    step = Step(sentence, territories=named_territories(board, sentence))
    if (m := _CONNECTION.search(sentence)) and int(m.group(1)) in board.connections_by_number:
        step.connection = int(m.group(1))
        step.territories |= set(board.connections_by_number[step.connection].territories)  # both get infected
    if m := _TOWARD.search(sentence):
        step.toward = int(m.group(1))
    elif sentence.startswith("Corruption at connection"):
        from iwari_desktop.engine.rulesets.solo.data import CORRUPTION_AT

        step.toward = CORRUPTION_AT   # a Corruption happens when the count reaches it
    step.beside = bool(_BESIDE.search(sentence))
    if (m := _RUIN.search(sentence)) and int(m.group(1)) < len(board.spaces):
        step.ruin = int(m.group(1))
    elif m := _TOTEM.search(sentence):
        step.totem = _territory_named(board, m.group(1))
    elif m := _COUNTED.search(sentence):
        step.claim = _territory_named(board, m.group(1))
    return step


def plan_steps(board, sentences: list[str], final_pawn: int | None, start_pawn: int | None = None) -> list[Step]:
    """The steps to show, in order; where the pawn moved on between two of them, a pawn step of its own.

    `start_pawn` is the pawn's connection before the first sentence (None: where the first Infection
    or Corruption happens, else where it ends up); `final_pawn` where it stands after the last one.
    """
    steps = [read_step(board, s) for s in sentences]
    connections = [s.connection for s in steps if s.connection is not None]
    pawn = start_pawn if start_pawn is not None else (connections[0] if connections else final_pawn)
    out: list[Step] = []
    for i, step in enumerate(steps):
        if step.connection is not None:
            pawn = step.connection
        step.pawn = pawn
        out.append(step)
        grouped = step.connection is not None or any(k in step.sentence for k in _IN_GROUP)
        following = steps[i + 1] if i + 1 < len(steps) else None
        if not grouped or (following is not None and any(k in following.sentence for k in _IN_GROUP)):
            continue  # the pawn moves on only once an Infection's pieces, counts and bonuses are done
        later = [s.connection for s in steps[i + 1:] if s.connection is not None]
        nxt = later[0] if later else final_pawn
        if pawn is None or nxt is None or nxt == pawn or nxt not in board.connections_by_number:
            continue
        if following is not None and following.connection == nxt:
            continue  # the next Infection names where the pawn went: it moves there with that step
        out.append(Step(_("The Void pawn moves on from connection {start} to connection {end}: the next "
                          "connection whose two territories are not both counted.").format(start=pawn, end=nxt),
                        connection=nxt, pawn_from=pawn, pawn_to=nxt, pawn=nxt,
                        territories=set(board.connections_by_number[nxt].territories)))
        pawn = nxt
    return out


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
        # the counters as they stood: a card beside the board only from its step on, and the Void cards
        # the sequence named toward a Corruption until they went beside the board
        later_beside = sum(1 for step in later if step.beside)
        memory.beside = max(0, memory.beside - later_beside)
        memory.corruptions = max(0, memory.corruptions - later_beside)
        toward = None
        for step in steps[:index + 1]:
            toward = None if step.beside else (step.toward if step.toward is not None else toward)
        if toward is not None:
            memory.above = max(0, toward - frame.display.count(Biome.VOID))
    return frame


def void_pieces(state: GameState) -> int:
    """The Void's pieces on the board (ruins and totems): what a frame shows of the Void."""
    void = state.void_tribe
    return sum(1 for who in state.space_owner if who == void) + sum(s.count(void) for s in state.totem_stacks)

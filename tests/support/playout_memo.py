"""The Expert's play-outs (and its candidates' look-ahead) kept by their inputs, for tests that ask the same
search twice on purpose (issue #32).

Why: the fairness test (test_bots_expert.py) asks the Expert at a position and at its twins whose hidden cards
differ, and the K-gate test (test_bots_expert_gate.py) asks it with the gate as it is and with the gate shut;
each passes only when the answers are the same, so when the code is right the second and third searches play the
very play-outs of the first — to the game's natural end, most of the test's time. `expert_rollout.play_turns`
is a pure function of the state it is given (its RNG included: `GameState ==` compares every field), the turns,
the line and the view, and changes only that state; so a play-out asked again with equal inputs gets a copy of
the end it reached before, and one whose inputs differ in anything (a hidden card that reached a world, the view
of another K, another line) is played for real. Every decision is still made by the Expert's own code around the
play-outs, so a leak of hidden cards or of the gate still changes the inputs or the choice and still fails the
test. The same holds of the look-ahead that ranks the candidate turns (`expert.Follower.followed_value`, a pure
function of the state, the seat and the action: its bot's RNG is never drawn). Whether one play-out replays exactly is not these tests' question: test_s10_expert_plays_complete_legal_games
and tests/engine/core/test_trace_pinned.py play the Expert without this memo.
"""

from __future__ import annotations

from typing import Any

from iwari_desktop.engine.bots import expert
from iwari_desktop.engine.bots.expert_rollout import play_turns
from iwari_desktop.engine.core.state import GameState


class KeptPlayOuts:
    """`play_turns` with each end kept under its inputs (module docstring); `played` and `reused` count."""

    def __init__(self) -> None:
        self.ends: dict[tuple, list[tuple[GameState, Any, GameState]]] = {}
        self.played = 0
        self.reused = 0

    def __call__(self, state: GameState, turns: int, line=(), view=None) -> None:
        bucket = self.ends.setdefault((turns, tuple(line), *_key(state)), [])   # `==` and the view decide
        for start, seen_view, end in bucket:
            if seen_view == view and start == state:
                state.__dict__.update(end.clone().__dict__)
                self.reused += 1
                return
        start = state.clone()
        play_turns(state, turns, line, view)
        bucket.append((start, view, state.clone()))
        self.played += 1


def _key(state: GameState) -> tuple:
    """A cheap part of `state` that picks the bucket; `==` on the whole state decides."""
    return (state.phase, state.active_seat, tuple(state.turns_taken), tuple(state.deck), tuple(state.space_owner),
            state.rng.state)


class KeptFollower(expert.Follower):
    """`expert.Follower` whose `followed_value` gives a copy of the end (and the moves) it gave for an equal state,
    seat and action (module docstring); `ends` is set per test by `keep_play_outs`."""

    ends: dict[tuple, list[tuple[GameState, GameState, float, list]]] = {}

    def followed_value(self, world: GameState, seat: int, action, line=None) -> tuple[GameState, float]:
        bucket = self.ends.setdefault((seat, action, *_key(world)), [])
        for start, end, value, moves in bucket:
            if start == world:
                if line is not None:
                    line.extend(moves)
                return end.clone(), value
        start = world.clone()
        moves: list = []
        end, value = super().followed_value(world, seat, action, moves)
        bucket.append((start, end.clone(), value, list(moves)))
        if line is not None:
            line.extend(moves)
        return end, value


def keep_play_outs(monkeypatch) -> KeptPlayOuts:
    """The Expert's play-outs and look-ahead kept for the rest of the test (`monkeypatch` undoes it)."""
    kept = KeptPlayOuts()
    monkeypatch.setattr(expert, "play_turns", kept)
    monkeypatch.setattr(KeptFollower, "ends", {})
    monkeypatch.setattr(expert, "Follower", KeptFollower)
    return kept

"""The multiplayer Hint's claims, checked against the real game: play the whole hinted move (the action and every
piece it names), then read the claim back from the engine's own state — tents per territory (B15), totem
majorities on a connection (B16), settlements (B17) — not from the estimate the reason was picked with."""

from __future__ import annotations

from iwari_desktop.engine.bots.evaluation import SETTLEMENT_MINIMUM, group_sizes
from iwari_desktop.engine.bots.explain import Reason, Why
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.scoring import connection_winners, majority_holders
from iwari_desktop.engine.core.state import GameState


def _leads(counts: list[int], tribe: int) -> str | None:
    top = max(counts)
    if top <= 0 or counts[tribe] != top:
        return None
    return "alone" if counts.count(top) == 1 else "shared"


def check_mp_claims(state: GameState, seat: int, reason: Reason) -> GameState:
    """Play `reason.steps` on a copy of the real `state` and assert what the reason says; the copy is returned."""
    assert reason.steps, reason
    tribe = state.tribe_of_seat(seat)
    sim = state.clone()
    for action in reason.steps:
        assert action in legal_actions(sim), (action, reason.why)
        apply(sim, action)
    why, t = reason.why, reason.territory
    if why in (Why.TAKES_MAJORITY, Why.TIES_MAJORITY, Why.ADDS_TENTS, Why.BREAKS_MAJORITY):
        old, new = state.territory_tents[t], sim.territory_tents[t]
        if why is Why.TAKES_MAJORITY:       # B15: the seat now has the most tents there, alone
            assert _leads(new, tribe) == "alone" and _leads(old, tribe) != "alone"
        elif why is Why.TIES_MAJORITY:
            assert _leads(new, tribe) == "shared" and _leads(old, tribe) is None
        elif why is Why.ADDS_TENTS:
            assert new[tribe] > old[tribe]
        else:
            before, after = _leads(old, reason.rival), _leads(new, reason.rival)
            assert before is not None and (after is None or before == "alone" and after == "shared")
    elif why in (Why.WINS_LINK, Why.RAISES_LINK):       # B16: totem majority on both sides
        assert tribe in connection_winners(sim, reason.connection)
        if why is Why.WINS_LINK:
            assert tribe not in connection_winners(state, reason.connection)
    elif why is Why.BREAKS_LINK:
        assert reason.rival in connection_winners(state, reason.connection)
        assert reason.rival not in connection_winners(sim, reason.connection)
    elif why is Why.PREPARES_LINK:
        a, b = sim.board.connections_by_number[reason.connection].territories
        assert tribe in majority_holders(sim.totem_counts[a]) | majority_holders(sim.totem_counts[b])
    elif why is Why.COMPLETES_SETTLEMENT:       # B17
        old = [s for s in group_sizes(state, tribe) if s >= SETTLEMENT_MINIMUM]
        new = [s for s in group_sizes(sim, tribe) if s >= SETTLEMENT_MINIMUM]
        assert len(new) > len(old) and reason.size in new
    elif why is Why.GROWS_SETTLEMENT:
        assert max(group_sizes(sim, tribe), default=0) == reason.size >= SETTLEMENT_MINIMUM
    return sim

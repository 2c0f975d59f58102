"""Why a move is good against the Void: the solo/co-op hint's reason, named from the solo evaluation.

The same idea as `explain.py` for the players' side: the move is played on a public copy with the
rest of the turn played out the way the solo bot looks ahead (`SoloBot.followed`: its pieces, the
Void action, the Void's placements and tie choices), the solo evaluation is split into its terms
before and after (`solo_eval.value_terms`), and the term that gains most names the reason. Draws
are explained the way the solo bot values them (a Void card off the display delays a Corruption; a
land card by the open territory of its biome that needs it most).
"""

from __future__ import annotations

from iwari_desktop.engine.bots.explain import NAMED, Reason, Why
from iwari_desktop.engine.bots.solo import SoloBot
from iwari_desktop.engine.bots.solo_eval import territory_flip, value_terms
from iwari_desktop.engine.bots.worlds import public_copy
from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.data import VOID, data

_BY_TERM = {"over": Why.SOLO_WINS, "expected": Why.SOLO_BELOW_K, "pressure": Why.SOLO_DELAYS_CORRUPTION,
            "beside": Why.SOLO_CLEARS_BESIDE, "hand": Why.SOLO_SHEDS_VOID_CARD, "pieces": Why.SOLO_PLACES_PIECES,
            "void-totems": Why.SOLO_VOID_TOTEMS, "map": Why.SOLO_MAP_THREAT}


def explain_solo(state: GameState, seat: int, action: Action) -> Reason:
    """The main reason `action` is good for the players' side in a solo or co-op `state`; never changes it."""
    world = public_copy(state, seat)
    if world.phase is Phase.DRAW and isinstance(action, Draw):
        return _draw(world, action)
    after_state = SoloBot(0).followed(world, seat, action)
    before, after = value_terms(world, seat), value_terms(after_state, seat)
    gains = {key: after.get(key, 0.0) - before.get(key, 0.0) for key in set(before) | set(after)}
    total = sum(after.values()) - sum(before.values())
    key = max(gains, key=lambda k: (gains[k], str(k))) if gains else None
    if key is None or gains[key] < NAMED:
        return Reason(Why.SOLO_LEAST_HARM, total)
    gain = gains[key]
    if key[0] == "territory":
        return Reason(Why.SOLO_SAFER, gain, territory=int(key[1]))
    if key[0] == "claims":
        old, new = data(world).claims, data(after_state).claims
        won = [t for t, claim in new.items() if t not in old and claim.side != VOID]
        return Reason(Why.SOLO_CLAIMS, gain, territory=min(won) if won else None)
    return Reason(_BY_TERM.get(str(key[0]), Why.SOLO_LEAST_HARM), gain)


def _draw(world: GameState, action: Draw) -> Reason:
    if action.card is None:
        return Reason(Why.DRAW_BLIND, 0.0)
    if action.card is Biome.VOID:
        return Reason(Why.SOLO_DRAW_VOID, 1.0, card=action.card)
    claims = data(world).claims
    best, where = -1.0, None
    for territory in world.board.territories_by_biome.get(action.card, ()):
        if territory in claims or world.territory_empty[territory] == 0:
            continue
        need = 2.0 if not world.is_explored(territory) else max(0.0, 3.0 - territory_flip(world, territory)) * 0.8
        if need > best:
            best, where = need, territory
    if where is None:
        return Reason(Why.SOLO_LEAST_HARM, 0.0, card=action.card)
    return Reason(Why.SOLO_DRAW_FOR, best, territory=where, card=action.card)

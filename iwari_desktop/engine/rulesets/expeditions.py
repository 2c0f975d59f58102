"""E8 expedition cards (setup option `expeditions`; not on The Void, not in solo): three missions to race for.

At setup the 16 cards are shuffled with the game's RNG and 3 are revealed. After every placement the
active player is checked (P15: placements made for the third tribe included; the third tribe never
claims): the first tribe to meet a card's mission scores its first reward and keeps the card, the
second scores the second reward and the card leaves the game. Points come at once through
`award_points`, as explained report lines. Missions and rewards live in one data table,
`EXPEDITION_CARDS`, so a misprint is corrected in one place. The Void's own module (`void_tribe`)
refuses the option there (E7). Missions 1-14 count only pieces inside
territories (a tent on a ruin space is in none, P10); "first place" needs an own piece and may be
shared, also with the neutral Void's totems (P15).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from iwari_desktop.engine.core.biomes import BASE_BIOMES, Biome
from iwari_desktop.engine.core.errors import points as points_text
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.primitives import award_points
from iwari_desktop.engine.core.scoring import tribe_word
from iwari_desktop.engine.core.settlements import tribe_groups
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.i18n import N_
from iwari_desktop.engine.core.text import Text

CARDS_REVEALED = 3
CROSSING_ROADS = 3   # mission 16: a road crossing is a tent space with 3 or more road segments


class MissionKind(Enum):
    """What a mission counts; `amount` and `biome` of the card fill in the numbers."""

    TENTS_IN_BIOME = "tents_in_biome"      # 1-5: at least `amount` tents in territories of `biome`
    TENT_EACH_BIOME = "tent_each_biome"    # 6: a tent in every biome
    FIRST_IN_TENTS = "first_in_tents"      # 7: first place (alone or shared) in tents in `amount` territories
    TOTEMS_IN_BIOME = "totems_in_biome"    # 8-12: at least `amount` totems in territories of `biome`
    TOTEM_EACH_BIOME = "totem_each_biome"  # 13: a totem in every biome that can hold one (P46)
    FIRST_IN_TOTEMS = "first_in_totems"    # 14: first place in totems in `amount` territories
    SETTLEMENT = "settlement"              # 15: a settlement of at least `amount` tents
    CROSSINGS = "crossings"                # 16: tents on `amount` road crossings


@dataclass(frozen=True)
class ExpeditionCard:
    """One expedition card: its number, its mission and its first and second rewards (E8)."""

    number: int
    kind: MissionKind
    amount: int
    first: int
    second: int
    biome: Biome | None = None

    @property
    def mission(self) -> Text:
        """The mission in plain words (setup screen, hover and report lines), translatable."""
        k, n, b = self.kind, self.amount, self.biome
        if k is MissionKind.TENTS_IN_BIOME:
            return Text(N_("have {count} tents in {biome} territories"), count=n, biome=b.word)
        if k is MissionKind.TENT_EACH_BIOME:
            return Text(N_("have a tent in every biome"))
        if k is MissionKind.FIRST_IN_TENTS:
            return Text(N_("have the most tents (ties count) in {count} territories"), count=n)
        if k is MissionKind.TOTEMS_IN_BIOME:
            return Text(N_("have {count} totems in {biome} territories"), count=n, biome=b.word)
        if k is MissionKind.TOTEM_EACH_BIOME:
            return Text(N_("have a totem in every biome that takes totems"))
        if k is MissionKind.FIRST_IN_TOTEMS:
            return Text(N_("have the most totems (ties count) in {count} territories"), count=n)
        if k is MissionKind.SETTLEMENT:
            return Text(N_("build a settlement of {count} tents"), count=n)
        return Text(N_("have tents on {count} road crossings (spaces where 3 or more roads meet)"), count=n)


def _cards() -> tuple[ExpeditionCard, ...]:
    cards = [ExpeditionCard(1 + i, MissionKind.TENTS_IN_BIOME, 4, 4, 2, b) for i, b in enumerate(BASE_BIOMES)]
    cards.append(ExpeditionCard(6, MissionKind.TENT_EACH_BIOME, 1, 5, 3))
    cards.append(ExpeditionCard(7, MissionKind.FIRST_IN_TENTS, 3, 6, 3))
    cards += [ExpeditionCard(8 + i, MissionKind.TOTEMS_IN_BIOME, 2, 4, 2, b) for i, b in enumerate(BASE_BIOMES)]
    cards.append(ExpeditionCard(13, MissionKind.TOTEM_EACH_BIOME, 1, 5, 3))
    cards.append(ExpeditionCard(14, MissionKind.FIRST_IN_TOTEMS, 3, 6, 3))
    cards.append(ExpeditionCard(15, MissionKind.SETTLEMENT, 5, 5, 3))
    cards.append(ExpeditionCard(16, MissionKind.CROSSINGS, CROSSING_ROADS, 5, 3))
    return tuple(cards)


# E8's 16 cards: missions and rewards (first/second). The rulebook prints no rewards; these are the
# RULINGS.md E8 values, kept here alone so they can be corrected in one place.
EXPEDITION_CARDS: tuple[ExpeditionCard, ...] = _cards()
CARDS_BY_NUMBER: dict[int, ExpeditionCard] = {c.number: c for c in EXPEDITION_CARDS}


@dataclass
class ExpeditionData:
    """The revealed cards (numbers, in the order revealed) and, per card, the tribes that met it in order."""

    cards: list[int]
    claims: list[list[int]] = field(default_factory=list)

    def __deepcopy__(self, memo: dict) -> "ExpeditionData":
        """Field by field: bots clone the state at each option they weigh, and the generic deepcopy of this
        record cost more than the rest of the clone (issue #32)."""
        return ExpeditionData(list(self.cards), list(map(list, self.claims)))


def _tent_biomes(board: Board) -> list[list[int]]:
    """Per base biome on the board, its territories that have tent spaces (mission 6)."""
    groups = [[t.index for t in board.territories if t.biome is b and t.tent_spaces] for b in BASE_BIOMES]
    return [g for g in groups if g]


def _totem_biomes(board: Board) -> list[list[int]]:
    """Per base biome, its territories with a totem space; biomes with none drop out (P46)."""
    groups = [[t.index for t in board.territories if t.biome is b and t.totem_space is not None] for b in BASE_BIOMES]
    return [g for g in groups if g]


def _first_places(counts: list[list[int]], tribe: int) -> int:
    """Territories where `tribe` has a piece and nobody has more (shared first place counts, P15)."""
    return sum(1 for c in counts if c[tribe] and c[tribe] == max(c))


def mission_met(state: GameState, card: ExpeditionCard, tribe: int) -> bool:
    """Whether `tribe` meets the card's mission now (P15: pieces inside territories only, for 1-14)."""
    k, n = card.kind, card.amount
    board = state.board
    if k is MissionKind.TENTS_IN_BIOME:
        tents = state.territory_tents
        return sum(tents[t][tribe] for t in board.territories_by_biome.get(card.biome, ())) >= n
    if k is MissionKind.TOTEMS_IN_BIOME:
        totems = state.totem_counts
        return sum(totems[t][tribe] for t in board.territories_by_biome.get(card.biome, ())) >= n
    if k is MissionKind.TENT_EACH_BIOME:
        tents = state.territory_tents
        return all(any(tents[t][tribe] for t in group) for group in _tent_biomes(board))
    if k is MissionKind.TOTEM_EACH_BIOME:
        totems = state.totem_counts
        return all(any(totems[t][tribe] for t in group) for group in _totem_biomes(board))
    if k is MissionKind.FIRST_IN_TENTS:
        return _first_places(state.territory_tents, tribe) >= n
    if k is MissionKind.FIRST_IN_TOTEMS:
        return _first_places(state.totem_counts, tribe) >= n
    if k is MissionKind.SETTLEMENT:
        return any(len(group) >= n for group in tribe_groups(state, tribe))
    roads = board.road_counts
    owner = state.space_owner
    return sum(1 for s, who in enumerate(owner) if who == tribe and roads[s] >= CROSSING_ROADS) >= n


def can_ever_be_met(card: ExpeditionCard, board: Board) -> bool:
    """P46: false for a card whose biome has no territory able to take its pieces (Tundra totems on
    Floating Lands); such a card is left out before the shuffle."""
    if card.kind is MissionKind.TENTS_IN_BIOME:
        return any(board.territories[t].tent_spaces for t in board.territories_by_biome.get(card.biome, ()))
    if card.kind is MissionKind.TOTEMS_IN_BIOME:
        return any(board.territories[t].totem_space is not None for t in board.territories_by_biome.get(card.biome, ()))
    return True


@register
@dataclass(frozen=True)
class Expeditions(RuleModule):
    """Three revealed expedition cards; the first and second tribe to meet each score its rewards (E8)."""

    key: ClassVar[str] = "expeditions"
    order: ClassVar[int] = 60          # after every feat module: a placement's feats are queued first
    ruling: ClassVar[str] = "E8"
    title: ClassVar[str] = N_("Expedition cards")
    summary: ClassVar[str] = N_("Three missions are revealed: the first player to complete one scores its top reward "
                              "at once, the second scores the lower one.")

    def on_setup(self, state: GameState) -> None:
        """Shuffle the cards that can be met on this map (P46) with the game's RNG and reveal 3."""
        pool = [c.number for c in EXPEDITION_CARDS if can_ever_be_met(c, state.board)]
        state.rng.shuffle(pool)
        revealed = pool[:CARDS_REVEALED]
        state.ext[self.key] = ExpeditionData(revealed, [[] for _ in revealed])

    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        """Check the active player (not the piece's owner: P15), claiming every card met, in revealed order."""
        data: ExpeditionData | None = state.ext.get(self.key)
        if data is None:
            return  # pieces put at setup, before the cards are out
        player = state.tribe_of_seat(state.active_seat)
        for i, number in enumerate(data.cards):
            claims = data.claims[i]
            if len(claims) >= 2 or player in claims:
                continue
            card = CARDS_BY_NUMBER[number]
            if mission_met(state, card, player):
                claims.append(player)
                self._award(state, card, player, len(claims))

    @staticmethod
    def _award(state: GameState, card: ExpeditionCard, tribe: int, place: int) -> None:
        points = card.first if place == 1 else card.second
        name = tribe_word(state, tribe)
        if place == 1:
            detail = Text(N_("{name} is the first to {mission}: {points}; keeps the card"), name=name,
                          mission=card.mission, points=points_text(points))
        else:
            detail = Text(N_("{name} is the second to {mission}: {points}; the card leaves the game"), name=name,
                          mission=card.mission, points=points_text(points))
        award_points(state, {tribe: points}, "expedition", f"expedition:{card.number}",
                     Text(N_("Expedition {number}: {mission}"), number=card.number, mission=card.mission), detail)

    def public_view(self, state: GameState, seat: int) -> list[dict[str, object]]:
        """The three cards with mission words, rewards and claimers (in order); all of it is public."""
        data: ExpeditionData | None = state.ext.get(self.key)
        if data is None:
            return []
        view = []
        for number, claims in zip(data.cards, data.claims):
            card = CARDS_BY_NUMBER[number]
            view.append({"number": number, "mission": card.mission, "rewards": [card.first, card.second],
                         "claimed_by": list(claims), "in_play": len(claims) < 2})
        return view


"""A small hand-built Board for rule tests: exact positions matter less than knowing every index.

Layout (territory index: biome, tent spaces):
  0 Desert  spaces 0-6  (7 spaces, roads 0-1-2-3-4 chain, 5, 6 off-road)
  1 Tundra  spaces 7-11 (5)   road 4-7 crosses the border, 7-8-9-10 chain
  2 Forest  spaces 12-15 (4)  chain 12-13-14-15
  3 Glaciers spaces 16-19 (4)
  4 Coast   spaces 20-23 (4)
  5 Tundra  spaces 24-26 (3)
Connections: 1 (0-1 land, peak 1), 2 (1-2 water, peak 1), 3 (2-3 land, peak 2), 4 (3-4 water, peak 2),
5 (4-5 land, peak 3), 6 (0-5 water, peak 3), 7 (0-2 land, peak 4), 8 (1-3 water, peak 4), 9 (2-4 land).
"""

from __future__ import annotations

from iwari_desktop.engine.core.biomes import Biome, ConnectionKind
from iwari_desktop.engine.maps.board import Board, Connection, RoadSegment, TentSpace, Territory

LAYOUT = [
    (Biome.DESERT, 7),
    (Biome.TUNDRA, 5),
    (Biome.FOREST, 4),
    (Biome.GLACIERS, 4),
    (Biome.COAST, 4),
    (Biome.TUNDRA, 3),
]
ROADS = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 7), (7, 8), (8, 9), (9, 10), (12, 13), (13, 14), (14, 15),
         (16, 17), (17, 18), (20, 21), (21, 22), (24, 25)]
CONNECTIONS = [
    (1, 0, 1, ConnectionKind.LAND, 1), (2, 1, 2, ConnectionKind.WATER, 1), (3, 2, 3, ConnectionKind.LAND, 2),
    (4, 3, 4, ConnectionKind.WATER, 2), (5, 4, 5, ConnectionKind.LAND, 3), (6, 0, 5, ConnectionKind.WATER, 3),
    (7, 0, 2, ConnectionKind.LAND, 4), (8, 1, 3, ConnectionKind.WATER, 4), (9, 2, 4, ConnectionKind.LAND, None),
]


def small_board(max_players: int = 5, mountains: bool = True) -> Board:
    territories = []
    spaces = []
    for index, (biome, n_spaces) in enumerate(LAYOUT):
        x0 = 200.0 * index
        ids = []
        for k in range(n_spaces):
            ids.append(len(spaces))
            spaces.append(TentSpace(index=len(spaces), object_id=1000 + len(spaces), position=(x0 + 20 * k, 50.0),
                                    territory=index))
        polygon = ((x0 - 10, 0.0), (x0 + 190, 0.0), (x0 + 190, 190.0), (x0 - 10, 190.0))
        territories.append(Territory(index=index, object_id=100 + index, name=f"{biome.label} {index}", biome=biome,
                                     polygon=polygon, tent_spaces=tuple(ids), totem_space=(x0 + 90, 150.0)))
    roads = tuple(RoadSegment(object_id=2000 + i, a=a, b=b) for i, (a, b) in enumerate(ROADS))
    connections = tuple(Connection(number=n, object_id=3000 + n, territories=(a, b), kind=kind, position=(0.0, 0.0),
                                   peak_group=peak if mountains else None) for n, a, b, kind, peak in CONNECTIONS)
    return Board(map_id="small-test", name="Small Test", min_players=2, max_players=max_players,
                 modes=frozenset({"multiplayer"}), uses_mountains=mountains, rules=(), size=(1200, 200),
                 territories=tuple(territories), spaces=tuple(spaces), roads=roads, connections=connections)

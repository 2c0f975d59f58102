"""The Vast Lands (base board, side B): two broad lands joined by a northern pass, split by a long gulf."""

from ..recipe import Channel, Recipe, Terr

RECIPE = Recipe(
    map_id="vast-lands",
    display_name="The Vast Lands",
    min_players=2,
    max_players=5,
    modes="multiplayer",
    mountains=True,
    rules="",
    seed=2202,
    land=[[(90, 380), (170, 190), (420, 110), (760, 150), (1050, 95), (1350, 140), (1530, 290), (1545, 620),
           (1470, 900), (1240, 1040), (960, 1010), (640, 1050), (360, 1040), (140, 960), (80, 700)]],
    channels=[Channel(((800, 1120), (815, 930), (775, 760), (790, 560), (770, 470)), 104),
              Channel(((20, 770), (250, 790), (410, 880), (470, 1110)), 58)],
    max_water_gap=160,
    exclude_pairs=[("Reedwater Strand", "Pearlshell Coast"), ("Ochre Mesa", "Glasswind Barrens")],
    connection_target=18,
    territories=[
        Terr("Hoarfrost Downs", "glaciers", (270, 280)),
        Terr("Cinderpeak Moors", "tundra", (520, 300)),
        Terr("Elderbough Forest", "forest", (250, 580)),
        Terr("Reedwater Strand", "coast", (520, 600)),
        Terr("Ochre Mesa", "desert", (610, 850)),
        Terr("Stormbreak Isle", "tundra", (200, 900)),
        Terr("Greenmantle Pass", "forest", (790, 320)),
        Terr("Glasswind Barrens", "desert", (1060, 240)),
        Terr("Rimeveil Glacier", "glaciers", (1390, 310)),
        Terr("Emberplain Steppe", "tundra", (990, 640)),
        Terr("Fernshadow Wilds", "forest", (1320, 690)),
        Terr("Pearlshell Coast", "coast", (1160, 880)),
    ],
)

"""The Uncharted Paths (expansion): a ring of lands round the purple Hollow Rift, with two outlying isles (E5)."""

from ..recipe import Recipe, Terr

RECIPE = Recipe(
    map_id="uncharted-paths",
    display_name="The Uncharted Paths",
    min_players=2,
    max_players=5,
    modes="multiplayer,solo,coop",
    mountains=False,
    rules="void-totems",
    seed=6606,
    land=[
        [(460, 190), (700, 110), (1100, 120), (1330, 220), (1420, 480), (1340, 760), (1150, 950), (820, 1020),
         (540, 980), (430, 780), (410, 480)],
        [(75, 190), (240, 140), (285, 400), (265, 700), (290, 960), (120, 1010), (70, 700)],
        [(1400, 870), (1545, 830), (1550, 1060), (1330, 1065), (1300, 990)],
    ],
    max_water_gap=160,
    exclude_pairs=[("Cinderfall Steppe", "Emberreef Isle")],
    connection_target=20,
    numbering="sweep",
    sweep_start=140.0,
    territories=[
        Terr("The Hollow Rift", "void", (870, 560), weight=0.75),
        Terr("Cinderfall Steppe", "tundra", (1230, 560)),
        Terr("Mirage Wastes", "desert", (1120, 800)),
        Terr("Lanternfish Shoals", "coast", (860, 880)),
        Terr("Whisperbark Wood", "forest", (610, 800)),
        Terr("Redstone Moor", "tundra", (520, 560)),
        Terr("Bluevein Glacier", "glaciers", (610, 330)),
        Terr("Oldgrowth Deep", "forest", (870, 240)),
        Terr("Starfrost Heights", "glaciers", (1130, 330)),
        Terr("Beacon Reach", "coast", (180, 380)),
        Terr("Sandglass Isle", "desert", (190, 800)),
        Terr("Emberreef Isle", "tundra", (1440, 960)),
    ],
    no_tents=["The Hollow Rift"],
)

"""The Void (expansion): a ring of lands round an inland sea where two purple Void isles rise (E7)."""

from ..recipe import Lake, Recipe, Terr

RECIPE = Recipe(
    map_id="the-void",
    display_name="The Void",
    min_players=2,
    max_players=6,
    modes="multiplayer",
    mountains=False,
    rules="void-tribe,contested,determination",
    seed=8808,
    land=[[(110, 420), (260, 170), (600, 85), (1000, 85), (1350, 160), (1520, 400), (1530, 760), (1340, 1000),
           (1000, 1060), (600, 1060), (260, 980), (100, 740)]],
    lakes=[Lake((810, 575), 300)],
    islets=[[(570, 410), (770, 380), (815, 510), (730, 630), (580, 615), (530, 520)],
            [(845, 560), (1030, 520), (1085, 650), (1010, 770), (855, 765), (805, 660)]],
    max_water_gap=150,
    exclude_pairs=[("Shardveil", "The Maw of Night")],
    connection_target=20,
    numbering="sweep",
    sweep_start=200.0,
    contested=5,
    territories=[
        Terr("Shardveil", "void", (680, 510), tents=5),
        Terr("The Maw of Night", "void", (950, 640), tents=5),
        Terr("Cinder Reach", "tundra", (1370, 570)),
        Terr("Greywood Tangle", "forest", (1260, 820)),
        Terr("Rimewatch", "glaciers", (990, 950)),
        Terr("Moonwater Strand", "coast", (630, 950)),
        Terr("Dunesworn Expanse", "desert", (350, 810)),
        Terr("Flintmoor", "tundra", (250, 570)),
        Terr("Hushpine Vale", "forest", (350, 320)),
        Terr("Frostlantern Peaks", "glaciers", (630, 190)),
        Terr("Gullwing Coast", "coast", (990, 190)),
        Terr("Scorchglass Barrens", "desert", (1270, 320)),
    ],
)

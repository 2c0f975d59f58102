"""Floating Lands (expansion): six sky-islands; the lone Tundra floats in the middle and takes no totems (E2)."""

from ..recipe import Recipe, Terr

RECIPE = Recipe(
    map_id="floating-lands",
    display_name="Floating Lands",
    min_players=2,
    max_players=5,
    modes="multiplayer,solo,coop",
    mountains=True,
    rules="tundra-no-totems,connection-roads",
    seed=3303,
    coast_noise=30.0,
    land=[
        [(110, 200), (300, 105), (560, 130), (660, 290), (600, 460), (420, 500), (200, 490), (100, 350)],
        [(740, 110), (1000, 85), (1180, 150), (1200, 330), (1040, 410), (810, 390), (712, 270)],
        [(1290, 140), (1480, 150), (1530, 370), (1430, 460), (1300, 400), (1270, 260)],
        [(90, 610), (280, 570), (460, 610), (510, 790), (440, 990), (220, 1030), (90, 870)],
        [(620, 560), (820, 500), (950, 560), (940, 740), (800, 800), (630, 740)],
        [(1070, 550), (1300, 520), (1530, 600), (1540, 870), (1400, 1030), (1110, 1040), (990, 920), (1010, 720)],
    ],
    max_water_gap=140,
    exclude_pairs=[("Skyroot Thicket", "Lanternleaf Wood")],
    connection_target=19,
    territories=[
        Terr("Cloudspire Heights", "glaciers", (250, 260)),
        Terr("Windharp Grove", "forest", (500, 370)),
        Terr("Sunmote Terraces", "desert", (840, 250)),
        Terr("Icebell Drift", "glaciers", (1090, 250)),
        Terr("Skyroot Thicket", "forest", (1400, 300)),
        Terr("Mistfall Lagoon", "coast", (250, 720)),
        Terr("Dustveil Ledge", "desert", (320, 910)),
        Terr("Anvil of the Sky", "tundra", (790, 650)),
        Terr("Lanternleaf Wood", "forest", (1160, 660)),
        Terr("Hailstone Reach", "glaciers", (1410, 730)),
        Terr("Driftfeather Shore", "coast", (1240, 920)),
    ],
    no_totem=["Anvil of the Sky"],
    connection_roads=[("Windharp Grove", "Sunmote Terraces"), ("Icebell Drift", "Skyroot Thicket"),
                      ("Windharp Grove", "Mistfall Lagoon"), ("Anvil of the Sky", "Lanternleaf Wood")],
)

"""New Horizons (base board, side A): one compact continent with a central lake and a cut-off east cape."""

from ..recipe import Channel, Lake, Recipe, Terr

RECIPE = Recipe(
    map_id="new-horizons",
    display_name="New Horizons",
    min_players=2,
    max_players=5,
    modes="multiplayer",
    mountains=True,
    rules="",
    seed=1101,
    land=[[(150, 300), (300, 150), (620, 130), (900, 100), (1180, 140), (1420, 220), (1490, 470),
           (1460, 760), (1320, 980), (1000, 1010), (700, 990), (420, 1010), (190, 890), (110, 610)]],
    channels=[Channel(((1560, 620), (1330, 600), (1230, 520)), 56),
              Channel(((640, 1080), (700, 900)), 50)],
    lakes=[Lake((780, 560), 70)],
    territories=[
        Terr("Frostmere Reach", "glaciers", (310, 300)),
        Terr("Ashen Highlands", "tundra", (620, 260)),
        Terr("Whisperpine Vale", "forest", (930, 240)),
        Terr("Silverfall Shelf", "glaciers", (1250, 300)),
        Terr("Mosswood Hollow", "forest", (260, 620)),
        Terr("Redscar Plateau", "tundra", (560, 580)),
        Terr("Hearthfire Steppe", "tundra", (1030, 560)),
        Terr("Gullcry Shore", "coast", (1350, 760)),
        Terr("Saltwind Bay", "coast", (380, 880)),
        Terr("Sunscorch Flats", "desert", (800, 860)),
        Terr("Amberdune Wastes", "desert", (1080, 880)),
        Terr("Thornroot Weald", "forest", (1230, 470)),
    ],
)

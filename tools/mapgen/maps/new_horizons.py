"""New Horizons (base board, side A): one compact continent round a central lake, and Ashen Isle off its east coast."""

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
    max_water_gap=160,
    connection_target=18,
    force_pairs=[("Whisperpine Vale", "Saltwind Bay")],
    exclude_pairs=[("Redscar Plateau", "Hearthfire Steppe")],
    land=[[(150, 300), (300, 150), (620, 130), (900, 100), (1180, 140), (1420, 220), (1490, 470),
           (1460, 760), (1320, 980), (1000, 1010), (700, 990), (420, 1010), (190, 890), (110, 610)]],
    channels=[Channel(((1580, 560), (1340, 575), (1285, 700), (1260, 880), (1220, 1090)), 58),
              Channel(((620, 1080), (660, 930)), 46),
              Channel(((440, 60), (470, 200), (450, 330), (480, 440)), 52)],
    lakes=[Lake((800, 575), 66)],
    territories=[
        Terr("Frostmere Reach", "glaciers", (330, 300)),
        Terr("Gullcry Cliffs", "coast", (580, 220)),
        Terr("Whisperpine Vale", "forest", (800, 360)),
        Terr("Silverfall Shelf", "glaciers", (1080, 230)),
        Terr("Thornroot Weald", "forest", (1290, 420)),
        Terr("Mosswood Hollow", "forest", (270, 620)),
        Terr("Redscar Plateau", "tundra", (600, 575)),
        Terr("Hearthfire Steppe", "tundra", (1010, 575)),
        Terr("Sunscorch Flats", "desert", (400, 870)),
        Terr("Saltwind Bay", "coast", (800, 800)),
        Terr("Amberdune Wastes", "desert", (1080, 860)),
        Terr("Ashen Isle", "tundra", (1410, 790)),
    ],
)

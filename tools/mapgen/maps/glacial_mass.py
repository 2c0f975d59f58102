"""Glacial Mass (expansion): a great ice shelf across the north, warmer lands beyond a berg-strewn sound (E4)."""

from ..recipe import Recipe, Terr

RECIPE = Recipe(
    map_id="glacial-mass",
    display_name="Glacial Mass",
    min_players=2,
    max_players=5,
    modes="multiplayer,solo,coop",
    mountains=True,
    rules="twin-connections",
    seed=5505,
    coast_noise=36.0,
    land=[
        [(80, 130), (400, 70), (800, 95), (1200, 65), (1530, 110), (1545, 440), (1300, 490), (1000, 470),
         (760, 510), (500, 470), (250, 500), (85, 440)],
        [(90, 605), (380, 575), (600, 615), (640, 850), (520, 1040), (220, 1050), (85, 870)],
        [(780, 625), (1000, 585), (1300, 595), (1530, 635), (1540, 900), (1350, 1050), (1000, 1050), (790, 950)],
    ],
    max_water_gap=160,
    connection_target=19,
    twin=("Whitecrown Expanse", "Frostbitten Steppe"),
    territories=[
        Terr("Palefang Icefield", "glaciers", (210, 260)),
        Terr("Howling Tundra", "tundra", (480, 270)),
        Terr("Whitecrown Expanse", "glaciers", (830, 260)),
        Terr("Frostbitten Steppe", "tundra", (1140, 270)),
        Terr("Aurora Shelf", "glaciers", (1420, 260)),
        Terr("Snowpine Refuge", "forest", (260, 740)),
        Terr("Saltcrust Flats", "desert", (480, 910)),
        Terr("Sealrock Cove", "coast", (230, 950)),
        Terr("Walrus Strand", "coast", (930, 770)),
        Terr("Taiga Hollow", "forest", (1220, 760)),
        Terr("Mammoth Barrens", "tundra", (1400, 920)),
        Terr("Bleached Dunes", "desert", (1080, 950)),
    ],
)

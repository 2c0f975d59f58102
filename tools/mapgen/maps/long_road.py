"""The Long Road (expansion): a long land running from the south-west to the north-east, the purple road along its spine (E6)."""

from ..recipe import Recipe, Terr

RECIPE = Recipe(
    map_id="long-road",
    display_name="The Long Road",
    min_players=2,
    max_players=5,
    modes="multiplayer,solo,coop",
    mountains=True,
    rules="long-road",
    seed=7707,
    land=[
        [(80, 760), (200, 560), (420, 430), (640, 300), (900, 170), (1200, 95), (1500, 110), (1540, 330),
         (1450, 520), (1250, 640), (1000, 760), (760, 900), (500, 1020), (200, 1050), (90, 960)],
        [(90, 100), (420, 90), (470, 240), (300, 330), (100, 300)],
        [(1040, 870), (1380, 700), (1545, 830), (1500, 1060), (1120, 1065)],
    ],
    max_water_gap=160,
    connection_target=19,
    exclude_pairs=[("Lastlight Forest", "Mistwillow Isle")],
    purple_road=[(260, 860), (480, 720), (700, 610), (900, 480), (1080, 380)],
    purple_count=12,
    territories=[
        Terr("Saltmarsh Landing", "coast", (250, 720)),
        Terr("Emberwake Plains", "tundra", (350, 920)),
        Terr("Wayfarer's Wood", "forest", (550, 550)),
        Terr("Copperdust Basin", "desert", (650, 750)),
        Terr("Milestone Heath", "tundra", (850, 380)),
        Terr("Cairnfrost Ridge", "glaciers", (950, 580)),
        Terr("Sunfire Escarpment", "desert", (1200, 200)),
        Terr("Lastlight Forest", "forest", (1300, 400)),
        Terr("Windworn Tor", "tundra", (190, 190)),
        Terr("Driftice Fells", "glaciers", (380, 210)),
        Terr("Mistwillow Isle", "forest", (1260, 970)),
        Terr("Harbourstone Shore", "coast", (1440, 930)),
    ],
)

"""One recipe module per map; each exposes RECIPE (see tools/mapgen/recipe.py)."""

from pathlib import Path

MAPS_DIR = Path(__file__).resolve().parents[3] / "assets" / "maps"   # where the built .tmx files go
RECIPE_IDS = ("new-horizons", "vast-lands", "floating-lands", "forgotten-island", "glacial-mass",
              "uncharted-paths", "long-road", "the-void")

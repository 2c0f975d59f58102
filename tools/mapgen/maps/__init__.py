"""One recipe module per map; each exposes RECIPE (see tools/mapgen/recipe.py)."""

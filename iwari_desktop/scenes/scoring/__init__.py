"""Scoring: the step-by-step scoring scene, the final table, and their words."""

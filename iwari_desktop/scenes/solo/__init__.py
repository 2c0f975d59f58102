"""Solo and co-op against the Void: the Void's board layer, its step-by-step turn, and the end screen."""

"""The map model: the Board, the Tiled loader, the validator and the registry of bundled maps."""

"""One presenter per engine rule module: what that rule shows on the screens, registered by the engine's key."""

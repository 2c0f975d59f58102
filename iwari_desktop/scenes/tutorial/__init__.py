"""Learn to play: the scripted tutorial, its coach and panel, and the first-start offer."""

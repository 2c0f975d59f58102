"""The board screen: the scene, the map view, side panel (HUD), the controller that turns clicks into engine actions, the overlays drawn over it (handoff, pause, announcements) and computer turns."""

"""The sound pipeline: MIDI phrases rendered with FluidSynth into assets/sounds/ (tools/sounds/render.py)."""

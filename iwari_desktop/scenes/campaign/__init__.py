"""The campaign: profiles, difficulty, the journey, a chapter's briefing and debrief, and the run that ties a chapter to its game."""

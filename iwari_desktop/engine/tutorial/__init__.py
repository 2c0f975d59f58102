"""The scripted first game of "Learn to play": its deal, its steps and its opponents, as data.

Pure Python like the rest of the engine: the tutorial screens read the script and play it through
the ordinary controller; nothing here knows about pygame.
"""

from iwari_desktop.engine.tutorial.deal import Deal, new_tutorial_game
from iwari_desktop.engine.tutorial.opponents import opponent_action
from iwari_desktop.engine.tutorial.script import LearnerStep, OpponentTurn, Script, StepKind, TUTORIAL

__all__ = ["Deal", "LearnerStep", "OpponentTurn", "Script", "StepKind", "TUTORIAL", "new_tutorial_game",
           "opponent_action"]

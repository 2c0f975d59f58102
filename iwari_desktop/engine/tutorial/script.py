"""The script of "Learn to play", as data: who plays, the deal, every step of the learner, the
opponents' planned turns.

Why data: the screens, the smoke run and the tests all walk the same list, and a test plays it
through the engine, so a step can never ask for a move the game would refuse. Texts are marked
with `N_` and translated where they are shown. Each step teaches by doing: it names the one thing
to click (an engine action, in the text form of saves), and `refusal` says what to do instead when
the player clicks something else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from iwari_desktop.engine.core.biomes import TribeColour
from iwari_desktop.engine.core.config import GameConfig, PlayerSpec
from iwari_desktop.engine.tutorial.deal import Deal
from iwari_desktop.i18n import N_


class StepKind(Enum):
    """What a step waits for."""

    SELECT = "select"        # the learner picks cards in the hand (`action`: "select forest forest")
    ACTION = "action"        # the learner plays `action` (cards, a territory, a space, the totem, a draw)
    END_TURN = "end_turn"    # the learner ends the turn (End turn / Continue button)
    SCORING = "scoring"      # the learner steps through a scoring screen to its end
    FINISH = "finish"        # the last words; the tutorial is done


@dataclass(frozen=True)
class LearnerStep:
    kind: StepKind
    lesson: str              # the lesson's title (N_)
    text: str                # what the coach says (N_); may use {territory} and {next}
    action: str = ""         # ACTION: the engine action in its text form ("place t2 forest 1", "tent s20")
    refusal: str = ""        # N_: said when the player does anything else
    # SCORING: a text per kind of score line ("tents", "totems", "settlement", "table")
    notes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class OpponentTurn:
    """An opponent's planned turn (their own turn number from 1): the action, then its pieces."""

    seat: int
    turn: int
    main: str
    pieces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Script:
    map_id: str
    seed: int
    names: tuple[str, ...]           # N_: the learner's name first, then the opponents'
    colours: tuple[TribeColour, ...]
    deal: Deal
    steps: tuple[LearnerStep, ...]
    opponents: tuple[OpponentTurn, ...] = field(default=())

    def config(self, names: tuple[str, ...] | None = None) -> GameConfig:
        """The game's setup; `names` are the translated player names (the script's own by default).

        The opponents are computer seats, so the board plays them without a handoff screen.
        """
        names = names or self.names
        players = tuple(PlayerSpec(name, colour, None if seat == 0 else "easy")
                        for seat, (name, colour) in enumerate(zip(names, self.colours)))
        return GameConfig(map_id=self.map_id, players=players, seed=self.seed, first_player=0)

    def lessons(self) -> list[str]:
        """The lesson titles in order, each once."""
        seen: list[str] = []
        for step in self.steps:
            if step.lesson not in seen:
                seen.append(step.lesson)
        return seen


C, A, E, S, F = StepKind.SELECT, StepKind.ACTION, StepKind.END_TURN, StepKind.SCORING, StepKind.FINISH

L_CARDS = N_("Cards and biomes")
L_DRAW = N_("Drawing cards")
L_EXPLORED = N_("Explored territories")
L_WILD = N_("Wild pairs and 3-2-1")
L_CAP = N_("Totems and their cap")
L_EXCHANGE = N_("Exchange")
L_HALF = N_("The half journey")
L_SETTLE = N_("Settlements and connections")
L_END = N_("The end of the journey")

END_TURN_TEXT = N_("Your turn is complete. Click the lit button to pass play on; then watch your opponents' "
                   "pieces appear on the map.")
END_TURN_REFUSAL = N_("Your turn is over: click the lit button at the bottom right to pass play on.")

TUTORIAL = Script(
    map_id="new-horizons",
    seed=3,
    names=(N_("Your tribe"), N_("Moss"), N_("Tala")),
    colours=(TribeColour.RED, TribeColour.GREEN, TribeColour.BLUE),
    deal=Deal.parse(
        hands=("forest forest tundra", "tundra coast glaciers", "glaciers glaciers desert"),
        display="forest coast glaciers desert",
        deck="glaciers tundra tundra desert tundra tundra coast tundra tundra forest desert forest forest "
             "coast glaciers desert glaciers coast",
    ),
    opponents=(
        OpponentTurn(1, 1, "place t6 tundra 1", ("tent s62",)),
        OpponentTurn(2, 1, "place t0 glaciers 1", ("tent s40",)),
        OpponentTurn(1, 2, "place t1 coast 1", ("tent s23",)),
        OpponentTurn(2, 2, "place t0 glaciers 1", ("tent s41",)),
        OpponentTurn(1, 3, "place t6 tundra+tundra 2", ("tent s61", "totem")),
        OpponentTurn(2, 3, "place t6 tundra 1", ("totem",)),
        OpponentTurn(1, 4, "place t3 glaciers 1", ("tent s12",)),
        OpponentTurn(2, 4, "place t8 desert 1", ("tent s30",)),
    ),
    steps=(
        # ---- turn 1: a card by its biome; an unexplored territory takes one tent; drawing from the display
        LearnerStep(C, L_CARDS, N_("Welcome! You play the red tribe against Moss and Tala. Each card shows a "
                                   "biome. Click one of your two green Forest cards: it lets you place one "
                                   "piece in a Forest territory."),
                    "select forest", N_("Click one of the lit Forest cards in your hand.")),
        LearnerStep(A, L_CARDS, N_("Now click Whisperpine Vale, the lit Forest territory. Nobody has a tent "
                                   "there yet: an unexplored territory takes a single tent."),
                    "place t2 forest 1", N_("Click the lit territory, Whisperpine Vale, on the map.")),
        LearnerStep(A, L_CARDS, N_("Tents stand on the small circles. Click the lit one."),
                    "tent s20", N_("Click the lit tent space in Whisperpine Vale.")),
        LearnerStep(A, L_DRAW, N_("After playing, you refill your hand to three cards. Take the lit Forest "
                                  "card from the display; the display is refilled once your hand is full."),
                    "draw forest", N_("Click the lit Forest card in the display, at the top of the panel.")),
        LearnerStep(E, L_DRAW, END_TURN_TEXT, refusal=END_TURN_REFUSAL),
        # ---- turn 2: explored territories take two pieces; drawing from the deck
        LearnerStep(C, L_EXPLORED, N_("Your tent explored Whisperpine Vale: an explored territory takes up to "
                                      "two pieces in one turn. Click both Forest cards."),
                    "select forest forest", N_("Click the two lit Forest cards in your hand.")),
        LearnerStep(A, L_EXPLORED, N_("Click Whisperpine Vale: two Forest cards pay for two pieces there."),
                    "place t2 forest+forest 2", N_("Click the lit territory, Whisperpine Vale.")),
        LearnerStep(A, L_EXPLORED, N_("Place the first tent on the lit space, next to your tent. Tents joined "
                                      "by roads will matter at the end."),
                    "tent s24", N_("Click the lit tent space.")),
        LearnerStep(A, L_EXPLORED, N_("And the second tent on the next lit space."),
                    "tent s25", N_("Click the lit tent space.")),
        LearnerStep(A, L_DRAW, N_("You may also draw blind from the deck. Click the deck."),
                    "draw deck", N_("Click the lit deck, right of the display.")),
        LearnerStep(A, L_DRAW, N_("For your last card, take the Desert card from the display."),
                    "draw desert", N_("Click the lit Desert card in the display.")),
        LearnerStep(E, L_DRAW, END_TURN_TEXT, refusal=END_TURN_REFUSAL),
        # ---- turn 3: a wild pair, and the 3-2-1 rule
        LearnerStep(C, L_WILD, N_("Moss explored Redscar Plateau, a Tundra territory. Two cards of one biome "
                                  "together count as one card of any biome: your two Desert cards can pay "
                                  "for a Tundra piece. Click all three cards."),
                    "select tundra desert desert", N_("Click the three lit cards: the Tundra card and both "
                                                      "Desert cards.")),
        LearnerStep(A, L_WILD, N_("Click Redscar Plateau. This is the most a turn allows: three cards pay "
                                  "for two pieces, all in one territory (3-2-1)."),
                    "place t6 tundra+desert+desert 2", N_("Click the lit territory, Redscar Plateau.")),
        LearnerStep(A, L_WILD, N_("Place your first tent on the lit space."),
                    "tent s56", N_("Click the lit tent space in Redscar Plateau.")),
        LearnerStep(A, L_WILD, N_("And the second one."),
                    "tent s57", N_("Click the lit tent space in Redscar Plateau.")),
        LearnerStep(A, L_DRAW, N_("Refill your hand from the deck: click it three times."),
                    "draw deck", N_("Click the lit deck.")),
        LearnerStep(A, L_DRAW, N_("Two more."), "draw deck", N_("Click the lit deck.")),
        LearnerStep(A, L_DRAW, N_("And the last one."), "draw deck", N_("Click the lit deck.")),
        LearnerStep(E, L_DRAW, END_TURN_TEXT, refusal=END_TURN_REFUSAL),
        # ---- turn 4: totems and the cap
        LearnerStep(C, L_CAP, N_("Totems go on the big circle. A territory may hold only as many totems as "
                                 "the most tents any one tribe has there. Redscar Plateau has 2 totems, and "
                                 "the most tents of a tribe is 2: it is full. Click your two Tundra cards."),
                    "select tundra tundra", N_("Click the two lit Tundra cards.")),
        LearnerStep(A, L_CAP, N_("Click Redscar Plateau."),
                    "place t6 tundra+tundra 2", N_("Click the lit territory, Redscar Plateau.")),
        LearnerStep(A, L_CAP, N_("A totem now would break the cap. Place a tent first: your third tent "
                                 "raises the cap to 3."),
                    "tent s58", N_("Not the totem yet: the stack is at its cap. Click the lit tent space "
                                   "first.")),
        LearnerStep(A, L_CAP, N_("Now there is room: click the lit button Place a totem (or the lit "
                                 "totem circle)."),
                    "totem", N_("Click the lit Place a totem button.")),
        LearnerStep(A, L_DRAW, N_("Draw two cards from the deck."), "draw deck", N_("Click the lit deck.")),
        LearnerStep(A, L_DRAW, N_("One more."), "draw deck", N_("Click the lit deck.")),
        LearnerStep(E, L_DRAW, END_TURN_TEXT, refusal=END_TURN_REFUSAL),
        # ---- turn 5: Exchange; the deck runs out
        LearnerStep(C, L_EXCHANGE, N_("Instead of placing, you may swap one card. Your Glaciers card is of no "
                                      "use now: click it."),
                    "select glaciers", N_("Click the lit Glaciers card.")),
        LearnerStep(A, L_EXCHANGE, N_("Click Exchange: the card goes to the discard pile and your whole turn "
                                      "is this one swap."),
                    "exchange glaciers", N_("Click the lit Exchange button.")),
        LearnerStep(A, L_HALF, N_("Draw from the deck. It is the deck's last card: when the deck runs out "
                                  "the first time, the discarded cards become a new deck and the half "
                                  "journey is scored."),
                    "draw deck", N_("Click the lit deck.")),
        LearnerStep(E, L_HALF, N_("Read the notice, then end your turn: the half-journey scoring follows."),
                    refusal=END_TURN_REFUSAL),
        LearnerStep(S, L_HALF, N_("The half journey scores tents only."),
                    refusal=N_("Click Next to see each territory scored, then Continue the journey."),
                    notes=(("tents", N_("In each territory the tribe with the most tents scores one point per "
                                        "tent there, of every colour. The runner-up scores as many points as "
                                        "the leader has tents. Click Next.")),
                           ("table", N_("That is the half journey. Click Continue the journey.")))),
        # ---- turn 6: a settlement and a first totem for a connection
        LearnerStep(C, L_SETTLE, N_("Back to play. Your Forest card plus your two Coast cards (a wild pair) "
                                    "pay for two pieces in Whisperpine Vale. Click all three."),
                    "select forest coast coast", N_("Click the three lit cards.")),
        LearnerStep(A, L_SETTLE, N_("Click Whisperpine Vale."),
                    "place t2 forest+coast+coast 2", N_("Click the lit territory, Whisperpine Vale.")),
        LearnerStep(A, L_SETTLE, N_("Your fourth tent in a row along the road: four or more tents of one "
                                    "tribe joined by roads form a settlement, worth a point per tent at the end."),
                    "tent s26", N_("Click the lit tent space.")),
        LearnerStep(A, L_SETTLE, N_("Now a totem. Totems score in pairs of neighbouring territories: the "
                                    "tribe with the most totems on both sides of a numbered connection "
                                    "scores every totem of both."),
                    "totem", N_("Click the lit Place a totem button.")),
        LearnerStep(A, L_DRAW, N_("Take the lit Tundra card from the display."),
                    "draw tundra", N_("Click the lit Tundra card in the display.")),
        LearnerStep(A, L_DRAW, N_("Then a Glaciers card from the display…"), "draw glaciers",
                    N_("Click a lit Glaciers card in the display.")),
        LearnerStep(A, L_DRAW, N_("…and the other one: a pair, ready to be used as a wild card."), "draw glaciers",
                    N_("Click the lit Glaciers card in the display.")),
        LearnerStep(E, L_DRAW, END_TURN_TEXT, refusal=END_TURN_REFUSAL),
        # ---- turn 7: winning a connection; a second settlement
        LearnerStep(C, L_SETTLE, N_("Redscar Plateau holds three totems, one per tribe: a tie. Win it outright: "
                                    "click your Tundra card and your Glaciers pair."),
                    "select tundra glaciers glaciers", N_("Click the three lit cards.")),
        LearnerStep(A, L_SETTLE, N_("Click Redscar Plateau."),
                    "place t6 tundra+glaciers+glaciers 2", N_("Click the lit territory, Redscar Plateau.")),
        LearnerStep(A, L_SETTLE, N_("The stack is at its cap again, so a tent first. It also joins your tents "
                                    "here into a second settlement."),
                    "tent s59", N_("Click the lit tent space first: the totem stack is at its cap.")),
        LearnerStep(A, L_SETTLE, N_("Now the totem. You will have the most totems in Redscar Plateau and in "
                                    "Whisperpine Vale, the two ends of connection 3."),
                    "totem", N_("Click the lit Place a totem button.")),
        LearnerStep(A, L_END, N_("Draw from the deck. Few cards are left: when the deck runs out a second "
                                 "time, the round is finished and the journey ends."),
                    "draw deck", N_("Click the lit deck.")),
        LearnerStep(A, L_END, N_("Two more."), "draw deck", N_("Click the lit deck.")),
        LearnerStep(A, L_END, N_("And the last one."), "draw deck", N_("Click the lit deck.")),
        LearnerStep(E, L_END, END_TURN_TEXT, refusal=END_TURN_REFUSAL),
        LearnerStep(S, L_END, N_("The final scoring counts three things."),
                    refusal=N_("Click Next to go on through the scoring."),
                    notes=(("tents", N_("First the tents, territory by territory, as at the half journey.")),
                           ("totems", N_("Then the totems, connection by connection: whoever has the most "
                                         "totems on both sides scores all the totems of both territories. "
                                         "A tie counts as most for each tied tribe.")),
                           ("settlement", N_("Last the settlements: every group of four or more tents of one "
                                             "tribe joined by roads scores a point per tent.")),
                           ("table", N_("The most points wins; on a tie, the most pieces left in supply. "
                                        "Click See board.")))),
        LearnerStep(F, L_END, N_("You have played a whole journey. Start a real game from New game, and keep "
                                 "Rules at hand. Click Finish to return to the main menu."),
                    refusal=N_("The tutorial is over: click Finish.")),
    ),
)

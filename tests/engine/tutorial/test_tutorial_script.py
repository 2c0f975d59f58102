"""The tutorial's script (issue #12, Tutorial): its deal, its steps and its opponents, played through the engine.

No screens here: the script must be a game the rules accept move by move, deal the same cards every
time, and teach every concept the issue lists by a move of the learner's own.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from iwari_desktop.engine import Biome, Draw, Exchange, IllegalAction, Place, PlaceTent, PlaceTotem, parse_action
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.tutorial import (TUTORIAL, Deal, OpponentTurn, Script, StepKind, new_tutorial_game,
                                           opponent_action)
from iwari_desktop.engine.tutorial.deal import DealError, deal_cards


def play_script(script: Script = TUTORIAL):
    """Play the whole script on the engine alone; returns the game and the learner's actions with their states."""
    game = new_tutorial_game(script.config(), script.deal)
    steps = [s for s in script.steps if s.kind is StepKind.ACTION]
    played: list[tuple[object, object]] = []
    for _ in range(2000):
        if game.is_over():
            break
        state = game.state
        if state.active_seat != 0:
            game.play(opponent_action(script, state))
            continue
        action = parse_action(steps[len(played)].action)
        assert action in game.legal_actions(), f"step {len(played) + 1}: {action} is not legal"
        before = state.clone()
        game.play(action)
        played.append((action, before))
    return game, played


def test_the_script_plays_through_to_the_final_scoring():
    game, played = play_script()
    state = game.state
    assert game.is_over() and state.result is not None
    assert [r.kind for r in state.reports] == ["half", "final"]
    assert len(played) == sum(1 for s in TUTORIAL.steps if s.kind is StepKind.ACTION)  # every step was used
    assert tuple(state.result.winners) == (0,)  # the learner's tribe wins its first game
    assert state.scores[0] == max(state.scores)


def test_the_scripted_deal_is_the_same_every_time_and_uses_only_cards_of_the_deck():
    a = deal_cards(TUTORIAL.config(), TUTORIAL.deal)
    b = deal_cards(TUTORIAL.config(), TUTORIAL.deal)
    assert a == b
    assert [c.key for c in a.hands[0]] == sorted(["forest", "forest", "tundra"], key=lambda k: Biome.parse(k))
    assert a.display == list(TUTORIAL.deal.display)
    assert a.deck[-1] is TUTORIAL.deal.deck[0]  # the engine draws from the end of its list
    normal = new_game(TUTORIAL.config())
    every_card = Counter(normal.deck) + Counter(normal.display) + Counter(c for h in normal.hands for c in h) \
        + Counter(normal.removed)
    dealt = Counter(a.deck) + Counter(a.display) + Counter(c for h in a.hands for c in h) + Counter(a.removed)
    assert dealt == every_card  # unused cards are set aside, none is invented or lost
    assert a.mountains == normal.mountains  # the rest of the setup is the seed's


def test_a_deal_asking_for_more_cards_than_the_deck_holds_is_refused():
    greedy = Deal.parse(("desert desert desert", "desert desert desert", "desert desert desert"),
                        "desert desert desert desert", "desert")
    with pytest.raises(DealError, match="more cards than the deck holds"):
        deal_cards(TUTORIAL.config(), greedy)
    with pytest.raises(DealError, match="hands"):
        deal_cards(TUTORIAL.config(), Deal.parse(("desert desert desert",), "forest forest forest forest", ""))


def test_the_learner_does_every_concept_the_issue_lists():
    _, played = play_script()
    actions = [a for a, _ in played]
    places = [(a, s) for a, s in played if isinstance(a, Place)]
    # a card by its biome, into an unexplored territory: one tent
    first, state = places[0]
    assert len(first.cards) == 1 and not state.is_explored(first.territory) and first.pieces == 1
    assert state.board.territories[first.territory].biome is first.cards[0]
    # an explored territory takes two pieces
    assert any(s.is_explored(a.territory) and a.pieces == 2 and len(set(a.cards)) == 1 for a, s in places)
    # a wild pair, and the 3-2-1 most (three cards, two pieces, one territory)
    wild = [(a, s) for a, s in places if len(a.cards) == 3]
    assert wild and all(a.pieces == 2 for a, _ in wild)
    assert any(any(n == 2 and b is not s.board.territories[a.territory].biome for b, n in Counter(a.cards).items())
               for a, s in wild)
    # the totem cap: a totem step taken when the stack was at its cap before the step's tent
    caps = [s for a, s in played if isinstance(a, PlaceTent) and s.pending is not None
            and s.totems_in(s.pending.territory) == s.totem_cap(s.pending.territory)]
    assert caps, "no tent is placed to raise a full cap"
    assert any(isinstance(a, PlaceTotem) for a in actions)
    assert any(isinstance(a, Exchange) for a in actions)
    assert any(isinstance(a, Draw) and a.card is None for a in actions)
    assert any(isinstance(a, Draw) and a.card is not None for a in actions)
    # the half journey follows a draw of the learner's
    kinds = [s.kind for s in TUTORIAL.steps]
    assert kinds.count(StepKind.SCORING) == 2
    final = next(s for s in TUTORIAL.steps if s.kind is StepKind.SCORING and dict(s.notes).get("totems"))
    assert {"tents", "totems", "settlement", "table"} <= set(dict(final.notes))


def test_the_three_final_scorings_all_score_for_the_learner():
    game, _ = play_script()
    final = game.state.reports[-1]
    categories = {line.category for line in final.lines if line.points.get(0)}
    assert {"tents", "totems"} <= categories and any(c.startswith("settlement") for c in categories)


def test_every_step_has_its_words_and_every_action_step_its_refusal():
    for step in TUTORIAL.steps:
        assert step.text.strip() and step.lesson.strip()
        if step.kind is not StepKind.SCORING:
            assert step.refusal.strip(), step
        for words in (step.text, step.refusal, *(text for _, text in step.notes)):
            assert not re.search(r"\b[BEPS]\d+\b", words), words  # no ruling ids on screen
    assert len(TUTORIAL.lessons()) == 9


def test_a_planned_opponent_move_the_rules_refuse_is_an_illegal_action():
    broken = Script(TUTORIAL.map_id, TUTORIAL.seed, TUTORIAL.names, TUTORIAL.colours, TUTORIAL.deal, TUTORIAL.steps,
                    (OpponentTurn(1, 1, "place t2 desert 1", ("tent s20",)),))
    game = new_tutorial_game(broken.config(), broken.deal)
    for step in broken.steps[:5]:
        if step.kind is StepKind.ACTION:
            game.play(parse_action(step.action))
    assert game.state.active_seat == 1 and game.state.phase is Phase.MAIN
    with pytest.raises(IllegalAction, match="not legal here"):
        opponent_action(broken, game.state)

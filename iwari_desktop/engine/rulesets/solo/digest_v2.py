"""The solo module's data as a version 2 save digest saw it: its sentences in the words of that time.

Why this exists: a version 2 digest (saves up to 2026-11-26) covered the Void's log and the outcome's
reasons word for word, so those saves only load if their replay yields the very same English. Since
version 3 the digest holds no words (saves.state_digest), and sentences may be reworded freely; for
the older saves this module keeps, frozen, the version 2 English of every sentence reworded since. A
sentence not listed here reads as it does today, which is how it read then.

Add an entry only when a logged sentence (or a claim sentence) changes, keyed by its new message, with
its version 2 template; params that were a bare number then and are a counted noun now ("{count} tent")
give back their number.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from iwari_desktop.engine.core.modules import plain
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.core.text import Joined, Text

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, data
from iwari_desktop.engine.rulesets.solo.end import LOST_AT_ONCE_WORDS
from iwari_desktop.engine.rulesets.solo.outcome import CLAIM_WORDS, VIRTUAL_WORDS
from iwari_desktop.engine.rulesets.solo.steps import BESIDE_WORDS, FREE_PLACE_WORDS

# new message -> its version 2 English template
V2_TEMPLATES: dict[str | tuple[str, str], str] = {
    CLAIM_WORDS: "tents {tents} against {ruins} ruins; {virtual}; totems {totems} against {void_totems}: {verdict}",
    BESIDE_WORDS: "One Void card goes beside the board ({beside} of {limit}); {count} are shuffled into the deck.",
    FREE_PLACE_WORDS: "A new settlement: a free Place of {count} in {territory}.",
    # a game lost at once: its end was its reason, and version 2 said it twice
    LOST_AT_ONCE_WORDS: "The game ends: {reason}. Lost: {reason}.",
    # the virtual totem said in plain words since issue #34 (a claim sentence's part, no params)
    VIRTUAL_WORDS[(PLAYERS, False)]: "the player gains the virtual totem",
    VIRTUAL_WORDS[(PLAYERS, True)]: "the players gain the virtual totem",
    VIRTUAL_WORDS[(VOID, False)]: "the Void gains the virtual totem",
    VIRTUAL_WORDS[("", False)]: "no virtual totem on a tie",
}


def v2_english(value: Any) -> Any:
    """`value` as version 2 wrote it: a sentence in its version 2 English, anything else as it is."""
    if not isinstance(value, Text) or isinstance(value, Joined):
        return value
    old = V2_TEMPLATES.get(value._message())
    if old is None and not value.params:
        return value
    if old is None:
        template = value.template if value.plural is None or value.params.get("count") == 1 else value.plural
        params = {key: v2_english(item) for key, item in value.params.items()}
    else:
        template = old
        params = {key: _number(item) for key, item in value.params.items()}
    english = template.format(**params)
    return f"{value.rule}: {english}" if value.rule else english


def _number(item: Any) -> Any:
    """A counted noun ("3 ruins") as the bare number version 2 put in its place; anything else as v2 said it."""
    if isinstance(item, Text) and item.plural is not None and set(item.params) == {"count"}:
        return item.params["count"]
    return v2_english(item)


def v2_data_json(state: GameState) -> Any:
    """`Solo.data_json` as version 2 made it: the log and the outcome's reasons in version 2 words, the
    outcome's turns as it counted them then (turns completed)."""
    d = data(state)
    body = {f.name: plain(getattr(d, f.name)) for f in fields(d) if f.name != "events"}
    body["log"] = [v2_english(sentence) for sentence in d.log]
    outcome = body.get("outcome")
    if isinstance(outcome, dict):
        outcome["turns"] = sum(state.turns_taken)
        for row in outcome.get("territories", []):
            row["why"] = v2_english(row["why"])
    return body

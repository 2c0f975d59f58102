"""Refusals of an online table: the engine's rule id and a translatable sentence for the client.

The client shows `msgid` (or `plural`) translated in its player's language and filled with `params`;
the sentences of the table itself are below, marked with N_ for the catalogue; the engine's own
IllegalAction reasons arrive the same way with their ruling ids (B8, S4, ...).
"""

from __future__ import annotations

import string

from iwari_desktop.engine.core.text import Joined, Text
from iwari_desktop.i18n import N_
from iwari_desktop.net import protocol as p


MAX_DEPTH = 6   # nesting of phrases a refusal may carry (the engine's deepest is about 3)


def phrase_of(text: object, depth: int = 0) -> p.Phrase:
    """The Phrase of an engine sentence: its template and params, nested Texts as Phrases; a plain str
    becomes a Phrase whose msgid is the str itself (shown as it is when the catalogue lacks it)."""
    if depth >= MAX_DEPTH or not isinstance(text, Text):
        return p.Phrase(msgid=str(text)[:400])
    if isinstance(text, Joined):
        parts = [_param(part, depth) for part in text.parts[:p.MAX_PARAMS]]
        return p.Phrase(parts=[part if not isinstance(part, int) else str(part) for part in parts],
                        sep=_param(text.sep, depth) if isinstance(text.sep, Text) else str(text.sep)[:400])
    params = {str(key)[:32]: _param(value, depth) for key, value in list(text.params.items())[:p.MAX_PARAMS]}
    return p.Phrase(msgid=text.template[:400], plural=None if text.plural is None else text.plural[:400],
                    params=params, rule=None if text.rule is None else text.rule[:24])


def _param(value: object, depth: int) -> "str | int | p.Phrase":
    if type(value) is int:
        return value
    if isinstance(value, Text):
        return phrase_of(value, depth + 1)
    return str(value)[:400]


def text_of(phrase: p.Phrase) -> Text:
    """The Text a Phrase stands for (the client side of `phrase_of`), for `render(text, _, ngettext)`."""
    if phrase.parts is not None:
        parts = [text_of(part) if isinstance(part, p.Phrase) else part for part in phrase.parts]
        sep = text_of(phrase.sep) if isinstance(phrase.sep, p.Phrase) else (phrase.sep or ", ")
        return Joined(parts, sep)
    params = {key: text_of(value) if isinstance(value, p.Phrase) else value for key, value in phrase.params.items()}
    plural_without_count = phrase.plural is not None and type(params.get("count")) is not int
    if plural_without_count or not all(_plain_fields(t) for t in (phrase.msgid, phrase.plural) if t is not None):
        return Text(phrase.msgid.replace("{", "(").replace("}", ")"))
    message = phrase.msgid if phrase.plural is None else (phrase.msgid, phrase.plural)
    try:
        return Text(message, rule=phrase.rule, **params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):   # fields its params do not fill
        return Text(phrase.msgid.replace("{", "(").replace("}", ")"))


def _plain_fields(template: str) -> bool:
    """Only `{name}` fields: a template from the wire may not reach into attributes (`{x.__class__}`),
    items, conversions or format specs when the client fills it in."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return False
    return all(name is None or (name.isidentifier() and not spec and conversion is None)
               for _, name, spec, conversion in fields)


def refusal(state_number: int, rule: str, reason: str) -> p.Refused:
    """A Refused for `reason` (an engine Text or one of the table's sentences below)."""
    english = reason.english if isinstance(reason, Text) else str(reason)
    return p.Refused(state_number=state_number, rule=rule[:24], reason=phrase_of(reason), english=english[:400])


# refusals of the table itself (the engine's come with their own rule ids)
R_CREDENTIAL = N_("that seat's credential is wrong")
R_NOT_YOUR_SEAT = N_("this connection does not hold seat {seat}")  # seats counted from 1 in every sentence
R_STALE = N_("the game has moved on since (state {seen}, now {now}); your screen shows the new state")
R_NOT_YOUR_TURN = N_("it is not {name}'s turn")
R_NO_GAME = N_("the game has not started yet")
R_STARTED = N_("the game has already started")
R_OVER = N_("the game is over")
R_NOT_OVER = N_("the game is not over yet")
R_HOST_ONLY = N_("only the host can do that")
R_SEAT_TAKEN = N_("seat {seat} is not free")
R_NO_SEAT = N_("there is no seat {seat}")
R_NOT_REMOTE = N_("seat {seat} is not for a remote player")
R_CANNOT_START = N_("every remote seat must be taken before the game starts")
R_NOT_AWAY = N_("{name} is not away")
R_LEVEL = N_("unknown computer level {level}")
R_UNDO = N_("nothing to undo in this turn since the last hidden card was revealed")
R_CHAT_RATE = N_("too many chat lines; wait {seconds} seconds")
R_UNREADABLE = N_("'{action}' is not an action")
R_NOT_LEGAL = N_("{action} cannot be played now")
R_HELLO_TWICE = N_("hello was already said")
R_BAD_CODE = N_("no table with that code here")
R_BAD_SEAT_KEY = N_("a seat credential does not fit this table")

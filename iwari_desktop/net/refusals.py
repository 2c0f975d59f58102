"""Refusals of an online table: the engine's rule id and a translatable sentence for the client.

The client shows `msgid` (or `plural`) translated in its player's language and filled with `params`;
the sentences of the table itself are below, marked with N_ for the catalogue; the engine's own
IllegalAction reasons arrive the same way with their ruling ids (B8, S4, ...).
"""

from __future__ import annotations

from iwari_desktop.engine.core.text import Joined, Text
from iwari_desktop.i18n import N_
from iwari_desktop.net import protocol as p


def refusal(state_number: int, rule: str, reason: str) -> p.Refused:
    """A Refused carrying `reason`'s msgid and params (nested Texts given in English) for the client to translate."""
    if isinstance(reason, Text) and not isinstance(reason, Joined):
        params = {key: value if type(value) is int else str(value)[:200] for key, value in reason.params.items()}
        return p.Refused(state_number=state_number, rule=rule[:24], msgid=reason.template[:400], params=params,
                         plural=None if reason.plural is None else reason.plural[:400], english=reason.english[:400])
    return p.Refused(state_number=state_number, rule=rule[:24], msgid=str(reason)[:400], english=str(reason)[:400])


# refusals of the table itself (the engine's come with their own rule ids)
R_CREDENTIAL = N_("that seat's credential is wrong")
R_NOT_YOUR_SEAT = N_("this connection does not hold seat {seat}")
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

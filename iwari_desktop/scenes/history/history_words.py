"""The History screen's and the replay's words: computer levels, modes, a finished game in one line.

Module-level words are marked with `N_` and translated where shown, so a language switch applies
at the next frame.
"""

from __future__ import annotations

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.text import Text, message_of
from iwari_desktop.engine.history.record import GameRecord
from iwari_desktop.engine.history.stats import Tally
from iwari_desktop.i18n import N_, _, ngettext
from iwari_desktop.scenes.ui.terms import level_name
from iwari_desktop.scenes.ui.words import shown_error

MODE_NAMES = {GameMode.MULTIPLAYER.value: N_("Multiplayer"), GameMode.SOLO.value: N_("Solo"),
              GameMode.COOP.value: N_("Co-op")}


def mode_name(mode: str) -> str:
    return _(MODE_NAMES.get(mode, mode))


def kind_text(record: GameRecord) -> str:
    """What kind of game a record was: its mode, and the campaign chapter it was played as. A bundled
    campaign's chapter titles are in the catalogue (as on the campaign screens); a player's own campaign's
    title shows as written."""
    mode = mode_name(record.mode.value)
    if not record.chapter:
        return mode
    return _("{mode}, chapter: {chapter}").format(mode=mode, chapter=_(record.chapter))


def seat_name(name: str, computer: str | None) -> str:
    """A seat as the lists show it: the name, and the level for a computer seat."""
    if computer is None:
        return name
    return _("{name} (computer, {level})").format(name=name, level=level_name(computer))


def length_text(turns: int, moves: int) -> str:
    return _("{turns}, {moves}").format(turns=ngettext("{n} turn", "{n} turns", turns).format(n=turns),
                                        moves=ngettext("{n} move", "{n} moves", moves).format(n=moves))


def result_text(record: GameRecord) -> str:
    """Who won: the winners' names, a shared win, the third tribe, or won/lost against the Void."""
    if record.won is not None:
        return _("won against the Void") if record.won else _("lost to the Void")
    winners = record.winners
    if not winners:
        return _("the third tribe won")
    if len(winners) == 1:
        return _("{name} won").format(name=winners[0])
    return _("{names} shared the win").format(names=", ".join(winners))


def scores_text(record: GameRecord) -> str:
    if record.won is not None:
        return ", ".join(s.name for s in record.seats)
    return ", ".join(_("{name} {score}").format(name=s.name, score=s.score) for s in record.seats)


def record_line(record: GameRecord) -> str:
    """One row of the list: date, map, mode, players with scores, result, length."""
    mode = "" if record.won is None else f" ({kind_text(record)})"
    line = _("{when} · {map}{mode} · {scores} · {result} · {length}").format(
        when=record.when, map=record.map_name, mode=mode, scores=scores_text(record), result=result_text(record),
        length=length_text(record.turns, record.moves))
    return line if record.watchable else line + " · " + _("moves no longer kept")


def rate_text(tally: Tally) -> str:
    return f"{round(tally.win_rate * 100)}%"


def score_text(value: float | None) -> str:
    return "–" if value is None else (f"{value:.1f}" if isinstance(value, float) else str(value))


def problem_line(problem: object, otherwise: str) -> str:
    """Why a history file, a kept game or an export failed, in the player's language (playtest D9: a German
    dialog said it in English). The engine and the store write their reasons in English, each also kept as a
    `Text` (`message_of`), which goes through the catalogue here; a reason without one (an error nobody
    worded for players) is never shown raw: `otherwise`, a sentence of the screen's own, stands in for it."""
    message = message_of(problem) if isinstance(problem, BaseException) else problem
    return shown_error(message) if isinstance(message, Text) else otherwise


def remember_game(app, game, chapter: str = "") -> None:
    """Record a game whose end screen just opened (once per game: the store adds a game it already holds
    no second time, whichever end screen opens it again); `chapter` is the campaign chapter's title, if it
    was one. A dialog if the history refused it."""
    from iwari_desktop.history_store import remember_finished

    problem = remember_finished(game, chapter)
    if problem:
        app.show_message(_("The game was not added to the history"),
                         problem_line(problem, _("The history file could not be written.")))

"""`python -m iwari_desktop.engine score FILE.json`: the scoring breakdown of a save or a position file.

A save (`iwari-desktop-save`) is replayed through the rules (`saves.read_save`); a finished game
prints the reports it actually scored (half journey, then final) and its result, a game in progress
prints a hypothetical final scoring of the current position. A position file (`iwari-position`,
see docs/save-format.md) is validated and scored as it asks (`final` or `half`); a solo or co-op position
(`"mode"`) is counted as at the end of a game against the Void: who controls each territory and why,
and the result.

Output: one JSON document on stdout (`--compact` for one line). Bad input (missing file, not JSON,
unknown format, a damaged save, an impossible position) is one "error: ..." line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

from iwari_desktop.engine.cli.common import EXIT_BAD_INPUT, EXIT_OK, CommandError
from iwari_desktop.engine.cli.selfplay import stdout_closed
from iwari_desktop.engine.files.ending import end_now, score_now
from iwari_desktop.engine.files.position import POSITION_FORMAT, PositionError, read_position_data
from iwari_desktop.engine.files.positions import load_position
from iwari_desktop.engine.files.position_vs_void import is_vs_void
from iwari_desktop.engine.files.saves import SAVE_FORMAT, SaveError, load_game
from iwari_desktop.engine.core.scoring import GameResult, ScoreReport, connection_block, connection_winners
from iwari_desktop.engine.core.state import GameState


def register(subparsers: Any) -> None:
    """Add the `score` subcommand; its handler is `score_file`."""
    parser = subparsers.add_parser(
        "score", help="print the scoring breakdown of a save or a position file",
        description="Score a save (iwari-desktop-save) or a hand-written position (iwari-position) as JSON.")
    parser.add_argument("file", metavar="FILE.json", help="a save file or a position file")
    parser.add_argument("--compact", action="store_true", help="print the JSON on one line")
    parser.set_defaults(handler=score_file)


def quiet_pytmx() -> None:
    """pytmx logs "cannot import pygame" (the loader blocks pygame on purpose); keep stderr clean."""
    logging.getLogger("pytmx.util_pygame").disabled = True


def _tribes_json(state: GameState) -> list[dict[str, Any]]:
    return [{"index": t.index, "name": t.name, "colour": t.colour.value, "third": t.seat is None}
            for t in state.tribes]


def _named(state: GameState, points: list[int]) -> list[dict[str, Any]]:
    return [{"tribe": t.index, "name": t.name, "points": p} for t, p in zip(state.tribes, points)]


def report_json(state: GameState, report: ScoreReport) -> dict[str, Any]:
    """The report's JSON plus per-tribe totals with names, so the output reads without the setup at hand."""
    data = report.to_json([t.name for t in state.tribes])
    data["totals_by_tribe"] = _named(state, report.totals())
    return data


def result_json(state: GameState, result: GameResult) -> dict[str, Any]:
    """The result's JSON plus the winners' names."""
    data = result.to_json()
    data["winner_names"] = [state.tribes[t].name for t in result.winners]
    return data


def modules_json(state: GameState) -> list[dict[str, Any]]:
    """Each active rule module: key, ruling, one line for players, and its pieces and claims as the first
    seat sees them (`public_view`; everything the expansion's modules keep is public)."""
    return [{"key": m.key, "ruling": m.ruling, "summary": m.summary, "view": m.public_view(state, 0)}
            for m in state.modules]


def notes(state: GameState) -> list[str]:
    """Why something that looks like it scores does not: a connection a tribe wins that a mountain or a
    rule blocks (B3, E3), a majority the neutral Void holds or shares (it never scores, E5)."""
    lines: list[str] = []
    void = state.void_tribe
    names = state.board.territories
    for connection in state.board.connections:
        winners = connection_winners(state, connection.number) - {void}
        why = connection_block(state, connection.number) if winners else None
        if why:
            who = " and ".join(state.tribes[t].name for t in sorted(winners))
            verb = "holds" if len(winners) == 1 else "hold"
            lines.append(f"connection {connection.number}: {who} {verb} the totem majority at both ends but it does "
                         f"not score ({why})")
    if void is not None:
        for territory in state.board.territories:
            tents = state.territory_tents[territory.index]
            totems = state.totem_counts[territory.index]
            if totems[void] and totems[void] == max(totems):
                lines.append(f"{names[territory.index].name}: {state.tribes[void].name} holds "
                             f"{'a share of ' if totems.count(totems[void]) > 1 else ''}the totem majority with "
                             f"{totems[void]} totem(s); it never scores (E5)")
            if tents[void] and tents[void] == max(tents):
                lines.append(f"{names[territory.index].name}: {state.tribes[void].name} ranks first in tents and "
                             "never scores (E5)")
    return lines


def _document(state: GameState, source: str, kind: str, scoring: str, reports: list[ScoreReport],
              points_before: list[int], totals: list[int], result: GameResult | None,
              hypothetical: bool, decisions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "source": kind,
        "file": source,
        "map": {"id": state.board.map_id, "name": state.board.name},
        "tribes": _tribes_json(state),
        "scoring": scoring,
        "hypothetical": hypothetical,
        "mountains": list(state.mountains),
        "options": dict(state.config.options),
        "modules": modules_json(state),
        "decisions": decisions or [],
        "reports": [report_json(state, r) for r in reports],
        "points_before": _named(state, points_before),
        "totals": _named(state, totals),
        "result": None if result is None else result_json(state, result),
        "notes": notes(state),
    }


def score_save(data: dict[str, Any], source: str) -> dict[str, Any]:
    """The scoring document of a save, which is replayed and checked first (SaveError if damaged).

    A finished game shows the reports it actually scored; a game in progress shows a hypothetical final
    scoring of the current position added to the points scored so far.
    """
    game = load_game(data, source)
    state = game.state
    if state.is_terminal():
        return _document(state, source, "save", "final", list(state.reports), [0] * len(state.tribes),
                         list(state.scores), state.result, hypothetical=False)
    ending = end_now(state)
    return _document(ending.state, source, "save", "final", ending.reports, list(state.scores),
                     list(ending.state.scores), ending.result, hypothetical=True, decisions=ending.decisions)


def score_position(data: dict[str, Any], source: str, base_dir: Path | None) -> dict[str, Any]:
    """The scoring document of a position file, scored as the file asks (final or half).

    `base_dir` lets the file name a .tmx map relative to itself.
    """
    position = load_position(data, source, base_dir)
    if is_vs_void(data):
        return score_vs_void(position, source)
    state = position.state
    awards = list(state.reports)   # expedition rewards claimed (E8), already on the score track
    if position.scoring == "final":
        ending = position.ending()
        return _document(ending.state, source, "position", "final", awards + ending.reports, position.points_before,
                         list(ending.state.scores), ending.result, hypothetical=False, decisions=ending.decisions)
    report = score_now(state, final=False)
    totals = [b + p for b, p in zip(state.scores, report.totals())]
    return _document(state, source, "position", "half", awards + [report], position.points_before, totals,
                     None, hypothetical=False)


def score_vs_void(position, source: str) -> dict[str, Any]:
    """A solo / co-op position counted as at the end of the game (S7, S10): who controls each territory and
    why, and the result; the pawn, the Void cards and the territories counted before are reported as given."""
    from iwari_desktop.engine.rulesets.solo.data import data as void_data

    state = position.state
    before = void_data(state)
    ending = position.ending()
    outcome = ending.result
    return {
        "source": "position",
        "file": source,
        "map": {"id": state.board.map_id, "name": state.board.name},
        "mode": state.config.mode.value,
        "tribes": [{"index": t.index, "name": t.name, "colour": t.colour.value,
                    "side": "void" if t.index == state.void_tribe else "players"} for t in state.tribes],
        "k": outcome.k,
        "pawn": before.pawn,
        "void_cards": {"above": before.above, "beside": before.beside},
        "counted_before": [state.board.territories[t].name for t in sorted(before.claims)],
        "territories": [t.to_json() for t in outcome.territories],
        "result": {"result": "win" if outcome.won else "loss", "reason": outcome.reason,
                   "why": outcome.to_json()["why"], "void_territories": outcome.void_territories,
                   "player_territories": outcome.player_territories, "k": outcome.k},
    }


def score_file(args: argparse.Namespace) -> int:
    """Handler of `score`: one JSON document on stdout.

    Unreadable files, unknown formats, damaged saves and impossible positions become a CommandError
    (one line, exit 2); a reader closing stdout early ends quietly.
    """
    quiet_pytmx()
    path = Path(args.file)
    try:
        data = read_position_data(path)  # plain JSON reading with one-line errors
        if not isinstance(data, dict) or "format" not in data:
            raise CommandError(f"{path.name}: not an Iwari save or position file (no 'format' field)", EXIT_BAD_INPUT)
        fmt = data["format"]
        if fmt == SAVE_FORMAT:
            document = score_save(data, path.name)
        elif fmt == POSITION_FORMAT:
            document = score_position(data, path.name, path.parent)
        else:
            raise CommandError(f"{path.name}: unknown format {fmt!r} (expected {SAVE_FORMAT!r} or "
                               f"{POSITION_FORMAT!r})", EXIT_BAD_INPUT)
    except (PositionError, SaveError) as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None
    try:
        print(json.dumps(document, separators=(",", ":")) if args.compact else json.dumps(document, indent=2))
        sys.stdout.flush()
    except BrokenPipeError:
        return stdout_closed()
    return EXIT_OK

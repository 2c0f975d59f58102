"""Statistics arithmetic on hand-made records: wins, shared wins, the third tribe, solo, computer levels."""

from __future__ import annotations

import pytest

from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.history.record import GameRecord, Seat
from iwari_desktop.engine.history.stats import Tally, statistics


def game(n: int, map_name: str, *seats: tuple, mode: GameMode = GameMode.MULTIPLAYER,
         won: bool | None = None) -> GameRecord:
    return GameRecord(f"{n:024x}", f"2026-11-{10 + n:02d}T20:00:00+00:00", "new-horizons", map_name, mode,
                      tuple(Seat(name, "red", level, score, winner) for name, level, score, winner in seats),
                      20, 100, won)


RECORDS = [  # newest first, as the history keeps them
    game(6, "Vast Lands", ("ann ", None, 50, False), ("Ben", None, 50, False), ("Bot", "hard", 61, True)),
    game(5, "New Horizons", ("Ann", None, 70, True), ("Ben", None, 70, True)),          # a shared win
    game(4, "New Horizons", ("Ann", None, 40, False), ("Ben", None, 44, False)),        # the third tribe won
    game(3, "New Horizons", ("Ann", None, 90, True), ("Cat", None, 30, False), ("Bot", "easy", 20, False)),
    game(2, "New Horizons", ("Ann", None, 0, False), mode=GameMode.SOLO, won=False),
    game(1, "New Horizons", ("Ann", None, 0, True), mode=GameMode.SOLO, won=True),
    game(0, "Vast Lands", ("Ann", None, 0, True), ("Cat", None, 0, True), mode=GameMode.COOP, won=True),
]


def by_name(stats):
    return {p.name: p for p in stats.players}


def test_players_games_wins_and_rates():
    stats = statistics(RECORDS)
    people = by_name(stats)
    assert set(people) == {"ann", "Ben", "Cat"}   # one Ann whatever the case or spaces, shown as last written
    ann = people["ann"].total
    assert (ann.games, ann.wins, ann.losses) == (4, 2, 2)
    assert ann.win_rate == pytest.approx(0.5)
    assert ann.best == 90 and ann.average == pytest.approx((50 + 70 + 40 + 90) / 4)
    ben = people["Ben"].total
    assert (ben.games, ben.wins) == (3, 1) and ben.best == 70 and ben.average == pytest.approx(164 / 3)
    cat = people["Cat"].total
    assert (cat.games, cat.wins, cat.best, cat.average) == (1, 0, 30, 30.0)
    assert [p.name for p in stats.players] == ["ann", "Ben", "Cat"]   # most games first
    assert stats.games == len(RECORDS)


def test_a_shared_win_counts_for_everyone_who_shares_it_and_a_third_tribe_win_for_nobody():
    only = [RECORDS[1], RECORDS[2]]
    people = by_name(statistics(only))
    assert people["Ann"].total.wins == 1 and people["Ben"].total.wins == 1
    assert people["Ann"].total.games == 2 and people["Ben"].total.games == 2


def test_per_map_records():
    ann = by_name(statistics(RECORDS))["ann"]
    horizons, vast = ann.maps["New Horizons"], ann.maps["Vast Lands"]
    assert (horizons.games, horizons.wins, horizons.best) == (3, 2, 90)
    assert horizons.average == pytest.approx((70 + 40 + 90) / 3)
    assert (vast.games, vast.wins, vast.best, vast.average) == (1, 0, 50, 50.0)


def test_solo_and_coop_are_wins_and_losses_per_player_and_map_not_scores():
    stats = statistics(RECORDS)
    rows = {(r.name, r.mode, r.map_name): r.tally for r in stats.versus_void}
    assert set(rows) == {("Ann", "solo", "New Horizons"), ("Ann", "coop", "Vast Lands"), ("Cat", "coop", "Vast Lands")}
    solo = rows[("Ann", "solo", "New Horizons")]
    assert (solo.games, solo.wins, solo.losses) == (2, 1, 1) and solo.best is None and solo.average is None
    for partner in ("Ann", "Cat"):   # both partners share a co-op result
        coop = rows[(partner, "coop", "Vast Lands")]
        assert (coop.games, coop.wins, coop.losses) == (1, 1, 0)
    assert [r.name for r in stats.versus_void] == ["Ann", "Ann", "Cat"]   # by name, then mode
    assert all(p.total.games <= 4 for p in stats.players)   # solo/co-op never enter the players' table


def test_computer_levels_have_their_own_record():
    levels = statistics(RECORDS).levels
    assert set(levels) == {"hard", "easy"}
    assert (levels["hard"].games, levels["hard"].wins, levels["hard"].best) == (1, 1, 61)
    assert (levels["easy"].games, levels["easy"].wins, levels["easy"].average) == (1, 0, 20.0)
    assert "Bot" not in by_name(statistics(RECORDS))


def test_nothing_played_gives_empty_tables_and_no_division_by_zero():
    stats = statistics([])
    assert stats.players == [] and stats.versus_void == [] and stats.levels == {} and stats.games == 0
    empty = Tally()
    assert empty.win_rate == 0.0 and empty.best is None and empty.average is None

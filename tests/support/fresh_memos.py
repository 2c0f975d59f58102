"""Empties the engine's scoring and placement memos, so that a rule test works its answer out instead of
reading one an earlier test left behind.

Why: scoring and the Place listing keep their answers across games (issue #32: `scoring._TENT_LINES`, the
`lru_cache`d words and rankings, `placement._FITS`, `rules._PAYABLE`, `kept.ENTRIES`). Mutation testing (`make mutate`) runs
the rule tests once and then forks every mutant from that process, memos filled: a test whose position had
been scored before read the memo and never ran the mutated code (every edit of `scoring._tent_line_parts`
"survived" so, issue #32). A test that starts from empty memos also passes or fails the same whichever tests
ran before it in the worker.
"""

from __future__ import annotations


def forget_memos() -> None:
    """Every memo of core/scoring.py, core/placement.py and core/kept.py and the payments rules.py accepted, emptied (the states already made
    keep their fit entries: an entry is an immutable tuple, equal to a recount)."""
    from iwari_desktop.engine.core import kept, placement, rules, scoring

    scoring._TENT_LINES.clear()
    scoring._ROLE_WORD_OF.clear()
    for cached in (scoring.territory_label, scoring.standing, scoring._tent_ranking, scoring._tent_detail,
                   scoring._connection_label, scoring._totem_detail, scoring._settlement_words,
                   placement.payments_for, placement._place):
        cached.cache_clear()
    placement._FITS.clear()
    rules._PAYABLE.clear()   # a payment once accepted skips `placement.payment_is_valid` afterwards
    kept.ENTRIES.clear()
    kept._CODES.clear()

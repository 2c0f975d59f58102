"""The RNG's written-out paths draw exactly what the plain ones did (issue #32): every deck of every saved game
and replay depends on it."""

from __future__ import annotations

from iwari_desktop.engine.core.rng import Rng

_MASK = (1 << 64) - 1


def _plain_below(rng: Rng, n: int) -> int:
    limit = _MASK - (_MASK % n)
    while True:
        value = rng.next_u64()
        if value < limit:
            return value % n


def test_below_and_shuffle_draw_the_numbers_of_the_plain_splitmix_rejection():
    for seed in range(200):
        fast, plain = Rng(seed * 7919), Rng(seed * 7919)
        for n in (1, 2, 3, 5, 48, 1000, 2**63 + 5):
            assert fast.below(n) == _plain_below(plain, n)
        items = list(range(seed % 90))
        expected = list(items)
        fast.shuffle(items)
        for i in range(len(expected) - 1, 0, -1):
            j = _plain_below(plain, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected and fast.state == plain.state

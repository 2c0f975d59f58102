"""Seeded 2-D value noise and fractal sums of it, in pure Python (used for coasts and borders)."""

from __future__ import annotations

import math
import random


class ValueNoise:
    """Smoothly interpolated lattice noise in [-1, 1]; `fbm` sums octaves of it."""

    def __init__(self, seed: int, size: int = 256) -> None:
        rng = random.Random(seed)
        self.size = size
        perm = list(range(size))
        rng.shuffle(perm)
        self.perm = perm + perm
        self.values = [rng.uniform(-1.0, 1.0) for _ in range(size)]

    def _lattice(self, ix: int, iy: int) -> float:
        p = self.perm
        m = self.size - 1
        return self.values[p[(p[ix & m] + iy) & m]]

    def noise(self, x: float, y: float) -> float:
        x0 = math.floor(x)
        y0 = math.floor(y)
        fx = x - x0
        fy = y - y0
        sx = fx * fx * (3.0 - 2.0 * fx)
        sy = fy * fy * (3.0 - 2.0 * fy)
        v00 = self._lattice(x0, y0)
        v10 = self._lattice(x0 + 1, y0)
        v01 = self._lattice(x0, y0 + 1)
        v11 = self._lattice(x0 + 1, y0 + 1)
        a = v00 + (v10 - v00) * sx
        b = v01 + (v11 - v01) * sx
        return a + (b - a) * sy

    def fbm(self, x: float, y: float, octaves: int = 3, lacunarity: float = 2.0, gain: float = 0.5) -> float:
        total = 0.0
        amplitude = 1.0
        norm = 0.0
        for octave in range(octaves):
            total += amplitude * self.noise(x + 17.31 * octave, y - 9.77 * octave)
            norm += amplitude
            amplitude *= gain
            x *= lacunarity
            y *= lacunarity
        return total / norm

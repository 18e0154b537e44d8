"""Shared helpers for ndoku's Python tests: the repository's puzzle files and an independent checker."""

import math
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PUZZLES = REPO / "puzzles"


def lines(name):
    """The puzzle lines of a file in puzzles/, comments and blank lines skipped."""
    text = (PUZZLES / name).read_text()
    return [l.strip() for l in text.splitlines() if l.strip() and not l.startswith("#")]


def value_of(ch):
    """A cell's value as ndoku's line format writes it (0 for empty)."""
    if ch in ".0":
        return 0
    if ch.isdigit():
        return int(ch)
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 10
    return ord(ch) - ord("a") + 36


def classic_solution_ok(puzzle_line, solution_line, size=None):
    """Whether `solution_line` solves the classic `puzzle_line`: checked here,
    without ndoku. Each row, column and box holds each value once, and every
    given is kept. Boxes as ndoku draws them: h x w, h the largest divisor of
    the side not above its root."""
    cells = [value_of(c) for c in puzzle_line]
    sol = [value_of(c) for c in solution_line]
    n = size or math.isqrt(len(sol))
    if len(sol) != n * n or len(cells) != n * n:
        return False
    h = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    w = n // h
    full = set(range(1, n + 1))
    rows = [sol[r * n:(r + 1) * n] for r in range(n)]
    cols = [sol[c::n] for c in range(n)]
    boxes = [
        [sol[(br * h + r) * n + bc * w + c] for r in range(h) for c in range(w)]
        for br in range(n // h)
        for bc in range(n // w)
    ]
    houses_ok = all(set(house) == full for house in rows + cols + boxes)
    givens_ok = all(g == 0 or g == s for g, s in zip(cells, sol))
    return houses_ok and givens_ok


@pytest.fixture
def nine():
    """The repository's 9x9 puzzles and their solutions (or "unsolvable"), line for line."""
    return list(zip(lines("9x9.txt"), lines("9x9.solutions.txt")))

"""ndoku: N×N Sudoku and variants from Python, on ndoku's Rust engines.

Solve, count, rate, hint and generate puzzles of any size from 4×4 to
400×400, classic or with variant rules (jigsaw, X, Windoku, extra regions,
anti-knight, anti-king, killer cages), read from a line, a grid, tokens,
f-puzzles JSON or a link::

    import ndoku
    ndoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    ndoku.count(text, 2)          # 1: unique
    ndoku.rate(text).er           # 2.0 on Sudoku Explainer's scale
    ndoku.generate(9, seed=7).puzzle
    ndoku.solve_many(lines)       # every core, results aligned with lines
"""

from ndoku._errors import (
    GameError,
    GaveUpError,
    GenerateError,
    LogicError,
    NdokuError,
    ParseError,
    RulesError,
)
from ndoku._ndoku import (
    Count,
    Game,
    Generated,
    Generator,
    Hint,
    Logic,
    Outcome,
    Puzzle,
    Rating,
    Solver,
    Step,
    __version__,
    count,
    count_many,
    generate,
    rate,
    rate_many,
    read,
    solve,
    solve_many,
)

__all__ = [
    "Count",
    "Game",
    "GameError",
    "GaveUpError",
    "GenerateError",
    "Generated",
    "Generator",
    "Hint",
    "Logic",
    "LogicError",
    "NdokuError",
    "Outcome",
    "ParseError",
    "Puzzle",
    "Rating",
    "RulesError",
    "Solver",
    "Step",
    "__version__",
    "count",
    "count_many",
    "generate",
    "rate",
    "rate_many",
    "read",
    "solve",
    "solve_many",
]

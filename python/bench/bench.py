"""Speed of ndoku from Python: against py-sudoku, and per call against the Rust CLI (not run by CI).

    pip install ./python py-sudoku
    python python/bench/bench.py [FILE] [--count 10000] [--runs 3] [--cli PATH]

FILE holds 9x9 puzzles, one a line (default: 10,000 generated ones); the
first --count are solved. Each figure is the median of --runs runs:
ndoku's batch call on one thread and on every core, one `ndoku.solve` call
a puzzle, py-sudoku (`sudoku.Sudoku(3, 3, board).solve()`) a puzzle, and,
with --cli, the command-line tool on one thread (`ndoku solve -j 1 FILE`).
Every answer is checked to be the same solution from each.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import ndoku


def timed(work, runs):
    """The median seconds of `runs` runs of `work`, and its last result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    print(f"  runs: {', '.join(f'{t:.3f}' for t in times)} s", file=sys.stderr, flush=True)
    return statistics.median(times), result


def load(path, count):
    """The first `count` puzzle lines of `path`, or generated ones."""
    if path:
        with open(path) as f:
            puzzles = [l.strip() for l in f if l.strip() and not l.startswith("#")]
        return puzzles[:count]
    return [g.puzzle.to_line() for g in ndoku.Generator(9, seed=1).batch(count)]


def py_sudoku(puzzles):
    """py-sudoku's solution line of each puzzle."""
    from sudoku import Sudoku

    out = []
    for p in puzzles:
        board = [[int(c) if c not in ".0" else None for c in p[r * 9:(r + 1) * 9]] for r in range(9)]
        solved = Sudoku(3, 3, board=board).solve()
        out.append("".join(str(v) for row in solved.board for v in row))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sudoku-runs", type=int, default=None, help="runs of py-sudoku (default --runs)")
    parser.add_argument("--cli", help="path of a release `ndoku` binary")
    args = parser.parse_args(argv)
    puzzles = load(args.file, args.count)
    n = len(puzzles)
    rows = []

    t_one, one = timed(lambda: ndoku.solve_many(puzzles, threads=1), args.runs)
    rows.append(("ndoku.solve_many, 1 thread", t_one))
    t_all, every = timed(lambda: ndoku.solve_many(puzzles), args.runs)
    rows.append((f"ndoku.solve_many, every core ({os.cpu_count()})", t_all))
    t_calls, calls = timed(lambda: [ndoku.solve(p) for p in puzzles], args.runs)
    rows.append(("ndoku.solve, one call a puzzle", t_calls))
    assert one == every == calls and all(isinstance(s, str) for s in one)

    try:
        import sudoku  # noqa: F401
    except ImportError:
        t_sud = None
        print("py-sudoku is not installed: pip install py-sudoku", file=sys.stderr)
    else:
        t_sud, theirs = timed(lambda: py_sudoku(puzzles), args.sudoku_runs or args.runs)
        rows.append(("py-sudoku, one puzzle at a time", t_sud))
        differ = sum(a != b for a, b in zip(one, theirs))
        assert differ == 0, f"{differ} solutions differ from py-sudoku's"

    t_cli = None
    if args.cli:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(puzzles) + "\n")
        try:
            run = lambda: subprocess.run(  # noqa: E731
                [args.cli, "solve", "-j", "1", f.name], check=True, capture_output=True, text=True
            ).stdout.split()
            t_cli, cli = timed(run, args.runs)
            assert cli == one
            rows.append(("ndoku solve -j 1 (the Rust CLI)", t_cli))
        finally:
            os.remove(f.name)

    print(f"{n} 9x9 puzzles from {args.file or 'the generator (seed 1)'}, median of {args.runs} runs")
    print(f"{'':44} {'seconds':>9} {'puzzles/s':>11} {'us/puzzle':>10}")
    for name, t in rows:
        print(f"{name:44} {t:9.3f} {n / t:11,.0f} {t / n * 1e6:10.1f}")
    if t_sud:
        print(f"ndoku (1 thread) is {t_sud / t_one:,.0f}x py-sudoku; one call a puzzle {t_sud / t_calls:,.0f}x")
    print(f"per-call overhead of ndoku.solve over the batch call: {(t_calls - t_one) / n * 1e6:.1f} us")
    if t_cli:
        print(f"per-call overhead of ndoku.solve over the CLI: {(t_calls - t_cli) / n * 1e6:.1f} us"
              f" (batch call over the CLI: {(t_one - t_cli) / n * 1e6:.1f} us)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

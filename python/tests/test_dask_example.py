"""The Dask example rates a file on a LocalCluster of two workers, as `rate_many` rates it."""

import os
import sys
from pathlib import Path

import pytest

import ndoku

if os.environ.get("NDOKU_REQUIRE_DASK"):
    import dask.distributed  # noqa: F401  (CI installs it: fail rather than skip)
else:
    pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import dask_rate  # noqa: E402


def test_dask_example_rates_a_file_in_order(tmp_path):
    puzzles = [g.puzzle.to_line() for g in ndoku.Generator(9, seed=21).batch(300)]
    puzzles[7] = "12x4............"  # a bad line gets its own answer
    puzzles[100] = "1" + "." * 80  # several solutions
    path = tmp_path / "puzzles.txt"
    path.write_text("# a comment\n\n" + "\n".join(puzzles) + "\n")
    out = tmp_path / "ratings"
    # Small blocks: several partitions, so that their order is tested too.
    assert dask_rate.main([str(path), "--workers", "2", "--blocksize", "4KiB", "--out", str(out)]) == 0
    parts = sorted(out.glob("*.part"), key=lambda p: int(p.stem))
    assert len(parts) > 1
    got = [line for p in parts for line in p.read_text().splitlines()]
    assert len(got) == len(puzzles)
    for puzzle, line in zip(puzzles, got):
        if puzzle.startswith("12x4"):
            assert line.startswith("invalid\tinvalid character 'x'")
        elif puzzle == "1" + "." * 80:
            assert line == "multiple"
        else:
            rating = ndoku.rate(puzzle)
            assert line == rating.line
            if rating.solved:
                assert line.split("\t")[0] == f"{rating.er:.1f}"

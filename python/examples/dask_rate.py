"""Rate a file of puzzles past one machine: Dask partitions, each rated by ndoku's batch call.

    python dask_rate.py                      # 2,000 generated 9x9 puzzles, 2 local workers
    python dask_rate.py PUZZLES.txt --workers 2 --out ratings/
    python dask_rate.py PUZZLES.txt --scheduler tcp://host:8786 --out ratings/

The file holds one puzzle a line, in any form ndoku reads on one line (a
classic line, f-puzzles JSON, a link); blank lines and `#` comments are
skipped. Dask cuts the file into blocks of lines; each worker rates a block
with `ndoku.rate_many(lines, threads=1)`, one solver on that worker's one
thread, so a cluster of W single-threaded workers keeps W cores busy. The
same code runs on a real cluster: pass `--scheduler` the address of its
scheduler (each worker needs `pip install ./python` there).

Each output line is what `ndoku rate` prints for the puzzle, in input
order: `3.2<TAB>x-wing`, `stuck<TAB>...`, `multiple`, `unsolvable`, or
`invalid<TAB>why`. With `--out DIR`, one text file a partition is written
there (`0.part`, `1.part`, ... in order); without it, a summary is printed.
"""

import argparse
import os
import sys
import tempfile
import time
from collections import Counter

import dask.bag as db
from dask.distributed import Client, LocalCluster

import ndoku


def rate_lines(lines):
    """The `ndoku rate` line of each puzzle among `lines` (one partition),
    comments and blank lines skipped: one batch call, one solver."""
    puzzles = [line.strip() for line in lines]
    puzzles = [p for p in puzzles if p and not p.startswith("#")]
    out = []
    for rating in ndoku.rate_many(puzzles, threads=1):
        if isinstance(rating, ndoku.Rating):
            out.append(rating.line)
        else:
            out.append(f"invalid\t{rating}")
    return out


def rate_file(path, client, blocksize="128KiB", out=None):
    """Rates every puzzle of `path` on `client`'s workers. With `out`, writes
    the ratings there, a file a partition, and returns their paths; else
    returns the ratings, in input order."""
    lines = db.read_text(path, blocksize=blocksize)
    ratings = lines.map_partitions(rate_lines)
    if out is not None:
        os.makedirs(out, exist_ok=True)
        return ratings.to_textfiles(os.path.join(out, "*.part"), last_endline=True)
    return ratings.compute()


def sample_file(count=2000, seed=1):
    """A file of `count` generated 9x9 puzzles, for a run without arguments."""
    made = ndoku.Generator(9, seed=seed).batch(count)
    fd, path = tempfile.mkstemp(prefix="ndoku-sample-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write("# generated 9x9 puzzles\n")
        f.writelines(g.puzzle.to_line() + "\n" for g in made)
    return path


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="puzzles, one a line (default: a generated sample)")
    parser.add_argument("--workers", type=int, default=2, help="local workers (default 2)")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler instead")
    parser.add_argument("--blocksize", default="128KiB", help="bytes of the file a partition")
    parser.add_argument("--out", help="directory for the ratings, a file a partition")
    args = parser.parse_args(argv)

    path = args.file or sample_file()
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        client = Client(cluster)
    with client:
        start = time.perf_counter()
        result = rate_file(path, client, args.blocksize, args.out)
        seconds = time.perf_counter() - start
    if not args.file:
        os.remove(path)
    if args.out:
        written = sorted(result)
        total = sum(1 for f in written for _ in open(f))
        print(f"{total} ratings in {len(written)} files under {args.out}")
    else:
        total = len(result)
        kinds = Counter(line.split("\t")[0] if line[0].isalpha() else "rated" for line in result)
        print("; ".join(f"{k}: {v}" for k, v in sorted(kinds.items())))
    print(f"{total} puzzles in {seconds:.2f} s: {total / seconds:,.0f} puzzles/s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

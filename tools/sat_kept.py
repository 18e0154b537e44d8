#!/usr/bin/env python3
"""CaDiCaL on big kept-cell boards, as in record 0019 (decisions/0019-boards-past-64.md).

The boards are token files, row-major, 0 for empty, with boxes of BOXROWS rows
(`DUMP_TOKENS=DIR tools/bench_huge ...` writes them). The encoding is direct,
over the candidates the givens leave: each open cell and each (house, value)
not given takes exactly one (sequential at-most-one). The time is CaDiCaL's
process alone (it reads the CNF); its model is decoded and checked (givens
kept, every house a permutation). `../shared/bench/sat-anchor` cannot read
these boards (square boxes, 35 symbols, pairwise at-most-one).

usage: tools/sat_kept.py BOXROWS TIMEOUT FILE...   (needs `cadical` on PATH)
Set CADICAL_STATS=1 to print CaDiCaL's conflicts and decisions.
"""
import subprocess, sys, tempfile, time, os


def main():
    h = int(sys.argv[1]); timeout = float(sys.argv[2])
    for path in sys.argv[3:]:
        cells = list(map(int, open(path).read().split()))
        n = int(round(len(cells) ** 0.5)); w = n // h
        assert n * n == len(cells) and h * w == n
        box = lambda r, c: (r // h) * h + c // w
        houses = [[r * n + c for c in range(n)] for r in range(n)]
        houses += [[r * n + c for r in range(n)] for c in range(n)]
        bx = [[] for _ in range(n)]
        for r in range(n):
            for c in range(n):
                bx[box(r, c)].append(r * n + c)
        houses += bx
        used = [set(cells[i] for i in hs if cells[i]) for hs in houses]
        var = {}
        for i, v in enumerate(cells):
            if v:
                continue
            r, c = divmod(i, n)
            taken = used[r] | used[n + c] | used[2 * n + box(r, c)]
            for x in range(1, n + 1):
                if x not in taken:
                    var[(i, x)] = len(var) + 1
        nv = len(var); cl = []

        def exactly_one(lits):
            nonlocal nv
            cl.append(lits)
            if len(lits) < 2:
                return
            # sequential counter at-most-one
            s = []
            for _ in range(len(lits) - 1):
                nv += 1; s.append(nv)
            cl.append([-lits[0], s[0]])
            for k in range(1, len(lits) - 1):
                cl.append([-lits[k], s[k]]); cl.append([-s[k - 1], s[k]]); cl.append([-lits[k], -s[k - 1]])
            cl.append([-lits[-1], -s[-1]])

        for i, v in enumerate(cells):
            if not v:
                exactly_one([var[(i, x)] for x in range(1, n + 1) if (i, x) in var])
        for k, hs in enumerate(houses):
            for x in range(1, n + 1):
                if x not in used[k]:
                    exactly_one([var[(i, x)] for i in hs if (i, x) in var])
        with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as f:
            f.write(f"p cnf {nv} {len(cl)}\n")
            f.write("".join(" ".join(map(str, c)) + " 0\n" for c in cl))
            cnf = f.name
        t = time.perf_counter()
        try:
            stats = os.environ.get("CADICAL_STATS") == "1"
            cmd = ["cadical", cnf] if stats else ["cadical", "-q", cnf]
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            dt = time.perf_counter() - t
            status = {10: "sat", 20: "unsat"}.get(p.returncode, f"rc{p.returncode}")
        except subprocess.TimeoutExpired:
            dt = timeout; status = "timeout"; p = None
        os.unlink(cnf)
        check = ""
        if status == "sat":
            true = set()
            for line in p.stdout.splitlines():
                if line.startswith("v"):
                    true.update(int(t) for t in line.split()[1:] if int(t) > 0)
            sol = list(cells)
            for (i, x), k in var.items():
                if k in true:
                    sol[i] = x
            ok = all(sorted(sol[i] for i in hs) == list(range(1, n + 1)) for hs in houses)
            ok &= all(a == b for a, b in zip(cells, sol) if a)
            check = "checked" if ok else "WRONG"
        if status == "sat" and stats:
            for line in p.stdout.splitlines():
                if line.startswith(("c conflicts:", "c decisions:")):
                    check += "\t" + " ".join(line.split()[1:3])
        print(f"{os.path.basename(path)}\tcadical {dt:.2f} s\t{status}\t{check}\tvars {nv} clauses {len(cl)}", flush=True)


if __name__ == "__main__":
    main()

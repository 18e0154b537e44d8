"""Solving in the page (the worker's WebAssembly, in Chromium) against the
native CLI (`ndoku solve -j 1`) on the same puzzles, as a ratio. A benchmark,
not a test.

    web/build && python3 web/bench/page_vs_native.py [FILE] [COUNT] [NDOKU]

FILE defaults to the 17-clue set in ../shared/data (read in place), COUNT to
1000, NDOKU to target/release/ndoku (cargo build --release --features cli).
Each side is timed three times; the best time counts.
"""

import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_page import ARGS, CHROMIUM, TIMEOUT_MS, server_url  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
file = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared/data/9x9/17_clue.txt"
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
ndoku = sys.argv[3] if len(sys.argv) > 3 else str(ROOT / "target/release/ndoku")

lines = [l.strip() for l in file.read_text().splitlines() if l.strip() and not l.startswith("#")][:count]

with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
    f.write("\n".join(lines) + "\n")
    f.flush()
    native = []
    for _ in range(3):
        start = time.perf_counter()
        out = subprocess.run([ndoku, "solve", "-j", "1", f.name], capture_output=True, text=True, check=True)
        native.append(time.perf_counter() - start)
    assert len(out.stdout.split()) == len(lines)
# The process's start, reading and printing are in the native time.
native_ms = min(native) * 1000

with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page()
    page.goto(server_url())
    page.wait_for_function("document.querySelector('#status').textContent === 'ready' || document.querySelector('#board').childElementCount > 0", timeout=TIMEOUT_MS)
    page.evaluate("lines => window.ndoku.ask('bench', { lines: lines.slice(0, 50) })", lines)  # warm up
    runs = [page.evaluate("lines => window.ndoku.ask('bench', { lines })", lines) for _ in range(3)]
    browser.close()
best = min(runs, key=lambda r: r["ms"])
assert best["solved"] == len(lines), best

print(f"native CLI (-j 1): {native_ms:.1f} ms for {len(lines)} puzzles ({native_ms * 1000 / len(lines):.1f} µs each, process start included)")
print(f"page (worker, wasm): {best['ms']:.1f} ms ({best['ms'] * 1000 / len(lines):.1f} µs each)")
print(f"ratio page/native: {best['ms'] / native_ms:.2f}x on {file.name}")

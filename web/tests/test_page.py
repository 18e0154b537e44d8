"""The page (web/dist) in a real browser: Debian's chromium driven by playwright.

Serves web/dist on 127.0.0.1, solves a classic and a variant (f-puzzles)
puzzle and checks the solutions by hand, takes a hint, generates a puzzle,
cancels a long job, and saves screenshots under web/test-output/.

    web/build && python3 web/tests/test_page.py

It ends with the line 'N passed, N failed' and exits non-zero on a failure.

Needs `pip install playwright` and /usr/bin/chromium (`apt-get install
chromium`); playwright's own browser download is not used.
"""

import functools
import http.server
import json
import os
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

WEB = Path(__file__).resolve().parent.parent
DIST = WEB / "dist"
OUT = WEB / "test-output"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TIMEOUT_MS = 120_000

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def variant_json():
    """A 9×9 X-Sudoku with a killer cage and some drawings, in f-puzzles JSON."""
    grid = [[{} for _ in range(9)] for _ in range(9)]
    for r, c, v in [(0, 4, 5), (2, 2, 7), (4, 4, 1), (6, 6, 3), (8, 0, 9), (3, 7, 2)]:
        grid[r][c] = {"value": v, "given": True}
    return json.dumps(
        {
            "size": 9,
            "title": "X-Sudoku with a cage",
            "grid": grid,
            "diagonal+": True,
            "diagonal-": True,
            "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
            "line": [{"lines": [["R9C4", "R8C5", "R9C6"]], "outlineC": "#a0c0ff"}],
        }
    )


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves DIST with the MIME types module workers and wasm need, silently."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args):
        pass


@functools.cache
def server_url():
    if not (DIST / "index.html").exists():
        raise SystemExit(f"{DIST}/index.html is missing: run web/build first")
    handler = functools.partial(Quiet, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def check_solution(givens, solution, n, extra_houses=()):
    """Givens kept, values 1..n, every row, column, box and extra house distinct."""
    assert len(solution) == n * n, f"{len(solution)} values for {n}x{n}"
    for i, (g, s) in enumerate(zip(givens, solution)):
        assert 1 <= s <= n, f"cell {i} holds {s}"
        assert g in (0, s), f"given {g} at cell {i} became {s}"
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    b = int(n**0.5)
    if b * b == n:
        houses += [
            [(br + r) * n + bc + c for r in range(b) for c in range(b)]
            for br in range(0, n, b)
            for bc in range(0, n, b)
        ]
    houses += list(extra_houses)
    for house in houses:
        values = [solution[c] for c in house]
        assert len(set(values)) == len(values), f"house {house} repeats: {values}"


def values_of(line):
    """Cell values of a 9×9 (or smaller) solution line."""
    return [int(ch) for ch in line]


def givens_of(line):
    return [int(ch) if ch.isdigit() else 0 for ch in line]


def open_page(browser):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url())
    page.wait_for_function("document.querySelector('#board').childElementCount > 0", timeout=TIMEOUT_MS)
    return page, errors


def solve_text(page, text):
    page.fill("#puzzle", text)
    page.click("#solve")
    page.wait_for_selector("#result[data-solution]", timeout=TIMEOUT_MS)
    return page.get_attribute("#result", "data-solution")


def test_classic(browser):
    page, errors = open_page(browser)
    line = solve_text(page, CLASSIC)
    check_solution(givens_of(CLASSIC), values_of(line), 9)
    assert len(line) == 81
    # The result shows the solution as a grid too.
    assert page.inner_text("#result").count("\n") >= 8
    page.screenshot(path=str(OUT / "classic-solved.png"))
    assert not errors, errors


def test_variant(browser):
    page, errors = open_page(browser)
    text = variant_json()
    line = solve_text(page, text)
    sol = values_of(line)
    givens = [0] * 81
    for r, row in enumerate(json.loads(text)["grid"]):
        for c, cell in enumerate(row):
            givens[r * 9 + c] = cell.get("value", 0)
    diagonals = [[i * 10 for i in range(9)], [i * 8 + 8 for i in range(9)]]
    check_solution(givens, sol, 9, diagonals)
    assert sol[0] + sol[1] == 3, "the killer cage sums to 3"
    # The board draws the diagonals and the cage.
    assert page.locator("#board line.diagonal").count() == 2
    assert page.locator("#board line.cage").count() >= 6
    assert page.locator("#board polyline.fp-line").count() == 1
    page.screenshot(path=str(OUT / "variant-solved.png"))
    assert not errors, errors


def test_hint(browser):
    page, errors = open_page(browser)
    page.fill("#puzzle", CLASSIC)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-text').textContent.length > 0", timeout=TIMEOUT_MS)
    first = page.inner_text("#hint-text")
    assert page.locator("#board rect.hl-cell").count() > 0, "the hint highlights cells"
    assert page.locator("#board text.mark").count() > 100, "pencil marks are drawn"
    page.screenshot(path=str(OUT / "hint.png"))
    # Apply it and take the next one: it names another step.
    page.click("#apply")
    page.click("#hint")
    page.wait_for_function(
        "t => { const x = document.querySelector('#hint-text').textContent; return x.length > 0 && x !== t; }",
        arg=first,
        timeout=TIMEOUT_MS,
    )
    assert page.locator("#board text.entry").count() >= 1, "the applied placement shows"
    assert not errors, errors


def test_generate(browser):
    page, errors = open_page(browser)
    page.select_option("#gen-size", "9")
    page.check("#gen .rules input[value=diagonals]")
    page.click("#generate")
    page.wait_for_function(
        "document.querySelector('#message').textContent.startsWith('generated')", timeout=TIMEOUT_MS
    )
    text = page.input_value("#puzzle")
    assert text.strip().startswith("{"), "an X-Sudoku comes as f-puzzles JSON"
    assert page.locator("#board line.diagonal").count() == 2
    page.screenshot(path=str(OUT / "generated-x.png"))
    page.click("#unique")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('unique')", timeout=TIMEOUT_MS)
    # A 16×16 classic, solved.
    page.uncheck("#gen .rules input[value=diagonals]")
    page.select_option("#gen-size", "16")
    page.click("#generate")
    page.wait_for_function(
        "document.querySelector('#message').textContent.startsWith('generated')", timeout=TIMEOUT_MS
    )
    page.click("#solve")
    page.wait_for_selector("#result[data-solution]", timeout=TIMEOUT_MS)
    tokens = page.get_attribute("#result", "data-solution").split()
    assert len(tokens) == 256
    check_solution([0] * 256, [int(t) for t in tokens], 16)
    page.screenshot(path=str(OUT / "generated-16.png"))
    assert not errors, errors


def test_cancel(browser):
    page, errors = open_page(browser)
    # Counting the solutions of an empty 25×25 never ends in practice.
    # Started, not awaited (evaluate would wait for the promise).
    page.evaluate("() => { window.ndoku.run('counting', 'count', {text: '.'.repeat(625), limit: 4e9}); }")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('counting')")
    time.sleep(0.5)
    # The page still answers while the worker works.
    start = time.monotonic()
    assert page.evaluate("1 + 1") == 2
    assert time.monotonic() - start < 2
    assert page.is_enabled("#cancel")
    page.click("#cancel")
    page.wait_for_function("document.querySelector('#status').textContent.includes('cancelled')")
    # A fresh worker takes the next job.
    line = solve_text(page, CLASSIC)
    check_solution(givens_of(CLASSIC), values_of(line), 9)
    assert not errors, errors


def test_time_limit(browser):
    """A time limit in the worker (web-time's clock, not Instant::now) gives up."""
    page, errors = open_page(browser)
    count = page.evaluate(
        "window.ndoku.ask('count', {text: '.'.repeat(256), limit: 4e9, timeLimitMs: 300})"
    )
    assert count["kind"] == "gaveUp", count
    assert count["ms"] >= 250, count
    assert not errors, errors


def test_bad_input(browser):
    page, errors = open_page(browser)
    page.fill("#puzzle", "12x4............")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#message').className === 'error'", timeout=TIMEOUT_MS)
    assert page.inner_text("#message") == "invalid character 'x' at row 1, column 3"
    assert not errors, errors


def main():
    OUT.mkdir(exist_ok=True)
    tests = [v for k, v in globals().items() if k.startswith("test_")]
    passed = failed = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for t in tests:
            start = time.monotonic()
            try:
                t(browser)
                passed += 1
                print(f"ok {t.__name__} ({time.monotonic() - start:.1f} s)")
            except Exception as e:  # report and go on
                failed += 1
                print(f"FAILED {t.__name__}: {type(e).__name__}: {e}")
        browser.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

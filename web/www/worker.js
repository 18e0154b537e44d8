// The page's worker: runs ndoku's WebAssembly off the page's thread. Each
// message is {id, op, args}; each answer {id, ok, result} or {id, ok: false,
// error}. The worker keeps no state between messages, so the page can
// terminate it at any time (Cancel) and start another.
import init, { Puzzle, Solver, Logic, Game, generate } from "./pkg/ndoku.js";

const ready = init();

/** Runs `f` on the puzzle read from `text`, and frees it. */
function withPuzzle(text, f) {
  const puzzle = new Puzzle(text);
  try {
    return f(puzzle);
  } finally {
    puzzle.free();
  }
}

/** What the page needs to draw a puzzle. */
function describe(puzzle) {
  return {
    size: puzzle.size,
    cells: Array.from(puzzle.cells()),
    layout: puzzle.layout(),
    classic: puzzle.isClassic(),
    line: puzzle.toString(),
  };
}

/** A game of `puzzle` with the page's entries and pencil marks. */
function gameOf(puzzle, entries, marks) {
  const n = puzzle.size;
  const game = new Game(puzzle);
  const cells = puzzle.cells();
  for (let c = 0; c < n * n; c++) {
    if (entries && entries[c] && !cells[c]) game.enter(Math.floor(c / n), c % n, entries[c]);
  }
  for (let c = 0; c < n * n; c++) {
    if (marks && marks[c] && !cells[c] && !(entries && entries[c])) {
      game.setCandidates(Math.floor(c / n), c % n, Uint16Array.from(marks[c]));
    }
  }
  return game;
}

const ops = {
  load({ text }) {
    return withPuzzle(text, describe);
  },
  solve({ text, timeLimitMs }) {
    return withPuzzle(text, (puzzle) => {
      const solver = new Solver({ timeLimitMs });
      const start = performance.now();
      const outcome = solver.solve(puzzle);
      const ms = performance.now() - start;
      const nodes = solver.nodes;
      solver.free();
      const out = { status: outcome.status, ms, nodes };
      if (outcome.solution) {
        out.cells = Array.from(outcome.solution.cells());
        out.values = outcome.solution.toValues();
        out.grid = outcome.solution.toGrid();
        out.valid = outcome.solution.isSolved() && puzzle.isCompletedBy(outcome.solution);
        outcome.solution.free();
      }
      return out;
    });
  },
  count({ text, timeLimitMs, limit = 2 }) {
    return withPuzzle(text, (puzzle) => {
      const solver = new Solver({ timeLimitMs });
      const start = performance.now();
      const count = solver.count(puzzle, limit);
      solver.free();
      return { ...count, ms: performance.now() - start };
    });
  },
  rate({ text }) {
    return withPuzzle(text, (puzzle) => {
      const logic = new Logic({ assumeUnique: true });
      const start = performance.now();
      const rating = logic.rate(puzzle);
      logic.free();
      return { ...rating, ms: performance.now() - start };
    });
  },
  hint({ text, entries, marks }) {
    return withPuzzle(text, (puzzle) => {
      const n = puzzle.size;
      const game = gameOf(puzzle, entries, marks);
      const logic = new Logic({ assumeUnique: true });
      try {
        const hint = logic.hint(game);
        const candidates = [];
        for (let c = 0; c < n * n; c++) {
          candidates.push(Array.from(game.candidates(Math.floor(c / n), c % n)));
        }
        return { hint, candidates };
      } finally {
        logic.free();
        game.free();
      }
    });
  },
  // Solves each line in turn; the time of the whole loop, for web/bench.
  bench({ lines }) {
    const solver = new Solver();
    let solved = 0;
    const start = performance.now();
    for (const line of lines) {
      const puzzle = new Puzzle(line);
      const out = solver.solve(puzzle);
      if (out.solution) {
        if (puzzle.isCompletedBy(out.solution) && out.solution.isSolved()) solved++;
        out.solution.free();
      }
      puzzle.free();
    }
    const ms = performance.now() - start;
    solver.free();
    return { ms, solved, puzzles: lines.length };
  },
  generate({ options }) {
    const start = performance.now();
    const made = generate(options);
    const ms = performance.now() - start;
    const puzzle = made.puzzle;
    const text = puzzle.isClassic() ? puzzle.toGrid() : puzzle.toFpuzzles();
    const out = { text, ms, givens: puzzle.givens, ...describe(puzzle) };
    puzzle.free();
    made.solution.free();
    return out;
  },
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    const result = ops[op](args || {});
    self.postMessage({ id, ok: true, result });
  } catch (e) {
    self.postMessage({ id, ok: false, error: e && e.message ? e.message : String(e) });
  }
};

ready.then(
  () => self.postMessage({ id: 0, ok: true, result: "ready" }),
  (e) => self.postMessage({ id: 0, ok: false, error: `could not load ndoku: ${e}` }),
);

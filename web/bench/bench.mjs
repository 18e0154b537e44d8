// Solving speed of the ndoku npm package (web/pkg) against the npm package
// sudoku-core on the same 9×9 puzzles: median and total time a puzzle, and
// how many each solved. A benchmark, not a test.
//
//   web/build && (cd web/bench && npm install) && node web/bench/bench.mjs [FILE] [COUNT]
//
// FILE defaults to the 17-clue set in ../shared/data (read in place), COUNT to 1000.
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initSync, Puzzle, Solver } from "../pkg/ndoku.js";
import { solve as coreSolve } from "sudoku-core";

initSync({ module: readFileSync(new URL("../pkg/ndoku_bg.wasm", import.meta.url)) });

const here = fileURLToPath(new URL(".", import.meta.url));
const file = process.argv[2] || `${here}../../../shared/data/9x9/17_clue.txt`;
const count = Number(process.argv[3] || 1000);
if (!existsSync(file)) {
  console.error(`no puzzle file at ${file}`);
  process.exit(1);
}
const lines = readFileSync(file, "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.slice(0, 81))
  .slice(0, count);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** Times `solveOne` on every line; returns the times (ms) and how many it solved. */
function run(name, solveOne) {
  // Warm up on a few puzzles, so that the JIT has compiled both.
  for (const line of lines.slice(0, 20)) solveOne(line);
  const times = [];
  let solved = 0;
  for (const line of lines) {
    const start = performance.now();
    const ok = solveOne(line);
    times.push(performance.now() - start);
    if (ok) solved++;
  }
  console.log(
    `${name.padEnd(12)} solved ${solved}/${lines.length}, median ${(median(times) * 1000).toFixed(1)} µs, ` +
      `total ${sum(times).toFixed(1)} ms`,
  );
  return { times, solved };
}

const solver = new Solver();
const ndoku = run("ndoku (wasm)", (line) => {
  const puzzle = new Puzzle(line);
  const out = solver.solve(puzzle);
  const ok = out.status === "solved" && out.solution.isSolved() && puzzle.isCompletedBy(out.solution);
  out.solution?.free();
  puzzle.free();
  return ok;
});
const core = run("sudoku-core", (line) => {
  const board = [...line].map((ch) => (ch >= "1" && ch <= "9" ? Number(ch) : null));
  const out = coreSolve(board);
  return Boolean(out && out.solved && out.board && out.board.every((v) => v !== null));
});
console.log(
  `ratio (sudoku-core / ndoku): median ${(median(core.times) / median(ndoku.times)).toFixed(1)}x, ` +
    `total ${(sum(core.times) / sum(ndoku.times)).toFixed(1)}x, on ${lines.length} puzzles from ${file.split("/").pop()}`,
);

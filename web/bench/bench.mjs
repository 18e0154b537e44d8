// Solving speed of the ndoku npm package (web/pkg) against the npm package
// sudoku-core on the same 9×9 puzzles: median and total time a puzzle, and
// how many each solved. A benchmark, not a test.
//
//   web/build && (cd web/bench && npm install) && node web/bench/bench.mjs [COUNT] [FILE]
//
// COUNT defaults to 1000. The puzzles are FILE's first COUNT lines (read in
// place), or by default puzzles ndoku generates from seeds 0, 1, 2, ...:
// sudoku-core solves by logic first and its search stalls on the sparse
// 17-clue set (not one of its first five within a minute), so the shared
// sets leave it nothing to time.
import { readFileSync, existsSync } from "node:fs";
import { initSync, Puzzle, Solver, generate } from "../pkg/ndoku.js";
import { solve as coreSolve } from "sudoku-core";

initSync({ module: readFileSync(new URL("../pkg/ndoku_bg.wasm", import.meta.url)) });

const count = Number(process.argv[2] || 1000);
const file = process.argv[3];
let lines;
if (file) {
  if (!existsSync(file)) {
    console.error(`no puzzle file at ${file}`);
    process.exit(1);
  }
  lines = readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.slice(0, 81))
    .slice(0, count);
} else {
  lines = Array.from({ length: count }, (_, seed) => generate({ size: 9, seed }).puzzle.toString());
}
const source = file ? file.split("/").pop() : "ndoku's generator, seeds 0..";

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
    `total ${(sum(core.times) / sum(ndoku.times)).toFixed(1)}x, on ${lines.length} puzzles from ${source}`,
);

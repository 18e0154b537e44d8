// The npm package (web/pkg, wasm-bindgen `--target web`) under Node: the
// module loaded with `initSync` from the .wasm's bytes, as a Node user of the
// package loads it. Run `web/build` first, then `node --test web/tests/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { initSync, Puzzle, Solver, Logic, Game, generate, solve } from "../pkg/ndoku.js";

initSync({ module: readFileSync(new URL("../pkg/ndoku_bg.wasm", import.meta.url)) });

const CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
// A 6×6 X-Sudoku in f-puzzles JSON: boxes of 2×3 and both diagonals.
const X6 = JSON.stringify({
  size: 6,
  "diagonal+": true,
  "diagonal-": true,
  grid: [
    [{ value: 1, given: true }, {}, {}, {}, {}, {}],
    [{}, {}, { value: 3, given: true }, {}, {}, {}],
    [{}, {}, {}, {}, {}, {}],
    [{}, {}, {}, {}, { value: 5, given: true }, {}],
    [{}, {}, {}, {}, {}, {}],
    [{}, {}, {}, {}, {}, {}],
  ],
});

/**
 * Checks `solution` against `puzzle` by hand, not through the library:
 * every given kept, every value in 1..n, and every row, column and region
 * (from the layout), diagonal and extra region without a repeat.
 */
function checkSolution(puzzle, solution) {
  const n = puzzle.size;
  const givens = puzzle.cells();
  const cells = solution.cells();
  assert.equal(cells.length, n * n);
  for (let c = 0; c < n * n; c++) {
    assert.ok(cells[c] >= 1 && cells[c] <= n, `cell ${c} holds ${cells[c]}`);
    if (givens[c]) assert.equal(cells[c], givens[c], `given at cell ${c} kept`);
  }
  const layout = puzzle.layout();
  const houses = [...layout.diagonals, ...layout.extraRegions];
  for (let i = 0; i < n; i++) {
    houses.push([...Array(n).keys()].map((j) => i * n + j));
    houses.push([...Array(n).keys()].map((j) => j * n + i));
  }
  const regions = new Map();
  layout.regions.forEach((r, c) => regions.set(r, [...(regions.get(r) || []), c]));
  houses.push(...regions.values());
  for (const house of houses) {
    const values = house.map((c) => cells[c]);
    assert.equal(new Set(values).size, values.length, `house ${house} repeats a value: ${values}`);
  }
}

test("solves a classic 9x9 and its solution keeps the rules", () => {
  const puzzle = new Puzzle(CLASSIC);
  assert.equal(puzzle.size, 9);
  assert.equal(puzzle.givens, 17);
  const outcome = new Solver().solve(puzzle);
  assert.equal(outcome.status, "solved");
  checkSolution(puzzle, outcome.solution);
  assert.ok(puzzle.isCompletedBy(outcome.solution));
  assert.match(outcome.solution.toValues(), /^[1-9]{81}$/);
  // The shortcut answers the same line.
  assert.equal(solve(CLASSIC), outcome.solution.toString());
});

test("reads a grid, an f-puzzles JSON and link, and solves the variant", () => {
  const grid = new Puzzle(new Puzzle(CLASSIC).toGrid());
  assert.equal(grid.toString(), new Puzzle(CLASSIC).toString());
  const x6 = new Puzzle(X6);
  assert.equal(x6.size, 6);
  assert.equal(x6.isClassic(), false);
  assert.equal(x6.layout().diagonals.length, 2);
  const fromLink = new Puzzle(x6.toLink());
  assert.equal(fromLink.toFpuzzles(), x6.toFpuzzles());
  const outcome = new Solver().solve(x6);
  assert.equal(outcome.status, "solved");
  checkSolution(x6, outcome.solution);
});

test("a SudokuPad scl or ctc link is refused by name: the package is built without that reader", () => {
  // The `sudokupad` feature is off here, for size; its error says so rather
  // than failing to decompress. An f-puzzles link it carries still reads.
  for (const link of ["https://sudokupad.app/sclN4IgzglgXgpiBcA", "ctcN4IgzglgXgpiBcA"]) {
    assert.throws(() => new Puzzle(link), /does not read SudokuPad's `scl` and `ctc` payloads \(the `sudokupad` feature\)/);
  }
  const x6 = new Puzzle(X6);
  const carried = new Puzzle(x6.toLink().replace("https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles"));
  assert.equal(carried.toFpuzzles(), x6.toFpuzzles());
});

test("counts solutions up to a limit", () => {
  const solver = new Solver();
  assert.deepEqual(solver.count(new Puzzle(CLASSIC), 2), { kind: "exact", found: 1, unique: true });
  // The empty 4×4 has 288 solutions.
  assert.deepEqual(solver.count(Puzzle.empty(4), 1000), { kind: "exact", found: 288, unique: false });
  assert.deepEqual(solver.count(Puzzle.empty(9), 2), { kind: "atLeast", found: 2, unique: false });
  // R1C3 can hold neither 3 nor 4: no solution, though no rule is broken.
  const none = new Puzzle("12....3...4.....");
  assert.deepEqual(solver.count(none, 2), { kind: "exact", found: 0, unique: false });
  assert.equal(solver.solve(none).status, "unsolvable");
});

test("limits: a node budget and a time limit give up instead of hanging", () => {
  const empty = Puzzle.empty(16);
  const budget = new Solver({ maxNodes: 50 }).count(empty, 1e9);
  assert.equal(budget.kind, "gaveUp");
  // The time limit runs on the JS clock (web-time), which Instant::now would panic without.
  const start = Date.now();
  const timed = new Solver({ timeLimitMs: 200 }).count(empty, 4e9);
  assert.equal(timed.kind, "gaveUp");
  assert.ok(Date.now() - start >= 150, "it ran until the time limit");
  assert.throws(() => new Solver({ maxNodes: -1 }), /maxNodes/);
});

test("hints name a step, and a wrong entry is a mistake", () => {
  const puzzle = new Puzzle(CLASSIC);
  const solution = new Solver().solve(puzzle).solution.cells();
  const game = new Game(puzzle);
  const logic = new Logic({ assumeUnique: true });
  const hint = logic.hint(game);
  assert.equal(hint.kind, "step");
  const step = hint.step;
  assert.ok(step.explanation.length > 10, step.explanation);
  assert.ok(step.placements.length + step.eliminations.length > 0);
  assert.ok(step.cells.length > 0);
  assert.equal(step.houseNames.length, step.houses.length);
  for (const name of step.houseNames) assert.match(name, /^(row|column|box) [1-9]$/);
  for (const [cell, value] of step.placements) assert.equal(value, solution[cell]);
  for (const [cell, value] of step.eliminations) assert.notEqual(value, solution[cell]);
  // Apply steps until the game is solved: each placement agrees with the solution.
  for (let i = 0; i < 500; i++) {
    const h = logic.hint(game);
    if (h.kind !== "step") {
      assert.equal(h.kind, "solved");
      break;
    }
    game.apply(h.step);
  }
  assert.deepEqual(Array.from(game.grid()), Array.from(solution));

  const wrong = new Game(puzzle);
  const empty = puzzle.cells().findIndex((v) => v === 0);
  const bad = (solution[empty] % 9) + 1;
  wrong.enter(Math.floor(empty / 9), empty % 9, bad);
  const mistakes = logic.hint(wrong);
  assert.equal(mistakes.kind, "mistakes");
  assert.deepEqual(mistakes.entries, [[Math.floor(empty / 9), empty % 9]]);
});

test("a step says the puzzle's first value, and its values shift by it", () => {
  // ISS's "0-indexed: 6x6": values 0 to 5, and its recorded solution.
  const zero = new Puzzle(
    ".~R1C5_3~R2C2_0~R2C4_2~R2C6_4~R3C4_1~R4C3_2~R5C1_5~R5C3_1~R5C5_4~R6C2_4.Shape~6x6~0-5",
  );
  const printed = "214035305214430152152403521340043521";
  assert.equal(new Solver().solve(zero).solution.toString(), printed);
  const logic = new Logic({ assumeUnique: true });
  const game = new Game(zero);
  let placed = 0;
  for (let i = 0; i < 200; i++) {
    const h = logic.hint(game);
    if (h.kind !== "step") {
      assert.equal(h.kind, "solved");
      break;
    }
    assert.equal(h.step.firstValue, 0, h.step.explanation);
    for (const [cell, value] of h.step.placements) {
      // Held 1 to 6, as cells() holds them; the grid prints value - 1 + firstValue.
      assert.equal(String(value - 1 + h.step.firstValue), printed[cell], h.step.explanation);
      placed++;
    }
    game.apply(h.step);
  }
  assert.equal(placed, 36 - zero.givens);
  assert.equal(logic.hint(new Game(new Puzzle(CLASSIC))).step.firstValue, 1);
  // ISS's "0-indexed: Classic sudoku", a 9x9 from 0.
  const nine = new Puzzle(
    ".Shape~9x9~0-8.~R1C1_4~R1C2_2~R1C5_6~R2C1_5~R2C4_0~R2C5_8~R2C6_4~R3C2_8~R3C3_7~R3C8_5" +
      "~R4C1_7~R4C5_5~R4C9_2~R5C1_3~R5C4_7~R5C6_2~R5C9_0~R6C1_6~R6C5_1~R6C9_5~R7C2_5~R7C7_1" +
      "~R7C8_7~R8C4_3~R8C5_0~R8C6_8~R8C9_4~R9C5_7~R9C8_6~R9C9_8",
  );
  assert.ok(nine.toString().startsWith("42..6....5..084"), nine.toString());
  assert.equal(logic.hint(new Game(nine)).step.firstValue, 0);
});

test("rates on Sudoku Explainer's scale", () => {
  // Sudoku Explainer rates this one 3.2, for an X-Wing.
  const xwing = new Puzzle("700306001008000900320000074000060000050020040000908000246000397903000802000000000");
  const rating = new Logic({ assumeUnique: true }).rate(xwing);
  assert.equal(rating.er, 3.2);
  assert.equal(rating.solved, true);
  assert.match(rating.text, /x-wing/i);
  assert.ok(rating.steps > 0);
});

test("generates unique puzzles by size, rules and rating", () => {
  const solver = new Solver();
  const made = generate({ size: 9, seed: 7 });
  assert.ok(made.puzzle.isCompletedBy(made.solution));
  checkSolution(made.puzzle, made.solution);
  assert.deepEqual(solver.count(made.puzzle, 2).kind, "exact");
  assert.equal(solver.count(made.puzzle, 2).found, 1);
  // The same seed makes the same puzzle.
  assert.equal(generate({ size: 9, seed: 7 }).puzzle.toString(), made.puzzle.toString());

  const x = generate({ size: 6, rules: ["diagonals"], seed: 3 });
  assert.equal(x.puzzle.layout().diagonals.length, 2);
  assert.equal(solver.count(x.puzzle, 2).found, 1);
  checkSolution(x.puzzle, x.solution);

  const rated = generate({ size: 9, rating: "1.0-2.0", seed: 11 });
  const er = new Logic({ assumeUnique: true }).rate(rated.puzzle).er;
  assert.ok(er >= 1.0 && er <= 2.0, `rating ${er}`);
});

test("errors are JS exceptions carrying ndoku's messages", () => {
  assert.throws(() => new Puzzle("12x4............"), {
    name: "Error",
    message: "invalid character 'x' at row 1, column 3",
  });
  assert.throws(() => new Puzzle(""), Error);
  assert.throws(() => new Puzzle("11" + ".".repeat(79)), { message: "value 1 at R1C1 repeats at R1C2: one row" });
  const thermo = JSON.stringify({
    size: 4,
    grid: [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
    notarule: true,
  });
  assert.throws(() => new Puzzle(thermo), /unsupported constraint "notarule"/);
  assert.throws(() => generate({ size: 9, rules: ["sandwich"] }), /unknown rule "sandwich"/);
  assert.throws(() => generate({ size: 9, rating: "4-3" }), /backwards/);
});

test("reads ISS constraint text and keeps its thermometers", () => {
  const text = ".Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4.Thermo~R2C4~R2C3.~R4C1_4";
  const puzzle = new Puzzle(text);
  assert.equal(puzzle.size, 4);
  assert.equal(puzzle.isClassic(), false);
  const outcome = new Solver().solve(puzzle);
  assert.equal(outcome.status, "solved");
  checkSolution(puzzle, outcome.solution);
  const v = outcome.solution.cells();
  assert.ok(v[0] < v[1] && v[1] < v[2] && v[2] < v[3], `thermometer 1: ${v.slice(0, 4)}`);
  assert.ok(v[7] < v[6], `thermometer 2: ${v[7]} ${v[6]}`);
  assert.throws(() => new Puzzle(".Shape~4x4.NFA~x"), /unsupported constraint "NFA"/);
});

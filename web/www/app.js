// The page: reads the puzzle box, asks the worker (worker.js) to solve,
// count, rate, hint or generate, and draws the board as SVG.

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---- The worker, restartable ----------------------------------------------

let worker = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = ({ data }) => {
    if (data.id === 0) {
      // A restarted worker's "ready" keeps what the status says (such as "cancelled").
      if (!data.ok) setStatus(data.error);
      else if ($("status").textContent === "loading…") setStatus("ready");
      return;
    }
    const job = pending.get(data.id);
    if (!job) return;
    pending.delete(data.id);
    if (data.ok) job.resolve(data.result);
    else job.reject(new Error(data.error));
  };
  worker.onerror = (e) => {
    setStatus(`worker error: ${e.message}`);
  };
}

/** Sends `op` to the worker; the answer comes back as a promise. */
function ask(op, args) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, op, args });
  });
}

/** Cancel: ends the worker and whatever it runs, and starts a fresh one. */
function cancel() {
  worker.terminate();
  for (const job of pending.values()) job.reject(new Error("cancelled"));
  pending.clear();
  startWorker();
}

// ---- State -----------------------------------------------------------------

const state = {
  text: "", // the text the puzzle was read from
  puzzle: null, // {size, cells, layout, classic, line}
  solution: null, // cells of the solution, when solved
  entries: null, // cells placed by applied hints
  marks: null, // pencil marks (arrays), once a hint was taken
  hint: null, // the last hint
};

function setStatus(text) {
  $("status").textContent = text;
}

function setMessage(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

/** Runs a worker job with the buttons disabled and Cancel enabled. */
async function busy(label, job) {
  const buttons = document.querySelectorAll("#controls button:not(#cancel)");
  buttons.forEach((b) => (b.disabled = true));
  $("cancel").disabled = false;
  setStatus(`${label}…`);
  const start = performance.now();
  try {
    const out = await job();
    setStatus(`${label}: done in ${Math.round(performance.now() - start)} ms`);
    return out;
  } catch (e) {
    setStatus(e.message === "cancelled" ? `${label}: cancelled` : `${label}: failed`);
    if (e.message !== "cancelled") setMessage(e.message, "error");
    return null;
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    $("apply").disabled = !(state.hint && state.hint.kind === "step");
    $("cancel").disabled = true;
  }
}

/** Reads the puzzle box into `state` (when it changed) and draws it. */
async function load() {
  const text = $("puzzle").value;
  if (state.puzzle && text === state.text) return true;
  const read = await ask("load", { text });
  Object.assign(state, {
    text,
    puzzle: read,
    solution: null,
    entries: null,
    marks: null,
    hint: null,
  });
  setResult(null);
  $("hint-text").textContent = "";
  $("board-title").textContent = read.layout.title || "";
  draw();
  return true;
}

function setResult(solved) {
  const r = $("result");
  if (!solved) {
    r.textContent = "";
    r.removeAttribute("data-solution");
    return;
  }
  r.textContent = solved.grid;
  r.setAttribute("data-solution", solved.values);
}

// ---- Actions ----------------------------------------------------------------

async function onShow() {
  setMessage("");
  await busy("reading", async () => {
    state.text = null;
    await load();
    const p = state.puzzle;
    setMessage(`${p.size}×${p.size}, ${p.cells.filter((v) => v).length} givens${p.classic ? "" : ", variant rules"}`);
  });
}

async function onSolve() {
  setMessage("");
  await busy("solving", async () => {
    await load();
    const out = await ask("solve", { text: state.text, timeLimitMs: 60000 });
    if (out.status === "solved") {
      state.solution = out.cells;
      setResult(out);
      setMessage(`solved in ${out.ms.toFixed(1)} ms (${out.nodes} guesses)`, "ok");
    } else if (out.status === "unsolvable") {
      setMessage("this puzzle has no solution", "error");
    } else {
      setMessage("gave up: the time limit ran out", "error");
    }
    draw();
  });
}

async function onUnique() {
  setMessage("");
  await busy("counting", async () => {
    await load();
    const c = await ask("count", { text: state.text, timeLimitMs: 60000 });
    const text =
      c.kind === "exact" && c.found === 1
        ? "unique: exactly one solution"
        : c.kind === "exact" && c.found === 0
          ? "no solution"
          : c.kind === "atLeast"
            ? "not unique: at least 2 solutions"
            : `gave up after ${c.found} solution(s): the time limit ran out`;
    setMessage(`${text} (${c.ms.toFixed(1)} ms)`, c.unique ? "ok" : "error");
  });
}

async function onRate() {
  setMessage("");
  await busy("rating", async () => {
    await load();
    const r = await ask("rate", { text: state.text });
    const text = r.er === null
      ? `no rating: the ladder stops short (${r.steps} steps${r.hardest ? `, hardest ${r.hardest}` : ""})`
      : `rating ${r.er.toFixed(1)} (${r.hardest}), ${r.steps} steps`;
    setMessage(`${text}, ${r.ms.toFixed(0)} ms`, "ok");
  });
}

async function onHint() {
  setMessage("");
  await busy("thinking", async () => {
    await load();
    state.solution = null;
    setResult(null);
    const out = await ask("hint", { text: state.text, entries: state.entries, marks: state.marks });
    state.marks = out.candidates;
    state.hint = out.hint;
    const h = out.hint;
    const words = {
      solved: "solved: every cell is filled, and right",
      stuck: "stuck: the next step needs techniques past the ladder",
      notUnique: "the puzzle has several solutions: no step leads to one",
      mistakes: `mistakes at ${(h.entries || []).concat(h.marks || []).map(([r, c]) => `R${r + 1}C${c + 1}`).join(", ")}`,
    };
    $("hint-text").textContent = h.kind === "step" ? `${h.step.explanation} (${h.step.difficulty.toFixed(1)})` : words[h.kind];
    draw();
  });
}

function onApply() {
  const h = state.hint;
  if (!h || h.kind !== "step") return;
  const n = state.puzzle.size;
  state.entries = state.entries || new Array(n * n).fill(0);
  for (const [cell, value] of h.step.placements) {
    state.entries[cell] = value;
    state.marks[cell] = [value];
  }
  for (const [cell, value] of h.step.eliminations) {
    state.marks[cell] = state.marks[cell].filter((v) => v !== value);
  }
  state.hint = null;
  $("apply").disabled = true;
  $("hint-text").textContent = "";
  draw();
}

function onReset() {
  Object.assign(state, { solution: null, entries: null, marks: null, hint: null });
  setResult(null);
  setMessage("");
  $("hint-text").textContent = "";
  $("apply").disabled = true;
  draw();
}

async function onGenerate() {
  setMessage("");
  const options = { size: Number($("gen-size").value) };
  const rules = [...document.querySelectorAll("#gen .rules input:checked")].map((i) => i.value);
  if (rules.length) options.rules = rules;
  if ($("gen-level").value) options.level = $("gen-level").value;
  if ($("gen-rating").value.trim()) options.rating = $("gen-rating").value.trim();
  await busy("generating", async () => {
    const made = await ask("generate", { options });
    $("puzzle").value = made.text;
    state.text = null;
    await load();
    setMessage(`generated: ${made.size}×${made.size}, ${made.givens} givens, in ${made.ms.toFixed(0)} ms`, "ok");
  });
}

// ---- Drawing ------------------------------------------------------------------

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** A value as the board shows it: digits, or numbers from 10. */
const show = (v) => String(v);

/** The cell index of an f-puzzles cell name such as "R3C5". */
function cellOf(name, n) {
  const m = /^R(\d+)C(\d+)$/i.exec(String(name));
  if (!m) return null;
  const r = Number(m[1]) - 1;
  const c = Number(m[2]) - 1;
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : null;
}

/** Draws a dashed outline inside the cells of a cage, and its sum. */
function drawCage(g, cells, sum, n) {
  const inside = new Set(cells);
  const d = 0.08;
  for (const cell of cells) {
    const r = Math.floor(cell / n);
    const c = cell % n;
    const sides = [
      [r - 1, c, [c + d, r + d, c + 1 - d, r + d]],
      [r + 1, c, [c + d, r + 1 - d, c + 1 - d, r + 1 - d]],
      [r, c - 1, [c + d, r + d, c + d, r + 1 - d]],
      [r, c + 1, [c + 1 - d, r + d, c + 1 - d, r + 1 - d]],
    ];
    for (const [rr, cc, [x1, y1, x2, y2]] of sides) {
      const out = rr < 0 || rr >= n || cc < 0 || cc >= n || !inside.has(rr * n + cc);
      if (out) el("line", { x1, y1, x2, y2, class: "cage" }, g);
    }
  }
  if (sum !== null && sum !== undefined && sum !== "") {
    const first = Math.min(...cells);
    const w = 0.14 * String(sum).length + 0.04;
    el("rect", { x: (first % n) + 0.04, y: Math.floor(first / n) + 0.04, width: w, height: 0.26, class: "cage-sum-bg" }, g);
    const t = el("text", { x: (first % n) + 0.06, y: Math.floor(first / n) + 0.25, class: "cage-sum" }, g);
    t.textContent = String(sum);
  }
}

/** Draws what f-puzzles keys beside the rules show: lines, arrows, dots, circles, cosmetic cages. */
function drawFpuzzles(g, fp, n) {
  const center = (cell) => [(cell % n) + 0.5, Math.floor(cell / n) + 0.5];
  for (const [key, items] of Object.entries(fp || {})) {
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (!item || typeof item !== "object") continue;
      if (Array.isArray(item.lines)) {
        for (const line of item.lines) {
          const pts = line.map((x) => cellOf(x, n)).filter((x) => x !== null).map(center);
          if (pts.length > 1) {
            el("polyline", {
              points: pts.map((p) => p.join(",")).join(" "),
              class: `fp-line fp-${key}`,
              style: item.outlineC ? `stroke: ${item.outlineC}` : "",
            }, g);
          }
          if (key === "thermometer" && pts.length) {
            el("circle", { cx: pts[0][0], cy: pts[0][1], r: 0.32, class: "fp-bulb" }, g);
          }
        }
      }
      const cells = Array.isArray(item.cells) ? item.cells.map((x) => cellOf(x, n)).filter((x) => x !== null) : [];
      if (/dot/i.test(key) && cells.length === 2) {
        const [a, b] = cells.map(center);
        el("circle", { cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r: 0.12, class: /black/i.test(key) ? "dot-black" : "dot-white" }, g);
      } else if ((key === "arrow" || key === "circle") && cells.length) {
        for (const cell of cells) {
          const [x, y] = center(cell);
          el("circle", { cx: x, cy: y, r: 0.4, class: "fp-circle" }, g);
        }
      } else if (key === "cage" && cells.length) {
        drawCage(g, cells, item.value, n);
      } else if (key === "text" && cells.length && item.value) {
        const [x, y] = center(cells[0]);
        const t = el("text", { x, y: y + 0.12, class: "fp-text" }, g);
        t.textContent = item.value;
      }
    }
  }
}

function draw() {
  const svg = $("board");
  svg.replaceChildren();
  const p = state.puzzle;
  if (!p) return;
  const n = p.size;
  const L = p.layout;
  const pad = 0.06;
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${n + 2 * pad} ${n + 2 * pad}`);
  svg.dataset.size = n;
  const bg = el("g", {}, svg);
  el("rect", { x: 0, y: 0, width: n, height: n, class: "paper" }, bg);

  // Shades: extra regions, then the hint's houses and cells.
  const shade = (cell, cls) => el("rect", { x: cell % n, y: Math.floor(cell / n), width: 1, height: 1, class: cls }, bg);
  L.extraRegions.forEach((cells, i) => cells.forEach((c) => shade(c, `extra extra-${i % 4}`)));
  const step = state.hint && state.hint.kind === "step" ? state.hint.step : null;
  if (step) {
    step.houses.forEach((cells) => cells.forEach((c) => shade(c, "hl-house")));
    step.cells.forEach((c) => shade(c, "hl-cell"));
  }
  if (state.hint && state.hint.kind === "mistakes") {
    (state.hint.entries || []).concat(state.hint.marks || []).forEach(([r, c]) => shade(r * n + c, "hl-mistake"));
  }

  // Diagonals: corner to corner, or through the cells' centres for any other.
  for (const cells of L.diagonals) {
    const rc = cells.map((c) => [Math.floor(c / n), c % n]);
    if (rc.every(([r, c]) => r === c)) {
      el("line", { x1: 0, y1: 0, x2: n, y2: n, class: "diagonal" }, bg);
    } else if (rc.every(([r, c]) => r + c === n - 1)) {
      el("line", { x1: n, y1: 0, x2: 0, y2: n, class: "diagonal" }, bg);
    } else {
      const pts = rc.sort((a, b) => a[0] - b[0]).map(([r, c]) => `${c + 0.5},${r + 0.5}`);
      el("polyline", { points: pts.join(" "), class: "diagonal", fill: "none" }, bg);
    }
  }

  // Grid: thin cell lines, thick region borders.
  const grid = el("g", {}, svg);
  const reg = L.regions;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      if (c + 1 < n) {
        el("line", { x1: c + 1, y1: r, x2: c + 1, y2: r + 1, class: reg[cell] !== reg[cell + 1] ? "thick" : "thin" }, grid);
      }
      if (r + 1 < n) {
        el("line", { x1: c, y1: r + 1, x2: c + 1, y2: r + 1, class: reg[cell] !== reg[cell + n] ? "thick" : "thin" }, grid);
      }
    }
  }
  el("rect", { x: 0, y: 0, width: n, height: n, class: "frame" }, grid);

  // Cages and f-puzzles drawings.
  const deco = el("g", {}, svg);
  for (const cage of L.cages) drawCage(deco, cage.cells, cage.sum, n);
  drawFpuzzles(deco, L.fpuzzles, n);

  // Values: givens, entries from hints, the solution; else pencil marks.
  const text = el("g", { class: "values" }, svg);
  const size = n > 9 ? Math.min(0.6, 1.6 / String(n).length) : 0.7;
  const placed = new Map((step ? step.placements : []).map(([c, v]) => [c, v]));
  const elim = new Set((step ? step.eliminations : []).map(([c, v]) => `${c}:${v}`));
  const marked = new Set((step ? step.candidates : []).map(([c, v]) => `${c}:${v}`));
  const side = Math.ceil(Math.sqrt(n));
  for (let cell = 0; cell < n * n; cell++) {
    const x = (cell % n) + 0.5;
    const y = Math.floor(cell / n) + 0.5;
    const given = p.cells[cell];
    const entry = state.entries ? state.entries[cell] : 0;
    const solved = state.solution ? state.solution[cell] : 0;
    const v = given || entry || solved;
    if (v) {
      const t = el("text", { x, y: y + size * 0.36, "font-size": size, class: given ? "given" : entry ? "entry" : "solved" }, text);
      t.textContent = show(v);
      continue;
    }
    if (state.marks && n <= 16) {
      const marks = state.marks[cell] || [];
      const fs = 0.85 / side;
      for (const m of marks) {
        const i = m - 1;
        const mx = (cell % n) + (0.5 + (i % side)) / side;
        const my = Math.floor(cell / n) + (0.5 + Math.floor(i / side)) / side;
        const key = `${cell}:${m}`;
        const cls = placed.get(cell) === m ? "mark place" : elim.has(key) ? "mark elim" : marked.has(key) ? "mark hl" : "mark";
        if (cls !== "mark") el("circle", { cx: mx, cy: my, r: 0.45 / side, class: `${cls}-bg` }, text);
        const t = el("text", { x: mx, y: my + fs * 0.36, "font-size": fs, class: cls }, text);
        t.textContent = show(m);
      }
    }
  }
}

// ---- Wiring ---------------------------------------------------------------------

startWorker();
// For tests and the console: run any worker job as the buttons do.
window.ndoku = { ask, cancel, run: (label, op, args) => busy(label, () => ask(op, args)) };
$("show").onclick = onShow;
$("solve").onclick = onSolve;
$("unique").onclick = onUnique;
$("hint").onclick = onHint;
$("apply").onclick = onApply;
$("rate").onclick = onRate;
$("clear").onclick = onReset;
$("generate").onclick = onGenerate;
$("cancel").onclick = cancel;
$("puzzle").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) onSolve();
});
if (!$("puzzle").value) {
  $("puzzle").value = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
}
onShow();

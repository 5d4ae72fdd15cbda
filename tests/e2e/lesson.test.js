// The lesson's panels in a real browser (issue 42): the call stack, the seeds' arrays, the
// search tree and the calls per depth, checked against the events of `hetman queens trace`;
// the whole 8-queens search at top speed with the tree open (timed in Chromium); a jump to
// step 10,000,000 of 12 queens and back (timed), step 150,000,000 of 14 queens twice. Screenshots go to docs/screenshots/.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { SHOTS, run, session } = require("./lib/hetman");
const P = require("./lib/page");
const S = session();
const { state, loadQueens, goTo } = P;
const open = (url) => P.open(S.chrome, url);

// The events of `hetman queens trace N --json`, parsed.
function events(n, limit) {
  const args = ["queens", "trace", String(n), "--json"];
  if (limit) args.push("--limit", String(limit));
  return run(args).trim().split("\n").map((l) => JSON.parse(l)).filter((o) => o.event && o.event !== "end");
}

// What the seeds' stack holds after the first k events: per file, the queen placed, the rank
// tried, the rank refused last in the current call and the lines that refused it.
function stackAfter(evs, k) {
  const frames = [];
  for (const e of evs.slice(0, k)) {
    if (e.event === "call") frames[e.file] = { placed: null, tried: null, refused: null, lines: [] };
    else if (e.event === "try") frames[e.file].tried = e.square;
    else if (e.event === "refuse") Object.assign(frames[e.file], { refused: e.square, lines: e.lines });
    else if (e.event === "put") Object.assign(frames[e.file], { placed: e.square, tried: e.square });
    else if (e.event === "remove") frames[e.file].placed = null;
  }
  let top = -1;
  // The frame running now: the file of the last event (a call, a try, a refusal, a put, a remove).
  for (const e of evs.slice(0, k)) if (typeof e.file === "number") top = e.file;
  return frames.slice(0, top + 1);
}

test("the call stack at chosen steps is the seeds' test(c) frames, as the events say", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 8);
  const evs = events(8, 3000);
  for (const k of [1, 2, 9, 64, 65, 200, 1234, 2999]) {
    await goTo(page, k);
    const rows = await page.$$eval("#callstack tbody tr", (trs) =>
      trs.map((tr) => Array.from(tr.cells).map((td) => td.textContent)));
    const want = stackAfter(evs, k);
    assert.equal(rows.length, want.length, "frames at step " + k);
    want.forEach((f, i) => {
      assert.equal(rows[i][0], String(i));
      assert.match(rows[i][1], new RegExp("^test\\(" + (i + 1) + "\\)"));
      const now = f.placed ? "placed on " + f.placed : f.tried ? "tries " + f.tried : "—";
      assert.equal(rows[i][2], now, `step ${k}, frame ${i}`);
      assert.equal(rows[i][3], f.refused ? f.refused + ": " + f.lines.join(", ") : "—", `step ${k}, frame ${i}`);
    });
  }
  // Step 64: f1 is refused by row alone: the arrays light row[0] as the refusing cell.
  await goTo(page, 64);
  assert.equal(evs[63].event, "refuse");
  assert.deepEqual(evs[63].lines, ["row"]);
  // f1: c = 6, r = 1 as the seeds count: row[1], up[7], down[1-6+8] = down[3].
  assert.match(await page.getAttribute("#array-row .cell[data-index='1']", "class"), /lit refuses/);
  assert.match(await page.getAttribute("#array-up .cell[data-index='7']", "class"), /lit read/);
  assert.match(await page.getAttribute("#array-down .cell[data-index='3']", "class"), /lit read/);
  // The arrays hold 0 where a queen is: row[r] for each queen placed.
  const placed = stackAfter(evs, 64).filter((f) => f.placed).map((f) => Number(f.placed.slice(1)));
  for (let r = 1; r <= 8; r++) {
    const v = await page.textContent(`#array-row .cell[data-index='${r}'] b`);
    assert.equal(v, placed.includes(r) ? "0" : "1", "row[" + r + "]");
  }
  await page.screenshot({ path: path.join(SHOTS, "lesson-stack-arrays.png"), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the search tree is drawn and cut at a refusal, with the current path", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 8);
  const evs = events(8, 200);
  await goTo(page, 64);
  const made = Number(await page.getAttribute("#tree", "data-made"));
  const cuts = Number(await page.getAttribute("#tree", "data-cuts"));
  const refusals = evs.slice(0, 64).filter((e) => e.event === "refuse").length;
  const puts = evs.slice(0, 64).filter((e) => e.event === "put").length;
  assert.equal(cuts, refusals, "one cut branch per refusal");
  assert.equal(made, 1 + puts + refusals, "the root, each placement and each cut");
  assert.equal(await page.textContent("#tree-path"), "Current path: a1 → b3 → c5 → d2 → e8 → f1");
  // The canvas has the cut's colour where the refusal is drawn.
  const red = await page.evaluate(() => {
    const cv = document.getElementById("tree");
    const d = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 180 && d[i + 1] < 120 && d[i + 2] < 60) n++;
    return n;
  });
  assert.ok(red > 20, "cut branches drawn: " + red + " pixels");
  await page.locator("#tree").screenshot({ path: path.join(SHOTS, "lesson-tree-8.png") });
  // Folded cuts: the tree keeps its placements only.
  await page.click("#tree-cuts");
  assert.equal(await page.textContent("#tree-path"), "Current path: a1 → b3 → c5 → d2 → e8");
  await page.click("#tree-cuts");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the whole 8-queens search at top speed with the tree open; the calls per depth add up to 1965", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 8);
  await page.waitForFunction(() => window.hetmanPage.state().done);
  await page.locator("#speed").fill("100");
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    document.getElementById("btn-play").click();
    await new Promise((done) => {
      const f = () => {
        const s = window.hetmanPage.state();
        if (s.done && !s.playing && s.cursor === s.count) done();
        else requestAnimationFrame(f);
      };
      f();
    });
    return performance.now() - t0;
  });
  const s = await state(page);
  console.log(`# 8 queens, ${s.count} events, played to the end with the tree open in ${ms.toFixed(0)} ms (Chromium)`);
  assert.ok(ms < 20000, "the page kept up: " + ms + " ms");
  assert.equal(s.counters.calls, 1965);
  // The chart: one bar per depth, each the calls at that depth in the events; together 1965.
  const bars = await page.$$eval("#depth .bar", (gs) => gs.map((g) => [Number(g.dataset.depth), Number(g.dataset.value)]));
  const want = new Array(9).fill(0);
  for (const e of events(8)) if (e.event === "call") want[e.depth]++;
  while (want[want.length - 1] === 0) want.pop(); // test(9) is never called: 8 queens are a solution
  assert.deepEqual(bars, want.map((v, d) => [d, v]));
  assert.equal(bars.reduce((a, b) => a + b[1], 0), 1965);
  assert.equal(await page.getAttribute("#depth-sum", "data-sum"), "1965");
  assert.match(await page.textContent("#depth-sum"), /1,965 calls: the search is over/);
  const made = Number(await page.getAttribute("#tree", "data-made"));
  assert.equal(made, 1 + s.counters.placements + s.counters.refusals);
  await page.click("#tree-fit");
  await page.locator("#lesson").screenshot({ path: path.join(SHOTS, "lesson-tree-depth-8.png") });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a search too large to draw is summarised: the calls per depth and the current path", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 12);
  await goTo(page, 20000);
  assert.equal(await page.getAttribute("#tree-note", "data-summary"), null, "20,000 steps are drawn");
  await page.selectOption("#goto-what", "step");
  await page.fill("#goto", "3000000");
  await page.click("#goto-run");
  await page.waitForFunction(() => window.hetmanPage.state().cursor === 3000000);
  await P.drawn(page);
  assert.equal(await page.getAttribute("#tree-note", "data-summary"), "true");
  assert.equal(await page.isHidden("#tree"), true);
  assert.match(await page.textContent("#tree-path"), /^Current path: a\d+ → b\d+ → /);
  const sum = Number(await page.getAttribute("#depth-sum", "data-sum"));
  assert.equal(sum, (await state(page)).counters.calls);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Goes to step or solution `k` and resolves with the milliseconds until the board is there
// (and, after a far jump, the server's counters have checked it).
async function timedGoTo(page, what, k) {
  await page.selectOption("#goto-what", what);
  await page.fill("#goto", String(k));
  return page.evaluate(async ([what, k]) => {
    const t0 = performance.now();
    document.getElementById("goto-run").click();
    await new Promise((done, fail) => {
      const f = () => {
        const s = window.hetmanPage.state();
        const err = document.getElementById("error");
        if (!err.hidden) return fail(new Error(err.textContent));
        const there = what === "step" ? s.cursor === k : s.counters && s.counters.solutions === k;
        if (there && s.count > s.cursor && (s.base === 0 || s.jumpChecked)) done();
        else requestAnimationFrame(f);
      };
      f();
    });
    return performance.now() - t0;
  }, [what, k]);
}

test("go to step 10,000,000 of 12 queens and back to step 0, each in about a second", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 12);
  const far = 10000000;
  const there = await timedGoTo(page, "step", far);
  const s = await state(page);
  assert.equal(s.cursor, far);
  // The counters there are the server's: its end line after one more event says the same.
  const body = await page.evaluate((far) => fetch(`/api/queens/trace?n=12&skip=${far - 1}&limit=1`).then((r) => r.text()), far);
  const end = JSON.parse(body.trim().split("\n").pop());
  assert.deepEqual(s.counters, end.counters);
  assert.match(await page.textContent("#step"), /step 10,000,000/);
  await page.screenshot({ path: path.join(SHOTS, "lesson-jump-12.png"), fullPage: true });
  // Playing on from there: the events follow on.
  await page.click("#btn-forward");
  assert.equal((await state(page)).cursor, far + 1);
  const back = await timedGoTo(page, "step", 0);
  assert.equal((await state(page)).cursor, 0);
  assert.equal((await state(page)).counters.calls, 0);
  console.log(`# 12 queens: to step 10,000,000 in ${there.toFixed(0)} ms, back to step 0 in ${back.toFixed(0)} ms (Chromium, server on the same machine)`);
  assert.ok(there < 5000 && back < 5000, `about a second each: ${there} and ${back} ms`);
  // A solution far in: number 10,000 of 14,200.
  const sol = await timedGoTo(page, "solution", 10000);
  console.log(`# 12 queens: to solution 10,000 in ${sol.toFixed(0)} ms`);
  assert.match(await page.textContent("#now"), /^Solution 10000: [\d ]+\.$/);
  const code = (await page.textContent("#now")).replace(/^.*: /, "").replace(/\.$/, "");
  // A step back from a far jump: the events before it are there.
  const at = (await state(page)).cursor;
  await page.click("#btn-back");
  assert.equal((await state(page)).cursor, at - 1);
  const check = JSON.parse(run(["queens", "symmetry", ...code.split(" "), "--json"]));
  assert.equal(check.solution, true, "the library checks the placement there: a solution");
  assert.equal(check.n, 12);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("go to step 150,000,000 of 14 queens: past one request's replay in hops, the second time fast", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 14);
  const limits = await page.evaluate(() => fetch("/api/limits").then((r) => r.json()));
  const far = 150000000;
  assert.ok(far > limits.max_replay, `beyond one request's replay (${limits.max_replay})`);
  const first = await timedGoTo(page, "step", far);
  const s = await state(page);
  assert.equal(s.cursor, far);
  // The server's counters after one more event say the same (it starts from a saved state now).
  const body = await page.evaluate((far) => fetch(`/api/queens/trace?n=14&skip=${far - 1}&limit=1`).then((r) => r.text()), far);
  const end = JSON.parse(body.trim().split("\n").pop());
  assert.deepEqual(s.counters, end.counters);
  assert.match(await page.textContent("#step"), /step 150,000,000/);
  await timedGoTo(page, "step", 0);
  const second = await timedGoTo(page, "step", far);
  assert.equal((await state(page)).cursor, far);
  await page.click("#btn-back");
  assert.equal((await state(page)).cursor, far - 1);
  console.log(`# 14 queens: to step 150,000,000 in ${first.toFixed(0)} ms the first time (the server in two hops), ${second.toFixed(0)} ms the second (Chromium, server on the same machine)`);
  assert.ok(first < 30000, `the first time within 30 s: ${first} ms`);
  assert.ok(second < 5000 && second < first, `the second time about a second: ${second} ms (first ${first} ms)`);
  // Chromium logs the server's one refusal of the first, too far skip (400 with reach); nothing else.
  const refusals = page.errors.filter((e) => /status of 400/.test(e));
  assert.ok(refusals.length <= 1, page.errors.join("\n"));
  assert.deepEqual(page.errors.filter((e) => !/status of 400/.test(e)), []);
  await page.close();
});

test("the scrubber spans the whole search and reaches any step of it", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 9);
  const total = events(9).length; // 9 queens: the events before the end line
  await page.waitForFunction((total) => document.getElementById("scrub").max === String(total), total);
  for (const k of [150000, 17, total]) {
    await page.locator("#scrub").fill(String(k));
    await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, k);
  }
  assert.equal((await state(page)).counters.solutions, 352);
  assert.deepEqual(page.errors, []);
  await page.close();
});

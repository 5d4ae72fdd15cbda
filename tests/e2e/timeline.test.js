// The page's reading of traces (assets/web/trace.js) on real traces from
// `hetman queens trace --json` and `hetman knight trace --json`: the counters it
// adds up equal the end line, a step back returns the same board, and past the
// cap the oldest events go while the counts stay right.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { ROOT, run } = require("./lib/hetman");
const T = require(path.join(ROOT, "crates/hetman-cli/assets/web/trace.js"));
const J = require(path.join(ROOT, "crates/hetman-cli/assets/web/jump.js"));

// Reads a whole trace, moving the cursor along as the page does (so a cap can cut it).
function play(text, cap) {
  const t = new T.Timeline({ cap });
  const src = new T.TextSource(text, t);
  while (!src.done) {
    src.want(Math.min(5000, cap ? cap / 4 : 5000));
    t.seek(t.count);
  }
  return t;
}

const OEIS_A000170 = [1, 0, 0, 2, 10, 4, 40, 92];

for (const algorithm of ["backtracking", "bitboard"]) {
  test(`queens 1..8 (${algorithm}): the counters equal the end line`, () => {
    for (let n = 1; n <= 8; n++) {
      const t = play(run(["queens", "trace", String(n), "--json", "--algorithm", algorithm]));
      assert.ok(t.end, "a complete trace");
      assert.deepEqual(t.checkEnd(), { ok: true }, "n = " + n);
      assert.equal(t.counters().solutions, OEIS_A000170[n - 1]);
      assert.equal(t.solutions.length, OEIS_A000170[n - 1]);
      if (n === 8 && algorithm === "backtracking") assert.equal(t.counters().calls, 1965);
    }
  });
}

test("a step back returns the board it left; a jump anywhere is the same as walking there", () => {
  const t = play(run(["queens", "trace", "6", "--json"]));
  const seen = [];
  t.seek(0);
  const snap = () => JSON.stringify([Array.from(t.state.ranks), Array.from(t.state.counters), t.state.file, t.state.depth]);
  seen.push(snap());
  while (t.cursor < t.count) {
    t.seek(t.cursor + 1);
    seen.push(snap());
  }
  for (let k = t.count; k > 0; k -= 97) {
    t.seek(k - 1);
    assert.equal(snap(), seen[k - 1], "one step back to " + (k - 1));
  }
  for (const k of [5000, 17, 3000, 4095, 4096, 4097, 0, t.count, 2047]) {
    if (k > t.count) continue;
    t.seek(k);
    assert.equal(snap(), seen[k], "jump to " + k);
  }
});

test("the knight from b5 on 5x5 is stuck on its 20th square", () => {
  const t = play(run(["knight", "trace", "5", "--start", "b5", "--json", "--limit", "200"]));
  let stuck = null;
  for (let i = 0; i < t.count && stuck === null; i++) {
    const e = t.event(i);
    if (e.kind === T.K.DEAD_END) stuck = e.b;
  }
  assert.equal(stuck, 20);
  assert.equal(t.end, null, "a trace cut by --limit has no complete end line");
  assert.equal(t.lastEnd.complete, false);
});

test("the seeds' 5x5 tour from a5 comes first, and Warnsdorff's degrees are read", () => {
  const t = play(run(["knight", "trace", "5", "--start", "a5", "--json", "--until-solution", "1"]));
  const tour = t.solutions[0].path.map((i) => t.squareName(i));
  assert.deepEqual(tour.slice(0, 5), ["a5", "c4", "e5", "d3", "e1"]);
  assert.equal(tour.length, 25);
  const w = play(run(["knight", "trace", "6", "--start", "a1", "--json", "--warnsdorff", "--until-solution", "1"]));
  assert.equal(w.counters().tours, 1);
  w.seek(4); // the start, its options, the move to b3, the options from b3
  const at = w.state.candAt[w.state.depth];
  assert.ok(at >= 0, "the knight's options are known");
  const options = w.extra.get(at);
  assert.ok(options.length > 0 && options.every((o) => o.degree >= 0));
  for (let i = 1; i < options.length; i++) assert.ok(options[i - 1].degree <= options[i].degree);
});

test("past the cap the oldest events go, and the counts stay right", () => {
  const text = run(["queens", "trace", "9", "--json"]);
  const t = play(text, 20000);
  assert.equal(t.cut, true);
  assert.ok(t.base > 0 && t.count - t.base <= 20000);
  assert.deepEqual(t.checkEnd(), { ok: true });
  assert.equal(t.counters().solutions, 352);
  t.seek(0);
  assert.equal(t.cursor, t.base, "a step back stops at the cut");
  t.seek(t.count);
  assert.deepEqual(t.checkEnd(), { ok: true });
});

test("a trace of another schema version is refused", () => {
  const t = new T.Timeline();
  assert.throws(() => t.addLine('{"hetman_trace":3,"problem":"queens","n":4,"algorithm":"backtracking"}'),
    /err-trace-schema/);
});

// The state of a timeline's board, for comparing two ways of getting there.
function boardAt(t, s) {
  s = s || t.state;
  const plain = {};
  for (const key of Object.keys(s)) plain[key] = s[key] && s[key].length !== undefined ? Array.from(s[key]) : s[key];
  return JSON.stringify(plain);
}

for (const algorithm of ["backtracking", "bitboard"]) {
  test(`a jump walks the page to the same board as the events (${algorithm}, N = 1..8)`, () => {
    for (let n = 1; n <= 8; n++) {
      const t = play(run(["queens", "trace", String(n), "--json", "--algorithm", algorithm]));
      const stops = [0, 1, 2, 3, 17, 64, 1000, 4097, Math.floor(t.count / 2), t.count - 1, t.count];
      for (const k of stops) {
        if (k > t.count) continue;
        t.seek(k);
        const walked = J.walk(t, k, 0);
        assert.equal(walked.at, k, `n = ${n}, k = ${k}`);
        assert.equal(boardAt(t, walked.state), boardAt(t), `n = ${n}: the board at step ${k}`);
      }
      // Past the end: the walk stops where the search does.
      assert.equal(J.walk(t, t.count + 5, 0).at, t.count);
      // To a solution: just after its event.
      for (const sol of t.solutions.slice(0, 3).concat(t.solutions.slice(-1))) {
        const walked = J.walk(t, Infinity, sol.number);
        assert.equal(walked.at, sol.index + 1, `n = ${n}, solution ${sol.number}`);
      }
    }
  });
}

// The page's canonical form and symmetry class (assets/web/symmetry.js) agree with
// `hetman queens symmetry CODE --json` for solutions of every class size.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { ROOT, run } = require("./lib/hetman");
const Sym = require(path.join(ROOT, "crates/hetman-cli/assets/web/symmetry.js"));

const CODES = [
  "2 4 1 3", // 4 queens: unchanged by the quarter turn, a class of 2
  "3 1 4 2",
  "1 3 5 2 4", // 5 queens
  "2 5 3 1 4", // the 5-queens solution unchanged by the quarter turn
  "2 4 6 1 3 5", // 6 queens
  "3 5 2 8 1 7 4 6", // the 8-queens solution unchanged by the half turn: a class of 4
  "1 5 8 6 3 7 2 4",
  "4 7 5 2 6 1 3 8",
  "5 8 4 1 7 2 6 3", // the seeds' examples
  "2 5 7 1 3 8 6 4",
  "10 8 6 4 2 9 7 5 3 1", // a placement that is not a solution works too
  "5 3 1 6 8 2 4 7",
];

for (const code of CODES) {
  test(`symmetry of ${code} as the library computes it`, () => {
    const lib = JSON.parse(run(["queens", "symmetry", ...code.split(" "), "--json"]));
    const ranks = code.split(" ").map((c) => Number(c) - 1);
    const mine = Sym.analyse(ranks);
    assert.equal(Sym.code(mine.canonical), lib.canonical.join(" "), "canonical form");
    assert.equal(mine.classSize, lib.class_size, "class size");
    assert.equal(mine.isCanonical, lib.is_canonical, "is canonical");
    assert.deepEqual(mine.fixedBy, lib.fixed_by, "fixed by");
    assert.deepEqual(
      mine.images.map((i) => [i.symmetry.id, Sym.code(i.ranks)]),
      lib.images.map((i) => [i.symmetry, i.code.join(" ")]),
      "the eight images",
    );
  });
}

test("8 queens: 92 solutions in 12 classes, 11 of 8 and 1 of 4", () => {
  // Every permutation of 8 that is a solution, by a small search here.
  const solutions = [];
  const ranks = [];
  const place = (f) => {
    if (f === 8) return solutions.push(ranks.slice());
    for (let r = 0; r < 8; r++) {
      if (ranks.every((q, g) => q !== r && Math.abs(q - r) !== f - g)) {
        ranks.push(r);
        place(f + 1);
        ranks.pop();
      }
    }
  };
  place(0);
  assert.equal(solutions.length, 92);
  const classes = new Map();
  for (const s of solutions) {
    const a = Sym.analyse(s);
    classes.set(Sym.code(a.canonical), a.classSize);
  }
  assert.equal(classes.size, 12);
  const sizes = [...classes.values()].sort();
  assert.deepEqual(sizes, [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
});

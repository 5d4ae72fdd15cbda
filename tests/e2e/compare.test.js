// The compare view (issue 42): brute force, permutations and backtracking raced on the same N,
// their counters at the end equal to `hetman queens compare`; fast-forward lets brute force on
// 8 queens (16,777,216 placements) finish in seconds.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { SHOTS, run, session } = require("./lib/hetman");
const P = require("./lib/page");
const S = session();

// `hetman queens compare N --json`: work and solutions per algorithm.
function compare(n) {
  const out = {};
  for (const line of run(["queens", "compare", String(n), "--json"]).trim().split("\n")) {
    const o = JSON.parse(line);
    out[o.algorithm] = o;
  }
  return out;
}

async function raced(page) {
  const card = async (id) => ({
    main: Number(await page.getAttribute(`#race-${id} .main`, "data-value")),
    solutions: Number(await page.getAttribute(`#race-${id} .sol`, "data-value")),
    total: await page.getAttribute(`#race-${id} .of`, "data-total"),
  });
  return { brute: await card("brute"), permutations: await card("permutations"), backtracking: await card("backtracking") };
}

const allDone = () => ["brute", "permutations", "backtracking"].every((id) => {
  const el = document.getElementById("race-" + id);
  return el && el.getAttribute("data-done") === "true";
});

test("6 queens raced at top speed: the counters at the end are the seeds' and `queens compare`'s", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.click("#tab-compare");
  await page.fill("#compare-n", "6");
  await page.selectOption("#compare-speed", "top");
  await page.click("#compare-run");
  await page.waitForFunction(allDone, null, { timeout: 60000 });
  const r = await raced(page);
  const c = compare(6);
  assert.deepEqual(r.brute, { main: c["brute-force"].work, solutions: 4, total: String(6 ** 6) });
  assert.deepEqual(r.permutations, { main: c.permutations.work, solutions: 4, total: "720" });
  assert.equal(r.backtracking.main, c.backtracking.work);
  assert.equal(r.backtracking.solutions, 4);
  assert.equal(await page.getAttribute("#race-unrestricted", "data-value"), "1947792"); // C(36, 6)
  assert.match(await page.textContent("#race-verdict"), /^Backtracking needed 149 calls of test/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("8 queens: fast-forward lets brute force finish in seconds; 16,777,216, 40,320 and 1965", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.click("#tab-compare");
  await page.fill("#compare-n", "8");
  await page.selectOption("#compare-speed", "1000");
  await page.click("#compare-run");
  await page.waitForTimeout(1500); // a moment of the race, live
  const live = await raced(page);
  assert.ok(live.brute.main > 0 && live.brute.main < 16777216, "brute force under way: " + live.brute.main);
  await page.screenshot({ path: path.join(SHOTS, "compare-8-live.png"), fullPage: true });
  const t0 = Date.now();
  await page.click("#compare-ff");
  await page.waitForFunction(allDone, null, { timeout: 120000 });
  const ms = Date.now() - t0;
  console.log(`# 8 queens: fast-forward to the end of brute force (16,777,216 placements) in ${ms} ms`);
  const r = await raced(page);
  const c = compare(8);
  assert.deepEqual(r.brute, { main: 16777216, solutions: 92, total: "16777216" });
  assert.equal(r.brute.main, c["brute-force"].work);
  assert.deepEqual(r.permutations, { main: 40320, solutions: 92, total: "40320" });
  assert.equal(r.permutations.main, c.permutations.work);
  assert.deepEqual(r.backtracking, { main: 1965, solutions: 92, total: "1965" });
  assert.equal(await page.getAttribute("#race-unrestricted", "data-value"), "4426165368");
  assert.match(await page.textContent("#race-verdict"),
    /^Backtracking needed 1,965 calls of test; the permutations 40,320 orders \(21×\), brute force 16,777,216 placements \(8,538×\); any 8 squares would be 4,426,165,368\./);
  await page.screenshot({ path: path.join(SHOTS, "compare-8-end.png"), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The code panel (issue 42): the line of each event lit (schema 2's `line`), the values that
// matter beside it, in pseudocode and C, served and in the one-file player.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { SHOTS, run, session } = require("./lib/hetman");
const P = require("./lib/page");
const S = session();

function events(args) {
  return run([...args, "--json"]).trim().split("\n").map((l) => JSON.parse(l));
}

// The lit line and its listing, once the panel has drawn step k.
async function litAt(page, k) {
  await P.goTo(page, k);
  await page.waitForSelector("#code ol.code");
  return page.evaluate(() => {
    const li = document.querySelector("#code li.now");
    return {
      id: li ? li.dataset.id : null,
      text: li ? li.querySelector("code").textContent : null,
      vals: li ? li.querySelector(".vals").textContent : null,
      dialect: document.querySelector("#code ol.code").dataset.dialect,
      lit: document.querySelectorAll("#code li.now").length,
    };
  });
}

test("the code line of each event is lit, with c, r and the entries that refuse a square", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await P.loadQueens(page, 8);
  const evs = events(["queens", "trace", "8", "--limit", "400"]);
  assert.equal(evs[0].hetman_trace, 2);
  for (const k of [1, 2, 3, 9, 63, 64, 65, 120, 399]) {
    const lit = await litAt(page, k);
    assert.equal(lit.lit, 1, "one line lit at step " + k);
    assert.equal(lit.id, evs[k].line, "the line of event " + k + " (" + evs[k].event + ")");
  }
  // Step 64: f1 refused by row: c = 6, r = 1, and row[1] is 0.
  assert.equal(evs[64].event, "refuse");
  const at64 = await litAt(page, 64);
  assert.equal(at64.vals, "c = 6, r = 1: row[1] = 0");
  assert.equal(at64.dialect, "pseudo");
  await page.screenshot({ path: path.join(SHOTS, "code-pseudo-8.png"), fullPage: true });
  // The C listing: the same line lit, in C.
  await page.check("#dialect-c");
  await page.waitForSelector("#code ol.code[data-dialect='c']");
  const c64 = await litAt(page, 64);
  assert.equal(c64.id, evs[64].line);
  assert.notEqual(c64.text, at64.text, "C is not the pseudocode");
  const listing = await page.evaluate(() => fetch("/api/code?algorithm=backtracking&dialect=c").then((r) => r.json()));
  assert.equal(c64.text, listing.lines.find((l) => l.id === evs[64].line).text);
  await page.locator("#board-row").screenshot({ path: path.join(SHOTS, "code-c-8.png") });
  // The knight's try: a move is lit on its line.
  await P.loadKnight(page, "5x5", "a5");
  const kev = events(["knight", "trace", "5", "--start", "a5", "--limit", "40"]);
  const lit = await litAt(page, 30);
  assert.equal(lit.id, kev[30].line);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the one-file player shows the code too", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hetman-code-"));
  try {
    const file = path.join(dir, "q6.html");
    run(["queens", "trace", "6", "--html", file], { stdio: ["ignore", "ignore", "pipe"] });
    const page = await P.open(S.chrome, "file://" + file);
    await page.waitForFunction(() => window.hetmanPage.state().count > 0);
    const evs = events(["queens", "trace", "6"]);
    for (const k of [1, 5, 40]) {
      const lit = await litAt(page, k);
      assert.equal(lit.id, evs[k].line);
    }
    await page.check("#dialect-c");
    await page.waitForSelector("#code ol.code[data-dialect='c']");
    assert.equal((await litAt(page, 40)).id, evs[40].line);
    assert.deepEqual(page.errors, []);
    await page.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Everyone can use the page (issue 43, item 4): axe-core finds no WCAG A/AA violation in the
// page's main states; a keyboard alone reaches every control of each view (queens, predict
// mode, compare, knight), each with a focus ring of at least 3:1 against what is behind it,
// and sets the knight's start and blocked squares on the board; each step is said through a
// polite live region; the board's row, up and down lines stand out at 3:1 on every square.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { session } = require("./lib/hetman");
const P = require("./lib/page");
const A = require("./lib/access");
const S = session();

async function noViolations(page, what) {
  const found = await A.axe(page);
  assert.deepEqual(found, [], "axe-core in " + what);
}

test("axe-core finds no violation: loaded, playing, knight set up and loaded, code and tree, compare, predict", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  await page.waitForSelector("#code ol.code");
  await noViolations(page, "8 queens loaded, code panel and tree shown");
  // Playing slowly, some steps on.
  await page.locator("#speed").fill("20");
  await page.click("#btn-play");
  await page.waitForFunction(() => window.hetmanPage.state().cursor > 3);
  await noViolations(page, "8 queens playing");
  await page.click("#btn-play");
  await P.goTo(page, 64);
  await noViolations(page, "8 queens at a refusal");
  // The knight: the empty board of the setup, then a search.
  await page.click("#tab-knight");
  await page.waitForSelector("#knight-form:not([hidden])");
  await noViolations(page, "the knight's setup, no search loaded");
  await P.loadKnight(page, "5x5", "a5", "warnsdorff");
  await P.goTo(page, 10);
  await noViolations(page, "knight's search loaded");
  await page.click("#tab-compare");
  await page.click("#compare-run");
  await page.waitForSelector("#race .race");
  await noViolations(page, "compare view");
  await page.click("#tab-queens");
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  await page.check("#predict-on");
  await page.click("#predict-row");
  await noViolations(page, "predict mode, after an answer");
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A Tab walk of the view on screen: every control reached, each with a ring of 3:1.
async function walk(page, view, expect) {
  const { want, missed, bad } = await A.tabWalk(page);
  for (const key of expect) assert.ok(want.includes(key), view + ": " + key + " is among the controls: " + want.join(" "));
  assert.deepEqual(missed, [], view + ": controls Tab never reached");
  assert.deepEqual(bad, [], view + ": focus rings under 3:1 or missing");
}

test("a keyboard alone reaches every control of each view and sees where the focus is", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  await P.drawn(page);
  await walk(page, "the queens view", ["select#lang", "tabs", "input#queens-n", "button#queens-run", "grid",
    "button#btn-forward", "input#predict-on"]);
  await page.check("#predict-on");
  await page.waitForSelector("#predict-panel:not([hidden])");
  await walk(page, "the queens view in predict mode", ["button#predict-row", "button#predict-up",
    "button#predict-down", "button#predict-back", "button#predict-skip", "button#predict-reset", "grid"]);
  await page.uncheck("#predict-on");
  await P.raceToVerdict(page, 5);
  await walk(page, "the compare view", ["input#compare-n", "select#compare-speed", "button#compare-run", "button#compare-ff"]);
  await page.click("#tab-knight");
  await page.fill("#knight-size", "6x6");
  await page.dispatchEvent("#knight-size", "change");
  await walk(page, "the knight's setup", ["input#knight-size", "select#knight-order", "input#knight-closed",
    "radio:click", "button#knight-run", "grid"]);
  // A knight's search loaded, in predict mode: its "dead end" answer too.
  await P.loadKnight(page, "5x5", "a5", "plain");
  await page.check("#predict-on");
  await page.waitForSelector("#predict-panel:not([hidden])");
  await walk(page, "the knight's search in predict mode", ["button#predict-dead", "button#predict-back",
    "button#predict-skip", "grid", "button#btn-forward"]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a keyboard sets the knight's squares on the board, and each step is said", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  await page.click("#tab-knight");
  await page.fill("#knight-size", "6x6");
  await page.dispatchEvent("#knight-size", "change");
  // The board by keyboard: Enter sets the start, Space (with "blocks or frees it") blocks a square.
  await page.focus('#board-keys [tabindex="0"]');
  const at = await page.evaluate(() => document.activeElement.getAttribute("data-sq"));
  assert.equal(at, String(4 * 6 + 0), "the tab stop is on the start square a5");
  for (const key of ["ArrowDown", "ArrowRight"]) await page.keyboard.press(key);
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("#knight-start").textContent(), "b4");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("data-sq")), String(3 * 6 + 1),
    "the focus stays on the square");
  await page.check("#click-block");
  await page.focus('#board-keys [tabindex="0"]');
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press(" ");
  assert.equal(await page.locator("#knight-blocked").textContent(), "c4");
  // The search starts from the square set by the keyboard, with the square blocked.
  await page.focus("#knight-run");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  const header = await page.evaluate(() => window.hetmanPage.app.timeline.header);
  assert.equal(header.start, "b4");
  assert.deepEqual(header.blocked, ["c4"]);
  // Each step is said in the status line's words through the live region.
  await page.locator("body").press("ArrowRight");
  await page.locator("body").press("ArrowRight");
  await page.waitForFunction(() => document.getElementById("announce").textContent !== "");
  const said = await page.evaluate(() => ({
    live: document.getElementById("announce").getAttribute("aria-live"),
    text: document.getElementById("announce").textContent,
    now: document.getElementById("now").textContent,
  }));
  assert.equal(said.live, "polite");
  assert.equal(said.text, said.now);
  assert.match(said.text, /^Move 2: b4 to /);
  // Playing fast, the region speaks at most once every 2.5 s, not at every step.
  await page.evaluate(() => {
    window.saidCount = 0;
    new MutationObserver(() => window.saidCount++).observe(document.getElementById("announce"), { childList: true, characterData: true, subtree: true });
  });
  await page.locator("#speed").fill("60");
  await page.click("#btn-play");
  await page.waitForTimeout(4000);
  const fast = await page.evaluate(() => ({ said: window.saidCount, steps: window.hetmanPage.state().cursor }));
  await page.click("#btn-play");
  assert.ok(fast.steps > 1000, "it played " + fast.steps + " steps");
  assert.ok(fast.said >= 1 && fast.said <= 3, "said " + fast.said + " times in 4 s");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the row, up and down lines stand out at 3:1 on every square, at a refusal and on squares ruled out", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  // The first refusal by all three lines (of 8 queens: e3, at step 33).
  const trace = await page.evaluate(() =>
    fetch("/api/queens/trace?n=8&algorithm=backtracking&skip=0&limit=500").then((r) => r.text()),
  );
  const refusal = trace.trim().split("\n").map((l) => JSON.parse(l))
    .find((e) => e.event === "refuse" && e.lines.length === 3);
  await P.goTo(page, refusal.step);
  // Each mark, with its outline if it has one, on the page's own light and dark squares
  // (and those under the white wash of a square ruled out).
  const rows = A.markContrasts(await page.evaluate(A.boardColours));
  const drawn = new Set(rows.map((r) => r.mark));
  for (const what of ["refusal", "ruled"]) {
    for (const line of ["row", "up", "down"]) assert.ok(drawn.has(what + " " + line), "drawn: " + [...drawn].join(", "));
  }
  const low = rows.filter((r) => !(r.ratio >= 3)).map((r) => r.mark + " on " + r.square + ": " + r.own.toFixed(2) + ":1" +
    (r.outline === null ? ", no outline" : ", outline " + r.outline.toFixed(2) + ":1"));
  assert.deepEqual(low, [], "marks under 3:1 against a square they lie on");
  assert.deepEqual(page.errors, []);
  await page.close();
});

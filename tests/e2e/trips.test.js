// What a teacher tripped over in the page (issue 42), each reproduced: a click on a loaded
// knight board threw the search away; `n` at the end had its message overwritten at once;
// the end of a search said "found so far"; a search whose first tour lies days away said
// nothing; "1765 of 8" had no separator.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { run, session } = require("./lib/hetman");
const P = require("./lib/page");
const S = session();
const { state, loadQueens, loadKnight, clickSquare, topSpeedToEnd } = P;

const open = (url) => P.open(S.chrome, url);

test("a click on a loaded knight board keeps the search and asks before changing the setup", async () => {
  const page = await open(S.server.url);
  await loadKnight(page, "5x5", "a5");
  for (let i = 0; i < 7; i++) await page.keyboard.press("ArrowRight");
  const before = await state(page);
  await clickSquare(page, "c3", 5, 5);
  const after = await state(page);
  assert.equal(after.view, "trace");
  assert.equal(after.cursor, before.cursor, "the search is still at its step");
  assert.ok(after.count >= before.count);
  assert.equal(await page.textContent("#knight-start"), "a5", "the start did not move");
  assert.equal(await page.isVisible("#ask"), true);
  assert.match(await page.textContent("#ask-text"), /throws it away\. Still start on c3\?/);
  await page.click("#ask-keep");
  assert.equal(await page.isVisible("#ask"), false);
  assert.equal((await state(page)).cursor, before.cursor);
  // Asked for: the setup changes.
  await clickSquare(page, "c3", 5, 5);
  await page.click("#ask-edit");
  assert.equal((await state(page)).view, "setup");
  assert.equal(await page.textContent("#knight-start"), "c3");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("n at the end says the search is over, and the message stays", async () => {
  const page = await open(S.server.url);
  await loadQueens(page, 6);
  await topSpeedToEnd(page);
  assert.equal(await page.textContent("#sol-summary").then((t) => t.split(",")[0]), "4 solutions");
  assert.match(await page.textContent("#sol-summary"), /^4 solutions, the search is over, in 1 symmetry class/);
  assert.match(await page.textContent("#now"), /4 solutions, the search is over\.$/);
  await page.keyboard.press("n");
  const said = "No further solution: 4 solutions, the search is over.";
  assert.equal(await page.textContent("#now"), said);
  await page.waitForTimeout(400); // several frames: nothing writes over it
  assert.equal(await page.textContent("#now"), said);
  // A step back moves on, and the board's own words come back.
  await page.keyboard.press("ArrowLeft");
  assert.notEqual(await page.textContent("#now"), said);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the end of a knight's search says in words what it found", async () => {
  const page = await open(S.server.url);
  await loadKnight(page, "4x4", "a1");
  await topSpeedToEnd(page);
  const end = JSON.parse(run(["knight", "trace", "4", "--start", "a1", "--json"]).trim().split("\n").pop());
  assert.equal(end.counters.tours, 0);
  const moves = end.counters.moves.toLocaleString("en-US");
  assert.equal(await page.textContent("#sol-summary"), `No tour from a1, the search is over after ${moves} squares entered.`);
  await page.keyboard.press("n");
  assert.equal(await page.textContent("#now"), `No further tour: no tour from a1, the search is over after ${moves} squares entered.`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a search whose first tour lies far says so before n is pressed, and offers Warnsdorff", async () => {
  const page = await open(S.server.url);
  await loadKnight(page, "8x8", "a1");
  await page.waitForSelector("#far-note:not([hidden])", { timeout: 20000 });
  assert.match(await page.textContent("#far-text"), /^No tour in the first 10,000,000 steps: at 187 steps\/s that is 15 hours of playing/);
  await page.click("#far-warnsdorff");
  await page.waitForFunction(() => window.hetmanPage.app.timeline && window.hetmanPage.app.timeline.header &&
    window.hetmanPage.app.timeline.header.order === "warnsdorff");
  assert.equal(await page.isVisible("#far-note"), false);
  await page.keyboard.press("n");
  await page.waitForFunction(() => window.hetmanPage.state().counters.tours === 1, null, { timeout: 30000 });
  // A search with no tour at all: the server runs it to its end and the page says so.
  await loadKnight(page, "5x5", "b5");
  await page.waitForSelector("#far-note:not([hidden])", { timeout: 20000 });
  assert.match(await page.textContent("#far-text"), /^This search finds no tour: it is over after [\d,]+ steps/);
  assert.equal(await page.isVisible("#far-warnsdorff"), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("symmetry classes are counted with thousands separators", async () => {
  const page = await open(S.server.url);
  // 12 queens: 14,200 solutions in 1,787 classes (1,765 of 8 and 22 of 4).
  const parts = await page.evaluate(() => window.hetmanPage.classParts({ 8: 1765, 4: 22, 2: 0, 1: 0 }));
  assert.deepEqual(parts, ["1,765 of 8", "22 of 4"]);
  await page.close();
});

// Predict the next step (issue 43, item 3): the page waits for the student's guess, says
// right or wrong, shows the real step and keeps the score. The right answers come from the
// trace the page loaded (the server's /api/.../trace), the wrong ones are any other answer.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { SHOTS, session } = require("./lib/hetman");
const P = require("./lib/page");
const S = session();

// The first events of a search, as the server gives them to the page.
function events(page, url) {
  return page.evaluate((url) => fetch(url).then((r) => r.text()), url).then((text) =>
    text.trim().split("\n").map((l) => JSON.parse(l)).filter((e) => e.step),
  );
}

const score = (page) => page.locator("#predict-score").textContent();
const verdict = (page) => page.locator("#predict-verdict").textContent();
const cursor = (page) => page.evaluate(() => window.hetmanPage.state().cursor);

// Moves the board's keyboard focus to `name` with the arrow keys, then presses Enter.
async function keyTo(page, name, width) {
  const target = (Number(name.slice(1)) - 1) * width + (name.charCodeAt(0) - 97);
  await page.focus('#board-keys [tabindex="0"]');
  for (let i = 0; i < 64; i++) {
    const at = await page.evaluate(() => Number(document.activeElement.getAttribute("data-sq")));
    if (at === target) break;
    const df = (target % width) - (at % width), dr = Math.floor(target / width) - Math.floor(at / width);
    await page.keyboard.press(df > 0 ? "ArrowRight" : df < 0 ? "ArrowLeft" : dr > 0 ? "ArrowUp" : "ArrowDown");
  }
  await page.keyboard.press("Enter");
}

test("predict mode on 8 queens: a right answer by keyboard, a wrong one, a refusal's line, the score", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await P.loadQueens(page, 8);
  const evs = await events(page, "/api/queens/trace?n=8&algorithm=backtracking&skip=0&limit=60");
  await page.check("#predict-on");
  await page.waitForSelector("#predict-panel:not([hidden])");
  assert.equal(await score(page), "0/0");
  // The first asked event: the search tries a square (the call before it is not asked).
  const first = evs.findIndex((e) => e.event === "try");
  assert.match(await page.locator("#predict-question").textContent(), /Click the square/);
  // The player waits: the → key does not step.
  await page.locator("body").press("ArrowRight");
  assert.equal(await cursor(page), 0);
  assert.match(await verdict(page), /Predict mode is on/);
  await keyTo(page, evs[first].square, 8);
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, first + 1);
  await P.drawn(page);
  assert.match(await verdict(page), /Right!/);
  assert.equal(await page.locator("#now").textContent(), "Try " + evs[first].square + ".");
  // Next the queen goes on that square: a line is the wrong answer.
  assert.equal(evs[first + 1].event, "put");
  assert.match(await page.locator("#predict-question").textContent(), new RegExp("tries " + evs[first].square));
  await page.click("#predict-up");
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, first + 2);
  assert.match(await verdict(page), /Not this time: you chose the line up\. What happens: Put a queen on/);
  assert.equal(await score(page), "1/2");
  // A refusal: the line the trace names is right.
  const refuse = evs.findIndex((e) => e.event === "refuse");
  await P.goTo(page, refuse);
  await page.click("#predict-" + evs[refuse].lines[0]);
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, refuse + 1);
  assert.match(await verdict(page), new RegExp("Right! " + evs[refuse].square + " is refused"));
  assert.equal(await score(page), "2/3");
  await page.screenshot({ path: path.join(SHOTS, "predict-queens-8.png"), fullPage: true });
  // A backtrack: "back up" is right, a square is wrong.
  const remove = evs.findIndex((e) => e.event === "remove");
  await P.goTo(page, remove);
  await P.clickSquare(page, "h8", 8, 8);
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, remove + 1);
  assert.match(await verdict(page), /you chose h8\. What happens: Remove the queen/);
  assert.equal(await score(page), "2/4");
  // "Show me" steps to the next asked event without scoring it.
  const before = await cursor(page);
  await page.click("#predict-skip");
  await page.waitForFunction((k) => window.hetmanPage.state().cursor > k, before);
  assert.match(await verdict(page), /^Shown, not scored: /);
  assert.equal(await score(page), "2/4");
  await page.click("#predict-reset");
  assert.equal(await score(page), "0/0");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("predict mode on the bitboard and the knight (plain and Warnsdorff): squares, dead ends, backing up", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await page.check("#predict-on");
  // Bitboard: no tries, the next queen's square is asked.
  await P.loadQueens(page, 6, "bitboard");
  const bits = await events(page, "/api/queens/trace?n=6&algorithm=bitboard&skip=0&limit=20");
  const put = bits.findIndex((e) => e.event === "put");
  assert.equal(await page.locator("#predict-row").isHidden(), true, "no line buttons for the bitboard");
  await P.clickSquare(page, bits[put].square, 6, 6);
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, put + 1);
  assert.match(await verdict(page), /Right! Put a queen on/);
  // The knight's plain order: the start is not asked, the next square is.
  await P.loadKnight(page, "5x5", "a5");
  const kev = await events(page, "/api/knight/trace?size=5x5&start=a5&order=plain&closed=false&blocked=&skip=0&limit=400");
  assert.equal(kev[1].event, "move");
  await P.clickSquare(page, kev[1].square, 5, 5);
  await page.waitForFunction(() => window.hetmanPage.state().cursor === 2);
  assert.match(await verdict(page), new RegExp("Right! Move 2: a5 to " + kev[1].square));
  const dead = kev.findIndex((e) => e.event === "dead_end");
  await P.goTo(page, dead);
  await page.click("#predict-dead");
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, dead + 1);
  assert.match(await verdict(page), /Right! Dead end on/);
  assert.equal(kev[dead + 1].event, "back");
  await page.click("#predict-dead");
  assert.match(await verdict(page), /Not this time: you chose dead end\. What happens: Back up/);
  assert.equal(await score(page), "3/4");
  // Warnsdorff: the candidate list is shown, not asked; the move after it is.
  await page.selectOption("#knight-order", "warnsdorff");
  await page.click("#knight-run");
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
  const wev = await events(page, "/api/knight/trace?size=5x5&start=a5&order=warnsdorff&closed=false&blocked=&skip=0&limit=20");
  const move = wev.findIndex((e, i) => i > 0 && e.event === "move");
  assert.equal(wev[move - 1].event, "candidates");
  await keyTo(page, wev[move].square, 5);
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, move + 1);
  assert.match(await verdict(page), /Right!/);
  assert.equal(await score(page), "4/5");
  assert.deepEqual(page.errors, []);
  await page.close();
});

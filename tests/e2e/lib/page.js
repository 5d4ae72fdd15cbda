// Helpers for driving the page in the browser tests: open it with its errors collected,
// read its state, load a search, click a square of the knight board, go to a step.
"use strict";

async function open(chrome, url, viewport) {
  const page = await chrome.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.errors = errors;
  await page.goto(url);
  return page;
}

const state = (page) => page.evaluate(() => window.hetmanPage.state());

async function loadQueens(page, n, algorithm) {
  await page.click("#tab-queens");
  await page.fill("#queens-n", String(n));
  await page.selectOption("#queens-algorithm", algorithm || "backtracking");
  await page.click("#queens-run");
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
}

// The knight's setup: size, start (clicked on the board) and order, then the search loaded.
async function loadKnight(page, size, start, order) {
  const [w, h] = size.split("x").map(Number);
  await page.click("#tab-knight");
  await page.fill("#knight-size", size);
  await page.dispatchEvent("#knight-size", "change");
  await page.check("#click-start");
  await clickSquare(page, start, w, h || w);
  await page.selectOption("#knight-order", order || "plain");
  await page.click("#knight-run");
  await page.waitForFunction(() => window.hetmanPage.state().count > 0);
}

// Clicks the square `name` of the knight board (as board.js lays it out).
async function clickSquare(page, name, width, height) {
  const svg = page.locator("#board svg");
  const box = await svg.boundingBox();
  const vb = (await svg.getAttribute("viewBox")).split(" ").map(Number);
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  const S = 48;
  const x = S * 0.6 + file * S + S / 2;
  const y = 4 + (height - 1 - rank) * S + S / 2;
  await svg.click({ position: { x: (x * box.width) / vb[2], y: (y * box.height) / vb[3] } });
}

// Goes to step `k` with the go-to box and waits until the board is there.
async function goTo(page, k) {
  await page.selectOption("#goto-what", "step");
  await page.fill("#goto", String(k));
  await page.click("#goto-run");
  await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, k);
  await drawn(page);
}

// Waits until the page has drawn its state: the drawing runs at the next animation frame
// after the state changes, so text read at once may still be the step before.
async function drawn(page) {
  await page.waitForFunction(() => !window.hetmanPage.app.renderQueued, null, { timeout: 10000 });
}

// Plays at top speed to the end of the search.
async function topSpeedToEnd(page, timeout) {
  await page.locator("#speed").fill("100");
  await page.click("#btn-play");
  await page.waitForFunction(
    () => {
      const s = window.hetmanPage.state();
      return s.done && !s.playing && s.cursor === s.count;
    },
    null,
    { timeout: timeout || 30000 },
  );
}

// Runs the race of the methods for `n` queens at top speed and waits for its verdict.
async function raceToVerdict(page, n) {
  await page.click("#tab-compare");
  await page.fill("#compare-n", String(n));
  await page.selectOption("#compare-speed", "top");
  await page.click("#compare-run");
  await page.waitForFunction(() => document.getElementById("race-verdict").textContent.length > 0, null, {
    timeout: 60000,
  });
}

module.exports = { open, state, loadQueens, loadKnight, clickSquare, goTo, topSpeedToEnd, drawn, raceToVerdict };

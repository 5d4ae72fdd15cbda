// For slides and course pages (issue 43 item 2): the page's state in its address (a link
// reproduces a step: the board and the counters equal stepping there by hand), the
// <iframe> snippet working from a file:// page, the one-file player opening at the step
// of its fragment, and the GIF download decoding in the browser, in the page's language.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { run, session } = require("./lib/hetman");
const P = require("./lib/page");

const ctx = session();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hetman-share-"));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

const board = (page) => page.evaluate(() => document.querySelector("#board").innerHTML);

// Waits until the page shows step k of a loaded trace, its address written.
async function atStep(page, k) {
  await page.waitForFunction((k) => {
    const s = window.hetmanPage.state();
    return s.cursor === k && s.count >= k;
  }, k, { timeout: 30000 });
}

test("a link reproduces a chosen step: the board and counters equal stepping there by hand", async () => {
  const page = await P.open(ctx.chrome, ctx.server.url);
  await P.loadQueens(page, 6, "backtracking");
  await P.goTo(page, 57);
  await page.locator("#speed").fill("30");
  await page.dispatchEvent("#speed", "input");
  // The address follows (replaceState, throttled).
  await page.waitForFunction(() => /step=57/.test(location.hash) && /speed=30/.test(location.hash));
  const link = await page.evaluate(() => location.href);
  assert.match(link, /#problem=queens&n=6&algorithm=backtracking&step=57&speed=30/);
  const byHand = { board: await board(page), state: await P.state(page) };
  const historyLength = await page.evaluate(() => history.length);
  assert.ok(historyLength <= 2, "no history entry per step: " + historyLength);

  const other = await P.open(ctx.chrome, link);
  await atStep(other, 57);
  const s = await P.state(other);
  assert.deepEqual(s.counters, byHand.state.counters);
  assert.equal(await board(other), byHand.board);
  assert.equal(await other.inputValue("#queens-n"), "6");
  assert.equal(await other.inputValue("#speed"), "30");
  assert.deepEqual(other.errors, []);
  await other.close();

  // The knight: size, start, blocked squares and order come back too.
  const k = "#problem=knight&size=5x5&start=a5&blocked=c3&order=plain&step=40";
  const knight = await P.open(ctx.chrome, ctx.server.url + k);
  await atStep(knight, 40);
  assert.equal(await knight.inputValue("#knight-size"), "5x5");
  assert.equal(await knight.textContent("#knight-start"), "a5");
  assert.equal(await knight.textContent("#knight-blocked"), "c3");
  const header = await knight.evaluate(() => window.hetmanPage.app.timeline.header);
  assert.deepEqual([header.start, header.blocked], ["a5", ["c3"]]);
  assert.deepEqual(knight.errors, []);
  await knight.close();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the iframe snippet plays the page at its step from a file:// page", async () => {
  const page = await P.open(ctx.chrome, ctx.server.url);
  await P.loadQueens(page, 5, "backtracking");
  await P.goTo(page, 20);
  await page.waitForFunction(() => /step=20/.test(location.hash));
  await page.click("#embed");
  const snippet = await page.inputValue("#embed-code");
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#problem=queens&amp;n=5&amp;algorithm=backtracking&amp;step=20/);
  const want = await P.state(page);
  await page.close();

  const file = path.join(dir, "course.html");
  fs.writeFileSync(file, "<!doctype html><title>course</title><h1>8 queens</h1>\n" + snippet + "\n");
  const course = await P.open(ctx.chrome, "file://" + file);
  const frame = await (await course.waitForSelector("iframe")).contentFrame();
  await frame.waitForFunction(() => window.hetmanPage && window.hetmanPage.state().cursor === 20,
    null, { timeout: 30000 });
  const s = await frame.evaluate(() => window.hetmanPage.state());
  assert.deepEqual(s.counters, want.counters);
  assert.deepEqual(course.errors, []);
  await course.close();
});

test("the one-file player opens at the step of its fragment", async () => {
  const file = path.join(dir, "player.html");
  run(["queens", "trace", "6", "--html", file], { stdio: ["ignore", "ignore", "pipe"] });
  const byHand = await P.open(ctx.chrome, "file://" + file);
  await byHand.waitForFunction(() => window.hetmanPage.state().count > 0);
  await P.goTo(byHand, 120);
  const want = { board: await board(byHand), state: await P.state(byHand) };
  await byHand.close();

  const page = await P.open(ctx.chrome, "file://" + file + "#step=120&speed=20");
  await atStep(page, 120);
  assert.deepEqual((await P.state(page)).counters, want.state.counters);
  assert.equal(await board(page), want.board);
  assert.equal(await page.inputValue("#speed"), "20");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the GIF download gives a GIF that the browser decodes", async () => {
  const page = await P.open(ctx.chrome, ctx.server.url);
  await P.loadQueens(page, 6, "backtracking");
  await P.goTo(page, 10);
  assert.match(await page.textContent("#dl-gif"), /^GIF of steps 10\.\.\d+/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#dl-gif")]);
  const file = path.join(dir, "steps.gif");
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  assert.equal(bytes.subarray(0, 6).toString("latin1"), "GIF89a");
  const size = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/gif;base64," + b64;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, bytes.toString("base64"));
  assert.equal(size[0], bytes.readUInt16LE(6));
  assert.equal(size[1], bytes.readUInt16LE(8));
  assert.ok(size[0] >= 400, "a picture of the board: " + size);
  // The server refuses a range past its cap, naming the parameter.
  const r = await page.evaluate(() =>
    fetch("/api/queens/trace?n=6&format=gif&from=0&to=20000").then((r) => r.json().then((j) => [r.status, j.error])));
  assert.equal(r[0], 400);
  assert.match(r[1], /^to 20000: a GIF holds at most 20,000 frames/);
  assert.deepEqual(page.errors.filter((e) => !/status of 400/.test(e)), [], "only the refusal asked for");
  await page.close();
});

test("the GIF download speaks the page's language: Polish is not the English GIF", async () => {
  const gifAt = async (lang) => {
    const page = await P.open(ctx.chrome, ctx.server.url +
      "#problem=queens&n=6&algorithm=backtracking&step=10&lang=" + lang);
    await atStep(page, 10);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#dl-gif")]);
    assert.match(download.url(), new RegExp("&lang=" + lang + "($|&)"));
    const file = path.join(dir, "steps-" + lang + ".gif");
    await download.saveAs(file);
    assert.deepEqual(page.errors, []);
    await page.close();
    return fs.readFileSync(file);
  };
  const en = await gifAt("en");
  const pl = await gifAt("pl");
  assert.equal(pl.subarray(0, 6).toString("latin1"), "GIF89a");
  assert.equal(pl.readUInt16LE(6), en.readUInt16LE(6), "the same width");
  // Polish counters take one more line under the same board.
  assert.ok(pl.readUInt16LE(8) > en.readUInt16LE(8), pl.readUInt16LE(8) + " rows against " + en.readUInt16LE(8));
  assert.ok(pl.includes(Buffer.from("6 hetmanów, algorytm z powrotami")), "the comment names the trace in Polish");
});

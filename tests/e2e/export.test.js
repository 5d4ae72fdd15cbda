// The one-file player packs its trace (common/html.rs, pack.js): the knight's whole search on
// 5x5 from a5 (4,095,467 events; 62.7 MB and cut at 1,000,000 as JSON in the page before) fits
// in a few megabytes and plays to its end with no server; the trace it gives back is the CLI's,
// byte for byte; its note names the command that makes it.
"use strict";
const test = require("node:test");
const { before, after } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { run, browser } = require("./lib/hetman");
const P = require("./lib/page");

let chrome;
let dir;

before(async () => {
  chrome = await browser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hetman-export-"));
});

after(async () => {
  if (chrome) await chrome.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function exportPage(args, name) {
  const file = path.join(dir, name);
  run([...args, "--html", file], { stdio: ["ignore", "ignore", "pipe"] });
  return file;
}

test("the knight's whole 5x5 search from a5 fits in the page and plays to its end", async () => {
  const file = exportPage(["knight", "trace", "5", "--start", "a5"], "knight-5.html");
  const bytes = fs.statSync(file).size;
  console.log(`# knight 5x5 from a5, the whole search in one page: ${(bytes / 1e6).toFixed(1)} MB`);
  assert.ok(bytes < 16e6, "a compact page: " + bytes + " bytes");
  const page = await P.open(chrome, "file://" + file);
  await page.waitForFunction(() => window.hetmanPage.state().count > 0, null, { timeout: 60000 });
  assert.match(await page.textContent("#export-note"),
    /no server\. Make another with hetman knight trace 5x5 --start a5 --html FILE\./);
  const t0 = Date.now();
  await P.topSpeedToEnd(page, 120000);
  const s = await P.state(page);
  console.log(`# played ${s.count.toLocaleString("en-US")} events to the end in ${Date.now() - t0} ms`);
  assert.equal(s.end.complete, true, "the whole search");
  assert.equal(s.count, s.end.step - 1, "every event before the end line");
  assert.ok(s.count > 4000000, "the whole search: " + s.count);
  assert.deepEqual(s.counters, s.end.counters, "the counters equal the end line's");
  assert.match(await page.textContent("#end-check"), /equal the trace's end line/);
  assert.match(await page.textContent("#sol-summary"), /^[\d,]+ tours from a5, the search is over after [\d,]+ squares entered\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the trace in the page is the CLI's trace, byte for byte", async () => {
  for (const args of [["queens", "trace", "6"], ["knight", "trace", "5", "--start", "b5", "--limit", "3000"],
    ["knight", "trace", "6", "--start", "a1", "--warnsdorff", "--until-solution", "1"]]) {
    const file = exportPage(args, "page.html");
    const page = await P.open(chrome, "file://" + file);
    await page.waitForFunction(() => window.hetmanPage.state().count > 0);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#dl-trace")]);
    const text = fs.readFileSync(await download.path(), "utf8");
    assert.equal(text, run([...args, "--json"]), args.join(" "));
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

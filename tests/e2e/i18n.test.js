// The page in English, Polish and Russian (issue 43): it follows the browser's language,
// the #lang switch changes every marked text at once, the one-file player carries the
// messages, and screenshots of each language go to docs/screenshots/.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { SHOTS, session } = require("./lib/hetman");
const P = require("./lib/page");
const S = session();

const texts = (page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    select: document.getElementById("lang").value,
    tab: document.getElementById("tab-queens").textContent,
    load: document.getElementById("queens-run").textContent,
    counters: document.getElementById("h-counters").textContent,
    hint: document.querySelector("#queens-form .hint").innerHTML,
    restart: document.getElementById("btn-restart").getAttribute("aria-label"),
  }));

test("the switch puts the page in Polish and Russian, and back in English", async () => {
  const page = await P.open(S.chrome, S.server.url, { width: 1280, height: 900 });
  await P.loadQueens(page, 8);
  let t = await texts(page);
  assert.equal(t.lang, "en");
  assert.equal(t.tab, "N queens");
  assert.equal(t.load, "Load the search");
  for (const [lang, tab, load, counters, restart, code] of [
    ["pl", "N hetmanów", "Wczytaj przeszukiwanie", "Liczniki", "Na początek", "wywołań <code>test</code>"],
    ["ru", "N ферзей", "Загрузить поиск", "Счётчики", "В начало", "вызовов <code>test</code>"],
  ]) {
    await page.selectOption("#lang", lang);
    t = await texts(page);
    assert.equal(t.lang, lang);
    assert.equal(t.tab, tab);
    assert.equal(t.load, load);
    assert.equal(t.counters, counters);
    assert.equal(t.restart, restart);
    assert.ok(t.hint.includes(code), t.hint);
    await page.screenshot({ path: path.join(SHOTS, `page-${lang}.png`), fullPage: false });
  }
  await page.selectOption("#lang", "en");
  t = await texts(page);
  assert.equal(t.tab, "N queens");
  await page.screenshot({ path: path.join(SHOTS, "page-en.png"), fullPage: false });
  assert.deepEqual(page.errors, []);
});

test("a browser that asks for Polish gets the page in Polish", async () => {
  const page = await S.chrome.context.newPage();
  await page.addInitScript(() =>
    Object.defineProperty(navigator, "languages", { get: () => ["de-DE", "pl-PL", "en"] }),
  );
  await page.goto(S.server.url);
  const t = await texts(page);
  assert.equal(t.lang, "pl");
  assert.equal(t.select, "pl");
  assert.equal(t.tab, "N hetmanów");
  await page.close();
});

// The page in English, Polish and Russian (issue 43): it follows the browser's language,
// the #lang switch changes every marked text at once, the one-file player carries the
// messages, and screenshots of each language go to docs/screenshots/.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { ROOT, SHOTS, run, session } = require("./lib/hetman");
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
  }
  await page.selectOption("#lang", "en");
  t = await texts(page);
  assert.equal(t.tab, "N queens");
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

// The literal words of a message in a language's .ftl file: its text outside the
// placeables `{ ... }`, in pieces of three characters or more. A one-line message
// gives them all; a message with plural variants gives the words before them.
function ftl(lang) {
  const text = fs.readFileSync(path.join(ROOT, "crates/hetman-cli/assets/i18n", lang + ".ftl"), "utf8");
  const out = {};
  for (const line of text.split("\n")) {
    const m = /^([a-z][a-z0-9-]*) = (.*)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}
function words(messages, id) {
  const value = messages[id];
  assert.ok(value !== undefined, id);
  return value.split(/\{[^}]*\}?/).map((p) => p.replace(/[{}]/g, "").trim()).filter((p) => p.length >= 3);
}
function saysIn(text, messages, id) {
  const pieces = words(messages, id);
  assert.ok(pieces.length > 0, id + " has words");
  for (const p of pieces) assert.ok(text.includes(p), `"${text}" lacks "${p}" of ${id}`);
}

// Words of the old English texts that must not stay on screen in Polish or Russian.
const ENGLISH = ["Try ", "refused", "ruled out", "Put a queen", "Solution", "calls of test", "tries",
  "refusals", "placements", "backtracks", "depth (now)", "step ", "loaded so far", "on the board"];

const panel = (page) =>
  page.evaluate(() => ({
    now: document.getElementById("now").textContent,
    step: document.getElementById("step").textContent,
    counters: document.getElementById("counters").textContent,
    legend: document.getElementById("legend").textContent,
    stack: document.getElementById("callstack").textContent,
    speed: document.getElementById("speed-out").textContent,
    verdict: document.getElementById("predict-verdict").textContent,
  }));

async function firstStep(page, kind) {
  const text = await page.evaluate(() =>
    fetch("/api/queens/trace?n=8&algorithm=backtracking&skip=0&limit=2000").then((r) => r.text()),
  );
  return text.trim().split("\n").map((l) => JSON.parse(l)).find((e) => e.event === kind).step;
}

test("what the scripts write follows the switch: narration, status, counters, legend, stack, predict", async () => {
  const page = await P.open(S.chrome, S.server.url, { width: 1280, height: 900 });
  await P.loadQueens(page, 8);
  const refuse = await firstStep(page, "refuse");
  const solution = await firstStep(page, "solution");
  const en = ftl("en");
  // English stays as it was.
  await P.goTo(page, refuse);
  let p = await panel(page);
  assert.match(p.now, /^b1 is refused: ruled out by row\.$/);
  assert.equal(p.step, "step " + refuse);
  saysIn(p.counters, en, "counter-refusals");
  for (const lang of ["pl", "ru"]) {
    const m = ftl(lang);
    await page.selectOption("#lang", lang);
    // The step is kept, and every text is in the language now.
    p = await panel(page);
    assert.equal(await page.evaluate(() => window.hetmanPage.state().cursor), refuse);
    saysIn(p.now, m, "step-refuse");
    assert.ok(p.now.includes("b1") && p.now.includes("row"), p.now);
    saysIn(p.step, m, "status-step");
    for (const id of ["counter-calls-test", "counter-tries", "counter-refusals", "counter-depth-now"]) {
      saysIn(p.counters, m, id);
    }
    for (const id of ["legend-row", "legend-up", "legend-tried", "legend-solution"]) saysIn(p.legend, m, id);
    saysIn(p.stack, m, "lesson-head-call");
    saysIn(p.stack, m, "lesson-head-refused");
    for (const word of ENGLISH) {
      assert.ok(!p.now.includes(word), `#now in ${lang} still says "${word}": ${p.now}`);
      assert.ok(!p.counters.includes(word), `#counters in ${lang} still says "${word}": ${p.counters}`);
    }
    // A solution, in the same language.
    await P.goTo(page, solution);
    p = await panel(page);
    assert.ok(p.now.startsWith(m["step-solution"].split("{")[0]), p.now);
    saysIn(p.now, m, "step-solution");
    await P.goTo(page, refuse);
  }
  // Predict mode: a verdict said in Russian, said again in Polish after a switch.
  await page.check("#predict-on");
  await page.waitForSelector("#predict-panel:not([hidden])");
  await page.click("#predict-skip");
  p = await panel(page);
  saysIn(p.verdict, ftl("ru"), "predict-skipped");
  await page.selectOption("#lang", "pl");
  p = await panel(page);
  saysIn(p.verdict, ftl("pl"), "predict-skipped");
  saysIn(await page.locator("#predict").textContent(), ftl("pl"), "predict-toggle");
  await page.uncheck("#predict-on");
  // Numbers grouped as the terminal groups them: a no-break space in Polish.
  await P.goTo(page, 1965);
  assert.equal(await page.locator("#step").textContent(), "krok 1\u00a0965");
  const top = () => page.evaluate(() => window.scrollTo(0, 0));
  await top();
  await page.screenshot({ path: path.join(SHOTS, "page-pl.png"), fullPage: false });
  await page.selectOption("#lang", "ru");
  await top();
  await page.screenshot({ path: path.join(SHOTS, "page-ru.png"), fullPage: false });
  await page.selectOption("#lang", "en");
  p = await panel(page);
  assert.equal(p.step, "step 1,965");
  await top();
  await page.screenshot({ path: path.join(SHOTS, "page-en.png"), fullPage: false });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("each step is said in the chosen language through the live region", async () => {
  const page = await P.open(S.chrome, S.server.url, { width: 1280, height: 900 });
  await P.loadQueens(page, 8);
  const refuse = await firstStep(page, "refuse");
  // What the live region says, once the page has drawn step k.
  const said = async (k) => {
    await page.waitForFunction((k) => window.hetmanPage.state().cursor === k, k);
    await P.drawn(page);
    return page.evaluate(() => ({
      text: document.getElementById("announce").textContent,
      now: document.getElementById("now").textContent,
    }));
  };
  for (const lang of ["pl", "ru"]) {
    const m = ftl(lang);
    // The status line's words for the step, in the language, with its square.
    const check = (s, id, square) => {
      saysIn(s.text, m, id);
      assert.ok(s.text.includes(square), s.text);
      assert.equal(s.text, s.now);
      for (const word of ENGLISH) assert.ok(!s.text.includes(word), `#announce in ${lang} says "${word}": ${s.text}`);
    };
    await P.goTo(page, refuse - 1);
    await page.selectOption("#lang", lang);
    // The step button: b1 is refused.
    await page.click("#btn-forward");
    check(await said(refuse), "step-refuse", "b1");
    // The → key: b2 is tried.
    await page.locator("body").press("ArrowRight");
    check(await said(refuse + 1), "step-try", "b2");
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the address keeps the language: a link with lang=pl opens in Polish, the switch writes lang=", async () => {
  const page = await P.open(S.chrome, S.server.url + "#problem=queens&n=8&algorithm=backtracking&step=6&lang=pl");
  await page.waitForFunction(() => window.hetmanPage.state().cursor === 6);
  const pl = ftl("pl");
  assert.equal(await page.evaluate(() => document.documentElement.lang), "pl");
  assert.equal(await page.locator("#lang").inputValue(), "pl");
  saysIn(await page.locator("#now").textContent(), pl, "step-refuse");
  await page.selectOption("#lang", "ru");
  await page.waitForFunction(() => /(^|[#&])lang=ru(&|$)/.test(location.hash));
  assert.match(await page.evaluate(() => location.hash), /step=6/);
  saysIn(await page.locator("#now").textContent(), ftl("ru"), "step-refuse");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the one-file player made with --lang pl opens in Polish with no server", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hetman-i18n-"));
  const file = path.join(dir, "player.html");
  run(["queens", "trace", "8", "--html", file, "--lang", "pl"], { stdio: ["ignore", "ignore", "pipe"] });
  const page = await P.open(S.chrome, "file://" + file + "#step=6");
  await page.waitForFunction(() => window.hetmanPage.state().cursor === 6);
  const pl = ftl("pl");
  assert.equal(await page.evaluate(() => document.documentElement.lang), "pl");
  saysIn(await page.locator("#now").textContent(), pl, "step-refuse");
  saysIn(await page.locator("#step").textContent(), pl, "status-step");
  saysIn(await page.locator("#counters").textContent(), pl, "counter-refusals");
  assert.deepEqual(page.errors, []);
  await page.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the race of the methods is redrawn in Russian, its verdict included", async () => {
  const page = await P.open(S.chrome, S.server.url);
  await P.raceToVerdict(page, 5);
  await page.selectOption("#lang", "ru");
  const ru = ftl("ru");
  const race = await page.locator("#race").textContent();
  for (const id of ["compare-brute-title", "compare-permutations-title", "compare-backtracking-title"]) {
    saysIn(race, ru, id);
  }
  saysIn(race, ru, "counter-calls-test");
  const verdict = await page.locator("#race-verdict").textContent();
  assert.ok(verdict.startsWith(ru["compare-verdict"].split("{")[0]), verdict);
  assert.ok(!/Backtracking needed|calls of test|solutions/.test(race + verdict), race + verdict);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a trace file the page cannot read is refused in the page's language, with what is wrong", async () => {
  const page = await P.open(S.chrome, S.server.url, { width: 1280, height: 900 });
  await page.selectOption("#lang", "pl");
  const pl = ftl("pl");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hetman-i18n-"));
  const header = { hetman_trace: 2, problem: "queens", n: 4, algorithm: "backtracking" };
  const files = [
    ["v3.jsonl", JSON.stringify({ ...header, hetman_trace: 3 }) + "\n", "err-trace-schema", "3"],
    ["gap.jsonl", JSON.stringify(header) + '\n{"step":5,"event":"call","file":0}\n', "err-trace-gap", "5"],
    ["odd.jsonl", JSON.stringify(header) + '\n{"step":1,"event":"dance"}\n', "err-trace-event", "dance"],
  ];
  for (const [name, body, id, detail] of files) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, body);
    await page.setInputFiles("#trace-file", file);
    await page.waitForFunction(() => !document.getElementById("error").hidden, null, { timeout: 10000 });
    const shown = await page.locator("#error").textContent();
    saysIn(shown, pl, id);
    assert.ok(shown.includes(detail), shown);
    assert.ok(!/trace|arrived|unknown|versions/.test(shown), shown);
    await page.evaluate(() => { document.getElementById("error").hidden = true; });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await page.close();
});

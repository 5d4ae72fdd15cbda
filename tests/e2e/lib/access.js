// Helpers for the accessibility tests: axe-core run inside the page, the contrast of
// what the focus shows, a walk with the Tab key, and the contrast of the board's marks.
"use strict";

// Runs axe-core (WCAG 2 A and AA rules) on the page; resolves with its violations, each as
// "rule: target (summary)" lines, so that a failing assertion says what and where.
async function axe(page) {
  const loaded = await page.evaluate(() => typeof window.axe === "object");
  // The server's Content-Security-Policy refuses inline scripts (so page.addScriptTag), but not
  // the browser's own evaluation.
  if (!loaded) await page.evaluate(require("node:fs").readFileSync(require.resolve("axe-core"), "utf8"));
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }),
  );
  const out = [];
  for (const v of result.violations) {
    for (const n of v.nodes) out.push(v.id + ": " + n.target.join(" ") + " (" + (n.failureSummary || "").replace(/\s+/g, " ") + ")");
  }
  return out;
}

// In the page: what the focused element shows, and its contrast (WCAG's ratio) with the
// colour behind the ring; the board's squares are checked against both square colours.
function focusLook() {
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (x, y) => {
    const a = lum(x), b = lum(y);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const cs = getComputedStyle(el);
  let behind = [];
  if (el.getAttribute("role") === "gridcell") {
    behind = [parse("rgb(240, 217, 181)"), parse("rgb(181, 136, 99)")];
  } else {
    let p = el.parentElement;
    while (p) {
      const bg = parse(getComputedStyle(p).backgroundColor);
      if (bg && bg.a > 0) {
        behind = [bg];
        break;
      }
      p = p.parentElement;
    }
    if (!behind.length) behind = [parse("rgb(255, 255, 255)")];
  }
  const ring = parse(cs.outlineColor);
  const width = cs.outlineStyle === "none" ? 0 : parseFloat(cs.outlineWidth);
  const r = el.getBoundingClientRect();
  return {
    tag: el.tagName.toLowerCase(),
    id: el.id,
    role: el.getAttribute("role") || "",
    name: el.getAttribute("aria-label") || (el.textContent || "").trim().slice(0, 40),
    width,
    contrast: ring && width ? Math.min(...behind.map((b) => ratio(ring, b))) : 0,
    visible: r.width > 0 && r.height > 0,
  };
}

// In the page: every control a keyboard user must reach, one per tab stop (a radio group,
// the tabs and the board's grid are one stop each), as "tag#id" or "tag[name]".
function controls() {
  const seen = new Set();
  const out = [];
  const shown = (el) => {
    if (el.closest("[hidden]")) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  for (const el of document.querySelectorAll("button, input, select, a[href], [tabindex]")) {
    if (el.disabled || !shown(el)) continue;
    if (el.matches(".skip")) continue;
    let key;
    if (el.type === "radio") key = "radio:" + el.name;
    else if (el.getAttribute("role") === "tab") key = "tabs";
    else if (el.getAttribute("role") === "gridcell") key = "grid";
    else if (el.tabIndex < 0) continue;
    else key = el.tagName.toLowerCase() + "#" + (el.id || el.name || el.textContent.trim().slice(0, 20));
    if (!seen.has(key)) {
      seen.add(key);
      out.push(key);
    }
  }
  return out;
}

// The tab-stop key of the focused element, as `controls` names it.
function focusedKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.type === "radio") return "radio:" + el.name;
  if (el.getAttribute("role") === "tab") return "tabs";
  if (el.getAttribute("role") === "gridcell") return "grid";
  return el.tagName.toLowerCase() + "#" + (el.id || el.name || el.textContent.trim().slice(0, 20));
}

// Tabs from the top of the page until the focus comes round to its first stop again.
// Resolves with the controls of the view (`controls`), those Tab never reached, and the
// stops whose focus ring is missing or under 3:1 against what is behind it.
async function tabWalk(page) {
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  const want = await page.evaluate(controls);
  const reached = new Set();
  const bad = [];
  let first = null;
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press("Tab");
    const key = await page.evaluate(focusedKey);
    if (!key) continue;
    if (key === first) break;
    if (!first) first = key;
    reached.add(key);
    const look = await page.evaluate(focusLook);
    if (!(look.width >= 2 && look.contrast >= 3)) bad.push(key + ": ring " + look.width + "px, " + look.contrast.toFixed(2) + ":1");
  }
  return { want, missed: want.filter((k) => !reached.has(k)), bad };
}

// In the page: the colours of the queens board as the browser paints them (computed
// style): its light and dark squares, the white wash over a square ruled out, and every
// mark named by board.js's data-mark ("ruled row", "refusal up outline", ...).
function boardColours() {
  const svg = document.querySelector("#board svg");
  const paint = (el, what) => {
    const cs = getComputedStyle(el);
    return { colour: cs[what], opacity: Number(cs[what + "Opacity"]) * Number(cs.opacity) };
  };
  const wash = svg.querySelector('[data-mark="wash"]');
  return {
    light: paint(svg.querySelector('[data-square="light"]'), "fill"),
    dark: paint(svg.querySelector('[data-square="dark"]'), "fill"),
    wash: wash ? paint(wash, "fill") : null,
    marks: [...svg.querySelectorAll('[data-mark]:not([data-mark="wash"])')]
      .map((el) => ({ mark: el.getAttribute("data-mark"), ...paint(el, "stroke") })),
  };
}

// Colours as {r, g, b} from "rgb(...)" or "#rrggbb"; `over` lays `top` with its opacity on
// `under`; `contrast` is WCAG 2's contrast ratio.
function rgb(c) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c);
  if (hex) return { r: parseInt(hex[1], 16), g: parseInt(hex[2], 16), b: parseInt(hex[3], 16) };
  const m = /rgba?\(([^)]+)\)/.exec(c || "");
  if (!m) throw new Error("not a colour: " + c);
  const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
  return { r: p[0], g: p[1], b: p[2] };
}
function over(top, opacity, under) {
  const mix = (k) => top[k] * opacity + under[k] * (1 - opacity);
  return { r: mix("r"), g: mix("g"), b: mix("b") };
}
function contrast(x, y) {
  const lum = (c) => {
    const f = (v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const a = lum(x), b = lum(y);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

// The contrast of each kind of mark of `boardColours` on each square it may lie on (light
// and dark, washed or not): the better of the mark's own colour and its outline's, if it
// has one. Returns rows {mark, square, ratio, own, outline}, one per distinct paint.
function markContrasts(drawn) {
  const squares = { light: rgb(drawn.light.colour), dark: rgb(drawn.dark.colour) };
  if (drawn.wash) {
    for (const s of ["light", "dark"]) squares["washed " + s] = over(rgb(drawn.wash.colour), drawn.wash.opacity, squares[s]);
  }
  const on = (paint, bg) => contrast(over(rgb(paint.colour), paint.opacity, bg), bg);
  const distinct = new Map(drawn.marks.map((m) => [m.mark + " " + m.colour + " " + m.opacity, m]));
  const rows = [];
  for (const m of distinct.values()) {
    if (m.mark.endsWith(" outline")) continue;
    const rings = drawn.marks.filter((r) => r.mark === m.mark + " outline");
    for (const [square, bg] of Object.entries(squares)) {
      const own = on(m, bg);
      // The weakest of its outlines, if the board draws them in more than one paint.
      const outline = rings.length ? Math.min(...rings.map((r) => on(r, bg))) : null;
      rows.push({ mark: m.mark, square, ratio: Math.max(own, outline || 0), own, outline });
    }
  }
  return rows;
}

module.exports = { axe, focusLook, controls, focusedKey, tabWalk, boardColours, markContrasts };

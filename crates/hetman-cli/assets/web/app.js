/* hetman: the page. One player, two modes:
 *  - served by `hetman serve` (body data-mode="serve"): the events come from the API in chunks;
 *  - exported (data-mode="export"): the trace is inside the page, in <script id="trace">.
 *
 * This file holds the player's state, its numbers and small helpers, and starts the page.
 * The rest is in parts, each made by its create(ctx) on one shared context (below):
 * load.js (loading a trace), forms.js (the problem tabs and forms, the knight's setup),
 * play.js (playing and stepping), draw.js (the board, the status line and the panels),
 * goto.js (going to a step or a solution), solutions.js (the solutions' list and one
 * solution shown), controls.js (the controls and the keyboard).
 */
(function () {
  "use strict";
  var T = window.HetmanTrace;
  var L = window.HetmanLesson;
  var Code = window.HetmanCode;

  // The events kept for stepping back: 2 million, or ?cap=N in the address (for tests).
  var CAP = Math.max(20000, Number(new URLSearchParams(location.search).get("cap")) || T.DEFAULT_CAP);
  var CHUNK = Math.min(100000, Math.floor(CAP / 8)); // events per request (the server allows 200,000)
  var PREFETCH = Math.min(250000, Math.floor(CAP / 4)); // loaded ahead of the cursor
  var TEXT_BATCH = 50000; // lines parsed at a time from a trace held as text
  var MAX_PER_FRAME = 25000; // events applied per frame at top speed
  var LIST_SHOW = 2000; // solutions shown in the list
  var DOWNLOAD_LIMIT = 200000;
  var BACK_ROOM = 10000; // events loaded before a jump's target, to step back from it
  var JUMP_CHUNK = 30000; // the first chunk after a jump: small, so the board shows soon
  var LOOK_AHEAD = 10000000; // steps the server runs to see whether a knight's search finds a tour soon
  var LOOK_AHEAD_QUEENS = 2000000; // and to learn the length of a short queens search

  function $(id) { return document.getElementById(id); }
  var app = {
    problem: "queens",
    timeline: null,
    source: null,
    traceText: null, // the whole trace, when it came as text
    traceName: "trace",
    urlFor: null, // (skip, limit) -> API URL of the loaded trace
    view: "trace", // "trace" | "solution" | "tour" | "setup"
    pendingSteps: 0, // steps forward asked for before their events arrived
    selected: -1,
    playing: false,
    seekSolution: false,
    speed: 0,
    budget: 0,
    last: 0,
    svg: "",
    listShown: 0,
    classes: null,
    classesFor: 0,
    finishedTour: null,
    renderQueued: false,
    goal: -1, // a step to run to at top speed (a jump the page cannot make at once)
    lesson: null,
    knight: { width: 5, height: 5, start: 20, blocked: new Set() }
  };

  /* ---- small helpers ---- */

  function fmt(n) {
    return typeof I18N !== "undefined" ? I18N.num(n) : Number(n).toLocaleString("en-US");
  }

  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  function escapeHtml(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  function showError(msg) {
    var el = $("error");
    if (!msg) {
      el.hidden = true;
      el.textContent = "";
      return;
    }
    el.textContent = msg;
    el.hidden = false;
  }

  function parseSize(text) {
    var m = /^\s*(\d+)\s*(?:[x×X]\s*(\d+))?\s*$/.exec(text);
    if (!m) return null;
    var w = parseInt(m[1], 10);
    var h = m[2] ? parseInt(m[2], 10) : w;
    if (!(w >= 1 && h >= 1)) return null;
    return { width: w, height: h };
  }


  /* ---- the parts ---- */

  // What the parts share: the state, the helpers and the numbers above, the page's mode
  // (ctx.mode: "serve" or "export"), the downloads and the address (below), and every
  // part's functions, added to it as each is made. A part calls another's as ctx.render(),
  // looked up at the call, so the order the parts are made in does not matter.
  var ctx = {
    app: app, mode: document.body.getAttribute("data-mode") || "serve",
    $: $, fmt: fmt, say: say, escapeHtml: escapeHtml, showError: showError, parseSize: parseSize,
    CAP: CAP, CHUNK: CHUNK, PREFETCH: PREFETCH, TEXT_BATCH: TEXT_BATCH, MAX_PER_FRAME: MAX_PER_FRAME,
    LIST_SHOW: LIST_SHOW, BACK_ROOM: BACK_ROOM, JUMP_CHUNK: JUMP_CHUNK,
    LOOK_AHEAD: LOOK_AHEAD, LOOK_AHEAD_QUEENS: LOOK_AHEAD_QUEENS
  };
  [window.HetmanLoad, window.HetmanForms, window.HetmanPlay, window.HetmanDraw, window.HetmanGoto,
    window.HetmanSolutions, window.HetmanControls].forEach(function (part) {
    var made = part.create(ctx);
    for (var name in made) ctx[name] = made[name];
  });

  /* ---- downloads (downloads.js) ---- */

  ctx.downloads = window.HetmanDownloads.create({
    app: app, $: $, fmt: fmt, showError: showError, limit: DOWNLOAD_LIMIT
  });
  // The state in the address, and the iframe snippet (url.js).
  var address = window.HetmanUrl.create({
    app: app, $: $, setProblem: ctx.setProblem, loadQueens: ctx.loadQueens, loadKnight: ctx.loadKnight, goTo: ctx.goTo,
    setSpeed: ctx.setSpeed, showKnightFacts: ctx.showKnightFacts, showError: showError,
    exported: function () { return ctx.mode === "export"; }
  });
  ctx.address = address;

  /* ---- the language, and the start ---- */

  function relabel() {
    ctx.setSpeed();
    ctx.showKnightFacts();
    ctx.buildLegend();
    app.counterNames = null;
    app.listShown = 0;
    $("solutions").textContent = "";
    app.svg = null;
    if (app.predict) app.predict.relabel();
    if (app.boardKeys) app.boardKeys.el.setAttribute("aria-label", window.HetmanAccess.TEXT.grid);
    if (app.compare && app.compare.relabel) app.compare.relabel();
    if (app.lesson && app.lesson.relabel) app.lesson.relabel();
    if (app.code && app.code.relabel) app.code.relabel();
    ctx.render();
    if (app.view === "solution" && app.timeline && app.timeline.solutions[app.selected]) ctx.showSolution(app.selected);
  }

  function start() {
    app.lesson = new L.Lesson({
      stack: $("callstack"), arrays: $("arrays"), depth: $("depth"), tree: $("tree"),
      treeNote: $("tree-note"), treePath: $("tree-path")
    });
    app.compare = new window.HetmanCompare.View($("compare"));
    app.boardKeys = new window.HetmanAccess.BoardKeys($("board"), $("board-wrap"), app);
    app.announcer = new window.HetmanAccess.Announcer($("now"), $("announce"));
    app.predict = new window.HetmanPredict.Mode({ app: app, el: $("predict"), board: $("board"), render: ctx.render, pause: ctx.pause });
    var listings = $("code-listings");
    app.code = new Code.Panel($("code"), listings ? Code.fromPage(listings.textContent) : Code.fromServer());
    ctx.wire();
    // A switch of language draws every text again, at the same step of the same search.
    if (typeof I18N !== "undefined") I18N.onChange(relabel);
    ctx.setSpeed();
    ctx.showKnightFacts();
    var packed = $("trace-packed");
    var title = "hetman-" + document.title.replace(/^hetman:\s*/, "").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "");
    if (packed && packed.textContent.trim()) {
      document.body.setAttribute("data-mode", "export");
      ctx.mode = "export";
      ctx.loadPacked(packed.textContent, Number(packed.getAttribute("data-lines")) || 0, title);
      address.restore();
      return;
    }
    var embedded = $("trace") ? $("trace").textContent : "";
    if (embedded && embedded.trim()) {
      document.body.setAttribute("data-mode", "export");
      ctx.mode = "export";
      ctx.loadFromText(embedded.trim() + "\n",
        "hetman-" + document.title.replace(/^hetman:\s*/, "").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, ""));
      address.restore();
      return;
    }
    if (location.protocol === "file:") {
      ctx.buildLegend();
      ctx.buildCounters();
      showError(say("page-no-server"));
      ctx.render();
      return;
    }
    ctx.buildLegend();
    ctx.buildCounters();
    if (!address.restore()) ctx.loadQueens();
  }

  // For tests and the console.
  window.hetmanPage = {
    app: app,
    classParts: function (sizes) { return ctx.classParts(sizes).map(function (p) { return p.text; }); },
    state: function () {
      var t = app.timeline;
      return t && t.header ? {
        cursor: t.cursor, count: t.count, done: !!(app.source && app.source.done),
        counters: t.counters(), end: t.end, playing: app.playing, view: app.view,
        base: t.base, jumpChecked: !!t.jumpChecked, busy: !!(app.source && app.source.busy)
      } : { view: app.view, playing: app.playing };
    }
  };

  start();
})();

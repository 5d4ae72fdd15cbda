/* hetman: the page. One player, two modes:
 *  - served by `hetman serve` (body data-mode="serve"): the events come from the API in chunks;
 *  - exported (data-mode="export"): the trace is inside the page, in <script id="trace">.
 */
(function () {
  "use strict";
  var T = window.HetmanTrace;
  var B = window.HetmanBoard;
  var Sym = window.HetmanSymmetry;
  var J = window.HetmanJump;
  var L = window.HetmanLesson;
  var Code = window.HetmanCode;
  var K = T.K;

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

  var mode = document.body.getAttribute("data-mode") || "serve";
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

  /* ---- loading ---- */

  function stopSource() {
    if (app.source) app.source.stop();
    app.source = null;
  }

  function resetPlayer() {
    pause();
    stopSource();
    app.timeline = new T.Timeline({ cap: CAP });
    app.view = "trace";
    app.selected = -1;
    app.listShown = 0;
    app.classes = null;
    app.classesFor = 0;
    app.traceText = null;
    app.packed = null;
    app.urlFor = null;
    app.goal = -1;
    app.goalSolution = 0;
    app.jumpTarget = -1;
    app.message = null;
    $("far-note").hidden = true;
    $("far-warnsdorff").hidden = true;
    hideAsk();
    $("solutions").textContent = "";
    $("solution-detail").hidden = true;
    $("end-check").textContent = "";
    $("end-check").className = "";
    $("now").textContent = "";
    showError("");
  }

  function loadFromApi(path, params, name) {
    resetPlayer();
    var base = path + "?" + params;
    app.urlFor = function (skip, limit) {
      return base + "&skip=" + skip + "&limit=" + limit;
    };
    app.traceName = name;
    app.source = new T.NetSource(app.urlFor, app.timeline, { chunk: CHUNK, onProgress: queueRender });
    app.probe = { base: base, length: 0 };
    fetchMore(true);
    var knight = path.indexOf("knight") >= 0;
    lookAhead(app.probe, knight ? LOOK_AHEAD : LOOK_AHEAD_QUEENS, knight && /order=plain/.test(params));
    render();
  }

  // The trace packed inside a one-file player (pack.js); the whole search is kept.
  function loadPacked(text, lines, name) {
    resetPlayer();
    app.timeline = new T.Timeline({ cap: Math.max(CAP, lines + 16) });
    app.traceName = name;
    app.probe = null;
    app.source = new window.HetmanPack.PackedSource(text, app.timeline);
    app.packed = app.source;
    fetchMore(true);
    render();
  }

  function loadFromText(text, name) {
    resetPlayer();
    app.traceText = text;
    app.traceName = name;
    app.probe = null;
    app.source = new T.TextSource(text, app.timeline);
    fetchMore(true);
    render();
  }

  // Asks the source for more events when few are loaded ahead of the cursor.
  function fetchMore(force) {
    var t = app.timeline, s = app.source;
    if (!s || s.done || s.busy) return;
    if (!force && t.count - t.cursor >= PREFETCH) return;
    var p;
    try {
      p = s.want(TEXT_BATCH);
    } catch (err) {
      failed(err);
      return;
    }
    p.then(function () {
      if (s !== app.source) return;
      afterHeader();
      checkJump(app.timeline);
      reachJump(app.timeline);
      queueRender();
      if (!s.done && app.timeline.count - app.timeline.cursor < PREFETCH) fetchMore(false);
    }, function (err) {
      if (s === app.source) failed(err);
    });
  }

  function failed(err) {
    pause();
    showError(err && err.message ? err.message : String(err));
    if (app.timeline && !app.timeline.header) {
      app.timeline = null;
      if (app.problem === "knight") app.view = "setup";
    }
    render();
  }

  // Once the header is known: the problem it is about.
  function afterHeader() {
    var t = app.timeline;
    if (!t || !t.header || app.headerSeen === t) return;
    app.headerSeen = t;
    setProblem(t.problem, true);
    buildLegend();
    buildCounters();
    if (mode === "export") {
      var h = t.header;
      $("export-note").hidden = false;
      $("export-note").textContent = say("export-note", { what: describeHeader(h), command: commandFor(h) });
    }
  }

  function describeHeader(h) {
    if (h.problem === "queens") return say("export-queens", { n: h.n, algorithm: h.algorithm });
    return say("export-knight", { width: h.width, height: h.height, start: h.start, order: h.order }) +
      (h.closed ? ", " + say("export-closed") : "") +
      (h.blocked && h.blocked.length ? ", " + say("export-blocked", { squares: h.blocked.join(" ") }) : "");
  }

  /* ---- the problem forms ---- */

  // The compare view: the seeds' methods raced (compare.js), in place of the player.
  function setCompare(on) {
    app.comparing = on;
    ["queens", "knight"].forEach(function (p) {
      $("tab-" + p).setAttribute("aria-selected", String(!on && app.problem === p));
      $("tab-" + p).tabIndex = !on && app.problem === p ? 0 : -1;
    });
    $("tab-compare").setAttribute("aria-selected", String(on));
    $("tab-compare").tabIndex = on ? 0 : -1;
    $("compare-form").hidden = !on;
    $("compare").hidden = !on;
    $("stage").hidden = on;
    $("panel").hidden = on;
    $("file-open").hidden = on;
    document.querySelector("main").classList.toggle("comparing", on);
    if (on) {
      pause();
      $("queens-form").hidden = true;
      $("knight-form").hidden = true;
    } else {
      app.compare.stop();
    }
  }

  function runCompare() {
    var n = Number($("compare-n").value);
    var v = $("compare-speed").value;
    app.compare.speed = v === "top" ? Infinity : Number(v);
    showError("");
    try {
      app.compare.start(n);
    } catch (err) {
      showError(err.message);
    }
  }

  function setProblem(problem, fromTrace) {
    if (app.comparing) setCompare(false);
    app.problem = problem;
    var q = problem === "queens";
    $("tab-queens").setAttribute("aria-selected", String(q));
    $("tab-knight").setAttribute("aria-selected", String(!q));
    $("tab-queens").tabIndex = q ? 0 : -1;
    $("tab-knight").tabIndex = q ? -1 : 0;
    $("queens-form").hidden = !q;
    $("knight-form").hidden = q;
    if (!fromTrace) {
      if (!q && (!app.timeline || app.timeline.problem !== "knight")) {
        resetPlayer();
        app.timeline = null;
        app.view = "setup";
      } else if (q && (!app.timeline || app.timeline.problem !== "queens")) {
        loadQueens();
        return;
      }
      buildLegend();
      buildCounters();
      render();
    }
  }

  function loadQueens() {
    var n = $("queens-n").value.trim();
    var algorithm = $("queens-algorithm").value;
    loadFromApi("/api/queens/trace", "n=" + encodeURIComponent(n) + "&algorithm=" + encodeURIComponent(algorithm),
      "hetman-queens-" + n + "-" + algorithm);
  }

  function knightParams() {
    var k = app.knight;
    var blocked = Array.from(k.blocked).sort(function (a, b) { return a - b; }).map(function (i) {
      return T.squareName(i % k.width, Math.floor(i / k.width));
    });
    return "size=" + k.width + "x" + k.height +
      "&start=" + T.squareName(k.start % k.width, Math.floor(k.start / k.width)) +
      "&closed=" + ($("knight-closed").checked ? "true" : "false") +
      "&blocked=" + blocked.join(",");
  }

  function loadKnight() {
    if (!readKnightSize()) return;
    var k = app.knight;
    loadFromApi("/api/knight/trace", knightParams() + "&order=" + $("knight-order").value,
      "hetman-knight-" + k.width + "x" + k.height);
  }

  // One bounded request runs LOOK_AHEAD steps on the server and reads the counters there:
  // the length of a search that ends before (the scrubber spans it), and for the knight
  // whether a tour comes at all. The plain order can run for days before its first tour
  // (8x8 from a1: step 19,578,007): the page says so before n is pressed, and offers
  // Warnsdorff's rule.
  function lookAhead(probe, steps, plainKnight) {
    var url = app.urlFor(steps, 1);
    fetch(url).then(function (res) { return res.ok ? res.text() : null; }).then(function (text) {
      if (!text || app.probe !== probe) return;
      var lines = text.trim().split("\n");
      var end = JSON.parse(lines[lines.length - 1]);
      if (end.event !== "end") return;
      if (end.complete) {
        probe.length = end.step - 1;
        queueRender();
      }
      if (!end.counters || !(end.counters.tours === 0)) return;
      var note;
      if (end.complete) {
        note = say("far-no-tour", { steps: fmt(end.step - 1), moves: fmt(end.counters.moves) });
      } else {
        note = say("far-first", {
          steps: fmt(LOOK_AHEAD), speed: $("speed-out").textContent,
          time: duration(LOOK_AHEAD / (app.speed === Infinity ? 1e6 : app.speed))
        });
        $("far-warnsdorff").hidden = !plainKnight;
      }
      $("far-text").textContent = note;
      $("far-note").hidden = false;
    }).catch(function () { /* the note is a hint; the search plays without it */ });
  }

  function duration(seconds) {
    var n = seconds < 90 ? Math.round(seconds) : seconds < 5400 ? Math.round(seconds / 60)
      : seconds < 172800 ? Math.round(seconds / 3600) : Math.round(seconds / 86400);
    var id = seconds < 90 ? "duration-seconds" : seconds < 5400 ? "duration-minutes"
      : seconds < 172800 ? "duration-hours" : "duration-days";
    return say(id, { count: n, shown: fmt(n) });
  }

  // Reads the size box into app.knight; false (with the reason shown) if it cannot be read.
  function readKnightSize() {
    var text = $("knight-size").value;
    var size = parseSize(text);
    if (!size) {
      showError(say("err-size", { value: text.trim() }));
      return false;
    }
    var k = app.knight;
    if (size.width !== k.width || size.height !== k.height) {
      var old = k;
      var blocked = new Set();
      old.blocked.forEach(function (i) {
        var f = i % old.width, r = Math.floor(i / old.width);
        if (f < size.width && r < size.height) blocked.add(r * size.width + f);
      });
      var sf = old.start % old.width, sr = Math.floor(old.start / old.width);
      var start = (sf < size.width && sr < size.height) ? sr * size.width + sf : 0;
      blocked.delete(start);
      app.knight = { width: size.width, height: size.height, start: start, blocked: blocked };
    }
    showError("");
    showKnightFacts();
    return true;
  }

  function showKnightFacts() {
    var k = app.knight;
    $("knight-start").textContent = T.squareName(k.start % k.width, Math.floor(k.start / k.width));
    var names = Array.from(k.blocked).sort(function (a, b) { return a - b; }).map(function (i) {
      return T.squareName(i % k.width, Math.floor(i / k.width));
    });
    $("knight-blocked").textContent = names.length ? names.join(" ") : say("event-none");
  }

  function showFinishedTour() {
    if (!readKnightSize()) return;
    resetPlayer();
    app.timeline = null;
    app.view = "setup";
    $("now").textContent = say("tour-looking");
    render();
    var url = "/api/knight/tour?" + knightParams();
    fetch(url).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body.error || ("HTTP " + res.status));
        return body;
      });
    }).then(function (body) {
      if (!body.tour) {
        $("now").textContent = body.no_tour || say("err-no-tour-found");
        return;
      }
      var w = body.width;
      var sq = function (name) { var s = T.parseSquare(name); return s.rank * w + s.file; };
      app.finishedTour = {
        width: w, height: body.height, closed: body.closed,
        path: Int32Array.from(body.tour.map(sq)),
        blocked: body.blocked.map(sq),
        names: body.tour, nodes: body.nodes, algorithm: body.algorithm
      };
      app.view = "tour";
      var big = w > 24 || body.height > 24;
      $("now").textContent = say(body.closed ? "tour-closed" : "tour-open", {
        width: w, height: body.height, start: body.start, algorithm: body.algorithm, nodes: fmt(body.nodes)
      }) + (big ? say("tour-colours") : ".");
      render();
    }).catch(function (err) {
      $("now").textContent = "";
      showError(err.message);
    });
  }

  // A click on the knight board: set the start or block a square.
  function boardClick(ev) {
    if (app.problem !== "knight" || mode === "export") return;
    if (app.view !== "setup" && app.view !== "tour" && !(app.timeline && app.timeline.problem === "knight")) return;
    var svg = $("board").querySelector("svg");
    if (!svg) return;
    var k = app.knight;
    var pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    var p = pt.matrixTransform(svg.getScreenCTM().inverse());
    var at = B.geometry(k.width, k.height).at(p.x, p.y);
    if (!at) return;
    var i = at.rank * k.width + at.file;
    if (app.view !== "setup" && app.view !== "tour" && app.timeline && app.timeline.header) {
      // A search is loaded: a click keeps it, and asks before the setup is changed.
      app.askedSquare = i;
      $("ask-text").textContent = say($("click-block").checked ? "ask-block" : "ask-start",
        { square: T.squareName(at.file, at.rank) });
      $("ask").hidden = false;
      $("ask-edit").focus();
      return;
    }
    editSquare(i);
  }

  function hideAsk() {
    $("ask").hidden = true;
    app.askedSquare = -1;
  }

  function editSquare(i) {
    var k = app.knight;
    hideAsk();
    if (app.view !== "setup") {
      resetPlayer();
      app.timeline = null;
      app.view = "setup";
    }
    if ($("click-block").checked) {
      if (i === k.start) {
        showError(say("err-start-blocked"));
        return;
      }
      if (k.blocked.has(i)) k.blocked.delete(i); else k.blocked.add(i);
    } else {
      if (k.blocked.has(i)) k.blocked.delete(i);
      k.start = i;
    }
    showError("");
    showKnightFacts();
    $("now").textContent = "";
    render();
  }

  /* ---- playing ---- */

  function setSpeed() {
    var v = Number($("speed").value);
    app.speed = v >= 100 ? Infinity : Math.round(Math.pow(10, v / 99 * 5));
    var text = app.speed === Infinity ? say("speed-top") : say("speed-rate", { count: app.speed, shown: fmt(app.speed) });
    $("speed-out").textContent = text;
    $("speed").setAttribute("aria-valuetext", text);
  }

  function play() {
    if (!app.timeline || !app.timeline.header) return;
    if (app.goal < 0 && !app.goalSolution && held()) return;
    var t = app.timeline;
    if (t.cursor >= t.count && app.source && app.source.done) t.seek(t.base);
    app.view = "trace";
    app.playing = true;
    app.budget = 0;
    app.last = performance.now();
    updatePlayButton();
    requestAnimationFrame(tick);
  }

  function pause() {
    app.pendingSteps = 0;
    app.goal = -1;
    app.goalSolution = 0;
    app.playing = false;
    app.seekSolution = false;
    updatePlayButton();
    queueRender();
  }

  function updatePlayButton() {
    var b = $("btn-play");
    b.setAttribute("aria-pressed", String(app.playing));
    b.setAttribute("aria-label", app.playing ? "Pause" : "Play");
  }

  function tick(now) {
    if (!app.playing) return;
    var t = app.timeline;
    var dt = Math.min(0.25, Math.max(0, (now - app.last) / 1000));
    app.last = now;
    var n;
    if (app.seekSolution || app.speed === Infinity) {
      n = MAX_PER_FRAME;
    } else {
      app.budget = Math.min(app.budget + app.speed * dt, Math.max(1, app.speed * 0.25));
      n = Math.floor(app.budget);
    }
    var take = Math.min(n, t.count - t.cursor);
    if (app.goal >= 0 || app.goalSolution) {
      take = Math.min(MAX_PER_FRAME, t.count - t.cursor);
      if (app.goal >= 0 && app.goal !== Infinity) take = Math.min(take, app.goal - t.cursor);
      t.seek(t.cursor + take);
      var reached = app.goal >= 0 && t.cursor >= app.goal;
      if (app.goalSolution) {
        var sIdx = t.solutions.length ? t.solutions[t.solutions.length - 1] : null;
        if (sIdx && sIdx.number >= app.goalSolution) {
          t.seek(t.solutions.filter(function (x) { return x.number === app.goalSolution; })[0].index + 1);
          reached = true;
        }
      }
      if (reached || (t.cursor >= t.count && app.source && app.source.done)) {
        pause();
        render();
        return;
      }
      fetchMore(false);
      render();
      requestAnimationFrame(tick);
      return;
    }
    if (app.seekSolution) {
      var idx = t.nextSolution(t.cursor);
      if (idx >= 0 && idx < t.cursor + take) {
        t.seek(idx + 1);
        pause();
        render();
        return;
      }
      t.seek(t.cursor + take);
    } else {
      t.seek(t.cursor + take);
      app.budget -= take;
    }
    if (t.cursor >= t.count && (!app.source || app.source.done)) {
      app.playing = false;
      app.seekSolution = false;
      updatePlayButton();
    }
    fetchMore(false);
    render();
    if (app.playing) requestAnimationFrame(tick);
  }

  function stepForward() {
    if (held()) return;
    var pending = app.pendingSteps;
    pause();
    var t = app.timeline;
    if (!t) return;
    app.view = "trace";
    // A step asked for before its event arrived is taken as soon as it does.
    app.pendingSteps = pending + 1;
    if (t.header) {
      var k = Math.min(app.pendingSteps, t.count - t.cursor);
      t.seek(t.cursor + k);
      app.pendingSteps -= k;
    }
    if (!app.source || app.source.done) app.pendingSteps = 0;
    if (app.pendingSteps) fetchMore(true);
    fetchMore(false);
    render();
  }

  function stepBack() {
    pause();
    var t = app.timeline;
    if (!t || !t.header) return;
    app.view = "trace";
    if (t.cursor > t.base) t.seek(t.cursor - 1);
    render();
  }

  function restart() {
    pause();
    var t = app.timeline;
    if (!t || !t.header) return;
    app.view = "trace";
    t.seek(t.base);
    render();
  }

  function nextSolution() {
    var t = app.timeline;
    if (!t || !t.header || held()) return;
    app.view = "trace";
    var idx = t.nextSolution(t.cursor);
    if (idx >= 0) {
      pause();
      t.seek(idx + 1);
      render();
      return;
    }
    if (t.cursor >= t.count && app.source && app.source.done) {
      pause();
      app.message = { at: t.cursor, text: say(t.problem === "queens" ? "watch-no-further-solution" : "watch-no-further-tour",
        { found: lowerFirst(endWords(t)).replace(/\.$/, "") }) };
      render();
      return;
    }
    play();
    app.seekSolution = true;
  }

  /* ---- drawing ---- */

  function queueRender() {
    if (app.renderQueued) return;
    app.renderQueued = true;
    requestAnimationFrame(function () {
      app.renderQueued = false;
      var t = app.timeline;
      if (app.pendingSteps && t && t.header && !app.playing) {
        var k = Math.min(app.pendingSteps, t.count - t.cursor);
        t.seek(t.cursor + k);
        app.pendingSteps -= k;
      }
      render();
    });
  }

  function boardSvg() {
    var t = app.timeline;
    if (app.view === "setup") {
      var k = app.knight;
      var blocked = new Uint8Array(k.width * k.height);
      k.blocked.forEach(function (i) { blocked[i] = 1; });
      return B.knight({
        width: k.width, height: k.height, blocked: blocked, start: k.start, setup: true,
        label: say("board-knight-setup", {
          width: k.width, height: k.height, start: $("knight-start").textContent, blocked: $("knight-blocked").textContent
        })
      });
    }
    if (app.view === "tour" && app.finishedTour) {
      var ft = app.finishedTour;
      var bl = new Uint8Array(ft.width * ft.height);
      ft.blocked.forEach(function (i) { bl[i] = 1; });
      return B.knight({
        width: ft.width, height: ft.height, blocked: bl, start: -1, path: ft.path, depth: ft.path.length,
        tour: true, closed: ft.closed,
        label: say("board-knight-tour", { width: ft.width, height: ft.height }) + ": " +
          (ft.names.length <= 100 ? ft.names.join(" ") : ft.names.slice(0, 100).join(" ") + " …")
      });
    }
    if (!t || !t.header) return "";
    if (app.view === "solution" && app.selected >= 0) {
      var sol = t.solutions[app.selected];
      if (t.problem === "queens") {
        return B.queens({ n: t.n, ranks: sol.ranks, file: -1, solution: true, shade: false,
          label: "Solution " + sol.number + ": " + sol.code });
      }
      return B.knight({
        width: t.width, height: t.height, blocked: t.blocked, start: -1, path: Int32Array.from(sol.path),
        depth: sol.path.length, tour: true, closed: t.header.closed,
        label: "Tour " + sol.number + ": " + sol.path.map(t.squareName, t).join(" ")
      });
    }
    var s = t.state;
    var e = t.event(t.cursor - 1);
    if (t.problem === "queens") {
      return B.queens({
        n: t.n, ranks: s.ranks, algorithm: t.header.algorithm, file: s.file, free: s.free, event: e,
        label: queensLabel(t)
      });
    }
    var cand = null;
    var at = s.candAt[s.depth];
    if (at >= 0) cand = t.extra.get(at) || null;
    return B.knight({
      width: t.width, height: t.height, blocked: t.blocked, start: t.start, num: s.num, path: s.path,
      depth: s.depth, dead: s.dead, candidates: cand, event: e, closed: t.header.closed,
      label: knightLabel(t)
    });
  }

  function queensLabel(t) {
    var s = t.state;
    var placed = [];
    for (var f = 0; f < t.n; f++) if (s.ranks[f] >= 0) placed.push(T.squareName(f, s.ranks[f]));
    return say("board-queens", { n: t.n, step: t.cursor, squares: placed.length ? placed.join(" ") : say("board-no-square") });
  }

  function knightLabel(t) {
    var s = t.state;
    var path = [];
    for (var i = 0; i < s.depth; i++) path.push(t.squareName(s.path[i]));
    return say("board-knight", { width: t.width, height: t.height, step: t.cursor,
      squares: path.length ? path.join(" ") : say("board-empty") });
  }

  function render() {
    var svg = boardSvg();
    if (svg !== app.svg) {
      $("board").innerHTML = svg;
      app.svg = svg;
    }
    var clickable = app.problem === "knight" && mode !== "export";
    $("board").classList.toggle("clickable", clickable);
    renderStatus();
    renderLesson();
    address.note();
    afterRender();
  }

  // Predict mode (predict.js); the board's keyboard grid and the live region (access.js).
  function held() {
    return !!(app.predict && app.predict.holds());
  }

  function afterRender() {
    if (!app.predict) return;
    app.boardKeys.render();
    app.predict.render();
    app.announcer.render(app.playing);
  }

  function lowerFirst(s) {
    return s.charAt(0).toLowerCase() + s.slice(1);
  }

  // The end of a search in words: what it found.
  function endWords(t) {
    var h = t.header;
    var c = t.end ? t.end.counters : t.counters();
    if (!t.end) return say("end-trace-short");
    if (h.problem === "queens") {
      var n = c.solutions;
      return n === 0 ? say("end-no-solution", { n: h.n })
        : say("end-solutions", { count: n, shown: fmt(n) });
    }
    var from = h.closed ? say("end-closed-start", { start: h.start }) : h.start;
    return say(c.tours === 0 ? "end-no-tour" : "end-tours",
      { count: c.tours, shown: fmt(c.tours), start: from, moves: fmt(c.moves), entered: c.moves });
  }

  function searchOver() {
    var t = app.timeline;
    return !!(t && t.end && t.cursor === t.count && app.source && app.source.done);
  }

  function renderLesson() {
    var t = app.timeline;
    var trace = app.view === "trace" && t && t.header ? t : null;
    app.lesson.render(trace, searchOver(), app.playing);
    app.code.render(trace);
    var scrub = $("scrub");
    if (!t || !t.header) {
      scrub.disabled = true;
      return;
    }
    scrub.disabled = false;
    // The scrubber spans the whole search once its length is known, else what is loaded.
    var total = t.end ? t.count : app.probe && app.probe.length ? app.probe.length
      : Math.max(t.count, t.lastEnd ? t.lastEnd.step - 1 : 0);
    if (Number(scrub.max) !== total) scrub.max = String(total);
    if (!app.scrubbing && Number(scrub.value) !== t.cursor) scrub.value = String(t.cursor);
    scrub.setAttribute("aria-valuetext", "step " + fmt(t.cursor));
  }

  /* ---- going to a step or a solution ---- */

  // Goes to step k (events applied) or, with `solution`, to just after the solution
  // with that number. Near steps are in the history; far ones are loaded from the
  // server at that step (the board there walked by jump.js), or run to at top speed.
  function goTo(k, solution) {
    var t = app.timeline;
    if (!t || !t.header) return;
    pause();
    app.view = "trace";
    showError("");
    if (solution) {
      var i = solution - 1 - (t.solutions.length ? t.solutions[0].number - 1 : 0);
      var sol = t.solutions[i];
      if (sol && sol.number === solution && sol.index >= t.base) {
        t.seek(sol.index + 1);
        render();
        return;
      }
      if (app.urlFor && J.canWalk(t.header)) return jumpFar(Infinity, solution);
      if (t.end && t.counters && t.end.counters[t.problem === "queens" ? "solutions" : "tours"] < solution) {
        showError(say(t.problem === "queens" ? "err-no-solution" : "err-no-tour",
          { number: fmt(solution), found: fmt(t.end.counters[t.problem === "queens" ? "solutions" : "tours"]) }));
        return;
      }
      app.goalSolution = solution;
      runTo(Infinity);
      return;
    }
    k = Math.max(0, Math.floor(k));
    if (t.end && k > t.count) k = t.count;
    if (k >= t.base && k <= t.count) {
      t.seek(k);
      render();
      return;
    }
    if (app.urlFor && J.canWalk(t.header)) return jumpFar(k, 0);
    if (k < t.base) {
      // The page cannot walk this search: it loads it again from the start.
      reload();
      if (k > 0) runTo(k);
      return;
    }
    runTo(k);
  }

  function reload() {
    var urlFor = app.urlFor, name = app.traceName;
    if (urlFor) {
      resetPlayer();
      app.urlFor = urlFor;
      app.traceName = name;
      app.source = new T.NetSource(urlFor, app.timeline, { chunk: CHUNK, onProgress: queueRender });
      fetchMore(true);
    } else if (app.traceText !== null) {
      loadFromText(app.traceText, name);
    }
  }

  // Plays at top speed until step k (or the solution app.goalSolution).
  function runTo(k) {
    app.goal = k;
    play();
    app.playing = true;
    updatePlayButton();
  }

  // A jump to step k or to solution `solution` without the events before it.
  function jumpFar(k, solution) {
    var t = app.timeline;
    var urlFor = app.urlFor, name = app.traceName, header = t.header;
    var nt = new T.Timeline({ cap: CAP });
    nt.setHeader(header);
    var target = k;
    if (solution) {
      var found = J.walk(nt, Infinity, solution);
      if (found.state.counters[5] < solution) {
        showError(say("err-no-solution", { number: fmt(solution), found: fmt(found.state.counters[5]) }));
        return;
      }
      target = found.at;
    }
    // The page starts a little before the target, so that a step back works at once.
    var from = Math.max(0, target - BACK_ROOM);
    resetPlayer();
    app.urlFor = urlFor;
    app.traceName = name;
    app.timeline = nt;
    // The server runs through the steps before `from` while the page walks them.
    nt.restartAt(from, nt.emptyState());
    nt.jumpCheck = true;
    // A skip far past the server's saved states is reached in hops (jump.js).
    app.source = new T.NetSource(urlFor, nt, { chunk: JUMP_CHUNK, onProgress: queueRender, fetch: J.fetchFar });
    fetchMore(true);
    app.source.chunk = CHUNK;
    var walked = J.walk(nt, from, 0);
    if (walked.at !== from) {
      // The search ends before step k: go to its end.
      return jumpFar(walked.at, 0);
    }
    nt.state = walked.state;
    nt.snapshots = [{ at: from, state: nt.cloneState(walked.state) }];
    app.jumpTarget = target;
    render();
  }

  // Once the events around a jump's target have come: the board there.
  function reachJump(t) {
    if (!(app.jumpTarget >= 0) || !t.header) return;
    if (t.count < app.jumpTarget && !(app.source && app.source.done)) return;
    t.seek(Math.min(app.jumpTarget, t.count));
    app.jumpTarget = -1;
    render();
  }

  // After a jump, the server's counters at the end of the first chunk check the walk.
  function checkJump(t) {
    if (!t.jumpCheck || !t.lastEnd) return;
    t.jumpCheck = false;
    var at = t.cursor;
    t.seek(t.count);
    var mine = t.counters();
    t.seek(at);
    for (var key in mine) {
      if (mine[key] !== t.lastEnd.counters[key]) {
        showError(say("err-jump", { step: fmt(t.count), key: key, mine: mine[key], theirs: t.lastEnd.counters[key] }));
        return;
      }
    }
    t.jumpChecked = true;
  }

  function renderStatus() {
    var t = app.timeline;
    var hasTrace = t && t.header;
    ["btn-restart", "btn-back", "btn-play", "btn-forward", "btn-next"].forEach(function (id) {
      $(id).disabled = !hasTrace;
    });
    $("dl-trace").disabled = !hasTrace;
    $("dl-page").disabled = !hasTrace || !app.urlFor;
    $("dl-gif").disabled = !hasTrace || !app.urlFor;
    $("dl-gif").textContent = downloads.gifLabel();
    if (!hasTrace) {
      $("step").textContent = "";
      $("total").textContent = "";
      $("stack").textContent = "";
      $("history-note").hidden = true;
      if (app.view === "setup") {
        $("now").textContent = $("now").textContent || say("now-setup");
      }
      renderCounters(null);
      renderSolutions();
      return;
    }
    var done = app.source && app.source.done;
    $("step").textContent = say("status-step", { step: fmt(t.cursor) });
    $("total").textContent = say(done ? "status-of" : "status-of-loaded", { count: fmt(t.count) });
    if (app.view === "trace") {
      var msg = app.message && app.message.at === t.cursor ? app.message.text : null;
      if (!msg) app.message = null;
      $("now").textContent = msg || (t.cursor === 0 ? say("now-start")
        : t.cursor === t.base ? say("now-base", { step: fmt(t.cursor) })
        : t.describe(t.cursor - 1) + (searchOver() ? " " + endWords(t) : ""));
    } else if (app.view === "solution" && t.solutions[app.selected]) {
      $("now").textContent = say(t.problem === "queens" ? "now-showing-solution" : "now-showing-tour",
        { number: t.solutions[app.selected].number, step: fmt(t.cursor) });
    }
    $("stack").textContent = stackText(t);
    var note = $("history-note");
    if (t.cut) {
      note.hidden = false;
      note.textContent = say("history-cut", { cap: fmt(t.cap), step: fmt(t.base + 1) });
    } else {
      note.hidden = true;
    }
    renderCounters(t);
    renderSolutions();
    var check = t.checkEnd();
    var el = $("end-check");
    if (check) {
      el.className = check.ok ? "ok" : "bad";
      el.textContent = check.ok
        ? say("end-check-ok")
        : say("end-check-bad", { key: check.key, mine: check.mine, theirs: check.theirs });
    } else if (done && !t.end && t.lastEnd && t.cursor === t.count) {
      el.className = "";
      el.textContent = say("end-cut-limit", { step: fmt(t.count) });
    } else {
      el.className = "";
      el.textContent = "";
    }
  }

  function stackText(t) {
    var s = t.state;
    if (t.problem === "queens") {
      var parts = [];
      for (var f = 0; f < t.n; f++) {
        if (s.ranks[f] < 0) break;
        parts.push("test(" + (f + 1) + ") " + T.squareName(f, s.ranks[f]));
      }
      if (s.file >= 0 && s.file === s.depth && s.file < t.n) parts.push("test(" + (s.file + 1) + ") …");
      return say("stack-depth", { depth: s.depth, path: parts.length ? parts.join(" → ") : "—" });
    }
    var path = [];
    for (var i = 0; i < s.depth; i++) path.push(t.squareName(s.path[i]));
    return say("stack-depth", { depth: s.depth, path: path.length ? path.join(" ") : "—" });
  }

  // The counters' names: the message ids the terminal's counters use too.
  var LABELS = {
    calls: "counter-calls-test", tries: "counter-tries", refusals: "counter-refusals",
    placements: "counter-placements", backtracks: "counter-backtracks", solutions: "counter-solutions",
    moves: "counter-moves", dead_ends: "counter-dead-ends", prunes: "counter-prunes", tours: "counter-tours",
    placements_scored: "counter-placements-scored", permutations_tried: "counter-permutations-tried"
  };

  function buildCounters() {
    var t = app.timeline;
    var names = t && t.header && t.problem === app.problem ? t.counterNames : app.problem === "queens"
      ? ["calls", "tries", "refusals", "placements", "backtracks", "solutions"]
      : ["moves", "dead_ends", "prunes", "backtracks", "tours"];
    var dl = $("counters");
    dl.textContent = "";
    var add = function (key, label) {
      var dt = document.createElement("dt");
      dt.textContent = label;
      var dd = document.createElement("dd");
      dd.id = "count-" + key;
      dd.textContent = "0";
      dd.setAttribute("data-value", "0");
      dl.appendChild(dt);
      dl.appendChild(dd);
    };
    add("depth", say("counter-depth-now"));
    names.forEach(function (key) { add(key, LABELS[key] ? say(LABELS[key]) : key); });
    app.counterNames = names;
  }

  function renderCounters(t) {
    if (!app.counterNames) buildCounters();
    var set = function (key, v) {
      var dd = $("count-" + key);
      if (!dd) return;
      var text = fmt(v);
      if (dd.textContent !== text) {
        dd.textContent = text;
        dd.setAttribute("data-value", String(v));
      }
    };
    var hasTrace = t && t.header && t.problem === app.problem;
    set("depth", hasTrace ? t.state.depth : 0);
    var c = hasTrace ? t.counters() : {};
    app.counterNames.forEach(function (key) { set(key, c[key] || 0); });
  }

  /* ---- solutions ---- */

  function renderSolutions() {
    var t = app.timeline;
    var list = $("solutions");
    var found = t && t.header ? t.found() : 0;
    var shown = Math.min(found, LIST_SHOW);
    if (shown < app.listShown) {
      while (list.children.length > shown) list.removeChild(list.lastChild);
      app.listShown = shown;
    }
    if (shown > app.listShown) {
      var frag = document.createDocumentFragment();
      for (var i = app.listShown; i < shown; i++) frag.appendChild(solutionItem(t, i));
      list.appendChild(frag);
      app.listShown = shown;
    }
    $("sol-summary").textContent = t && t.header ? summary(t, found) : "";
  }

  function solutionItem(t, i) {
    var sol = t.solutions[i];
    var li = document.createElement("li");
    var b = document.createElement("button");
    b.type = "button";
    b.setAttribute("data-index", String(i));
    var text;
    if (t.problem === "queens") {
      text = sol.code;
    } else {
      var names = sol.path.map(t.squareName, t);
      text = names.slice(0, 8).join(" ") + (names.length > 8 ? " …" : "");
    }
    b.innerHTML = '<span class="num">#' + sol.number + "</span> " + escapeHtml(text);
    b.setAttribute("aria-label", say(t.problem === "queens" ? "sym-heading" : "tour-heading", { number: sol.number }) + ": " + text);
    li.appendChild(b);
    return li;
  }

  function classesOf(t, found) {
    if (!app.classes || app.classesFor > found) {
      app.classes = new Map();
      app.classesFor = 0;
    }
    for (var i = app.classesFor; i < found; i++) {
      var a = Sym.analyse(t.solutions[i].ranks);
      var key = Sym.code(a.canonical);
      if (!app.classes.has(key)) app.classes.set(key, a.classSize);
    }
    app.classesFor = found;
    return app.classes;
  }

  function summary(t, found) {
    var total = t.counters()[t.problem === "queens" ? "solutions" : "tours"];
    var more = total > found ? " " + say("sum-keeps", { found: fmt(found) }) : "";
    var over = searchOver();
    var cutEnd = !t.end && t.lastEnd && !t.lastEnd.complete && app.source && app.source.done && t.cursor === t.count;
    if (t.problem !== "queens") {
      if (over) return endWords(t) + more;
      return say("sum-tours", { count: total, shown: fmt(total) }) + " " + say(cutEnd ? "sum-held" : "sum-so-far") +
        more + ".";
    }
    var classes = classesOf(t, found);
    var sizes = { 8: 0, 4: 0, 2: 0, 1: 0 };
    classes.forEach(function (size) { sizes[size]++; });
    var parts = classParts(sizes);
    var text = say("sum-solutions", { count: total, shown: fmt(total) }) +
      (over ? say("sum-over") : " " + say(cutEnd ? "sum-held" : "sum-so-far")) + more +
      say("sum-classes", { count: classes.size, shown: fmt(classes.size) }) +
      (parts.length ? " (" + parts.map(function (p) { return p.text; }).join(", ") + ")" : "") + ".";
    var check = t.checkEnd();
    if (check && check.ok && classes.size && found === total) {
      var sum = 0;
      classes.forEach(function (size) { sum += size; });
      if (sum === total && sizes[8] !== classes.size) {
        text += " " + parts.map(function (p) { return p.count + "·" + p.size; }).join(" + ") +
          " = " + fmt(sum) + ", " + say("sum-smaller", { classes: classes.size, all: fmt(classes.size * 8) });
      }
    }
    return text;
  }

  // "1,765 of 8, 22 of 4": how many symmetry classes of each size.
  function classParts(sizes) {
    var parts = [];
    [8, 4, 2, 1].forEach(function (s) {
      if (sizes[s]) parts.push({ count: fmt(sizes[s]), size: s, text: say("sum-class-part", { count: fmt(sizes[s]), size: s }) });
    });
    return parts;
  }

  // The seeds write codes of up to 9 queens without spaces: 47526138.
  function compactCode(ranks) {
    return ranks.length <= 9 ? Sym.code(ranks).replace(/ /g, "") : Sym.code(ranks);
  }

  function showSolution(i) {
    var t = app.timeline;
    if (!t || !t.solutions[i]) return;
    pause();
    app.view = "solution";
    app.selected = i;
    var list = $("solutions");
    Array.prototype.forEach.call(list.querySelectorAll("button"), function (b) {
      b.setAttribute("aria-current", String(Number(b.getAttribute("data-index")) === i));
    });
    var sol = t.solutions[i];
    var d = $("solution-detail");
    d.hidden = false;
    if (t.problem === "queens") {
      var a = Sym.analyse(sol.ranks);
      d.setAttribute("data-canonical", Sym.code(a.canonical));
      d.setAttribute("data-class-size", String(a.classSize));
      var fixed = a.fixedBy.filter(function (id) { return id !== "identity"; }).map(function (id) {
        return Sym.SYMMETRIES.filter(function (s) { return s.id === id; })[0].name;
      });
      var why = a.classSize === 8 ? say("sym-why-8")
        : say("sym-why", { fixed: fixed.join(" " + say("sym-and") + " "), size: a.classSize });
      var figures = a.images.map(function (img) {
        var same = img.sameAs >= 0;
        return '<figure class="' + (same ? "same" : "") + '">' +
          B.queens({ n: t.n, ranks: img.ranks, file: -1, shade: false, labels: false,
            solution: Sym.compare(img.ranks, a.canonical) === 0 }) +
          "<figcaption>" + escapeHtml(img.symmetry.name) +
          (same ? " (= " + escapeHtml(a.images[img.sameAs].symmetry.name) + ")" : "") +
          "<br><code>" + compactCode(img.ranks) + "</code></figcaption></figure>";
      }).join("");
      d.innerHTML = "<h3>" + escapeHtml(say("sym-heading", { number: sol.number })) + ": <code>" + escapeHtml(sol.code) + "</code></h3>" +
        "<p>" + escapeHtml(say("sym-canonical")) + " <code id=\"canonical\">" + Sym.code(a.canonical) +
        "</code>" + (a.isCanonical ? " " + escapeHtml(say("sym-this")) : "") + ".</p>" +
        "<p>" + escapeHtml(say("sym-class-size")) + " <strong id=\"class-size\">" + a.classSize + "</strong>. " + escapeHtml(why) + "</p>" +
        '<div class="images">' + figures + "</div>" +
        "<p class=\"hint\">" + escapeHtml(say("sym-hint")) + "</p>" +
        '<button type="button" id="back-to-search">' + escapeHtml(say("page-back-to-search")) + "</button>";
    } else {
      var names = sol.path.map(t.squareName, t);
      d.setAttribute("data-path", names.join(" "));
      d.innerHTML = "<h3>" + escapeHtml(say("tour-heading", { number: sol.number })) + "</h3><p><code id=\"tour-path\">" + escapeHtml(names.join(" ")) +
        "</code></p>" + '<button type="button" id="back-to-search">' + escapeHtml(say("page-back-to-search")) + "</button>";
    }
    render();
  }

  /* ---- legend ---- */

  function buildLegend() {
    var t = app.timeline;
    $("legend").innerHTML = window.HetmanLegend.html(app.problem, t && t.header ? t.header.algorithm : null, B.COLOURS);
  }

  /* ---- downloads (downloads.js) ---- */

  var downloads = window.HetmanDownloads.create({
    app: app, $: $, fmt: fmt, showError: showError, limit: DOWNLOAD_LIMIT
  });
  var commandFor = downloads.commandFor;
  // The state in the address, and the iframe snippet (url.js).
  var address = window.HetmanUrl.create({
    app: app, $: $, setProblem: setProblem, loadQueens: loadQueens, loadKnight: loadKnight, goTo: goTo,
    setSpeed: setSpeed, showKnightFacts: showKnightFacts, showError: showError,
    exported: function () { return mode === "export"; }
  });

  /* ---- keys and wiring ---- */

  // Whether a key typed into `el` belongs to it: text boxes take every key; a slider,
  // a list box or a radio group takes the arrows.
  function takesKey(el, key) {
    if (!el || !el.tagName) return false;
    var tag = el.tagName.toLowerCase();
    if (tag === "textarea") return true;
    if (el.getAttribute && el.getAttribute("role") === "tab") return key !== "n" && key !== "N";
    var arrows = key === "ArrowLeft" || key === "ArrowRight" || key === "Home";
    if (tag === "select") return arrows || key === " ";
    if (tag !== "input") return false;
    var type = (el.getAttribute("type") || "text").toLowerCase();
    if (type === "range" || type === "radio") return arrows;
    if (type === "checkbox" || type === "file") return key === " ";
    return true;
  }

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var key = ev.key === "Spacebar" ? " " : ev.key;
    if (takesKey(ev.target, key)) return;
    if (key === " ") {
      ev.preventDefault();
      if (app.playing) pause(); else play();
    } else if (key === "ArrowRight") { ev.preventDefault(); stepForward(); }
    else if (key === "ArrowLeft") { ev.preventDefault(); stepBack(); }
    else if (key === "n" || key === "N") { ev.preventDefault(); nextSolution(); }
    else if (key === "Home") { ev.preventDefault(); restart(); }
  }

  function onKeyUp(ev) {
    // A focused button would also be pressed by the space bar on key up.
    if ((ev.key === " " || ev.key === "Spacebar") && ev.target && ev.target.tagName &&
        ev.target.tagName.toLowerCase() === "button" && ev.target.getAttribute("role") !== "tab") {
      ev.preventDefault();
    }
  }

  function wire() {
    $("tab-queens").addEventListener("click", function () { setProblem("queens", false); });
    $("tab-knight").addEventListener("click", function () { setProblem("knight", false); });
    $("tab-compare").addEventListener("click", function () { setCompare(true); });
    $("tabs").addEventListener("keydown", function (ev) {
      if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
        ev.preventDefault();
        ev.stopPropagation();
        var order = ["queens", "knight", "compare"];
        var at = app.comparing ? 2 : order.indexOf(app.problem);
        var next = order[(at + (ev.key === "ArrowRight" ? 1 : 2)) % 3];
        if (next === "compare") setCompare(true); else setProblem(next, false);
        $("tab-" + next).focus();
      }
    });
    $("compare-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      runCompare();
    });
    $("compare-ff").addEventListener("click", function () {
      if (!app.compare.runners.length) runCompare();
      app.compare.fastForward();
    });
    $("queens-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      loadQueens();
    });
    $("knight-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      loadKnight();
    });
    $("knight-tour").addEventListener("click", showFinishedTour);
    $("knight-size").addEventListener("change", function () {
      if (readKnightSize()) {
        resetPlayer();
        app.timeline = null;
        app.view = "setup";
        $("now").textContent = "";
        render();
      }
    });
    $("knight-clear").addEventListener("click", function () {
      app.knight.blocked.clear();
      showKnightFacts();
      if (app.view !== "setup") {
        resetPlayer();
        app.timeline = null;
        app.view = "setup";
      }
      render();
    });
    $("board").addEventListener("click", boardClick);
    $("ask-edit").addEventListener("click", function () {
      var i = app.askedSquare;
      if (i >= 0) editSquare(i);
    });
    $("ask-keep").addEventListener("click", hideAsk);
    $("far-warnsdorff").addEventListener("click", function () {
      $("knight-order").value = "warnsdorff";
      loadKnight();
    });
    $("btn-play").addEventListener("click", function () { if (app.playing) pause(); else play(); });
    $("btn-forward").addEventListener("click", stepForward);
    $("btn-back").addEventListener("click", stepBack);
    $("btn-restart").addEventListener("click", restart);
    $("btn-next").addEventListener("click", nextSolution);
    $("speed").addEventListener("input", setSpeed);
    $("scrub").addEventListener("input", function () {
      app.scrubbing = true;
      goTo(Number($("scrub").value), 0);
    });
    $("scrub").addEventListener("change", function () { app.scrubbing = false; render(); });
    $("goto-form").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var text = $("goto").value.replace(/[\s,_]/g, "");
      var k = /^\d+$/.test(text) ? Number(text) : NaN;
      var solution = $("goto-what").value === "solution";
      if (!(k >= (solution ? 1 : 0)) || !Number.isSafeInteger(k)) {
        showError(say(solution ? "goto-bad-solution" : "goto-bad-step", { value: $("goto").value.trim() }));
        return;
      }
      goTo(solution ? 0 : k, solution ? k : 0);
    });
    Array.prototype.forEach.call(document.querySelectorAll("input[name=dialect]"), function (r) {
      r.addEventListener("change", function () {
        app.code.dialect = document.querySelector("input[name=dialect]:checked").value;
        render();
      });
    });
    $("tree-in").addEventListener("click", function () { zoomTree(2); });
    $("tree-out").addEventListener("click", function () { zoomTree(0.5); });
    $("tree-fit").addEventListener("click", function () { app.lesson.view.zoom = 0; render(); });
    $("tree-cuts").addEventListener("change", function () { app.lesson.view.cuts = $("tree-cuts").checked; render(); });
    $("solutions").addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-index]");
      if (b) showSolution(Number(b.getAttribute("data-index")));
    });
    $("solution-detail").addEventListener("click", function (ev) {
      if (ev.target.id === "back-to-search") {
        app.view = "trace";
        app.selected = -1;
        $("solution-detail").hidden = true;
        Array.prototype.forEach.call($("solutions").querySelectorAll("button"), function (b) {
          b.removeAttribute("aria-current");
        });
        render();
      }
    });
    $("dl-svg").addEventListener("click", downloads.svg);
    $("dl-png").addEventListener("click", downloads.png);
    $("dl-trace").addEventListener("click", downloads.trace);
    $("dl-page").addEventListener("click", downloads.page);
    $("dl-gif").addEventListener("click", downloads.gif);
    $("embed").addEventListener("click", address.embed);
    $("trace-file").addEventListener("change", function (ev) {
      var file = ev.target.files && ev.target.files[0];
      if (!file) return;
      file.text().then(function (text) {
        loadFromText(text, file.name.replace(/\.[^.]*$/, ""));
      }, function (err) { showError(say("err-read", { file: file.name, message: err.message })); });
    });
    document.addEventListener("keydown", onKey);
    document.addEventListener("keyup", onKeyUp);
  }

  function zoomTree(f) {
    var v = app.lesson.view;
    if (v.zoom <= 0) v.zoom = Math.max(0.05, ($("tree").clientWidth - 20) / ((v.shown ? v.shown.maxCol : 0) + 1));
    v.zoom = Math.max(0.05, Math.min(60, v.zoom * f));
    render();
  }

  // Everything the scripts wrote in words, again in the language chosen now.
  function relabel() {
    setSpeed();
    showKnightFacts();
    buildLegend();
    app.counterNames = null;
    app.listShown = 0;
    $("solutions").textContent = "";
    app.svg = null;
    if (app.predict) app.predict.relabel();
    if (app.boardKeys) app.boardKeys.el.setAttribute("aria-label", window.HetmanAccess.TEXT.grid);
    if (app.compare && app.compare.relabel) app.compare.relabel();
    if (app.lesson && app.lesson.relabel) app.lesson.relabel();
    if (app.code && app.code.relabel) app.code.relabel();
    render();
    if (app.view === "solution" && app.timeline && app.timeline.solutions[app.selected]) showSolution(app.selected);
  }

  function start() {
    app.lesson = new L.Lesson({
      stack: $("callstack"), arrays: $("arrays"), depth: $("depth"), tree: $("tree"),
      treeNote: $("tree-note"), treePath: $("tree-path")
    });
    app.compare = new window.HetmanCompare.View($("compare"));
    app.boardKeys = new window.HetmanAccess.BoardKeys($("board"), $("board-wrap"), app);
    app.announcer = new window.HetmanAccess.Announcer($("now"), $("announce"));
    app.predict = new window.HetmanPredict.Mode({ app: app, el: $("predict"), board: $("board"), render: render, pause: pause });
    var listings = $("code-listings");
    app.code = new Code.Panel($("code"), listings ? Code.fromPage(listings.textContent) : Code.fromServer());
    wire();
    // A switch of language draws every text again, at the same step of the same search.
    if (typeof I18N !== "undefined") I18N.onChange(relabel);
    setSpeed();
    showKnightFacts();
    var packed = $("trace-packed");
    var title = "hetman-" + document.title.replace(/^hetman:\s*/, "").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "");
    if (packed && packed.textContent.trim()) {
      document.body.setAttribute("data-mode", "export");
      mode = "export";
      loadPacked(packed.textContent, Number(packed.getAttribute("data-lines")) || 0, title);
      address.restore();
      return;
    }
    var embedded = $("trace") ? $("trace").textContent : "";
    if (embedded && embedded.trim()) {
      document.body.setAttribute("data-mode", "export");
      mode = "export";
      loadFromText(embedded.trim() + "\n",
        "hetman-" + document.title.replace(/^hetman:\s*/, "").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, ""));
      address.restore();
      return;
    }
    if (location.protocol === "file:") {
      buildLegend();
      buildCounters();
      showError(say("page-no-server"));
      render();
      return;
    }
    buildLegend();
    buildCounters();
    if (!address.restore()) loadQueens();
  }

  // For tests and the console.
  window.hetmanPage = {
    app: app,
    classParts: function (sizes) { return classParts(sizes).map(function (p) { return p.text; }); },
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

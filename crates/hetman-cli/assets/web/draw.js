/* hetman: the page's drawing: the board at the cursor (or the setup, a tour, a
 * solution), the status line, the stack, the counters, the lesson's panels, the
 * scrubber and the legend.
 */
(function (root, factory) {
  "use strict";
  root.HetmanDraw = factory(root.HetmanTrace, root.HetmanBoard);
})(typeof self !== "undefined" ? self : this, function (T, B) {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, fmt = ctx.fmt, say = ctx.say;

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
      var clickable = app.problem === "knight" && ctx.mode !== "export";
      $("board").classList.toggle("clickable", clickable);
      renderStatus();
      renderLesson();
      ctx.address.note();
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

    function renderStatus() {
      var t = app.timeline;
      var hasTrace = t && t.header;
      ["btn-restart", "btn-back", "btn-play", "btn-forward", "btn-next"].forEach(function (id) {
        $(id).disabled = !hasTrace;
      });
      $("dl-trace").disabled = !hasTrace;
      $("dl-page").disabled = !hasTrace || !app.urlFor;
      $("dl-gif").disabled = !hasTrace || !app.urlFor;
      $("dl-gif").textContent = ctx.downloads.gifLabel();
      if (!hasTrace) {
        $("step").textContent = "";
        $("total").textContent = "";
        $("stack").textContent = "";
        $("history-note").hidden = true;
        if (app.view === "setup") {
          $("now").textContent = $("now").textContent || say("now-setup");
        }
        renderCounters(null);
        ctx.renderSolutions();
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
      ctx.renderSolutions();
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

    /* ---- legend ---- */

    function buildLegend() {
      var t = app.timeline;
      $("legend").innerHTML = window.HetmanLegend.html(app.problem, t && t.header ? t.header.algorithm : null, B.COLOURS);
    }

    return { queueRender: queueRender, render: render, held: held, lowerFirst: lowerFirst, endWords: endWords,
      searchOver: searchOver, buildCounters: buildCounters, buildLegend: buildLegend };
  }

  return { create: create };
});

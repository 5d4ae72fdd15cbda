/* hetman: the page's loading of a trace: from the API in chunks, from a file or the
 * text inside the page, or packed inside a one-file player (pack.js); more events
 * fetched as the cursor nears the end of those loaded; the header once it comes; and
 * the look ahead on the server (the length of the search, whether a tour comes soon).
 */
(function (root, factory) {
  "use strict";
  root.HetmanLoad = factory(root.HetmanTrace);
})(typeof self !== "undefined" ? self : this, function (T) {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, fmt = ctx.fmt, say = ctx.say, showError = ctx.showError;
    var CAP = ctx.CAP, CHUNK = ctx.CHUNK, PREFETCH = ctx.PREFETCH, TEXT_BATCH = ctx.TEXT_BATCH;
    var LOOK_AHEAD = ctx.LOOK_AHEAD, LOOK_AHEAD_QUEENS = ctx.LOOK_AHEAD_QUEENS;

    /* ---- loading ---- */

    function stopSource() {
      if (app.source) app.source.stop();
      app.source = null;
    }

    function resetPlayer() {
      ctx.pause();
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
      ctx.hideAsk();
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
      app.source = new T.NetSource(app.urlFor, app.timeline, { chunk: CHUNK, onProgress: ctx.queueRender });
      app.probe = { base: base, length: 0 };
      fetchMore(true);
      var knight = path.indexOf("knight") >= 0;
      lookAhead(app.probe, knight ? LOOK_AHEAD : LOOK_AHEAD_QUEENS, knight && /order=plain/.test(params));
      ctx.render();
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
      ctx.render();
    }

    function loadFromText(text, name) {
      resetPlayer();
      app.traceText = text;
      app.traceName = name;
      app.probe = null;
      app.source = new T.TextSource(text, app.timeline);
      fetchMore(true);
      ctx.render();
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
        ctx.checkJump(app.timeline);
        ctx.reachJump(app.timeline);
        ctx.queueRender();
        if (!s.done && app.timeline.count - app.timeline.cursor < PREFETCH) fetchMore(false);
      }, function (err) {
        if (s === app.source) failed(err);
      });
    }

    function failed(err) {
      ctx.pause();
      showError(err && err.message ? err.message : String(err));
      if (app.timeline && !app.timeline.header) {
        app.timeline = null;
        if (app.problem === "knight") app.view = "setup";
      }
      ctx.render();
    }

    // Once the header is known: the problem it is about.
    function afterHeader() {
      var t = app.timeline;
      if (!t || !t.header || app.headerSeen === t) return;
      app.headerSeen = t;
      ctx.setProblem(t.problem, true);
      ctx.buildLegend();
      ctx.buildCounters();
      if (ctx.mode === "export") {
        var h = t.header;
        $("export-note").hidden = false;
        $("export-note").textContent = say("export-note", { what: describeHeader(h), command: ctx.downloads.commandFor(h) });
      }
    }

    function describeHeader(h) {
      if (h.problem === "queens") return say("export-queens", { n: h.n, algorithm: h.algorithm });
      return say("export-knight", { width: h.width, height: h.height, start: h.start, order: h.order }) +
        (h.closed ? ", " + say("export-closed") : "") +
        (h.blocked && h.blocked.length ? ", " + say("export-blocked", { squares: h.blocked.join(" ") }) : "");
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
          ctx.queueRender();
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

    return { resetPlayer: resetPlayer, loadFromApi: loadFromApi, loadPacked: loadPacked,
      loadFromText: loadFromText, fetchMore: fetchMore };
  }

  return { create: create };
});

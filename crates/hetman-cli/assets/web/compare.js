/* hetman: the seeds' methods raced on the same N (issue 42): brute force (every
 * placement with one queen per file, scored by its non-attacking pairs),
 * the permutations (one queen per rank and file) and the backtracking of
 * test(c), each a trace from the server played side by side with live
 * counters, beside the work each needs to finish and the unrestricted
 * placements C(N², N) that no method here walks. Fast-forward asks the
 * server for the counters further on (skip, doubling), so brute force
 * finishes in seconds.
 */
(function (root, factory) {
  root.HetmanCompare = factory(root.HetmanTrace);
})(typeof self !== "undefined" ? self : this, function (T) {
  "use strict";

  var MAX_N = 8; // brute force: 8^8 placements
  var MAX_SKIP = 100000000; // the API's limit on skip
  var CHUNK = 50000;
  var PER_FRAME = 20000;

  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  // Each method's title, note and counter name are message ids (compare-*, counter-*).
  function method(id, main, ids) {
    return {
      id: id, main: main,
      get title() { return say(ids[0]); },
      get note() { return say(ids[1]); },
      get what() { return say(ids[2]); }
    };
  }

  var METHODS = [
    method("brute", "placements_scored",
      ["compare-brute-title", "compare-brute-note", "counter-placements-scored"]),
    method("permutations", "permutations_tried",
      ["compare-permutations-title", "compare-permutations-note", "counter-permutations-tried"]),
    method("backtracking", "calls",
      ["compare-backtracking-title", "compare-backtracking-note", "counter-calls-test"])
  ];

  function fmt(n) {
    return typeof I18N !== "undefined" ? I18N.num(n) : Number(n).toLocaleString("en-US");
  }

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function power(n, k) {
    var x = 1;
    for (var i = 0; i < k; i++) x *= n;
    return x;
  }

  function factorial(n) {
    var x = 1;
    for (var i = 2; i <= n; i++) x *= i;
    return x;
  }

  // C(m, k), exact while it stays below 2^53 (C(64, 8) = 4,426,165,368).
  function binomial(m, k) {
    var x = 1;
    for (var i = 1; i <= k; i++) x = x * (m - k + i) / i;
    return Math.round(x);
  }

  // The last line of a JSON Lines answer, or the API's error.
  function endLine(res) {
    return res.text().then(function (text) {
      if (!res.ok) {
        var msg = text;
        try { msg = JSON.parse(text).error || text; } catch (e) { /* plain text */ }
        throw new Error(msg);
      }
      var lines = text.trim().split("\n");
      return JSON.parse(lines[lines.length - 1]);
    });
  }

  function Runner(method, n) {
    var base = "/api/queens/trace?n=" + n + "&algorithm=" + method.id;
    this.method = method;
    this.urlFor = function (skip, limit) { return base + "&skip=" + skip + "&limit=" + limit; };
    this.t = new T.Timeline({ cap: 400000 });
    this.source = new T.NetSource(this.urlFor, this.t, { chunk: CHUNK });
    this.ff = null; // the server's end line, once fast-forwarded
    this.total = null;
    this.error = null;
    this.busy = false;
  }

  Runner.prototype.counters = function () {
    if (this.ff) return this.ff.counters;
    return this.t.header ? this.t.counters() : {};
  };

  Runner.prototype.done = function () {
    if (this.ff) return !!this.ff.complete;
    return !!(this.t.end && this.t.cursor === this.t.count);
  };

  Runner.prototype.step = function () {
    return this.ff ? this.ff.step - 1 : this.t.cursor;
  };

  Runner.prototype.load = function () {
    var self = this;
    if (this.busy || this.source.done || this.ff) return;
    if (this.t.count - this.t.cursor > CHUNK * 2) return;
    this.busy = true;
    this.source.want().then(function () { self.busy = false; }, function (err) {
      self.busy = false;
      self.error = err.message;
    });
  };

  // Plays `k` more events (as many as are loaded).
  Runner.prototype.play = function (k) {
    if (this.ff || !this.t.header) return;
    this.t.seek(Math.min(this.t.count, this.t.cursor + k));
    this.load();
  };

  // Asks the server for the counters further on, to the end: at a quarter and a half of
  // the events the search is expected to give (`events`), then past its end; each request
  // runs the search from its start, so that is under two runs of it in all.
  Runner.prototype.fastForward = function (onStep, events) {
    var self = this;
    if (this.done()) return Promise.resolve();
    this.source.stop();
    var stops = [Math.floor(events / 4), Math.floor(events / 2), MAX_SKIP].filter(function (k) {
      return k > self.step();
    });
    var next = function () {
      var skip = stops.shift();
      return fetch(self.urlFor(skip, 1)).then(endLine).then(function (end) {
        self.ff = end;
        onStep();
        if (end.complete) return null;
        if (!stops.length) {
          self.error = say("compare-too-long", { max: fmt(MAX_SKIP) });
          return null;
        }
        return next();
      });
    };
    return next().catch(function (err) { self.error = err.message; onStep(); });
  };

  // The compare view in `el`, for N queens.
  function View(el) {
    this.el = el;
    this.runners = [];
    this.playing = false;
    this.n = 0;
  }

  View.prototype.start = function (n) {
    this.stop();
    if (!(n >= 1 && n <= MAX_N)) throw new Error(say("err-compare-n", { max: MAX_N }));
    this.n = n;
    var self = this;
    this.runners = METHODS.map(function (m) { return new Runner(m, n); });
    this.totals = {
      brute: power(n, n), permutations: factorial(n), backtracking: null, unrestricted: binomial(n * n, n)
    };
    // The calls backtracking needs: the server runs the whole search and says.
    var bt = this.runners[2];
    fetch(bt.urlFor(MAX_SKIP, 1)).then(endLine).then(function (end) {
      if (end.complete) self.totals.backtracking = end.counters.calls;
      self.render();
    }, function () { /* shown when the race reaches the end */ });
    this.runners.forEach(function (r) { r.load(); });
    this.playing = true;
    this.last = performance.now();
    this.build();
    requestAnimationFrame(function tick(now) {
      if (!self.playing) return;
      var dt = Math.min(0.25, (now - self.last) / 1000);
      self.last = now;
      var k = self.speed === Infinity ? PER_FRAME : Math.max(1, Math.round(self.speed * dt));
      self.runners.forEach(function (r) { r.play(k); });
      self.render();
      if (self.runners.every(function (r) { return r.done() || r.error; })) self.playing = false;
      if (self.playing) requestAnimationFrame(tick);
    });
  };

  View.prototype.stop = function () {
    this.playing = false;
    this.runners.forEach(function (r) { r.source.stop(); });
  };

  View.prototype.fastForward = function () {
    var self = this;
    var t0 = performance.now();
    var n = this.n;
    // The events each search gives, about: brute force a placement and a score for each of
    // N^N placements; permutations one event for each of N! orders; backtracking (small) any.
    var events = { brute: 2 * power(n, n), permutations: factorial(n), backtracking: 1 << 20 };
    return Promise.all(this.runners.map(function (r) {
      return r.fastForward(function () { self.render(); }, events[r.method.id]);
    })).then(function () {
      self.ffMs = performance.now() - t0;
      self.playing = false;
      self.render();
    });
  };

  View.prototype.build = function () {
    var n = this.n;
    var cards = this.runners.map(function (r, i) {
      return '<div class="race" id="race-' + r.method.id + '" data-method="' + r.method.id + '">' +
        "<h3>" + esc(r.method.title) + "</h3><p class=\"hint\">" + esc(r.method.note) + "</p>" +
        '<p class="big"><span class="main" data-value="0">0</span> <span class="what">' + esc(r.method.what) + "</span></p>" +
        '<div class="bar"><div style="width:0%"></div></div>' +
        '<p class="of"></p><p class="sol"></p><p class="state"></p></div>' + (i < 2 ? "" : "");
    }).join("");
    this.el.querySelector("#race").innerHTML = cards +
      '<div class="race unrestricted"><h3>' + esc(say("compare-any-title", { n: n })) + "</h3><p class=\"hint\">" +
      esc(say("compare-any-note", { n: n, squares: n * n })) + "</p>" +
      '<p class="big"><span id="race-unrestricted" data-value="' + this.totals.unrestricted + '">' +
      fmt(this.totals.unrestricted) + "</span> " + esc(say("compare-placements")) + "</p><p class=\"of\">C(" + (n * n) + ", " + n + ")</p></div>";
    this.render();
  };

  // After a switch of language: the cards again, with their words.
  View.prototype.relabel = function () {
    if (this.runners.length && this.totals) this.build();
  };

  View.prototype.render = function () {
    var totals = this.totals;
    var allDone = this.runners.length && this.runners.every(function (r) { return r.done(); });
    this.runners.forEach(function (r) {
      var card = document.getElementById("race-" + r.method.id);
      if (!card) return;
      var c = r.counters();
      var main = c[r.method.main] || 0;
      var total = totals[r.method.id];
      var span = card.querySelector(".main");
      if (span.getAttribute("data-value") !== String(main)) {
        span.textContent = fmt(main);
        span.setAttribute("data-value", String(main));
      }
      card.querySelector(".bar div").style.width = total ? Math.min(100, main / total * 100).toFixed(2) + "%" : "0%";
      card.querySelector(".of").textContent = total ? say("compare-of", { total: fmt(total) }) : say("compare-counting");
      card.querySelector(".of").setAttribute("data-total", total === null ? "" : String(total));
      card.querySelector(".sol").textContent = say("compare-solutions", { count: c.solutions || 0, shown: fmt(c.solutions || 0) });
      card.querySelector(".sol").setAttribute("data-value", String(c.solutions || 0));
      var st = r.error ? "✗ " + r.error : r.done() ? say("compare-finished", { steps: fmt(r.step()) }) +
        (r.ff ? " " + say("compare-ff-note") : "") : r.ff ? say("compare-ff", { step: fmt(r.step()) }) :
        say("status-step", { step: fmt(r.step()) });
      card.querySelector(".state").textContent = st;
      card.classList.toggle("finished", r.done());
      card.setAttribute("data-done", String(r.done()));
    });
    var verdict = this.el.querySelector("#race-verdict");
    if (allDone && totals.backtracking) {
      var c0 = this.runners[0].counters(), c1 = this.runners[1].counters(), c2 = this.runners[2].counters();
      var calls = c2.calls;
      verdict.textContent = say("compare-verdict", {
        calls: fmt(calls), perms: fmt(c1.permutations_tried), pr: fmt(Math.round(c1.permutations_tried / calls)),
        brute: fmt(c0.placements_scored), br: fmt(Math.round(c0.placements_scored / calls)), n: this.n,
        any: fmt(totals.unrestricted)
      }) + " " +
        (c0.solutions === c2.solutions && c1.solutions === c2.solutions
          ? say("compare-same", { count: c2.solutions, shown: fmt(c2.solutions) })
          : say("compare-differ", { list: [c0, c1, c2].map(function (c) { return fmt(c.solutions); }).join(", ") }));
    } else {
      verdict.textContent = "";
    }
  };

  return { View: View, MAX_N: MAX_N, binomial: binomial, METHODS: METHODS };
});

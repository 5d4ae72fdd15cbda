/* hetman: the code panel. The procedure that is running, as the library
 * lists it (hetman::trace::code; /api/code from the server, or the listings
 * inside a one-file player), with the line of the current event lit (schema 2:
 * each event names its line) and the values that matter beside it: c and r,
 * the entries of row, up and down that refuse a square, the knight's square
 * and move number.
 */
(function (root, factory) {
  root.HetmanCode = factory(root.HetmanTrace);
})(typeof self !== "undefined" ? self : this, function (T) {
  "use strict";
  var K = T.K;

  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  var TEXT = {
    get v1() { return say("code-v1"); },
    get loading() { return say("code-loading"); },
    failed: function (msg) { return say("code-failed", { message: msg }); }
  };

  // The listing's name of a trace's algorithm.
  function algorithmOf(h) {
    return h.problem === "queens" ? h.algorithm : h.order;
  }

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  // The values that matter at the event `e` (a Timeline event), as the listings
  // count (files and ranks from 1).
  function values(t, e) {
    if (!e) return "";
    switch (e.kind) {
      case K.CALL: return "c = " + (e.a + 1);
      case K.TRY: return "c = " + (e.a + 1) + ", r = " + (e.b + 1);
      case K.REFUSE: {
        var c = e.a + 1, r = e.b + 1, n = t.n;
        var parts = [];
        if (e.c & T.LINE.row) parts.push("row[" + r + "] = 0");
        if (e.c & T.LINE.up) parts.push("up[" + (r + c) + "] = 0");
        if (e.c & T.LINE.down) parts.push("down[" + (r - c + n) + "] = 0");
        return "c = " + c + ", r = " + r + ": " + parts.join(", ");
      }
      case K.PUT:
      case K.REMOVE: {
        var c2 = e.a + 1, r2 = e.b + 1;
        var v = e.kind === K.PUT ? 0 : 1;
        return "c = " + c2 + ", r = " + r2 + ": row[" + r2 + "], up[" + (r2 + c2) + "], down[" + (r2 - c2 + t.n) + "] := " + v;
      }
      case K.SOLUTION: return "solution " + e.b;
      case K.MOVE: return "i = " + e.b + ", square " + t.squareName(e.a);
      case K.DEAD_END:
      case K.BACK: return "i = " + e.b + ", square " + t.squareName(e.a);
      case K.PRUNE: return "square " + t.squareName(e.a) + ": " + (e.extra || "");
      case K.CANDIDATES: return "from " + t.squareName(e.a);
      case K.TOUR: return "tour " + e.b;
      case K.PLACEMENT: return "ranks " + t.codeOf(e);
      case K.SCORE: return "pairs = " + e.a + " of " + e.b;
      case K.PERMUTATION:
        return "ranks " + t.codeOf(e) + (e.c < 0 ? "" : ": files " + ((e.c >> 4) + 1) + " and " + ((e.c & 15) + 1) + " clash");
    }
    return "";
  }

  // The panel: `el` holds the listing; `listings(algorithm, dialect)` resolves with its lines.
  function Panel(el, listings) {
    this.el = el;
    this.listings = listings;
    this.key = null;
    this.lines = null;
    this.dialect = "pseudo";
    this.lit = -1;
  }

  Panel.prototype.render = function (t) {
    var el = this.el;
    if (!t || !t.header) {
      el.innerHTML = "";
      this.key = null;
      return;
    }
    if (!(t.header.hetman_trace >= 2)) {
      if (this.key !== "v1") el.innerHTML = '<p class="hint">' + esc(TEXT.v1) + "</p>";
      this.key = "v1";
      return;
    }
    var alg = algorithmOf(t.header);
    var key = alg + "/" + this.dialect;
    if (key !== this.key) {
      this.key = key;
      this.lines = null;
      this.lit = -1;
      el.innerHTML = '<p class="hint">' + esc(TEXT.loading) + "</p>";
      var self = this;
      this.listings(alg, this.dialect).then(function (lines) {
        if (self.key !== key) return;
        self.lines = lines;
        el.innerHTML = '<ol class="code" data-algorithm="' + esc(alg) + '" data-dialect="' + esc(self.dialect) + '">' +
          lines.map(function (l, i) {
            return '<li data-n="' + i + '"' + (l.id ? ' data-id="' + esc(l.id) + '"' : "") + "><code>" +
              esc(l.text) + '</code><span class="vals"></span></li>';
          }).join("") + "</ol>";
        self.lit = -1;
        self.highlight(t);
      }, function (err) {
        if (self.key === key) el.innerHTML = '<p class="hint">' + esc(TEXT.failed(err.message)) + "</p>";
      });
      return;
    }
    if (this.lines) this.highlight(t);
  };

  Panel.prototype.highlight = function (t) {
    var id = t.line(t.cursor - 1);
    var n = -1;
    if (id) {
      for (var i = 0; i < this.lines.length; i++) if (this.lines[i].id === id) { n = i; break; }
    }
    var items = this.el.querySelectorAll("li");
    if (this.lit >= 0 && items[this.lit]) {
      items[this.lit].classList.remove("now");
      items[this.lit].querySelector(".vals").textContent = "";
      items[this.lit].removeAttribute("aria-current");
    }
    this.lit = n;
    this.el.setAttribute("data-line", id || "");
    if (n < 0 || !items[n]) return;
    items[n].classList.add("now");
    items[n].setAttribute("aria-current", "step");
    items[n].querySelector(".vals").textContent = values(t, t.event(t.cursor - 1));
    // Keep the line in view inside the panel (not the page).
    var box = this.el;
    var top = items[n].offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 24) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  };

  // Listings from the server, each asked for once.
  function fromServer() {
    var cache = {};
    return function (alg, dialect) {
      var key = alg + "/" + dialect;
      if (!cache[key]) {
        cache[key] = fetch("/api/code?algorithm=" + encodeURIComponent(alg) + "&dialect=" + encodeURIComponent(dialect))
          .then(function (res) {
            return res.json().then(function (body) {
              if (!res.ok) throw new Error(body.error || ("HTTP " + res.status));
              return body.lines;
            });
          });
        cache[key].catch(function () { delete cache[key]; });
      }
      return cache[key];
    };
  }

  // Listings inside a one-file player: {"pseudo": [...], "c": [...]} of its algorithm.
  function fromPage(json) {
    var all = json ? JSON.parse(json) : {};
    return function (alg, dialect) {
      var lines = all[dialect];
      return lines ? Promise.resolve(lines) : Promise.reject(new Error(say("err-code-none", { dialect: dialect })));
    };
  }

  return { Panel: Panel, fromServer: fromServer, fromPage: fromPage, values: values, TEXT: TEXT };
});

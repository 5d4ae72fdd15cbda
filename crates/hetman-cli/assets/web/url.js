/* hetman: the page's state in its address, so that a link shows what the
 * teacher sees: the problem, N or the board, the start, the blocked squares,
 * the algorithm, the step, the speed and the language, in the fragment
 * (#problem=queens&n=8&algorithm=backtracking&step=120&speed=45&lang=pl).
 * The one-file player (trace --html) reads the same fragment: its trace is
 * inside, so only step, speed and lang matter there. Also the "Embed"
 * control: an <iframe> snippet of the page at its state.
 */
(function (root, factory) {
  "use strict";
  root.HetmanUrl = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // The words this module shows (for the languages to translate).
  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  var TEXT = {
    get embedCopied() { return say("url-embed-copied"); },
    get embedShown() { return say("url-embed-shown"); },
    get embedTitle() { return say("url-embed-title"); },
    stepLost: function (step) { return say("url-step-lost", { step: step }); }
  };

  var NAMES = ["problem", "n", "algorithm", "size", "start", "blocked", "order", "closed", "step", "speed", "lang"];

  // The fragment (with or without '#') as an object of the names above.
  function decode(fragment) {
    var out = {};
    var text = String(fragment || "").replace(/^#/, "");
    new URLSearchParams(text).forEach(function (v, k) {
      if (NAMES.indexOf(k) >= 0) out[k] = v;
    });
    return out;
  }

  // An object of those names as a fragment, without '#', in a fixed order.
  function encode(state) {
    var parts = [];
    NAMES.forEach(function (k) {
      var v = state[k];
      if (v === undefined || v === null || v === "") return;
      parts.push(k + "=" + encodeURIComponent(String(v)).replace(/%2C/g, ","));
    });
    return parts.join("&");
  }

  // The state a trace's header, its cursor and the controls describe.
  function stateOf(header, cursor, speed, lang) {
    var s = {};
    if (header && header.problem === "queens") {
      s.problem = "queens";
      s.n = header.n;
      s.algorithm = header.algorithm;
    } else if (header && header.problem === "knight") {
      s.problem = "knight";
      s.size = header.width + "x" + header.height;
      s.start = header.start;
      s.blocked = (header.blocked || []).join(",");
      s.order = header.order;
      s.closed = header.closed ? "true" : "";
    }
    if (cursor > 0) s.step = cursor;
    s.speed = speed;
    s.lang = lang;
    return s;
  }

  // ctx: {app, $, T (trace.js), setProblem, loadQueens, loadKnight, goTo,
  //       setSpeed, showKnightFacts, showError, exported () -> a one-file player?}
  function create(ctx) {
    var app = ctx.app, $ = ctx.$;
    var lastWritten = "", timer = 0, lastTime = 0;
    var pendingStep = -1;
    var restoring = false;
    var started = false; // the address is read first, then written

    // The language select another part of the page adds (or none yet).
    function langNow() {
      var sel = $("lang");
      return sel ? sel.value : (app.lang || "");
    }

    function setLang(v) {
      app.lang = v;
      var sel = $("lang");
      if (sel && sel.value !== v && Array.prototype.some.call(sel.options, function (o) { return o.value === v; })) {
        sel.value = v;
        sel.dispatchEvent(new Event("change"));
      }
    }

    function current() {
      var t = app.timeline;
      var header = t && t.header;
      return stateOf(header, t && header ? t.cursor : 0, $("speed").value, langNow());
    }

    // The address of the page at its state now.
    function link() {
      var base = location.href.replace(/#.*$/, "");
      return base + "#" + encode(current());
    }

    // Writes the state into the address: at most every 400 ms while it
    // changes, with replaceState (no history entry per step).
    function note() {
      if (!started || restoring || pendingStep >= 0) return;
      var now = Date.now();
      if (now - lastTime < 400) {
        if (!timer) timer = setTimeout(function () { timer = 0; note(); }, 400 - (now - lastTime));
        return;
      }
      lastTime = now;
      var text = encode(current());
      if (text === lastWritten) return;
      lastWritten = text;
      try {
        history.replaceState(history.state, "", "#" + text);
      } catch (e) {
        // A page opened from a file in some browsers: the address stays as it is.
      }
    }

    // Runs to the step of the link once the trace's first events are in.
    function seekWhenLoaded(step, tries) {
      var t = app.timeline;
      var ready = t && t.header && (ctx.exported() ? t.count >= step || (app.source && app.source.done) : true);
      if (ready) {
        pendingStep = -1;
        if (step > 0) ctx.goTo(step, 0);
        note();
        return;
      }
      if (tries > 600) {
        pendingStep = -1;
        ctx.showError(TEXT.stepLost(String(step)));
        return;
      }
      setTimeout(function () { seekWhenLoaded(step, tries + 1); }, 50);
    }

    // Sets the page up as the address says; false when it says nothing.
    function restore() {
      var s = decode(location.hash);
      started = true;
      if (!Object.keys(s).length) return false;
      restoring = true;
      if (s.lang) setLang(s.lang);
      if (s.speed !== undefined && /^\d+$/.test(s.speed)) {
        $("speed").value = s.speed;
        ctx.setSpeed();
      }
      var exported = ctx.exported();
      var loaded = exported;
      if (!exported && s.problem === "knight") {
        if (s.size) $("knight-size").value = s.size;
        var size = /^(\d+)(?:x(\d+))?$/.exec(s.size || "5x5");
        if (size) {
          var w = Number(size[1]), h = Number(size[2] || size[1]);
          var index = function (name) {
            var m = /^([a-z])(\d+)$/.exec(name || "");
            if (!m) return -1;
            var f = m[1].charCodeAt(0) - 97, r = Number(m[2]) - 1;
            return f < w && r >= 0 && r < h ? r * w + f : -1;
          };
          var blocked = new Set();
          (s.blocked || "").split(",").forEach(function (b) {
            var i = index(b.trim());
            if (i >= 0) blocked.add(i);
          });
          var start = Math.max(0, index(s.start || "a1"));
          blocked.delete(start);
          app.knight = { width: w, height: h, start: start, blocked: blocked };
          ctx.showKnightFacts();
        }
        if (s.order) $("knight-order").value = s.order;
        $("knight-closed").checked = s.closed === "true";
        ctx.setProblem("knight", true);
        ctx.loadKnight();
        loaded = true;
      } else if (!exported && (s.problem === "queens" || s.n || s.algorithm)) {
        if (s.n) $("queens-n").value = s.n;
        if (s.algorithm) $("queens-algorithm").value = s.algorithm;
        ctx.setProblem("queens", true);
        ctx.loadQueens();
        loaded = true;
      }
      restoring = false;
      var step = /^\d+$/.test(s.step || "") ? Number(s.step) : 0;
      if (step > 0) {
        pendingStep = step;
        seekWhenLoaded(step, 0);
      }
      return loaded;
    }

    // The <iframe> snippet of the page at its state.
    function snippet() {
      var title = TEXT.embedTitle.replace(/"/g, "&quot;");
      var src = link().replace(/&/g, "&amp;").replace(/"/g, "&quot;");
      return '<iframe src="' + src + '" width="1100" height="820" title="' + title +
        '" loading="lazy" style="border:1px solid #ccc"></iframe>';
    }

    function embed() {
      var field = $("embed-code");
      field.value = snippet();
      field.hidden = false;
      field.focus();
      field.select();
      var note = $("dl-note");
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(field.value).then(function () {
          note.textContent = TEXT.embedCopied;
        }, function () {
          note.textContent = TEXT.embedShown;
        });
      } else {
        note.textContent = TEXT.embedShown;
      }
    }

    $("speed").addEventListener("input", note);
    var langSelect = $("lang");
    if (langSelect) langSelect.addEventListener("change", note);

    return { restore: restore, note: note, link: link, snippet: snippet, embed: embed, langNow: langNow };
  }

  return { create: create, encode: encode, decode: decode, stateOf: stateOf, TEXT: TEXT };
});

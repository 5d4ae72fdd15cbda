/* hetman: the page's problem tabs and forms: queens, knight, compare; the knight's
 * setup (size, start, blocked squares, a click on the board) and its finished tour.
 */
(function (root, factory) {
  "use strict";
  root.HetmanForms = factory(root.HetmanTrace, root.HetmanBoard);
})(typeof self !== "undefined" ? self : this, function (T, B) {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, fmt = ctx.fmt, say = ctx.say, showError = ctx.showError, parseSize = ctx.parseSize;

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
        ctx.pause();
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
          ctx.resetPlayer();
          app.timeline = null;
          app.view = "setup";
        } else if (q && (!app.timeline || app.timeline.problem !== "queens")) {
          loadQueens();
          return;
        }
        ctx.buildLegend();
        ctx.buildCounters();
        ctx.render();
      }
    }

    function loadQueens() {
      var n = $("queens-n").value.trim();
      var algorithm = $("queens-algorithm").value;
      ctx.loadFromApi("/api/queens/trace", "n=" + encodeURIComponent(n) + "&algorithm=" + encodeURIComponent(algorithm),
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
      ctx.loadFromApi("/api/knight/trace", knightParams() + "&order=" + $("knight-order").value,
        "hetman-knight-" + k.width + "x" + k.height);
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
      ctx.resetPlayer();
      app.timeline = null;
      app.view = "setup";
      $("now").textContent = say("tour-looking");
      ctx.render();
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
        ctx.render();
      }).catch(function (err) {
        $("now").textContent = "";
        showError(err.message);
      });
    }

    // A click on the knight board: set the start or block a square.
    function boardClick(ev) {
      if (app.problem !== "knight" || ctx.mode === "export") return;
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
        ctx.resetPlayer();
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
      ctx.render();
    }

    return { setCompare: setCompare, runCompare: runCompare, setProblem: setProblem, loadQueens: loadQueens,
      loadKnight: loadKnight, readKnightSize: readKnightSize, showKnightFacts: showKnightFacts,
      showFinishedTour: showFinishedTour, boardClick: boardClick, hideAsk: hideAsk, editSquare: editSquare };
  }

  return { create: create };
});

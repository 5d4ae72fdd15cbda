/* hetman: the page's controls wired to the player: the tabs, the forms, the buttons,
 * the scrubber, the go-to box, the panels' switches, and the keyboard.
 */
(function (root, factory) {
  "use strict";
  root.HetmanControls = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, say = ctx.say, showError = ctx.showError;

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
        if (app.playing) ctx.pause(); else ctx.play();
      } else if (key === "ArrowRight") { ev.preventDefault(); ctx.stepForward(); }
      else if (key === "ArrowLeft") { ev.preventDefault(); ctx.stepBack(); }
      else if (key === "n" || key === "N") { ev.preventDefault(); ctx.nextSolution(); }
      else if (key === "Home") { ev.preventDefault(); ctx.restart(); }
    }

    function onKeyUp(ev) {
      // A focused button would also be pressed by the space bar on key up.
      if ((ev.key === " " || ev.key === "Spacebar") && ev.target && ev.target.tagName &&
          ev.target.tagName.toLowerCase() === "button" && ev.target.getAttribute("role") !== "tab") {
        ev.preventDefault();
      }
    }

    function wire() {
      $("tab-queens").addEventListener("click", function () { ctx.setProblem("queens", false); });
      $("tab-knight").addEventListener("click", function () { ctx.setProblem("knight", false); });
      $("tab-compare").addEventListener("click", function () { ctx.setCompare(true); });
      $("tabs").addEventListener("keydown", function (ev) {
        if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
          ev.preventDefault();
          ev.stopPropagation();
          var order = ["queens", "knight", "compare"];
          var at = app.comparing ? 2 : order.indexOf(app.problem);
          var next = order[(at + (ev.key === "ArrowRight" ? 1 : 2)) % 3];
          if (next === "compare") ctx.setCompare(true); else ctx.setProblem(next, false);
          $("tab-" + next).focus();
        }
      });
      $("compare-form").addEventListener("submit", function (ev) {
        ev.preventDefault();
        ctx.runCompare();
      });
      $("compare-ff").addEventListener("click", function () {
        if (!app.compare.runners.length) ctx.runCompare();
        app.compare.fastForward();
      });
      $("queens-form").addEventListener("submit", function (ev) {
        ev.preventDefault();
        ctx.loadQueens();
      });
      $("knight-form").addEventListener("submit", function (ev) {
        ev.preventDefault();
        ctx.loadKnight();
      });
      $("knight-tour").addEventListener("click", ctx.showFinishedTour);
      $("knight-size").addEventListener("change", function () {
        if (ctx.readKnightSize()) {
          ctx.resetPlayer();
          app.timeline = null;
          app.view = "setup";
          $("now").textContent = "";
          ctx.render();
        }
      });
      $("knight-clear").addEventListener("click", function () {
        app.knight.blocked.clear();
        ctx.showKnightFacts();
        if (app.view !== "setup") {
          ctx.resetPlayer();
          app.timeline = null;
          app.view = "setup";
        }
        ctx.render();
      });
      $("board").addEventListener("click", ctx.boardClick);
      $("ask-edit").addEventListener("click", function () {
        var i = app.askedSquare;
        if (i >= 0) ctx.editSquare(i);
      });
      $("ask-keep").addEventListener("click", ctx.hideAsk);
      $("far-warnsdorff").addEventListener("click", function () {
        $("knight-order").value = "warnsdorff";
        ctx.loadKnight();
      });
      $("btn-play").addEventListener("click", function () { if (app.playing) ctx.pause(); else ctx.play(); });
      $("btn-forward").addEventListener("click", ctx.stepForward);
      $("btn-back").addEventListener("click", ctx.stepBack);
      $("btn-restart").addEventListener("click", ctx.restart);
      $("btn-next").addEventListener("click", ctx.nextSolution);
      $("speed").addEventListener("input", ctx.setSpeed);
      $("scrub").addEventListener("input", function () {
        app.scrubbing = true;
        ctx.goTo(Number($("scrub").value), 0);
      });
      $("scrub").addEventListener("change", function () { app.scrubbing = false; ctx.render(); });
      $("goto-form").addEventListener("submit", function (ev) {
        ev.preventDefault();
        var text = $("goto").value.replace(/[\s,_]/g, "");
        var k = /^\d+$/.test(text) ? Number(text) : NaN;
        var solution = $("goto-what").value === "solution";
        if (!(k >= (solution ? 1 : 0)) || !Number.isSafeInteger(k)) {
          showError(say(solution ? "goto-bad-solution" : "goto-bad-step", { value: $("goto").value.trim() }));
          return;
        }
        ctx.goTo(solution ? 0 : k, solution ? k : 0);
      });
      Array.prototype.forEach.call(document.querySelectorAll("input[name=dialect]"), function (r) {
        r.addEventListener("change", function () {
          app.code.dialect = document.querySelector("input[name=dialect]:checked").value;
          ctx.render();
        });
      });
      $("tree-in").addEventListener("click", function () { zoomTree(2); });
      $("tree-out").addEventListener("click", function () { zoomTree(0.5); });
      $("tree-fit").addEventListener("click", function () { app.lesson.view.zoom = 0; ctx.render(); });
      $("tree-cuts").addEventListener("change", function () { app.lesson.view.cuts = $("tree-cuts").checked; ctx.render(); });
      $("solutions").addEventListener("click", function (ev) {
        var b = ev.target.closest("button[data-index]");
        if (b) ctx.showSolution(Number(b.getAttribute("data-index")));
      });
      $("solution-detail").addEventListener("click", function (ev) {
        if (ev.target.id === "back-to-search") {
          app.view = "trace";
          app.selected = -1;
          $("solution-detail").hidden = true;
          Array.prototype.forEach.call($("solutions").querySelectorAll("button"), function (b) {
            b.removeAttribute("aria-current");
          });
          ctx.render();
        }
      });
      $("dl-svg").addEventListener("click", ctx.downloads.svg);
      $("dl-png").addEventListener("click", ctx.downloads.png);
      $("dl-trace").addEventListener("click", ctx.downloads.trace);
      $("dl-page").addEventListener("click", ctx.downloads.page);
      $("dl-gif").addEventListener("click", ctx.downloads.gif);
      $("embed").addEventListener("click", ctx.address.embed);
      $("trace-file").addEventListener("change", function (ev) {
        var file = ev.target.files && ev.target.files[0];
        if (!file) return;
        file.text().then(function (text) {
          ctx.loadFromText(text, file.name.replace(/\.[^.]*$/, ""));
        }, function (err) { showError(say("err-read", { file: file.name, message: err.message })); });
      });
      document.addEventListener("keydown", onKey);
      document.addEventListener("keyup", onKeyUp);
    }

    function zoomTree(f) {
      var v = app.lesson.view;
      if (v.zoom <= 0) v.zoom = Math.max(0.05, ($("tree").clientWidth - 20) / ((v.shown ? v.shown.maxCol : 0) + 1));
      v.zoom = Math.max(0.05, Math.min(60, v.zoom * f));
      ctx.render();
    }

    return { wire: wire };
  }

  return { create: create };
});

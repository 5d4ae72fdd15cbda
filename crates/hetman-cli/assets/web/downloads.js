/* hetman: the page's downloads: the board as SVG and PNG, the trace as JSON
 * Lines, the player as one HTML page, the steps as an animated GIF; and the
 * command that makes a trace.
 */
(function (root, factory) {
  root.HetmanDownloads = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // ctx: {app, $, fmt, showError, limit (events in a download from the server)}.
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, fmt = ctx.fmt, showError = ctx.showError;
    // The page's words in its language (i18n.js and the .ftl files).
    var say = function (id, args) { return typeof I18N !== "undefined" ? I18N.t(id, args) : id; };
    // The page's language, for the words the server writes (a GIF's, a page's).
    var langParam = function () { return typeof I18N !== "undefined" ? "&lang=" + I18N.lang() : ""; };
    var DOWNLOAD_LIMIT = ctx.limit;


    function download(blob, name) {
      var url = URL.createObjectURL(blob);
      var a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    }

    function fileStem() {
      var t = app.timeline;
      if (app.view === "tour" && app.finishedTour) {
        return "hetman-knight-tour-" + app.finishedTour.width + "x" + app.finishedTour.height;
      }
      if (!t || !t.header) return "hetman-board";
      if (app.view === "solution") {
        return app.traceName + "-" + (t.problem === "queens" ? "solution-" : "tour-") + t.solutions[app.selected].number;
      }
      return app.traceName + "-step-" + t.cursor;
    }

    function downloadSvg() {
      if (!app.svg) return;
      download(new Blob([app.svg], { type: "image/svg+xml" }), fileStem() + ".svg");
    }

    function downloadPng() {
      if (!app.svg) return;
      var img = new Image();
      var svg = app.svg;
      var m = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
      var w = m ? Number(m[1]) : 400, h = m ? Number(m[2]) : 400;
      var scale = Math.max(1, Math.min(4, 1600 / Math.max(w, h)));
      img.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = Math.round(w * scale);
        canvas.height = Math.round(h * scale);
        var ctx = canvas.getContext("2d");
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) { download(blob, fileStem() + ".png"); }, "image/png");
      };
      img.onerror = function () { showError(say("dl-png-failed")); };
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    }

    function downloadTrace() {
      var t = app.timeline;
      if (!t || !t.header) return;
      if (app.traceText !== null) {
        download(new Blob([app.traceText], { type: "application/x-ndjson" }), app.traceName + ".jsonl");
        $("dl-note").textContent = "";
        return;
      }
      if (app.packed) {
        app.packed.jsonLines().then(function (text) {
          download(new Blob([text], { type: "application/x-ndjson" }), app.traceName + ".jsonl");
        });
        $("dl-note").textContent = "";
        return;
      }
      if (app.urlFor) {
        var done = app.source && app.source.done && !t.cut && t.base === 0;
        var whole = done && t.count <= DOWNLOAD_LIMIT;
        var a = document.createElement("a");
        a.href = app.urlFor(0, DOWNLOAD_LIMIT) + "&download=1";
        a.download = app.traceName + ".jsonl";
        document.body.appendChild(a);
        a.click();
        a.remove();
        $("dl-note").textContent = whole ? "" : say("dl-trace-first", { limit: fmt(DOWNLOAD_LIMIT), command: commandFor(t.header) });
      }
    }

    function downloadPage() {
      var t = app.timeline;
      if (!t || !t.header || !app.urlFor) return;
      var a = document.createElement("a");
      a.href = app.urlFor(0, DOWNLOAD_LIMIT) + "&format=html&download=1" + langParam();
      a.download = app.traceName + ".html";
      document.body.appendChild(a);
      a.click();
      a.remove();
      $("dl-note").textContent = say("dl-page-first", { limit: fmt(DOWNLOAD_LIMIT) });
    }

    // The steps a GIF of the page's trace shows: from the step shown now to
    // the next solution or tour the page knows (at most GIF_STEPS on), or
    // GIF_STEPS - 1 steps on.
    var GIF_STEPS = 2000;
    function gifRange() {
      var t = app.timeline;
      if (!t || !t.header) return null;
      var from = t.cursor, to = from + 299;
      for (var i = 0; i < t.solutions.length; i++) {
        var step = t.solutions[i].index + 1;
        if (step > from) {
          if (step - from < GIF_STEPS) to = step;
          break;
        }
      }
      if (t.end && t.count > from && to > t.count) to = t.count;
      return { from: from, to: to };
    }

    function gifLabel() {
      var r = gifRange();
      return r ? say("dl-gif-label", { from: fmt(r.from), to: fmt(r.to) }) : say("page-dl-gif");
    }

    function downloadGif() {
      var r = gifRange();
      if (!r || !app.urlFor) return;
      var base = app.urlFor(0, 1).replace(/&skip=\d+&limit=\d+$/, "");
      var a = document.createElement("a");
      a.href = base + "&format=gif&from=" + r.from + "&to=" + r.to + "&download=1" + langParam();
      a.download = app.traceName + "-steps-" + r.from + "-" + r.to + ".gif";
      document.body.appendChild(a);
      a.click();
      a.remove();
      $("dl-note").textContent = say("dl-gif-steps", { from: fmt(r.from), to: fmt(r.to), command: commandFor(app.timeline.header) });
    }

    function commandFor(h) {
      if (h.problem === "queens") return "hetman queens trace " + h.n + (h.algorithm === "bitboard" ? " --algorithm bitboard" : "");
      return "hetman knight trace " + h.width + "x" + h.height + " --start " + h.start +
        (h.order === "warnsdorff" ? " --warnsdorff" : "") + (h.closed ? " --closed" : "");
    }

    return {
      svg: downloadSvg, png: downloadPng, trace: downloadTrace, page: downloadPage, commandFor: commandFor,
      gif: downloadGif, gifLabel: gifLabel
    };
  }

  return { create: create };
});

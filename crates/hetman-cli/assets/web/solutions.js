/* hetman: the page's solutions (or tours) found: their list, the summary under it
 * (with the queens' symmetry classes), and one solution shown with its symmetries.
 */
(function (root, factory) {
  "use strict";
  root.HetmanSolutions = factory(root.HetmanBoard, root.HetmanSymmetry);
})(typeof self !== "undefined" ? self : this, function (B, Sym) {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, fmt = ctx.fmt, say = ctx.say, escapeHtml = ctx.escapeHtml;
    var LIST_SHOW = ctx.LIST_SHOW;

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
      var over = ctx.searchOver();
      var cutEnd = !t.end && t.lastEnd && !t.lastEnd.complete && app.source && app.source.done && t.cursor === t.count;
      if (t.problem !== "queens") {
        if (over) return ctx.endWords(t) + more;
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
      ctx.pause();
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
      ctx.render();
    }

    return { renderSolutions: renderSolutions, classParts: classParts, showSolution: showSolution };
  }

  return { create: create };
});

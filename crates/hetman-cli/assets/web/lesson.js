/* hetman: the lesson's panels beside the board: the call stack, the seeds'
 * arrays row/up/down, the search tree and the calls per depth. Each is drawn
 * from a timeline's state at its cursor (trace.js), so stepping back and
 * jumping show the same as walking there.
 *
 * The texts of these panels are in TEXT, in one place.
 */
(function (root, factory) {
  var api = factory(root.HetmanTrace, root.HetmanTree);
  root.HetmanLesson = api;
})(typeof self !== "undefined" ? self : this, function (T, Tr) {
  "use strict";
  var K = T.K;

  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  var TEXT = {
    get stackEmpty() { return say("lesson-stack-empty"); },
    get stackOver() { return say("lesson-stack-over"); },
    get stackHead() {
      return [say("lesson-head-depth"), say("lesson-head-call"), say("lesson-head-tries"), say("lesson-head-refused")];
    },
    get knightHead() { return [say("lesson-head-move"), say("lesson-head-square"), say("lesson-head-next"), ""]; },
    call: function (f) { return say("lesson-call", { c: f + 1, file: T.fileName(f) }); },
    placed: function (sq) { return say("lesson-placed", { square: sq }); },
    trying: function (sq) { return say("lesson-trying", { square: sq }); },
    refused: function (sq, lines) { return sq + ": " + lines.join(", "); },
    none: "—",
    get arraysHead() { return say("lesson-arrays-head"); },
    get arraysBits() { return say("lesson-arrays-bits"); },
    noArrays: function (m) {
      return say(m === "brute" ? "lesson-no-arrays-brute" : "lesson-no-arrays-permutations");
    },
    get noTree() { return say("lesson-no-tree"); },
    get arraysKnight() { return say("lesson-arrays-knight"); },
    get read() { return say("lesson-read"); },
    get wrote() { return say("lesson-wrote"); },
    get refuses() { return say("lesson-refuses"); },
    get deadEnd() { return say("lesson-dead-end"); },
    pruned: function (why) { return say("lesson-pruned", { why: why }); },
    depthHead: function (queens) { return say(queens ? "lesson-depth-head-calls" : "lesson-depth-head-moves"); },
    get depthCalls() { return say("lesson-depth-calls"); },
    get depthMoves() { return say("lesson-depth-moves"); },
    depthSum: function (sum, queens, over) {
      var id = queens ? (over ? "lesson-sum-calls-over" : "lesson-sum-calls")
        : (over ? "lesson-sum-moves-over" : "lesson-sum-moves");
      return say(id, { count: sum, shown: fmtN(sum) });
    },
    treeSummary: function (nodes) { return say("lesson-tree-summary", { nodes: fmtN(nodes) }); },
    treeShown: function (made, path) {
      return say("lesson-tree-shown", { made: fmtN(made), count: made, path: path });
    },
    pathOf: function (names) { return say("lesson-path", { path: names.length ? names.join(" → ") : say("event-none") }); }
  };

  function fmtN(n) {
    return typeof I18N !== "undefined" ? I18N.num(n) : Number(n).toLocaleString("en-US");
  }

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  /* ---- the call stack ---- */

  function stackHtml(t) {
    var s = t.state;
    var e = t.event(t.cursor - 1);
    var rows = [];
    if (t.problem === "queens") {
      var top = Math.min(t.n - 1, s.file);
      if (t.cursor === 0 || top < 0) return "<p>" + TEXT.stackEmpty + "</p>";
      if (t.end && t.cursor === t.count) return "<p>" + TEXT.stackOver + "</p>";
      for (var f = 0; f <= top; f++) {
        var placed = s.ranks[f] >= 0;
        var tried = s.tried[f];
        var now = placed ? TEXT.placed(T.squareName(f, s.ranks[f]))
          : tried >= 0 ? TEXT.trying(T.squareName(f, tried)) : TEXT.none;
        var ref = s.refRank[f] >= 0
          ? TEXT.refused(T.squareName(f, s.refRank[f]), T.lineNames(s.refLines[f])) : TEXT.none;
        var current = f === top;
        rows.push("<tr" + (current ? ' class="current"' : "") + ' data-file="' + f + '"><td>' + f + "</td><td>" +
          esc(TEXT.call(f)) + "</td><td>" + esc(now) + "</td><td>" + esc(ref) + "</td></tr>");
      }
      return table(TEXT.stackHead, rows);
    }
    if (s.depth === 0) return "<p>" + TEXT.stackEmpty + "</p>";
    for (var d = 0; d < s.depth; d++) {
      var sq = s.path[d];
      var at = s.candAt[d + 1];
      var opts = at >= 0 ? (t.extra.get(at) || []).map(function (o) { return t.squareName(o.square) + " (" + o.degree + ")"; }) : [];
      var last = d === s.depth - 1;
      var note = last && e && (e.kind === K.DEAD_END) ? TEXT.deadEnd : last && e && e.kind === K.PRUNE ? TEXT.pruned(e.extra || "") : "";
      rows.push("<tr" + (last ? ' class="current"' : "") + "><td>" + (d + 1) + "</td><td>" + t.squareName(sq) +
        "</td><td>" + esc(opts.join(", ") || TEXT.none) + "</td><td>" + esc(note) + "</td></tr>");
    }
    return table(TEXT.knightHead, rows);
  }

  function table(head, rows) {
    return "<table><thead><tr>" + head.map(function (h) { return "<th>" + esc(h) + "</th>"; }).join("") +
      "</tr></thead><tbody>" + rows.join("") + "</tbody></table>";
  }

  /* ---- the arrays row, up, down ---- */

  // The cells of row, up and down the last event reads or writes: {row: [r, how], ...}.
  function touched(t) {
    var e = t.event(t.cursor - 1);
    var out = {};
    if (!e || t.problem !== "queens") return out;
    // The seeds number files and ranks from 1: row[r], up[r+c], down[r-c+N].
    var c = e.a + 1, r = e.b + 1, n = t.n;
    var cells = { row: r, up: r + c, down: r - c + n };
    var how = null;
    if (e.kind === K.TRY) how = "read";
    else if (e.kind === K.REFUSE) how = "read";
    else if (e.kind === K.PUT || e.kind === K.REMOVE) how = "wrote";
    if (!how) return out;
    for (var key in cells) {
      var refuses = e.kind === K.REFUSE && (e.c & T.LINE[key]);
      out[key] = { index: cells[key], how: refuses ? "refuses" : how };
    }
    return out;
  }

  function arraysHtml(t) {
    if (t.method) return "<p class=\"hint\">" + esc(TEXT.noArrays(t.method)) + "</p>";
    if (t.problem !== "queens") return "<p class=\"hint\">" + TEXT.arraysKnight + "</p>";
    var n = t.n, s = t.state;
    // 1-based as in the seeds: row[1..N], up[2..2N], down[1..2N-1].
    var row = new Uint8Array(n + 1).fill(1);
    var up = new Uint8Array(2 * n + 1).fill(1);
    var down = new Uint8Array(2 * n).fill(1);
    for (var f = 0; f < n; f++) {
      var r = s.ranks[f];
      if (r < 0) continue;
      row[r + 1] = 0;
      up[r + f + 2] = 0;
      down[r - f + n] = 0;
    }
    var lit = touched(t);
    var one = function (name, arr, from, to, formula) {
      var cells = [];
      for (var i = from; i <= to; i++) {
        var l = lit[name] && lit[name].index === i ? lit[name].how : "";
        cells.push('<span class="cell' + (arr[i] ? "" : " taken") + (l ? " lit " + l : "") + '" data-index="' + i +
          '"' + (l ? ' title="' + esc(TEXT[l]) + '"' : "") + "><b>" + arr[i] + "</b><i>" + i + "</i></span>");
      }
      return '<div class="array" id="array-' + name + '"><span class="name">' + name + "<small>" + formula +
        "</small></span>" + cells.join("") + "</div>";
    };
    return "<p class=\"hint\">" + esc(TEXT.arraysHead) + (t.header.algorithm === "bitboard" ? " " + esc(TEXT.arraysBits) : "") +
      "</p>" + one("row", row, 1, n, "[r]") + one("up", up, 2, 2 * n, "[r+c]") +
      one("down", down, 1, 2 * n - 1, "[r−c+N]");
  }

  /* ---- the calls per depth ---- */

  function depthHtml(t, over) {
    var per = t.state.perDepth;
    var queens = t.problem === "queens";
    var from = queens ? 0 : 1;
    var to = per.length - 1;
    while (to > from && per[to] === 0) to--;
    var max = 1, sum = 0;
    for (var i = from; i <= to; i++) { max = Math.max(max, per[i]); sum += per[i]; }
    var W = 18, H = 90, gap = 4;
    var bars = [];
    for (var d = from; d <= to; d++) {
      var h = per[d] ? Math.max(1, Math.round(per[d] / max * H)) : 0;
      var x = (d - from) * (W + gap);
      bars.push('<g class="bar" data-depth="' + d + '" data-value="' + per[d] + '"><title>' +
        esc(say(queens ? "lesson-depth-bar" : "lesson-move-bar", { depth: d, calls: fmtN(per[d]) })) + "</title>" +
        '<rect x="' + x + '" y="' + (H - h + 14) + '" width="' + W + '" height="' + h + '" fill="#0a5c8a"/>' +
        '<text x="' + (x + W / 2) + '" y="' + (H + 27) + '" font-size="10" text-anchor="middle">' + d + "</text>" +
        '<text x="' + (x + W / 2) + '" y="' + (H - h + 11) + '" font-size="9" text-anchor="middle">' + compact(per[d]) + "</text></g>");
    }
    var width = (to - from + 1) * (W + gap);
    return "<p class=\"hint\">" + esc(queens ? TEXT.depthCalls : TEXT.depthMoves) + "</p>" +
      '<svg viewBox="0 0 ' + width + " " + (H + 32) + '" width="' + Math.min(width, 420) + '" role="img" aria-label="' +
      esc(TEXT.depthHead(queens)) + '">' + bars.join("") + "</svg>" +
      '<p id="depth-sum" data-sum="' + sum + '">' + esc(TEXT.depthSum(sum, queens, over)) + "</p>";
  }

  function compact(v) {
    if (v >= 1e6) return (v / 1e6).toFixed(v >= 1e7 ? 0 : 1) + "M";
    if (v >= 1e4) return Math.round(v / 1e3) + "k";
    return String(v);
  }

  /* ---- the tree ---- */

  function Lesson(els) {
    this.els = els; // {stack, arrays, depth, tree (canvas), treeNote, treePath}
    this.view = new Tr.View(els.tree);
    this.tree = null;
    this.timeline = null;
    this.lastTreeDraw = 0;
  }

  Lesson.prototype.render = function (t, over, playing) {
    var els = this.els;
    if (!t || !t.header) {
      els.stack.innerHTML = "";
      els.arrays.innerHTML = "";
      els.depth.innerHTML = "";
      return;
    }
    if (this.timeline !== t) {
      this.timeline = t;
      this.tree = new Tr.Tree(t);
    }
    if (t.method) {
      // Brute force and permutations: no recursion, so no stack, tree or depths.
      var none = "<p class=\"hint\">" + esc(TEXT.noTree) + "</p>";
      els.stack.innerHTML = none;
      els.arrays.innerHTML = arraysHtml(t);
      els.depth.innerHTML = none;
      els.tree.hidden = true;
      els.treeNote.textContent = TEXT.noTree;
      els.treePath.textContent = "";
      return;
    }
    if (!els.stack.closest("[hidden]")) els.stack.innerHTML = stackHtml(t);
    if (!els.arrays.closest("[hidden]")) els.arrays.innerHTML = arraysHtml(t);
    if (!els.depth.closest("[hidden]")) els.depth.innerHTML = depthHtml(t, over);
    if (!els.tree.closest("[hidden]")) {
      // While playing fast, the tree is drawn a few times a second.
      var now = typeof performance !== "undefined" ? performance.now() : 0;
      if (!playing || now - this.lastTreeDraw > 120 || over) {
        this.lastTreeDraw = now;
        this.drawTree(t);
      }
    }
  };

  Lesson.prototype.drawTree = function (t) {
    var tree = this.tree;
    tree.update();
    var els = this.els;
    var names = function (i) {
      if (tree.label[i] < 0) return "";
      if (t.problem === "queens") return T.squareName(tree.depth[i] - 1, tree.label[i]);
      return t.squareName(tree.label[i]);
    };
    if (!tree.covers(t.cursor)) {
      els.tree.hidden = true;
      els.treeNote.textContent = TEXT.treeSummary(Tr.MAX_NODES);
      els.treeNote.setAttribute("data-summary", "true");
      els.treePath.textContent = TEXT.pathOf(pathNow(t));
      return;
    }
    els.tree.hidden = false;
    els.treeNote.removeAttribute("data-summary");
    var shown = this.view.draw(tree, t.cursor, names);
    els.tree.setAttribute("data-made", String(shown.made));
    els.tree.setAttribute("data-cuts", String(countCuts(tree, shown.made)));
    els.treeNote.textContent = TEXT.treeShown(shown.made, shown.path.length);
    var view = this.view;
    var path = shown.path.filter(function (i) { return view.cuts || !(tree.flags[i] & Tr.F.CUT); });
    els.treePath.textContent = TEXT.pathOf(path.map(names).filter(Boolean));
  };

  function countCuts(tree, made) {
    var n = 0;
    for (var i = 0; i < made; i++) if (tree.flags[i] & Tr.F.CUT) n++;
    return n;
  }

  // The squares of the current placement or path, from the board's state.
  function pathNow(t) {
    var s = t.state, out = [];
    if (t.problem === "queens") {
      for (var f = 0; f < t.n; f++) if (s.ranks[f] >= 0) out.push(T.squareName(f, s.ranks[f]));
    } else {
      for (var i = 0; i < s.depth; i++) out.push(t.squareName(s.path[i]));
    }
    return out;
  }

  return { Lesson: Lesson, TEXT: TEXT, stackHtml: stackHtml, arraysHtml: arraysHtml, touched: touched };
});

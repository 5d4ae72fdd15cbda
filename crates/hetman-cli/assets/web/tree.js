/* hetman: the search tree, built from a timeline's events and drawn on a canvas.
 *
 * Each node is a placement (queens: a queen put on a square; knight: a square
 * entered), a cut branch is a refused try (the lines that rule it out), a dead
 * end or a pruned move. Nodes are kept in typed arrays in the order the search
 * made them; each gets a column when it is made (the column of its parent for
 * a first child, a new one after that), so columns grow with that order and
 * the part of the tree in view is one run of nodes: drawing costs what is in
 * view, not the whole search. Past MAX_NODES the tree is not kept and the
 * page summarises (the calls per depth, the current path).
 */
(function (root, factory) {
  var api = factory(root.HetmanTrace || (typeof require === "function" ? require("./trace.js") : null));
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanTree = api;
})(typeof self !== "undefined" ? self : this, function (T) {
  "use strict";
  var K = T.K;
  var MAX_NODES = 150000;
  var F = { CUT: 1, SOLUTION: 2, DEAD: 4, PRUNED: 8 };

  function Tree(timeline) {
    this.t = timeline;
    this.size = 0;
    this.built = timeline.base; // events read so far
    this.full = timeline.base > 0; // a tree needs the search from its start
    var cap = 1024;
    this.alloc(cap);
    this.maxCol = 0;
    this.maxColPut = 0;
    this.maxDepth = 0;
    this.stack = []; // the path of placed nodes while building
    if (!this.full) this.add(-1, 0, -1); // the root: nothing placed yet
  }

  Tree.prototype.alloc = function (cap) {
    var grow = function (old, Type) {
      var a = new Type(cap);
      if (old) a.set(old);
      return a;
    };
    this.parent = grow(this.parent, Int32Array);
    this.depth = grow(this.depth, Uint16Array);
    this.col = grow(this.col, Int32Array);
    this.colPut = grow(this.colPut, Int32Array);
    this.label = grow(this.label, Int32Array); // the rank (queens) or square (knight)
    this.flags = grow(this.flags, Uint8Array);
    this.lines = grow(this.lines, Uint8Array);
    this.kids = grow(this.kids, Uint16Array);
    this.kidsPut = grow(this.kidsPut, Uint16Array);
    this.created = grow(this.created, Float64Array);
    this.ended = grow(this.ended, Float64Array);
    this.cap = cap;
  };

  // A new node under `parent`, made by the event at `at`.
  Tree.prototype.add = function (parent, at, label, cut) {
    if (this.size >= MAX_NODES) {
      this.full = true;
      return -1;
    }
    if (this.size >= this.cap) this.alloc(this.cap * 2);
    var i = this.size++;
    this.parent[i] = parent;
    this.depth[i] = parent < 0 ? 0 : this.depth[parent] + 1;
    if (this.depth[i] > this.maxDepth) this.maxDepth = this.depth[i];
    if (parent < 0) {
      this.col[i] = 0;
      this.colPut[i] = 0;
    } else {
      this.col[i] = this.kids[parent]++ === 0 ? this.col[parent] : ++this.maxCol;
      if (!cut) this.colPut[i] = this.kidsPut[parent]++ === 0 ? this.colPut[parent] : ++this.maxColPut;
      else this.colPut[i] = this.maxColPut; // not drawn when the cuts are folded; keeps columns in order
    }
    this.label[i] = label;
    this.flags[i] = cut ? F.CUT : 0;
    this.created[i] = at;
    this.ended[i] = cut ? at : Infinity;
    return i;
  };

  // Reads the events the timeline has received since the last call.
  Tree.prototype.update = function () {
    var t = this.t;
    if (this.full) return;
    if (this.built < t.base) {
      this.full = true; // the history was cut before the tree read it
      return;
    }
    for (; this.built < t.count && !this.full; this.built++) {
      var idx = this.built;
      var i = idx - t.base;
      var kind = t.kind[i];
      var top = this.stack.length ? this.stack[this.stack.length - 1] : 0;
      var node;
      switch (kind) {
        case K.REFUSE:
          node = this.add(top, idx, t.b[i], true);
          if (node >= 0) this.lines[node] = t.c[i];
          break;
        case K.PUT:
          node = this.add(top, idx, t.b[i], false);
          if (node >= 0) this.stack.push(node);
          break;
        case K.REMOVE:
          if (this.stack.length) this.ended[this.stack.pop()] = idx;
          break;
        case K.MOVE:
          if (t.c[i] < 0) {
            // The start: the root is the first square.
            this.label[0] = t.a[i];
            this.created[0] = idx;
            this.stack.push(0);
          } else {
            node = this.add(top, idx, t.a[i], false);
            if (node >= 0) this.stack.push(node);
          }
          break;
        case K.BACK:
          if (this.stack.length) this.ended[this.stack.pop()] = idx;
          break;
        case K.DEAD_END:
          this.flags[top] |= F.DEAD;
          break;
        case K.PRUNE:
          this.flags[top] |= F.PRUNED;
          break;
        case K.SOLUTION:
        case K.TOUR:
          this.flags[top] |= F.SOLUTION;
          break;
      }
    }
  };

  // The nodes made before the cursor: [0, made).
  Tree.prototype.madeBefore = function (cursor) {
    var lo = 0, hi = this.size;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.created[mid] < cursor) lo = mid + 1; else hi = mid;
    }
    return lo;
  };

  // The node the search is at after `cursor` events and the path to it, root first.
  Tree.prototype.path = function (cursor) {
    var made = this.madeBefore(cursor);
    if (!made) return [];
    var i = made - 1;
    // A refusal is current only while it is the last event.
    while (i > 0 && !(this.ended[i] >= cursor || this.created[i] === cursor - 1)) i = this.parent[i];
    var out = [];
    for (; i >= 0; i = this.parent[i]) out.push(i);
    return out.reverse();
  };

  // Whether the tree covers the search up to `cursor`.
  Tree.prototype.covers = function (cursor) {
    return this.size > 0 && !(this.full && this.built < cursor) && this.t.base === 0;
  };

  /* ---- drawing ---- */

  var COLOURS = {
    edge: "#8a8475", node: "#1a1a1a", path: "#0a5c8a", cut: "#d55e00",
    solution: "#009e73", dead: "#a3260b", bg: "#ffffff", text: "#1a1a1a"
  };

  // A view of a tree on a canvas: zoom (pixels per column), the cuts shown or folded,
  // following the current node.
  function View(canvas) {
    this.canvas = canvas;
    this.zoom = 14; // pixels per column
    this.cuts = true; // refused tries drawn as cut branches
    this.left = 0; // the first column in view
    this.follow = true;
  }

  View.prototype.draw = function (tree, cursor, names) {
    var cv = this.canvas;
    var ratio = (typeof devicePixelRatio === "number" && devicePixelRatio) || 1;
    var w = cv.clientWidth || 600, h = cv.clientHeight || 240;
    if (cv.width !== Math.round(w * ratio) || cv.height !== Math.round(h * ratio)) {
      cv.width = Math.round(w * ratio);
      cv.height = Math.round(h * ratio);
    }
    var g = cv.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = COLOURS.bg;
    g.fillRect(0, 0, w, h);
    var col = this.cuts ? tree.col : tree.colPut;
    var made = tree.madeBefore(cursor);
    var path = tree.path(cursor);
    var onPath = new Set(path);
    var levels = Math.max(1, tree.maxDepth + 1);
    var dy = Math.max(8, Math.min(28, (h - 24) / levels));
    var zoom = this.zoom;
    var maxCol = made ? this.lastCol(tree, made) : 0;
    if (zoom <= 0) zoom = Math.max(0.05, (w - 20) / (maxCol + 1)); // fit
    var inView = Math.max(1, Math.floor((w - 20) / zoom));
    var current = path.length ? path[path.length - 1] : -1;
    if (this.follow && current >= 0) {
      var cc = col[current];
      if (cc < this.left + inView * 0.15 || cc > this.left + inView * 0.85) this.left = Math.max(0, cc - Math.floor(inView * 0.6));
    }
    if (this.zoom <= 0) this.left = 0;
    var left = this.left;
    var x = function (c) { return 10 + (c - left) * zoom + zoom / 2; };
    var y = function (d) { return 12 + d * dy; };
    // The nodes in view are one run in the order they were made (columns grow with it);
    // a parent left of the view still draws the edge into it.
    var first = this.firstWithCol(tree, col, made, left);
    var last = this.firstWithCol(tree, col, made, left + inView + 1);
    var step = Math.max(1, Math.floor((last - first) / 60000)); // at most 60,000 drawn
    g.lineWidth = 1;
    g.strokeStyle = COLOURS.edge;
    g.beginPath();
    for (var i = Math.max(1, first); i < last; i += step) {
      if (!this.cuts && (tree.flags[i] & F.CUT)) continue;
      var p = tree.parent[i];
      var px = x(col[p]), py = y(tree.depth[p]);
      var nx = x(col[i]), ny = y(tree.depth[i]);
      g.moveTo(px, py);
      if (px !== nx) g.lineTo(nx, py + dy * 0.4);
      g.lineTo(nx, ny);
    }
    g.stroke();
    var r = Math.max(1.2, Math.min(5, zoom * 0.35));
    for (var j = first; j < last; j += step) {
      var fl = tree.flags[j];
      if (fl & F.CUT) {
        if (!this.cuts) continue;
        drawCross(g, x(col[j]), y(tree.depth[j]), r, COLOURS.cut);
        continue;
      }
      g.fillStyle = (fl & F.SOLUTION) ? COLOURS.solution : (fl & (F.DEAD | F.PRUNED)) ? COLOURS.dead : COLOURS.node;
      g.fillRect(x(col[j]) - r, y(tree.depth[j]) - r, 2 * r, 2 * r);
    }
    // The current path on top, with the squares' names when there is room.
    g.strokeStyle = COLOURS.path;
    g.lineWidth = 3;
    g.beginPath();
    for (var k = 1; k < path.length; k++) {
      var a = path[k - 1], b = path[k];
      if (!this.cuts && (tree.flags[b] & F.CUT)) continue;
      g.moveTo(x(col[a]), y(tree.depth[a]));
      if (col[a] !== col[b]) g.lineTo(x(col[b]), y(tree.depth[a]) + dy * 0.4);
      g.lineTo(x(col[b]), y(tree.depth[b]));
    }
    g.stroke();
    g.font = "11px system-ui, sans-serif";
    g.fillStyle = COLOURS.text;
    for (var m = 0; m < path.length; m++) {
      var nd = path[m];
      var isCut = tree.flags[nd] & F.CUT;
      if (isCut && !this.cuts) continue;
      if (isCut) drawCross(g, x(col[nd]), y(tree.depth[nd]), r + 2, COLOURS.cut);
      else {
        g.fillStyle = COLOURS.path;
        g.fillRect(x(col[nd]) - r - 1, y(tree.depth[nd]) - r - 1, 2 * r + 2, 2 * r + 2);
      }
      var name = names(nd);
      if (name && dy >= 12) {
        g.fillStyle = COLOURS.text;
        g.fillText(name, x(col[nd]) + r + 4, y(tree.depth[nd]) + 4);
      }
    }
    this.shown = { made: made, first: first, last: last, path: path, onPath: onPath.size, maxCol: maxCol };
    return this.shown;
  };

  View.prototype.lastCol = function (tree, made) {
    var col = this.cuts ? tree.col : tree.colPut;
    return col[made - 1];
  };

  // The first node (of those made) whose column is at least `c`.
  View.prototype.firstWithCol = function (tree, col, made, c) {
    var lo = 0, hi = made;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (col[mid] < c) lo = mid + 1; else hi = mid;
    }
    return lo;
  };

  function drawCross(g, cx, cy, r, colour) {
    g.strokeStyle = colour;
    g.lineWidth = 1.5;
    g.beginPath();
    g.moveTo(cx - r, cy - r);
    g.lineTo(cx + r, cy + r);
    g.moveTo(cx + r, cy - r);
    g.lineTo(cx - r, cy + r);
    g.stroke();
  }

  return { Tree: Tree, View: View, MAX_NODES: MAX_NODES, F: F };
});

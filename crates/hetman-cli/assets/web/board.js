/* hetman: the boards as SVG text.
 *
 * Every colour and font is a presentation attribute on the elements (no CSS
 * classes), so the SVG downloads and turns into a PNG exactly as it shows.
 * a1 is the bottom-left square and is dark, as on a chessboard.
 */
(function (root, factory) {
  var api = factory(root.HetmanTrace || (typeof require === "function" ? require("./trace.js") : null));
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanBoard = api;
})(typeof self !== "undefined" ? self : this, function (T) {
  "use strict";

  var COLOURS = {
    light: "#f0d9b5",
    dark: "#b58863",
    row: "#d55e00", // vermillion
    up: "#0072b2", // blue
    down: "#009e73", // bluish green
    notFree: "#cc79a7", // reddish purple
    free: "#009e73",
    current: "#f0e442", // yellow, inside a dark frame
    frame: "#1a1a1a",
    outline: "#1a1a1a", // under the row, up and down lines: 5.5:1 on dark squares, 12.7:1 on light
    refused: "#111111",
    path: "#0072b2",
    dead: "#d55e00",
    candidate: "#cc79a7",
    prune: "#e69f00",
    blocked: "#4a4a4a",
    start: "#009e73",
    solution: "#009e73",
    ink: "#1a1a1a"
  };
  var FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
  var S = 48; // one square, in SVG units

  var fileName = T.fileName;

  // Where the squares are: margins for the labels, then width x height squares.
  function geometry(width, height, opts) {
    opts = opts || {};
    var labels = opts.labels !== false && width <= 26 && height <= 99;
    var left = labels ? S * 0.6 : 4;
    var top = 4;
    var bottom = labels ? S * 0.6 : 4;
    var right = 4;
    return {
      width: width,
      height: height,
      labels: labels,
      left: left,
      top: top,
      w: left + width * S + right,
      h: top + height * S + bottom,
      x: function (file) { return left + file * S; },
      y: function (rank) { return top + (height - 1 - rank) * S; },
      // The square under SVG point (x, y), or null.
      at: function (x, y) {
        var f = Math.floor((x - left) / S);
        var r = height - 1 - Math.floor((y - top) / S);
        if (f < 0 || r < 0 || f >= width || r >= height) return null;
        return { file: f, rank: r };
      }
    };
  }

  function n2(v) {
    return Math.round(v * 100) / 100;
  }

  function open(g, label) {
    return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + n2(g.w) + " " + n2(g.h) +
      '" width="' + n2(g.w) + '" height="' + n2(g.h) + '" font-family="' + FONT + '"' +
      ' data-files="' + g.width + '" data-ranks="' + g.height + '" data-labels="' + (g.labels ? 1 : 0) + '"' +
      (label ? ' role="img" aria-label="' + escapeAttr(label) + '"' : "") + ">";
  }

  function escapeAttr(s) {
    return String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  }

  function squares(g) {
    var out = [];
    var W = g.width, H = g.height;
    out.push('<rect x="' + n2(g.left) + '" y="' + n2(g.top) + '" width="' + W * S + '" height="' +
      H * S + '" fill="' + COLOURS.light + '" data-square="light"/>');
    if (W * H > 4096) {
      // A pattern instead of a rectangle per dark square.
      var id = "checker";
      out.push('<defs><pattern id="' + id + '" x="' + n2(g.left) + '" y="' + n2(g.top + ((H - 1) % 2 === 0 ? S : 0)) +
        '" width="' + 2 * S + '" height="' + 2 * S + '" patternUnits="userSpaceOnUse">' +
        '<rect x="0" y="' + S + '" width="' + S + '" height="' + S + '" fill="' + COLOURS.dark + '" data-square="dark"/>' +
        '<rect x="' + S + '" y="0" width="' + S + '" height="' + S + '" fill="' + COLOURS.dark + '"/>' +
        "</pattern></defs>");
      out.push('<rect x="' + n2(g.left) + '" y="' + n2(g.top) + '" width="' + W * S + '" height="' +
        H * S + '" fill="url(#' + id + ')"/>');
    } else {
      var d = [];
      for (var r = 0; r < H; r++) {
        for (var f = 0; f < W; f++) {
          if ((f + r) % 2 === 0) d.push("M" + n2(g.x(f)) + " " + n2(g.y(r)) + "h" + S + "v" + S + "h-" + S + "z");
        }
      }
      out.push('<path d="' + d.join("") + '" fill="' + COLOURS.dark + '" data-square="dark"/>');
    }
    if (g.labels) {
      var fs = S * 0.32;
      for (var rr = 0; rr < H; rr++) {
        out.push('<text x="' + n2(g.left / 2) + '" y="' + n2(g.y(rr) + S / 2) + '" font-size="' + n2(fs) +
          '" text-anchor="middle" dominant-baseline="central" fill="#444">' + (rr + 1) + "</text>");
      }
      for (var ff = 0; ff < W; ff++) {
        out.push('<text x="' + n2(g.x(ff) + S / 2) + '" y="' + n2(g.top + H * S + g.left / 2) + '" font-size="' +
          n2(fs) + '" text-anchor="middle" dominant-baseline="central" fill="#444">' + fileName(ff) + "</text>");
      }
    }
    return out.join("");
  }

  function border(g, colour, width) {
    return '<rect x="' + n2(g.left - width / 2) + '" y="' + n2(g.top - width / 2) + '" width="' +
      n2(g.width * S + width) + '" height="' + n2(g.height * S + width) + '" fill="none" stroke="' +
      colour + '" stroke-width="' + width + '"/>';
  }

  function outline(g, f, r, colour, width, dash, inside) {
    var inset = width / 2 + (inside || 0);
    return '<rect x="' + n2(g.x(f) + inset) + '" y="' + n2(g.y(r) + inset) + '" width="' + n2(S - 2 * inset) +
      '" height="' + n2(S - 2 * inset) + '" fill="none" stroke="' + colour + '" stroke-width="' + n2(width) + '"' +
      (dash ? ' stroke-dasharray="' + dash + '"' : "") + "/>";
  }

  // The frame of the square tried now: a dark ring outside a yellow one, so that it
  // stands out on light and dark squares alike, and on a washed-out projector.
  function frame(g, f, r) {
    return outline(g, f, r, COLOURS.frame, S * 0.12) + outline(g, f, r, COLOURS.current, S * 0.06, null, S * 0.12);
  }

  // A square filled with `colour`; `mark` (optional) names it for the tests.
  function fill(g, f, r, colour, opacity, mark) {
    return '<rect x="' + n2(g.x(f)) + '" y="' + n2(g.y(r)) + '" width="' + S + '" height="' + S +
      '" fill="' + colour + '" fill-opacity="' + opacity + '"' + (mark ? ' data-mark="' + mark + '"' : "") + "/>";
  }

  function cross(g, f, r, colour, width) {
    var x = g.x(f), y = g.y(r), m = S * 0.22;
    return '<path d="M' + n2(x + m) + " " + n2(y + m) + "L" + n2(x + S - m) + " " + n2(y + S - m) + "M" +
      n2(x + S - m) + " " + n2(y + m) + "L" + n2(x + m) + " " + n2(y + S - m) + '" stroke="' + colour +
      '" stroke-width="' + n2(width) + '" stroke-linecap="round"/>';
  }

  // A queen: a crown, drawn so that it needs no font.
  function queen(g, f, r, ghost) {
    var cx = g.x(f) + S / 2, cy = g.y(r) + S / 2;
    var p = function (x, y) { return n2(cx + x * S) + "," + n2(cy + y * S); };
    var body = '<polygon points="' + [p(-0.32, 0.2), p(-0.38, -0.16), p(-0.17, 0.03), p(0, -0.28),
      p(0.17, 0.03), p(0.38, -0.16), p(0.32, 0.2)].join(" ") + '"/>' +
      '<rect x="' + n2(cx - 0.34 * S) + '" y="' + n2(cy + 0.2 * S) + '" width="' + n2(0.68 * S) +
      '" height="' + n2(0.11 * S) + '" rx="' + n2(0.03 * S) + '"/>' +
      '<circle cx="' + n2(cx - 0.38 * S) + '" cy="' + n2(cy - 0.18 * S) + '" r="' + n2(0.055 * S) + '"/>' +
      '<circle cx="' + n2(cx) + '" cy="' + n2(cy - 0.31 * S) + '" r="' + n2(0.055 * S) + '"/>' +
      '<circle cx="' + n2(cx + 0.38 * S) + '" cy="' + n2(cy - 0.18 * S) + '" r="' + n2(0.055 * S) + '"/>';
    if (ghost) {
      return '<g fill="none" stroke="' + COLOURS.ink + '" stroke-width="' + n2(S * 0.03) +
        '" stroke-dasharray="3 2" opacity="0.8">' + body + "</g>";
    }
    return '<g fill="' + COLOURS.ink + '" stroke="#ffffff" stroke-width="' + n2(S * 0.03) + '">' + body + "</g>";
  }

  // A knight's head, drawn so that it needs no font.
  function knight(g, f, r) {
    var cx = g.x(f) + S / 2, cy = g.y(r) + S / 2;
    var p = function (x, y) { return n2(cx + x * S) + "," + n2(cy + y * S); };
    return '<g fill="' + COLOURS.ink + '" stroke="#ffffff" stroke-width="' + n2(S * 0.03) + '">' +
      '<polygon points="' + [p(-0.26, 0.34), p(0.3, 0.34), p(0.27, 0.06), p(0.16, -0.17), p(0.17, -0.35),
        p(0.05, -0.25), p(-0.08, -0.24), p(-0.3, -0.02), p(-0.27, 0.1), p(-0.14, 0.06), p(-0.02, -0.01),
        p(-0.21, 0.2)].join(" ") + '"/>' +
      '<circle cx="' + n2(cx + 0.02 * S) + '" cy="' + n2(cy - 0.13 * S) + '" r="' + n2(0.035 * S) +
      '" fill="#ffffff" stroke="none"/></g>';
  }

  function label(g, f, r, text, colour, size) {
    return '<text x="' + n2(g.x(f) + S / 2) + '" y="' + n2(g.y(r) + S / 2) + '" font-size="' + n2(size) +
      '" text-anchor="middle" dominant-baseline="central" fill="' + colour + '">' + text + "</text>";
  }

  // The mark of a line through a square, drawn along the line itself: row
  // horizontal; up[r+c] is the diagonal on which rank + file is constant, which
  // falls to the right with rank 1 at the bottom (a8-h1); down[r-c+N] keeps
  // rank - file constant and rises to the right (a1-h8). Returns {line, d}.
  function lineMark(g, f, r, line) {
    var x = g.x(f), y = g.y(r), m = S * 0.16;
    var d;
    if (line === "row") d = "M" + n2(x + m) + " " + n2(y + S / 2) + "H" + n2(x + S - m);
    else if (line === "up") d = "M" + n2(x + m) + " " + n2(y + m) + "L" + n2(x + S - m) + " " + n2(y + S - m);
    else d = "M" + n2(x + m) + " " + n2(y + S - m) + "L" + n2(x + S - m) + " " + n2(y + m);
    return { line: line, d: d };
  }

  // Row, up and down lines ([{line, d}]) in their colours, each on a dark outline: the
  // colours alone are 1.1-1.7:1 on the dark squares and 2.5-2.8:1 for row and down on the
  // light ones, under WCAG 1.4.11's 3:1; the outline is 5.5:1 or more on every square,
  // washed or not. The outlines go first, so that where lines cross every colour shows.
  // `what` names them for the tests: "ruled" (a square ruled out) or "refusal".
  function outlinedLines(lines, width, cap, what) {
    var under = [], over = [];
    for (var i = 0; i < lines.length; i++) {
      var l = lines[i];
      var common = '<path d="' + l.d + '" fill="none" stroke-linecap="' + cap + '" data-mark="' + what + " " + l.line;
      under.push(common + ' outline" stroke="' + COLOURS.outline + '" stroke-width="' + n2(width + S * 0.06) + '"/>');
      over.push(common + '" stroke="' + COLOURS[l.line] + '" stroke-width="' + n2(width) + '"/>');
    }
    return under.join("") + over.join("");
  }

  // The lines that rule (file, rank) out, given the queens' ranks per file.
  function ruledOut(ranks, file, rank) {
    var out = [];
    var row = false, up = false, down = false;
    for (var f = 0; f < ranks.length; f++) {
      var r = ranks[f];
      if (r < 0 || f === file) continue;
      if (r === rank) row = true;
      if (r + f === rank + file) up = true;
      if (r - f === rank - file) down = true;
    }
    if (row) out.push("row");
    if (up) out.push("up");
    if (down) out.push("down");
    return out;
  }

  /* The queens board.
   * q = {n, ranks (per file, -1 none), algorithm, file (current), free (mask, bitboard),
   *      event (the current event, from Timeline.event), solution (bool), shade (bool)} */
  function queens(q) {
    var n = q.n;
    var g = geometry(n, n, q);
    var out = [open(g, q.label), squares(g)];
    var e = q.event || null;
    var K = { CALL: 1, TRY: 2, REFUSE: 3, PUT: 4, REMOVE: 5, SOLUTION: 6 };
    if (q.shade !== false) {
      if (q.algorithm === "bitboard") {
        if (q.file >= 0 && q.file < n && q.free !== null && q.free !== undefined) {
          for (var r0 = 0; r0 < n; r0++) {
            if (q.ranks[q.file] === r0) continue;
            if ((q.free >>> r0) & 1) {
              out.push('<circle cx="' + n2(g.x(q.file) + S / 2) + '" cy="' + n2(g.y(r0) + S / 2) + '" r="' +
                n2(S * 0.1) + '" fill="' + COLOURS.free + '"/>');
            } else {
              out.push(fill(g, q.file, r0, COLOURS.notFree, 0.55));
            }
          }
        }
      } else {
        // Every empty square of a file without a queen, with the lines that rule it out.
        for (var f = 0; f < n; f++) {
          if (q.ranks[f] >= 0) continue;
          for (var r = 0; r < n; r++) {
            var lines = ruledOut(q.ranks, f, r);
            if (!lines.length) continue;
            out.push(fill(g, f, r, "#ffffff", 0.35, "wash"));
            out.push(outlinedLines(lines.map(function (l) { return lineMark(g, f, r, l); }), S * 0.08, "round", "ruled"));
          }
        }
      }
    }
    if (q.file >= 0 && q.file < n && !q.solution) {
      out.push('<rect x="' + n2(g.x(q.file) + 1) + '" y="' + n2(g.top + 1) + '" width="' + (S - 2) +
        '" height="' + (n * S - 2) + '" fill="none" stroke="' + COLOURS.ink +
        '" stroke-width="2" stroke-dasharray="6 4"/>');
    }
    for (var qf = 0; qf < n; qf++) {
      if (q.ranks[qf] >= 0) out.push(queen(g, qf, q.ranks[qf], false));
    }
    if (e) {
      if (e.kind === K.TRY) {
        out.push(frame(g, e.a, e.b));
      } else if (e.kind === K.REFUSE) {
        // The lines from the queens that rule the square out.
        var from = [];
        for (var af = 0; af < n; af++) {
          var ar = q.ranks[af];
          if (ar < 0) continue;
          var why = ar === e.b ? "row" : (ar + af === e.a + e.b ? "up" : (ar - af === e.b - e.a ? "down" : null));
          if (!why) continue;
          from.push({ line: why, d: "M" + n2(g.x(af) + S / 2) + " " + n2(g.y(ar) + S / 2) + "L" +
            n2(g.x(e.a) + S / 2) + " " + n2(g.y(e.b) + S / 2) });
        }
        out.push(outlinedLines(from, S * 0.06, "butt", "refusal"));
        out.push(outline(g, e.a, e.b, COLOURS.refused, S * 0.08));
        out.push(cross(g, e.a, e.b, COLOURS.refused, S * 0.08));
      } else if (e.kind === K.PUT) {
        out.push(frame(g, e.a, e.b));
      } else if (e.kind === K.REMOVE) {
        out.push(queen(g, e.a, e.b, true));
      }
    }
    if (q.solution || (e && e.kind === K.SOLUTION)) out.push(border(g, COLOURS.solution, S * 0.16));
    out.push("</svg>");
    return out.join("");
  }

  /* The knight board.
   * k = {width, height, blocked (Uint8Array), start, num (Int32Array: 0 free), path, depth,
   *      dead (counts), candidates ([{square, degree}]), event, setup (bool), tour (bool), numbers} */
  function knightBoard(k) {
    var W = k.width, H = k.height;
    var g = geometry(W, H, k);
    var out = [open(g, k.label), squares(g)];
    var K = { MOVE: 7, CANDIDATES: 8, DEAD_END: 9, PRUNE: 10, BACK: 11, TOUR: 12 };
    var e = k.event || null;
    var fr = function (i) { return [i % W, Math.floor(i / W)]; };
    var i, p;
    if (k.dead) {
      var maxDead = 0;
      for (i = 0; i < k.dead.length; i++) if (k.dead[i] > maxDead) maxDead = k.dead[i];
      if (maxDead > 0) {
        for (i = 0; i < k.dead.length; i++) {
          if (!k.dead[i]) continue;
          p = fr(i);
          var o = 0.12 + 0.4 * Math.log(1 + k.dead[i]) / Math.log(1 + maxDead);
          out.push(fill(g, p[0], p[1], COLOURS.dead, n2(o)));
        }
      }
    }
    if (k.blocked) {
      for (i = 0; i < k.blocked.length; i++) {
        if (!k.blocked[i]) continue;
        p = fr(i);
        out.push(fill(g, p[0], p[1], COLOURS.blocked, 1));
        out.push(cross(g, p[0], p[1], "#bbbbbb", S * 0.05));
      }
    }
    if (k.start >= 0 && (k.setup || !k.depth)) {
      p = fr(k.start);
      out.push('<circle cx="' + n2(g.x(p[0]) + S / 2) + '" cy="' + n2(g.y(p[1]) + S / 2) + '" r="' + n2(S * 0.36) +
        '" fill="none" stroke="' + COLOURS.start + '" stroke-width="' + n2(S * 0.08) + '"/>');
    }
    var depth = k.depth || 0;
    var centre = function (sq) {
      var q = fr(sq);
      return n2(g.x(q[0]) + S / 2) + "," + n2(g.y(q[1]) + S / 2);
    };
    if (depth > 0) {
      var numbers = k.numbers !== false && W <= 24 && H <= 24;
      var pts = [];
      for (i = 0; i < depth; i++) pts.push(centre(k.path[i]));
      if (k.closed && k.tour && depth > 1) pts.push(pts[0]);
      if (numbers || pts.length < 64) {
        out.push('<polyline points="' + pts.join(" ") + '" fill="none" stroke="' + COLOURS.path +
          '" stroke-width="' + n2(S * 0.05) + '" stroke-opacity="0.75" stroke-linejoin="round"/>');
      } else {
        // A long path without numbers: its colour runs from blue (the start) to red (the end).
        var parts = 12;
        var per = Math.ceil((pts.length - 1) / parts);
        for (var part = 0; part < parts; part++) {
          var from = part * per;
          if (from >= pts.length - 1) break;
          var seg = pts.slice(from, Math.min(pts.length, from + per + 1));
          var hue = Math.round(220 - 220 * part / (parts - 1));
          out.push('<polyline points="' + seg.join(" ") + '" fill="none" stroke="hsl(' + hue +
            ',75%,42%)" stroke-width="' + n2(S * 0.12) + '" stroke-linejoin="round"/>');
        }
        var first = fr(k.path[0]), last = fr(k.path[depth - 1]);
        out.push('<circle cx="' + n2(g.x(first[0]) + S / 2) + '" cy="' + n2(g.y(first[1]) + S / 2) + '" r="' +
          n2(S * 0.45) + '" fill="' + COLOURS.start + '" stroke="#ffffff" stroke-width="' + n2(S * 0.1) + '"/>');
        out.push('<circle cx="' + n2(g.x(last[0]) + S / 2) + '" cy="' + n2(g.y(last[1]) + S / 2) + '" r="' +
          n2(S * 0.45) + '" fill="' + COLOURS.dead + '" stroke="#ffffff" stroke-width="' + n2(S * 0.1) + '"/>');
      }
      if (numbers) {
        var big = depth > 99 ? S * 0.3 : S * 0.36;
        for (i = 0; i < depth; i++) {
          p = fr(k.path[i]);
          if (i === depth - 1 && !k.tour) continue;
          out.push('<circle cx="' + n2(g.x(p[0]) + S / 2) + '" cy="' + n2(g.y(p[1]) + S / 2) + '" r="' +
            n2(S * 0.3) + '" fill="#ffffff" fill-opacity="0.85" stroke="' + COLOURS.path + '" stroke-width="1.5"/>');
          out.push(label(g, p[0], p[1], String(i + 1), COLOURS.ink, big));
        }
      }
      if (!k.tour) {
        p = fr(k.path[depth - 1]);
        out.push(knight(g, p[0], p[1]));
      }
    }
    if (k.candidates) {
      for (i = 0; i < k.candidates.length; i++) {
        var c = k.candidates[i];
        p = fr(c.square);
        var cx = g.x(p[0]) + S * 0.78, cy = g.y(p[1]) + S * 0.22;
        out.push('<circle cx="' + n2(cx) + '" cy="' + n2(cy) + '" r="' + n2(S * 0.17) + '" fill="' +
          COLOURS.candidate + '"/>');
        out.push('<text x="' + n2(cx) + '" y="' + n2(cy) + '" font-size="' + n2(S * 0.24) +
          '" text-anchor="middle" dominant-baseline="central" fill="#ffffff">' + c.degree + "</text>");
      }
    }
    if (e) {
      p = fr(e.a);
      if (e.kind === K.DEAD_END) {
        out.push(cross(g, p[0], p[1], COLOURS.dead, S * 0.1));
      } else if (e.kind === K.PRUNE) {
        out.push(outline(g, p[0], p[1], COLOURS.prune, S * 0.1, "6 3"));
      } else if (e.kind === K.BACK) {
        out.push(outline(g, p[0], p[1], "#555555", S * 0.06, "4 3"));
        out.push(label(g, p[0], p[1], String(e.b), "#555555", S * 0.32));
      } else if (e.kind === K.MOVE) {
        out.push(frame(g, p[0], p[1]));
      }
    }
    if (k.tour || (e && e.kind === K.TOUR)) out.push(border(g, COLOURS.solution, S * 0.16));
    out.push("</svg>");
    return out.join("");
  }

  return {
    S: S,
    COLOURS: COLOURS,
    geometry: geometry,
    queens: queens,
    knight: knightBoard,
    ruledOut: ruledOut,
    fileName: fileName
  };
});

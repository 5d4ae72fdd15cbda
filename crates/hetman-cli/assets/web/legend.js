/* hetman: the legend of the board's marks, for each problem and search. */
(function (root, factory) {
  root.HetmanLegend = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  function escapeHtml(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }


  function swatch(inner) {
    return '<svg viewBox="0 0 22 22" aria-hidden="true">' + inner + "</svg>";
  }

  // The legend's items for a problem (and the queens' algorithm), as HTML.
  function legendHtml(problem, algorithm, C) {
    var items = [];
    var line = function (d, colour) {
      return swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="' + d + '" stroke="' + colour +
        '" stroke-width="3" stroke-linecap="round"/>');
    };
    if (problem === "queens") {
      var bitboard = algorithm === "bitboard";
      if (bitboard) {
        items.push([swatch('<rect width="22" height="22" fill="' + C.notFree + '" fill-opacity="0.7"/>'),
          "not free: attacked, so the file's mask rules it out"]);
        items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><circle cx="11" cy="11" r="4" fill="' + C.free + '"/>'),
          "free: the ranks this node may try"]);
      } else {
        items.push([line("M4 11H18", C.row), "row: a queen on the same rank"]);
        items.push([line("M4 4L18 18", C.up), "up (the seeds' up[r+c]): a queen on the diagonal falling to the right"]);
        items.push([line("M4 18L18 4", C.down), "down (the seeds' down[r\u2212c+N]): a queen on the diagonal rising to the right"]);
        items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><rect x="2" y="2" width="18" height="18" fill="none" stroke="' +
          C.frame + '" stroke-width="3"/><rect x="5" y="5" width="12" height="12" fill="none" stroke="' +
          C.current + '" stroke-width="2"/>'), "the square tried now (dark and yellow frame)"]);
        items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="M6 6L16 16M16 6L6 16" stroke="' +
          C.refused + '" stroke-width="3"/>'), "refused, with the lines that rule it out"]);
      }
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><rect x="3" y="1" width="16" height="20" fill="none" stroke="#1a1a1a" stroke-dasharray="3 2"/>'),
        "the file (column) of the current call"]);
      items.push([swatch('<rect width="22" height="22" fill="none" stroke="' + C.solution + '" stroke-width="6"/>'),
        "a solution"]);
    } else {
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="M3 19L11 5L19 15" fill="none" stroke="' +
        C.path + '" stroke-width="2.5"/>'), "the knight's path, numbered"]);
      items.push([swatch('<rect width="22" height="22" fill="' + C.dead + '" fill-opacity="0.45"/>'),
        "dead ends so far (darker: more)"]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="M5 5L17 17M17 5L5 17" stroke="' +
        C.dead + '" stroke-width="3"/>'), "a dead end now: no free square"]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><circle cx="11" cy="11" r="7" fill="' + C.candidate +
        '"/><text x="11" y="11" font-size="9" text-anchor="middle" dominant-baseline="central" fill="#fff">2</text>'),
        "Warnsdorff: a next square and its onward moves"]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><rect x="2" y="2" width="18" height="18" fill="none" stroke="' +
        C.prune + '" stroke-width="3" stroke-dasharray="4 2"/>'), "a move pruned"]);
      items.push([swatch('<rect width="22" height="22" fill="' + C.blocked + '"/><path d="M6 6L16 16M16 6L6 16" stroke="#bbb" stroke-width="1.5"/>'),
        "a blocked square"]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><circle cx="11" cy="11" r="7" fill="none" stroke="' +
        C.start + '" stroke-width="3"/>'), "the start"]);
      items.push([swatch('<rect width="22" height="22" fill="none" stroke="' + C.solution + '" stroke-width="6"/>'),
        "a tour"]);
    }
    return items.map(function (it) {
      return "<li>" + it[0] + "<span>" + escapeHtml(it[1]) + "</span></li>";
    }).join("");
  }

  return { html: legendHtml };
});

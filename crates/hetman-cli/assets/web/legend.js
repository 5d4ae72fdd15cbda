/* hetman: the legend of the board's marks, for each problem and search, in the page's language. */
(function (root, factory) {
  root.HetmanLegend = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  function escapeHtml(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }


  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  function swatch(inner) {
    return '<svg viewBox="0 0 22 22" aria-hidden="true">' + inner + "</svg>";
  }

  // The legend's items for a problem (and the queens' algorithm), as HTML.
  function legendHtml(problem, algorithm, C) {
    var items = [];
    // A row, up or down line on its dark outline, as the board draws it.
    var line = function (d, colour) {
      return swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="' + d + '" stroke="' + C.outline +
        '" stroke-width="5" stroke-linecap="round"/><path d="' + d + '" stroke="' + colour +
        '" stroke-width="3" stroke-linecap="round"/>');
    };
    if (problem === "queens") {
      var bitboard = algorithm === "bitboard";
      if (bitboard) {
        items.push([swatch('<rect width="22" height="22" fill="' + C.notFree + '" fill-opacity="0.7"/>'),
          say("legend-not-free")]);
        items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><circle cx="11" cy="11" r="4" fill="' + C.free + '"/>'),
          say("legend-free")]);
      } else {
        items.push([line("M4 11H18", C.row), say("legend-row")]);
        items.push([line("M4 4L18 18", C.up), say("legend-up")]);
        items.push([line("M4 18L18 4", C.down), say("legend-down")]);
        items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><rect x="2" y="2" width="18" height="18" fill="none" stroke="' +
          C.frame + '" stroke-width="3"/><rect x="5" y="5" width="12" height="12" fill="none" stroke="' +
          C.current + '" stroke-width="2"/>'), say("legend-tried")]);
        items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="M6 6L16 16M16 6L6 16" stroke="' +
          C.refused + '" stroke-width="3"/>'), say("legend-refused")]);
      }
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><rect x="3" y="1" width="16" height="20" fill="none" stroke="#1a1a1a" stroke-dasharray="3 2"/>'),
        say("legend-file")]);
      items.push([swatch('<rect width="22" height="22" fill="none" stroke="' + C.solution + '" stroke-width="6"/>'),
        say("legend-solution")]);
    } else {
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="M3 19L11 5L19 15" fill="none" stroke="' +
        C.path + '" stroke-width="2.5"/>'), say("legend-path")]);
      items.push([swatch('<rect width="22" height="22" fill="' + C.dead + '" fill-opacity="0.45"/>'),
        say("legend-dead-ends")]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><path d="M5 5L17 17M17 5L5 17" stroke="' +
        C.dead + '" stroke-width="3"/>'), say("legend-dead-end")]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><circle cx="11" cy="11" r="7" fill="' + C.candidate +
        '"/><text x="11" y="11" font-size="9" text-anchor="middle" dominant-baseline="central" fill="#fff">2</text>'),
        say("legend-candidate")]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><rect x="2" y="2" width="18" height="18" fill="none" stroke="' +
        C.prune + '" stroke-width="3" stroke-dasharray="4 2"/>'), say("legend-pruned")]);
      items.push([swatch('<rect width="22" height="22" fill="' + C.blocked + '"/><path d="M6 6L16 16M16 6L6 16" stroke="#bbb" stroke-width="1.5"/>'),
        say("legend-blocked")]);
      items.push([swatch('<rect width="22" height="22" fill="#e8dcc6"/><circle cx="11" cy="11" r="7" fill="none" stroke="' +
        C.start + '" stroke-width="3"/>'), say("legend-start")]);
      items.push([swatch('<rect width="22" height="22" fill="none" stroke="' + C.solution + '" stroke-width="6"/>'),
        say("legend-tour")]);
    }
    return items.map(function (it) {
      return "<li>" + it[0] + "<span>" + escapeHtml(it[1]) + "</span></li>";
    }).join("");
  }

  return { html: legendHtml };
});

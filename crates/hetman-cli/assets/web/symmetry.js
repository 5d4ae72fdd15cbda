/* hetman: the eight symmetries of the board and the canonical form of a queens
 * placement, exactly as the library computes them (crates/hetman/src/symmetry.rs
 * and Placement::canonical in crates/hetman/src/queens/placement.rs).
 *
 * A placement is its 0-based ranks, one per file: ranks[file] = rank.
 * An image under a symmetry moves each queen (file, rank) to map(file, rank);
 * the canonical form is the smallest image, comparing the ranks file by file;
 * the class size is 8 divided by the number of symmetries that leave the
 * placement unchanged (8, 4, 2 or 1).
 */
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanSymmetry = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // In the library's order (Symmetry::ALL): rotations first.
  // A symmetry's name in the page's language (i18n.js), English where there is no page.
  function named(id, message, english) {
    return {
      id: id,
      get name() { return typeof I18N !== "undefined" ? I18N.t(message) : english; }
    };
  }

  var SYMMETRIES = [
    named("identity", "sym-identity", "identity"),
    named("rotate-90", "sym-rotate-90", "quarter turn"),
    named("rotate-180", "sym-rotate-180", "half turn"),
    named("rotate-270", "sym-rotate-270", "three-quarter turn"),
    named("mirror-files", "sym-mirror-files", "mirror left-right"),
    named("mirror-ranks", "sym-mirror-ranks", "mirror top-bottom"),
    named("mirror-diagonal", "sym-mirror-diagonal", "mirror in a1-h8 diagonal"),
    named("mirror-anti-diagonal", "sym-mirror-anti-diagonal", "mirror in a8-h1 diagonal")
  ];

  // Symmetry::map: where (file, rank) goes on an n x n board.
  function map(index, file, rank, n) {
    var m = n - 1;
    switch (index) {
      case 0: return [file, rank];
      case 1: return [rank, m - file];
      case 2: return [m - file, m - rank];
      case 3: return [m - rank, file];
      case 4: return [m - file, rank];
      case 5: return [file, m - rank];
      case 6: return [rank, file];
      case 7: return [m - rank, m - file];
      default: throw new Error("no symmetry " + index);
    }
  }

  // Placement::image: every queen moved; needs one queen per rank.
  function image(ranks, index) {
    var n = ranks.length;
    var out = new Array(n).fill(-1);
    for (var f = 0; f < n; f++) {
      var p = map(index, f, ranks[f], n);
      if (out[p[0]] !== -1) {
        throw new Error("the " + SYMMETRIES[index].name + " needs one queen on each rank");
      }
      out[p[0]] = p[1];
    }
    return out;
  }

  // Lexicographic comparison of two rank lists of the same length (Vec<u32> < Vec<u32>).
  function compare(a, b) {
    for (var i = 0; i < a.length; i++) {
      if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    }
    return 0;
  }

  function same(a, b) {
    return compare(a, b) === 0;
  }

  // Placement::canonical: the smallest of the eight images.
  function canonical(ranks) {
    var best = ranks.slice();
    for (var s = 0; s < 8; s++) {
      var img = image(ranks, s);
      if (compare(img, best) < 0) best = img;
    }
    return best;
  }

  // Everything the page shows about a solution's symmetry class.
  function analyse(ranks) {
    var images = [];
    var fixedBy = [];
    for (var s = 0; s < 8; s++) {
      var img = image(ranks, s);
      var first = -1;
      for (var t = 0; t < images.length; t++) {
        if (same(images[t].ranks, img)) { first = t; break; }
      }
      images.push({ symmetry: SYMMETRIES[s], ranks: img, sameAs: first });
      if (same(img, ranks)) fixedBy.push(SYMMETRIES[s].id);
    }
    var canon = canonical(ranks);
    return {
      ranks: ranks.slice(),
      images: images,
      canonical: canon,
      isCanonical: same(canon, ranks),
      fixedBy: fixedBy,
      classSize: 8 / fixedBy.length
    };
  }

  // The seeds' code: 1-based ranks joined by spaces.
  function code(ranks) {
    return ranks.map(function (r) { return r + 1; }).join(" ");
  }

  return {
    SYMMETRIES: SYMMETRIES,
    map: map,
    image: image,
    compare: compare,
    canonical: canonical,
    analyse: analyse,
    code: code
  };
});

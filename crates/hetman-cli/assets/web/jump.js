/* hetman: a jump far into a queens search without its events.
 *
 * The server sends the events from any step on (`skip`), but not the board
 * there. To start playing at step K the page walks the same search as the
 * library's trace (queens/search/backtracking.rs and bitboard.rs, step for
 * step) without making events, and sets the board and the counters it leaves
 * at K; the first chunk from the server then goes on from there, and its end
 * line (the server's counters) checks that both walked the same search.
 * It runs while the server runs through the same steps for the chunk.
 */
(function (root, factory) {
  var api = factory(root.HetmanTrace || (typeof require === "function" ? require("./trace.js") : null));
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanJump = api;
})(typeof self !== "undefined" ? self : this, function (T) {
  "use strict";
  var K = T.K;

  // Whether the page can walk this trace's search itself.
  function canWalk(header) {
    return !!header && header.problem === "queens" &&
      (header.algorithm === "backtracking" || header.algorithm === "bitboard");
  }

  // Walks the search of `t`'s header and returns {at, state}: the board after
  // `stop` events, or after the solution numbered `solution` (whichever comes
  // first; at is smaller when the search ends before). The board is changed as
  // Timeline.applyTo changes it, written out here for speed (the tests check
  // the two against each other).
  function walk(t, stop, solution) {
    var s = t.emptyState();
    if (stop <= 0) return { at: 0, state: s };
    var want = solution > 0 ? solution : Infinity;
    var at = t.header.algorithm === "backtracking" ? walkSeed(t.n, s, stop, want) : walkBits(t.n, s, stop, want);
    return { at: at, state: s };
  }

  // The seeds' test(c), as the library's Stepper gives its steps; returns the steps taken.
  function walkSeed(n, s, stop, want) {
    var row = new Uint8Array(n).fill(1);
    var up = new Uint8Array(2 * n).fill(1);
    var down = new Uint8Array(2 * n + 1).fill(1);
    var stack = new Int32Array(n + 1);
    var cnt = s.counters, ranks = s.ranks, tried = s.tried, refRank = s.refRank, refLines = s.refLines;
    var perDepth = s.perDepth;
    var at = 0, depth = 0, file = 0;
    var LR = T.LINE.row, LU = T.LINE.up, LD = T.LINE.down;
    var top = 0; // frames on the stack
    var c = 0, r = 0;
    // call test(c): c = top
    stack[top++] = 0;
    cnt[0]++; file = 0; perDepth[0]++; tried[0] = -1; refRank[0] = -1; refLines[0] = 0;
    if (++at >= stop) return finish();
    for (;;) {
      c = top - 1;
      r = stack[c];
      if (r < n) {
        cnt[1]++; file = c; tried[c] = r; // try
        if (++at >= stop) return finish();
        if (row[r] && up[r + c] && down[r + n - c]) {
          row[r] = 0; up[r + c] = 0; down[r + n - c] = 0;
          cnt[3]++; ranks[c] = r; depth++; tried[c] = r; // put
          if (++at >= stop) return finish();
          if (c + 1 === n) {
            cnt[5]++; // solution
            if (++at >= stop || cnt[5] >= want) return finish();
          } else {
            stack[top++] = 0;
            cnt[0]++; file = c + 1; perDepth[c + 1]++; // call
            tried[c + 1] = -1; refRank[c + 1] = -1; refLines[c + 1] = 0;
            if (++at >= stop) return finish();
            continue;
          }
        } else {
          stack[c]++;
          cnt[2]++; refRank[c] = r; // refuse
          refLines[c] = (row[r] ? 0 : LR) | (up[r + c] ? 0 : LU) | (down[r + n - c] ? 0 : LD);
          if (++at >= stop) return finish();
          continue;
        }
      } else {
        top--;
        if (top === 0) return finish();
        c = top - 1;
        r = stack[c];
      }
      // Remove the queen of file c and go on with the next rank.
      row[r] = 1; up[r + c] = 1; down[r + n - c] = 1;
      stack[c]++;
      cnt[4]++; ranks[c] = -1; depth--; file = c; // remove
      if (++at >= stop) return finish();
    }
    function finish() {
      s.depth = depth;
      s.file = file;
      s.free = null;
      return at;
    }
  }

  // The bitboard search, as the library's Stepper gives its steps; returns the steps taken.
  function walkBits(n, s, stop, want) {
    var full = n >= 32 ? -1 : (1 << n) - 1;
    var free = new Int32Array(n + 1), taken = new Int32Array(n + 1);
    var rising = new Int32Array(n + 1), falling = new Int32Array(n + 1);
    var qr = new Int32Array(n);
    var cnt = s.counters, ranks = s.ranks, tried = s.tried, perDepth = s.perDepth, refRank = s.refRank, refLines = s.refLines;
    var at = 0, depth = 0, file = -1, lastFree = 0;
    var top = 0;
    var push = function (tk, ri, fa) {
      var f = full & ~(tk | ri | fa);
      free[top] = f; taken[top] = tk; rising[top] = ri; falling[top] = fa;
      var c = top++;
      cnt[0]++; file = c; lastFree = f; perDepth[c]++; // call
      tried[c] = -1; refRank[c] = -1; refLines[c] = 0;
      return ++at >= stop;
    };
    if (push(0, 0, 0)) return finish();
    for (;;) {
      var c = top - 1;
      if (free[c] !== 0) {
        var bit = free[c] & -free[c];
        free[c] ^= bit;
        var rank = 31 - Math.clz32(bit);
        qr[c] = rank;
        cnt[3]++; ranks[c] = rank; depth++; tried[c] = rank; // put
        if (++at >= stop) return finish();
        if (c + 1 === n) {
          cnt[5]++; // solution
          if (++at >= stop || cnt[5] >= want) return finish();
        } else {
          var b = 1 << rank;
          if (push(taken[c] | b, (rising[c] | b) << 1, (falling[c] | b) >>> 1)) return finish();
          continue;
        }
      } else {
        top--;
        if (top === 0) return finish();
        c = top - 1;
      }
      cnt[4]++; ranks[c] = -1; depth--; file = c; // remove
      if (++at >= stop) return finish();
    }
    function finish() {
      s.depth = depth;
      s.file = file;
      s.free = at > 0 ? lastFree : null;
      return at;
    }
  }

  return { canWalk: canWalk, walk: walk };
});

/* hetman: a jump far into a queens search without its events.
 *
 * The server sends the events from any step on (`skip`), but not the board
 * there. To start playing at step K the page walks the same search as the
 * library's trace (queens/search/backtracking.rs and bitboard.rs, step for
 * step) without making events, and sets the board and the counters it leaves
 * at K; the first chunk from the server then goes on from there, and its end
 * line (the server's counters) checks that both walked the same search.
 * It runs while the server runs through the same steps for the chunk.
 *
 * Both keep saved states of the search: the walk here every SAVE_EVERY steps
 * (so a second jump near a first starts from there), the server every 2^20
 * steps as its requests pass them. The server replays at most 10^8 steps
 * past its nearest saved state in one request and answers a farther skip
 * with 400 and `reach`; fetchFar asks for that skip first (its replay saves
 * the states the next request starts from) and then again.
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

  // Steps between the walk's saved states (about 0.1 s of walking), and the
  // most kept per search (then every other one is dropped and the spacing doubles).
  var SAVE_EVERY = 1 << 22;
  var MAX_SAVED = 2048;
  // Searches whose saved states are kept (the least recently walked dropped first).
  var MAX_SEARCHES = 4;
  var saved = []; // [{key, every, list: [{at, w, s}] in order of at}]

  // The saved states of the search `t` plays, the most recent first.
  function savedOf(t) {
    var key = t.header.algorithm + ":" + t.n;
    for (var i = 0; i < saved.length; i++) {
      if (saved[i].key === key) {
        var hit = saved.splice(i, 1)[0];
        saved.unshift(hit);
        return hit;
      }
    }
    saved.unshift({ key: key, every: SAVE_EVERY, list: [] });
    if (saved.length > MAX_SEARCHES) saved.pop();
    return saved[0];
  }

  // Keeps a state of the walk: `w` its own variables, `s` the board.
  function keep(box, at, w, s, clone) {
    var list = box.list;
    var i = list.length;
    while (i > 0 && list[i - 1].at > at) i--;
    if (i > 0 && list[i - 1].at === at) return;
    list.splice(i, 0, { at: at, w: w, s: clone(s) });
    if (list.length > MAX_SAVED) {
      box.every *= 2;
      box.list = list.filter(function (x, k) { return k % 2 === 1; });
    }
  }

  // Walks the search of `t`'s header and returns {at, state}: the board after
  // `stop` events, or after the solution numbered `solution` (whichever comes
  // first; at is smaller when the search ends before). The board is changed as
  // Timeline.applyTo changes it, written out here for speed (the tests check
  // the two against each other). It starts from the latest saved state before
  // both and saves more on its way.
  function walk(t, stop, solution) {
    if (stop <= 0) return { at: 0, state: t.emptyState() };
    var want = solution > 0 ? solution : Infinity;
    var box = savedOf(t);
    var from = null;
    for (var i = box.list.length - 1; i >= 0; i--) {
      var x = box.list[i];
      if (x.at <= stop && x.s.counters[5] < want) { from = x; break; }
    }
    var s = from ? t.cloneState(from.s) : t.emptyState();
    var clone = function (st) { return t.cloneState(st); };
    var seed = t.header.algorithm === "backtracking";
    var at = (seed ? walkSeed : walkBits)(t.n, s, stop, want, from, box, clone);
    return { at: at, state: s };
  }

  // The seeds' test(c), as the library's Stepper gives its steps; returns the
  // steps taken. Starts from the saved state `from` if given; saves into `box`.
  function walkSeed(n, s, stop, want, from, box, clone) {
    var row, up, down, stack, at, depth, file, top;
    var cnt = s.counters, ranks = s.ranks, tried = s.tried, refRank = s.refRank, refLines = s.refLines;
    var perDepth = s.perDepth;
    var LR = T.LINE.row, LU = T.LINE.up, LD = T.LINE.down;
    var c = 0, r = 0;
    if (from) {
      var w = from.w;
      row = w.row.slice(); up = w.up.slice(); down = w.down.slice(); stack = w.stack.slice();
      at = from.at; depth = w.depth; file = w.file; top = w.top;
      if (at >= stop) return finish();
    } else {
      row = new Uint8Array(n).fill(1);
      up = new Uint8Array(2 * n).fill(1);
      down = new Uint8Array(2 * n + 1).fill(1);
      stack = new Int32Array(n + 1);
      at = 0; depth = 0; file = 0;
      top = 0; // frames on the stack
      // call test(c): c = top
      stack[top++] = 0;
      cnt[0]++; file = 0; perDepth[0]++; tried[0] = -1; refRank[0] = -1; refLines[0] = 0;
      if (++at >= stop) return finish();
    }
    var next = (Math.floor(at / box.every) + 1) * box.every;
    for (;;) {
      if (at >= next) {
        finish();
        keep(box, at, { row: row.slice(), up: up.slice(), down: down.slice(), stack: stack.slice(),
          depth: depth, file: file, top: top }, s, clone);
        next = (Math.floor(at / box.every) + 1) * box.every;
      }
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

  // The bitboard search, as the library's Stepper gives its steps; returns the
  // steps taken. Starts from the saved state `from` if given; saves into `box`.
  function walkBits(n, s, stop, want, from, box, clone) {
    var full = n >= 32 ? -1 : (1 << n) - 1;
    var free, taken, rising, falling, qr, at, depth, file, lastFree, top;
    var cnt = s.counters, ranks = s.ranks, tried = s.tried, perDepth = s.perDepth, refRank = s.refRank, refLines = s.refLines;
    var push = function (tk, ri, fa) {
      var f = full & ~(tk | ri | fa);
      free[top] = f; taken[top] = tk; rising[top] = ri; falling[top] = fa;
      var c = top++;
      cnt[0]++; file = c; lastFree = f; perDepth[c]++; // call
      tried[c] = -1; refRank[c] = -1; refLines[c] = 0;
      return ++at >= stop;
    };
    if (from) {
      var w = from.w;
      free = w.free.slice(); taken = w.taken.slice(); rising = w.rising.slice(); falling = w.falling.slice();
      qr = w.qr.slice(); at = from.at; depth = w.depth; file = w.file; lastFree = w.lastFree; top = w.top;
      if (at >= stop) return finish();
    } else {
      free = new Int32Array(n + 1); taken = new Int32Array(n + 1);
      rising = new Int32Array(n + 1); falling = new Int32Array(n + 1);
      qr = new Int32Array(n);
      at = 0; depth = 0; file = -1; lastFree = 0; top = 0;
      if (push(0, 0, 0)) return finish();
    }
    var next = (Math.floor(at / box.every) + 1) * box.every;
    for (;;) {
      if (at >= next) {
        finish();
        keep(box, at, { free: free.slice(), taken: taken.slice(), rising: rising.slice(), falling: falling.slice(),
          qr: qr.slice(), depth: depth, file: file, lastFree: lastFree, top: top }, s, clone);
        next = (Math.floor(at / box.every) + 1) * box.every;
      }
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

  // fetch(url, opts) for a chunk at any skip: when the server answers that the
  // skip is too far past its saved states (400 with `reach`), asks for one
  // event at `reach` first, read to its end (the server has saved its states
  // on the way), and then for `url` again; each hop is at most the server's
  // max_replay steps. `fetchFn` is the fetch to use (the page's by default).
  function fetchFar(url, opts, fetchFn) {
    var get = fetchFn || function (u, o) { return fetch(u, o); };
    var last = -1;
    var go = function () {
      return get(url, opts).then(function (res) {
        if (res.status !== 400) return res;
        return res.clone().json().then(function (body) {
          var reach = body && body.reach;
          if (typeof reach !== "number" || !(reach > last)) return res;
          last = reach;
          var hop = url.replace(/([?&]skip=)\d+/, "$1" + reach).replace(/([?&]limit=)\d+/, "$1" + 1);
          return get(hop, opts).then(function (r) {
            return r.ok ? r.text().then(go) : r;
          });
        }, function () { return res; });
      });
    };
    return go();
  }

  return { canWalk: canWalk, walk: walk, fetchFar: fetchFar, SAVE_EVERY: SAVE_EVERY };
});

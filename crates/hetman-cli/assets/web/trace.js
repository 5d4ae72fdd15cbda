/* hetman: reading trace events (docs/trace-schema.md, version 1) and stepping
 * through them forward and back.
 *
 * A Timeline keeps the events in typed arrays (up to a cap, 2 million by
 * default; past it the oldest half is dropped and the page says so), the
 * board as the events so far leave it, and a snapshot of that board every
 * SNAPSHOT_EVERY events, so a step back is a jump to the snapshot before it
 * and a replay of at most that many events.
 *
 * Sources feed it lines (sources.js, whose NetSource, TextSource and
 * LineSplitter this module hands on).
 */
(function (root, factory) {
  var api = factory(root.HetmanSources || (typeof require === "function" ? require("./sources.js") : null));
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanTrace = api;
})(typeof self !== "undefined" ? self : this, function (Sources) {
  "use strict";

  // The schema versions this page reads: 1, and 2 (each event names its code line).
  var SCHEMAS = [1, 2];
  var SNAPSHOT_EVERY = 2048;
  var DEFAULT_CAP = 2000000;
  // Solutions kept for the list (16 queens has millions; the counter goes on).
  var LIST_CAP = 20000;

  var K = {
    CALL: 1, TRY: 2, REFUSE: 3, PUT: 4, REMOVE: 5, SOLUTION: 6,
    MOVE: 7, CANDIDATES: 8, DEAD_END: 9, PRUNE: 10, BACK: 11, TOUR: 12,
    PLACEMENT: 13, SCORE: 14, PERMUTATION: 15
  };
  var KIND = {
    call: K.CALL, "try": K.TRY, refuse: K.REFUSE, put: K.PUT, remove: K.REMOVE,
    solution: K.SOLUTION, move: K.MOVE, candidates: K.CANDIDATES,
    dead_end: K.DEAD_END, prune: K.PRUNE, back: K.BACK, tour: K.TOUR,
    placement: K.PLACEMENT, score: K.SCORE, permutation: K.PERMUTATION
  };
  var LINE = { row: 1, up: 2, down: 4 };
  var HAS_FREE = 1 << 20;
  var COUNTERS = {
    queens: ["calls", "tries", "refusals", "placements", "backtracks", "solutions"],
    knight: ["moves", "dead_ends", "prunes", "backtracks", "tours"],
    // Schema 2: the seeds' brute force and the permutations.
    brute: ["placements_scored", "solutions"],
    permutations: ["permutations_tried", "solutions"]
  };
  // The largest N of the searches a trace may hold ranks of in two 24-bit halves.
  var PACKED_RANKS = 12;

  // File names as the library writes them: a..z, then aa, ab, ... (bijective base 26).
  function fileName(file) {
    var s = "";
    var n = file + 1;
    while (n > 0) {
      var r = (n - 1) % 26;
      s = String.fromCharCode(97 + r) + s;
      n = Math.floor((n - 1) / 26);
    }
    return s;
  }

  function squareName(file, rank) {
    return fileName(file) + (rank + 1);
  }

  // "c4" -> {file: 2, rank: 3}; null when it is not a square.
  function parseSquare(s) {
    var m = /^([a-z]+)([0-9]+)$/.exec(String(s).trim().toLowerCase());
    if (!m) return null;
    var f = 0;
    for (var i = 0; i < m[1].length; i++) f = f * 26 + (m[1].charCodeAt(i) - 96);
    var r = parseInt(m[2], 10);
    if (r < 1) return null;
    return { file: f - 1, rank: r - 1 };
  }

  function lineNames(mask) {
    var out = [];
    if (mask & LINE.row) out.push("row");
    if (mask & LINE.up) out.push("up");
    if (mask & LINE.down) out.push("down");
    return out;
  }

  function Timeline(options) {
    options = options || {};
    this.cap = options.cap || DEFAULT_CAP;
    this.header = null;
    this.problem = null;
    this.end = null; // the end line of a complete stream
    this.lastEnd = null; // the last end line seen (a chunk's or the stream's)
    this.base = 0; // events before this index were dropped
    this.count = 0; // events received
    this.cursor = 0; // events applied to the board
    this.maxCursor = 0;
    this.cut = false;
    var size = 4096;
    this.kind = new Uint8Array(size);
    this.a = new Int32Array(size);
    this.b = new Int32Array(size);
    this.c = new Int32Array(size);
    this.extra = new Map(); // event index -> candidates options or prune reason
    this.lineId = new Uint16Array(size); // schema 2: index into lineNames + 1 (0: none)
    this.lineNames = [];
    this.lineIndex = new Map();
    this.solutions = []; // {number, index, ranks (queens) or path (knight squares)}
    this.listDropped = 0;
    this.snapshots = [];
  }

  Timeline.prototype.setHeader = function (h) {
    if (SCHEMAS.indexOf(h.hetman_trace) < 0) {
      throw new Error(say("err-trace-schema", { versions: SCHEMAS.join(", "), found: JSON.stringify(h.hetman_trace) }));
    }
    this.header = h;
    this.problem = h.problem;
    if (h.problem === "queens") {
      if (!(h.n >= 1 && h.n <= 64)) throw new Error(say("err-trace-n"));
      this.width = this.height = this.n = h.n;
    } else if (h.problem === "knight") {
      this.width = h.width;
      this.height = h.height;
      var sq = parseSquare(h.start);
      if (!sq) throw new Error(say("err-trace-start", { start: h.start }));
      this.start = sq.rank * this.width + sq.file;
      this.blocked = new Uint8Array(this.width * this.height);
      for (var i = 0; i < (h.blocked || []).length; i++) {
        var b = parseSquare(h.blocked[i]);
        if (b) this.blocked[b.rank * this.width + b.file] = 1;
      }
    } else {
      throw new Error(say("err-trace-problem", { problem: h.problem }));
    }
    this.method = h.problem === "queens" && (h.algorithm === "brute" || h.algorithm === "permutations")
      ? h.algorithm : null;
    if (this.method && this.n > PACKED_RANKS) throw new Error(say("err-trace-method-n", { method: this.method, max: PACKED_RANKS }));
    this.counterNames = COUNTERS[this.method || this.problem];
    this.solSlot = this.counterNames.indexOf(this.problem === "queens" ? "solutions" : "tours");
    this.state = this.emptyState();
    this.snapshots = [{ at: 0, state: this.cloneState(this.state) }];
  };

  Timeline.prototype.sq = function (name) {
    var s = parseSquare(name);
    return s ? s.rank * this.width + s.file : -1;
  };

  Timeline.prototype.squareName = function (i) {
    return squareName(i % this.width, Math.floor(i / this.width));
  };

  // One line of JSON Lines. Returns "header", "event", "end" or "skip".
  Timeline.prototype.addLine = function (line) {
    line = line.trim();
    if (!line) return "skip";
    return this.addObject(JSON.parse(line));
  };

  // One line of the trace, already read (a packed trace gives objects).
  Timeline.prototype.addObject = function (o) {
    if (Object.prototype.hasOwnProperty.call(o, "hetman_trace")) {
      if (!this.header) {
        this.setHeader(o);
      } else if (o.problem !== this.header.problem) {
        throw new Error(say("err-trace-other-chunk"));
      }
      return "header";
    }
    if (!this.header) throw new Error(say("err-trace-no-header"));
    if (o.event === "end") {
      this.lastEnd = o;
      if (o.complete) this.end = o;
      return "end";
    }
    if (o.step <= this.count) return "skip"; // already have it
    if (o.step !== this.count + 1) {
      throw new Error(say("err-trace-gap", { step: o.step, count: this.count }));
    }
    this.push(o);
    return "event";
  };

  // Room for one more event; false when the history cannot be cut yet.
  Timeline.prototype.makeRoom = function () {
    var kept = this.count - this.base;
    if (kept < this.cap) {
      if (kept >= this.kind.length) {
        var size = Math.min(this.cap, this.kind.length * 2);
        var grow = function (old, Type) {
          var a = new Type(size);
          a.set(old);
          return a;
        };
        this.kind = grow(this.kind, Uint8Array);
        this.a = grow(this.a, Int32Array);
        this.b = grow(this.b, Int32Array);
        this.c = grow(this.c, Int32Array);
        this.lineId = grow(this.lineId, Uint16Array);
      }
      return true;
    }
    // Drop the oldest half, at a snapshot the board can be rebuilt from.
    var target = Math.min(this.base + Math.floor(this.cap / 2), this.cursor);
    var newBase = this.base;
    for (var s = 0; s < this.snapshots.length; s++) {
      if (this.snapshots[s].at <= target) newBase = this.snapshots[s].at;
    }
    if (newBase <= this.base) return false;
    var shift = newBase - this.base;
    this.kind.copyWithin(0, shift, kept);
    this.a.copyWithin(0, shift, kept);
    this.b.copyWithin(0, shift, kept);
    this.c.copyWithin(0, shift, kept);
    this.lineId.copyWithin(0, shift, kept);
    var self = this;
    this.extra.forEach(function (_, key) {
      if (key < newBase) self.extra.delete(key);
    });
    this.snapshots = this.snapshots.filter(function (s) { return s.at >= newBase; });
    this.base = newBase;
    this.cut = true;
    return true;
  };

  Timeline.prototype.push = function (o) {
    var kind = KIND[o.event];
    if (!kind) throw new Error(say("err-trace-event", { event: o.event, step: o.step }));
    if (!this.makeRoom()) throw new Error(say("err-trace-full"));
    var i = this.count - this.base;
    var idx = this.count;
    var a = 0, b = 0, c = 0;
    switch (kind) {
      case K.CALL:
        // b: the depth, plus HAS_FREE when c holds the free ranks (a 32-bit mask).
        a = o.file; b = o.depth;
        if (o.free) {
          b |= HAS_FREE;
          for (var j = 0; j < o.free.length; j++) c |= 1 << o.free[j];
        }
        break;
      case K.TRY:
        a = o.file; b = o.rank;
        break;
      case K.REFUSE:
        a = o.file; b = o.rank;
        for (var k = 0; k < o.lines.length; k++) c |= LINE[o.lines[k]] || 0;
        break;
      case K.PUT:
      case K.REMOVE:
        a = o.file; b = o.rank; c = o.depth;
        break;
      case K.PLACEMENT:
      case K.PERMUTATION:
        // The ranks, 4 bits each: files 0-5 in a, 6-11 in b; c: the clash [i, j] as i*16+j, or -1.
        for (var q = 0; q < o.ranks.length; q++) {
          if (q < 6) a |= o.ranks[q] << (4 * q); else b |= o.ranks[q] << (4 * (q - 6));
        }
        c = o.clash ? o.clash[0] * 16 + o.clash[1] : -1;
        break;
      case K.SCORE:
        a = o.pairs; b = o.of;
        break;
      case K.SOLUTION:
      case K.TOUR:
        b = o.number;
        a = -1;
        if (this.solutions.length < LIST_CAP) {
          a = this.solutions.length;
          var entry = { number: o.number, index: idx };
          if (kind === K.SOLUTION) {
            entry.ranks = o.ranks.slice();
            entry.code = o.code;
          } else {
            entry.path = o.path.map(this.sq, this);
          }
          this.solutions.push(entry);
        } else {
          this.listDropped++;
        }
        break;
      case K.MOVE:
        a = this.sq(o.square); b = o.number; c = o.from ? this.sq(o.from) : -1;
        break;
      case K.CANDIDATES:
        a = this.sq(o.square);
        this.extra.set(idx, o.options.map(function (x) {
          return { square: this.sq(x.square), degree: x.degree };
        }, this));
        break;
      case K.DEAD_END:
      case K.BACK:
        a = this.sq(o.square); b = o.number;
        break;
      case K.PRUNE:
        a = this.sq(o.square); b = o.number;
        this.extra.set(idx, o.reason);
        break;
    }
    var li = 0;
    if (typeof o.line === "string") {
      li = this.lineIndex.get(o.line);
      if (li === undefined) {
        this.lineNames.push(o.line);
        li = this.lineNames.length;
        this.lineIndex.set(o.line, li);
      }
    }
    this.lineId[i] = li;
    this.kind[i] = kind;
    this.a[i] = a;
    this.b[i] = b;
    this.c[i] = c;
    this.count++;
  };

  Timeline.prototype.emptyState = function () {
    if (this.problem === "queens") {
      return {
        ranks: new Int8Array(this.n).fill(-1),
        depth: 0,
        file: -1, // the file of the current call of test(c)
        free: null, // bitboard: the free ranks of that file, as a 32-bit mask
        counters: new Float64Array(this.counterNames.length),
        pairs: -1, // brute force: the non-attacking pairs of the placement scored last
        clash: -1, // permutations: the files that clash, i*16+j, or -1
        tried: new Int8Array(this.n).fill(-1), // per file: the rank tried now (the stack's candidate)
        refRank: new Int8Array(this.n).fill(-1), // per file: the rank refused last in this call
        refLines: new Uint8Array(this.n), // and the lines (row, up, down) that ruled it out
        perDepth: new Float64Array(this.n + 1) // calls of test(c) per depth (queens on the board)
      };
    }
    var squares = this.width * this.height;
    return {
      num: new Int32Array(squares),
      path: new Int32Array(squares),
      depth: 0,
      dead: new Uint32Array(squares),
      candAt: new Float64Array(squares + 2).fill(-1),
      counters: new Float64Array(5),
      perDepth: new Float64Array(squares + 1) // squares entered per move number
    };
  };

  Timeline.prototype.cloneState = function (s) {
    var out = {};
    for (var key in s) {
      out[key] = (s[key] && typeof s[key].slice === "function") ? s[key].slice() : s[key];
    }
    return out;
  };

  // Applies the event at the cursor to the board.
  Timeline.prototype.applyNext = function () {
    var idx = this.cursor;
    if (idx % SNAPSHOT_EVERY === 0 && idx > this.maxCursor - 1 &&
        (this.snapshots.length === 0 || this.snapshots[this.snapshots.length - 1].at < idx)) {
      this.snapshots.push({ at: idx, state: this.cloneState(this.state) });
    }
    var i = idx - this.base;
    this.applyTo(this.state, this.kind[i], this.a[i], this.b[i], this.c[i], idx);
    this.cursor++;
    if (this.cursor > this.maxCursor) this.maxCursor = this.cursor;
  };

  // What one event (kind, a, b, c, as stored) does to the board `s`.
  Timeline.prototype.applyTo = function (s, kind, a, b, c, idx) {
    var cnt = s.counters;
    switch (kind) {
      case K.CALL:
        cnt[0]++; s.file = a; s.free = (b & HAS_FREE) ? c : null;
        s.perDepth[b & (HAS_FREE - 1)]++;
        if (a < this.n) { s.tried[a] = -1; s.refRank[a] = -1; s.refLines[a] = 0; }
        break;
      case K.TRY: cnt[1]++; s.file = a; s.tried[a] = b; break;
      case K.REFUSE: cnt[2]++; s.refRank[a] = b; s.refLines[a] = c; break;
      case K.PUT: cnt[3]++; s.ranks[a] = b; s.depth++; s.tried[a] = b; break;
      case K.REMOVE: cnt[4]++; s.ranks[a] = -1; s.depth--; s.file = a; break;
      case K.SOLUTION: cnt[this.solSlot]++; break;
      case K.PLACEMENT:
      case K.PERMUTATION:
        for (var f = 0; f < this.n; f++) s.ranks[f] = f < 6 ? (a >>> (4 * f)) & 15 : (b >>> (4 * (f - 6))) & 15;
        s.depth = this.n;
        s.pairs = -1;
        if (kind === K.PERMUTATION) { cnt[0]++; s.clash = c; }
        break;
      case K.SCORE: cnt[0]++; s.pairs = a; break;
      case K.MOVE: cnt[0]++; s.path[s.depth++] = a; s.num[a] = b; s.perDepth[b]++; break;
      case K.CANDIDATES: s.candAt[s.depth] = idx; break;
      case K.DEAD_END: cnt[1]++; s.dead[a]++; break;
      case K.PRUNE: cnt[2]++; break;
      case K.BACK:
        cnt[3]++;
        s.candAt[s.depth] = -1;
        s.depth--;
        s.num[a] = 0;
        break;
      case K.TOUR: cnt[4]++; break;
    }
  };

  // Moves the cursor to `target` (events applied); returns where it got to.
  Timeline.prototype.seek = function (target) {
    target = Math.max(this.base, Math.min(target, this.count));
    if (target < this.cursor) {
      var snap = null;
      for (var i = this.snapshots.length - 1; i >= 0; i--) {
        if (this.snapshots[i].at <= target) { snap = this.snapshots[i]; break; }
      }
      if (!snap) return this.cursor;
      this.state = this.cloneState(snap.state);
      this.cursor = snap.at;
    }
    while (this.cursor < target) this.applyNext();
    return this.cursor;
  };

  // The index of the next solution (tour) event at or after `from`, or -1 if none is loaded.
  Timeline.prototype.nextSolution = function (from) {
    for (var idx = Math.max(from, this.base); idx < this.count; idx++) {
      var k = this.kind[idx - this.base];
      if (k === K.SOLUTION || k === K.TOUR) return idx;
    }
    return -1;
  };

  // The event at absolute index `idx` as a small object, or null if it is not kept.
  Timeline.prototype.event = function (idx) {
    if (idx < this.base || idx >= this.count) return null;
    var i = idx - this.base;
    return {
      index: idx, step: idx + 1, kind: this.kind[i],
      a: this.a[i], b: this.b[i], c: this.c[i],
      extra: this.extra.get(idx)
    };
  };

  Timeline.prototype.counters = function () {
    var out = {};
    for (var i = 0; i < this.counterNames.length; i++) {
      out[this.counterNames[i]] = this.state.counters[i];
    }
    return out;
  };

  // At the end of a complete stream: whether the counters equal the end line's.
  Timeline.prototype.checkEnd = function () {
    if (!this.end || this.cursor !== this.count) return null;
    var mine = this.counters();
    var theirs = this.end.counters;
    for (var key in mine) {
      if (mine[key] !== theirs[key]) return { ok: false, key: key, mine: mine[key], theirs: theirs[key] };
    }
    return { ok: true };
  };

  // The solutions found up to the cursor (those the list may show).
  Timeline.prototype.found = function () {
    // The listed solutions whose event is before the cursor (the list is in order).
    var lo = 0, hi = this.solutions.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.solutions[mid].index < this.cursor) lo = mid + 1; else hi = mid;
    }
    return lo;
  };

  // Starts the timeline over at absolute index `at` with the board `state` there
  // (a jump far ahead: the events before it are not kept).
  Timeline.prototype.restartAt = function (at, state) {
    this.base = this.count = this.cursor = this.maxCursor = at;
    this.state = state;
    this.snapshots = [{ at: at, state: this.cloneState(state) }];
    this.extra = new Map();
    this.solutions = [];
    this.listDropped = 0;
    this.end = null;
    this.lastEnd = null;
    this.jumped = true;
  };

  // The id of the code line of the event at `idx` (schema 2), or null.
  Timeline.prototype.line = function (idx) {
    if (idx < this.base || idx >= this.count) return null;
    var li = this.lineId[idx - this.base];
    return li ? this.lineNames[li - 1] : null;
  };

  // The page's words (i18n.js), or the id where there is no page (node).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  // A sentence for the event at `idx`, in the page's language.
  Timeline.prototype.describe = function (idx) {
    var e = this.event(idx);
    if (!e) return idx < 0 ? say("step-start") : "";
    var self = this;
    var q = function (f, r) { return squareName(f, r); };
    var name = function (i) { return self.squareName(i); };
    switch (e.kind) {
      case K.CALL: {
        var depth = e.b & (HAS_FREE - 1);
        var free = (e.b & HAS_FREE) !== 0;
        var id = (this.header.algorithm === "bitboard" ? "step-node" : "step-call") + (free ? "-free" : "");
        return say(id, { file: fileName(e.a), depth: depth, ranks: free ? freeList(e.c, this.n) : "" });
      }
      case K.TRY: return say("step-try", { square: q(e.a, e.b) });
      case K.REFUSE:
        return say("step-refuse", { square: q(e.a, e.b), lines: lineNames(e.c).join(", ") });
      case K.PUT: return say("step-put", { square: q(e.a, e.b), depth: e.c });
      case K.REMOVE: return say("step-remove", { square: q(e.a, e.b) });
      case K.SOLUTION: {
        var s = this.solutions[e.a];
        return s ? say("step-solution", { number: e.b, code: s.code }) : say("step-solution-bare", { number: e.b });
      }
      case K.MOVE:
        return e.c < 0 ? say("step-knight-start", { square: name(e.a) })
          : say("step-move", { number: e.b, from: name(e.c), square: name(e.a) });
      case K.CANDIDATES: {
        var opts = (e.extra || []).map(function (o) { return name(o.square) + " (" + o.degree + ")"; });
        return opts.length
          ? say("step-candidates", { square: name(e.a), list: opts.join(", ") })
          : say("step-candidates-none", { square: name(e.a) });
      }
      case K.DEAD_END:
        return say("step-dead-end", { square: name(e.a), number: e.b });
      case K.PRUNE:
        return say("step-prune", { square: name(e.a), number: e.b, why: e.extra || say("step-prune-strand") });
      case K.BACK: return say("step-back", { square: name(e.a), number: e.b });
      case K.TOUR: return say("step-tour", { number: e.b });
      case K.PLACEMENT: return say("step-placement", { code: this.codeOf(e) });
      case K.SCORE:
        return say(e.a === e.b ? "step-score-solution" : "step-score", { pairs: e.a, of: e.b });
      case K.PERMUTATION:
        return e.c < 0 ? say("step-permutation-ok", { code: this.codeOf(e) })
          : say("step-permutation-clash", { code: this.codeOf(e), i: fileName(e.c >> 4), j: fileName(e.c & 15) });
    }
    return "";
  };

  // The seeds' code of a placement or permutation event: 1-based ranks.
  Timeline.prototype.codeOf = function (e) {
    var out = [];
    for (var f = 0; f < this.n; f++) out.push((f < 6 ? (e.a >>> (4 * f)) & 15 : (e.b >>> (4 * (f - 6))) & 15) + 1);
    return out.join(" ");
  };

  function freeList(mask, n) {
    var out = [];
    for (var r = 0; r < n; r++) if ((mask >>> r) & 1) out.push(r + 1);
    return out.length ? out.join(" ") : say("event-none");
  }

  return {
    K: K,
    LINE: LINE,
    SNAPSHOT_EVERY: SNAPSHOT_EVERY,
    SCHEMAS: SCHEMAS,
    HAS_FREE: HAS_FREE,
    DEFAULT_CAP: DEFAULT_CAP,
    Timeline: Timeline,
    TextSource: Sources.TextSource,
    NetSource: Sources.NetSource,
    LineSplitter: Sources.LineSplitter,
    fileName: fileName,
    squareName: squareName,
    parseSquare: parseSquare,
    lineNames: lineNames
  };
});

/* hetman: the page for the keyboard and for screen readers.
 *
 *  - BoardKeys: the board's squares as one tab stop (a grid over the drawn board, with a
 *    roving tabindex): the arrow keys move between squares, Enter or Space does what a
 *    click on the square does (the click goes to the board at the square's centre, so
 *    the page has one way to handle it);
 *  - Announcer: each step said through an aria-live region, in the words of the status
 *    line (the page writes them once, there), at most one every ANNOUNCE_EVERY ms while
 *    the search plays.
 *
 * The texts are in TEXT, in one place.
 */
(function (root, factory) {
  "use strict";
  root.HetmanAccess = factory(root.HetmanBoard, root.HetmanTrace);
})(typeof self !== "undefined" ? self : this, function (B, T) {
  "use strict";

  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  var TEXT = {
    get grid() { return say("access-grid"); },
    square: function (name) { return name; }
  };
  var MAX_SQUARES = 4096; // larger boards (a finished tour of 100x100) get no grid
  var ANNOUNCE_EVERY = 2500;

  // The board drawn in `holder` (board.js): its size and geometry, or null.
  function drawn(holder) {
    var svg = holder.querySelector("svg");
    if (!svg || !svg.getAttribute("data-files")) return null;
    var w = Number(svg.getAttribute("data-files")), h = Number(svg.getAttribute("data-ranks"));
    var g = B.geometry(w, h, { labels: svg.getAttribute("data-labels") === "1" });
    return { svg: svg, width: w, height: h, g: g };
  }

  // The square (index rank * width + file) under a mouse event on the board, or -1.
  function squareAt(holder, ev) {
    var d = drawn(holder);
    if (!d) return -1;
    var pt = d.svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    var p = pt.matrixTransform(d.svg.getScreenCTM().inverse());
    var at = d.g.at(p.x, p.y);
    return at ? at.rank * d.width + at.file : -1;
  }

  // The square a keyboard user lands on when tabbing to the board (app: the page's state):
  // the knight's start while it is set up, else the square of the current step; -1 for none.
  function home(app) {
    if (!app) return -1;
    var t = app.timeline;
    if (app.view === "setup") return app.knight.start;
    if (app.view !== "trace" || !t || !t.header) return -1;
    if (t.problem === "queens") {
      var e = t.event(t.cursor - 1);
      return e && e.kind >= T.K.TRY && e.kind <= T.K.REMOVE ? e.b * t.n + e.a : -1;
    }
    return t.state.depth ? t.state.path[t.state.depth - 1] : -1;
  }

  // The grid of focusable squares laid over the board `holder` (inside `wrap`); `app`, the
  // page's state, tells where the tab stop goes while the focus is elsewhere.
  function BoardKeys(holder, wrap, app) {
    this.holder = holder;
    this.app = app;
    this.wrap = wrap;
    this.el = document.createElement("div");
    this.el.id = "board-keys";
    this.el.setAttribute("role", "grid");
    this.el.setAttribute("aria-label", TEXT.grid);
    this.el.hidden = true;
    wrap.appendChild(this.el);
    this.width = 0;
    this.height = 0;
    this.at = 0; // the square that holds the tab stop
    this.layoutKey = "";
    var self = this;
    this.el.addEventListener("keydown", function (ev) { self.key(ev); });
    this.el.addEventListener("focusin", function (ev) {
      var sq = ev.target.getAttribute && ev.target.getAttribute("data-sq");
      if (sq !== null && sq !== undefined) self.rove(Number(sq), false);
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(function () { self.layoutKey = ""; self.render(); }).observe(holder);
    }
  }

  BoardKeys.prototype.cell = function (i) {
    return this.el.querySelector('[data-sq="' + i + '"]');
  };

  // Builds the cells for a board of w x h (rank h at the top, as drawn).
  BoardKeys.prototype.build = function (w, h) {
    this.width = w;
    this.height = h;
    this.el.textContent = "";
    if (!w || w * h > MAX_SQUARES) return;
    var frag = document.createDocumentFragment();
    for (var r = h - 1; r >= 0; r--) {
      var row = document.createElement("div");
      row.setAttribute("role", "row");
      for (var f = 0; f < w; f++) {
        var c = document.createElement("div");
        c.setAttribute("role", "gridcell");
        c.setAttribute("data-sq", String(r * w + f));
        c.tabIndex = -1;
        var name = document.createElement("span");
        name.className = "visually-hidden";
        name.textContent = TEXT.square(T.squareName(f, r));
        c.appendChild(name);
        row.appendChild(c);
      }
      frag.appendChild(row);
    }
    this.el.appendChild(frag);
    if (this.at >= w * h) this.at = 0;
    this.rove(this.at, false);
  };

  // Moves the tab stop to square i (and the focus, with `focus`).
  BoardKeys.prototype.rove = function (i, focus) {
    var old = this.cell(this.at);
    if (old) old.tabIndex = -1;
    this.at = i;
    var c = this.cell(i);
    if (!c) return;
    c.tabIndex = 0;
    if (focus) c.focus();
  };

  BoardKeys.prototype.key = function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var w = this.width, h = this.height;
    var f = this.at % w, r = Math.floor(this.at / w);
    var key = ev.key === "Spacebar" ? " " : ev.key;
    if (key === "ArrowRight") f = Math.min(w - 1, f + 1);
    else if (key === "ArrowLeft") f = Math.max(0, f - 1);
    else if (key === "ArrowUp") r = Math.min(h - 1, r + 1);
    else if (key === "ArrowDown") r = Math.max(0, r - 1);
    else if (key === "Home") f = 0;
    else if (key === "End") f = w - 1;
    else if (key === "PageUp") r = h - 1;
    else if (key === "PageDown") r = 0;
    else if (key === "Enter" || key === " ") {
      ev.preventDefault();
      ev.stopPropagation();
      this.choose(this.at);
      return;
    } else {
      return;
    }
    // The arrows are the board's here, not the player's.
    ev.preventDefault();
    ev.stopPropagation();
    this.rove(r * w + f, true);
  };

  // Does what a click on square i does: a click at its centre on the drawn board.
  BoardKeys.prototype.choose = function (i) {
    var d = drawn(this.holder);
    if (!d) return;
    var f = i % d.width, r = Math.floor(i / d.width);
    var pt = d.svg.createSVGPoint();
    pt.x = d.g.x(f) + B.S / 2;
    pt.y = d.g.y(r) + B.S / 2;
    var p = pt.matrixTransform(d.svg.getScreenCTM());
    d.svg.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: p.x, clientY: p.y }));
  };

  // After the board is drawn: the grid matches its size and lies over its squares.
  BoardKeys.prototype.render = function () {
    var d = drawn(this.holder);
    if (!d || d.width * d.height > MAX_SQUARES) {
      this.el.hidden = true;
      return;
    }
    this.el.hidden = false;
    if (d.width !== this.width || d.height !== this.height) {
      this.build(d.width, d.height);
      this.layoutKey = "";
    }
    if (!this.el.contains(document.activeElement)) {
      var i = home(this.app);
      if (i >= 0 && i < d.width * d.height && i !== this.at) this.rove(i, false);
    }
    var box = d.svg.getBoundingClientRect();
    var outer = this.wrap.getBoundingClientRect();
    var key = [box.left - outer.left, box.top - outer.top, box.width, box.height, d.svg.getAttribute("viewBox")].join(" ");
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    var m = d.svg.getScreenCTM();
    if (!m) return;
    var x0 = m.a * d.g.x(0) + m.e - outer.left;
    var y0 = m.d * d.g.y(d.height - 1) + m.f - outer.top;
    var st = this.el.style;
    st.left = x0 + "px";
    st.top = y0 + "px";
    st.width = m.a * d.width * B.S + "px";
    st.height = m.d * d.height * B.S + "px";
  };

  // The live region: the status line's words, said at most once per ANNOUNCE_EVERY ms
  // while playing, at once otherwise.
  function Announcer(source, region) {
    this.source = source;
    this.region = region;
    this.said = "";
    this.last = 0;
    this.timer = 0;
  }

  Announcer.prototype.render = function (playing) {
    var text = this.source.textContent.trim();
    if (text === this.said) return;
    var self = this;
    var now = Date.now();
    var wait = playing ? Math.max(0, this.last + ANNOUNCE_EVERY - now) : 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = 0;
    if (!wait) {
      this.say(text);
      return;
    }
    this.timer = setTimeout(function () {
      self.timer = 0;
      self.say(self.source.textContent.trim());
    }, wait);
  };

  Announcer.prototype.say = function (text) {
    if (text === this.said) return;
    this.said = text;
    this.last = Date.now();
    this.region.textContent = text;
  };

  return { BoardKeys: BoardKeys, Announcer: Announcer, squareAt: squareAt, drawn: drawn, TEXT: TEXT };
});

/* hetman: predict the next step. While the mode is on, the player waits before each step
 * the student can guess: the square the search tries or puts a queen on next (or the
 * knight's next square), the line that refuses the square tried now (row, up, down), or
 * that the search backs up (or, for the knight, is at a dead end). The right answer is
 * the loaded trace's own next event, never a second copy of the rules; the page says
 * right or wrong in words, shows the real step (the status line's words, from the
 * trace), and keeps a score of right answers out of those asked.
 *
 * The texts are in TEXT, in one place.
 */
(function (root, factory) {
  "use strict";
  root.HetmanPredict = factory(root.HetmanTrace, root.HetmanAccess);
})(typeof self !== "undefined" ? self : this, function (T, A) {
  "use strict";
  var K = T.K;

  // The page's words in its language (i18n.js and the .ftl files).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }

  var TEXT = {
    get toggle() { return say("predict-toggle"); },
    get score() { return say("predict-score"); },
    get reset() { return say("predict-reset"); },
    get skip() { return say("predict-skip"); },
    get answers() { return say("predict-answers"); },
    get back() { return say("predict-back"); },
    get dead() { return say("predict-dead"); },
    lineButton: function (line) { return line; },
    askTried: function (sq) { return say("predict-ask-tried", { square: sq }); },
    get askQueens() { return say("predict-ask-queens"); },
    get askBitboard() { return say("predict-ask-bitboard"); },
    get askKnight() { return say("predict-ask-knight"); },
    get waiting() { return say("predict-waiting"); },
    get over() { return say("predict-over"); },
    get unsupported() { return say("predict-unsupported"); },
    get hold() { return say("predict-hold"); },
    right: function (what) { return say("predict-right", { what: what }); },
    wrong: function (yours, what) { return say("predict-wrong", { yours: yours, what: what }); },
    skipped: function (what) { return say("predict-skipped", { what: what }); },
    lineWord: function (line) { return say("predict-line", { line: line }); }
  };

  // How far ahead the next question is looked for (calls and candidate lists are not asked).
  var SCAN = 10000;

  function algorithm(t) {
    return t.problem === "queens" ? t.header.algorithm : "knight";
  }

  // Whether the mode can follow the trace `t`.
  function supported(t) {
    var a = algorithm(t);
    return a === "backtracking" || a === "bitboard" || a === "knight";
  }

  // What the student is asked before the event `e` of `t`, with its answer; null when
  // the event is not asked (a call, a solution, the knight's first square, ...).
  // Squares are numbered rank * width + file, as the board's keyboard grid numbers them.
  function expected(t, e) {
    if (t.problem === "queens") {
      switch (e.kind) {
        case K.TRY:
        case K.PUT: return { type: "square", square: e.b * t.n + e.a };
        case K.REFUSE: return { type: "line", lines: T.lineNames(e.c) };
        case K.REMOVE: return { type: "back" };
      }
      return null;
    }
    switch (e.kind) {
      case K.MOVE: return e.c < 0 ? null : { type: "square", square: e.a };
      case K.DEAD_END: return { type: "dead" };
      case K.BACK: return { type: "back" };
    }
    return null;
  }

  // Whether `answer` ({type, square | line}) is the `expect`ed one.
  function judge(expect, answer) {
    if (!expect || !answer || expect.type !== answer.type) return false;
    if (expect.type === "square") return expect.square === answer.square;
    if (expect.type === "line") return expect.lines.indexOf(answer.line) >= 0;
    return true;
  }

  // The next question at the cursor of `t`: {idx, expect}, or {wait} / {over}.
  function nextQuestion(t, done) {
    var end = Math.min(t.count, t.cursor + SCAN);
    for (var idx = t.cursor; idx < end; idx++) {
      var e = t.event(idx);
      var x = e && expected(t, e);
      if (x) return { idx: idx, expect: x };
    }
    if (done && end === t.count) return { over: true };
    return { wait: true };
  }

  function el(tag, attrs, text) {
    var x = document.createElement(tag);
    for (var k in attrs) x.setAttribute(k, attrs[k]);
    if (text !== undefined) x.textContent = text;
    return x;
  }

  /* The mode. opts: {app (the page's state: timeline, view, source), el (where its
   * controls go), board (the board's holder), render (draws the page), pause}. */
  function Mode(opts) {
    this.app = opts.app;
    this.renderPage = opts.render;
    this.pause = opts.pause;
    this.board = opts.board;
    this.on = false;
    this.right = 0;
    this.asked = 0;
    this.question = null;
    this.verdict = "";
    this.timeline = null;
    this.build(opts.el);
    var self = this;
    // A click on the board answers while a question waits (before the page's own click).
    this.board.addEventListener("click", function (ev) {
      if (!self.waiting()) return;
      ev.stopPropagation();
      ev.preventDefault();
      var sq = A.squareAt(self.board, ev);
      if (sq >= 0) self.answer({ type: "square", square: sq });
    }, true);
  }

  Mode.prototype.build = function (root) {
    var self = this;
    root.textContent = "";
    var bar = el("div", { "class": "predict-bar" });
    var label = el("label", { "class": "inline" });
    this.toggle = el("input", { type: "checkbox", id: "predict-on" });
    label.appendChild(this.toggle);
    this.toggleText = document.createTextNode(" " + TEXT.toggle);
    label.appendChild(this.toggleText);
    bar.appendChild(label);
    var score = el("span", { "class": "predict-score" });
    this.scoreLabel = el("span", { id: "predict-score-label" }, TEXT.score + " ");
    score.appendChild(this.scoreLabel);
    this.scoreEl = el("output", { id: "predict-score", "aria-labelledby": "predict-score-label" }, "0/0");
    score.appendChild(this.scoreEl);
    bar.appendChild(score);
    this.resetBtn = el("button", { type: "button", "class": "small", id: "predict-reset" }, TEXT.reset);
    bar.appendChild(this.resetBtn);
    root.appendChild(bar);

    this.panel = el("div", { id: "predict-panel" });
    this.panel.hidden = true;
    this.questionEl = el("p", { id: "predict-question" });
    this.panel.appendChild(this.questionEl);
    this.choices = el("div", { id: "predict-choices", role: "group", "aria-label": TEXT.answers });
    var add = function (id, text, answer) {
      var b = el("button", { type: "button", id: id, "data-answer": answer }, text);
      self.choices.appendChild(b);
      return b;
    };
    this.lineBtns = ["row", "up", "down"].map(function (line) {
      return add("predict-" + line, TEXT.lineButton(line), "line:" + line);
    });
    this.deadBtn = add("predict-dead", TEXT.dead, "dead");
    this.backBtn = add("predict-back", TEXT.back, "back");
    this.skipBtn = add("predict-skip", TEXT.skip, "skip");
    this.panel.appendChild(this.choices);
    this.verdictEl = el("p", { id: "predict-verdict", role: "status" });
    this.panel.appendChild(this.verdictEl);
    root.appendChild(this.panel);

    this.toggle.addEventListener("change", function () {
      self.on = self.toggle.checked;
      self.verdict = "";
      if (self.on) self.pause();
      self.renderPage();
    });
    this.resetBtn.addEventListener("click", function () {
      self.right = 0;
      self.asked = 0;
      self.renderScore();
    });
    this.choices.addEventListener("click", function (ev) {
      var b = ev.target.closest("button[data-answer]");
      if (!b || b.disabled) return;
      var a = b.getAttribute("data-answer");
      if (a === "skip") self.skip();
      else if (a.indexOf("line:") === 0) self.answer({ type: "line", line: a.slice(5) });
      else self.answer({ type: a });
    });
  };

  // The loaded trace, when the mode can follow it now.
  Mode.prototype.trace = function () {
    var app = this.app, t = app.timeline;
    if (!this.on || app.view !== "trace" || !t || !t.header) return null;
    return supported(t) ? t : null;
  };

  // Whether a question waits for its answer.
  Mode.prototype.waiting = function () {
    return !!(this.trace() && this.question && this.question.expect);
  };

  // Called by the player before it steps or plays: true (and the reason shown) while a
  // question waits.
  Mode.prototype.holds = function () {
    if (!this.waiting()) return false;
    this.verdict = function () { return TEXT.hold; };
    this.renderVerdict();
    return true;
  };

  Mode.prototype.answer = function (answer) {
    var t = this.trace(), q = this.question;
    if (!t || !q || !q.expect) return;
    var ok = judge(q.expect, answer);
    this.asked++;
    if (ok) this.right++;
    t.seek(q.idx + 1);
    var self = this;
    this.verdict = function () {
      var what = t.describe(q.idx);
      return ok ? TEXT.right(what) : TEXT.wrong(self.words(t, answer), what);
    };
    this.renderScore();
    this.renderPage();
  };

  Mode.prototype.skip = function () {
    var t = this.trace(), q = this.question;
    if (!t || !q || !q.expect) return;
    t.seek(q.idx + 1);
    this.verdict = function () { return TEXT.skipped(t.describe(q.idx)); };
    this.renderPage();
  };

  Mode.prototype.words = function (t, answer) {
    if (answer.type === "square") {
      var w = t.problem === "queens" ? t.n : t.width;
      return T.squareName(answer.square % w, Math.floor(answer.square / w));
    }
    if (answer.type === "line") return TEXT.lineWord(answer.line);
    return answer.type === "dead" ? TEXT.dead : TEXT.back;
  };

  Mode.prototype.renderScore = function () {
    this.scoreEl.textContent = this.right + "/" + this.asked;
    this.scoreEl.setAttribute("data-right", String(this.right));
    this.scoreEl.setAttribute("data-asked", String(this.asked));
  };

  // The verdict is kept as a function, so a switch of language says it again.
  Mode.prototype.renderVerdict = function () {
    var text = typeof this.verdict === "function" ? this.verdict() : this.verdict;
    if (this.verdictEl.textContent !== text) this.verdictEl.textContent = text;
  };

  // After a switch of language: the controls' own words again (the question and
  // the verdict follow with the next render).
  Mode.prototype.relabel = function () {
    this.toggleText.textContent = " " + TEXT.toggle;
    this.scoreLabel.textContent = TEXT.score + " ";
    this.resetBtn.textContent = TEXT.reset;
    this.choices.setAttribute("aria-label", TEXT.answers);
    this.deadBtn.textContent = TEXT.dead;
    this.backBtn.textContent = TEXT.back;
    this.skipBtn.textContent = TEXT.skip;
  };

  // After the page is drawn: the question at the cursor and the answers that fit it.
  Mode.prototype.render = function () {
    var app = this.app, t = app.timeline;
    if (t !== this.timeline) {
      this.timeline = t;
      this.verdict = "";
    }
    this.panel.hidden = !this.on;
    this.toggle.checked = this.on;
    if (!this.on) {
      this.question = null;
      return;
    }
    var text;
    this.question = null;
    if (!t || !t.header || app.view !== "trace") {
      text = "";
    } else if (!supported(t)) {
      text = TEXT.unsupported;
    } else {
      var q = nextQuestion(t, !!(app.source && app.source.done));
      this.question = q;
      if (q.over) text = TEXT.over;
      else if (q.wait) text = TEXT.waiting;
      else text = this.ask(t, q);
    }
    if (this.questionEl.textContent !== text) this.questionEl.textContent = text;
    var asking = !!(this.question && this.question.expect);
    var queens = t && t.header && t.problem === "queens";
    var lines = queens && t.header.algorithm === "backtracking";
    this.lineBtns.forEach(function (b) { b.hidden = !lines; b.disabled = !asking; });
    this.deadBtn.hidden = !!queens;
    this.deadBtn.disabled = !asking;
    this.backBtn.disabled = !asking;
    this.skipBtn.disabled = !asking;
    this.panel.setAttribute("data-asking", asking ? (this.question.expect.type) : "");
    this.renderVerdict();
    this.renderScore();
  };

  // The question before the event q.idx, in words.
  Mode.prototype.ask = function (t, q) {
    if (t.problem !== "queens") return TEXT.askKnight;
    if (t.header.algorithm === "bitboard") return TEXT.askBitboard;
    var last = t.event(t.cursor - 1);
    if (last && last.kind === K.TRY && q.idx === t.cursor) return TEXT.askTried(T.squareName(last.a, last.b));
    return TEXT.askQueens;
  };

  return { Mode: Mode, expected: expected, judge: judge, nextQuestion: nextQuestion, TEXT: TEXT };
});

/* hetman: the page's going to a step or a solution: in the history at once, or
 * loaded from the server at that step (the board there walked by jump.js), or
 * run to at top speed.
 */
(function (root, factory) {
  "use strict";
  root.HetmanGoto = factory(root.HetmanTrace, root.HetmanJump);
})(typeof self !== "undefined" ? self : this, function (T, J) {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, fmt = ctx.fmt, say = ctx.say, showError = ctx.showError;
    var CAP = ctx.CAP, CHUNK = ctx.CHUNK, BACK_ROOM = ctx.BACK_ROOM, JUMP_CHUNK = ctx.JUMP_CHUNK;

    /* ---- going to a step or a solution ---- */

    // Goes to step k (events applied) or, with `solution`, to just after the solution
    // with that number. Near steps are in the history; far ones are loaded from the
    // server at that step (the board there walked by jump.js), or run to at top speed.
    function goTo(k, solution) {
      var t = app.timeline;
      if (!t || !t.header) return;
      ctx.pause();
      app.view = "trace";
      showError("");
      if (solution) {
        var i = solution - 1 - (t.solutions.length ? t.solutions[0].number - 1 : 0);
        var sol = t.solutions[i];
        if (sol && sol.number === solution && sol.index >= t.base) {
          t.seek(sol.index + 1);
          ctx.render();
          return;
        }
        if (app.urlFor && J.canWalk(t.header)) return jumpFar(Infinity, solution);
        if (t.end && t.counters && t.end.counters[t.problem === "queens" ? "solutions" : "tours"] < solution) {
          showError(say(t.problem === "queens" ? "err-no-solution" : "err-no-tour",
            { number: fmt(solution), found: fmt(t.end.counters[t.problem === "queens" ? "solutions" : "tours"]) }));
          return;
        }
        app.goalSolution = solution;
        runTo(Infinity);
        return;
      }
      k = Math.max(0, Math.floor(k));
      if (t.end && k > t.count) k = t.count;
      if (k >= t.base && k <= t.count) {
        t.seek(k);
        ctx.render();
        return;
      }
      if (app.urlFor && J.canWalk(t.header)) return jumpFar(k, 0);
      if (k < t.base) {
        // The page cannot walk this search: it loads it again from the start.
        reload();
        if (k > 0) runTo(k);
        return;
      }
      runTo(k);
    }

    function reload() {
      var urlFor = app.urlFor, name = app.traceName;
      if (urlFor) {
        ctx.resetPlayer();
        app.urlFor = urlFor;
        app.traceName = name;
        app.source = new T.NetSource(urlFor, app.timeline, { chunk: CHUNK, onProgress: ctx.queueRender });
        ctx.fetchMore(true);
      } else if (app.traceText !== null) {
        ctx.loadFromText(app.traceText, name);
      }
    }

    // Plays at top speed until step k (or the solution app.goalSolution).
    function runTo(k) {
      app.goal = k;
      ctx.play();
      app.playing = true;
      ctx.updatePlayButton();
    }

    // A jump to step k or to solution `solution` without the events before it.
    function jumpFar(k, solution) {
      var t = app.timeline;
      var urlFor = app.urlFor, name = app.traceName, header = t.header;
      var nt = new T.Timeline({ cap: CAP });
      nt.setHeader(header);
      var target = k;
      if (solution) {
        var found = J.walk(nt, Infinity, solution);
        if (found.state.counters[5] < solution) {
          showError(say("err-no-solution", { number: fmt(solution), found: fmt(found.state.counters[5]) }));
          return;
        }
        target = found.at;
      }
      // The page starts a little before the target, so that a step back works at once.
      var from = Math.max(0, target - BACK_ROOM);
      ctx.resetPlayer();
      app.urlFor = urlFor;
      app.traceName = name;
      app.timeline = nt;
      // The server runs through the steps before `from` while the page walks them.
      nt.restartAt(from, nt.emptyState());
      nt.jumpCheck = true;
      // A skip far past the server's saved states is reached in hops (jump.js).
      app.source = new T.NetSource(urlFor, nt, { chunk: JUMP_CHUNK, onProgress: ctx.queueRender, fetch: J.fetchFar });
      ctx.fetchMore(true);
      app.source.chunk = CHUNK;
      var walked = J.walk(nt, from, 0);
      if (walked.at !== from) {
        // The search ends before step k: go to its end.
        return jumpFar(walked.at, 0);
      }
      nt.state = walked.state;
      nt.snapshots = [{ at: from, state: nt.cloneState(walked.state) }];
      app.jumpTarget = target;
      ctx.render();
    }

    // Once the events around a jump's target have come: the board there.
    function reachJump(t) {
      if (!(app.jumpTarget >= 0) || !t.header) return;
      if (t.count < app.jumpTarget && !(app.source && app.source.done)) return;
      t.seek(Math.min(app.jumpTarget, t.count));
      app.jumpTarget = -1;
      ctx.render();
    }

    // After a jump, the server's counters at the end of the first chunk check the walk.
    function checkJump(t) {
      if (!t.jumpCheck || !t.lastEnd) return;
      t.jumpCheck = false;
      var at = t.cursor;
      t.seek(t.count);
      var mine = t.counters();
      t.seek(at);
      for (var key in mine) {
        if (mine[key] !== t.lastEnd.counters[key]) {
          showError(say("err-jump", { step: fmt(t.count), key: key, mine: mine[key], theirs: t.lastEnd.counters[key] }));
          return;
        }
      }
      t.jumpChecked = true;
    }

    return { goTo: goTo, reachJump: reachJump, checkJump: checkJump };
  }

  return { create: create };
});

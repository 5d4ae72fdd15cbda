/* hetman: the page's playing: the speed, play and pause, the frames at that speed,
 * a step forward or back, back to the start, on to the next solution.
 */
(function (root, factory) {
  "use strict";
  root.HetmanPlay = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // ctx: the page's state and helpers, and the functions of its other parts (app.js).
  function create(ctx) {
    var app = ctx.app, $ = ctx.$, fmt = ctx.fmt, say = ctx.say;
    var MAX_PER_FRAME = ctx.MAX_PER_FRAME;

    /* ---- playing ---- */

    function setSpeed() {
      var v = Number($("speed").value);
      app.speed = v >= 100 ? Infinity : Math.round(Math.pow(10, v / 99 * 5));
      var text = app.speed === Infinity ? say("speed-top") : say("speed-rate", { count: app.speed, shown: fmt(app.speed) });
      $("speed-out").textContent = text;
      $("speed").setAttribute("aria-valuetext", text);
    }

    function play() {
      if (!app.timeline || !app.timeline.header) return;
      if (app.goal < 0 && !app.goalSolution && ctx.held()) return;
      var t = app.timeline;
      if (t.cursor >= t.count && app.source && app.source.done) t.seek(t.base);
      app.view = "trace";
      app.playing = true;
      app.budget = 0;
      app.last = performance.now();
      updatePlayButton();
      requestAnimationFrame(tick);
    }

    function pause() {
      app.pendingSteps = 0;
      app.goal = -1;
      app.goalSolution = 0;
      app.playing = false;
      app.seekSolution = false;
      updatePlayButton();
      ctx.queueRender();
    }

    function updatePlayButton() {
      var b = $("btn-play");
      b.setAttribute("aria-pressed", String(app.playing));
      b.setAttribute("aria-label", app.playing ? "Pause" : "Play");
    }

    function tick(now) {
      if (!app.playing) return;
      var t = app.timeline;
      var dt = Math.min(0.25, Math.max(0, (now - app.last) / 1000));
      app.last = now;
      var n;
      if (app.seekSolution || app.speed === Infinity) {
        n = MAX_PER_FRAME;
      } else {
        app.budget = Math.min(app.budget + app.speed * dt, Math.max(1, app.speed * 0.25));
        n = Math.floor(app.budget);
      }
      var take = Math.min(n, t.count - t.cursor);
      if (app.goal >= 0 || app.goalSolution) {
        take = Math.min(MAX_PER_FRAME, t.count - t.cursor);
        if (app.goal >= 0 && app.goal !== Infinity) take = Math.min(take, app.goal - t.cursor);
        t.seek(t.cursor + take);
        var reached = app.goal >= 0 && t.cursor >= app.goal;
        if (app.goalSolution) {
          var sIdx = t.solutions.length ? t.solutions[t.solutions.length - 1] : null;
          if (sIdx && sIdx.number >= app.goalSolution) {
            t.seek(t.solutions.filter(function (x) { return x.number === app.goalSolution; })[0].index + 1);
            reached = true;
          }
        }
        if (reached || (t.cursor >= t.count && app.source && app.source.done)) {
          pause();
          ctx.render();
          return;
        }
        ctx.fetchMore(false);
        ctx.render();
        requestAnimationFrame(tick);
        return;
      }
      if (app.seekSolution) {
        var idx = t.nextSolution(t.cursor);
        if (idx >= 0 && idx < t.cursor + take) {
          t.seek(idx + 1);
          pause();
          ctx.render();
          return;
        }
        t.seek(t.cursor + take);
      } else {
        t.seek(t.cursor + take);
        app.budget -= take;
      }
      if (t.cursor >= t.count && (!app.source || app.source.done)) {
        app.playing = false;
        app.seekSolution = false;
        updatePlayButton();
      }
      ctx.fetchMore(false);
      ctx.render();
      if (app.playing) requestAnimationFrame(tick);
    }

    function stepForward() {
      if (ctx.held()) return;
      var pending = app.pendingSteps;
      pause();
      var t = app.timeline;
      if (!t) return;
      app.view = "trace";
      // A step asked for before its event arrived is taken as soon as it does.
      app.pendingSteps = pending + 1;
      if (t.header) {
        var k = Math.min(app.pendingSteps, t.count - t.cursor);
        t.seek(t.cursor + k);
        app.pendingSteps -= k;
      }
      if (!app.source || app.source.done) app.pendingSteps = 0;
      if (app.pendingSteps) ctx.fetchMore(true);
      ctx.fetchMore(false);
      ctx.render();
    }

    function stepBack() {
      pause();
      var t = app.timeline;
      if (!t || !t.header) return;
      app.view = "trace";
      if (t.cursor > t.base) t.seek(t.cursor - 1);
      ctx.render();
    }

    function restart() {
      pause();
      var t = app.timeline;
      if (!t || !t.header) return;
      app.view = "trace";
      t.seek(t.base);
      ctx.render();
    }

    function nextSolution() {
      var t = app.timeline;
      if (!t || !t.header || ctx.held()) return;
      app.view = "trace";
      var idx = t.nextSolution(t.cursor);
      if (idx >= 0) {
        pause();
        t.seek(idx + 1);
        ctx.render();
        return;
      }
      if (t.cursor >= t.count && app.source && app.source.done) {
        pause();
        app.message = { at: t.cursor, text: say(t.problem === "queens" ? "watch-no-further-solution" : "watch-no-further-tour",
          { found: ctx.lowerFirst(ctx.endWords(t)).replace(/\.$/, "") }) };
        ctx.render();
        return;
      }
      play();
      app.seekSolution = true;
    }

    return { setSpeed: setSpeed, play: play, pause: pause, updatePlayButton: updatePlayButton,
      stepForward: stepForward, stepBack: stepBack, restart: restart, nextSolution: nextSolution };
  }

  return { create: create };
});

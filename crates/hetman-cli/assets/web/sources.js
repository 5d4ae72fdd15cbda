/* hetman: the sources that feed a timeline (trace.js) the lines of a trace.
 *
 * NetSource reads the server's API in chunks (skip and limit), streaming each
 * response through a LineSplitter; TextSource reads a string (the trace inside
 * an exported page, or a file the user opens) a batch at a time. Both give a
 * timeline lines through its addLine and are driven by want(events).
 */
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanSources = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // The page's words (i18n.js), or the id where there is no page (node).
  function say(id) {
    return typeof I18N !== "undefined" ? I18N.t(id) : id;
  }

  // Splits streamed text into lines.
  function LineSplitter(onLine) {
    this.rest = "";
    this.onLine = onLine;
  }
  LineSplitter.prototype.push = function (text) {
    var s = this.rest + text;
    var start = 0;
    var nl;
    while ((nl = s.indexOf("\n", start)) !== -1) {
      this.onLine(s.slice(start, nl));
      start = nl + 1;
    }
    this.rest = s.slice(start);
  };
  LineSplitter.prototype.finish = function () {
    if (this.rest.trim()) this.onLine(this.rest);
    this.rest = "";
  };

  // A trace held as text: fed to the timeline a batch at a time.
  function TextSource(text, timeline) {
    this.text = text;
    this.pos = 0;
    this.timeline = timeline;
    this.done = false;
    this.busy = false;
  }
  TextSource.prototype.want = function (events) {
    var t = this.timeline;
    var goal = t.count + events;
    while (!this.done && t.count < goal) {
      var nl = this.text.indexOf("\n", this.pos);
      var line = nl === -1 ? this.text.slice(this.pos) : this.text.slice(this.pos, nl);
      this.pos = nl === -1 ? this.text.length : nl + 1;
      t.addLine(line);
      if (this.pos >= this.text.length) this.done = true;
    }
    return Promise.resolve();
  };
  TextSource.prototype.stop = function () {};

  // The server's API, a chunk of `chunk` events per request.
  function NetSource(urlFor, timeline, options) {
    options = options || {};
    this.urlFor = urlFor; // (skip, limit) -> URL
    this.timeline = timeline;
    this.chunk = options.chunk || 100000;
    this.fetch = options.fetch || function (url, opts) { return fetch(url, opts); };
    this.done = false;
    this.busy = false;
    this.controller = null;
    this.onProgress = options.onProgress || function () {};
  }

  NetSource.prototype.stop = function () {
    this.done = true;
    if (this.controller) this.controller.abort();
  };

  // Fetches the next chunk; resolves when it has been read.
  NetSource.prototype.want = function () {
    if (this.busy || this.done) return Promise.resolve();
    var self = this;
    var t = this.timeline;
    this.busy = true;
    this.controller = typeof AbortController !== "undefined" ? new AbortController() : null;
    var skip = t.count;
    var url = this.urlFor(skip, this.chunk);
    var opts = this.controller ? { signal: this.controller.signal } : {};
    return this.fetch(url, opts).then(function (res) {
      if (!res.ok) {
        return res.text().then(function (body) {
          var msg = body;
          try { msg = JSON.parse(body).error || body; } catch (e) { /* plain text */ }
          var err = new Error(msg);
          err.status = res.status;
          throw err;
        });
      }
      var before = t.count;
      var endSeen = null;
      var splitter = new LineSplitter(function (line) {
        if (t.addLine(line) === "end") endSeen = t.lastEnd;
      });
      var finish = function () {
        splitter.finish();
        self.busy = false;
        if (!endSeen) throw new Error(say("err-trace-early"));
        if (endSeen.complete || t.count === before) self.done = true;
        self.onProgress();
      };
      if (res.body && res.body.getReader) {
        var reader = res.body.getReader();
        var decoder = new TextDecoder();
        var pump = function () {
          return reader.read().then(function (r) {
            if (r.done) {
              splitter.push(decoder.decode());
              return finish();
            }
            splitter.push(decoder.decode(r.value, { stream: true }));
            self.onProgress();
            return pump();
          });
        };
        return pump();
      }
      return res.text().then(function (text) {
        splitter.push(text);
        finish();
      });
    }).catch(function (err) {
      self.busy = false;
      if (err && err.name === "AbortError") return;
      self.done = true;
      throw err;
    });
  };

  return {
    LineSplitter: LineSplitter,
    TextSource: TextSource,
    NetSource: NetSource
  };
});

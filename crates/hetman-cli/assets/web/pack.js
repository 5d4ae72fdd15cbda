/* hetman: the packed trace of a one-file player (common/html.rs, Packer).
 *
 * The page holds the trace's header as JSON and its lines packed, gzipped and
 * in base64. Records: the shape's number (0: a new shape: its field count,
 * then per field its name and kind), then the values. Numbers are LEB128
 * varints; a string is its number in the table, or 0, its length and its
 * UTF-8 bytes. A line without `step` has the step after the one before.
 */
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HetmanPack = api;
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // The page's words (i18n.js), or the id where there is no page (node).
  function say(id, args) {
    return typeof I18N !== "undefined" ? I18N.t(id, args) : id;
  }
  var NULL = 0, FALSE = 1, TRUE = 2, UINT = 3, NEG = 4, STR = 5, ANY = 6, ARRAY = 7, OBJECT = 8, NUMBER = 9;

  // The block's text: the header line, then the base64 of the gzipped records.
  function split(text) {
    text = text.trim();
    var nl = text.indexOf("\n");
    if (nl < 0) throw new Error(say("err-pack-no-header"));
    return { header: JSON.parse(text.slice(0, nl)), data: text.slice(nl + 1).trim() };
  }

  // Resolves with the records' bytes.
  function unzip(base64) {
    var bin = atob(base64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    if (typeof DecompressionStream === "undefined") {
      return Promise.reject(new Error(say("err-pack-unzip")));
    }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (b) { return new Uint8Array(b); });
  }

  function Reader(bytes) {
    this.bytes = bytes;
    this.pos = 0;
    this.shapes = [];
    this.strings = [];
    this.step = 0;
    this.decoder = new TextDecoder();
  }

  Reader.prototype.done = function () {
    return this.pos >= this.bytes.length;
  };

  Reader.prototype.varint = function () {
    var x = 0, scale = 1, b;
    do {
      if (this.pos >= this.bytes.length) throw new Error(say("err-pack-short"));
      b = this.bytes[this.pos++];
      x += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return x;
  };

  Reader.prototype.string = function () {
    var i = this.varint();
    if (i > 0) {
      if (i > this.strings.length) throw new Error(say("err-pack-string", { index: i }));
      return this.strings[i - 1];
    }
    var len = this.varint();
    var s = this.decoder.decode(this.bytes.subarray(this.pos, this.pos + len));
    this.pos += len;
    this.strings.push(s);
    return s;
  };

  Reader.prototype.value = function (kind) {
    switch (kind) {
      case NULL: return null;
      case FALSE: return false;
      case TRUE: return true;
      case UINT: return this.varint();
      case NEG: return -this.varint();
      case STR: return this.string();
      case NUMBER: return Number(this.string());
      case ANY: return this.tagged();
    }
    throw new Error(say("err-pack-kind", { kind: kind }));
  };

  Reader.prototype.tagged = function () {
    var tag = this.bytes[this.pos++];
    var n, i;
    if (tag === ARRAY) {
      n = this.varint();
      var arr = new Array(n);
      for (i = 0; i < n; i++) arr[i] = this.tagged();
      return arr;
    }
    if (tag === OBJECT) {
      n = this.varint();
      var obj = {};
      for (i = 0; i < n; i++) {
        var k = this.string();
        obj[k] = this.tagged();
      }
      return obj;
    }
    return this.value(tag);
  };

  // The next line as an object, its step first.
  Reader.prototype.next = function () {
    var id = this.varint();
    if (id === 0) {
      var count = this.varint();
      var shape = [];
      for (var i = 0; i < count; i++) {
        var key = this.string();
        shape.push([key, this.bytes[this.pos++]]);
      }
      this.shapes.push(shape);
      id = this.shapes.length;
    }
    var fields = this.shapes[id - 1];
    if (!fields) throw new Error(say("err-pack-shape", { shape: id }));
    var o = {};
    var hasStep = false;
    for (var j = 0; j < fields.length; j++) if (fields[j][0] === "step") hasStep = true;
    if (!hasStep) o.step = this.step + 1;
    for (var f = 0; f < fields.length; f++) o[fields[f][0]] = this.value(fields[f][1]);
    this.step = typeof o.step === "number" ? o.step : this.step + 1;
    return o;
  };

  // A packed trace fed to a timeline a batch at a time (as TextSource does with text).
  function PackedSource(text, timeline) {
    var parts = split(text);
    this.header = parts.header;
    this.timeline = timeline;
    this.done = false;
    this.busy = false;
    this.reader = null;
    var self = this;
    this.ready = unzip(parts.data).then(function (bytes) {
      self.bytes = bytes;
      self.reader = new Reader(bytes);
      timeline.addObject(parts.header);
    });
  }

  PackedSource.prototype.want = function (events) {
    var self = this;
    return this.ready.then(function () {
      var t = self.timeline, r = self.reader;
      var goal = t.count + events;
      while (!r.done() && t.count < goal) t.addObject(r.next());
      if (r.done()) self.done = true;
    });
  };

  PackedSource.prototype.stop = function () {};

  // The trace as JSON Lines again, as `hetman ... trace --json` writes it.
  PackedSource.prototype.jsonLines = function () {
    var self = this;
    return this.ready.then(function () {
      var r = new Reader(self.bytes);
      var out = [JSON.stringify(self.header)];
      while (!r.done()) out.push(JSON.stringify(r.next()));
      return out.join("\n") + "\n";
    });
  };

  return { PackedSource: PackedSource, Reader: Reader, split: split, unzip: unzip };
});

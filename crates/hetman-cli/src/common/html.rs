//! The page as one self-contained HTML file with a trace inside.
//!
//! The stylesheet and scripts are inlined and the trace goes into
//! `<script type="application/x-hetman-pack" id="trace-packed">`: its header
//! line as JSON, then its events packed (see [`Packer`]), compressed with gzip
//! and written in base64. The page decodes them (`pack.js`) and plays them
//! without a server. Packed, a trace takes about a byte an event where its JSON
//! Lines take 60 to 90: the knight's whole search on 5x5 from a5 (4,095,467
//! events) fits in a page of a few megabytes.

use crate::common::i18n::{messages_js, Lang};
use base64::Engine as _;
use flate2::write::GzEncoder;
use flate2::Compression;
use hetman::trace::code;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::HashMap;
use std::fmt;
use std::io::Write as _;

/// The files `index.html` loads, in its order: the stylesheet, then the scripts.
pub(crate) const ASSETS: [&str; 25] = [
    "style.css",
    "i18n.js",
    "symmetry.js",
    "sources.js",
    "trace.js",
    "pack.js",
    "jump.js",
    "tree.js",
    "lesson.js",
    "code.js",
    "compare.js",
    "board.js",
    "legend.js",
    "downloads.js",
    "access.js",
    "predict.js",
    "url.js",
    "load.js",
    "forms.js",
    "play.js",
    "draw.js",
    "goto.js",
    "solutions.js",
    "controls.js",
    "app.js",
];

const INDEX: &str = include_str!("../../assets/web/index.html");

fn source(name: &str) -> &'static str {
    match name {
        "style.css" => include_str!("../../assets/web/style.css"),
        "i18n.js" => include_str!("../../assets/web/i18n.js"),
        "symmetry.js" => include_str!("../../assets/web/symmetry.js"),
        "sources.js" => include_str!("../../assets/web/sources.js"),
        "trace.js" => include_str!("../../assets/web/trace.js"),
        "pack.js" => include_str!("../../assets/web/pack.js"),
        "jump.js" => include_str!("../../assets/web/jump.js"),
        "tree.js" => include_str!("../../assets/web/tree.js"),
        "lesson.js" => include_str!("../../assets/web/lesson.js"),
        "code.js" => include_str!("../../assets/web/code.js"),
        "compare.js" => include_str!("../../assets/web/compare.js"),
        "board.js" => include_str!("../../assets/web/board.js"),
        "legend.js" => include_str!("../../assets/web/legend.js"),
        "downloads.js" => include_str!("../../assets/web/downloads.js"),
        "access.js" => include_str!("../../assets/web/access.js"),
        "predict.js" => include_str!("../../assets/web/predict.js"),
        "url.js" => include_str!("../../assets/web/url.js"),
        "load.js" => include_str!("../../assets/web/load.js"),
        "forms.js" => include_str!("../../assets/web/forms.js"),
        "play.js" => include_str!("../../assets/web/play.js"),
        "draw.js" => include_str!("../../assets/web/draw.js"),
        "goto.js" => include_str!("../../assets/web/goto.js"),
        "solutions.js" => include_str!("../../assets/web/solutions.js"),
        "controls.js" => include_str!("../../assets/web/controls.js"),
        "app.js" => include_str!("../../assets/web/app.js"),
        _ => unreachable!("ASSETS lists every file"),
    }
}

/// One HTML file that plays `trace_ndjson` (the JSON Lines of a trace, header
/// first, as `hetman queens trace` writes them) with the page's player; `title`
/// is the page's title as it is (such as "hetman: 8 queens, backtracking"), and
/// `lang` the page's language when the browser asks for none of pl, ru, en
/// (the page carries all three). It needs no server and loads nothing from
/// the network.
///
/// ```ignore
/// let html = export_html_in(&lines.join("\n"), "8 queens, backtracking", Lang::Pl);
/// std::fs::write("page.html", html)?;
/// ```
#[must_use]
pub fn export_html_in(trace_ndjson: &str, title: &str, lang: Lang) -> String {
    let mut lines = trace_ndjson.lines().filter(|l| !l.trim().is_empty());
    let mut packer = Packer::new(lines.next().unwrap_or(""));
    packer.lang = lang;
    for line in lines {
        packer.push_line(line);
    }
    packer.finish_html(title)
}

/// The player page around a packed trace (the block [`Packer::finish_html`] writes).
fn page(title: &str, block: &str, lang: Lang) -> String {
    let mut html = INDEX.replacen(
        "<body data-mode=\"serve\">",
        "<body data-mode=\"export\">",
        1,
    );
    html = html.replacen(
        "<title>hetman</title>",
        &format!("<title>{}</title>", escape_html(title)),
        1,
    );
    for name in ASSETS {
        let (tag, inline) = if name.ends_with(".css") {
            (
                format!("<link rel=\"stylesheet\" href=\"{name}\">"),
                format!("<style>\n{}</style>", source(name)),
            )
        } else {
            (
                format!("<script src=\"{name}\"></script>"),
                format!("<script>\n{}</script>", source(name)),
            )
        };
        html = html.replacen(&tag, &inline, 1);
    }
    html = html.replacen(
        "<script src=\"messages.js\"></script>",
        &format!("<script>\n{}</script>", messages_js(lang)),
        1,
    );
    html.replacen(
        "<script type=\"application/x-ndjson\" id=\"trace\"></script>",
        block,
        1,
    )
}

/// Packs the events of a trace, one JSON line at a time, into the page's compact
/// form: each event is a record of the values of its fields, with the field
/// names said once per shape (the names and kinds of the fields, in order) and
/// each string once (then by number), and `step` left out while the steps count
/// up by one. Any JSON object packs, so events this code does not know still
/// travel whole. The bytes are compressed with gzip as they come, so a long
/// search never sits in memory as text.
///
/// Records (all numbers are LEB128 varints): the shape's number (0: a new
/// shape follows: its field count, then per field its name as a string and
/// its value kind), then the field values. Kinds: 0 null, 1 false, 2 true, 3 a
/// whole number >= 0, 4 a whole number < 0 (its negation), 5 a string, 6 any
/// value, tagged with its kind (arrays: 7 and a length, objects: 8, a count and
/// name-value pairs; other numbers: 9 and their JSON text). A string is its
/// number in the table, or 0, its byte length and its UTF-8 bytes (then it
/// gets the next number).
///
/// ```ignore
/// let mut p = Packer::new(r#"{"hetman_trace":1,"problem":"queens","n":1,"algorithm":"bitboard"}"#);
/// p.push_line(r#"{"step":1,"event":"call","file":0,"depth":0,"free":[0]}"#);
/// let html = p.finish_html("hetman: 1 queen");
/// ```
pub struct Packer {
    header: String,
    out: GzEncoder<Vec<u8>>,
    buf: Vec<u8>,
    shapes: HashMap<Vec<(String, u8)>, u64>,
    strings: HashMap<String, u64>,
    step: u64,
    events: u64,
    /// The page's language when the browser asks for none we have.
    pub lang: Lang,
}

const NULL: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
const UINT: u8 = 3;
const NEG: u8 = 4;
const STR: u8 = 5;
const ANY: u8 = 6;
const ARRAY: u8 = 7;
const OBJECT: u8 = 8;
const NUMBER: u8 = 9;

impl Packer {
    /// A packer for the trace whose header line is `header_json`.
    #[must_use]
    pub fn new(header_json: &str) -> Self {
        Packer {
            header: header_json.trim().to_string(),
            out: GzEncoder::new(Vec::new(), Compression::default()),
            buf: Vec::with_capacity(1 << 16),
            shapes: HashMap::new(),
            strings: HashMap::new(),
            step: 0,
            events: 0,
            lang: Lang::En,
        }
    }

    /// Adds one line of the trace (an event or the end line). A line that is
    /// not a JSON object is kept as a string value of an object `{"raw": ...}`,
    /// which the page reports as a damaged line.
    pub fn push_line(&mut self, line: &str) {
        let mut map = match serde_json::from_str::<Json>(line) {
            Ok(Json::Object(map)) => map,
            _ => vec![("raw".to_string(), Json::String(line.to_string()))],
        };
        // The step, while it counts up by one, is not written.
        let expected = self.step + 1;
        let given = map.iter().position(|(k, _)| k == "step");
        self.step = expected;
        if let Some(i) = given {
            match map[i].1 {
                Json::Uint(s) if s == expected => {
                    map.remove(i);
                }
                Json::Uint(s) => self.step = s,
                _ => {}
            }
        }
        let shape: Vec<(String, u8)> = map.iter().map(|(k, v)| (k.clone(), kind(v))).collect();
        match self.shapes.get(&shape) {
            Some(&id) => varint(&mut self.buf, id),
            None => {
                let id = self.shapes.len() as u64 + 1;
                varint(&mut self.buf, 0);
                varint(&mut self.buf, shape.len() as u64);
                for (k, kd) in &shape {
                    self.string(k);
                    self.buf.push(*kd);
                }
                self.shapes.insert(shape.clone(), id);
            }
        }
        for (_, v) in &map {
            self.value(v);
        }
        self.events += 1;
        if self.buf.len() >= 1 << 16 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        // Writing into a Vec cannot fail.
        let _ = self.out.write_all(&self.buf);
        self.buf.clear();
    }

    fn string(&mut self, s: &str) {
        if let Some(&i) = self.strings.get(s) {
            varint(&mut self.buf, i);
            return;
        }
        varint(&mut self.buf, 0);
        varint(&mut self.buf, s.len() as u64);
        self.buf.extend_from_slice(s.as_bytes());
        let i = self.strings.len() as u64 + 1;
        self.strings.insert(s.to_string(), i);
    }

    /// A value whose kind the shape gives.
    fn value(&mut self, v: &Json) {
        match v {
            Json::Null | Json::Bool(_) => {}
            Json::Uint(x) | Json::Neg(x) => varint(&mut self.buf, *x),
            Json::Number(s) | Json::String(s) => self.string(s),
            Json::Array(_) | Json::Object(_) => self.tagged(v),
        }
    }

    /// A value with its kind before it (arrays and objects: their own kinds).
    fn tagged(&mut self, v: &Json) {
        match v {
            Json::Array(items) => {
                self.buf.push(ARRAY);
                varint(&mut self.buf, items.len() as u64);
                for item in items {
                    self.tagged(item);
                }
            }
            Json::Object(map) => {
                self.buf.push(OBJECT);
                varint(&mut self.buf, map.len() as u64);
                for (k, item) in map {
                    self.string(k);
                    self.tagged(item);
                }
            }
            _ => {
                self.buf.push(kind(v));
                self.value(v);
            }
        }
    }

    /// The number of lines packed so far (events and the end line).
    #[must_use]
    pub fn lines(&self) -> u64 {
        self.events
    }

    /// The page with the packed trace inside.
    #[must_use]
    pub fn finish_html(mut self, title: &str) -> String {
        self.flush();
        let lines = self.lines();
        let bytes = self.out.finish().unwrap_or_default();
        let data = base64::engine::general_purpose::STANDARD.encode(bytes);
        // JSON text has no '<' outside strings, and "\u003c" means '<' inside them,
        // so no "</script>" can end the block early; base64 has no '<'.
        let block = format!(
            "{}<script type=\"application/x-hetman-pack\" id=\"trace-packed\" data-lines=\"{}\">\n{}\n{}\n</script>",
            listings(&self.header),
            lines,
            self.header.replace('<', "\\u003c"),
            data
        );
        page(title, &block, self.lang)
    }
}

/// The code listings of the trace's algorithm in both dialects, for the page's
/// code panel: `<script type="application/json" id="code-listings">` with
/// `{"pseudo": [...], "c": [...]}` (nothing for a header it cannot read).
fn listings(header_json: &str) -> String {
    let Ok(h) = serde_json::from_str::<serde_json::Value>(header_json) else {
        return String::new();
    };
    let name = match h["problem"].as_str() {
        Some("queens") => h["algorithm"].as_str(),
        Some("knight") => h["order"].as_str(),
        _ => None,
    };
    let Some(algorithm) = name.and_then(code::Algorithm::from_name) else {
        return String::new();
    };
    let all = serde_json::json!({
        "pseudo": code::listing(algorithm, code::Dialect::Pseudo),
        "c": code::listing(algorithm, code::Dialect::C),
    });
    // '<' inside JSON strings as "\u003c": no "</script>" can end the block early.
    format!(
        "<script type=\"application/json\" id=\"code-listings\">{}</script>\n",
        all.to_string().replace('<', "\\u003c")
    )
}

/// The kind a value is written as in a shape.
fn kind(v: &Json) -> u8 {
    match v {
        Json::Null => NULL,
        Json::Bool(false) => FALSE,
        Json::Bool(true) => TRUE,
        Json::Uint(_) => UINT,
        Json::Neg(_) => NEG,
        Json::Number(_) => NUMBER,
        Json::String(_) => STR,
        Json::Array(_) | Json::Object(_) => ANY,
    }
}

/// A JSON value that keeps its fields in the order they were written (the
/// page gives the trace back as the same JSON Lines).
#[derive(Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Uint(u64),
    /// A whole number below zero, as its negation.
    Neg(u64),
    /// Any other number, as its JSON text.
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Uint(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(if v >= 0 {
            Json::Uint(v.unsigned_abs())
        } else {
            Json::Neg(v.unsigned_abs())
        })
    }
    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        Ok(Json::Number(
            serde_json::Number::from_f64(v).map_or_else(|| "null".to_string(), |n| n.to_string()),
        ))
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        Ok(Json::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some((k, v)) = map.next_entry::<String, Json>()? {
            out.push((k, v));
        }
        Ok(Json::Object(out))
    }
}

fn varint(buf: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        buf.push((x as u8 & 0x7f) | 0x80);
        x >>= 7;
    }
    buf.push(x as u8);
}

fn escape_html(s: &str) -> String {
    hetman::render::svg::escape(s).replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_is_inlined() {
        for name in ASSETS {
            let s = source(name);
            assert!(
                !s.to_ascii_lowercase().contains("</script") && !s.contains("<!--"),
                "{name} would end its inline block early"
            );
        }
        let trace =
            "{\"hetman_trace\":1,\"problem\":\"queens\",\"n\":1,\"algorithm\":\"bitboard\"}\n\
                     {\"step\":1,\"event\":\"prune\",\"reason\":\"</script><b>\"}\n";
        let html = export_html_in(trace, "hetman: 1 queen <&>", Lang::En);
        assert!(html.contains("<body data-mode=\"export\">"));
        assert!(html.contains("<title>hetman: 1 queen &lt;&amp;&gt;</title>"));
        assert!(
            !html.contains("<script src="),
            "a script is still loaded from a file"
        );
        assert!(!html.contains("href=\"style.css\""));
        // The scripts, the messages, the code listings of the trace's algorithm and the trace.
        assert_eq!(html.matches("</script>").count(), ASSETS.len() - 1 + 3);
        assert!(html.contains("window.HETMAN_MESSAGES = {\"en\":"));
        assert!(html.contains("window.HETMAN_LANG = \"en\";"));
        assert!(html.contains("id=\"code-listings\""));
        let block = html
            .split("id=\"trace-packed\" data-lines=\"1\">")
            .nth(1)
            .unwrap();
        let mut lines = block.trim_start().lines();
        assert!(lines.next().unwrap().starts_with("{\"hetman_trace\":1"));
        // The events: gzip in base64, the text "</script><b>" inside as it is.
        let data = base64::engine::general_purpose::STANDARD
            .decode(lines.next().unwrap())
            .unwrap();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&data[..]), &mut bytes)
            .unwrap();
        assert!(bytes.windows(12).any(|w| w == b"</script><b>"));
    }

    #[test]
    fn a_packed_trace_is_small_and_says_each_name_once() {
        let mut p = Packer::new(
            r#"{"hetman_trace":1,"problem":"queens","n":4,"algorithm":"backtracking"}"#,
        );
        for step in 1..=10_000 {
            p.push_line(&format!(
                r#"{{"step":{step},"event":"try","file":{},"rank":{},"square":"a1"}}"#,
                step % 4,
                step % 3
            ));
        }
        // A step that does not follow on is kept.
        p.push_line(r#"{"step":20000,"event":"end","complete":false,"counters":{"calls":1}}"#);
        assert_eq!(p.lines(), 10_001);
        p.flush();
        let bytes = p.out.get_ref().len();
        let html = p.finish_html("t");
        let block = html.split("data-lines=\"10001\">").nth(1).unwrap();
        let data = block.trim_start().lines().nth(1).unwrap();
        assert!(
            data.len() < 2_000,
            "{} bytes of base64 ({bytes} so far)",
            data.len()
        );
        let data = base64::engine::general_purpose::STANDARD
            .decode(data)
            .unwrap();
        let mut raw = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&data[..]), &mut raw).unwrap();
        // Each try: a byte for the shape's number and one for each of its four values (the
        // event's name and the square by number, file and rank); the step is not written.
        assert!(raw.len() <= 10_000 * 5 + 200, "{} bytes", raw.len());
        assert_eq!(raw.windows(6).filter(|w| *w == b"square").count(), 1);
        assert_eq!(
            raw.windows(5).filter(|w| *w == b"20000").count(),
            0,
            "a number, not text"
        );
    }
}

//! JSON records: small results (shard results) that `jq`, Python or any
//! JSON reader opens as they are, with the job's identity and a checksum
//! inside.
//!
//! A record is one JSON object on one line. Its first member, `hetman`, is
//! the seal; the record's own members follow, sorted by name:
//!
//! ```text
//! {"hetman":{"record":1,"kind":KIND,"identity":IDENTITY,"blake3":HASH},"a":...,"b":...}
//! ```
//!
//! `KIND` says what the record is (`hetman-queens-shard`, ...), `IDENTITY`
//! is the [`Job`](super::Job) it belongs to and `HASH` the BLAKE3 hash (64
//! lowercase hex digits) of the record's **canonical form**: the whole
//! object without the seal's `blake3` member, written with no whitespace,
//! the members of every object sorted by name (byte order), strings and
//! numbers as `serde_json` writes them (only `"`, `\` and control characters
//! escaped; integers in decimal; other numbers in the shortest form that
//! reads back the same, e.g. `1e-6`). [`canonical`] writes it.
//!
//! A reader refuses a record that was cut short, extended, edited or
//! relabelled: it must be one JSON object and a newline, with a seal of
//! this format and kind whose hash is the canonical form's, and it must be
//! byte for byte what hetman writes for that content (so even an edit that
//! keeps the content, such as a reformatting, is refused). Files in the
//! older sealed form (a `hetman-file 1` header line, then the JSON body, see
//! [`sealed`]) are still read, with the same checks. Writing
//! goes through [`AtomicFile`] and replaces only a record or sealed file
//! hetman wrote.
//!
//! # Example
//! ```
//! use hetman::jobs::record::{read, write};
//! use serde_json::json;
//! let dir = std::env::temp_dir().join(format!("hetman-record-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("shard.json");
//! write(&path, "demo", "job=demo n=8", &json!({"solutions": 92, "n": 8})).unwrap();
//! let text = std::fs::read_to_string(&path).unwrap();
//! assert!(text.starts_with(r#"{"hetman":{"record":1,"kind":"demo","identity":"job=demo n=8","blake3":""#));
//! assert!(text.ends_with("},\"n\":8,\"solutions\":92}\n"));
//! // Any JSON reader opens it; hetman reads it back after every check.
//! let v: serde_json::Value = serde_json::from_str(&text).unwrap();
//! assert_eq!(v["solutions"], 92);
//! let (identity, record) = read(&path, "demo").unwrap();
//! assert_eq!((identity.as_str(), record), ("job=demo n=8", json!({"n": 8, "solutions": 92})));
//! // An edited number: refused.
//! std::fs::write(&path, text.replace("92", "93")).unwrap();
//! let e = read(&path, "demo").unwrap_err().to_string();
//! assert!(e.contains("checksum mismatch"), "{e}");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::output::{AtomicFile, Existing};
use super::{sealed, thousands};
use crate::Error;
use serde_json::{Map, Value};
use std::io::{self, Read, Write};
use std::path::Path;

/// The name of the seal member.
pub const SEAL: &str = "hetman";
/// The version of the record format (the seal's `record` member).
const VERSION: u64 = 1;
/// How every record begins.
pub(crate) const PREFIX: &str = "{\"hetman\":{\"record\":";
/// The largest record read (records are a few hundred bytes).
const MAX_BYTES: u64 = 16 << 20;

fn file_error(path: &Path, reason: impl Into<String>) -> Error {
    Error::File {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

/// Writes `value` in canonical form: no whitespace, the members of every
/// object sorted by name, strings and numbers as `serde_json` writes them.
///
/// ```
/// use serde_json::json;
/// let v = json!({"b": [1, 2.5, "x\ny"], "a": {"d": null, "c": true}});
/// assert_eq!(hetman::jobs::record::canonical(&v), r#"{"a":{"c":true,"d":null},"b":[1,2.5,"x\ny"]}"#);
/// ```
#[must_use]
pub fn canonical(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (key, item)) in sorted(members).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_member(key, item, out);
            }
            out.push('}');
        }
        // Null, booleans, numbers and strings: serde_json's own text.
        scalar => out.push_str(&scalar.to_string()),
    }
}

fn write_member(key: &str, item: &Value, out: &mut String) {
    out.push_str(&Value::from(key).to_string());
    out.push(':');
    write_canonical(item, out);
}

/// The members of an object in byte order of their names (whatever order
/// the map keeps them in).
fn sorted(members: &Map<String, Value>) -> Vec<(&str, &Value)> {
    let mut v: Vec<(&str, &Value)> = members.iter().map(|(k, v)| (k.as_str(), v)).collect();
    v.sort_unstable_by_key(|(k, _)| *k);
    v
}

/// The seal without its hash: what the hash covers along with the members.
fn seal_fields(kind: &str, identity: &str) -> Map<String, Value> {
    let mut seal = Map::new();
    seal.insert("record".into(), VERSION.into());
    seal.insert("kind".into(), kind.into());
    seal.insert("identity".into(), identity.into());
    seal
}

/// The BLAKE3 hash of the canonical form of `members` sealed as `kind` of `identity`.
fn checksum(kind: &str, identity: &str, members: &Map<String, Value>) -> blake3::Hash {
    let mut whole = members.clone();
    whole.insert(SEAL.into(), Value::Object(seal_fields(kind, identity)));
    blake3::hash(canonical(&Value::Object(whole)).as_bytes())
}

/// The bytes of a record file: the seal first, then the members sorted,
/// then a newline.
fn record_text(kind: &str, identity: &str, members: &Map<String, Value>) -> String {
    let hash = checksum(kind, identity, members);
    let mut out = String::from("{");
    // The seal's members in this order (not sorted: PREFIX first, the hash last).
    out.push_str(&Value::from(SEAL).to_string());
    out.push_str(":{");
    let seal = seal_fields(kind, identity);
    for (i, key) in ["record", "kind", "identity"].into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_member(key, &seal[key], &mut out);
    }
    out.push_str(&format!(",\"blake3\":\"{}\"}}", hash.to_hex()));
    for (key, item) in sorted(members) {
        out.push(',');
        write_member(key, item, &mut out);
    }
    out.push_str("}\n");
    out
}

/// Writes `record` (a JSON object without a `hetman` member) to `path` as
/// a sealed record of `kind` for the job `identity`, whole or not at all.
/// An existing file there is replaced only if hetman wrote it (a record or
/// a sealed file).
///
/// # Errors
/// [`Error::File`] when the file cannot be written or is not hetman's;
/// [`Error::Internal`] when `record` is not an object or has a `hetman` member.
pub fn write(path: &Path, kind: &str, identity: &str, record: &Value) -> Result<(), Error> {
    let Some(members) = record.as_object().filter(|m| !m.contains_key(SEAL)) else {
        return Err(Error::Internal {
            reason: format!("a record must be a JSON object without a '{SEAL}' member"),
        });
    };
    let text = record_text(kind, identity, members);
    let mut file = AtomicFile::create(path, Existing::OnlyOursOf(&[PREFIX, sealed::MAGIC]))?;
    file.write_all(text.as_bytes()).map_err(|e| {
        file_error(
            path,
            format!("cannot be written: {e}; the old file, if any, is unchanged"),
        )
    })?;
    file.commit()
}

/// Reads a record of `kind` (or a file of the older sealed form holding one):
/// its job identity and its members without the seal, after every check.
///
/// # Errors
/// [`Error::File`] naming what is wrong: absent, foreign, cut short,
/// extended, damaged (checksum mismatch), of another kind or reformatted.
pub fn read(path: &Path, kind: &str) -> Result<(String, Value), Error> {
    let mut bytes = Vec::new();
    match std::fs::File::open(path) {
        Ok(f) => f.take(MAX_BYTES + 1).read_to_end(&mut bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(file_error(path, "does not exist"));
        }
        Err(e) => Err(e),
    }
    .map_err(|e| file_error(path, format!("cannot be read: {e}")))?;
    if bytes.starts_with(sealed::MAGIC.as_bytes()) {
        return read_sealed(path, kind);
    }
    if bytes.len() as u64 > MAX_BYTES {
        return Err(file_error(
            path,
            format!(
                "is too large for a record (over {} bytes)",
                thousands(MAX_BYTES)
            ),
        ));
    }
    parse(path, &bytes, kind)
}

/// A shard result in the older sealed form: the JSON object is its body.
fn read_sealed(path: &Path, kind: &str) -> Result<(String, Value), Error> {
    let (identity, body) = sealed::read(path, kind)?;
    match serde_json::from_slice::<Value>(&body) {
        Ok(v @ Value::Object(_)) if v.get(SEAL).is_none() => Ok((identity, v)),
        _ => Err(file_error(
            path,
            "is a sealed file whose body is not a JSON record",
        )),
    }
}

/// Checks the bytes of a record file (see the module's documentation).
fn parse(path: &Path, bytes: &[u8], kind: &str) -> Result<(String, Value), Error> {
    if bytes.is_empty() {
        return Err(file_error(path, "is empty"));
    }
    let common = bytes
        .iter()
        .zip(PREFIX.as_bytes())
        .take_while(|(a, b)| a == b)
        .count();
    if common < PREFIX.len().min(bytes.len()) {
        return Err(file_error(
            path,
            format!("is not a file written by hetman (it does not begin with '{PREFIX}')"),
        ));
    }
    let mut values = serde_json::Deserializer::from_slice(bytes).into_iter::<Value>();
    let value = match values.next() {
        Some(Ok(v)) => v,
        Some(Err(e)) if e.is_eof() => {
            return Err(file_error(
                path,
                format!(
                    "is cut short at byte {}: its JSON ends early",
                    thousands(bytes.len() as u64)
                ),
            ));
        }
        Some(Err(e)) => return Err(file_error(path, format!("is damaged: not JSON ({e})"))),
        None => return Err(file_error(path, "is empty")),
    };
    let end = values.byte_offset();
    match &bytes[end..] {
        b"\n" => {}
        [] => {
            return Err(file_error(
                path,
                format!(
                    "is cut short at byte {}: its final newline is missing",
                    thousands(end as u64)
                ),
            ));
        }
        _ => {
            return Err(file_error(
                path,
                format!(
                    "has bytes after its end (byte {}): it was extended or damaged",
                    thousands(end as u64 + 1)
                ),
            ));
        }
    }
    let Value::Object(mut members) = value else {
        return Err(file_error(path, "is damaged: not a JSON object"));
    };
    let damaged = |what: &str| file_error(path, format!("has a damaged seal ({what})"));
    let Some(Value::Object(seal)) = members.remove(SEAL) else {
        return Err(damaged(SEAL));
    };
    let version = seal.get("record").unwrap_or(&Value::Null);
    if version.as_u64() != Some(VERSION) {
        return Err(file_error(
            path,
            format!(
                "is in record format {version}, which this hetman does not read (it reads {VERSION})"
            ),
        ));
    }
    let text = |key: &str| {
        seal.get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| damaged(key))
    };
    let (found_kind, identity, hex) = (text("kind")?, text("identity")?, text("blake3")?);
    let hash = blake3::Hash::from_hex(hex)
        .ok()
        .filter(|h| h.to_hex().as_str() == hex)
        .ok_or_else(|| damaged("blake3"))?;
    if found_kind != kind {
        return Err(file_error(
            path,
            format!("holds a {found_kind}, not a {kind}"),
        ));
    }
    if checksum(kind, identity, &members) != hash {
        return Err(file_error(
            path,
            "is damaged: checksum mismatch (its contents are not what hetman wrote)",
        ));
    }
    if record_text(kind, identity, &members).as_bytes() != bytes {
        return Err(file_error(
            path,
            "was reformatted or edited since hetman wrote it (its checksum still matches, \
             but a record is read only byte for byte as hetman wrote it)",
        ));
    }
    Ok((identity.to_string(), Value::Object(members)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::path::PathBuf;

    fn temp(name: &str) -> PathBuf {
        super::super::test_path("record", name)
    }

    fn sample() -> Value {
        json!({"n": 10, "split": "8d15c99ddf3e9c2d", "seconds": 1e-6, "tours": "12345",
               "list": [1, {"z": 1, "a": 2}], "none": null, "yes": true})
    }

    #[test]
    fn the_file_is_json_with_the_seal_first_and_the_hash_over_the_canonical_form() {
        let p = temp("form");
        write(&p, "test", "job=test n=10", &sample()).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["hetman"]["kind"], "test");
        assert_eq!(v["hetman"]["identity"], "job=test n=10");
        assert_eq!(v["seconds"], 1e-6);
        // The documented canonical form, built here by hand: the whole
        // object without the seal's blake3, sorted, no whitespace.
        let canonical_text = concat!(
            r#"{"hetman":{"identity":"job=test n=10","kind":"test","record":1},"#,
            r#""list":[1,{"a":2,"z":1}],"n":10,"none":null,"seconds":1e-6,"#,
            r#""split":"8d15c99ddf3e9c2d","tours":"12345","yes":true}"#
        );
        let hash = blake3::hash(canonical_text.as_bytes()).to_hex().to_string();
        assert_eq!(v["hetman"]["blake3"], hash);
        let mut without = v.clone();
        without["hetman"].as_object_mut().unwrap().remove("blake3");
        assert_eq!(canonical(&without), canonical_text);
        let (identity, back) = read(&p, "test").unwrap();
        assert_eq!((identity.as_str(), back), ("job=test n=10", sample()));
    }

    /// Times whose shortest decimal form has 17 digits read back as the
    /// same number, so their records check (a knight shard's 7.31020424499…
    /// seconds was refused as damaged before serde_json's exact parsing).
    #[test]
    fn every_float_reads_back_as_written() {
        let p = temp("floats");
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for seconds in [
            7.310_204_244_999_999_5,
            0.1 + 0.2,
            1.0 / 3.0,
            1e-300,
            123_456.789,
        ]
        .into_iter()
        .chain((0..2000).map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 40) as f64
        })) {
            let record = json!({"seconds": seconds});
            write(&p, "test", "job=test", &record).unwrap();
            let (_, back) = read(&p, "test").unwrap_or_else(|e| panic!("{seconds:e}: {e}"));
            assert_eq!(back["seconds"].as_f64(), Some(seconds));
        }
    }

    #[test]
    fn every_single_bit_flip_cut_and_extension_is_refused() {
        let p = temp("flips");
        write(&p, "test", "job=test n=10", &sample()).unwrap();
        let good = std::fs::read(&p).unwrap();
        for i in 0..good.len() {
            for bit in 0..8 {
                let mut bad = good.clone();
                bad[i] ^= 1 << bit;
                std::fs::write(&p, &bad).unwrap();
                assert!(read(&p, "test").is_err(), "byte {i} bit {bit}");
            }
        }
        for cut in 0..good.len() {
            std::fs::write(&p, &good[..cut]).unwrap();
            assert!(read(&p, "test").is_err(), "cut at {cut}");
        }
        let with = |extra: &[u8]| [&good[..], extra].concat();
        for (bytes, says) in [
            (with(b" "), "bytes after its end"),
            (with(b"\n"), "bytes after its end"),
            (with(b"{}"), "bytes after its end"),
            (good[..good.len() - 1].to_vec(), "final newline is missing"),
            (good[..good.len() - 5].to_vec(), "cut short"),
        ] {
            assert!(refusal(&p, &bytes, "test").contains(says), "{says}");
        }
        assert!(refusal(&p, &good, "other").contains("holds a test, not a other"));
    }

    /// Why `bytes` are refused as a record of `kind`.
    fn refusal(p: &Path, bytes: &[u8], kind: &str) -> String {
        std::fs::write(p, bytes).unwrap();
        read(p, kind).unwrap_err().to_string()
    }

    #[test]
    fn an_edit_that_keeps_the_json_valid_is_refused() {
        let p = temp("edits");
        write(&p, "test", "job=test n=10", &sample()).unwrap();
        let good = std::fs::read_to_string(&p).unwrap();
        let refused = |text: String, says: &str| {
            let e = refusal(&p, text.as_bytes(), "test");
            assert!(e.contains(says), "{text}: {e}");
        };
        // A value, a member added or removed, the identity relabelled.
        refused(good.replace("\"n\":10", "\"n\":11"), "checksum mismatch");
        refused(good.replace("\"n\":10,", ""), "checksum mismatch");
        refused(
            good.replace("\"n\":10,", "\"n\":10,\"m\":1,"),
            "checksum mismatch",
        );
        refused(good.replace("n=10", "n=11"), "checksum mismatch");
        refused(
            good.replace("\"kind\":\"test\"", "\"kind\":\"tesu\""),
            "holds a tesu",
        );
        // The same content written otherwise: pretty, reordered, respelt.
        let v: Value = serde_json::from_str(&good).unwrap();
        refused(
            serde_json::to_string_pretty(&v).unwrap() + "\n",
            "does not begin with",
        );
        refused(good.replace("1e-6", "1E-6"), "reformatted or edited");
        refused(good.replace("1e-6", "0.000001"), "reformatted or edited");
        // Foreign and missing files.
        refused("{\"n\": 10}\n".into(), "not a file written by hetman");
        refused(String::new(), "is empty");
        let _ = std::fs::remove_file(&p);
        assert!(read(&p, "test")
            .unwrap_err()
            .to_string()
            .contains("does not exist"));
    }

    #[test]
    fn an_older_sealed_file_is_read_and_replaced() {
        let p = temp("sealed");
        let body = format!("{}\n", sample());
        sealed::write(&p, "test", "job=test n=10", body.as_bytes()).unwrap();
        let (identity, v) = read(&p, "test").unwrap();
        assert_eq!((identity.as_str(), v), ("job=test n=10", sample()));
        write(&p, "test", "job=test n=10", &sample()).unwrap();
        assert!(std::fs::read_to_string(&p).unwrap().starts_with(PREFIX));
        // A damaged one is refused as sealed files are.
        std::fs::remove_file(&p).unwrap();
        sealed::write(&p, "test", "job=test n=10", body.as_bytes()).unwrap();
        let mut bytes = std::fs::read(&p).unwrap();
        let last = bytes.len() - 3;
        bytes[last] ^= 1;
        std::fs::write(&p, &bytes).unwrap();
        let e = read(&p, "test").unwrap_err().to_string();
        assert!(e.contains("checksum mismatch"), "{e}");
    }

    #[test]
    fn a_file_hetman_did_not_write_is_never_replaced() {
        let p = temp("foreign");
        for notes in ["my notes", "{\"n\":1}\n", ""] {
            std::fs::write(&p, notes).unwrap();
            let e = write(&p, "test", "job=test", &json!({})).unwrap_err();
            assert!(e.to_string().contains("not written by hetman"), "{e}");
            assert_eq!(std::fs::read_to_string(&p).unwrap(), notes);
        }
        std::fs::remove_file(&p).unwrap();
        write(&p, "test", "job=test", &json!({"a": 1})).unwrap();
        write(&p, "test", "job=test", &json!({"a": 2})).unwrap();
        assert_eq!(read(&p, "test").unwrap().1, json!({"a": 2}));
        let e = write(&p, "test", "job=test", &json!({"hetman": 2})).unwrap_err();
        assert!(e.to_string().contains("without a 'hetman' member"), "{e}");
    }
}

//! The machinery every long computation shares, written once for both
//! problems: the job's identity, checkpoints, sealed files, safe output,
//! shard merging, progress and the stop flag.
//!
//! A long run (a queens count, a knight count, a knight enumeration, a
//! completion count) is described by a [`Job`]: what is computed, on which
//! engine, with which split and program version. The problems supply the
//! work units; this module does the rest:
//!
//! - [`checkpoint::Checkpoint`]: an append-only log of finished units, each
//!   record chained to the previous one by a BLAKE3 hash, so that a crash
//!   loses at most the units that were running and any edit is refused;
//! - [`record`]: JSON records (shard results) that any JSON reader opens,
//!   with the job's identity and a BLAKE3 checksum inside;
//! - [`sealed`]: whole files (frontier states) with a header naming the job
//!   and a BLAKE3 checksum over every byte of the body;
//! - [`output`]: writes that never destroy what hetman did not write: an
//!   atomic replace for files (through symlinks), in place for devices and
//!   FIFOs, and a refusal for a foreign file where a checkpoint should be;
//! - [`Progress`]: units and cost done, rate and time left;
//! - [`Stop`]: the flag a front end sets on Ctrl-C and the engines poll.
//!
//! # Example
//! ```
//! use hetman::jobs::Job;
//! let job = Job::new("queens-count").field("n", 12).field("engine", "join-1");
//! let version = job.get("version").unwrap();
//! assert_eq!(job.identity(), format!("job=queens-count version={version} n=12 engine=join-1"));
//! assert_eq!(job.id().len(), 16);
//! assert_ne!(job.id(), Job::new("queens-count").field("n", 13).id());
//! ```

pub mod checkpoint;
pub(crate) mod merge;
pub mod output;
mod progress;
pub mod record;
pub mod sealed;

pub use progress::Progress;

use std::fmt::Display;
use std::sync::atomic::AtomicBool;

/// The stop flag: set from outside (a Ctrl-C handler), polled by the
/// engines, which then save what they have and return
/// [`Error::Interrupted`](crate::Error::Interrupted).
pub type Stop = AtomicBool;

/// The program version that checkpoints, shard results and splits are tied to.
pub(crate) const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// What a long run computes, as `key=value` fields: the problem and size,
/// the options, the engine, the split and the tool version. Its
/// [`identity`](Job::identity) heads every checkpoint and shard result, so a
/// file from another job is refused by name.
///
/// ```
/// use hetman::jobs::Job;
/// let a = Job::new("knight-count").field("board", "6x6").field("kind", "closed");
/// let b = Job::new("knight-count").field("board", "6x6").field("kind", "open");
/// assert_eq!(a.difference(&b.identity()), Some("it is for kind=open, this run has kind=closed".into()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    fields: Vec<(String, String)>,
}

impl Job {
    /// A job of the given kind (`queens-count`, `knight-count`, ...) made by
    /// this version of the tool.
    #[must_use]
    pub fn new(kind: &str) -> Job {
        Job {
            fields: vec![
                ("job".to_string(), kind.to_string()),
                ("version".to_string(), TOOL_VERSION.to_string()),
            ],
        }
    }

    /// Adds a field; spaces in the value are replaced by `_` so that the
    /// identity stays one line of `key=value` words.
    #[must_use]
    pub fn field(mut self, key: &str, value: impl Display) -> Job {
        let v = value.to_string().replace(char::is_whitespace, "_");
        self.fields.push((key.to_string(), v));
        self
    }

    /// The value of a field.
    ///
    /// ```
    /// use hetman::jobs::Job;
    /// assert_eq!(Job::new("x").field("n", 8).get("n"), Some("8"));
    /// ```
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// One line: `job=KIND version=V key=value ...`.
    #[must_use]
    pub fn identity(&self) -> String {
        self.fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// 16 hex digits of a BLAKE3 hash of the identity: a short name for the job.
    #[must_use]
    pub fn id(&self) -> String {
        short_hash(self.identity().as_bytes())
    }

    /// The first field in which `found` (another identity line) differs
    /// from this job, for a message; `None` when they agree.
    #[must_use]
    pub fn difference(&self, found: &str) -> Option<String> {
        difference(found, &self.identity())
    }
}

/// 16 hex digits (64 bits) of the BLAKE3 hash of `bytes`: identities of
/// splits and jobs. Not a checksum of a file: files carry the whole hash.
#[must_use]
pub(crate) fn short_hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex()[..16].to_string()
}

/// [`short_hash`] of text written into it a piece at a time, without
/// holding the whole (a split's list of 20 million units is half a GB of
/// text).
pub(crate) struct TextHash {
    hasher: blake3::Hasher,
    pending: String,
}

/// Text gathered before it is hashed.
const TEXT_HASH_BUFFER: usize = 1 << 16;

impl TextHash {
    pub(crate) fn new() -> TextHash {
        TextHash {
            hasher: blake3::Hasher::new(),
            pending: String::with_capacity(TEXT_HASH_BUFFER),
        }
    }

    /// The hash of all the text written, as [`short_hash`] gives it.
    pub(crate) fn finish(mut self) -> String {
        self.hasher.update(self.pending.as_bytes());
        self.hasher.finalize().to_hex()[..16].to_string()
    }
}

impl std::fmt::Write for TextHash {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.pending.push_str(s);
        if self.pending.len() >= TEXT_HASH_BUFFER {
            self.hasher.update(self.pending.as_bytes());
            self.pending.clear();
        }
        Ok(())
    }
}

/// The first `key=value` field of `wanted` that `found` lacks or has with
/// another value, as a message; `None` when all agree.
pub(crate) fn difference(found: &str, wanted: &str) -> Option<String> {
    let fields = |s: &str| -> Vec<(String, String)> {
        s.split_whitespace()
            .filter_map(|f| f.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let (f, w) = (fields(found), fields(wanted));
    for (k, v) in &w {
        match f.iter().find(|(k2, _)| k2 == k) {
            Some((_, v2)) if v2 != v => {
                return Some(format!("it is for {k}={v2}, this run has {k}={v}"))
            }
            None => return Some(format!("it has no {k}, this run has {k}={v}")),
            _ => {}
        }
    }
    (found != wanted).then(|| format!("its job is '{found}', this run's is '{wanted}'"))
}

/// A path for a test's file, with nothing there yet: `name` in a
/// directory of this process (one per `group`) in the system's temporary
/// directory.
#[cfg(test)]
pub(crate) fn test_path(group: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hetman-{group}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// A byte count with thousands separators, for messages ("at byte 1,204").
pub(crate) fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod text_hash_tests {
    use super::{short_hash, TextHash};
    use std::fmt::Write as _;

    /// Text hashed as it is written, across the buffer's edge many times,
    /// gives the hash of the whole text; other text another.
    #[test]
    fn text_hashed_in_pieces_is_hashed_as_a_whole() {
        let mut whole = String::new();
        let mut pieces = TextHash::new();
        for i in 0..40_000u32 {
            let line = format!("{i} {:x} {}\n", i.wrapping_mul(2_654_435_761), i % 7);
            whole.push_str(&line);
            write!(pieces, "{line}").unwrap();
        }
        assert!(whole.len() > 8 * super::TEXT_HASH_BUFFER);
        assert_eq!(pieces.finish(), short_hash(whole.as_bytes()));
        let mut other = TextHash::new();
        write!(other, "{}", &whole[1..]).unwrap();
        assert_ne!(other.finish(), short_hash(whole.as_bytes()));
        assert_eq!(TextHash::new().finish(), short_hash(b""));
    }
}

//! Crash-safe records of finished work units, for long runs that resume.
//!
//! A checkpoint is a text file: one header line that names the job (what is
//! computed, the engine, the split, the program version), then one line per
//! finished work unit. Lines are only ever appended. Each carries 128 bits of
//! a BLAKE3 hash chained from the header through every earlier line, so
//! that a changed, removed, swapped or inserted line is found and the file
//! refused, never resumed into a wrong answer. A line torn by a crash (the
//! last one, without its newline, and only if it reads as the start of a
//! record) is dropped and its unit counted again: killing the process at
//! any moment loses at most the units that were still running. A file cut
//! exactly at the end of a line reads as an earlier crash: the missing units
//! are counted again, and the total stays right.
//!
//! ```text
//! hetman-checkpoint 2 JOB #HASH
//! unit KEY VALUE... #HASH
//! ```
//!
//! # Example
//! ```
//! use hetman::jobs::checkpoint::Checkpoint;
//! let dir = std::env::temp_dir().join(format!("hetman-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("run.ckpt");
//! let _ = std::fs::remove_file(&path);
//! let mut c = Checkpoint::open(&path, "job=queens-count n=8").unwrap();
//! c.record(3, &[12, 345]).unwrap();
//! drop(c);
//! let c = Checkpoint::open(&path, "job=queens-count n=8").unwrap();
//! assert_eq!(c.get(3), Some(&[12, 345][..]));
//! let e = Checkpoint::open(&path, "job=queens-count n=9").unwrap_err().to_string();
//! assert!(e.contains("it is for n=8, this run has n=9"), "{e}");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::thousands;
use crate::Error;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The first word of every checkpoint, with the format's version.
const MAGIC: &str = "hetman-checkpoint 2 ";

/// An open checkpoint: what earlier runs finished, and a file to append to.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    file: File,
    records: BTreeMap<u64, Vec<u64>>,
    /// The hash of the last line, which the next one continues.
    chain: [u8; 16],
    last_sync: Instant,
}

fn io_error(path: &Path, what: &str, e: &std::io::Error) -> Error {
    Error::Checkpoint {
        path: path.display().to_string(),
        reason: format!("cannot {what} it: {e}"),
    }
}

/// The hash of a line: BLAKE3 of the previous line's hash and this line's
/// text, 128 bits.
fn link(previous: &[u8; 16], text: &str) -> [u8; 16] {
    let mut h = blake3::Hasher::new_derive_key("hetman checkpoint 2 line");
    h.update(previous);
    h.update(text.as_bytes());
    let mut out = [0u8; 16];
    out.copy_from_slice(&h.finalize().as_bytes()[..16]);
    out
}

fn hex(bytes: &[u8; 16]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `tail` (a last line without its newline) can be the start of a
/// record being appended when the process died.
fn torn_record(tail: &str) -> bool {
    let grammar = "unit 0 #";
    let (body, hash) = tail.split_once(" #").unwrap_or((tail, ""));
    let body_ok = if body.len() < 5 {
        grammar.starts_with(body)
    } else {
        body.starts_with("unit ") && body[5..].bytes().all(|b| b.is_ascii_digit() || b == b' ')
    };
    body_ok && hash.len() < 32 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The finished units of a checkpoint and their values, in key order.
pub type Records = Vec<(u64, Vec<u64>)>;

/// What a checkpoint file holds: the records, the hash chain after the
/// last whole line, and the length of the whole lines.
struct Read {
    records: BTreeMap<u64, Vec<u64>>,
    chain: [u8; 16],
    good_len: u64,
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the job named by `header` (one
    /// line, usually a [`Job::identity`](super::Job::identity)), creating it
    /// if it does not exist. An existing file must carry the same header: one
    /// from another job, split or program version is refused, naming the
    /// field that differs; a damaged one is refused with the line and byte
    /// where the damage is; a file that is not a checkpoint is refused and
    /// left as it is.
    pub fn open(path: &Path, header: &str) -> Result<Checkpoint, Error> {
        let refuse = |reason: String| Error::Checkpoint {
            path: path.display().to_string(),
            reason,
        };
        let header_text = format!("{MAGIC}{header}");
        let (records, chain) = match Self::read(path, header)? {
            Some(Read {
                records,
                chain,
                good_len,
            }) => {
                // Cut a torn last line so that appends start on a fresh line.
                let f = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| io_error(path, "open", &e))?;
                f.set_len(good_len)
                    .map_err(|e| io_error(path, "repair", &e))?;
                (records, chain)
            }
            None => {
                // Write the header to a temporary file and rename it into place, so
                // that the file never exists without its header.
                let chain = link(&[0; 16], &header_text);
                let line = format!("{header_text} #{}\n", hex(&chain));
                super::output::write_file(path, line.as_bytes(), super::output::Existing::Replace)
                    .map_err(|e| refuse(format!("cannot be created: {e}")))?;
                (BTreeMap::new(), chain)
            }
        };
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| io_error(path, "open", &e))?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            file,
            records,
            chain,
            last_sync: Instant::now(),
        })
    }

    /// The units that the checkpoint at `path` records as finished, with
    /// their values, checked as [`open`](Checkpoint::open) checks them but
    /// without changing anything: `None` when there is no such file. For
    /// estimating the work left.
    ///
    /// ```
    /// use hetman::jobs::checkpoint::Checkpoint;
    /// let dir = std::env::temp_dir().join(format!("hetman-finished-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir).unwrap();
    /// let path = dir.join("job.ckpt");
    /// assert!(Checkpoint::finished(&path, "job=doc").unwrap().is_none());
    /// let mut c = Checkpoint::open(&path, "job=doc").unwrap();
    /// c.record(3, &[42]).unwrap();
    /// c.sync().unwrap();
    /// let done = Checkpoint::finished(&path, "job=doc").unwrap().unwrap();
    /// assert_eq!(done, [(3, vec![42])]);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn finished(path: &Path, header: &str) -> Result<Option<Records>, Error> {
        Ok(Self::read(path, header)?.map(|r| r.records.into_iter().collect()))
    }

    /// Reads and checks the file at `path`, if there is one.
    fn read(path: &Path, header: &str) -> Result<Option<Read>, Error> {
        assert!(!header.contains('\n'), "a checkpoint header is one line");
        let refuse = |reason: String| Error::Checkpoint {
            path: path.display().to_string(),
            reason,
        };
        let header_text = format!("{MAGIC}{header}");
        let mut chain = link(&[0; 16], &header_text);
        let mut records = BTreeMap::new();
        let exists = std::fs::symlink_metadata(path).is_ok();
        if !exists {
            return Ok(None);
        }
        {
            if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
                return Err(refuse(
                    "is not a regular file; a checkpoint must be one: use another file".into(),
                ));
            }
            let f = File::open(path).map_err(|e| io_error(path, "read", &e))?;
            let mut reader = BufReader::new(f);
            let mut good_len = 0u64;
            let mut line = Vec::new();
            let mut number = 0;
            loop {
                line.clear();
                let read = reader
                    .read_until(b'\n', &mut line)
                    .map_err(|e| io_error(path, "read", &e))?;
                if read == 0 {
                    break;
                }
                number += 1;
                let at = || format!("line {number}, byte {}", thousands(good_len + 1));
                let Ok(text) = std::str::from_utf8(&line) else {
                    return Err(if number == 1 {
                        refuse(not_ours())
                    } else {
                        refuse(format!("is damaged at {}: not text; {AGAIN}", at()))
                    });
                };
                let complete = text.ends_with('\n');
                let text = text.trim_end_matches('\n');
                if number == 1 {
                    let Some(found) = text.strip_prefix(MAGIC) else {
                        return Err(refuse(if text.starts_with("hetman ") && complete {
                            format!("was written by an older hetman (checkpoint format 1); {AGAIN}")
                        } else {
                            not_ours()
                        }));
                    };
                    let Some((found, hash)) = found.rsplit_once(" #") else {
                        return Err(refuse(format!("has a damaged header; {AGAIN}")));
                    };
                    if !complete || hash != hex(&link(&[0; 16], &format!("{MAGIC}{found}"))) {
                        return Err(refuse(format!("has a damaged header; {AGAIN}")));
                    }
                    if found != header {
                        let why = super::difference(found, header)
                            .unwrap_or_else(|| "its job differs".to_string());
                        return Err(refuse(format!(
                            "belongs to another run: {why}; use another file, or delete it to start over"
                        )));
                    }
                } else {
                    if !complete {
                        if torn_record(text) {
                            // Torn by a crash while being appended: drop it, redo that unit.
                            break;
                        }
                        return Err(refuse(format!(
                            "is damaged at {}: its last line is not a record \
                             (bytes were added or changed); {AGAIN}",
                            at()
                        )));
                    }
                    let damaged =
                        |what: &str| refuse(format!("is damaged at {}: {what}; {AGAIN}", at()));
                    let (body, hash) = text
                        .rsplit_once(" #")
                        .ok_or_else(|| damaged("a line without its checksum"))?;
                    let next = link(&chain, body);
                    if hash != hex(&next) {
                        return Err(damaged(
                            "checksum mismatch (a line was changed, removed, added or moved)",
                        ));
                    }
                    chain = next;
                    let mut fields = body.split(' ');
                    if fields.next() != Some("unit") {
                        return Err(damaged("not a record"));
                    }
                    let values: Vec<u64> = fields
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .map_err(|_| damaged("not a record"))?;
                    let (&key, rest) = values
                        .split_first()
                        .ok_or_else(|| damaged("not a record"))?;
                    if let Some(old) = records.insert(key, rest.to_vec())
                        && old != rest
                    {
                        return Err(damaged("a unit recorded twice with two results"));
                    }
                }
                good_len += read as u64;
            }
            if number == 0 {
                return Err(refuse(format!("is empty (no header); {AGAIN}")));
            }
            Ok(Some(Read {
                records,
                chain,
                good_len,
            }))
        }
    }

    /// The values recorded for `key`, if an earlier run finished it.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<&[u64]> {
        self.records.get(&key).map(Vec::as_slice)
    }

    /// Every finished key with its values.
    pub fn records(&self) -> impl Iterator<Item = (u64, &[u64])> {
        self.records.iter().map(|(&k, v)| (k, v.as_slice()))
    }

    /// How many keys are recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether nothing is recorded yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Records a finished unit: appends one line in a single write, and
    /// syncs the file to disk at most once a second.
    pub fn record(&mut self, key: u64, values: &[u64]) -> Result<(), Error> {
        let mut body = format!("unit {key}");
        for v in values {
            body.push(' ');
            body.push_str(&v.to_string());
        }
        let next = link(&self.chain, &body);
        let line = format!("{body} #{}\n", hex(&next));
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| io_error(&self.path, "write", &e))?;
        self.chain = next;
        if self.last_sync.elapsed() > Duration::from_secs(1) {
            self.file
                .sync_data()
                .map_err(|e| io_error(&self.path, "sync", &e))?;
            self.last_sync = Instant::now();
        }
        self.records.insert(key, values.to_vec());
        Ok(())
    }

    /// Syncs everything recorded so far to disk.
    pub fn sync(&mut self) -> Result<(), Error> {
        self.file
            .sync_data()
            .map_err(|e| io_error(&self.path, "sync", &e))
    }
}

/// The end of every message about a damaged checkpoint.
const AGAIN: &str = "remove it to start again";

fn not_ours() -> String {
    "is not a hetman checkpoint (it does not begin with 'hetman-checkpoint'); \
     it is left as it is: use another file"
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        super::super::test_path("ckpt", name)
    }

    #[test]
    fn torn_last_line_is_dropped_and_damage_is_reported() {
        let p = temp("torn");
        let h = "job=test n=5 split=ab";
        let mut c = Checkpoint::open(&p, h).unwrap();
        c.record(1, &[10, 20]).unwrap();
        c.record(2, &[30, 40]).unwrap();
        drop(c);
        // A crash in the middle of appending unit 3.
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"unit 3 5").unwrap();
        drop(f);
        let mut c = Checkpoint::open(&p, h).unwrap();
        assert_eq!((c.len(), c.get(3)), (2, None));
        c.record(3, &[50, 60]).unwrap();
        drop(c);
        let c = Checkpoint::open(&p, h).unwrap();
        assert_eq!(c.get(3), Some(&[50, 60][..]));
        // Flip one digit of a complete line.
        let good = std::fs::read_to_string(&p).unwrap();
        std::fs::write(&p, good.replacen("unit 2 30", "unit 2 31", 1)).unwrap();
        let e = Checkpoint::open(&p, h).unwrap_err().to_string();
        assert!(e.contains("damaged at line 3, byte"), "{e}");
        assert!(e.contains("checksum mismatch"), "{e}");
        // Another run's header.
        let p2 = temp("other");
        Checkpoint::open(&p2, "job=test n=5 split=ab").unwrap();
        let e = Checkpoint::open(&p2, "job=test n=6 split=ab")
            .unwrap_err()
            .to_string();
        assert!(e.contains("it is for n=5, this run has n=6"), "{e}");
        // A file of the user's whose one line has no newline is refused and
        // left as it was (found by fuzz/checkpoint: it was cut to nothing).
        for notes in [
            "my notes",
            "hello",
            "my notes\nmore\n",
            "hetman queens n=8\n",
        ] {
            std::fs::write(&p2, notes).unwrap();
            let e = Checkpoint::open(&p2, h).unwrap_err().to_string();
            assert!(
                e.contains("not a hetman checkpoint") || e.contains("format 1"),
                "{e}"
            );
            assert_eq!(std::fs::read_to_string(&p2).unwrap(), notes);
        }
        std::fs::write(&p2, "").unwrap();
        assert!(Checkpoint::open(&p2, h)
            .unwrap_err()
            .to_string()
            .contains("empty"));
    }

    #[test]
    fn swapped_removed_added_and_edited_lines_are_refused() {
        let p = temp("tamper");
        let h = "job=test n=7";
        let mut c = Checkpoint::open(&p, h).unwrap();
        for k in 0..5 {
            c.record(k, &[k * 10, 7]).unwrap();
        }
        drop(c);
        let good = std::fs::read_to_string(&p).unwrap();
        let lines: Vec<&str> = good.lines().collect();
        let join = |ls: &[&str]| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
        let mut swapped = lines.clone();
        swapped.swap(2, 3);
        let mut removed = lines.clone();
        removed.remove(2);
        let mut doubled = lines.clone();
        doubled.insert(3, lines[2]);
        let tampered = [
            join(&swapped),
            join(&removed),
            join(&doubled),
            format!("{good}unit 9 9 #0123\n"),
            format!("{good}garbage"),
            format!("{good}\u{0}\u{1}"),
            good.replacen("job=test n=7", "job=test n=8", 1),
        ];
        for (i, text) in tampered.iter().enumerate() {
            std::fs::write(&p, text).unwrap();
            let r = Checkpoint::open(&p, h);
            assert!(r.is_err(), "tampering {i} was accepted");
            assert_eq!(
                &std::fs::read_to_string(&p).unwrap(),
                text,
                "tampering {i} changed the file"
            );
        }
        // Every single bit flipped in a complete line is refused.
        let bytes = good.as_bytes();
        for i in 0..bytes.len() - 1 {
            for bit in 0..8 {
                let mut bad = bytes.to_vec();
                bad[i] ^= 1 << bit;
                std::fs::write(&p, &bad).unwrap();
                let r = Checkpoint::open(&p, h);
                assert!(r.is_err(), "byte {i} bit {bit} was accepted");
            }
        }
        // Cut anywhere: either refused or read as an earlier crash, with a
        // prefix of the records (their units are counted again).
        for cut in 0..bytes.len() {
            std::fs::write(&p, &bytes[..cut]).unwrap();
            if let Ok(c) = Checkpoint::open(&p, h) {
                let keys: Vec<u64> = c.records().map(|(k, _)| k).collect();
                assert_eq!(keys, (0..keys.len() as u64).collect::<Vec<_>>());
                for (k, v) in c.records() {
                    assert_eq!(v, &[k * 10, 7]);
                }
            }
        }
    }
}

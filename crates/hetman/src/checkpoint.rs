//! Crash-safe records of finished work units, for long counts that resume.
//!
//! A checkpoint is a text file: one header line that names the run (what is
//! counted, the split, the program version), then one line per finished work
//! unit. Lines are only ever appended, and each carries a 64-bit FNV-1a hash of
//! the header and its own fields, so a line torn by a crash (the last one,
//! without its newline) is dropped and counted again, and a damaged line
//! anywhere else is reported rather than trusted. Killing the process at any
//! moment loses at most the units that were still running.
//!
//! # Example
//! ```
//! use hetman::checkpoint::Checkpoint;
//! let dir = std::env::temp_dir().join(format!("hetman-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("run.ckpt");
//! let _ = std::fs::remove_file(&path);
//! let mut c = Checkpoint::open(&path, "hetman queens n=8").unwrap();
//! c.record(3, &[12, 345]).unwrap();
//! drop(c);
//! let c = Checkpoint::open(&path, "hetman queens n=8").unwrap();
//! assert_eq!(c.get(3), Some(&[12, 345][..]));
//! assert!(Checkpoint::open(&path, "hetman queens n=9").is_err());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use crate::Error;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// An open checkpoint: what earlier runs finished, and a file to append to.
#[derive(Debug)]
pub struct Checkpoint {
    path: PathBuf,
    header: String,
    file: File,
    records: BTreeMap<u64, Vec<u64>>,
    last_sync: Instant,
}

/// FNV-1a, 64 bits (Fowler, Noll and Vo): a small hash to detect damaged lines.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn io_error(path: &Path, what: &str, e: &std::io::Error) -> Error {
    Error::Checkpoint {
        path: path.display().to_string(),
        reason: format!("cannot {what} it: {e}"),
    }
}

fn line_hash(header: &str, body: &str) -> u64 {
    fnv1a(format!("{header}\n{body}").as_bytes())
}

/// The first `key=value` field of two header lines that differs, for messages.
fn difference(found: &str, wanted: &str) -> String {
    let fields = |s: &str| -> Vec<(String, String)> {
        s.split_whitespace()
            .filter_map(|f| f.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    let (f, w) = (fields(found), fields(wanted));
    for (k, v) in &w {
        match f.iter().find(|(k2, _)| k2 == k) {
            Some((_, v2)) if v2 != v => return format!("it is for {k}={v2}, this run has {k}={v}"),
            None => return format!("it has no {k}, this run has {k}={v}"),
            _ => {}
        }
    }
    format!("its header is '{found}', this run's is '{wanted}'")
}

impl Checkpoint {
    /// Opens the checkpoint at `path` for the run named by `header` (one line),
    /// creating it if it does not exist. An existing file must carry the same
    /// header: one from another run, split or program version is refused, and a
    /// damaged one is reported with its line number.
    pub fn open(path: &Path, header: &str) -> Result<Checkpoint, Error> {
        assert!(!header.contains('\n'), "a checkpoint header is one line");
        let mut records = BTreeMap::new();
        let exists = path.exists();
        if exists {
            let f = File::open(path).map_err(|e| io_error(path, "read", &e))?;
            let mut reader = BufReader::new(f);
            let mut good_len = 0u64;
            let mut line = String::new();
            let mut number = 0;
            loop {
                line.clear();
                let read = reader
                    .read_line(&mut line)
                    .map_err(|e| io_error(path, "read", &e))?;
                if read == 0 {
                    break;
                }
                number += 1;
                if number == 1 && !line.ends_with('\n') {
                    // The header is written whole (renamed into place), so a
                    // file without one is someone else's: never cut it.
                    return Err(Error::Checkpoint {
                        path: path.display().to_string(),
                        reason: "is not a hetman checkpoint (its first line is not a header); \
                                 use another file"
                            .to_string(),
                    });
                }
                if !line.ends_with('\n') {
                    // Torn by a crash while being appended: drop it, redo that unit.
                    break;
                }
                let text = line.trim_end_matches('\n');
                if number == 1 {
                    if text != header {
                        return Err(Error::Checkpoint {
                            path: path.display().to_string(),
                            reason: format!(
                                "belongs to another run: {}; use another file, or delete it to start over",
                                difference(text, header)
                            ),
                        });
                    }
                } else {
                    let corrupt = || {
                        Error::Checkpoint {
                        path: path.display().to_string(),
                        reason: format!(
                            "damaged at line {number}; it cannot be trusted: delete it to start over"
                        ),
                    }
                    };
                    let (body, hash) = text.rsplit_once(" #").ok_or_else(corrupt)?;
                    if u64::from_str_radix(hash, 16).ok() != Some(line_hash(header, body)) {
                        return Err(corrupt());
                    }
                    let mut fields = body.split(' ');
                    if fields.next() != Some("unit") {
                        return Err(corrupt());
                    }
                    let values: Vec<u64> = fields
                        .map(str::parse)
                        .collect::<Result<_, _>>()
                        .map_err(|_| corrupt())?;
                    let (&key, rest) = values.split_first().ok_or_else(corrupt)?;
                    if let Some(old) = records.insert(key, rest.to_vec()) {
                        if old != rest {
                            return Err(corrupt());
                        }
                    }
                }
                good_len += read as u64;
            }
            if number == 0 {
                return Err(Error::Checkpoint {
                    path: path.display().to_string(),
                    reason: "empty (no header); delete it to start over".to_string(),
                });
            }
            // Cut a torn last line so that appends start on a fresh line.
            let f = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| io_error(path, "open", &e))?;
            f.set_len(good_len)
                .map_err(|e| io_error(path, "repair", &e))?;
        } else {
            // Write the header to a temporary file and rename it into place, so
            // that the file never exists without its header.
            let tmp = path.with_extension("tmp-header");
            let mut f = File::create(&tmp).map_err(|e| io_error(&tmp, "create", &e))?;
            writeln!(f, "{header}")
                .and_then(|()| f.sync_all())
                .map_err(|e| io_error(&tmp, "write", &e))?;
            std::fs::rename(&tmp, path).map_err(|e| io_error(path, "create", &e))?;
        }
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| io_error(path, "open", &e))?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            header: header.to_string(),
            file,
            records,
            last_sync: Instant::now(),
        })
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
        let line = format!("{body} #{:016x}\n", line_hash(&self.header, &body));
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| io_error(&self.path, "write", &e))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hetman-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn torn_last_line_is_dropped_and_damage_is_reported() {
        let p = temp("torn");
        let h = "hetman test n=5 split=ab";
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
        let text = std::fs::read_to_string(&p)
            .unwrap()
            .replacen("unit 2 30", "unit 2 31", 1);
        std::fs::write(&p, text).unwrap();
        let e = Checkpoint::open(&p, h).unwrap_err().to_string();
        assert!(e.contains("damaged at line 3"), "{e}");
        // Another run's header.
        let p2 = temp("other");
        Checkpoint::open(&p2, "hetman test n=5 split=ab").unwrap();
        let e = Checkpoint::open(&p2, "hetman test n=6 split=ab")
            .unwrap_err()
            .to_string();
        assert!(e.contains("it is for n=5, this run has n=6"), "{e}");
        // A file of the user's whose one line has no newline is refused and
        // left as it was (found by fuzz/checkpoint: it was cut to nothing).
        std::fs::write(&p2, "my notes").unwrap();
        let e = Checkpoint::open(&p2, h).unwrap_err().to_string();
        assert!(e.contains("not a hetman checkpoint"), "{e}");
        assert_eq!(std::fs::read_to_string(&p2).unwrap(), "my notes");
        std::fs::write(&p2, "").unwrap();
        assert!(Checkpoint::open(&p2, h)
            .unwrap_err()
            .to_string()
            .contains("empty"));
    }
}

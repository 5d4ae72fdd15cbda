//! The join's progress, saved beside a checkpoint that holds both tables of
//! a count met in the middle (the checkpoint's path with `.join` added), so
//! that a long join stopped and resumed goes on from the pieces it had
//! finished instead of starting again.
//!
//! The file is sealed ([`crate::jobs::sealed`]). Its job identity names the
//! count and the checkpoint it goes with (by the checkpoint's checksum),
//! the number of pieces the join was cut into and the forward states they
//! hold (a join that leaves out mirror images holds fewer); its body is `HETMANJ1`, the
//! number of pieces, one byte a piece (1 when finished) and the sum of the
//! finished pieces (words, then the words, least significant first). A file
//! of another count, or damaged, is refused; one written with another
//! checkpoint (an older state of this count) is stale and not used.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::checkpoint::{checkpoint_error, reason};
use super::BigCount;
use crate::jobs::sealed::{SealedReader, SealedWriter};
use crate::jobs::Job;
use crate::Error;

/// The kind of sealed file the join's progress is.
const KIND: &str = "hetman-knight-join";
/// The body's first bytes.
const MAGIC: &[u8; 8] = b"HETMANJ1";

/// Where a join saves its progress, and which checkpoint it goes with.
pub(super) struct JoinFile {
    path: PathBuf,
    /// The count (the checkpoint's job identity).
    count: String,
    /// The checkpoint's checksum.
    seal: String,
    /// Which pass of how many (see the `passes` module), at each
    /// level of passes within passes; empty for the whole join.
    pass: Vec<(usize, usize)>,
}

/// The pieces of a join finished so far and the tours they made.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct JoinProgress {
    /// One flag a piece.
    pub(super) done: Vec<bool>,
    /// The tours of the finished pieces.
    pub(super) total: BigCount,
    /// The forward states the pieces hold (0 for a pass's sum, see the
    /// `passes` module).
    pub(super) states: usize,
}

impl JoinProgress {
    /// Nothing finished of `pieces` pieces holding `states` forward states.
    pub(super) fn new(pieces: usize, states: usize) -> JoinProgress {
        JoinProgress {
            done: vec![false; pieces],
            total: BigCount::zero(),
            states,
        }
    }
}

impl JoinFile {
    /// The progress file of the checkpoint at `checkpoint`, which must hold
    /// both tables of the count whose checkpoint job identity is `count`.
    /// The checkpoint's checksum is read from its header.
    pub(super) fn beside(checkpoint: &Path, kind: &str, count: &str) -> Result<JoinFile, Error> {
        Self::for_pass(checkpoint, kind, count, &[])
    }

    /// The progress file of a pass of a join in passes (pass `k` of `P` at
    /// each level of `pass`: `FILE.pass-K-of-P.join`, K from 1, and
    /// `FILE.pass-K-of-P.pass-J-of-Q.join` for pass J of Q within it), or
    /// of the whole join (`pass` empty).
    pub(super) fn for_pass(
        checkpoint: &Path,
        kind: &str,
        count: &str,
        pass: &[(usize, usize)],
    ) -> Result<JoinFile, Error> {
        let seal = match SealedReader::open(checkpoint, kind) {
            Ok(Some(r)) => r.header().checksum(),
            Ok(None) => return Err(checkpoint_error(checkpoint, "does not exist")),
            Err(e) => return Err(checkpoint_error(checkpoint, reason(e))),
        };
        let mut path = checkpoint.as_os_str().to_owned();
        path.push(file_suffix(pass));
        path.push(".join");
        Ok(JoinFile {
            path: PathBuf::from(path),
            count: count.to_string(),
            seal,
            pass: pass.to_vec(),
        })
    }

    /// Where the progress is saved.
    #[cfg(test)]
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    fn identity(&self, pieces: usize, states: usize) -> String {
        let count = self
            .count
            .split_whitespace()
            .find_map(|f| f.strip_prefix("count="))
            .unwrap_or(&self.count);
        let job = Job::new("knight-frontier-join")
            .field("count", count)
            .field("checkpoint", &self.seal);
        let job = if self.pass.is_empty() {
            job
        } else {
            let levels: Vec<String> = self
                .pass
                .iter()
                .map(|(k, passes)| format!("{}/{passes}", k + 1))
                .collect();
            job.field("pass", levels.join("."))
        };
        job.field("pieces", pieces)
            .field("states", states)
            .identity()
    }

    /// The progress saved for this checkpoint and a join of `pieces`
    /// pieces holding `states` forward states: `None` when there is none, or when it was saved with another
    /// checkpoint or cut (stale). Refuses a file of another count or one
    /// that does not read back whole.
    pub(super) fn load(&self, pieces: usize, states: usize) -> Result<Option<JoinProgress>, Error> {
        let error = |why: String| checkpoint_error(&self.path, why);
        let mut r = match SealedReader::open(&self.path, KIND) {
            Ok(Some(r)) => r,
            Ok(None) => return Ok(None),
            Err(e) => return Err(error(reason(e))),
        };
        let wanted = self.identity(pieces, states);
        let found = r.header().identity.clone();
        let field = |s: &str, key: &str| {
            s.split_whitespace()
                .find_map(|f| f.strip_prefix(key).map(str::to_string))
        };
        if field(&found, "count=") != field(&wanted, "count=") {
            let why = crate::jobs::difference(&found, &wanted).unwrap_or_default();
            return Err(error(format!(
                "belongs to another count: {why}; remove it or choose another checkpoint"
            )));
        }
        if crate::jobs::difference(&found, &wanted).is_some() {
            // Saved with an older checkpoint of this count: not this join's.
            return Ok(None);
        }
        let damaged = |e: std::io::Error| error(format!("is cut short or damaged: {e}"));
        let mut magic = [0u8; 8];
        r.read_exact(&mut magic).map_err(damaged)?;
        if &magic != MAGIC {
            return Err(error("is not a join's progress".into()));
        }
        if word(&mut r).map_err(damaged)? != pieces as u64 {
            return Err(error(
                "is damaged: its pieces differ from its header".into(),
            ));
        }
        let mut flags = vec![0u8; pieces];
        r.read_exact(&mut flags).map_err(damaged)?;
        if flags.iter().any(|&f| f > 1) {
            return Err(error(
                "is damaged: a piece is neither done nor to do".into(),
            ));
        }
        let limbs = word(&mut r).map_err(damaged)?;
        if limbs > 64 {
            return Err(error("is damaged: its sum is too long".into()));
        }
        let words = (0..limbs)
            .map(|_| word(&mut r).map_err(damaged))
            .collect::<Result<Vec<u64>, Error>>()?;
        // Nothing read is used before every byte is checked.
        r.finish().map_err(|e| error(reason(e)))?;
        Ok(Some(JoinProgress {
            done: flags.iter().map(|&f| f == 1).collect(),
            total: BigCount::from_limbs(&words),
            states,
        }))
    }

    /// The tours of a join whose every piece is finished, as saved for this
    /// checkpoint (and pass): `None` when nothing is saved, when the join
    /// is not finished or when the file is stale. Refuses what
    /// [`JoinFile::load`] refuses.
    pub(super) fn finished(&self) -> Result<Option<BigCount>, Error> {
        let header = match SealedReader::open(&self.path, KIND) {
            Ok(Some(r)) => r.header().identity.clone(),
            Ok(None) => return Ok(None),
            Err(e) => return Err(checkpoint_error(&self.path, reason(e))),
        };
        let field = |key: &str| {
            header
                .split_whitespace()
                .find_map(|f| f.strip_prefix(key))
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0)
        };
        Ok(self
            .load(field("pieces="), field("states="))?
            .filter(|p| p.done.iter().all(|&d| d))
            .map(|p| p.total))
    }

    /// Saves `progress` (atomically; a file hetman did not write is never
    /// replaced).
    pub(super) fn save(&self, progress: &JoinProgress) -> Result<(), Error> {
        let pieces = progress.done.len();
        let error = |e: std::io::Error| checkpoint_error(&self.path, e);
        let identity = self.identity(pieces, progress.states);
        let mut w = SealedWriter::create(&self.path, KIND, &identity)
            .map_err(|e| checkpoint_error(&self.path, reason(e)))?;
        w.write_all(MAGIC).map_err(error)?;
        w.write_all(&(pieces as u64).to_le_bytes()).map_err(error)?;
        let flags: Vec<u8> = progress.done.iter().map(|&d| u8::from(d)).collect();
        w.write_all(&flags).map_err(error)?;
        let limbs = progress.total.limbs();
        w.write_all(&(limbs.len() as u64).to_le_bytes())
            .map_err(error)?;
        for l in limbs {
            w.write_all(&l.to_le_bytes()).map_err(error)?;
        }
        w.finish()
            .map_err(|e| checkpoint_error(&self.path, reason(e)))
    }

    /// Removes the file (the count is over).
    pub(super) fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn word(r: &mut impl Read) -> std::io::Result<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

/// The part of a pass's file names that names it: `.pass-K-of-P` for
/// pass K (from 1) of P at each level.
pub(super) fn file_suffix(pass: &[(usize, usize)]) -> String {
    pass.iter()
        .map(|(k, passes)| format!(".pass-{}-of-{passes}", k + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobs::sealed;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("hetman-join-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn checkpoint(d: &Path, body: &[u8]) -> PathBuf {
        let p = d.join("count.ckpt");
        sealed::write(&p, "ckpt-kind", "job=knight-frontier count=abc", body).unwrap();
        p
    }

    #[test]
    fn progress_reads_back_for_its_checkpoint_only() {
        let d = dir("back");
        let ckpt = checkpoint(&d, b"tables");
        let f = JoinFile::beside(&ckpt, "ckpt-kind", "job=knight-frontier count=abc").unwrap();
        assert_eq!(f.path(), d.join("count.ckpt.join"));
        assert_eq!(f.load(5, 40).unwrap(), None, "nothing saved yet");
        let p = JoinProgress {
            done: vec![true, false, true, true, false],
            total: BigCount::from(u128::MAX).mul_u64(3),
            states: 40,
        };
        f.save(&p).unwrap();
        assert_eq!(f.load(5, 40).unwrap(), Some(p.clone()));
        // Another cut: stale.
        assert_eq!(f.load(6, 40).unwrap(), None);
        // As many pieces of other states (a join that leaves out mirror
        // images, or not): stale.
        assert_eq!(f.load(5, 20).unwrap(), None);
        // The checkpoint saved again with other tables: stale.
        let ckpt = checkpoint(&d, b"other tables");
        let g = JoinFile::beside(&ckpt, "ckpt-kind", "job=knight-frontier count=abc").unwrap();
        assert_eq!(g.load(5, 40).unwrap(), None);
        // Another count: refused.
        let h = JoinFile::beside(&ckpt, "ckpt-kind", "job=knight-frontier count=abd").unwrap();
        f.save(&p).unwrap();
        let e = h.load(5, 40).unwrap_err().to_string();
        assert!(e.contains("belongs to another count"), "{e}");
        // One byte changed: refused.
        let mut bytes = std::fs::read(f.path()).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(f.path(), &bytes).unwrap();
        let e = f.load(5, 40).unwrap_err().to_string();
        assert!(e.contains("checksum mismatch"), "{e}");
        f.remove();
        assert!(!f.path().exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_file_hetman_did_not_write_is_kept() {
        let d = dir("foreign");
        let ckpt = checkpoint(&d, b"tables");
        let f = JoinFile::beside(&ckpt, "ckpt-kind", "job=knight-frontier count=abc").unwrap();
        std::fs::write(f.path(), "someone's notes\n").unwrap();
        let e = f.load(3, 9).unwrap_err().to_string();
        assert!(e.contains("not a file written by hetman"), "{e}");
        assert!(f.save(&JoinProgress::new(3, 9)).is_err());
        assert_eq!(
            std::fs::read_to_string(f.path()).unwrap(),
            "someone's notes\n"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }
}

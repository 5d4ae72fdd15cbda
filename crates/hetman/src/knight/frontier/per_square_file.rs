//! The cells of a per-square table finished so far (see the `per_square`
//! module), saved beside its checkpoint (the checkpoint's path with
//! `.cells` added), so that a table of many long counts stopped and resumed
//! goes on from the squares it had counted.
//!
//! The file is sealed ([`crate::jobs::sealed`]). Its job identity names the
//! board (its size, kind and blocked squares, hashed); its body is text: a
//! line `total N` with the directed total the cells must add up to, then a
//! line `square S N` for each square counted (row-major, rank 0 first) with
//! its directed open tours. A file of another board, or damaged, is refused
//! with a message that says which; a file hetman did not write is never
//! replaced.

use std::path::{Path, PathBuf};

use super::checkpoint::{checkpoint_error, reason};
use super::BigCount;
use crate::jobs::sealed;
use crate::jobs::Job;
use crate::Error;

/// The kind of sealed file the cells are.
const KIND: &str = "hetman-knight-per-square";

/// What a per-square table has finished: the total and the squares counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Cells {
    /// The directed open tours of the whole board.
    pub(super) total: BigCount,
    /// Each square counted (row-major, rank 0 first) and its directed open
    /// tours, in the order they were counted.
    pub(super) done: Vec<(usize, BigCount)>,
}

impl Cells {
    /// The tours from square `s`, if it was counted.
    pub(super) fn get(&self, s: usize) -> Option<&BigCount> {
        self.done.iter().find(|(x, _)| *x == s).map(|(_, n)| n)
    }
}

/// Where a per-square table keeps its finished cells, and for which board.
pub(super) struct CellsFile {
    path: PathBuf,
    identity: String,
}

impl CellsFile {
    /// The cells file beside the checkpoint `checkpoint` of the table of the
    /// board whose plan signature (size, kind, blocked squares) is
    /// `signature`.
    pub(super) fn beside(checkpoint: &Path, signature: &[u8]) -> CellsFile {
        let mut path = checkpoint.as_os_str().to_owned();
        path.push(".cells");
        CellsFile {
            path: PathBuf::from(path),
            identity: Job::new("knight-per-square")
                .field("board", crate::jobs::short_hash(signature))
                .identity(),
        }
    }

    /// Where the cells are kept.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// The cells saved: `None` when there is no file. Refuses a file of
    /// another board or one that does not read back whole.
    pub(super) fn load(&self) -> Result<Option<Cells>, Error> {
        if !self.path.exists() {
            return Ok(None);
        }
        let error = |why: String| checkpoint_error(&self.path, why);
        let (found, body) = sealed::read(&self.path, KIND).map_err(|e| error(reason(e)))?;
        if let Some(why) = crate::jobs::difference(&found, &self.identity) {
            return Err(error(format!(
                "belongs to another board's table: {why}; remove it or choose another checkpoint"
            )));
        }
        let text = String::from_utf8(body).map_err(|_| error("is not text".into()))?;
        let mut total = None;
        let mut done: Vec<(usize, BigCount)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let bad = |what: &str| error(format!("is damaged: line {}: {what}", i + 1));
            let words: Vec<&str> = line.split(' ').collect();
            match words.as_slice() {
                ["total", n] if i == 0 => {
                    total = Some(n.parse::<BigCount>().map_err(|e| bad(&e))?);
                }
                ["square", s, n] if i > 0 => {
                    let s: usize = s.parse().map_err(|_| bad("not a square number"))?;
                    if done.iter().any(|(x, _)| *x == s) {
                        return Err(bad("a square counted twice"));
                    }
                    done.push((s, n.parse::<BigCount>().map_err(|e| bad(&e))?));
                }
                _ => return Err(bad("neither `total N` (first) nor `square S N`")),
            }
        }
        let total = total.ok_or_else(|| error("is damaged: it has no total".into()))?;
        Ok(Some(Cells { total, done }))
    }

    /// Saves `cells` (atomically; a file hetman did not write is never
    /// replaced).
    pub(super) fn save(&self, cells: &Cells) -> Result<(), Error> {
        let mut body = format!("total {}\n", cells.total);
        for (s, n) in &cells.done {
            body.push_str(&format!("square {s} {n}\n"));
        }
        sealed::write(&self.path, KIND, &self.identity, body.as_bytes())
            .map_err(|e| checkpoint_error(&self.path, reason(e)))
    }

    /// Removes the file (the table is finished).
    pub(super) fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("hetman-cells-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn cells_read_back_for_their_board_only() {
        let d = dir("back");
        let ckpt = d.join("t.ckpt");
        let f = CellsFile::beside(&ckpt, b"5x5 OpenUndirected 0000");
        assert_eq!(f.path(), d.join("t.ckpt.cells"));
        assert_eq!(f.load().unwrap(), None, "nothing saved yet");
        let big = BigCount::from(u128::MAX).mul_u64(7);
        let cells = Cells {
            total: big.clone(),
            done: vec![(0, BigCount::from(304u64)), (12, big.clone())],
        };
        f.save(&cells).unwrap();
        let back = f.load().unwrap().unwrap();
        assert_eq!(back, cells);
        assert_eq!(back.get(12), Some(&big));
        assert_eq!(back.get(1), None);
        // Another board: refused, and not replaced by its table's cells.
        let g = CellsFile::beside(&ckpt, b"5x5 OpenUndirected 0001");
        let e = g.load().unwrap_err().to_string();
        assert!(e.contains("belongs to another board's table"), "{e}");
        // One byte changed: refused.
        let mut bytes = std::fs::read(f.path()).unwrap();
        let last = bytes.len() - 2;
        bytes[last] ^= 1;
        std::fs::write(f.path(), &bytes).unwrap();
        let e = f.load().unwrap_err().to_string();
        assert!(e.contains("checksum mismatch"), "{e}");
        f.remove();
        assert!(!f.path().exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_damaged_body_is_refused_with_its_line() {
        let d = dir("damaged");
        let f = CellsFile::beside(&d.join("t.ckpt"), b"sig");
        let cases = [
            ("square 0 304\n", "line 1"),
            ("total 1728\nsquare x 304\n", "not a square number"),
            ("total 1728\nsquare 0 30a4\n", "not a count"),
            ("total 1728\nsquare 0 304\nsquare 0 304\n", "counted twice"),
            ("", "no total"),
        ];
        for (body, why) in cases {
            sealed::write(f.path(), KIND, &f.identity, body.as_bytes()).unwrap();
            let e = f.load().unwrap_err().to_string();
            assert!(e.contains(why), "{body:?}: {e}");
        }
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_file_hetman_did_not_write_is_kept() {
        let d = dir("foreign");
        let f = CellsFile::beside(&d.join("t.ckpt"), b"sig");
        std::fs::write(f.path(), "someone's notes\n").unwrap();
        assert!(f.load().is_err());
        let cells = Cells {
            total: BigCount::from(16u64),
            done: Vec::new(),
        };
        assert!(f.save(&cells).is_err());
        assert_eq!(
            std::fs::read_to_string(f.path()).unwrap(),
            "someone's notes\n"
        );
        std::fs::remove_dir_all(&d).unwrap();
    }
}

//! The states a pass starts from, kept on disk beside the checkpoint while
//! the other passes run (see the `passes` module).
//!
//! A count in passes deals the near side's states to its passes at once;
//! held in memory, the states of the passes still to come sat beside the
//! far side's table and each pass's walk (on 8×8 open tours some 300
//! million states). With a checkpoint each pass's states go to
//! `FILE.pass-K-of-P.start` instead, a checkpoint file (sealed, see
//! [`checkpoint`](super::checkpoint)) of the count's plan marked with the
//! pass and the checksum of `FILE`, so that it is only ever read back for
//! that pass of that checkpoint. It is removed when its pass is finished.

use std::path::{Path, PathBuf};

use super::checkpoint::{self, checkpoint_error, load_partial, reason, save_table, Half};
use super::join_file::file_suffix;
use super::key::Key;
use super::plan::Plan;
use super::ways::Table;
use super::BigCount;
use crate::jobs::sealed::SealedReader;
use crate::Error;

/// Where the passes of one checkpoint keep their start states.
pub(super) struct StartFiles<'a> {
    /// The count's plan, marked as its checkpoint is.
    marked: &'a Plan,
    checkpoint: &'a Path,
    /// The checksum of the checkpoint the passes start from.
    seal: String,
}

impl<'a> StartFiles<'a> {
    /// The start files of the passes from the checkpoint at `path`
    /// (written by the count with the `marked` plan).
    pub(super) fn beside(marked: &'a Plan, path: &'a Path) -> Result<StartFiles<'a>, Error> {
        let seal = match SealedReader::open(path, checkpoint::KIND) {
            Ok(Some(r)) => r.header().checksum(),
            Ok(None) => return Err(checkpoint_error(path, "does not exist")),
            Err(e) => return Err(checkpoint_error(path, reason(e))),
        };
        Ok(StartFiles {
            marked,
            checkpoint: path,
            seal,
        })
    }

    /// The start file of a pass: pass `k` (from 0) of `P` at each level of
    /// `pass` (`FILE.pass-K-of-P.start`, `FILE.pass-K-of-P.pass-J-of-Q.start`
    /// for pass J of Q within it).
    pub(super) fn path(&self, pass: &[(usize, usize)]) -> PathBuf {
        let mut path = self.checkpoint.as_os_str().to_owned();
        path.push(file_suffix(pass));
        path.push(".start");
        PathBuf::from(path)
    }

    /// The plan of a pass's file: the count's, marked with the pass and the
    /// checkpoint.
    fn plan(&self, pass: &[(usize, usize)]) -> Plan {
        let mut plan = self.marked.clone();
        let levels: Vec<String> = pass
            .iter()
            .map(|(k, passes)| format!("{} of {passes}", k + 1))
            .collect();
        let mark = format!(" pass {} from {}", levels.join(", "), self.seal);
        plan.signature.extend_from_slice(mark.as_bytes());
        plan
    }

    /// Saves the states of a pass, at square `v`.
    pub(super) fn put<K: Key>(
        &self,
        pass: &[(usize, usize)],
        v: usize,
        table: &Table<K>,
    ) -> Result<(), Error> {
        let path = self.path(pass);
        let plan = self.plan(pass);
        save_table(
            &plan,
            &path,
            v,
            &BigCount::zero(),
            table,
            None,
            Half::Near(None),
        )
        .map_err(|e| checkpoint_error(&path, e))
    }

    /// Reads back the states of pass `k` at square `v`, refusing a file
    /// that is missing, damaged or of another pass, square or checkpoint.
    pub(super) fn take<K: Key>(
        &self,
        pass: &[(usize, usize)],
        v: usize,
    ) -> Result<Table<K>, Error> {
        let path = self.path(pass);
        let Some(r) = load_partial::<K>(&self.plan(pass), &path)? else {
            return Err(checkpoint_error(
                &path,
                "is missing: the states of this pass were saved there",
            ));
        };
        if r.v != v || r.partial.is_some() || r.far_side || r.far.len() > 0 || !r.total.is_zero() {
            return Err(checkpoint_error(
                &path,
                "is damaged: it does not hold the states a pass starts from",
            ));
        }
        Ok(r.table)
    }

    /// Removes a pass's file.
    pub(super) fn remove(&self, pass: &[(usize, usize)]) {
        let _ = std::fs::remove_file(self.path(pass));
    }
}

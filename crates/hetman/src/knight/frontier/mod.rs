//! Exact knight's tour counts by a frontier dynamic programme.
//!
//! Backtracking pays for every tour it finds, so it stops near 6×6
//! (6,637,920 directed open tours). This engine counts tours without listing
//! them. It visits the squares in row-major order along the board's narrow
//! side and, after each square, keeps a table from *frontier states* to the
//! number of ways of reaching them. A frontier state says, for each square
//! that is already decided but still has undecided knight moves (about two
//! ranks of squares), whether it has 0, 1 or 2 tour moves so far, and for
//! each square with one move which other path end it is joined to (or that
//! the path runs back to an end of the tour that has already left the
//! frontier). Equal states are merged, so the work grows with the number of
//! distinct states, not with the number of tours.
//!
//! Every choice of knight moves that reaches the last square with every
//! square on one path (or on one cycle) is exactly one tour, so:
//!
//! - closed counts are undirected Hamiltonian cycles, each counted once;
//! - open counts are Hamiltonian paths; the directed count counts each path
//!   in both directions (twice the undirected count on boards of two or more
//!   squares). A board of one square has one open tour and no closed tour;
//!   a board with no free square has no tour.
//!
//! Path ends are paired by general labels, not by a bracket (non-crossing)
//! code, because knight moves cross each other. A cycle may only close as the
//! last move of a closed tour; an open tour has at most two ends.
//!
//! Front to back, the states pile up in the second half of the board, where
//! they record the many ways the past can look from the few squares left. So
//! on boards with four ranks or more the count meets in the middle (see
//! [`Options::split`]): it counts forward to a cut between two middle ranks,
//! then backward from the far end to the same cut, and joins the two tables
//! (the `meet` module explains how). On one thread, 6×6 open tours take
//! 0.49 s instead of 4.1 s and 7×8 closed tours 22 s instead of 136 s;
//! on two, the 7×7 open tours, 165,575,218,320, take about 70 s and the 8×8
//! closed tours, 13,267,364,410,532, 8 minutes and 6 GB instead of
//! 2 hours and 16 GiB.
//!
//! The 6×6 board has 9,862 closed tours:
//!
//! ```
//! use hetman::knight::frontier::{count_closed, Options};
//! let n = count_closed(6, 6, &[false; 36], &Options::default()).unwrap();
//! assert_eq!(n, 9862u128);
//! ```
//!
//! References: B. D. McKay, *Knight's tours of an 8×8 chessboard* (1997);
//! H. Haanpää and P. R. J. Östergård, *Counting Hamiltonian cycles in
//! bipartite graphs* (2014); OEIS A001230 and A165134.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::Error;

mod bignum;
mod checkpoint;
mod closure;
mod cut;
mod estimate;
mod expand;
mod fold;
mod join;
mod join_file;
mod key;
mod linking;
mod meet;
mod memory;
mod passes;
mod per_square;
mod per_square_file;
mod plan;
mod prefixes;
pub mod shard;
mod sides;
mod start_file;
mod sweep;
mod table;
mod transfer;
mod ways;
mod work;

pub use bignum::BigCount;
use checkpoint::{checkpoint_error, load_checkpoint, save_checkpoint};
pub use estimate::{bytes_per_state, FirstWalk, Projection};
use key::{hash_of, state_overflow, Key, Parts, Wide};
pub use per_square::{
    count_from, count_per_square, count_per_square_with_total, saved_total, square_classes,
    ClassDone, PerSquare,
};
use plan::Plan;
use sweep::{run, step};
use sweep::{Limits, Step};
pub use table::{count_table, table_sweeps};
pub use work::{Work, JOIN_SQUARES};

/// Code of a frontier square with no tour move yet.
const EMPTY: u8 = 0;
/// Code of a square that takes no more moves: two moves made, blocked, or gone.
const FULL: u8 = 1;
/// Code of a path end whose path runs back to a tour end that has left the frontier.
const TERM: u8 = 2;
/// First label of a pair of path ends; labels are 3..=15 once canonical.
const LABEL0: u8 = 3;
/// The widest narrow side the packed state holds: `2w+1` squares of 4 bits each
/// plus 2 bits of used tour ends in 128 bits, with at most `w` labels.
pub const MAX_WIDTH: u32 = 12;

/// Which tours to count.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count, Options, Tours};
/// let c = count(5, 5, &[false; 25], Tours::OpenDirected, &Options::default()).unwrap();
/// assert_eq!(c.tours, 1728u128);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tours {
    /// Closed tours (Hamiltonian cycles), each cycle counted once.
    Closed,
    /// Open tours (Hamiltonian paths), each path counted in both directions.
    OpenDirected,
    /// Open tours, each path counted once whatever its direction.
    OpenUndirected,
}

/// Where a count has got to, handed to [`Options::progress`] after each square.
///
/// # Example
/// ```
/// use hetman::knight::frontier::Progress;
/// let p = Progress { step: 10, steps: 36, states: 120, pass: None };
/// assert!(p.step <= p.steps);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Squares processed so far (the frontier position).
    pub step: usize,
    /// Squares on the board.
    pub steps: usize,
    /// Distinct frontier states after this square.
    pub states: usize,
    /// The pass under way, in a count run in passes (see
    /// [`Options::passes`]); each pass walks the last squares again.
    pub pass: Option<Pass>,
}

/// Which pass of a count in passes is under way, and how much of the
/// count the passes before it and it hold: their shares of the near states
/// where the passes were dealt (the passes run in about the time of their
/// shares).
///
/// # Example
/// ```
/// use hetman::knight::frontier::Pass;
/// // The third of 9 passes; the two before it held 20 % of the states.
/// let p = Pass { number: 3, of: 9, done: 0.2, share: 0.1 };
/// assert!(p.done + p.share <= 1.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pass {
    /// The pass under way, from 1, in the order the passes run.
    pub number: usize,
    /// The passes in all.
    pub of: usize,
    /// The share of the passes finished (also those finished by an
    /// earlier run of a resumed count), from 0 to 1.
    pub done: f64,
    /// This pass's share.
    pub share: f64,
}

/// Told by a [`shard`] that has waited a while before a square (the first
/// argument) for the shards numbered in the second.
pub type Waiting<'a> = dyn Fn(usize, &[usize]) + 'a;

/// How to run a count: threads, progress, stopping and checkpoints.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count_closed, Options};
/// let mut opts = Options::default();
/// opts.threads = 2;
/// assert_eq!(count_closed(5, 6, &[false; 30], &opts).unwrap(), 8u128);
/// ```
#[non_exhaustive]
#[derive(Clone)]
pub struct Options<'a> {
    /// Worker threads (at least 1). The answer does not depend on it.
    pub threads: usize,
    /// Called after each square with the position and the state count.
    pub progress: Option<&'a dyn Fn(Progress)>,
    /// Called about once a second while a count met in the middle joins
    /// its two halves (the join may take as long as many squares), with the
    /// forward states joined so far and their number, from the thread that
    /// called the count.
    pub joining: Option<&'a dyn Fn(usize, usize)>,
    /// When set to true, the count stops promptly with [`Error::Interrupted`],
    /// saving a checkpoint first (if one is configured) wherever it is, on
    /// either side of a count met in the middle and in the middle of a
    /// square too, so that a resume repeats no finished work. (Stopped in
    /// the join of a count met in the middle, it saves both sides, and a
    /// resume joins them again.)
    pub stop: Option<&'a AtomicBool>,
    /// The most frontier states the count may hold at once (the table of
    /// the square being made and what is left of the one before, and while
    /// the near side of a count met in the middle runs, the far side's
    /// table too): past it
    /// the count stops as [`Options::stop`] does, with [`Error::OutOfMemory`].
    /// [`bytes_per_state`] turns a memory budget into states.
    pub max_states: Option<usize>,
    /// A file to save the states to between squares (and when stopped), and
    /// to resume from when it exists. A file written for another board or kind
    /// of tour is refused with [`Error::Checkpoint`], never overwritten. It is
    /// removed when the count finishes.
    pub checkpoint: Option<&'a Path>,
    /// The least time between two checkpoint saves.
    pub checkpoint_every: Duration,
    /// In a [`shard`] count, called when this shard has waited a few seconds
    /// for others before square `v` (the first argument), with the numbers
    /// of the shards it waits for.
    pub waiting: Option<&'a Waiting<'a>>,
    /// Count from both ends and join the halves in the middle (see the
    /// module documentation) where the board allows it. On by default; off,
    /// every count runs front to back (for comparisons). The checkpoints of
    /// the two ways are not interchangeable: each refuses the other's.
    pub split: bool,
    /// Run the repeating middle ranks of a long board by their transfer
    /// matrix (see the `transfer` module) rather than square by square. On by
    /// default; off for comparisons. The answer does not depend on it.
    pub periodic: bool,
    /// In a count met in the middle from both sides (not one side by
    /// symmetry), run the near side's crossing rank and the join in this many
    /// passes (at least 1): after the first squares of that rank the near
    /// states are dealt to the passes by their moves there, and each pass
    /// walks the rest of the rank from its own states and joins them with the
    /// whole far side, so the largest table holds about 1/`passes` of the
    /// near states. At most 3 passes are dealt at a square; more are dealt
    /// again within those, further on in the rank (see the `passes`
    /// module). With a [`checkpoint`](Options::checkpoint), a pass whose
    /// walk outgrows [`max_states`](Options::max_states) is dealt again into
    /// 3 a square on instead of stopping the count. The answer does not
    /// depend on it.
    pub passes: usize,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            threads: 1,
            progress: None,
            joining: None,
            stop: None,
            max_states: None,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(600),
            waiting: None,
            split: true,
            periodic: true,
            passes: 1,
        }
    }
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("joining", &self.joining.is_some())
            .field("stop", &self.stop)
            .field("max_states", &self.max_states)
            .field("checkpoint", &self.checkpoint)
            .field("checkpoint_every", &self.checkpoint_every)
            .field("waiting", &self.waiting.is_some())
            .field("split", &self.split)
            .field("periodic", &self.periodic)
            .field("passes", &self.passes)
            .finish()
    }
}

/// The result of a count with the figures that describe its cost.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count, Options, Tours};
/// let c = count(8, 5, &[false; 40], Tours::Closed, &Options::default()).unwrap();
/// assert_eq!((c.tours.to_u64(), c.width), (Some(44_202), 5));
/// assert!(c.peak_states > 0);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// The number of tours, exact whatever its size.
    pub tours: BigCount,
    /// The largest number of distinct frontier states held after one square.
    pub peak_states: usize,
    /// The width of the frontier: the board's narrow side.
    pub width: u32,
    /// Bytes per key in the state table (8 when the state fits 64 bits, else 16).
    pub key_bytes: usize,
    /// Whether the count ran from both ends and joined the two halves in
    /// the middle (see [`Options::split`]) rather than front to back.
    pub split: bool,
}

/// Counts the closed tours (undirected Hamiltonian cycles) of a board.
///
/// `blocked` is row-major, rank 0 first (`blocked[rank * width + file]`);
/// blocked squares are not part of the board.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count_closed, Options};
/// assert_eq!(count_closed(10, 3, &[false; 30], &Options::default()).unwrap(), 16u128);
/// ```
pub fn count_closed(
    width: u32,
    height: u32,
    blocked: &[bool],
    opts: &Options<'_>,
) -> Result<BigCount, Error> {
    count(width, height, blocked, Tours::Closed, opts).map(|c| c.tours)
}

/// The kind and job identity in the header of the checkpoint that
/// [`count`] keeps for this board and kind of tour (without the split of
/// [`Options::split`]): for tools that make or inspect checkpoints.
///
/// ```
/// use hetman::knight::frontier::{checkpoint_identity, Tours};
/// let (kind, job) = checkpoint_identity(4, 5, &[false; 20], Tours::Closed).unwrap();
/// assert_eq!(kind, "hetman-knight-frontier");
/// assert!(job.starts_with("job=knight-frontier "));
/// ```
pub fn checkpoint_identity(
    width: u32,
    height: u32,
    blocked: &[bool],
    kind: Tours,
) -> Result<(&'static str, String), Error> {
    let plan = Plan::new(width, height, blocked, kind)?;
    Ok((checkpoint::KIND, checkpoint::job_for(&plan.signature)))
}

/// Counts tours of the given kind, with the cost figures.
///
/// Fails with [`Error::Size`] when the board is empty or the mask has the
/// wrong length, [`Error::TooLarge`] when the narrow side exceeds
/// [`MAX_WIDTH`] (or, past any practical board, a count may exceed 4096
/// bits), and [`Error::Interrupted`] when
/// [`Options::stop`] is raised.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count, Options, Tours};
/// let c = count(6, 6, &[false; 36], Tours::OpenUndirected, &Options::default()).unwrap();
/// assert_eq!(c.tours, 3_318_960u128);
/// ```
pub fn count(
    width: u32,
    height: u32,
    blocked: &[bool],
    kind: Tours,
    opts: &Options<'_>,
) -> Result<Count, Error> {
    let mut plan = Plan::new(width, height, blocked, kind)?;
    let (tours, peak_states, cut) = run_plan(&mut plan, kind, opts)?;
    let tours = if kind == Tours::OpenDirected && plan.vertices > 1 {
        tours.mul_u64(2)
    } else {
        tours
    };
    Ok(Count::of(&plan, tours, peak_states, cut))
}

impl Count {
    /// The count of `plan`'s board: its tours, peak states and cut as
    /// [`run_plan`] gives them.
    fn of(plan: &Plan, tours: BigCount, peak_states: usize, cut: Option<usize>) -> Count {
        Count {
            tours,
            peak_states,
            width: plan.w as u32,
            key_bytes: plan.key_bytes(),
            split: cut.is_some() && plan.vertices > 1,
        }
    }
}

/// Runs the count of `plan` (undirected), met in the middle where the board
/// and [`Options::split`] allow (but for long boards, see
/// [`Options::periodic`]); returns the tours, the peak states and the
/// cut, if the count was split.
fn run_plan(
    plan: &mut Plan,
    kind: Tours,
    opts: &Options<'_>,
) -> Result<(BigCount, usize, Option<usize>), Error> {
    let cut = cut::chosen(plan, opts.split, opts.periodic);
    loop {
        let counted = match (plan.vertices, cut) {
            (0, _) => Ok((BigCount::zero(), 0)),
            (1, _) => Ok((BigCount::from(u64::from(kind != Tours::Closed)), 0)),
            (_, Some(cut)) if plan.key_bytes() == 8 => {
                meet::run_split::<u64>(plan, kind, cut, opts)
            }
            (_, Some(cut)) => meet::run_split::<Wide>(plan, kind, cut, opts),
            _ if plan.key_bytes() == 8 => run::<u64>(plan, opts),
            _ => run::<Wide>(plan, opts),
        };
        match counted {
            // A step outgrew its width: again with twice the width (see `ways`).
            Err(e) if e == state_overflow() && plan.min_limbs < 64 => plan.min_limbs *= 2,
            other => {
                let (tours, peak) = other?;
                return Ok((tours, peak, cut));
            }
        }
    }
}

fn overflow() -> Error {
    Error::TooLarge {
        reason: "the tour count overflows 128 bits".into(),
    }
}

#[cfg(test)]
mod tests;

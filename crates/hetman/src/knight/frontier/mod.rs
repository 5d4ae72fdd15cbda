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
//! closed tours, 13,267,364,410,532, 17 minutes and 6.4 GiB instead of
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

use std::fs;
use std::hash::{Hash, Hasher};
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::Error;

mod bignum;
mod meet;
pub mod shard;
mod ways;

pub use bignum::BigCount;
use ways::{on_table, Sum, Table, Ways};

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
/// let p = Progress { step: 10, steps: 36, states: 120 };
/// assert!(p.step <= p.steps);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Squares processed so far (the frontier position).
    pub step: usize,
    /// Squares on the board.
    pub steps: usize,
    /// Distinct frontier states after this square.
    pub states: usize,
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
pub struct Options<'a> {
    /// Worker threads (at least 1). The answer does not depend on it.
    pub threads: usize,
    /// Called after each square with the position and the state count.
    pub progress: Option<&'a dyn Fn(Progress)>,
    /// When set to true, the count stops promptly with [`Error::Interrupted`].
    /// Between squares it saves a checkpoint first (if one is configured);
    /// within a square the states already consumed are gone, and a resume
    /// starts from the last save.
    pub stop: Option<&'a AtomicBool>,
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
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            threads: 1,
            progress: None,
            stop: None,
            checkpoint: None,
            checkpoint_every: Duration::from_secs(600),
            waiting: None,
            split: true,
        }
    }
}

impl std::fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("stop", &self.stop)
            .field("checkpoint", &self.checkpoint)
            .field("checkpoint_every", &self.checkpoint_every)
            .field("waiting", &self.waiting.is_some())
            .field("split", &self.split)
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

/// Counts the open tours of a board, each path once in each direction.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count_open_directed, Options};
/// assert_eq!(count_open_directed(5, 4, &[false; 20], &Options::default()).unwrap(), 164u128);
/// ```
pub fn count_open_directed(
    width: u32,
    height: u32,
    blocked: &[bool],
    opts: &Options<'_>,
) -> Result<BigCount, Error> {
    count(width, height, blocked, Tours::OpenDirected, opts).map(|c| c.tours)
}

/// Counts the open tours of a board, each path once whatever its direction.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count_open_undirected, Options};
/// // a1 blocked on the 3×4 board
/// let mut blocked = [false; 12];
/// blocked[0] = true;
/// let n = count_open_undirected(3, 4, &blocked, &Options::default()).unwrap();
/// assert!(!n.is_zero());
/// ```
pub fn count_open_undirected(
    width: u32,
    height: u32,
    blocked: &[bool],
    opts: &Options<'_>,
) -> Result<BigCount, Error> {
    count(width, height, blocked, Tours::OpenUndirected, opts).map(|c| c.tours)
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
    let plan = Plan::new(width, height, blocked, kind)?;
    let cut = meet::cut_of(&plan).filter(|_| opts.split);
    let (tours, peak_states) = match (plan.vertices, cut) {
        (0, _) => (BigCount::zero(), 0),
        (1, _) => (BigCount::from(u64::from(kind != Tours::Closed)), 0),
        (_, Some(cut)) if plan.key_bytes() == 8 => meet::run_split::<u64>(&plan, kind, cut, opts)?,
        (_, Some(cut)) => meet::run_split::<Wide>(&plan, kind, cut, opts)?,
        _ if plan.key_bytes() == 8 => run::<u64>(&plan, opts)?,
        _ => run::<Wide>(&plan, opts)?,
    };
    let tours = if kind == Tours::OpenDirected && plan.vertices > 1 {
        tours.mul_u64(2)
    } else {
        tours
    };
    Ok(Count {
        tours,
        peak_states,
        width: plan.w as u32,
        key_bytes: plan.key_bytes(),
        split: cut.is_some() && plan.vertices > 1,
    })
}

/// Counts the tours of every board `k × n` for `n` from `from` to `to` in
/// one sweep, handing each row `(n, tours)` to `row` as soon as it is
/// known, in order of `n`.
///
/// The sweep runs along the `k × to` board with the `k`-wide side as the
/// frontier, front to back; after the last square of rank `n` the tours of
/// the `k × n` board are exactly the states that close up there (a cycle
/// closing with the last move, or a path whose squares on the frontier all
/// leave now), so every row costs one sweep in all. On odd `k` the colour
/// balance of the ranks still to come differs from board to board, so that
/// test is left out (more states, the same counts). `opts.checkpoint` and
/// `opts.split` are not used. Returns the peak number of states.
///
/// Fails with [`Error::Size`] when `k` is 0 or `from` is not in `1..=to`,
/// [`Error::TooLarge`] when `k` exceeds [`MAX_WIDTH`], and
/// [`Error::Interrupted`] when [`Options::stop`] is raised.
///
/// # Example
/// The closed tours of 6×5 to 6×8 (OEIS A175881):
/// ```
/// use hetman::knight::frontier::{count_table, Options, Tours};
/// let mut rows = Vec::new();
/// count_table(6, 5, 8, Tours::Closed, &Options::default(), &mut |n, c| {
///     rows.push((n, c.to_string()));
/// })
/// .unwrap();
/// let want = [(5, "8"), (6, "9862"), (7, "1067638"), (8, "55488142")];
/// assert_eq!(rows, want.map(|(n, c)| (n, c.to_string())));
/// ```
pub fn count_table(
    k: u32,
    from: u32,
    to: u32,
    kind: Tours,
    opts: &Options<'_>,
    row: &mut dyn FnMut(u32, BigCount),
) -> Result<usize, Error> {
    if k == 0 || from == 0 || from > to {
        return Err(Error::Size {
            value: format!("{k}x{from}..{to}"),
            reason: "the width must be at least 1 and the lengths 1 <= from <= to".into(),
        });
    }
    if k > MAX_WIDTH {
        return Err(Error::TooLarge {
            reason: format!("a table takes widths of at most {MAX_WIDTH}, not {k}"),
        });
    }
    let cells = (k as usize)
        .checked_mul(to as usize)
        .ok_or_else(|| Error::Size {
            value: format!("{k}x{to}"),
            reason: "the board has too many squares".into(),
        })?;
    let directed = |n: u32, c: BigCount| {
        if kind == Tours::OpenDirected && u64::from(k) * u64::from(n) > 1 {
            c.mul_u64(2)
        } else {
            c
        }
    };
    let opts = &Options {
        threads: opts.threads,
        progress: opts.progress,
        stop: opts.stop,
        checkpoint: None,
        checkpoint_every: opts.checkpoint_every,
        waiting: None,
        split: false,
    };
    let mut plan = Plan::oriented(k, to, &vec![false; cells], kind, true)?;
    if plan.vertices < 2 {
        // The 1×1 board: one open tour, no closed one.
        let c = count(k, to, &vec![false; cells], kind, opts)?;
        row(to, c.tours);
        return Ok(0);
    }
    let w = k as usize;
    for n in from..to {
        if k * n == 1 {
            continue;
        }
        plan.readoff[n as usize * w - 1] = true;
    }
    plan.relaxed = k % 2 == 1;
    if k * from == 1 {
        row(1, BigCount::from(u64::from(kind != Tours::Closed)));
    }
    let mut rows = |v: usize, c: BigCount| {
        let n = ((v + 1) / w) as u32;
        row(n, directed(n, c));
        Ok(())
    };
    let (total, peak) = if plan.key_bytes() == 8 {
        run_with::<u64>(&plan, opts, &mut rows)?
    } else {
        run_with::<Wide>(&plan, opts, &mut rows)?
    };
    row(to, directed(to, total));
    Ok(peak)
}

fn overflow() -> Error {
    Error::TooLarge {
        reason: "the tour count overflows 128 bits".into(),
    }
}

/// The board in processing order, with the move tables the steps need.
#[derive(Clone)]
struct Plan {
    /// Frontier width (the narrow side).
    w: usize,
    /// Squares on the board.
    cells: usize,
    /// Stored frontier slots: `2w + 1`.
    window: usize,
    closed: bool,
    /// The original size and mask, to recognise a checkpoint.
    signature: Vec<u8>,
    blocked: Vec<bool>,
    /// For each square, the expanded-window slots of its earlier free neighbours.
    back: Vec<Vec<u8>>,
    /// For each square, the slots of free squares whose last free neighbour it is.
    departs: Vec<Vec<u8>>,
    /// Free squares after each square.
    remaining_after: Vec<usize>,
    /// For each square `v` and expanded slot `j`: the colour sign (+1 light,
    /// -1 dark) of the slot's square, times 4, plus its free neighbours after
    /// `v` (0..=3 counted, capped): `sign * 4 + min(rem, 3)`, or 0 off the board.
    look: Vec<i8>,
    /// For each square: 2 × (light − dark) over the free squares after it.
    unprocessed_balance: Vec<i32>,
    /// For each square `v`, the expanded slots (≥ 1) whose moves or free
    /// neighbours change at `v`: its earlier free neighbours and itself, as
    /// a list and as a bit mask.
    touched: Vec<Vec<u8>>,
    touched_mask: Vec<u32>,
    vertices: usize,
    /// Keys in base 11 (see [`Plan::encode`]).
    radix11: bool,
    /// In the crossing phase of a split count, the crossing moves of the
    /// squares after the cut that some backward state can complete.
    prefixes: Option<std::sync::Arc<meet::Prefixes>>,
    /// For each square: whether the tours of the board cut after it are
    /// counted there too (see [`count_table`]). Its tours go to the table's
    /// rows, not to the total.
    readoff: Vec<bool>,
    /// Skip the colour-balance test (a table of odd width, where the ranks
    /// after a read-off square would change the balance).
    relaxed: bool,
}

impl Plan {
    fn new(width: u32, height: u32, blocked: &[bool], kind: Tours) -> Result<Plan, Error> {
        Plan::oriented(width, height, blocked, kind, false)
    }

    /// The plan with the frontier along the narrow side, or along the width
    /// when `along_width`.
    fn oriented(
        width: u32,
        height: u32,
        blocked: &[bool],
        kind: Tours,
        along_width: bool,
    ) -> Result<Plan, Error> {
        let size = format!("{width}x{height}");
        if width == 0 || height == 0 {
            return Err(Error::Size {
                value: size,
                reason: "both sides must be at least 1".into(),
            });
        }
        let (wo, ho) = (width as usize, height as usize);
        let cells = wo.checked_mul(ho).ok_or_else(|| Error::Size {
            value: size.clone(),
            reason: "the board has too many squares".into(),
        })?;
        if blocked.len() != cells {
            return Err(Error::Size {
                value: size,
                reason: format!(
                    "the blocked-square mask has {} entries, expected {cells}",
                    blocked.len()
                ),
            });
        }
        let w = if along_width { wo } else { wo.min(ho) };
        if w > MAX_WIDTH as usize {
            return Err(Error::TooLarge {
                reason: format!(
                    "the frontier count handles boards whose narrow side is at most {MAX_WIDTH}, \
                     not {size}"
                ),
            });
        }
        let h = cells / w;
        // Row-major along the narrow side: transpose when the board is wider than high.
        let free: Vec<bool> = (0..cells)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                let orig = if wo == w { r * wo + c } else { c * wo + r };
                !blocked[orig]
            })
            .collect();
        let moves: [(isize, isize); 8] = [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ];
        let neighbours = |v: usize| {
            let (r, c) = ((v / w) as isize, (v % w) as isize);
            moves.iter().filter_map(move |&(dr, dc)| {
                let (nr, nc) = (r + dr, c + dc);
                (nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w)
                    .then(|| nr as usize * w + nc as usize)
            })
        };
        let window = 2 * w + 1;
        let slot = |u: usize, v: usize| (u + window - v) as u8;
        let mut back = vec![Vec::new(); cells];
        let mut departs = vec![Vec::new(); cells];
        for v in 0..cells {
            if !free[v] {
                continue;
            }
            let mut last = v;
            for u in neighbours(v).filter(|&u| free[u]) {
                if u < v {
                    back[v].push(slot(u, v));
                } else {
                    last = last.max(u);
                }
            }
            departs[last].push(slot(v, last));
        }
        let mut remaining_after = vec![0; cells];
        let mut rest = 0;
        for v in (0..cells).rev() {
            remaining_after[v] = rest;
            rest += usize::from(free[v]);
        }
        let mut look = vec![0i8; cells * (window + 1)];
        let mut unprocessed_balance = vec![0i32; cells];
        let mut bal = 0i32;
        let sign = |x: usize| if (x / w + x % w) % 2 == 0 { 1i8 } else { -1i8 };
        for v in (0..cells).rev() {
            unprocessed_balance[v] = bal;
            if free[v] {
                bal += 2 * i32::from(sign(v));
            }
            for j in 0..=window {
                let Some(x) = (v + j).checked_sub(window) else {
                    continue;
                };
                if !free[x] {
                    continue;
                }
                let rem = neighbours(x).filter(|&u| u > v && free[u]).count().min(3) as i8;
                look[v * (window + 1) + j] = sign(x) * 4 + rem;
            }
        }
        let mut touched = vec![Vec::new(); cells];
        let mut touched_mask = vec![0u32; cells];
        for v in (0..cells).filter(|&v| free[v]) {
            touched[v] = back[v].iter().copied().filter(|&j| j >= 1).collect();
            touched[v].push(window as u8);
            touched_mask[v] = touched[v].iter().map(|&j| 1u32 << j).sum();
        }
        let mut signature = format!("{width}x{height} {kind:?} ").into_bytes();
        signature.extend(blocked.iter().map(|&b| b'0' + u8::from(b)));
        Ok(Plan {
            w,
            cells,
            window,
            closed: kind == Tours::Closed,
            signature,
            blocked: free.iter().map(|&f| !f).collect(),
            back,
            departs,
            remaining_after,
            look,
            unprocessed_balance,
            touched,
            touched_mask,
            vertices: rest,
            radix11: 4 * window + 2 > 64 && window <= 17,
            prefixes: None,
            readoff: vec![false; cells],
            relaxed: false,
        })
    }

    /// The plan of a crossing phase of a split count (see [`meet`]) over the
    /// squares `from..end`: a square `v` there makes its move to an earlier
    /// square `u` only when `keep(u, v)` (the others belong to the other
    /// side), and squares from `held_from` on, or with a move of the other
    /// side, stay on the frontier whatever their moves, for the join. A frontier square counts as still reachable
    /// by every move this side has yet to make and every move of the other
    /// side (made after the cut, or beyond `end`), so it is forced to be a
    /// tour end only when it truly is. The colour balance still holds: every
    /// later move, made on either side, joins a light and a dark square.
    fn crossing_phase(
        &self,
        from: usize,
        end: usize,
        keep: impl Fn(usize, usize) -> bool,
        held_from: usize,
    ) -> Plan {
        let mut p = self.clone();
        let window = self.window;
        // Slot `j` at square `v` holds square `v + j - window`.
        let square = |j: u8, v: usize| (j as usize + v) - window;
        let mut neighbours = vec![Vec::new(); self.cells];
        for (v, back) in self.back.iter().enumerate() {
            for &j in back {
                let u = square(j, v);
                neighbours[u].push(v);
                neighbours[v].push(u);
            }
        }
        // Whether the move x-u is still to be made after square `v`.
        let open = |x: usize, u: usize, v: usize| {
            let (lo, hi) = (x.min(u), x.max(u));
            hi >= end || (hi >= from && (!keep(lo, hi) || hi > v))
        };
        for v in from..self.cells {
            p.back[v].retain(|&j| keep(square(j, v), v));
            for j in 0..=window {
                let l = &mut p.look[v * (window + 1) + j];
                if *l == 0 {
                    continue;
                }
                let x = v + j - window;
                let rem = neighbours[x].iter().filter(|&&u| open(x, u, v)).count();
                *l = if *l < 0 { -4 } else { 4 } + rem.min(3) as i8;
            }
        }
        // A square leaves the frontier only once all its moves are decided
        // on this side (with the crossing moves split, a square of rank L
        // whose last neighbour is in rank F may still take a move from the
        // other side).
        for (v, d) in p.departs.iter_mut().enumerate() {
            d.retain(|&j| {
                let x = square(j, v);
                x < held_from && !neighbours[x].iter().any(|&u| open(x, u, v))
            });
        }
        p
    }

    /// Bytes of a packed state (see [`Plan::encode`]).
    fn key_bytes(&self) -> usize {
        if 4 * self.window + 2 <= 64 || self.radix11 {
            8
        } else {
            16
        }
    }

    /// Expands one state at square `v`, handing each successor's key to `out`
    /// (`None` for a finished tour).
    #[inline]
    fn expand(&self, v: usize, key: u128, out: &mut impl FnMut(Option<u128>)) {
        let mut e = [FULL; 32];
        let ends = self.decode(key, &mut e);
        let vs = self.window;
        e[vs] = if self.blocked[v] { FULL } else { EMPTY };
        let Some(base) = self.base(v, &e, ends) else {
            return;
        };
        if self.blocked[v] {
            self.finish(v, e, ends, false, base, out);
            return;
        }
        let mut cand = [0u8; 4];
        let mut nc = 0;
        for &b in &self.back[v] {
            if e[b as usize] != FULL {
                cand[nc] = b;
                nc += 1;
            }
        }
        self.finish(v, e, ends, false, base, out);
        for i in 0..nc {
            let mut f = e;
            let mut done = false;
            if !self.add_edge(&mut f, vs, cand[i] as usize, 30, &mut done) {
                continue;
            }
            self.finish(v, f, ends, done, base, out);
            for &b in &cand[i + 1..nc] {
                let mut g = f;
                let mut done = false;
                if self.add_edge(&mut g, vs, b as usize, 31, &mut done) {
                    self.finish(v, g, ends, done, base, out);
                }
            }
        }
    }

    /// Adds the move `x`–`y` (both with fewer than two moves); false when it
    /// closes a cycle that is not allowed. `done` is set when the move
    /// closes the last cycle or joins the two ends of the tour.
    #[inline]
    fn add_edge(&self, f: &mut [u8; 32], x: usize, y: usize, fresh: u8, done: &mut bool) -> bool {
        let (cx, cy) = (f[x], f[y]);
        debug_assert!(cx != FULL && cy != FULL);
        if cx >= LABEL0 && cx == cy {
            if !self.closed {
                return false;
            }
            f[x] = FULL;
            f[y] = FULL;
            *done = true;
            return true;
        }
        let other = |f: &[u8; 32], s: usize, c: u8| match c {
            EMPTY => Some(s),
            TERM => None,
            _ => Some(partner(f, s, c)),
        };
        let ox = other(f, x, cx);
        let oy = other(f, y, cy);
        if cx != EMPTY {
            f[x] = FULL;
        }
        if cy != EMPTY {
            f[y] = FULL;
        }
        match (ox, oy) {
            (Some(a), Some(b)) => {
                f[a] = fresh;
                f[b] = fresh;
            }
            (Some(a), None) | (None, Some(a)) => f[a] = TERM,
            (None, None) => *done = true,
        }
        true
    }

    /// Retires the squares whose moves are all decided at `v`, then emits the
    /// state shifted by one square (or a finished tour).
    #[inline]
    fn finish(
        &self,
        v: usize,
        mut f: [u8; 32],
        mut ends: u8,
        mut done: bool,
        base: Base,
        out: &mut impl FnMut(Option<u128>),
    ) {
        for &d in &self.departs[v] {
            let d = d as usize;
            match f[d] {
                EMPTY => return,
                FULL => {}
                c => {
                    if self.closed || ends == 2 {
                        return;
                    }
                    ends += 1;
                    if c == TERM {
                        done = true;
                    } else {
                        let p = partner(&f, d, c);
                        f[p] = TERM;
                    }
                    f[d] = FULL;
                }
            }
        }
        let vs = self.window;
        if done {
            if (self.remaining_after[v] == 0 || self.readoff[v])
                && f[..=vs].iter().all(|&c| c == FULL)
            {
                out(None);
            }
            return;
        }
        if self.readoff[v] && self.ends_here(&f, ends) {
            out(None);
        }
        // The square leaving the frontier has both its moves: always, but for
        // a state from a damaged checkpoint, which has no completions then.
        if f[0] != FULL {
            return;
        }
        if !self.feasible(v, &f, ends, base) {
            return;
        }
        if let Some(p) = &self.prefixes {
            if !p.allows(v, &f) {
                return;
            }
        }
        // Labels in order of first appearance from slot 1 upwards; branch-free
        // (the codes below LABEL0 map to themselves, 0xff is "no label yet").
        let mut map = [0xffu8; 32];
        map[..LABEL0 as usize].copy_from_slice(&[EMPTY, FULL, TERM]);
        let mut next = LABEL0;
        let mut codes = [FULL; 32];
        for (code, &c) in codes.iter_mut().zip(&f[1..=vs]) {
            let m = map[c as usize];
            let fresh = m == 0xff;
            let new = if fresh { next } else { m };
            map[c as usize] = new;
            next += u8::from(fresh);
            *code = new;
        }
        debug_assert!(next <= if self.radix11 { 11 } else { 16 });
        out(Some(self.encode(&codes, ends)));
    }

    /// At a read-off square: whether the state is an open tour of the board
    /// cut after this square, the squares still on the frontier leaving now
    /// (as in [`Plan::finish`]).
    fn ends_here(&self, f: &[u8; 32], mut ends: u8) -> bool {
        if self.closed {
            return false;
        }
        let mut f = *f;
        let mut done = false;
        for j in 0..=self.window {
            match f[j] {
                FULL => {}
                EMPTY => return false,
                c => {
                    if ends == 2 {
                        return false;
                    }
                    ends += 1;
                    if c == TERM {
                        done = true;
                    } else {
                        let p = partner(&f, j, c);
                        f[p] = TERM;
                    }
                    f[j] = FULL;
                }
            }
        }
        done
    }

    /// Packs the codes of the `window` stored slots and the used tour ends.
    /// Four bits a slot when that fits 64 bits or needs more than 64 anyway;
    /// else (the 8-wide board) base 11, since at most 8 label pairs fit 17
    /// slots: `ends + 3 * sum(code[j] * 11^j)` < 3 * 11^17 < 2^61.
    #[inline]
    fn encode(&self, codes: &[u8; 32], ends: u8) -> u128 {
        if self.radix11 {
            let mut x = 0u64;
            for &c in codes[..self.window].iter().rev() {
                x = x * 11 + u64::from(c);
            }
            return u128::from(x * 3 + u64::from(ends));
        }
        // The key in two 64-bit halves (16 slots each): cheaper than u128 shifts.
        let mut half = [0u64; 2];
        for (j, &c) in codes[..self.window].iter().enumerate() {
            half[j >> 4] |= u64::from(c) << (4 * (j & 15));
        }
        let key = u128::from(half[0]) | u128::from(half[1]) << 64;
        key | u128::from(ends) << (4 * self.window)
    }

    /// Whether `key` is one [`Plan::encode`] can make: at most two tour ends
    /// used, and each path label on exactly two slots, numbered in order of
    /// first appearance (checked on the states read from a checkpoint).
    fn is_key(&self, key: u128) -> bool {
        let mut e = [FULL; 32];
        let ends = self.decode(key, &mut e);
        let mut seen = [0u8; 32];
        let mut next = LABEL0;
        for &c in &e[..self.window] {
            if c >= LABEL0 {
                if seen[c as usize] == 0 && c != next {
                    return false;
                }
                next += u8::from(seen[c as usize] == 0);
                seen[c as usize] += 1;
            }
        }
        ends <= 2 && seen.iter().all(|&n| n == 0 || n == 2) && self.encode(&e, ends) == key
    }

    /// Unpacks a key made by [`Plan::encode`] into `e[..window]`; returns the used ends.
    #[inline]
    fn decode(&self, key: u128, e: &mut [u8; 32]) -> u8 {
        if self.radix11 {
            let mut x = key as u64;
            let ends = (x % 3) as u8;
            x /= 3;
            for c in e.iter_mut().take(self.window) {
                *c = (x % 11) as u8;
                x /= 11;
            }
            return ends;
        }
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        for (j, x) in e.iter_mut().take(self.window).enumerate() {
            let word = if j < 16 { lo } else { hi };
            *x = (word >> (4 * (j & 15)) & 15) as u8;
        }
        (key >> (4 * self.window) & 3) as u8
    }
}

impl Plan {
    /// The colour sign and the free neighbours after `v` of expanded slot `j`.
    #[inline]
    fn look(&self, v: usize, j: usize) -> (i32, i32) {
        let l = self.look[v * (self.window + 1) + j];
        if l < 0 {
            (-1, i32::from(l + 4))
        } else {
            (1, i32::from(l - 4))
        }
    }

    /// The feasibility sums over the slots that no choice at `v` changes;
    /// `None` when those slots alone make the state hopeless.
    #[inline]
    fn base(&self, v: usize, e: &[u8; 32], ends: u8) -> Option<Base> {
        let mask = self.touched_mask[v];
        let mut b = Base {
            balance: self.unprocessed_balance[v],
            forced: [0; 2],
        };
        for (j, &c) in e.iter().enumerate().take(self.window + 1).skip(1) {
            if c != FULL && mask >> j & 1 == 0 && !self.add_slot(&mut b, v, j, c) {
                return None;
            }
        }
        (b.forced[0] + b.forced[1] + ends <= 2).then_some(b)
    }

    /// Adds slot `j` (code `c`, not full) to the sums; false when the slot
    /// cannot get its missing moves.
    #[inline]
    fn add_slot(&self, b: &mut Base, v: usize, j: usize, c: u8) -> bool {
        let need = if c == EMPTY { 2 } else { 1 };
        let (sign, rem) = self.look(v, j);
        b.balance += sign * need;
        if rem < need {
            if self.closed || rem + 1 < need {
                return false;
            }
            b.forced[usize::from(sign < 0)] += 1;
        }
        true
    }

    /// Whether the state after square `v` can still be completed, by two
    /// counting arguments. Every later move joins a light and a dark square
    /// (knight moves change colour), so the moves still needed by light
    /// squares equal those needed by dark squares, less the tour ends still to
    /// be chosen in open tours; and a square needs enough free neighbours after
    /// `v` for its missing moves (or, in an open tour, becomes one of its two
    /// ends). Only the touched slots are summed here; `base` has the rest.
    #[inline]
    fn feasible(&self, v: usize, f: &[u8; 32], ends: u8, mut b: Base) -> bool {
        for &j in &self.touched[v] {
            let c = f[j as usize];
            if c != FULL && !self.add_slot(&mut b, v, j as usize, c) {
                return false;
            }
        }
        if self.relaxed {
            return self.closed || b.forced[0] + b.forced[1] + ends <= 2;
        }
        if self.closed {
            return b.balance == 0;
        }
        // The ends still to be chosen: `light + dark = free_ends` and
        // `light - dark = balance`, each at least the squares forced to be ends.
        let free_ends = 2 - i32::from(ends);
        let twice_light = free_ends + b.balance;
        let twice_dark = free_ends - b.balance;
        twice_light >= 2 * i32::from(b.forced[0])
            && twice_dark >= 2 * i32::from(b.forced[1])
            && twice_light % 2 == 0
    }
}

/// Sums for [`Plan::feasible`]: the colour balance of missing moves and the
/// light and dark squares that can only be tour ends.
#[derive(Clone, Copy)]
struct Base {
    balance: i32,
    forced: [u8; 2],
}

/// The other end of the path whose end is slot `s` with label `c`.
#[inline]
fn partner(f: &[u8; 32], s: usize, c: u8) -> usize {
    f.iter()
        .enumerate()
        .position(|(j, &x)| x == c && j != s)
        .expect("every label marks two path ends")
}

/// A packed frontier state.
trait Key: Copy + Ord + Hash + Send + Sync {
    fn pack(x: u128) -> Self;
    fn unpack(self) -> u128;
}

impl Key for u64 {
    #[inline]
    fn pack(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn unpack(self) -> u128 {
        u128::from(self)
    }
}

/// A 128-bit key with 8-byte alignment, so a `(key, count)` pair is 24 bytes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Wide(u64, u64);

impl Key for Wide {
    #[inline]
    fn pack(x: u128) -> Self {
        Wide(x as u64, (x >> 64) as u64)
    }
    #[inline]
    fn unpack(self) -> u128 {
        u128::from(self.0) | u128::from(self.1) << 64
    }
}

/// A multiply-rotate hash (after rustc's FxHash) with a final mix so the
/// table's low bits see every input bit.
#[derive(Default, Clone, Copy)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(26) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (h >> 32)
    }
}

#[inline]
fn hash_of<K: Key>(k: &K) -> u64 {
    let mut h = MixHasher::default();
    k.hash(&mut h);
    h.finish()
}

/// States between squares: chunks of `(state, ways)` pairs. A step's output
/// has each state once; a shard's input may hold a state once per sending
/// shard, which a step handles like any other input (expansion is linear in
/// the ways). A step consumes its input chunk by chunk, dropping each once
/// expanded, so the old and new tables share memory.
type Parts<K, W = u64> = Vec<Vec<(K, W)>>;

/// The least input states each thread expands in one round before the
/// successors are merged. A round is also at least an eighth of the step, so
/// that each bucket's table takes many insertions per visit (a visit loads
/// the table into the cache), while the unmerged successors stay a fraction
/// of the states.
const ROUND: usize = 1 << 18;
/// The most input states a thread expands in one round, so that the
/// buffered successors stay small beside the tables on the largest boards
/// (8×8 holds over 6·10^8 states).
const ROUND_MAX: usize = 1 << 23;

/// Runs `f` on each item, on one scoped thread per item (inline for one item).
fn par<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 {
        return items.into_iter().map(f).collect();
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items.into_iter().map(|x| s.spawn(move || f(x))).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("frontier worker panicked"))
            .collect()
    })
}

/// Runs the steps; returns the undirected count and the peak state count.
fn run<K: Key>(plan: &Plan, opts: &Options<'_>) -> Result<(BigCount, usize), Error> {
    run_with::<K>(plan, opts, &mut |_, _| Ok(()))
}

/// [`run`], handing the tours finished at each read-off square `v` to
/// `rows(v, tours)` (undirected) as soon as they are known.
fn run_with<K: Key>(
    plan: &Plan,
    opts: &Options<'_>,
    rows: &mut dyn FnMut(usize, BigCount) -> Result<(), Error>,
) -> Result<(BigCount, usize), Error> {
    let threads = opts.threads.max(1);
    let mut start = 0;
    let mut total = BigCount::zero();
    let resume = match opts.checkpoint {
        Some(p) => load_checkpoint(plan, p)?,
        None => None,
    };
    let mut table = if let Some((v, t, states)) = resume {
        start = v;
        total = t;
        states
    } else {
        // Before the first square every slot is "full": nothing to join to.
        Table::start(K::pack(plan.encode(&[FULL; 32], 0)))
    };
    let mut high = table.high();
    let mut peak = table.len();
    let mut last_save = Instant::now();
    let stopped = || opts.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    for v in start..plan.cells {
        if stopped() {
            if let Some(p) = opts.checkpoint {
                save_table(plan, p, v, &total, &table).map_err(|e| checkpoint_error(p, e))?;
            }
            return Err(Error::Interrupted);
        }
        let (next, finished, h) = step_table(plan, v, table, high, threads, opts.stop)?;
        table = next;
        high = h;
        if plan.readoff[v] {
            rows(v, finished)?;
        } else {
            total += &finished;
        }
        let states = table.len();
        peak = peak.max(states);
        if let Some(progress) = opts.progress {
            progress(Progress {
                step: v + 1,
                steps: plan.cells,
                states,
            });
        }
        if let Some(p) = opts.checkpoint {
            if v + 1 < plan.cells && last_save.elapsed() >= opts.checkpoint_every {
                save_table(plan, p, v + 1, &total, &table).map_err(|e| checkpoint_error(p, e))?;
                last_save = Instant::now();
            }
        }
    }
    if let Some(p) = opts.checkpoint {
        // A finished count leaves nothing to resume.
        let _ = fs::remove_file(p);
    }
    Ok((total, peak))
}

fn state_overflow() -> Error {
    Error::TooLarge {
        reason: "a frontier state's count overflows its width".into(),
    }
}

/// One square on a table of any width: widens the counts first when the
/// step might overflow them (see the `ways` module); `high` is the bit
/// length of the table's largest count. Returns the new table, the tours
/// finished and the bit length of the new table's largest count.
fn step_table<K: Key>(
    plan: &Plan,
    v: usize,
    table: Table<K>,
    high: u64,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<(Table<K>, BigCount, u64), Error> {
    on_table!(table.fit(high)?, p => {
        let (next, finished, h) = step(plan, v, p, threads, stop)?;
        Ok((Ways::table(next), finished, h.bits()))
    })
}

/// Saves a table of any width (see [`save_checkpoint`]).
fn save_table<K: Key>(
    plan: &Plan,
    path: &Path,
    v: usize,
    total: &BigCount,
    table: &Table<K>,
) -> io::Result<()> {
    on_table!(table, p => save_checkpoint(plan, path, v, total, p))
}

/// One square, in rounds. In a round each thread expands its share of the
/// input states (freeing each input chunk once expanded), writing the
/// successors into per-bucket buffers by the top bits of their hash
/// (sequential writes); then each thread sorts the buffered successors of its
/// own buckets and merges them into those buckets' sorted lists of distinct
/// states, adding the ways of equal states. A state costs its 16 bytes (8 of
/// key, 8 of ways) and no table overhead, and the unmerged successors never
/// exceed one round's worth. Returns the new states (one chunk per bucket)
/// and the tours finished at this square.
fn step<K: Key, W: Ways>(
    plan: &Plan,
    v: usize,
    mut parts: Parts<K, W>,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Result<(Parts<K, W>, BigCount, W), Error> {
    let states: usize = parts.iter().map(Vec::len).sum();
    // About 32k states per bucket, and a bucket range for every thread.
    let bits = (states / 32_768)
        .max(threads)
        .next_power_of_two()
        .trailing_zeros()
        .min(16);
    let buckets = 1usize << bits;
    let bucket_of = |h: u64| {
        if bits == 0 {
            0
        } else {
            (h >> (64 - bits)) as usize
        }
    };
    let per = buckets.div_ceil(threads);
    // Each bucket's states so far: sorted by key, distinct, exactly sized.
    let mut tables: Vec<Vec<(K, W)>> = vec![Vec::new(); buckets];
    let mut buffers: Vec<Vec<Vec<(K, W)>>> = vec![vec![Vec::new(); buckets]; threads];
    let mut finished = Sum::default();
    // Never more than an equal share: on small tables the first thread
    // would otherwise take a whole round while the others wait.
    let round = ROUND
        .max(states / (8 * threads))
        .min(ROUND_MAX)
        .min(states.div_ceil(threads).max(1));
    while !parts.is_empty() {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        // Hand out the next chunks: about `round` states to each thread.
        let mut work: Vec<Vec<Vec<(K, W)>>> = vec![Vec::new(); threads];
        for w in &mut work {
            let mut n = 0;
            while n < round {
                let Some(chunk) = parts.pop() else { break };
                n += chunk.len();
                w.push(chunk);
            }
        }
        let jobs: Vec<_> = buffers.iter_mut().zip(work).collect();
        let done = par(jobs, |(out, chunks)| {
            out.iter_mut().for_each(Vec::clear);
            let mut finished = Sum::default();
            for chunk in chunks {
                for &(k, c) in &chunk {
                    plan.expand(v, k.unpack(), &mut |o| match o {
                        Some(nk) => {
                            let nk = K::pack(nk);
                            out[bucket_of(hash_of(&nk))].push((nk, c));
                        }
                        None => finished.add(c),
                    });
                }
            }
            finished
        });
        for f in done {
            finished.absorb(f);
        }
        let buffers = &buffers;
        let jobs: Vec<_> = tables.chunks_mut(per).enumerate().collect();
        let merged = par(jobs, |(t, mine)| -> Result<(), Error> {
            let mut batch: Vec<(K, W)> = Vec::new();
            let mut out: Vec<(K, W)> = Vec::new();
            for (i, table) in mine.iter_mut().enumerate() {
                let b = t * per + i;
                batch.clear();
                for buf in buffers {
                    batch.extend_from_slice(&buf[b]);
                }
                if batch.is_empty() {
                    continue;
                }
                batch.sort_unstable_by_key(|&(k, _)| k);
                out.clear();
                merge_sorted(table, &batch, &mut out)?;
                *table = out.as_slice().to_vec();
            }
            Ok(())
        });
        merged.into_iter().collect::<Result<(), Error>>()?;
    }
    tables.retain(|t| !t.is_empty());
    // The bits of every count, for the bit length of the largest.
    let jobs: Vec<_> = tables.chunks(per).collect();
    let high = par(jobs, |mine| {
        mine.iter().flatten().fold(W::zero(), |a, &(_, w)| a.or(w))
    })
    .into_iter()
    .fold(W::zero(), W::or);
    Ok((tables, finished.total(), high))
}

/// Merges `old` (sorted, distinct keys) and `new` (sorted) into `out`,
/// adding the ways of equal keys.
fn merge_sorted<K: Key, W: Ways>(
    old: &[(K, W)],
    new: &[(K, W)],
    out: &mut Vec<(K, W)>,
) -> Result<(), Error> {
    out.reserve(old.len() + new.len());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let (k, c) = if j == new.len() || (i < old.len() && old[i].0 <= new[j].0) {
            i += 1;
            old[i - 1]
        } else {
            j += 1;
            new[j - 1]
        };
        match out.last_mut() {
            Some(last) if last.0 == k => {
                last.1 = last.1.checked_add(c).ok_or_else(state_overflow)?;
            }
            _ => out.push((k, c)),
        }
    }
    Ok(())
}

fn checkpoint_error(path: &Path, reason: impl std::fmt::Display) -> Error {
    Error::Checkpoint {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

/// The checkpoint's first bytes; `HETMANF2` files (64-bit counts) are refused.
const MAGIC: &[u8; 8] = b"HETMANF3";

/// Writes `states` to `path` atomically (a temporary file, then a rename):
/// the magic, the count's signature, the next square, the tours so far, the
/// words per count, then each state's 16-byte key and its count.
fn save_checkpoint<K: Key, W: Ways>(
    plan: &Plan,
    path: &Path,
    v: usize,
    total: &BigCount,
    shards: &[Vec<(K, W)>],
) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut w = io::BufWriter::new(fs::File::create(&tmp)?);
        w.write_all(MAGIC)?;
        w.write_all(&(plan.signature.len() as u64).to_le_bytes())?;
        w.write_all(&plan.signature)?;
        w.write_all(&(v as u64).to_le_bytes())?;
        w.write_all(&(total.limbs().len() as u64).to_le_bytes())?;
        for l in total.limbs() {
            w.write_all(&l.to_le_bytes())?;
        }
        w.write_all(&(W::LIMBS as u64).to_le_bytes())?;
        let n: usize = shards.iter().map(Vec::len).sum();
        w.write_all(&(n as u64).to_le_bytes())?;
        for &(k, c) in shards.iter().flatten() {
            w.write_all(&k.unpack().to_le_bytes())?;
            for l in c.limbs() {
                w.write_all(&l.to_le_bytes())?;
            }
        }
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    }
    fs::rename(tmp, path)
}

/// A resumable position: the next square, the tours finished so far and the states.
type Resume<K> = (usize, BigCount, Table<K>);

/// Reads the checkpoint at `path`: `None` when there is no such file, an
/// error when it belongs to another count or is damaged.
fn load_checkpoint<K: Key>(plan: &Plan, path: &Path) -> Result<Option<Resume<K>>, Error> {
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(checkpoint_error(path, e)),
    };
    let damaged = |e: io::Error| checkpoint_error(path, format!("cannot be read: {e}"));
    let mut r = io::BufReader::with_capacity(1 << 20, file);
    let mut b8 = [0u8; 8];
    let mut word = |r: &mut io::BufReader<fs::File>| -> Result<u64, Error> {
        r.read_exact(&mut b8).map_err(damaged)?;
        Ok(u64::from_le_bytes(b8))
    };
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic).map_err(damaged)?;
    if &magic == b"HETMANF2" {
        return Err(checkpoint_error(
            path,
            "was written by an older hetman with 64-bit counts; remove it and count again",
        ));
    }
    if &magic != MAGIC {
        return Err(checkpoint_error(path, "is not a frontier count checkpoint"));
    }
    let len = word(&mut r)? as usize;
    let mut sig = vec![0u8; len.min(1 << 20)];
    r.read_exact(&mut sig).map_err(damaged)?;
    if sig != plan.signature {
        let head = String::from_utf8_lossy(&sig[..sig.len().min(40)]).into_owned();
        let head = head.split(' ').take(2).collect::<Vec<_>>().join(" ");
        return Err(checkpoint_error(
            path,
            format!("belongs to another count ({head}); remove it or choose another file"),
        ));
    }
    let v = word(&mut r)? as usize;
    if v > plan.cells {
        return Err(checkpoint_error(path, "is damaged: square out of range"));
    }
    let total_limbs = word(&mut r)?;
    if total_limbs > ways::MAX_BITS / 32 {
        return Err(checkpoint_error(path, "is damaged: the total is too long"));
    }
    let total: Vec<u64> = (0..total_limbs)
        .map(|_| word(&mut r))
        .collect::<Result<_, _>>()?;
    let total = BigCount::from_limbs(&total);
    let limbs = word(&mut r)?;
    let n = word(&mut r)? as usize;
    let table = match limbs {
        1 => Table::W1(read_states(plan, path, &mut r, n)?),
        2 => Table::W2(read_states(plan, path, &mut r, n)?),
        4 => Table::W4(read_states(plan, path, &mut r, n)?),
        8 => Table::W8(read_states(plan, path, &mut r, n)?),
        16 => Table::W16(read_states(plan, path, &mut r, n)?),
        32 => Table::W32(read_states(plan, path, &mut r, n)?),
        64 => Table::W64(read_states(plan, path, &mut r, n)?),
        _ => return Err(checkpoint_error(path, "is damaged: unknown count width")),
    };
    Ok(Some((v, total, table)))
}

/// Reads `n` states with counts of `W::LIMBS` words.
fn read_states<K: Key, W: Ways>(
    plan: &Plan,
    path: &Path,
    r: &mut impl Read,
    n: usize,
) -> Result<Parts<K, W>, Error> {
    let damaged = |e: io::Error| checkpoint_error(path, format!("cannot be read: {e}"));
    // Straight into chunks of packed keys: a whole table of 16-byte keys
    // would take twice the memory of the count itself on the largest boards.
    const CHUNK: usize = 1 << 15;
    let mut states: Parts<K, W> = Vec::with_capacity(n.div_ceil(CHUNK).min(1 << 20));
    let mut b16 = [0u8; 16];
    let mut b8 = [0u8; 8];
    let mut limbs = vec![0u64; W::LIMBS];
    let mut left = n;
    while left > 0 {
        let take = left.min(CHUNK);
        let mut chunk = Vec::with_capacity(take);
        for _ in 0..take {
            r.read_exact(&mut b16).map_err(damaged)?;
            for l in &mut limbs {
                r.read_exact(&mut b8).map_err(damaged)?;
                *l = u64::from_le_bytes(b8);
            }
            let key = u128::from_le_bytes(b16);
            if !plan.is_key(key) || K::pack(key).unpack() != key {
                return Err(checkpoint_error(path, "is damaged: a state is malformed"));
            }
            let Some(ways) = W::from_limbs(&limbs) else {
                return Err(checkpoint_error(path, "is damaged: a count is malformed"));
            };
            chunk.push((K::pack(key), ways));
        }
        states.push(chunk);
        left -= take;
    }
    Ok(states)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free(n: usize) -> Vec<bool> {
        vec![false; n]
    }

    #[test]
    fn small_known_counts() {
        let o = Options::default();
        assert_eq!(count_closed(6, 6, &free(36), &o).unwrap(), 9862u128);
        assert_eq!(count_open_directed(5, 5, &free(25), &o).unwrap(), 1728u128);
        assert_eq!(count_open_undirected(4, 5, &free(20), &o).unwrap(), 82u128);
        assert_eq!(count_closed(4, 4, &free(16), &o).unwrap(), 0u128);
        assert_eq!(count_open_directed(4, 4, &free(16), &o).unwrap(), 0u128);
    }

    #[test]
    fn tiny_boards() {
        let o = Options::default();
        assert_eq!(count_open_directed(1, 1, &free(1), &o).unwrap(), 1u128);
        assert_eq!(count_closed(1, 1, &free(1), &o).unwrap(), 0u128);
        assert_eq!(count_open_directed(1, 1, &[true], &o).unwrap(), 0u128);
        // Two squares a knight's move apart, the rest blocked.
        let mut b = vec![true; 6];
        b[0] = false;
        b[5] = false;
        assert_eq!(count_open_directed(3, 2, &b, &o).unwrap(), 2u128);
        assert_eq!(count_open_undirected(3, 2, &b, &o).unwrap(), 1u128);
        assert_eq!(count_closed(3, 2, &b, &o).unwrap(), 0u128);
    }

    #[test]
    fn bad_input() {
        let o = Options::default();
        assert!(matches!(
            count_closed(0, 3, &[], &o),
            Err(Error::Size { .. })
        ));
        assert!(matches!(
            count_closed(3, 3, &free(8), &o),
            Err(Error::Size { .. })
        ));
        assert!(matches!(
            count_closed(13, 13, &free(169), &o),
            Err(Error::TooLarge { .. })
        ));
    }

    #[test]
    fn damaged_checkpoint_states_do_not_panic() {
        // Found by fuzz/frontier_checkpoint: states that no count makes
        // tripped "every label marks two path ends" and the slot-0 assertion.
        let dir = std::env::temp_dir().join(format!("hetman-frontier-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("damaged.ckpt");
        let file = |key: u128| {
            let sig = format!("4x5 OpenUndirected {}", "0".repeat(20));
            let mut b = MAGIC.to_vec();
            b.extend((sig.len() as u64).to_le_bytes());
            b.extend(sig.as_bytes());
            b.extend(6u64.to_le_bytes());
            b.extend(0u64.to_le_bytes()); // the total: no words
            b.extend(1u64.to_le_bytes()); // one word per count
            b.extend(1u64.to_le_bytes()); // one state
            b.extend(key.to_le_bytes());
            b.extend(1u64.to_le_bytes());
            fs::write(&path, b).unwrap();
        };
        let opts = Options {
            checkpoint: Some(&path),
            split: false,
            ..Options::default()
        };
        let run = || count(4, 5, &free(20), Tours::OpenUndirected, &opts);
        // A path label on one slot only.
        file(u128::from(LABEL0) << 4);
        assert!(matches!(run(), Err(Error::Checkpoint { .. })));
        // Well formed, but the square leaving the frontier has no moves.
        file(0);
        assert!(run().unwrap().tours.is_zero());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn stop_flag_interrupts() {
        let stop = AtomicBool::new(true);
        let o = Options {
            stop: Some(&stop),
            ..Options::default()
        };
        assert_eq!(count_closed(6, 6, &free(36), &o), Err(Error::Interrupted));
    }

    #[test]
    fn base_11_keys_agree_with_4_bit_keys() {
        // The 8-wide board packs keys in base 11; check that packing on
        // narrower boards, where the 4-bit packing is the default.
        for (w, h, kind) in [
            (6, 6, Tours::Closed),
            (5, 6, Tours::OpenUndirected),
            (5, 5, Tours::OpenDirected),
        ] {
            let mut plan = Plan::new(w, h, &free((w * h) as usize), kind).unwrap();
            assert!(!plan.radix11);
            let o = Options::default();
            let four = run::<u64>(&plan, &o).unwrap();
            plan.radix11 = true;
            assert_eq!(run::<u64>(&plan, &o).unwrap(), four);
        }
        let plan = Plan::new(8, 8, &free(64), Tours::Closed).unwrap();
        assert!(plan.radix11 && plan.key_bytes() == 8);
    }

    #[test]
    fn threads_agree() {
        let mut o = Options::default();
        for t in [1, 2, 3] {
            o.threads = t;
            assert_eq!(
                count_open_undirected(5, 6, &free(30), &o).unwrap(),
                count_open_undirected(6, 5, &free(30), &Options::default()).unwrap()
            );
        }
    }
}

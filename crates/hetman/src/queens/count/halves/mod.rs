//! The half-board join: the default engine of `hetman queens count` for N
//! from 8 to [`HALVES_MAX_N`].
//!
//! Cut the board between its two middle files (for odd N the middle file
//! holds one queen, placed first at each rank in turn). Every solution splits
//! into a *west half*, one queen on each west file in some set S of ranks,
//! and an *east half* with the other ranks. Ranks and files cannot clash
//! across the cut, so the two halves of a solution meet only on the
//! diagonals that cross it: 2(N − 1) of them, or 2(N − 2) beside a middle
//! file. With each half reduced to the set of crossing diagonals it uses,
//!
//! ```text
//! solutions = Σ over rank sets S of #{(w, e) : w ∈ West(S), e ∈ East(not S), w ∩ e = ∅}
//! ```
//!
//! and no solution is ever listed. An east half is a mirrored west half, so
//! only west halves are made: each from a north and a south quarter of the
//! west half, grouped by the ranks and files they hold: each *cell* (one
//! quarter's placements on one set of its ranks) is built when a rank set
//! first needs it and dropped after its last use, so that memory is bounded
//! by a chunk of cells rather than by N ([`JoinPlan`]). The mirror (S and not S give the same count) and the
//! upside-down flip (S and S reversed) leave each rank set's count alone, so
//! one set in four is counted and weighted ([`Job`]).
//!
//! The pairs are counted by a bit-sliced matcher ([`Matcher`](matcher::Matcher)): the east
//! halves are stored by diagonal, one bit per half, 512 halves to a block, so
//! one 64-bit AND tests a west half against 64 east halves at once. Before
//! that a [`Sieve`](sieve::Sieve) drops the diagonals one side never uses and splits both
//! sides by a few of the busiest diagonals, so that the pairs those
//! diagonals already rule out are never looked at.
//!
//! This is the method of Evgeny Kluev's quadrant counter, written afresh.

use super::CountOptions;
use crate::Error;
use std::sync::{Arc, OnceLock};

/// The largest N the half-board join takes: its keys (two bits per crossing
/// diagonal, 54 at N = 28) fit below the sieve's 55 bits (64 less its 9 cut
/// bits) and its west files in the quarter tables' 14 bits up to here, and
/// its memory is bounded by the plan's chunk ([`JoinPlan::with_chunk`])
/// rather than by N.
pub const HALVES_MAX_N: usize = 28;

/// The smallest N it takes: below this the constellation search is instant.
pub const HALVES_MIN_N: usize = 8;

fn low(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1u64 << k) - 1
    }
}

mod cells;
mod census;
mod cost;
mod jobs;
mod matcher;
mod memory;
mod order;
mod pieces;
mod run;
mod sample;
mod set_halves;
mod sieve;
mod tables;

use census::Census;
use cost::JobCost;
use jobs::Job;
use pieces::span_cost;
pub use run::{count_join_units, JoinUnitCount};
pub use sample::{estimate_join, JoinEstimate};
use tables::Piece;
use tables::{Geometry, Side};

/// Units the rank sets are batched into, about: few enough that recording
/// each in a checkpoint costs nothing measurable, many enough that threads
/// and shards share them out evenly.
const TARGET_UNITS: usize = 4096;

/// Rank sets per unit at least: the join's worker took 16 at a time before it
/// had units (fewer made two threads about 3% slower at N = 17).
const MIN_UNIT_JOBS: usize = 16;

/// Units per shard at least, in a plan made for K shards
/// ([`JoinPlan::for_shards`]): with each unit at most an eighth of a shard's
/// share of the cost, the dealing keeps the slowest shard within 1.125 times
/// the mean.
pub const UNITS_PER_SHARD: usize = 8;

/// One unit: the rank sets `start..end` whole, or (with a piece of a side
/// over 1) one piece of the rank set `start`: the halves of its west side
/// made from a share of its north cell's file sets ([`Piece`]), matched
/// against those of a share of its east side. Usually one side is cut and
/// the other whole; both are cut where one side whole would be more than a
/// unit's share, so that a unit can be made as small as wanted, in memory
/// as in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
    /// The piece of the west side (the rank set's own halves).
    west: Piece,
    /// The piece of the east side (the complement's halves).
    east: Piece,
}

impl Span {
    fn whole(start: usize, end: usize) -> Span {
        Span {
            start,
            end,
            west: Piece::WHOLE,
            east: Piece::WHOLE,
        }
    }

    /// The pieces of the west side and of the east side.
    fn sides(&self) -> (Piece, Piece) {
        (self.west, self.east)
    }

    /// Whether it is a piece of a rank set, the first of its pieces or not.
    fn is_piece(&self) -> bool {
        self.west.of > 1 || self.east.of > 1
    }

    /// Whether it is a piece of a rank set other than its first.
    fn is_later_piece(&self) -> bool {
        self.west.index > 0 || self.east.index > 0
    }
}

/// Bytes of north cells a chunk of rank sets needs at most, by default
/// ([`JoinPlan::new`]): the whole north quarter fits up to N = 21, so that
/// no cell is built twice for one rank of the middle queen there.
pub const DEFAULT_CHUNK_BYTES: u64 = 512 << 20;

/// Halves of one side of a rank set (or of a piece of one) the join makes
/// at once at most, by default ([`JoinPlan::with_side_halves`]): a side
/// with more is made a share at a time, each share of one side matched
/// against each share of the other (N = 26: up to about 1.9·10^8 halves a
/// side, 6 GB with the matcher's copies). A unit then holds about 1 GiB a
/// side however large N is, at the price of making the halves of one side
/// again for each share of the other, a small part of the matching.
pub const MAX_SIDE_HALVES: u64 = 1 << 25;

/// Bytes every count holds besides its cells and halves, about.
const BASE_BYTES: u64 = 12 << 20;

/// What one count by the half-board join found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HalvesCount {
    /// All solutions (of the units counted).
    pub total: u64,
    /// Rank sets counted.
    pub jobs: usize,
    /// West halves matched against east halves, over all units.
    pub halves: u64,
    /// Bytes of quarter cells held at once at most, and of the workers'
    /// buffers (halves and the matcher's tables) at the end, by the count's
    /// own accounting (the plan's tables aside).
    pub peak_bytes: u64,
}

/// The work units of the half-board join for one N: the rank sets to count
/// (one per symmetry class), batched into about 4,096 units of consecutive
/// rank sets. Units are what checkpoints record and shards share out; they
/// are fixed by N, the chunk size and the program version.
///
/// The rank sets are ordered so that neighbours share their quarter cells:
/// by the middle queen's rank (odd N), then by the sizes of their south parts
/// (which fix the sizes of the north parts, so that one layer of north cells
/// serves them all), then in *chunks* whose north cells take at most the
/// chunk size, then by south part, a part and its complement side by side.
/// A count builds each cell when a rank set first needs it and drops it
/// after its last use, so that it holds about one chunk of north cells and a
/// few south cells, whatever N.
///
/// ```
/// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
/// let plan = JoinPlan::new(12).unwrap();
/// let all: Vec<usize> = (0..plan.units()).collect();
/// let c = count_join_units(&plan, &all, &CountOptions::default(), &|_, _, _| Ok(())).unwrap();
/// assert_eq!(c.total, 14_200);
/// ```
pub struct JoinPlan {
    n: usize,
    geo: Geometry,
    /// Shared with the plans cut from it for more shards
    /// ([`JoinPlan::cut_for_shards`]), as are the census and the costs.
    jobs: Arc<Vec<Job>>,
    /// The rank sets of each segment: (first, end).
    segments: Vec<(usize, usize)>,
    /// The rank sets (or the piece of one) of each unit.
    spans: Vec<Span>,
    /// The chunk size it was made with.
    chunk_bytes: u64,
    /// The number of shards it was cut for ([`JoinPlan::for_shards`]; 1:
    /// the default units).
    shards: usize,
    /// The segment (middle rank, layer, chunk) of each unit, and the bytes
    /// of each segment's north cells.
    segment: Vec<usize>,
    segment_bytes: Vec<u64>,
    /// The bytes of each segment's south cells.
    segment_south_bytes: Vec<u64>,
    /// The placements of every cell, counted.
    census: Arc<Census>,
    /// CPU seconds the census took.
    census_seconds: f64,
    /// Each job's estimated cost, once worked out.
    job_costs: OnceLock<Arc<Vec<JobCost>>>,
    /// The units' estimated costs, once worked out.
    costs: OnceLock<Vec<u64>>,
    /// Halves of a side made at once at most ([`MAX_SIDE_HALVES`]).
    side_halves: u64,
}

impl std::fmt::Debug for JoinPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JoinPlan")
            .field("n", &self.n)
            .field("rank_sets", &self.jobs.len())
            .field("units", &self.units())
            .field("chunk_bytes", &self.chunk_bytes)
            .finish_non_exhaustive()
    }
}

impl JoinPlan {
    /// The units for N queens, N from [`HALVES_MIN_N`] to [`HALVES_MAX_N`],
    /// with chunks of [`DEFAULT_CHUNK_BYTES`].
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// assert!(JoinPlan::new(16).unwrap().units() > 100);
    /// assert!(JoinPlan::new(7).is_err());
    /// ```
    pub fn new(n: usize) -> Result<JoinPlan, Error> {
        JoinPlan::with_chunk(n, DEFAULT_CHUNK_BYTES)
    }

    /// The units for N queens with chunks whose north cells take at most
    /// `chunk_bytes` (or one rank set's, if that is more): a smaller chunk
    /// holds less memory and builds the south cells more often. Another
    /// chunk size is another split: checkpoints and shards of one are
    /// refused by the other.
    ///
    /// ```
    /// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
    /// let big = JoinPlan::new(13).unwrap();
    /// let small = JoinPlan::with_chunk(13, 4 << 10).unwrap();
    /// assert!(small.units() > big.units());
    /// assert_ne!(small.describe(), big.describe());
    /// let all: Vec<usize> = (0..small.units()).collect();
    /// let c = count_join_units(&small, &all, &CountOptions::default(), &|_, _, _| Ok(())).unwrap();
    /// assert_eq!(c.total, 73_712);
    /// ```
    pub fn with_chunk(n: usize, chunk_bytes: u64) -> Result<JoinPlan, Error> {
        JoinPlan::build(n, chunk_bytes, 1)
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(hetman::queens::count::JoinPlan::new(9).unwrap().n(), 9);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// The chunk size it was made with ([`JoinPlan::with_chunk`]).
    ///
    /// ```
    /// use hetman::queens::count::{JoinPlan, DEFAULT_CHUNK_BYTES};
    /// assert_eq!(JoinPlan::new(9).unwrap().chunk_bytes(), DEFAULT_CHUNK_BYTES);
    /// ```
    #[must_use]
    pub fn chunk_bytes(&self) -> u64 {
        self.chunk_bytes
    }

    /// The same plan making at most `halves` halves of a side at once
    /// ([`MAX_SIDE_HALVES`] by default): less memory, for a node that has
    /// little, and more time making halves again. The units and the counts
    /// are the same: it is not part of the split.
    ///
    /// ```
    /// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
    /// let plan = JoinPlan::new(12).unwrap().with_side_halves(16);
    /// let all: Vec<usize> = (0..plan.units()).collect();
    /// let c = count_join_units(&plan, &all, &CountOptions::default(), &|_, _, _| Ok(())).unwrap();
    /// assert_eq!(c.total, 14_200);
    /// ```
    #[must_use]
    pub fn with_side_halves(mut self, halves: u64) -> JoinPlan {
        self.side_halves = halves.max(1);
        self
    }

    /// The number of units.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// let plan = JoinPlan::new(10).unwrap();
    /// let sets: usize = (0..plan.units()).map(|u| plan.rank_sets_of(u)).sum();
    /// assert_eq!(sets, plan.rank_sets());
    /// ```
    #[must_use]
    pub fn units(&self) -> usize {
        self.spans.len()
    }

    /// The number of rank sets, over all units.
    ///
    /// ```
    /// assert!(hetman::queens::count::JoinPlan::new(10).unwrap().rank_sets() > 10);
    /// ```
    #[must_use]
    pub fn rank_sets(&self) -> usize {
        self.jobs.len()
    }

    /// The number of rank sets in unit `u` (1 for a piece of one).
    ///
    /// ```
    /// assert!(hetman::queens::count::JoinPlan::new(10).unwrap().rank_sets_of(0) >= 1);
    /// ```
    #[must_use]
    pub fn rank_sets_of(&self, u: usize) -> usize {
        self.spans[u].end - self.spans[u].start
    }

    /// The number of whole rank sets in unit `u`: 0 for a piece of one but
    /// its first (so that the pieces of a rank set count it once).
    fn whole_rank_sets_of(&self, u: usize) -> usize {
        let span = self.spans[u];
        if span.is_later_piece() {
            0
        } else {
            span.end - span.start
        }
    }

    fn unit(&self, u: usize) -> &[Job] {
        let span = self.spans[u];
        &self.jobs[span.start..span.end]
    }

    /// The four cells a rank set needs: the north and south parts of its
    /// west half and of its east half.
    fn cells_of(&self, job: &Job) -> [cells::Key; 4] {
        let free = low(self.n) & !job.middle().map_or(0, |r| 1u64 << r);
        let (sn, ss) = self.geo.cut(job.ranks());
        let (cn, cs) = self.geo.cut(free & !job.ranks());
        [
            (job.middle(), Side::North, sn),
            (job.middle(), Side::South, ss),
            (job.middle(), Side::North, cn),
            (job.middle(), Side::South, cs),
        ]
    }

    /// The units, written out one per line (middle rank, first rank set,
    /// rank sets): what a split's identity is a hash of.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// assert_ne!(JoinPlan::new(9).unwrap().describe(), JoinPlan::new(10).unwrap().describe());
    /// ```
    #[must_use]
    pub fn describe(&self) -> String {
        let mut text = String::new();
        self.describe_to(&mut text);
        text
    }

    /// [`JoinPlan::describe`], written into `text`.
    pub(crate) fn describe_to(&self, text: &mut dyn std::fmt::Write) {
        let _ = writeln!(
            text,
            "hetman-join n={} units={} chunk={}",
            self.n,
            self.units(),
            self.chunk_bytes
        );
        if self.shards > 1 {
            // Finer units: each line also names its piece and side.
            let _ = writeln!(text, "cut for {} shards", self.shards);
        }
        for (u, span) in self.spans.iter().enumerate() {
            let jobs = self.unit(u);
            let _ = write!(
                text,
                "{} {:x} {}",
                jobs[0].middle().map_or(-1, |m| m as i64),
                jobs[0].ranks(),
                jobs.len()
            );
            // One side cut: as before both sides could be.
            for (side, piece) in [('w', span.west), ('e', span.east)] {
                if piece.of > 1 {
                    let _ = write!(text, " {side}{}/{}", piece.index, piece.of);
                }
            }
            let _ = writeln!(text);
        }
    }

    /// Each rank set's estimated cost.
    fn job_costs(&self) -> &[JobCost] {
        self.job_costs
            .get_or_init(|| Arc::new(cost::job_costs(&self.geo, &self.census, &self.jobs)))
    }

    /// The estimated cost of each unit, in arbitrary units proportional to
    /// time, from the sizes of the west and east halves of its rank sets.
    /// (`threads` is kept for callers; the figures come from the plan's
    /// census of the quarter placements.)
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// let plan = JoinPlan::new(12).unwrap();
    /// let costs = plan.costs(1);
    /// assert_eq!(costs.len(), plan.units());
    /// assert!(costs.iter().all(|&c| c > 0));
    /// ```
    pub fn costs(&self, threads: usize) -> &[u64] {
        let _ = threads;
        self.costs.get_or_init(|| {
            let costs = self.job_costs();
            self.spans.iter().map(|&s| span_cost(costs, s)).collect()
        })
    }
}

/// Counts all solutions of N queens (N from [`HALVES_MIN_N`] to
/// [`HALVES_MAX_N`]) by the half-board join, on `options.threads` threads.
///
/// ```
/// use hetman::queens::count::{count_halves, CountOptions};
/// let c = count_halves(10, &CountOptions::default()).unwrap();
/// assert_eq!(c.total, 724);
/// ```
pub fn count_halves(n: usize, options: &CountOptions<'_>) -> Result<HalvesCount, Error> {
    let plan = JoinPlan::new(n)?;
    let all: Vec<usize> = (0..plan.units()).collect();
    count_join_units(&plan, &all, options, &|_, _, _| Ok(()))
}

/// Bytes a count of N queens by the join holds on two threads, about (see
/// [`super::memory_bytes`]): the plans' own figures up to N = 23
/// (`examples/join_plan.rs`), then two default chunks and the rank sets'
/// halves, growing about fourfold per step.
pub(super) fn memory_bytes(n: usize) -> u64 {
    const MIB: u64 = 1 << 20;
    // Figures from JoinPlan::memory_bytes on two threads.
    const FIGURES: [u64; 16] = [
        13, 13, 13, 13, 13, 13, 13, 13, 16, 19, 32, 45, 142, 197, 976, 1_230,
    ];
    match n {
        ..HALVES_MIN_N => FIGURES[0] * MIB,
        HALVES_MIN_N..=23 => FIGURES[n - HALVES_MIN_N] * MIB,
        _ => (2 * DEFAULT_CHUNK_BYTES + (500 * MIB) * 4u64.pow((n - 23) as u32) / 4).min(1 << 40),
    }
}

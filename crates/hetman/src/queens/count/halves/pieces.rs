//! Cutting a [`JoinPlan`]'s rank sets into units for K shards: consecutive
//! rank sets while they fit a unit's share of the estimated cost, and a rank
//! set that costs more cut into pieces of its larger side, or of both
//! ([`Piece`]).

use super::census::Census;
use super::cost::{on_every_core, JobCost};
use super::jobs::Job;
use super::tables::{Geometry, Piece, Side};
use super::{
    low, JoinPlan, Span, DEFAULT_CHUNK_BYTES, MIN_UNIT_JOBS, TARGET_UNITS, UNITS_PER_SHARD,
};
use crate::Error;
use std::sync::{Arc, OnceLock};

impl JoinPlan {
    /// The units for N queens to be dealt into `shards` shards: the default
    /// units ([`JoinPlan::new`]) when there are at least
    /// [`UNITS_PER_SHARD`] of them per shard, else finer ones of about equal
    /// estimated cost, [`UNITS_PER_SHARD`] per shard; a rank set that costs
    /// more than one unit's share is cut into pieces (its larger side's
    /// halves shared out by the file sets of its north quarter), so that a
    /// shard can be made as small as wanted. The finer units are another
    /// split: [`JoinPlan::describe`] lists them.
    ///
    /// ```
    /// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
    /// let plan = JoinPlan::new(12).unwrap();
    /// let fine = JoinPlan::for_shards(12, 2_000).unwrap();
    /// assert!(fine.units() > 4 * plan.rank_sets());
    /// let all: Vec<usize> = (0..fine.units()).collect();
    /// let c = count_join_units(&fine, &all, &CountOptions::default(), &|_, _, _| Ok(())).unwrap();
    /// assert_eq!(c.total, 14_200);
    /// ```
    pub fn for_shards(n: usize, shards: usize) -> Result<JoinPlan, Error> {
        JoinPlan::build(n, DEFAULT_CHUNK_BYTES, shards.max(1))
    }

    /// The same rank sets cut into units for `shards` shards, as
    /// [`JoinPlan::for_shards`] cuts them (the rank sets, census and costs
    /// shared, not made again).
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// let plan = JoinPlan::new(13).unwrap();
    /// let fine = plan.cut_for_shards(500);
    /// assert_eq!(fine.describe(), JoinPlan::for_shards(13, 500).unwrap().describe());
    /// ```
    #[must_use]
    pub fn cut_for_shards(&self, shards: usize) -> JoinPlan {
        let per_unit = (self.jobs.len() / TARGET_UNITS).max(MIN_UNIT_JOBS);
        let (mut spans, mut segment) = (Vec::new(), Vec::new());
        for (s, &(mut at, end)) in self.segments.iter().enumerate() {
            while at < end {
                let next = (at + per_unit).min(end);
                spans.push(Span::whole(at, next));
                segment.push(s);
                at = next;
            }
        }
        let target = shards.max(1).saturating_mul(UNITS_PER_SHARD);
        let fine = shards > 1 && spans.len() < target;
        if fine {
            let costs = self.job_costs();
            (spans, segment) = cut_by_cost(
                &self.segments,
                &self.jobs,
                costs,
                &self.census,
                &self.geo,
                target,
            );
        }
        self.with_spans(spans, segment, if fine { shards } else { 1 })
    }

    /// The same rank sets, census and costs with other units.
    fn with_spans(&self, spans: Vec<Span>, segment: Vec<usize>, shards: usize) -> JoinPlan {
        let job_costs = OnceLock::new();
        if let Some(c) = self.job_costs.get() {
            let _ = job_costs.set(Arc::clone(c));
        }
        JoinPlan {
            n: self.n,
            geo: self.geo,
            jobs: Arc::clone(&self.jobs),
            segments: self.segments.clone(),
            spans,
            chunk_bytes: self.chunk_bytes,
            shards,
            segment,
            segment_bytes: self.segment_bytes.clone(),
            segment_south_bytes: self.segment_south_bytes.clone(),
            census: Arc::clone(&self.census),
            census_seconds: self.census_seconds,
            job_costs,
            costs: OnceLock::new(),
            side_halves: self.side_halves,
        }
    }

    /// The units `units` of this plan (one shard's) cut again into about
    /// `parts` units of about equal estimated cost, as a plan of those units
    /// alone: runs of whole rank sets into shorter runs, a rank set that
    /// costs more than a part into pieces, and a piece into finer pieces
    /// (every `m`-th of its file sets). Every rank set of the
    /// given units is counted once over the new ones; the others are in
    /// none. A shard of a split into more than [`MAX_SHARDS`] shards is one
    /// of these cut from a shard of a coarser split ([`Split::join_fine`]).
    ///
    /// [`MAX_SHARDS`]: crate::queens::count::MAX_SHARDS
    /// [`Split::join_fine`]: crate::queens::count::Split::join_fine
    ///
    /// ```
    /// use hetman::queens::count::{count_join_units, CountOptions, JoinPlan};
    /// let plan = JoinPlan::for_shards(12, 4).unwrap();
    /// let fine = plan.refine(&[0, 1, 2], 40);
    /// assert!(fine.units() > 3);
    /// let count = |p: &JoinPlan, units: &[usize]| {
    ///     count_join_units(p, units, &CountOptions::default(), &|_, _, _| Ok(())).unwrap().total
    /// };
    /// let all: Vec<usize> = (0..fine.units()).collect();
    /// assert_eq!(count(&fine, &all), count(&plan, &[0, 1, 2]));
    /// ```
    #[must_use]
    pub fn refine(&self, units: &[usize], parts: usize) -> JoinPlan {
        let (mut spans, mut segment) = (Vec::new(), Vec::new());
        self.refine_into(units, parts, &mut spans, &mut segment);
        self.with_spans(spans, segment, parts.max(1))
    }

    /// The number of units [`JoinPlan::refine`] makes of each of `groups`
    /// into `parts`, added up, without keeping them, on `threads` threads.
    pub(crate) fn refined_units(&self, groups: &[&[usize]], parts: usize, threads: usize) -> usize {
        // N = 28 into 16,000,000 shards: a million groups, seconds of CPU.
        let sums = on_every_core(threads, groups, 1024, &|run| {
            let (mut spans, mut segment) = (Vec::new(), Vec::new());
            let mut sum = 0;
            for units in run {
                spans.clear();
                segment.clear();
                self.refine_into(units, parts, &mut spans, &mut segment);
                sum += spans.len();
            }
            vec![sum]
        });
        sums.into_iter().sum()
    }

    fn refine_into(
        &self,
        units: &[usize],
        parts: usize,
        spans: &mut Vec<Span>,
        segment: &mut Vec<usize>,
    ) {
        let costs = self.job_costs();
        let total: u64 = units.iter().map(|&u| span_cost(costs, self.spans[u])).sum();
        let limit = total.div_ceil(parts.max(1) as u64).max(1);
        for &u in units {
            let span = self.spans[u];
            let s = self.segment[u];
            if span.is_piece() {
                let c = costs[span.start].piece(span.west, span.east);
                if c.cost() > limit {
                    let (most_west, most_east) =
                        most_pieces(&self.jobs, span.start, &self.census, &self.geo);
                    // At most one finer piece per file set of the piece.
                    let left = |most: u64, p: Piece| {
                        most.saturating_sub(u64::from(p.index))
                            .div_ceil(u64::from(p.of.max(1)))
                            .max(1)
                    };
                    let (a, b) = pieces_of(
                        c,
                        limit,
                        left(most_west, span.west),
                        left(most_east, span.east),
                    );
                    for i in 0..a {
                        for j in 0..b {
                            spans.push(Span {
                                west: span.west.sub(i, a),
                                east: span.east.sub(j, b),
                                ..span
                            });
                        }
                    }
                } else {
                    spans.push(span);
                }
                segment.resize(spans.len(), s);
            } else {
                cut_run(
                    spans,
                    segment,
                    (s, span.start, span.end),
                    &self.jobs,
                    costs,
                    &self.census,
                    &self.geo,
                    limit,
                );
            }
        }
    }

    /// The number of shards the plan was cut for ([`JoinPlan::for_shards`]),
    /// or 1 for the default units.
    ///
    /// ```
    /// use hetman::queens::count::JoinPlan;
    /// assert_eq!(JoinPlan::new(10).unwrap().cut_for(), 1);
    /// assert_eq!(JoinPlan::for_shards(10, 100).unwrap().cut_for(), 100);
    /// ```
    #[must_use]
    pub fn cut_for(&self) -> usize {
        self.shards
    }
}

/// The estimated cost of a unit (see [`JobCost::cost`]).
pub(super) fn span_cost(costs: &[JobCost], span: Span) -> u64 {
    costs[span.start..span.end]
        .iter()
        .map(|c| c.piece(span.west, span.east).cost())
        .sum()
}

/// Pieces a rank set is cut into at most: the file sets of a north cell are
/// fewer than this from N = 20 on.
const MAX_PIECES: u64 = 4096;

/// The pieces of the west and the east side a rank set of cost `c` (over
/// `limit`) is cut into, at most `max_west` and `max_east` (the file sets of
/// each side's north cell): its larger side into as many as the cost asks
/// for, as long as that brings a piece within `limit`; else both sides, the
/// fewest pieces in all that do (at most [`MAX_PIECES`] in all), or the
/// cheapest pieces within that many when none does.
fn pieces_of(c: JobCost, limit: u64, max_west: u64, max_east: u64) -> (u32, u32) {
    let cost = |a: u64, b: u64| {
        c.piece(
            Piece {
                index: 0,
                of: a as u32,
            },
            Piece {
                index: 0,
                of: b as u32,
            },
        )
        .cost()
    };
    let east = c.east > c.west;
    let (max_larger, max_smaller) = if east {
        (max_east, max_west)
    } else {
        (max_west, max_east)
    };
    let ordered = |larger: u64, smaller: u64| {
        let (a, b) = if east {
            (smaller, larger)
        } else {
            (larger, smaller)
        };
        (a as u32, b as u32)
    };
    // The larger side alone, as many pieces as the cost asks for.
    let of = c.cost().div_ceil(limit).min(max_larger);
    let (a, b) = ordered(of, 1);
    if cost(u64::from(a), u64::from(b)) <= limit || max_smaller == 1 {
        return (a, b);
    }
    // Both sides: for each number of pieces of the smaller side (growing
    // by about half), the fewest of the larger side that bring a piece
    // within `limit`.
    let mut best: Option<(u64, u64, u64)> = None; // (pieces, larger, smaller)
    let mut cheapest = (u64::MAX, 1, 1); // (cost, larger, smaller)
    let mut smaller = 1u64;
    while smaller <= max_smaller {
        let most = (MAX_PIECES / smaller).min(max_larger).max(1);
        let at = |larger: u64| {
            let (a, b) = ordered(larger, smaller);
            cost(u64::from(a), u64::from(b))
        };
        // The cost falls as the pieces grow: the first that fits.
        let (mut lo, mut hi) = (1, most);
        if at(hi) <= limit {
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if at(mid) <= limit {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            if best.is_none_or(|b| lo * smaller < b.0) {
                best = Some((lo * smaller, lo, smaller));
            }
        } else if at(most) < cheapest.0 {
            cheapest = (at(most), most, smaller);
        }
        smaller = (smaller + smaller.div_ceil(2)).max(smaller + 1);
    }
    match best {
        Some((_, larger, smaller)) => ordered(larger, smaller),
        None => ordered(cheapest.1, cheapest.2),
    }
}

/// The units of the rank set `at` cut into pieces (see [`pieces_of`]).
fn push_pieces(spans: &mut Vec<Span>, at: usize, (a, b): (u32, u32)) {
    for i in 0..a {
        for j in 0..b {
            spans.push(Span {
                start: at,
                end: at + 1,
                west: Piece { index: i, of: a },
                east: Piece { index: j, of: b },
            });
        }
    }
}

/// The file sets of the north cells of rank set `at`'s two sides: at most
/// as many pieces as those, of each side.
fn most_pieces(jobs: &[Job], at: usize, census: &Census, geo: &Geometry) -> (u64, u64) {
    let job = jobs[at];
    let free = low(geo.n) & !job.middle().map_or(0, |r| 1u64 << r);
    let files = |ranks: u64| {
        let (north, _) = geo.cut(ranks);
        (census.side(Side::North)[north as usize].len().max(1) as u64).min(MAX_PIECES)
    };
    (files(job.ranks()), files(free & !job.ranks()))
}

/// Cuts each segment's rank sets into units of about `1/target` of the
/// whole estimated cost: consecutive rank sets while they fit, and a rank
/// set that costs more cut into pieces of its larger side, or of both sides
/// where the smaller side whole is more than a unit's share (at most one
/// piece per file set of a side's north cell, as the census counts them:
/// [`pieces_of`]).
fn cut_by_cost(
    segments: &[(usize, usize)],
    jobs: &[Job],
    costs: &[JobCost],
    census: &Census,
    geo: &Geometry,
    target: usize,
) -> (Vec<Span>, Vec<usize>) {
    let total: u64 = costs.iter().map(JobCost::cost).sum();
    let limit = total.div_ceil(target.max(1) as u64).max(1);
    let (mut spans, mut segment) = (Vec::new(), Vec::new());
    for (s, &(at, end)) in segments.iter().enumerate() {
        cut_run(
            &mut spans,
            &mut segment,
            (s, at, end),
            jobs,
            costs,
            census,
            geo,
            limit,
        );
    }
    (spans, segment)
}

/// Cuts the rank sets `at..end` of segment `s` into units of at most
/// `limit` (see [`cut_by_cost`]), pushed with their segment.
#[allow(clippy::too_many_arguments)]
fn cut_run(
    spans: &mut Vec<Span>,
    segment: &mut Vec<usize>,
    (s, mut at, end): (usize, usize, usize),
    jobs: &[Job],
    costs: &[JobCost],
    census: &Census,
    geo: &Geometry,
    limit: u64,
) {
    while at < end {
        let c = costs[at];
        if c.cost() > limit {
            let (max_west, max_east) = most_pieces(jobs, at, census, geo);
            let before = spans.len();
            push_pieces(spans, at, pieces_of(c, limit, max_west, max_east));
            segment.resize(spans.len(), s);
            debug_assert!(spans.len() > before);
            at += 1;
            continue;
        }
        let first = at;
        let mut sum = 0;
        while at < end && sum + costs[at].cost() <= limit {
            sum += costs[at].cost();
            at += 1;
        }
        spans.push(Span::whole(first, at));
        segment.push(s);
    }
}

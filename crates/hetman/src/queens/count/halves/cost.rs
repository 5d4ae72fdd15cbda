//! Estimated costs of the join's rank sets, for sharing them out: from the
//! number of west and east halves each would make, before the diagonals
//! inside the half and the middle queen's are checked.

use super::super::run_workers;
use super::jobs::Job;
use super::low;
use super::matcher::BLOCK;
use super::sieve::{BUCKET, MAX_CUTS, MIN_PROBES};
use super::tables::{Census, Geometry, Piece};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// What a rank set is expected to cost, from the sizes of its two sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct JobCost {
    /// West halves, before the diagonals inside the half are checked.
    pub west: u64,
    /// East halves, the same way.
    pub east: u64,
    /// Pairs the matcher is expected to look at: the stored side in whole
    /// blocks times the probes, times 3/4 for each cut of the sieve.
    pub pairs: u64,
}

impl JobCost {
    /// Halves made, split and stored: the work that grows with the sides.
    pub fn halves(&self) -> u64 {
        self.west + self.east
    }

    /// The cost of one piece of the rank set: `piece.of` pieces of the
    /// east side (`east`) or of the west side, each matched against the
    /// whole of the other side, which is made again for each piece.
    pub fn piece(&self, piece: Piece, east: bool) -> JobCost {
        let of = u64::from(piece.of.max(1));
        if of == 1 {
            return *self;
        }
        let (west, east) = if east {
            (self.west, self.east.div_ceil(of))
        } else {
            (self.west.div_ceil(of), self.east)
        };
        JobCost {
            west,
            east,
            pairs: self.pairs.div_ceil(of),
        }
    }

    /// The cost in the plan's arbitrary units: the same on every machine,
    /// as the split of the units into shards is made from it.
    pub fn cost(&self) -> u64 {
        8 * self.halves() + self.pairs / 64 + 1
    }
}

/// The estimated cost of every job, in the order given, worked out on every
/// core (in runs of consecutive jobs, which share their south cells).
pub(super) fn job_costs(geo: &Geometry, census: &Census, jobs: &[Job]) -> Vec<JobCost> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let runs: Vec<&[Job]> = jobs.chunks(4096).collect();
    let out: Vec<Mutex<Vec<JobCost>>> = runs.iter().map(|_| Mutex::default()).collect();
    let next = AtomicUsize::new(0);
    run_workers(threads.min(runs.len()).max(1), &|| loop {
        let at = next.fetch_add(1, Ordering::Relaxed);
        let Some(run) = runs.get(at) else { break };
        let costs = run_costs(geo, census, run);
        *out[at].lock().unwrap_or_else(PoisonError::into_inner) = costs;
    });
    out.into_iter()
        .flat_map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
        .collect()
}

/// The estimated costs of a run of jobs, on this thread.
fn run_costs(geo: &Geometry, census: &Census, jobs: &[Job]) -> Vec<JobCost> {
    let n = geo.n;
    let north = &census.north;
    let south = &census.south;
    let north_height = geo.north_height;
    let full = low(geo.width) as u32;
    // Each south cell spread out by file set, for the last few south parts.
    let mut dense: HashMap<u32, Vec<u64>> = HashMap::new();
    let mut west = |ranks: u64| -> u64 {
        let ss = (ranks >> north_height) as u32;
        if !dense.contains_key(&ss) && dense.len() >= 64 {
            dense.clear();
        }
        let d = dense.entry(ss).or_insert_with(|| {
            let mut d = vec![0u64; full as usize + 1];
            for &(f, c) in &south[ss as usize] {
                d[f as usize] = c;
            }
            d
        });
        north[(ranks & low(north_height)) as usize]
            .iter()
            .map(|&(f, c)| c * d[(full & !f) as usize])
            .sum()
    };
    jobs.iter()
        .map(|job| {
            let free = low(n) & !job.middle.map_or(0, |r| 1u64 << r);
            let (w, e) = (west(job.ranks), west(free & !job.ranks));
            let (stored, probes) = (w.max(e), w.min(e));
            // As the sieve splits: each cut leaves about 3/4 of the pairs.
            let mut k = 0;
            while k < MAX_CUTS && stored >> k >= BUCKET as u64 && probes >= MIN_PROBES as u64 {
                k += 1;
            }
            let pairs = stored.div_ceil(BLOCK as u64) * BLOCK as u64 * probes;
            let pairs = (pairs as f64 * 0.75f64.powi(k as i32)) as u64;
            JobCost {
                west: w,
                east: e,
                pairs,
            }
        })
        .collect()
}

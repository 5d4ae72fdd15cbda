//! Choosing and running a queens counting engine, for `queens count`,
//! `compare` and `list`: the `--algorithm` values, the refusal of runs that
//! would take too long or need too much memory, and the fast engine's run
//! with the shared stop flag and progress renderer.

use crate::common::long_run::{install_ctrlc, memory_budget, Progress, STOP};
use crate::common::output;
use anyhow::Result;
use clap::ValueEnum;
use hetman::queens::count::Engine;
use hetman::queens::{self, Algorithm, QueensCount};
use std::time::{Duration, Instant};

/// Seconds above which brute force and permutations refuse to start.
const PLACEMENT_LIMIT_SECONDS: f64 = 90.0;
/// Seconds above which the backtracking searches refuse to start without --force.
const SEARCH_LIMIT_SECONDS: f64 = 3600.0;

/// `--algorithm` of the queens searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Every placement with one queen per file (N^N), each checked pair by pair; N up to 15.
    BruteForce,
    /// One queen per file and rank (N!), diagonals checked; N up to 20.
    Permutations,
    /// The seeds' recursive test(c) with the row, up and down arrays; N up to 64.
    Backtracking,
    /// The same search on bit masks, with mirror symmetry; N up to 32.
    Bitboard,
    /// The fastest engine the project has, on every core; N up to 28.
    Fast,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(a: AlgorithmArg) -> Self {
        match a {
            AlgorithmArg::BruteForce => Algorithm::BruteForce,
            AlgorithmArg::Permutations => Algorithm::Permutations,
            AlgorithmArg::Backtracking => Algorithm::Backtracking,
            AlgorithmArg::Bitboard => Algorithm::Bitboard,
            AlgorithmArg::Fast => Algorithm::Fast,
        }
    }
}

/// Why an algorithm will not take N, if it will not: beyond its range, more
/// memory than the machine has, or an estimate above the limit on `threads`
/// cores (only the fast engine uses more than one).
pub fn refusal(algorithm: Algorithm, n: usize, force: bool, threads: usize) -> Option<String> {
    refusal_within(algorithm, n, force, threads, memory_budget(None))
}

/// [`refusal`] with a memory budget (see `memory_budget`).
pub fn refusal_within(
    algorithm: Algorithm,
    n: usize,
    force: bool,
    threads: usize,
    budget: Option<(u64, &'static str)>,
) -> Option<String> {
    let name = algorithm.name();
    if n > algorithm.max_n() {
        return Some(format!(
            "N = {n} is beyond the {name} algorithm, which takes N from 1 to {}",
            algorithm.max_n()
        ));
    }
    let cores = if algorithm == Algorithm::Fast {
        threads.max(1)
    } else {
        1
    };
    if algorithm == Algorithm::Fast {
        let need = queens::count::memory_bytes(n);
        if let Some((have, how)) = budget
            && need > have
        {
            return Some(format!(
                "the fast engine would need about {} MiB for N = {n}, more than the {} MiB {how}",
                need >> 20,
                have >> 20
            ));
        }
    }
    let est = algorithm.estimate(n);
    let seconds = est.seconds / cores as f64;
    let on = if cores == 1 {
        "one core".to_string()
    } else {
        format!("{cores} cores")
    };
    match est.work {
        Some(work) if seconds > PLACEMENT_LIMIT_SECONDS && !force => Some(format!(
            "{name} would examine {} placements for N = {n}, about {} on {on}; it refuses \
             more than about a minute (use a faster --algorithm, or --force)",
            output::group_f64(work),
            output::seconds(seconds)
        )),
        None if seconds > SEARCH_LIMIT_SECONDS && !force => Some(format!(
            "{name} would take about {} on {on} for N = {n}; it refuses runs estimated \
             above an hour (add --force to start anyway)",
            output::seconds(seconds)
        )),
        _ => None,
    }
}

/// The fast engine's work units and the method it used.
pub type FastUnits = (usize, Engine);

/// Counts with the chosen algorithm. The fast engine runs on `threads`, stops
/// on Ctrl-C, and shows its progress when `progress` is set and the run lasts
/// over a second.
pub fn run_count(
    n: usize,
    algorithm: Algorithm,
    threads: usize,
    progress: bool,
    budget: Option<(u64, &'static str)>,
) -> Result<(QueensCount, Duration, Option<FastUnits>)> {
    let start = Instant::now();
    let mut units = None;
    let counts = if algorithm == Algorithm::Fast {
        let c = with_fast_options(threads, progress, budget, |opts| {
            queens::count::count_full(n, opts)
        })?;
        units = Some((c.units, c.engine));
        QueensCount {
            total: c.total,
            unique: c.unique,
            work: c.nodes,
        }
    } else {
        queens::count(n, algorithm)?
    };
    Ok((counts, start.elapsed(), units))
}

/// Runs `f` with the fast engine's options: `threads`, Ctrl-C setting the
/// stop flag, (when `progress` is set) the progress renderer, and the memory
/// budget (see `memory_budget`), whose refusal names `--max-memory`.
pub fn with_fast_options<T>(
    threads: usize,
    progress: bool,
    budget: Option<(u64, &'static str)>,
    f: impl FnOnce(&queens::count::CountOptions<'_>) -> Result<T, hetman::Error>,
) -> Result<T, hetman::Error> {
    let bar = Progress::new(progress);
    let report = |p: queens::count::Progress| {
        bar.update(p.cost_done, p.cost, || {
            format!("{}/{} units", p.units_done, p.units)
        });
    };
    install_ctrlc();
    let opts = queens::count::CountOptions {
        threads,
        stop: Some(&STOP),
        progress: Some(&report),
        max_memory: budget.map(|b| b.0),
    };
    match f(&opts) {
        Err(hetman::Error::TooLarge { reason }) if reason.contains("memory budget") => {
            let how = budget.map_or("", |b| b.1);
            Err(hetman::Error::TooLarge {
                reason: format!(
                    "{reason} ({how}); give it more with --max-memory SIZE, or split the count \
                     with --shard I/K"
                ),
            })
        }
        other => other,
    }
}

//! N-Queens: placements, checking, symmetry, the seeds' searches and counting.
//!
//! - [`count()`](fn@count), [`solve`], [`list`] and [`check()`](fn@check):
//!   the number of solutions ([`QueensCount`]), one solution, every
//!   solution, and checking a placement ([`CheckReport`]).
//! - [`count`](mod@count): the fast engine, with resumable and sharded counts;
//!   [`complete`]: completing a partial placement; [`search`]: the seeds'
//!   searches one by one.
//!
//! # Example
//! ```
//! use hetman::queens::{count, Algorithm};
//! let c = count(8, Algorithm::Backtracking).unwrap();
//! assert_eq!((c.total, c.unique, c.work), (92, 12, 1965));
//! ```

mod canon;
mod check;
pub mod complete;
pub mod construct;
pub mod count;
pub mod minconflicts;
mod placement;
pub mod search;

pub use check::{check, check_listing, Attack, CheckReport, Line};
pub use placement::{Placement, MAX_N as MAX_PLACEMENT_N};

use crate::Error;
use canon::Canon;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// The N-Queens algorithms, from the seeds' slowest to the project's fastest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Every placement with one queen per file, N^N of them, each checked pair by pair.
    BruteForce,
    /// One queen per file and rank: N! placements.
    Permutations,
    /// The Polish seeds' `test(c)` with the `row`, `up` and `down` arrays.
    Backtracking,
    /// The same search on bit masks, with mirror symmetry when counting.
    Bitboard,
    /// The fastest engine the project has (the default).
    Fast,
}

impl Algorithm {
    /// Every algorithm, slowest first.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::BruteForce,
        Algorithm::Permutations,
        Algorithm::Backtracking,
        Algorithm::Bitboard,
        Algorithm::Fast,
    ];

    /// The name used on the command line.
    ///
    /// ```
    /// assert_eq!(hetman::queens::Algorithm::BruteForce.name(), "brute-force");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::BruteForce => "brute-force",
            Algorithm::Permutations => "permutations",
            Algorithm::Backtracking => "backtracking",
            Algorithm::Bitboard => "bitboard",
            Algorithm::Fast => "fast",
        }
    }

    /// What the algorithm's work figure counts.
    ///
    /// ```
    /// assert_eq!(hetman::queens::Algorithm::Backtracking.work_unit(), "calls of test");
    /// ```
    #[must_use]
    pub const fn work_unit(self) -> &'static str {
        match self {
            Algorithm::BruteForce | Algorithm::Permutations => "placements",
            Algorithm::Backtracking => "calls of test",
            Algorithm::Bitboard => "nodes",
            Algorithm::Fast => count::WORK_UNIT,
        }
    }

    /// What the algorithm's work figure counts for N queens: the fast engine
    /// reports half boards or search nodes depending on the method it uses
    /// for N ([`count::Engine::for_n`]).
    ///
    /// ```
    /// use hetman::queens::Algorithm;
    /// assert_eq!(Algorithm::Fast.work_unit_for(16), "west halves matched");
    /// assert_eq!(Algorithm::Fast.work_unit_for(5), "nodes");
    /// assert_eq!(Algorithm::Bitboard.work_unit_for(16), "nodes");
    /// ```
    #[must_use]
    pub fn work_unit_for(self, n: usize) -> &'static str {
        match self {
            Algorithm::Fast => count::Engine::for_n(n).work(),
            _ => self.work_unit(),
        }
    }

    /// The largest N the algorithm can represent at all.
    ///
    /// ```
    /// assert_eq!(hetman::queens::Algorithm::Bitboard.max_n(), 32);
    /// ```
    #[must_use]
    pub const fn max_n(self) -> usize {
        match self {
            Algorithm::BruteForce => search::brute_force::MAX_N,
            Algorithm::Permutations => search::permutations::MAX_N,
            Algorithm::Backtracking => search::backtracking::MAX_N,
            Algorithm::Bitboard => search::bitboard::MAX_N,
            Algorithm::Fast => count::MAX_N,
        }
    }

    /// A rough estimate of the work and single-thread time to count N queens
    /// on a machine like the project's reference machine.
    ///
    /// Brute force and permutations examine N^N and N! placements; the
    /// backtracking searches grow with the number of solutions, which rises by
    /// a factor of about 0.4·N − 0.3 from N − 1 to N for N ≥ 12 (fitted to
    /// OEIS A000170), from a time measured at N = 16.
    ///
    /// ```
    /// use hetman::queens::Algorithm;
    /// let e = Algorithm::BruteForce.estimate(8);
    /// assert_eq!(e.work, Some(16_777_216.0));
    /// assert!(Algorithm::Backtracking.estimate(30).seconds > 1e9);
    /// ```
    #[must_use]
    pub fn estimate(self, n: usize) -> Estimate {
        // Seconds at N = 16 (or per placement and pair), measured with
        // `hetman queens compare` in a release build on the reference machine
        // (2 cores, 2026-11): brute force 1.1 s at N = 8, permutations 0.45 s at
        // N = 11, backtracking 2.1 s and bitboard 0.13 s at N = 14.
        let growth = |n: usize, at16: f64| {
            let mut t = at16;
            if n >= 16 {
                for k in 17..=n {
                    t *= 0.4 * k as f64 - 0.3;
                }
            } else {
                for k in (n + 1..=16).rev() {
                    t /= (0.4 * k as f64 - 0.3).max(2.0);
                }
            }
            t
        };
        match self {
            Algorithm::BruteForce => {
                let w = search::brute_force::work(n);
                Estimate {
                    work: Some(w),
                    seconds: w * (n * n) as f64 * 0.8e-9,
                }
            }
            Algorithm::Permutations => {
                let w = search::permutations::work(n);
                Estimate {
                    work: Some(w),
                    seconds: w * n as f64 * 1.05e-9,
                }
            }
            Algorithm::Backtracking => Estimate {
                work: None,
                seconds: growth(n, 72.0),
            },
            Algorithm::Bitboard => Estimate {
                work: None,
                seconds: growth(n, 4.5),
            },
            Algorithm::Fast => Estimate {
                work: None,
                seconds: count::estimate_seconds(n),
            },
        }
    }
}

/// What [`Algorithm::estimate`] expects a count to cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Placements to examine, where the algorithm's work is known in advance.
    pub work: Option<f64>,
    /// Expected single-thread seconds.
    pub seconds: f64,
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "unknown algorithm '{s}': expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// Solutions counted, and the work it took: what [`count()`](fn@count) returns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueensCount {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Solutions distinct under rotations and reflections (OEIS A002562).
    pub unique: u64,
    /// The algorithm's work, in its own unit ([`Algorithm::work_unit`]).
    pub work: u64,
}

fn check_n(n: usize, algorithm: Algorithm) -> Result<(), Error> {
    if n == 0 || n > algorithm.max_n() {
        return Err(Error::Size {
            value: n.to_string(),
            reason: format!(
                "the {} algorithm takes N from 1 to {}",
                algorithm.name(),
                algorithm.max_n()
            ),
        });
    }
    Ok(())
}

fn run_search(n: usize, algorithm: Algorithm, visit: &mut search::Visitor<'_>) -> u64 {
    match algorithm {
        Algorithm::BruteForce => search::brute_force::search(n, visit),
        Algorithm::Permutations => search::permutations::search(n, visit),
        Algorithm::Backtracking => search::backtracking::search(n, visit),
        Algorithm::Bitboard | Algorithm::Fast => search::bitboard::search(n, visit),
    }
}

/// Counts the solutions for N queens, total and unique, with the chosen algorithm.
///
/// Brute force, permutations and backtracking walk every solution and test each
/// for being the smallest of its eight images; bitboard does the same with mirror
/// symmetry; the fast engine is described in [`count`](mod@count).
///
/// # Example
/// ```
/// use hetman::queens::{count, Algorithm};
/// for a in Algorithm::ALL {
///     let c = count(6, a).unwrap();
///     assert_eq!((c.total, c.unique), (4, 1));
/// }
/// assert_eq!(count(8, Algorithm::Permutations).unwrap().work, 40_320);
/// ```
pub fn count(n: usize, algorithm: Algorithm) -> Result<QueensCount, Error> {
    check_n(n, algorithm)?;
    match algorithm {
        Algorithm::Bitboard => {
            let c = search::bitboard::count(n);
            Ok(QueensCount {
                total: c.total,
                unique: c.unique,
                work: c.nodes,
            })
        }
        Algorithm::Fast => count::count(n, &count::CountOptions::default()),
        _ => {
            let mut canon = Canon::default();
            let (mut total, mut unique) = (0, 0);
            let work = run_search(n, algorithm, &mut |ranks| {
                total += 1;
                unique += u64::from(canon.is_canonical(ranks));
                ControlFlow::Continue(())
            });
            Ok(QueensCount {
                total,
                unique,
                work,
            })
        }
    }
}

/// One solution for N queens, for any N from 1 to [`MAX_PLACEMENT_N`]
/// (there is none for N = 2 and 3), built in time linear in N by the
/// explicit construction ([`construct`]); checked before it is returned.
///
/// ```
/// use hetman::queens::solve;
/// let p = solve(8).unwrap();
/// assert!(p.is_solution());
/// assert_eq!(solve(1_000).unwrap().n(), 1_000);
/// assert!(solve(3).is_err());
/// ```
pub fn solve(n: usize) -> Result<Placement, Error> {
    let p = construct::solution(n)?;
    if !p.is_solution() {
        return Err(Error::placement(format!(
            "the construction for N = {n} failed the checker"
        )));
    }
    Ok(p)
}

/// Hands every solution for N queens to `visit`, in lexicographic order of the
/// code, until `visit` breaks; returns the search nodes. The bitboard search:
/// [`for_each_solution`] takes the algorithm, [`for_each_unique`] gives one
/// solution of each symmetry class.
///
/// # Example
/// ```
/// use hetman::queens;
/// use std::ops::ControlFlow;
/// let mut first = None;
/// let mut n = 0;
/// queens::list(8, |p| {
///     first.get_or_insert_with(|| p.to_string());
///     n += 1;
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert_eq!((first.as_deref(), n), (Some("1 5 8 6 3 7 2 4"), 92));
/// ```
pub fn list<F>(n: usize, visit: F) -> Result<u64, Error>
where
    F: FnMut(&Placement) -> ControlFlow<()>,
{
    for_each_solution(n, Algorithm::Bitboard, visit)
}

/// Hands every solution for N queens to `visit`, in lexicographic order of the
/// code, until `visit` breaks. Returns the work done.
///
/// The fast engine only counts; asked to enumerate it uses the bitboard search.
///
/// # Example
/// ```
/// use hetman::queens::{for_each_solution, Algorithm};
/// use std::ops::ControlFlow;
/// let mut codes = Vec::new();
/// for_each_solution(4, Algorithm::Backtracking, |p| {
///     codes.push(p.to_string());
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert_eq!(codes, ["2 4 1 3", "3 1 4 2"]);
/// ```
pub fn for_each_solution<F>(n: usize, algorithm: Algorithm, mut visit: F) -> Result<u64, Error>
where
    F: FnMut(&Placement) -> ControlFlow<()>,
{
    check_n(n, algorithm)?;
    Ok(run_search(n, algorithm, &mut |ranks| {
        visit(&Placement::from_ranks_unchecked(ranks))
    }))
}

/// Hands one representative of each symmetry class to `visit`, with the class
/// size (8, 4 or 2; 1 for N = 1): the solution whose code is the smallest of its
/// eight images. Returns the work done.
///
/// # Example
/// ```
/// use hetman::queens::{for_each_unique, Algorithm};
/// use std::ops::ControlFlow;
/// let mut sizes = Vec::new();
/// for_each_unique(8, Algorithm::Bitboard, |_, size| {
///     sizes.push(size);
///     ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert_eq!(sizes.len(), 12);
/// assert_eq!(sizes.iter().filter(|&&s| s == 4).count(), 1);
/// assert_eq!(sizes.iter().sum::<usize>(), 92);
/// ```
pub fn for_each_unique<F>(n: usize, algorithm: Algorithm, mut visit: F) -> Result<u64, Error>
where
    F: FnMut(&Placement, usize) -> ControlFlow<()>,
{
    check_n(n, algorithm)?;
    let mut canon = Canon::default();
    Ok(run_search(
        n,
        algorithm,
        &mut |ranks| match canon.canonical_fixed(ranks) {
            Some(fixed) => visit(&Placement::from_ranks_unchecked(ranks), 8 / fixed as usize),
            None => ControlFlow::Continue(()),
        },
    ))
}

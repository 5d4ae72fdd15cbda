//! Random solutions by local search: min-conflicts on permutations.
//!
//! The queens always form a permutation (one per file and one per rank), so
//! only diagonals can conflict, and a move swaps the ranks of two queens. This
//! is the scheme of R. Sosič and J. Gu (*Efficient local search with conflict
//! minimization: a case study of the n-queens problem*, IEEE TKDE 6(5), 1994):
//!
//! 1. **Greedy start.** File by file, swap in a random rank from the ones not
//!    yet used until the queen has a free diagonal pair, giving up on a file
//!    after a bounded number of tries; nearly all queens land conflict-free.
//! 2. **Repair (min-conflicts).** While some queen is attacked, take one and
//!    try swapping it with a sample of random other queens; make the swap that
//!    lowers the number of attacking pairs most (a sideways move when none
//!    lowers it). A run that stalls starts again from a fresh greedy start.
//!
//! Both phases cost O(1) per try with a count per diagonal, so the whole
//! search runs in about linear time: a million queens in well under a second.
//!
//! Randomness comes from PCG (`rand_pcg::Pcg64`, seeded with
//! `seed_from_u64`) and an integer range reduction written here (Lemire's
//! multiply-and-reject), so one seed gives the same solution on every platform
//! and in every version of this crate that keeps this algorithm.
//!
//! # Example
//! ```
//! use hetman::queens::minconflicts;
//! let a = minconflicts::solve(1000, 7).unwrap();
//! assert!(a.placement.is_solution());
//! assert_eq!(a.placement, minconflicts::solve(1000, 7).unwrap().placement);
//! ```

use super::Placement;
use crate::Error;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

/// Partners tried for one attacked queen in one repair step.
const SAMPLE: usize = 32;
/// Greedy-start tries for one file before it takes whatever rank it has.
const GREEDY_TRIES: usize = 40;

/// A solution found by [`solve`], and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The solution (checked before it is returned).
    pub placement: Placement,
    /// Swaps made in the repair phase, over all runs.
    pub swaps: u64,
    /// Fresh starts after a run stalled (0 for most N and seeds).
    pub restarts: u32,
}

/// A uniform integer in `0..bound` (`bound > 0`), by Lemire's
/// multiply-and-reject, from 64-bit PCG output.
#[inline]
fn below(rng: &mut Pcg64, bound: usize) -> usize {
    let s = bound as u64;
    let mut m = u128::from(rng.next_u64()) * u128::from(s);
    if (m as u64) < s {
        let t = s.wrapping_neg() % s;
        while (m as u64) < t {
            m = u128::from(rng.next_u64()) * u128::from(s);
        }
    }
    (m >> 64) as usize
}

/// A board the repair steps work on: queens numbered `0..m`, any two of
/// which can swap ranks.
pub(super) trait Swaps {
    /// Whether queen `i` is attacked (or otherwise costs something).
    fn attacked(&self, i: usize) -> bool;
    /// Swaps the ranks of queens `i` and `j`; returns the change in cost.
    fn swap(&mut self, i: usize, j: usize) -> i64;
}

/// One repair step on a board of `m` queens: an attacked queen at random
/// from `worklist` (a stale entry is dropped instead), swapped with the best
/// of [`SAMPLE`] random partners unless that raises the cost; a partner left
/// attacked joins the worklist. Returns the change in cost of the swap made.
pub(super) fn repair_step<B: Swaps>(
    b: &mut B,
    m: usize,
    worklist: &mut Vec<usize>,
    rng: &mut Pcg64,
    below: fn(&mut Pcg64, usize) -> usize,
) -> Option<i64> {
    let k = below(rng, worklist.len());
    let i = worklist[k];
    if !b.attacked(i) {
        worklist.swap_remove(k);
        return None;
    }
    let mut best = (i64::MAX, i);
    for _ in 0..SAMPLE {
        let j = below(rng, m);
        if j == i {
            continue;
        }
        let delta = b.swap(i, j);
        b.swap(i, j);
        if delta < best.0 {
            best = (delta, j);
        }
    }
    let (delta, j) = best;
    if delta > 0 || j == i {
        return None;
    }
    let made = b.swap(i, j);
    if b.attacked(j) {
        worklist.push(j);
    }
    Some(made)
}

struct Board {
    n: usize,
    perm: Vec<u32>,
    /// Queens on each diagonal `f + n - 1 - r`.
    down: Vec<u32>,
    /// Queens on each anti-diagonal `f + r`.
    up: Vec<u32>,
}

impl Board {
    #[inline]
    fn lines(&self, f: usize, r: u32) -> (usize, usize) {
        (f + self.n - 1 - r as usize, f + r as usize)
    }

    /// Removes the queen (f, r) from the counts; returns the attacking pairs it was in.
    #[inline]
    fn remove(&mut self, f: usize, r: u32) -> i64 {
        let (d, a) = self.lines(f, r);
        self.down[d] -= 1;
        self.up[a] -= 1;
        i64::from(self.down[d]) + i64::from(self.up[a])
    }

    /// Adds the queen (f, r) to the counts; returns the attacking pairs it makes.
    #[inline]
    fn add(&mut self, f: usize, r: u32) -> i64 {
        let (d, a) = self.lines(f, r);
        let c = i64::from(self.down[d]) + i64::from(self.up[a]);
        self.down[d] += 1;
        self.up[a] += 1;
        c
    }

    /// The greedy start: returns the attacking pairs left.
    fn start(&mut self, rng: &mut Pcg64) -> i64 {
        let n = self.n;
        for (r, p) in self.perm.iter_mut().enumerate() {
            *p = r as u32;
        }
        self.down.fill(0);
        self.up.fill(0);
        let mut pairs = 0;
        for i in 0..n {
            let mut placed = false;
            for _ in 0..GREEDY_TRIES {
                let m = i + below(rng, n - i);
                let (d, a) = self.lines(i, self.perm[m]);
                if self.down[d] == 0 && self.up[a] == 0 {
                    self.perm.swap(i, m);
                    placed = true;
                    break;
                }
            }
            if !placed {
                let m = i + below(rng, n - i);
                self.perm.swap(i, m);
            }
            pairs += self.add(i, self.perm[i]);
        }
        pairs
    }

    /// The repair phase: returns the swaps made, or `None` if it stalled.
    fn repair(
        &mut self,
        mut pairs: i64,
        rng: &mut Pcg64,
        worklist: &mut Vec<usize>,
    ) -> Option<u64> {
        let n = self.n;
        worklist.clear();
        worklist.extend((0..n).filter(|&f| self.attacked(f)));
        let max_steps = 20 * n as u64 + 100;
        let mut steps = 0u64;
        let mut swaps = 0u64;
        while pairs > 0 {
            steps += 1;
            if steps > max_steps {
                return None;
            }
            if worklist.is_empty() {
                return None;
            }
            // An attacked queen, at random from the worklist (stale entries dropped).
            if let Some(delta) = repair_step(self, n, worklist, rng, below) {
                pairs += delta;
                swaps += 1;
            }
        }
        Some(swaps)
    }
}

impl Swaps for Board {
    #[inline]
    fn attacked(&self, f: usize) -> bool {
        let (d, a) = self.lines(f, self.perm[f]);
        self.down[d] > 1 || self.up[a] > 1
    }

    /// Swaps the ranks of files i and j; returns the change in attacking pairs.
    #[inline]
    fn swap(&mut self, i: usize, j: usize) -> i64 {
        let (ri, rj) = (self.perm[i], self.perm[j]);
        let mut delta = -self.remove(i, ri);
        delta -= self.remove(j, rj);
        delta += self.add(i, rj);
        delta += self.add(j, ri);
        self.perm.swap(i, j);
        delta
    }
}

/// Finds a random solution for N queens from `seed`: the same seed gives the same solution.
///
/// # Errors
/// [`Error::Size`] for N = 0, 2, 3 (no solution) or above
/// [`MAX_PLACEMENT_N`](super::MAX_PLACEMENT_N).
///
/// # Example
/// ```
/// use hetman::queens::minconflicts::solve;
/// let s = solve(8, 1).unwrap();
/// assert!(s.placement.is_solution());
/// assert!(solve(3, 1).is_err());
/// ```
pub fn solve(n: usize, seed: u64) -> Result<Solved, Error> {
    if n == 0 || n > super::MAX_PLACEMENT_N {
        return Err(Error::Size {
            value: n.to_string(),
            reason: format!("N must be from 1 to {}", super::MAX_PLACEMENT_N),
        });
    }
    if let Some(why) = super::construct::no_solution_reason(n) {
        return Err(Error::Size {
            value: n.to_string(),
            reason: format!("{n} queens have no solution: {why}"),
        });
    }
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut board = Board {
        n,
        perm: vec![0; n],
        down: vec![0; 2 * n],
        up: vec![0; 2 * n],
    };
    let mut worklist = Vec::new();
    let mut swaps = 0;
    let mut restarts = 0;
    loop {
        let pairs = board.start(&mut rng);
        match board.repair(pairs, &mut rng, &mut worklist) {
            Some(s) => {
                swaps += s;
                break;
            }
            None => restarts += 1,
        }
    }
    let placement = Placement::from_ranks(board.perm)?;
    // The search keeps its own counts; the library's checker has the last word.
    if !placement.is_solution() {
        return Err(Error::placement(format!(
            "internal error: min-conflicts for N = {n}, seed {seed} ended on a non-solution"
        )));
    }
    Ok(Solved {
        placement,
        swaps,
        restarts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = Pcg64::seed_from_u64(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[below(&mut rng, 7)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn small_n_all_seeds() {
        for n in (1..40).filter(|&n| n != 2 && n != 3) {
            for seed in 0..20 {
                assert!(solve(n, seed).unwrap().placement.is_solution());
            }
        }
    }
}

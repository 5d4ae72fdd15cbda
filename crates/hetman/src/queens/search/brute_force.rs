//! Brute force, as in the Russian seed: every placement with one queen on each
//! file, N^N of them (16,777,216 for N = 8), each checked pair by pair.

use super::{Tally, Visitor};

/// The largest N brute force accepts at all (N^N must fit the work counter).
pub const MAX_N: usize = 15;

/// Counts the pairs of queens that do not attack each other, comparing every
/// pair as the seed does; a solution has all N(N-1)/2.
#[inline]
pub(crate) fn non_attacking_pairs(ranks: &[u32]) -> u32 {
    let mut ok = 0;
    for i in 0..ranks.len() {
        for j in i + 1..ranks.len() {
            let dr = ranks[i].abs_diff(ranks[j]);
            if dr != 0 && dr as usize != j - i {
                ok += 1;
            }
        }
    }
    ok
}

/// Examines all N^N placements in lexicographic order of their code and hands
/// each solution to `visit`. Returns the number of placements examined.
///
/// # Example
/// ```
/// use hetman::queens::search::brute_force;
/// let mut solutions = 0;
/// let work = brute_force::search(6, &mut |_| { solutions += 1; std::ops::ControlFlow::Continue(()) });
/// assert_eq!((solutions, work), (4, 6u64.pow(6)));
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    super::assert_size(n, MAX_N, "brute force");
    let all_pairs = (n * (n - 1) / 2) as u32;
    let mut ranks = vec![0u32; n];
    let mut examined = 0u64;
    loop {
        examined += 1;
        if non_attacking_pairs(&ranks) == all_pairs && visit(&ranks).is_break() {
            return examined;
        }
        if !next_placement(&mut ranks) {
            return examined;
        }
    }
}

/// Steps the nested loops on: the odometer, the last file turns fastest;
/// `false` after the last placement.
#[inline]
pub(crate) fn next_placement(ranks: &mut [u32]) -> bool {
    let n = ranks.len();
    let mut f = n;
    loop {
        if f == 0 {
            return false;
        }
        f -= 1;
        ranks[f] += 1;
        if (ranks[f] as usize) < n {
            return true;
        }
        ranks[f] = 0;
    }
}

/// One step of the brute force, as a trace shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The loops give the next placement.
    Place,
    /// Its non-attacking pairs are counted.
    Score { pairs: u32 },
    /// All pairs are non-attacking: a solution.
    Solution,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Place,
    Score,
    Solution,
    Advance,
    Done,
}

/// The brute force one step at a time, through the same loops and the same
/// score as [`search`].
#[derive(Clone, Debug)]
pub(crate) struct Stepper {
    ranks: Vec<u32>,
    pairs: u32,
    phase: Phase,
}

impl Stepper {
    /// All placements of `n` queens, before the first.
    pub(crate) fn new(n: usize) -> Self {
        super::assert_size(n, MAX_N, "brute force");
        Stepper {
            ranks: vec![0; n],
            pairs: 0,
            phase: Phase::Place,
        }
    }

    /// The placement the loops are at.
    pub(crate) fn ranks(&self) -> &[u32] {
        if self.phase == Phase::Done {
            &[]
        } else {
            &self.ranks
        }
    }

    /// The next step, `None` after the last placement.
    pub(crate) fn step(&mut self) -> Option<Step> {
        loop {
            match self.phase {
                Phase::Place => {
                    self.phase = Phase::Score;
                    return Some(Step::Place);
                }
                Phase::Score => {
                    self.pairs = non_attacking_pairs(&self.ranks);
                    let n = self.ranks.len();
                    self.phase = if self.pairs as usize == n * (n - 1) / 2 {
                        Phase::Solution
                    } else {
                        Phase::Advance
                    };
                    return Some(Step::Score { pairs: self.pairs });
                }
                Phase::Solution => {
                    self.phase = Phase::Advance;
                    return Some(Step::Solution);
                }
                Phase::Advance => {
                    self.phase = if next_placement(&mut self.ranks) {
                        Phase::Place
                    } else {
                        Phase::Done
                    };
                }
                Phase::Done => return None,
            }
        }
    }
}

impl Stepper {
    /// Runs through up to `k` steps as [`step`](Self::step) gives them,
    /// without giving them out, adding them to `tally` (a score is a try);
    /// returns the steps run (fewer than `k` only at the end).
    ///
    /// When two queens on the first `j + 1` files of the placement about to
    /// be given attack each other, so do they in every placement the inner
    /// loops give before file `j` turns: none of them is a solution, each is
    /// two steps (placed, scored), and they are passed at once.
    pub(crate) fn skip(&mut self, k: u64, tally: &mut Tally) -> u64 {
        let n = self.ranks.len() as u64;
        let mut done = 0;
        while done < k {
            if self.phase == Phase::Advance {
                // On to the next placement (no step of its own), so that
                // its block is seen.
                self.phase = if next_placement(&mut self.ranks) {
                    Phase::Place
                } else {
                    Phase::Done
                };
            }
            if self.phase == Phase::Place
                && let Some(j) = first_attack_file(&self.ranks)
            {
                let rest = &mut self.ranks[j + 1..];
                let place = rest.iter().fold(0, |v, &r| v * n + u64::from(r));
                let left = n.pow(rest.len() as u32) - place;
                let budget = (k - done) / 2;
                if budget > 0 {
                    // To the last placement passed, scored, as the steps
                    // leave it: the block's last, or the run's.
                    let passed = left.min(budget);
                    let mut v = place + passed - 1;
                    for r in rest.iter_mut().rev() {
                        *r = (v % n) as u32;
                        v /= n;
                    }
                    self.phase = Phase::Advance;
                    done += 2 * passed;
                    tally.tries += passed;
                    continue;
                }
            }
            match self.step() {
                Some(Step::Place) => {}
                Some(Step::Score { .. }) => tally.tries += 1,
                Some(Step::Solution) => tally.solutions += 1,
                None => break,
            }
            done += 1;
        }
        done
    }
}

/// The first file whose queen attacks a queen on a file before it.
fn first_attack_file(ranks: &[u32]) -> Option<usize> {
    (1..ranks.len()).find(|&j| {
        (0..j).any(|i| {
            let dr = ranks[i].abs_diff(ranks[j]) as usize;
            dr == 0 || dr == j - i
        })
    })
}

/// Placements brute force examines for N: N^N.
///
/// ```
/// assert_eq!(hetman::queens::search::brute_force::work(8), 16_777_216.0);
/// ```
#[must_use]
pub fn work(n: usize) -> f64 {
    (n as f64).powi(n as i32)
}

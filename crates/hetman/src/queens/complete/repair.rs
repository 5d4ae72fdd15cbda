//! Local search around fixed queens: min-conflicts on the free files.
//!
//! The scheme of [`minconflicts`](crate::queens::minconflicts) (R. Sosič and
//! J. Gu, IEEE TKDE 6(5), 1994), with the given queens held fixed: the free
//! files take a permutation of the ranks the given queens leave, so ranks
//! never clash; only diagonals (counted with the given queens on them) and
//! blocked squares do. A greedy start puts nearly every free queen on a
//! square no other queen attacks; the repair swaps the ranks of an attacked
//! free queen and the best of a sample of other free queens. O(1) per try with
//! a count per diagonal, so a million queens with a hundred thousand given
//! take about a second.
//!
//! Local search proves nothing: when it stalls, [`super::Puzzle::solve`]
//! falls back to the exact search.

use super::Puzzle;
use crate::queens::minconflicts::{repair_step, Swaps};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

/// Greedy-start tries for one file before it takes whatever rank it has.
const GREEDY_TRIES: usize = 40;
/// What a queen on a blocked square costs, in attacking pairs.
const BLOCKED: i64 = 4;

#[inline]
fn below(rng: &mut Pcg64, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

struct Board<'a> {
    p: &'a Puzzle,
    n: usize,
    /// The free files, and the rank each has now.
    files: Vec<u32>,
    ranks: Vec<u32>,
    down: Vec<u32>,
    up: Vec<u32>,
}

impl Board<'_> {
    #[inline]
    fn lines(&self, f: u32, r: u32) -> (usize, usize) {
        (
            f as usize + self.n - 1 - r as usize,
            f as usize + r as usize,
        )
    }

    #[inline]
    fn blocked(&self, f: u32, r: u32) -> i64 {
        if self.p.is_blocked(f, r) {
            BLOCKED
        } else {
            0
        }
    }

    #[inline]
    fn remove(&mut self, f: u32, r: u32) -> i64 {
        let (d, a) = self.lines(f, r);
        self.down[d] -= 1;
        self.up[a] -= 1;
        i64::from(self.down[d]) + i64::from(self.up[a]) + self.blocked(f, r)
    }

    #[inline]
    fn add(&mut self, f: u32, r: u32) -> i64 {
        let (d, a) = self.lines(f, r);
        let c = i64::from(self.down[d]) + i64::from(self.up[a]) + self.blocked(f, r);
        self.down[d] += 1;
        self.up[a] += 1;
        c
    }
}

impl Swaps for Board<'_> {
    #[inline]
    fn attacked(&self, i: usize) -> bool {
        let (f, r) = (self.files[i], self.ranks[i]);
        let (d, a) = self.lines(f, r);
        self.down[d] > 1 || self.up[a] > 1 || self.blocked(f, r) != 0
    }

    /// Swaps the ranks of free files i and j; returns the change in cost.
    #[inline]
    fn swap(&mut self, i: usize, j: usize) -> i64 {
        let (fi, fj) = (self.files[i], self.files[j]);
        let (ri, rj) = (self.ranks[i], self.ranks[j]);
        let mut delta = -self.remove(fi, ri);
        delta -= self.remove(fj, rj);
        delta += self.add(fi, rj);
        delta += self.add(fj, ri);
        self.ranks.swap(i, j);
        delta
    }
}

/// What the local search did.
pub(super) struct Repaired {
    pub(super) ranks: Vec<u32>,
    pub(super) swaps: u64,
    pub(super) restarts: u64,
}

/// A completion of `p` (which has no obstacle) by local search, or `None`
/// if `tries` runs all stalled.
pub(super) fn repair(p: &Puzzle, seed: u64, tries: u32) -> Option<Repaired> {
    let n = p.n();
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut used = vec![false; n];
    let mut files = Vec::new();
    let mut full = vec![0u32; n];
    let mut down = vec![0u32; 2 * n - 1];
    let mut up = vec![0u32; 2 * n - 1];
    for f in 0..n {
        match p.given_rank(f) {
            Some(r) => {
                used[r as usize] = true;
                full[f] = r;
                down[f + n - 1 - r as usize] += 1;
                up[f + r as usize] += 1;
            }
            None => files.push(f as u32),
        }
    }
    let pool: Vec<u32> = (0..n as u32).filter(|&r| !used[r as usize]).collect();
    drop(used);
    let (down0, up0) = (down, up);
    let mut b = Board {
        p,
        n,
        ranks: pool.clone(),
        files,
        down: down0.clone(),
        up: up0.clone(),
    };
    let m = b.files.len();
    let mut swaps = 0;
    let mut worklist = Vec::new();
    for attempt in 0..tries {
        b.ranks.copy_from_slice(&pool);
        b.down.copy_from_slice(&down0);
        b.up.copy_from_slice(&up0);
        // Greedy start.
        let mut cost = 0i64;
        for i in 0..m {
            let f = b.files[i];
            let mut placed = false;
            for _ in 0..GREEDY_TRIES {
                let k = i + below(&mut rng, m - i);
                let (d, a) = b.lines(f, b.ranks[k]);
                if b.down[d] == 0 && b.up[a] == 0 && !p.is_blocked(f, b.ranks[k]) {
                    b.ranks.swap(i, k);
                    placed = true;
                    break;
                }
            }
            if !placed {
                let k = i + below(&mut rng, m - i);
                b.ranks.swap(i, k);
            }
            cost += b.add(f, b.ranks[i]);
        }
        // Repair.
        worklist.clear();
        worklist.extend((0..m).filter(|&i| b.attacked(i)));
        let max_steps = 40 * m as u64 + 1000;
        let mut steps = 0u64;
        while cost > 0 && steps < max_steps && m > 1 {
            steps += 1;
            if worklist.is_empty() {
                // A conflict whose queens left the list: look again.
                worklist.extend((0..m).filter(|&i| b.attacked(i)));
                if worklist.is_empty() {
                    break;
                }
            }
            if let Some(delta) = repair_step(&mut b, m, &mut worklist, &mut rng, below) {
                cost += delta;
                swaps += 1;
            }
        }
        if cost == 0 {
            for (i, &f) in b.files.iter().enumerate() {
                full[f as usize] = b.ranks[i];
            }
            return Some(Repaired {
                ranks: full,
                swaps,
                restarts: u64::from(attempt),
            });
        }
    }
    None
}

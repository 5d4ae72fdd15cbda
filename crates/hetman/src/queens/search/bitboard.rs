//! The seeds' backtracking on bit masks: the free ranks of a file are one word,
//! `!(ranks | rising | falling)`, and moving to the next file shifts the two
//! diagonal masks by one (the classic bitwise formulation; see also the
//! comments in OEIS A000170).

use super::Visitor;
use crate::queens::canon::Canon;
use std::ops::ControlFlow;

/// The largest N the bitboard search accepts (one bit per rank in a `u32`).
pub const MAX_N: usize = 32;

struct Walk<'v, 'a> {
    n: usize,
    full: u32,
    ranks: Vec<u32>,
    nodes: u64,
    visit: &'v mut Visitor<'a>,
}

impl Walk<'_, '_> {
    fn place(&mut self, file: usize, taken: u32, rising: u32, falling: u32) -> ControlFlow<()> {
        self.nodes += 1;
        let mut free = self.full & !(taken | rising | falling);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.ranks[file] = bit.trailing_zeros();
            if file + 1 == self.n {
                (self.visit)(&self.ranks)?;
            } else {
                self.place(
                    file + 1,
                    taken | bit,
                    (rising | bit) << 1,
                    (falling | bit) >> 1,
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn full_mask(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// Walks every solution in lexicographic order, handing each to `visit`.
/// Returns the number of nodes (calls of the placing function, the first included),
/// the same count as the seed's calls of `test`.
///
/// # Example
/// ```
/// use hetman::queens::search::bitboard;
/// let mut first = None;
/// bitboard::search(8, &mut |ranks| {
///     first = Some(ranks.to_vec());
///     std::ops::ControlFlow::Break(())
/// });
/// assert_eq!(first.unwrap(), vec![0, 4, 7, 5, 2, 6, 1, 3]); // 1 5 8 6 3 7 2 4
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    assert!(
        (1..=MAX_N).contains(&n),
        "the bitboard search takes N from 1 to {MAX_N}"
    );
    let mut walk = Walk {
        n,
        full: full_mask(n),
        ranks: vec![0; n],
        nodes: 0,
        visit,
    };
    let _ = walk.place(0, 0, 0, 0);
    walk.nodes
}

/// Totals found by [`count`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitboardCount {
    /// All solutions.
    pub total: u64,
    /// Solutions distinct under the eight symmetries.
    pub unique: u64,
    /// Nodes searched.
    pub nodes: u64,
}

struct Counter {
    n: usize,
    full: u32,
    ranks: Vec<u32>,
    mirror: Vec<u32>,
    canon: Canon,
    /// Solutions found in this branch of the search, and how many of the
    /// solutions they stand for are canonical.
    found: u64,
    canonical: u64,
    nodes: u64,
    /// Whether each solution found stands for itself and its top-bottom mirror.
    doubled: bool,
}

impl Counter {
    fn place(&mut self, file: usize, taken: u32, rising: u32, falling: u32) {
        self.nodes += 1;
        let mut free = self.full & !(taken | rising | falling);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.ranks[file] = bit.trailing_zeros();
            if file + 1 == self.n {
                self.solution();
            } else {
                self.place(
                    file + 1,
                    taken | bit,
                    (rising | bit) << 1,
                    (falling | bit) >> 1,
                );
            }
        }
    }

    fn solution(&mut self) {
        self.found += 1;
        self.canonical += u64::from(self.canon.is_canonical(&self.ranks));
        if self.doubled {
            let m = self.n as u32 - 1;
            for (d, &r) in self.mirror.iter_mut().zip(&self.ranks) {
                *d = m - r;
            }
            self.canonical += u64::from(self.canon.is_canonical(&self.mirror));
        }
    }
}

/// Counts all solutions and the unique ones, searching only the boards whose
/// first queen is in the lower half of file `a` and doubling (the top-bottom
/// mirror image of a solution is another solution, never the same one for N > 1).
/// Each solution found is tested for being the smallest of its eight images.
///
/// # Example
/// ```
/// let c = hetman::queens::search::bitboard::count(8);
/// assert_eq!((c.total, c.unique), (92, 12));
/// ```
#[must_use]
pub fn count(n: usize) -> BitboardCount {
    assert!(
        (1..=MAX_N).contains(&n),
        "the bitboard search takes N from 1 to {MAX_N}"
    );
    let mut c = Counter {
        n,
        full: full_mask(n),
        ranks: vec![0; n],
        mirror: vec![0; n],
        canon: Canon::default(),
        found: 0,
        canonical: 0,
        nodes: 1,
        doubled: true,
    };
    if n == 1 {
        return BitboardCount {
            total: 1,
            unique: 1,
            nodes: 1,
        };
    }
    let mut total = 0;
    for r in 0..n.div_ceil(2) {
        let bit = 1u32 << r;
        c.ranks[0] = r as u32;
        c.doubled = 2 * r + 1 != n;
        c.found = 0;
        c.place(1, bit, bit << 1, bit >> 1);
        total += if c.doubled { 2 * c.found } else { c.found };
    }
    BitboardCount {
        total,
        unique: c.canonical,
        nodes: c.nodes,
    }
}

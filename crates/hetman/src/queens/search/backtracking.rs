//! Backtracking as the Polish seeds write it.
//!
//! `test(c)` tries each row of column `c` in turn; `possible` asks three boolean
//! arrays in O(1): `row[r]` (the row is free), `up[r + c]` and `down[r - c + N]`
//! (the two diagonals through the square are free); `put` marks them and
//! `remove` clears them again. Here columns are the board's files and rows its
//! ranks. For N = 8 `test` is called 1965 times, the first call included, and
//! finds 92 solutions.

use super::Visitor;
use std::ops::ControlFlow;

/// The largest N the seed's backtracking accepts.
pub const MAX_N: usize = 64;

struct Seed<'v, 'a> {
    n: usize,
    /// `row[r]`: no queen on row (rank) r yet.
    row: Vec<bool>,
    /// `up[r + c]`: no queen on that rising diagonal yet.
    up: Vec<bool>,
    /// `down[r - c + N]`: no queen on that falling diagonal yet.
    down: Vec<bool>,
    /// The code: the row of the queen in each column placed so far.
    code: Vec<u32>,
    calls: u64,
    visit: &'v mut Visitor<'a>,
}

impl Seed<'_, '_> {
    #[inline]
    fn possible(&self, r: usize, c: usize) -> bool {
        self.row[r] && self.up[r + c] && self.down[r + self.n - c]
    }

    #[inline]
    fn put(&mut self, r: usize, c: usize) {
        self.row[r] = false;
        self.up[r + c] = false;
        self.down[r + self.n - c] = false;
        self.code[c] = r as u32;
    }

    #[inline]
    fn remove(&mut self, r: usize, c: usize) {
        self.row[r] = true;
        self.up[r + c] = true;
        self.down[r + self.n - c] = true;
    }

    /// The seed's `test(c)`: place a queen in column `c` in every possible way.
    fn test(&mut self, c: usize) -> ControlFlow<()> {
        self.calls += 1;
        for r in 0..self.n {
            if self.possible(r, c) {
                self.put(r, c);
                let flow = if c + 1 == self.n {
                    (self.visit)(&self.code)
                } else {
                    self.test(c + 1)
                };
                self.remove(r, c);
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Runs the seed's backtracking, handing each solution to `visit` in
/// lexicographic order. Returns the number of calls of `test`, the first included.
///
/// # Example
/// ```
/// use hetman::queens::search::backtracking;
/// let mut solutions = 0;
/// let calls = backtracking::search(8, &mut |_| { solutions += 1; std::ops::ControlFlow::Continue(()) });
/// assert_eq!((solutions, calls), (92, 1965));
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    assert!(
        (1..=MAX_N).contains(&n),
        "backtracking takes N from 1 to {MAX_N}"
    );
    let mut seed = Seed {
        n,
        row: vec![true; n],
        up: vec![true; 2 * n],
        down: vec![true; 2 * n + 1],
        code: vec![0; n],
        calls: 0,
        visit,
    };
    let _ = seed.test(0);
    seed.calls
}

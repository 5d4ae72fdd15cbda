//! The bitmask engine for N ≤ 64: one `u64` of allowed ranks per file, the
//! diagonals in two `u128`s, the bitboard backtracking of
//! [`search::bitboard`](crate::queens::search::bitboard).
//!
//! It branches on files only (the file with the fewest free ranks, or the
//! files in order for a listing in lexicographic order) and checks little
//! ahead (only, when choosing the file with the fewest, that every rank
//! without a queen is still free on some open file), so it has the least
//! work per node of any engine here: the fastest
//! on small boards and loosely constrained puzzles, and slow on heavily
//! blocked boards, where [`super::exact`] (ranks and files, forced moves, a
//! matching check) prunes far more.

use super::Puzzle;
use std::ops::ControlFlow;

/// The largest N of this engine: one bit per rank in a `u64`.
pub(super) const MAX_N: usize = 64;

/// The search state: queens placed so far on ranks and diagonals.
#[derive(Clone, Copy)]
struct State {
    ranks: u64,
    /// Diagonal `f + n - 1 - r` taken.
    down: u128,
    /// Anti-diagonal `f + r` taken.
    up: u128,
}

/// A puzzle with N ≤ 64, ready to search.
pub(super) struct Small {
    n: usize,
    ranks: [u32; MAX_N],
    state: State,
    allowed: [u64; MAX_N],
    open: u64,
    /// Nodes (queens placed by the search).
    pub(super) nodes: u64,
}

impl Small {
    /// The search for `p`, or `None` if the given queens already clash.
    pub(super) fn new(p: &Puzzle) -> Option<Self> {
        debug_assert!(p.n() <= MAX_N);
        if p.obstacle().is_some() {
            return None;
        }
        let n = p.n();
        let mut s = Small {
            n,
            ranks: [0; MAX_N],
            state: State {
                ranks: 0,
                down: 0,
                up: 0,
            },
            allowed: [0; MAX_N],
            open: 0,
            nodes: 0,
        };
        let mut blocked = [0u64; MAX_N];
        for (f, r) in p.blocked_pairs() {
            blocked[f as usize] |= 1 << r;
        }
        for (f, &blocked) in blocked.iter().enumerate().take(n) {
            match p.given_rank(f) {
                Some(r) => {
                    s.ranks[f] = r;
                    s.state = s.put(s.state, f, r);
                }
                None => {
                    s.allowed[f] = s.full() & !blocked;
                    s.open |= 1 << f;
                }
            }
        }
        Some(s)
    }

    fn full(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1 << self.n) - 1
        }
    }

    #[inline]
    fn put(&self, s: State, f: usize, r: u32) -> State {
        State {
            ranks: s.ranks | 1 << r,
            down: s.down | 1 << (f + self.n - 1 - r as usize),
            up: s.up | 1 << (f + r as usize),
        }
    }

    /// The ranks still free on file `f`.
    #[inline]
    fn free(&self, s: State, f: usize) -> u64 {
        let full = self.full();
        let up = (s.up >> f) as u64 & full;
        // Bit k of (down >> f) is the diagonal of rank n - 1 - k: reverse the low n bits.
        let down = ((s.down >> f) as u64).reverse_bits() >> (64 - self.n);
        self.allowed[f] & !s.ranks & !up & !down
    }

    /// Every completion, the most constrained file first; `visit` gets the ranks.
    pub(super) fn most_constrained(
        &mut self,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.walk(self.state, self.open, true, visit)
    }

    /// Every completion in lexicographic order of the code (files in order).
    pub(super) fn in_order(
        &mut self,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.walk(self.state, self.open, false, visit)
    }

    /// The file to branch on among the `open` ones: the one with the fewest
    /// free ranks (`fewest`), else the first; with its free ranks. With
    /// `fewest`, when every open file was looked at and some rank still
    /// without a queen is free on none of them, no completion exists: the
    /// file comes back with no ranks, and the branch ends here (an empty or
    /// fully attacked rank costs one node, not a search of the files).
    #[inline]
    fn choose(&self, s: State, open: u64, fewest: bool) -> (usize, u64) {
        if !fewest {
            let f = open.trailing_zeros() as usize;
            return (f, self.free(s, f));
        }
        let (mut best_f, mut best_free, mut best_pop) = (0, 0, u32::MAX);
        let mut cover = 0u64;
        let mut rest = open;
        while rest != 0 {
            let f = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let free = self.free(s, f);
            cover |= free;
            let pop = free.count_ones();
            if pop < best_pop {
                (best_f, best_free, best_pop) = (f, free, pop);
                if pop <= 1 {
                    return (best_f, best_free);
                }
            }
        }
        if cover != self.full() & !s.ranks {
            return (best_f, 0);
        }
        (best_f, best_free)
    }

    fn walk(
        &mut self,
        s: State,
        open: u64,
        fewest: bool,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if open == 0 {
            return visit(&self.ranks[..self.n]);
        }
        let (f, mut free) = self.choose(s, open, fewest);
        while free != 0 {
            let r = free.trailing_zeros();
            free &= free - 1;
            self.ranks[f] = r;
            self.nodes += 1;
            let next = self.put(s, f, r);
            self.walk(next, open & !(1 << f), fewest, visit)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn free_masks_match_a_direct_check() {
        let mut p = Puzzle::new(7).unwrap();
        p.give(Square::new(2, 3)).unwrap();
        p.give(Square::new(5, 1)).unwrap();
        let s = Small::new(&p).unwrap();
        for f in [0usize, 1, 3, 4, 6] {
            let free = s.free(s.state, f);
            for r in 0..7u32 {
                let attacked = p.given_squares().any(|q| {
                    q.rank() == r
                        || (q.file() as usize).abs_diff(f) == q.rank().abs_diff(r) as usize
                });
                assert_eq!(free >> r & 1 == 0, attacked, "file {f} rank {r}");
            }
        }
    }

    /// A rank attacked or blocked on every open file ends the search at once:
    /// no node is placed (before, N = 20 searched for seconds), and the
    /// same puzzle in file order, which does not look ahead, agrees.
    #[test]
    fn a_rank_free_on_no_file_ends_the_search_at_once() {
        for n in [8usize, 20, 64] {
            let mut p = Puzzle::new(n).unwrap();
            p.give(Square::new(0, 0)).unwrap();
            for f in 1..n as u32 {
                if f != 5 {
                    p.block(Square::new(f, 5)).unwrap();
                }
            }
            // File a's queen on rank 1 attacks f6 along the diagonal: rank 6 is dead.
            let mut s = Small::new(&p).unwrap();
            let found = s
                .most_constrained(&mut |_| ControlFlow::Break(()))
                .is_break();
            assert!(!found, "N = {n}");
            assert_eq!(s.nodes, 0, "N = {n}");
            if n == 8 {
                let mut plain = Small::new(&p).unwrap();
                assert!(plain
                    .in_order(&mut |_| ControlFlow::Break(()))
                    .is_continue());
                assert!(plain.nodes > 0);
            }
        }
    }
}

//! What counting the tours from one square will cost, before it starts:
//! the size of the search tree by Knuth's random probes, and the speed of
//! the search timed on a sample of it.

use super::{check_board, unvisited, Solver};
use crate::knight::{start_index, KnightBoard};
use crate::{Error, Square};
use rand_core::{RngCore, SeedableRng};
use std::time::Instant;

impl Solver {
    /// One of Knuth's random probes: a random path down the search tree,
    /// returning the estimate of its size that the path's branching gives.
    fn probe(&self, mut cur: u32, mut u: u64, rng: &mut impl RngCore) -> f64 {
        let (mut nodes, mut weight) = (1.0, 1.0);
        let mut children = Vec::with_capacity(8);
        while u != 0 {
            children.clear();
            let mut cands = self.nbr[cur as usize] & u;
            while cands != 0 {
                let s = cands.trailing_zeros();
                cands &= cands - 1;
                if !self.dead(cur, s, u & !(1u64 << s)) {
                    children.push(s);
                }
            }
            if children.is_empty() {
                break;
            }
            weight *= children.len() as f64;
            nodes += weight;
            cur = children[(rng.next_u64() % children.len() as u64) as usize];
            u &= !(1u64 << cur);
        }
        nodes
    }
}

/// What counting the tours from one square is expected to cost, before it
/// starts: see [`estimate`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountEstimate {
    /// Search nodes, by Knuth's random probes of the search tree (the count
    /// may search fewer, using the board's symmetry).
    pub nodes: f64,
    /// Nodes per second on one thread, timed here on a sample of the search.
    pub nodes_per_second: f64,
    /// Whether the sample finished the whole search (then `nodes` is exact).
    pub exact: bool,
}

impl CountEstimate {
    /// Expected seconds on `threads` threads.
    ///
    /// ```
    /// use hetman::knight::enumerate::CountEstimate;
    /// let e = CountEstimate { nodes: 8e9, nodes_per_second: 4e7, exact: false };
    /// assert_eq!(e.seconds(2), 100.0);
    /// ```
    #[must_use]
    pub fn seconds(&self, threads: usize) -> f64 {
        self.nodes / self.nodes_per_second.max(1.0) / threads.max(1) as f64
    }
}

/// Nodes searched to time the search for [`estimate`].
const TIMED_NODES: u64 = 1 << 21;

/// Estimates the cost of [`count`](super::count) from `start`: the size of its search
/// tree by `probes` of Knuth's random probes (seeded with `seed`), and the
/// speed of the search timed on its first nodes.
///
/// ```
/// use hetman::{BoardSize, knight::{enumerate::estimate, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let small = estimate(&board, "a1".parse().unwrap(), false, 200, 1).unwrap();
/// assert!(small.exact && small.seconds(1) < 1.0);
/// let big = KnightBoard::new(BoardSize::square(8).unwrap()).unwrap();
/// let e = estimate(&big, "a1".parse().unwrap(), false, 200, 1).unwrap();
/// assert!(!e.exact && e.seconds(64) > 3600.0 * 24.0 * 365.0);
/// ```
pub fn estimate(
    board: &KnightBoard,
    start: Square,
    closed: bool,
    probes: u32,
    seed: u64,
) -> Result<CountEstimate, Error> {
    check_board(board)?;
    let s = start_index(board, start)?;
    let u = unvisited(board, s);
    let mut solver = Solver::new(board, s, closed);
    solver.limit = TIMED_NODES;
    let t0 = Instant::now();
    let _ = solver.count(s, u);
    let took = t0.elapsed().as_secs_f64().max(1e-6);
    let exact = solver.nodes < TIMED_NODES;
    let nodes_per_second = solver.nodes as f64 / took;
    if exact {
        return Ok(CountEstimate {
            nodes: solver.nodes as f64,
            nodes_per_second,
            exact,
        });
    }
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let probes = probes.max(1);
    let total: f64 = (0..probes).map(|_| solver.probe(s, u, &mut rng)).sum();
    Ok(CountEstimate {
        nodes: total / f64::from(probes),
        nodes_per_second,
        exact,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuths_probes_estimate_the_search_within_a_quarter() {
        for (w, h, closed) in [(5, 6, false), (5, 5, false), (6, 5, true)] {
            let board = KnightBoard::new(crate::BoardSize::new(w, h).unwrap()).unwrap();
            let s = 0;
            let mut solver = Solver::new(&board, s, closed);
            solver.count(s, unvisited(&board, s));
            let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
            let probes = 20_000;
            let guess: f64 = (0..probes)
                .map(|_| solver.probe(s, unvisited(&board, s), &mut rng))
                .sum::<f64>()
                / f64::from(probes);
            let ratio = guess / solver.nodes as f64;
            assert!(
                (0.75..1.33).contains(&ratio),
                "{w}x{h} closed={closed}: {guess} vs {}",
                solver.nodes
            );
        }
    }
}

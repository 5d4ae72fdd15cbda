//! Work units: constellations of the border queens, and the search that
//! completes one.
//!
//! Every solution has exactly one queen on each of the four border lines (the
//! first and last file, the first and last rank; a corner queen sits on two).
//! Those two to four queens are the solution's *constellation*. The eight
//! symmetries of the board map constellations to constellations and the
//! completions of one to the completions of its image, so the total is
//!
//! ```text
//! total = Σ over constellation classes C of |class of C| × completions(C)
//! ```
//!
//! with one representative per class (takaken's and NQueensFAF's method).
//! Each representative is one work unit; completing it is a bitboard search
//! over the inner files with the border queens' attacks fixed in advance.

use crate::Symmetry;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest N the constellation engine takes: every total up to N = 28
/// fits a `u64` (A000170(28) ≈ 2.7·10^18), and the masks are `u32`.
pub const MAX_N: usize = 28;

/// The queens on the border of the board: where each border line is crossed.
///
/// All values are 0-based. A corner queen appears twice: the queen on file `a`
/// at rank 1 is also the queen on rank 1 at file `a`.
///
/// # Example
/// ```
/// use hetman::queens::count::Border;
/// // 5 8 4 1 7 2 6 3: a5 ... h3; rank 1 has d1, rank 8 has b8.
/// let b = Border { first_file: 4, last_file: 2, first_rank: 3, last_rank: 1 };
/// assert!(b.is_valid(8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Border {
    /// The rank of the queen on the first file (`a`).
    pub first_file: u8,
    /// The rank of the queen on the last file.
    pub last_file: u8,
    /// The file of the queen on the first rank (rank 1).
    pub first_rank: u8,
    /// The file of the queen on the last rank.
    pub last_rank: u8,
}

impl Border {
    /// The distinct border queens as `(file, rank)`, two to four of them.
    fn queens(self, n: usize) -> ([(u32, u32); 4], usize) {
        let m = n as u32 - 1;
        let all = [
            (0, u32::from(self.first_file)),
            (m, u32::from(self.last_file)),
            (u32::from(self.first_rank), 0),
            (u32::from(self.last_rank), m),
        ];
        let mut out = [(0, 0); 4];
        let mut len = 0;
        for q in all {
            if !out[..len].contains(&q) {
                out[len] = q;
                len += 1;
            }
        }
        (out, len)
    }

    /// Whether these border queens can be part of a solution on an `n` × `n`
    /// board: the corners agree and no two of them attack each other.
    ///
    /// ```
    /// use hetman::queens::count::Border;
    /// // a1, e4 and b5: no two attack each other
    /// let fine = Border { first_file: 0, last_file: 3, first_rank: 0, last_rank: 1 };
    /// assert!(fine.is_valid(5));
    /// // a1 and e5 share the long diagonal
    /// let diagonal = Border { first_file: 0, last_file: 4, first_rank: 0, last_rank: 4 };
    /// assert!(!diagonal.is_valid(5));
    /// ```
    #[must_use]
    pub fn is_valid(self, n: usize) -> bool {
        if n == 0 || n > MAX_N {
            return false;
        }
        let m = n as u8 - 1;
        let (ff, lf, fr, lr) = (
            self.first_file,
            self.last_file,
            self.first_rank,
            self.last_rank,
        );
        if ff > m || lf > m || fr > m || lr > m {
            return false;
        }
        // A queen in a corner is on two border lines; both must say so.
        if (ff == 0) != (fr == 0)
            || (ff == m) != (lr == 0)
            || (lf == 0) != (fr == m)
            || (lf == m) != (lr == m)
        {
            return false;
        }
        let (q, len) = self.queens(n);
        for i in 0..len {
            for j in i + 1..len {
                let (a, b) = (q[i], q[j]);
                if a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1) {
                    return false;
                }
            }
        }
        true
    }

    /// The image of these border queens under a symmetry of the board.
    ///
    /// ```
    /// use hetman::queens::count::Border;
    /// use hetman::Symmetry;
    /// let b = Border { first_file: 4, last_file: 2, first_rank: 3, last_rank: 1 };
    /// let r = b.image(Symmetry::Rotate180, 8);
    /// assert_eq!(r, Border { first_file: 5, last_file: 3, first_rank: 6, last_rank: 4 });
    /// ```
    #[must_use]
    pub fn image(self, sym: Symmetry, n: usize) -> Border {
        let (q, len) = self.queens(n);
        let m = n as u32 - 1;
        let mut b = Border {
            first_file: 0,
            last_file: 0,
            first_rank: 0,
            last_rank: 0,
        };
        for &(f, r) in &q[..len] {
            let (f, r) = sym.map(f, r, n as u32);
            if f == 0 {
                b.first_file = r as u8;
            }
            if f == m {
                b.last_file = r as u8;
            }
            if r == 0 {
                b.first_rank = f as u8;
            }
            if r == m {
                b.last_rank = f as u8;
            }
        }
        b
    }

    /// The number of distinct images under the eight symmetries (1, 2, 4 or 8):
    /// the number of constellations this one stands for.
    ///
    /// ```
    /// use hetman::queens::count::Border;
    /// let b = Border { first_file: 4, last_file: 2, first_rank: 3, last_rank: 1 };
    /// assert_eq!(b.class_size(8), 8);
    /// ```
    #[must_use]
    pub fn class_size(self, n: usize) -> u32 {
        let mut images = [self; 8];
        for (img, sym) in images.iter_mut().zip(Symmetry::ALL) {
            *img = self.image(sym, n);
        }
        images.sort_unstable();
        1 + images.windows(2).filter(|w| w[0] != w[1]).count() as u32
    }

    /// The smallest of the eight images (in the order of the fields): the
    /// representative of the class.
    fn canonical(self, n: usize) -> Border {
        Symmetry::ALL
            .into_iter()
            .map(|s| self.image(s, n))
            .min()
            .unwrap_or(self)
    }
}

/// One work unit: a class of constellations, searched through one member.
///
/// # Example
/// ```
/// use hetman::queens::count::Plan;
/// let plan = Plan::new(8).unwrap();
/// let total: u64 = plan
///     .units()
///     .iter()
///     .map(|u| u64::from(u.weight) * u.count(8, None).unwrap().solutions)
///     .sum();
/// assert_eq!(total, 92);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The position of the unit in [`Plan::units`].
    pub index: u32,
    /// The smallest constellation of the class (its identity for checkpoints).
    pub border: Border,
    /// The member of the class that is searched (chosen for a fast search).
    pub searched: Border,
    /// The class size: how many constellations the unit stands for.
    pub weight: u32,
    /// An estimate of the unit's cost, in partial placements of its first
    /// inner files (comparable between units of one N only).
    pub cost: u64,
}

/// What one unit's search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitCount {
    /// Completions of the searched constellation (multiply by the unit's weight).
    pub solutions: u64,
    /// Search nodes: partial placements of the inner files visited.
    pub nodes: u64,
}

impl Unit {
    /// Counts the completions of the unit's constellation. Returns
    /// [`crate::Error::Interrupted`] if `stop` is set during the search.
    ///
    /// ```
    /// use hetman::queens::count::{Border, Plan};
    /// let plan = Plan::new(6).unwrap();
    /// // 6 queens have 4 solutions in one class of 4: one unit of weight 4.
    /// let found: Vec<_> = plan
    ///     .units()
    ///     .iter()
    ///     .map(|u| (u.weight, u.count(6, None).unwrap().solutions))
    ///     .filter(|&(_, s)| s > 0)
    ///     .collect();
    /// assert_eq!(found, [(4, 1)]);
    /// ```
    pub fn count(&self, n: usize, stop: Option<&AtomicBool>) -> Result<UnitCount, crate::Error> {
        let s = Search::new(n, self.searched);
        let never = AtomicBool::new(false);
        let stop = stop.unwrap_or(&never);
        let c = s.run(stop);
        if stop.load(Ordering::Relaxed) {
            return Err(crate::Error::Interrupted);
        }
        Ok(c)
    }
}

/// The work units for one N, in a fixed order: every class of border
/// constellations once, with its weight and estimated cost.
///
/// # Example
/// ```
/// use hetman::queens::count::Plan;
/// let plan = Plan::new(16).unwrap();
/// assert!(plan.units().len() > 1000);
/// assert_eq!(plan.units()[7].index, 7);
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    n: usize,
    units: Vec<Unit>,
}

impl Plan {
    /// Lists the units for N queens, from 1 to [`MAX_N`].
    ///
    /// ```
    /// use hetman::queens::count::Plan;
    /// assert!(Plan::new(0).is_err());
    /// assert_eq!(Plan::new(3).unwrap().units().len(), 0);
    /// ```
    pub fn new(n: usize) -> Result<Plan, crate::Error> {
        if n == 0 || n > MAX_N {
            return Err(crate::Error::Size {
                value: n.to_string(),
                reason: format!("the fast engine takes N from 1 to {MAX_N}"),
            });
        }
        let mut units = Vec::new();
        let m = n as u8;
        for first_file in 0..m {
            for last_file in 0..m {
                for first_rank in 0..m {
                    for last_rank in 0..m {
                        let b = Border {
                            first_file,
                            last_file,
                            first_rank,
                            last_rank,
                        };
                        if !b.is_valid(n) || b.canonical(n) != b {
                            continue;
                        }
                        let searched = fastest_member(b, n);
                        units.push(Unit {
                            index: units.len() as u32,
                            border: b,
                            searched,
                            weight: b.class_size(n),
                            cost: Search::new(n, searched).estimate(n),
                        });
                    }
                }
            }
        }
        Ok(Plan { n, units })
    }

    /// The board size.
    ///
    /// ```
    /// assert_eq!(hetman::queens::count::Plan::new(9).unwrap().n(), 9);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// The units, in their fixed order.
    ///
    /// ```
    /// let plan = hetman::queens::count::Plan::new(10).unwrap();
    /// let weights: u32 = plan.units().iter().map(|u| u.weight).sum();
    /// assert!(weights > 0);
    /// ```
    #[must_use]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The sum of the units' estimated costs.
    ///
    /// ```
    /// let plan = hetman::queens::count::Plan::new(10).unwrap();
    /// assert_eq!(plan.total_cost(), plan.units().iter().map(|u| u.cost).sum::<u64>());
    /// ```
    #[must_use]
    pub fn total_cost(&self) -> u64 {
        self.units.iter().map(|u| u.cost).sum()
    }
}

/// The member of a class whose search is expected to be fastest: the one whose
/// fixed queens constrain the first inner files most.
fn fastest_member(b: Border, n: usize) -> Border {
    Symmetry::ALL
        .into_iter()
        .map(|s| b.image(s, n))
        .min_by_key(|img| (Search::new(n, *img).estimate(n), *img))
        .unwrap_or(b)
}

/// Files searched at most (inner files of the largest board).
const DEPTH: usize = MAX_N;

/// The search for one constellation, prepared: the inner files in order, the
/// ranks left free on each by the border queens, and the distance to the next.
struct Search {
    /// Inner files to fill.
    depth: usize,
    /// Ranks on each inner file not taken or attacked by a border queen.
    free: [u32; DEPTH],
    /// Files from each inner file to the next one searched.
    gap: [u32; DEPTH],
}

impl Search {
    fn new(n: usize, b: Border) -> Search {
        let (q, len) = b.queens(n);
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut s = Search {
            depth: 0,
            free: [0; DEPTH],
            gap: [0; DEPTH],
        };
        let mut prev: Option<usize> = None;
        for x in 1..n.saturating_sub(1) as u32 {
            if q[..len].iter().any(|&(f, _)| f == x) {
                continue;
            }
            let mut blocked = 0u32;
            for &(f, r) in &q[..len] {
                blocked |= 1 << r;
                let d = x.abs_diff(f);
                if r + d < n as u32 {
                    blocked |= 1 << (r + d);
                }
                if r >= d {
                    blocked |= 1 << (r - d);
                }
            }
            if let Some(p) = prev {
                s.gap[p] = x - s.gap[p];
            }
            s.free[s.depth] = full & !blocked;
            s.gap[s.depth] = x; // the file, until the next one is known
            prev = Some(s.depth);
            s.depth += 1;
        }
        s
    }

    /// Partial placements of the first three inner files (two above N = 22,
    /// to keep the plan quick): a cost estimate. Choosing the member of each
    /// class with the smallest estimate cuts the nodes searched by a third.
    fn estimate(&self, n: usize) -> u64 {
        let levels = self.depth.min(if n > 22 { 2 } else { 3 });
        if levels == 0 {
            return 1;
        }
        let mut total = 0;
        self.partial(0, levels, 0, 0, 0, &mut total);
        // Every unit costs something, even one that dies at once.
        total + 1
    }

    fn partial(&self, d: usize, levels: usize, cols: u32, ld: u32, rd: u32, total: &mut u64) {
        let mut free = self.free[d] & !(cols | ld | rd);
        if d + 1 == levels {
            *total += u64::from(free.count_ones());
            return;
        }
        let g = self.gap[d];
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.partial(
                d + 1,
                levels,
                cols | bit,
                (ld | bit) << g,
                (rd | bit) >> g,
                total,
            );
        }
    }

    /// Counts the completions: a depth-first search over the inner files
    /// with an explicit stack (no recursion, no allocation); the last file's
    /// free ranks are counted with one popcount instead of being visited.
    fn run(&self, stop: &AtomicBool) -> UnitCount {
        if self.depth == 0 {
            return UnitCount {
                solutions: 1,
                nodes: 1,
            };
        }
        let last = self.depth - 1;
        if last == 0 {
            return UnitCount {
                solutions: u64::from(self.free[0].count_ones()),
                nodes: 1,
            };
        }
        // Poll the stop flag only near the root, where nodes are few.
        let poll = last.saturating_sub(8);
        let mut free = [0u32; DEPTH];
        let mut cols = [0u32; DEPTH];
        let mut ld = [0u32; DEPTH];
        let mut rd = [0u32; DEPTH];
        let mut solutions = 0u64;
        let mut nodes = 1u64;
        free[0] = self.free[0];
        let mut d = 0usize;
        loop {
            let f = free[d];
            if d + 1 == last {
                // The file before the last: each choice leaves popcount
                // solutions on the last file.
                let (g, last_free) = (self.gap[d], self.free[last]);
                let mut f = f;
                while f != 0 {
                    let bit = f & f.wrapping_neg();
                    f ^= bit;
                    let taken = cols[d] | bit | (ld[d] | bit) << g | (rd[d] | bit) >> g;
                    solutions += u64::from((last_free & !taken).count_ones());
                }
                if d == 0 {
                    break;
                }
                d -= 1;
                continue;
            }
            if f == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
                continue;
            }
            let bit = f & f.wrapping_neg();
            free[d] = f ^ bit;
            let g = self.gap[d];
            let nc = cols[d] | bit;
            let nl = (ld[d] | bit) << g;
            let nr = (rd[d] | bit) >> g;
            let nf = self.free[d + 1] & !(nc | nl | nr);
            nodes += 1;
            if d < poll && stop.load(Ordering::Relaxed) {
                break;
            }
            d += 1;
            cols[d] = nc;
            ld[d] = nl;
            rd[d] = nr;
            free[d] = nf;
        }
        UnitCount { solutions, nodes }
    }
}

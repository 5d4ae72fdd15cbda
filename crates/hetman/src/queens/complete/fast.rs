//! The finding search for N ≤ 64: files and ranks alike, on `u64` masks.
//!
//! The state of a node is five words: the open files, the open ranks and the
//! taken diagonals (`u128`s, one of them kept twice, mirrored, so that a rank
//! reads its diagonals with one shift as a file does). The free squares of
//! any open file or rank are then a handful of bit operations away
//! ([`Fast::file_dom`], [`Fast::rank_dom`]): no trail, no undo, a node is
//! copied on the way down (64 bytes). Every node looks at every open line:
//! an empty one fails (forward checking), one with a single free square gets
//! its queen at once, otherwise the search branches on the line with the
//! fewest free squares, files and ranks alike (ties to the lower index, the
//! file first), its squares in increasing order: the branching of the
//! benchmark's plain backtracker (`examples/plain_complete.rs`) in about a
//! ninth of its time (`bench/complete.sh blocked`, the instances that take
//! it over a second).
//!
//! No restarts: a portfolio that gave randomised restarts (Luby's schedule,
//! random ties and first squares) half or a fifth of the nodes found some
//! completions 3 to 25 times sooner but took 1.6 to 4 times as long on
//! others and on the unsatisfiable ones; with the plain order alone the tree
//! is the plain backtracker's, so the gain per node holds on every instance.
//!
//! Lines with one free square found by one look get their queens together
//! (each checked to be still free when its turn comes), so the choice points
//! are those of the plain backtracker, node for node. There is no matching
//! check here (the exact search makes it once, at the root): on the heavily
//! blocked boards of the benchmark it closed under 1% of the branches and
//! cost more than it saved.

use super::Puzzle;

/// The largest N: one bit per file or rank in a `u64`.
pub(super) const MAX_N: usize = 64;

const NONE: u8 = u8::MAX;

/// The queens placed so far, as lines closed and diagonals taken.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Open files.
    of: u64,
    /// Open ranks.
    or: u64,
    /// Anti-diagonals `f + r` taken.
    up: u128,
    /// Diagonals `r - f + 63` taken.
    dn: u128,
    /// Diagonals `f - r + 63` taken (`dn` mirrored).
    dm: u128,
}

/// A choice point: the node before the choice, the line, the squares left.
#[derive(Clone, Copy, Debug)]
struct Frame {
    node: Node,
    /// The file (below 64) or the rank (64 + r) branched on.
    line: u8,
    rest: u64,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// A completion ([`Fast::ranks`]).
    Found,
    /// The tree is exhausted: no completion.
    Done,
    /// The node budget ran out; [`Fast::run`] again goes on.
    Limit,
}

/// What a node's look at every open line found.
enum Look {
    Solved,
    Fail,
    /// Line, its free squares, how many.
    Line(u8, u64, u32),
}

/// The lines with one free square, and that square (as a bit of the line).
struct Singles {
    list: [(u8, u64); 2 * MAX_N],
    len: usize,
}

impl Singles {
    #[inline(always)]
    fn push(&mut self, line: u8, bit: u64) {
        self.list[self.len] = (line, bit);
        self.len += 1;
    }
}

/// A resumable search for one completion.
pub(super) struct Fast {
    n: usize,
    /// Allowed ranks of each file (not blocked).
    fbase: [u64; MAX_N],
    /// Allowed files of each rank.
    rbase: [u64; MAX_N],
    rank_of: [u8; MAX_N],
    node: Node,
    frames: Vec<Frame>,
    /// Whether the search has started (the root looked at).
    started: bool,
    /// Queens placed by choice.
    pub(super) nodes: u64,
    /// Queens placed because a line had one free square.
    pub(super) forced: u64,
    /// Branches closed (a line left without a free square).
    pub(super) fails: u64,
}

/// Bits `k..k + 64` of `d` (`k` < 64), without the branch of a general
/// 128-bit shift.
#[inline(always)]
fn window(d: u128, k: usize) -> u64 {
    let (lo, hi) = (d as u64, (d >> 64) as u64);
    lo >> k | (hi << 1) << (63 - k)
}

#[inline]
fn sq(line: u8, v: usize) -> (usize, usize) {
    if line < 64 {
        (line as usize, v)
    } else {
        (v, line as usize - 64)
    }
}

impl Fast {
    /// The search for `p` (N ≤ 64), or `None` if a given queen stands on a
    /// blocked or attacked square.
    pub(super) fn new(p: &Puzzle) -> Option<Self> {
        let n = p.n();
        assert!(n <= MAX_N, "the fast search takes N up to 64");
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut s = Fast {
            n,
            fbase: [0; MAX_N],
            rbase: [0; MAX_N],
            rank_of: [NONE; MAX_N],
            node: Node {
                of: full,
                or: full,
                up: 0,
                dn: 0,
                dm: 0,
            },
            frames: Vec::with_capacity(n),
            started: false,
            nodes: 0,
            forced: 0,
            fails: 0,
        };
        for f in 0..n {
            s.fbase[f] = full;
            s.rbase[f] = full;
        }
        for (f, r) in p.blocked_pairs() {
            s.fbase[f as usize] &= !(1u64 << r);
            s.rbase[r as usize] &= !(1u64 << f);
        }
        for g in p.given_squares() {
            let (f, r) = (g.file() as usize, g.rank() as usize);
            if s.file_dom(&s.node, f) >> r & 1 == 0 {
                return None;
            }
            let mut node = s.node;
            s.place(&mut node, f, r);
            s.node = node;
        }
        Some(s)
    }

    /// The free ranks of the open file `f`.
    #[inline(always)]
    fn file_dom(&self, x: &Node, f: usize) -> u64 {
        self.fbase[f] & x.or & !(window(x.up, f) | window(x.dn, 63 - f))
    }

    /// The free files of the open rank `r`.
    #[inline(always)]
    fn rank_dom(&self, x: &Node, r: usize) -> u64 {
        self.rbase[r] & x.of & !(window(x.up, r) | window(x.dm, 63 - r))
    }

    #[inline(always)]
    fn place(&mut self, x: &mut Node, f: usize, r: usize) {
        x.of &= !(1u64 << f);
        x.or &= !(1u64 << r);
        x.up |= 1u128 << (f + r);
        x.dn |= 1u128 << (r + 63 - f);
        x.dm |= 1u128 << (f + 63 - r);
        self.rank_of[f] = r as u8;
    }

    /// Every open line: an empty one, else the one to branch on (the fewest
    /// free squares, ties to the lower index, the file first). The lines
    /// with one free square go to `singles` (their line and square) and are
    /// reported as the line with count 1.
    #[inline]
    fn look(&self, x: &Node, singles: &mut Singles) -> Look {
        if x.of == 0 {
            return Look::Solved;
        }
        singles.len = 0;
        // count << 8 | 2 * index + (1 for a rank): the least is the line.
        let mut best = (u32::MAX, 0);
        let mut m = x.of;
        while m != 0 {
            let f = m.trailing_zeros() as usize;
            m &= m - 1;
            if !weigh(
                &mut best,
                singles,
                f as u8,
                2 * f as u32,
                self.file_dom(x, f),
            ) {
                return Look::Fail;
            }
        }
        let mut m = x.or;
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            let d = self.rank_dom(x, r);
            if !weigh(&mut best, singles, 64 + r as u8, 2 * r as u32 + 1, d) {
                return Look::Fail;
            }
        }
        let (best, best_dom) = best;
        let i = (best & 0xff) >> 1;
        let line = if best & 1 == 0 { i } else { 64 + i } as u8;
        Look::Line(line, best_dom, best >> 8)
    }

    /// Places the queens of the lines with one free square found by one
    /// look; false if one of those lines lost its square to another.
    fn force(&mut self, x: &mut Node, singles: &Singles) -> bool {
        for &(line, bit) in &singles.list[..singles.len] {
            let v = bit.trailing_zeros() as usize;
            let (f, r) = sq(line, v);
            let dom = if line < 64 {
                if x.of >> f & 1 == 0 {
                    continue;
                }
                self.file_dom(x, f)
            } else {
                if x.or >> r & 1 == 0 {
                    continue;
                }
                self.rank_dom(x, r)
            };
            if dom & bit == 0 {
                return false;
            }
            self.place(x, f, r);
            self.forced += 1;
        }
        true
    }

    /// The rank of each file (a completion after [`End::Found`]).
    pub(super) fn ranks(&self) -> Vec<u32> {
        self.rank_of[..self.n]
            .iter()
            .map(|&r| u32::from(r))
            .collect()
    }

    /// Searches on, at most `budget` more nodes.
    pub(super) fn run(&mut self, budget: u64) -> End {
        let mut budget = budget;
        let mut x = self.node;
        let mut descend = !self.started;
        let mut singles = Singles {
            list: [(0, 0); 2 * MAX_N],
            len: 0,
        };
        self.started = true;
        loop {
            if descend {
                // Look, force, and either fail, finish or push a choice point.
                let ok = loop {
                    match self.look(&x, &mut singles) {
                        Look::Solved => {
                            self.node = x;
                            return End::Found;
                        }
                        Look::Fail => break false,
                        Look::Line(_, _, 1) => {
                            if !self.force(&mut x, &singles) {
                                break false;
                            }
                        }
                        Look::Line(line, dom, _) => {
                            self.frames.push(Frame {
                                node: x,
                                line,
                                rest: dom,
                            });
                            break true;
                        }
                    }
                };
                if !ok {
                    self.fails += 1;
                }
            }
            // The next square of the deepest frame with squares left.
            let Some(top) = self.frames.last_mut() else {
                return End::Done;
            };
            if top.rest == 0 {
                self.frames.pop();
                descend = false;
                continue;
            }
            if budget == 0 {
                self.node = x;
                return End::Limit;
            }
            budget -= 1;
            let v = top.rest.trailing_zeros() as usize;
            top.rest &= top.rest - 1;
            x = top.node;
            let (f, r) = sq(top.line, v);
            self.place(&mut x, f, r);
            self.nodes += 1;
            descend = true;
        }
    }
}

/// Weighs an open line (`line`: its number for `singles`, files 0..64 and
/// ranks 64 + r; `low`: 2 * index, + 1 for a rank) with free squares `dom`
/// against the `best` (key, free squares) so far; a line with one free
/// square goes to `singles`. False if the line has no free square.
#[inline(always)]
fn weigh(best: &mut (u32, u64), singles: &mut Singles, line: u8, low: u32, dom: u64) -> bool {
    let c = dom.count_ones();
    if c <= 1 {
        if c == 0 {
            return false;
        }
        singles.push(line, dom);
    }
    let key = c << 8 | low;
    if key < best.0 {
        *best = (key, dom);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::small::Small;
    use super::*;
    use crate::Square;
    use rand_core::{RngCore, SeedableRng};
    use rand_pcg::Pcg64;
    use std::ops::ControlFlow;

    fn below(rng: &mut Pcg64, bound: usize) -> usize {
        ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
    }

    /// N with `given` random non-attacking queens and `blocked` in a
    /// thousand of the squares blocked.
    fn random(n: usize, given: usize, blocked: usize, rng: &mut Pcg64) -> Puzzle {
        let mut p = Puzzle::new(n).unwrap();
        for _ in 0..given {
            let mut q = p.clone();
            q.give(Square::new(below(rng, n) as u32, below(rng, n) as u32))
                .ok();
            if q.obstacle().is_none() {
                p = q;
            }
        }
        for f in 0..n as u32 {
            for r in 0..n as u32 {
                if below(rng, 1000) < blocked && p.given_rank(f as usize) != Some(r) {
                    p.block(Square::new(f, r)).unwrap();
                }
            }
        }
        p
    }

    #[test]
    fn masks_match_a_direct_check() {
        let mut p = Puzzle::new(11).unwrap();
        for (f, r) in [(2, 3), (5, 1), (9, 8)] {
            p.give(Square::new(f, r)).unwrap();
        }
        p.block(Square::new(0, 0)).unwrap();
        p.block(Square::new(7, 10)).unwrap();
        let s = Fast::new(&p).unwrap();
        let free = |f: u32, r: u32| {
            !p.is_blocked(f, r)
                && p.given_squares().all(|q| {
                    q.file() != f && q.rank() != r && q.file().abs_diff(f) != q.rank().abs_diff(r)
                })
        };
        for f in 0..11u32 {
            for r in 0..11u32 {
                if s.node.of >> f & 1 != 0 {
                    let d = s.file_dom(&s.node, f as usize);
                    assert_eq!(d >> r & 1 != 0, free(f, r), "file {f} rank {r}");
                }
                if s.node.or >> r & 1 != 0 {
                    let d = s.rank_dom(&s.node, r as usize);
                    assert_eq!(d >> f & 1 != 0, free(f, r), "rank {r} file {f}");
                }
            }
        }
    }

    /// Found or none as the files-only bitmask search says, every completion
    /// a completion, and a search resumed a node at a time the same search.
    #[test]
    fn agrees_with_the_bitmask_search_and_resumes() {
        let mut rng = Pcg64::seed_from_u64(64);
        let mut found = 0;
        for k in 0..300 {
            let n = 4 + k % 29;
            let given = below(&mut rng, n / 3 + 1);
            let p = random(n, given, 300 + below(&mut rng, 600), &mut rng);
            let what = p.to_instance();
            let Some(mut s) = Fast::new(&p) else {
                assert!(p.obstacle().is_some(), "{what}");
                continue;
            };
            let end = s.run(u64::MAX);
            let mut b = Small::new(&p).unwrap();
            let exists = b
                .most_constrained(&mut |_| ControlFlow::Break(()))
                .is_break();
            assert_eq!(end == End::Found, exists, "{what}");
            if end == End::Found {
                found += 1;
                let pl = crate::queens::Placement::from_ranks_unchecked(&s.ranks());
                assert!(
                    crate::queens::check(&pl).is_solution() && p.allows(&pl),
                    "{what}"
                );
            }
            let mut t = Fast::new(&p).unwrap();
            let mut steps = 0;
            let resumed = loop {
                match t.run(1) {
                    End::Limit => steps += 1,
                    other => break other,
                }
            };
            assert_eq!(resumed, end, "{what}");
            assert_eq!((t.nodes, t.forced, t.fails), (s.nodes, s.forced, s.fails));
            assert!(steps <= s.nodes && s.nodes <= steps + 1, "{what}");
            assert_eq!(t.ranks(), s.ranks(), "{what}");
        }
        assert!(found > 30 && found < 270, "{found} of 300 found");
    }
}

//! The exact search for any N: wide bitsets, ranks and files alike, forced
//! moves, and a matching check.
//!
//! The free squares are kept twice, as one bitset of ranks per file and one
//! bitset of files per rank (`ceil(N/64)` words each), with the number of free
//! squares of every open file and rank. Placing a queen clears the squares it
//! attacks on the open files (O(N) bit operations), and every cleared square
//! goes on a trail, so going back is popping the trail: no copy of the board
//! per node and no allocation in the search loop (the trail, the frame stack
//! and the candidate list grow to their high-water mark and stay).
//!
//! After every placement the search propagates:
//!
//! 1. **Empty lines.** An open file or rank without a free square is a dead end.
//! 2. **Forced moves.** An open file or rank with one free square gets its
//!    queen at once (unit propagation), until none is left.
//! 3. **Matching (Hall's condition).** The open files and the open ranks are
//!    as many; each open file needs its own rank among its free squares, so
//!    the free squares must hold a perfect matching of files to ranks (the
//!    all-different constraint on ranks, as a bipartite matching: J. C.
//!    Régin, *A filtering algorithm for constraints of difference in CSPs*,
//!    AAAI 1994, without the filtering). The matching is kept from node to
//!    node and repaired with augmenting paths (Kuhn's method) where a
//!    placement broke it, so a check costs little when little changed.
//!
//! Then it branches on the open file **or rank** with the fewest free squares
//! (trying the matched square first), or, for listings in lexicographic
//! order, on the first open file with its ranks in order. Restarts with
//! randomised tie-breaking (see [`super::Puzzle::solve`]) reuse the same state.

mod matching;

use super::Stats;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;
use std::ops::ControlFlow;

const NONE: u32 = u32::MAX;

/// A file or a rank (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Line {
    File(u32),
    Rank(u32),
}

/// The branching choice so far while the open lines are weighed.
struct Pick {
    /// The lowest weight and its line.
    best: (u64, Line),
    /// The fewest free squares of a line.
    min_count: u32,
    /// Lines tied at the lowest weight (for a random choice among them).
    ties: usize,
}

/// What propagation left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Prop {
    /// Every file has its queen.
    Solved,
    /// This open line has no free square.
    Empty(Line),
    /// The open files cannot all get different ranks among their free squares.
    NoMatching,
    /// Branch on this line.
    Branch(Line),
}

/// The branching order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// The open file or rank with the fewest free squares.
    MostConstrained,
    /// The first open file, its ranks in order: completions come out in
    /// lexicographic order of the code.
    Files,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// The tree is exhausted.
    Done,
    /// The visitor or the tick callback stopped it.
    Stopped,
    /// The node limit was reached.
    Limit,
}

struct Frame {
    trail: usize,
    placed: usize,
    line: Line,
    start: usize,
    end: usize,
    next: usize,
}

/// The search state for one puzzle.
pub(super) struct Exact {
    n: usize,
    w: usize,
    /// Free ranks of each file, `w` words per file.
    fdom: Vec<u64>,
    /// Free files of each rank, `w` words per rank.
    rdom: Vec<u64>,
    fcnt: Vec<u32>,
    rcnt: Vec<u32>,
    /// Open files as a sparse set: `of[..of_len]`, `of_pos[f]` its index.
    of: Vec<u32>,
    of_pos: Vec<u32>,
    of_len: usize,
    or: Vec<u32>,
    or_pos: Vec<u32>,
    or_len: usize,
    /// Cleared squares, `f << 16 | r` (N ≤ 65,536).
    trail: Vec<u32>,
    /// Queens placed, in order.
    placed: Vec<(u32, u32)>,
    rank_of: Vec<u32>,
    mate_f: Vec<u32>,
    mate_r: Vec<u32>,
    rstamp: Vec<u32>,
    stamp: u32,
    aug: Vec<(u32, u32)>,
    unmatched: Vec<u32>,
    /// Ranks held by the matching (scratch of the greedy pass).
    owned: Vec<u64>,
    frames: Vec<Frame>,
    values: Vec<u32>,
    /// Open lines whose count fell to 1 or 0 since the last propagation.
    low: Vec<Line>,
    /// Failures each file and rank caused, plus one (dom/wdeg: F. Boussemart,
    /// F. Hemery, C. Lecoutre and L. Sais, *Boosting systematic search by
    /// weighting constraints*, ECAI 2004).
    fweight: Vec<u32>,
    rweight: Vec<u32>,
    root_trail: usize,
    root_placed: usize,
    pub(super) order: Order,
    pub(super) matching: bool,
    pub(super) randomize: bool,
    rng: Pcg64,
    pub(super) stats: Stats,
}

impl Exact {
    /// The state with no queen and the `blocked` squares cleared.
    pub(super) fn new(n: usize, blocked: impl Iterator<Item = (u32, u32)>, seed: u64) -> Self {
        assert!(n <= 1 << 16, "the trail packs a square in 32 bits");
        let w = n.div_ceil(64);
        let mut line = vec![u64::MAX; w];
        if !n.is_multiple_of(64) {
            line[w - 1] = (1u64 << (n % 64)) - 1;
        }
        let mut dom = Vec::with_capacity(n * w);
        for _ in 0..n {
            dom.extend_from_slice(&line);
        }
        let mut e = Exact {
            n,
            w,
            fdom: dom.clone(),
            rdom: dom,
            fcnt: vec![n as u32; n],
            rcnt: vec![n as u32; n],
            of: (0..n as u32).collect(),
            of_pos: (0..n as u32).collect(),
            of_len: n,
            or: (0..n as u32).collect(),
            or_pos: (0..n as u32).collect(),
            or_len: n,
            trail: Vec::new(),
            placed: Vec::new(),
            rank_of: vec![NONE; n],
            mate_f: vec![NONE; n],
            mate_r: vec![NONE; n],
            rstamp: vec![0; n],
            stamp: 0,
            aug: Vec::new(),
            unmatched: Vec::new(),
            owned: Vec::new(),
            frames: Vec::new(),
            values: Vec::new(),
            low: Vec::new(),
            fweight: vec![1; n],
            rweight: vec![1; n],
            root_trail: 0,
            root_placed: 0,
            order: Order::MostConstrained,
            matching: true,
            randomize: false,
            rng: Pcg64::seed_from_u64(seed),
            stats: Stats::default(),
        };
        for (f, r) in blocked {
            e.clear(f as usize, r as usize);
        }
        e.trail.clear();
        e
    }

    /// Whether square (f, r) is free.
    #[inline]
    pub(super) fn is_free(&self, f: usize, r: usize) -> bool {
        self.fdom[f * self.w + r / 64] >> (r % 64) & 1 != 0
    }

    #[inline]
    fn file_open(&self, f: usize) -> bool {
        (self.of_pos[f] as usize) < self.of_len
    }

    #[inline]
    fn rank_open(&self, r: usize) -> bool {
        (self.or_pos[r] as usize) < self.or_len
    }

    #[inline(always)]
    fn clear(&mut self, f: usize, r: usize) {
        let i = f * self.w + r / 64;
        let b = 1u64 << (r % 64);
        if self.fdom[i] & b == 0 {
            return;
        }
        self.fdom[i] &= !b;
        self.rdom[r * self.w + f / 64] &= !(1u64 << (f % 64));
        self.fcnt[f] -= 1;
        self.rcnt[r] -= 1;
        if self.fcnt[f] <= 1 && self.file_open(f) {
            self.low.push(Line::File(f as u32));
        }
        if self.rcnt[r] <= 1 && self.rank_open(r) {
            self.low.push(Line::Rank(r as u32));
        }
        self.trail.push((f as u32) << 16 | r as u32);
    }

    fn undo_to(&mut self, trail: usize, placed: usize) {
        while self.trail.len() > trail {
            let sq = self.trail.pop().expect("trail is longer than the mark");
            let (f, r) = ((sq >> 16) as usize, (sq & 0xffff) as usize);
            self.fdom[f * self.w + r / 64] |= 1u64 << (r % 64);
            self.rdom[r * self.w + f / 64] |= 1u64 << (f % 64);
            self.fcnt[f] += 1;
            self.rcnt[r] += 1;
        }
        while self.placed.len() > placed {
            let (f, _) = self.placed.pop().expect("placed is longer than the mark");
            // Removals were last in, first out: the line sits just past the end.
            self.of_len += 1;
            self.or_len += 1;
            self.rank_of[f as usize] = NONE;
        }
    }

    /// Puts a queen on the free square (f, r) and clears what it attacks.
    pub(super) fn place(&mut self, f: usize, r: usize) {
        debug_assert!(self.is_free(f, r) && self.file_open(f) && self.rank_open(r));
        self.rank_of[f] = r as u32;
        // Close file f and rank r in the sparse sets.
        let (p, last) = (self.of_pos[f] as usize, self.of_len - 1);
        let g = self.of[last] as usize;
        self.of.swap(p, last);
        self.of_pos[g] = p as u32;
        self.of_pos[f] = last as u32;
        self.of_len -= 1;
        let (p, last) = (self.or_pos[r] as usize, self.or_len - 1);
        let g = self.or[last] as usize;
        self.or.swap(p, last);
        self.or_pos[g] = p as u32;
        self.or_pos[r] = last as u32;
        self.or_len -= 1;
        self.placed.push((f as u32, r as u32));
        let w = self.w;
        for k in 0..w {
            let mut m = self.fdom[f * w + k];
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                self.clear(f, k * 64 + b);
            }
        }
        for k in 0..w {
            let mut m = self.rdom[r * w + k];
            while m != 0 {
                let b = m.trailing_zeros() as usize;
                m &= m - 1;
                self.clear(k * 64 + b, r);
            }
        }
        for k in 0..self.of_len {
            let g = self.of[k] as usize;
            let d = g.abs_diff(f);
            if r + d < self.n {
                self.clear(g, r + d);
            }
            if r >= d {
                self.clear(g, r - d);
            }
        }
    }

    #[inline]
    fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.rng.next_u64()) * bound as u128) >> 64) as usize
    }

    /// The first free square of `line` at or after position `from`.
    fn next_in(&self, line: Line, from: usize) -> Option<usize> {
        let (dom, i) = match line {
            Line::File(f) => (&self.fdom, f as usize),
            Line::Rank(r) => (&self.rdom, r as usize),
        };
        let words = &dom[i * self.w..(i + 1) * self.w];
        let mut k = from / 64;
        if k >= self.w {
            return None;
        }
        let mut m = words[k] & (u64::MAX << (from % 64));
        loop {
            if m != 0 {
                return Some(k * 64 + m.trailing_zeros() as usize);
            }
            k += 1;
            if k == self.w {
                return None;
            }
            m = words[k];
        }
    }

    /// Propagates to a fixpoint and picks the line to branch on.
    pub(super) fn propagate(&mut self) -> Prop {
        // Forced moves and empty lines first, from the lines that ran low.
        while let Some(line) = self.low.pop() {
            let (open, count) = match line {
                Line::File(f) => (self.file_open(f as usize), self.fcnt[f as usize]),
                Line::Rank(r) => (self.rank_open(r as usize), self.rcnt[r as usize]),
            };
            if !open {
                continue;
            }
            if count == 0 {
                self.low.clear();
                match line {
                    Line::File(f) => self.fweight[f as usize] += 1,
                    Line::Rank(r) => self.rweight[r as usize] += 1,
                }
                return Prop::Empty(line);
            }
            if count == 1 {
                let v = self.next_in(line, 0).expect("a line with one free square");
                match line {
                    Line::File(f) => self.place(f as usize, v),
                    Line::Rank(r) => self.place(v, r as usize),
                }
                self.stats.forced += 1;
            }
        }
        loop {
            if self.of_len == 0 {
                return Prop::Solved;
            }
            // The fewest free squares per failure caused (dom/wdeg); 1 goes first.
            let mut pick = Pick {
                best: (u64::MAX, Line::File(0)),
                min_count: u32::MAX,
                ties: 0,
            };
            for k in 0..self.of_len {
                let f = self.of[k];
                let (c, w) = (self.fcnt[f as usize], self.fweight[f as usize]);
                if !self.weigh(&mut pick, c, w, Line::File(f)) {
                    return Prop::Empty(Line::File(f));
                }
            }
            for k in 0..self.or_len {
                let r = self.or[k];
                let (c, w) = (self.rcnt[r as usize], self.rweight[r as usize]);
                if !self.weigh(&mut pick, c, w, Line::Rank(r)) {
                    return Prop::Empty(Line::Rank(r));
                }
            }
            let (best, min_count) = (pick.best, pick.min_count);
            if min_count == 1 {
                // A line the queue did not hold (at the root): find it and force it.
                let line = (0..self.of_len)
                    .map(|k| Line::File(self.of[k]))
                    .chain((0..self.or_len).map(|k| Line::Rank(self.or[k])))
                    .find(|&l| match l {
                        Line::File(f) => self.fcnt[f as usize] == 1,
                        Line::Rank(r) => self.rcnt[r as usize] == 1,
                    })
                    .expect("a line with one free square");
                let v = self.next_in(line, 0).expect("a line with one free square");
                match line {
                    Line::File(f) => self.place(f as usize, v),
                    Line::Rank(r) => self.place(v, r as usize),
                }
                self.stats.forced += 1;
                continue;
            }
            if self.matching && !self.match_all() {
                return Prop::NoMatching;
            }
            return Prop::Branch(match self.order {
                Order::MostConstrained => best.1,
                Order::Files => {
                    let f = self.of[..self.of_len].iter().copied().min();
                    Line::File(f.expect("an open file"))
                }
            });
        }
    }

    /// Weighs an open line with `count` free squares and failure weight
    /// `weight` for the branching choice; false if it has no free square.
    #[inline]
    fn weigh(&mut self, pick: &mut Pick, count: u32, weight: u32, line: Line) -> bool {
        if count == 0 {
            return false;
        }
        pick.min_count = pick.min_count.min(count);
        let c = (u64::from(count) << 20) / u64::from(weight);
        if c < pick.best.0 {
            pick.best = (c, line);
            pick.ties = 1;
        } else if self.randomize && c == pick.best.0 {
            pick.ties += 1;
            if self.below(pick.ties) == 0 {
                pick.best.1 = line;
            }
        }
        true
    }

    /// Marks the current state as the root (after the given queens and their propagation).
    pub(super) fn set_root(&mut self) {
        self.root_trail = self.trail.len();
        self.root_placed = self.placed.len();
    }

    /// Back to the root, with no frame.
    pub(super) fn reset(&mut self) {
        self.low.clear();
        self.frames.clear();
        self.values.clear();
        self.undo_to(self.root_trail, self.root_placed);
    }

    /// The candidates of `line`, in the order to try them.
    fn push_frame(&mut self, line: Line) {
        let start = self.values.len();
        let mut from = 0;
        while let Some(v) = self.next_in(line, from) {
            self.values.push(v as u32);
            from = v + 1;
        }
        let end = self.values.len();
        if self.order == Order::MostConstrained {
            if self.randomize {
                for i in (start + 1..end).rev() {
                    let j = start + self.below(i - start + 1);
                    self.values.swap(i, j);
                }
            }
            // The matched square first: the matching says it can be extended.
            if self.matching {
                let mate = match line {
                    Line::File(f) => self.mate_f[f as usize],
                    Line::Rank(r) => {
                        let g = self.mate_r[r as usize];
                        if g != NONE && self.mate_f[g as usize] == r {
                            g
                        } else {
                            NONE
                        }
                    }
                };
                if let Some(i) = self.values[start..end].iter().position(|&v| v == mate) {
                    self.values.swap(start, start + i);
                }
            }
        }
        self.frames.push(Frame {
            trail: self.trail.len(),
            placed: self.placed.len(),
            line,
            start,
            end,
            next: start,
        });
    }

    /// The rank of each file (a full placement once solved).
    pub(super) fn ranks(&self) -> &[u32] {
        &self.rank_of
    }

    /// Searches from the root, whose propagation gave `Branch(line)`: every
    /// completion goes to `visit`; `tick` is called every 65,536 nodes.
    pub(super) fn run(
        &mut self,
        line: Line,
        node_limit: u64,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
        tick: &mut dyn FnMut(&Stats) -> ControlFlow<()>,
    ) -> End {
        self.reset();
        self.push_frame(line);
        let mut budget = node_limit;
        while let Some(top) = self.frames.last_mut() {
            if top.next == top.end {
                let (t, p, s) = (top.trail, top.placed, top.start);
                self.frames.pop();
                self.undo_to(t, p);
                self.values.truncate(s);
                continue;
            }
            let v = self.values[top.next] as usize;
            top.next += 1;
            let (t, p, line) = (top.trail, top.placed, top.line);
            self.undo_to(t, p);
            if budget == 0 {
                return End::Limit;
            }
            budget -= 1;
            self.stats.nodes += 1;
            if self.stats.nodes & 0xffff == 0 && tick(&self.stats).is_break() {
                return End::Stopped;
            }
            match line {
                Line::File(f) => self.place(f as usize, v),
                Line::Rank(r) => self.place(v, r as usize),
            }
            match self.propagate() {
                Prop::Solved => {
                    self.stats.solutions += 1;
                    if visit(&self.rank_of).is_break() {
                        return End::Stopped;
                    }
                }
                Prop::Empty(_) | Prop::NoMatching => self.stats.fails += 1,
                Prop::Branch(l) => self.push_frame(l),
            }
        }
        End::Done
    }

    /// One random path from the root (Knuth's estimator of the tree size,
    /// D. E. Knuth, *Estimating the efficiency of backtrack programs*, Math.
    /// Comp. 29, 1975): the sum over depths of the product of the branching
    /// factors so far, an unbiased estimate of the number of nodes.
    pub(super) fn probe(&mut self, line: Line) -> f64 {
        self.reset();
        let (mut est, mut prod) = (0.0f64, 1.0f64);
        let mut line = line;
        loop {
            let mut vals = Vec::new();
            let mut from = 0;
            while let Some(v) = self.next_in(line, from) {
                vals.push(v);
                from = v + 1;
            }
            prod *= vals.len() as f64;
            est += prod;
            let v = vals[self.below(vals.len())];
            match line {
                Line::File(f) => self.place(f as usize, v),
                Line::Rank(r) => self.place(v, r as usize),
            }
            match self.propagate() {
                Prop::Branch(l) => line = l,
                _ => break,
            }
        }
        self.reset();
        est
    }
}

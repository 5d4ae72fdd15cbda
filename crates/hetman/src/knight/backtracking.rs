//! Depth-first search for one tour, in the seed's fixed move order or in
//! Warnsdorff's order.
//!
//! The seed's search (`skocz` in the article) numbers the current square,
//! tries the eight moves in a fixed order and undoes the square when none
//! leads to a tour. The same loop with the moves sorted by Warnsdorff's rule
//! at every node is the default search: its first descent is Warnsdorff's
//! rule itself, and when that dead-ends it backtracks in the same order.
//!
//! The loop is iterative (a tour of a million squares is a million levels
//! deep) and allocates nothing after its start: per level it keeps the square
//! and a bit mask of the moves already tried.

use super::board::{KnightBoard, KNIGHT_MOVES};
use super::warnsdorff::{Keys, TieBreak};
use crate::Error;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How the search orders the moves at each node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// The seed's fixed order, [`KNIGHT_MOVES`].
    Seed,
    /// Fewest onward moves first, ties broken by the rule given.
    Warnsdorff(TieBreak),
}

/// What one search found.
pub(crate) struct Outcome {
    /// The tour as square indices, if one was found.
    pub path: Option<Vec<u32>>,
    /// Squares entered (the start included).
    pub nodes: u64,
}

/// One step of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The knight moved from `from` to `to`. With `pruned`, the move was
    /// found to leave a square that can no longer be entered and left, and was
    /// taken back at once.
    Move { from: u32, to: u32, pruned: bool },
    /// Every free square has been visited (and, for a closed tour, the last
    /// is a knight's move from the start): the path is a tour.
    Tour,
    /// The knight backs up from `square`. `dead_end` when it never moved on
    /// from it (no free square to go to) and the path was not a tour.
    Back { square: u32, dead_end: bool },
}

/// The search one step at a time: the visited squares, the free neighbours
/// of every square, and per level the square and the moves already tried.
#[derive(Clone)]
pub(crate) struct Stepper<'b> {
    board: &'b KnightBoard,
    start: u32,
    closed: bool,
    prune: bool,
    free: usize,
    /// The free squares a knight's move from each square, by move (see
    /// [`NONE`] for none), shared by the copies of a search: a lookup where
    /// working a move out took two divisions.
    moves: Arc<[[u32; 8]]>,
    /// Visited or blocked.
    taken: Vec<bool>,
    /// Unvisited free neighbours of each square.
    deg: Vec<u8>,
    path: Vec<u32>,
    tried: Vec<u8>,
    tie: Option<Keys>,
    /// The path was reported as a tour; the next step backs up.
    reported: bool,
    /// Squares entered, the start included.
    nodes: u64,
}

impl<'b> Stepper<'b> {
    /// A search of `board` from `start`, with the knight on `start`.
    pub(crate) fn new(
        board: &'b KnightBoard,
        start: u32,
        closed: bool,
        order: Order,
        prune: bool,
    ) -> Self {
        let n = board.squares() as usize;
        let free = board.free_squares() as usize;
        let moves: Arc<[[u32; 8]]> = (0..n as u32).map(|i| moves_of(board, i)).collect();
        let tie = match order {
            Order::Warnsdorff(t) => Some(t.keys(board.width(), board.height())),
            Order::Seed => None,
        };
        let mut s = Stepper {
            board,
            start,
            closed,
            prune,
            free,
            moves,
            taken: vec![false; n],
            deg: vec![0u8; n],
            path: Vec::with_capacity(free),
            tried: Vec::with_capacity(free),
            tie,
            reported: false,
            nodes: 1,
        };
        for i in 0..n as u32 {
            if board.is_blocked(i) {
                s.taken[i as usize] = true;
            } else {
                s.deg[i as usize] = (0..8).filter(|&m| s.next(i, m).is_some()).count() as u8;
            }
        }
        s.visit(start);
        s.path.push(start);
        s.tried.push(0);
        s
    }

    /// Neighbour of square `i` by move `m`, if on the board and free.
    #[inline]
    fn next(&self, i: u32, m: usize) -> Option<u32> {
        let j = self.moves[i as usize][m];
        (j != NONE).then_some(j)
    }

    #[inline]
    fn visit(&mut self, i: u32) {
        self.taken[i as usize] = true;
        for &j in &self.moves[i as usize] {
            if j != NONE {
                self.deg[j as usize] -= 1;
            }
        }
    }

    #[inline]
    fn unvisit(&mut self, i: u32) {
        self.taken[i as usize] = false;
        for &j in &self.moves[i as usize] {
            if j != NONE {
                self.deg[j as usize] += 1;
            }
        }
    }

    /// The squares visited, in order; empty when the search is over.
    pub(crate) fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether the knight has not yet moved on from the square it is on.
    pub(crate) fn fresh(&self) -> bool {
        self.tried.last().is_some_and(|&t| t == 0)
    }

    /// The free squares the knight can move to next, with their free
    /// neighbours (Warnsdorff's degree), in the order the search will try
    /// them (for a fresh square; later, the moves not yet tried).
    pub(crate) fn candidates(&self) -> Vec<(u32, u8)> {
        let Some(&cur) = self.path.last() else {
            return Vec::new();
        };
        let depth = self.path.len();
        if depth >= self.free {
            return Vec::new();
        }
        let mask = self.tried[depth - 1];
        let mut c: Vec<(u64, u32, u8)> = (0..8)
            .filter(|&m| mask & (1 << m) == 0)
            .filter_map(|m| {
                let j = self.next(cur, m)?;
                (!self.taken[j as usize]).then(|| (self.key(j, m), j, self.deg[j as usize]))
            })
            .collect();
        c.sort_by_key(|&(k, _, _)| k);
        c.into_iter().map(|(_, j, d)| (j, d)).collect()
    }

    /// The order key of moving to `j` by move `m`: smaller is tried first.
    #[inline]
    fn key(&self, j: u32, m: usize) -> u64 {
        match &self.tie {
            None => m as u64,
            Some(t) => {
                // For a closed tour the start is a way out of its
                // neighbours: keep them for the end.
                let d = u64::from(self.deg[j as usize])
                    + u64::from(self.closed && self.moves[j as usize].contains(&self.start));
                (d << 56) | t.key(self.board.square(j), m)
            }
        }
    }

    /// The next step, `None` when every path from the start has been tried.
    #[inline]
    pub(crate) fn step(&mut self) -> Option<Step> {
        self.advance::<true>()
    }

    /// The search's one loop. With `STEPS` every step is given out; without,
    /// only tours and one move in 4096 (for the caller's checks), while
    /// `nodes` counts the squares entered (the compiler drops the rest, so
    /// the search runs at full speed).
    #[inline(always)]
    fn advance<const STEPS: bool>(&mut self) -> Option<Step> {
        loop {
            let step = self.one()?;
            self.nodes += u64::from(matches!(step, Step::Move { .. }));
            if STEPS
                || matches!(step, Step::Tour)
                || (matches!(step, Step::Move { .. }) && self.nodes & 0xfff == 0)
            {
                return Some(step);
            }
        }
    }

    #[inline(always)]
    fn one(&mut self) -> Option<Step> {
        let depth = self.path.len();
        let cur = *self.path.last()?;
        if !self.reported
            && depth == self.free
            && (!self.closed || self.moves[cur as usize].contains(&self.start))
        {
            self.reported = true;
            return Some(Step::Tour);
        }
        // Choose the next untried move.
        let mut best: Option<(usize, u32, u64)> = None;
        if depth < self.free {
            let mask = self.tried[depth - 1];
            for m in 0..8 {
                if mask & (1 << m) != 0 {
                    continue;
                }
                let Some(j) = self.next(cur, m) else { continue };
                if self.taken[j as usize] {
                    continue;
                }
                let key = self.key(j, m);
                if best.is_none_or(|(_, _, k)| key < k) {
                    best = Some((m, j, key));
                    if self.tie.is_none() {
                        break;
                    }
                }
            }
        }
        match best {
            Some((m, j, _)) => {
                self.tried[depth - 1] |= 1 << m;
                self.visit(j);
                self.path.push(j);
                self.tried.push(0);
                let pruned = self.prune
                    && dead(
                        &self.moves,
                        &self.taken,
                        &self.deg,
                        cur,
                        j,
                        self.start,
                        self.closed,
                        self.path.len(),
                        self.free,
                    );
                if pruned {
                    // Undo at once; the move stays marked as tried.
                    self.unvisit(j);
                    self.path.pop();
                    self.tried.pop();
                }
                Some(Step::Move {
                    from: cur,
                    to: j,
                    pruned,
                })
            }
            None => {
                let dead_end = !self.reported && self.tried[depth - 1] == 0;
                self.reported = false;
                self.unvisit(cur);
                self.path.pop();
                self.tried.pop();
                Some(Step::Back {
                    square: cur,
                    dead_end,
                })
            }
        }
    }
}

/// Searches for a tour of `board` from `start`.
///
/// `prune` enables the dead-square checks (an unvisited square that can no
/// longer be entered and left); the seed's plain search runs without them.
pub(crate) fn search(
    board: &KnightBoard,
    start: u32,
    closed: bool,
    order: Order,
    prune: bool,
    max_nodes: Option<u64>,
    stop: Option<&AtomicBool>,
) -> Result<Outcome, Error> {
    let mut s = Stepper::new(board, start, closed, order, prune);
    while let Some(step) = s.advance::<false>() {
        let nodes = s.nodes;
        match step {
            Step::Tour => {
                return Ok(Outcome {
                    path: Some(std::mem::take(&mut s.path)),
                    nodes,
                });
            }
            Step::Move { .. } => {
                if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                    return Err(Error::Interrupted);
                }
                if max_nodes.is_some_and(|lim| nodes > lim) {
                    return Err(Error::TooLarge {
                        reason: format!(
                            "the search gave up after {nodes} nodes without finding a tour or proving there is none"
                        ),
                    });
                }
            }
            Step::Back { .. } => {}
        }
    }
    let nodes = s.nodes;
    Ok(Outcome { path: None, nodes })
}

/// No square: off the board or blocked (in [`Stepper::moves`]).
const NONE: u32 = u32::MAX;

/// The free squares a knight's move from square `i`, by move, [`NONE`] where
/// the move leaves the board or lands on a blocked square.
fn moves_of(board: &KnightBoard, i: u32) -> [u32; 8] {
    let (w, h) = (i64::from(board.width()), i64::from(board.height()));
    let (x, y) = (i64::from(i) % w, i64::from(i) / w);
    KNIGHT_MOVES.map(|(dx, dy)| {
        let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
        if nx < 0 || ny < 0 || nx >= w || ny >= h {
            return NONE;
        }
        let j = (ny * w + nx) as u32;
        if board.is_blocked(j) {
            NONE
        } else {
            j
        }
    })
}

/// Whether the position after moving `prev` -> `head` cannot lead to a tour:
/// an unvisited neighbour of `prev` that can no longer be both entered and
/// left (it can still be the last square, but only one square can be), or,
/// for a closed tour, a start with no unvisited neighbour left.
#[allow(clippy::too_many_arguments)]
fn dead(
    moves: &[[u32; 8]],
    taken: &[bool],
    deg: &[u8],
    prev: u32,
    head: u32,
    start: u32,
    closed: bool,
    depth: usize,
    free: usize,
) -> bool {
    let remaining = free - depth;
    if remaining == 0 {
        return false;
    }
    if closed && deg[start as usize] == 0 {
        return true;
    }
    let mut ends = 0;
    for &v in &moves[prev as usize] {
        if v == NONE || taken[v as usize] {
            continue;
        }
        // Ways to enter or leave v: its unvisited neighbours, plus the head.
        let near = &moves[v as usize];
        let mut d = u32::from(deg[v as usize]) + u32::from(near.contains(&head));
        if closed && near.contains(&start) {
            // A closed tour may end on v and return to the start.
            d += 1;
        }
        if d == 0 {
            return true;
        }
        if d == 1 {
            ends += 1;
            if ends > 1 {
                return true;
            }
        }
    }
    false
}

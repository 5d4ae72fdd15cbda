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
//! and the moves still to try, in order. Whenever the search chooses a move at a level, the board is as it
//! was when it first chose there (all it did deeper has been undone), so the
//! moves at a level are put in order once, at its first choice.

mod bulk;

use super::board::{KnightBoard, KNIGHT_MOVES};
use super::warnsdorff::{Keys, TieBreak};
use crate::{Error, Square};
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
/// of every square, and per level the square and the moves still to try.
#[derive(Clone)]
pub(crate) struct Stepper {
    start: u32,
    closed: bool,
    prune: bool,
    free: usize,
    /// The free squares a knight's move from each square, by move (see
    /// [`NONE`] for none), shared by the copies of a search: a lookup where
    /// working a move out took two divisions.
    moves: Arc<[[u32; 8]]>,
    /// Visited or blocked, by square, and one more entry, always set.
    taken: Vec<bool>,
    /// Unvisited free neighbours of each square, kept only when the order
    /// or the pruning reads them (`degrees`), and one more entry, where the
    /// moves off the board count (not read).
    deg: Vec<u8>,
    degrees: bool,
    /// Whether each square is a knight's move from the start.
    near_start: Arc<[bool]>,
    path: Vec<u32>,
    /// Per level, the moves still to try, in order: 4 bits each (the move
    /// plus one), the next lowest, 0 when none is left; [`UNORDERED`]
    /// before the level's first choice.
    queue: Vec<u64>,
    tie: Option<Keys>,
    /// Each square's file and rank, for Warnsdorff's tie-break (none for
    /// the seed's order): a lookup where working them out took a division.
    squares: Arc<[Square]>,
    /// The path was reported as a tour; the next step backs up.
    reported: bool,
    /// Squares entered, the start included.
    nodes: u64,
}

impl Stepper {
    /// A search of `board` from `start`, with the knight on `start`.
    pub(crate) fn new(
        board: &KnightBoard,
        start: u32,
        closed: bool,
        order: Order,
        prune: bool,
    ) -> Self {
        let n = board.squares() as usize;
        let free = board.free_squares() as usize;
        let moves: Arc<[[u32; 8]]> = (0..n as u32).map(|i| moves_of(board, i)).collect();
        let near_start = moves.iter().map(|m| m.contains(&start)).collect();
        let tie = match order {
            Order::Warnsdorff(t) => Some(t.keys(board.width(), board.height())),
            Order::Seed => None,
        };
        let squares = match tie {
            Some(_) => (0..n as u32).map(|i| board.square(i)).collect(),
            None => Arc::from([]),
        };
        let mut s = Stepper {
            start,
            closed,
            prune,
            free,
            moves,
            // One more, always set: where a move off the board looks.
            taken: (0..=n).map(|i| i == n).collect(),
            deg: vec![0u8; n + 1],
            degrees: prune || tie.is_some(),
            near_start,
            path: Vec::with_capacity(free),
            queue: Vec::with_capacity(free),
            tie,
            squares,
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
        s.queue.push(UNORDERED);
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
        if !self.degrees {
            return;
        }
        let off = self.deg.len() - 1;
        for &j in &self.moves[i as usize] {
            let at = if j == NONE { off } else { j as usize };
            self.deg[at] = self.deg[at].wrapping_sub(1);
        }
    }

    #[inline]
    fn unvisit(&mut self, i: u32) {
        self.taken[i as usize] = false;
        if !self.degrees {
            return;
        }
        let off = self.deg.len() - 1;
        for &j in &self.moves[i as usize] {
            let at = if j == NONE { off } else { j as usize };
            self.deg[at] = self.deg[at].wrapping_add(1);
        }
    }

    /// The squares visited, in order; empty when the search is over.
    pub(crate) fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether the knight has not yet moved on from the square it is on.
    pub(crate) fn fresh(&self) -> bool {
        self.queue.last() == Some(&UNORDERED)
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
        let mut queue = match self.queue[depth - 1] {
            UNORDERED => self.order(cur),
            q => q,
        };
        let mut c = Vec::new();
        while queue != 0 {
            let j = self.moves[cur as usize][(queue & 0xf) as usize - 1];
            c.push((j, self.deg[j as usize]));
            queue >>= 4;
        }
        c
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
                    + u64::from(self.closed && self.near_start[j as usize]);
                (d << 56) | t.key(self.squares[j as usize], m)
            }
        }
    }

    /// The moves from `cur` to free squares, in the order they are tried
    /// (see [`Stepper::queue`]): the seed's, or by [`key`](Self::key),
    /// the smaller first and, between equal keys, the move listed first.
    fn order(&self, cur: u32) -> u64 {
        if self.tie.is_none() {
            // The seed's order, without a branch on each move (whether a
            // move is there is as good as random): off the board reads the
            // last entry of `taken`, always set.
            let off = self.taken.len() - 1;
            let mut queue = 0;
            let mut shift = 0;
            for (m, &j) in self.moves[cur as usize].iter().enumerate() {
                let at = if j == NONE { off } else { j as usize };
                let open = u64::from(!self.taken[at]);
                queue |= ((m as u64 + 1) * open) << shift;
                shift += 4 * open;
            }
            return queue;
        }
        let mut found = [(0u64, 0usize); 8];
        let mut len = 0;
        for (m, &j) in self.moves[cur as usize].iter().enumerate() {
            if j != NONE && !self.taken[j as usize] {
                found[len] = (self.key(j, m), m);
                len += 1;
            }
        }
        let found = &mut found[..len];
        found.sort_unstable();
        found
            .iter()
            .rev()
            .fold(0, |q, &(_, m)| (q << 4) | (m as u64 + 1))
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
        // The next move to try at this level; `fresh` while none was tried
        // there (its moves not yet in order).
        let mut best = None;
        let mut fresh = true;
        if depth < self.free {
            let mut queue = self.queue[depth - 1];
            if queue == UNORDERED {
                queue = self.order(cur);
            } else {
                fresh = false;
            }
            if queue != 0 {
                let m = (queue & 0xf) as usize - 1;
                best = Some((m, self.moves[cur as usize][m]));
                queue >>= 4;
            }
            self.queue[depth - 1] = queue;
        }
        match best {
            Some((m, j)) => {
                self.visit(j);
                self.path.push(j);
                self.queue.push(UNORDERED);
                let pruned = self.prune
                    && dead(
                        &self.moves,
                        &self.taken,
                        &self.deg,
                        &self.near_start,
                        cur,
                        m,
                        self.start,
                        self.closed,
                        self.path.len(),
                        self.free,
                    );
                if pruned {
                    // Undo at once; the move is off the queue.
                    self.unvisit(j);
                    self.path.pop();
                    self.queue.pop();
                }
                Some(Step::Move {
                    from: cur,
                    to: j,
                    pruned,
                })
            }
            None => {
                let dead_end = !self.reported && fresh;
                self.reported = false;
                self.unvisit(cur);
                self.path.pop();
                self.queue.pop();
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
    let s = Stepper::new(board, start, closed, order, prune);
    if board.squares() <= 64 {
        search_in_bulk(s, max_nodes, stop)
    } else {
        search_by_steps(s, max_nodes, stop)
    }
}

/// [`search`] a step at a time.
fn search_by_steps(
    mut s: Stepper,
    max_nodes: Option<u64>,
    stop: Option<&AtomicBool>,
) -> Result<Outcome, Error> {
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
                    return Err(gave_up(nodes));
                }
            }
            Step::Back { .. } => {}
        }
    }
    let nodes = s.nodes;
    Ok(Outcome { path: None, nodes })
}

/// [`search`] on a board of at most 64 squares: the bulk run, stopped at
/// every 4,096th move for the same checks, so that it gives up where the
/// steps one by one do.
fn search_in_bulk(
    mut s: Stepper,
    max_nodes: Option<u64>,
    stop: Option<&AtomicBool>,
) -> Result<Outcome, Error> {
    loop {
        let tally = s.run_to_tour(0x1000 - (s.nodes & 0xfff));
        let nodes = s.nodes;
        if tally.tours > 0 {
            return Ok(Outcome {
                path: Some(std::mem::take(&mut s.path)),
                nodes,
            });
        }
        if s.path.is_empty() {
            return Ok(Outcome { path: None, nodes });
        }
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        if max_nodes.is_some_and(|lim| nodes > lim) {
            return Err(gave_up(nodes));
        }
    }
}

fn gave_up(nodes: u64) -> Error {
    Error::TooLarge {
        reason: format!(
            "the search gave up after {nodes} nodes without finding a tour or proving there is none"
        ),
    }
}

/// No square: off the board or blocked (in [`Stepper::moves`]).
const NONE: u32 = u32::MAX;

/// Whether the squares moves `a` and `b` lead to from one square are a
/// knight's move apart.
const KNIGHT_APART: [[bool; 8]; 8] = {
    let mut t = [[false; 8]; 8];
    let mut a = 0;
    while a < 8 {
        let mut b = 0;
        while b < 8 {
            let dx = (KNIGHT_MOVES[b].0 - KNIGHT_MOVES[a].0).abs();
            let dy = (KNIGHT_MOVES[b].1 - KNIGHT_MOVES[a].1).abs();
            t[a][b] = (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
            b += 1;
        }
        a += 1;
    }
    t
};

/// A level whose moves are not yet in order (in [`Stepper::queue`]).
const UNORDERED: u64 = u64::MAX;

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

/// Whether the position after moving from `prev` by move `head_move` (to
/// the head) cannot lead to a tour:
/// an unvisited neighbour of `prev` that can no longer be both entered and
/// left (it can still be the last square, but only one square can be), or,
/// for a closed tour, a start with no unvisited neighbour left.
#[allow(clippy::too_many_arguments)]
fn dead(
    moves: &[[u32; 8]],
    taken: &[bool],
    deg: &[u8],
    near_start: &[bool],
    prev: u32,
    head_move: usize,
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
    for (m, &v) in moves[prev as usize].iter().enumerate() {
        if v == NONE || taken[v as usize] {
            continue;
        }
        // Ways to enter or leave v: its unvisited neighbours, plus the head
        // (two free squares a knight's move from `prev` are neighbours when
        // their moves from it are a knight's move apart).
        let mut d = u32::from(deg[v as usize]) + u32::from(KNIGHT_APART[m][head_move]);
        if closed && near_start[v as usize] {
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

#[cfg(test)]
mod tests;

//! The search run in bulk on boards of at most 64 squares: the same steps
//! as [`Stepper::step`], taken without giving them out, on a bitboard.
//!
//! A far jump into a trace (the server's skip, `watch`'s go-to) runs the
//! search through millions of steps whose events nobody sees. Here the
//! visited squares are one `u64`, a square's unvisited neighbours one mask,
//! Warnsdorff's degrees and the pruning's counts a popcount each, so that
//! nothing is kept up to date move by move but the path and the levels'
//! queues of moves. At the end the stepper's own arrays are set from the
//! bitboard, and it goes on from there exactly as if it had taken the steps
//! one by one (a test compares the two at every stop).

use super::{Stepper, NONE, UNORDERED};

/// What a bulk run did: the steps taken, by kind, and the events a
/// [`KnightTrace`](crate::trace::KnightTrace) would have made of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Moves made, those taken back at once included.
    pub moves: u64,
    /// Moves taken back at once by the pruning.
    pub prunes: u64,
    /// Steps back, those of pruned moves included.
    pub backtracks: u64,
    /// Steps back from a square the knight never moved on from.
    pub dead_ends: u64,
    /// Tours found.
    pub tours: u64,
    /// Events: a move 1, and 1 more for Warnsdorff's candidates on a square
    /// entered before the last; a pruned move 3 (move, prune, back); a step
    /// back 1, and 1 more for a dead end; a tour 1.
    pub events: u64,
}

/// The most events one turn of the bulk loop makes: a move into a dead end
/// with Warnsdorff's candidates, the dead end and the step back.
const MOST_EVENTS: u64 = 4;

/// The board as masks, made once per bulk run.
struct Masks {
    /// The free squares a knight's move from each square.
    near: [u64; 64],
    /// Per square and move, the square it leads to (0 where none).
    to: [[u8; 8]; 64],
    /// Per square, the moves that lead to a free square.
    valid: [u8; 64],
    /// Per square and move, the tie-break part of Warnsdorff's key of the
    /// square it leads to (below 2^24; its low three bits are the move).
    tie: [[u32; 8]; 64],
}

impl Stepper {
    /// Takes steps, without giving them out, while a step's events fit in
    /// `budget` events (see [`Tally::events`]) and the search is not over;
    /// on boards of more than 64 squares it takes none. The stepper is left
    /// exactly as the same steps one by one leave it.
    pub(crate) fn run(&mut self, budget: u64) -> Tally {
        self.run_with(budget, u64::MAX, false)
    }

    /// Takes steps as [`run`](Self::run) does, without a budget of events,
    /// until a tour is found (the stepper is left on it), `max_moves` moves
    /// are made or the search is over.
    pub(crate) fn run_to_tour(&mut self, max_moves: u64) -> Tally {
        self.run_with(u64::MAX, max_moves, true)
    }

    fn run_with(&mut self, budget: u64, max_moves: u64, to_tour: bool) -> Tally {
        let n = self.taken.len() - 1;
        if n > 64 || budget < MOST_EVENTS || max_moves == 0 || self.path.is_empty() {
            return Tally::default();
        }
        let masks = self.masks(n);
        let on_path = self.path.iter().fold(0u64, |b, &i| b | 1 << i);
        let taken = (0..n)
            .filter(|&i| self.taken[i])
            .fold(0u64, |b, i| b | 1 << i);
        let blocked = taken & !on_path;
        let limits = (budget, max_moves, to_tour);
        let tally = if self.tie.is_some() {
            self.run_on::<true>(&masks, taken, limits)
        } else {
            self.run_on::<false>(&masks, taken, limits)
        };
        self.nodes += tally.moves;
        self.set_arrays(&masks, n, blocked);
        tally
    }

    fn masks(&self, n: usize) -> Masks {
        let mut m = Masks {
            near: [0; 64],
            to: [[0; 8]; 64],
            valid: [0; 64],
            tie: [[0; 8]; 64],
        };
        for i in 0..n {
            for (k, &j) in self.moves[i].iter().enumerate() {
                if j == NONE {
                    continue;
                }
                m.near[i] |= 1 << j;
                m.to[i][k] = j as u8;
                m.valid[i] |= 1 << k;
                if let Some(t) = &self.tie {
                    // Below 2^24 on 64 squares: ((w-1)^2 + (h-1)^2) << 3 | k.
                    m.tie[i][k] = t.key(self.squares[j as usize], k) as u32;
                }
            }
        }
        m
    }

    /// The search's loop on the bitboard `taken` (visited or blocked).
    #[inline(never)]
    fn run_on<const WARNSDORFF: bool>(
        &mut self,
        m: &Masks,
        mut taken: u64,
        (budget, max_moves, to_tour): (u64, u64, bool),
    ) -> Tally {
        let mut t = Tally::default();
        let (free, closed, prune) = (self.free, self.closed, self.prune);
        let start = self.start as usize;
        let start_bit = 1u64 << start;
        // The path and the queues in arrays of the board's size, set back
        // into the stepper's vectors at the end.
        let mut path = [0u8; 64];
        let mut queue = [0u64; 64];
        let mut depth = self.path.len();
        for (k, (&p, &q)) in self.path.iter().zip(&self.queue).enumerate() {
            path[k] = p as u8;
            queue[k] = q;
        }
        let mut reported = self.reported;
        // Whether the knight has not moved on from its square yet. The
        // moves of a square are put in order as it is entered (the order
        // its first choice would give: the board is the same then), so a
        // square with none is a dead end at once: the move there and the
        // step back are taken together.
        let mut fresh = queue[depth - 1] == UNORDERED;
        if fresh && depth < free {
            let cur = usize::from(path[depth - 1]);
            queue[depth - 1] = order::<WARNSDORFF>(m, cur, taken, closed, start_bit);
        }
        while depth > 0 && t.events + MOST_EVENTS <= budget && t.moves < max_moves {
            let cur = usize::from(path[depth - 1]);
            let q = if depth == free {
                // The last square: a tour (for a closed one, maybe not),
                // then back (a dead end where there was none; the square
                // is fresh, no move is ever tried from it).
                if !reported && (!closed || m.near[cur] & start_bit != 0) {
                    reported = true;
                    t.tours += 1;
                    t.events += 1;
                    if to_tour {
                        break;
                    }
                    continue;
                }
                0
            } else {
                queue[depth - 1]
            };
            if q == 0 {
                let dead_end = !reported && fresh;
                reported = false;
                taken &= !(1 << cur);
                depth -= 1;
                fresh = false;
                t.backtracks += 1;
                t.dead_ends += u64::from(dead_end);
                t.events += 1 + u64::from(dead_end);
                continue;
            }
            queue[depth - 1] = q >> 4;
            fresh = false;
            let j = usize::from(m.to[cur][(q & 0xf) as usize - 1]);
            taken |= 1 << j;
            t.moves += 1;
            if prune && dead(m, taken, cur, j, depth + 1, free, closed, start_bit) {
                taken &= !(1 << j);
                t.prunes += 1;
                t.backtracks += 1;
                t.events += 3;
                continue;
            }
            if depth + 1 == free {
                path[depth] = j as u8;
                queue[depth] = UNORDERED;
                depth += 1;
                fresh = true;
                t.events += 1;
                continue;
            }
            let next = order::<WARNSDORFF>(m, j, taken, closed, start_bit);
            if next == 0 {
                // Into a dead end and back: the move (with Warnsdorff's
                // candidates, none), the dead end and the step back.
                taken &= !(1 << j);
                t.backtracks += 1;
                t.dead_ends += 1;
                t.events += 3 + u64::from(WARNSDORFF);
                continue;
            }
            path[depth] = j as u8;
            queue[depth] = next;
            depth += 1;
            fresh = true;
            t.events += 1 + u64::from(WARNSDORFF);
        }
        if fresh && depth > 0 {
            queue[depth - 1] = UNORDERED;
        }
        self.reported = reported;
        self.path.clear();
        self.path
            .extend(path[..depth].iter().map(|&p| u32::from(p)));
        self.queue.clear();
        self.queue.extend_from_slice(&queue[..depth]);
        t
    }

    /// Sets `taken` and `deg` from the path and the blocked squares.
    fn set_arrays(&mut self, masks: &Masks, n: usize, blocked: u64) {
        let on_path = self.path.iter().fold(0u64, |b, &i| b | 1 << i);
        let taken = on_path | blocked;
        for i in 0..n {
            self.taken[i] = taken >> i & 1 == 1;
        }
        if !self.degrees {
            return;
        }
        // The entry of the moves off the board: every square entered
        // took one off it for each such move (wrapping; never read).
        let mut off = 0u8;
        for i in 0..n {
            if blocked >> i & 1 == 1 {
                continue;
            }
            self.deg[i] = (masks.near[i] & !taken).count_ones() as u8;
            if on_path >> i & 1 == 1 {
                let none = self.moves[i].iter().filter(|&&j| j == NONE).count() as u8;
                off = off.wrapping_sub(none);
            }
        }
        self.deg[n] = off;
    }
}

/// The moves from `cur` to squares not taken, in the order they are tried,
/// as [`Stepper::order`] gives them.
#[inline(always)]
fn order<const WARNSDORFF: bool>(
    m: &Masks,
    cur: usize,
    taken: u64,
    closed: bool,
    start_bit: u64,
) -> u64 {
    let open_squares = m.near[cur] & !taken;
    let mut open = 0u32;
    for k in 0..8 {
        open |= ((open_squares >> m.to[cur][k]) as u32 & 1) << k;
    }
    let mut open = open & u32::from(m.valid[cur]);
    if !WARNSDORFF {
        return SEED_QUEUES[open as usize];
    }
    // Warnsdorff's keys: onward moves (and, for a closed tour, one more
    // next to the start, kept for the end), then the tie-break.
    let free = if closed { !taken | start_bit } else { !taken };
    let mut keys = [0u32; 8];
    let mut len = 0;
    while open != 0 {
        let k = open.trailing_zeros() as usize;
        open &= open - 1;
        let j = usize::from(m.to[cur][k]);
        let d = (m.near[j] & free).count_ones();
        let key = (d << 24) | m.tie[cur][k];
        // Insertion into the sorted keys.
        let mut at = len;
        while at > 0 && keys[at - 1] > key {
            keys[at] = keys[at - 1];
            at -= 1;
        }
        keys[at] = key;
        len += 1;
    }
    keys[..len]
        .iter()
        .rev()
        .fold(0, |q, &key| (q << 4) | (u64::from(key & 7) + 1))
}

/// [`super::dead`] on the bitboard: after the move from `prev` to `head`,
/// an unvisited neighbour of `prev` that can no longer be entered and left
/// (more than one with one way, or any with none), or a closed tour's start
/// with no way back.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn dead(
    m: &Masks,
    taken: u64,
    prev: usize,
    head: usize,
    depth: usize,
    free: usize,
    closed: bool,
    start_bit: u64,
) -> bool {
    if depth == free {
        return false;
    }
    let start = start_bit.trailing_zeros() as usize;
    if closed && m.near[start] & !taken == 0 {
        return true;
    }
    // Ways into or out of v: its unvisited neighbours, the head, and for a
    // closed tour the start.
    let mut ways = !taken | 1 << head;
    if closed {
        ways |= start_bit;
    }
    let mut left = m.near[prev] & !taken;
    let mut ends = 0;
    while left != 0 {
        let v = left.trailing_zeros() as usize;
        left &= left - 1;
        match (m.near[v] & ways).count_ones() {
            0 => return true,
            1 => {
                ends += 1;
                if ends > 1 {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// The seed's queue of moves for each set of open moves: the moves in
/// their order, 4 bits each (the move plus one), the first lowest.
const SEED_QUEUES: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut open = 0;
    while open < 256 {
        let mut q = 0u64;
        let mut shift = 0;
        let mut k = 0;
        while k < 8 {
            if open >> k & 1 == 1 {
                q |= (k as u64 + 1) << shift;
                shift += 4;
            }
            k += 1;
        }
        t[open] = q;
        open += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::super::{Order, Step, Stepper};
    use crate::knight::{KnightBoard, TieBreak};
    use crate::BoardSize;

    /// What the events of one step add to a tally.
    fn tally(t: &mut super::Tally, step: Step, warnsdorff: bool, s: &Stepper) {
        match step {
            Step::Move { pruned: true, .. } => {
                t.moves += 1;
                t.prunes += 1;
                t.backtracks += 1;
                t.events += 3;
            }
            Step::Move { .. } => {
                t.moves += 1;
                t.events += 1 + u64::from(warnsdorff && s.path.len() < s.free);
            }
            Step::Tour => {
                t.tours += 1;
                t.events += 1;
            }
            Step::Back { dead_end, .. } => {
                t.backtracks += 1;
                t.dead_ends += u64::from(dead_end);
                t.events += 1 + u64::from(dead_end);
            }
        }
    }

    fn same(a: &Stepper, b: &Stepper) -> bool {
        a.path == b.path
            && a.queue == b.queue
            && a.taken == b.taken
            && a.deg == b.deg
            && a.reported == b.reported
            && a.nodes == b.nodes
    }

    /// Runs in bulk of varied budgets leave the stepper as the same steps
    /// one by one do, with the same tally, on boards with and without
    /// blocked squares, open and closed, in every order, with and without
    /// the pruning, up to the 64 squares of 8x8 (cut after 300,000 steps).
    #[test]
    fn bulk_runs_are_the_steps_one_by_one() {
        let board = |w, h, blocked: &[&str]| {
            let blocked: Vec<_> = blocked.iter().map(|s| s.parse().unwrap()).collect();
            KnightBoard::with_blocked(BoardSize::new(w, h).unwrap(), &blocked).unwrap()
        };
        let boards = [
            (board(5, 5, &[]), 0),
            (board(5, 5, &[]), 12),
            (board(3, 4, &[]), 0),
            (board(6, 5, &["b2", "d4"]), 0),
            (board(8, 8, &[]), 0),
            (board(8, 8, &["e4"]), 9),
            (board(4, 4, &[]), 0),
            // A start with no moves, boards one and two squares wide, two
            // free squares, a blocked square next to the start.
            (board(3, 3, &[]), 4),
            (board(1, 4, &[]), 0),
            (board(2, 7, &[]), 0),
            (board(3, 2, &["a2", "b1", "b2", "c1"]), 0),
            (board(5, 5, &["b3"]), 0),
        ];
        let orders = [
            Order::Seed,
            Order::Warnsdorff(TieBreak::Corner),
            Order::Warnsdorff(TieBreak::MoveOrder),
        ];
        let mut budgets = 0x2545_f491_4f6c_dd1d_u64;
        let mut bulk_steps = 0;
        for (b, start) in &boards {
            for order in orders {
                for closed in [false, true] {
                    for prune in [false, true] {
                        let warnsdorff = order != Order::Seed;
                        let mut fast = Stepper::new(b, *start, closed, order, prune);
                        let mut slow = fast.clone();
                        let mut steps = 0;
                        while steps < 300_000 {
                            budgets ^= budgets << 13;
                            budgets ^= budgets >> 7;
                            budgets ^= budgets << 17;
                            let budget = budgets % 3000;
                            let got = fast.run(budget);
                            // The same events one step at a time: the run
                            // stops between steps, and only where another
                            // turn of it might not fit, or at the end.
                            let mut want = super::Tally::default();
                            while want.events < got.events {
                                let step = slow.step().unwrap();
                                tally(&mut want, step, warnsdorff, &slow);
                                steps += 1;
                            }
                            assert_eq!(got, want);
                            assert!(
                                got.events + super::MOST_EVENTS > budget || slow.path.is_empty()
                            );
                            assert!(same(&fast, &slow), "{order:?} closed {closed}");
                            bulk_steps += got.moves;
                            if slow.path.is_empty() {
                                break;
                            }
                            // A step one by one between runs.
                            assert_eq!(fast.step(), slow.step());
                            steps += 1;
                            assert!(same(&fast, &slow));
                        }
                    }
                }
            }
        }
        assert!(bulk_steps > 1_000_000, "{bulk_steps}");
    }

    /// Boards of more than 64 squares are left to the steps one by one.
    #[test]
    fn boards_over_64_squares_take_no_bulk_steps() {
        let b = KnightBoard::new(BoardSize::new(9, 8).unwrap()).unwrap();
        let mut s = Stepper::new(&b, 0, false, Order::Seed, false);
        assert_eq!(s.run(1000), super::Tally::default());
        assert_eq!(s.path, [0]);
    }
}

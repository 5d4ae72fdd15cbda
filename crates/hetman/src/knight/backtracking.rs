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
use super::warnsdorff::TieBreak;
use crate::Error;
use std::sync::atomic::{AtomicBool, Ordering};

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
    let n = board.squares() as usize;
    let free = board.free_squares() as usize;
    let (w, h) = (i64::from(board.width()), i64::from(board.height()));
    let deltas: [i64; 8] = KNIGHT_MOVES.map(|(dx, dy)| i64::from(dx) + i64::from(dy) * w);
    // Neighbour of square i by move m, if on the board and free.
    let step = |i: u32, m: usize| -> Option<u32> {
        let (x, y) = (i64::from(i) % w, i64::from(i) / w);
        let (dx, dy) = KNIGHT_MOVES[m];
        let (nx, ny) = (x + i64::from(dx), y + i64::from(dy));
        if nx < 0 || ny < 0 || nx >= w || ny >= h {
            return None;
        }
        let j = (i64::from(i) + deltas[m]) as u32;
        (!board.is_blocked(j)).then_some(j)
    };
    // visited or blocked
    let mut taken = vec![false; n];
    // unvisited free neighbours of each square
    let mut deg = vec![0u8; n];
    for i in 0..n as u32 {
        if board.is_blocked(i) {
            taken[i as usize] = true;
        } else {
            deg[i as usize] = (0..8).filter(|&m| step(i, m).is_some()).count() as u8;
        }
    }
    let mut path: Vec<u32> = Vec::with_capacity(free);
    let mut tried: Vec<u8> = Vec::with_capacity(free);
    let visit = |i: u32, taken: &mut [bool], deg: &mut [u8]| {
        taken[i as usize] = true;
        for m in 0..8 {
            if let Some(j) = step(i, m) {
                deg[j as usize] -= 1;
            }
        }
    };
    let unvisit = |i: u32, taken: &mut [bool], deg: &mut [u8]| {
        taken[i as usize] = false;
        for m in 0..8 {
            if let Some(j) = step(i, m) {
                deg[j as usize] += 1;
            }
        }
    };
    visit(start, &mut taken, &mut deg);
    path.push(start);
    tried.push(0);
    let mut nodes: u64 = 1;
    let tie = match order {
        Order::Warnsdorff(t) => Some(t.keys(board.width(), board.height())),
        Order::Seed => None,
    };
    loop {
        let depth = path.len();
        let cur = path[depth - 1];
        if depth == free && (!closed || step_between(board, cur, start)) {
            return Ok(Outcome {
                path: Some(path),
                nodes,
            });
        }
        // Choose the next untried move.
        let mut best: Option<(usize, u32, u64)> = None;
        if depth < free {
            let mask = tried[depth - 1];
            for m in 0..8 {
                if mask & (1 << m) != 0 {
                    continue;
                }
                let Some(j) = step(cur, m) else { continue };
                if taken[j as usize] {
                    continue;
                }
                let key = match &tie {
                    None => 0,
                    Some(t) => {
                        // For a closed tour the start is a way out of its
                        // neighbours: keep them for the end.
                        let d = u64::from(deg[j as usize])
                            + u64::from(closed && step_between(board, j, start));
                        (d << 56) | t.key(board.square(j), m)
                    }
                };
                if best.is_none_or(|(_, _, k)| key < k) {
                    best = Some((m, j, key));
                    if tie.is_none() {
                        break;
                    }
                }
            }
        }
        match best {
            Some((m, j, _)) => {
                tried[depth - 1] |= 1 << m;
                visit(j, &mut taken, &mut deg);
                path.push(j);
                tried.push(0);
                nodes += 1;
                if nodes & 0xfff == 0 {
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
                if prune && dead(board, &taken, &deg, cur, j, start, closed, path.len(), free) {
                    // Undo at once; the move stays marked as tried.
                    unvisit(j, &mut taken, &mut deg);
                    path.pop();
                    tried.pop();
                }
            }
            None => {
                unvisit(cur, &mut taken, &mut deg);
                path.pop();
                tried.pop();
                if path.is_empty() {
                    return Ok(Outcome { path: None, nodes });
                }
            }
        }
    }
}

fn step_between(board: &KnightBoard, a: u32, b: u32) -> bool {
    super::board::is_knight_move(board.square(a), board.square(b))
}

/// Whether the position after moving `prev` -> `head` cannot lead to a tour:
/// an unvisited neighbour of `prev` that can no longer be both entered and
/// left (it can still be the last square, but only one square can be), or,
/// for a closed tour, a start with no unvisited neighbour left.
#[allow(clippy::too_many_arguments)]
fn dead(
    board: &KnightBoard,
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
    for v in board.neighbours(prev) {
        if taken[v as usize] {
            continue;
        }
        // Ways to enter or leave v: its unvisited neighbours, plus the head.
        let mut d = u32::from(deg[v as usize]) + u32::from(step_between(board, v, head));
        if closed && step_between(board, v, start) {
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

//! Deciding "no tour" without searching, where a theorem settles it.
//!
//! - A free square no knight's move reaches (the centre of 3×3) cannot be
//!   visited; free squares in two separate parts cannot all be visited.
//! - A knight's move always changes the square's colour, so a tour
//!   alternates colours: a closed tour needs as many squares of each colour
//!   (an odd number of squares never has one), and an open tour from a square
//!   of the colour with fewer squares is impossible.
//! - A square with one knight's move must be an end of the tour: a closed
//!   tour cannot have one, an open tour at most two (and the start must be one
//!   of them when there are two).
//! - Schwenk (1991): an m×n board, m ≤ n, has a closed tour unless m and n
//!   are both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
//! - Cull and De Curtins (1978), Conrad et al. (1994): an m×n board, m ≤ n,
//!   with more than one square has an open tour unless m is 1 or 2, m = 3 and
//!   n is 3, 5 or 6, or m = n = 4.

use super::board::KnightBoard;
use crate::Square;
use std::fmt;

/// A reason there is no tour, proved without a search.
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{KnightBoard, feasibility::no_tour}};
/// let b = KnightBoard::new(BoardSize::square(3).unwrap()).unwrap();
/// let why = no_tour(&b, 0, false).unwrap();
/// assert_eq!(why.to_string(), "square b2 cannot be reached: no knight's move leads to it");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A free square that no knight's move reaches.
    Unreachable(Square),
    /// The free squares fall into separate parts; `square` is not reachable from `start`.
    Disconnected {
        /// The start.
        start: Square,
        /// A square in another part.
        square: Square,
    },
    /// A closed tour on a board with an odd number of free squares.
    OddSquares(u64),
    /// The colours do not balance as a tour needs.
    Colours {
        /// Free squares of the start's colour.
        start_colour: u64,
        /// Free squares of the other colour.
        other: u64,
        /// Whether a closed tour was asked for.
        closed: bool,
    },
    /// A square with a single knight's move (it must be an end of the tour).
    DeadEnd {
        /// The square.
        square: Square,
        /// Why it rules the tour out.
        why: &'static str,
    },
    /// Schwenk's theorem on closed tours of m×n boards.
    Schwenk {
        /// The shorter side.
        m: u32,
        /// The longer side.
        n: u32,
    },
    /// The theorem on open tours of m×n boards (Cull and De Curtins, Conrad et al.).
    NoOpenTour {
        /// The shorter side.
        m: u32,
        /// The longer side.
        n: u32,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Unreachable(sq) => {
                write!(f, "square {sq} cannot be reached: no knight's move leads to it")
            }
            Reason::Disconnected { start, square } => write!(
                f,
                "the board falls into separate parts: no chain of knight's moves leads from {start} to {square}"
            ),
            Reason::OddSquares(n) => write!(
                f,
                "colour parity: a closed tour alternates colours, so it needs an even number of squares, and this board has {n}"
            ),
            Reason::Colours {
                start_colour,
                other,
                closed,
            } => {
                if *closed {
                    write!(f, "colour parity: a closed tour needs as many squares of each colour, and there are {start_colour} and {other}")
                } else {
                    write!(f, "colour parity: a tour alternates colours, so it cannot start on a colour with {start_colour} squares when the other has {other}")
                }
            }
            Reason::DeadEnd { square, why } => {
                write!(f, "square {square} has a single knight's move, {why}")
            }
            Reason::Schwenk { m, n } => {
                let clause = if m % 2 == 1 && n % 2 == 1 {
                    "both sides are odd"
                } else if *m == 3 {
                    "a side is 3 and the other 4, 6 or 8"
                } else {
                    "a side is 1, 2 or 4"
                };
                write!(
                    f,
                    "Schwenk's theorem: an m x n board has no closed tour when {clause} ({m}x{n})"
                )
            }
            Reason::NoOpenTour { m, n } => {
                let clause = if *m <= 2 {
                    "a side is 1 or 2 (the knight cannot turn round)"
                } else if *m == 3 {
                    "a side is 3 and the other 3, 5 or 6"
                } else {
                    "it is 4x4"
                };
                write!(
                    f,
                    "no {m}x{n} board has a tour: no open tour exists when {clause} (Cull and De Curtins 1978, Conrad et al. 1994)"
                )
            }
        }
    }
}

/// Whether a theorem rules out every tour of `board` from square index
/// `start` (closed if `closed`); `None` if none applies (a search must decide).
///
/// ```
/// use hetman::{BoardSize, knight::{KnightBoard, feasibility::{no_tour, Reason}}};
/// let b = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// assert_eq!(no_tour(&b, 0, true), Some(Reason::OddSquares(25)));
/// let b4 = KnightBoard::new(BoardSize::new(4, 6).unwrap()).unwrap();
/// assert!(matches!(no_tour(&b4, 0, true), Some(Reason::Schwenk { m: 4, n: 6 })));
/// assert!(no_tour(&b, 0, false).is_none());
/// assert!(matches!(no_tour(&b, 1, false), Some(Reason::Colours { .. })));
/// ```
#[must_use]
pub fn no_tour(board: &KnightBoard, start: u32, closed: bool) -> Option<Reason> {
    let free = board.free_squares();
    let (m, n) = {
        let (w, h) = (board.width(), board.height());
        (w.min(h), w.max(h))
    };
    if !board.has_blocked() {
        if closed
            && (m % 2 == 1 && n % 2 == 1
                || m == 1
                || m == 2
                || m == 4
                || m == 3 && matches!(n, 4 | 6 | 8))
        {
            if m % 2 == 1 && n % 2 == 1 && m > 1 {
                return Some(Reason::OddSquares(free));
            }
            return Some(Reason::Schwenk { m, n });
        }
        if free > 1 {
            if m == 3 && n == 3 {
                return Some(Reason::Unreachable(Square::new(1, 1)));
            }
            if m <= 2 || (m == 3 && matches!(n, 5 | 6)) || (m == 4 && n == 4) {
                return Some(Reason::NoOpenTour { m, n });
            }
        }
        if free % 2 == 1 && !board.is_a1_colour(start) {
            let more = free.div_ceil(2);
            return Some(Reason::Colours {
                start_colour: free - more,
                other: more,
                closed,
            });
        }
        return None;
    }
    if free == 1 {
        return closed.then_some(Reason::OddSquares(1));
    }
    // Colours.
    let start_white = board.is_a1_colour(start);
    let mut same = 0u64;
    let mut dead_ends: Vec<u32> = Vec::new();
    for i in 0..board.squares() as u32 {
        if board.is_blocked(i) {
            continue;
        }
        if board.is_a1_colour(i) == start_white {
            same += 1;
        }
        match board.neighbours(i).count() {
            0 => return Some(Reason::Unreachable(board.square(i))),
            1 => dead_ends.push(i),
            _ => {}
        }
    }
    let other = free - same;
    if closed && free % 2 == 1 {
        return Some(Reason::OddSquares(free));
    }
    let balanced = if closed || free.is_multiple_of(2) {
        same == other
    } else {
        same == other + 1
    };
    if !balanced {
        return Some(Reason::Colours {
            start_colour: same,
            other,
            closed,
        });
    }
    if closed {
        if let Some(&d) = dead_ends.first() {
            return Some(Reason::DeadEnd {
                square: board.square(d),
                why: "so a closed tour cannot pass through it",
            });
        }
    } else if dead_ends.len() > 2 {
        return Some(Reason::DeadEnd {
            square: board.square(dead_ends[2]),
            why: "and so do two other squares, but a tour has only two ends",
        });
    } else if dead_ends.len() == 2 && !dead_ends.contains(&start) {
        return Some(Reason::DeadEnd {
            square: board.square(dead_ends[0]),
            why: "and so does another square: the tour must start on one of them and end on the other",
        });
    }
    // Connectivity, by a flood from the start.
    let mut seen = vec![false; board.squares() as usize];
    let mut queue = vec![start];
    seen[start as usize] = true;
    let mut reached = 1u64;
    while let Some(i) = queue.pop() {
        for j in board.neighbours(i) {
            if !seen[j as usize] {
                seen[j as usize] = true;
                reached += 1;
                queue.push(j);
            }
        }
    }
    if reached < free {
        let far = (0..board.squares() as u32)
            .find(|&i| !board.is_blocked(i) && !seen[i as usize])
            .expect("an unreached free square exists");
        return Some(Reason::Disconnected {
            start: board.square(start),
            square: board.square(far),
        });
    }
    None
}

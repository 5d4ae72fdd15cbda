//! Warnsdorff's rule: move to the square with the fewest onward moves.
//!
//! Plain Warnsdorff breaks ties by the fixed move order and dead-ends on
//! many boards. Among squares with equally few onward moves,
//! [`TieBreak::Corner`] prefers the one farthest from the centre of the
//! board (Euclidean distance; the rule usually credited to Arnd Roth), then
//! the fixed order, which keeps the walk hugging the unvisited rim; the
//! search that uses it falls back to backtracking in the same order when it
//! does dead-end.

use crate::Square;

/// How Warnsdorff's rule breaks ties between squares with equally few onward moves.
///
/// # Example
/// ```
/// use hetman::knight::TieBreak;
/// assert_eq!(TieBreak::default(), TieBreak::Corner);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TieBreak {
    /// The seed's fixed move order.
    MoveOrder,
    /// The square farthest from the centre, then the seed's move order.
    #[default]
    Corner,
}

/// Precomputed scale for the tie-break keys of one board.
#[derive(Clone)]
pub(crate) struct Keys {
    rule: TieBreak,
    w2: i64,
    h2: i64,
    max: u64,
}

impl TieBreak {
    pub(crate) fn keys(self, width: u32, height: u32) -> Keys {
        let (w2, h2) = (i64::from(width) - 1, i64::from(height) - 1);
        Keys {
            rule: self,
            w2,
            h2,
            max: (w2 * w2 + h2 * h2) as u64,
        }
    }
}

impl Keys {
    /// Smaller is preferred; below 2^56.
    #[inline]
    pub(crate) fn key(&self, sq: Square, m: usize) -> u64 {
        match self.rule {
            TieBreak::MoveOrder => m as u64,
            TieBreak::Corner => {
                let dx = 2 * i64::from(sq.file()) - self.w2;
                let dy = 2 * i64::from(sq.rank()) - self.h2;
                ((self.max - (dx * dx + dy * dy) as u64) << 3) | m as u64
            }
        }
    }
}

/// Turns an open tour `path` (every free square of `board` once) into a
/// closed one with the same first square, by Pósa rotations: when the last
/// square is a knight's move from the square at position `i`, the squares
/// after `i` are reversed, which keeps the tour and gives it a new last
/// square. Mostly the rotation that brings the last square nearest the
/// start is chosen, otherwise one by a fixed pseudo-random sequence, at most
/// `max_rotations` of them. Returns whether the tour is now closed.
pub(crate) fn close_by_rotations(
    board: &super::KnightBoard,
    path: &mut [u32],
    max_rotations: u64,
) -> bool {
    let n = path.len();
    if n < 4 {
        return false;
    }
    let near = |a: u32, b: u32| super::board::is_knight_move(board.square(a), board.square(b));
    let mut pos = vec![0u32; board.squares() as usize];
    for (k, &i) in path.iter().enumerate() {
        pos[i as usize] = k as u32;
    }
    let start = path[0];
    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    for r in 0..max_rotations {
        // Greedy three times in four at first; more random as time goes on.
        let greedy = 4 - (r * 4 / max_rotations.max(1)).min(3);
        let end = path[n - 1];
        if near(end, start) {
            return true;
        }
        // Positions i with path[i] next to the end (not the end's own predecessor).
        let mut cands = [0usize; 8];
        let mut len = 0;
        let mut closing = None;
        for j in board.neighbours(end) {
            let i = pos[j as usize] as usize;
            if i + 2 < n {
                if near(path[i + 1], start) {
                    closing = Some(i);
                }
                cands[len] = i;
                len += 1;
            }
        }
        if len == 0 {
            return false;
        }
        let i = closing.unwrap_or_else(|| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Mostly the one whose new last square is nearest the start (the
            // last square moves at most two knight's moves a rotation, so it
            // walks towards the start), sometimes any, to avoid going round.
            if rng % 5 < greedy {
                let s = board.square(start);
                let dist = |i: u32| {
                    let q = board.square(i);
                    let (dx, dy) = (q.file().abs_diff(s.file()), q.rank().abs_diff(s.rank()));
                    u64::from(dx) * u64::from(dx) + u64::from(dy) * u64::from(dy)
                };
                cands[..len]
                    .iter()
                    .copied()
                    .min_by_key(|&i| dist(path[i + 1]))
                    .expect("len > 0")
            } else {
                cands[((rng >> 8) % len as u64) as usize]
            }
        });
        path[i + 1..].reverse();
        for (k, &sq) in path.iter().enumerate().skip(i + 1) {
            pos[sq as usize] = k as u32;
        }
    }
    near(path[n - 1], start)
}

//! The work units of a count: the tours from each start, split by their
//! first two moves, with one first move of each class of images under the
//! symmetries of the board that fix the start.

use super::Solver;
use crate::knight::KnightBoard;
use crate::symmetry::Symmetry;
use crate::Square;

/// A unit of work: tours from `start` whose first moves are `prefix`, times `weight`.
pub(super) struct Unit {
    pub(super) start: u32,
    pub(super) first: u32,
    pub(super) second: Option<u32>,
    pub(super) weight: u64,
}

/// The symmetries of the board that keep its blocked squares in place.
pub(super) fn board_symmetries(board: &KnightBoard) -> Vec<Symmetry> {
    let (w, h) = (board.width(), board.height());
    Symmetry::ALL
        .into_iter()
        .filter(|&s| {
            (w == h
                || matches!(
                    s,
                    Symmetry::Identity
                        | Symmetry::Rotate180
                        | Symmetry::MirrorFiles
                        | Symmetry::MirrorRanks
                ))
                && (0..board.squares() as u32).all(|i| {
                    board.is_blocked(i)
                        == board.is_blocked(board.index(image(s, board.square(i), w, h)))
                })
        })
        .collect()
}

/// The image of `sq` under `s` on a `w` × `h` board; for `w != h` only the
/// identity, the half turn and the two mirrors along the sides are meant.
pub(super) fn image(s: Symmetry, sq: Square, w: u32, h: u32) -> Square {
    if w == h {
        return s.apply(sq, w);
    }
    let (x, y) = (sq.file(), sq.rank());
    match s {
        Symmetry::Rotate180 => Square::new(w - 1 - x, h - 1 - y),
        Symmetry::MirrorFiles => Square::new(w - 1 - x, y),
        Symmetry::MirrorRanks => Square::new(x, h - 1 - y),
        _ => sq,
    }
}

pub(super) fn plan(
    board: &KnightBoard,
    starts: &[u32],
    closed: bool,
    syms: &[Symmetry],
) -> Vec<Unit> {
    let (w, h) = (board.width(), board.height());
    let solver = Solver::new(board, 0, closed);
    let mut units = Vec::new();
    for &s in starts {
        // Symmetries fixing the start: first moves in one image class give equal counts.
        let fixing: Vec<Symmetry> = syms
            .iter()
            .copied()
            .filter(|&g| board.index(image(g, board.square(s), w, h)) == s)
            .collect();
        let mut firsts = solver.nbr[s as usize];
        let mut done = 0u64;
        while firsts != 0 {
            let f = firsts.trailing_zeros();
            firsts &= firsts - 1;
            if done >> f & 1 == 1 {
                continue;
            }
            let mut class = 0u64;
            for &g in &fixing {
                class |= 1 << board.index(image(g, board.square(f), w, h));
            }
            done |= class;
            let weight = u64::from(class.count_ones());
            let mut seconds = solver.nbr[f as usize] & !(1u64 << s);
            if seconds == 0 {
                units.push(Unit {
                    start: s,
                    first: f,
                    second: None,
                    weight,
                });
            }
            while seconds != 0 {
                let t = seconds.trailing_zeros();
                seconds &= seconds - 1;
                units.push(Unit {
                    start: s,
                    first: f,
                    second: Some(t),
                    weight,
                });
            }
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    #[test]
    fn images_stay_on_the_board() {
        for (w, h) in [(3, 4), (5, 5), (6, 3)] {
            let board = KnightBoard::new(BoardSize::new(w, h).unwrap()).unwrap();
            let syms = board_symmetries(&board);
            assert_eq!(syms.len(), if w == h { 8 } else { 4 });
            for g in syms {
                for i in 0..board.squares() as u32 {
                    let sq = image(g, board.square(i), w, h);
                    assert!(sq.is_on(w, h), "{g:?} {w}x{h}");
                }
            }
        }
    }
}

//! The knight's tour in four calls: [`tour`], [`count`], [`list`] and
//! [`check`], mirroring [`queens::count`](fn@crate::queens::count),
//! [`queens::solve`](crate::queens::solve) and
//! [`queens::check`](crate::queens::check). Each picks the engine; the
//! modules behind them ([`find`](super::find), [`enumerate`](super::enumerate),
//! [`frontier`](super::frontier)) take every option.

mod count;

pub use count::{count, count_per_square, CountEngine, CountOptions, TourCount};

use super::{enumerate, find, huge, Algorithm, FindOptions, NoTour};
use super::{Fault, KnightBoard, Tour};
use crate::{Error, Square};
use std::ops::ControlFlow;

/// Boards with more squares than this (and no blocked square) are toured by
/// the divide-and-conquer construction rather than Warnsdorff's rule.
const DIVIDE_SQUARES: u64 = 250_000;

/// One tour of `board` from `start`: open, by Warnsdorff's rule with a
/// backtracking fallback, or on boards over 250,000 squares with no
/// blocked square by the divide-and-conquer construction of
/// [`huge`](super::huge). The tour has passed [`Tour::verify`].
///
/// Fails with [`Error::NoSolution`] when there is no tour (a theorem of
/// [`feasibility`](super::feasibility) says so, or the search tried
/// everything), and [`Error::Square`] for a start off the board or blocked.
/// For a closed tour, another search, a node limit or a stop flag, call
/// [`find`](super::find) with [`FindOptions`].
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{self, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::square(8).unwrap()).unwrap();
/// let t = knight::tour(&board, "a1".parse().unwrap()).unwrap();
/// assert_eq!(t.len(), 64);
/// assert!(knight::check(&board, &t, false).is_ok());
///
/// let small = KnightBoard::new(BoardSize::square(4).unwrap()).unwrap();
/// assert!(knight::tour(&small, "a1".parse().unwrap()).is_err());
/// ```
pub fn tour(board: &KnightBoard, start: Square) -> Result<Tour, Error> {
    let divide = !board.has_blocked()
        && board.width().min(board.height()) >= huge::MIN_SIDE
        && board.squares() > DIVIDE_SQUARES;
    let options = FindOptions {
        algorithm: if divide {
            Algorithm::Divide
        } else {
            Algorithm::Warnsdorff
        },
        ..FindOptions::default()
    };
    let found = find(board, start, &options)?;
    match (found.tour, found.no_tour) {
        (Some(t), _) => Ok(t),
        (None, why) => Err(Error::NoSolution {
            reason: format!(
                "no open tour of {} from {start}: {}",
                board.size(),
                match why {
                    Some(NoTour::Theorem(r)) => r.to_string(),
                    _ => format!("the search tried all {} nodes", found.nodes),
                }
            ),
        }),
    }
}

/// Hands every tour of `board` from `start` to `visit`, in the seed's move
/// order, until `visit` breaks; returns the search nodes visited. Closed
/// tours only when `closed`. Boards of at most
/// [`enumerate::MAX_SQUARES`](super::enumerate::MAX_SQUARES) squares.
///
/// The same as [`enumerate::for_each_tour`](super::enumerate::for_each_tour).
///
/// # Example
/// The first three of the 304 tours from a1 on 5×5:
/// ```
/// use hetman::{BoardSize, knight::{self, KnightBoard}};
/// use std::ops::ControlFlow;
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let mut tours = Vec::new();
/// knight::list(&board, "a1".parse().unwrap(), false, |t| {
///     tours.push(t.clone());
///     if tours.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// })
/// .unwrap();
/// assert_eq!(tours.len(), 3);
/// assert!(tours.iter().all(|t| knight::check(&board, t, false).is_ok()));
/// ```
pub fn list(
    board: &KnightBoard,
    start: Square,
    closed: bool,
    visit: impl FnMut(&Tour) -> ControlFlow<()>,
) -> Result<u64, Error> {
    enumerate::for_each_tour(board, start, closed, visit)
}

/// Checks that `tour` is a tour of `board` (every free square once, knight's
/// moves only), and a closed one when `closed`: the same as [`Tour::verify`].
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{self, Fault, KnightBoard, Tour}};
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let t = knight::tour(&board, "a1".parse().unwrap()).unwrap();
/// assert_eq!(knight::check(&board, &t, false), Ok(()));
/// assert!(matches!(knight::check(&board, &t, true), Err(Fault::NotClosed { .. })));
/// let bad = Tour::from_moves(board.size(), "a1 b3 a4 c4").unwrap();
/// assert!(matches!(knight::check(&board, &bad, false), Err(Fault::Step { number: 2, .. })));
/// ```
pub fn check(board: &KnightBoard, tour: &Tour, closed: bool) -> Result<(), Fault> {
    tour.verify(board, closed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    #[test]
    fn no_tour_is_an_error_that_says_why() {
        let board = KnightBoard::new(BoardSize::square(3).unwrap()).unwrap();
        let e = tour(&board, Square::new(0, 0)).unwrap_err();
        assert!(matches!(e, Error::NoSolution { .. }), "{e}");
        assert!(e.to_string().contains("no open tour of 3x3 from a1"), "{e}");
    }
}

//! The knight's tour: visit every square of a board once with knight's moves.
//!
//! - [`tour`], [`count`], [`list`] and [`check`]: one tour, the number of
//!   tours ([`TourCount`], with [`CountOptions`]), every tour from a start,
//!   and checking a tour, each with the engine chosen for you.
//! - [`KnightBoard`]: a rectangle with blocked squares, and its moves.
//! - [`Tour`]: a tour, its [verification](Tour::verify), and reading tours
//!   from move lists or numbered boards.
//! - [`find`]: one tour, by the seed's backtracking, by Warnsdorff's rule with
//!   a backtracking fallback, or by a divide-and-conquer construction for
//!   huge boards ([`huge`]).
//! - [`enumerate`]: every tour from a start, to a callback that can stop;
//!   [`count`](enumerate::count) counts them on all cores.
//! - [`feasibility`]: the theorems that say "no tour" without a search.
//! - [`frontier`]: exact tour counts by a frontier dynamic programme.
//!
//! # Example
//! A tour of the 6×6 board, and its 9,862 closed tours:
//! ```
//! use hetman::{BoardSize, knight::{self, CountOptions, KnightBoard}};
//! let board = KnightBoard::new(BoardSize::square(6).unwrap()).unwrap();
//! let tour = knight::tour(&board, "a1".parse().unwrap()).unwrap();
//! assert!(knight::check(&board, &tour, false).is_ok());
//! let closed = knight::count(&board, &CountOptions::closed()).unwrap();
//! assert_eq!(closed.undirected, 9_862u128);
//! ```
//!
//! The seed's 5×5 tour from a5, with the search chosen:
//! ```
//! use hetman::{BoardSize, knight::{find, Algorithm, FindOptions, KnightBoard}};
//! let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
//! let opts = FindOptions { algorithm: Algorithm::Backtracking, ..Default::default() };
//! let found = find(&board, "a5".parse().unwrap(), &opts).unwrap();
//! let tour = found.tour.unwrap();
//! assert!(tour.verify(&board, false).is_ok());
//! assert!(tour.to_board(&board).starts_with("5  1 20 17 12  3\n"));
//! ```

pub(crate) mod backtracking;
pub mod board;
pub mod enumerate;
mod facade;
pub mod feasibility;
pub mod frontier;
pub mod huge;
mod tour;
mod warnsdorff;

pub use board::{KnightBoard, MoveTable, KNIGHT_MOVES};
pub use facade::{
    check, count, count_per_square, list, tour, CountEngine, CountOptions, TourCount,
};
pub use feasibility::Reason;
pub use tour::{Fault, Tour};
pub use warnsdorff::TieBreak;

use crate::{Error, Square};
use backtracking::Order;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How [`find`] looks for a tour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// The seed's recursive search, the moves in the fixed order [`KNIGHT_MOVES`].
    Backtracking,
    /// Warnsdorff's rule (fewest onward moves first) with a tie-break, falling
    /// back to backtracking in the same order when it dead-ends.
    #[default]
    Warnsdorff,
    /// The divide-and-conquer construction of [`huge`] (boards with no blocked
    /// squares and both sides at least [`huge::MIN_SIDE`]).
    Divide,
}

impl Algorithm {
    /// The name used on the command line.
    ///
    /// ```
    /// assert_eq!(hetman::knight::Algorithm::Divide.name(), "divide");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Backtracking => "backtracking",
            Algorithm::Warnsdorff => "warnsdorff",
            Algorithm::Divide => "divide",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Options for [`find`].
#[derive(Clone, Copy, Debug, Default)]
pub struct FindOptions<'a> {
    /// Ask for a closed (re-entrant) tour: the last square a knight's move from the first.
    pub closed: bool,
    /// The search.
    pub algorithm: Algorithm,
    /// The tie-break of Warnsdorff's rule.
    pub tie_break: TieBreak,
    /// Give up (with [`Error::TooLarge`]) after this many nodes.
    pub max_nodes: Option<u64>,
    /// Set from outside to stop the search ([`Error::Interrupted`]).
    pub stop: Option<&'a AtomicBool>,
}

/// Why [`find`] found no tour.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoTour {
    /// A theorem rules it out; no search was made.
    Theorem(Reason),
    /// The search tried everything.
    Exhausted {
        /// Nodes visited.
        nodes: u64,
    },
}

/// What [`find`] found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The tour, verified; `None` when there is none.
    pub tour: Option<Tour>,
    /// Why there is none, when there is none.
    pub no_tour: Option<NoTour>,
    /// Nodes visited by the search (squares entered), or squares laid by a construction.
    pub nodes: u64,
    /// The algorithm that produced the answer.
    pub algorithm: Algorithm,
}

/// Finds one tour of `board` from `start`.
///
/// Theorems are tried first ([`feasibility::no_tour`]); then the search or
/// construction chosen. Every tour returned has passed [`Tour::verify`].
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{find, FindOptions, KnightBoard, NoTour}};
/// let board = KnightBoard::new(BoardSize::square(6).unwrap()).unwrap();
/// let opts = FindOptions { closed: true, ..Default::default() };
/// let tour = find(&board, "a1".parse().unwrap(), &opts).unwrap().tour.unwrap();
/// assert!(tour.is_closed());
/// let board = KnightBoard::new(BoardSize::square(4).unwrap()).unwrap();
/// let f = find(&board, "a1".parse().unwrap(), &FindOptions::default()).unwrap();
/// assert!(matches!(f.no_tour, Some(NoTour::Theorem(_))));
/// ```
pub fn find(board: &KnightBoard, start: Square, options: &FindOptions<'_>) -> Result<Found, Error> {
    let s = start_index(board, start)?;
    if let Some(reason) = feasibility::no_tour(board, s, options.closed) {
        return Ok(Found {
            tour: None,
            no_tour: Some(NoTour::Theorem(reason)),
            nodes: 0,
            algorithm: options.algorithm,
        });
    }
    if options.algorithm == Algorithm::Divide {
        let t = huge::construct(board, start, options.closed)?;
        let nodes = t.len() as u64;
        return finish(board, options, Some(t.into_tour()), nodes);
    }
    let order = match options.algorithm {
        Algorithm::Backtracking => Order::Seed,
        _ => Order::Warnsdorff(options.tie_break),
    };
    let prune = options.algorithm != Algorithm::Backtracking;
    if options.closed && options.algorithm == Algorithm::Warnsdorff {
        // Warnsdorff's open tour, closed by rotations; the closed search below
        // is the fallback.
        let budget = board.free_squares() * 2;
        let r = backtracking::search(board, s, false, order, prune, Some(budget), options.stop);
        if let Ok(out) = r
            && let Some(mut p) = out.path
        {
            let ok = warnsdorff::close_by_rotations(board, &mut p, 100_000);
            if ok {
                let tour = Tour::from_indices(board.size(), p);
                return finish(board, options, Some(tour), out.nodes);
            }
        }
    }
    let out = backtracking::search(
        board,
        s,
        options.closed,
        order,
        prune,
        options.max_nodes,
        options.stop,
    )?;
    let tour = out.path.map(|p| Tour::from_indices(board.size(), p));
    finish(board, options, tour, out.nodes)
}

fn finish(
    board: &KnightBoard,
    options: &FindOptions<'_>,
    tour: Option<Tour>,
    nodes: u64,
) -> Result<Found, Error> {
    if let Some(t) = &tour
        && let Err(fault) = t.verify(board, options.closed)
    {
        // A bug, not bad input: say so loudly rather than print a wrong tour.
        panic!(
            "the {} search produced an invalid tour: {fault}",
            options.algorithm
        );
    }
    let no_tour = tour.is_none().then_some(NoTour::Exhausted { nodes });
    Ok(Found {
        tour,
        no_tour,
        nodes,
        algorithm: options.algorithm,
    })
}

/// The index of `start`, refusing squares off the board or blocked.
pub(crate) fn start_index(board: &KnightBoard, start: Square) -> Result<u32, Error> {
    if !board.size().contains(start) {
        return Err(Error::Square {
            value: start.to_string(),
            reason: format!("off the {} board", board.size()),
        });
    }
    let s = board.index(start);
    if board.is_blocked(s) {
        return Err(Error::Square {
            value: start.to_string(),
            reason: "the start is a blocked square".to_string(),
        });
    }
    Ok(s)
}

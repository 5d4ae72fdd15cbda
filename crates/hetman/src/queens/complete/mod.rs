//! Completing a placement: N queens that keep some given queens and avoid blocked squares.
//!
//! The knight seed lists "squares forbidden from the start" as an extension;
//! the Russian seed forbids queens on both main diagonals of the 8×8 board and
//! finds 12 solutions. A [`Puzzle`] holds the given queens and the blocked
//! squares, on a board of any size up to [`MAX_N`]. Completing a partial
//! placement is NP-complete (I. P. Gent, C. Jefferson and P. Nightingale,
//! *Complexity of n-Queens Completion*, JAIR 59, 2017), so there are three
//! engines, and [`Puzzle::solve`] picks among them ([`Engine::Auto`]):
//!
//! - **local search** ([`Engine::LocalSearch`]): min-conflicts on the free
//!   files around the fixed queens. With few given queens on a big board
//!   (up to about N/10 of them, few blocks) it finds a completion in about
//!   linear time: N = 10^6 in seconds. It proves nothing; when it stalls the
//!   exact search takes over.
//! - **the exact search** ([`Engine::Exact`]): wide bitsets (any N up to
//!   [`EXACT_MAX_N`]), ranks and files alike as all-different constraints with
//!   counts of free squares, forced moves first, a perfect-matching check
//!   (Hall's condition) at every node, the line with the fewest free squares
//!   next; restarts with randomised tie-breaking when finding one. It finds a
//!   completion or proves there is none. On boards up to 64 it makes the
//!   root's propagation (and its proofs) only, and the search that finds a
//!   completion runs on `u64` masks: files and ranks alike, the fewest free
//!   squares first, forced moves, forward checking, a node in 64 bytes
//!   copied on the way down and no trail (`fast.rs`; several times faster on
//!   heavily blocked boards, where the matching and the restarts did not pay).
//! - **the bitmask search** ([`Engine::Bitmask`], N ≤ 64): one `u64` per
//!   file, the least work per node; used to list completions in order on
//!   small boards, and to count on small loosely constrained boards.
//!
//! [`Puzzle::count`] counts every completion, [`Puzzle::for_each`] walks them
//! in lexicographic order of the code (the order of `queens list`), and
//! [`Puzzle::for_each_unique`] groups them into symmetry classes.
//! [`parse_instance`] reads the plain text format of `queens complete
//! --instance` ([`Puzzle::to_instance`] writes it).
//!
//! # Example
//! ```
//! use hetman::queens::complete::Puzzle;
//! use hetman::Square;
//! // The Russian seed: no queen on either main diagonal of the 8x8 board.
//! let mut p = Puzzle::new(8).unwrap();
//! for i in 0..8 {
//!     p.block(Square::new(i, i)).unwrap();
//!     p.block(Square::new(i, 7 - i)).unwrap();
//! }
//! assert_eq!(p.count(), 12);
//! assert_eq!(p.count_unique(), 2);
//! ```

mod enumerate;
mod exact;
mod fast;
mod instance;
mod repair;
mod small;
mod solve;

pub use instance::{parse_instance, Instance};

use super::Placement;
use crate::board::{file_name, MAX_SIDE};
use crate::{Error, Square, Symmetry};
use exact::{End, Exact, Line, Order, Prop};
use std::collections::BTreeSet;
use std::fmt;
use std::ops::ControlFlow;

/// The largest N a puzzle may have: the largest board side whose squares
/// have names ([`crate::board::MAX_SIDE`]).
pub const MAX_N: usize = MAX_SIDE as usize;

/// The largest N of the exact search: it keeps two bitsets of N × N bits
/// (64 MiB at this N).
pub const EXACT_MAX_N: usize = 16_384;

const NONE: u32 = u32::MAX;

/// Nodes of the first run of a restarting search; each restart doubles it.
const RESTART_NODES: u64 = 4_000;

/// N queens to place, some given and some squares blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    n: usize,
    /// The given queen's rank on each file, if any.
    given: Vec<Option<u32>>,
    /// Blocked squares as (file, rank).
    blocked: BTreeSet<(u32, u32)>,
}

/// A symmetry class of completions, as [`Puzzle::for_each_unique`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Class {
    /// How many completions of the puzzle are in the class (the images of the
    /// solution that keep the given queens and avoid the blocked squares).
    pub completions: usize,
    /// How many distinct images the solution has at all: 8, 4, 2 or 1.
    pub class_size: usize,
}

/// Which search [`Puzzle::solve`] and [`Puzzle::count_with`] use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// Local search first where it suits the puzzle, then the exact search
    /// (the bitmask search for counts on small, loosely constrained boards).
    #[default]
    Auto,
    /// The exact search with propagation ([`EXACT_MAX_N`]).
    Exact,
    /// The bitmask search (N ≤ 64).
    Bitmask,
    /// Local search only: finds completions, proves nothing.
    LocalSearch,
}

impl Engine {
    /// The engine's name, as `--json` prints it.
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Engine::Exact.name(), "exact");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Exact => "exact",
            Engine::Bitmask => "bitmask",
            Engine::LocalSearch => "local-search",
        }
    }
}

/// How to solve: the engine, the seed of the random choices, restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The engine.
    pub engine: Engine,
    /// The seed of the local search and of the restarts' tie-breaking.
    pub seed: u64,
    /// Restart the exact search with randomised tie-breaking after
    /// 4,000 nodes, then 8,000, ... (finding only, N above 64: the search on
    /// `u64` masks does not restart; the search stays exact).
    pub restarts: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engine: Engine::Auto,
            seed: 0,
            restarts: true,
        }
    }
}

/// The work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Queens the search placed by choice (branches tried).
    pub nodes: u64,
    /// Branches that propagation closed (an empty line or no matching).
    pub fails: u64,
    /// Queens placed because a file or rank had one free square left.
    pub forced: u64,
    /// Completions reached.
    pub solutions: u64,
    /// Restarts of the exact search, or fresh starts of the local search.
    pub restarts: u64,
    /// Swaps made by the local search.
    pub swaps: u64,
}

/// Why a puzzle has no completion.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Proof {
    /// The given queens attack each other, or one stands on a blocked square.
    Clash(String),
    /// A file or rank has no free square once the given queens and the
    /// queens they force are placed (`"file c"`, `"rank 5"`).
    Empty(String),
    /// Every open file and rank has a free square, but the free squares
    /// cannot hold one queen per open file and rank (ignoring diagonals).
    NoMatching {
        /// How many files (and ranks) are open.
        open: usize,
    },
    /// The search tried everything (see the nodes in [`Stats`]).
    Exhausted,
}

impl Proof {
    /// Whether the reason is short to state (everything but [`Proof::Exhausted`]).
    ///
    /// ```
    /// use hetman::queens::complete::Proof;
    /// assert!(!Proof::Exhausted.is_simple());
    /// ```
    #[must_use]
    pub fn is_simple(&self) -> bool {
        !matches!(self, Proof::Exhausted)
    }
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Proof::Clash(why) => f.write_str(why),
            Proof::Empty(line) => write!(
                f,
                "{line} has no free square once the given queens, and the queens they force, are placed"
            ),
            Proof::NoMatching { open } => write!(
                f,
                "the free squares cannot hold one queen on each of the {open} open files and ranks \
                 (some files have fewer free ranks between them than there are files)"
            ),
            Proof::Exhausted => {
                f.write_str("the search tried every placement of the other queens")
            }
        }
    }
}

/// The answer of [`Puzzle::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// A completion (it has passed the checker).
    Found(Placement),
    /// There is none, and why.
    None(Proof),
    /// The local search gave up and the exact search cannot take the board
    /// (N above [`EXACT_MAX_N`], or [`Engine::LocalSearch`] was asked for).
    Unknown(String),
}

/// What [`Puzzle::solve`] found, which engine found it, and the work done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The answer.
    pub answer: Answer,
    /// The engine that gave the answer.
    pub engine: Engine,
    /// The work done (by every engine tried).
    pub stats: Stats,
}

impl Puzzle {
    /// An N × N board with no queens given and no squares blocked.
    ///
    /// # Errors
    /// [`Error::TooLarge`] above [`MAX_N`], [`Error::Size`] for 0.
    ///
    /// ```
    /// let p = hetman::queens::complete::Puzzle::new(6).unwrap();
    /// assert_eq!(p.count(), 4);
    /// assert!(hetman::queens::complete::Puzzle::new(0).is_err());
    /// ```
    pub fn new(n: usize) -> Result<Self, Error> {
        if n == 0 {
            return Err(Error::Size {
                value: n.to_string(),
                reason: "N must be at least 1".into(),
            });
        }
        if n > MAX_N {
            return Err(Error::TooLarge {
                reason: format!(
                    "completing a placement takes N up to {MAX_N} (the largest board whose squares have names), not {n}"
                ),
            });
        }
        Ok(Puzzle {
            n,
            given: vec![None; n],
            blocked: BTreeSet::new(),
        })
    }

    /// A puzzle from lists of squares, strictly: a square given twice,
    /// blocked twice, both given and blocked, two given queens on one file or
    /// attacking each other are errors (where [`Puzzle::give`] and
    /// [`Puzzle::block`] accept repeats, and a clash just leaves no completion).
    ///
    /// # Errors
    /// [`Error::Square`] naming the square, [`Error::Placement`] naming two
    /// given queens that attack each other, or the errors of [`Puzzle::new`].
    ///
    /// ```
    /// use hetman::queens::complete::Puzzle;
    /// let sq = |s: &str| s.parse::<hetman::Square>().unwrap();
    /// assert!(Puzzle::from_squares(8, &[sq("a1")], &[sq("b3")]).is_ok());
    /// let e = Puzzle::from_squares(8, &[sq("a1")], &[sq("a1")]).unwrap_err();
    /// assert!(e.to_string().contains("both given and blocked"));
    /// let e = Puzzle::from_squares(8, &[sq("a1"), sq("c3")], &[]).unwrap_err();
    /// assert!(e.to_string().contains("a1 and c3 attack each other"));
    /// ```
    pub fn from_squares(n: usize, given: &[Square], blocked: &[Square]) -> Result<Self, Error> {
        let mut p = Puzzle::new(n)?;
        let twice = |sq: Square, what: &str| Error::Square {
            value: sq.to_string(),
            reason: format!("it is {what} twice"),
        };
        for &sq in given {
            p.on_board(sq)?;
            if p.given[sq.file() as usize] == Some(sq.rank()) {
                return Err(twice(sq, "given"));
            }
            p.give(sq)?;
        }
        for &sq in blocked {
            p.on_board(sq)?;
            if p.given[sq.file() as usize] == Some(sq.rank()) {
                return Err(Error::Square {
                    value: sq.to_string(),
                    reason: "it is both given and blocked".into(),
                });
            }
            if !p.blocked.insert((sq.file(), sq.rank())) {
                return Err(twice(sq, "blocked"));
            }
        }
        if let Some(why) = p.clash() {
            return Err(Error::placement(why));
        }
        Ok(p)
    }

    /// N.
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Puzzle::new(6).unwrap().n(), 6);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    fn on_board(&self, sq: Square) -> Result<(), Error> {
        if sq.is_on(self.n as u32, self.n as u32) {
            Ok(())
        } else {
            Err(Error::Square {
                value: sq.to_string(),
                reason: format!(
                    "it is off the {n}x{n} board (files a-{}, ranks 1-{n})",
                    file_name(self.n as u32 - 1),
                    n = self.n
                ),
            })
        }
    }

    /// Gives a queen that every completion must keep (giving the same square again does nothing).
    ///
    /// # Errors
    /// [`Error::Square`] for a square off the board, or on a file that already has a given queen.
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(8).unwrap();
    /// p.give(Square::new(0, 0)).unwrap(); // a1
    /// assert_eq!(p.count(), 4);
    /// assert!(p.give(Square::new(0, 3)).is_err());
    /// ```
    pub fn give(&mut self, sq: Square) -> Result<(), Error> {
        self.on_board(sq)?;
        match self.given[sq.file() as usize] {
            Some(r) if r != sq.rank() => Err(Error::Square {
                value: sq.to_string(),
                reason: format!(
                    "file {} already has a given queen on {}: a placement has one queen on each file",
                    file_name(sq.file()),
                    Square::new(sq.file(), r)
                ),
            }),
            _ => {
                self.given[sq.file() as usize] = Some(sq.rank());
                Ok(())
            }
        }
    }

    /// Forbids a square to every queen (blocking it again does nothing).
    ///
    /// # Errors
    /// [`Error::Square`] for a square off the board.
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(4).unwrap();
    /// p.block(Square::new(0, 1)).unwrap(); // a2
    /// assert_eq!(p.count(), 1);
    /// ```
    pub fn block(&mut self, sq: Square) -> Result<(), Error> {
        self.on_board(sq)?;
        self.blocked.insert((sq.file(), sq.rank()));
        Ok(())
    }

    /// Two given queens that attack each other, in O(N).
    fn clash(&self) -> Option<String> {
        let n = self.n;
        let mut rank = vec![NONE; n];
        let mut down = vec![NONE; 2 * n - 1];
        let mut up = vec![NONE; 2 * n - 1];
        for b in self.given_squares() {
            let (f, r) = (b.file() as usize, b.rank() as usize);
            for (owner, line) in [
                (&mut rank[r], "rank"),
                (&mut down[f + n - 1 - r], "diagonal"),
                (&mut up[f + r], "diagonal"),
            ] {
                if *owner != NONE {
                    let a = Square::new(*owner, self.given[*owner as usize]?);
                    return Some(format!(
                        "the given queens {a} and {b} attack each other along a {line}"
                    ));
                }
                *owner = f as u32;
            }
        }
        None
    }

    /// Why the puzzle has no completion, when that is plain before any search:
    /// a given queen on a blocked square, or two given queens that attack each other.
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(8).unwrap();
    /// p.give(Square::new(0, 0)).unwrap();
    /// p.give(Square::new(2, 2)).unwrap();
    /// assert!(p.obstacle().unwrap().contains("a1 and c3"));
    /// ```
    #[must_use]
    pub fn obstacle(&self) -> Option<String> {
        if let Some(a) = self
            .given_squares()
            .find(|a| self.is_blocked(a.file(), a.rank()))
        {
            return Some(format!("the given queen {a} stands on a blocked square"));
        }
        self.clash()
    }

    /// The given queens, in file order.
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(8).unwrap();
    /// p.give("c4".parse().unwrap()).unwrap();
    /// assert_eq!(p.given_squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["c4"]);
    /// ```
    pub fn given_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.given
            .iter()
            .enumerate()
            .filter_map(|(f, r)| r.map(|r| Square::new(f as u32, r)))
    }

    /// The blocked squares, in file order.
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(8).unwrap();
    /// p.block("c4".parse().unwrap()).unwrap();
    /// p.block("a2".parse().unwrap()).unwrap();
    /// assert_eq!(p.blocked_squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["a2", "c4"]);
    /// ```
    pub fn blocked_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.blocked.iter().map(|&(f, r)| Square::new(f, r))
    }

    pub(crate) fn blocked_pairs(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.blocked.iter().copied()
    }

    #[inline]
    pub(crate) fn given_rank(&self, f: usize) -> Option<u32> {
        self.given[f]
    }

    #[inline]
    pub(crate) fn is_blocked(&self, f: u32, r: u32) -> bool {
        !self.blocked.is_empty() && self.blocked.contains(&(f, r))
    }

    /// Whether a placement keeps the given queens and avoids the blocked squares
    /// (whether or not it is a solution).
    ///
    /// ```
    /// use hetman::{queens::{complete::Puzzle, Placement}, Square};
    /// let mut p = Puzzle::new(4).unwrap();
    /// p.give(Square::new(0, 1)).unwrap(); // a2
    /// assert!(p.allows(&"2 4 1 3".parse::<Placement>().unwrap()));
    /// assert!(!p.allows(&"3 1 4 2".parse::<Placement>().unwrap()));
    /// ```
    #[must_use]
    pub fn allows(&self, p: &Placement) -> bool {
        p.n() == self.n
            && self
                .given_squares()
                .all(|g| p.ranks()[g.file() as usize] == g.rank())
            && self
                .blocked
                .iter()
                .all(|&(f, r)| p.ranks()[f as usize] != r)
    }

    /// The exact search with the given queens placed, and what the root's
    /// propagation left (`None` if a given queen is on an attacked or blocked square).
    fn exact(&self, seed: u64) -> Option<(Exact, Prop)> {
        let mut e = Exact::new(self.n, self.blocked_pairs(), seed);
        for g in self.given_squares() {
            let (f, r) = (g.file() as usize, g.rank() as usize);
            if !e.is_free(f, r) {
                return None;
            }
            e.place(f, r);
        }
        let prop = e.propagate();
        e.set_root();
        Some((e, prop))
    }

    fn too_large_for_exact(&self) -> Error {
        Error::TooLarge {
            reason: format!(
                "the exact completion search keeps two {n}x{n} bitsets and takes N up to {EXACT_MAX_N}, not {n}",
                n = self.n
            ),
        }
    }

    fn line_name(line: Line) -> String {
        match line {
            Line::File(f) => format!("file {}", file_name(f)),
            Line::Rank(r) => format!("rank {}", u64::from(r) + 1),
        }
    }

    fn given_count(&self) -> usize {
        self.given.iter().filter(|g| g.is_some()).count()
    }

    /// The puzzle in the plain text format of [`parse_instance`].
    ///
    /// ```
    /// use hetman::queens::complete::{parse_instance, Puzzle};
    /// let mut p = Puzzle::new(8).unwrap();
    /// p.give("a1".parse().unwrap()).unwrap();
    /// p.block("c2".parse().unwrap()).unwrap();
    /// assert_eq!(p.to_instance(), "n 8\ngiven a1\nblocked c2\n");
    /// assert_eq!(parse_instance(&p.to_instance()).unwrap().puzzle().unwrap(), p);
    /// ```
    #[must_use]
    pub fn to_instance(&self) -> String {
        let mut s = format!("n {}\n", self.n);
        let lines = |name: &str, squares: Vec<Square>| -> String {
            squares
                .chunks(16)
                .map(|c| {
                    let words: Vec<String> = c.iter().map(Square::to_string).collect();
                    format!("{name} {}\n", words.join(" "))
                })
                .collect()
        };
        s += &lines("given", self.given_squares().collect());
        s += &lines("blocked", self.blocked_squares().collect());
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n_64_works() {
        let mut p = Puzzle::new(64).unwrap();
        p.give(Square::new(63, 63)).unwrap();
        p.block(Square::new(0, 0)).unwrap();
        let s = p.find().unwrap();
        assert!(s.is_solution() && p.allows(&s));
    }

    #[test]
    fn engines_agree_on_small_counts() {
        let mut p = Puzzle::new(9).unwrap();
        p.block(Square::new(4, 4)).unwrap();
        p.give(Square::new(0, 2)).unwrap();
        let (a, _) = p
            .count_with(Engine::Exact, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        let (b, _) = p
            .count_with(Engine::Bitmask, &mut |_| ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(a, b);
    }
}

//! Completing a placement: N queens that keep some given queens and avoid blocked squares.
//!
//! The knight seed lists "squares forbidden from the start" as an extension;
//! the Russian seed forbids queens on both main diagonals of the 8×8 board and
//! finds 12 solutions. A [`Puzzle`] holds the given queens and the blocked
//! squares; its searches are the bitboard backtracking of
//! [`search::bitboard`](super::search::bitboard) with one mask of allowed ranks
//! per file. Ranks fit a `u64` and diagonals a `u128`, so N is at most 64
//! ([`MAX_N`]).
//!
//! - [`Puzzle::find`] takes at each step the file with the fewest free ranks
//!   (most constrained first), which finds one completion, or proves there is
//!   none, far faster than file order on large boards;
//! - [`Puzzle::count`] counts every completion in the same way;
//! - [`Puzzle::for_each`] walks the completions in lexicographic order of the
//!   code, the order of `queens list`;
//! - [`Puzzle::for_each_unique`] groups the completions into symmetry classes.
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

use super::Placement;
use crate::board::file_name;
use crate::{Error, Square, Symmetry};
use std::ops::ControlFlow;

/// The largest N a puzzle may have: one bit per rank in a `u64`.
pub const MAX_N: usize = 64;

/// N queens to place, some given and some squares blocked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    n: usize,
    /// The given queen's rank on each file, if any.
    given: Vec<Option<u32>>,
    /// Blocked ranks on each file.
    blocked: Vec<u64>,
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

/// The search state: queens placed so far on ranks and diagonals.
#[derive(Clone, Copy)]
struct State {
    ranks: u64,
    /// Diagonal `f + n - 1 - r` taken.
    down: u128,
    /// Anti-diagonal `f + r` taken.
    up: u128,
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
    /// assert!(hetman::queens::complete::Puzzle::new(65).is_err());
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
                    "completing a placement searches with one 64-bit mask per file and takes N up to {MAX_N}, not {n}"
                ),
            });
        }
        Ok(Puzzle {
            n,
            given: vec![None; n],
            blocked: vec![0; n],
        })
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

    /// Gives a queen that every completion must keep.
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

    /// Forbids a square to every queen.
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
        self.blocked[sq.file() as usize] |= 1 << sq.rank();
        Ok(())
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
        let given: Vec<Square> = self.given_squares().collect();
        for (i, &a) in given.iter().enumerate() {
            if self.blocked[a.file() as usize] >> a.rank() & 1 != 0 {
                return Some(format!("the given queen {a} stands on a blocked square"));
            }
            for &b in &given[i + 1..] {
                let line = if a.rank() == b.rank() {
                    "rank"
                } else if a.file().abs_diff(b.file()) == a.rank().abs_diff(b.rank()) {
                    "diagonal"
                } else {
                    continue;
                };
                return Some(format!(
                    "the given queens {a} and {b} attack each other along a {line}"
                ));
            }
        }
        None
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
            && p.ranks().iter().enumerate().all(|(f, &r)| {
                self.blocked[f] >> r & 1 == 0 && self.given[f].map_or(true, |g| g == r)
            })
    }

    fn full(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1 << self.n) - 1
        }
    }

    /// The starting state and the allowed ranks per file, or `None` if the
    /// given queens already clash.
    fn setup(&self, ranks: &mut [u32; MAX_N]) -> Option<(State, [u64; MAX_N], u64)> {
        if self.obstacle().is_some() {
            return None;
        }
        let mut s = State {
            ranks: 0,
            down: 0,
            up: 0,
        };
        let mut allowed = [0u64; MAX_N];
        let mut open = 0u64;
        for f in 0..self.n {
            match self.given[f] {
                Some(r) => {
                    ranks[f] = r;
                    s = self.put(s, f, r);
                }
                None => {
                    allowed[f] = self.full() & !self.blocked[f];
                    open |= 1 << f;
                }
            }
        }
        Some((s, allowed, open))
    }

    #[inline]
    fn put(&self, s: State, f: usize, r: u32) -> State {
        State {
            ranks: s.ranks | 1 << r,
            down: s.down | 1 << (f + self.n - 1 - r as usize),
            up: s.up | 1 << (f + r as usize),
        }
    }

    /// The ranks still free on file `f`.
    #[inline]
    fn free(&self, s: State, allowed: u64, f: usize) -> u64 {
        let full = self.full();
        let up = (s.up >> f) as u64 & full;
        // Bit k of (down >> f) is the diagonal of rank n - 1 - k: reverse the low n bits.
        let down = ((s.down >> f) as u64).reverse_bits() >> (64 - self.n);
        allowed & !s.ranks & !up & !down
    }

    /// Finds one completion, or proves there is none (`None`).
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(40).unwrap();
    /// p.give(Square::new(0, 0)).unwrap();
    /// let sol = p.find().unwrap();
    /// assert!(sol.is_solution() && p.allows(&sol));
    /// ```
    #[must_use]
    pub fn find(&self) -> Option<Placement> {
        let mut ranks = [0u32; MAX_N];
        let (s, allowed, open) = self.setup(&mut ranks)?;
        let mut found = None;
        let _ = self.most_constrained(s, &allowed, open, &mut ranks, &mut |r| {
            found = Some(Placement::from_ranks_unchecked(r));
            ControlFlow::Break(())
        });
        found
    }

    /// Counts every completion.
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Puzzle::new(8).unwrap().count(), 92);
    /// ```
    #[must_use]
    pub fn count(&self) -> u64 {
        let mut ranks = [0u32; MAX_N];
        let Some((s, allowed, open)) = self.setup(&mut ranks) else {
            return 0;
        };
        let mut total = 0;
        let _ = self.most_constrained(s, &allowed, open, &mut ranks, &mut |_| {
            total += 1;
            ControlFlow::Continue(())
        });
        total
    }

    /// Most-constrained-file-first search; hands each completion to `visit`.
    fn most_constrained(
        &self,
        s: State,
        allowed: &[u64; MAX_N],
        open: u64,
        ranks: &mut [u32; MAX_N],
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if open == 0 {
            return visit(&ranks[..self.n]);
        }
        let (mut best_f, mut best_free, mut best_pop) = (0, 0, u32::MAX);
        let mut rest = open;
        while rest != 0 {
            let f = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let free = self.free(s, allowed[f], f);
            let pop = free.count_ones();
            if pop < best_pop {
                (best_f, best_free, best_pop) = (f, free, pop);
                if pop <= 1 {
                    break;
                }
            }
        }
        let mut free = best_free;
        while free != 0 {
            let r = free.trailing_zeros();
            free &= free - 1;
            ranks[best_f] = r;
            self.most_constrained(
                self.put(s, best_f, r),
                allowed,
                open & !(1 << best_f),
                ranks,
                visit,
            )?;
        }
        ControlFlow::Continue(())
    }

    /// File-order search (lexicographic order of the code).
    fn in_order(
        &self,
        s: State,
        allowed: &[u64; MAX_N],
        open: u64,
        ranks: &mut [u32; MAX_N],
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if open == 0 {
            return visit(&ranks[..self.n]);
        }
        let f = open.trailing_zeros() as usize;
        let mut free = self.free(s, allowed[f], f);
        while free != 0 {
            let r = free.trailing_zeros();
            free &= free - 1;
            ranks[f] = r;
            self.in_order(self.put(s, f, r), allowed, open & !(1 << f), ranks, visit)?;
        }
        ControlFlow::Continue(())
    }

    /// Hands every completion to `visit` in lexicographic order of the code
    /// (the order of `queens list`), until `visit` breaks.
    ///
    /// ```
    /// use hetman::queens::complete::Puzzle;
    /// use std::ops::ControlFlow;
    /// let mut codes = Vec::new();
    /// Puzzle::new(4).unwrap().for_each(|p| {
    ///     codes.push(p.to_string());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(codes, ["2 4 1 3", "3 1 4 2"]);
    /// ```
    pub fn for_each<F>(&self, mut visit: F)
    where
        F: FnMut(&Placement) -> ControlFlow<()>,
    {
        let mut ranks = [0u32; MAX_N];
        let Some((s, allowed, open)) = self.setup(&mut ranks) else {
            return;
        };
        let _ = self.in_order(s, &allowed, open, &mut ranks, &mut |r| {
            visit(&Placement::from_ranks_unchecked(r))
        });
    }

    /// The class of a completion among the completions: `Some` if `p` is the
    /// smallest completion of its symmetry class (its representative).
    fn representative(&self, p: &Placement) -> Option<Class> {
        let mut images: Vec<Placement> = Symmetry::ALL
            .iter()
            .map(|&s| p.image(s).expect("a solution has one queen on each rank"))
            .collect();
        images.sort();
        images.dedup();
        let class_size = images.len();
        let mut completions = images.into_iter().filter(|q| self.allows(q));
        // The smallest image that is a completion must be p itself.
        (completions.next().as_ref() == Some(p)).then(|| Class {
            completions: 1 + completions.count(),
            class_size,
        })
    }

    /// Hands one completion per symmetry class to `visit`: the smallest
    /// completion of the class, with how many completions and images the class
    /// has. Without blocked squares or given queens this is `queens list --unique`;
    /// with them, two completions are in one class when a rotation or
    /// reflection maps one onto the other.
    ///
    /// ```
    /// use hetman::queens::complete::Puzzle;
    /// use std::ops::ControlFlow;
    /// let mut sizes = Vec::new();
    /// Puzzle::new(8).unwrap().for_each_unique(|_, class| {
    ///     sizes.push(class.completions);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((sizes.len(), sizes.iter().sum::<usize>()), (12, 92));
    /// ```
    pub fn for_each_unique<F>(&self, mut visit: F)
    where
        F: FnMut(&Placement, Class) -> ControlFlow<()>,
    {
        self.for_each(|p| match self.representative(p) {
            Some(class) => visit(p, class),
            None => ControlFlow::Continue(()),
        });
    }

    /// Counts the symmetry classes of the completions ([`Puzzle::for_each_unique`]).
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Puzzle::new(8).unwrap().count_unique(), 12);
    /// ```
    #[must_use]
    pub fn count_unique(&self) -> u64 {
        let mut classes = 0;
        self.for_each_unique(|_, _| {
            classes += 1;
            ControlFlow::Continue(())
        });
        classes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_masks_match_a_direct_check() {
        let mut p = Puzzle::new(7).unwrap();
        p.give(Square::new(2, 3)).unwrap();
        p.give(Square::new(5, 1)).unwrap();
        let mut ranks = [0; MAX_N];
        let (s, allowed, _) = p.setup(&mut ranks).unwrap();
        for f in [0usize, 1, 3, 4, 6] {
            let free = p.free(s, allowed[f], f);
            for r in 0..7u32 {
                let attacked = p.given_squares().any(|q| {
                    q.rank() == r
                        || (q.file() as usize).abs_diff(f) == q.rank().abs_diff(r) as usize
                });
                assert_eq!(free >> r & 1 == 0, attacked, "file {f} rank {r}");
            }
        }
    }

    #[test]
    fn n_64_works() {
        let mut p = Puzzle::new(64).unwrap();
        p.give(Square::new(63, 63)).unwrap();
        p.block(Square::new(0, 0)).unwrap();
        let s = p.find().unwrap();
        assert!(s.is_solution() && p.allows(&s));
    }
}

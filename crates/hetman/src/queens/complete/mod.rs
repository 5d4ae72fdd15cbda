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
//!   completion or proves there is none.
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

mod exact;
mod instance;
mod repair;
mod small;

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
    /// 4,000 nodes, then 8,000, ... (finding only; the search stays exact).
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

    /// Finds a completion, or proves there is none, with the engines `opts` asks for.
    ///
    /// Every completion returned has passed the library's checker and keeps
    /// the puzzle's rules.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when [`Engine::Exact`] is asked for above
    /// [`EXACT_MAX_N`], or [`Engine::Bitmask`] above 64.
    ///
    /// ```
    /// use hetman::queens::complete::{Answer, Options, Proof, Puzzle};
    /// use hetman::Square;
    /// let mut p = Puzzle::new(200).unwrap();
    /// p.give(Square::new(0, 0)).unwrap();
    /// let out = p.solve(&Options::default()).unwrap();
    /// let Answer::Found(sol) = out.answer else { panic!() };
    /// assert!(sol.is_solution() && p.allows(&sol));
    /// // Rank 1 blocked on every file but a, and a1 attacked from b2.
    /// let mut q = Puzzle::new(8).unwrap();
    /// for f in 1..8 {
    ///     q.block(Square::new(f, 0)).unwrap();
    /// }
    /// q.give(Square::new(1, 1)).unwrap();
    /// let out = q.solve(&Options::default()).unwrap();
    /// assert_eq!(out.answer, Answer::None(Proof::Empty("rank 1".into())));
    /// ```
    pub fn solve(&self, opts: &Options) -> Result<Outcome, Error> {
        let mut stats = Stats::default();
        if let Some(why) = self.obstacle() {
            return Ok(Outcome {
                answer: Answer::None(Proof::Clash(why)),
                engine: opts.engine,
                stats,
            });
        }
        let local = match opts.engine {
            Engine::LocalSearch => true,
            Engine::Auto => {
                self.n >= 32 && self.given_count() <= self.n / 4 && self.blocked.len() <= self.n
            }
            _ => false,
        };
        // The root's propagation settles some puzzles at once (a rank or file
        // left empty, no matching): before any local search, on boards where
        // it costs little next to it (O(N^2 / 64) to set up).
        if local && self.n <= 2048 && opts.engine == Engine::Auto {
            if let Some((e, prop)) = self.exact(opts.seed) {
                let proof = match prop {
                    Prop::Empty(l) => Some(Proof::Empty(Self::line_name(l))),
                    Prop::NoMatching => Some(Proof::NoMatching {
                        open: self.n - self.given_count() - e.stats.forced as usize,
                    }),
                    _ => None,
                };
                if let Some(proof) = proof {
                    return Ok(Outcome {
                        answer: Answer::None(proof),
                        engine: Engine::Exact,
                        stats: e.stats,
                    });
                }
            }
        }
        if local && self.n >= 4 {
            let tries = if opts.engine == Engine::LocalSearch {
                10
            } else {
                3
            };
            if let Some(rep) = repair::repair(self, opts.seed, tries) {
                stats.swaps = rep.swaps;
                stats.restarts = rep.restarts;
                let p = self.checked(&rep.ranks);
                return Ok(Outcome {
                    answer: Answer::Found(p),
                    engine: Engine::LocalSearch,
                    stats,
                });
            }
            stats.restarts = u64::from(tries);
        }
        if opts.engine == Engine::LocalSearch {
            return Ok(Outcome {
                answer: Answer::Unknown("the local search stalled on every try".into()),
                engine: Engine::LocalSearch,
                stats,
            });
        }
        if opts.engine == Engine::Bitmask {
            if self.n > small::MAX_N {
                return Err(Error::TooLarge {
                    reason: format!("the bitmask search takes N up to 64, not {}", self.n),
                });
            }
            let mut s = small::Small::new(self).expect("no obstacle");
            let mut found = None;
            let _ = s.most_constrained(&mut |r| {
                found = Some(r.to_vec());
                ControlFlow::Break(())
            });
            stats.nodes = s.nodes;
            let answer = match found {
                Some(r) => Answer::Found(self.checked(&r)),
                None => Answer::None(Proof::Exhausted),
            };
            return Ok(Outcome {
                answer,
                engine: Engine::Bitmask,
                stats,
            });
        }
        if self.n > EXACT_MAX_N {
            if opts.engine == Engine::Exact {
                return Err(self.too_large_for_exact());
            }
            return Ok(Outcome {
                answer: Answer::Unknown(format!(
                    "the local search stalled, and the exact search takes N up to {EXACT_MAX_N}"
                )),
                engine: Engine::LocalSearch,
                stats,
            });
        }
        let (answer, exact_stats) = self.exact_find(opts);
        let restarts = stats.restarts;
        stats = exact_stats;
        stats.restarts += restarts;
        Ok(Outcome {
            answer,
            engine: Engine::Exact,
            stats,
        })
    }

    /// The placement of `ranks`, checked (a failure is a bug in an engine).
    fn checked(&self, ranks: &[u32]) -> Placement {
        let p = Placement::from_ranks_unchecked(ranks);
        assert!(
            super::check(&p).is_solution() && self.allows(&p),
            "internal error: a completion engine produced {p}, which is not a completion"
        );
        p
    }

    fn exact_find(&self, opts: &Options) -> (Answer, Stats) {
        let Some((mut e, prop)) = self.exact(opts.seed) else {
            return (
                Answer::None(Proof::Clash("the given queens clash".into())),
                Stats::default(),
            );
        };
        let mut line = match prop {
            Prop::Solved => return (Answer::Found(self.checked(e.ranks())), e.stats),
            Prop::Empty(l) => return (Answer::None(Proof::Empty(Self::line_name(l))), e.stats),
            Prop::NoMatching => {
                let open = self.n - self.given_count() - e.stats.forced as usize;
                return (Answer::None(Proof::NoMatching { open }), e.stats);
            }
            Prop::Branch(l) => l,
        };
        let mut limit = if opts.restarts {
            RESTART_NODES
        } else {
            u64::MAX
        };
        loop {
            let mut found = None;
            let end = e.run(
                line,
                limit,
                &mut |r| {
                    found = Some(r.to_vec());
                    ControlFlow::Break(())
                },
                &mut |_| ControlFlow::Continue(()),
            );
            match end {
                End::Stopped => {
                    let r = found.expect("the search stops only at a completion");
                    return (Answer::Found(self.checked(&r)), e.stats);
                }
                End::Done => return (Answer::None(Proof::Exhausted), e.stats),
                End::Limit => {
                    e.stats.restarts += 1;
                    e.randomize = true;
                    limit = limit.saturating_mul(2);
                    e.reset();
                    line = match e.propagate() {
                        Prop::Branch(l) => l,
                        other => unreachable!("the root propagated to {other:?} before"),
                    };
                }
            }
        }
    }

    /// Finds one completion, or proves there is none (`None`), with
    /// [`Engine::Auto`]. On boards above [`EXACT_MAX_N`], `None` can also
    /// mean that the local search gave up: [`Puzzle::solve`] tells the two apart.
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
        match self.solve(&Options::default()) {
            Ok(Outcome {
                answer: Answer::Found(p),
                ..
            }) => Some(p),
            _ => None,
        }
    }

    /// The engine [`Engine::Auto`] counts with: the bitmask search on boards
    /// up to 16, or up to 64 with few blocked squares, else the exact search.
    fn count_engine(&self, engine: Engine) -> Engine {
        match engine {
            Engine::Auto | Engine::LocalSearch => {
                if self.n <= 16 || (self.n <= small::MAX_N && self.blocked.len() <= 2 * self.n) {
                    Engine::Bitmask
                } else {
                    Engine::Exact
                }
            }
            e => e,
        }
    }

    /// Counts every completion.
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Puzzle::new(8).unwrap().count(), 92);
    /// ```
    #[must_use]
    pub fn count(&self) -> u64 {
        self.count_with(Engine::Auto, &mut |_| ControlFlow::Continue(()))
            .map_or(0, |(c, _)| c)
    }

    /// Counts every completion with `engine`, calling `tick` with the work so
    /// far every 65,536 nodes of the exact search (it may stop the count; the
    /// bitmask search, for small boards, does not call it).
    ///
    /// # Errors
    /// [`Error::Interrupted`] if `tick` stopped it; [`Error::TooLarge`] when
    /// the engine cannot take N.
    ///
    /// ```
    /// use hetman::queens::complete::{Engine, Puzzle};
    /// use std::ops::ControlFlow;
    /// let p = Puzzle::new(8).unwrap();
    /// for e in [Engine::Exact, Engine::Bitmask] {
    ///     let (count, _) = p.count_with(e, &mut |_| ControlFlow::Continue(())).unwrap();
    ///     assert_eq!(count, 92);
    /// }
    /// ```
    pub fn count_with(
        &self,
        engine: Engine,
        tick: &mut dyn FnMut(&Stats) -> ControlFlow<()>,
    ) -> Result<(u64, Stats), Error> {
        match self.count_engine(engine) {
            Engine::Bitmask => {
                if self.n > small::MAX_N {
                    return Err(Error::TooLarge {
                        reason: format!("the bitmask search takes N up to 64, not {}", self.n),
                    });
                }
                let Some(mut s) = small::Small::new(self) else {
                    return Ok((0, Stats::default()));
                };
                let mut total = 0u64;
                let _ = s.most_constrained(&mut |_| {
                    total += 1;
                    ControlFlow::Continue(())
                });
                let stats = Stats {
                    nodes: s.nodes,
                    solutions: total,
                    ..Stats::default()
                };
                Ok((total, stats))
            }
            _ => {
                if self.n > EXACT_MAX_N {
                    return Err(self.too_large_for_exact());
                }
                if self.obstacle().is_some() {
                    return Ok((0, Stats::default()));
                }
                let Some((mut e, prop)) = self.exact(0) else {
                    return Ok((0, Stats::default()));
                };
                let line = match prop {
                    Prop::Solved => return Ok((1, e.stats)),
                    Prop::Branch(l) => l,
                    _ => return Ok((0, e.stats)),
                };
                let mut total = 0u64;
                let end = e.run(
                    line,
                    u64::MAX,
                    &mut |_| {
                        total += 1;
                        ControlFlow::Continue(())
                    },
                    tick,
                );
                if end == End::Stopped {
                    return Err(Error::Interrupted);
                }
                Ok((total, e.stats))
            }
        }
    }

    /// An estimate of the nodes [`Puzzle::count`] will search with the exact
    /// search: the mean of `probes` random paths down its tree (Knuth's
    /// estimator; unbiased, but with a wide spread on irregular trees).
    /// 0 when the given queens already settle the count.
    ///
    /// # Errors
    /// [`Error::TooLarge`] above [`EXACT_MAX_N`].
    ///
    /// ```
    /// let p = hetman::queens::complete::Puzzle::new(8).unwrap();
    /// let est = p.estimate_nodes(200, 1).unwrap();
    /// assert!(est > 50.0 && est < 5_000.0);
    /// ```
    pub fn estimate_nodes(&self, probes: u32, seed: u64) -> Result<f64, Error> {
        if self.n > EXACT_MAX_N {
            return Err(self.too_large_for_exact());
        }
        if self.obstacle().is_some() {
            return Ok(0.0);
        }
        let Some((mut e, Prop::Branch(line))) = self.exact(seed) else {
            return Ok(0.0);
        };
        let total: f64 = (0..probes.max(1)).map(|_| e.probe(line)).sum();
        Ok(total / f64::from(probes.max(1)))
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
        self.for_each_with(Engine::Auto, &mut |p| visit(p));
    }

    /// [`Puzzle::for_each`] with a chosen engine ([`Engine::Auto`]: the
    /// bitmask search up to N = 64, the exact search above).
    ///
    /// ```
    /// use hetman::queens::complete::{Engine, Puzzle};
    /// use std::ops::ControlFlow;
    /// // The exact engine lists in the same order as the bitmask one.
    /// let mut firsts = Vec::new();
    /// for engine in [Engine::Exact, Engine::Bitmask] {
    ///     Puzzle::new(12).unwrap().for_each_with(engine, &mut |p| {
    ///         firsts.push(p.clone());
    ///         ControlFlow::Break(())
    ///     });
    /// }
    /// assert!(firsts[0].is_solution());
    /// assert_eq!(firsts[0], firsts[1]);
    /// ```
    pub fn for_each_with(
        &self,
        engine: Engine,
        visit: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
    ) {
        if self.obstacle().is_some() {
            return;
        }
        let bitmask = match engine {
            Engine::Bitmask => true,
            Engine::Exact => false,
            _ => self.n <= small::MAX_N,
        };
        if bitmask && self.n <= small::MAX_N {
            if let Some(mut s) = small::Small::new(self) {
                let _ = s.in_order(&mut |r| visit(&Placement::from_ranks_unchecked(r)));
            }
            return;
        }
        if self.n > EXACT_MAX_N {
            return;
        }
        let Some((mut e, prop)) = self.exact(0) else {
            return;
        };
        e.order = Order::Files;
        // The root was propagated in the most-constrained order: ask again.
        let prop = match prop {
            Prop::Branch(_) => {
                e.reset();
                e.propagate()
            }
            p => p,
        };
        match prop {
            Prop::Solved => {
                let _ = visit(&Placement::from_ranks_unchecked(e.ranks()));
            }
            Prop::Branch(line) => {
                let _ = e.run(
                    line,
                    u64::MAX,
                    &mut |r| visit(&Placement::from_ranks_unchecked(r)),
                    &mut |_| ControlFlow::Continue(()),
                );
            }
            _ => {}
        }
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

//! The events of a traced search and the counters they add up to (schema
//! version [`SCHEMA_VERSION`], written down in `docs/trace-schema.md`).

use crate::Square;
use serde::{Deserialize, Serialize};

/// The version of the event schema, the `hetman_trace` field of a header.
pub const SCHEMA_VERSION: u32 = 2;

/// The schema versions a reader accepts: 1 (events without `line`) and 2.
pub const SCHEMA_VERSIONS_READ: [u32; 2] = [1, 2];

/// One of the seed's three arrays that rule a square out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Line {
    /// `row[r]`: a queen on the same rank.
    Row,
    /// `up[r + c]`: a queen on the same anti-diagonal (rank + file constant:
    /// the a8-h1 direction on a board drawn with rank 1 at the bottom).
    Up,
    /// `down[r - c + N]`: a queen on the same diagonal (rank - file constant:
    /// the a1-h8 direction).
    Down,
}

impl Line {
    /// The array's name in the seeds.
    ///
    /// ```
    /// assert_eq!(hetman::trace::Line::Down.name(), "down");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Line::Row => "row",
            Line::Up => "up",
            Line::Down => "down",
        }
    }
}

/// A square the knight may move to next, with its Warnsdorff degree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Candidate {
    /// The square.
    pub square: Square,
    /// Free squares one move on from it.
    pub degree: u8,
}

/// One step of a traced search.
///
/// Queens events use 0-based `file` and `rank` (and the same square in
/// algebraic notation); knight events use squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// Queens: the seeds' `test(c)` is called for column `file` (a node of the
    /// bitboard search, which also gives the ranks of the file not attacked).
    Call {
        /// The column.
        file: u32,
        /// Queens on the board.
        depth: u32,
        /// Bitboard search only: the ranks of the file not attacked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        free: Option<Vec<u32>>,
    },
    /// Queens, backtracking: `test(c)` considers a rank of its column.
    Try {
        /// The column.
        file: u32,
        /// The rank.
        rank: u32,
        /// The square.
        square: Square,
    },
    /// Queens, backtracking: `possible` says no.
    Refuse {
        /// The column.
        file: u32,
        /// The rank.
        rank: u32,
        /// The square.
        square: Square,
        /// Every array that rules the square out, in the order row, up, down.
        lines: Vec<Line>,
    },
    /// Queens: `put`, a queen is placed.
    Put {
        /// The column.
        file: u32,
        /// The rank.
        rank: u32,
        /// The square.
        square: Square,
        /// Queens on the board after it.
        depth: u32,
    },
    /// Queens: `remove`, the queen is taken back.
    Remove {
        /// The column.
        file: u32,
        /// The rank.
        rank: u32,
        /// The square.
        square: Square,
        /// Queens on the board before it.
        depth: u32,
    },
    /// Queens: a solution.
    Solution {
        /// 1-based: the first solution found is 1.
        number: u64,
        /// The 0-based rank of the queen on each file.
        ranks: Vec<u32>,
        /// The seeds' code: 1-based ranks joined by spaces.
        code: String,
    },
    /// Knight: the knight enters a square.
    Move {
        /// The square entered.
        square: Square,
        /// Its number in the path: the start is 1.
        number: u32,
        /// The square the knight came from (none for the start).
        from: Option<Square>,
    },
    /// Knight, Warnsdorff: the squares the knight may go to next, in the order they will be tried.
    Candidates {
        /// The knight's square.
        square: Square,
        /// The free squares one move away, with their degrees.
        options: Vec<Candidate>,
    },
    /// Knight: no free square to move to, and the path is not a tour.
    DeadEnd {
        /// The knight's square.
        square: Square,
        /// Its number in the path.
        number: u32,
    },
    /// Knight, Warnsdorff: the move just made is taken back at once, because
    /// of what it leaves behind.
    Prune {
        /// The square just entered.
        square: Square,
        /// Its number in the path.
        number: u32,
        /// Why.
        reason: String,
    },
    /// Knight: the knight backs up, freeing its square.
    Back {
        /// The square freed.
        square: Square,
        /// The number it had.
        number: u32,
    },
    /// Knight: a tour.
    Tour {
        /// 1-based: the first tour found is 1.
        number: u64,
        /// The squares in visiting order.
        path: Vec<Square>,
    },
    /// Queens, brute force: the nested loops give a placement with one queen
    /// on each file.
    Placement {
        /// The 0-based rank of the queen on each file.
        ranks: Vec<u32>,
    },
    /// Queens, brute force: the placement's pairs of queens that do not
    /// attack each other are counted (a solution has all `of` of them).
    Score {
        /// Pairs of queens that do not attack each other.
        pairs: u32,
        /// All pairs: N(N-1)/2, 28 for N = 8.
        of: u32,
    },
    /// Queens, permutations: an order of the ranks (one queen on each file
    /// and each rank) is checked for queens sharing a diagonal.
    Permutation {
        /// The 0-based rank of the queen on each file.
        ranks: Vec<u32>,
        /// The first two files (0-based, in the order the check meets them)
        /// whose queens share a diagonal; none for a solution.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clash: Option<[u32; 2]>,
    },
    /// The last event of a stream.
    End {
        /// Whether the search ran to its end (not cut by a limit).
        complete: bool,
        /// What the events before this one add up to.
        counters: Counters,
    },
}

impl Event {
    /// Whether the event is a solution or a tour.
    ///
    /// ```
    /// use hetman::trace::Event;
    /// assert!(!Event::Call { file: 0, depth: 0, free: None }.is_solution());
    /// ```
    #[must_use]
    pub fn is_solution(&self) -> bool {
        matches!(self, Event::Solution { .. } | Event::Tour { .. })
    }
}

/// The counters of a queens search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueensCounters {
    /// Calls of `test` (nodes of the bitboard search), the first included.
    pub calls: u64,
    /// Ranks considered.
    pub tries: u64,
    /// Ranks refused by `possible`.
    pub refusals: u64,
    /// Queens placed (`put`).
    pub placements: u64,
    /// Queens taken back (`remove`).
    pub backtracks: u64,
    /// Solutions.
    pub solutions: u64,
}

/// The counters of a knight search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnightCounters {
    /// Squares entered, the start included (the `nodes` of `knight tour --stats`).
    pub moves: u64,
    /// Squares the knight could not move on from.
    pub dead_ends: u64,
    /// Moves taken back at once by the dead-square check.
    pub prunes: u64,
    /// Squares the knight backed up from.
    pub backtracks: u64,
    /// Tours.
    pub tours: u64,
}

/// The counters of the brute force search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BruteCounters {
    /// Placements whose non-attacking pairs were counted (`score`): N^N at the end.
    pub placements_scored: u64,
    /// Placements with all pairs non-attacking.
    pub solutions: u64,
}

/// The counters of the permutation search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PermutationCounters {
    /// Orders of the ranks checked: N! at the end.
    pub permutations_tried: u64,
    /// Orders with no two queens on a diagonal.
    pub solutions: u64,
}

/// What the events of a trace add up to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Counters {
    /// A queens search by backtracking (the seeds' or on bit masks).
    Queens(QueensCounters),
    /// A knight search.
    Knight(KnightCounters),
    /// The brute force search.
    Brute(BruteCounters),
    /// The permutation search.
    Permutations(PermutationCounters),
}

impl Counters {
    /// Adds one event.
    ///
    /// ```
    /// use hetman::trace::{Counters, Event, QueensCounters};
    /// let mut c = Counters::Queens(QueensCounters::default());
    /// c.record(&Event::Call { file: 0, depth: 0, free: None });
    /// assert_eq!(c, Counters::Queens(QueensCounters { calls: 1, ..Default::default() }));
    /// ```
    pub fn record(&mut self, event: &Event) {
        match self {
            Counters::Queens(q) => match event {
                Event::Call { .. } => q.calls += 1,
                Event::Try { .. } => q.tries += 1,
                Event::Refuse { .. } => q.refusals += 1,
                Event::Put { .. } => q.placements += 1,
                Event::Remove { .. } => q.backtracks += 1,
                Event::Solution { .. } => q.solutions += 1,
                _ => {}
            },
            Counters::Knight(k) => match event {
                Event::Move { .. } => k.moves += 1,
                Event::DeadEnd { .. } => k.dead_ends += 1,
                Event::Prune { .. } => k.prunes += 1,
                Event::Back { .. } => k.backtracks += 1,
                Event::Tour { .. } => k.tours += 1,
                _ => {}
            },
            Counters::Brute(b) => match event {
                Event::Score { .. } => b.placements_scored += 1,
                Event::Solution { .. } => b.solutions += 1,
                _ => {}
            },
            Counters::Permutations(p) => match event {
                Event::Permutation { .. } => p.permutations_tried += 1,
                Event::Solution { .. } => p.solutions += 1,
                _ => {}
            },
        }
    }

    /// Solutions or tours so far.
    ///
    /// ```
    /// use hetman::trace::{Counters, KnightCounters};
    /// assert_eq!(Counters::Knight(KnightCounters { tours: 3, ..Default::default() }).solutions(), 3);
    /// ```
    #[must_use]
    pub fn solutions(&self) -> u64 {
        match self {
            Counters::Queens(q) => q.solutions,
            Counters::Knight(k) => k.tours,
            Counters::Brute(b) => b.solutions,
            Counters::Permutations(p) => p.solutions,
        }
    }

    /// The counters as (name, value) pairs, in the schema's order.
    ///
    /// ```
    /// use hetman::trace::{Counters, QueensCounters};
    /// let c = Counters::Queens(QueensCounters { calls: 5, ..Default::default() });
    /// assert_eq!(c.pairs()[0], ("calls", 5));
    /// ```
    #[must_use]
    pub fn pairs(&self) -> Vec<(&'static str, u64)> {
        match self {
            Counters::Queens(q) => vec![
                ("calls", q.calls),
                ("tries", q.tries),
                ("refusals", q.refusals),
                ("placements", q.placements),
                ("backtracks", q.backtracks),
                ("solutions", q.solutions),
            ],
            Counters::Knight(k) => vec![
                ("moves", k.moves),
                ("dead_ends", k.dead_ends),
                ("prunes", k.prunes),
                ("backtracks", k.backtracks),
                ("tours", k.tours),
            ],
            Counters::Brute(b) => vec![
                ("placements_scored", b.placements_scored),
                ("solutions", b.solutions),
            ],
            Counters::Permutations(p) => vec![
                ("permutations_tried", p.permutations_tried),
                ("solutions", p.solutions),
            ],
        }
    }
}

/// Which queens search is traced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QueensAlgorithm {
    /// The seeds' `test(c)` with the `row`, `up` and `down` arrays.
    #[default]
    Backtracking,
    /// The same search on bit masks.
    Bitboard,
    /// Seed 003's brute force: every placement with one queen on each file
    /// (N^N of them), each scored by its pairs of queens that do not attack
    /// each other.
    Brute,
    /// Every order of the ranks (one queen on each file and each rank, N! of
    /// them), each checked for queens sharing a diagonal.
    Permutations,
}

impl QueensAlgorithm {
    /// Every traced queens search.
    pub const ALL: [QueensAlgorithm; 4] = [
        QueensAlgorithm::Backtracking,
        QueensAlgorithm::Bitboard,
        QueensAlgorithm::Brute,
        QueensAlgorithm::Permutations,
    ];

    /// The name in the schema and on the command line.
    ///
    /// ```
    /// assert_eq!(hetman::trace::QueensAlgorithm::Brute.name(), "brute");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            QueensAlgorithm::Backtracking => "backtracking",
            QueensAlgorithm::Bitboard => "bitboard",
            QueensAlgorithm::Brute => "brute",
            QueensAlgorithm::Permutations => "permutations",
        }
    }

    /// The counters of this search, all zero.
    ///
    /// ```
    /// use hetman::trace::{Counters, QueensAlgorithm};
    /// assert!(matches!(QueensAlgorithm::Brute.counters(), Counters::Brute(_)));
    /// ```
    #[must_use]
    pub fn counters(self) -> Counters {
        match self {
            QueensAlgorithm::Backtracking | QueensAlgorithm::Bitboard => {
                Counters::Queens(QueensCounters::default())
            }
            QueensAlgorithm::Brute => Counters::Brute(BruteCounters::default()),
            QueensAlgorithm::Permutations => Counters::Permutations(PermutationCounters::default()),
        }
    }
}

/// In which order the traced knight tries its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KnightOrder {
    /// The seed's fixed order, no pruning.
    #[default]
    Plain,
    /// Warnsdorff's rule (fewest onward moves first), with the dead-square
    /// pruning of `knight tour --algorithm warnsdorff`.
    Warnsdorff,
}

impl KnightOrder {
    /// The name in the schema.
    ///
    /// ```
    /// assert_eq!(hetman::trace::KnightOrder::Warnsdorff.name(), "warnsdorff");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            KnightOrder::Plain => "plain",
            KnightOrder::Warnsdorff => "warnsdorff",
        }
    }
}

/// What is traced: the first line of a stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum Header {
    /// N queens.
    Queens {
        /// Queens and the side of the board.
        n: u32,
        /// The search.
        algorithm: QueensAlgorithm,
    },
    /// A knight's tour.
    Knight {
        /// Files.
        width: u32,
        /// Ranks.
        height: u32,
        /// The first square.
        start: Square,
        /// The move order.
        order: KnightOrder,
        /// Whether a closed tour is asked for.
        closed: bool,
        /// Squares the knight may not enter.
        blocked: Vec<Square>,
    },
}

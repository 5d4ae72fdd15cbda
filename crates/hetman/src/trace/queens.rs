//! The queens searches as streams of events.

use super::event::{Counters, Event, Header, Line, QueensAlgorithm};
use super::Trace;
use crate::queens::search::{backtracking, bitboard, brute_force, permutations, Steps, Tally};
use crate::{Error, Square};

#[derive(Clone, Debug)]
enum Engine {
    Seed(backtracking::Stepper),
    Bits(bitboard::Stepper),
    Brute(brute_force::Stepper),
    Perms(permutations::Stepper),
}

/// The largest N of a traced brute force (8^8 = 16,777,216 placements).
pub const BRUTE_MAX_N: usize = 8;
/// The largest N of a traced permutation search (12! = 479,001,600 orders).
pub const PERMUTATIONS_MAX_N: usize = 12;

/// A queens search, one [`Event`] at a time: the seeds' backtracking, the
/// bitboard search, seed 003's brute force or the permutations, the same code
/// that counts, lists and compares.
///
/// Memory stays the same however long the search: the state is the search's
/// own (its arrays and its stack), O(N).
///
/// # Example
/// ```
/// use hetman::trace::{Event, QueensAlgorithm, QueensTrace};
/// let mut trace = QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap();
/// let (mut calls, mut solutions) = (0, 0);
/// for event in trace.by_ref() {
///     match event {
///         Event::Call { .. } => calls += 1,
///         Event::Solution { .. } => solutions += 1,
///         _ => {}
///     }
/// }
/// assert_eq!((calls, solutions), (1965, 92));
/// ```
#[derive(Clone, Debug)]
pub struct QueensTrace {
    engine: Engine,
    algorithm: QueensAlgorithm,
    n: usize,
    counters: Counters,
}

impl QueensTrace {
    /// A trace of `n` queens by `algorithm`; N from 1 to 64 for backtracking,
    /// 1 to 32 for the bitboard search, 1 to 8 for brute force and 1 to 12
    /// for the permutations.
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace};
    /// assert!(QueensTrace::new(33, QueensAlgorithm::Bitboard).is_err());
    /// ```
    pub fn new(n: usize, algorithm: QueensAlgorithm) -> Result<Self, Error> {
        let max = match algorithm {
            QueensAlgorithm::Backtracking => backtracking::MAX_N,
            QueensAlgorithm::Bitboard => bitboard::MAX_N,
            QueensAlgorithm::Brute => BRUTE_MAX_N,
            QueensAlgorithm::Permutations => PERMUTATIONS_MAX_N,
        };
        if !(1..=max).contains(&n) {
            return Err(Error::Size {
                value: n.to_string(),
                reason: format!(
                    "the traced {} search takes N from 1 to {max}",
                    algorithm.name()
                ),
            });
        }
        let engine = match algorithm {
            QueensAlgorithm::Backtracking => Engine::Seed(backtracking::Stepper::new(n)),
            QueensAlgorithm::Bitboard => Engine::Bits(bitboard::Stepper::new(n)),
            QueensAlgorithm::Brute => Engine::Brute(brute_force::Stepper::new(n)),
            QueensAlgorithm::Permutations => Engine::Perms(permutations::Stepper::new(n)),
        };
        Ok(QueensTrace {
            engine,
            algorithm,
            n,
            counters: algorithm.counters(),
        })
    }

    /// The number of queens.
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace};
    /// assert_eq!(QueensTrace::new(6, QueensAlgorithm::Bitboard).unwrap().n(), 6);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// The search.
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace};
    /// let t = QueensTrace::new(6, QueensAlgorithm::Bitboard).unwrap();
    /// assert_eq!(t.algorithm(), QueensAlgorithm::Bitboard);
    /// ```
    #[must_use]
    pub fn algorithm(&self) -> QueensAlgorithm {
        self.algorithm
    }

    /// The ranks of the queens on the board now, one per file from `a` (for
    /// brute force and the permutations, the placement being looked at).
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace};
    /// let mut t = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
    /// t.by_ref().take(3).for_each(drop); // call, try a1, put a1
    /// assert_eq!(t.queens(), &[0]);
    /// ```
    #[must_use]
    pub fn queens(&self) -> &[u32] {
        match &self.engine {
            Engine::Seed(s) => s.queens(),
            Engine::Bits(s) => s.queens(),
            Engine::Brute(s) => s.ranks(),
            Engine::Perms(s) => s.ranks(),
        }
    }

    /// The lines that rule out `square`, given the queens on the board now
    /// (the seed's `row`, `up` and `down` arrays as `possible` reads them).
    ///
    /// ```
    /// use hetman::{Square, trace::{Line, QueensAlgorithm, QueensTrace}};
    /// let mut t = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
    /// t.by_ref().take(3).for_each(drop); // a queen on a1
    /// assert_eq!(t.ruled_out(Square::new(1, 0)), vec![Line::Row]);
    /// assert_eq!(t.ruled_out(Square::new(1, 1)), vec![Line::Down]);
    /// assert_eq!(t.ruled_out(Square::new(1, 2)), vec![]);
    /// ```
    #[must_use]
    pub fn ruled_out(&self, square: Square) -> Vec<Line> {
        let (c, r) = (i64::from(square.file()), i64::from(square.rank()));
        let mut lines = Vec::new();
        let queens = self.queens();
        let q = queens
            .iter()
            .enumerate()
            .map(|(f, &qr)| (f as i64, i64::from(qr)));
        if q.clone().any(|(_, qr)| qr == r) {
            lines.push(Line::Row);
        }
        if q.clone().any(|(f, qr)| qr + f == r + c) {
            lines.push(Line::Up);
        }
        if q.clone().any(|(f, qr)| qr - f == r - c) {
            lines.push(Line::Down);
        }
        lines
    }

    fn square(file: u32, rank: u32) -> Square {
        Square::new(file, rank)
    }

    fn event(&mut self) -> Option<Event> {
        let number = self.counters.solutions() + 1;
        Some(match &mut self.engine {
            Engine::Seed(s) => match s.step()? {
                backtracking::Step::Call { file } => Event::Call {
                    file,
                    depth: file,
                    free: None,
                },
                backtracking::Step::Try { file, rank } => Event::Try {
                    file,
                    rank,
                    square: Self::square(file, rank),
                },
                backtracking::Step::Refuse { file, rank, lines } => Event::Refuse {
                    file,
                    rank,
                    square: Self::square(file, rank),
                    lines: [
                        (backtracking::ROW, Line::Row),
                        (backtracking::UP, Line::Up),
                        (backtracking::DOWN, Line::Down),
                    ]
                    .into_iter()
                    .filter(|&(bit, _)| lines & bit != 0)
                    .map(|(_, l)| l)
                    .collect(),
                },
                backtracking::Step::Put { file, rank } => put(file, rank),
                backtracking::Step::Remove { file, rank } => remove(file, rank),
                backtracking::Step::Solution => solution(number, s.queens()),
            },
            Engine::Bits(s) => match s.step()? {
                bitboard::Step::Call { file, free } => Event::Call {
                    file,
                    depth: file,
                    free: Some((0..32).filter(|r| free & (1 << r) != 0).collect()),
                },
                bitboard::Step::Put { file, rank } => put(file, rank),
                bitboard::Step::Remove { file, rank } => remove(file, rank),
                bitboard::Step::Solution => solution(number, s.queens()),
            },
            Engine::Brute(s) => match s.step()? {
                brute_force::Step::Place => Event::Placement {
                    ranks: s.ranks().to_vec(),
                },
                brute_force::Step::Score { pairs } => {
                    let n = s.ranks().len() as u32;
                    Event::Score {
                        pairs,
                        of: n * (n - 1) / 2,
                    }
                }
                brute_force::Step::Solution => solution(number, s.ranks()),
            },
            Engine::Perms(s) => match s.step()? {
                permutations::Step::Try { clash } => Event::Permutation {
                    ranks: s.ranks().to_vec(),
                    clash,
                },
                permutations::Step::Solution => solution(number, s.ranks()),
            },
        })
    }
}

/// The queen on `file` at `rank` is put: the board then holds `file + 1` queens.
fn put(file: u32, rank: u32) -> Event {
    Event::Put {
        file,
        rank,
        square: QueensTrace::square(file, rank),
        depth: file + 1,
    }
}

/// The queen on `file` at `rank` is taken back.
fn remove(file: u32, rank: u32) -> Event {
    Event::Remove {
        file,
        rank,
        square: QueensTrace::square(file, rank),
        depth: file + 1,
    }
}

fn solution(number: u64, ranks: &[u32]) -> Event {
    let code = ranks
        .iter()
        .map(|r| (r + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    Event::Solution {
        number,
        ranks: ranks.to_vec(),
        code,
    }
}

impl Iterator for QueensTrace {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        let e = self.event()?;
        self.counters.record(&e);
        Some(e)
    }
}

impl Trace for QueensTrace {
    fn header(&self) -> Header {
        Header::Queens {
            n: self.n() as u32,
            algorithm: self.algorithm,
        }
    }

    fn counters(&self) -> Counters {
        self.counters
    }

    fn pieces(&self) -> Option<super::Pieces> {
        Some(super::Pieces::Queens(self.queens().to_vec()))
    }

    fn fast_forward(&mut self, k: u64) -> u64 {
        let mut t = Tally::default();
        let done = match &mut self.engine {
            Engine::Seed(s) => s.skip(k, &mut t),
            Engine::Bits(s) => s.skip(k, &mut t),
            Engine::Brute(s) => s.skip(k, &mut t),
            Engine::Perms(s) => s.skip(k, &mut t),
        };
        match &mut self.counters {
            Counters::Queens(q) => {
                q.calls += t.calls;
                q.tries += t.tries;
                q.refusals += t.refusals;
                q.placements += t.puts;
                q.backtracks += t.removes;
                q.solutions += t.solutions;
            }
            Counters::Brute(b) => {
                b.placements_scored += t.tries;
                b.solutions += t.solutions;
            }
            Counters::Permutations(p) => {
                p.permutations_tried += t.tries;
                p.solutions += t.solutions;
            }
            // (A queens trace's counters are made by its algorithm.)
            Counters::Knight(_) => debug_assert!(false, "a queens trace counts queens"),
        }
        done
    }
}

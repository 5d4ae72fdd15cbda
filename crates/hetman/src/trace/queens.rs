//! The queens searches as streams of events.

use super::event::{Counters, Event, Header, Line, QueensAlgorithm, QueensCounters};
use super::Trace;
use crate::queens::search::{backtracking, bitboard};
use crate::{Error, Square};

#[derive(Clone, Debug)]
enum Engine {
    Seed(backtracking::Stepper),
    Bits(bitboard::Stepper),
}

/// A queens search, one [`Event`] at a time: the seeds' backtracking or the
/// bitboard search, the same code that counts and lists.
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
    counters: QueensCounters,
}

impl QueensTrace {
    /// A trace of `n` queens by `algorithm`; N from 1 to 64 for backtracking,
    /// 1 to 32 for the bitboard search.
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace};
    /// assert!(QueensTrace::new(33, QueensAlgorithm::Bitboard).is_err());
    /// ```
    pub fn new(n: usize, algorithm: QueensAlgorithm) -> Result<Self, Error> {
        let max = match algorithm {
            QueensAlgorithm::Backtracking => backtracking::MAX_N,
            QueensAlgorithm::Bitboard => bitboard::MAX_N,
        };
        if !(1..=max).contains(&n) {
            return Err(Error::Size {
                value: n.to_string(),
                reason: format!("the traced {algorithm:?} search takes N from 1 to {max}")
                    .to_lowercase(),
            });
        }
        let engine = match algorithm {
            QueensAlgorithm::Backtracking => Engine::Seed(backtracking::Stepper::new(n)),
            QueensAlgorithm::Bitboard => Engine::Bits(bitboard::Stepper::new(n)),
        };
        Ok(QueensTrace {
            engine,
            algorithm,
            counters: QueensCounters::default(),
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
        match &self.engine {
            Engine::Seed(s) => s.n(),
            Engine::Bits(s) => s.n(),
        }
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

    /// The ranks of the queens on the board now, one per file from `a`.
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
        let c = &mut self.counters;
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
                backtracking::Step::Put { file, rank } => Event::Put {
                    file,
                    rank,
                    square: Self::square(file, rank),
                    depth: file + 1,
                },
                backtracking::Step::Remove { file, rank } => Event::Remove {
                    file,
                    rank,
                    square: Self::square(file, rank),
                    depth: file + 1,
                },
                backtracking::Step::Solution => solution(c.solutions + 1, s.queens()),
            },
            Engine::Bits(s) => match s.step()? {
                bitboard::Step::Call { file, free } => Event::Call {
                    file,
                    depth: file,
                    free: Some((0..32).filter(|r| free & (1 << r) != 0).collect()),
                },
                bitboard::Step::Put { file, rank } => Event::Put {
                    file,
                    rank,
                    square: Self::square(file, rank),
                    depth: file + 1,
                },
                bitboard::Step::Remove { file, rank } => Event::Remove {
                    file,
                    rank,
                    square: Self::square(file, rank),
                    depth: file + 1,
                },
                bitboard::Step::Solution => solution(c.solutions + 1, s.queens()),
            },
        })
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
        let mut c = Counters::Queens(self.counters);
        c.record(&e);
        if let Counters::Queens(q) = c {
            self.counters = q;
        }
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
        Counters::Queens(self.counters)
    }
}

//! Watch the searches step by step: the events of the real backtracking
//! searches, as the seeds teach them.
//!
//! - [`QueensTrace`]: the seeds' `test(c)` (call, try a rank, refuse it and
//!   why: which of `row`, `up`, `down`; `put`, `remove`, solution), the
//!   bitboard search (node with its free ranks, put, remove, solution), seed
//!   003's brute force (placement, score, solution) or the permutations
//!   (permutation with its first clash, solution).
//! - [`KnightTrace`]: the knight's search from a start square in the seed's
//!   order or Warnsdorff's (move, candidates with their degrees, dead end,
//!   prune, back, tour).
//!
//! Both are iterators of [`Event`] that run the same steppers as the
//! counting and finding code, so the figures agree with the rest of the
//! tool: 1965 calls of `test` and 92 solutions for 8 queens. [`Stream`] adds
//! step numbers, limits and a closing [`Event::End`] with the [`Counters`];
//! [`JsonLines`] writes it in the versioned schema of
//! `docs/trace-schema.md` (version 2: every event names the line of the code
//! listing it comes from, see [`code`]); [`read_header`] and [`read_event`]
//! read versions 1 and 2 back. [`Timeline`] steps a trace forward and back in
//! bounded memory, for animations.
//!
//! # Example
//! ```
//! use hetman::trace::{Counters, Event, Limits, QueensAlgorithm, QueensTrace, Stream};
//! let trace = QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap();
//! let last = Stream::new(trace, Limits::default()).last().unwrap();
//! let Event::End { complete, counters: Counters::Queens(c) } = last.1 else { panic!() };
//! assert!(complete);
//! assert_eq!((c.calls, c.solutions), (1965, 92));
//! ```

pub mod code;
mod event;
mod knight;
mod queens;
mod read;
mod timeline;

pub use event::{
    BruteCounters, Candidate, Counters, Event, Header, KnightCounters, KnightOrder, Line,
    PermutationCounters, QueensAlgorithm, QueensCounters, SCHEMA_VERSION, SCHEMA_VERSIONS_READ,
};
pub use knight::KnightTrace;
pub use queens::{QueensTrace, BRUTE_MAX_N, PERMUTATIONS_MAX_N};
pub use read::{read_event, read_header, ReadEvent, ReadHeader};
pub use timeline::Timeline;

use serde::Serialize;

/// A search that gives its steps as events.
pub trait Trace: Iterator<Item = Event> {
    /// What is traced.
    fn header(&self) -> Header;
    /// What the events given out so far add up to.
    fn counters(&self) -> Counters;

    /// Runs through up to `k` events without giving them out, adding them
    /// to the counters; returns how many (fewer than `k` only at the end of
    /// the search). The trace is then as `k` calls of `next` leave it, only
    /// sooner: the queens' and the knight's traces run their searches
    /// without making the events (for 12 queens by backtracking about 40
    /// times as fast; see `bench/jump.sh`).
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace, Trace};
    /// let mut a = QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap();
    /// let mut b = a.clone();
    /// assert_eq!(a.fast_forward(10_000), 10_000);
    /// b.by_ref().take(10_000).for_each(drop);
    /// assert_eq!((a.counters(), a.next()), (b.counters(), b.next()));
    /// assert_eq!(a.fast_forward(u64::MAX), b.count() as u64);
    /// ```
    fn fast_forward(&mut self, k: u64) -> u64 {
        step_through(self, k)
    }

    /// The pieces on the board now, as the events so far leave them, where
    /// the trace can tell (the queens' and the knight's traces do): what a
    /// picture needs to start part way through a search after
    /// [`fast_forward`](Self::fast_forward).
    ///
    /// ```
    /// use hetman::trace::{Pieces, QueensAlgorithm, QueensTrace, Trace};
    /// let mut t = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
    /// t.fast_forward(3); // call, try a1, put a1
    /// assert_eq!(t.pieces(), Some(Pieces::Queens(vec![0])));
    /// ```
    fn pieces(&self) -> Option<Pieces> {
        None
    }
}

/// The pieces on a traced board (see [`Trace::pieces`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pieces {
    /// The ranks of the queens, file by file from `a` (the files with a queen).
    Queens(Vec<u32>),
    /// The knight's path, the start first.
    Path(Vec<crate::Square>),
}

/// Takes up to `k` events of `trace` one by one; returns how many.
fn step_through<T: Iterator + ?Sized>(trace: &mut T, k: u64) -> u64 {
    let mut done = 0;
    while done < k && trace.next().is_some() {
        done += 1;
    }
    done
}

/// Where a [`Stream`] starts and stops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Events to run through without giving them out (for a stream in chunks).
    pub skip: u64,
    /// Stop after this many events (not counting the skipped ones and the end).
    pub limit: Option<u64>,
    /// Stop after the solution (or tour) with this number.
    pub until_solution: Option<u64>,
}

/// A trace with step numbers (from 1), cut by [`Limits`], closed by an
/// [`Event::End`] that carries the counters.
///
/// # Example
/// ```
/// use hetman::trace::{Event, Limits, QueensAlgorithm, QueensTrace, Stream};
/// let trace = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
/// let events: Vec<_> = Stream::new(trace, Limits { limit: Some(3), ..Limits::default() }).collect();
/// assert_eq!(events.len(), 4);
/// assert_eq!(events[2].0, 3);
/// assert!(matches!(events[3].1, Event::End { complete: false, .. }));
/// ```
pub struct Stream<T> {
    trace: T,
    limits: Limits,
    step: u64,
    given: u64,
    skipped: bool,
    ended: bool,
}

impl<T: Trace> Stream<T> {
    /// The stream of `trace` within `limits`.
    ///
    /// ```
    /// use hetman::trace::{Limits, QueensAlgorithm, QueensTrace, Stream};
    /// let trace = QueensTrace::new(1, QueensAlgorithm::Bitboard).unwrap();
    /// assert_eq!(Stream::new(trace, Limits::default()).count(), 5); // call, put, solution, remove, end
    /// ```
    pub fn new(trace: T, limits: Limits) -> Self {
        Stream {
            trace,
            limits,
            step: 0,
            given: 0,
            skipped: false,
            ended: false,
        }
    }

    /// The stream of a trace that has already given `step` events (a copy
    /// of a search saved part way through): its events are numbered on from
    /// `step + 1`, and `limits.skip` still counts from the search's start. It
    /// gives what [`Stream::new`] of the fresh search gives from there.
    ///
    /// ```
    /// use hetman::trace::{Limits, QueensAlgorithm, QueensTrace, Stream};
    /// let mut saved = QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap();
    /// saved.by_ref().take(100).for_each(drop);
    /// let limits = Limits { skip: 120, limit: Some(5), ..Limits::default() };
    /// let fresh = QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap();
    /// let a: Vec<_> = Stream::new(fresh, limits).collect();
    /// let b: Vec<_> = Stream::resume(saved, 100, limits).collect();
    /// assert_eq!((a.len(), a[0].0), (6, 121));
    /// assert_eq!(a, b);
    /// ```
    pub fn resume(trace: T, step: u64, limits: Limits) -> Self {
        Stream {
            step,
            ..Stream::new(trace, limits)
        }
    }

    /// What is traced.
    ///
    /// ```
    /// use hetman::trace::{Header, Limits, QueensAlgorithm, QueensTrace, Stream};
    /// let s = Stream::new(QueensTrace::new(5, QueensAlgorithm::Bitboard).unwrap(), Limits::default());
    /// assert_eq!(s.header(), Header::Queens { n: 5, algorithm: QueensAlgorithm::Bitboard });
    /// ```
    pub fn header(&self) -> Header {
        self.trace.header()
    }

    fn end(&mut self, complete: bool) -> Option<(u64, Event)> {
        self.ended = true;
        self.step += 1;
        Some((
            self.step,
            Event::End {
                complete,
                counters: self.trace.counters(),
            },
        ))
    }
}

impl<T: Trace> Iterator for Stream<T> {
    type Item = (u64, Event);

    fn next(&mut self) -> Option<(u64, Event)> {
        if self.ended {
            return None;
        }
        if !self.skipped {
            self.skipped = true;
            let want = self.limits.skip.saturating_sub(self.step);
            let done = self.trace.fast_forward(want);
            self.step += done;
            if done < want {
                return self.end(true);
            }
        }
        let reached = self.limits.limit.is_some_and(|l| self.given >= l)
            || self
                .limits
                .until_solution
                .is_some_and(|k| self.trace.counters().solutions() >= k);
        if reached {
            return self.end(false);
        }
        match self.trace.next() {
            Some(e) => {
                self.step += 1;
                self.given += 1;
                Some((self.step, e))
            }
            None => self.end(true),
        }
    }
}

#[derive(Serialize)]
struct HeaderLine<'a> {
    hetman_trace: u32,
    #[serde(flatten)]
    header: &'a Header,
}

#[derive(Serialize)]
struct EventLine<'a> {
    step: u64,
    #[serde(flatten)]
    event: &'a Event,
    line: &'a str,
}

/// The header as one JSON line (without the newline).
///
/// ```
/// use hetman::trace::{header_json, Header, QueensAlgorithm};
/// let h = Header::Queens { n: 8, algorithm: QueensAlgorithm::Backtracking };
/// assert_eq!(header_json(&h), r#"{"hetman_trace":2,"problem":"queens","n":8,"algorithm":"backtracking"}"#);
/// ```
#[must_use]
pub fn header_json(header: &Header) -> String {
    serde_json::to_string(&HeaderLine {
        hetman_trace: SCHEMA_VERSION,
        header,
    })
    .expect("a header always serialises")
}

/// One event as one JSON line (without the newline), with the id of its
/// code line ([`code::line_id`]).
///
/// ```
/// use hetman::{Square, trace::{event_json, Event}};
/// let e = Event::Put { file: 0, rank: 3, square: Square::new(0, 3), depth: 1 };
/// assert_eq!(
///     event_json(7, &e, "test.put"),
///     r#"{"step":7,"event":"put","file":0,"rank":3,"square":"a4","depth":1,"line":"test.put"}"#
/// );
/// ```
#[must_use]
pub fn event_json(step: u64, event: &Event, line: &str) -> String {
    serde_json::to_string(&EventLine { step, event, line }).expect("an event always serialises")
}

/// A [`Stream`] as JSON Lines: the header, then each event, then the end,
/// one string per line (without newlines).
///
/// # Example
/// ```
/// use hetman::trace::{JsonLines, Limits, QueensAlgorithm, QueensTrace};
/// let trace = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
/// let lines: Vec<String> = JsonLines::new(trace, Limits::default()).collect();
/// assert!(lines[0].starts_with(r#"{"hetman_trace":2,"problem":"queens""#));
/// assert!(lines[1].starts_with(r#"{"step":1,"event":"call""#));
/// assert!(lines[1].ends_with(r#""line":"test.call"}"#));
/// assert_eq!(lines.iter().filter(|l| l.contains(r#""event":"solution""#)).count(), 2);
/// assert!(lines.last().unwrap().contains(r#""complete":true"#));
/// ```
pub struct JsonLines<T> {
    stream: Stream<T>,
    algorithm: code::Algorithm,
    header_given: bool,
}

impl<T: Trace> JsonLines<T> {
    /// The lines of `trace` within `limits`.
    ///
    /// ```
    /// use hetman::trace::{JsonLines, Limits, QueensAlgorithm, QueensTrace};
    /// let t = QueensTrace::new(3, QueensAlgorithm::Bitboard).unwrap();
    /// assert!(JsonLines::new(t, Limits::default()).last().unwrap().contains(r#""solutions":0"#));
    /// ```
    pub fn new(trace: T, limits: Limits) -> Self {
        Self::resume(trace, 0, limits)
    }

    /// The lines of a trace that has already given `step` events, as
    /// [`Stream::resume`] gives them: the same lines as [`JsonLines::new`] of
    /// the fresh search.
    ///
    /// ```
    /// use hetman::trace::{JsonLines, Limits, QueensAlgorithm, QueensTrace};
    /// let mut saved = QueensTrace::new(5, QueensAlgorithm::Bitboard).unwrap();
    /// saved.by_ref().take(40).for_each(drop);
    /// let limits = Limits { skip: 40, limit: Some(10), ..Limits::default() };
    /// let fresh = QueensTrace::new(5, QueensAlgorithm::Bitboard).unwrap();
    /// assert!(JsonLines::new(fresh, limits).eq(JsonLines::resume(saved, 40, limits)));
    /// ```
    pub fn resume(trace: T, step: u64, limits: Limits) -> Self {
        let algorithm = code::Algorithm::of(&trace.header());
        JsonLines {
            stream: Stream::resume(trace, step, limits),
            algorithm,
            header_given: false,
        }
    }
}

impl<T: Trace> Iterator for JsonLines<T> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        if !self.header_given {
            self.header_given = true;
            return Some(header_json(&self.stream.header()));
        }
        let (step, e) = self.stream.next()?;
        Some(event_json(step, &e, code::line_id(self.algorithm, &e)))
    }
}

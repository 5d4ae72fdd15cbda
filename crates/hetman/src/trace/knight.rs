//! The knight's search as a stream of events.

use super::event::{Candidate, Counters, Event, Header, KnightCounters, KnightOrder};
use super::Trace;
use crate::knight::backtracking::{Order, Step, Stepper};
use crate::knight::{start_index, KnightBoard, TieBreak};
use crate::{Error, Square};
use std::collections::VecDeque;

/// The knight's backtracking from a start square, one [`Event`] at a time: the
/// search behind `knight tour`, in the seed's move order or Warnsdorff's.
/// After a tour it goes on to the next, so that every tour from the start is
/// found in turn.
///
/// # Example
/// The seed's 5×5 board: from b5 the knight is stuck on its 20th square, and
/// from a5 the first tour is the seed's.
/// ```
/// use hetman::{BoardSize, trace::{Event, KnightOrder, KnightTrace}};
/// use hetman::knight::KnightBoard;
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let mut t = KnightTrace::new(&board, "b5".parse().unwrap(), KnightOrder::Plain, false).unwrap();
/// let stuck = t.find_map(|e| match e { Event::DeadEnd { number, .. } => Some(number), _ => None });
/// assert_eq!(stuck, Some(20));
///
/// let mut t = KnightTrace::new(&board, "a5".parse().unwrap(), KnightOrder::Plain, false).unwrap();
/// let tour = t.find_map(|e| match e { Event::Tour { path, .. } => Some(path), _ => None }).unwrap();
/// assert_eq!(tour[..3].iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a5", "c4", "e5"]);
/// ```
#[derive(Clone)]
pub struct KnightTrace<'b> {
    board: &'b KnightBoard,
    search: Stepper,
    start: Square,
    order: KnightOrder,
    closed: bool,
    pending: VecDeque<Event>,
    started: bool,
    /// The path as the events given out so far draw it.
    shown: Vec<Square>,
    counters: KnightCounters,
}

impl<'b> KnightTrace<'b> {
    /// A trace of the search for tours of `board` from `start`; `closed` asks
    /// for tours that end a knight's move from the start.
    ///
    /// ```
    /// use hetman::{BoardSize, trace::{KnightOrder, KnightTrace}, knight::KnightBoard};
    /// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    /// assert!(KnightTrace::new(&board, "f1".parse().unwrap(), KnightOrder::Plain, false).is_err());
    /// ```
    pub fn new(
        board: &'b KnightBoard,
        start: Square,
        order: KnightOrder,
        closed: bool,
    ) -> Result<Self, Error> {
        let s = start_index(board, start)?;
        let (o, prune) = match order {
            KnightOrder::Plain => (Order::Seed, false),
            KnightOrder::Warnsdorff => (Order::Warnsdorff(TieBreak::default()), true),
        };
        Ok(KnightTrace {
            board,
            search: Stepper::new(board, s, closed, o, prune),
            start,
            order,
            closed,
            pending: VecDeque::new(),
            started: false,
            shown: Vec::with_capacity(board.free_squares() as usize),
            counters: KnightCounters::default(),
        })
    }

    /// The board.
    ///
    /// ```
    /// use hetman::{BoardSize, trace::{KnightOrder, KnightTrace}, knight::KnightBoard};
    /// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    /// let t = KnightTrace::new(&board, "a1".parse().unwrap(), KnightOrder::Plain, false).unwrap();
    /// assert_eq!(t.board().width(), 5);
    /// ```
    #[must_use]
    pub fn board(&self) -> &'b KnightBoard {
        self.board
    }

    /// The squares of the knight's path now, in order (the knight is on the last).
    ///
    /// ```
    /// use hetman::{BoardSize, trace::{KnightOrder, KnightTrace}, knight::KnightBoard};
    /// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    /// let mut t = KnightTrace::new(&board, "a1".parse().unwrap(), KnightOrder::Plain, false).unwrap();
    /// t.by_ref().take(2).for_each(drop);
    /// assert_eq!(t.path().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1", "b3"]);
    /// ```
    pub fn path(&self) -> impl Iterator<Item = Square> + '_ {
        self.shown.iter().copied()
    }

    fn square(&self, i: u32) -> Square {
        self.board.square(i)
    }

    /// Whether the knight's square now gets an [`Event::Candidates`]:
    /// Warnsdorff's order, on a square it has just entered, before a tour.
    fn has_candidates(&self) -> bool {
        self.order == KnightOrder::Warnsdorff
            && self.search.fresh()
            && (self.search.path().len() as u64) < self.board.free_squares()
    }

    fn candidates(&self) -> Option<Event> {
        let &cur = self.search.path().last()?;
        if !self.has_candidates() {
            return None;
        }
        let options = self
            .search
            .candidates()
            .into_iter()
            .map(|(j, degree)| Candidate {
                square: self.square(j),
                degree,
            })
            .collect();
        Some(Event::Candidates {
            square: self.square(cur),
            options,
        })
    }

    /// Steps the search until it gives events; false when it is over.
    fn fill(&mut self) -> bool {
        if !self.started {
            self.started = true;
            self.pending.push_back(Event::Move {
                square: self.start,
                number: 1,
                from: None,
            });
            self.pending.extend(self.candidates());
            return true;
        }
        let Some(step) = self.search.step() else {
            return false;
        };
        self.emit(step);
        true
    }

    /// The events of `step`, just taken, into `pending`.
    fn emit(&mut self, step: Step) {
        let len = self.search.path().len() as u32;
        match step {
            Step::Move { from, to, pruned } => {
                let number = if pruned { len + 1 } else { len };
                let square = self.square(to);
                self.pending.push_back(Event::Move {
                    square,
                    number,
                    from: Some(self.square(from)),
                });
                if pruned {
                    self.pending.push_back(Event::Prune {
                        square,
                        number,
                        reason:
                            "a free square next to the last one can no longer be entered and left"
                                .to_string(),
                    });
                    self.pending.push_back(Event::Back { square, number });
                } else {
                    self.pending.extend(self.candidates());
                }
            }
            Step::Tour => {
                let path = self.search.path().iter().map(|&i| self.square(i)).collect();
                self.pending.push_back(Event::Tour {
                    number: self.counters.tours + 1,
                    path,
                });
            }
            Step::Back { square, dead_end } => {
                let square = self.square(square);
                let number = len + 1;
                if dead_end {
                    self.pending.push_back(Event::DeadEnd { square, number });
                }
                self.pending.push_back(Event::Back { square, number });
            }
        }
    }

    /// Adds to the counters what the events of `step`, just taken, would
    /// add, without making them; returns how many events they are.
    fn tally(&mut self, step: Step) -> u64 {
        let c = &mut self.counters;
        match step {
            Step::Move { pruned: true, .. } => {
                c.moves += 1;
                c.prunes += 1;
                c.backtracks += 1;
                3
            }
            Step::Move { .. } => {
                c.moves += 1;
                1 + u64::from(self.has_candidates())
            }
            Step::Tour => {
                c.tours += 1;
                1
            }
            Step::Back { dead_end, .. } => {
                c.backtracks += 1;
                c.dead_ends += u64::from(dead_end);
                1 + u64::from(dead_end)
            }
        }
    }
}

impl Iterator for KnightTrace<'_> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        while self.pending.is_empty() {
            if !self.fill() {
                return None;
            }
        }
        let e = self.pending.pop_front()?;
        match &e {
            Event::Move { square, .. } => self.shown.push(*square),
            Event::Back { .. } => {
                self.shown.pop();
            }
            _ => {}
        }
        let mut c = Counters::Knight(self.counters);
        c.record(&e);
        if let Counters::Knight(k) = c {
            self.counters = k;
        }
        Some(e)
    }
}

impl Trace for KnightTrace<'_> {
    fn header(&self) -> Header {
        Header::Knight {
            width: self.board.width(),
            height: self.board.height(),
            start: self.start,
            order: self.order,
            closed: self.closed,
            blocked: self.board.blocked_squares(),
        }
    }

    fn counters(&self) -> Counters {
        Counters::Knight(self.counters)
    }

    fn pieces(&self) -> Option<super::Pieces> {
        Some(super::Pieces::Path(self.shown.clone()))
    }

    fn fast_forward(&mut self, k: u64) -> u64 {
        let mut done = 0;
        // The events made already (and the first move) one by one.
        while done < k && (!self.started || !self.pending.is_empty()) {
            if self.next().is_none() {
                return done;
            }
            done += 1;
        }
        // On boards of up to 64 squares, most of the way in bulk; then
        // whole steps of the search, counted without their events, while
        // they fit; the events of the step that does not fit are made and
        // taken one by one.
        let bulk = self.search.run(k - done);
        let c = &mut self.counters;
        c.moves += bulk.moves;
        c.prunes += bulk.prunes;
        c.backtracks += bulk.backtracks;
        c.dead_ends += bulk.dead_ends;
        c.tours += bulk.tours;
        done += bulk.events;
        let mut moved = bulk.events > 0;
        while done < k {
            let Some(step) = self.search.step() else {
                break;
            };
            let before = self.counters;
            let events = self.tally(step);
            if done + events <= k {
                done += events;
                moved = true;
                continue;
            }
            self.counters = before;
            if moved {
                // The path as it was before this step, whose events take it on.
                self.sync_path();
                match step {
                    Step::Move { pruned: false, .. } => {
                        self.shown.pop();
                    }
                    Step::Back { square, .. } => self.shown.push(self.square(square)),
                    Step::Move { .. } | Step::Tour => {}
                }
                moved = false;
            }
            self.emit(step);
            while done < k {
                if self.next().is_none() {
                    break;
                }
                done += 1;
            }
        }
        if moved {
            self.sync_path();
        }
        done
    }
}

impl KnightTrace<'_> {
    /// The path shown, after whole steps were run through without their
    /// events: the search's path (between steps the events leave it so).
    fn sync_path(&mut self) {
        let squares: Vec<Square> = self.search.path().iter().map(|&i| self.square(i)).collect();
        self.shown = squares;
    }
}

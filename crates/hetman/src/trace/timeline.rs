//! Stepping a trace forward and back in bounded memory.

use super::{Event, Trace};

/// A trace that can be stepped forward and back, at any point, in bounded
/// memory.
///
/// It keeps copies of the search's state (a few hundred bytes each) every
/// `every` steps, at most `max` of them; when they would be more, every other
/// one is dropped and the spacing doubles. Stepping back replays from the
/// nearest copy, so it costs at most `every` steps of the search, and gives
/// the very state that stepping forward gave (the search is deterministic).
///
/// # Example
/// ```
/// use hetman::trace::{QueensAlgorithm, QueensTrace, Timeline, Trace};
/// let mut t = Timeline::new(QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap());
/// while t.forward().is_some() {}
/// let end = t.step();
/// assert_eq!(t.state().counters().solutions(), 92);
/// assert!(t.back());
/// assert_eq!(t.step(), end - 1);
/// let last = t.last().cloned();
/// t.forward();
/// t.back();
/// assert_eq!(t.last().cloned(), last);
/// ```
#[derive(Clone)]
pub struct Timeline<T> {
    current: T,
    step: u64,
    last: Option<Event>,
    finished: bool,
    /// (step, state, the event that led to it), in order of step.
    snapshots: Vec<(u64, T, Option<Event>)>,
    every: u64,
    max: usize,
}

impl<T: Trace + Clone> Timeline<T> {
    /// A timeline at step 0 (no event yet), keeping at most 1024 copies of the state.
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace, Timeline};
    /// let t = Timeline::new(QueensTrace::new(4, QueensAlgorithm::Bitboard).unwrap());
    /// assert_eq!(t.step(), 0);
    /// ```
    pub fn new(trace: T) -> Self {
        Self::with_capacity(trace, 1024)
    }

    /// A timeline keeping at most `max` (at least 2) copies of the state.
    ///
    /// ```
    /// use hetman::trace::{QueensAlgorithm, QueensTrace, Timeline};
    /// let mut t = Timeline::with_capacity(QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap(), 4);
    /// while t.forward().is_some() {}
    /// assert!(t.snapshots() <= 4);
    /// ```
    pub fn with_capacity(trace: T, max: usize) -> Self {
        Timeline {
            snapshots: vec![(0, trace.clone(), None)],
            current: trace,
            step: 0,
            last: None,
            finished: false,
            every: 64,
            max: max.max(2),
        }
    }

    /// The number of events taken so far.
    #[must_use]
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The search as it is after [`step`](Self::step) events (its board, its counters).
    #[must_use]
    pub fn state(&self) -> &T {
        &self.current
    }

    /// The last event taken, if any.
    #[must_use]
    pub fn last(&self) -> Option<&Event> {
        self.last.as_ref()
    }

    /// Whether the search has been seen to end.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Copies of the state held now.
    #[must_use]
    pub fn snapshots(&self) -> usize {
        self.snapshots.len()
    }

    /// Takes the next event; `None` at the end of the search.
    pub fn forward(&mut self) -> Option<&Event> {
        let e = self.current.next();
        let Some(e) = e else {
            self.finished = true;
            return None;
        };
        self.step += 1;
        self.last = Some(e);
        let newest = self.snapshots.last().map_or(0, |s| s.0);
        if self.step.is_multiple_of(self.every) && self.step > newest {
            self.snapshots
                .push((self.step, self.current.clone(), self.last.clone()));
            if self.snapshots.len() > self.max {
                self.every *= 2;
                let every = self.every;
                self.snapshots.retain(|s| s.0 % every == 0);
            }
        }
        self.last.as_ref()
    }

    /// Goes back one event; false at step 0.
    pub fn back(&mut self) -> bool {
        if self.step == 0 {
            return false;
        }
        self.seek(self.step - 1);
        true
    }

    /// Goes to the state after `target` events (forward or back); stops early
    /// at the end of the search. Returns the step reached.
    pub fn seek(&mut self, target: u64) -> u64 {
        if target < self.step {
            let i = self.snapshots.partition_point(|s| s.0 <= target) - 1;
            let (step, state, last) = &self.snapshots[i];
            self.step = *step;
            self.current = state.clone();
            self.last = last.clone();
            self.finished = false;
        }
        while self.step < target {
            // Up to the event before the next copy (or the target) without
            // making the events, then that event as `forward` takes it (the
            // copy, the last event). A search that ends on the way is taken
            // again event by event from where the run started, so that its
            // last event is known.
            let next_copy = (self.step / self.every + 1) * self.every;
            let want = target.min(next_copy) - 1 - self.step;
            if want > 0 {
                let before = self.current.clone();
                let done = self.current.fast_forward(want);
                if done < want {
                    self.current = before;
                    while self.forward().is_some() {}
                    break;
                }
                self.step += done;
            }
            if self.forward().is_none() {
                break;
            }
        }
        self.step
    }
}

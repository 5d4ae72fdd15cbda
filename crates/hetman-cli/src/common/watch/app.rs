//! The state of the animation: the search on a timeline, play or pause,
//! the speed, and what the keys do to them.

use hetman::trace::{Event, KnightTrace, QueensTrace, Timeline, Trace};

/// Steps a second at each speed setting.
pub const SPEEDS: [u32; 12] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 10_000, 100_000];
/// The speed a watch starts at (5 steps a second).
pub const START_SPEED: usize = 2;
/// Steps `n` runs at most before it gives the screen back.
pub const NEXT_SOLUTION_CAP: u64 = 20_000_000;

/// The search being watched.
#[derive(Clone)]
pub enum Search<'b> {
    /// N queens.
    Queens(Timeline<QueensTrace>),
    /// A knight's tour.
    Knight(Timeline<KnightTrace<'b>>),
}

impl Search<'_> {
    /// Steps taken.
    pub fn step(&self) -> u64 {
        match self {
            Search::Queens(t) => t.step(),
            Search::Knight(t) => t.step(),
        }
    }

    /// The last event taken.
    pub fn last(&self) -> Option<&Event> {
        match self {
            Search::Queens(t) => t.last(),
            Search::Knight(t) => t.last(),
        }
    }

    /// Whether the search has been seen to end.
    pub fn finished(&self) -> bool {
        match self {
            Search::Queens(t) => t.finished(),
            Search::Knight(t) => t.finished(),
        }
    }

    /// The counters so far.
    pub fn counters(&self) -> hetman::trace::Counters {
        match self {
            Search::Queens(t) => t.state().counters(),
            Search::Knight(t) => t.state().counters(),
        }
    }

    /// What is watched.
    pub fn header(&self) -> hetman::trace::Header {
        match self {
            Search::Queens(t) => t.state().header(),
            Search::Knight(t) => t.state().header(),
        }
    }

    fn forward(&mut self) -> Option<bool> {
        let e = match self {
            Search::Queens(t) => t.forward(),
            Search::Knight(t) => t.forward(),
        };
        e.map(Event::is_solution)
    }

    fn back(&mut self) -> bool {
        match self {
            Search::Queens(t) => t.back(),
            Search::Knight(t) => t.back(),
        }
    }
}

/// What a key asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Space.
    PlayPause,
    /// Right arrow.
    Forward,
    /// Left arrow.
    Back,
    /// `+`.
    Faster,
    /// `-`.
    Slower,
    /// `n`.
    NextSolution,
    /// `q`, Esc, Ctrl-C.
    Quit,
}

/// The animation's state.
#[derive(Clone)]
pub struct App<'b> {
    /// The search.
    pub search: Search<'b>,
    /// Playing or paused.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Draw with ASCII only.
    pub ascii: bool,
    /// Draw in colour.
    pub color: bool,
    /// A note for the status line (the end reached, the start reached).
    pub note: Option<String>,
    /// Steps owed to the clock, in thousandths.
    debt: u64,
}

impl<'b> App<'b> {
    /// A paused watch of `search` at step 0.
    pub fn new(search: Search<'b>, ascii: bool, color: bool) -> Self {
        App {
            search,
            playing: false,
            speed: START_SPEED,
            ascii,
            color,
            note: None,
            debt: 0,
        }
    }

    /// A watch of N queens.
    pub fn queens(trace: QueensTrace, ascii: bool, color: bool) -> App<'static> {
        App::new(Search::Queens(Timeline::new(trace)), ascii, color)
    }

    /// A watch of a knight's search.
    pub fn knight(trace: KnightTrace<'b>, ascii: bool, color: bool) -> Self {
        App::new(Search::Knight(Timeline::new(trace)), ascii, color)
    }

    /// One step forward; false at the end.
    pub fn forward(&mut self) -> bool {
        match self.search.forward() {
            Some(_) => {
                self.note = None;
                true
            }
            None => {
                self.end_reached();
                false
            }
        }
    }

    fn end_reached(&mut self) {
        self.playing = false;
        self.note = Some("the search is over: every branch has been tried".to_string());
    }

    /// One step back; false at the start.
    pub fn back(&mut self) -> bool {
        self.playing = false;
        if self.search.back() {
            self.note = None;
            true
        } else {
            self.note = Some("at the start".to_string());
            false
        }
    }

    /// Runs to the next solution (or tour), at most [`NEXT_SOLUTION_CAP`] steps.
    pub fn next_solution(&mut self) {
        self.playing = false;
        for _ in 0..NEXT_SOLUTION_CAP {
            match self.search.forward() {
                Some(true) => {
                    self.note = None;
                    return;
                }
                Some(false) => {}
                None => {
                    self.end_reached();
                    return;
                }
            }
        }
        self.note = Some(format!(
            "no solution in the next {} steps; press n to go on",
            crate::common::output::group(NEXT_SOLUTION_CAP)
        ));
    }

    /// Does what a key asks; false when it asks to quit.
    pub fn key(&mut self, key: Key) -> bool {
        match key {
            Key::PlayPause => {
                self.playing = !self.playing && !self.search.finished();
                self.debt = 0;
            }
            Key::Forward => {
                self.playing = false;
                self.forward();
            }
            Key::Back => {
                self.back();
            }
            Key::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Key::Slower => self.speed = self.speed.saturating_sub(1),
            Key::NextSolution => self.next_solution(),
            Key::Quit => return false,
        }
        true
    }

    /// Advances by the steps `millis` milliseconds of play are worth.
    pub fn tick(&mut self, millis: u64) {
        if !self.playing {
            return;
        }
        self.debt += millis * u64::from(SPEEDS[self.speed]);
        let steps = self.debt / 1000;
        self.debt %= 1000;
        for _ in 0..steps {
            if !self.forward() {
                return;
            }
        }
    }
}

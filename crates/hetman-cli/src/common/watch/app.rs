//! The state of the animation: the search on a timeline, play or pause,
//! the speed, and what the keys do to them.

use crate::common::i18n::{n, s, Lang, Tr};
use hetman::trace::code::{self, Dialect};
use hetman::trace::{Counters, Event, Header, KnightTrace, QueensTrace, Timeline, Trace};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Steps a second at each speed setting; the last ones are the fast-forward
/// that runs the brute force's 33 million steps (N = 8) in seconds.
pub const SPEEDS: [u32; 14] = [
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
];
/// The longest a frame's steps may take while playing: the keys stay
/// responsive at any speed.
pub const TICK_BUDGET: Duration = Duration::from_millis(60);
/// The furthest `g` (and `s`) go past the current step, in one go.
pub const GOTO_CAP: u64 = 200_000_000;
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
    pub fn counters(&self) -> Counters {
        match self {
            Search::Queens(t) => t.state().counters(),
            Search::Knight(t) => t.state().counters(),
        }
    }

    /// What is watched.
    pub fn header(&self) -> Header {
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

    fn seek(&mut self, step: u64) -> u64 {
        match self {
            Search::Queens(t) => t.seek(step),
            Search::Knight(t) => t.seek(step),
        }
    }

    /// The listing the search runs.
    pub fn algorithm(&self) -> code::Algorithm {
        code::Algorithm::of(&self.header())
    }

    /// The id of the code line of the last event.
    pub fn line(&self) -> Option<&'static str> {
        self.last().map(|e| code::line_id(self.algorithm(), e))
    }
}

/// What a finished search found, in words: "92 solutions, the search is
/// over", "no tour from b5: the search is over".
pub fn found(header: &Header, counters: &Counters, tr: &Tr) -> String {
    let k = counters.solutions();
    let id = match header {
        Header::Knight { closed: true, .. } => "found-closed-tours",
        Header::Knight { .. } => "found-tours",
        Header::Queens { .. } => "found-solutions",
    };
    let start = match header {
        Header::Knight { start, .. } => start.to_string(),
        Header::Queens { .. } => String::new(),
    };
    tr.tf(
        id,
        &[
            ("count", n(k as f64)),
            ("shown", s(tr.group(k))),
            ("start", s(start)),
        ],
    )
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
    /// `c`: the code panel on or off.
    ToggleCode,
    /// `d`: pseudocode or C.
    ToggleDialect,
    /// `g`: go to step K (the digits follow, then Enter).
    GoTo,
    /// `s`: go to solution (or tour) K (the digits follow, then Enter).
    GoToSolution,
    /// A digit, while `g` or `s` asks for a number.
    Digit(u8),
    /// Backspace, while `g` or `s` asks for a number.
    Erase,
    /// Enter.
    Enter,
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
    /// A note for the status line (the end reached, the start reached). It
    /// stays until a key moves the search.
    pub note: Option<String>,
    /// The code panel is shown (where the terminal is wide enough).
    pub show_code: bool,
    /// The code panel's language.
    pub dialect: Dialect,
    /// The digits typed after `g` or `s`, while it asks for a number.
    pub goto: Option<String>,
    /// The number asked for is a solution's (`s`), not a step's (`g`).
    pub goto_solution: bool,
    /// The language of every word on the screen.
    pub tr: Rc<Tr>,
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
            show_code: true,
            dialect: Dialect::Pseudo,
            goto: None,
            goto_solution: false,
            tr: Rc::new(Tr::new(Lang::En)),
            debt: 0,
        }
    }

    /// The same watch in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.tr = Rc::new(Tr::new(lang));
        self
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
        self.note = Some(found(
            &self.search.header(),
            &self.search.counters(),
            &self.tr,
        ));
    }

    /// One step back; false at the start.
    pub fn back(&mut self) -> bool {
        self.playing = false;
        if self.search.back() {
            self.note = None;
            true
        } else {
            self.note = Some(self.tr.t("watch-at-start"));
            false
        }
    }

    /// Runs to the next solution (or tour), at most [`NEXT_SOLUTION_CAP`] steps.
    pub fn next_solution(&mut self) {
        self.playing = false;
        if self.search.finished() {
            let id = match self.search.header() {
                Header::Knight { .. } => "watch-no-further-tour",
                Header::Queens { .. } => "watch-no-further-solution",
            };
            let what = found(&self.search.header(), &self.search.counters(), &self.tr);
            self.note = Some(self.tr.tf(id, &[("found", s(what))]));
            return;
        }
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
        self.note = Some(self.tr.tf(
            "watch-no-solution-within",
            &[("steps", s(self.tr.group(NEXT_SOLUTION_CAP)))],
        ));
    }

    /// Goes to step `k` (back or forward), at most [`GOTO_CAP`] steps
    /// past the current one.
    pub fn go_to(&mut self, k: u64) {
        self.playing = false;
        let here = self.search.step();
        if k > here.saturating_add(GOTO_CAP) {
            self.note = Some(self.tr.tf(
                "watch-goto-too-far",
                &[
                    ("step", s(self.tr.group(k))),
                    ("cap", s(self.tr.group(GOTO_CAP))),
                ],
            ));
            return;
        }
        let reached = self.search.seek(k);
        self.note = if reached < k {
            let what = found(&self.search.header(), &self.search.counters(), &self.tr);
            Some(self.tr.tf(
                "watch-search-ends",
                &[("step", s(self.tr.group(reached))), ("found", s(what))],
            ))
        } else {
            Some(
                self.tr
                    .tf("watch-at-step", &[("step", s(self.tr.group(reached)))]),
            )
        };
    }

    /// Goes to just after solution (or tour) `k`, back or forward: back
    /// from the saved states, at most [`GOTO_CAP`] steps forward.
    pub fn go_to_solution(&mut self, k: u64) {
        self.playing = false;
        let knight = matches!(self.search.header(), Header::Knight { .. });
        if k == 0 {
            self.note = Some(self.tr.t("watch-no-solution-number"));
            return;
        }
        if self.search.counters().solutions() >= k {
            // Back to a step before it, in strides that double: each
            // stride starts from a saved state, and the walk forward from
            // there is at most twice as long as the way back.
            let here = self.search.step();
            let mut stride = 1024u64;
            loop {
                let at = here.saturating_sub(stride);
                self.search.seek(at);
                if at == 0 || self.search.counters().solutions() < k {
                    break;
                }
                stride = stride.saturating_mul(2);
            }
        }
        let from = self.search.step();
        while self.search.counters().solutions() < k {
            if self.search.step() - from >= GOTO_CAP {
                self.note = Some(self.tr.tf(
                    "watch-solution-too-far",
                    &[
                        ("number", s(self.tr.group(k))),
                        ("cap", s(self.tr.group(GOTO_CAP))),
                        ("step", s(self.tr.group(self.search.step()))),
                        ("have", s(self.tr.group(self.search.counters().solutions()))),
                    ],
                ));
                return;
            }
            if self.search.forward().is_none() {
                let what = found(&self.search.header(), &self.search.counters(), &self.tr);
                let id = if knight {
                    "watch-no-such-tour"
                } else {
                    "watch-no-such-solution"
                };
                self.note = Some(
                    self.tr
                        .tf(id, &[("number", s(self.tr.group(k))), ("found", s(what))]),
                );
                return;
            }
        }
        let id = if knight {
            "watch-at-tour"
        } else {
            "watch-at-solution"
        };
        self.note = Some(self.tr.tf(
            id,
            &[
                ("number", s(self.tr.group(k))),
                ("step", s(self.tr.group(self.search.step()))),
            ],
        ));
    }

    /// Does what a key asks; false when it asks to quit.
    pub fn key(&mut self, key: Key) -> bool {
        if let Some(typed) = &mut self.goto {
            match key {
                Key::Digit(d) if typed.len() < 19 => typed.push(char::from(b'0' + d)),
                Key::Digit(_) => {}
                Key::Erase => {
                    typed.pop();
                }
                Key::Enter => {
                    let k = typed.parse::<u64>().ok();
                    self.goto = None;
                    match (k, self.goto_solution) {
                        (Some(k), false) => self.go_to(k),
                        (Some(k), true) => self.go_to_solution(k),
                        (None, false) => self.note = Some(self.tr.t("watch-no-step")),
                        (None, true) => self.note = Some(self.tr.t("watch-no-solution-number")),
                    }
                }
                // Any other key closes the question without going.
                _ => self.goto = None,
            }
            return true;
        }
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
            Key::ToggleCode => self.show_code = !self.show_code,
            Key::ToggleDialect => {
                self.dialect = match self.dialect {
                    Dialect::Pseudo => Dialect::C,
                    Dialect::C => Dialect::Pseudo,
                }
            }
            Key::GoTo | Key::GoToSolution => {
                self.playing = false;
                self.goto = Some(String::new());
                self.goto_solution = key == Key::GoToSolution;
            }
            Key::Digit(_) | Key::Erase | Key::Enter => {}
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
        let start = Instant::now();
        for i in 0..steps {
            if !self.forward() {
                return;
            }
            // At the fastest speeds the machine sets the pace: steps not
            // taken within the budget are dropped, not owed.
            if i % 4096 == 4095 && start.elapsed() > TICK_BUDGET {
                return;
            }
        }
    }
}

//! Counting tours: [`count`] and [`count_per_square`], their
//! [`CountOptions`], and the [`TourCount`] they give.

use crate::jobs::Progress;
use crate::knight::frontier::{self, BigCount, Tours};
use crate::knight::{enumerate, feasibility, start_index, KnightBoard, Reason};
use crate::{Error, Square};
use std::fmt;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// The engine that counted tours, in a [`TourCount`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CountEngine {
    /// A theorem of [`feasibility`](crate::knight::feasibility) ruled every tour
    /// out; nothing was searched.
    Theorem,
    /// The backtracking search from one square with pruning, on all cores
    /// ([`enumerate::count`](crate::knight::enumerate::count)).
    Backtracking,
    /// The frontier dynamic programme over the whole board
    /// ([`frontier::count`](crate::knight::frontier::count)).
    Frontier,
}

impl CountEngine {
    /// Its name in messages.
    ///
    /// ```
    /// assert_eq!(hetman::knight::CountEngine::Frontier.name(), "frontier");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CountEngine::Theorem => "theorem",
            CountEngine::Backtracking => "backtracking",
            CountEngine::Frontier => "frontier",
        }
    }
}

impl fmt::Display for CountEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to count with [`count`], and how to run it: open tours of the
/// whole board on all cores by default, changed by chained setters.
///
/// # Example
/// ```
/// use hetman::knight::CountOptions;
/// let a1 = "a1".parse().unwrap();
/// let opts = CountOptions::closed().from(a1).threads(2);
/// assert!(opts.is_closed());
/// assert_eq!(opts.start(), Some(a1));
/// assert!(!CountOptions::default().is_closed());
/// ```
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    closed: bool,
    start: Option<Square>,
    threads: usize,
    stop: Option<&'a AtomicBool>,
    progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    checkpoint: Option<&'a Path>,
}

impl<'a> CountOptions<'a> {
    /// Open tours of the whole board, on all cores: the default.
    ///
    /// ```
    /// assert!(!hetman::knight::CountOptions::open().is_closed());
    /// ```
    #[must_use]
    pub fn open() -> Self {
        Self::default()
    }

    /// Closed tours of the whole board, on all cores.
    ///
    /// ```
    /// assert!(hetman::knight::CountOptions::closed().is_closed());
    /// ```
    #[must_use]
    pub fn closed() -> Self {
        CountOptions {
            closed: true,
            ..Self::default()
        }
    }

    /// Only the tours from `start`, by backtracking (boards of at most
    /// [`enumerate::MAX_SQUARES`](crate::knight::enumerate::MAX_SQUARES) squares);
    /// without it, every tour of the board, by the frontier counter.
    ///
    /// ```
    /// let opts = hetman::knight::CountOptions::open().from("c3".parse().unwrap());
    /// assert_eq!(opts.start().unwrap().to_string(), "c3");
    /// ```
    #[must_use]
    pub fn from(mut self, start: Square) -> Self {
        self.start = Some(start);
        self
    }

    /// Worker threads; 0 (the default) means all cores. The answer does not
    /// depend on it.
    ///
    /// ```
    /// let _ = hetman::knight::CountOptions::open().threads(1);
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// A flag that stops the count when set from outside: it then returns
    /// [`Error::Interrupted`], after saving the checkpoint if there is one.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// static STOP: AtomicBool = AtomicBool::new(false);
    /// let _ = hetman::knight::CountOptions::open().stop(&STOP);
    /// ```
    #[must_use]
    pub fn stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Called now and then with the work done: the search's work units
    /// from a start, the squares of the board's sweep without one.
    ///
    /// ```
    /// use hetman::jobs::Progress;
    /// let show = |p: Progress| eprintln!("{}/{}", p.units_done, p.units);
    /// let _ = hetman::knight::CountOptions::open().progress(&show);
    /// ```
    #[must_use]
    pub fn progress(mut self, progress: &'a (dyn Fn(Progress) + Sync)) -> Self {
        self.progress = Some(progress);
        self
    }

    /// A file that keeps the count's progress: after a stop or a crash, the
    /// same count resumes from it. A file of another count is refused with
    /// [`Error::Checkpoint`]; the file is removed when the count finishes.
    ///
    /// ```
    /// let path = std::path::Path::new("6x6.ckpt");
    /// let _ = hetman::knight::CountOptions::closed().checkpoint(path);
    /// ```
    #[must_use]
    pub fn checkpoint(mut self, path: &'a Path) -> Self {
        self.checkpoint = Some(path);
        self
    }

    /// Whether closed tours are counted.
    ///
    /// ```
    /// assert!(hetman::knight::CountOptions::closed().is_closed());
    /// ```
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The start, when only the tours from one square are counted.
    ///
    /// ```
    /// assert_eq!(hetman::knight::CountOptions::open().start(), None);
    /// ```
    #[must_use]
    pub fn start(&self) -> Option<Square> {
        self.start
    }
}

impl CountOptions<'_> {
    /// Tells the progress callback, if there is one, that `done` of `all`
    /// units of equal cost are finished.
    fn report(&self, done: usize, all: usize) {
        if let Some(f) = self.progress {
            f(Progress {
                units_done: done,
                units: all,
                cost_done: done as u64,
                cost: all as u64,
            });
        }
    }
}

impl fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CountOptions")
            .field("closed", &self.closed)
            .field("start", &self.start)
            .field("threads", &self.threads)
            .field("stop", &self.stop)
            .field("progress", &self.progress.is_some())
            .field("checkpoint", &self.checkpoint)
            .finish()
    }
}

/// Tours counted by [`count`], in both conventions, and the work it took.
///
/// A *directed* tour has a direction: a path and its reverse are two, and a
/// cycle is counted once in each direction. An *undirected* tour is a path
/// or cycle whatever its direction. From a start, the directed tours are
/// those that start there; the undirected ones are the paths with an end
/// there (as many), or the cycles through it (half as many).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourCount {
    /// Directed tours.
    pub directed: BigCount,
    /// Undirected tours: each path or cycle once.
    pub undirected: BigCount,
    /// Whether closed tours were counted.
    pub closed: bool,
    /// The start, for the tours from one square; `None` for the whole board.
    pub start: Option<Square>,
    /// The engine that counted.
    pub engine: CountEngine,
    /// Search nodes visited, for the backtracking search.
    pub nodes: Option<u64>,
    /// The most frontier states held after one square, for the frontier counter.
    pub peak_states: Option<usize>,
    /// The theorem that rules every tour out, when one does (then nothing
    /// was searched).
    pub no_tour: Option<Reason>,
}

/// Counts the tours of `board`: every tour of the board by the frontier
/// counter, or with [`CountOptions::from`] the tours from one square by
/// backtracking. See [`TourCount`] for the conventions.
///
/// Fails with [`Error::Square`] for a start off the board or blocked,
/// [`Error::TooLarge`] for a board too big for the engine (over
/// [`enumerate::MAX_SQUARES`](crate::knight::enumerate::MAX_SQUARES) squares with a
/// start, a narrow side over [`frontier::MAX_WIDTH`](crate::knight::frontier::MAX_WIDTH)
/// without), [`Error::Interrupted`] when stopped and [`Error::Checkpoint`]
/// for a checkpoint of another count. Tables per square, shards and the
/// frontier's own options are in [`enumerate`](crate::knight::enumerate) and
/// [`frontier`](crate::knight::frontier).
///
/// # Example
/// The 6×6 board has 9,862 closed tours, 19,724 from each square:
/// ```
/// use hetman::{BoardSize, knight::{self, CountEngine, CountOptions, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::square(6).unwrap()).unwrap();
/// let all = knight::count(&board, &CountOptions::closed()).unwrap();
/// assert_eq!((all.undirected, all.engine), (9_862u128.into(), CountEngine::Frontier));
///
/// let five = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let a1 = knight::count(&five, &CountOptions::open().from("a1".parse().unwrap())).unwrap();
/// assert_eq!(a1.directed, 304u128);
/// assert_eq!(a1.engine, CountEngine::Backtracking);
/// let all = knight::count(&five, &CountOptions::open()).unwrap();
/// assert_eq!((all.directed, all.undirected), (1_728u128.into(), 864u128.into()));
/// ```
pub fn count(board: &KnightBoard, options: &CountOptions<'_>) -> Result<TourCount, Error> {
    match options.start {
        Some(start) => count_from(board, start, options),
        None => count_board(board, options),
    }
}

/// The tours from one square, by backtracking.
fn count_from(
    board: &KnightBoard,
    start: Square,
    options: &CountOptions<'_>,
) -> Result<TourCount, Error> {
    let s = start_index(board, start)?;
    let mut c = TourCount {
        directed: BigCount::zero(),
        undirected: BigCount::zero(),
        closed: options.closed,
        start: Some(start),
        engine: CountEngine::Theorem,
        nodes: Some(0),
        peak_states: None,
        no_tour: feasibility::no_tour(board, s, options.closed),
    };
    if c.no_tour.is_some() {
        return Ok(c);
    }
    let progress = |done: u64, all: u64| options.report(done as usize, all as usize);
    let opts = enumerate::CountOptions {
        closed: options.closed,
        threads: options.threads,
        stop: options.stop,
        progress: Some(&progress),
        checkpoint: options.checkpoint,
    };
    let found = enumerate::count(board, start, &opts)?;
    c.directed = BigCount::from(found.tours);
    c.undirected = BigCount::from(if options.closed {
        found.tours / 2
    } else {
        found.tours
    });
    c.engine = CountEngine::Backtracking;
    c.nodes = Some(found.nodes);
    Ok(c)
}

/// Every tour of the board, by the frontier counter.
fn count_board(board: &KnightBoard, options: &CountOptions<'_>) -> Result<TourCount, Error> {
    let progress = |p: frontier::Progress| options.report(p.step, p.steps);
    let opts = frontier::Options {
        threads: frontier_threads(options.threads),
        stop: options.stop,
        checkpoint: options.checkpoint,
        progress: Some(&progress),
        ..frontier::Options::default()
    };
    let blocked = blocked_mask(board);
    let kind = if options.closed {
        Tours::Closed
    } else {
        Tours::OpenDirected
    };
    let found = frontier::count(board.width(), board.height(), &blocked, kind, &opts)?;
    // The frontier counts each cycle once, and each path of two squares or
    // more in both directions (a board of one square has one tour, its own
    // reverse).
    let (directed, undirected) = if options.closed {
        (found.tours.mul_u64(2), found.tours)
    } else if board.free_squares() > 1 {
        let half = found
            .tours
            .div_rem_u64(2)
            .map_or_else(BigCount::zero, |(q, _)| q);
        (found.tours, half)
    } else {
        (found.tours.clone(), found.tours)
    };
    Ok(TourCount {
        directed,
        undirected,
        closed: options.closed,
        start: None,
        engine: CountEngine::Frontier,
        nodes: None,
        peak_states: Some(found.peak_states),
        no_tour: None,
    })
}

/// The directed tours from each free square of `board`, in index order
/// (`None` for a blocked square), as [`count`] would give them square by
/// square with [`CountOptions::from`], but by the frontier counter: for open
/// tours, a count with the tour's end fixed on each square up to the
/// board's symmetries ([`frontier::count_per_square`]), checked against the
/// board's total; for closed tours, twice the board's total on every square
/// (each cycle runs through every square, once in each direction).
/// `options.start` and `options.checkpoint` are not used; `options.progress`
/// sees the squares counted.
///
/// Fails as [`count`] does without a start, and with [`Error::Internal`]
/// when the cells do not add up to the total.
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{self, CountOptions, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let t = knight::count_per_square(&board, &CountOptions::open()).unwrap();
/// assert_eq!(t[0], Some(304u128.into())); // from a1
/// let six = KnightBoard::new(BoardSize::square(6).unwrap()).unwrap();
/// let t = knight::count_per_square(&six, &CountOptions::closed()).unwrap();
/// assert!(t.iter().all(|c| *c == Some(19_724u128.into())));
/// ```
pub fn count_per_square(
    board: &KnightBoard,
    options: &CountOptions<'_>,
) -> Result<Vec<Option<BigCount>>, Error> {
    let whole = CountOptions {
        start: None,
        checkpoint: None,
        progress: None,
        ..*options
    };
    let total = count_board(board, &whole)?;
    let blocked = blocked_mask(board);
    if options.closed {
        return Ok(blocked
            .iter()
            .map(|&b| (!b).then(|| total.directed.clone()))
            .collect());
    }
    let opts = frontier::Options {
        threads: frontier_threads(options.threads),
        stop: options.stop,
        ..frontier::Options::default()
    };
    let mut done = |d: frontier::ClassDone| options.report(d.done, d.classes);
    let t = frontier::count_per_square_with_total(
        board.width(),
        board.height(),
        &blocked,
        &total.directed,
        &opts,
        &mut done,
    )?;
    Ok(t.cells)
}

/// The threads of a frontier count: `threads`, or every core for 0.
fn frontier_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// The board's blocked squares, row-major, as the frontier takes them.
fn blocked_mask(board: &KnightBoard) -> Vec<bool> {
    (0..board.squares() as u32)
        .map(|i| board.is_blocked(i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    fn board(w: u32, h: u32) -> KnightBoard {
        KnightBoard::new(BoardSize::new(w, h).unwrap()).unwrap()
    }

    #[test]
    fn counts_from_every_square_add_up_to_the_board_count() {
        for (w, h, closed) in [(3, 4, false), (5, 6, true), (4, 5, false)] {
            let b = board(w, h);
            let opts = if closed {
                CountOptions::closed()
            } else {
                CountOptions::open()
            };
            let all = count(&b, &opts.threads(1)).unwrap();
            let mut directed = BigCount::zero();
            for i in 0..b.squares() as u32 {
                let c = count(&b, &opts.from(b.square(i)).threads(1)).unwrap();
                directed += &c.directed;
            }
            // Open: each directed tour starts on one square. Closed: each
            // directed cycle starts on every square.
            let want = if closed {
                all.directed.mul_u64(b.free_squares())
            } else {
                all.directed.clone()
            };
            assert_eq!(directed, want, "{w}x{h} closed={closed}");
        }
    }

    #[test]
    fn a_theorem_answers_without_a_search() {
        let c = count(
            &board(5, 5),
            &CountOptions::closed().from(Square::new(0, 0)),
        )
        .unwrap();
        assert_eq!(c.engine, CountEngine::Theorem);
        assert!(c.directed.is_zero() && c.no_tour.is_some());
    }

    #[test]
    fn one_square_has_one_open_tour() {
        let c = count(&board(1, 1), &CountOptions::open()).unwrap();
        assert_eq!((c.directed, c.undirected), (1u128.into(), 1u128.into()));
    }
}

//! Every tour from a start: listing to a callback, and counting on all cores.
//!
//! The search is the seed's backtracking on bit masks (boards of up to 64
//! squares), with two prunings that cut whole subtrees without losing a tour:
//!
//! - **Dead squares.** After each move, the unvisited squares next to the
//!   square just left have lost a way in. Each unvisited square needs two ways
//!   (in and out) unless it is the last square, and only one square can be
//!   last: a square with no way left, or a second square with only one, ends
//!   the branch. For a closed tour the start counts as a way out of its
//!   neighbours, and the start itself must keep an unvisited neighbour.
//! - **A board cut in two.** Every few levels the unvisited squares are
//!   flooded from the current square; if the flood misses one, no path can
//!   cover them all.
//!
//! Counts use the symmetries of the board: squares in one orbit have the
//! same number of tours, and the tours from a square fixed by a symmetry come
//! in images of each other, so only one first move of each image class is
//! searched.
//!
//! Conventions: tours from a start are *directed* (a tour and its reverse
//! from the other end are different tours, as they start on different
//! squares); a closed tour from a start is counted in both directions, so the
//! number of *undirected* closed tours is half the directed count from any
//! one square.

mod estimate;
mod units;

pub use estimate::{estimate, CountEstimate};
use units::{board_symmetries, image, plan, Unit};

use super::board::KnightBoard;
use super::{start_index, Tour};
use crate::{Error, Square};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The largest board (in squares) that listing and counting take.
pub const MAX_SQUARES: u64 = 64;

/// Flood-fill the unvisited squares when at least this many remain.
const FLOOD_MIN: u32 = 12;

struct Solver {
    nbr: [u64; 64],
    /// The neighbours of each square in the seed's move order (for listing).
    seq: [[u8; 8]; 64],
    start: u32,
    closed: bool,
    /// The free squares of the board.
    free: u64,
    nodes: u64,
    /// The search gives up (returning too few tours) after this many nodes:
    /// only for timing a sample of the search.
    limit: u64,
}

impl Solver {
    fn new(board: &KnightBoard, start: u32, closed: bool) -> Self {
        let mut nbr = [0u64; 64];
        let mut seq = [[u8::MAX; 8]; 64];
        for i in 0..board.squares() as u32 {
            if !board.is_blocked(i) {
                for (k, j) in board.neighbours(i).enumerate() {
                    nbr[i as usize] |= 1 << j;
                    seq[i as usize][k] = j as u8;
                }
            }
        }
        Solver {
            nbr,
            seq,
            start,
            closed,
            free: board.free_squares(),
            nodes: 0,
            limit: u64::MAX,
        }
    }

    /// Whether moving `cur` -> `s`, leaving `u` unvisited, cannot lead to a tour.
    #[inline]
    fn dead(&self, cur: u32, s: u32, u: u64) -> bool {
        if u == 0 {
            return false;
        }
        let start_nbr = if self.closed {
            if self.nbr[self.start as usize] & u == 0 {
                return true;
            }
            self.nbr[self.start as usize]
        } else {
            0
        };
        let head = self.nbr[s as usize];
        let mut ends = 0;
        let mut vs = self.nbr[cur as usize] & u;
        while vs != 0 {
            let v = vs.trailing_zeros();
            vs &= vs - 1;
            let d = (self.nbr[v as usize] & u).count_ones()
                + ((head >> v) & 1) as u32
                + ((start_nbr >> v) & 1) as u32;
            if d <= 1 {
                if d == 0 {
                    return true;
                }
                ends += 1;
                if ends > 1 {
                    return true;
                }
            }
        }
        if u.count_ones() >= FLOOD_MIN {
            // Flood from the head through unvisited squares.
            let mut reached = head & u;
            let mut frontier = reached;
            while frontier != 0 {
                let mut next = 0;
                while frontier != 0 {
                    let v = frontier.trailing_zeros();
                    frontier &= frontier - 1;
                    next |= self.nbr[v as usize];
                }
                next &= u & !reached;
                reached |= next;
                frontier = next;
            }
            if reached != u {
                return true;
            }
        }
        false
    }

    /// Whether a path that has visited every square and ends at `cur` is a
    /// tour: for a closed one, a cycle of three squares or more (two squares
    /// a move apart make no cycle; see [`Tour::is_closed`]).
    fn complete(&self, cur: u32) -> bool {
        !self.closed || (self.free > 2 && (self.nbr[cur as usize] >> self.start) & 1 == 1)
    }

    fn count(&mut self, cur: u32, u: u64) -> u64 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            return 0;
        }
        if u == 0 {
            return u64::from(self.complete(cur));
        }
        let mut total = 0;
        let mut cands = self.nbr[cur as usize] & u;
        while cands != 0 {
            let s = cands.trailing_zeros();
            cands &= cands - 1;
            let u2 = u & !(1u64 << s);
            if !self.dead(cur, s, u2) {
                total += self.count(s, u2);
            }
        }
        total
    }

    fn visit(
        &mut self,
        cur: u32,
        u: u64,
        path: &mut Vec<u32>,
        f: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.nodes += 1;
        if u == 0 {
            return if self.complete(cur) {
                f(path)
            } else {
                ControlFlow::Continue(())
            };
        }
        for k in 0..8 {
            let s = u32::from(self.seq[cur as usize][k]);
            if s == u32::from(u8::MAX) {
                break;
            }
            if (u >> s) & 1 == 0 {
                continue;
            }
            let u2 = u & !(1u64 << s);
            if !self.dead(cur, s, u2) {
                path.push(s);
                let r = self.visit(s, u2, path, f);
                path.pop();
                r?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn check_board(board: &KnightBoard) -> Result<(), Error> {
    if board.squares() > MAX_SQUARES {
        return Err(Error::TooLarge {
            reason: format!(
                "listing and counting tours take boards of at most {MAX_SQUARES} squares; {} has {}",
                board.size(),
                board.squares()
            ),
        });
    }
    Ok(())
}

fn unvisited(board: &KnightBoard, start: u32) -> u64 {
    let mut u = 0u64;
    for i in 0..board.squares() as u32 {
        if !board.is_blocked(i) && i != start {
            u |= 1 << i;
        }
    }
    u
}

/// Hands every tour of `board` from `start` to `f`, in the seed's move order
/// (the order of [`KNIGHT_MOVES`](super::KNIGHT_MOVES)), until `f` breaks.
/// Returns the nodes visited.
///
/// # Example
/// ```
/// use std::ops::ControlFlow;
/// use hetman::{BoardSize, knight::{enumerate::for_each_tour, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::new(3, 4).unwrap()).unwrap();
/// let mut n = 0;
/// for_each_tour(&board, "a1".parse().unwrap(), false, |t| {
///     assert!(t.verify(&board, false).is_ok());
///     n += 1;
///     ControlFlow::Continue(())
/// }).unwrap();
/// assert_eq!(n, 2);
/// ```
pub fn for_each_tour(
    board: &KnightBoard,
    start: Square,
    closed: bool,
    mut f: impl FnMut(&Tour) -> ControlFlow<()>,
) -> Result<u64, Error> {
    check_board(board)?;
    let s = start_index(board, start)?;
    let mut solver = Solver::new(board, s, closed);
    let mut tour = Tour::from_indices(board.size(), Vec::with_capacity(64));
    let mut path = vec![s];
    let _ = solver.visit(s, unvisited(board, s), &mut path, &mut |p| {
        let buf = tour.path_mut();
        buf.clear();
        buf.extend_from_slice(p);
        f(&tour)
    });
    Ok(solver.nodes)
}

/// Options for counting.
#[derive(Default)]
pub struct CountOptions<'a> {
    /// Count closed tours.
    pub closed: bool,
    /// Threads; 0 means all cores.
    pub threads: usize,
    /// Set from outside to stop ([`Error::Interrupted`]).
    pub stop: Option<&'a AtomicBool>,
    /// Called now and then with (work units done, work units in all).
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// A file recording each finished work unit; when it holds units of an
    /// earlier, interrupted run of the same count, they are not counted again.
    /// A file of another count is refused with [`Error::Checkpoint`].
    pub checkpoint: Option<&'a std::path::Path>,
}

/// Tour counts from every square of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountTable {
    /// Directed tours from each square, in index order (`None` for a blocked square).
    pub per_square: Vec<Option<u64>>,
    /// Nodes visited.
    pub nodes: u64,
}

impl CountTable {
    /// Directed tours from all squares together. For open tours each
    /// undirected tour is counted twice (once from each end); for closed
    /// tours each undirected tour is counted twice on every one of its squares.
    ///
    /// ```
    /// use hetman::{BoardSize, knight::{enumerate::{count_all, CountOptions}, KnightBoard}};
    /// let board = KnightBoard::new(BoardSize::new(3, 4).unwrap()).unwrap();
    /// let t = count_all(&board, &CountOptions::default()).unwrap();
    /// assert_eq!(t.total(), 16); // 8 undirected open tours
    /// ```
    #[must_use]
    pub fn total(&self) -> u64 {
        self.per_square.iter().flatten().sum()
    }
}

fn run_units(
    board: &KnightBoard,
    units: &[Unit],
    options: &CountOptions<'_>,
) -> Result<(Vec<u64>, u64), Error> {
    let threads = if options.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        options.threads
    }
    .min(units.len().max(1));
    let mut record = match options.checkpoint {
        Some(path) => {
            let units_text: Vec<String> = units
                .iter()
                .map(|u| format!("{}.{}.{:?}.{}", u.start, u.first, u.second, u.weight))
                .collect();
            let blocked: String = (0..board.squares() as u32)
                .map(|i| if board.is_blocked(i) { '1' } else { '0' })
                .collect();
            let header = crate::jobs::Job::new("knight-enumerate")
                .field("size", format!("{}x{}", board.width(), board.height()))
                .field("closed", options.closed)
                .field("blocked", crate::jobs::short_hash(blocked.as_bytes()))
                .field(
                    "units",
                    crate::jobs::short_hash(units_text.join(",").as_bytes()),
                )
                .identity();
            Some(crate::jobs::checkpoint::Checkpoint::open(path, &header)?)
        }
        None => None,
    };
    // Units an earlier run finished are taken from the checkpoint.
    let mut skip = vec![false; units.len()];
    let mut first = (vec![0u64; board.squares() as usize], 0u64);
    if let Some(c) = &record {
        for (k, unit) in units.iter().enumerate() {
            if let Some(&[count, nodes]) = c.get(k as u64) {
                skip[k] = true;
                first.0[unit.start as usize] += count * unit.weight;
                first.1 += nodes;
            }
        }
    }
    let finished_before = skip.iter().filter(|&&s| s).count() as u64;
    let record_error = Mutex::new(None);
    let record_ref = Mutex::new(record.as_mut());
    let next = AtomicUsize::new(0);
    let done = AtomicU64::new(finished_before);
    let results = Mutex::new(first);
    let interrupted = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut local = vec![0u64; board.squares() as usize];
                let mut nodes = 0u64;
                loop {
                    if options.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                        interrupted.store(true, Ordering::Relaxed);
                        break;
                    }
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(unit) = units.get(k) else { break };
                    if skip[k] {
                        continue;
                    }
                    let mut solver = Solver::new(board, unit.start, options.closed);
                    let u = unvisited(board, unit.start) & !(1u64 << unit.first);
                    let c = if solver.dead(unit.start, unit.first, u) {
                        0
                    } else {
                        match unit.second {
                            None => {
                                solver.nodes += 1;
                                u64::from(u == 0 && solver.complete(unit.first))
                            }
                            Some(t) => {
                                let u2 = u & !(1u64 << t);
                                solver.nodes += 1;
                                if solver.dead(unit.first, t, u2) {
                                    0
                                } else {
                                    solver.count(t, u2)
                                }
                            }
                        }
                    };
                    local[unit.start as usize] += c * unit.weight;
                    nodes += solver.nodes;
                    let mut rec = record_ref
                        .lock()
                        .expect("no thread panics holding the lock");
                    if let Some(r) = rec.as_mut()
                        && let Err(e) = r.record(k as u64, &[c, solver.nodes])
                    {
                        *record_error.lock().expect("no panics here") = Some(e);
                        interrupted.store(true, Ordering::Relaxed);
                        break;
                    }
                    drop(rec);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if let Some(p) = options.progress {
                        p(d, units.len() as u64);
                    }
                }
                let mut r = results.lock().expect("no thread panics holding the lock");
                for (a, b) in r.0.iter_mut().zip(&local) {
                    *a += b;
                }
                r.1 += nodes;
            });
        }
    });
    if let Some(e) = record_error.into_inner().expect("no panics here") {
        return Err(e);
    }
    if let Some(r) = record.as_mut() {
        r.sync()?;
    }
    if interrupted.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    if let (Some(path), Some(_)) = (options.checkpoint, record.take()) {
        // A finished count leaves nothing to resume.
        let _ = std::fs::remove_file(path);
    }
    Ok(results
        .into_inner()
        .expect("no thread panics holding the lock"))
}

/// The tours from one square that [`count`] found, and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartCount {
    /// Directed tours from the square (closed ones once in each direction).
    pub tours: u64,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The number of directed tours of `board` from `start` (see the module
/// docs for the conventions), and the nodes visited.
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{enumerate::{count, CountOptions}, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let c = count(&board, "a1".parse().unwrap(), &CountOptions::default()).unwrap();
/// assert_eq!(c.tours, 304);
/// assert!(c.nodes > c.tours);
/// ```
pub fn count(
    board: &KnightBoard,
    start: Square,
    options: &CountOptions<'_>,
) -> Result<StartCount, Error> {
    check_board(board)?;
    let s = start_index(board, start)?;
    if board.free_squares() == 1 {
        return Ok(StartCount {
            tours: u64::from(!options.closed),
            nodes: 1,
        });
    }
    let syms = board_symmetries(board);
    let units = plan(board, &[s], options.closed, &syms);
    let (per, nodes) = run_units(board, &units, options)?;
    Ok(StartCount {
        tours: per[s as usize],
        nodes,
    })
}

/// Directed tours from every free square of `board`, computed once per
/// orbit of the board's symmetries.
///
/// # Example
/// ```
/// use hetman::{BoardSize, knight::{enumerate::{count_all, CountOptions}, KnightBoard}};
/// let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
/// let t = count_all(&board, &CountOptions::default()).unwrap();
/// assert_eq!(t.total(), 1728);
/// assert_eq!(t.per_square[0], Some(304));
/// ```
pub fn count_all(board: &KnightBoard, options: &CountOptions<'_>) -> Result<CountTable, Error> {
    check_board(board)?;
    let (w, h) = (board.width(), board.height());
    let syms = board_symmetries(board);
    let n = board.squares() as u32;
    let mut rep = vec![u32::MAX; n as usize];
    let mut starts = Vec::new();
    for i in 0..n {
        if board.is_blocked(i) || rep[i as usize] != u32::MAX {
            continue;
        }
        for &g in &syms {
            let j = board.index(image(g, board.square(i), w, h));
            if rep[j as usize] == u32::MAX {
                rep[j as usize] = i;
            }
        }
        starts.push(i);
    }
    let (per, nodes) = if board.free_squares() == 1 {
        let mut v = vec![0u64; n as usize];
        v[starts[0] as usize] = u64::from(!options.closed);
        (v, 1)
    } else {
        let units = plan(board, &starts, options.closed, &syms);
        run_units(board, &units, options)?
    };
    let per_square = (0..n)
        .map(|i| (!board.is_blocked(i)).then(|| per[rep[i as usize] as usize]))
        .collect();
    Ok(CountTable { per_square, nodes })
}

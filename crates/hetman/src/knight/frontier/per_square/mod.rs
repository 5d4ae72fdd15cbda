//! Directed open tours from each square, by the frontier count with a fixed
//! tour end.
//!
//! The directed open tours that start on square `s` are the undirected
//! Hamiltonian paths with an end on `s` (a path of two squares or more has
//! two different ends, and runs from each in one direction). The frontier
//! count finds them when `s` must be a tour end: when `s` leaves the
//! frontier, all its moves decided, it has exactly one move, never two
//! (the check is in [`Plan::finish`](super::plan::Plan)); until then the
//! feasibility test counts `s` among the tour ends still to come. A count
//! met in the middle checks `s` on the side where it leaves the frontier,
//! or, when `s` is on one of the two ranks at the cut, in the join, where
//! `s` must be one of the new tour ends. So every square is counted with
//! the split, as fast as the whole board.
//!
//! One square is counted per class of squares that the board's symmetries
//! (with its blocked squares) map onto each other, and the table is filled
//! by symmetry. The cells add up to the directed total, which is checked
//! against the whole-board count.
//!
//! A table of a large board is many long counts: with a checkpoint (see
//! [`Options::checkpoint`]) the total and each square's count are kept in a
//! sealed file beside it as they finish (see the `per_square_file` module),
//! the square under way is checkpointed as any count is, and the same call
//! goes on from where a stopped one was.

use std::path::{Path, PathBuf};

use super::checkpoint::checkpoint_error;
use super::per_square_file::{Cells, CellsFile};
use super::plan::Plan;
use super::{count, run_plan, BigCount, Count, Options, Tours};
use crate::Error;

/// Directed open tours from each square of a board (see [`count_per_square`]).
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count_per_square, Options};
/// let t = count_per_square(5, 5, &[false; 25], &Options::default()).unwrap();
/// assert_eq!(t.cells[0], Some(304u128.into())); // from a1
/// assert_eq!(t.total, 1728u128);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PerSquare {
    /// Directed open tours from each square, row-major with rank 0 first
    /// (`cells[rank * width + file]`); `None` for a blocked square.
    pub cells: Vec<Option<BigCount>>,
    /// The directed open tours of the whole board: the sum of the cells,
    /// checked against the whole-board count.
    pub total: BigCount,
    /// The squares counted: one per class of squares that the board's
    /// symmetries map onto each other.
    pub classes: usize,
}

/// One class of squares counted, handed to the callback of
/// [`count_per_square_with_total`].
///
/// # Example
/// ```
/// use hetman::knight::frontier::ClassDone;
/// let d = ClassDone { square: 0, squares: 4, done: 1, classes: 6, tours: 304u64.into(), resumed: false };
/// assert!(d.done <= d.classes);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassDone {
    /// The square counted (row-major, rank 0 first).
    pub square: usize,
    /// The squares of its class, which have the same count.
    pub squares: usize,
    /// Classes counted so far, this one included.
    pub done: usize,
    /// Classes in all.
    pub classes: usize,
    /// Directed open tours from the square.
    pub tours: BigCount,
    /// Whether the count was read from the checkpoint's cells (counted by an
    /// earlier run) rather than counted now.
    pub resumed: bool,
}

/// Counts the directed open tours from each free square of a board by the
/// frontier count with a fixed tour end (one square per class of squares
/// the board's symmetries map onto each other), and checks that they add up
/// to the directed total, which it counts too.
///
/// `blocked` is row-major, rank 0 first, as for [`count`]. Counts are
/// met in the middle as [`Options::split`] says. `opts.progress` and
/// `opts.joining` are called for each count in turn (the whole board first,
/// then each square). With `opts.checkpoint` (a path `FILE`), the whole
/// board's count is checkpointed in `FILE`, then the table goes on as
/// [`count_per_square_with_total`] says; a table stopped after the whole
/// count takes its total from `FILE.cells`. Fails as [`count`] does, and
/// with [`Error::Internal`] when the cells do not add up to the total.
///
/// # Example
/// The 5×5 board: 304 directed open tours from a corner, none from b1.
/// ```
/// use hetman::knight::frontier::{count_per_square, Options};
/// let t = count_per_square(5, 5, &[false; 25], &Options::default()).unwrap();
/// let row: Vec<String> = t.cells[..5].iter().map(|c| c.clone().unwrap().to_string()).collect();
/// assert_eq!(row, ["304", "0", "56", "0", "304"]);
/// assert_eq!(t.classes, 6);
/// ```
pub fn count_per_square(
    width: u32,
    height: u32,
    blocked: &[bool],
    opts: &Options<'_>,
) -> Result<PerSquare, Error> {
    let total = match opts.checkpoint {
        Some(p) => saved_total(p, width, height, blocked)?,
        None => None,
    };
    let total = match total {
        Some(t) => t,
        None => count(width, height, blocked, Tours::OpenDirected, opts)?.tours,
    };
    count_per_square_with_total(width, height, blocked, &total, opts, &mut |_| {})
}

/// The directed total kept in the cells file beside the checkpoint
/// `checkpoint` of a per-square table of this board (see
/// [`count_per_square_with_total`]): `None` when there is no such file.
/// Refuses a file of another board or a damaged one.
///
/// # Example
/// ```
/// use hetman::knight::frontier::saved_total;
/// let path = std::env::temp_dir().join(format!("hetman-saved-total-{}", std::process::id()));
/// assert_eq!(saved_total(&path, 5, 5, &[false; 25]).unwrap(), None);
/// ```
pub fn saved_total(
    checkpoint: &Path,
    width: u32,
    height: u32,
    blocked: &[bool],
) -> Result<Option<BigCount>, Error> {
    let base = Plan::new(width, height, blocked, Tours::OpenUndirected)?;
    Ok(CellsFile::beside(checkpoint, &base.signature)
        .load()?
        .map(|c| c.total))
}

/// [`count_per_square`] given the directed total (from [`count`] with
/// [`Tours::OpenDirected`]), which the cells must add up to; `done` is
/// called as each class of squares is counted (or read back).
///
/// `opts.progress` and `opts.joining` are called for each square's count.
/// With `opts.checkpoint` (a path `FILE`): the total and each square's
/// tours are kept in `FILE.cells` as they finish, the square under way is
/// checkpointed in `FILE.cell` (every `opts.checkpoint_every`), and a table
/// stopped (by `opts.stop`, or a crash) is taken up where it was by the
/// same call; `FILE.cells` is removed when the table is finished and adds
/// up. A cells file of another board, one saved with another total, or a
/// damaged one is refused.
///
/// # Example
/// ```
/// use hetman::knight::frontier::{count_per_square_with_total, BigCount, Options};
/// let o = Options::default();
/// let mut seen = Vec::new();
/// let t = count_per_square_with_total(3, 4, &[false; 12], &BigCount::from(16u64), &o, &mut |d| {
///     seen.push((d.square, d.squares, d.tours.to_string()));
/// })
/// .unwrap();
/// assert_eq!(t.total, 16u128);
/// assert_eq!(seen.len(), t.classes);
/// // A wrong total is an error, not a table.
/// assert!(count_per_square_with_total(3, 4, &[false; 12], &BigCount::from(17u64), &o, &mut |_| {})
///     .is_err());
/// ```
pub fn count_per_square_with_total(
    width: u32,
    height: u32,
    blocked: &[bool],
    total: &BigCount,
    opts: &Options<'_>,
    done: &mut dyn FnMut(ClassDone),
) -> Result<PerSquare, Error> {
    let kind = Tours::OpenUndirected;
    let base = Plan::new(width, height, blocked, kind)?;
    let (wo, ho) = (width as usize, height as usize);
    let classes = classes(wo, ho, blocked);
    let file = opts
        .checkpoint
        .map(|p| CellsFile::beside(p, &base.signature));
    let mut saved = Cells {
        total: total.clone(),
        done: Vec::new(),
    };
    if let Some(f) = &file {
        if let Some(c) = f.load()? {
            if c.total != *total {
                return Err(checkpoint_error(
                    f.path(),
                    format!(
                        "was saved for a table adding up to {}, but the board has {total}; \
                         remove it or choose another checkpoint",
                        c.total
                    ),
                ));
            }
            saved = c;
        }
        // The total is kept before the first square is counted.
        f.save(&saved)?;
    }
    let cell_path: Option<PathBuf> = opts.checkpoint.map(|p| {
        let mut s = p.as_os_str().to_owned();
        s.push(".cell");
        PathBuf::from(s)
    });
    let each = Options {
        checkpoint: cell_path.as_deref(),
        progress: opts.progress,
        joining: opts.joining,
        ..plain(opts)
    };
    let mut cells: Vec<Option<BigCount>> = vec![None; blocked.len()];
    let mut sum = BigCount::zero();
    for (n, class) in classes.iter().enumerate() {
        let square = class[0];
        let (tours, resumed) = match saved.get(square) {
            Some(t) => (t.clone(), true),
            None => {
                let (tours, _, _) = count_end(&base, (width, height), square, &each)?;
                if let Some(f) = &file {
                    saved.done.push((square, tours.clone()));
                    f.save(&saved)?;
                }
                (tours, false)
            }
        };
        for &x in class {
            cells[x] = Some(tours.clone());
            sum += &tours;
        }
        done(ClassDone {
            square,
            squares: class.len(),
            done: n + 1,
            classes: classes.len(),
            tours,
            resumed,
        });
    }
    if sum != *total {
        return Err(Error::Internal {
            reason: format!(
                "the directed open tours from each square of {width}x{height} add up to {sum}, \
                 but the board has {total}{}",
                match &file {
                    Some(f) => format!(" (the cells are kept in '{}')", f.path().display()),
                    None => String::new(),
                }
            ),
        });
    }
    if let Some(f) = &file {
        f.remove();
    }
    Ok(PerSquare {
        cells,
        total: sum,
        classes: classes.len(),
    })
}

/// The directed open tours from square `start` (row-major, rank 0 first)
/// of a board: the frontier count with a tour end fixed there, met in the
/// middle as [`Options::split`] says, with `opts`'s progress, checkpoint
/// and passes as [`count`] takes them (a checkpoint of this count is not
/// taken by a count from another square, nor by a whole-board count).
///
/// # Example
/// The 5×5 board: 304 directed open tours from a1, none from b1.
/// ```
/// use hetman::knight::frontier::{count_from, Options};
/// let o = Options::default();
/// assert_eq!(count_from(5, 5, &[false; 25], 0, &o).unwrap().tours, 304u128);
/// assert!(count_from(5, 5, &[false; 25], 1, &o).unwrap().tours.is_zero());
/// // Off the board, or blocked: an error.
/// assert!(count_from(5, 5, &[false; 25], 25, &o).is_err());
/// ```
pub fn count_from(
    width: u32,
    height: u32,
    blocked: &[bool],
    start: usize,
    opts: &Options<'_>,
) -> Result<Count, Error> {
    let base = Plan::new(width, height, blocked, Tours::OpenUndirected)?;
    if blocked.get(start) != Some(&false) {
        return Err(Error::Square {
            value: start.to_string(),
            reason: format!("not a free square of the {width}x{height} board"),
        });
    }
    let (tours, peak_states, cut) = count_end(&base, (width, height), start, opts)?;
    Ok(Count::of(&base, tours, peak_states, cut))
}

/// The undirected open tours of the board of `base` with an end on
/// `square` (row-major, rank 0 first; the directed tours from it), their
/// peak states and the cut, as `run_plan` gives them; `base` is the plan of
/// the board of `width` × `height` squares.
fn count_end(
    base: &Plan,
    (width, height): (u32, u32),
    square: usize,
    opts: &Options<'_>,
) -> Result<(BigCount, usize, Option<usize>), Error> {
    let (wo, ho) = (width as usize, height as usize);
    // The square in processing order (see `Plan::oriented`: the board is
    // transposed when it is wider than high).
    let s = if wo <= ho {
        square
    } else {
        (square % wo) * ho + square / wo
    };
    let mut plan = base.clone();
    plan.fix_end(Some(s));
    // Each square's count is a count of its own (its checkpoint is not
    // another square's, nor the whole board's).
    plan.signature
        .extend_from_slice(format!(" end={s}").as_bytes());
    run_plan(&mut plan, Tours::OpenUndirected, opts)
}

/// The options a table passes on to each of its counts (no progress, no
/// checkpoint: the table sets its own).
fn plain<'a>(opts: &Options<'a>) -> Options<'a> {
    Options {
        threads: opts.threads,
        progress: None,
        joining: None,
        stop: opts.stop,
        max_states: opts.max_states,
        checkpoint: None,
        checkpoint_every: opts.checkpoint_every,
        waiting: None,
        split: opts.split,
        periodic: opts.periodic,
        passes: opts.passes,
    }
}

/// The free squares of a board (row-major, rank 0 first) in classes of
/// squares that the board's symmetries (with its blocked squares) map onto
/// each other, each class led by its least square, in order of it: the
/// squares a per-square table counts are the classes' first. None when
/// `blocked` does not have `width × height` entries.
///
/// # Example
/// ```
/// use hetman::knight::frontier::square_classes;
/// let c = square_classes(5, 5, &[false; 25]);
/// assert_eq!(c.len(), 6);
/// assert_eq!(c[0], [0, 4, 20, 24]); // the corners
/// ```
pub fn square_classes(width: u32, height: u32, blocked: &[bool]) -> Vec<Vec<usize>> {
    if blocked.len() as u64 != u64::from(width) * u64::from(height) {
        return Vec::new();
    }
    classes(width as usize, height as usize, blocked)
}

/// The free squares (row-major, rank 0 first) in classes of squares that
/// the symmetries of the board and its blocked squares map onto each
/// other, each class led by its least square, in order of it.
fn classes(w: usize, h: usize, blocked: &[bool]) -> Vec<Vec<usize>> {
    // The eight symmetries of the square, as maps of (file, rank); the last
    // four swap the sides and only map a square board onto itself.
    let image = |g: usize, i: usize| {
        let (x, y) = (i % w, i / w);
        let (x, y) = match g {
            0 => (x, y),
            1 => (w - 1 - x, y),
            2 => (x, h - 1 - y),
            3 => (w - 1 - x, h - 1 - y),
            4 => (y, x),
            5 => (h - 1 - y, x),
            6 => (y, w - 1 - x),
            _ => (h - 1 - y, w - 1 - x),
        };
        y * w + x
    };
    let symmetries: Vec<usize> = (0..if w == h { 8 } else { 4 })
        .filter(|&g| (0..w * h).all(|i| blocked[image(g, i)] == blocked[i]))
        .collect();
    let mut class_of = vec![usize::MAX; w * h];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in (0..w * h).filter(|&i| !blocked[i]) {
        if class_of[i] != usize::MAX {
            continue;
        }
        let mut class: Vec<usize> = symmetries.iter().map(|&g| image(g, i)).collect();
        class.sort_unstable();
        class.dedup();
        for &j in &class {
            class_of[j] = out.len();
        }
        out.push(class);
    }
    out
}

#[cfg(test)]
mod tests;

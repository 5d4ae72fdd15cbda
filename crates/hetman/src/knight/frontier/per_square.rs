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

use super::plan::Plan;
use super::{count, run_plan, BigCount, Options, Tours};
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
/// let d = ClassDone { square: 0, squares: 4, done: 1, classes: 6, tours: 304u64.into() };
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
}

/// Counts the directed open tours from each free square of a board by the
/// frontier count with a fixed tour end (one square per class of squares
/// the board's symmetries map onto each other), and checks that they add up
/// to the directed total, which it counts too.
///
/// `blocked` is row-major, rank 0 first, as for [`count`]. Counts are
/// met in the middle as [`Options::split`] says; `opts.progress` and
/// `opts.checkpoint` are not used (see [`count_per_square_with_total`] for
/// progress). Fails as [`count`] does, and with [`Error::Internal`] when
/// the cells do not add up to the total.
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
    let quiet = plain(opts);
    let total = count(width, height, blocked, Tours::OpenDirected, &quiet)?.tours;
    count_per_square_with_total(width, height, blocked, &total, opts, &mut |_| {})
}

/// [`count_per_square`] given the directed total (from [`count`] with
/// [`Tours::OpenDirected`]), which the cells must add up to; `done` is
/// called as each class of squares is counted.
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
    let quiet = plain(opts);
    let mut cells: Vec<Option<BigCount>> = vec![None; blocked.len()];
    let mut sum = BigCount::zero();
    for (n, class) in classes.iter().enumerate() {
        let square = class[0];
        // The square in processing order (see `Plan::oriented`: the board is
        // transposed when it is wider than high).
        let s = if wo <= ho {
            square
        } else {
            (square % wo) * ho + square / wo
        };
        let mut plan = base.clone();
        plan.fix_end(Some(s));
        let (tours, _, _) = run_plan(&mut plan, kind, &quiet)?;
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
        });
    }
    if sum != *total {
        return Err(Error::Internal {
            reason: format!(
                "the directed open tours from each square of {width}x{height} add up to {sum}, \
                 but the board has {total}"
            ),
        });
    }
    Ok(PerSquare {
        cells,
        total: sum,
        classes: classes.len(),
    })
}

/// The options of one count of a table: no progress, no checkpoint.
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
mod tests {
    use super::*;
    use crate::knight::enumerate::{count_all, CountOptions};
    use crate::knight::KnightBoard;
    use crate::{BoardSize, Square};

    /// The backtracking table of a board, as counts.
    fn backtracking(w: u32, h: u32, blocked: &[bool]) -> Vec<Option<BigCount>> {
        let squares: Vec<Square> = (0..w * h)
            .filter(|&i| blocked[i as usize])
            .map(|i| Square::new(i % w, i / w))
            .collect();
        let board = KnightBoard::with_blocked(BoardSize::new(w, h).unwrap(), &squares).unwrap();
        let t = count_all(&board, &CountOptions::default()).unwrap();
        t.per_square.iter().map(|c| c.map(BigCount::from)).collect()
    }

    #[test]
    fn tables_agree_with_backtracking() {
        let mut blocked = vec![false; 25];
        blocked[7] = true; // c2
        let mut corner = vec![false; 12];
        corner[0] = true;
        // 4x3 without a2, d2 and b3: c1's only move leads away from the cut
        // (the far side retires it, as a fixed end too).
        let mut away = vec![false; 12];
        for s in [4, 7, 9] {
            away[s] = true;
        }
        let boards: [(u32, u32, Vec<bool>); 13] = [
            (1, 1, vec![false]),
            (3, 3, vec![false; 9]),
            (3, 4, vec![false; 12]),
            (4, 3, corner),
            (4, 3, away),
            (8, 3, vec![false; 24]),
            (3, 8, vec![false; 24]),
            (5, 5, vec![false; 25]),
            (5, 6, vec![false; 30]),
            (6, 5, vec![false; 30]),
            (4, 5, vec![false; 20]),
            (5, 4, vec![false; 20]),
            (5, 5, blocked),
        ];
        for (w, h, blocked) in &boards {
            let want = backtracking(*w, *h, blocked);
            for split in [true, false] {
                let o = Options {
                    split,
                    ..Options::default()
                };
                let t = count_per_square(*w, *h, blocked, &o).unwrap();
                assert_eq!(t.cells, want, "{w}x{h} split {split}");
            }
        }
    }

    #[test]
    fn every_square_of_a_board_without_symmetry() {
        // Every free square counted on its own, split and not, against
        // backtracking: squares in every position relative to the cut.
        let mut blocked = vec![false; 30];
        blocked[0] = true;
        blocked[17] = true;
        let want = backtracking(5, 6, &blocked);
        assert_eq!(classes(5, 6, &blocked).len(), 28);
        for split in [true, false] {
            let o = Options {
                split,
                ..Options::default()
            };
            assert_eq!(count_per_square(5, 6, &blocked, &o).unwrap().cells, want);
        }
    }

    #[test]
    fn classes_of_boards() {
        assert_eq!(classes(5, 5, &[false; 25]).len(), 6);
        assert_eq!(classes(6, 6, &[false; 36]).len(), 6);
        assert_eq!(classes(7, 7, &[false; 49]).len(), 10);
        assert_eq!(classes(4, 5, &[false; 20]).len(), 6);
        let mut b = vec![false; 25];
        b[1] = true; // b1: no symmetry but the identity maps it onto itself
        assert_eq!(classes(5, 5, &b).len(), 24);
        b[3] = true; // and d1: the mirror of the files
        assert_eq!(classes(5, 5, &b).len(), 14);
    }
}

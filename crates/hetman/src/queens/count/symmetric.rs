//! Solutions unchanged by a half turn or a quarter turn, counted directly.
//!
//! A solution fixed by a rotation is determined by the queens of one orbit
//! representative each: placing a queen places its whole orbit under the
//! rotation (two squares for a half turn, four for a quarter turn), so the
//! search fills the board two or four queens at a time and is tiny next to
//! the full count.

/// Solutions fixed by the half turn and by the quarter turn.
///
/// # Example
/// ```
/// use hetman::queens::count::symmetric_counts;
/// // 8 queens: the one class of size 4 is fixed by the half turn (4 solutions).
/// let s = symmetric_counts(8);
/// assert_eq!((s.half_turn, s.quarter_turn), (4, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SymmetricCounts {
    /// Solutions unchanged by a rotation through 180 degrees (S180).
    pub half_turn: u64,
    /// Solutions unchanged by a rotation through 90 degrees (S90).
    pub quarter_turn: u64,
}

/// Counts the solutions of N queens fixed by the half turn and by the quarter
/// turn, for N from 1 to 32.
///
/// # Example
/// ```
/// use hetman::queens::count::symmetric_counts;
/// let s = symmetric_counts(5);
/// // 5 queens: 1 3 5 2 4 and 1 4 2 5 3 turn into each other; 10 solutions,
/// // 2 of them fixed by the quarter turn (and so by the half turn).
/// assert_eq!((s.half_turn, s.quarter_turn), (2, 2));
/// ```
#[must_use]
pub fn symmetric_counts(n: usize) -> SymmetricCounts {
    assert!(
        (1..=32).contains(&n),
        "symmetric_counts takes N from 1 to 32"
    );
    SymmetricCounts {
        half_turn: Rotational::new(n, 2).count(),
        quarter_turn: Rotational::new(n, 4).count(),
    }
}

/// The unique count from the total and the symmetric counts, by Burnside's
/// lemma: the classes are the average number of solutions fixed by each of
/// the eight symmetries. No solution with N > 1 is fixed by a reflection (a
/// reflection in a file or rank line would put two queens on one line, one in
/// a diagonal would put the queens on that diagonal), so
/// `unique = (total + S180 + 2·S90) / 8`.
///
/// # Example
/// ```
/// use hetman::queens::count::unique_from;
/// assert_eq!(unique_from(8, 92, 4, 0), 12);
/// assert_eq!(unique_from(1, 1, 1, 1), 1);
/// ```
#[must_use]
pub fn unique_from(n: usize, total: u64, half_turn: u64, quarter_turn: u64) -> u64 {
    if n == 1 {
        return 1;
    }
    // The same sum as (total + S180 + 2·S90) / 8, by class sizes 8, 4, 2, so
    // that it cannot overflow.
    total.saturating_sub(half_turn) / 8
        + half_turn.saturating_sub(quarter_turn) / 4
        + quarter_turn / 2
}

/// A search for solutions fixed by the rotation of order `order` (2 or 4),
/// with one queen per file filled in file order, whole orbits at a time.
struct Rotational {
    n: u32,
    order: u32,
}

#[derive(Clone, Copy)]
struct State {
    files: u64,
    ranks: u64,
    /// Diagonals on which the rank rises with the file, by `f + r`.
    rising: u64,
    /// Diagonals on which the rank falls as the file rises, by `r + n - 1 - f`.
    falling: u64,
}

impl State {
    /// Puts a queen on `(f, r)` unless it clashes; `false` if it does.
    fn put(&mut self, n: u32, f: u32, r: u32) -> bool {
        let (fb, rb) = (1u64 << f, 1u64 << r);
        let up = 1u64 << (f + r);
        let down = 1u64 << (r + n - 1 - f);
        if self.files & fb != 0
            || self.ranks & rb != 0
            || self.rising & up != 0
            || self.falling & down != 0
        {
            return false;
        }
        self.files |= fb;
        self.ranks |= rb;
        self.rising |= up;
        self.falling |= down;
        true
    }
}

impl Rotational {
    fn new(n: usize, order: u32) -> Self {
        Rotational { n: n as u32, order }
    }

    fn count(&self) -> u64 {
        let n = self.n;
        let s = State {
            files: 0,
            ranks: 0,
            rising: 0,
            falling: 0,
        };
        if n == 1 {
            return 1;
        }
        // A quarter turn moves every queen but the centre one to another
        // file, four at a time; a half turn two at a time.
        let orbit = self.order;
        let rest = if n % 2 == 1 { n - 1 } else { n };
        if rest % orbit != 0 {
            return 0;
        }
        let mut s = s;
        if n % 2 == 1 {
            // The centre file's queen is its own image: it must be the centre.
            let c = n / 2;
            s.put(n, c, c);
        }
        self.place(0, s)
    }

    fn place(&self, f: u32, s: State) -> u64 {
        let n = self.n;
        let mut f = f;
        while f < n && s.files & (1 << f) != 0 {
            f += 1;
        }
        if f == n {
            return 1;
        }
        let m = n - 1;
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        // Ranks where (f, r) itself is free; the rest of its orbit is checked by put.
        let mut free = full & !(s.ranks | s.rising >> f | s.falling >> (m - f));
        let mut found = 0;
        while free != 0 {
            let r = free.trailing_zeros();
            free &= free - 1;
            let mut t = s;
            // The orbit of (f, r): (f, r) -> (r, m - f) -> (m - f, m - r) -> (m - r, f).
            let ok = if self.order == 2 {
                t.put(n, f, r) && t.put(n, m - f, m - r)
            } else {
                t.put(n, f, r) && t.put(n, r, m - f) && t.put(n, m - f, m - r) && t.put(n, m - r, f)
            };
            if ok {
                found += self.place(f + 1, t);
            }
        }
        found
    }
}

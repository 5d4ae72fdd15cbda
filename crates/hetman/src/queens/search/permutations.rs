//! Permutations: one queen on each file and each rank, N! placements (40,320
//! for N = 8), the exercise the Russian seed sets; only diagonals need checking.

use super::Visitor;

/// The largest N the permutation search accepts at all (N! must fit the work counter).
pub const MAX_N: usize = 20;

/// Steps `p` to the next permutation in lexicographic order; `false` after the last.
///
/// ```
/// use hetman::queens::search::permutations::next_permutation;
/// let mut p = [0, 2, 1];
/// assert!(next_permutation(&mut p));
/// assert_eq!(p, [1, 0, 2]);
/// let mut last = [2, 1, 0];
/// assert!(!next_permutation(&mut last));
/// ```
pub fn next_permutation(p: &mut [u32]) -> bool {
    let n = p.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && p[i - 1] >= p[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while p[j] <= p[i - 1] {
        j -= 1;
    }
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

#[inline]
fn diagonals_free(ranks: &[u32]) -> bool {
    first_clash(ranks).is_none()
}

/// The first two files (in the order the check meets them: `i`, then `j`
/// after it) whose queens share a diagonal.
#[inline]
pub(crate) fn first_clash(ranks: &[u32]) -> Option<[u32; 2]> {
    for i in 0..ranks.len() {
        for j in i + 1..ranks.len() {
            if ranks[i].abs_diff(ranks[j]) as usize == j - i {
                return Some([i as u32, j as u32]);
            }
        }
    }
    None
}

/// One step of the permutation search, as a trace shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The next order is checked: the first clash on a diagonal, if any.
    Try { clash: Option<[u32; 2]> },
    /// No clash: a solution.
    Solution,
}

/// The permutation search one step at a time, through the same orders and
/// the same check as [`search`].
#[derive(Clone, Debug)]
pub(crate) struct Stepper {
    p: Vec<u32>,
    /// 0: try the order, 1: its solution, 2: step on, 3: done.
    phase: u8,
}

impl Stepper {
    /// All orders of `n` ranks, before the first.
    pub(crate) fn new(n: usize) -> Self {
        super::assert_size(n, MAX_N, "the permutation search");
        Stepper {
            p: (0..n as u32).collect(),
            phase: 0,
        }
    }

    /// The order the search is at.
    pub(crate) fn ranks(&self) -> &[u32] {
        if self.phase == 3 {
            &[]
        } else {
            &self.p
        }
    }

    /// The next step, `None` after the last order.
    pub(crate) fn step(&mut self) -> Option<Step> {
        loop {
            match self.phase {
                0 => {
                    let clash = first_clash(&self.p);
                    self.phase = if clash.is_none() { 1 } else { 2 };
                    return Some(Step::Try { clash });
                }
                1 => {
                    self.phase = 2;
                    return Some(Step::Solution);
                }
                2 => {
                    self.phase = if next_permutation(&mut self.p) { 0 } else { 3 };
                }
                _ => return None,
            }
        }
    }
}

/// Examines all N! permutations in lexicographic order and hands each solution
/// to `visit`. Returns the number of permutations examined.
///
/// # Example
/// ```
/// use hetman::queens::search::permutations;
/// let mut solutions = 0;
/// let work = permutations::search(8, &mut |_| { solutions += 1; std::ops::ControlFlow::Continue(()) });
/// assert_eq!((solutions, work), (92, 40_320));
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    super::assert_size(n, MAX_N, "the permutation search");
    let mut p: Vec<u32> = (0..n as u32).collect();
    let mut examined = 0u64;
    loop {
        examined += 1;
        if diagonals_free(&p) && visit(&p).is_break() {
            return examined;
        }
        if !next_permutation(&mut p) {
            return examined;
        }
    }
}

/// Placements the permutation search examines for N: N!.
///
/// ```
/// assert_eq!(hetman::queens::search::permutations::work(8), 40_320.0);
/// ```
#[must_use]
pub fn work(n: usize) -> f64 {
    (1..=n).map(|k| k as f64).product()
}

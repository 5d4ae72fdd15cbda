//! Permutations: one queen on each file and each rank, N! placements (40,320
//! for N = 8), the exercise the Russian seed sets; only diagonals need checking.

use super::{Tally, Visitor};

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

impl Stepper {
    /// Runs through up to `k` steps as [`step`](Self::step) gives them,
    /// without giving them out, adding them to `tally`; returns the steps run
    /// (fewer than `k` only at the end of the search).
    ///
    /// When the order about to be tried has a clash on a diagonal between
    /// its first `j + 1` files, every order that begins as it does has the
    /// same clash and is one refused try: those orders (the rest of the
    /// block in lexicographic order) are passed at once, by the place of
    /// their last files among the orders of those ranks.
    pub(crate) fn skip(&mut self, k: u64, tally: &mut Tally) -> u64 {
        let mut done = 0;
        while done < k {
            if self.phase == 2 {
                // On to the next order (no step of its own), so that its
                // block is seen.
                self.phase = if next_permutation(&mut self.p) { 0 } else { 3 };
            }
            if self.phase == 0
                && let Some(j) = first_clash_file(&self.p)
            {
                let rest = &mut self.p[j + 1..];
                // A block is mostly entered at its first order (its
                // last files ascending) and passed whole, to its last
                // (descending).
                let first = rest.is_sorted();
                let place = if first { 0 } else { lex_rank(rest) };
                let left = FACTORIAL[rest.len()] - place;
                // To the last order passed, tried, as the steps leave it:
                // the block's last, or the run's.
                let passed = left.min(k - done);
                if first && passed == left {
                    rest.reverse();
                } else {
                    lex_unrank(rest, place + passed - 1);
                }
                self.phase = 2;
                done += passed;
                tally.tries += passed;
                continue;
            }
            match self.step() {
                Some(Step::Try { .. }) => tally.tries += 1,
                Some(Step::Solution) => tally.solutions += 1,
                None => break,
            }
            done += 1;
        }
        done
    }
}

/// The first file whose queen shares a diagonal with a queen on a file
/// before it.
fn first_clash_file(ranks: &[u32]) -> Option<usize> {
    (1..ranks.len()).find(|&j| (0..j).any(|i| ranks[i].abs_diff(ranks[j]) as usize == j - i))
}

/// m! for m up to [`MAX_N`].
const FACTORIAL: [u64; MAX_N + 1] = {
    let mut f = [1u64; MAX_N + 1];
    let mut m = 1;
    while m <= MAX_N {
        f[m] = f[m - 1] * m as u64;
        m += 1;
    }
    f
};

/// The place of `s` among the orders of its elements, in lexicographic
/// order (0 for the ascending one).
fn lex_rank(s: &[u32]) -> u64 {
    (0..s.len())
        .map(|i| {
            let smaller = s[i + 1..].iter().filter(|&&x| x < s[i]).count() as u64;
            smaller * FACTORIAL[s.len() - 1 - i]
        })
        .sum()
}

/// Puts the elements of `s` in their order at `place` (see [`lex_rank`]).
fn lex_unrank(s: &mut [u32], mut place: u64) {
    let m = s.len();
    let mut pool = [0u32; MAX_N];
    pool[..m].copy_from_slice(s);
    pool[..m].sort_unstable();
    for (i, x) in s.iter_mut().enumerate() {
        let f = FACTORIAL[m - 1 - i];
        let at = (place / f) as usize;
        place %= f;
        *x = pool[at];
        pool.copy_within(at + 1..m - i, at);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_of_orders_count_them_in_lexicographic_order() {
        let mut p = [3, 5, 6, 8, 9];
        let mut place = 0;
        loop {
            assert_eq!(lex_rank(&p), place, "{p:?}");
            let mut q = [9, 8, 6, 5, 3];
            lex_unrank(&mut q, place);
            assert_eq!(q, p);
            place += 1;
            if !next_permutation(&mut p) {
                break;
            }
        }
        assert_eq!(place, FACTORIAL[5]);
    }
}

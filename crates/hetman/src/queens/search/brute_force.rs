//! Brute force, as in the Russian seed: every placement with one queen on each
//! file, N^N of them (16,777,216 for N = 8), each checked pair by pair.

use super::Visitor;

/// The largest N brute force accepts at all (N^N must fit the work counter).
pub const MAX_N: usize = 15;

/// Counts the pairs of queens that do not attack each other, comparing every
/// pair as the seed does; a solution has all N(N-1)/2.
#[inline]
fn non_attacking_pairs(ranks: &[u32]) -> u32 {
    let mut ok = 0;
    for i in 0..ranks.len() {
        for j in i + 1..ranks.len() {
            let dr = ranks[i].abs_diff(ranks[j]);
            if dr != 0 && dr as usize != j - i {
                ok += 1;
            }
        }
    }
    ok
}

/// Examines all N^N placements in lexicographic order of their code and hands
/// each solution to `visit`. Returns the number of placements examined.
///
/// # Example
/// ```
/// use hetman::queens::search::brute_force;
/// let mut solutions = 0;
/// let work = brute_force::search(6, &mut |_| { solutions += 1; std::ops::ControlFlow::Continue(()) });
/// assert_eq!((solutions, work), (4, 6u64.pow(6)));
/// ```
pub fn search(n: usize, visit: &mut Visitor<'_>) -> u64 {
    assert!(
        (1..=MAX_N).contains(&n),
        "brute force takes N from 1 to {MAX_N}"
    );
    let all_pairs = (n * (n - 1) / 2) as u32;
    let mut ranks = vec![0u32; n];
    let mut examined = 0u64;
    loop {
        examined += 1;
        if non_attacking_pairs(&ranks) == all_pairs && visit(&ranks).is_break() {
            return examined;
        }
        // The odometer: the last file turns fastest.
        let mut f = n;
        loop {
            if f == 0 {
                return examined;
            }
            f -= 1;
            ranks[f] += 1;
            if (ranks[f] as usize) < n {
                break;
            }
            ranks[f] = 0;
        }
    }
}

/// Placements brute force examines for N: N^N.
///
/// ```
/// assert_eq!(hetman::queens::search::brute_force::work(8), 16_777_216.0);
/// ```
#[must_use]
pub fn work(n: usize) -> f64 {
    (n as f64).powi(n as i32)
}

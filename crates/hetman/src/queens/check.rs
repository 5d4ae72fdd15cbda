//! Checking a placement: is it a solution, which pairs attack each other.
//!
//! The Russian seed counts the pairs of queens that do not attack each other:
//! 8 queens make 28 pairs, and a solution has all 28. This module gives that
//! count for any N in O(N) time, from the number of queens on each rank and
//! diagonal (k queens on one line make k(k-1)/2 attacking pairs, and two
//! squares share at most one line), and names the attacking pairs.

use super::Placement;
use crate::Square;

/// A line of the board along which two queens attack each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The same rank (row).
    Rank,
    /// The same diagonal running up to the right (`a1`-`h8` direction).
    Diagonal,
    /// The same diagonal running down to the right (`a8`-`h1` direction).
    AntiDiagonal,
}

impl Line {
    /// A short English name.
    ///
    /// ```
    /// assert_eq!(hetman::queens::Line::Rank.name(), "rank");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Line::Rank => "rank",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// Two queens that attack each other, `first` on the lower file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attack {
    /// The queen on the lower file.
    pub first: Square,
    /// The queen on the higher file.
    pub second: Square,
    /// The line they share.
    pub line: Line,
}

/// What [`check`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// The number of queens.
    pub n: usize,
    /// All pairs of queens: N(N-1)/2.
    pub pairs: u64,
    /// Pairs that attack each other.
    pub attacking_pairs: u64,
    /// The attacking pairs, ordered by file, at most as many as asked for.
    pub attacks: Vec<Attack>,
}

impl CheckReport {
    /// Pairs that do not attack each other (the seed's figure: 28 of 28 for a solution).
    ///
    /// ```
    /// let p: hetman::queens::Placement = "2 4 7 1 3 8 6 5".parse().unwrap();
    /// assert_eq!(hetman::queens::check(&p).non_attacking_pairs(), 25);
    /// ```
    #[must_use]
    pub fn non_attacking_pairs(&self) -> u64 {
        self.pairs - self.attacking_pairs
    }

    /// Whether no two queens attack each other.
    ///
    /// ```
    /// let p: hetman::queens::Placement = "5 8 4 1 7 2 6 3".parse().unwrap();
    /// assert!(hetman::queens::check(&p).is_solution());
    /// ```
    #[must_use]
    pub fn is_solution(&self) -> bool {
        self.attacking_pairs == 0
    }
}

/// Checks a placement and lists up to 1000 attacking pairs.
///
/// # Example
/// ```
/// use hetman::queens::{check, Line, Placement};
/// let p: Placement = "2 3 4 5 6 7 8 1".parse().unwrap();
/// let r = check(&p);
/// assert_eq!((r.non_attacking_pairs(), r.pairs), (6, 28));
/// assert_eq!(r.attacks[0].line, Line::Diagonal);
/// ```
#[must_use]
pub fn check(p: &Placement) -> CheckReport {
    check_listing(p, 1000)
}

/// Checks a placement and lists up to `max_listed` attacking pairs.
///
/// ```
/// let p: hetman::queens::Placement = "1 1 1".parse().unwrap();
/// let r = hetman::queens::check_listing(&p, 1);
/// assert_eq!((r.attacking_pairs, r.attacks.len()), (3, 1));
/// ```
#[must_use]
pub fn check_listing(p: &Placement, max_listed: usize) -> CheckReport {
    let n = p.n();
    let ranks = p.ranks();
    let mut rank_count = vec![0u32; n];
    let mut diag_count = vec![0u32; 2 * n - 1];
    let mut anti_count = vec![0u32; 2 * n - 1];
    for (f, &r) in ranks.iter().enumerate() {
        rank_count[r as usize] += 1;
        diag_count[f + n - 1 - r as usize] += 1;
        anti_count[f + r as usize] += 1;
    }
    let pairs_on = |c: &[u32]| -> u64 {
        c.iter()
            .map(|&k| u64::from(k) * u64::from(k.saturating_sub(1)) / 2)
            .sum()
    };
    let attacking_pairs = pairs_on(&rank_count) + pairs_on(&diag_count) + pairs_on(&anti_count);
    let n64 = n as u64;
    let mut attacks = Vec::new();
    if attacking_pairs > 0 && max_listed > 0 {
        // The last queen seen on each line, chained file by file: queens on one
        // line form a list, and each queen attacks all earlier ones on it.
        let mut by_line: [Vec<Vec<u32>>; 3] = [
            vec![Vec::new(); n],
            vec![Vec::new(); 2 * n - 1],
            vec![Vec::new(); 2 * n - 1],
        ];
        'files: for (f, &r) in ranks.iter().enumerate() {
            let keys = [r as usize, f + n - 1 - r as usize, f + r as usize];
            for (li, line) in [Line::Rank, Line::Diagonal, Line::AntiDiagonal]
                .into_iter()
                .enumerate()
            {
                let bucket = &mut by_line[li][keys[li]];
                for &g in bucket.iter() {
                    if attacks.len() == max_listed {
                        break 'files;
                    }
                    attacks.push(Attack {
                        first: Square::new(g, ranks[g as usize]),
                        second: Square::new(f as u32, r),
                        line,
                    });
                }
                bucket.push(f as u32);
            }
        }
        attacks.sort_by_key(|a| (a.first.file(), a.second.file()));
    }
    CheckReport {
        n,
        pairs: n64 * (n64 - 1) / 2,
        attacking_pairs,
        attacks,
    }
}

/// Whether 0-based `ranks` (one per file) form a solution, in O(N).
pub(crate) fn is_solution(ranks: &[u32]) -> bool {
    let n = ranks.len();
    let mut rank = vec![false; n];
    let mut diag = vec![false; 2 * n];
    let mut anti = vec![false; 2 * n];
    for (f, &r) in ranks.iter().enumerate() {
        let r = r as usize;
        let d = f + n - 1 - r;
        let a = f + r;
        if rank[r] || diag[d] || anti[a] {
            return false;
        }
        rank[r] = true;
        diag[d] = true;
        anti[a] = true;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's own method: compare every pair.
    fn pairwise(p: &Placement) -> u64 {
        let r = p.ranks();
        let mut ok = 0;
        for i in 0..r.len() {
            for j in i + 1..r.len() {
                let (dr, df) = (r[i].abs_diff(r[j]), (j - i) as u32);
                if dr != 0 && dr != df {
                    ok += 1;
                }
            }
        }
        ok
    }

    #[test]
    fn seed_pairs() {
        for (code, want) in [
            ("5 8 4 1 7 2 6 3", 28),
            ("2 5 7 1 3 8 6 4", 28),
            ("2 4 7 1 3 8 6 5", 25),
            ("2 4 6 8 1 3 5 7", 25),
            ("2 3 4 5 6 7 8 1", 6),
        ] {
            let p: Placement = code.parse().unwrap();
            let r = check(&p);
            assert_eq!(r.non_attacking_pairs(), want, "{code}");
            assert_eq!(pairwise(&p), want);
            assert_eq!(r.attacks.len() as u64, r.attacking_pairs);
            assert_eq!(r.is_solution(), want == 28);
            assert_eq!(p.is_solution(), want == 28);
        }
    }

    #[test]
    fn counts_agree_with_pairwise_on_every_placement_of_5() {
        let mut code = [0u32; 5];
        for x in 0..5u32.pow(5) {
            let mut v = x;
            for c in code.iter_mut() {
                *c = v % 5;
                v /= 5;
            }
            let p = Placement::from_ranks(code.to_vec()).unwrap();
            let r = check(&p);
            assert_eq!(r.non_attacking_pairs(), pairwise(&p));
            assert_eq!(r.attacks.len() as u64, r.attacking_pairs);
            assert_eq!(r.is_solution(), is_solution(&code));
        }
    }
}

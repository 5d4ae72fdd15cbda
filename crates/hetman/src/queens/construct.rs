//! One solution for any N, by an explicit construction in O(N) time and O(1) memory.
//!
//! Counting stops being possible long before N = 30, but a solution can be
//! written down directly. The construction used here is the classic one
//! (E. J. Hoffman, J. C. Loessi and R. C. Moore, *Constructions for the
//! Solution of the m Queens Problem*, Mathematics Magazine 42, 1969; in the
//! list form given by Bo Bernhardsson, *Explicit solutions to the N-queens
//! problem for all N*, SIGART Bulletin 2, 1991). With 1-based ranks and
//! `r = N mod 12`:
//!
//! 1. write the even numbers 2, 4, ..., in order; if `r` is 3 or 9, move 2 to the end;
//! 2. append the odd numbers 1, 3, 5, ..., in order, except that
//!    - if `r` is 8, swap them in pairs: 3, 1, 7, 5, 11, 9, ...;
//!    - if `r` is 2, swap 1 and 3 and move 5 to the end: 3, 1, 7, 9, ..., 5;
//!    - if `r` is 3 or 9, move 1 and 3 to the end.
//!
//! The list is the rank of the queen on each file. The rank of any one file is
//! a closed formula ([`rank`]), so the solution streams file by file
//! ([`ranks`]) without being stored. N = 2 and N = 3 have no solution
//! ([`no_solution_reason`]).
//!
//! [`Verifier`] checks a streamed placement queen by queen with one bit per
//! rank and per diagonal (5N bits), so even N = 10^9 is verified without
//! storing the placement.
//!
//! # Example
//! ```
//! use hetman::queens::construct;
//! let p = construct::solution(8).unwrap();
//! assert_eq!(p.to_string(), "2 4 6 8 3 1 7 5");
//! assert!(p.is_solution());
//! ```

use super::{Line, Placement};
use crate::{Error, Square};

/// Why N queens have no solution, for the N that have none (2 and 3).
///
/// ```
/// use hetman::queens::construct::no_solution_reason;
/// assert!(no_solution_reason(3).is_some());
/// assert!(no_solution_reason(4).is_none());
/// ```
#[must_use]
pub fn no_solution_reason(n: usize) -> Option<&'static str> {
    match n {
        2 => Some(
            "on a 2x2 board any two squares share a rank, a file or a diagonal, \
             so two queens always attack each other",
        ),
        3 => Some(
            "on a 3x3 board the queen on file b attacks every square of files a and c \
             from b2, and from b1 (or b3) leaves only a3 and c3 (or a1 and c1), which share a rank",
        ),
        _ => None,
    }
}

/// The 0-based rank of the queen on `file` (0-based) in the constructed
/// solution for N queens, in O(1).
///
/// Meaningful for `file < n` and `n` not 2 or 3 (for those it still returns a
/// rank in range, of a placement that is not a solution).
///
/// ```
/// use hetman::queens::construct::rank;
/// let code: Vec<u32> = (0..8).map(|f| rank(8, f) + 1).collect();
/// assert_eq!(code, [2, 4, 6, 8, 3, 1, 7, 5]);
/// ```
#[inline]
#[must_use]
pub fn rank(n: usize, file: usize) -> u32 {
    debug_assert!(file < n);
    let evens = n / 2;
    let odds = n - evens;
    // 1-based value, as the construction is written.
    let v = match n % 12 {
        3 | 9 => {
            if file < evens {
                if file + 1 < evens {
                    4 + 2 * file
                } else {
                    2
                }
            } else {
                let j = file - evens;
                if j + 2 < odds {
                    5 + 2 * j
                } else if j + 2 == odds {
                    1
                } else {
                    3
                }
            }
        }
        r => {
            if file < evens {
                2 * file + 2
            } else {
                let j = file - evens;
                match r {
                    8 => {
                        if j.is_multiple_of(2) {
                            2 * j + 3
                        } else {
                            2 * j - 1
                        }
                    }
                    2 => match j {
                        0 => 3,
                        1 => 1,
                        _ if j + 1 == odds => 5,
                        _ => 2 * j + 3,
                    },
                    _ => 2 * j + 1,
                }
            }
        }
    };
    (v - 1) as u32
}

/// The constructed solution as a stream of 0-based ranks, one per file, in O(1) memory.
///
/// # Errors
/// [`Error::Size`] for N = 0, N = 2 or N = 3 (the reason says why there is no
/// solution) and N above [`MAX_PLACEMENT_N`](super::MAX_PLACEMENT_N).
///
/// ```
/// use hetman::queens::construct::ranks;
/// assert_eq!(ranks(4).unwrap().collect::<Vec<_>>(), [1, 3, 0, 2]);
/// assert!(ranks(3).is_err());
/// ```
pub fn ranks(n: usize) -> Result<impl ExactSizeIterator<Item = u32>, Error> {
    check_size(n)?;
    Ok((0..n).map(move |f| rank(n, f)))
}

/// The constructed solution for N queens as a [`Placement`] (4N bytes).
///
/// # Errors
/// As [`ranks`].
///
/// ```
/// let p = hetman::queens::construct::solution(1000).unwrap();
/// assert!(p.is_solution());
/// ```
pub fn solution(n: usize) -> Result<Placement, Error> {
    let ranks: Vec<u32> = ranks(n)?.collect();
    Placement::from_ranks(ranks)
}

fn check_size(n: usize) -> Result<(), Error> {
    if n == 0 || n > super::MAX_PLACEMENT_N {
        return Err(Error::Size {
            value: n.to_string(),
            reason: format!("N must be from 1 to {}", super::MAX_PLACEMENT_N),
        });
    }
    if let Some(why) = no_solution_reason(n) {
        return Err(Error::Size {
            value: n.to_string(),
            reason: format!("{n} queens have no solution: {why}"),
        });
    }
    Ok(())
}

/// A checker for placements that arrive one queen at a time, file by file:
/// one bit per rank and per diagonal, 5N bits in all, and no copy of the placement.
///
/// # Example
/// ```
/// use hetman::queens::construct::Verifier;
/// let mut v = Verifier::new(4);
/// for r in [1, 3, 0, 2] {
///     v.push(r).unwrap();
/// }
/// assert!(v.finish().is_ok());
///
/// let mut v = Verifier::new(4);
/// v.push(0).unwrap();
/// assert!(v.push(1).is_err()); // b2 is on a1's diagonal
/// ```
#[derive(Clone, Debug)]
pub struct Verifier {
    n: usize,
    file: usize,
    ranks: Bits,
    diagonals: Bits,
    anti_diagonals: Bits,
}

impl Verifier {
    /// A verifier for N queens.
    ///
    /// ```
    /// assert_eq!(hetman::queens::construct::Verifier::new(8).files_seen(), 0);
    /// ```
    #[must_use]
    pub fn new(n: usize) -> Self {
        Verifier {
            n,
            file: 0,
            ranks: Bits::new(n),
            diagonals: Bits::new(2 * n),
            anti_diagonals: Bits::new(2 * n),
        }
    }

    /// The number of queens pushed so far.
    ///
    /// ```
    /// let mut v = hetman::queens::construct::Verifier::new(8);
    /// v.push(3).unwrap();
    /// assert_eq!(v.files_seen(), 1);
    /// ```
    #[must_use]
    pub fn files_seen(&self) -> usize {
        self.file
    }

    /// Takes the 0-based rank of the queen on the next file.
    ///
    /// # Errors
    /// The line (rank or diagonal) that an earlier queen already holds. A rank
    /// off the board, or a queen beyond the last file, is reported as a
    /// [`Line::Rank`] conflict.
    ///
    /// ```
    /// use hetman::queens::{construct::Verifier, Line};
    /// let mut v = Verifier::new(4);
    /// v.push(0).unwrap();
    /// assert_eq!(v.push(1), Err(Line::Diagonal)); // b2 is on a1's diagonal
    /// assert_eq!(v.push(0), Err(Line::Rank));
    /// ```
    #[inline]
    pub fn push(&mut self, rank: u32) -> Result<(), Line> {
        let (f, r, n) = (self.file, rank as usize, self.n);
        self.file += 1;
        if f >= n || r >= n {
            return Err(Line::Rank);
        }
        let d = f + n - 1 - r;
        let a = f + r;
        if self.ranks.get(r) {
            return Err(Line::Rank);
        }
        if self.diagonals.get(d) {
            return Err(Line::Diagonal);
        }
        if self.anti_diagonals.get(a) {
            return Err(Line::AntiDiagonal);
        }
        self.ranks.set(r);
        self.diagonals.set(d);
        self.anti_diagonals.set(a);
        Ok(())
    }

    /// Ends the check: all N files must have had their queen.
    ///
    /// # Errors
    /// [`Error::Placement`] if fewer or more than N queens were pushed.
    ///
    /// ```
    /// let mut v = hetman::queens::construct::Verifier::new(4);
    /// v.push(1).unwrap();
    /// assert!(v.finish().is_err());
    /// ```
    pub fn finish(self) -> Result<(), Error> {
        if self.file != self.n {
            return Err(Error::placement(format!(
                "{} queens for a board of {} files",
                self.file, self.n
            )));
        }
        Ok(())
    }
}

/// A fixed-size bit set.
#[derive(Clone, Debug)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }
    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

/// Checks the constructed solution for N queens with a [`Verifier`], without
/// storing it: 5N bits of memory.
///
/// # Errors
/// As [`ranks`]; and [`Error::Placement`] naming the first attack if the
/// construction were wrong for this N.
///
/// ```
/// hetman::queens::construct::verify(1_000_003).unwrap();
/// ```
pub fn verify(n: usize) -> Result<(), Error> {
    let mut v = Verifier::new(n);
    for r in ranks(n)? {
        let file = v.files_seen() as u32;
        v.push(r).map_err(|line| {
            Error::placement(format!(
                "the construction for N = {n} puts the queen {} on a {} already taken",
                Square::new(file, r),
                line.name()
            ))
        })?;
    }
    v.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_n_are_solutions_and_2_3_refused() {
        assert!(ranks(2).is_err());
        assert!(ranks(3).is_err());
        assert!(ranks(0).is_err());
        for n in (1..200).filter(|&n| n != 2 && n != 3) {
            let p = solution(n).unwrap();
            assert!(p.is_solution(), "{n}: {p}");
            verify(n).unwrap();
        }
    }

    #[test]
    fn verifier_agrees_with_check() {
        // Every placement of 5 queens with one per file.
        for x in 0..5u32.pow(5) {
            let code: Vec<u32> = (0..5).map(|i| x / 5u32.pow(i) % 5).collect();
            let mut v = Verifier::new(5);
            let ok = code.iter().all(|&r| v.push(r).is_ok());
            let p = Placement::from_ranks(code).unwrap();
            assert_eq!(ok, p.is_solution(), "{p}");
        }
    }
}

//! The eight symmetries of a square board: the dihedral group D4.
//!
//! Four rotations (by 0, 90, 180 and 270 degrees clockwise, as the board is seen
//! from White's side with `a1` bottom left) and four reflections (left-right,
//! top-bottom, and in the two long diagonals).

use crate::Square;

/// One of the eight symmetries of an `n` × `n` board.
///
/// # Example
/// ```
/// use hetman::{Square, Symmetry};
/// // A quarter turn clockwise takes the bottom-left corner to the top-left corner.
/// assert_eq!(Symmetry::Rotate90.apply(Square::new(0, 0), 8), Square::new(0, 7));
/// // Four quarter turns are the identity.
/// let sq = Square::new(2, 5);
/// let mut img = sq;
/// for _ in 0..4 {
///     img = Symmetry::Rotate90.apply(img, 8);
/// }
/// assert_eq!(img, sq);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every square where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    Rotate270,
    /// Reflection left-right: file `a` swaps with the last file.
    MirrorFiles,
    /// Reflection top-bottom: rank 1 swaps with the last rank.
    MirrorRanks,
    /// Reflection in the diagonal through `a1` (file and rank swap).
    MirrorDiagonal,
    /// Reflection in the other long diagonal, through the top-left corner.
    MirrorAntiDiagonal,
}

impl Symmetry {
    /// All eight, rotations first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorFiles,
        Symmetry::MirrorRanks,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// Maps 0-based `(file, rank)` on an `n` × `n` board.
    ///
    /// ```
    /// use hetman::Symmetry;
    /// assert_eq!(Symmetry::MirrorFiles.map(0, 3, 8), (7, 3));
    /// assert_eq!(Symmetry::MirrorDiagonal.map(1, 6, 8), (6, 1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn map(self, file: u32, rank: u32, n: u32) -> (u32, u32) {
        let m = n - 1;
        match self {
            Symmetry::Identity => (file, rank),
            Symmetry::Rotate90 => (rank, m - file),
            Symmetry::Rotate180 => (m - file, m - rank),
            Symmetry::Rotate270 => (m - rank, file),
            Symmetry::MirrorFiles => (m - file, rank),
            Symmetry::MirrorRanks => (file, m - rank),
            Symmetry::MirrorDiagonal => (rank, file),
            Symmetry::MirrorAntiDiagonal => (m - rank, m - file),
        }
    }

    /// Maps a square on an `n` × `n` board.
    ///
    /// ```
    /// use hetman::{Square, Symmetry};
    /// assert_eq!(Symmetry::Rotate180.apply(Square::new(0, 0), 8), Square::new(7, 7));
    /// ```
    #[inline]
    #[must_use]
    pub const fn apply(self, sq: Square, n: u32) -> Square {
        let (f, r) = self.map(sq.file(), sq.rank(), n);
        Square::new(f, r)
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use hetman::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.inverse(), Symmetry::Rotate270);
    /// assert_eq!(Symmetry::MirrorDiagonal.inverse(), Symmetry::MirrorDiagonal);
    /// ```
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// `self` followed by `next`: the symmetry with
    /// `self.then(next).apply(sq) == next.apply(self.apply(sq))`.
    ///
    /// ```
    /// use hetman::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.then(Symmetry::Rotate90), Symmetry::Rotate180);
    /// assert_eq!(Symmetry::MirrorFiles.then(Symmetry::MirrorRanks), Symmetry::Rotate180);
    /// ```
    #[must_use]
    pub fn then(self, next: Symmetry) -> Symmetry {
        // Identify the composite by where it sends two probe squares of a 3x3 board.
        let probe = |s: Symmetry| {
            let (a, b) = s.map(0, 0, 3);
            let (c, d) = s.map(1, 0, 3);
            (a, b, c, d)
        };
        let composite = |f: u32, r: u32| {
            let (f, r) = self.map(f, r, 3);
            next.map(f, r, 3)
        };
        let (a, b) = composite(0, 0);
        let (c, d) = composite(1, 0);
        Symmetry::ALL
            .into_iter()
            .find(|&s| probe(s) == (a, b, c, d))
            .expect("D4 is closed under composition")
    }

    /// Whether this is a rotation (including the identity) rather than a reflection.
    ///
    /// ```
    /// assert!(hetman::Symmetry::Rotate270.is_rotation());
    /// assert!(!hetman::Symmetry::MirrorRanks.is_rotation());
    /// ```
    #[must_use]
    pub const fn is_rotation(self) -> bool {
        matches!(
            self,
            Symmetry::Identity | Symmetry::Rotate90 | Symmetry::Rotate180 | Symmetry::Rotate270
        )
    }

    /// A short English name, as printed by the command-line tool.
    ///
    /// ```
    /// assert_eq!(hetman::Symmetry::Rotate90.name(), "quarter turn");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "quarter turn",
            Symmetry::Rotate180 => "half turn",
            Symmetry::Rotate270 => "three-quarter turn",
            Symmetry::MirrorFiles => "mirror left-right",
            Symmetry::MirrorRanks => "mirror top-bottom",
            Symmetry::MirrorDiagonal => "mirror in a1-h8 diagonal",
            Symmetry::MirrorAntiDiagonal => "mirror in a8-h1 diagonal",
        }
    }

    /// A stable identifier for machine-readable output.
    ///
    /// ```
    /// assert_eq!(hetman::Symmetry::MirrorAntiDiagonal.id(), "mirror-anti-diagonal");
    /// ```
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::MirrorFiles => "mirror-files",
            Symmetry::MirrorRanks => "mirror-ranks",
            Symmetry::MirrorDiagonal => "mirror-diagonal",
            Symmetry::MirrorAntiDiagonal => "mirror-anti-diagonal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_laws() {
        for n in 1..7 {
            for a in Symmetry::ALL {
                assert_eq!(a.then(a.inverse()), Symmetry::Identity);
                for b in Symmetry::ALL {
                    let ab = a.then(b);
                    for f in 0..n {
                        for r in 0..n {
                            let (x, y) = a.map(f, r, n);
                            assert_eq!(ab.map(f, r, n), b.map(x, y, n));
                        }
                    }
                }
            }
        }
    }
}

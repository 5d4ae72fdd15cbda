//! Drawing boards: as text for the terminal ([`text`]), as SVG pictures
//! ([`svg`]), as pixels ([`raster`], with the [`font`] it writes in; the
//! board a trace's events leave is a [`scene`]) and as animated GIFs of a
//! trace's steps (`gif`, with the cargo feature `gif`).
//!
//! Queens are drawn from a [`Placement`](crate::queens::Placement); a knight's
//! tour from a [`TourPicture`], plain data that any tour type can lend
//! (squares in visiting order, blocked squares, closed or not), so the same
//! tour gives the same picture in [`text::tour`], [`text::tour_color`] and
//! [`svg::tour`].

pub mod font;
#[cfg(feature = "gif")]
pub mod gif;
pub mod raster;
pub mod scene;
pub mod svg;
pub mod text;

use crate::Square;

/// A knight's tour (or a partial one) as plain data, for [`svg::tour`],
/// [`text::tour`] and [`text::tour_color`].
///
/// The squares need not form a legal tour: the picture draws what it is given
/// (check a tour with the library's checker before drawing it).
///
/// # Example
/// ```
/// use hetman::render::{svg, text, TourPicture};
/// use hetman::Square;
/// // Squares numbered a1 = 0, b1 = 1, ... (rank × width + file), as a tour stores them.
/// let path = TourPicture::squares_from_indices(5, &[0, 7, 4]);
/// assert_eq!(path, ["a1", "c2", "e1"].map(|s| s.parse::<Square>().unwrap()));
/// let t = TourPicture { width: 5, height: 5, path: &path, blocked: &[], closed: false };
/// assert!(svg::tour(&t).starts_with("<svg"));
/// assert!(text::tour(&t).starts_with("5 . . . . .\n"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TourPicture<'a> {
    /// Files on the board.
    pub width: u32,
    /// Ranks on the board.
    pub height: u32,
    /// The squares in visiting order, the start first.
    pub path: &'a [Square],
    /// Squares the knight may not enter, shaded.
    pub blocked: &'a [Square],
    /// Whether the tour is closed: the last square is a knight's move from the
    /// first, and the closing move is drawn dashed.
    pub closed: bool,
}

impl TourPicture<'_> {
    /// The squares of square indices `rank × width + file` (`a1` is 0, `b1` is 1),
    /// the way a tour on a `width`-file board stores its path.
    ///
    /// ```
    /// use hetman::render::TourPicture;
    /// use hetman::Square;
    /// assert_eq!(TourPicture::squares_from_indices(8, &[0, 10, 63]),
    ///            [Square::new(0, 0), Square::new(2, 1), Square::new(7, 7)]);
    /// ```
    #[must_use]
    pub fn squares_from_indices(width: u32, indices: &[u32]) -> Vec<Square> {
        let w = width.max(1);
        indices.iter().map(|&i| Square::new(i % w, i / w)).collect()
    }

    /// The move number (1-based) of every square, indexed `rank × width + file`;
    /// 0 for a square the path does not visit.
    fn numbers(&self) -> Vec<u64> {
        let mut num = vec![0u64; self.width as usize * self.height as usize];
        for (k, s) in self.path.iter().enumerate() {
            if s.file() < self.width && s.rank() < self.height {
                num[(s.rank() * self.width + s.file()) as usize] = k as u64 + 1;
            }
        }
        num
    }

    /// Whether `s` is one of the blocked squares, as a lookup table.
    fn blocked_table(&self) -> Vec<bool> {
        let mut b = vec![false; self.width as usize * self.height as usize];
        for s in self.blocked {
            if s.file() < self.width && s.rank() < self.height {
                b[(s.rank() * self.width + s.file()) as usize] = true;
            }
        }
        b
    }
}

//! Boards drawn as text: top rank first, ranks labelled on the left and files
//! along the bottom, every column as wide as its widest entry.

use crate::board::file_name;
use crate::queens::Placement;
use crate::Square;
use std::fmt::Write;

/// Draws a `width` × `height` board; `cell` gives the text of each square.
///
/// # Example
/// ```
/// use hetman::render::text::board;
/// let s = board(3, 2, |sq| if sq.file() == sq.rank() { "X".into() } else { ".".into() });
/// assert_eq!(s, "2 . X .\n1 X . .\n  a b c\n");
/// ```
pub fn board(width: u32, height: u32, mut cell: impl FnMut(Square) -> String) -> String {
    let rows: Vec<Vec<String>> = (0..height)
        .rev()
        .map(|r| (0..width).map(|f| cell(Square::new(f, r))).collect())
        .collect();
    let files: Vec<String> = (0..width).map(file_name).collect();
    let cw = rows
        .iter()
        .flatten()
        .chain(&files)
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1);
    let lw = height.to_string().len();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = height as usize - i;
        write!(out, "{rank:>lw$}").unwrap();
        for c in row {
            write!(out, " {c:>cw$}").unwrap();
        }
        out.push('\n');
    }
    write!(out, "{:lw$}", "").unwrap();
    for f in &files {
        write!(out, " {f:>cw$}").unwrap();
    }
    out.push('\n');
    out
}

/// Draws a queens placement: `Q` for a queen, `.` for an empty square.
///
/// ```
/// let p: hetman::queens::Placement = "2413".parse().unwrap();
/// assert_eq!(
///     hetman::render::text::queens(&p),
///     "4 . Q . .\n3 . . . Q\n2 Q . . .\n1 . . Q .\n  a b c d\n"
/// );
/// ```
#[must_use]
pub fn queens(p: &Placement) -> String {
    let n = p.n() as u32;
    let ranks = p.ranks();
    board(n, n, |sq| {
        if ranks[sq.file() as usize] == sq.rank() {
            "Q".into()
        } else {
            ".".into()
        }
    })
}

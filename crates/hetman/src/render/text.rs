//! Boards drawn as text: top rank first, ranks labelled on the left and files
//! along the bottom, every column as wide as its widest entry.
//!
//! [`board`] and [`queens`] draw plain ASCII (`Q` and `.`), for pipes, files and
//! `NO_COLOR`; [`board_color`] and [`queens_color`] draw light and dark squares
//! with ANSI colours (the 256-colour palette) and chess glyphs, for terminals.
//! A knight's tour is drawn as the seed prints it, the board of move numbers,
//! by [`tour`] (plain) and [`tour_color`] (start and end squares marked).

use super::TourPicture;
use crate::board::file_name;
use crate::queens::{Attack, Placement};
use crate::Square;
use std::fmt::Write;

/// Draws a `width` × `height` board; `cell` gives the text of each square
/// (the same as [`crate::board::text_grid`], which lives beside the squares
/// so that the tours can draw themselves without this module).
///
/// # Example
/// ```
/// use hetman::render::text::board;
/// let s = board(3, 2, |sq| if sq.file() == sq.rank() { "X".into() } else { ".".into() });
/// assert_eq!(s, "2 . X .\n1 X . .\n  a b c\n");
/// ```
pub fn board(width: u32, height: u32, cell: impl FnMut(Square) -> String) -> String {
    crate::board::text_grid(width, height, cell)
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

/// What a square holds, which picks its colours in [`board_color`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mark {
    /// Nothing special: a light or dark square, its text in black.
    Empty,
    /// A piece: its text in black, bold.
    Piece,
    /// A piece under attack (a queen in an attacking pair): its text in red, bold.
    Attacked,
    /// The first square of a tour: a green square.
    Start,
    /// The last square of a tour: a red square.
    End,
    /// A square no piece may enter: a grey square.
    Blocked,
}

/// ANSI reset.
const RESET: &str = "\x1b[0m";

impl Mark {
    /// The ANSI style of a square with this mark, `dark` or light.
    fn style(self, dark: bool) -> &'static str {
        // Backgrounds: light 223 (#ffd7af), dark 180 (#d7af87); text 16 (black).
        match (self, dark) {
            (Mark::Empty, false) => "\x1b[38;5;16;48;5;223m",
            (Mark::Empty, true) => "\x1b[38;5;16;48;5;180m",
            (Mark::Piece, false) => "\x1b[1;38;5;16;48;5;223m",
            (Mark::Piece, true) => "\x1b[1;38;5;16;48;5;180m",
            (Mark::Attacked, false) => "\x1b[1;38;5;160;48;5;223m",
            (Mark::Attacked, true) => "\x1b[1;38;5;160;48;5;180m",
            (Mark::Start, _) => "\x1b[1;38;5;16;48;5;114m",
            (Mark::End, _) => "\x1b[1;38;5;16;48;5;210m",
            (Mark::Blocked, _) => "\x1b[38;5;250;48;5;240m",
        }
    }
}

/// Draws a `width` × `height` board in colour: light and dark squares (`a1`
/// dark), each square's text right-aligned after a space (two characters, about
/// a square on a terminal, for a glyph), coloured by its [`Mark`]. Columns are
/// as wide as in [`board`], so labels line up with the squares at any width.
///
/// # Example
/// ```
/// use hetman::render::text::{board_color, Mark};
/// let s = board_color(2, 1, |sq| if sq.file() == 0 { ("7".into(), Mark::Start) } else { (String::new(), Mark::Empty) });
/// assert_eq!(s, "1\x1b[1;38;5;16;48;5;114m 7\x1b[38;5;16;48;5;223m  \x1b[0m\n  a b\n");
/// ```
pub fn board_color(
    width: u32,
    height: u32,
    mut cell: impl FnMut(Square) -> (String, Mark),
) -> String {
    let rows: Vec<Vec<(String, Mark)>> = (0..height)
        .rev()
        .map(|r| (0..width).map(|f| cell(Square::new(f, r))).collect())
        .collect();
    let files: Vec<String> = (0..width).map(file_name).collect();
    let cw = rows
        .iter()
        .flatten()
        .map(|(s, _)| s.chars().count())
        .chain(files.iter().map(String::len))
        .max()
        .unwrap_or(1);
    let lw = height.to_string().len();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = height as usize - i;
        write!(out, "{rank:>lw$}").unwrap();
        for (f, (text, mark)) in row.iter().enumerate() {
            let dark = (f + rank - 1).is_multiple_of(2);
            write!(out, "{} {text:>cw$}", mark.style(dark)).unwrap();
        }
        out.push_str(RESET);
        out.push('\n');
    }
    write!(out, "{:lw$}", "").unwrap();
    for f in &files {
        write!(out, " {f:>cw$}").unwrap();
    }
    out.push('\n');
    out
}

/// Draws a queens placement in colour: `♛` on light and dark squares, queens in
/// `attacks` in red (pass `&check(&p).attacks`, or `&[]`).
///
/// # Example
/// ```
/// use hetman::queens::{check, Placement};
/// use hetman::render::text::queens_color;
/// let p: Placement = "1 2".parse().unwrap();
/// let s = queens_color(&p, &check(&p).attacks);
/// assert_eq!(s.matches("♛").count(), 2);
/// assert_eq!(s.matches("\x1b[1;38;5;160").count(), 2); // both red: they attack
/// ```
#[must_use]
pub fn queens_color(p: &Placement, attacks: &[Attack]) -> String {
    let n = p.n() as u32;
    let ranks = p.ranks();
    let mut attacked = vec![false; p.n()];
    for a in attacks {
        for s in [a.first, a.second] {
            if let Some(x) = attacked.get_mut(s.file() as usize) {
                *x = true;
            }
        }
    }
    board_color(n, n, |sq| {
        let f = sq.file() as usize;
        if ranks[f] == sq.rank() {
            let mark = if attacked[f] {
                Mark::Attacked
            } else {
                Mark::Piece
            };
            ("♛".into(), mark)
        } else {
            (String::new(), Mark::Empty)
        }
    })
}

/// Draws a knight's tour as the seed prints it: the move number on each
/// square, top rank first; `.` for a square the path does not visit and `#`
/// for a blocked one.
///
/// # Example
/// ```
/// use hetman::render::{text, TourPicture};
/// let path = TourPicture::squares_from_indices(3, &[0, 5, 6]); // a1 c2 a3
/// let blocked = ["b2".parse().unwrap()];
/// let t = TourPicture { width: 3, height: 3, path: &path, blocked: &blocked, closed: false };
/// assert_eq!(text::tour(&t), "3 3 . .\n2 . # 2\n1 1 . .\n  a b c\n");
/// ```
#[must_use]
pub fn tour(t: &TourPicture<'_>) -> String {
    let num = t.numbers();
    let blocked = t.blocked_table();
    let w = t.width;
    board(w, t.height, |sq| {
        let i = (sq.rank() * w + sq.file()) as usize;
        match num[i] {
            0 if blocked[i] => "#".into(),
            0 => ".".into(),
            k => k.to_string(),
        }
    })
}

/// Draws a knight's tour in colour: move numbers on light and dark squares,
/// the start on green and the end on red with the knight ♞ standing on it in
/// place of the last move number, blocked squares grey. For a closed
/// tour the end is a knight's move from the start, so both are marked alike.
///
/// # Example
/// ```
/// use hetman::render::{text, TourPicture};
/// let path = TourPicture::squares_from_indices(3, &[0, 5, 6]); // a1 c2 a3
/// let t = TourPicture { width: 3, height: 3, path: &path, blocked: &[], closed: false };
/// let s = text::tour_color(&t);
/// assert!(s.contains("\x1b[1;38;5;16;48;5;114m 1")); // the start, on green
/// assert!(s.contains("\x1b[1;38;5;16;48;5;210m ♞")); // the knight at the end, on red
/// ```
#[must_use]
pub fn tour_color(t: &TourPicture<'_>) -> String {
    let num = t.numbers();
    let blocked = t.blocked_table();
    let last = t.path.len() as u64;
    let w = t.width;
    board_color(w, t.height, |sq| {
        let i = (sq.rank() * w + sq.file()) as usize;
        match num[i] {
            0 if blocked[i] => (String::new(), Mark::Blocked),
            0 => (String::new(), Mark::Empty),
            1 => ("1".into(), Mark::Start),
            // The knight stands on the last square of its tour.
            k if k == last => ("♞".into(), Mark::End),
            k => (k.to_string(), Mark::Empty),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text without its ANSI escapes.
    fn plain(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn colour_board_labels_line_up_to_26_and_beyond() {
        for n in [8usize, 10, 26, 27] {
            let code: Vec<String> = (1..=n).map(|r| r.to_string()).collect();
            let p: Placement = code.join(" ").parse().unwrap();
            let s = plain(&queens_color(&p, &[]));
            let lines: Vec<&str> = s.lines().collect();
            assert_eq!(lines.len(), n + 1);
            // Every rank line is as wide as the others; the queen of file k sits in the
            // column of file k's label.
            let w = lines[0].chars().count();
            assert!(lines[..n].iter().all(|l| l.chars().count() == w), "{s}");
            let files = lines[n];
            for (i, line) in lines[..n].iter().enumerate() {
                let col = line.chars().position(|c| c == '♛').unwrap();
                let file = n - 1 - i; // the diagonal: file k has its queen on rank k
                let label = file_name(file as u32);
                // Both right-aligned: the label ends in the glyph's column.
                let at: String = files
                    .chars()
                    .skip(col + 1 - label.len())
                    .take(label.len())
                    .collect();
                assert_eq!(at, label, "n = {n}:\n{s}");
            }
        }
    }

    #[test]
    fn plain_board_is_unchanged() {
        let p: Placement = "2413".parse().unwrap();
        assert_eq!(
            queens(&p),
            "4 . Q . .\n3 . . . Q\n2 Q . . .\n1 . . Q .\n  a b c d\n"
        );
    }
}

//! Boards drawn as SVG: plain text, no dependencies, scalable pictures.
//!
//! Every function returns a whole SVG document as a `String`. Squares are
//! light and dark with `a1` dark, files are labelled along the bottom and ranks
//! on the left (`aa`, `ab`, ... past 26 files, as in [`file_name`]). Queens are
//! drawn as a crown outline, not a font glyph, so the picture looks the same in
//! every viewer; labels and move numbers are text in a sans-serif font.
//!
//! Large boards stay small files: the checkerboard is one pattern rather than
//! a rectangle per square, labels are thinned out to about 20 per side, and a
//! tour on a board of more than [`MAX_NUMBERED_SQUARES`] squares (or 500 or
//! more on a side) is drawn as its path alone, without move numbers.

use crate::board::file_name;
use crate::queens::{Attack, Placement};
use crate::Square;
use std::fmt::Write;

mod tour;
pub use tour::{numbers_fit, tour};

/// Light squares.
const LIGHT: &str = "#f0d9b5";
/// Dark squares.
const DARK: &str = "#b58863";
/// Blocked squares.
const BLOCKED: &str = "#4a4a4a";
/// Queens that attack no one.
const PIECE: &str = "#1b1b1b";
/// Queens in an attacking pair, and the lines between them.
const ATTACK: &str = "#d62828";
/// The knight's path.
const PATH: &str = "#1f5fbf";
/// The first square of a tour.
const START: &str = "#1e9e3e";
/// The last square of a tour.
const END: &str = "#d62828";
/// Labels and captions.
const INK: &str = "#333333";

/// Side of a square in user units on boards drawn in detail.
const UNIT: f64 = 40.0;
/// Side of a square in user units on boards too large for numbers.
const SMALL_UNIT: f64 = 4.0;
/// Display width (the `width` attribute) picked when the natural one is larger.
const MAX_DISPLAY: f64 = 1600.0;
/// Display width picked when the natural one is smaller.
const MIN_DISPLAY: f64 = 320.0;

/// The most squares a tour board may have and still get a move number on each
/// square (about 30 bytes a number: a few hundred kilobytes of SVG).
pub const MAX_NUMBERED_SQUARES: u64 = 10_000;

/// The outline of a queen in a 100 × 100 box: a crown of five points with a
/// ball on each and a base.
const QUEEN_SYMBOL: &str = "<symbol id=\"queen\" viewBox=\"0 0 100 100\">\
<path d=\"M21,78 L11,34 L30,58 L31,24 L42,55 L50,18 L58,55 L69,24 L70,58 L89,34 L79,78 Z\" \
stroke=\"#ffffff\" stroke-width=\"4\" stroke-linejoin=\"round\"/>\
<rect x=\"18\" y=\"76\" width=\"64\" height=\"13\" rx=\"4\" stroke=\"#ffffff\" stroke-width=\"4\"/>\
<circle cx=\"11\" cy=\"30\" r=\"6\" stroke=\"#ffffff\" stroke-width=\"3\"/>\
<circle cx=\"31\" cy=\"20\" r=\"6\" stroke=\"#ffffff\" stroke-width=\"3\"/>\
<circle cx=\"50\" cy=\"13\" r=\"6\" stroke=\"#ffffff\" stroke-width=\"3\"/>\
<circle cx=\"69\" cy=\"20\" r=\"6\" stroke=\"#ffffff\" stroke-width=\"3\"/>\
<circle cx=\"89\" cy=\"30\" r=\"6\" stroke=\"#ffffff\" stroke-width=\"3\"/>\
</symbol>";

pub use super::TourPicture;

/// Where one board goes in a document and how it is scaled.
#[derive(Clone, Copy, Debug)]
struct Layout {
    width: u32,
    height: u32,
    /// Side of a square.
    sq: f64,
    /// Font size of the file and rank labels.
    font: f64,
    /// Space left of the board for rank labels.
    left: f64,
    /// Space below the board for file labels.
    bottom: f64,
    /// Label every `step`-th file and rank (and the last).
    step: u32,
}

impl Layout {
    fn new(width: u32, height: u32, sq: f64) -> Layout {
        let side = width.max(height);
        let step = label_step(side);
        let extent = f64::from(side) * sq;
        // Labels as large as a square allows on small boards, readable on large ones.
        let font = if step == 1 {
            (sq * 0.45).min(18.0)
        } else {
            (extent / 50.0).max(sq * 0.45)
        };
        let label_chars = (0..height)
            .filter(|r| shows_label(*r, height, step))
            .map(|r| (u64::from(r) + 1).to_string().len())
            .max()
            .unwrap_or(1) as f64;
        Layout {
            width,
            height,
            sq,
            font,
            left: font * (0.62 * label_chars + 0.8),
            bottom: font * 1.6,
            step,
        }
    }

    /// The width of the board with its labels.
    fn outer_width(&self) -> f64 {
        self.left + f64::from(self.width) * self.sq + self.font * 0.6
    }

    /// The height of the board with its labels.
    fn outer_height(&self) -> f64 {
        f64::from(self.height) * self.sq + self.bottom + self.font * 0.6
    }
}

/// Label every square up to 64 on a side, else every 10th, 50th, 100th, ...
/// so that about 20 labels show.
fn label_step(side: u32) -> u32 {
    if side <= 64 {
        return 1;
    }
    let mut step = 10u32;
    loop {
        for m in [1, 2, 5] {
            let s = step.saturating_mul(m);
            if side / s <= 20 {
                return s;
            }
        }
        step = step.saturating_mul(10);
    }
}

/// Whether file or rank `i` (0-based) of `n` gets a label.
fn shows_label(i: u32, n: u32, step: u32) -> bool {
    step == 1 || (i + 1).is_multiple_of(step) || i == 0 || i + 1 == n
}

/// Writes numbers with at most two decimals and no trailing zeros.
struct Num(f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = (self.0 * 100.0).round() / 100.0;
        if v == v.trunc() && v.abs() < 1e15 {
            write!(f, "{}", v as i64)
        } else {
            let s = format!("{v:.2}");
            f.write_str(s.trim_end_matches('0'))
        }
    }
}

/// Text safe inside an XML (or HTML) element or double-quoted attribute.
///
/// ```
/// use hetman::render::svg::escape;
/// assert_eq!(escape(r#"a < b & "c""#), "a &lt; b &amp; &quot;c&quot;");
/// ```
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A board drawn at the origin of the current group: squares, blocked squares, labels.
/// The squares occupy `[left, left + width·sq] × [0, height·sq]`.
fn draw_board(out: &mut String, l: &Layout, id: usize, blocked: &[Square]) {
    let (w, h, sq) = (l.width, l.height, l.sq);
    let bw = f64::from(w) * sq;
    let bh = f64::from(h) * sq;
    let x0 = l.left;
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{LIGHT}\"/>",
        Num(x0),
        Num(bw),
        Num(bh)
    );
    if u64::from(w) * u64::from(h) <= 4096 {
        // One rectangle per dark square: what every viewer draws alike.
        let _ = write!(out, "<g fill=\"{DARK}\">");
        for r in 0..h {
            for f in 0..w {
                if (f + r) % 2 == 0 {
                    square_rect(out, corner(l, Square::new(f, r)), sq);
                }
            }
        }
        out.push_str("</g>");
    } else {
        // A 2 × 2 tile anchored at the top-left corner; that square is dark when
        // the height is odd (a1, with file + rank even, is dark).
        let (a, b) = if h % 2 == 1 { (0.0, sq) } else { (sq, 0.0) };
        let _ = write!(
            out,
            "<defs><pattern id=\"checker{id}\" patternUnits=\"userSpaceOnUse\" x=\"{}\" y=\"0\" \
             width=\"{}\" height=\"{}\"><rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" \
             fill=\"{DARK}\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{DARK}\"/>\
             </pattern></defs>",
            Num(x0),
            Num(2.0 * sq),
            Num(2.0 * sq),
            Num(a),
            Num(sq),
            Num(sq),
            Num(b),
            Num(sq),
            Num(sq),
            Num(sq)
        );
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"url(#checker{id})\"/>",
            Num(x0),
            Num(bw),
            Num(bh)
        );
    }
    if !blocked.is_empty() {
        let _ = write!(out, "<g fill=\"{BLOCKED}\">");
        for &b in blocked {
            square_rect(out, corner(l, b), sq);
        }
        out.push_str("</g>");
        if blocked.len() <= 4096 {
            // A light cross on each, so a blocked square reads as "not here".
            let _ = write!(
                out,
                "<path fill=\"none\" stroke=\"#9a9a9a\" stroke-width=\"{}\" d=\"",
                Num(sq * 0.06)
            );
            for &b in blocked {
                let (x, y) = corner(l, b);
                let (p, q) = (sq * 0.25, sq * 0.75);
                let _ = write!(
                    out,
                    "M{},{}L{},{}M{},{}L{},{}",
                    Num(x + p),
                    Num(y + p),
                    Num(x + q),
                    Num(y + q),
                    Num(x + q),
                    Num(y + p),
                    Num(x + p),
                    Num(y + q)
                );
            }
            out.push_str("\"/>");
        }
    }
    // A thin frame, then the labels.
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{INK}\" \
         stroke-width=\"{}\"/>",
        Num(x0),
        Num(bw),
        Num(bh),
        Num((sq * 0.03).max(l.font * 0.05))
    );
    // The file letters under the board, the rank numbers left of it.
    let files = (0..w).filter(|&f| shows_label(f, w, l.step)).map(|f| {
        let x = x0 + (f64::from(f) + 0.5) * sq;
        (x, bh + l.font * 1.2, file_name(f))
    });
    labels(out, "middle", l.font, files);
    let ranks = (0..h).filter(|&r| shows_label(r, h, l.step)).map(|r| {
        let y = (f64::from(h - 1 - r) + 0.5) * sq + l.font * 0.35;
        (x0 - l.font * 0.4, y, (u64::from(r) + 1).to_string())
    });
    labels(out, "end", l.font, ranks);
}

/// Writes a group of labels in the ink colour, each (x, y, text), anchored
/// as `anchor` says (`middle`, `end`).
fn labels(
    out: &mut String,
    anchor: &str,
    font: f64,
    items: impl Iterator<Item = (f64, f64, String)>,
) {
    let _ = write!(
        out,
        "<g font-size=\"{}\" fill=\"{INK}\" text-anchor=\"{anchor}\">",
        Num(font)
    );
    for (x, y, text) in items {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            Num(x),
            Num(y),
            text
        );
    }
    out.push_str("</g>");
}

/// Writes one unstyled `sq` × `sq` square with its top-left corner at `(x, y)`.
fn square_rect(out: &mut String, (x, y): (f64, f64), sq: f64) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        Num(x),
        Num(y),
        Num(sq),
        Num(sq)
    );
}

/// The top-left corner of a square.
fn corner(l: &Layout, s: Square) -> (f64, f64) {
    (
        l.left + f64::from(s.file()) * l.sq,
        (f64::from(l.height) - 1.0 - f64::from(s.rank())) * l.sq,
    )
}

/// The centre of a square.
fn centre(l: &Layout, s: Square) -> (f64, f64) {
    let (x, y) = corner(l, s);
    (x + l.sq / 2.0, y + l.sq / 2.0)
}

/// Queens and the red lines between attacking pairs, over a board drawn by [`draw_board`].
fn draw_queens(out: &mut String, l: &Layout, p: &Placement, attacks: &[Attack]) {
    let sq = l.sq;
    let mut attacked = vec![false; p.n()];
    if !attacks.is_empty() {
        let _ = write!(
            out,
            "<g stroke=\"{ATTACK}\" stroke-width=\"{}\" stroke-linecap=\"round\" opacity=\"0.75\">",
            Num(sq * 0.07)
        );
        for a in attacks {
            for s in [a.first, a.second] {
                if let Some(x) = attacked.get_mut(s.file() as usize) {
                    *x = true;
                }
            }
            let (x1, y1) = centre(l, a.first);
            let (x2, y2) = centre(l, a.second);
            let _ = write!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
                Num(x1),
                Num(y1),
                Num(x2),
                Num(y2)
            );
        }
        out.push_str("</g>");
    }
    let pad = sq * 0.08;
    for (s, hit) in p.squares().zip(&attacked) {
        let (x, y) = corner(l, s);
        let fill = if *hit { ATTACK } else { PIECE };
        let _ = write!(
            out,
            "<use xlink:href=\"#queen\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"/>",
            Num(x + pad),
            Num(y + pad),
            Num(sq - 2.0 * pad),
            Num(sq - 2.0 * pad)
        );
    }
}

/// The opening tag of a document `w` × `h` user units, shown at a sensible size.
fn header(out: &mut String, w: f64, h: f64, title: &str) {
    let scale = if w > MAX_DISPLAY {
        MAX_DISPLAY / w
    } else if w < MIN_DISPLAY {
        MIN_DISPLAY / w
    } else {
        1.0
    };
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" \
         font-family=\"DejaVu Sans, Verdana, Arial, Helvetica, sans-serif\">\n<title>{}</title>\n",
        Num((w * scale).round()),
        Num((h * scale).round()),
        Num(w),
        Num(h),
        escape(title)
    );
    let _ = writeln!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        Num(w),
        Num(h)
    );
}

/// The queens layout: detailed squares, whatever N.
fn queens_layout(n: usize) -> Layout {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    Layout::new(n, n, UNIT)
}

/// Draws a queens placement; queens in `attacks` are red and joined by red lines.
///
/// Pass `&check(&p).attacks` to show why a placement is not a solution, or
/// `&[]` to draw the queens alone.
///
/// # Example
/// ```
/// use hetman::queens::{check, Placement};
/// use hetman::render::svg;
/// let p: Placement = "2 4 6 8 1 3 5 7".parse().unwrap();
/// let picture = svg::queens(&p, &check(&p).attacks);
/// assert!(picture.starts_with("<svg"));
/// // Three attacking pairs: three red lines, six red queens.
/// assert_eq!(picture.matches("<line").count(), 3);
/// assert_eq!(picture.matches("fill=\"#d62828\"/>").count(), 6);
/// ```
#[must_use]
pub fn queens(p: &Placement, attacks: &[Attack]) -> String {
    queens_blocked(p, attacks, &[])
}

/// Draws a queens placement on a board with blocked squares (shaded), as
/// [`queens`] does otherwise: a completion of a puzzle that leaves some squares empty.
///
/// # Example
/// ```
/// use hetman::queens::Placement;
/// use hetman::render::svg;
/// let p: Placement = "2 4 1 3".parse().unwrap();
/// let blocked = ["a1".parse().unwrap(), "d4".parse().unwrap()];
/// let picture = svg::queens_blocked(&p, &[], &blocked);
/// assert_eq!(picture.matches("xlink:href=\"#queen\"").count(), 4);
/// assert_eq!(picture.matches("fill=\"#4a4a4a\"").count(), 1); // one group of blocked squares
/// ```
#[must_use]
pub fn queens_blocked(p: &Placement, attacks: &[Attack], blocked: &[Square]) -> String {
    let l = queens_layout(p.n());
    let title = if p.n() <= 64 {
        format!("{} queens: {}", p.n(), p.to_code())
    } else {
        format!("{} queens", p.n())
    };
    let mut out = String::new();
    header(
        &mut out,
        l.outer_width(),
        l.outer_height() + l.font * 0.6,
        &title,
    );
    let _ = write!(
        out,
        "<defs>{QUEEN_SYMBOL}</defs>\n<g transform=\"translate(0,{})\">",
        Num(l.font * 0.6)
    );
    draw_board(&mut out, &l, 0, blocked);
    draw_queens(&mut out, &l, p, attacks);
    out.push_str("</g>\n</svg>\n");
    out
}

/// Draws several placements side by side, `columns` to a row, each with a
/// caption above it (a `'\n'` in a caption starts a new line).
///
/// `queens symmetry` draws the eight images of a placement this way.
///
/// # Example
/// ```
/// use hetman::queens::Placement;
/// use hetman::render::svg;
/// let p: Placement = "2 4 1 3".parse().unwrap();
/// let q: Placement = "3 1 4 2".parse().unwrap();
/// let picture = svg::queens_sheet(&[("first".into(), p), ("second\n3 1 4 2".into(), q)], 2);
/// assert_eq!(picture.matches("xlink:href=\"#queen\"").count(), 8);
/// assert!(picture.contains(">second</text>") && picture.contains(">3 1 4 2</text>"));
/// ```
#[must_use]
pub fn queens_sheet(boards: &[(String, Placement)], columns: usize) -> String {
    let columns = columns.clamp(1, boards.len().max(1));
    let rows = boards.len().div_ceil(columns);
    let n = boards.iter().map(|(_, p)| p.n()).max().unwrap_or(1);
    let l = queens_layout(n);
    let lines = boards
        .iter()
        .map(|(c, _)| c.lines().count())
        .max()
        .unwrap_or(0);
    let caption_font = l.font.max(14.0);
    let caption = caption_font * (1.3 * lines as f64 + 0.5);
    let gap = caption_font * 1.5;
    let cell_w = l.outer_width() + gap;
    let cell_h = caption + l.outer_height() + gap * 0.5;
    let width = cell_w * columns as f64 + gap;
    let height = cell_h * rows as f64 + gap * 0.5;
    let mut out = String::new();
    header(&mut out, width, height, &format!("{} boards", boards.len()));
    let _ = writeln!(out, "<defs>{QUEEN_SYMBOL}</defs>");
    for (i, (text, p)) in boards.iter().enumerate() {
        let (col, row) = (i % columns, i / columns);
        let x = gap + col as f64 * cell_w;
        let y = gap * 0.5 + row as f64 * cell_h;
        let _ = write!(out, "<g transform=\"translate({},{})\">", Num(x), Num(y));
        let board_centre = l.left + f64::from(l.width) * l.sq / 2.0;
        let _ = write!(
            out,
            "<g font-size=\"{}\" fill=\"{INK}\" text-anchor=\"middle\">",
            Num(caption_font)
        );
        for (k, line) in text.lines().enumerate() {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                Num(board_centre),
                Num(caption_font * (1.0 + 1.3 * k as f64)),
                escape(line)
            );
        }
        out.push_str("</g>");
        let own = queens_layout(p.n());
        let _ = write!(out, "<g transform=\"translate(0,{})\">", Num(caption));
        draw_board(&mut out, &own, i, &[]);
        draw_queens(&mut out, &own, p, &[]);
        out.push_str("</g></g>\n");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(40.0).to_string(), "40");
        assert_eq!(Num(-80.0).to_string(), "-80");
        assert_eq!(Num(2.5).to_string(), "2.5");
        assert_eq!(Num(1.0 / 3.0).to_string(), "0.33");
    }

    #[test]
    fn label_steps() {
        assert_eq!(label_step(26), 1);
        assert_eq!(label_step(64), 1);
        assert_eq!(label_step(100), 10);
        assert_eq!(label_step(500), 50);
        assert_eq!(label_step(1000), 50);
        assert_eq!(label_step(5000), 500);
        assert!(shows_label(0, 500, 50) && shows_label(49, 500, 50) && !shows_label(48, 500, 50));
    }

    #[test]
    fn escapes_captions() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn checker_pattern_puts_a1_on_dark() {
        // Small boards: a1 is among the dark rectangles.
        for h in [4u32, 5] {
            let l = Layout::new(h, h, UNIT);
            let mut s = String::new();
            draw_board(&mut s, &l, 0, &[]);
            let (x, y) = corner(&l, Square::new(0, 0));
            let a1 = format!("<rect x=\"{}\" y=\"{}\"", Num(x), Num(y));
            let dark = s.split("<g fill=\"#b58863\">").nth(1).unwrap();
            assert!(dark.split("</g>").next().unwrap().contains(&a1), "h = {h}");
        }
    }
}

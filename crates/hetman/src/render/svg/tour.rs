//! The knight's tour picture: the path over the board, numbered squares
//! where they fit, the start and the end marked.

use super::*;

/// Whether [`tour`] writes a move number on each square of this board.
///
/// ```
/// use hetman::render::svg::numbers_fit;
/// assert!(numbers_fit(8, 8));
/// assert!(!numbers_fit(500, 3));
/// assert!(!numbers_fit(200, 200));
/// ```
#[must_use]
pub fn numbers_fit(width: u32, height: u32) -> bool {
    width < 500 && height < 500 && u64::from(width) * u64::from(height) <= MAX_NUMBERED_SQUARES
}

/// Draws a knight's tour: the path as a line through the square centres, the
/// start ringed in green and the end in red, blocked squares shaded, and the
/// move number on every visited square when [`numbers_fit`] (else the path alone).
///
/// # Example
/// ```
/// use hetman::render::svg::{tour, TourPicture};
/// use hetman::Square;
/// // The seed's 5×5 tour from a5 begins a5 c4 e5 ...
/// let path: Vec<Square> = ["a5", "c4", "e5"].iter().map(|s| s.parse().unwrap()).collect();
/// let picture = tour(&TourPicture { width: 5, height: 5, path: &path, blocked: &[], closed: false });
/// assert!(picture.contains(">3</text>"));
/// assert!(picture.contains("<path") && picture.contains("#1e9e3e"));
/// ```
#[must_use]
pub fn tour(t: &TourPicture<'_>) -> String {
    let numbered = numbers_fit(t.width, t.height);
    let sq = if numbered { UNIT } else { SMALL_UNIT };
    let l = Layout::new(t.width, t.height, sq);
    let mut out = String::new();
    let title = format!(
        "knight's tour on {}x{}: {} squares{}",
        t.width,
        t.height,
        t.path.len(),
        if t.closed { ", closed" } else { "" }
    );
    let top = l.font * 0.6;
    header(&mut out, l.outer_width(), l.outer_height() + top, &title);
    let _ = write!(out, "<g transform=\"translate(0,{})\">", Num(top));
    draw_board(&mut out, &l, 0, t.blocked);
    let side = f64::from(t.width.max(t.height)) * sq;
    // Lines stay visible when a large board is shrunk to a screen.
    let stroke = if numbered {
        sq * 0.07
    } else {
        (sq * 0.12).max(side / 1500.0)
    };
    if let Some(&first) = t.path.first() {
        // The path in relative moves: `l2,-1` a step, about 6 bytes a move.
        let (x, y) = centre(&l, first);
        let _ = write!(
            out,
            "<path fill=\"none\" stroke=\"{PATH}\" stroke-width=\"{}\" stroke-linejoin=\"round\" \
             stroke-linecap=\"round\" opacity=\"0.8\" d=\"M{},{}",
            Num(stroke),
            Num(x),
            Num(y)
        );
        if t.path.len() > 1 {
            out.push('l');
        }
        for (i, w) in t.path.windows(2).enumerate() {
            let dx = (f64::from(w[1].file()) - f64::from(w[0].file())) * sq;
            let dy = (f64::from(w[0].rank()) - f64::from(w[1].rank())) * sq;
            if i > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{},{}", Num(dx), Num(dy));
        }
        out.push_str("\"/>\n");
        if let (true, Some(&last)) = (t.closed && t.path.len() > 2, t.path.last()) {
            let (x2, y2) = centre(&l, last);
            let _ = writeln!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{PATH}\" stroke-width=\"{}\" \
                 stroke-dasharray=\"{} {}\" opacity=\"0.8\"/>",
                Num(x2),
                Num(y2),
                Num(x),
                Num(y),
                Num(stroke),
                Num(stroke * 2.0),
                Num(stroke * 1.5)
            );
        }
        // Start and end: rings on small boards, large dots on large ones.
        let r = if numbered {
            sq * 0.4
        } else {
            (sq * 0.6).max(side / 120.0)
        };
        let ends = [(first, START)].into_iter().chain(
            t.path
                .last()
                .filter(|_| t.path.len() > 1)
                .map(|&s| (s, END)),
        );
        for (s, colour) in ends {
            let (cx, cy) = centre(&l, s);
            if numbered {
                let _ = write!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" \
                     stroke-width=\"{}\"/>",
                    Num(cx),
                    Num(cy),
                    Num(r),
                    Num(sq * 0.09)
                );
            } else {
                let _ = write!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\" stroke=\"#ffffff\" \
                     stroke-width=\"{}\"/>",
                    Num(cx),
                    Num(cy),
                    Num(r),
                    Num(r * 0.25)
                );
            }
        }
        out.push('\n');
        if numbered {
            let digits = t.path.len().to_string().len() as f64;
            let font = (sq * 0.4).min(sq * 1.3 / digits);
            let _ = write!(
                out,
                "<g font-size=\"{}\" text-anchor=\"middle\" fill=\"#111111\" stroke=\"#ffffff\" \
                 stroke-width=\"{}\" stroke-linejoin=\"round\" paint-order=\"stroke\">",
                Num(font),
                Num(font * 0.22)
            );
            for (i, &s) in t.path.iter().enumerate() {
                let (cx, cy) = centre(&l, s);
                let _ = write!(
                    out,
                    "<text x=\"{}\" y=\"{}\">{}</text>",
                    Num(cx),
                    Num(cy + font * 0.36),
                    i + 1
                );
            }
            out.push_str("</g>\n");
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

//! The board as lines of text: the size of a square on screen (the largest
//! that fits), and the queens' and the knight's boards drawn with it.

use super::app::{App, Search};
use super::look::Look;
use hetman::trace::Event;
use hetman::Square;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// The size of a board square on screen: `w` columns by `h` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell {
    pub(super) w: usize,
    pub(super) h: usize,
}

/// The cell sizes tried, largest first: square-looking cells (a terminal's
/// characters are about twice as high as wide) down to 3x1 (and 2x1 for
/// queens).
pub(super) const CELLS: [Cell; 5] = [
    Cell { w: 9, h: 4 },
    Cell { w: 7, h: 3 },
    Cell { w: 5, h: 2 },
    Cell { w: 3, h: 1 },
    Cell { w: 2, h: 1 },
];

/// Files and ranks of the board watched.
fn board_dims(app: &App) -> (usize, usize) {
    match &app.search {
        Search::Queens(t) => (t.state().n(), t.state().n()),
        Search::Knight(t) => {
            let b = t.state().board();
            (b.width() as usize, b.height() as usize)
        }
    }
}

/// Columns and rows a board of `files` x `ranks` takes with `cell`.
pub(super) fn board_size(app: &App, cell: Cell) -> (u16, u16) {
    let (files, ranks) = board_dims(app);
    let extra = match &app.search {
        Search::Queens(_) => 2, // the file letters and the current-file mark
        Search::Knight(_) => 1,
    };
    ((3 + files * cell.w) as u16, (ranks * cell.h + extra) as u16)
}

/// The largest cell whose board fits `w` x `h`.
pub(super) fn fitting_cell(app: &App, w: u16, h: u16) -> Option<Cell> {
    let smallest = match &app.search {
        Search::Queens(_) => 2,
        Search::Knight(_) => 3,
    };
    CELLS.into_iter().filter(|c| c.w >= smallest).find(|&c| {
        let (bw, bh) = board_size(app, c);
        bw <= w && bh <= h
    })
}

/// The board's lines with `cell`.
pub(super) fn board_lines<'a>(app: &App, look: &Look, cell: Cell) -> Vec<Line<'a>> {
    match &app.search {
        Search::Queens(_) => queens_board(app, look, cell),
        Search::Knight(_) => knight_board(app, look, cell),
    }
}

/// One rank of cells `cell.h` rows high: the text on the middle row.
fn rank_rows<'a>(label: String, cells: Vec<(String, Style)>, cell: Cell) -> Vec<Line<'a>> {
    let mid = (cell.h - 1) / 2;
    (0..cell.h)
        .map(|row| {
            let first = if row == mid {
                label.clone()
            } else {
                " ".repeat(label.chars().count())
            };
            let mut spans = vec![Span::raw(first)];
            for (text, style) in &cells {
                let t = if row == mid { text.as_str() } else { "" };
                spans.push(Span::styled(pad(t, cell.w), *style));
            }
            Line::from(spans)
        })
        .collect()
}

fn pad(s: &str, cell: usize) -> String {
    let w = s.chars().count();
    let left = (cell - w.min(cell)) / 2;
    let right = cell - w.min(cell) - left;
    format!("{}{s}{}", " ".repeat(left), " ".repeat(right))
}

fn queens_board<'a>(app: &App, look: &Look, cell: Cell) -> Vec<Line<'a>> {
    let Search::Queens(t) = &app.search else {
        return Vec::new();
    };
    let trace = t.state();
    let n = trace.n() as u32;
    let queens = trace.queens();
    // The square the last event is about.
    // The square the last event is about: tried, refused, put or removed.
    let (focus, refused, trying) = match app.search.last() {
        Some(Event::Try { square, .. }) => (Some(*square), false, true),
        Some(Event::Refuse { square, .. }) => (Some(*square), true, false),
        Some(Event::Put { square, .. } | Event::Remove { square, .. }) => {
            (Some(*square), false, false)
        }
        _ => (None, false, false),
    };
    let current_file = match app.search.last() {
        Some(
            Event::Call { file, .. }
            | Event::Try { file, .. }
            | Event::Refuse { file, .. }
            | Event::Put { file, .. }
            | Event::Remove { file, .. },
        ) => Some(*file),
        _ => None,
    };
    let clash: Vec<u32> = match app.search.last() {
        Some(Event::Permutation {
            clash: Some([i, j]),
            ..
        }) => vec![*i, *j],
        _ => Vec::new(),
    };
    let mut lines = Vec::with_capacity(n as usize * cell.h + 2);
    for rank in (0..n).rev() {
        let mut cells = Vec::with_capacity(n as usize);
        for file in 0..n {
            let sq = Square::new(file, rank);
            let queen = queens.get(file as usize) == Some(&rank);
            let (text, mut style) = if queen {
                let g = if look.ascii { "Q" } else { "♛" };
                (
                    g.to_string(),
                    look.style(Some(Color::Black), look.square_bg(sq)),
                )
            } else if (file as usize) >= queens.len() {
                match trace.ruled_out(sq).first() {
                    Some(&lane) => (
                        look.lane_glyph(lane).to_string(),
                        look.style(Some(Color::White), Some(Look::lane_color(lane))),
                    ),
                    None => (
                        if look.ascii { "." } else { "·" }.to_string(),
                        look.style(Some(Color::Black), look.square_bg(sq)),
                    ),
                }
            } else {
                (
                    if look.ascii { "." } else { "·" }.to_string(),
                    look.style(Some(Color::Black), look.square_bg(sq)),
                )
            };
            let mut text = text;
            if queen && clash.contains(&file) {
                // Permutations: the two queens the check found on one diagonal.
                style = look
                    .style(Some(Color::White), Some(Color::Red))
                    .add_modifier(Modifier::BOLD);
            }
            if focus == Some(sq) {
                if refused {
                    text = "x".to_string();
                    style = look.style(Some(Color::White), Some(Color::Red));
                } else if trying {
                    text = "?".to_string();
                    style = look.style(Some(Color::Black), Some(Color::Yellow));
                } else {
                    style = look.style(Some(Color::Black), Some(Color::Yellow));
                }
                style = style.add_modifier(Modifier::BOLD);
            }
            cells.push((text, style));
        }
        lines.extend(rank_rows(format!("{:>2} ", rank + 1), cells, cell));
    }
    let mut files = String::from("   ");
    let mut marks = String::from("   ");
    for file in 0..n {
        files.push_str(&pad(&hetman::board::file_name(file), cell.w));
        let m = if current_file == Some(file) { "^" } else { " " };
        marks.push_str(&pad(m, cell.w));
    }
    lines.push(Line::from(files));
    lines.push(Line::from(marks.trim_end().to_string()));
    lines
}

fn knight_board<'a>(app: &App, look: &Look, cell: Cell) -> Vec<Line<'a>> {
    let Search::Knight(t) = &app.search else {
        return Vec::new();
    };
    let trace = t.state();
    let board = trace.board();
    let (w, h) = (board.width(), board.height());
    let mut number = vec![0u32; (w * h) as usize];
    let mut head = None;
    for (i, sq) in trace.path().enumerate() {
        number[board.index(sq) as usize] = i as u32 + 1;
        head = Some(sq);
    }
    let dead = match app.search.last() {
        Some(Event::DeadEnd { square, .. }) => Some(*square),
        _ => None,
    };
    let pruned = match app.search.last() {
        Some(Event::Prune { square, .. }) => Some(*square),
        _ => None,
    };
    let mut degree = vec![None; (w * h) as usize];
    if let Some(Event::Candidates { options, .. }) = app.search.last() {
        for c in options {
            degree[board.index(c.square) as usize] = Some(c.degree);
        }
    }
    let mut lines = Vec::with_capacity(h as usize * cell.h + 1);
    for rank in (0..h).rev() {
        let mut cells = Vec::with_capacity(w as usize);
        for file in 0..w {
            let sq = Square::new(file, rank);
            let i = board.index(sq) as usize;
            let bg = look.square_bg(sq);
            let (text, mut style) = if board.is_blocked(i as u32) {
                (
                    if look.ascii { "###" } else { "███" }.to_string(),
                    look.style(Some(Color::DarkGray), None),
                )
            } else if number[i] > 0 {
                (
                    format!("{:>2} ", number[i]),
                    look.style(Some(Color::Black), bg),
                )
            } else if let Some(d) = degree[i] {
                (format!("({d})"), look.style(Some(Color::Blue), bg))
            } else {
                (
                    if look.ascii { " . " } else { " · " }.to_string(),
                    look.style(Some(Color::Black), bg),
                )
            };
            let mut text = text;
            if Some(sq) == dead {
                text = format!("{:>2}!", number[i]);
                style = look.style(Some(Color::White), Some(Color::Red));
            } else if Some(sq) == pruned {
                text = format!("{:>2}x", number[i]);
                style = look.style(Some(Color::White), Some(Color::Red));
            } else if Some(sq) == head {
                text = format!("{:>2}*", number[i]);
                style = look.style(Some(Color::Black), Some(Color::Yellow));
            }
            if Some(sq) == head || Some(sq) == dead {
                style = style.add_modifier(Modifier::BOLD);
            }
            let text = if cell.w > 3 {
                text.trim().to_string()
            } else {
                text
            };
            cells.push((text, style));
        }
        lines.extend(rank_rows(format!("{:>2} ", rank + 1), cells, cell));
    }
    let mut files = String::from("   ");
    for file in 0..w {
        files.push_str(&pad(&hetman::board::file_name(file), cell.w));
    }
    lines.push(Line::from(files));
    lines
}

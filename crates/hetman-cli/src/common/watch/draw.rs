//! Drawing a frame of the animation: the board, the counters, the stack of
//! choices, the last step in words and the keys.

use super::app::{App, Search, SPEEDS};
use crate::common::events::{describe, title};
use crate::common::output::group;
use hetman::trace::{Event, Line as Lane};
use hetman::Square;
use ratatui::layout::{Constraint, Direction, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// Columns the side panel needs beside the board.
const PANEL: u16 = 34;

/// The glyphs and colours of a frame.
struct Look {
    ascii: bool,
    color: bool,
}

impl Look {
    fn style(&self, fg: Option<Color>, bg: Option<Color>) -> Style {
        let mut s = Style::default();
        if self.color {
            if let Some(fg) = fg {
                s = s.fg(fg);
            }
            if let Some(bg) = bg {
                s = s.bg(bg);
            }
        }
        s
    }

    fn lane_glyph(&self, lane: Lane) -> &'static str {
        match (lane, self.ascii) {
            (Lane::Row, true) => "-",
            (Lane::Up, true) => "\\",
            (Lane::Down, true) => "/",
            (Lane::Row, false) => "─",
            (Lane::Up, false) => "╲",
            (Lane::Down, false) => "╱",
        }
    }

    fn lane_color(lane: Lane) -> Color {
        match lane {
            Lane::Row => Color::Blue,
            Lane::Up => Color::Green,
            Lane::Down => Color::Magenta,
        }
    }

    fn square_bg(&self, sq: Square) -> Option<Color> {
        if (sq.file() + sq.rank()).is_multiple_of(2) {
            Some(Color::Rgb(181, 136, 99))
        } else {
            Some(Color::Rgb(240, 217, 181))
        }
    }
}

/// Draws the whole frame.
pub fn draw(f: &mut Frame, app: &App) {
    let look = Look {
        ascii: app.ascii,
        color: app.color,
    };
    let area = f.area();
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .split(area);
    let head = format!("hetman watch: {}", title(&app.search.header()));
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            head,
            Style::default().add_modifier(Modifier::BOLD),
        ))),
        rows[0],
    );
    let board = board_lines(app, &look, rows[1].width.saturating_sub(PANEL));
    let board_w = board.iter().map(Line::width).max().unwrap_or(0) as u16;
    let side_by_side = rows[1].width >= board_w + PANEL;
    let body = if side_by_side {
        Layout::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Length(board_w + 2), Constraint::Min(10)])
            .split(rows[1])
    } else {
        Layout::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Length(board.len() as u16 + 1),
                Constraint::Min(3),
            ])
            .split(rows[1])
    };
    f.render_widget(Paragraph::new(board), body[0]);
    let panel = Paragraph::new(panel_lines(app, &look))
        .wrap(Wrap { trim: false })
        .block(Block::default().borders(Borders::LEFT));
    f.render_widget(panel, body[1]);
    let keys = if look.ascii {
        "space play/pause  <- -> step  + - speed  n next solution  q quit"
    } else {
        "space play/pause  ← → step  + − speed  n next solution  q quit"
    };
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            keys,
            Style::default().add_modifier(Modifier::DIM),
        ))),
        rows[2],
    );
}

/// The board's lines, with cells 3 characters wide where they fit in `room`.
fn board_lines<'a>(app: &App, look: &Look, room: u16) -> Vec<Line<'a>> {
    match &app.search {
        Search::Queens(t) => {
            let n = t.state().n();
            let cell = if room as usize >= 3 * n + 3 { 3 } else { 2 };
            queens_board(app, look, cell)
        }
        Search::Knight(_) => knight_board(app, look),
    }
}

fn pad(s: &str, cell: usize) -> String {
    let w = s.chars().count();
    let left = (cell - w.min(cell)) / 2;
    let right = cell - w.min(cell) - left;
    format!("{}{s}{}", " ".repeat(left), " ".repeat(right))
}

fn queens_board<'a>(app: &App, look: &Look, cell: usize) -> Vec<Line<'a>> {
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
    let mut lines = Vec::with_capacity(n as usize + 2);
    for rank in (0..n).rev() {
        let mut spans = vec![Span::raw(format!("{:>2} ", rank + 1))];
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
            spans.push(Span::styled(pad(&text, cell), style));
        }
        lines.push(Line::from(spans));
    }
    let mut files = String::from("   ");
    let mut marks = String::from("   ");
    for file in 0..n {
        files.push_str(&pad(&hetman::board::file_name(file), cell));
        let m = if current_file == Some(file) { "^" } else { " " };
        marks.push_str(&pad(m, cell));
    }
    lines.push(Line::from(files));
    lines.push(Line::from(marks.trim_end().to_string()));
    lines
}

fn knight_board<'a>(app: &App, look: &Look) -> Vec<Line<'a>> {
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
    let mut lines = Vec::with_capacity(h as usize + 1);
    for rank in (0..h).rev() {
        let mut spans = vec![Span::raw(format!("{:>2} ", rank + 1))];
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
            spans.push(Span::styled(text, style));
        }
        lines.push(Line::from(spans));
    }
    let mut files = String::from("   ");
    for file in 0..w {
        files.push_str(&pad(&hetman::board::file_name(file), 3));
    }
    lines.push(Line::from(files));
    lines
}

fn panel_lines<'a>(app: &App, look: &Look) -> Vec<Line<'a>> {
    let search = &app.search;
    let state = if search.finished() {
        "finished"
    } else if app.playing {
        "playing"
    } else {
        "paused"
    };
    let speed = SPEEDS[app.speed];
    let mut lines = vec![
        Line::from(format!(
            " step {}  {state}  {} step{}/s",
            group(search.step()),
            group(u64::from(speed)),
            if speed == 1 { "" } else { "s" }
        )),
        Line::from(""),
    ];
    let last = match search.last() {
        Some(e) => describe(e),
        None => "(nothing yet: press space or the right arrow)".to_string(),
    };
    lines.push(Line::from(Span::styled(
        format!(" {last}"),
        Style::default().add_modifier(Modifier::BOLD),
    )));
    if let Some(note) = &app.note {
        lines.push(Line::from(Span::styled(
            format!(" {note}"),
            look.style(Some(Color::Yellow), None),
        )));
    }
    lines.push(Line::from(""));
    for (k, v) in search.counters().pairs() {
        lines.push(Line::from(format!(
            " {:<11}{:>12}",
            k.replace('_', " "),
            group(v)
        )));
    }
    lines.push(Line::from(""));
    match search {
        Search::Queens(t) => {
            let q = t.state().queens();
            lines.push(Line::from(format!(" depth {}", q.len())));
            let mut stack: Vec<String> = q
                .iter()
                .enumerate()
                .map(|(f, &r)| format!("{}", Square::new(f as u32, r)))
                .collect();
            if stack.is_empty() {
                stack.push("(empty)".to_string());
            }
            lines.push(Line::from(format!(" stack {}", stack.join(" "))));
            lines.push(Line::from(""));
            let mut legend = vec![Span::raw(" ruled out by ")];
            for lane in [Lane::Row, Lane::Up, Lane::Down] {
                legend.push(Span::styled(
                    look.lane_glyph(lane).to_string(),
                    look.style(Some(Color::White), Some(Look::lane_color(lane))),
                ));
                legend.push(Span::raw(format!(" {} ", lane.name())));
            }
            lines.push(Line::from(legend));
        }
        Search::Knight(t) => {
            let path: Vec<Square> = t.state().path().collect();
            lines.push(Line::from(format!(" depth {}", path.len())));
            let tail: Vec<String> = path
                .iter()
                .rev()
                .take(8)
                .rev()
                .map(ToString::to_string)
                .collect();
            let more = if path.len() > 8 { "... " } else { "" };
            lines.push(Line::from(format!(" path {more}{}", tail.join(" "))));
            lines.push(Line::from(""));
            lines.push(Line::from(" * knight  ! dead end  (d) onward moves"));
        }
    }
    lines
}

//! Drawing a frame of the animation: the board (larger where the terminal
//! has room), the counters, the stack of choices, the last step in words,
//! the code panel where the terminal is wide enough, and the keys; a notice
//! instead when the terminal is too small for the board.

use super::app::{App, Search, SPEEDS};
use super::code_panel::{code_lines, wanted_width};
use super::look::Look;
use crate::common::events::{code_of, counter_id, describe, title};
use crate::common::i18n::{n, s, Tr};
use hetman::trace::{Event, Line as Lane, QueensAlgorithm};
use hetman::Square;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// Columns the side panel needs beside the board.
const PANEL: u16 = 34;
/// Rows the panel is given under the board, beside the code: its lines
/// for a search a few queens deep.
const PANEL_ROWS: u16 = 15;
/// The code panel's width the board leaves it, at most: beyond it the
/// board grows first.
const CODE_FAIR: u16 = 56;

/// The size of a board square on screen: `w` columns by `h` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    w: usize,
    h: usize,
}

/// The cell sizes tried, largest first: square-looking cells (a terminal's
/// characters are about twice as high as wide) down to 3x1 (and 2x1 for
/// queens).
const CELLS: [Cell; 5] = [
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
fn board_size(app: &App, cell: Cell) -> (u16, u16) {
    let (files, ranks) = board_dims(app);
    let extra = match &app.search {
        Search::Queens(_) => 2, // the file letters and the current-file mark
        Search::Knight(_) => 1,
    };
    ((3 + files * cell.w) as u16, (ranks * cell.h + extra) as u16)
}

/// The largest cell whose board fits `w` x `h`.
fn fitting_cell(app: &App, w: u16, h: u16) -> Option<Cell> {
    let smallest = match &app.search {
        Search::Queens(_) => 2,
        Search::Knight(_) => 3,
    };
    CELLS.into_iter().filter(|c| c.w >= smallest).find(|&c| {
        let (bw, bh) = board_size(app, c);
        bw <= w && bh <= h
    })
}

/// The keys, as (key, what) pairs.
fn keys(ascii: bool, tr: &Tr) -> Vec<(String, String)> {
    let space = tr.t("watch-key-space");
    vec![
        (space, tr.t("watch-key-play")),
        (
            (if ascii { "<- ->" } else { "← →" }).to_string(),
            tr.t("watch-key-step"),
        ),
        (
            (if ascii { "+ -" } else { "+ −" }).to_string(),
            tr.t("watch-key-speed"),
        ),
        ("n".to_string(), tr.t("watch-key-next")),
        ("g".to_string(), tr.t("watch-key-goto")),
        ("s".to_string(), tr.t("watch-key-goto-solution")),
        ("c".to_string(), tr.t("watch-key-code")),
        ("d".to_string(), tr.t("watch-key-dialect")),
        ("q".to_string(), tr.t("watch-key-quit")),
    ]
}

/// The keys laid out over as few lines of `width` as they take.
fn key_lines(ascii: bool, width: u16, tr: &Tr) -> Vec<String> {
    let mut lines = vec![String::new()];
    for (k, what) in keys(ascii, tr) {
        let item = format!("{k} {what}");
        let last = lines.last_mut().expect("one line at least");
        let need = if last.is_empty() { 0 } else { 2 } + item.chars().count();
        if !last.is_empty() && last.chars().count() + need > width as usize {
            lines.push(item);
        } else {
            if !last.is_empty() {
                last.push_str("  ");
            }
            last.push_str(&item);
        }
    }
    lines
}

/// Draws the whole frame.
pub fn draw(f: &mut Frame, app: &App) {
    let look = Look {
        ascii: app.ascii,
        color: app.color,
    };
    let area = f.area();
    let tr = &*app.tr;
    let key_text = key_lines(look.ascii, area.width, tr);
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(key_text.len() as u16),
        ])
        .split(area);
    let head = tr.tf(
        "watch-header",
        &[("title", s(title(&app.search.header(), tr)))],
    );
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            head,
            Style::default().add_modifier(Modifier::BOLD),
        ))),
        rows[0],
    );
    let keys: Vec<Line> = key_text
        .into_iter()
        .map(|k| {
            Line::from(Span::styled(
                k,
                Style::default().add_modifier(Modifier::DIM),
            ))
        })
        .collect();
    f.render_widget(Paragraph::new(keys), rows[2]);
    let body = rows[1];
    // Side by side (board, panel, code) where there is room; else the panel
    // under the board; else a notice.
    let code_w = if app.show_code {
        wanted_width(app.search.algorithm())
    } else {
        0
    };
    let beside = |extra: u16| {
        fitting_cell(
            app,
            body.width.saturating_sub(PANEL + 2 + extra),
            body.height,
        )
    };
    // The code panel takes what the listing needs (at most CODE_FAIR, the
    // rest of a long line is cut), the board what is left.
    let (cell, code) = match beside(code_w.min(CODE_FAIR)) {
        Some(c) if app.show_code => (Some(c), true),
        _ => (beside(0), false),
    };
    // With the code shown, the panel goes under the board where that lets
    // the board grow (a 120 x 40 terminal: 8 queens in 5 x 2 cells instead
    // of 3 x 1). The choice depends on the terminal and the board only, so
    // the columns stay put while the search runs.
    let code_fair = code_w.min(CODE_FAIR);
    let left = body.width.saturating_sub(code_fair);
    let under = fitting_cell(app, left, body.height.saturating_sub(PANEL_ROWS + 1));
    if let (true, Some(u), Some(c)) = (code, under, cell)
        && u.w > c.w
    {
        let left = (board_size(app, u).0 + 2).max(PANEL).min(left);
        let cols = Layout::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Length(left), Constraint::Min(code_fair)])
            .split(body);
        board_over_panel(f, app, &look, u, cols[0]);
        code_block(f, app, &look, cols[1]);
        return;
    }
    if let Some(cell) = cell {
        let board = board_lines(app, &look, cell);
        let (board_w, _) = board_size(app, cell);
        let mut constraints = vec![Constraint::Length(board_w + 2), Constraint::Length(PANEL)];
        if code {
            constraints.push(Constraint::Min(code_w));
        } else {
            constraints[1] = Constraint::Min(PANEL);
        }
        let cols = Layout::default()
            .direction(Direction::Horizontal)
            .constraints(constraints)
            .split(body);
        f.render_widget(Paragraph::new(board), cols[0]);
        let panel = Paragraph::new(panel_lines(app, &look, cols[1].width.saturating_sub(1)))
            .block(Block::default().borders(Borders::LEFT));
        f.render_widget(panel, cols[1]);
        if code {
            code_block(f, app, &look, cols[2]);
        }
        return;
    }
    // The panel under the board: it needs 4 lines at least.
    let stacked = CELLS.into_iter().find(|&c| {
        let (bw, bh) = board_size(app, c);
        bw <= body.width && bh + 4 <= body.height && c.h == 1
    });
    if let Some(cell) = stacked.filter(|_| fitting_cell(app, body.width, body.height).is_some()) {
        board_over_panel(f, app, &look, cell, body);
        return;
    }
    let smallest = if matches!(app.search, Search::Queens(_)) {
        Cell { w: 2, h: 1 }
    } else {
        Cell { w: 3, h: 1 }
    };
    let (bw, bh) = board_size(app, smallest);
    let notice = vec![
        Line::from(Span::styled(
            app.tr.t("watch-too-small"),
            look.style(Some(Color::Yellow), None)
                .add_modifier(Modifier::BOLD),
        )),
        Line::from(app.tr.tf(
            "watch-too-small-size",
            &[
                ("width", n(area.width)),
                ("height", n(area.height)),
                ("need-width", n(bw + 2 + PANEL)),
                ("need-height", n(bh + 2)),
            ],
        )),
        Line::from(app.tr.t("watch-enlarge")),
    ];
    f.render_widget(Paragraph::new(notice).wrap(Wrap { trim: true }), body);
}

/// The board with `cell` at the top of `area`, the panel under it.
fn board_over_panel(f: &mut Frame, app: &App, look: &Look, cell: Cell, area: Rect) {
    let parts = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(board_size(app, cell).1),
            Constraint::Min(4),
        ])
        .split(area);
    f.render_widget(Paragraph::new(board_lines(app, look, cell)), parts[0]);
    let panel = Paragraph::new(panel_lines(app, look, parts[1].width))
        .block(Block::default().borders(Borders::TOP));
    f.render_widget(panel, parts[1]);
}

/// The code panel in `area`, with a line on its left.
fn code_block(f: &mut Frame, app: &App, look: &Look, area: Rect) {
    let lines = code_lines(app, look, area.width.saturating_sub(1), area.height);
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::LEFT)),
        area,
    );
}

/// The board's lines with `cell`.
fn board_lines<'a>(app: &App, look: &Look, cell: Cell) -> Vec<Line<'a>> {
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

/// The side panel's lines, each wrapped to `width` by hand (a word that
/// does not fit goes to the next line, indented), so that nothing is drawn
/// past the panel.
fn panel_lines<'a>(app: &App, look: &Look, width: u16) -> Vec<Line<'a>> {
    let lines = panel_content(app, look);
    let width = width as usize;
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.width() <= width || width < 8 {
            out.push(line);
            continue;
        }
        let style = line.spans.first().map(|s| s.style).unwrap_or_default();
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        let mut current = String::new();
        for word in text.split(' ') {
            let extra = if current.is_empty() { 0 } else { 1 };
            if !current.trim().is_empty()
                && current.chars().count() + extra + word.chars().count() > width
            {
                out.push(Line::from(Span::styled(
                    std::mem::take(&mut current),
                    style,
                )));
                current.push_str("   ");
            } else if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        if !current.trim().is_empty() {
            out.push(Line::from(Span::styled(current, style)));
        }
    }
    out
}

fn panel_content<'a>(app: &App, look: &Look) -> Vec<Line<'a>> {
    let search = &app.search;
    let tr = &*app.tr;
    let state = tr.t(if search.finished() {
        "watch-finished"
    } else if app.playing {
        "watch-playing"
    } else {
        "watch-paused"
    });
    let speed = SPEEDS[app.speed];
    let status = tr.tf(
        "watch-status",
        &[
            ("step", s(tr.group(search.step()))),
            ("state", s(state)),
            ("speed", s(tr.group(u64::from(speed)))),
            ("rate", n(speed)),
        ],
    );
    let mut lines = vec![Line::from(format!(" {status}")), Line::from("")];
    let last = match search.last() {
        Some(e) => describe(e, tr),
        None => tr.t("watch-nothing-yet"),
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
    if let Some(typed) = &app.goto {
        let id = match (app.goto_solution, search) {
            (false, _) => "watch-goto-prompt",
            (true, Search::Queens(_)) => "watch-goto-solution-prompt",
            (true, Search::Knight(_)) => "watch-goto-tour-prompt",
        };
        lines.push(Line::from(Span::styled(
            format!(" {}", tr.tf(id, &[("typed", s(typed))])),
            look.style(Some(Color::Yellow), None)
                .add_modifier(Modifier::BOLD),
        )));
    }
    lines.push(Line::from(""));
    for (k, v) in search.counters().pairs() {
        lines.push(Line::from(format!(
            " {:<11}{:>12}",
            tr.t(counter_id(k)),
            tr.group(v)
        )));
    }
    lines.push(Line::from(""));
    match search {
        Search::Queens(t)
            if matches!(
                t.state().algorithm(),
                QueensAlgorithm::Brute | QueensAlgorithm::Permutations
            ) =>
        {
            let q = t.state().queens();
            lines.push(Line::from(format!(
                " {}",
                tr.tf("watch-placement", &[("code", s(code_of(q)))])
            )));
            lines.push(Line::from(format!(" {}", tr.t("watch-one-per-file"))));
        }
        Search::Queens(t) => {
            let q = t.state().queens();
            lines.push(Line::from(format!(
                " {}",
                tr.tf("watch-depth", &[("depth", n(q.len() as f64))])
            )));
            let mut stack: Vec<String> = q
                .iter()
                .enumerate()
                .map(|(f, &r)| format!("{}", Square::new(f as u32, r)))
                .collect();
            if stack.is_empty() {
                stack.push(tr.t("watch-empty"));
            }
            lines.push(Line::from(format!(
                " {}",
                tr.tf("watch-stack", &[("squares", s(stack.join(" ")))])
            )));
            lines.push(Line::from(""));
            let mut legend = vec![Span::raw(format!(" {} ", tr.t("watch-ruled-out")))];
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
            lines.push(Line::from(format!(
                " {}",
                tr.tf("watch-depth", &[("depth", n(path.len() as f64))])
            )));
            let tail: Vec<String> = path
                .iter()
                .rev()
                .take(8)
                .rev()
                .map(ToString::to_string)
                .collect();
            let more = if path.len() > 8 { "... " } else { "" };
            let squares = format!("{more}{}", tail.join(" "));
            lines.push(Line::from(format!(
                " {}",
                tr.tf("watch-path", &[("squares", s(squares))])
            )));
            lines.push(Line::from(""));
            lines.push(Line::from(format!(" {}", tr.t("watch-knight-legend"))));
        }
    }
    lines
}

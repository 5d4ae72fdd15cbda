//! Drawing a frame of the animation: the board (larger where the terminal
//! has room), the counters, the stack of choices, the last step in words,
//! the code panel where the terminal is wide enough, and the keys; a notice
//! instead when the terminal is too small for the board.

use super::app::{App, Search, SPEEDS};
use super::board::{board_lines, board_size, fitting_cell, Cell, CELLS};
use super::code_panel::{code_lines, wanted_width};
use super::look::Look;
use crate::common::events::{code_of, counter_id, describe, title};
use crate::common::i18n::{n, s, Tr};
use hetman::trace::{Line as Lane, QueensAlgorithm};
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

//! The code panel of `watch`: the listing of the search that runs, its
//! current line lit, the values that matter at this step, and the seeds'
//! arrays `row`, `up`, `down` with the cells the step reads or writes.

use super::app::{found, App, Search};
use super::look::Look;
use crate::common::events::code_of;
use crate::common::i18n::{n as num, s};
use hetman::board::file_name;
use hetman::trace::code::{listing, Algorithm, Dialect};
use hetman::trace::{Event, QueensAlgorithm};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// The narrowest code panel drawn (the listing is cut at the right).
pub const CODE_MIN: u16 = 40;
/// The widest a code panel needs to be.
pub const CODE_MAX: u16 = 72;

/// The width the listing of `algorithm` would like, both dialects.
pub fn wanted_width(algorithm: Algorithm) -> u16 {
    let longest = Dialect::ALL
        .iter()
        .flat_map(|&d| listing(algorithm, d))
        .map(|l| l.text.chars().count())
        .max()
        .unwrap_or(0);
    (longest as u16 + 4).clamp(CODE_MIN, CODE_MAX)
}

fn cut(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
        t.push('~');
        t
    }
}

/// The panel's lines for `width` columns and at most `height` rows.
pub fn code_lines<'a>(app: &App, look: &Look, width: u16, height: u16) -> Vec<Line<'a>> {
    let width = width as usize;
    let algorithm = app.search.algorithm();
    let lines = listing(algorithm, app.dialect);
    let current = app.search.line();
    let pseudo = app.tr.t("code-pseudocode");
    let (this, other) = match app.dialect {
        Dialect::Pseudo => (pseudo, "C".to_string()),
        Dialect::C => ("C".to_string(), pseudo),
    };
    let hint = app
        .tr
        .tf("code-hint", &[("dialect", s(this)), ("other", s(other))]);
    let mut out = vec![Line::from(Span::styled(
        cut(&format!(" {hint}"), width),
        Style::default().add_modifier(Modifier::DIM),
    ))];
    let values = values(app);
    let arrays = arrays(app, look, width);
    // The listing gets what the values leave, at least 5 lines around the
    // current one; the arrays come only if there is room after both.
    let below = values.len() + 1;
    let room = (height as usize).saturating_sub(out.len() + below).max(5);
    let at = current
        .and_then(|id| lines.iter().position(|l| l.id == Some(id)))
        .unwrap_or(0);
    let first = if lines.len() <= room {
        0
    } else {
        at.saturating_sub(room / 3).min(lines.len() - room)
    };
    let mark = if look.ascii { ">" } else { "▶" };
    for (i, l) in lines.iter().enumerate().skip(first).take(room) {
        let lit = Some(i) == current.and_then(|id| lines.iter().position(|l| l.id == Some(id)));
        let text = cut(
            &format!(" {} {}", if lit { mark } else { " " }, l.text),
            width,
        );
        if lit {
            let style = if look.color {
                Style::default().fg(Color::Black).bg(Color::Yellow)
            } else {
                Style::default().add_modifier(Modifier::REVERSED)
            };
            out.push(Line::from(Span::styled(
                format!("{text:<width$}"),
                style.add_modifier(Modifier::BOLD),
            )));
        } else {
            out.push(Line::from(text));
        }
    }
    out.push(Line::from(""));
    for v in values {
        out.push(Line::from(Span::styled(
            cut(&format!(" {v}"), width),
            look.style(Some(Color::Cyan), None),
        )));
    }
    if !arrays.is_empty() && out.len() + arrays.len() < height as usize {
        out.push(Line::from(""));
        out.extend(arrays);
    }
    out
}

/// The values the current line works with, in the listing's terms
/// (files and ranks from 1, as the seeds count them).
pub fn values(app: &App) -> Vec<String> {
    let n = match &app.search {
        Search::Queens(t) => t.state().n() as i64,
        Search::Knight(_) => 0,
    };
    let tr = &*app.tr;
    let c_of = |file: u32| {
        tr.tf(
            "code-file",
            &[("c", num(file + 1)), ("file", s(file_name(file)))],
        )
    };
    let Some(e) = app.search.last() else {
        return vec![tr.t("code-before-first")];
    };
    match e {
        Event::Call { file, free, .. } => match free {
            None => vec![tr.tf("code-called", &[("where", s(c_of(*file)))])],
            Some(free) => vec![
                c_of(*file),
                tr.tf(
                    "code-free-ranks",
                    &[(
                        "ranks",
                        s(if free.is_empty() {
                            tr.t("event-none")
                        } else {
                            code_of(free)
                        }),
                    )],
                ),
            ],
        },
        Event::Try { file, rank, .. } => {
            vec![format!("{}, r = {}", c_of(*file), rank + 1)]
        }
        Event::Refuse {
            file, rank, lines, ..
        } => {
            let (r, c) = (i64::from(*rank) + 1, i64::from(*file) + 1);
            let taken: Vec<String> = lines
                .iter()
                .map(|l| match l.name() {
                    "row" => format!("row[{r}]"),
                    "up" => format!("up[{}]", r + c),
                    _ => format!("down[{}]", r - c + n),
                })
                .collect();
            vec![
                format!("{}, r = {r}", c_of(*file)),
                format!("possible(r, c) = false: {} false", taken.join(", ")),
            ]
        }
        Event::Put { file, rank, .. } => {
            let (r, c) = (i64::from(*rank) + 1, i64::from(*file) + 1);
            if matches!(
                app.search.header(),
                hetman::trace::Header::Queens {
                    algorithm: QueensAlgorithm::Bitboard,
                    ..
                }
            ) {
                vec![tr.tf(
                    "code-bit-rank",
                    &[("where", s(c_of(*file))), ("rank", s(r))],
                )]
            } else {
                vec![
                    format!("{}, r = {r}", c_of(*file)),
                    format!("row[{r}], up[{}], down[{}] := false", r + c, r - c + n),
                ]
            }
        }
        Event::Remove { file, rank, .. } => {
            let (r, c) = (i64::from(*rank) + 1, i64::from(*file) + 1);
            vec![
                format!("{}, r = {r}", c_of(*file)),
                format!("row[{r}], up[{}], down[{}] := true", r + c, r - c + n),
            ]
        }
        Event::Solution { number, code, .. } => {
            vec![tr.tf("code-solution", &[("number", s(number)), ("code", s(code))])]
        }
        Event::Placement { ranks } => vec![format!("q = {}", code_of(ranks))],
        Event::Score { pairs, of } => {
            vec![tr.tf("code-pairs", &[("pairs", num(*pairs)), ("of", num(*of))])]
        }
        Event::Permutation { ranks, clash } => {
            let mut v = vec![format!("q = {}", code_of(ranks))];
            v.push(match clash {
                Some([i, j]) => format!(
                    "i = {}, j = {}: |q[i] - q[j]| = {} = j - i",
                    i + 1,
                    j + 1,
                    j - i
                ),
                None => tr.t("code-no-diagonal"),
            });
            v
        }
        Event::Move {
            square,
            number,
            from,
        } => vec![match from {
            None => tr.tf(
                "code-start",
                &[("number", num(*number)), ("square", s(square))],
            ),
            Some(f) => tr.tf(
                "code-from",
                &[
                    ("number", num(*number)),
                    ("square", s(square)),
                    ("from", s(f)),
                ],
            ),
        }],
        Event::Candidates { square, options } => {
            let list: Vec<String> = options
                .iter()
                .map(|c| format!("{} ({})", c.square, c.degree))
                .collect();
            vec![
                format!("s = {square}"),
                if list.is_empty() {
                    tr.t("code-list-empty")
                } else {
                    format!("list = {}", list.join(", "))
                },
            ]
        }
        Event::DeadEnd { square, number } => {
            vec![tr.tf(
                "code-dead-end",
                &[("number", num(*number)), ("square", s(square))],
            )]
        }
        Event::Prune { square, number, .. } => vec![format!("i = {number}, s = {square}")],
        Event::Back { square, number } => {
            vec![tr.tf(
                "code-it-was",
                &[("square", s(square)), ("number", num(*number))],
            )]
        }
        Event::Tour { number, .. } => vec![tr.tf("code-tour", &[("number", s(number))])],
        Event::End { complete, counters } => vec![if *complete {
            found(&app.search.header(), counters, tr)
        } else {
            tr.t("code-stopped")
        }],
        _ => Vec::new(),
    }
}

/// The arrays `row`, `up`, `down` of the seeds' backtracking, 1-based as in
/// the listing, the cells the last step reads or writes lit; empty for the
/// other searches or when `width` is too narrow.
fn arrays<'a>(app: &App, look: &Look, width: usize) -> Vec<Line<'a>> {
    let Search::Queens(t) = &app.search else {
        return Vec::new();
    };
    let trace = t.state();
    if trace.algorithm() != QueensAlgorithm::Backtracking {
        return Vec::new();
    }
    let n = trace.n() as i64;
    let label = 6;
    let cell = if label + 3 * (2 * n as usize - 1) <= width {
        3
    } else if label + 2 * (2 * n as usize - 1) <= width {
        2
    } else {
        return Vec::new();
    };
    let queens: Vec<(i64, i64)> = trace
        .queens()
        .iter()
        .enumerate()
        .map(|(f, &r)| (i64::from(r) + 1, f as i64 + 1))
        .collect();
    let (focus, refused) = match app.search.last() {
        Some(
            Event::Try { file, rank, .. }
            | Event::Put { file, rank, .. }
            | Event::Remove { file, rank, .. },
        ) => (Some((i64::from(*rank) + 1, i64::from(*file) + 1)), false),
        Some(Event::Refuse { file, rank, .. }) => {
            (Some((i64::from(*rank) + 1, i64::from(*file) + 1)), true)
        }
        _ => (None, false),
    };
    type Index = fn(i64, i64, i64) -> i64;
    let arrays: [(&str, i64, i64, Index); 3] = [
        ("row", 1, n, |r, _, _| r),
        ("up", 2, 2 * n, |r, c, _| r + c),
        ("down", 1, 2 * n - 1, |r, c, n| r - c + n),
    ];
    let mut out = Vec::new();
    for (name, lo, hi, index) in arrays {
        let mut idx = vec![Span::raw(format!(" {:<w$}", "", w = label - 1))];
        let mut val = vec![Span::raw(format!(" {name:<w$}", w = label - 1))];
        let lit = focus.map(|(r, c)| index(r, c, n));
        for i in lo..=hi {
            idx.push(Span::styled(
                format!("{i:>cell$}"),
                Style::default().add_modifier(Modifier::DIM),
            ));
            let free = !queens.iter().any(|&(r, c)| index(r, c, n) == i);
            let mut style = Style::default();
            if lit == Some(i) {
                style = if refused && !free {
                    look.style(Some(Color::White), Some(Color::Red))
                } else {
                    look.style(Some(Color::Black), Some(Color::Yellow))
                };
                style = style.add_modifier(Modifier::BOLD);
                if !look.color {
                    style = style.add_modifier(Modifier::REVERSED);
                }
            }
            val.push(Span::styled(
                format!("{:>cell$}", if free { "T" } else { "F" }),
                style,
            ));
        }
        out.push(Line::from(idx));
        out.push(Line::from(val));
    }
    out
}

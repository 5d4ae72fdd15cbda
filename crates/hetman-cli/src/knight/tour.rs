//! `hetman knight tour`: find one knight's tour and print it as the seed
//! does (the board of move numbers), as moves, or as JSON; huge boards by
//! divide and conquer, streamed.

use crate::common::long_run::{install_ctrlc, STOP};
use crate::common::output::{self, group, Stream};
use crate::common::picture::{self, PictureArgs};
use crate::common::tour::{
    build_board, no_tour_line, start_square, tour_picture, write_tour_pictures, Board, Format,
};
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use hetman::knight::{feasibility, find, huge, Algorithm, FindOptions, KnightBoard, NoTour, Tour};
use hetman::{BoardSize, Square};
use serde_json::json;
use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Boards above this many squares get the divide-and-conquer construction by default.
const HUGE_SQUARES: u64 = 250_000;
/// The largest board `--json` prints (one JSON object holds the whole tour).
const JSON_SQUARES: u64 = 1_000_000;

pub const HELP: &str = "Examples:\n  hetman knight tour 5 --start a5      # the seed's 5x5 tour\n  \
hetman knight tour 8 --closed --format moves\n  \
hetman knight tour 6x5 --block 'c3 d4'\n  \
hetman knight tour 8 --algorithm backtracking --stats\n  \
hetman knight tour 5000 --closed --quiet --stats   # divide and conquer, about a second\n\n\
When a theorem rules every tour out (3x3, 4x4, colour parity, Schwenk's theorem, ...), the \
answer names it at once on stderr and the exit code is 1; so it is when the search proves there is none.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Warnsdorff for boards up to 250,000 squares, divide and conquer above (when it applies).
    Auto,
    /// The seed's recursive search in a fixed move order.
    Backtracking,
    /// Warnsdorff's rule (fewest onward moves) with a tie-break, backtracking when it dead-ends.
    Warnsdorff,
    /// Divide and conquer: block tours joined across the seams (no blocked squares, sides >= 5).
    Divide,
}

/// The arguments of `knight tour`.
#[derive(Debug, Args)]
pub struct TourArgs {
    #[command(flatten)]
    pub board: Board,
    /// The square the tour starts on.
    #[arg(long, short, default_value = "a1")]
    pub start: String,
    /// A closed (re-entrant) tour: the last square a knight's move from the first.
    #[arg(long, short)]
    pub closed: bool,
    /// How to look for the tour.
    #[arg(long, short, value_enum, default_value = "auto")]
    pub algorithm: AlgorithmArg,
    /// How to print the tour.
    #[arg(
        long,
        short,
        value_enum,
        default_value = "board",
        conflicts_with = "json"
    )]
    pub format: Format,
    /// One JSON object with the board and the moves.
    #[arg(long)]
    pub json: bool,
    /// Also print the algorithm, the nodes visited (or squares laid) and the time
    /// (on boards over 250,000 squares instead of the tour).
    #[arg(long)]
    pub stats: bool,
    /// Do not print the tour (only the summary line, and --stats).
    #[arg(long, short, conflicts_with = "json")]
    pub quiet: bool,
    #[command(flatten)]
    pub picture: PictureArgs,
}

impl TourArgs {
    /// Whether the summary line stands in for the tour (or goes with --stats).
    fn summary_only(&self) -> bool {
        !self.print_tour() || self.stats
    }

    /// Whether the tour itself is printed: not with --quiet, nor with
    /// --stats on a board over 250,000 squares.
    fn print_tour(&self) -> bool {
        !(self.quiet || self.stats && self.board.size.squares() > HUGE_SQUARES)
    }
}

pub fn run(a: &TourArgs) -> Result<ExitCode> {
    let size = a.board.size;
    let huge_ok = a.board.block.is_empty() && size.width().min(size.height()) >= huge::MIN_SIDE;
    let algorithm = match a.algorithm {
        AlgorithmArg::Auto if huge_ok && size.squares() > HUGE_SQUARES => Algorithm::Divide,
        AlgorithmArg::Auto | AlgorithmArg::Warnsdorff => Algorithm::Warnsdorff,
        AlgorithmArg::Backtracking => Algorithm::Backtracking,
        AlgorithmArg::Divide => Algorithm::Divide,
    };
    if a.json && size.squares() > JSON_SQUARES {
        bail!(
            "--json takes boards of at most {} squares, and {size} has {}; use --format moves, which streams",
            group(JSON_SQUARES),
            group(size.squares())
        );
    }
    // Bytes a square: the divide construction keeps one, plus four for the
    // numbers of a printed board; the searches keep about a dozen.
    let per = match algorithm {
        Algorithm::Divide if !a.print_tour() || a.format == Format::Moves => 1,
        Algorithm::Divide => 5,
        _ => 16,
    };
    let board = build_board(&a.board, per)?;
    let start = start_square(&board, &a.start)?;
    let pics = a.picture.resolve();
    pics.check()?;
    install_ctrlc();
    let t0 = Instant::now();
    if algorithm == Algorithm::Divide {
        let s = board.index(start);
        if let Some(r) = feasibility::no_tour(&board, s, a.closed) {
            let why = NoTour::Theorem(r);
            return no_tour(a, &board, start, &why, 0);
        }
        if !huge_ok {
            bail!(
                "--algorithm divide takes boards without --block and with both sides at least {}, not {size}",
                huge::MIN_SIDE
            );
        }
        let t = huge::construct(&board, start, a.closed)?;
        let built = t0.elapsed();
        if let Err(e) = t.verify() {
            bail!("internal error: the divide construction made an invalid tour: {e}");
        }
        let checked = t0.elapsed();
        if pics.wanted() {
            let path: Vec<Square> = t.walk().map(|i| board.square(i)).collect();
            write_tour_pictures(&pics, &board, &path, t.is_closed())?;
        }
        let mut out = Stream::new();
        if a.json {
            let path: Vec<u32> = t.walk().collect();
            let tour = Tour::from_indices(size, path);
            print_json(&mut out, &board, &tour, a, t.len() as u64, checked)?;
        } else if a.print_tour() {
            match a.format {
                Format::Moves => {
                    let mut line = String::with_capacity(1 << 16);
                    for (k, i) in t.walk().enumerate() {
                        if k > 0 {
                            line.push(' ');
                        }
                        line.push_str(&board.square(i).to_string());
                        if line.len() > 60_000 {
                            out.record(&line)?;
                            line.clear();
                        }
                    }
                    line.push('\n');
                    out.record(&line)?;
                }
                Format::Board => print_numbered_board(&mut out, &board, &t.numbers())?,
            }
        }
        if !a.json {
            summary(&mut out, &board, start, t.is_closed(), a.summary_only())?;
            if a.stats {
                out.record(&format!(
                    "algorithm: divide\nsquares laid: {}\nbuilt in: {}\nchecked in: {}\ntime: {}\n",
                    group(t.len() as u64),
                    output::duration(built),
                    output::duration(checked - built),
                    output::duration(t0.elapsed())
                ))?;
            }
        }
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    let opts = FindOptions {
        closed: a.closed,
        algorithm,
        stop: Some(&STOP),
        ..Default::default()
    };
    let found = find(&board, start, &opts)?;
    let time = t0.elapsed();
    let mut out = Stream::new();
    let Some(t) = found.tour else {
        let why = found
            .no_tour
            .unwrap_or(NoTour::Exhausted { nodes: found.nodes });
        return no_tour(a, &board, start, &why, found.nodes);
    };
    // find() verified it; check again, as every printed tour must pass the checker.
    if let Err(e) = t.verify(&board, a.closed) {
        bail!("internal error: the tour found is not valid: {e}");
    }
    let path: Vec<Square> = t.squares().collect();
    write_tour_pictures(&pics, &board, &path, t.is_closed())?;
    if a.json {
        print_json(&mut out, &board, &t, a, found.nodes, time)?;
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    if a.print_tour() {
        match a.format {
            Format::Moves => out.record(&format!("{}\n", t.to_moves()))?,
            Format::Board if pics.color => {
                let blocked = board.blocked_squares();
                let tp = tour_picture(&board, &path, &blocked, t.is_closed());
                out.record(&picture::tour_board(&pics, &tp))?;
            }
            Format::Board => print_numbered_board(&mut out, &board, &t.numbers())?,
        }
    }
    summary(&mut out, &board, start, t.is_closed(), a.summary_only())?;
    if a.stats {
        out.record(&format!(
            "algorithm: {}\nnodes: {}\ntime: {}\n",
            found.algorithm,
            group(found.nodes),
            output::duration(time)
        ))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Streams the board of move numbers (`numbers` indexed like the board's squares).
fn print_numbered_board(out: &mut Stream, board: &KnightBoard, numbers: &[u32]) -> Result<()> {
    stream_board(
        |l| out.record(l),
        board.size(),
        number_width(board),
        |i| tour_label(numbers, board, i),
    )?;
    Ok(())
}

/// Says there is no tour and why: on stderr, or as the JSON result on
/// stdout with `--json`; exit code 1.
fn no_tour(
    a: &TourArgs,
    board: &KnightBoard,
    start: Square,
    why: &NoTour,
    nodes: u64,
) -> Result<ExitCode> {
    let line = no_tour_line(board, start, a.closed, why);
    if a.json {
        let theorem = matches!(why, NoTour::Theorem(_));
        crate::outln!(
            "{}",
            json!({"size": board.size().to_string(), "start": start.to_string(), "closed": a.closed,
                   "tour": null, "reason": line, "theorem": theorem, "nodes": nodes})
        );
    } else {
        eprintln!("{line}");
    }
    Ok(ExitCode::from(1))
}

/// The one-line summary, printed under --quiet or --stats.
fn summary(
    out: &mut Stream,
    board: &KnightBoard,
    start: Square,
    closed: bool,
    show: bool,
) -> Result<()> {
    if show {
        out.record(&format!(
            "{} tour of {} from {start}: {} squares, verified\n",
            if closed { "closed" } else { "open" },
            board.size(),
            group(board.free_squares())
        ))?;
    }
    Ok(())
}

fn print_json(
    out: &mut Stream,
    board: &KnightBoard,
    t: &Tour,
    a: &TourArgs,
    nodes: u64,
    time: Duration,
) -> Result<()> {
    let numbers = t.numbers();
    let (w, h) = (board.width(), board.height());
    let rows: Vec<Vec<u32>> = (0..h)
        .rev()
        .map(|r| (0..w).map(|f| numbers[(r * w + f) as usize]).collect())
        .collect();
    let moves: Vec<String> = t.squares().map(|s| s.to_string()).collect();
    let mut v = json!({"size": board.size().to_string(), "start": t.square(0).to_string(),
                       "closed": t.is_closed(), "blocked": board.blocked_squares().iter().map(ToString::to_string).collect::<Vec<_>>(),
                       "moves": moves, "board": rows});
    if a.stats {
        v["nodes"] = json!(nodes);
        v["seconds"] = json!(time.as_secs_f64());
    }
    out.record(&format!("{v}\n"))?;
    Ok(())
}

/// The text of one square of a printed tour.
enum Label {
    Number(u32),
    Mark(&'static str),
}

fn tour_label(numbers: &[u32], board: &KnightBoard, i: u32) -> Label {
    match numbers[i as usize] {
        0 if board.is_blocked(i) => Label::Mark("#"),
        0 => Label::Mark("."),
        k => Label::Number(k),
    }
}

/// Prints a board of labels streamed rank by rank, laid out as
/// `hetman::render::text::board` lays it out (every column as wide as the
/// widest entry, `cw`), without holding the text of the whole board (a tour
/// of 10000x10000 is 10^8 numbers).
fn stream_board(
    mut sink: impl FnMut(&str) -> io::Result<()>,
    size: BoardSize,
    cw: usize,
    cell: impl Fn(u32) -> Label,
) -> io::Result<()> {
    use std::fmt::Write as _;
    let (w, h) = (size.width(), size.height());
    let cw = cw.max(hetman::board::file_name(w - 1).len());
    let lw = h.to_string().len();
    let mut line = String::new();
    for r in (0..h).rev() {
        line.clear();
        let _ = write!(line, "{:>lw$}", r + 1);
        for f in 0..w {
            let _ = match cell(r * w + f) {
                Label::Number(n) => write!(line, " {n:>cw$}"),
                Label::Mark(m) => write!(line, " {m:>cw$}"),
            };
            if line.len() > 1 << 16 {
                sink(&line)?;
                line.clear();
            }
        }
        line.push('\n');
        sink(&line)?;
    }
    line.clear();
    let _ = write!(line, "{:lw$}", "");
    for f in 0..w {
        let _ = write!(line, " {:>cw$}", hetman::board::file_name(f));
    }
    line.push('\n');
    sink(&line)
}

/// Digits of the largest move number.
fn number_width(board: &KnightBoard) -> usize {
    board.free_squares().to_string().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_board_matches_the_library_drawing() {
        for (w, h) in [(5, 5), (3, 4), (12, 11), (30, 2)] {
            let size = BoardSize::new(w, h).unwrap();
            let label = |i: u32| i * 37 % 1000;
            let expect = hetman::render::text::board(w, h, |sq| {
                label(sq.rank() * w + sq.file()).to_string()
            });
            let cw = (0..w * h)
                .map(|i| label(i).to_string().len())
                .max()
                .unwrap();
            let mut out = String::new();
            stream_board(
                |l| {
                    out.push_str(l);
                    Ok(())
                },
                size,
                cw,
                |i| Label::Number(label(i)),
            )
            .unwrap();
            assert_eq!(out, expect, "{w}x{h}");
        }
    }
}

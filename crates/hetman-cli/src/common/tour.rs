//! Knight's tours in and out: the board argument (`SIZE` and `--block`), the
//! start square, `--format`, the line that says why there is no tour, the
//! headline of a whole-board count, and the pictures of a tour.

use crate::common::args::{parse_size, parse_square_list, parse_squares};
use crate::common::long_run::available_memory;
use crate::common::output::{big, group, json_count};
use crate::common::picture::{self, Pictures};
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use hetman::knight::{KnightBoard, NoTour};
use hetman::render::TourPicture;
use hetman::{BoardSize, Square};
use serde_json::json;

/// `--format` of a printed tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The board of move numbers, top rank first.
    Board,
    /// The squares in visiting order, in algebraic notation.
    Moves,
}

/// The board of a knight command: its size and the squares taken off it.
#[derive(Debug, Args)]
pub struct Board {
    /// The board: N for N x N, or WxH (files x ranks), e.g. 5x6.
    #[arg(value_parser = parse_size, allow_negative_numbers = true)]
    pub size: BoardSize,
    /// Squares removed from the board, e.g. 'c3 d4' or 'c3,d4' (repeatable).
    #[arg(long, short, value_name = "SQUARES", value_parser = parse_square_list)]
    pub block: Vec<String>,
}

/// Builds the board after checking that `memory_per_square` bytes a square
/// fit in the memory available.
pub fn build_board(b: &Board, memory_per_square: u64) -> Result<KnightBoard> {
    let need = b.size.squares().saturating_mul(memory_per_square);
    if let Some(have) = available_memory()
        && need > have
    {
        bail!(
                "SIZE '{}': the board has {} squares and would need about {} MiB, but only {} MiB is available",
                b.size,
                group(b.size.squares()),
                need >> 20,
                have >> 20
            );
    }
    let blocked = parse_squares(&b.block, b.size, "--block", false)?;
    Ok(KnightBoard::with_blocked(b.size, &blocked)?)
}

/// The `--start` square, on the board and not blocked.
pub fn start_square(board: &KnightBoard, s: &str) -> Result<Square> {
    let sq = board
        .size()
        .parse_square(s)
        .map_err(|e| anyhow::anyhow!("--start '{s}': {e}"))?;
    if board.is_blocked(board.index(sq)) {
        bail!("--start '{s}': the start is one of the --block squares; start on a free square");
    }
    Ok(sq)
}

/// The line that says there is no tour from `start`, and why.
pub fn no_tour_line(board: &KnightBoard, start: Square, closed: bool, why: &NoTour) -> String {
    let kind = if closed { "closed tour" } else { "tour" };
    match why {
        NoTour::Theorem(r) => format!("no {kind} of {} from {start}: {r}", board.size()),
        NoTour::Exhausted { nodes } => format!(
            "no {kind} from {start} (exhaustive search, {} nodes)",
            group(*nodes)
        ),
        _ => format!("no {kind} from {start}"),
    }
}

/// Open tours counted in both directions, as undirected paths: a board of
/// one square has one tour, every other board's directed count is even.
pub fn undirected(directed: u128) -> u128 {
    if directed <= 1 {
        directed
    } else {
        directed / 2
    }
}

/// `tour` or `tours`.
pub fn tours(n: u128) -> &'static str {
    if n == 1 {
        "tour"
    } else {
        "tours"
    }
}

/// The JSON object of a whole-board count (`count`, `merge`): closed tours
/// undirected, open tours both directed and undirected.
pub fn total_json(size: &str, closed: bool, n: u128) -> serde_json::Value {
    let mut v = json!({"size": size, "closed": closed});
    if closed {
        v["tours"] = json_count(n);
        v["convention"] = json!("undirected");
    } else {
        v["directed"] = json_count(n);
        v["undirected"] = json_count(undirected(n));
    }
    v
}

/// The headline of a whole-board count (`count`, `merge`).
pub fn total_line(size: &str, closed: bool, n: u128) -> String {
    if closed {
        format!(
            "{size}: {} closed {} (undirected: each cycle once)",
            big(n),
            tours(n)
        )
    } else {
        format!(
            "{size}: {} directed open {} ({} undirected: each path once)",
            big(n),
            tours(n),
            big(undirected(n))
        )
    }
}

/// The picture of a tour (or of a walk that `knight check` rejected) on `board`.
pub fn tour_picture<'a>(
    board: &KnightBoard,
    path: &'a [Square],
    blocked: &'a [Square],
    closed: bool,
) -> TourPicture<'a> {
    TourPicture {
        width: board.width(),
        height: board.height(),
        path,
        blocked,
        closed,
    }
}

/// Writes the SVG and PNG files asked for with --svg and --png.
pub fn write_tour_pictures(
    pics: &Pictures,
    board: &KnightBoard,
    path: &[Square],
    closed: bool,
) -> Result<()> {
    if !pics.wanted() {
        return Ok(());
    }
    let blocked = board.blocked_squares();
    picture::write_tour(pics, &tour_picture(board, path, &blocked, closed))
}

//! `hetman queens watch`: the search animated in the terminal.

use crate::common::trace_out::{check_traced_n, TracedAlgorithm};
use crate::common::watch::{self, Subject};
use anyhow::Result;
use clap::Args;
use hetman::trace::QueensTrace;
use std::process::ExitCode;

pub const HELP: &str = "The board, the squares ruled out shaded by the line that rules them out \
(row, up or down, as the seeds' arrays), the square tried, the stack of choices and the counters \
(calls, placements, backtracks, solutions), step by step.\n\n\
Keys: space play/pause, right/left arrow one step forward/back (back works at any point), \
+ and - speed, n run to the next solution, g then digits and Enter go to step K, \
s then digits and Enter go to solution K (back or forward), \
c shows or hides the code panel, d switches it between pseudocode and C, q quit.\n\n\
Where the terminal is wide enough (about 120 columns for 8x8), the code of the search runs beside \
the board: its current line lit, the values it works with (c, r, the entries of row, up and down \
that refuse a square) and the seeds' arrays \
row, up, down with the cells the step reads or writes. The board grows with the \
terminal; a terminal too small for it gets a notice.\n\n\
Examples:\n  hetman queens watch 8\n  hetman queens watch 6 --algorithm bitboard\n  \
hetman queens watch 8 --ascii\n  \
hetman queens watch 8 --algorithm brute   # press + up to 10,000,000 steps/s: over in seconds\n  \
hetman queens watch 8 --algorithm permutations\n\n\
Boards up to N = 16 (brute force up to 8, permutations up to 12). It needs a terminal; for a file or a pipe use hetman queens trace.";

/// The largest N drawn.
pub const MAX_WATCH_N: usize = 16;

/// Parses N for the animation: 1 to 16.
pub fn parse_watch_n(s: &str) -> Result<usize, String> {
    match s.trim().parse::<i128>() {
        Ok(v) if (1..=MAX_WATCH_N as i128).contains(&v) => Ok(v as usize),
        Ok(_) => Err(format!(
            "N must be from 1 to {MAX_WATCH_N} for the animation (the board must fit the terminal)"
        )),
        Err(_) => Err("N must be a whole number such as 8".to_string()),
    }
}

/// The arguments of `queens watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The number of queens and the side of the board (1 to 16).
    #[arg(value_parser = parse_watch_n, allow_negative_numbers = true)]
    pub n: usize,
    /// The search to watch.
    #[arg(long, short, value_enum, default_value = "backtracking")]
    pub algorithm: TracedAlgorithm,
    #[command(flatten)]
    pub look: watch::LookArgs,
}

pub fn run(a: &WatchArgs) -> Result<ExitCode> {
    check_traced_n(a.n, a.algorithm)?;
    watch::require_terminal(&format!("hetman queens trace {}", a.n))?;
    let trace = QueensTrace::new(a.n, a.algorithm.into())?;
    watch::watch(Subject::Queens(trace), &a.look)?;
    Ok(ExitCode::SUCCESS)
}

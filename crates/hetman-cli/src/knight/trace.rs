//! `hetman knight trace`: the steps of the knight's search as text or JSON Lines.

use crate::common::tour::{build_board, start_square, Board};
use crate::common::trace_out::{self, TraceArgs};
use anyhow::Result;
use clap::Args;
use hetman::trace::{KnightOrder, KnightTrace};
use std::process::ExitCode;

pub const HELP: &str = "Every step of the knight's backtracking from the start square: each move, \
the dead ends (no free square to go to), each step back, and each tour; with --warnsdorff \
also the candidate squares and their degrees (free squares onward), fewest first. After a tour \
the search goes on to the next, so the stream lists every tour from the start.\n\n\
Examples:\n  hetman knight trace 5 --start b5 --until-solution 1   # stuck on square 20 first\n  \
hetman knight trace 5 --start a5 --until-solution 1   # the seed's tour\n  \
hetman knight trace 6 --start a1 --warnsdorff --json | head\n  \
hetman knight trace 5 --start a1 --json | grep -c '\"event\":\"tour\"'   # 304 tours\n  \
hetman knight trace 5 --start a5 --html knight5.html --until-solution 1\n\n\
See also: hetman knight watch 5 --start a5 (the same steps animated in the terminal).";

/// The arguments of `knight trace`.
#[derive(Debug, Args)]
pub struct TraceCmdArgs {
    #[command(flatten)]
    pub board: Board,
    /// The square the knight starts on.
    #[arg(long, short, default_value = "a1")]
    pub start: String,
    /// Try the moves by Warnsdorff's rule (fewest onward moves first) instead of the seed's fixed order.
    #[arg(long, short)]
    pub warnsdorff: bool,
    /// Look for closed tours: the last square a knight's move from the first.
    #[arg(long, short)]
    pub closed: bool,
    #[command(flatten)]
    pub output: TraceArgs,
}

pub fn run(a: &TraceCmdArgs) -> Result<ExitCode> {
    let board = build_board(&a.board, 64)?;
    let start = start_square(&board, &a.start)?;
    let order = if a.warnsdorff {
        KnightOrder::Warnsdorff
    } else {
        KnightOrder::Plain
    };
    let trace = KnightTrace::new(&board, start, order, a.closed)?;
    trace_out::write(trace, &a.output)
}

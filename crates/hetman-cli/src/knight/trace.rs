//! `hetman knight trace`: the steps of the knight's search as text or JSON Lines.

use crate::common::trace_out::{self, KnightSearchArgs, TraceArgs};
use anyhow::Result;
use clap::Args;
use hetman::trace::KnightTrace;
use std::process::ExitCode;

pub const HELP: &str = "Every step of the knight's backtracking from the start square: each move, \
the dead ends (no free square to go to), each step back, and each tour; with --warnsdorff \
also the candidate squares and their degrees (free squares onward), fewest first. After a tour \
the search goes on to the next, so the stream lists every tour from the start.\n\n\
Examples:\n  hetman knight trace 5 --start b5 --until-solution 1   # stuck on square 20 first\n  \
hetman knight trace 5 --start a5 --until-solution 1   # the seed's tour\n  \
hetman knight trace 6 --start a1 --warnsdorff --json | head\n  \
hetman knight trace 5 --start a1 --json | grep -c '\"event\":\"tour\"'   # 304 tours\n  \
hetman knight trace 5 --start a5 --html knight5.html --until-solution 1\n  \
hetman knight trace 5 --start a5 --gif knight5.gif   # an animated GIF up to the first tour\n\n\
See also: hetman knight watch 5 --start a5 (the same steps animated in the terminal).";

/// The arguments of `knight trace`.
#[derive(Debug, Args)]
pub struct TraceCmdArgs {
    #[command(flatten)]
    pub search: KnightSearchArgs,
    #[command(flatten)]
    pub output: TraceArgs,
}

pub fn run(a: &TraceCmdArgs) -> Result<ExitCode> {
    let (board, start, order) = a.search.resolve()?;
    let trace = KnightTrace::new(&board, start, order, a.search.closed)?;
    trace_out::write(trace, &a.output)
}

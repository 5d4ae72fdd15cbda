//! `hetman queens trace`: the steps of a queens search as text or JSON Lines.

use crate::common::trace_out::{self, check_traced_n, TraceArgs, TracedAlgorithm};
use anyhow::Result;
use clap::Args;
use hetman::trace::QueensTrace;
use std::process::ExitCode;

pub const HELP: &str =
    "Every step of the search, as the seeds teach it: each call of test(c), each \
rank tried, why a square is refused (which of the arrays row, up, down rules it out), put, \
remove and each solution. The last line adds them up: 1965 calls and 92 solutions for N = 8. \
With --algorithm brute, seed 003's brute force: each placement with one queen per file, its score \
(the pairs of queens that do not attack each other; a solution has all 28 for N = 8) and the \
placements scored (16,777,216 for N = 8); with --algorithm permutations, each of the N! orders of \
the ranks and the first two files whose queens share a diagonal. In JSON each event names the line \
of the code it comes from (hetman serve shows the code: /api/code).\n\n\
Examples:\n  hetman queens trace 4                        # the whole search, in words\n  \
hetman queens trace 8 --json | head             # JSON Lines (docs/trace-schema.md)\n  \
hetman queens trace 8 --until-solution 1        # up to the first solution\n  \
hetman queens trace 8 --algorithm bitboard --limit 50\n  \
hetman queens trace 8 --algorithm brute | tail -1   # 16,777,216 placements scored, 92 solutions\n  \
hetman queens trace 6 --algorithm permutations --until-solution 1\n  \
hetman queens trace 8 --html queens8.html       # one page with the player, no server needed\n  \
hetman queens trace 8 --gif queens8.gif         # an animated GIF: step 0 to the first solution\n  \
hetman queens trace 8 --gif part.gif --from 100 --to 160 --delay 250\n\n\
See also: hetman queens watch 8 (the same steps animated in the terminal).";

/// Parses N for a traced search: 1 to 32 (the bitboard's masks; the text of
/// a longer search would never end anyway).
pub fn parse_traced_n(s: &str) -> Result<usize, String> {
    match s.trim().parse::<i128>() {
        Ok(v) if (1..=32).contains(&v) => Ok(v as usize),
        Ok(_) => Err("N must be from 1 to 32 for a traced search".to_string()),
        Err(_) => Err("N must be a whole number such as 8".to_string()),
    }
}

/// The arguments of `queens trace`.
#[derive(Debug, Args)]
pub struct TraceCmdArgs {
    /// The number of queens and the side of the board (1 to 32).
    #[arg(value_parser = parse_traced_n, allow_negative_numbers = true)]
    pub n: usize,
    /// The search to follow.
    #[arg(long, short, value_enum, default_value = "backtracking")]
    pub algorithm: TracedAlgorithm,
    #[command(flatten)]
    pub output: TraceArgs,
}

pub fn run(a: &TraceCmdArgs) -> Result<ExitCode> {
    check_traced_n(a.n, a.algorithm)?;
    let trace = QueensTrace::new(a.n, a.algorithm.into())?;
    trace_out::write(trace, &a.output)
}

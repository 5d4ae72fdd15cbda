//! `hetman knight watch`: the knight's search animated in the terminal.

use crate::common::trace_out::KnightSearchArgs;
use crate::common::watch::{self, Subject};
use anyhow::{bail, Result};
use clap::Args;
use hetman::trace::KnightTrace;
use std::process::ExitCode;

pub const HELP: &str = "The board with the path numbered, the knight's square, the dead ends \
(no free square to move to) and the steps back, the candidate squares with their degrees for \
Warnsdorff's rule, the path so far and the counters (moves, dead ends, backtracks, tours).\n\n\
Keys: space play/pause, right/left arrow one step forward/back (back works at any point), \
+ and - speed, n run to the next tour, g then digits and Enter go to step K, \
s then digits and Enter go to tour K (back or forward), \
c shows or hides the code panel, d switches it between pseudocode and C, q quit.\n\n\
Where the terminal is wide enough (about 120 columns for 8x8), the code of the search runs beside \
the board: its current line lit, the values it works with (the square, its move number, \
Warnsdorff's list). The board grows with the \
terminal; a terminal too small for it gets a notice.\n\n\
Examples:\n  hetman knight watch 5 --start b5     # stuck after 20 squares, then backtracks\n  \
hetman knight watch 5 --start a5     # the seed's tour\n  \
hetman knight watch 8 --start a1 --warnsdorff\n\n\
Boards up to 8x8. It needs a terminal; for a file or a pipe use hetman knight trace.";

/// The largest side drawn.
pub const MAX_WATCH_SIDE: u32 = 8;

/// The arguments of `knight watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    #[command(flatten)]
    pub search: KnightSearchArgs,
    #[command(flatten)]
    pub look: watch::LookArgs,
}

pub fn run(a: &WatchArgs) -> Result<ExitCode> {
    let size = a.search.board.size;
    if size.width() > MAX_WATCH_SIDE || size.height() > MAX_WATCH_SIDE {
        bail!(
            "SIZE '{size}': the animation draws boards up to {MAX_WATCH_SIDE}x{MAX_WATCH_SIDE}; for larger ones use hetman knight trace {size}"
        );
    }
    watch::require_terminal(&format!(
        "hetman knight trace {size} --start {}",
        a.search.start
    ))?;
    let (board, start, order) = a.search.resolve()?;
    let trace = KnightTrace::new(&board, start, order, a.search.closed)?;
    watch::watch(Subject::Knight(trace), &a.look)?;
    Ok(ExitCode::SUCCESS)
}

//! `hetman knight list`: stream every tour from a start square.

use crate::common::args::parse_limit;
use crate::common::long_run::{install_ctrlc, STOP};
use crate::common::output::Stream;
use crate::common::tour::{build_board, no_tour_line, start_square, Board, Format};
use anyhow::Result;
use clap::Args;
use hetman::knight::{enumerate, feasibility, NoTour};
use serde_json::json;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

pub const HELP: &str = "Examples:\n  hetman knight list 5 --start a1 --limit 3\n  \
hetman knight list 3x4 --start a1 --format board\n  hetman knight list 6 --start a1 --closed --limit 2 --json\n\n\
Boards of up to 64 squares. When there is no tour from the start, the reason goes to stderr and \
the exit code is 1.";

/// The arguments of `knight list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub board: Board,
    /// The square every tour starts on.
    #[arg(long, short)]
    pub start: String,
    /// Closed tours only.
    #[arg(long, short)]
    pub closed: bool,
    /// Stop after this many tours (0 or more).
    #[arg(long, short, value_parser = parse_limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// How to print each tour.
    #[arg(
        long,
        short,
        value_enum,
        default_value = "moves",
        conflicts_with = "json"
    )]
    pub format: Format,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &ListArgs) -> Result<ExitCode> {
    let board = build_board(&a.board, 16)?;
    let start = start_square(&board, &a.start)?;
    let s = board.index(start);
    if let Some(r) = feasibility::no_tour(&board, s, a.closed) {
        eprintln!(
            "{}",
            no_tour_line(&board, start, a.closed, &NoTour::Theorem(r))
        );
        return Ok(ExitCode::from(1));
    }
    install_ctrlc();
    let mut out = Stream::new();
    let mut printed = 0u64;
    let mut err: Option<anyhow::Error> = None;
    let limit = a.limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    let nodes = enumerate::for_each_tour(&board, start, a.closed, |t| {
        if STOP.load(Ordering::Relaxed) {
            err = Some(hetman::Error::Interrupted.into());
            return ControlFlow::Break(());
        }
        if let Err(e) = t.verify(&board, a.closed) {
            err = Some(anyhow::anyhow!(
                "internal error: the listing produced an invalid tour: {e}"
            ));
            return ControlFlow::Break(());
        }
        printed += 1;
        let text = if a.json {
            let moves: Vec<String> = t.squares().map(|s| s.to_string()).collect();
            format!(
                "{}\n",
                json!({"n": printed, "closed": t.is_closed(), "moves": moves})
            )
        } else {
            match a.format {
                Format::Moves => format!("{}\n", t.to_moves()),
                Format::Board => format!("tour {printed}:\n{}\n", t.to_board(&board)),
            }
        };
        if let Err(e) = out.record(&text) {
            err = Some(e.into());
            return ControlFlow::Break(());
        }
        if printed >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    if let Some(e) = err {
        return Err(e);
    }
    out.finish()?;
    if printed == 0 {
        let why = NoTour::Exhausted { nodes };
        eprintln!("{}", no_tour_line(&board, start, a.closed, &why));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

//! Counts from one square (`--start`): by backtracking with pruning where
//! its search is small enough, and the report of one the frontier counter
//! made, with the tour's end fixed on the square.

use super::report::{exact, word};
use super::CountArgs;
use crate::common::long_run::{resolve_threads, Progress, STOP};
use crate::common::output::{self, group, json_exact};
use crate::common::tour::tours as tours_word;
use anyhow::{bail, Result};
use hetman::knight::enumerate::{self, CountOptions};
use hetman::knight::{feasibility, frontier, KnightBoard};
use hetman::Square;
use serde_json::json;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Searches from one square estimated at more nodes than this go to the
/// frontier counter, with the tour's end fixed there (closed tours: each
/// runs through the start, so they are twice the board's). Decided by
/// nodes, not by time, so that the same command always takes the same
/// engine (and its checkpoint).
const SEARCH_NODES: f64 = 1e11;

/// Whether the count from `start` is too large for backtracking: its
/// search tree estimated (Knuth's random probes, a fixed seed) at over
/// [`SEARCH_NODES`] nodes.
pub(super) fn search_too_large(board: &KnightBoard, start: Square, closed: bool) -> Result<bool> {
    Ok(enumerate::estimate(board, start, closed, 400, 0x6b6e)?.nodes > SEARCH_NODES)
}

/// Refuses a count from one square whose search is estimated at over an
/// hour (Knuth's random probes of the search tree, at the speed timed here).
fn refuse_long_search(
    board: &KnightBoard,
    start: Square,
    closed: bool,
    threads: usize,
) -> Result<()> {
    let e = enumerate::estimate(board, start, closed, 400, 0x6b6e)?;
    let seconds = e.seconds(threads);
    if seconds > 3600.0 {
        bail!(
            "--start {start}: the search on {} is estimated at about {} nodes, about {} on {threads} \
             thread{} (Knuth's random probes of the search tree; {} nodes/s timed here); \
             pass --force to count anyway",
            board.size(),
            output::group_f64(e.nodes),
            output::seconds(seconds),
            output::s(threads as u64),
            output::group_f64(e.nodes_per_second),
        );
    }
    Ok(())
}

/// The tours of `board` from `start` counted by backtracking (or none, where
/// a theorem says so), refused where the search is estimated at over an
/// hour without --force; `t0` is when the command began.
pub(super) fn count_by_backtracking(
    a: &CountArgs,
    board: &KnightBoard,
    start: Square,
    t0: Instant,
) -> Result<ExitCode> {
    let size = board.size();
    let threads = a.threads.map_or(0, |t| t as usize);
    let kind = if a.closed { "closed" } else { "open" };
    if a.passes != 1 || a.max_memory.is_some() {
        bail!(
            "--passes and --max-memory: for counts by the frontier counter; the tours of \
             {size} from {start} are counted by backtracking"
        );
    }
    if let Some(p) = a.checkpoint.as_deref().filter(|p| p.exists()) {
        eprintln!("hetman: resuming from the checkpoint '{}'", p.display());
    }
    let theorem = feasibility::no_tour(board, board.index(start), a.closed);
    if theorem.is_none() && !a.force {
        refuse_long_search(board, start, a.closed, resolve_threads(a.threads))?;
    }
    let (tours, nodes) = if theorem.is_some() {
        (0, 0)
    } else {
        let bar = Progress::new(!a.quiet && !a.json);
        let progress = |d: u64, n: u64| bar.update(d, n, || format!("{d}/{n} work units"));
        let opts = CountOptions {
            closed: a.closed,
            threads,
            stop: Some(&STOP),
            progress: Some(&progress),
            checkpoint: a.checkpoint.as_deref(),
        };
        let c = enumerate::count(board, start, &opts)?;
        (c.tours, c.nodes)
    };
    let time = t0.elapsed();
    if a.json {
        let mut v = json!({"size": size.to_string(), "start": start.to_string(), "closed": a.closed,
                           "tours": tours, "convention": "directed"});
        if let Some(r) = &theorem {
            v["reason"] = json!(r.to_string());
        }
        if a.stats {
            v["engine"] = json!("backtracking");
            v["nodes"] = json!(nodes);
            v["seconds"] = json!(time.as_secs_f64());
        }
        crate::outln!("{v}");
    } else {
        let note = if a.closed {
            " (each closed tour once in each direction)"
        } else {
            ""
        };
        crate::outln!(
            "{size} from {start}: {} directed {kind} {}{note}",
            group(tours),
            tours_word(u128::from(tours))
        );
        if let Some(r) = theorem {
            crate::outln!("no tour: {r}");
        }
        if a.stats {
            crate::outln!("engine: backtracking with pruning");
            crate::outln!("nodes: {}", group(nodes));
            crate::outln!("time: {}", output::duration(time));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The report of a count from one square by the frontier counter: the
/// directed open tours from it, or its closed tours once in each direction
/// (twice the board's closed tours `c`).
pub(super) fn report_from(
    a: &CountArgs,
    board: &KnightBoard,
    start: Square,
    c: &frontier::Count,
    time: Duration,
) -> Result<ExitCode> {
    let size = board.size();
    let tours = if a.closed {
        c.tours.mul_u64(2)
    } else {
        c.tours.clone()
    };
    let engine = if a.closed {
        "frontier (every closed tour runs through the start, once in each direction)"
    } else {
        "frontier with the tour's end fixed on the start"
    };
    if a.json {
        let mut v = json!({"size": size.to_string(), "start": start.to_string(), "closed": a.closed,
                           "tours": json_exact(&tours.to_string()), "convention": "directed"});
        if a.stats {
            v["engine"] = json!(engine);
            v["met_in_the_middle"] = json!(c.split);
            v["peak_states"] = json!(c.peak_states);
            v["seconds"] = json!(time.as_secs_f64());
        }
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!(
        "{size} from {start}: {} directed {} {}{}",
        exact(&tours),
        if a.closed { "closed" } else { "open" },
        word(&tours),
        if a.closed {
            " (each closed tour once in each direction)"
        } else {
            ""
        }
    );
    if a.stats {
        crate::outln!(
            "engine: {engine}{} (peak {} states)",
            if c.split { ", met in the middle" } else { "" },
            group(c.peak_states as u64)
        );
        crate::outln!("time: {}", output::duration(time));
    }
    Ok(ExitCode::SUCCESS)
}

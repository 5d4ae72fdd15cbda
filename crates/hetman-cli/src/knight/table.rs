//! `hetman knight table`: the tours of every board K×n for n in a range, all
//! from one sweep of the frontier counter, each row printed as soon as it
//! is known.

use crate::common::long_run::{install_ctrlc, memory_budget, resolve_threads, Progress, STOP};
use crate::common::output::{group_decimal, json_exact};
use anyhow::{bail, Result};
use clap::Args;
use hetman::knight::frontier::{self, Tours, MAX_WIDTH};
use std::cell::Cell;
use std::io::Write as _;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// The longest board of a table.
const MAX_N: u32 = 10_000;

pub const HELP: &str =
    "Examples:\n  hetman knight table 6 --closed --to 40      # OEIS A175881, 6x1 to 6x40\n  \
hetman knight table 5 --open --from 5 --to 12\n  hetman knight table 3 --closed --to 30 --json\n\n\
Up to 6 wide (7 for closed tours) one sweep along the K x TO board, with the K-wide side as the \
frontier, gives every row: the count of the K x n board is read off as the sweep passes rank n. \
Wider boards do not fit such a sweep, so each of their rows is its own count, met in the middle \
(7 x 7 open tours take about a minute, 8 x 8 closed about 11, 7 x 8 open about 13); a row \
that needs more memory than there is ends the table with an error. Closed tours are undirected \
(each cycle once), open tours directed (each path in both directions). With --json each row is \
one JSON object, the count a number up to 2^53 and a string beyond.";

/// The arguments of `knight table`.
#[derive(Debug, Args)]
pub struct TableArgs {
    /// K, the fixed side of the boards K x n (the frontier), 1 to 12.
    #[arg(value_name = "K", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_WIDTH)))]
    pub k: u32,
    /// Count closed tours (each cycle once).
    #[arg(long, short, required_unless_present = "open", conflicts_with = "open")]
    pub closed: bool,
    /// Count open tours (each path once in each direction).
    #[arg(long)]
    pub open: bool,
    /// The first n, 1 to 10000 (at most --to).
    #[arg(long, value_name = "A", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_N)))]
    pub from: u32,
    /// The last n, 1 to 10000.
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_N)))]
    pub to: u32,
    /// Print JSON Lines: {"k":6,"n":8,"closed":true,"count":55488142}.
    #[arg(long)]
    pub json: bool,
    /// Threads, 1 to 1024 (default: all cores).
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// No progress on stderr (shown for runs over a second: a bar on a terminal, a line a minute
    /// otherwise).
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(a: &TableArgs) -> Result<ExitCode> {
    if a.from > a.to {
        bail!(
            "--from {} is greater than --to {}: --from takes 1 to the value of --to",
            a.from,
            a.to
        );
    }
    install_ctrlc();
    let kind = if a.closed {
        Tours::Closed
    } else {
        Tours::OpenDirected
    };
    let bar = Progress::new(!a.quiet && !a.json);
    let sweeps = frontier::table_sweeps(a.k, kind);
    // Counted row by row, the board under way is the one after the last row.
    let next = Cell::new(a.from);
    // The bar in thousandths of a square, so that the join of a count met
    // in the middle (which may take as long as many squares) moves it too.
    let at = Cell::new((0u64, 1u64));
    let progress = |p: frontier::Progress| {
        at.set((p.step as u64, p.steps as u64));
        bar.update(1000 * p.step as u64, 1000 * p.steps as u64, || {
            if sweeps {
                format!(
                    "{}/{} squares of the {} x {} sweep",
                    p.step, p.steps, a.k, a.to
                )
            } else {
                let n = next.get();
                format!("{}/{} squares of the {} x {n} count", p.step, p.steps, a.k)
            }
        });
    };
    let joining = |done: usize, all: usize| {
        let (step, steps) = at.get();
        let share = 1000 * done as u64 / all.max(1) as u64;
        bar.update(1000 * step + share, 1000 * steps, || {
            format!(
                "joining the halves of the {} x {} count: {} of {} states",
                a.k,
                next.get(),
                group_decimal(&done.to_string()),
                group_decimal(&all.to_string())
            )
        });
    };
    let mut opts = frontier::Options::default();
    opts.threads = resolve_threads(a.threads);
    opts.stop = Some(&STOP);
    opts.progress = Some(&progress);
    opts.joining = Some(&joining);
    // The states (and the closure of the repeating ranks) within the memory
    // available, rather than a sweep killed for want of it.
    let cells = a.k as usize * a.to as usize;
    let per_state = frontier::bytes_per_state(a.k, a.to, &vec![false; cells], kind)?;
    opts.max_states = memory_budget(None).map(|(bytes, _)| (bytes / per_state as u64) as usize);
    let width = a.to.to_string().len();
    if !a.json {
        let what = if a.closed {
            "closed tours (each cycle once)"
        } else {
            "directed open tours"
        };
        crate::outln!("{:>width$}  {what} of the {} x n board", "n", a.k);
    }
    let mut failed: Option<std::io::Error> = None;
    let mut row = |n: u32, c: frontier::BigCount| {
        next.set(n + 1);
        if n < a.from || failed.is_some() {
            return;
        }
        let line = if a.json {
            // In this key order (serde_json would sort them).
            format!(
                "{{\"k\":{},\"n\":{n},\"closed\":{},\"count\":{}}}",
                a.k,
                a.closed,
                json_exact(&c.to_string())
            )
        } else {
            format!("{n:>width$}  {}", group_decimal(&c.to_string()))
        };
        if let Err(e) = bar.suspend(|| writeln!(std::io::stdout().lock(), "{line}")) {
            failed = Some(e);
            // Nobody reads the rest: stop the sweep.
            STOP.store(true, Ordering::Relaxed);
        }
    };
    let result = frontier::count_table(a.k, a.from, a.to, kind, &opts, &mut row);
    if let Some(e) = failed {
        return Err(e.into());
    }
    result?;
    Ok(ExitCode::SUCCESS)
}

//! `hetman knight count`: count tours, from one square (backtracking) or of
//! the whole board (the frontier counter), on one machine or in shards that
//! run at the same time and exchange states.

mod from_square;
mod pass_times;
mod per_square;
mod report;
mod shard;

use crate::common::args::{parse_memory, parse_shard, ShardSpec};
use crate::common::long_run::{install_ctrlc, memory_budget, resolve_threads, Progress, STOP};
use crate::common::output::{self, group, json_exact};
use crate::common::tour::{build_board, start_square, Board};
use anyhow::{bail, Context, Result};
use clap::Args;
use from_square::{count_by_backtracking, report_from, search_too_large};
use hetman::knight::feasibility;
use hetman::knight::frontier;
use pass_times::PassTimes;
use per_square::per_square_table;
use report::{exact, exact_json, exact_line, square_progress, undirected, word};
use serde_json::json;
use shard::count_shard;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Without a start, the per-square table is computed (by the frontier counter) up to this many
/// free squares.
const TABLE_SQUARES: u64 = 30;

pub const HELP: &str = "Examples:\n  hetman knight count 5 --start a1     # 304 directed open tours\n  \
hetman knight count 5                # 1,728 directed (864 undirected), and a table per square\n  \
hetman knight count 8x5 --undirected # 18,061,054 open tours, each path once\n  \
hetman knight count 6 --closed       # 9,862 closed tours\n  hetman knight count 8x5 --json\n  \
hetman knight count 7                # 165,575,218,320 directed open tours (about 70 s, 1.5 GiB)\n  \
hetman knight count 7 --per-square   # and from each square (11 min on 2 busy cores)\n  \
hetman knight count 8 --passes 243 --checkpoint 8x8.ckpt --force --stats   # 2 h 13 min, 16 GB\n  \
hetman knight count 8 --per-square --passes 243 --checkpoint 8x8.ckpt --force   # days; resumes\n  \
hetman knight count 8 --closed --checkpoint 8x8.ckpt   # about 8 minutes and 6 GB; resumes\n  \
hetman knight count 8x10 --closed --passes 9 --checkpoint 8x10.ckpt --force   # 41 min, 11 GB\n  \
hetman knight count 8x6 --closed --shard 0/3 --exchange DIR --result s0.json   # see knight merge\n\n\
Conventions: a tour from a start is directed (it starts there); a closed tour from a start is \
counted once in each direction. Totals without --start come from the frontier counter and are \
given both directed (each path in both directions) and undirected; closed totals are undirected \
(each cycle once). On boards with a side of four squares or more the frontier counter runs from both \
ends and joins the halves in the middle. Counts from one square (--start) use backtracking with \
pruning on all cores, or where that search would be too large, the frontier counter with the \
tour's end fixed on the square (closed tours: twice the board's, each through every square). The table of open tours from each square (--per-square) comes from the \
frontier counter with the tour's end fixed on the square, one count per class of squares that the \
board's symmetries map onto each other, and is checked against the total; a closed table is twice \
the total on every square.";

/// The arguments of `knight count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub board: Board,
    /// Count the tours from this square only (directed): by backtracking, or where that search
    /// would be too large (7x7 and up) by the frontier counter with the tour's end fixed there.
    #[arg(long, short)]
    pub start: Option<String>,
    /// Count closed tours.
    #[arg(long, short)]
    pub closed: bool,
    /// Open tours: lead with the undirected count (each path once, whatever its direction).
    /// Both counts are always given; closed tours are always counted undirected.
    #[arg(long, short_alias = 'u', conflicts_with_all = ["start", "closed"])]
    pub undirected: bool,
    /// Without --start, also the table of tours from each square on boards over 30 squares (a
    /// frontier count per square up to symmetry: several times the whole-board count).
    #[arg(long, conflicts_with = "start")]
    pub per_square: bool,
    /// Threads, 1 to 1024 (default: all cores).
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the engine, nodes or states, and the time; in a count in passes (--passes), a
    /// line on stderr as each pass ends, with the time of its walk and of its join.
    #[arg(long)]
    pub stats: bool,
    /// No progress on stderr (shown for runs over a second).
    #[arg(long, short)]
    pub quiet: bool,
    /// Save the count's progress to FILE: for whole-board counts the frontier states between
    /// squares (see --checkpoint-every), with --start by backtracking each finished work unit. A count met in
    /// the middle saves both halves before it joins them, and the join's finished pieces in
    /// FILE.join. After Ctrl-C or a crash the same command resumes from them. They are removed
    /// when the count finishes. With --per-square the table keeps its total and each square's
    /// count in FILE.cells as they finish and the square under way in FILE.cell: the same
    /// command goes on from the squares counted.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: the least number of seconds between two saves.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 60,
        requires = "checkpoint"
    )]
    pub checkpoint_every: u64,
    /// Whole-board counts on several machines: count part I of K (0 <= I < K). The K shards
    /// run at the same time and exchange states through --exchange DIR; `hetman knight merge`
    /// adds up their --result files.
    #[arg(
        long,
        value_name = "I/K",
        value_parser = parse_shard,
        allow_hyphen_values = true,
        requires = "exchange",
        conflicts_with_all = ["start", "checkpoint", "per_square"]
    )]
    pub shard: Option<ShardSpec>,
    /// With --shard: a directory every shard sees, where they exchange states square by
    /// square. It is also their checkpoint: a shard run again resumes there (and a finished
    /// one gives its result again). Remove it after the merge.
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub exchange: Option<std::path::PathBuf>,
    /// Count even when the estimate says the count would take over an hour or more memory than
    /// --max-memory (whole-board counts are estimated from their first seconds).
    #[arg(long)]
    pub force: bool,
    /// Whole-board counts: the most memory the frontier states may take, such as 8GiB or 512M
    /// (default: the memory available now). A count that would need more is refused up front
    /// or, if it gets there, stopped with its checkpoint saved (see --checkpoint).
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub max_memory: Option<u64>,
    /// With --shard: also write this shard's result as a JSON record to FILE.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub result: Option<std::path::PathBuf>,
    /// Whole-board counts met in the middle from both sides: run the near side's last rank
    /// and the join in N passes (1 to 255): the near states are dealt to the passes by their
    /// moves on the first squares of that rank (at most 3 at a square, more dealt again within
    /// those a square on), so that the largest table holds about 1/N of them; the same count,
    /// for boards whose near side does not fit in memory. With --checkpoint the states of each
    /// pass wait in FILE.pass-K-of-N.start until its turn (held in memory without one), each
    /// finished pass is kept in FILE.pass-K-of-N.join, and a pass that outgrows --max-memory is
    /// dealt again into 3 a square on instead of stopping the count.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = clap::value_parser!(u32).range(1..=255),
        conflicts_with = "shard"
    )]
    pub passes: u32,
}

pub fn run(a: &CountArgs) -> Result<ExitCode> {
    let board = build_board(&a.board, 16)?;
    let size = board.size();
    install_ctrlc();
    let t0 = Instant::now();
    let kind = if a.closed { "closed" } else { "open" };
    let mut from = None;
    if let Some(s) = &a.start {
        let start = start_square(&board, s)?;
        let theorem = feasibility::no_tour(&board, board.index(start), a.closed);
        if theorem.is_none() && search_too_large(&board, start, a.closed)? {
            // The frontier counter, below.
            from = Some(start);
        }
    }
    if let Some(start) = a.start.as_ref().filter(|_| from.is_none()) {
        let start = start_square(&board, start)?;
        return count_by_backtracking(a, &board, start, t0);
    }
    // Every tour of the board: the frontier counter.
    let mask: Vec<bool> = (0..size.squares() as u32)
        .map(|i| board.is_blocked(i))
        .collect();
    if let Some(shard) = a.shard {
        return count_shard(a, size, &mask, shard);
    }
    let kind_f = if a.closed {
        frontier::Tours::Closed
    } else {
        frontier::Tours::OpenDirected
    };
    let (w, h) = (size.width(), size.height());
    let mut fopts = frontier::Options::default();
    fopts.threads = resolve_threads(a.threads);
    fopts.stop = Some(&STOP);
    fopts.checkpoint = a.checkpoint.as_deref();
    fopts.checkpoint_every = Duration::from_secs(a.checkpoint_every);
    fopts.passes = a.passes as usize;
    let resuming = a.checkpoint.as_deref().is_some_and(|p| p.exists());
    if let Some(p) = a.checkpoint.as_deref().filter(|_| resuming) {
        eprintln!("hetman: resuming from the checkpoint '{}'", p.display());
    }
    let budget = memory_budget(a.max_memory);
    let per_state = frontier::bytes_per_state(w, h, &mask, kind_f)?;
    let max_states = budget.map(|(bytes, _)| (bytes / per_state as u64) as usize);
    fopts.max_states = max_states;
    // A count started afresh is projected from its first seconds, and
    // stopped there when it is out of reach (see `refusal`).
    let projection = std::sync::Mutex::new(frontier::Projection::new(w, h, &mask, kind_f, &fopts)?);
    let refused = std::sync::Mutex::new(None::<String>);
    let watch = !a.force && !resuming;
    let threads_used = fopts.threads;
    // The bar's share and time left: the states the count has stepped of
    // those it is estimated to step (its squares cost more and more as the
    // frontier fills).
    let work = std::sync::Mutex::new(frontier::Work::new(w, h, &mask, kind_f, &fopts)?);
    let bar = Progress::new(!a.quiet && !a.json);
    // With --stats, a line as each pass of a count in passes ends.
    let pass_times = std::sync::Mutex::new(PassTimes::default());
    let tell_passes = a.stats;
    let progress = |p: frontier::Progress| {
        if tell_passes {
            pass_times
                .lock()
                .expect("the pass times")
                .square(&p, t0.elapsed());
        }
        let (done, all) = {
            let mut work = work.lock().expect("the work estimate");
            work.record(p);
            work.done_of()
        };
        square_progress(&bar, p, (done as u64, all as u64));
        let elapsed = t0.elapsed();
        let mut proj = projection.lock().expect("the projection");
        proj.record(p, elapsed);
        if watch
            && elapsed >= SAMPLE
            && refused.lock().expect("refusal").is_none()
            && let Some(why) = proj
                .project()
                .and_then(|e| refusal(&e, budget, threads_used))
        {
            *refused.lock().expect("refusal") = Some(why);
            STOP.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    // The join of the two halves may take as long as many squares: its
    // share done moves the bar on.
    let joining = |done: usize, all: usize| {
        let (d, a, pass) = {
            let mut work = work.lock().expect("the work estimate");
            work.record_join(done, all);
            let (d, a) = work.done_of();
            (d, a, work.pass())
        };
        if tell_passes
            && let Some(line) =
                pass_times
                    .lock()
                    .expect("the pass times")
                    .join(pass, (done, all), t0.elapsed())
        {
            bar.suspend(|| eprintln!("hetman: {line}"));
        }
        bar.update(d as u64, a as u64, || {
            format!(
                "{}joining the halves: {} of {} states",
                report::pass_label(pass),
                output::group(done as u64),
                output::group(all as u64)
            )
        });
    };
    fopts.progress = Some(&progress);
    fopts.joining = Some(&joining);
    // A per-square table stopped after its whole-board count kept that
    // total beside its checkpoint: the table goes on from there.
    let saved_total = match a.checkpoint.as_deref() {
        Some(p) if a.per_square && !a.closed => frontier::saved_total(p, w, h, &mask)
            .with_context(|| format!("--checkpoint '{}'", p.display()))?,
        _ => None,
    };
    let counted = match &saved_total {
        Some(tours) => {
            eprintln!(
                "hetman: {size}: {} directed open tours, counted by an earlier run (kept \
                 with the per-square table's checkpoint); going on with the table",
                exact(tours)
            );
            Ok(frontier::Count {
                tours: tours.clone(),
                peak_states: 0,
                width: w.min(h),
                key_bytes: 0,
                split: false,
            })
        }
        None => match from {
            Some(start) if !a.closed => {
                frontier::count_from(w, h, &mask, board.index(start) as usize, &fopts)
            }
            _ => frontier::count(w, h, &mask, kind_f, &fopts),
        },
    };
    let refused = refused.lock().expect("refusal").take();
    let c = match counted {
        Ok(c) => c,
        Err(hetman::Error::Interrupted) if refused.is_some() => {
            bar.abandon();
            if let Some(p) = a.checkpoint.as_deref() {
                // Nothing the user asked for is kept.
                let _ = std::fs::remove_file(p);
            }
            bail!("{size}: {}", refused.unwrap_or_default());
        }
        Err(hetman::Error::Interrupted) => {
            drop(bar);
            if let Some(p) = a.checkpoint.as_deref() {
                eprintln!(
                    "hetman: {size}: the count so far is saved in '{}'; the same command resumes it",
                    p.display()
                );
            }
            return Err(hetman::Error::Interrupted.into());
        }
        Err(e @ hetman::Error::OutOfMemory { .. }) => {
            drop(bar);
            let (bytes, how) = budget.unwrap_or_default();
            let saved = match a.checkpoint.as_deref() {
                Some(p) => format!("; its checkpoint '{}' resumes it", p.display()),
                // Without a checkpoint a pass's states cannot be read back
                // to deal them again.
                None if a.passes > 1 => {
                    "; with --checkpoint a pass past the limit is dealt again into 3".to_string()
                }
                None => String::new(),
            };
            bail!(
                "{size}: stopped at the memory limit: {e} ({} bytes a state, {} {how}){saved}; \
                 give more with --max-memory",
                per_state,
                output::bytes(bytes),
            );
        }
        Err(e) => return Err(e).with_context(|| format!("SIZE '{size}'")),
    };
    drop(bar);
    let frontier_time = t0.elapsed();
    if let Some(start) = from {
        return report_from(a, &board, start, &c, t0.elapsed());
    }
    let table = if a.per_square || board.free_squares() <= TABLE_SQUARES {
        Some(per_square_table(
            a,
            &board,
            &mask,
            &c.tours,
            threads_used,
            max_states,
        )?)
    } else {
        None
    };
    let time = t0.elapsed();
    if a.json {
        let mut v = exact_json(&size.to_string(), a.closed, &c.tours);
        if a.undirected && !a.closed {
            v["tours"] = json_exact(&undirected(&c.tours).to_string());
            v["convention"] = json!("undirected");
        }
        if let Some(t) = &table {
            let w = size.width();
            let rows: Vec<Vec<serde_json::Value>> = (0..size.height())
                .rev()
                .map(|r| {
                    (0..w)
                        .map(|f| match &t.cells[(r * w + f) as usize] {
                            Some(n) => json_exact(&n.to_string()),
                            None => serde_json::Value::Null,
                        })
                        .collect()
                })
                .collect();
            v["per_square_directed"] = json!(rows);
        }
        if a.stats {
            v["engine"] = json!("frontier");
            v["met_in_the_middle"] = json!(c.split);
            v["peak_states"] = json!(c.peak_states);
            if saved_total.is_some() {
                v["total_counted_before"] = json!(true);
            }
            v["seconds"] = json!(time.as_secs_f64());
        }
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    if a.undirected && !a.closed {
        let u = undirected(&c.tours);
        crate::outln!(
            "{size}: {} undirected open {} (each path once; {} directed)",
            exact(&u),
            word(&u),
            exact(&c.tours)
        );
    } else {
        crate::outln!("{}", exact_line(&size.to_string(), a.closed, &c.tours));
    }
    if let Some(t) = &table {
        crate::outln!(
            "directed {kind} tours from each square{}:",
            if a.closed {
                " (each cycle twice through every square)"
            } else {
                ""
            }
        );
        let text = hetman::render::text::board(size.width(), size.height(), |sq| {
            match &t.cells[(sq.rank() * size.width() + sq.file()) as usize] {
                Some(n) => n.to_string(),
                None => "#".to_string(),
            }
        });
        crate::out!("{text}");
    } else {
        crate::outln!(
            "{}",
            if a.closed {
                "(per-square table: add --per-square; every cycle runs through every square, so \
                 each square has twice the total)"
            } else {
                "(per-square table: add --per-square, a frontier count from each square up to \
                 symmetry; or --start SQUARE for the tours from one square)"
            }
        );
    }
    if a.stats {
        if saved_total.is_some() {
            crate::outln!("engine: frontier (the total as counted by an earlier run)");
        } else {
            crate::outln!(
                "engine: frontier{} (peak {} states), {}",
                if c.split { ", met in the middle" } else { "" },
                group(c.peak_states as u64),
                output::duration(frontier_time)
            );
        }
        if let Some(t) = &table {
            crate::outln!(
                "per-square table: {}, {}",
                t.engine,
                output::duration(time - frontier_time)
            );
        }
        crate::outln!("time: {}", output::duration(time));
    }
    Ok(ExitCode::SUCCESS)
}

/// A whole-board count runs this long before its projection is read.
const SAMPLE: Duration = Duration::from_secs(2);

/// Why a count projected as `e` is refused: its first walk alone over an
/// hour or over the memory budget.
fn refusal(
    e: &frontier::FirstWalk,
    budget: Option<(u64, &'static str)>,
    threads: usize,
) -> Option<String> {
    let over_memory = budget.filter(|&(b, _)| e.bytes > b as f64);
    if e.seconds <= 3600.0 && over_memory.is_none() {
        return None;
    }
    let limit = match over_memory {
        Some((b, how)) => format!("more than the {} {how}", output::bytes(b)),
        None => "over an hour".to_string(),
    };
    Some(format!(
        "the count is estimated at {limit}: its first walk alone ({} squares) would end with about \
         {} frontier states ({}) and take about {} on {threads} thread{} (projected from the {} \
         squares of its first {} s; the rest of the count costs more); pass --force to count \
         anyway{}",
        e.squares,
        output::group_f64(e.states),
        output::bytes(e.bytes as u64),
        output::seconds(e.seconds),
        output::s(threads as u64),
        e.sampled,
        SAMPLE.as_secs(),
        if over_memory.is_some() {
            " (it stops when it reaches --max-memory)"
        } else {
            ""
        },
    ))
}

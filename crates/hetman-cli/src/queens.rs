//! `hetman queens ...`: arguments, their checks, and output.

use crate::cli::parse_n;
use crate::output::{self, group, Stream};
use crate::picture::{self, Gallery, PictureArgs, PictureArgsNoSize};
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use hetman::queens::count::Engine;
use hetman::queens::{self, Algorithm, Counts, Placement};
use hetman::{render, Symmetry};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;
use std::io::{self, IsTerminal, Read};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Seconds above which brute force and permutations refuse to start.
const PLACEMENT_LIMIT_SECONDS: f64 = 90.0;
/// Seconds above which the backtracking searches refuse to start without --force.
const SEARCH_LIMIT_SECONDS: f64 = 3600.0;

#[derive(Debug, Subcommand)]
pub enum QueensCommand {
    /// Count the solutions for N queens, all and unique (distinct under rotations and reflections).
    #[command(after_help = "Examples:\n  hetman queens count 8\n  \
hetman queens count 8 --algorithm backtracking --stats   # test is called 1965 times\n  \
hetman queens count 14 --json\n  \
hetman queens count 18 --threads 2 --stats   # the fast engine on two cores\n  \
hetman queens count 17 --checkpoint q17.ckpt  # kill it, run again: it resumes\n  \
hetman queens count 20 --estimate --shard 0/8 # expected CPU time, per shard too\n  \
hetman queens count 18 --shard 2/8 --result s2.json   # part 2 of 8; see queens merge\n\n\
The default engine (fast) cuts the board between its middle files and matches every \
west half against every east half by the diagonals crossing the cut (N = 8 to 23; for \
other N, and for --checkpoint and --shard, it counts one member of each symmetry class of \
border-queen constellations instead), and gets the unique count by Burnside's lemma. A progress bar is shown on \
a terminal for runs over a second (--quiet hides it); Ctrl-C stops with exit code 130.")]
    Count(CountArgs),
    /// Run every algorithm that can do N in reasonable time and compare them in one table.
    #[command(after_help = "Example:\n  hetman queens compare 8")]
    Compare(CompareArgs),
    /// Stream the solutions for N queens, one per line (or one board each).
    #[command(
        after_help = "Examples:\n  hetman queens list 8 --unique --format board\n  \
hetman queens list 20 --limit 5\n  hetman queens list 6 --json\n  \
hetman queens list 8 --unique --svg-dir gallery   # 12 pictures and gallery/index.html\n  \
hetman queens list 8 --unique --png unique.png"
    )]
    List(ListArgs),
    /// Check a placement: is it a solution, which pairs of queens attack each other.
    #[command(
        after_help = "The placement may be a code ('5 8 4 1 7 2 6 3' or '58417263'), squares \
('a5 b8 c4 d1 e7 f2 g6 h3') or a drawn board ('Q' and '.', top rank first); with no \
placement, or '-', it is read from standard input.\n\n\
Examples:\n  hetman queens check 5 8 4 1 7 2 6 3\n  hetman queens check 24741358\n  \
hetman queens list 8 --limit 1 --format board | hetman queens check\n  \
hetman queens check 2 4 6 8 1 3 5 7 --svg attacks.svg   # attacking pairs in red\n\n\
Exit code 0 for a solution, 1 for a placement that is not one."
    )]
    Check(CheckArgs),
    /// Show the 8 images of a placement under rotations and reflections, its canonical form and class size.
    #[command(after_help = "Examples:\n  hetman queens symmetry 3 5 2 8 1 7 4 6\n  \
hetman queens symmetry 3 5 2 8 1 7 4 6 --png images.png   # the 8 images side by side")]
    Symmetry(SymmetryArgs),
    /// One solution for any N from 4 up (explicit construction, streamed), or a random one (--random).
    #[command(after_help = crate::queens_solve::SOLVE_HELP)]
    Solve(crate::queens_solve::SolveArgs),
    /// Complete a placement: keep given queens (--with), avoid blocked squares (--block); find, count or list.
    #[command(after_help = crate::queens_solve::COMPLETE_HELP)]
    Complete(crate::queens_solve::CompleteArgs),
    /// Add up the shard results of a split count (written by count --shard I/K --result FILE).
    #[command(after_help = crate::queens_cluster::MERGE_HELP)]
    Merge(crate::queens_cluster::MergeArgs),
    /// Write Slurm job-array scripts that count N queens in shards and merge the results.
    #[command(after_help = crate::queens_cluster::SLURM_HELP)]
    Slurm(crate::queens_cluster::SlurmArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Every placement with one queen per file (N^N), each checked pair by pair.
    BruteForce,
    /// One queen per file and rank (N!), diagonals checked.
    Permutations,
    /// The seeds' recursive test(c) with the row, up and down arrays.
    Backtracking,
    /// The same search on bit masks, with mirror symmetry.
    Bitboard,
    /// The fastest engine the project has.
    Fast,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(a: AlgorithmArg) -> Self {
        match a {
            AlgorithmArg::BruteForce => Algorithm::BruteForce,
            AlgorithmArg::Permutations => Algorithm::Permutations,
            AlgorithmArg::Backtracking => Algorithm::Backtracking,
            AlgorithmArg::Bitboard => Algorithm::Bitboard,
            AlgorithmArg::Fast => Algorithm::Fast,
        }
    }
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The number of queens and the side of the board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// The algorithm to count with.
    #[arg(long, short, value_enum, default_value = "fast")]
    pub algorithm: AlgorithmArg,
    /// Also print the work done (placements, calls or nodes; for the fast engine also its work units) and the time.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Threads for the fast engine (default: all cores).
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Start even when the estimate says the count would take more than an hour.
    #[arg(long)]
    pub force: bool,
    /// No progress bar (it is shown only on a terminal, for runs over a second).
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub long_run: crate::queens_cluster::LongRunArgs,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The number of queens and the side of the board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// Print one JSON object per algorithm instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The seeds' code: '5 8 4 1 7 2 6 3'.
    Code,
    /// The code without spaces, '58417263' (N up to 9).
    Compact,
    /// A drawn board, top rank first, files and ranks labelled.
    Board,
    /// Squares in algebraic notation: 'a5 b8 c4 d1 e7 f2 g6 h3'.
    Algebraic,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// The number of queens and the side of the board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// Stop after this many solutions.
    #[arg(long, short)]
    pub limit: Option<u64>,
    /// One solution per symmetry class (the smallest code of its 8 images), with its class size.
    #[arg(long, short)]
    pub unique: bool,
    /// How to print each solution.
    #[arg(long, short, value_enum, default_value = "code")]
    pub format: Format,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
    /// The search that produces the solutions (all give the same order).
    #[arg(long, short, value_enum, default_value = "bitboard")]
    pub algorithm: AlgorithmArg,
    /// Write one SVG picture per solution into DIR (named by its code) and an index.html showing them all.
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub picture: PictureArgs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The placement: a code, squares or a drawn board; '-' or nothing reads standard input.
    pub placement: Vec<String>,
    /// Read the placement from this file.
    #[arg(long, conflicts_with = "placement")]
    pub file: Option<std::path::PathBuf>,
    /// Require exactly this many queens.
    #[arg(long, value_parser = parse_n)]
    pub size: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Do not draw the board.
    #[arg(long)]
    pub no_board: bool,
    #[command(flatten)]
    pub picture: PictureArgsNoSize,
}

#[derive(Debug, Args)]
pub struct SymmetryArgs {
    /// The placement: a code, squares or a drawn board; '-' or nothing reads standard input.
    pub placement: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Draw the eight images as boards too (default for N up to 12).
    #[arg(long, overrides_with = "no_boards")]
    pub boards: bool,
    /// Do not draw the images.
    #[arg(long)]
    pub no_boards: bool,
    #[command(flatten)]
    pub picture: PictureArgs,
}

pub fn run(cmd: QueensCommand) -> Result<ExitCode> {
    match cmd {
        QueensCommand::Count(a) => count(&a),
        QueensCommand::Compare(a) => compare(&a),
        QueensCommand::List(a) => list(&a),
        QueensCommand::Check(a) => check(&a),
        QueensCommand::Symmetry(a) => symmetry(&a),
        QueensCommand::Solve(a) => crate::queens_solve::solve(&a),
        QueensCommand::Complete(a) => crate::queens_solve::complete(&a),
        QueensCommand::Merge(a) => crate::queens_cluster::merge(&a),
        QueensCommand::Slurm(a) => crate::queens_cluster::slurm(&a),
    }
}

/// Why an algorithm will not take N, if it will not: beyond its range, more
/// memory than the machine has, or an estimate above the limit on `threads`
/// cores (only the fast engine uses more than one).
pub(crate) fn refusal(
    algorithm: Algorithm,
    n: usize,
    force: bool,
    threads: usize,
) -> Option<String> {
    let name = algorithm.name();
    if n > algorithm.max_n() {
        return Some(format!(
            "N = {n} is beyond the {name} algorithm, which takes N from 1 to {}",
            algorithm.max_n()
        ));
    }
    let cores = if algorithm == Algorithm::Fast {
        threads.max(1)
    } else {
        1
    };
    if algorithm == Algorithm::Fast {
        let need = queens::count::memory_bytes(n);
        if let Some(have) = available_memory() {
            if need > have {
                return Some(format!(
                    "the fast engine would need about {} MiB for N = {n} but only {} MiB is available",
                    need >> 20,
                    have >> 20
                ));
            }
        }
    }
    let est = algorithm.estimate(n);
    let seconds = est.seconds / cores as f64;
    let on = if cores == 1 {
        "one core".to_string()
    } else {
        format!("{cores} cores")
    };
    match est.work {
        Some(work) if seconds > PLACEMENT_LIMIT_SECONDS && !force => Some(format!(
            "{name} would examine {} placements for N = {n}, about {} on {on}; it refuses \
             more than about a minute (use a faster --algorithm, or --force)",
            output::group_f64(work),
            output::seconds(seconds)
        )),
        None if seconds > SEARCH_LIMIT_SECONDS && !force => Some(format!(
            "{name} would take about {} on {on} for N = {n}; it refuses runs estimated \
             above an hour (add --force to start anyway)",
            output::seconds(seconds)
        )),
        _ => None,
    }
}

/// Bytes of memory available (Linux `MemAvailable`), if known.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Set by Ctrl-C; the fast engine polls it.
static STOP: AtomicBool = AtomicBool::new(false);

/// The threads a count will use: `--threads`, else every core.
fn resolve_threads(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    )
}

/// The fast engine's work units and the method it used.
type FastUnits = (usize, Engine);

/// Counts with the chosen algorithm. The fast engine runs on `threads`, stops
/// on Ctrl-C, and shows a progress bar on a terminal when `progress` is set
/// and the run lasts over a second.
fn run_count(
    n: usize,
    algorithm: Algorithm,
    threads: usize,
    progress: bool,
) -> Result<(Counts, Duration, Option<FastUnits>)> {
    let start = Instant::now();
    let mut units = None;
    let counts = if algorithm == Algorithm::Fast {
        let c = with_fast_options(threads, progress, |opts| queens::count::count_full(n, opts))?;
        units = Some((c.units, c.engine));
        Counts {
            total: c.total,
            unique: c.unique,
            work: c.nodes,
        }
    } else {
        queens::count(n, algorithm)?
    };
    Ok((counts, start.elapsed(), units))
}

/// Runs `f` with the fast engine's options: `threads`, Ctrl-C setting the
/// stop flag, and (when `progress` is set, stderr is a terminal and the run
/// lasts over a second) a progress bar.
pub(crate) fn with_fast_options<T>(
    threads: usize,
    progress: bool,
    f: impl FnOnce(&queens::count::CountOptions<'_>) -> Result<T, hetman::Error>,
) -> Result<T, hetman::Error> {
    let start = Instant::now();
    let bar = ProgressBar::hidden();
    let shown = AtomicBool::new(false);
    let show = progress && io::stderr().is_terminal();
    let report = |p: queens::count::Progress| {
        if !show {
            return;
        }
        if !shown.load(Ordering::Relaxed)
            && start.elapsed() > Duration::from_secs(1)
            && !shown.swap(true, Ordering::Relaxed)
        {
            bar.set_length(p.cost);
            bar.set_style(
                ProgressStyle::with_template(
                    "{percent:>3}% [{wide_bar}] {msg} elapsed {elapsed}, about {eta} left",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(500));
        }
        bar.set_position(p.cost_done);
        bar.set_message(format!("{}/{} units", p.units_done, p.units));
    };
    // A second handler cannot be installed; the first one already sets STOP.
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
    let opts = queens::count::CountOptions {
        threads,
        stop: Some(&STOP),
        progress: Some(&report),
    };
    let result = f(&opts);
    bar.finish_and_clear();
    result
}

fn count(a: &CountArgs) -> Result<ExitCode> {
    let algorithm = Algorithm::from(a.algorithm);
    let threads = resolve_threads(a.threads);
    if a.long_run.is_set() {
        return crate::queens_cluster::count(a, algorithm, threads);
    }
    if let Some(why) = refusal(algorithm, a.n, a.force, threads) {
        bail!("{why}");
    }
    let (c, time, units) = run_count(a.n, algorithm, threads, !a.quiet && !a.json)?;
    if a.json {
        let mut v = json!({"n": a.n, "solutions": c.total, "unique": c.unique});
        if a.stats {
            v["algorithm"] = json!(algorithm.name());
            v["work"] = json!(c.work);
            v["work_unit"] = json!(units.map_or(algorithm.work_unit(), |(_, e)| e.work()));
            v["seconds"] = json!(time.as_secs_f64());
            if let Some((u, engine)) = units {
                v["work_units"] = json!(u);
                v["work_units_are"] = json!(engine.units());
                v["threads"] = json!(threads);
            }
        }
        crate::outln!("{v}");
    } else {
        crate::outln!(
            "{} queens: {} solutions, {} unique",
            a.n,
            group(c.total),
            group(c.unique)
        );
        if a.stats {
            crate::outln!("algorithm: {}", algorithm.name());
            if let Some((u, engine)) = units {
                crate::outln!(
                    "work units: {} ({}), on {threads} thread{}",
                    group(u as u64),
                    engine.units(),
                    if threads == 1 { "" } else { "s" }
                );
            }
            let work_unit = units.map_or(algorithm.work_unit(), |(_, e)| e.work());
            crate::outln!("{work_unit}: {}", group(c.work));
            crate::outln!("time: {}", output::duration(time));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn compare(a: &CompareArgs) -> Result<ExitCode> {
    let n = a.n;
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    for algorithm in Algorithm::ALL {
        if let Some(why) = refusal(algorithm, n, false, 1) {
            skipped.push((algorithm, why));
            continue;
        }
        let (c, time, _) = run_count(n, algorithm, 1, false)?;
        rows.push((algorithm, c, time));
    }
    if rows.is_empty() {
        bail!("no algorithm can count N = {n} in reasonable time");
    }
    if let Some(w) = rows.windows(2).find(|w| w[0].1.total != w[1].1.total) {
        bail!(
            "internal error: {} and {} disagree ({} vs {} solutions)",
            w[0].0,
            w[1].0,
            w[0].1.total,
            w[1].1.total
        );
    }
    let fastest = rows
        .iter()
        .map(|r| r.2.as_secs_f64())
        .fold(f64::INFINITY, f64::min)
        .max(1e-9);
    if a.json {
        for (alg, c, t) in &rows {
            crate::outln!(
                "{}",
                json!({"n": n, "algorithm": alg.name(), "solutions": c.total, "unique": c.unique,
                       "work": c.work, "work_unit": alg.work_unit_for(n), "seconds": t.as_secs_f64(),
                       "times_slower": t.as_secs_f64().max(1e-9) / fastest})
            );
        }
        for (alg, why) in &skipped {
            crate::outln!(
                "{}",
                json!({"n": n, "algorithm": alg.name(), "skipped": why})
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let header = [
        "algorithm",
        "solutions",
        "unique",
        "work",
        "",
        "time",
        "slower",
    ];
    let table: Vec<[String; 7]> = rows
        .iter()
        .map(|(alg, c, t)| {
            [
                alg.name().to_string(),
                group(c.total),
                group(c.unique),
                group(c.work),
                alg.work_unit_for(n).to_string(),
                output::duration(*t),
                format!("{:.1}x", t.as_secs_f64().max(1e-9) / fastest),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &table {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    crate::outln!("{n} queens, one thread each:");
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            // Text columns left-aligned, numbers right-aligned.
            if i == 0 || i == 4 {
                s.push_str(&format!("{cell:<w$}  "));
            } else {
                s.push_str(&format!("{cell:>w$}  "));
            }
        }
        s.trim_end().to_string()
    };
    crate::outln!("{}", line(&header.map(String::from)));
    for row in &table {
        crate::outln!("{}", line(row));
    }
    for (alg, why) in &skipped {
        crate::outln!("{}: skipped: {why}", alg.name());
    }
    Ok(ExitCode::SUCCESS)
}

fn format_placement(p: &Placement, format: Format) -> String {
    match format {
        Format::Code => p.to_code(),
        Format::Compact => p.to_compact().unwrap_or_else(|| p.to_code()),
        Format::Board => render::text::queens(p),
        Format::Algebraic => p.to_algebraic(),
    }
}

fn placement_json(p: &Placement) -> serde_json::Value {
    let code: Vec<u64> = p.ranks().iter().map(|&r| u64::from(r) + 1).collect();
    json!({"n": p.n(), "code": code, "algebraic": p.to_algebraic()})
}

fn list(a: &ListArgs) -> Result<ExitCode> {
    let algorithm = Algorithm::from(a.algorithm);
    if a.format == Format::Compact && a.n > 9 {
        bail!(
            "--format compact writes one digit per queen and takes N up to 9, not {}; use --format code",
            a.n
        );
    }
    if a.n > algorithm.max_n() {
        bail!(
            "N = {} is beyond the {} algorithm, which lists N from 1 to {}",
            a.n,
            algorithm.name(),
            algorithm.max_n()
        );
    }
    if let Some(why) = refusal(algorithm, a.n, true, 1) {
        bail!("{why}");
    }
    let pics = a.picture.resolve();
    pics.check()?;
    if let Some(dir) = &a.svg_dir {
        check_gallery_size(dir, a)?;
    }
    let mut gallery = a.svg_dir.as_deref().map(Gallery::create).transpose()?;
    let mut sheet = picture::Sheet::default();
    let mut out = Stream::new();
    let mut index = 0u64;
    let limit = a.limit.unwrap_or(u64::MAX);
    if limit == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    let mut failure: Option<io::Error> = None;
    let mut picture_failure: Option<anyhow::Error> = None;
    let mut emit = |p: &Placement, class_size: Option<usize>| -> ControlFlow<()> {
        index += 1;
        // Verify what we print.
        assert!(p.is_solution(), "search produced a non-solution {p}");
        let text = if a.json {
            let mut v = placement_json(p);
            v["index"] = json!(index);
            if let Some(s) = class_size {
                v["class_size"] = json!(s);
            }
            format!("{v}\n")
        } else {
            let body = if a.format == Format::Board && pics.color {
                render::text::queens_color(p, &[])
            } else {
                format_placement(p, a.format)
            };
            match (a.format, class_size) {
                (Format::Board, Some(s)) => {
                    format!("#{index} {} (class size {s})\n{body}\n", p.to_code())
                }
                (Format::Board, None) => format!("#{index} {}\n{body}\n", p.to_code()),
                (_, Some(s)) => format!("{body}  (class size {s})\n"),
                (_, None) => format!("{body}\n"),
            }
        };
        if let Err(e) = out.record(&text) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        if pics.wanted() {
            sheet.add(index, p, class_size);
        }
        if let Some(g) = gallery.as_mut() {
            if let Err(e) = g.add(p, class_size) {
                picture_failure = Some(e);
                return ControlFlow::Break(());
            }
        }
        if index >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if a.unique {
        queens::for_each_unique(a.n, algorithm, |p, s| emit(p, Some(s)))?;
    } else {
        queens::for_each_solution(a.n, algorithm, |p| emit(p, None))?;
    }
    if let Some(e) = failure {
        return Err(e.into());
    }
    out.finish()?;
    if let Some(e) = picture_failure {
        return Err(e);
    }
    if let Some(g) = gallery {
        g.finish(a.n)?;
    }
    if pics.wanted() {
        pics.write(&sheet.svg())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The most pictures `--svg-dir` writes.
const MAX_GALLERY: u64 = 1000;

/// Refuses up front a gallery of more than [`MAX_GALLERY`] pictures: the
/// listing's length is `--limit` or, for N up to 14, the count (instant).
fn check_gallery_size(dir: &std::path::Path, a: &ListArgs) -> Result<()> {
    let limit = a.limit.unwrap_or(u64::MAX);
    if limit <= MAX_GALLERY {
        return Ok(());
    }
    let listed = if a.n <= 14 {
        let c = queens::count(a.n, Algorithm::Fast)?;
        if a.unique {
            c.unique
        } else {
            c.total
        }
    } else {
        u64::MAX
    };
    if listed > MAX_GALLERY {
        let what = if listed == u64::MAX {
            format!("more than {}", group(MAX_GALLERY))
        } else {
            group(listed)
        };
        bail!(
            "--svg-dir '{}': {} queens would give {what} pictures; a gallery holds at most {} \
             (add --limit {}{})",
            dir.display(),
            a.n,
            group(MAX_GALLERY),
            MAX_GALLERY,
            if a.unique { "" } else { ", or --unique" }
        );
    }
    Ok(())
}

/// Reads a placement from the arguments, a file, or standard input.
fn read_placement(args: &[String], file: Option<&std::path::Path>) -> Result<Placement> {
    let text = if let Some(path) = file {
        std::fs::read_to_string(path)
            .with_context(|| format!("cannot read --file '{}'", path.display()))?
    } else if args.is_empty() || (args.len() == 1 && args[0] == "-") {
        let mut s = String::new();
        io::stdin()
            .read_to_string(&mut s)
            .context("cannot read the placement from standard input")?;
        s
    } else {
        args.join(" ")
    };
    let shown: String = text.trim().chars().take(40).collect();
    let parsed = match parse_code_fast(&text) {
        Some(p) => p,
        None => text.parse::<Placement>(),
    };
    parsed.map_err(|e| {
        let more = if text.trim().chars().count() > 40 {
            "..."
        } else {
            ""
        };
        anyhow::anyhow!("PLACEMENT '{}{more}': {e}", shown.replace('\n', " / "))
    })
}

/// The fast path for long codes (N up to 10^9): ranks separated by spaces,
/// commas or newlines (one rank per line), read in one pass over the bytes with
/// no allocation per number. `None` when the text is anything else (squares, a
/// board, a compact code, a number too large), for the general parser and its
/// messages.
fn parse_code_fast(text: &str) -> Option<Result<Placement, hetman::Error>> {
    // At most one number per two bytes; pages never written cost nothing.
    let mut code: Vec<u32> = Vec::with_capacity(text.len() / 2 + 1);
    let mut value: u64 = 0;
    let mut in_number = false;
    for &b in text.as_bytes() {
        if b.is_ascii_digit() {
            value = value * 10 + u64::from(b - b'0');
            if value > u64::from(u32::MAX) {
                return None;
            }
            in_number = true;
        } else if b.is_ascii_whitespace() || b == b',' || b == b';' {
            if in_number {
                code.push(value as u32);
                value = 0;
                in_number = false;
            }
        } else {
            return None;
        }
    }
    if in_number {
        code.push(value as u32);
    }
    if code.len() < 2 {
        return None; // empty, or one compact code such as 58417263
    }
    if code.contains(&0) {
        return Some(Placement::from_code(&code)); // for its message about rank 0
    }
    // 1-based to 0-based in place; from_ranks checks the range.
    for v in &mut code {
        *v -= 1;
    }
    Some(Placement::from_ranks(code))
}

fn check(a: &CheckArgs) -> Result<ExitCode> {
    let pics = a.picture.resolve();
    pics.check()?;
    let p = read_placement(&a.placement, a.file.as_deref())?;
    if let Some(n) = a.size {
        if p.n() != n {
            bail!(
                "PLACEMENT has {} queens but --size is {n}: give one rank per file, {n} in all",
                p.n()
            );
        }
    }
    let r = queens::check(&p);
    if a.json {
        let attacks: Vec<_> = r
            .attacks
            .iter()
            .map(|x| json!({"first": x.first.to_string(), "second": x.second.to_string(), "line": x.line.name()}))
            .collect();
        let mut v = placement_json(&p);
        v["solution"] = json!(r.is_solution());
        v["pairs"] = json!(r.pairs);
        v["non_attacking_pairs"] = json!(r.non_attacking_pairs());
        v["attacking_pairs"] = json!(r.attacking_pairs);
        v["attacks"] = json!(attacks);
        crate::outln!("{v}");
    } else {
        let n = p.n();
        if n <= 64 {
            crate::outln!("placement: {} ({})", p.to_code(), p.to_algebraic());
        } else {
            crate::outln!("placement: {n} queens");
        }
        let verdict = if r.is_solution() {
            "a solution"
        } else {
            "not a solution"
        };
        crate::outln!(
            "{verdict}: {} of {} pairs of queens do not attack each other",
            group(r.non_attacking_pairs()),
            group(r.pairs)
        );
        if !r.is_solution() {
            crate::outln!("attacking pairs ({}):", group(r.attacking_pairs));
            for x in &r.attacks {
                crate::outln!("  {} {}  same {}", x.first, x.second, x.line.name());
            }
            if (r.attacks.len() as u64) < r.attacking_pairs {
                crate::outln!(
                    "  ... and {} more",
                    group(r.attacking_pairs - r.attacks.len() as u64)
                );
            }
        }
        if !a.no_board && n <= 64 {
            crate::outln!();
            if pics.color {
                crate::out!("{}", render::text::queens_color(&p, &r.attacks));
            } else {
                crate::out!("{}", render::text::queens(&p));
            }
        }
    }
    if pics.wanted() {
        pics.write(&render::svg::queens(&p, &r.attacks))?;
    }
    Ok(if r.is_solution() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn symmetry(a: &SymmetryArgs) -> Result<ExitCode> {
    let pics = a.picture.resolve();
    pics.check()?;
    let p = read_placement(&a.placement, None)?;
    if !p.is_permutation() {
        let mut seen = vec![false; p.n()];
        let rank = p
            .ranks()
            .iter()
            .find(|&&r| std::mem::replace(&mut seen[r as usize], true))
            .map_or(0, |&r| r + 1);
        bail!(
            "PLACEMENT '{p}' has two queens on rank {rank}: rotations and diagonal reflections \
             turn ranks into files, so symmetry needs one queen on each rank as well as each file"
        );
    }
    let images: Vec<(Symmetry, Placement)> = Symmetry::ALL
        .into_iter()
        .map(|s| Ok((s, p.image(s)?)))
        .collect::<Result<_, hetman::Error>>()?;
    let canonical = p.canonical()?;
    let size = p.class_size()?;
    let fixed: Vec<Symmetry> = images
        .iter()
        .filter(|(_, q)| *q == p)
        .map(|(s, _)| *s)
        .collect();
    if pics.wanted() {
        pics.write(&picture::symmetry_sheet(&images))?;
    }
    if a.json {
        let imgs: Vec<_> = images
            .iter()
            .map(|(s, q)| {
                let mut v = placement_json(q);
                v["symmetry"] = json!(s.id());
                v["same_as_identity"] = json!(*q == p);
                v
            })
            .collect();
        let v = json!({
            "n": p.n(), "code": placement_json(&p)["code"], "solution": p.is_solution(),
            "images": imgs, "canonical": placement_json(&canonical)["code"],
            "is_canonical": canonical == p, "class_size": size,
            "fixed_by": fixed.iter().map(|s| s.id()).collect::<Vec<_>>(),
        });
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!("placement: {p}");
    let w = Symmetry::ALL
        .iter()
        .map(|s| s.name().len())
        .max()
        .unwrap_or(0);
    for (i, (s, q)) in images.iter().enumerate() {
        let first = images[..i]
            .iter()
            .find(|(_, r)| r == q)
            .map(|(t, _)| t.name());
        let note = match first {
            Some(name) => format!("  = {name}"),
            None => String::new(),
        };
        crate::outln!("  {:<w$}  {q}{note}", s.name());
    }
    crate::outln!(
        "canonical form: {canonical}{}",
        if canonical == p {
            " (this placement)"
        } else {
            ""
        }
    );
    let distinct = 8 / fixed.len();
    let why = if fixed.len() == 1 {
        "no symmetry but the identity leaves it unchanged".to_string()
    } else {
        let names: Vec<&str> = fixed[1..].iter().map(|s| s.name()).collect();
        format!("it is unchanged by the {}", names.join(" and the "))
    };
    crate::outln!("class size: {size} ({distinct} distinct images: {why})");
    crate::outln!("solution: {}", if p.is_solution() { "yes" } else { "no" });
    let draw = if a.no_boards {
        false
    } else {
        a.boards || p.n() <= 12
    };
    if draw {
        crate::outln!();
        let boards: Vec<(String, Vec<String>)> = images
            .iter()
            .map(|(s, q)| {
                let b = if pics.color {
                    render::text::queens_color(q, &[])
                } else {
                    render::text::queens(q)
                };
                (s.name().to_string(), b.lines().map(String::from).collect())
            })
            .collect();
        for chunk in boards.chunks(4) {
            let width = chunk
                .iter()
                .flat_map(|(t, l)| l.iter().chain([t]))
                .map(|l| picture::visible_width(l))
                .max()
                .unwrap_or(0);
            let titles: Vec<String> = chunk.iter().map(|(t, _)| format!("{t:<width$}")).collect();
            crate::outln!("{}", titles.join("   ").trim_end());
            for row in 0..chunk[0].1.len() {
                let cells: Vec<String> = chunk
                    .iter()
                    .map(|(_, l)| picture::pad(&l[row], width))
                    .collect();
                crate::outln!("{}", cells.join("   ").trim_end());
            }
            crate::outln!();
        }
    }
    Ok(ExitCode::SUCCESS)
}

//! `hetman knight ...`: arguments, their checks, and output.

use crate::output::{self, group, Stream};
use crate::picture::{self, PictureArgsNoSize, Pictures};
use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use hetman::knight::enumerate::{self, CountOptions};
use hetman::knight::{
    feasibility, find, frontier, huge, Algorithm, FindOptions, KnightBoard, NoTour, Tour,
};
use hetman::render::TourPicture;
use hetman::{BoardSize, Square};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;
use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Boards above this many squares get the divide-and-conquer construction by default.
const HUGE_SQUARES: u64 = 250_000;
/// The largest board `--json` prints (one JSON object holds the whole tour).
const JSON_SQUARES: u64 = 1_000_000;
/// Without a start, the per-square table is computed (by backtracking) up to this many free squares.
const TABLE_SQUARES: u64 = 30;

#[derive(Debug, Subcommand)]
pub enum KnightCommand {
    /// Find one knight's tour and print it as the seed does: the board of move numbers.
    #[command(
        after_help = "Examples:\n  hetman knight tour 5 --start a5      # the seed's 5x5 tour\n  \
hetman knight tour 8 --closed --format moves\n  \
hetman knight tour 6x5 --block 'c3 d4'\n  \
hetman knight tour 8 --algorithm backtracking --stats\n  \
hetman knight tour 5000 --closed --quiet --stats   # divide and conquer, about a second\n\n\
When a theorem rules every tour out (3x3, 4x4, colour parity, Schwenk's theorem, ...), the \
answer names it at once and the exit code is 1; so it is when the search proves there is none."
    )]
    Tour(TourArgs),
    /// Stream every tour from a start square (boards of up to 64 squares).
    #[command(
        after_help = "Examples:\n  hetman knight list 5 --start a1 --limit 3\n  \
hetman knight list 3x4 --start a1 --format board\n  hetman knight list 6 --start a1 --closed --limit 2 --json"
    )]
    List(ListArgs),
    /// Count tours: from one square (--start), or every tour of the board with a table per square.
    #[command(
        after_help = "Examples:\n  hetman knight count 5 --start a1     # 304 directed open tours\n  \
hetman knight count 5                # 1,728 directed (864 undirected), and a table per square\n  \
hetman knight count 8x5 --undirected # 18,061,054 open tours, each path once\n  \
hetman knight count 6 --closed       # 9,862 closed tours\n  hetman knight count 8x5 --json\n  \
hetman knight count 7                # 165,575,218,320 directed open tours (about 70 s, 1.5 GiB)\n  \
hetman knight count 8 --closed --checkpoint 8x8.ckpt   # about 17 minutes and 6.4 GiB; resumes\n  \
hetman knight count 8x6 --closed --shard 0/3 --exchange DIR --result s0.json   # see knight merge\n\n\
Conventions: a tour from a start is directed (it starts there); a closed tour from a start is \
counted once in each direction. Totals without --start come from the frontier counter and are \
given both directed (each path in both directions) and undirected; closed totals are undirected \
(each cycle once). On boards with a side of four squares or more the frontier counter runs from both \
ends and joins the halves in the middle. Per-start counts use backtracking with pruning on all cores."
    )]
    Count(CountArgs),
    /// Check a tour given as a move list or a numbered board (argument, --file or standard input).
    #[command(after_help = "Examples:\n  hetman knight check a1 c2 e1 ...\n  \
hetman knight tour 5 --start a5 | hetman knight check\n  hetman knight check --file tour.txt --closed\n\n\
Exit code 0 for a tour, 1 when it is not one (the first illegal step or missing square is named), \
2 when the text cannot be read.")]
    Check(CheckArgs),
    /// Add up the shards of a whole-board count (knight count --shard I/K --result FILE).
    #[command(after_help = crate::knight_cluster::MERGE_HELP)]
    Merge(crate::knight_cluster::MergeArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Warnsdorff for boards up to 250,000 squares, divide and conquer above (when it applies).
    Auto,
    /// The seed's recursive search in a fixed move order.
    Backtracking,
    /// Warnsdorff's rule (fewest onward moves) with a tie-break, backtracking when it dead-ends.
    Warnsdorff,
    /// Divide and conquer: block tours joined across the seams (no blocked squares, sides >= 5).
    Divide,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The board of move numbers, top rank first.
    Board,
    /// The squares in visiting order, in algebraic notation.
    Moves,
}

/// Parses SIZE: `N` or `WxH`.
fn parse_size(s: &str) -> Result<BoardSize, String> {
    s.parse::<BoardSize>().map_err(|e| e.to_string())
}

#[derive(Debug, Args)]
pub struct Board {
    /// The board: N for N x N, or WxH (files x ranks), e.g. 5x6.
    #[arg(value_parser = parse_size, allow_negative_numbers = true)]
    pub size: BoardSize,
    /// Squares removed from the board, e.g. 'c3 d4' or 'c3,d4' (repeatable).
    #[arg(long, short, value_name = "SQUARES")]
    pub block: Vec<String>,
}

#[derive(Debug, Args)]
pub struct TourArgs {
    #[command(flatten)]
    pub board: Board,
    /// The square the tour starts on.
    #[arg(long, short, default_value = "a1")]
    pub start: String,
    /// A closed (re-entrant) tour: the last square a knight's move from the first.
    #[arg(long, short)]
    pub closed: bool,
    /// How to look for the tour.
    #[arg(long, short, value_enum, default_value = "auto")]
    pub algorithm: AlgorithmArg,
    /// How to print the tour.
    #[arg(long, short, value_enum, default_value = "board")]
    pub format: Format,
    /// One JSON object with the board and the moves.
    #[arg(long)]
    pub json: bool,
    /// Also print the algorithm, the nodes visited (or squares laid) and the time
    /// (on boards over 250,000 squares instead of the tour).
    #[arg(long)]
    pub stats: bool,
    /// Do not print the tour (only the summary line, and --stats).
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub picture: PictureArgsNoSize,
}

impl TourArgs {
    /// Whether the summary line stands in for the tour (or goes with --stats).
    fn summary_only(&self) -> bool {
        !self.print_tour() || self.stats
    }

    /// Whether the tour itself is printed: not with --quiet, nor with
    /// --stats on a board over 250,000 squares.
    fn print_tour(&self) -> bool {
        !(self.quiet || self.stats && self.board.size.squares() > HUGE_SQUARES)
    }
}

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
    /// Stop after this many tours.
    #[arg(long, short)]
    pub limit: Option<u64>,
    /// How to print each tour.
    #[arg(long, short, value_enum, default_value = "moves")]
    pub format: Format,
    /// One JSON object per line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub board: Board,
    /// Count the tours from this square only (directed; backtracking).
    #[arg(long, short)]
    pub start: Option<String>,
    /// Count closed tours.
    #[arg(long, short)]
    pub closed: bool,
    /// Open tours: lead with the undirected count (each path once, whatever its direction).
    /// Both counts are always given; closed tours are always counted undirected.
    #[arg(long, short = 'u', conflicts_with = "start")]
    pub undirected: bool,
    /// Without --start, also compute the per-square table on boards over 30 squares (slow).
    #[arg(long)]
    pub per_square: bool,
    /// Threads (default: all cores).
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the engine, nodes or states, and the time.
    #[arg(long)]
    pub stats: bool,
    /// No progress bar (it is shown only on a terminal, for runs over a second).
    #[arg(long, short)]
    pub quiet: bool,
    /// Save the count's progress to FILE: for whole-board counts the frontier states between
    /// squares (see --checkpoint-every), with --start each finished work unit. After Ctrl-C or a
    /// crash the same command resumes from it. The file is removed when the count finishes.
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
        value_parser = crate::queens_cluster::parse_shard,
        allow_hyphen_values = true,
        requires = "exchange",
        conflicts_with_all = ["start", "checkpoint", "per_square"]
    )]
    pub shard: Option<crate::queens_cluster::ShardSpec>,
    /// With --shard: a directory every shard sees, where they exchange states square by
    /// square. It is also their checkpoint: a shard run again resumes there (and a finished
    /// one gives its result again). Remove it after the merge.
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub exchange: Option<std::path::PathBuf>,
    /// With --shard: also write this shard's result as a JSON record to FILE.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub result: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The tour: a move list or a board of move numbers; '-' or nothing reads standard input.
    pub tour: Vec<String>,
    /// Read the tour from this file.
    #[arg(long, conflicts_with = "tour")]
    pub file: Option<std::path::PathBuf>,
    /// The board (default: as drawn, or the smallest board holding every square of a move list).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<BoardSize>,
    /// Squares removed from the board (a drawn board marks them '#').
    #[arg(long, short, value_name = "SQUARES")]
    pub block: Vec<String>,
    /// Require a closed tour.
    #[arg(long, short)]
    pub closed: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub picture: PictureArgsNoSize,
}

pub fn run(cmd: KnightCommand) -> Result<ExitCode> {
    match cmd {
        KnightCommand::Tour(a) => tour(&a),
        KnightCommand::List(a) => list(&a),
        KnightCommand::Count(a) => count(&a),
        KnightCommand::Check(a) => check(&a),
        KnightCommand::Merge(a) => crate::knight_cluster::merge(&a),
    }
}

/// Set by Ctrl-C; the searches and counts poll it.
pub(crate) static STOP: AtomicBool = AtomicBool::new(false);

pub(crate) fn install_ctrlc() {
    // A second handler cannot be installed; the first one already sets STOP.
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::Relaxed));
}

/// Squares from `--block` values: separated by spaces, or by commas between letter squares.
fn parse_squares(values: &[String], size: BoardSize, flag: &str) -> Result<Vec<Square>> {
    let mut out = Vec::new();
    for value in values {
        for tok in value.split_whitespace() {
            let parts: Vec<&str> = if tok.starts_with(|c: char| c.is_ascii_alphabetic()) {
                tok.split(',').filter(|s| !s.is_empty()).collect()
            } else {
                vec![tok]
            };
            for part in parts {
                let sq = size.parse_square(part).map_err(|e| {
                    anyhow::anyhow!("{flag} '{value}': {e} (give squares such as 'c3 d4')")
                })?;
                out.push(sq);
            }
        }
    }
    Ok(out)
}

/// Bytes of memory available (Linux `MemAvailable`), if known.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn build_board(b: &Board, memory_per_square: u64) -> Result<KnightBoard> {
    let need = b.size.squares().saturating_mul(memory_per_square);
    if let Some(have) = available_memory() {
        if need > have {
            bail!(
                "SIZE '{}': the board has {} squares and would need about {} MiB, but only {} MiB is available",
                b.size,
                group(b.size.squares()),
                need >> 20,
                have >> 20
            );
        }
    }
    let blocked = parse_squares(&b.block, b.size, "--block")?;
    Ok(KnightBoard::with_blocked(b.size, &blocked)?)
}

fn start_square(board: &KnightBoard, s: &str) -> Result<Square> {
    let sq = board
        .size()
        .parse_square(s)
        .map_err(|e| anyhow::anyhow!("--start '{s}': {e}"))?;
    if board.is_blocked(board.index(sq)) {
        bail!("--start '{s}': the start is one of the --block squares; start on a free square");
    }
    Ok(sq)
}

fn no_tour_line(board: &KnightBoard, start: Square, closed: bool, why: &NoTour) -> String {
    let kind = if closed { "closed tour" } else { "tour" };
    match why {
        NoTour::Theorem(r) => format!("no {kind} of {} from {start}: {r}", board.size()),
        NoTour::Exhausted { nodes } => format!(
            "no {kind} from {start} (exhaustive search, {} nodes)",
            group(*nodes)
        ),
        _ => format!("no {kind} from {start}"),
    }
}

fn tour(a: &TourArgs) -> Result<ExitCode> {
    let size = a.board.size;
    let huge_ok = a.board.block.is_empty() && size.width().min(size.height()) >= huge::MIN_SIDE;
    let algorithm = match a.algorithm {
        AlgorithmArg::Auto if huge_ok && size.squares() > HUGE_SQUARES => Algorithm::Divide,
        AlgorithmArg::Auto | AlgorithmArg::Warnsdorff => Algorithm::Warnsdorff,
        AlgorithmArg::Backtracking => Algorithm::Backtracking,
        AlgorithmArg::Divide => Algorithm::Divide,
    };
    if a.json && size.squares() > JSON_SQUARES {
        bail!(
            "--json takes boards of at most {} squares, and {size} has {}; use --format moves, which streams",
            group(JSON_SQUARES),
            group(size.squares())
        );
    }
    // Bytes a square: the divide construction keeps one, plus four for the
    // numbers of a printed board; the searches keep about a dozen.
    let per = match algorithm {
        Algorithm::Divide if !a.print_tour() || a.format == Format::Moves => 1,
        Algorithm::Divide => 5,
        _ => 16,
    };
    let board = build_board(&a.board, per)?;
    let start = start_square(&board, &a.start)?;
    let pics = a.picture.resolve();
    pics.check()?;
    install_ctrlc();
    let t0 = Instant::now();
    if algorithm == Algorithm::Divide {
        let s = board.index(start);
        if let Some(r) = feasibility::no_tour(&board, s, a.closed) {
            crate::outln!(
                "{}",
                no_tour_line(&board, start, a.closed, &NoTour::Theorem(r))
            );
            return Ok(ExitCode::from(1));
        }
        if !huge_ok {
            bail!(
                "--algorithm divide takes boards without --block and with both sides at least {}, not {size}",
                huge::MIN_SIDE
            );
        }
        let t = huge::construct(&board, start, a.closed)?;
        let built = t0.elapsed();
        if let Err(e) = t.verify() {
            bail!("internal error: the divide construction made an invalid tour: {e}");
        }
        let checked = t0.elapsed();
        if pics.wanted() {
            let path: Vec<Square> = t.walk().map(|i| board.square(i)).collect();
            write_tour_pictures(&pics, &board, &path, t.is_closed())?;
        }
        let mut out = Stream::new();
        if a.json {
            let path: Vec<u32> = t.walk().collect();
            let tour = Tour::from_indices(size, path);
            print_json(&mut out, &board, &tour, a, t.len() as u64, checked)?;
        } else if a.print_tour() {
            match a.format {
                Format::Moves => {
                    let mut line = String::with_capacity(1 << 16);
                    for (k, i) in t.walk().enumerate() {
                        if k > 0 {
                            line.push(' ');
                        }
                        line.push_str(&board.square(i).to_string());
                        if line.len() > 60_000 {
                            out.record(&line)?;
                            line.clear();
                        }
                    }
                    line.push('\n');
                    out.record(&line)?;
                }
                Format::Board => print_numbered_board(&mut out, &board, &t.numbers())?,
            }
        }
        if !a.json {
            summary(&mut out, &board, start, t.is_closed(), a.summary_only())?;
            if a.stats {
                out.record(&format!(
                    "algorithm: divide\nsquares laid: {}\nbuilt in: {}\nchecked in: {}\ntime: {}\n",
                    group(t.len() as u64),
                    output::duration(built),
                    output::duration(checked - built),
                    output::duration(t0.elapsed())
                ))?;
            }
        }
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    let opts = FindOptions {
        closed: a.closed,
        algorithm,
        stop: Some(&STOP),
        ..Default::default()
    };
    let found = find(&board, start, &opts)?;
    let time = t0.elapsed();
    let mut out = Stream::new();
    let Some(t) = found.tour else {
        let why = found
            .no_tour
            .unwrap_or(NoTour::Exhausted { nodes: found.nodes });
        let line = no_tour_line(&board, start, a.closed, &why);
        if a.json {
            let theorem = matches!(why, NoTour::Theorem(_));
            out.record(&format!(
                "{}\n",
                json!({"size": size.to_string(), "start": start.to_string(), "closed": a.closed,
                       "tour": null, "reason": line, "theorem": theorem, "nodes": found.nodes})
            ))?;
        } else {
            out.record(&format!("{line}\n"))?;
        }
        out.finish()?;
        return Ok(ExitCode::from(1));
    };
    // find() verified it; check again, as every printed tour must pass the checker.
    if let Err(e) = t.verify(&board, a.closed) {
        bail!("internal error: the tour found is not valid: {e}");
    }
    let path: Vec<Square> = t.squares().collect();
    write_tour_pictures(&pics, &board, &path, t.is_closed())?;
    if a.json {
        print_json(&mut out, &board, &t, a, found.nodes, time)?;
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    if a.print_tour() {
        match a.format {
            Format::Moves => out.record(&format!("{}\n", t.to_moves()))?,
            Format::Board if pics.color => {
                let blocked = board.blocked_squares();
                let tp = tour_picture(&board, &path, &blocked, t.is_closed());
                out.record(&picture::tour_board(&pics, &tp))?;
            }
            Format::Board => print_numbered_board(&mut out, &board, &t.numbers())?,
        }
    }
    summary(&mut out, &board, start, t.is_closed(), a.summary_only())?;
    if a.stats {
        out.record(&format!(
            "algorithm: {}\nnodes: {}\ntime: {}\n",
            found.algorithm,
            group(found.nodes),
            output::duration(time)
        ))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Streams the board of move numbers (`numbers` indexed like the board's squares).
fn print_numbered_board(out: &mut Stream, board: &KnightBoard, numbers: &[u32]) -> Result<()> {
    stream_board(
        |l| out.record(l),
        board.size(),
        number_width(board),
        |i| tour_label(numbers, board, i),
    )?;
    Ok(())
}

/// The one-line summary, printed under --quiet or --stats.
fn summary(
    out: &mut Stream,
    board: &KnightBoard,
    start: Square,
    closed: bool,
    show: bool,
) -> Result<()> {
    if show {
        out.record(&format!(
            "{} tour of {} from {start}: {} squares, verified\n",
            if closed { "closed" } else { "open" },
            board.size(),
            group(board.free_squares())
        ))?;
    }
    Ok(())
}

fn print_json(
    out: &mut Stream,
    board: &KnightBoard,
    t: &Tour,
    a: &TourArgs,
    nodes: u64,
    time: Duration,
) -> Result<()> {
    let numbers = t.numbers();
    let (w, h) = (board.width(), board.height());
    let rows: Vec<Vec<u32>> = (0..h)
        .rev()
        .map(|r| (0..w).map(|f| numbers[(r * w + f) as usize]).collect())
        .collect();
    let moves: Vec<String> = t.squares().map(|s| s.to_string()).collect();
    let mut v = json!({"size": board.size().to_string(), "start": t.square(0).to_string(),
                       "closed": t.is_closed(), "blocked": board.blocked_squares().iter().map(ToString::to_string).collect::<Vec<_>>(),
                       "moves": moves, "board": rows});
    if a.stats {
        v["nodes"] = json!(nodes);
        v["seconds"] = json!(time.as_secs_f64());
    }
    out.record(&format!("{v}\n"))?;
    Ok(())
}

/// The text of one square of a printed tour.
enum Label {
    Number(u32),
    Mark(&'static str),
}

fn tour_label(numbers: &[u32], board: &KnightBoard, i: u32) -> Label {
    match numbers[i as usize] {
        0 if board.is_blocked(i) => Label::Mark("#"),
        0 => Label::Mark("."),
        k => Label::Number(k),
    }
}

/// Prints a board of labels streamed rank by rank, laid out as
/// `hetman::render::text::board` lays it out (every column as wide as the
/// widest entry, `cw`), without holding the text of the whole board (a tour
/// of 10000x10000 is 10^8 numbers).
fn stream_board(
    mut sink: impl FnMut(&str) -> io::Result<()>,
    size: BoardSize,
    cw: usize,
    cell: impl Fn(u32) -> Label,
) -> io::Result<()> {
    use std::fmt::Write as _;
    let (w, h) = (size.width(), size.height());
    let cw = cw.max(hetman::board::file_name(w - 1).len());
    let lw = h.to_string().len();
    let mut line = String::new();
    for r in (0..h).rev() {
        line.clear();
        let _ = write!(line, "{:>lw$}", r + 1);
        for f in 0..w {
            let _ = match cell(r * w + f) {
                Label::Number(n) => write!(line, " {n:>cw$}"),
                Label::Mark(m) => write!(line, " {m:>cw$}"),
            };
            if line.len() > 1 << 16 {
                sink(&line)?;
                line.clear();
            }
        }
        line.push('\n');
        sink(&line)?;
    }
    line.clear();
    let _ = write!(line, "{:lw$}", "");
    for f in 0..w {
        let _ = write!(line, " {:>cw$}", hetman::board::file_name(f));
    }
    line.push('\n');
    sink(&line)
}

/// Digits of the largest move number.
fn number_width(board: &KnightBoard) -> usize {
    board.free_squares().to_string().len()
}

fn list(a: &ListArgs) -> Result<ExitCode> {
    let board = build_board(&a.board, 16)?;
    let start = start_square(&board, &a.start)?;
    let s = board.index(start);
    if let Some(r) = feasibility::no_tour(&board, s, a.closed) {
        crate::outln!(
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
        crate::outln!("{}", no_tour_line(&board, start, a.closed, &why));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on stderr, shown only on a terminal after a second.
pub(crate) struct Bar {
    bar: ProgressBar,
    show: bool,
    shown: AtomicBool,
    t0: Instant,
}

impl Bar {
    pub(crate) fn new(enabled: bool) -> Self {
        Bar {
            bar: ProgressBar::hidden(),
            show: enabled && io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
            t0: Instant::now(),
        }
    }

    pub(crate) fn update(&self, done: u64, all: u64, what: &str) {
        if !self.show {
            return;
        }
        if !self.shown.load(Ordering::Relaxed)
            && self.t0.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_style(
                ProgressStyle::with_template(
                    "{percent:>3}% [{wide_bar}] {pos}/{len} {msg} elapsed {elapsed}, about {eta} left",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            self.bar.set_message(what.to_string());
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(500));
        }
        self.bar.set_length(all);
        self.bar.set_position(done);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

fn count(a: &CountArgs) -> Result<ExitCode> {
    let board = build_board(&a.board, 16)?;
    let size = board.size();
    let threads = a.threads.map_or(0, |t| t as usize);
    install_ctrlc();
    let t0 = Instant::now();
    let kind = if a.closed { "closed" } else { "open" };
    if let Some(s) = &a.start {
        let start = start_square(&board, s)?;
        if let Some(p) = a.checkpoint.as_deref().filter(|p| p.exists()) {
            eprintln!("hetman: resuming from the checkpoint '{}'", p.display());
        }
        let theorem = feasibility::no_tour(&board, board.index(start), a.closed);
        let (tours, nodes) = if theorem.is_some() {
            (0, 0)
        } else {
            let bar = Bar::new(!a.quiet && !a.json);
            let progress = |d: u64, n: u64| bar.update(d, n, "work units");
            let opts = CountOptions {
                closed: a.closed,
                threads,
                stop: Some(&STOP),
                progress: Some(&progress),
                checkpoint: a.checkpoint.as_deref(),
            };
            enumerate::count(&board, start, &opts)?
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
                "{size} from {start}: {} directed {kind} tours{note}",
                group(tours)
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
        return Ok(ExitCode::SUCCESS);
    }
    // Every tour of the board: the frontier counter.
    let mask: Vec<bool> = (0..size.squares() as u32)
        .map(|i| board.is_blocked(i))
        .collect();
    if let Some(shard) = a.shard {
        return crate::knight_cluster::count_shard(a, size, &mask, shard);
    }
    let bar = Bar::new(!a.quiet && !a.json);
    let progress = |p: frontier::Progress| bar.update(p.step as u64, p.steps as u64, "squares");
    let mut fopts = frontier::Options::default();
    fopts.threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    );
    fopts.progress = Some(&progress);
    fopts.stop = Some(&STOP);
    fopts.checkpoint = a.checkpoint.as_deref();
    if let Some(p) = a.checkpoint.as_deref().filter(|p| p.exists()) {
        eprintln!("hetman: resuming from the checkpoint '{}'", p.display());
    }
    fopts.checkpoint_every = Duration::from_secs(a.checkpoint_every);
    let kind_f = if a.closed {
        frontier::Tours::Closed
    } else {
        frontier::Tours::OpenDirected
    };
    let c = frontier::count(size.width(), size.height(), &mask, kind_f, &fopts)
        .with_context(|| format!("SIZE '{size}'"))?;
    drop(bar);
    let frontier_time = t0.elapsed();
    let table = if a.per_square || board.free_squares() <= TABLE_SQUARES {
        if board.squares() > enumerate::MAX_SQUARES {
            bail!(
                "--per-square takes boards of at most {} squares; {size} has {}",
                enumerate::MAX_SQUARES,
                size.squares()
            );
        }
        let bar = Bar::new(!a.quiet && !a.json);
        let progress = |d: u64, n: u64| bar.update(d, n, "work units");
        let opts = CountOptions {
            closed: a.closed,
            threads,
            stop: Some(&STOP),
            progress: Some(&progress),
            checkpoint: None,
        };
        let t = enumerate::count_all(&board, &opts)?;
        // The two engines must agree: each open path is counted from both
        // ends, each cycle in both directions from each of its squares.
        let expect = if a.closed {
            c.tours * 2 * u128::from(board.free_squares())
        } else {
            c.tours
        };
        if u128::from(t.total()) != expect {
            bail!(
                "internal error: backtracking ({}) and the frontier counter ({expect}) disagree",
                t.total()
            );
        }
        Some(t)
    } else {
        None
    };
    let time = t0.elapsed();
    if a.json {
        let mut v = total_json(&size.to_string(), a.closed, c.tours);
        if a.undirected && !a.closed {
            v["tours"] = json_count(undirected(c.tours));
            v["convention"] = json!("undirected");
        }
        if let Some(t) = &table {
            let w = size.width();
            let rows: Vec<Vec<Option<u64>>> = (0..size.height())
                .rev()
                .map(|r| (0..w).map(|f| t.per_square[(r * w + f) as usize]).collect())
                .collect();
            v["per_square_directed"] = json!(rows);
        }
        if a.stats {
            v["engine"] = json!("frontier");
            v["met_in_the_middle"] = json!(c.split);
            v["peak_states"] = json!(c.peak_states);
            v["seconds"] = json!(time.as_secs_f64());
        }
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    if a.undirected && !a.closed {
        crate::outln!(
            "{size}: {} undirected open tours (each path once; {} directed)",
            big(undirected(c.tours)),
            big(c.tours)
        );
    } else {
        crate::outln!("{}", total_line(&size.to_string(), a.closed, c.tours));
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
            match t.per_square[(sq.rank() * size.width() + sq.file()) as usize] {
                Some(n) => n.to_string(),
                None => "#".to_string(),
            }
        });
        crate::out!("{text}");
    } else {
        crate::outln!(
            "(per-square table: add --per-square, or --start SQUARE for one square; both use backtracking)"
        );
    }
    if a.stats {
        crate::outln!(
            "engine: frontier{} (peak {} states), {}",
            if c.split { ", met in the middle" } else { "" },
            group(c.peak_states as u64),
            output::duration(frontier_time)
        );
        if let Some(t) = &table {
            crate::outln!(
                "per-square table: backtracking, {} nodes, {}",
                group(t.nodes),
                output::duration(time - frontier_time)
            );
        }
        crate::outln!("time: {}", output::duration(time));
    }
    Ok(ExitCode::SUCCESS)
}

/// Open tours counted in both directions, as undirected paths: a board of
/// one square has one tour, every other board's directed count is even.
fn undirected(directed: u128) -> u128 {
    if directed <= 1 {
        directed
    } else {
        directed / 2
    }
}

/// A count with thousands separators (any size).
fn big(v: u128) -> String {
    u64::try_from(v).map_or_else(|_| v.to_string(), group)
}

/// A count too large for a JSON number is given as a string.
fn json_count(n: u128) -> serde_json::Value {
    u64::try_from(n).map_or_else(|_| json!(n.to_string()), |v| json!(v))
}

/// The JSON object of a whole-board count (`count`, `merge`): closed tours
/// undirected, open tours both directed and undirected.
pub(crate) fn total_json(size: &str, closed: bool, tours: u128) -> serde_json::Value {
    let mut v = json!({"size": size, "closed": closed});
    if closed {
        v["tours"] = json_count(tours);
        v["convention"] = json!("undirected");
    } else {
        v["directed"] = json_count(tours);
        v["undirected"] = json_count(undirected(tours));
    }
    v
}

/// The headline of a whole-board count (`count`, `merge`).
pub(crate) fn total_line(size: &str, closed: bool, tours: u128) -> String {
    if closed {
        format!(
            "{size}: {} closed tours (undirected: each cycle once)",
            big(tours)
        )
    } else {
        format!(
            "{size}: {} directed open tours ({} undirected: each path once)",
            big(tours),
            big(undirected(tours))
        )
    }
}

/// Reads the tour text from the arguments, a file, or standard input.
fn read_text(args: &[String], file: Option<&std::path::Path>) -> Result<String> {
    if let Some(path) = file {
        return std::fs::read_to_string(path)
            .with_context(|| format!("cannot read --file '{}'", path.display()));
    }
    if args.is_empty() || (args.len() == 1 && args[0] == "-") {
        let mut s = String::new();
        io::stdin()
            .read_to_string(&mut s)
            .context("cannot read the tour from standard input")?;
        return Ok(s);
    }
    Ok(args.join(" "))
}

fn check(a: &CheckArgs) -> Result<ExitCode> {
    let text = read_text(&a.tour, a.file.as_deref())?;
    let (t, drawn_blocked) = Tour::parse(&text, a.size).context("TOUR")?;
    let size = t.size();
    let mut blocked = parse_squares(&a.block, size, "--block")?;
    blocked.extend(drawn_blocked);
    let board = KnightBoard::with_blocked(size, &blocked)?;
    let pics = a.picture.resolve();
    pics.check()?;
    let verdict = t.verify(&board, a.closed);
    let path: Vec<Square> = t.squares().collect();
    write_tour_pictures(&pics, &board, &path, verdict.is_ok() && t.is_closed())?;
    if a.json {
        let v = json!({"size": size.to_string(), "squares": t.len(), "valid": verdict.is_ok(),
                       "closed": verdict.is_ok() && t.is_closed(),
                       "fault": verdict.as_ref().err().map(ToString::to_string)});
        crate::outln!("{v}");
    } else {
        match &verdict {
            Ok(()) => crate::outln!(
                "{} tour of {size}: {} squares, from {} to {}",
                if t.is_closed() { "a closed" } else { "an open" },
                t.len(),
                t.square(0),
                t.square(t.len() - 1)
            ),
            Err(e) => crate::outln!("not a tour of {size}: {e}"),
        }
    }
    io::stdout().flush()?;
    Ok(if verdict.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The picture of a tour (or of a walk that `knight check` rejected) on `board`.
fn tour_picture<'a>(
    board: &KnightBoard,
    path: &'a [Square],
    blocked: &'a [Square],
    closed: bool,
) -> TourPicture<'a> {
    TourPicture {
        width: board.width(),
        height: board.height(),
        path,
        blocked,
        closed,
    }
}

/// Writes the SVG and PNG files asked for with --svg and --png.
fn write_tour_pictures(
    pics: &Pictures,
    board: &KnightBoard,
    path: &[Square],
    closed: bool,
) -> Result<()> {
    if !pics.wanted() {
        return Ok(());
    }
    let blocked = board.blocked_squares();
    picture::write_tour(pics, &tour_picture(board, path, &blocked, closed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_board_matches_the_library_drawing() {
        for (w, h) in [(5, 5), (3, 4), (12, 11), (30, 2)] {
            let size = BoardSize::new(w, h).unwrap();
            let label = |i: u32| i * 37 % 1000;
            let expect = hetman::render::text::board(w, h, |sq| {
                label(sq.rank() * w + sq.file()).to_string()
            });
            let cw = (0..w * h)
                .map(|i| label(i).to_string().len())
                .max()
                .unwrap();
            let mut out = String::new();
            stream_board(
                |l| {
                    out.push_str(l);
                    Ok(())
                },
                size,
                cw,
                |i| Label::Number(label(i)),
            )
            .unwrap();
            assert_eq!(out, expect, "{w}x{h}");
        }
    }
}

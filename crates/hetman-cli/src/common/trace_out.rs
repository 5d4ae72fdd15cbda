//! What `queens trace` and `knight trace` share: their output flags and the
//! writing of a trace as text, JSON Lines or one HTML page.

use crate::common::events::{counters_line, describe, indent, title};
use crate::common::gif_out::{self, GifRange, Names};
use crate::common::i18n::{s, LangArg, Tr};
use crate::common::long_run::write_atomically;
use crate::common::tour::{build_board, start_square, Board};
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use hetman::jobs::output::{write_file, Existing};
use hetman::knight::KnightBoard;
use hetman::trace::{
    code, event_json, header_json, Event, KnightOrder, Limits, QueensAlgorithm, Stream, Trace,
    BRUTE_MAX_N, PERMUTATIONS_MAX_N,
};
use hetman::Square;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The most events an HTML page holds (the page keeps them all, to step back).
pub const HTML_MAX_EVENTS: u64 = 5_000_000;

/// Parses `--until-solution`: a whole number of 1 or more.
pub fn parse_solution_number(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(v) if v >= 1 => Ok(v),
        _ => Err(format!(
            "K must be a whole number from 1 to {} (stop after the K-th solution or tour)",
            u64::MAX
        )),
    }
}

/// Parses `--limit` of a trace: a whole number of events, 0 or more.
pub fn parse_event_limit(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|_| {
        format!(
            "K must be a whole number from 0 to {} (the events to write; 0 writes only the header and the end)",
            u64::MAX
        )
    })
}

/// The queens searches a trace can follow (`--algorithm` of `queens trace` and `queens watch`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TracedAlgorithm {
    /// The seeds' recursive test(c) with the row, up and down arrays.
    Backtracking,
    /// The same search on bit masks: a node gives the free ranks of its file at once.
    Bitboard,
    /// Seed 003's brute force: all N^N placements with one queen per file, each scored by its non-attacking pairs (N up to 8).
    Brute,
    /// All N! orders of the ranks (one queen per file and rank), each checked on the diagonals (N up to 12).
    Permutations,
}

impl From<TracedAlgorithm> for QueensAlgorithm {
    fn from(a: TracedAlgorithm) -> Self {
        match a {
            TracedAlgorithm::Backtracking => QueensAlgorithm::Backtracking,
            TracedAlgorithm::Bitboard => QueensAlgorithm::Bitboard,
            TracedAlgorithm::Brute => QueensAlgorithm::Brute,
            TracedAlgorithm::Permutations => QueensAlgorithm::Permutations,
        }
    }
}

/// Refuses N beyond what the traced `algorithm` takes, naming both arguments.
pub fn check_traced_n(n: usize, algorithm: TracedAlgorithm) -> Result<()> {
    let (max, why) = match algorithm {
        TracedAlgorithm::Brute => (BRUTE_MAX_N, "8^8 = 16,777,216 placements"),
        TracedAlgorithm::Permutations => (PERMUTATIONS_MAX_N, "12! = 479,001,600 orders"),
        TracedAlgorithm::Backtracking | TracedAlgorithm::Bitboard => return Ok(()),
    };
    if n > max {
        bail!(
            "N = {n} with --algorithm {}: it traces N from 1 to {max} ({why} already); use backtracking or bitboard for larger boards",
            QueensAlgorithm::from(algorithm).name()
        );
    }
    Ok(())
}

/// The knight's search that `knight trace` and `knight watch` follow.
#[derive(Debug, Args)]
pub struct KnightSearchArgs {
    #[command(flatten)]
    pub board: Board,
    /// The square the knight starts on.
    #[arg(long, short, default_value = "a1")]
    pub start: String,
    /// Try the moves by Warnsdorff's rule (fewest onward moves first) instead of the seed's fixed order.
    #[arg(long)]
    pub warnsdorff: bool,
    /// Look for closed tours: the last square a knight's move from the first.
    #[arg(long, short)]
    pub closed: bool,
}

impl KnightSearchArgs {
    /// The board, the start square and the move order, checked.
    pub fn resolve(&self) -> Result<(KnightBoard, Square, KnightOrder)> {
        let board = build_board(&self.board, 64)?;
        let start = start_square(&board, &self.start)?;
        let order = if self.warnsdorff {
            KnightOrder::Warnsdorff
        } else {
            KnightOrder::Plain
        };
        Ok((board, start, order))
    }
}

/// How a trace is written.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Write JSON Lines (one object per event, each naming its code line; schema version 2 in docs/trace-schema.md) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Stop after K events.
    #[arg(long, value_name = "K", value_parser = parse_event_limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Stop after the K-th solution (for the knight, the K-th tour).
    #[arg(long, value_name = "K", value_parser = parse_solution_number, allow_negative_numbers = true)]
    pub until_solution: Option<u64>,
    /// Write one self-contained HTML page (the trace and the web page's player) to FILE instead of printing.
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub lang: LangArg,
    /// Write an animated GIF of the board and its counters to FILE, one frame per step from --from to --to.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "html", "limit"])]
    pub gif: Option<PathBuf>,
    /// With --gif: the first step drawn (0, the default, is the board before the first event).
    #[arg(long, value_name = "K", requires = "gif", value_parser = parse_event_limit, allow_negative_numbers = true)]
    pub from: Option<u64>,
    /// With --gif: the last step drawn [default: the first solution (or the K-th with --until-solution); for the knight the first tour, or the end of the search]. At most 20,000 frames.
    #[arg(long, value_name = "L", requires = "gif", conflicts_with = "until_solution", value_parser = parse_event_limit, allow_negative_numbers = true)]
    pub to: Option<u64>,
    /// With --gif: milliseconds per frame, 20 to 10000 (the last frame stays 2 seconds).
    #[arg(long, value_name = "MS", requires = "gif", default_value_t = gif_out::DEFAULT_DELAY_MS, value_parser = parse_delay, allow_negative_numbers = true)]
    pub delay: u32,
}

/// Parses `--delay`: milliseconds per frame of a GIF.
pub fn parse_delay(s: &str) -> Result<u32, String> {
    let (lo, hi) = gif_out::DELAY_RANGE;
    match s.trim().parse::<u32>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!(
            "MS must be a whole number of milliseconds from {lo} to {hi} (per frame)"
        )),
    }
}

/// Writes `trace` as `args` ask: to stdout as text or JSON Lines, or to an HTML file.
pub fn write<T: Trace>(trace: T, args: &TraceArgs) -> Result<ExitCode> {
    let limits = Limits {
        skip: 0,
        limit: args.limit,
        until_solution: args.until_solution,
    };
    let tr = Tr::new(args.lang.lang());
    if let Some(path) = &args.html {
        return write_html(trace, limits, path, &tr);
    }
    if let Some(path) = &args.gif {
        return write_gif(trace, args, path, &tr);
    }
    let out = io::stdout().lock();
    let mut out = BufWriter::new(out);
    let header = trace.header();
    let algorithm = code::Algorithm::of(&header);
    if args.json {
        writeln!(out, "{}", header_json(&header))?;
    } else {
        writeln!(
            out,
            "# {}",
            tr.tf("trace-header", &[("title", s(title(&header, &tr)))])
        )?;
    }
    for (step, event) in Stream::new(trace, limits) {
        if args.json {
            writeln!(
                out,
                "{}",
                event_json(step, &event, code::line_id(algorithm, &event))
            )?;
        } else {
            writeln!(out, "{}", text_line(step, &event, &tr))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One event as a line of text: the step, then the event in words, indented
/// by the depth of the search, in `tr`'s language.
pub fn text_line(step: u64, event: &Event, tr: &Tr) -> String {
    if let Event::End { complete, counters } = event {
        let how = tr.t(if *complete {
            "trace-over"
        } else {
            "trace-stopped"
        });
        return format!("{step:>9}  {how}: {}", counters_line(counters, tr));
    }
    format!(
        "{step:>9}  {}{}",
        "  ".repeat(indent(event)),
        describe(event, tr)
    )
}

fn write_html<T: Trace>(
    trace: T,
    limits: Limits,
    path: &std::path::Path,
    tr: &Tr,
) -> Result<ExitCode> {
    let cap = limits.limit.unwrap_or(HTML_MAX_EVENTS);
    if cap > HTML_MAX_EVENTS {
        bail!(
            "--limit {cap}: a page holds at most {} events (its player keeps them all, to step back)",
            crate::common::output::group(HTML_MAX_EVENTS)
        );
    }
    let header = trace.header();
    let algorithm = code::Algorithm::of(&header);
    let name = title(&header, tr);
    let mut text = header_json(&header);
    text.push('\n');
    let mut complete = true;
    for (step, event) in Stream::new(
        trace,
        Limits {
            limit: Some(cap),
            ..limits
        },
    ) {
        if let Event::End { complete: c, .. } = &event {
            complete = *c;
        }
        text.push_str(&event_json(step, &event, code::line_id(algorithm, &event)));
        text.push('\n');
    }
    if !complete && limits.limit.is_none() && limits.until_solution.is_none() {
        eprintln!(
            "hetman: the page holds the first {} events of a longer search (--limit or --until-solution choose where it stops)",
            crate::common::output::group(cap)
        );
    }
    let html = crate::common::html::export_html_in(&text, &format!("hetman: {name}"), tr.lang());
    write_atomically(path, &html).with_context(|| format!("--html '{}'", path.display()))?;
    eprintln!("hetman: wrote {}", path.display());
    Ok(ExitCode::SUCCESS)
}

fn write_gif<T: Trace>(trace: T, args: &TraceArgs, path: &Path, tr: &Tr) -> Result<ExitCode> {
    check_gif_target(path)?;
    let range = GifRange {
        from: args.from.unwrap_or(0),
        to: args.to,
        until_solution: args.until_solution.unwrap_or(1),
        delay_ms: args.delay,
    };
    let names = Names {
        from: "--from",
        to: "--to",
    };
    gif_out::check_range(&range, names).map_err(anyhow::Error::msg)?;
    let made = gif_out::make(trace, &range, names, tr, &|| false).map_err(anyhow::Error::msg)?;
    write_file(path, &made.bytes, Existing::Replace)
        .with_context(|| format!("--gif '{}'", path.display()))?;
    eprintln!(
        "hetman: wrote {} ({} frames, steps {} to {}, {} bytes)",
        path.display(),
        crate::common::output::group(made.frames),
        crate::common::output::group(range.from),
        crate::common::output::group(made.last_step),
        crate::common::output::group(made.bytes.len() as u64)
    );
    Ok(ExitCode::SUCCESS)
}

/// Refuses a `--gif` target that is a folder, in a missing folder, or an
/// existing file that is not a GIF hetman wrote (hetman never overwrites a
/// file it did not write).
fn check_gif_target(path: &Path) -> Result<()> {
    crate::common::picture::check_parent("--gif", path)?;
    if path.exists() {
        let mut head = Vec::with_capacity(512);
        let ours = std::fs::File::open(path)
            .and_then(|f| f.take(512).read_to_end(&mut head))
            .is_ok()
            && hetman::render::gif::is_hetman_gif(&head);
        if !ours {
            bail!(
                "--gif '{}': the file exists and is not a GIF hetman wrote; hetman does not overwrite it (remove it or give another name)",
                path.display()
            );
        }
    }
    Ok(())
}

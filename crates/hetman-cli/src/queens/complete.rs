//! `hetman queens complete`: keep given queens, avoid blocked squares, and
//! find, count or list the solutions that do.

use crate::common::args::{
    invalid_value, parse_complete_n, parse_limit, parse_square_list, parse_squares,
};
use crate::common::long_run::{install_ctrlc, Progress, STOP};
use crate::common::output::{count_of, group, group_f64, Stream};
use crate::common::picture::{PictureArgsOldSize, Sheet};
use crate::common::placement::{
    check_format, check_pictures, placement_json, placement_record, write_solution, FormatArg,
};
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::queens::complete::{
    parse_instance, Answer, Class, Options, Outcome, Puzzle, Stats, EXACT_MAX_N,
};
use hetman::queens::Placement;
use hetman::{render, BoardSize, Square};
use serde_json::json;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Instant;

pub const HELP: &str = "Searches for solutions that keep the queens given with --with \
and leave the squares given with --block empty, or proves that there are none (the reason on \
stderr, exit code 1). N may be anything up to 1,048,576: with few given queens on a big board a \
local search repairs a solution around them (N = 1,000,000 in seconds); otherwise an exact \
search (files and ranks, forced moves, a matching check, restarts; on boards up to 64 a lean \
search on 64-bit masks after the first propagation) decides, up to N = 16,384. \
--count estimates the search first and refuses a count that would run for long unless --force \
is given (then it shows its progress on stderr).\n\n\
A square given twice, blocked twice, both given and blocked, or two given queens that attack \
each other is an error (exit code 2).\n\n\
--instance FILE reads a puzzle in plain text ('#' starts a comment):\n  \
n 100                 # N, once, first\n  \
given a1 b30 17,40    # queens to keep (any number of lines)\n  \
blocked c3 d4         # squares no queen may take (any number of lines)\n\
Squares are algebraic (a1, aa10 past file z) or 1-based file,rank pairs.\n\n\
Examples:\n  hetman queens complete 8 --with a1\n  hetman queens complete 8 --with 'a1 b3' --count\n  \
hetman queens complete 8 --block diagonals --count --unique   # the Russian seed: 12 in 2 classes\n  \
hetman queens complete 8 --block diagonals --list --format board\n  \
hetman queens complete 30 --with 'a1 b30' --block 'c3,d4'\n  \
hetman queens complete 100000 --with 'a1 c2 e3' > solution.txt\n  \
hetman queens complete --instance puzzle.txt --json   # the answer, the time and the search counters\n  \
hetman queens complete 8 --with a1 --block diagonal --svg puzzle.svg   # blocked squares shaded\n  \
hetman queens complete 8 --block diagonals --list --png all.png   # every completion on one sheet";

/// Counts whose estimated search is larger than this many nodes need --force.
const COUNT_NODES_WITHOUT_FORCE: f64 = 2e8;

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The number of queens and the side of the board, 1 to 1,048,576 (or from --instance).
    #[arg(
        value_parser = parse_complete_n,
        allow_negative_numbers = true,
        required_unless_present = "instance"
    )]
    pub n: Option<usize>,
    /// Read N, the given queens and the blocked squares from FILE (the format is in --help).
    #[arg(long, value_name = "FILE", conflicts_with = "n")]
    pub instance: Option<PathBuf>,
    /// Queens that must stay: squares such as 'a1 d4' or 'a1,d4' (repeatable).
    #[arg(long = "with", short = 'w', value_name = "SQUARES", value_parser = parse_square_list)]
    pub with: Vec<String>,
    /// Squares no queen may take: squares as for --with, or 'diagonal' (a1 to the top right),
    /// 'anti-diagonal' (top left to the bottom right), 'diagonals' (both) (repeatable).
    #[arg(long, short, value_name = "SQUARES", value_parser = parse_square_list)]
    pub block: Vec<String>,
    /// Count every completion instead of printing one.
    #[arg(long, short_alias = 'c', conflicts_with_all = ["list", "format"])]
    pub count: bool,
    /// With --count: count even when the estimate says it will take long.
    #[arg(long, requires = "count")]
    pub force: bool,
    /// List every completion, one per line (as `queens list`).
    #[arg(long, short_alias = 'l')]
    pub list: bool,
    /// With --count or --list: group the completions into symmetry classes (one rotation or
    /// reflection maps one onto the other) and count or list one per class.
    #[arg(long, short)]
    pub unique: bool,
    /// With --list: stop after this many (0 or more).
    #[arg(long, requires = "list", value_parser = parse_limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub print: FormatArg,
    /// JSON: one object (with the engine, the time and the search counters), or one per line
    /// with --list.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub picture: PictureArgsOldSize,
}

fn class_note(c: Class) -> String {
    if c.completions == c.class_size {
        format!("class size {}", c.class_size)
    } else {
        format!(
            "{} of the {} images in the class are completions",
            c.completions, c.class_size
        )
    }
}

/// Squares from `--with` or `--block`: explicit squares (a repeat is an
/// error) and squares of the line words (repeats merged).
fn flag_squares(
    values: &[String],
    board: BoardSize,
    flag: &str,
    lines: bool,
) -> Result<(Vec<Square>, Vec<Square>)> {
    let mut explicit: Vec<Square> = Vec::new();
    let mut words = Vec::new();
    for value in values {
        for tok in value.split_whitespace() {
            let sq = parse_squares(&[tok.to_string()], board, flag, lines).map_err(|e| {
                // Name the whole value as given, as parse_squares does.
                anyhow::anyhow!(e.to_string().replacen(
                    &format!("'{tok}'"),
                    &format!("'{value}'"),
                    1
                ))
            })?;
            if lines && matches!(tok, "diagonal" | "diagonals" | "anti-diagonal") {
                words.extend(sq);
            } else {
                explicit.extend(sq);
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for &sq in &explicit {
        if !seen.insert(sq) {
            let what = if lines { "blocked" } else { "given" };
            bail!("{flag}: {sq} is {what} twice: name each square once");
        }
    }
    words.sort();
    words.dedup();
    words.retain(|sq| !seen.contains(sq));
    Ok((explicit, words))
}

/// The puzzle from N or --instance, --with and --block, checked strictly.
fn build(a: &CompleteArgs) -> Result<(Puzzle, Vec<Square>)> {
    let (n, mut given, mut blocked, source) = match &a.instance {
        Some(path) => {
            let what = format!("--instance '{}'", path.display());
            let text = read_instance(path)?;
            let inst = parse_instance(&text).with_context(|| what.clone())?;
            (inst.n, inst.given, inst.blocked, what)
        }
        None => (
            a.n.expect("clap requires N without --instance"),
            Vec::new(),
            Vec::new(),
            String::new(),
        ),
    };
    let board = BoardSize::square(n as u32)?;
    let (with, _) = flag_squares(&a.with, board, "--with", false)?;
    let (block, words) = flag_squares(&a.block, board, "--block", true)?;
    let file_given = given.len();
    given.extend(with);
    blocked.extend(block);
    let name = |flag: &str| {
        if source.is_empty() {
            flag.to_string()
        } else if a.with.is_empty() && a.block.is_empty() {
            source.clone()
        } else {
            format!("{source} with {flag}")
        }
    };
    // First the given queens alone (errors name --with), then with the blocks.
    Puzzle::from_squares(n, &given, &[]).with_context(|| {
        name(if given.len() > file_given || source.is_empty() {
            "--with"
        } else {
            "given"
        })
    })?;
    let mut puzzle = Puzzle::from_squares(n, &given, &blocked).with_context(|| {
        name(if a.with.is_empty() {
            "--block"
        } else {
            "--with and --block"
        })
    })?;
    for &sq in &words {
        if given.contains(&sq) {
            bail!("--block: {sq} is on the blocked line and also given: a given queen cannot be blocked");
        }
        puzzle.block(sq)?;
    }
    let all_blocked: Vec<Square> = puzzle.blocked_squares().collect();
    Ok((puzzle, all_blocked))
}

fn read_instance(path: &Path) -> Result<String> {
    if path == Path::new("-") {
        let mut s = String::new();
        io::Read::read_to_string(&mut io::stdin(), &mut s)
            .context("cannot read --instance from standard input")?;
        return Ok(s);
    }
    std::fs::read_to_string(path)
        .with_context(|| format!("cannot read --instance '{}'", path.display()))
}

fn stats_json(v: &mut serde_json::Value, engine: &str, s: &Stats, secs: f64) {
    v["engine"] = json!(engine);
    v["seconds"] = json!((secs * 1e6).round() / 1e6);
    v["nodes"] = json!(s.nodes);
    v["fails"] = json!(s.fails);
    v["forced"] = json!(s.forced);
    v["restarts"] = json!(s.restarts);
    v["swaps"] = json!(s.swaps);
}

pub fn run(a: &CompleteArgs) -> Result<ExitCode> {
    if a.unique && !(a.count || a.list) {
        bail!("--unique groups completions into classes: use it with --count or --list");
    }
    let (puzzle, blocked) = build(a)?;
    let n = puzzle.n();
    let pics = a.picture.resolve();
    check_pictures(&pics, n)?;
    if a.count && pics.wanted() {
        bail!("--svg/--png draw completions: use them without --count (with --list for a sheet of them)");
    }
    check_format(a.print.format, n)?;
    if a.count {
        return count(a, &puzzle);
    }
    if a.list {
        if n > EXACT_MAX_N {
            return Err(invalid_value(
                "<N>",
                group(n as u64),
                &format!("--list walks the exact search, which takes N up to {}; without --list one completion is found for any N", group(EXACT_MAX_N as u64)),
            ));
        }
        return list(a, &puzzle);
    }
    let t0 = Instant::now();
    let Outcome {
        answer,
        engine,
        stats,
    } = puzzle.solve(&Options::default())?;
    let secs = t0.elapsed().as_secs_f64();
    match answer {
        Answer::Found(p) => {
            verify(&puzzle, &p)?;
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            if a.json {
                let mut v = placement_json(&p);
                v["answer"] = json!("found");
                stats_json(&mut v, engine.name(), &stats, secs);
                writeln!(out, "{v}")?;
            } else {
                write_solution(
                    &mut out,
                    n,
                    || p.ranks().iter().copied(),
                    a.print.format,
                    pics.color,
                )?;
            }
            out.flush()?;
            pics.write_with(|| render::svg::queens_blocked(&p, &[], &blocked))?;
            Ok(ExitCode::SUCCESS)
        }
        Answer::None(proof) => {
            let why = if proof.is_simple() {
                proof.to_string()
            } else {
                let restarts = if stats.restarts > 0 {
                    format!(", {}", count_of(stats.restarts, "restart", "restarts"))
                } else {
                    String::new()
                };
                format!(
                    "{proof} ({} searched, {} forced{restarts})",
                    count_of(stats.nodes, "node", "nodes"),
                    count_of(stats.forced, "queen", "queens")
                )
            };
            if a.json {
                let mut v =
                    json!({"n": n, "code": null, "answer": "none", "reason": proof.to_string()});
                stats_json(&mut v, engine.name(), &stats, secs);
                crate::outln!("{v}");
            } else {
                eprintln!("no completion: {why}");
            }
            Ok(ExitCode::from(1))
        }
        Answer::Unknown(why) => bail!(
            "no answer for N = {}: {why}; give fewer queens or blocks, or a board up to {}",
            group(n as u64),
            group(EXACT_MAX_N as u64)
        ),
        _ => bail!("internal error: an answer this version does not know"),
    }
}

/// `--count`: estimate first, refuse a long count without --force, show progress.
fn count(a: &CompleteArgs, puzzle: &Puzzle) -> Result<ExitCode> {
    let n = puzzle.n();
    if n > EXACT_MAX_N {
        return Err(invalid_value(
            "<N>",
            group(n as u64),
            &format!(
                "--count runs the exact search, which takes N up to {}",
                group(EXACT_MAX_N as u64)
            ),
        ));
    }
    let t0 = Instant::now();
    let estimate = puzzle.estimate_nodes(64, 1)?;
    if estimate > COUNT_NODES_WITHOUT_FORCE && !a.force {
        bail!(
            "--count: the search is estimated at about {} nodes (Knuth's random probes of the tree), \
             likely minutes to years; pass --force to count anyway (with progress on stderr), \
             or give more queens or blocks",
            group_f64(estimate)
        );
    }
    install_ctrlc();
    let progress = Progress::new(!a.json);
    let all = estimate.max(1.0) as u64;
    let (total, stats) = puzzle.count_with(hetman::queens::complete::Engine::Auto, &mut |s| {
        progress.update(s.nodes.min(all), all.max(s.nodes), || {
            format!(
                "{} nodes of about {}, {} so far",
                group(s.nodes),
                group_f64(estimate),
                count_of(s.solutions, "completion", "completions")
            )
        });
        if STOP.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    drop(progress);
    let classes = a.unique.then(|| puzzle.count_unique());
    let secs = t0.elapsed().as_secs_f64();
    if a.json {
        let mut v = json!({"n": n, "completions": total});
        if let Some(c) = classes {
            v["classes"] = json!(c);
        }
        v["estimated_nodes"] = json!(estimate.round());
        stats_json(&mut v, "auto", &stats, secs);
        crate::outln!("{v}");
    } else {
        let classes = classes.map_or(String::new(), |c| {
            format!(" in {}", count_of(c, "symmetry class", "symmetry classes"))
        });
        crate::outln!(
            "{}: {}{classes}",
            count_of(n as u64, "queen", "queens"),
            count_of(total, "completion", "completions")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Every completion printed has passed the checker and keeps the puzzle's rules.
fn verify(puzzle: &Puzzle, p: &Placement) -> Result<()> {
    if !(hetman::queens::check(p).is_solution() && puzzle.allows(p)) {
        bail!("internal error: the completion search produced {p}, which is not a completion");
    }
    Ok(())
}

/// `--list`: every completion (or one per class), streamed.
fn list(a: &CompleteArgs, puzzle: &Puzzle) -> Result<ExitCode> {
    let pics = a.picture.resolve();
    let mut out = Stream::new();
    let limit = a.limit.unwrap_or(u64::MAX);
    let mut index = 0u64;
    let mut failure: Option<anyhow::Error> = None;
    let mut sheet = Sheet::default();
    let mut emit = |p: &Placement, class: Option<Class>| {
        if index >= limit {
            return ControlFlow::Break(());
        }
        index += 1;
        if let Err(e) = verify(puzzle, p) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        let text = if a.json {
            let mut v = placement_json(p);
            v["index"] = json!(index);
            if let Some(c) = class {
                v["completions_in_class"] = json!(c.completions);
                v["class_size"] = json!(c.class_size);
            }
            format!("{v}\n")
        } else {
            let note = class.map(class_note);
            placement_record(index, p, a.print.format, pics.color, note.as_deref())
        };
        if let Err(e) = out.record(&text) {
            failure = Some(e.into());
            return ControlFlow::Break(());
        }
        if pics.wanted() {
            sheet.add(index, p, class.map(|c| c.class_size));
        }
        ControlFlow::Continue(())
    };
    if a.unique {
        puzzle.for_each_unique(|p, c| emit(p, Some(c)));
    } else {
        puzzle.for_each(|p| emit(p, None));
    }
    if let Some(e) = failure {
        return Err(e);
    }
    out.finish()?;
    if index == 0 && limit > 0 {
        let why = match puzzle.solve(&Options::default())?.answer {
            Answer::None(proof) => proof.to_string(),
            _ => "the search tried every placement".into(),
        };
        eprintln!("no completion: {why}");
        return Ok(ExitCode::from(1));
    }
    if pics.wanted() {
        pics.write(&sheet.svg())?;
    }
    Ok(ExitCode::SUCCESS)
}

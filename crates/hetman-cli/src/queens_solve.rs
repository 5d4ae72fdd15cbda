//! `hetman queens solve` and `hetman queens complete`: one solution for any N,
//! random solutions, and completing a placement with given queens and blocked squares.

use crate::cli::parse_n;
use crate::output::{self, group, Stream};
use crate::queens::Format;
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::queens::{complete::Puzzle, construct, minconflicts, Placement};
use hetman::{render, BoardSize, Square};
use serde_json::json;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

/// The largest N drawn with `--format board` (N² squares).
const MAX_BOARD_N: usize = 64;

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The number of queens and the side of the board (up to 1,073,741,824).
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// A random solution by local search (min-conflicts) instead of the explicit construction.
    #[arg(long, short)]
    pub random: bool,
    /// The seed for --random: the same seed gives the same solution (default: from the clock, printed on stderr).
    #[arg(long, short)]
    pub seed: Option<u64>,
    /// Print the construction without checking it first: memory stays constant for any N
    /// (checking needs 5N bits, 625 MB at N = 10^9). --random always checks.
    #[arg(long)]
    pub no_verify: bool,
    /// How to print the solution.
    #[arg(long, short, value_enum, default_value = "code")]
    pub format: Format,
    /// Print one JSON object: {"n", "code", "method", "verified"} (and "seed").
    #[arg(long)]
    pub json: bool,
    /// Print the method, the work and the time on stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The number of queens and the side of the board (up to 64).
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// Queens that must stay: squares such as 'a1 d4' or 'a1,d4' (repeatable).
    #[arg(long = "with", short = 'w', value_name = "SQUARES")]
    pub with: Vec<String>,
    /// Squares no queen may take: squares as for --with, or 'diagonal' (a1 to the top right),
    /// 'anti-diagonal' (top left to the bottom right), 'diagonals' (both) (repeatable).
    #[arg(long, short, value_name = "SQUARES")]
    pub block: Vec<String>,
    /// Count every completion instead of printing one.
    #[arg(long, short, conflicts_with = "list")]
    pub count: bool,
    /// List every completion, one per line (as `queens list`).
    #[arg(long, short)]
    pub list: bool,
    /// With --count or --list: group the completions into symmetry classes (one rotation or
    /// reflection maps one onto the other) and count or list one per class.
    #[arg(long, short)]
    pub unique: bool,
    /// With --list: stop after this many.
    #[arg(long, requires = "list")]
    pub limit: Option<u64>,
    /// How to print each completion.
    #[arg(long, short, value_enum, default_value = "code")]
    pub format: Format,
    /// JSON: one object, or one per line with --list.
    #[arg(long)]
    pub json: bool,
}

pub const SOLVE_HELP: &str = "Without --random the solution is the classic explicit construction \
(Hoffman, Loessi and Moore 1969; Bernhardsson 1991), computed file by file in O(N) time and \
streamed, after a check of every queen unless --no-verify is given. With --random a local search \
(min-conflicts on permutations, seeded PCG) finds a random solution.\n\n\
Examples:\n  hetman queens solve 8\n  hetman queens solve 10000000 > solution.txt\n  \
hetman queens solve 1000000000 --no-verify > /dev/null\n  \
hetman queens solve 1000000 --random --seed 42 | hetman queens check\n  \
hetman queens solve 12 --random --format board\n\n\
Exit code 1 for N = 2 and N = 3, which have no solution.";

pub const COMPLETE_HELP: &str = "Searches for solutions that keep the queens given with --with \
and leave the squares given with --block empty, or proves that there are none (exit code 1). \
The search uses one 64-bit mask per file, so N is at most 64.\n\n\
Examples:\n  hetman queens complete 8 --with a1\n  hetman queens complete 8 --with 'a1 b3' --count\n  \
hetman queens complete 8 --block diagonals --count --unique   # the Russian seed: 12 in 2 classes\n  \
hetman queens complete 8 --block diagonals --list --format board\n  \
hetman queens complete 30 --with 'a1 b30' --block 'c3,d4'";

fn check_format(format: Format, n: usize) -> Result<()> {
    if format == Format::Compact && n > 9 {
        bail!("--format compact writes one digit per queen and takes N up to 9, not {n}; use --format code");
    }
    if format == Format::Board && n > MAX_BOARD_N {
        bail!(
            "--format board draws N x N squares and takes N up to {MAX_BOARD_N}, not {}; use --format code",
            group(n as u64)
        );
    }
    Ok(())
}

/// Two decimal digits for each of 0..100: "00", "01", ..., "99".
const DIGIT_PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes 1-based ranks, separated by `sep`, as decimal: digits go straight
/// into a 64 KiB buffer, two at a time, with no allocation or copy per number
/// (N = 10^9 writes 10 GB).
fn write_code(
    out: &mut impl Write,
    ranks: impl Iterator<Item = u32>,
    sep: &[u8],
) -> io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    let room = buf.len() - 16 - sep.len();
    let mut pos = 0;
    for (i, r) in ranks.enumerate() {
        if pos > room {
            out.write_all(&buf[..pos])?;
            pos = 0;
        }
        if i > 0 {
            for &b in sep {
                buf[pos] = b;
                pos += 1;
            }
        }
        let mut v = u64::from(r) + 1;
        let end = pos + v.ilog10() as usize + 1;
        let mut k = end;
        while v >= 100 {
            let d = (v % 100) as usize * 2;
            v /= 100;
            k -= 2;
            buf[k] = DIGIT_PAIRS[d];
            buf[k + 1] = DIGIT_PAIRS[d + 1];
        }
        if v >= 10 {
            k -= 2;
            buf[k] = DIGIT_PAIRS[v as usize * 2];
            buf[k + 1] = DIGIT_PAIRS[v as usize * 2 + 1];
        } else {
            buf[k - 1] = b'0' + v as u8;
        }
        pos = end;
    }
    out.write_all(&buf[..pos])
}

/// Writes a solution given as a restartable stream of 0-based ranks.
fn write_solution<I>(
    out: &mut impl Write,
    n: usize,
    ranks: impl Fn() -> I,
    format: Format,
) -> io::Result<()>
where
    I: Iterator<Item = u32>,
{
    match format {
        Format::Code => write_code(out, ranks(), b" ")?,
        Format::Compact => write_code(out, ranks(), b"")?,
        Format::Algebraic => {
            for (f, r) in ranks().enumerate() {
                if f > 0 {
                    out.write_all(b" ")?;
                }
                write!(out, "{}", Square::new(f as u32, r))?;
            }
        }
        Format::Board => {
            let p = Placement::from_ranks(ranks().collect()).map_err(io::Error::other)?;
            debug_assert_eq!(p.n(), n);
            out.write_all(render::text::queens(&p).trim_end().as_bytes())?;
        }
    }
    out.write_all(b"\n")
}

pub fn solve(a: &SolveArgs) -> Result<ExitCode> {
    let n = a.n;
    if a.seed.is_some() && !a.random {
        bail!("--seed picks which random solution to print: use it with --random");
    }
    if let Some(why) = construct::no_solution_reason(n) {
        if a.json {
            crate::outln!("{}", json!({"n": n, "code": null, "reason": why}));
        } else {
            crate::outln!("{n} queens: no solution: {why}");
        }
        return Ok(ExitCode::from(1));
    }
    if !a.json {
        check_format(a.format, n)?;
    }
    let start = Instant::now();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    if a.random {
        let seed = a.seed.unwrap_or_else(|| {
            let s = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            eprintln!("seed: {s} (give --seed {s} for the same solution again)");
            s
        });
        let solved = minconflicts::solve(n, seed)?;
        // The library has checked it; check again with the tool's own checker before printing.
        if !hetman::queens::check(&solved.placement).is_solution() {
            bail!("internal error: min-conflicts produced a non-solution for N = {n}, seed {seed}");
        }
        let searched = start.elapsed();
        let ranks = || solved.placement.ranks().iter().copied();
        if a.json {
            write!(out, "{{\"n\":{n},\"method\":\"min-conflicts\",\"seed\":{seed},\"verified\":true,\"code\":[")?;
            write_code(&mut out, ranks(), b",")?;
            writeln!(out, "]}}")?;
        } else {
            write_solution(&mut out, n, ranks, a.format)?;
        }
        out.flush()?;
        if a.stats {
            eprintln!(
                "method: min-conflicts (seed {seed}): {} swaps, {} restarts, search {}, total {}",
                group(solved.swaps),
                solved.restarts,
                output::duration(searched),
                output::duration(start.elapsed())
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let verified = !a.no_verify;
    if verified {
        construct::verify(n).context("the construction failed its check")?;
    } else if n > 1_000_000 {
        eprintln!(
            "note: --no-verify: the solution is printed without being checked \
             (the check would need {} MB)",
            group((5 * n as u64).div_ceil(8 << 20))
        );
    }
    let checked = start.elapsed();
    let ranks = || construct::ranks(n).expect("N was checked above");
    if a.json {
        write!(
            out,
            "{{\"n\":{n},\"method\":\"construction\",\"verified\":{verified},\"code\":["
        )?;
        write_code(&mut out, ranks(), b",")?;
        writeln!(out, "]}}")?;
    } else {
        write_solution(&mut out, n, ranks, a.format)?;
    }
    out.flush()?;
    if a.stats {
        eprintln!(
            "method: explicit construction (N mod 12 = {}); check {}, total {}",
            n % 12,
            if verified {
                output::duration(checked)
            } else {
                "skipped".to_string()
            },
            output::duration(start.elapsed())
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Squares from `--with` or `--block` values: whitespace-separated, or
/// comma-separated when they are letter squares ('a1,d4'; '3,4' is one square).
fn parse_squares(
    values: &[String],
    board: BoardSize,
    flag: &str,
    lines: bool,
) -> Result<Vec<Square>> {
    let n = board.width();
    let mut out = Vec::new();
    for value in values {
        for tok in value.split_whitespace() {
            match tok {
                "diagonal" | "diagonals" | "anti-diagonal" if lines => {
                    if tok != "anti-diagonal" {
                        out.extend((0..n).map(|i| Square::new(i, i)));
                    }
                    if tok != "diagonal" {
                        out.extend((0..n).map(|i| Square::new(i, n - 1 - i)));
                    }
                    continue;
                }
                _ => {}
            }
            let parts: Vec<&str> = if tok.starts_with(|c: char| c.is_ascii_alphabetic()) {
                tok.split(',').filter(|s| !s.is_empty()).collect()
            } else {
                vec![tok]
            };
            for part in parts {
                let sq = board.parse_square(part).map_err(|e| {
                    let also = if lines {
                        ", or 'diagonal', 'anti-diagonal', 'diagonals'"
                    } else {
                        ""
                    };
                    anyhow::anyhow!("{flag} '{value}': {e} (give squares such as 'a1 d4'{also})")
                })?;
                out.push(sq);
            }
        }
    }
    Ok(out)
}

fn class_note(c: hetman::queens::complete::Class) -> String {
    if c.completions == c.class_size {
        format!("class size {}", c.class_size)
    } else {
        format!(
            "{} of the {} images in the class are completions",
            c.completions, c.class_size
        )
    }
}

pub fn complete(a: &CompleteArgs) -> Result<ExitCode> {
    let n = a.n;
    if n > hetman::queens::complete::MAX_N {
        bail!(
            "N = {n}: completing a placement searches with one 64-bit mask per file and takes N up \
             to {}; for larger boards without given queens use `hetman queens solve {n}`",
            hetman::queens::complete::MAX_N
        );
    }
    if a.unique && !(a.count || a.list) {
        bail!("--unique groups completions into classes: use it with --count or --list");
    }
    if !a.json {
        check_format(a.format, n)?;
    }
    let board = BoardSize::square(n as u32)?;
    let mut puzzle = Puzzle::new(n)?;
    for sq in parse_squares(&a.with, board, "--with", false)? {
        puzzle.give(sq).with_context(|| format!("--with {sq}"))?;
    }
    for sq in parse_squares(&a.block, board, "--block", true)? {
        puzzle.block(sq)?;
    }
    let verify = |p: &Placement| -> Result<()> {
        if !(hetman::queens::check(p).is_solution() && puzzle.allows(p)) {
            bail!("internal error: the completion search produced {p}, which is not a completion");
        }
        Ok(())
    };
    let obstacle = puzzle.obstacle();
    if a.count {
        let total = puzzle.count();
        let classes = a.unique.then(|| puzzle.count_unique());
        if a.json {
            let mut v = json!({"n": n, "completions": total});
            if let Some(c) = classes {
                v["classes"] = json!(c);
            }
            crate::outln!("{v}");
        } else {
            let classes = classes.map_or(String::new(), |c| {
                format!(
                    " in {} symmetry class{}",
                    group(c),
                    if c == 1 { "" } else { "es" }
                )
            });
            crate::outln!("{n} queens: {} completions{classes}", group(total));
            if let Some(why) = obstacle {
                crate::outln!("({why})");
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.list {
        let mut out = Stream::new();
        let limit = a.limit.unwrap_or(u64::MAX);
        let mut index = 0u64;
        let mut failure: Option<anyhow::Error> = None;
        let mut emit = |p: &Placement, class: Option<hetman::queens::complete::Class>| {
            if index >= limit {
                return ControlFlow::Break(());
            }
            index += 1;
            if let Err(e) = verify(p) {
                failure = Some(e);
                return ControlFlow::Break(());
            }
            let text = if a.json {
                let code: Vec<u64> = p.ranks().iter().map(|&r| u64::from(r) + 1).collect();
                let mut v =
                    json!({"n": n, "code": code, "algebraic": p.to_algebraic(), "index": index});
                if let Some(c) = class {
                    v["completions_in_class"] = json!(c.completions);
                    v["class_size"] = json!(c.class_size);
                }
                format!("{v}\n")
            } else {
                let body = match a.format {
                    Format::Code => p.to_code(),
                    Format::Compact => p.to_compact().unwrap_or_else(|| p.to_code()),
                    Format::Board => render::text::queens(p),
                    Format::Algebraic => p.to_algebraic(),
                };
                match (a.format, class) {
                    (Format::Board, Some(c)) => {
                        format!("#{index} {} ({})\n{body}\n", p.to_code(), class_note(c))
                    }
                    (Format::Board, None) => format!("#{index} {}\n{body}\n", p.to_code()),
                    (_, Some(c)) => format!("{body}  ({})\n", class_note(c)),
                    (_, None) => format!("{body}\n"),
                }
            };
            if let Err(e) = out.record(&text) {
                failure = Some(e.into());
                return ControlFlow::Break(());
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
            eprintln!(
                "no completion: {}",
                obstacle.unwrap_or_else(|| "the search tried every placement".into())
            );
            return Ok(ExitCode::from(1));
        }
        return Ok(ExitCode::SUCCESS);
    }
    match puzzle.find() {
        Some(p) => {
            verify(&p)?;
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            if a.json {
                let code: Vec<u64> = p.ranks().iter().map(|&r| u64::from(r) + 1).collect();
                writeln!(
                    out,
                    "{}",
                    json!({"n": n, "code": code, "algebraic": p.to_algebraic()})
                )?;
            } else {
                write_solution(&mut out, n, || p.ranks().iter().copied(), a.format)?;
            }
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let why = obstacle.unwrap_or_else(|| {
                "the search tried every placement of the other queens and none works".into()
            });
            if a.json {
                crate::outln!("{}", json!({"n": n, "code": null, "reason": why}));
            } else {
                crate::outln!("no completion: {why}");
            }
            Ok(ExitCode::from(1))
        }
    }
}

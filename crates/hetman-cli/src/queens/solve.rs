//! `hetman queens solve`: one solution for any N, by the explicit
//! construction (streamed) or a random one by min-conflicts.

use crate::common::args::parse_n;
use crate::common::output::{self, group};
use crate::common::picture::PictureArgsOldSize;
use crate::common::placement::{
    check_format, check_pictures, write_code, write_solution, FormatArg,
};
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::queens::{construct, minconflicts, Placement};
use hetman::render;
use serde_json::json;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

pub const HELP: &str = "Without --random the solution is the classic explicit construction \
(Hoffman, Loessi and Moore 1969; Bernhardsson 1991), computed file by file in O(N) time and \
streamed, after a check of every queen unless --no-verify is given. With --random a local search \
(min-conflicts on permutations, seeded PCG) finds a random solution.\n\n\
Examples:\n  hetman queens solve 8\n  hetman queens solve 10000000 > solution.txt\n  \
hetman queens solve 1000000000 --no-verify > /dev/null\n  \
hetman queens solve 1000000 --random --seed 42 | hetman queens check\n  \
hetman queens solve 12 --random --format board\n  \
hetman queens solve 30 --svg thirty.svg --png thirty.png   # pictures up to N = 10,000\n\n\
N = 2 and N = 3 have no solution: the reason goes to stderr and the exit code is 1.";

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The number of queens and the side of the board, 1 to 1,073,741,824.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// A random solution by local search (min-conflicts) instead of the explicit construction.
    #[arg(long, short)]
    pub random: bool,
    /// The seed for --random: the same seed gives the same solution (default: from the clock, printed on stderr).
    #[arg(long, short_alias = 's')]
    pub seed: Option<u64>,
    /// Print the construction without checking it first: memory stays constant for any N
    /// (checking needs 5N bits, 625 MB at N = 10^9). --random always checks.
    #[arg(long, conflicts_with = "random")]
    pub no_verify: bool,
    #[command(flatten)]
    pub print: FormatArg,
    /// Print one JSON object: {"n", "code", "method", "verified"} (and "seed").
    #[arg(long)]
    pub json: bool,
    /// Print the method, the work and the time on stderr.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub picture: PictureArgsOldSize,
}

pub fn run(a: &SolveArgs) -> Result<ExitCode> {
    let n = a.n;
    let pics = a.picture.resolve();
    check_pictures(&pics, n)?;
    if a.seed.is_some() && !a.random {
        bail!("--seed picks which random solution to print: use it with --random");
    }
    if let Some(why) = construct::no_solution_reason(n) {
        if a.json {
            crate::outln!("{}", json!({"n": n, "code": null, "reason": why}));
        } else {
            eprintln!("{n} queens: no solution: {why}");
        }
        return Ok(ExitCode::from(1));
    }
    check_format(a.print.format, n)?;
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
            write_solution(&mut out, n, ranks, a.print.format, pics.color)?;
        }
        out.flush()?;
        pics.write_with(|| render::svg::queens(&solved.placement, &[]))?;
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
        write_solution(&mut out, n, ranks, a.print.format, pics.color)?;
    }
    out.flush()?;
    if pics.wanted() {
        // Drawn from the same ranks as printed, after the checker passed them (unless --no-verify).
        let p = Placement::from_ranks(ranks().collect())?;
        if verified && !hetman::queens::check(&p).is_solution() {
            bail!("internal error: the construction for N = {n} is not a solution");
        }
        pics.write(&render::svg::queens(&p, &[]))?;
    }
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

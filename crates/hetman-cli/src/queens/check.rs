//! `hetman queens check`: is a placement a solution, and which pairs of
//! queens attack each other.

use crate::common::args::parse_n;
use crate::common::output::{group, s};
use crate::common::picture::PictureArgs;
use crate::common::placement::{placement_json, read_placement};
use anyhow::{bail, Result};
use clap::Args;
use hetman::{queens, render};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

pub const HELP: &str = "The placement may be a code ('5 8 4 1 7 2 6 3' or '58417263'), squares \
('a5 b8 c4 d1 e7 f2 g6 h3') or a drawn board ('Q' and '.', top rank first); with no \
placement, or '-', it is read from standard input.\n\n\
Examples:\n  hetman queens check 5 8 4 1 7 2 6 3\n  hetman queens check 24741358\n  \
hetman queens list 8 --limit 1 --format board | hetman queens check\n  \
hetman queens check 2 4 6 8 1 3 5 7 --svg attacks.svg   # attacking pairs in red\n\n\
Exit code 0 for a solution, 1 for a placement that is not one.";

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The placement: a code, squares or a drawn board; '-' or nothing reads standard input.
    pub placement: Vec<String>,
    /// Read the placement from this file.
    #[arg(long, conflicts_with = "placement")]
    pub file: Option<PathBuf>,
    /// Require exactly this many queens (the side of the board).
    #[arg(long, value_parser = parse_n)]
    pub size: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Do not draw the board.
    #[arg(long, alias = "no-board", conflicts_with = "json")]
    pub no_boards: bool,
    #[command(flatten)]
    pub picture: PictureArgs,
}

pub fn run(a: &CheckArgs) -> Result<ExitCode> {
    let pics = a.picture.resolve();
    pics.check()?;
    let p = read_placement(&a.placement, a.file.as_deref())?;
    if let Some(n) = a.size
        && p.n() != n
    {
        bail!(
            "PLACEMENT has {} queens but --size is {n}: give one rank per file, {n} in all",
            p.n()
        );
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
            "{verdict}: {} of {} pair{} of queens {} not attack each other",
            group(r.non_attacking_pairs()),
            group(r.pairs),
            s(r.pairs),
            if r.non_attacking_pairs() == 1 {
                "does"
            } else {
                "do"
            }
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
        if !a.no_boards && n <= 64 {
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

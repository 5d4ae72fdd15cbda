//! `hetman queens complete`: keep given queens, avoid blocked squares, and
//! find, count or list the solutions that do.

use crate::common::args::{parse_complete_n, parse_limit, parse_square_list, parse_squares};
use crate::common::output::{count_of, Stream};
use crate::common::picture::{PictureArgsOldSize, Sheet};
use crate::common::placement::{
    check_format, check_pictures, placement_json, placement_record, write_solution, Format,
};
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::queens::complete::{Class, Puzzle};
use hetman::queens::Placement;
use hetman::{render, BoardSize};
use serde_json::json;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

pub const HELP: &str = "Searches for solutions that keep the queens given with --with \
and leave the squares given with --block empty, or proves that there are none (the reason on \
stderr, exit code 1). The search uses one 64-bit mask per file, so N is at most 64.\n\n\
Examples:\n  hetman queens complete 8 --with a1\n  hetman queens complete 8 --with 'a1 b3' --count\n  \
hetman queens complete 8 --block diagonals --count --unique   # the Russian seed: 12 in 2 classes\n  \
hetman queens complete 8 --block diagonals --list --format board\n  \
hetman queens complete 30 --with 'a1 b30' --block 'c3,d4'\n  \
hetman queens complete 8 --with a1 --block diagonal --svg puzzle.svg   # blocked squares shaded\n  \
hetman queens complete 8 --block diagonals --list --png all.png   # every completion on one sheet";

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The number of queens and the side of the board, 1 to 64.
    #[arg(value_parser = parse_complete_n, allow_negative_numbers = true)]
    pub n: usize,
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
    /// How to print each completion.
    #[arg(
        long,
        short,
        value_enum,
        default_value = "code",
        conflicts_with = "json"
    )]
    pub format: Format,
    /// JSON: one object, or one per line with --list.
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

pub fn run(a: &CompleteArgs) -> Result<ExitCode> {
    let n = a.n;
    if a.unique && !(a.count || a.list) {
        bail!("--unique groups completions into classes: use it with --count or --list");
    }
    let pics = a.picture.resolve();
    check_pictures(&pics, n)?;
    if a.count && pics.wanted() {
        bail!("--svg/--png draw completions: use them without --count (with --list for a sheet of them)");
    }
    check_format(a.format, n)?;
    let board = BoardSize::square(n as u32)?;
    let mut puzzle = Puzzle::new(n)?;
    for sq in parse_squares(&a.with, board, "--with", false)? {
        puzzle.give(sq).with_context(|| format!("--with {sq}"))?;
    }
    let blocked = parse_squares(&a.block, board, "--block", true)?;
    for &sq in &blocked {
        puzzle.block(sq)?;
    }
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
                format!(" in {}", count_of(c, "symmetry class", "symmetry classes"))
            });
            crate::outln!(
                "{}: {}{classes}",
                count_of(n as u64, "queen", "queens"),
                count_of(total, "completion", "completions")
            );
            if let Some(why) = obstacle {
                crate::outln!("({why})");
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    if a.list {
        return list(a, &puzzle, obstacle);
    }
    match puzzle.find() {
        Some(p) => {
            verify(&puzzle, &p)?;
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            if a.json {
                writeln!(out, "{}", placement_json(&p))?;
            } else {
                write_solution(
                    &mut out,
                    n,
                    || p.ranks().iter().copied(),
                    a.format,
                    pics.color,
                )?;
            }
            out.flush()?;
            pics.write_with(|| render::svg::queens_blocked(&p, &[], &blocked))?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let why = obstacle.unwrap_or_else(|| {
                "the search tried every placement of the other queens and none works".into()
            });
            if a.json {
                crate::outln!("{}", json!({"n": n, "code": null, "reason": why}));
            } else {
                eprintln!("no completion: {why}");
            }
            Ok(ExitCode::from(1))
        }
    }
}

/// Every completion printed has passed the checker and keeps the puzzle's rules.
fn verify(puzzle: &Puzzle, p: &Placement) -> Result<()> {
    if !(hetman::queens::check(p).is_solution() && puzzle.allows(p)) {
        bail!("internal error: the completion search produced {p}, which is not a completion");
    }
    Ok(())
}

/// `--list`: every completion (or one per class), streamed.
fn list(a: &CompleteArgs, puzzle: &Puzzle, obstacle: Option<String>) -> Result<ExitCode> {
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
            placement_record(index, p, a.format, pics.color, note.as_deref())
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
        eprintln!(
            "no completion: {}",
            obstacle.unwrap_or_else(|| "the search tried every placement".into())
        );
        return Ok(ExitCode::from(1));
    }
    if pics.wanted() {
        pics.write(&sheet.svg())?;
    }
    Ok(ExitCode::SUCCESS)
}

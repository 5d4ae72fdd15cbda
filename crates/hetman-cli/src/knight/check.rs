//! `hetman knight check`: is a move list or a numbered board a knight's
//! tour; the first fault named.

use crate::common::args::{parse_size, parse_square_list, parse_squares, read_input};
use crate::common::picture::PictureArgs;
use crate::common::tour::write_tour_pictures;
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::knight::{KnightBoard, Tour};
use hetman::{BoardSize, Square};
use serde_json::json;
use std::io::{self, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

pub const HELP: &str = "Examples:\n  hetman knight check a1 c2 e1 ...\n  \
hetman knight tour 5 --start a5 | hetman knight check\n  hetman knight check --file tour.txt --closed\n\n\
Exit code 0 for a tour, 1 when it is not one (the first illegal step or missing square is named), \
2 when the text cannot be read.";

/// The arguments of `knight check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The tour: a move list or a board of move numbers; '-' or nothing reads standard input.
    pub tour: Vec<String>,
    /// Read the tour from this file.
    #[arg(long, conflicts_with = "tour")]
    pub file: Option<PathBuf>,
    /// The board (default: as drawn, or the smallest board holding every square of a move list).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<BoardSize>,
    /// Squares removed from the board (a drawn board marks them '#').
    #[arg(long, short, value_name = "SQUARES", value_parser = parse_square_list)]
    pub block: Vec<String>,
    /// Require a closed tour.
    #[arg(long, short)]
    pub closed: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub picture: PictureArgs,
}

pub fn run(a: &CheckArgs) -> Result<ExitCode> {
    let text = read_input(&a.tour, a.file.as_deref(), "tour")?;
    check_drawn_size(&text, a.size)?;
    let (t, drawn_blocked) = Tour::parse(&text, a.size).context("TOUR")?;
    let size = t.size();
    let mut blocked = parse_squares(&a.block, size, "--block", false)?;
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

/// A drawn board has its own size: `--size` may only repeat it. (The
/// library reads the rank labels of a drawn board by the size it is given,
/// so a wrong `--size` would be reported as a wrong drawing.)
fn check_drawn_size(text: &str, size: Option<BoardSize>) -> Result<()> {
    let Some(given) = size else {
        return Ok(());
    };
    let drawn = text
        .split_whitespace()
        .next()
        .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
    if !drawn {
        return Ok(());
    }
    if let Ok((t, _)) = Tour::parse(text, None)
        && t.size() != given
    {
        bail!(
            "--size {given}: the board drawn is {} (leave --size out for a drawn board, or \
                 give --size {})",
            t.size(),
            t.size()
        );
    }
    Ok(())
}

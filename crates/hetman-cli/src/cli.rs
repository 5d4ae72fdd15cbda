//! The command line as clap sees it: raw values, parsed but not yet resolved.

use crate::EXIT_USAGE;
use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// N-Queens and the knight's tour: count, list, check and draw solutions.
#[derive(Debug, Parser)]
#[command(
    name = "hetman",
    version,
    about,
    long_about = "hetman (Polish for the chess queen) solves the classic chessboard \
backtracking problems: N-Queens and the knight's tour.\n\n\
Squares are written in algebraic notation (a1 is the bottom-left corner); a queens \
placement is the code of the rank of the queen on each file, e.g. '5 8 4 1 7 2 6 3'.\n\n\
Exit codes: 0 success, 1 the answer is no (not a solution, no tour), 2 bad input, \
130 interrupted.",
    propagate_version = true,
    allow_negative_numbers = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// N-Queens: count, list, check and compare placements of N non-attacking queens.
    #[command(subcommand)]
    Queens(crate::queens::QueensCommand),
    /// The knight's tour: find, list, count and check tours on any board.
    #[command(subcommand)]
    Knight(crate::knight::KnightCommand),
}

/// Prints a clap error as one line (help and version as clap prints them) and
/// returns the exit code.
pub fn report_clap_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(EXIT_USAGE)
        }
        _ => {
            let text = e.render().to_string();
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines.next().unwrap_or("error: invalid usage").to_string();
            let tip = lines.find_map(|l| l.strip_prefix("tip: "));
            match tip {
                Some(tip) => eprintln!("{first} ({tip})"),
                None => eprintln!("{first}"),
            }
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Parses N for the queens commands: a whole number of at least 1.
pub fn parse_n(s: &str) -> Result<usize, String> {
    let t = s.trim();
    match t.parse::<i128>() {
        Ok(v) if v >= 1 && v <= hetman::queens::MAX_PLACEMENT_N as i128 => Ok(v as usize),
        Ok(_) => Err(format!(
            "N must be from 1 to {} (the number of queens and the side of the board)",
            hetman::queens::MAX_PLACEMENT_N
        )),
        Err(_) => Err("N must be a whole number such as 8".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}

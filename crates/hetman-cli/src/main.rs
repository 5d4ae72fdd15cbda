//! `hetman`: the command-line front end of the hetman library.
//!
//! Arguments are parsed by clap (`cli.rs`), checked and resolved per command
//! (`queens.rs`, `knight.rs`), handed to the library and printed (`output.rs`).
//!
//! Exit codes: 0 success; 1 the answer is "no" (a placement is not a solution,
//! no tour exists); 2 bad input or usage; 130 interrupted.

mod cli;
mod knight;
mod knight_cluster;
mod output;
mod picture;
mod queens;
mod queens_cluster;
mod queens_solve;

use clap::Parser;
use std::io;
use std::process::ExitCode;

/// Exit code for bad input or usage.
pub const EXIT_USAGE: u8 = 2;
/// Exit code after an interruption.
pub const EXIT_INTERRUPTED: u8 = 130;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return cli::report_clap_error(&e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            if matches!(
                err.downcast_ref::<hetman::Error>(),
                Some(hetman::Error::Interrupted)
            ) {
                eprintln!("hetman: interrupted");
                return ExitCode::from(EXIT_INTERRUPTED);
            }
            eprintln!("error: {err:#}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn run(cli: cli::Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        cli::Command::Queens(q) => queens::run(q),
        cli::Command::Knight(k) => knight::run(k),
        cli::Command::Completions { shell } => {
            write_stdout(&cli::completions(shell))?;
            Ok(ExitCode::SUCCESS)
        }
        cli::Command::Man => {
            write_stdout(&cli::man_page()?)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn write_stdout(bytes: &[u8]) -> io::Result<()> {
    use io::Write;
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

//! `hetman`: the command-line front end of the hetman library.
//!
//! Data flows one way: arguments (clap) -> checked values -> the library ->
//! printed records. The tree says where things go:
//!
//! ```text
//! main.rs            exit codes, errors as one line, deprecation notes
//! cli.rs             the top of the command tree, completions, man page
//! common/            what commands share (a command module never imports another):
//!   args.rs            value parsers (N, sizes, limits, shards, squares) and input text
//!   deprecated.rs      old flag spellings (hidden aliases) and their notes
//!   engine.rs          the queens --algorithm values, refusals, the fast engine's run
//!   events.rs          trace events in words (text traces, the watch's status line)
//!   html.rs            the web page's player as one HTML file with a trace inside
//!   long_run.rs        stop flag + Ctrl-C, progress renderer, memory, threads, atomic write
//!   output.rs          stdout: outln!, numbers, plurals, durations, streams
//!   picture.rs         --svg/--png/--png-size/--color, sheets and galleries
//!   placement.rs       queens placements in and out (--format, JSON, streaming)
//!   shard.rs           shard result records (--result FILE, merge)
//!   tour.rs            knight's tours in and out (board argument, --format, headlines)
//!   trace_out.rs       the flags and writers of the trace commands (text, JSON Lines, --html)
//!   watch/             the terminal animation (ratatui): app.rs state and keys, draw.rs frames,
//!                      board.rs the board in them
//! queens/            one file per `hetman queens` command; mod.rs: the enum and dispatch
//!   count/             count (mod.rs), its long runs (resumable.rs) and estimates (estimate.rs)
//!   compare, list, check, symmetry, solve, complete, merge, slurm, trace, watch
//! knight/            one file per `hetman knight` command; mod.rs: the enum and dispatch
//!   tour, list, count, check, merge, trace, watch
//! serve/             `hetman serve` (the web page, its API, embedded assets)
//! ```
//!
//! - **A new command**: a file `queens/NAME.rs` (or `knight/NAME.rs`, or a folder
//!   `NAME/` when it has parts, as `queens/count/`) with its `Args` struct, its
//!   `HELP` (examples), and `pub fn run(&Args) -> Result<ExitCode>`; then one
//!   variant and one match arm in that folder's `mod.rs`. A command for neither
//!   problem alone gets its own folder beside them and a variant in `cli.rs`.
//! - **A helper two commands need**: in `common/`, never in one of the commands.
//! - **A new output format**: text forms in `common/placement.rs` or
//!   `common/tour.rs`, picture files in `common/picture.rs`, JSON records of long
//!   runs in `common/shard.rs`.
//! - **A renamed flag**: keep the old spelling as a hidden alias for a release
//!   (`common/deprecated.rs` prints the note).
//!
//! Exit codes: 0 success; 1 the answer is "no" (a placement is not a solution,
//! no solution, completion or tour exists; the reason on stderr); 2 bad input
//! or usage; 130 interrupted.

mod cli;
mod common;
mod knight;
mod queens;
mod serve;

use clap::{CommandFactory, FromArgMatches};
use std::io;
use std::process::ExitCode;

/// Exit code for bad input or usage.
pub const EXIT_USAGE: u8 = 2;
/// Exit code after an interruption.
pub const EXIT_INTERRUPTED: u8 = 130;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // One command tree, built once: for parsing and for finding old spellings.
    let mut cmd = cli::Cli::command();
    let cli = match cmd
        .try_get_matches_from_mut(&args)
        .and_then(|m| cli::Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => return cli::report_clap_error(&e.format(&mut cmd)),
    };
    for note in common::deprecated::notes(&cmd, &args) {
        eprintln!("{note}");
    }
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
        #[cfg(feature = "web")]
        cli::Command::Serve(args) => serve::run(args),
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

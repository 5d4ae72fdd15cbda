//! `hetman knight ...`: the commands and their dispatch. Each command is one
//! module here (its arguments, help and `run`), using `crate::common` and the
//! library only.

mod check;
mod count;
mod list;
mod merge;
mod table;
mod tour;
mod trace;
mod watch;

use anyhow::Result;
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Debug, Subcommand)]
pub enum KnightCommand {
    /// Find one knight's tour and print it as the seed does: the board of move numbers.
    #[command(after_help = tour::HELP)]
    Tour(tour::TourArgs),
    /// Stream every tour from a start square (boards of up to 64 squares).
    #[command(after_help = list::HELP)]
    List(list::ListArgs),
    /// Count tours: from one square (--start), or every tour of the board with a table per square.
    #[command(after_help = count::HELP)]
    Count(count::CountArgs),
    /// Count the tours of every board K x n for n from A to B, one sweep for all rows.
    #[command(after_help = table::HELP)]
    Table(table::TableArgs),
    /// Check a tour given as a move list or a numbered board (argument, --file or standard input).
    #[command(after_help = check::HELP)]
    Check(check::CheckArgs),
    /// Add up the shards of a whole-board count (knight count --shard I/K --result FILE).
    #[command(after_help = merge::HELP)]
    Merge(crate::common::shard::MergeArgs),
    /// Every step of the knight's search (moves, dead ends, steps back, tours) as text or JSON Lines.
    #[command(after_help = trace::HELP)]
    Trace(trace::TraceCmdArgs),
    /// Watch the knight's search in the terminal, step by step, forward and back.
    #[command(after_help = watch::HELP)]
    Watch(watch::WatchArgs),
}

pub fn run(cmd: KnightCommand) -> Result<ExitCode> {
    match cmd {
        KnightCommand::Tour(a) => tour::run(&a),
        KnightCommand::List(a) => list::run(&a),
        KnightCommand::Count(a) => count::run(&a),
        KnightCommand::Table(a) => table::run(&a),
        KnightCommand::Check(a) => check::run(&a),
        KnightCommand::Merge(a) => merge::run(&a),
        KnightCommand::Trace(a) => trace::run(&a),
        KnightCommand::Watch(a) => watch::run(&a),
    }
}

//! `hetman queens ...`: the commands and their dispatch. Each command is one
//! module here (its arguments, help and `run`), using `crate::common` and the
//! library only.

mod check;
mod compare;
mod complete;
mod count;
mod list;
mod merge;
mod slurm;
mod solve;
mod symmetry;
mod trace;
mod watch;

use anyhow::Result;
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Debug, Subcommand)]
pub enum QueensCommand {
    /// Count the solutions for N queens, all and unique (distinct under rotations and reflections).
    #[command(after_help = count::HELP)]
    Count(count::CountArgs),
    /// Run every algorithm that can do N in reasonable time and compare them in one table.
    #[command(after_help = compare::HELP)]
    Compare(compare::CompareArgs),
    /// Stream the solutions for N queens, one per line (or one board each).
    #[command(after_help = list::HELP)]
    List(list::ListArgs),
    /// Check a placement: is it a solution, which pairs of queens attack each other.
    #[command(after_help = check::HELP)]
    Check(check::CheckArgs),
    /// Show the 8 images of a placement under rotations and reflections, its canonical form and class size.
    #[command(after_help = symmetry::HELP)]
    Symmetry(symmetry::SymmetryArgs),
    /// One solution for any N from 4 up (explicit construction, streamed), or a random one (--random).
    #[command(after_help = solve::HELP)]
    Solve(solve::SolveArgs),
    /// Complete a placement: keep given queens (--with), avoid blocked squares (--block); find, count or list.
    #[command(after_help = complete::HELP)]
    Complete(complete::CompleteArgs),
    /// Add up the shard results of a split count (written by count --shard I/K --result FILE).
    #[command(after_help = merge::HELP)]
    Merge(crate::common::shard::MergeArgs),
    /// Write Slurm job-array scripts that count N queens in shards and merge the results.
    #[command(after_help = slurm::HELP)]
    Slurm(slurm::SlurmArgs),
    /// Every step of the search (calls of test(c), ranks tried and refused and why, put, remove, solutions) as text or JSON Lines.
    #[command(after_help = trace::HELP)]
    Trace(trace::TraceCmdArgs),
    /// Watch the search in the terminal, step by step, forward and back.
    #[command(after_help = watch::HELP)]
    Watch(watch::WatchArgs),
}

pub fn run(cmd: QueensCommand) -> Result<ExitCode> {
    match cmd {
        QueensCommand::Count(a) => count::run(&a),
        QueensCommand::Compare(a) => compare::run(&a),
        QueensCommand::List(a) => list::run(&a),
        QueensCommand::Check(a) => check::run(&a),
        QueensCommand::Symmetry(a) => symmetry::run(&a),
        QueensCommand::Solve(a) => solve::run(&a),
        QueensCommand::Complete(a) => complete::run(&a),
        QueensCommand::Merge(a) => merge::run(&a),
        QueensCommand::Slurm(a) => slurm::run(&a),
        QueensCommand::Trace(a) => trace::run(&a),
        QueensCommand::Watch(a) => watch::run(&a),
    }
}

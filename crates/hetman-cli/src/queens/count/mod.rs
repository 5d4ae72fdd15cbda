//! `hetman queens count`: the number of solutions, all and unique; with
//! `--checkpoint`, `--shard`, `--result` or `--estimate` a long run (see
//! [`resumable`], and [`estimate`] for what `--estimate` prints).

mod estimate;
mod resumable;

use crate::common::args::{check_n_for, invalid_value, parse_search_n, ShardSpec};
use crate::common::engine::{refusal_within, run_count, AlgorithmArg};
use crate::common::long_run::{memory_budget, resolve_threads};
use crate::common::output::{self, count_of, group, s};
use anyhow::{bail, Result};
use clap::Args;
use hetman::queens::Algorithm;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

pub const HELP: &str = "Examples:\n  hetman queens count 8\n  \
hetman queens count 8 --algorithm backtracking --stats   # test is called 1965 times\n  \
hetman queens count 14 --json\n  \
hetman queens count 18 --threads 2 --stats   # the fast engine on two cores\n  \
hetman queens count 17 --checkpoint q17.ckpt  # kill it, run again: it resumes\n  \
hetman queens count 20 --estimate --shard 0/8 # expected CPU time, per shard too\n  \
hetman queens count 18 --shard 2/8 --result s2.json   # part 2 of 8; see queens merge\n\n\
The default engine (fast) cuts the board between its middle files and matches every \
west half against every east half by the diagonals crossing the cut (N = 8 to 28; for \
other N it counts one member of each symmetry class of border-queen constellations \
instead), and gets the unique count by Burnside's lemma. --checkpoint, --shard and \
--estimate use the same engine as the plain count. Its \
progress is shown on stderr for runs over a second (a bar on a terminal; otherwise a line \
a minute and one at the end: units done, share of the estimated work, rate, elapsed time \
and time left; --quiet hides it); Ctrl-C stops with exit code 130.";

#[derive(Debug, Args)]
pub struct CountArgs {
    /// The number of queens and the side of the board: 1 to 28 with the fast engine (the
    /// default); each --algorithm's range is given with it below.
    #[arg(value_parser = parse_search_n, allow_negative_numbers = true)]
    pub n: usize,
    /// The algorithm to count with.
    #[arg(long, short, value_enum, default_value = "fast")]
    pub algorithm: AlgorithmArg,
    /// Also print the work done (placements, calls or nodes; for the fast engine also its work units) and the time.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Threads for the fast engine, 1 to 1024 (default: all cores); the other algorithms run on one.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Start even when the estimate says the count would take more than an hour.
    #[arg(long)]
    pub force: bool,
    /// The most memory the count may take, such as 8GiB or 512M (default: the memory available
    /// now): a count whose engine needs more is refused before it starts.
    #[arg(long, value_name = "SIZE", value_parser = crate::common::args::parse_memory)]
    pub max_memory: Option<u64>,
    /// No progress on stderr (shown for runs over a second).
    #[arg(long, short)]
    pub quiet: bool,
    #[command(flatten)]
    pub long_run: LongRunArgs,
}

/// The flags of `queens count` for long runs (the fast engine only).
#[derive(Debug, Args)]
pub struct LongRunArgs {
    /// Record each finished work unit in FILE; after a crash, kill or Ctrl-C the same command resumes.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Count only part I of K (0 <= I < K) of a fixed split of the work balanced by estimated cost;
    /// K up to 64,000,000 (above 1,000,000, the half-board join cuts each of K / m shards into m,
    /// the fewest m that bring K / m within 1,000,000: K must be a multiple of m).
    #[arg(long, value_name = "I/K", value_parser = crate::common::args::parse_shard, allow_hyphen_values = true)]
    pub shard: Option<ShardSpec>,
    /// Also write the result as a JSON record to FILE, for `hetman queens merge`.
    #[arg(long, value_name = "FILE")]
    pub result: Option<PathBuf>,
    /// Do not count: time a sample of the work units here and print the expected wall and CPU time and memory (and per shard).
    /// With --checkpoint FILE, the work that is left (FILE is only read).
    #[arg(long, conflicts_with_all = ["result", "stats"])]
    pub estimate: bool,
}

impl LongRunArgs {
    fn is_set(&self) -> bool {
        self.checkpoint.is_some() || self.shard.is_some() || self.result.is_some() || self.estimate
    }

    fn flag(&self) -> &'static str {
        if self.estimate {
            "--estimate"
        } else if self.checkpoint.is_some() {
            "--checkpoint"
        } else if self.shard.is_some() {
            "--shard"
        } else if self.result.is_some() {
            "--result"
        } else {
            "--estimate"
        }
    }
}

pub fn run(a: &CountArgs) -> Result<ExitCode> {
    let algorithm = Algorithm::from(a.algorithm);
    check_n_for(algorithm, a.n)?;
    if let (Some(t), false) = (a.threads, algorithm == Algorithm::Fast) {
        return Err(invalid_value(
            "--threads <THREADS>",
            t,
            &format!(
                "--threads sets the threads of the fast engine; --algorithm {} runs on one \
                 thread (leave --threads out)",
                algorithm.name()
            ),
        ));
    }
    if a.long_run.is_set() && algorithm != Algorithm::Fast {
        bail!(
            "{} works with the fast engine only, not with --algorithm {} (leave --algorithm out)",
            a.long_run.flag(),
            algorithm.name()
        );
    }
    let threads = resolve_threads(a.threads);
    if a.long_run.is_set() {
        return resumable::count(a, algorithm, threads);
    }
    let budget = memory_budget(a.max_memory);
    if let Some(why) = refusal_within(algorithm, a.n, a.force, threads, budget) {
        bail!("{why}");
    }
    let (c, time, units) = run_count(a.n, algorithm, threads, !a.quiet && !a.json, budget)?;
    if a.json {
        let mut v = json!({"n": a.n, "solutions": c.total, "unique": c.unique});
        if a.stats {
            v["algorithm"] = json!(algorithm.name());
            v["work"] = json!(c.work);
            v["work_unit"] = json!(units.map_or(algorithm.work_unit(), |(_, e)| e.work()));
            v["seconds"] = json!(time.as_secs_f64());
            if let Some((u, engine)) = units {
                v["work_units"] = json!(u);
                v["work_units_are"] = json!(engine.units());
                v["threads"] = json!(threads);
            }
        }
        crate::outln!("{v}");
    } else {
        crate::outln!("{}", headline(a.n, c.total, c.unique));
        if a.stats {
            crate::outln!("algorithm: {}", algorithm.name());
            if let Some((u, engine)) = units {
                crate::outln!(
                    "work units: {} ({}), on {threads} thread{}",
                    group(u as u64),
                    engine.units(),
                    s(threads as u64)
                );
            }
            let work_unit = units.map_or(algorithm.work_unit(), |(_, e)| e.work());
            crate::outln!("{work_unit}: {}", group(c.work));
            crate::outln!("time: {}", output::duration(time));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `8 queens: 92 solutions, 12 unique`; `1 queen: 1 solution, 1 unique`.
fn headline(n: usize, total: u64, unique: u64) -> String {
    format!(
        "{}: {}, {} unique",
        count_of(n as u64, "queen", "queens"),
        count_of(total, "solution", "solutions"),
        group(unique)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn headlines_are_singular_for_one() {
        assert_eq!(headline(1, 1, 1), "1 queen: 1 solution, 1 unique");
        assert_eq!(headline(8, 92, 12), "8 queens: 92 solutions, 12 unique");
    }

    /// The ranges the help gives are the engines' own.
    #[test]
    fn help_gives_each_algorithms_range() {
        let mut cmd = crate::cli::Cli::command();
        let help = cmd
            .find_subcommand_mut("queens")
            .and_then(|q| q.find_subcommand_mut("count"))
            .unwrap()
            .render_long_help()
            .to_string();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            help.contains(&format!(
                "1 to {} with the fast engine",
                Algorithm::Fast.max_n()
            )),
            "{help}"
        );
        for alg in Algorithm::ALL {
            let name = alg.name();
            let at = help
                .find(&format!("{name}:"))
                .unwrap_or_else(|| panic!("{name}"));
            let line = &help[at..];
            let says = format!("N up to {}", alg.max_n());
            let end = line.find(&says).map(|i| i + says.len());
            assert!(
                end.is_some_and(|e| !line[e..].starts_with(|c: char| c.is_ascii_digit())),
                "{name}: {}",
                &line[..line.len().min(200)]
            );
        }
    }
}

//! `hetman queens slurm`: write Slurm job-array scripts that count N queens
//! in shards and merge the results.

use crate::common::args::parse_n;
use crate::common::long_run::write_atomically;
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::queens::count::{Engine, Plan};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub const HELP: &str = "Writes DIR/queens-N.sbatch (a job array with one task per \
shard; each task resumes from its own checkpoint if it is run again) and \
DIR/queens-N-merge.sbatch (the merge, submitted to start after every task succeeded), and \
prints the two commands that submit them. DIR must be on a file system that every node \
sees, and so must the hetman binary (--hetman, default this one). An array has at most \
--max-array tasks (Slurm's MaxArraySize, 1001 by default: `scontrol show config | grep \
MaxArraySize`); with more shards than that, task i counts shards i, i + T, i + 2T... one \
after another (T the number of tasks), skipping those whose result is already written, so \
give --time for that many.\n\n\
Examples:\n  hetman queens slurm 13 --shards 4\n  \
hetman queens count 21 --estimate --shard 0/64     # size the job first\n  \
hetman queens slurm 21 --shards 64 --partition long --time 2:00:00 --dir /shared/q21\n  \
hetman queens slurm 26 --shards 10000 --time 3-00:00:00 --dir /shared/q26   # 1,001 tasks";

#[derive(Debug, Args)]
pub struct SlurmArgs {
    /// The number of queens and the side of the board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// The number of shards, K: from 1 to 64,000,000 (above 1,000,000, a split into K / m
    /// shards each cut into m; see `queens count --shard`).
    #[arg(long, value_parser = parse_shards)]
    pub shards: u32,
    /// The Slurm partition to submit to (default: the cluster's default partition).
    #[arg(long, value_parser = parse_partition)]
    pub partition: Option<String>,
    /// The time limit of each task, in Slurm's format: MINUTES, HH:MM:SS, D-HH:MM...
    #[arg(long, value_parser = parse_time)]
    pub time: Option<String>,
    /// The directory for the scripts, results, checkpoints and logs (default: hetman-queens-N).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Threads (CPUs) per task.
    #[arg(long, short = 'j', default_value = "1", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// The hetman binary the tasks run (default: this one).
    #[arg(long)]
    pub hetman: Option<PathBuf>,
    /// The most tasks in the array: the cluster's MaxArraySize (indices 0..M-1).
    #[arg(long, value_name = "M", default_value_t = 1001, value_parser = clap::value_parser!(u32).range(1..=4_000_001))]
    pub max_array: u32,
}

/// `--shards K`: from 1 to the most a split takes, and above
/// [`MAX_SHARDS`](hetman::queens::count::MAX_SHARDS) a multiple of its
/// fine split's `m` ([`Split::sizes`](hetman::queens::count::Split::sizes)).
fn parse_shards(s: &str) -> Result<u32, String> {
    let most = hetman::queens::count::MAX_SHARDS * hetman::queens::count::MAX_FINE;
    let k = s
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&k| (1..=most as u64).contains(&k))
        .ok_or_else(|| format!("expected a number of shards from 1 to {most}"))?;
    hetman::queens::count::Split::sizes(k as usize).map_err(|e| e.to_string())?;
    Ok(k as u32)
}

fn parse_partition(s: &str) -> Result<String, String> {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ','))
    {
        Ok(s.to_string())
    } else {
        Err("a partition name is letters, digits, '_', '-' and '.' (several joined by ',')".into())
    }
}

/// Slurm's time formats: M, M:S, H:M:S, D-H, D-H:M, D-H:M:S.
fn parse_time(s: &str) -> Result<String, String> {
    let usage =
        "expected a Slurm time limit: MINUTES, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS";
    let num = |p: &str| !p.is_empty() && p.len() <= 6 && p.chars().all(|c| c.is_ascii_digit());
    let ok = match s.split_once('-') {
        Some((d, rest)) => {
            let parts: Vec<&str> = rest.split(':').collect();
            num(d) && parts.len() <= 3 && parts.iter().all(|p| num(p))
        }
        None => {
            let parts: Vec<&str> = s.split(':').collect();
            parts.len() <= 3 && parts.iter().all(|p| num(p))
        }
    };
    if ok {
        Ok(s.to_string())
    } else {
        Err(usage.to_string())
    }
}

/// Quotes a string for a POSIX shell.
fn sh(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn absolute(p: &Path) -> Result<PathBuf> {
    Ok(if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()
            .context("cannot find the current directory")?
            .join(p)
    })
}

pub fn run(a: &SlurmArgs) -> Result<ExitCode> {
    let n = a.n;
    let k = a.shards;
    Plan::new(n).map_err(|e| anyhow::anyhow!("N '{n}': {e}"))?;
    let dir = absolute(
        &a.dir
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("hetman-queens-{n}"))),
    )?;
    let hetman = match &a.hetman {
        Some(p) => {
            let p = absolute(p)?;
            if !p.is_file() {
                bail!("--hetman '{}': no such file", p.display());
            }
            p
        }
        None => std::env::current_exe().context("cannot find the hetman binary")?,
    };
    for sub in ["results", "checkpoints", "logs"] {
        std::fs::create_dir_all(dir.join(sub))
            .with_context(|| format!("cannot create --dir '{}'", dir.display()))?;
    }
    let d = dir.display().to_string();
    let bin = sh(&hetman.display().to_string());
    let engine = Engine::for_n(n);
    let mut head = format!(
        "#!/bin/bash\n# Written by `hetman queens slurm {n} --shards {k}` ({}, {}).\n",
        engine.name(),
        engine.version()
    );
    let mut opts = String::new();
    if let Some(p) = &a.partition {
        opts.push_str(&format!("#SBATCH --partition={p}\n"));
    }
    if let Some(t) = &a.time {
        opts.push_str(&format!("#SBATCH --time={t}\n"));
    }
    head.push_str(&format!("#SBATCH --job-name=hetman-q{n}\n"));
    // Tasks: one shard each, or with more shards than the array may hold,
    // shards i, i + T, i + 2T... each.
    let tasks = k.min(a.max_array);
    let per_task = k.div_ceil(tasks);
    let what = if per_task == 1 {
        "# One shard per array task. Running a task again resumes from its checkpoint.\n"
            .to_string()
    } else {
        format!(
            "# {k} shards on {tasks} array tasks (Slurm's MaxArraySize): task i counts shards\n\
# i, i + {tasks}, i + {t2}... (up to {per_task}) one after another, skipping those already\n\
# written. Running a task again resumes from its checkpoint.\n",
            t2 = 2 * u64::from(tasks),
        )
    };
    let array = format!(
        "{head}#SBATCH --array=0-{last}\n#SBATCH --cpus-per-task={threads}\n{opts}\
#SBATCH --output={out}\n\
{what}\
set -euo pipefail\n\
for ((i = SLURM_ARRAY_TASK_ID; i < {k}; i += {tasks})); do\n  \
[ -e {res}\"/shard-$i.json\" ] && continue\n  \
{bin} queens count {n} --shard \"$i/{k}\" --threads {threads} --force --quiet \\\n    \
--checkpoint {ckpt}\"/shard-$i.ckpt\" \\\n    --result {res}\"/shard-$i.json\"\n\
done\n",
        last = tasks - 1,
        threads = a.threads,
        out = sbatch_path(&format!("{d}/logs/shard-%a.out")),
        ckpt = sh(&format!("{d}/checkpoints")),
        res = sh(&format!("{d}/results")),
    );
    let merge = format!(
        "{head}#SBATCH --ntasks=1\n{opts}#SBATCH --output={out}\n\
# Adds up the shards once every array task has succeeded (afterok).\n\
set -euo pipefail\n\
{bin} queens merge --stats {res} | tee {total}\n",
        out = sbatch_path(&format!("{d}/logs/merge.out")),
        res = sh(&format!("{d}/results")),
        total = sh(&format!("{d}/total.txt")),
    );
    let array_path = dir.join(format!("queens-{n}.sbatch"));
    let merge_path = dir.join(format!("queens-{n}-merge.sbatch"));
    for (path, text) in [(&array_path, &array), (&merge_path, &merge)] {
        write_atomically(path, text)
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    if per_task == 1 {
        crate::outln!(
            "wrote {} (a job array of {k} shard{}) and {}",
            array_path.display(),
            if k == 1 { "" } else { "s" },
            merge_path.display()
        );
    } else {
        crate::outln!(
            "wrote {} (a job array of {tasks} tasks for {k} shards: up to {per_task} shards a task, \
one after another; --time is for them all) and {}",
            array_path.display(),
            merge_path.display()
        );
    }
    crate::outln!("submit both (the merge starts when every shard has succeeded):");
    crate::outln!(
        "  jobid=$(sbatch --parsable {})",
        sh(&array_path.display().to_string())
    );
    crate::outln!(
        "  sbatch --dependency=afterok:$jobid {}",
        sh(&merge_path.display().to_string())
    );
    crate::outln!("the totals will be in {d}/total.txt");
    Ok(ExitCode::SUCCESS)
}

/// A path for an `#SBATCH` line, which is not read by a shell: refused
/// characters are left as they are, so paths with spaces need quoting there.
fn sbatch_path(p: &str) -> String {
    if p.contains(char::is_whitespace) {
        format!("\"{p}\"")
    } else {
        p.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slurm_times_and_partitions() {
        for ok in ["30", "30:00", "2:00:00", "1-12", "1-12:30", "1-12:30:00"] {
            assert!(parse_time(ok).is_ok(), "{ok}");
        }
        for bad in ["", "1h", "1:2:3:4", "-5", "1-", "a-1"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
        assert!(parse_partition("long,short").is_ok());
        assert!(parse_partition("x; rm").is_err());
        assert_eq!(sh("it's"), r"'it'\''s'");
    }
}

//! Long queens counts: `count --checkpoint/--shard/--result/--estimate`,
//! `queens merge` and `queens slurm`.

use crate::cli::parse_n;
use crate::output::{self, group};
use crate::queens::{refusal, with_fast_options, CountArgs};
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::queens::count::{
    constellation_seconds, count_resumable, estimate_cpu, merge_shards, Plan, ShardCount,
    ShardRecord, Split, SymmetricCounts, ENGINE_VERSION,
};
use hetman::queens::Algorithm;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The `format` field of a shard result record.
const RECORD_FORMAT: &str = "hetman-queens-shard";
/// Seconds of one shard above which a count refuses to start without --force.
const SHARD_LIMIT_SECONDS: f64 = 3600.0;
/// Time spent timing the search for --estimate.
const ESTIMATE_BUDGET: Duration = Duration::from_millis(1500);

pub const MERGE_HELP: &str = "Every shard 0..K-1 of one split must be given exactly once; \
missing, duplicated and mismatched shards are named by number. The output is the same as \
`queens count` (with --json too).\n\n\
Examples:\n  for i in 0 1 2 3; do hetman queens count 15 --shard $i/4 --result s$i.json; done\n  \
hetman queens merge s0.json s1.json s2.json s3.json\n  \
hetman queens merge results/*.json --stats";

pub const SLURM_HELP: &str = "Writes DIR/queens-N.sbatch (a job array with one task per \
shard; each task resumes from its own checkpoint if it is run again) and \
DIR/queens-N-merge.sbatch (the merge, submitted to start after every task succeeded), and \
prints the two commands that submit them. DIR must be on a file system that every node \
sees, and so must the hetman binary (--hetman, default this one). Slurm's MaxArraySize \
(1001 by default) limits --shards.\n\n\
Examples:\n  hetman queens slurm 13 --shards 4\n  \
hetman queens count 21 --estimate --shard 0/64     # size the job first\n  \
hetman queens slurm 21 --shards 64 --partition long --time 2:00:00 --dir /shared/q21";

/// Which shard of how many, from `--shard I/K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardSpec {
    pub index: usize,
    pub count: usize,
}

pub(crate) fn parse_shard(s: &str) -> Result<ShardSpec, String> {
    let usage = "expected I/K with 0 <= I < K, such as 0/4 (part 0 of 4)";
    let (i, k) = s.trim().split_once('/').ok_or_else(|| usage.to_string())?;
    let (Ok(index), Ok(count)) = (i.trim().parse::<i64>(), k.trim().parse::<i64>()) else {
        return Err(usage.to_string());
    };
    if !(1..=1_000_000).contains(&count) {
        return Err("the number of shards K must be from 1 to 1000000".to_string());
    }
    if !(0..count).contains(&index) {
        return Err(format!(
            "shards are numbered from 0 to K-1, here 0 to {}",
            count - 1
        ));
    }
    Ok(ShardSpec {
        index: index as usize,
        count: count as usize,
    })
}

/// The flags of `queens count` for long runs.
#[derive(Debug, Args)]
pub struct LongRunArgs {
    /// Record each finished work unit in FILE; after a crash, kill or Ctrl-C the same command resumes.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Count only part I of K (0 <= I < K) of a fixed split of the work balanced by estimated cost.
    #[arg(long, value_name = "I/K", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<ShardSpec>,
    /// Also write the result as a JSON record to FILE, for `hetman queens merge`.
    #[arg(long, value_name = "FILE")]
    pub result: Option<PathBuf>,
    /// Do not count: sample the work units and print the expected CPU time (and per shard).
    #[arg(long, conflicts_with_all = ["checkpoint", "result"])]
    pub estimate: bool,
}

impl LongRunArgs {
    pub fn is_set(&self) -> bool {
        self.checkpoint.is_some() || self.shard.is_some() || self.result.is_some() || self.estimate
    }

    fn flag(&self) -> &'static str {
        if self.checkpoint.is_some() {
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

/// `queens count` with --checkpoint, --shard, --result or --estimate.
pub fn count(a: &CountArgs, algorithm: Algorithm, threads: usize) -> Result<ExitCode> {
    let l = &a.long_run;
    if algorithm != Algorithm::Fast {
        bail!(
            "{} works with the fast engine only, not with --algorithm {} (leave --algorithm out)",
            l.flag(),
            algorithm.name()
        );
    }
    // Range and memory; the time limit is per shard, below.
    if let Some(why) = refusal(algorithm, a.n, true, threads) {
        bail!("{why}");
    }
    let spec = l.shard.unwrap_or(ShardSpec { index: 0, count: 1 });
    let plan = Plan::new(a.n)?;
    let split = Split::new(&plan, spec.count)?;
    if l.estimate {
        return estimate(a, &plan, &split, spec, threads);
    }
    let per_shard = constellation_seconds(a.n) / spec.count as f64 / threads as f64;
    if per_shard > SHARD_LIMIT_SECONDS && !a.force {
        let what = if spec.count == 1 {
            format!("N = {}", a.n)
        } else {
            format!("shard {}/{} of N = {}", spec.index, spec.count, a.n)
        };
        bail!(
            "{what} would take about {} on {threads} thread{}; it refuses runs estimated above an \
             hour (see --estimate; use more shards, or add --force to start anyway)",
            output::seconds(per_shard),
            if threads == 1 { "" } else { "s" }
        );
    }
    let start = Instant::now();
    let result = with_fast_options(threads, !a.quiet && !a.json, |opts| {
        count_resumable(&plan, &split, spec.index, l.checkpoint.as_deref(), opts)
    });
    let c = match result {
        Ok(c) => c,
        Err(hetman::Error::Interrupted) => {
            if let Some(p) = &l.checkpoint {
                eprintln!(
                    "hetman: finished units are saved in '{}'; run the same command to resume",
                    p.display()
                );
            }
            return Err(hetman::Error::Interrupted.into());
        }
        Err(e) => return Err(e.into()),
    };
    let wall = start.elapsed().as_secs_f64();
    if let (Some(p), false) = (&l.checkpoint, a.quiet) {
        if c.resumed > 0 {
            eprintln!(
                "hetman: {} of {} units were taken from '{}'",
                group(c.resumed as u64),
                group(c.units as u64),
                p.display()
            );
        }
    }
    let record = record_json(&c, wall, threads);
    if let Some(path) = &l.result {
        write_atomically(path, &format!("{record}\n"))
            .with_context(|| format!("cannot write --result '{}'", path.display()))?;
    }
    if let Some(unique) = c.unique() {
        if a.json {
            let mut v = json!({"n": a.n, "solutions": c.solutions, "unique": unique});
            if a.stats {
                v["algorithm"] = json!(algorithm.name());
                v["work"] = json!(c.nodes);
                v["work_unit"] = json!(algorithm.work_unit());
                v["seconds"] = json!(wall);
                v["cpu_seconds"] = json!(c.cpu_seconds);
                v["work_units"] = json!(c.units);
                v["resumed_units"] = json!(c.resumed);
                v["threads"] = json!(threads);
            }
            crate::outln!("{v}");
        } else {
            crate::outln!(
                "{} queens: {} solutions, {} unique",
                a.n,
                group(c.solutions),
                group(unique)
            );
            if a.stats {
                print_stats(&c, algorithm, threads, wall)?;
            }
        }
    } else if a.json {
        crate::outln!("{record}");
    } else {
        crate::outln!(
            "{} queens, shard {} of {} (split {}): {} solutions in {} units",
            a.n,
            c.shard,
            c.shards,
            c.split,
            group(c.solutions),
            group(c.units as u64)
        );
        if a.stats {
            print_stats(&c, algorithm, threads, wall)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_stats(c: &ShardCount, algorithm: Algorithm, threads: usize, wall: f64) -> Result<()> {
    crate::outln!("algorithm: {}", algorithm.name());
    crate::outln!(
        "work units: {} ({} from the checkpoint), on {threads} thread{}",
        group(c.units as u64),
        group(c.resumed as u64),
        if threads == 1 { "" } else { "s" }
    );
    crate::outln!("{}: {}", algorithm.work_unit(), group(c.nodes));
    crate::outln!("time: {}", output::seconds(wall));
    crate::outln!("cpu time over all runs: {}", output::seconds(c.cpu_seconds));
    Ok(())
}

fn record_json(c: &ShardCount, wall: f64, threads: usize) -> Value {
    json!({
        "format": RECORD_FORMAT,
        "engine": ENGINE_VERSION,
        "n": c.n,
        "shard": c.shard,
        "shards": c.shards,
        "split": c.split,
        "units": c.units,
        "solutions": c.solutions,
        "nodes": c.nodes,
        "half_turn": c.symmetric.map(|s| s.half_turn),
        "quarter_turn": c.symmetric.map(|s| s.quarter_turn),
        "cpu_seconds": c.cpu_seconds,
        "seconds": wall,
        "threads": threads,
    })
}

/// Writes `text` to a temporary file next to `path`, syncs it and renames it
/// into place, so that `path` is either the old file or the whole new one.
pub(crate) fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(name);
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)
}

fn estimate(
    a: &CountArgs,
    plan: &Plan,
    split: &Split,
    spec: ShardSpec,
    threads: usize,
) -> Result<ExitCode> {
    let e = estimate_cpu(plan, split, ESTIMATE_BUDGET);
    let (lo, hi) = e
        .shard_seconds
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), &s| {
            (lo.min(s), hi.max(s))
        });
    let mine = e.shard_seconds[spec.index];
    if a.json {
        let mut v = json!({
            "n": a.n, "cpu_seconds": e.seconds, "nodes": e.nodes,
            "nanos_per_node": e.nanos_per_node, "wall_seconds": e.seconds / threads as f64,
            "threads": threads, "units": e.units, "sampled_units": e.sampled,
            "probes_per_unit": e.probes, "timed_units": e.timed,
        });
        if spec.count > 1 {
            v["shards"] = json!(spec.count);
            v["shard"] = json!(spec.index);
            v["shard_cpu_seconds"] = json!(mine);
            v["shard_cpu_seconds_min"] = json!(lo);
            v["shard_cpu_seconds_max"] = json!(hi);
        }
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!(
        "{} queens: about {} of CPU time ({} search nodes at {:.2} ns each), about {} on {threads} thread{}",
        a.n,
        output::seconds(e.seconds),
        output::group_f64(e.nodes),
        e.nanos_per_node,
        output::seconds(e.seconds / threads as f64),
        if threads == 1 { "" } else { "s" }
    );
    if spec.count > 1 {
        crate::outln!(
            "shard {} of {}: about {} of CPU time (the {} shards: {} to {} each)",
            spec.index,
            spec.count,
            output::seconds(mine),
            spec.count,
            output::seconds(lo),
            output::seconds(hi)
        );
    }
    crate::outln!(
        "(sampled {} of {} work units, {} random probes each; speed timed on {} of them)",
        group(e.sampled as u64),
        group(e.units as u64),
        group(u64::from(e.probes)),
        e.timed
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard result files (JSON records written by count --shard I/K --result FILE).
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the shards, work units, nodes and CPU time.
    #[arg(long)]
    pub stats: bool,
}

/// Reads a shard result file of the given `format` (queens or knight) as JSON.
pub(crate) fn read_json_record(path: &Path, format: &str) -> Result<Value> {
    let shown = path.display();
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read FILES '{shown}'"))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("FILES '{shown}' is not a shard result (not JSON: {e})"))?;
    if v["format"] != format {
        bail!(
            "FILES '{shown}' is not a {} shard result (its format is {}, not \"{format}\")",
            format.split('-').nth(1).unwrap_or("hetman"),
            v["format"]
        );
    }
    Ok(v)
}

/// Reads one shard result record.
fn read_record(path: &Path) -> Result<ShardRecord> {
    let shown = path.display();
    let v = read_json_record(path, RECORD_FORMAT)?;
    let field = |k: &str| -> Result<u64> {
        v[k].as_u64().with_context(|| {
            format!(
                "FILES '{shown}' is a damaged shard result: '{k}' is {}",
                v[k]
            )
        })
    };
    let symmetric = match (v["half_turn"].as_u64(), v["quarter_turn"].as_u64()) {
        (Some(h), Some(q)) => Some(SymmetricCounts {
            half_turn: h,
            quarter_turn: q,
        }),
        _ => None,
    };
    Ok(ShardRecord {
        source: shown.to_string(),
        n: field("n")? as usize,
        shard: field("shard")? as usize,
        shards: field("shards")? as usize,
        split: v["split"]
            .as_str()
            .with_context(|| format!("FILES '{shown}' is a damaged shard result: no split"))?
            .to_string(),
        units: field("units")? as usize,
        solutions: field("solutions")?,
        nodes: field("nodes")?,
        cpu_seconds: v["cpu_seconds"].as_f64().unwrap_or(0.0),
        symmetric,
    })
}

pub fn merge(a: &MergeArgs) -> Result<ExitCode> {
    let records = a
        .files
        .iter()
        .map(|p| read_record(p))
        .collect::<Result<Vec<_>>>()?;
    let m = merge_shards(&records)?;
    if a.json {
        let mut v = json!({"n": m.n, "solutions": m.total, "unique": m.unique});
        if a.stats {
            v["shards"] = json!(m.shards);
            v["split"] = json!(m.split);
            v["work_units"] = json!(m.units);
            v["work"] = json!(m.nodes);
            v["work_unit"] = json!(hetman::queens::count::WORK_UNIT);
            v["cpu_seconds"] = json!(m.cpu_seconds);
        }
        crate::outln!("{v}");
    } else {
        crate::outln!(
            "{} queens: {} solutions, {} unique",
            m.n,
            group(m.total),
            group(m.unique)
        );
        if a.stats {
            crate::outln!("shards: {} (split {})", m.shards, m.split);
            crate::outln!("work units: {}", group(m.units as u64));
            crate::outln!("{}: {}", hetman::queens::count::WORK_UNIT, group(m.nodes));
            crate::outln!("cpu time: {}", output::seconds(m.cpu_seconds));
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Debug, Args)]
pub struct SlurmArgs {
    /// The number of queens and the side of the board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: usize,
    /// The number of shards: one array task each.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
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

pub fn slurm(a: &SlurmArgs) -> Result<ExitCode> {
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
    let mut head = format!(
        "#!/bin/bash\n# Written by `hetman queens slurm {n} --shards {k}` ({ENGINE_VERSION}).\n"
    );
    let mut opts = String::new();
    if let Some(p) = &a.partition {
        opts.push_str(&format!("#SBATCH --partition={p}\n"));
    }
    if let Some(t) = &a.time {
        opts.push_str(&format!("#SBATCH --time={t}\n"));
    }
    head.push_str(&format!("#SBATCH --job-name=hetman-q{n}\n"));
    let array = format!(
        "{head}#SBATCH --array=0-{last}\n#SBATCH --cpus-per-task={threads}\n{opts}\
#SBATCH --output={out}\n\
# One shard per array task. Running a task again resumes from its checkpoint.\n\
set -euo pipefail\n\
i=$SLURM_ARRAY_TASK_ID\n\
exec {bin} queens count {n} --shard \"$i/{k}\" --threads {threads} --force --quiet \\\n  \
--checkpoint {ckpt}\"/shard-$i.ckpt\" \\\n  --result {res}\"/shard-$i.json\"\n",
        last = k - 1,
        threads = a.threads,
        out = sbatch_path(&format!("{d}/logs/shard-%a.out")),
        ckpt = sh(&format!("{d}/checkpoints")),
        res = sh(&format!("{d}/results")),
    );
    let merge = format!(
        "{head}#SBATCH --ntasks=1\n{opts}#SBATCH --output={out}\n\
# Adds up the shards once every array task has succeeded (afterok).\n\
set -euo pipefail\n\
{bin} queens merge --stats {res}/shard-*.json | tee {total}\n",
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
    crate::outln!(
        "wrote {} (a job array of {k} shard{}) and {}",
        array_path.display(),
        if k == 1 { "" } else { "s" },
        merge_path.display()
    );
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
    fn shard_specs() {
        assert_eq!(parse_shard("3/8"), Ok(ShardSpec { index: 3, count: 8 }));
        assert!(parse_shard("8/8").unwrap_err().contains("0 to 7"));
        assert!(parse_shard("-1/8").unwrap_err().contains("0 to 7"));
        assert!(parse_shard("1/0").unwrap_err().contains("from 1"));
        assert!(parse_shard("3").unwrap_err().contains("I/K"));
    }

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

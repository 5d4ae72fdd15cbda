//! `queens count` with `--checkpoint`, `--shard`, `--result` or `--estimate`:
//! the constellation engine, resumable and split into shards.

use super::CountArgs;
use crate::common::args::ShardSpec;
use crate::common::engine::{refusal, with_fast_options};
use crate::common::output::{self, group, s};
use crate::common::shard::{queens_record, write_record};
use anyhow::{bail, Result};
use hetman::queens::count::{
    constellation_seconds, count_resumable, estimate_cpu, Plan, ShardCount, Split,
};
use hetman::queens::Algorithm;
use serde_json::json;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Seconds of one shard above which a count refuses to start without --force.
const SHARD_LIMIT_SECONDS: f64 = 3600.0;
/// Time spent timing the search for --estimate.
const ESTIMATE_BUDGET: Duration = Duration::from_millis(1500);

/// Counts (or estimates) one shard of N; `algorithm` is the fast engine.
pub fn count(a: &CountArgs, algorithm: Algorithm, threads: usize) -> Result<ExitCode> {
    let l = &a.long_run;
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
            s(threads as u64)
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
    let record = queens_record(&c, wall, threads);
    if let Some(path) = &l.result {
        write_record(path, &record)?;
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
            crate::outln!("{}", super::headline(a.n, c.solutions, unique));
            if a.stats {
                print_stats(&c, algorithm, threads, wall)?;
            }
        }
    } else if a.json {
        crate::outln!("{record}");
    } else {
        crate::outln!(
            "{} queens, shard {} of {} (split {}): {} in {} units",
            a.n,
            c.shard,
            c.shards,
            c.split,
            output::count_of(c.solutions, "solution", "solutions"),
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
        s(threads as u64)
    );
    crate::outln!("{}: {}", algorithm.work_unit(), group(c.nodes));
    crate::outln!("time: {}", output::seconds(wall));
    crate::outln!("cpu time over all runs: {}", output::seconds(c.cpu_seconds));
    Ok(())
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
        s(threads as u64)
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

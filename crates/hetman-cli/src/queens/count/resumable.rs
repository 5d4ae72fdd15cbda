//! `queens count` with `--checkpoint`, `--shard`, `--result` or `--estimate`:
//! the engine a plain count would use (the half-board join for N from 8 to
//! 23, the constellation search elsewhere), resumable and split into shards.

use super::estimate::{estimate, estimate_join_run, human};
use super::CountArgs;
use crate::common::args::ShardSpec;
use crate::common::engine::{refusal_within, with_fast_options};
use crate::common::long_run::memory_budget;
use crate::common::output::{self, group, s};
use crate::common::shard::{queens_record, write_record};
use anyhow::{bail, Result};
use hetman::queens::count::{
    constellation_seconds, count_join_fine_resumable, count_join_resumable, count_resumable,
    estimate_seconds, Engine, JoinPlan, Plan, ShardCount, Split, MAX_SHARDS,
};
use hetman::queens::Algorithm;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

/// Seconds of one shard above which a count refuses to start without --force.
const SHARD_LIMIT_SECONDS: f64 = 3600.0;

/// Counts (or estimates) one shard of N; `algorithm` is the fast engine.
pub fn count(a: &CountArgs, algorithm: Algorithm, threads: usize) -> Result<ExitCode> {
    let l = &a.long_run;
    let spec = l.shard.unwrap_or(ShardSpec { index: 0, count: 1 });
    let engine = Engine::for_n(a.n);
    // Range and memory; the time limit is per shard, below. The join's
    // memory is its shard's, checked by the library from its own plan.
    let budget = match engine {
        Engine::Halves => None,
        Engine::Constellations => memory_budget(a.max_memory),
    };
    if let Some(why) = refusal_within(algorithm, a.n, true, threads, budget) {
        bail!("{why}");
    }
    if engine == Engine::Constellations && spec.count > MAX_SHARDS {
        bail!(
            "--shard: more than {} shards split the half-board join's units (N from 8 to 28), \
             not the {}'s",
            group(MAX_SHARDS as u64),
            engine.name()
        );
    }
    if l.estimate {
        if engine == Engine::Halves {
            return estimate_join_run(a, spec, threads);
        }
        if l.checkpoint.is_some() {
            bail!(
                "--estimate with --checkpoint: the work left is estimated for the half-board join \
                 (N from 8 to 28), not for the {} that counts N = {}",
                engine.name(),
                a.n
            );
        }
        let plan = Plan::new(a.n)?;
        let split = Split::new(&plan, spec.count)?;
        return estimate(a, &plan, &split, spec, threads);
    }
    let seconds = match engine {
        Engine::Halves => estimate_seconds(a.n),
        Engine::Constellations => constellation_seconds(a.n),
    };
    let per_shard = seconds / spec.count as f64 / threads as f64;
    if per_shard > SHARD_LIMIT_SECONDS && !a.force {
        let what = if spec.count == 1 {
            format!("N = {}", a.n)
        } else {
            format!("shard {}/{} of N = {}", spec.index, spec.count, a.n)
        };
        bail!(
            "{what} would take about {} on {threads} thread{} with the {}; it refuses runs \
             estimated above an hour (see --estimate; use more shards, or add --force to start \
             anyway)",
            human(per_shard),
            s(threads as u64),
            engine.name()
        );
    }
    let start = Instant::now();
    let checkpoint = l.checkpoint.as_deref();
    let result = with_fast_options(
        threads,
        !a.quiet && !a.json,
        memory_budget(a.max_memory),
        |opts| match engine {
            Engine::Halves => {
                let (k0, m) = Split::sizes(spec.count)?;
                let plan = JoinPlan::for_shards(a.n, k0)?;
                let split = Split::join(&plan, k0, threads)?;
                if m == 1 {
                    count_join_resumable(&plan, &split, spec.index, checkpoint, opts)
                } else {
                    count_join_fine_resumable(&plan, &split, m, spec.index, checkpoint, opts)
                }
            }
            Engine::Constellations => {
                let plan = Plan::new(a.n)?;
                let split = Split::new(&plan, spec.count)?;
                count_resumable(&plan, &split, spec.index, checkpoint, opts)
            }
        },
    );
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
    if let (Some(p), false) = (&l.checkpoint, a.quiet)
        && c.resumed > 0
    {
        eprintln!(
            "hetman: {} of {} units were taken from '{}'",
            group(c.resumed as u64),
            group(c.units as u64),
            p.display()
        );
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
                v["work_unit"] = json!(c.engine.work());
                v["engine"] = json!(c.engine.version());
                v["seconds"] = json!(wall);
                v["cpu_seconds"] = json!(c.cpu_seconds);
                v["work_units"] = json!(c.units);
                v["resumed_units"] = json!(c.resumed);
                v["threads"] = json!(threads);
                v["peak_bytes"] = json!(c.peak_bytes);
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
    crate::outln!("engine: {}", c.engine.version());
    crate::outln!("{}: {}", c.engine.work(), group(c.nodes));
    crate::outln!("time: {}", output::seconds(wall));
    crate::outln!("cpu time over all runs: {}", output::seconds(c.cpu_seconds));
    if c.engine == Engine::Halves {
        crate::outln!(
            "quarter cells and halves held at most: {} MiB",
            group(c.peak_bytes.div_ceil(1 << 20))
        );
    }
    Ok(())
}

//! `queens count --estimate`: the time and memory of a count or of one
//! shard, for the constellation search and the half-board join, and of the
//! work left in a checkpoint; printed in stages on a terminal.

use super::CountArgs;
use crate::common::args::ShardSpec;
use crate::common::long_run::memory_budget;
use crate::common::output::{self, group, s};
use anyhow::Result;
use hetman::queens::count::{
    estimate_cpu, estimate_join, fine_shard_bytes, shards_to_fit, Engine, JoinPlan, Plan, Split,
};
use serde_json::json;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Time spent timing the search for --estimate.
const ESTIMATE_BUDGET: Duration = Duration::from_millis(3000);

/// `--estimate` for the constellation search: its CPU time from random
/// probes of a sample of its units, timed for [`ESTIMATE_BUDGET`], and the
/// share of shard `spec` of it.
pub(super) fn estimate(
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
            "engine": Engine::Constellations.version(),
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
        "{} queens: about {} of CPU time ({} search nodes at {:.2} ns each), about {} on {threads} thread{}, with the constellation search",
        a.n,
        human(e.seconds),
        output::group_f64(e.nodes),
        e.nanos_per_node,
        human(e.seconds / threads as f64),
        s(threads as u64)
    );
    if spec.count > 1 {
        crate::outln!(
            "shard {} of {}: about {} of CPU time (the {} shards: {} to {} each)",
            spec.index,
            spec.count,
            human(mine),
            spec.count,
            human(lo),
            human(hi)
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

/// A duration for people: as `output::seconds` up to a year, then years
/// with one decimal ("about 3.1 years"), grouped beyond a thousand.
pub(super) fn human(s: f64) -> String {
    const YEAR: f64 = 86400.0 * 365.25;
    if s < 365.0 * 86400.0 {
        output::seconds(s)
    } else if s < 1000.0 * YEAR {
        format!("{:.1} years", s / YEAR)
    } else {
        format!("{} years", output::group_f64((s / YEAR).round()))
    }
}

/// `--estimate` for the half-board join: times a sample of its own units.
pub(super) fn estimate_join_run(
    a: &CountArgs,
    spec: ShardSpec,
    threads: usize,
) -> Result<ExitCode> {
    let stages = Stages::start(!a.quiet, a.n);
    stages.set("planning the units: the quarter placements and each rank set's cost");
    let (k0, m) = Split::sizes(spec.count)?;
    let plan = JoinPlan::for_shards(a.n, k0)?;
    let split = Split::join(&plan, k0, threads)?;
    let shards: Vec<&[usize]> = (0..split.shards()).map(|i| split.units(i)).collect();
    stages.set("timing a sample of the units");
    let e = estimate_join(&plan, &shards, threads, ESTIMATE_BUDGET);
    drop(stages);
    let wall = |cpu: f64| cpu / threads as f64;
    let (lo, hi) = e
        .shard_cpu_seconds
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), &s| {
            (lo.min(s), hi.max(s))
        });
    let mib = e.memory_bytes.div_ceil(1 << 20);
    let largest = e.shard_memory_bytes.iter().copied().max().unwrap_or(0);
    // A fine split: this shard's part of its group (a coarse shard cut into
    // m) by the estimated costs, its memory from its own units; the other
    // shards from the coarse ones, each cut into m as this one's group is.
    let (mine, shard_bytes, lo, hi, fine) = if m == 1 {
        let i = spec.index;
        (
            e.shard_cpu_seconds[i],
            e.shard_memory_bytes[i],
            lo,
            hi,
            None,
        )
    } else {
        let (fine, fine_split) = Split::join_fine(&plan, &split, m, spec.index, threads)?;
        let group = e.shard_cpu_seconds[spec.index / m];
        let costs: Vec<f64> = fine_split
            .held()
            .map(|i| fine_split.cost(i) as f64)
            .collect();
        // Parts of the coarse shard's cost: cut finer, pieces make their
        // halves again, and the group's costs add up to more than its.
        let sum = (split.cost(spec.index / m) as f64).max(1.0);
        let share = |i: usize| fine_split.cost(i) as f64 / sum;
        let most = costs.iter().fold(0.0f64, |a, &c| a.max(c)) / sum;
        let least = costs.iter().fold(f64::INFINITY, |a, &c| a.min(c)) / sum;
        // As the count checks it: the coarse plan and split are held too.
        let bytes = fine_shard_bytes(&plan, &split, (&fine, &fine_split), spec.index, threads);
        (
            group * share(spec.index),
            bytes,
            lo * least,
            hi * most,
            Some((fine, fine_split)),
        )
    };
    if let Some(path) = &a.long_run.checkpoint {
        return match &fine {
            None => {
                let seconds = |u: usize| e.unit_seconds[u];
                let left = Left::new(&plan, &split, e.setup_seconds, &seconds, shard_bytes);
                estimate_left(a, spec, threads, &left, path)
            }
            Some((fine, fine_split)) => {
                // Each fine unit by its share of the shard's estimated cost.
                let costs = fine.costs(threads);
                let all: u64 = fine_split.units(spec.index).iter().map(|&u| costs[u]).sum();
                let seconds = |u: usize| mine * costs[u] as f64 / all.max(1) as f64;
                let left = Left::new(fine, fine_split, e.setup_seconds, &seconds, shard_bytes);
                estimate_left(a, spec, threads, &left, path)
            }
        };
    }
    // Over the budget: the smallest number of shards that fits it.
    let over = memory_budget(a.max_memory)
        .filter(|&(budget, _)| largest > budget)
        .map(|(budget, what)| {
            let fits = shards_to_fit(&plan, k0.saturating_mul(2), budget, threads);
            (budget, what, fits)
        });
    if a.json {
        let mut v = json!({
            "n": a.n, "engine": Engine::Halves.version(), "cpu_seconds": e.cpu_seconds,
            "wall_seconds": wall(e.cpu_seconds), "threads": threads,
            "memory_bytes": e.memory_bytes, "setup_cpu_seconds": e.setup_seconds,
            "units": e.units, "timed_units": e.timed,
        });
        if spec.count > 1 {
            v["shards"] = json!(spec.count);
            v["shard"] = json!(spec.index);
            v["shard_cpu_seconds"] = json!(mine);
            v["shard_wall_seconds"] = json!(wall(mine));
            v["shard_cpu_seconds_min"] = json!(lo);
            v["shard_cpu_seconds_max"] = json!(hi);
            v["shard_memory_bytes"] = json!(shard_bytes);
            v["largest_shard_memory_bytes"] = json!(largest);
        }
        if let Some((budget, _, fits)) = over {
            v["memory_budget_bytes"] = json!(budget);
            v["shards_that_fit"] = json!(fits.map(|f| f.0));
        }
        crate::outln!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!(
        "{} queens: about {} on {threads} thread{} ({} of CPU time), peak memory at most about {} MiB, with the half-board join",
        a.n,
        human(wall(e.cpu_seconds)),
        s(threads as u64),
        human(e.cpu_seconds),
        group(mib)
    );
    if spec.count > 1 {
        crate::outln!(
            "shard {} of {}: about {} on {threads} thread{} ({} of CPU time; the {} shards: {} to {} each), peak memory at most about {} MiB (the largest shard: {}{} MiB)",
            spec.index,
            spec.count,
            human(wall(mine)),
            s(threads as u64),
            human(mine),
            spec.count,
            human(lo),
            human(hi),
            group(shard_bytes.div_ceil(1 << 20)),
            // A fine split's: its coarse shards', which hold more.
            if m > 1 { "at most " } else { "" },
            group(largest.div_ceil(1 << 20))
        );
    }
    if let Some((budget, what, fits)) = over {
        let cut = match fits {
            Some((k, worst)) => format!(
                "cut into {k} shards (--shard I/{k}), each holds at most about {} MiB",
                group(worst.div_ceil(1 << 20))
            ),
            None => "no finer split fits, as every shard holds the plan's tables and one \
                     unit's cells and halves at least"
                .to_string(),
        };
        crate::outln!(
            "over the memory budget of {} MiB ({what}) on {threads} thread{}: {cut}",
            group(budget >> 20),
            s(threads as u64)
        );
    }
    crate::outln!(
        "(timed {} of {} work units here; counting the quarter placements and building their cells: {} of CPU time a run)",
        e.timed,
        group(e.units as u64),
        human(e.setup_seconds)
    );
    Ok(ExitCode::SUCCESS)
}

/// What `--estimate` is doing, on stderr every few seconds from its second
/// second on (the plan of N = 26 and up takes a minute or so), from a
/// thread of its own; stopped when dropped.
struct Stages {
    state: std::sync::Arc<(std::sync::Mutex<(&'static str, bool)>, std::sync::Condvar)>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

/// The first line after this long, then one every `STAGE_EVERY`.
const STAGE_FIRST: Duration = Duration::from_secs(2);
const STAGE_EVERY: Duration = Duration::from_secs(10);

impl Stages {
    fn start(enabled: bool, n: usize) -> Stages {
        let state = std::sync::Arc::new((
            std::sync::Mutex::new(("", false)),
            std::sync::Condvar::new(),
        ));
        let ticker = enabled.then(|| {
            let state = std::sync::Arc::clone(&state);
            std::thread::spawn(move || {
                let t0 = Instant::now();
                let (lock, wake) = &*state;
                let mut due = STAGE_FIRST;
                let mut guard = lock
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                loop {
                    let wait = due.saturating_sub(t0.elapsed());
                    guard = wake
                        .wait_timeout(guard, wait)
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .0;
                    if guard.1 {
                        break;
                    }
                    if t0.elapsed() >= due {
                        eprintln!(
                            "hetman: estimating N = {n}: {} ({} so far)",
                            guard.0,
                            output::duration(t0.elapsed())
                        );
                        due += STAGE_EVERY;
                    }
                }
            })
        });
        Stages { state, ticker }
    }

    fn set(&self, stage: &'static str) {
        let mut guard = self
            .state
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        guard.0 = stage;
    }
}

impl Drop for Stages {
    fn drop(&mut self) {
        {
            let mut guard = self
                .state
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            guard.1 = true;
        }
        self.state.1.notify_all();
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
    }
}

/// What [`estimate_left`] reads: the plan and split of the shard's units,
/// the CPU seconds of a run's setup and of each unit, and the shard's
/// memory.
struct Left<'a> {
    plan: &'a JoinPlan,
    split: &'a Split,
    setup_seconds: f64,
    unit_seconds: &'a dyn Fn(usize) -> f64,
    memory_bytes: u64,
}

impl<'a> Left<'a> {
    fn new(
        plan: &'a JoinPlan,
        split: &'a Split,
        setup_seconds: f64,
        unit_seconds: &'a dyn Fn(usize) -> f64,
        memory_bytes: u64,
    ) -> Left<'a> {
        Left {
            plan,
            split,
            setup_seconds,
            unit_seconds,
            memory_bytes,
        }
    }
}

/// `--estimate --checkpoint FILE`: the work this shard has left after the
/// units FILE records (FILE is read, not changed).
fn estimate_left(
    a: &CountArgs,
    spec: ShardSpec,
    threads: usize,
    e: &Left<'_>,
    path: &std::path::Path,
) -> Result<ExitCode> {
    let (plan, split) = (e.plan, e.split);
    let done = hetman::jobs::checkpoint::Checkpoint::finished(path, &split.header(spec.index))?
        .unwrap_or_default();
    let costs = plan.costs(threads);
    let units = split.units(spec.index);
    let done: std::collections::BTreeSet<u64> = done.into_iter().map(|(k, _)| k).collect();
    let left: Vec<usize> = units
        .iter()
        .copied()
        .filter(|&u| !done.contains(&(u as u64)))
        .collect();
    let cost: u64 = left.iter().map(|&u| costs[u]).sum();
    let all: u64 = units.iter().map(|&u| costs[u]).sum();
    let cpu = if left.is_empty() {
        0.0
    } else {
        e.setup_seconds + left.iter().map(|&u| (e.unit_seconds)(u)).sum::<f64>()
    };
    let wall = cpu / threads as f64;
    if a.json {
        crate::outln!(
            "{}",
            json!({
                "n": a.n, "engine": Engine::Halves.version(), "shard": spec.index,
                "shards": spec.count, "units": units.len(), "units_done": units.len() - left.len(),
                "cost_left_fraction": if all == 0 { 0.0 } else { cost as f64 / all as f64 },
                "cpu_seconds_left": cpu, "wall_seconds_left": wall, "threads": threads,
                "memory_bytes": e.memory_bytes,
            })
        );
        return Ok(ExitCode::SUCCESS);
    }
    crate::outln!(
        "{} queens{}: {} of {} work units done ('{}'); the rest: about {} on {threads} thread{} \
         ({} of CPU time, {:.0}% of the estimated work), peak memory at most about {} MiB",
        a.n,
        if spec.count > 1 {
            format!(", shard {} of {}", spec.index, spec.count)
        } else {
            String::new()
        },
        group((units.len() - left.len()) as u64),
        group(units.len() as u64),
        path.display(),
        human(wall),
        s(threads as u64),
        human(cpu),
        if all == 0 {
            0.0
        } else {
            100.0 * cost as f64 / all as f64
        },
        group(e.memory_bytes.div_ceil(1 << 20)),
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn long_durations_are_in_years_with_a_decimal() {
        let year = 86400.0 * 365.25;
        assert_eq!(human(3.1 * year), "3.1 years");
        assert_eq!(human(1.2 * year), "1.2 years");
        assert_eq!(human(12_345.0 * year), "12,345 years");
        assert_eq!(human(90.0), "1 min 30 s");
    }
}

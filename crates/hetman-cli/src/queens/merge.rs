//! `hetman queens merge`: add up the shard results of a split count.

use crate::common::output::{self, group};
use crate::common::shard::{read_queens_record, MergeArgs};
use anyhow::Result;
use hetman::queens::count::{merge_shards, Engine};
use serde_json::json;
use std::process::ExitCode;

pub const HELP: &str = "Every shard 0..K-1 of one split must be given exactly once; \
missing, duplicated and mismatched shards are named by number. The output is the same as \
`queens count` (with --json too).\n\n\
Examples:\n  for i in 0 1 2 3; do hetman queens count 15 --shard $i/4 --result s$i.json; done\n  \
hetman queens merge s0.json s1.json s2.json s3.json\n  \
hetman queens merge results/ --stats              # every *.json in results/";

pub fn run(a: &MergeArgs) -> Result<ExitCode> {
    let records = a
        .paths()?
        .iter()
        .map(|p| read_queens_record(p))
        .collect::<Result<Vec<_>>>()?;
    let m = merge_shards(&records)?;
    if a.json {
        let mut v = json!({"n": m.n, "solutions": m.total, "unique": m.unique});
        if a.stats {
            v["shards"] = json!(m.shards);
            v["split"] = json!(m.split);
            v["work_units"] = json!(m.units);
            v["work"] = json!(m.nodes);
            v["work_unit"] = json!(work_unit(&m.engine));
            v["engine"] = json!(m.engine);
            v["cpu_seconds"] = json!(m.cpu_seconds);
        }
        crate::outln!("{v}");
    } else {
        crate::outln!(
            "{}: {}, {} unique",
            output::count_of(m.n as u64, "queen", "queens"),
            output::count_of(m.total, "solution", "solutions"),
            group(m.unique)
        );
        if a.stats {
            crate::outln!("shards: {} (split {})", m.shards, m.split);
            crate::outln!("work units: {}", group(m.units as u64));
            crate::outln!("engine: {}", m.engine);
            crate::outln!("{}: {}", work_unit(&m.engine), group(m.nodes));
            crate::outln!("cpu time: {}", output::seconds(m.cpu_seconds));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What the work figure of the engine that `version` names counts.
fn work_unit(version: &str) -> &'static str {
    if version == Engine::Halves.version() {
        Engine::Halves.work()
    } else {
        Engine::Constellations.work()
    }
}

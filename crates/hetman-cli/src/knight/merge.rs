//! `hetman knight merge`: add up the shards of a whole-board count.

use crate::common::shard::{read_knight_record, MergeArgs};
use crate::common::tour::{total_json, total_line};
use anyhow::{bail, Result};
use hetman::knight::frontier::shard::merge_shards;
use hetman::knight::frontier::Tours;
use serde_json::json;
use std::process::ExitCode;

pub const HELP: &str = "Every shard 0..K-1 of one split must be given exactly once; \
missing, duplicated and mismatched shards are named by number. The output is the same as \
`knight count` without --start (with --json too).\n\n\
The K shards of a count run at the same time (on one machine or several that share a \
directory) and exchange frontier states square by square, so each holds about 1/K of them:\n  \
for i in 0 1 2; do hetman knight count 6 --closed --shard $i/3 --exchange ex --result s$i.json & done; wait\n  \
hetman knight merge s0.json s1.json s2.json\n\n\
Under Slurm, start the K shards as the tasks of one job step:\n  \
srun --ntasks=K bash -c 'exec hetman knight count 8 --closed --shard $SLURM_PROCID/K \\\n      \
--exchange /shared/ex --result /shared/s$SLURM_PROCID.json --quiet'";

pub fn run(a: &MergeArgs) -> Result<ExitCode> {
    let records = a
        .paths()?
        .iter()
        .map(|p| read_knight_record(p))
        .collect::<Result<Vec<_>>>()?;
    let m = merge_shards(&records)?;
    if m.kind == Tours::OpenUndirected {
        bail!("FILES: these shards counted undirected open tours, which `knight count` does not write; merge them with the library");
    }
    let closed = m.kind == Tours::Closed;
    if a.json {
        let mut v = total_json(&m.size, closed, m.tours);
        if a.stats {
            v["shards"] = json!(m.shards);
            v["split"] = json!(m.split);
        }
        crate::outln!("{v}");
    } else {
        crate::outln!("{}", total_line(&m.size, closed, m.tours));
        if a.stats {
            crate::outln!("shards: {} (split {})", m.shards, m.split);
        }
    }
    Ok(ExitCode::SUCCESS)
}

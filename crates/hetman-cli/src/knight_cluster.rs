//! Whole-board knight counts in shards: `knight count --shard I/K --exchange DIR`
//! and `knight merge`.

use crate::knight::{install_ctrlc, total_json, total_line, Bar, CountArgs, STOP};
use crate::output;
use crate::queens_cluster::{read_json_record, write_atomically, ShardSpec};
use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::knight::frontier::shard::{
    count_shard as shard_count, kind_name, merge_shards, parse_kind, Shard, ShardRecord,
};
use hetman::knight::frontier::{self, Tours};
use hetman::BoardSize;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The `format` field of a shard result record.
const RECORD_FORMAT: &str = "hetman-knight-shard";

pub const MERGE_HELP: &str = "Every shard 0..K-1 of one split must be given exactly once; \
missing, duplicated and mismatched shards are named by number. The output is the same as \
`knight count` without --start (with --json too).\n\n\
The K shards of a count run at the same time (on one machine or several that share a \
directory) and exchange frontier states square by square, so each holds about 1/K of them:\n  \
for i in 0 1 2; do hetman knight count 6 --closed --shard $i/3 --exchange ex --result s$i.json & done; wait\n  \
hetman knight merge s0.json s1.json s2.json\n\n\
Under Slurm, start the K shards as the tasks of one job step:\n  \
srun --ntasks=K bash -c 'exec hetman knight count 8 --closed --shard $SLURM_PROCID/K \\\n      \
--exchange /shared/ex --result /shared/s$SLURM_PROCID.json --quiet'";

/// `knight count` of one shard of the whole board.
pub fn count_shard(
    a: &CountArgs,
    size: BoardSize,
    mask: &[bool],
    s: ShardSpec,
) -> Result<ExitCode> {
    let Some(exchange) = a.exchange.as_deref() else {
        bail!("--shard needs --exchange DIR, a directory every shard sees");
    };
    install_ctrlc();
    let t0 = Instant::now();
    let kind = if a.closed {
        Tours::Closed
    } else {
        Tours::OpenDirected
    };
    let (index, count) = (s.index, s.count);
    let bar = Bar::new(!a.quiet && !a.json);
    let progress = |p: frontier::Progress| bar.update(p.step as u64, p.steps as u64, "squares");
    let shown = exchange.display().to_string();
    let waiting = |v: usize, missing: &[usize]| {
        if !a.quiet {
            let list: Vec<String> = missing.iter().map(ToString::to_string).collect();
            eprintln!(
                "hetman: shard {index}/{count} waits before square {} for shard{} {} \
                 (the shards of a count run at the same time and exchange states in '{shown}')",
                v + 1,
                if missing.len() == 1 { "" } else { "s" },
                list.join(", ")
            );
        }
    };
    let mut opts = frontier::Options::default();
    opts.threads = a.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    );
    opts.progress = Some(&progress);
    opts.stop = Some(&STOP);
    opts.waiting = Some(&waiting);
    let shard = Shard {
        index,
        count,
        exchange,
    };
    let c = shard_count(size.width(), size.height(), mask, kind, &shard, &opts)
        .with_context(|| format!("SIZE '{size}'"))?;
    drop(bar);
    let wall = t0.elapsed().as_secs_f64();
    let record = json!({
        "format": RECORD_FORMAT,
        "size": c.size,
        "kind": kind_name(c.kind),
        "shard": c.shard,
        "shards": c.shards,
        "split": c.split,
        "tours": c.tours.to_string(),
        "peak_states": c.peak_states,
        "seconds": wall,
    });
    if let Some(path) = &a.result {
        write_atomically(path, &format!("{record}\n"))
            .with_context(|| format!("cannot write --result '{}'", path.display()))?;
    }
    if a.json {
        crate::outln!("{record}");
        return Ok(ExitCode::SUCCESS);
    }
    let what = if a.closed {
        "closed tours (undirected)"
    } else {
        "directed open tours"
    };
    crate::outln!(
        "{size}, shard {index}/{count}: {} {what}, this shard's part of the total",
        big(c.tours)
    );
    if a.result.is_none() {
        crate::outln!("(add --result FILE to keep it for `hetman knight merge`)");
    }
    if a.stats {
        crate::outln!(
            "engine: frontier, shard {index} of {count}, split {} (peak {} states)",
            c.split,
            output::group(c.peak_states as u64)
        );
        crate::outln!("time: {}", output::seconds(wall));
    }
    Ok(ExitCode::SUCCESS)
}

fn big(v: u128) -> String {
    u64::try_from(v).map_or_else(|_| v.to_string(), output::group)
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard result files (JSON records written by knight count --shard I/K --result FILE).
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the shards and the split.
    #[arg(long)]
    pub stats: bool,
}

/// Reads one shard result record.
fn read_record(path: &Path) -> Result<ShardRecord> {
    let shown = path.display();
    let v = read_json_record(path, RECORD_FORMAT)?;
    let damaged = |k: &str| {
        format!(
            "FILES '{shown}' is a damaged shard result: '{k}' is {}",
            v[k]
        )
    };
    let text_field = |k: &str| v[k].as_str().with_context(|| damaged(k));
    let number = |k: &str| v[k].as_u64().with_context(|| damaged(k));
    Ok(ShardRecord {
        source: shown.to_string(),
        size: text_field("size")?.to_string(),
        kind: parse_kind(text_field("kind")?).with_context(|| damaged("kind"))?,
        shard: number("shard")? as usize,
        shards: number("shards")? as usize,
        split: text_field("split")?.to_string(),
        tours: text_field("tours")?
            .parse()
            .ok()
            .with_context(|| damaged("tours"))?,
    })
}

pub fn merge(a: &MergeArgs) -> Result<ExitCode> {
    let records = a
        .files
        .iter()
        .map(|p| read_record(p))
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

//! Queens shard results as `hetman queens merge` reads them: each line a JSON
//! record (one result file), read into `hetman::queens::count::ShardRecord`
//! field by field the way the CLI's reader does, then
//! `hetman::queens::count::merge_shards`. A merge that succeeds holds every
//! shard of one split exactly once and adds the records up.

use hetman::queens::count::{merge_shards, ShardRecord, SymmetricCounts};
use serde_json::Value;

/// The CLI's reader (crates/hetman-cli/src/common/shard.rs, `read_queens_record`).
fn record(i: usize, v: &Value) -> Option<ShardRecord> {
    if v["format"] != "hetman-queens-shard" {
        return None;
    }
    let field = |k: &str| v[k].as_u64();
    let symmetric = match (v["half_turn"].as_u64(), v["quarter_turn"].as_u64()) {
        (Some(h), Some(q)) => Some(SymmetricCounts {
            half_turn: h,
            quarter_turn: q,
        }),
        _ => None,
    };
    Some(ShardRecord {
        source: format!("{i}.json"),
        n: field("n")? as usize,
        shard: field("shard")? as usize,
        shards: field("shards")? as usize,
        split: v["split"].as_str()?.to_string(),
        engine: v["engine"].as_str()?.to_string(),
        units: field("units")? as usize,
        solutions: field("solutions")?,
        nodes: field("nodes")?,
        cpu_seconds: v["cpu_seconds"].as_f64().unwrap_or(0.0),
        symmetric,
        split_units: field("split_units").map(|u| u as usize),
    })
}

fn check(s: &str) {
    let records = hetman_fuzz::shard_records(s, record);
    let Ok(m) = merge_shards(&records) else {
        return;
    };
    hetman_fuzz::assert_each_shard_once(m.shards, records.iter().map(|r| r.shard));
    for r in &records {
        assert_eq!(
            (r.n, r.shards, r.split.as_str()),
            (m.n, m.shards, m.split.as_str())
        );
    }
    let total: u64 = records.iter().map(|r| r.solutions).sum();
    assert_eq!(m.total, total);
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}

//! Knight shard results as `hetman knight merge` reads them: each line a JSON
//! record (one result file), read into
//! `hetman::knight::frontier::shard::ShardRecord` the way the CLI's reader
//! does (the kind with `parse_kind`), then `merge_shards`. A merge that
//! succeeds holds every shard of one split exactly once and adds them up.

use hetman::knight::frontier::shard::{kind_name, merge_shards, parse_kind, ShardRecord};
use serde_json::Value;

/// The CLI's reader (crates/hetman-cli/src/common/shard.rs, `read_knight_record`).
fn record(i: usize, v: &Value) -> Option<ShardRecord> {
    if v["format"] != "hetman-knight-shard" {
        return None;
    }
    let kind = parse_kind(v["kind"].as_str()?)?;
    assert_eq!(parse_kind(kind_name(kind)), Some(kind));
    Some(ShardRecord {
        source: format!("{i}.json"),
        size: v["size"].as_str()?.to_string(),
        kind,
        shard: v["shard"].as_u64()? as usize,
        shards: v["shards"].as_u64()? as usize,
        split: v["split"].as_str()?.to_string(),
        tours: v["tours"].as_str()?.parse().ok()?,
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
            (&r.size, r.kind, r.shards, &r.split),
            (&m.size, m.kind, m.shards, &m.split)
        );
    }
    let total: u128 = records.iter().map(|r| r.tours).sum();
    assert_eq!(m.tours, total);
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}

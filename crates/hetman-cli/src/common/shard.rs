//! Shard result records: one JSON object per file, written by a count with
//! `--shard I/K --result FILE` and read back by `merge`. The writer and the
//! reader of each problem's record sit side by side here, so the format is
//! defined in one place; the library seals them (`hetman::jobs::record`:
//! the job's identity and a checksum inside the JSON), checks and adds them up.

use anyhow::{bail, Context, Result};
use clap::Args;
use hetman::jobs::{record, Job};
use hetman::knight::frontier::shard::{self as knight_shard, kind_name, parse_kind};
use hetman::queens::count::{ShardCount, ShardRecord, SymmetricCounts};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The `format` field of a queens shard result.
pub const QUEENS_FORMAT: &str = "hetman-queens-shard";
/// The `format` field of a knight shard result.
pub const KNIGHT_FORMAT: &str = "hetman-knight-shard";

/// The arguments of `queens merge` and `knight merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard result files (JSON records written by `count --shard I/K --result FILE`), or
    /// directories: every `*.json` file in one is read (for more shards than a command line holds).
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the shards and the split (and for queens the work units, nodes and CPU time).
    #[arg(long)]
    pub stats: bool,
}

impl MergeArgs {
    /// The files to merge: each file as given, and for a directory every
    /// `*.json` file directly in it, in name order (a directory with none is
    /// refused, as it is surely not what was meant).
    pub fn paths(&self) -> Result<Vec<PathBuf>> {
        let mut out = Vec::new();
        for p in &self.files {
            if !p.is_dir() {
                out.push(p.clone());
                continue;
            }
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("FILES '{}': cannot read the directory", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "json"))
                .collect();
            if found.is_empty() {
                bail!(
                    "FILES '{}' is a directory with no .json file in it (shard results are *.json)",
                    p.display()
                );
            }
            found.sort();
            out.append(&mut found);
        }
        Ok(out)
    }
}

/// The job a shard record belongs to, from its own fields: the identity in
/// the record's seal, so that a record whose fields were edited, or that was
/// written by another version, is refused.
fn record_job(v: &Value) -> Job {
    let text = |k: &str| match &v[k] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    Job::new(&text("format"))
        .field("shard", format!("{}/{}", text("shard"), text("shards")))
        .field("split", text("split"))
}

/// Writes a record to `path` (`--result FILE`) whole or not at all: JSON
/// with its seal (the job's identity and a checksum) inside; an existing
/// file there that hetman did not write is left alone and the run fails.
pub fn write_record(path: &Path, value: &Value) -> Result<()> {
    let kind = value["format"].as_str().unwrap_or("hetman-shard");
    record::write(path, kind, &record_job(value).identity(), value).context("--result")
}

/// Reads a shard result file of the given `format` (a record, or a file of
/// the older sealed form): checks its seal (every byte, the kind, the tool
/// version) and that its fields are the job its seal names.
pub fn read_record(path: &Path, format: &str) -> Result<Value> {
    let shown = path.display();
    let (identity, v) = record::read(path, format).map_err(|e| anyhow::anyhow!("FILES {e}"))?;
    if v["format"] != format {
        bail!(
            "FILES '{shown}' is not a {} shard result (its format is {}, not \"{format}\")",
            format.split('-').nth(1).unwrap_or("hetman"),
            v["format"]
        );
    }
    if let Some(why) = record_job(&v).difference(&identity) {
        bail!("FILES '{shown}' is not a shard result of this hetman: {why}");
    }
    Ok(v)
}

/// The message for a field of `v` that is missing or of the wrong type.
fn damaged(path: &Path, v: &Value, k: &str) -> String {
    format!(
        "FILES '{}' is a damaged shard result: '{k}' is {}",
        path.display(),
        v[k]
    )
}

/// The record of one queens shard (`wall` seconds on `threads`).
pub fn queens_record(c: &ShardCount, wall: f64, threads: usize) -> Value {
    json!({
        "format": QUEENS_FORMAT,
        "engine": c.engine.version(),
        "n": c.n,
        "shard": c.shard,
        "shards": c.shards,
        "split": c.split,
        "units": c.units,
        "split_units": c.split_units,
        "solutions": c.solutions,
        "nodes": c.nodes,
        "half_turn": c.symmetric.map(|s| s.half_turn),
        "quarter_turn": c.symmetric.map(|s| s.quarter_turn),
        "cpu_seconds": c.cpu_seconds,
        "seconds": wall,
        "threads": threads,
        "peak_bytes": c.peak_bytes,
    })
}

/// Reads one queens shard record.
pub fn read_queens_record(path: &Path) -> Result<ShardRecord> {
    let v = read_record(path, QUEENS_FORMAT)?;
    let field = |k: &str| -> Result<u64> { v[k].as_u64().with_context(|| damaged(path, &v, k)) };
    let symmetric = match (v["half_turn"].as_u64(), v["quarter_turn"].as_u64()) {
        (Some(h), Some(q)) => Some(SymmetricCounts {
            half_turn: h,
            quarter_turn: q,
        }),
        _ => None,
    };
    let shown = path.display();
    Ok(ShardRecord {
        source: shown.to_string(),
        n: field("n")? as usize,
        shard: field("shard")? as usize,
        shards: field("shards")? as usize,
        split: v["split"]
            .as_str()
            .with_context(|| format!("FILES '{shown}' is a damaged shard result: no split"))?
            .to_string(),
        engine: v["engine"]
            .as_str()
            .with_context(|| damaged(path, &v, "engine"))?
            .to_string(),
        units: field("units")? as usize,
        split_units: v["split_units"].as_u64().map(|u| u as usize),
        solutions: field("solutions")?,
        nodes: field("nodes")?,
        cpu_seconds: v["cpu_seconds"].as_f64().unwrap_or(0.0),
        symmetric,
    })
}

/// The record of one knight shard (`wall` seconds).
pub fn knight_record(c: &knight_shard::ShardCount, wall: f64) -> Value {
    json!({
        "format": KNIGHT_FORMAT,
        "size": c.size,
        "kind": kind_name(c.kind),
        "shard": c.shard,
        "shards": c.shards,
        "split": c.split,
        "tours": c.tours.to_string(),
        "peak_states": c.peak_states,
        "seconds": wall,
    })
}

/// Reads one knight shard record.
pub fn read_knight_record(path: &Path) -> Result<knight_shard::ShardRecord> {
    let v = read_record(path, KNIGHT_FORMAT)?;
    let text_field = |k: &str| v[k].as_str().with_context(|| damaged(path, &v, k));
    let number = |k: &str| v[k].as_u64().with_context(|| damaged(path, &v, k));
    Ok(knight_shard::ShardRecord {
        source: path.display().to_string(),
        size: text_field("size")?.to_string(),
        kind: parse_kind(text_field("kind")?).with_context(|| damaged(path, &v, "kind"))?,
        shard: number("shard")? as usize,
        shards: number("shards")? as usize,
        split: text_field("split")?.to_string(),
        tours: text_field("tours")?
            .parse()
            .ok()
            .with_context(|| damaged(path, &v, "tours"))?,
    })
}

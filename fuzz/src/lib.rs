//! Shared pieces of the fuzz targets (one binary per parser in `src/bin/`).
//!
//! Every target feeds the fuzzer's bytes to one parser of the `hetman` library
//! through its public API, and when the input is accepted checks laws that
//! must hold for it (printed and read again gives the same value, a file that
//! opened once opens again the same), so a wrong answer is a crash too.

use std::path::PathBuf;

/// The input as text, or `None` when it is not UTF-8 (every text parser takes `&str`).
#[must_use]
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A file path private to this process, in a directory made on first use.
///
/// # Panics
/// If the directory cannot be made.
#[must_use]
pub fn scratch(name: &str) -> PathBuf {
    let base = std::env::var_os("HETMAN_FUZZ_TMP")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("hetman-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

/// The shard records of an input: one JSON object per line (each line
/// stands for one result file given to `merge`, named `I.json` by its line
/// number), at most 64 of them, read by `record` (`None` for one it refuses).
#[must_use]
pub fn shard_records<R>(
    text: &str,
    record: impl Fn(usize, &serde_json::Value) -> Option<R>,
) -> Vec<R> {
    text.lines()
        .take(64)
        .filter_map(|l| serde_json::from_str(l).ok())
        .enumerate()
        .filter_map(|(i, v)| record(i, &v))
        .collect()
}

/// The law of a merge that succeeded: it holds each shard 0..`shards` of
/// its split exactly once (`numbers`: the shard numbers of the records).
///
/// # Panics
/// When a shard is missing, out of range or given twice.
pub fn assert_each_shard_once(shards: usize, numbers: impl ExactSizeIterator<Item = usize>) {
    assert_eq!(numbers.len(), shards);
    let mut seen = vec![false; shards];
    for shard in numbers {
        assert!(
            !std::mem::replace(&mut seen[shard], true),
            "shard {shard} twice"
        );
    }
}

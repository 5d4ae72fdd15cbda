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

/// The JSON records of a shard input: one object per line (each line stands
/// for one result file given to `merge`), at most 64 of them.
#[must_use]
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .take(64)
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

//! Helpers shared by the integration tests.

#![allow(dead_code)]

/// One row of `tests/data/queens_oeis.txt`.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    pub n: usize,
    pub total: u64,
    pub unique: u64,
}

/// The known N-Queens answers (OEIS A000170 and A002562), N = 1..27.
pub fn queens_oeis() -> Vec<Known> {
    let text = include_str!("../data/queens_oeis.txt");
    let rows: Vec<Known> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            Known {
                n: v[0] as usize,
                total: v[1],
                unique: v[2],
            }
        })
        .collect();
    assert_eq!(rows.len(), 27);
    for (i, k) in rows.iter().enumerate() {
        assert_eq!(k.n, i + 1);
    }
    rows
}

/// A fresh path `NAME` in a temporary folder of this test process named
/// after `tag` (the folder made, an old file of that name removed).
pub fn scratch_file(tag: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hetman-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

//! `hetman::jobs::checkpoint::Checkpoint::open` on a file holding the fuzz bytes,
//! with the header of a real queens count (N = 10, shard 0 of 2). A refused
//! file is left exactly as it was; an accepted one opens again with the same
//! records, and a record added to it is read back.

use hetman::jobs::checkpoint::Checkpoint;
use hetman::queens::count::{Plan, Split};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

fn header() -> &'static str {
    static HEADER: OnceLock<String> = OnceLock::new();
    HEADER.get_or_init(|| {
        let plan = Plan::new(10).expect("N = 10 has a plan");
        Split::new(&plan, 2).expect("two shards").header(0)
    })
}

fn records(c: &Checkpoint) -> BTreeMap<u64, Vec<u64>> {
    c.records().map(|(k, v)| (k, v.to_vec())).collect()
}

fn check(path: &Path, data: &[u8]) {
    std::fs::write(path, data).expect("write the scratch file");
    let first = match Checkpoint::open(path, header()) {
        Ok(c) => records(&c),
        Err(_) => {
            let now = std::fs::read(path).expect("read the scratch file");
            assert!(now == data, "a refused checkpoint was changed");
            return;
        }
    };
    let mut c = Checkpoint::open(path, header())
        .unwrap_or_else(|e| panic!("an accepted checkpoint is refused when opened again: {e}"));
    assert_eq!(records(&c), first);
    let key = first.keys().next_back().map_or(0, |k| k.wrapping_add(1));
    if first.contains_key(&key) {
        return;
    }
    let values = [key, u64::MAX, 0];
    c.record(key, &values).expect("record a unit");
    drop(c);
    let c = Checkpoint::open(path, header())
        .unwrap_or_else(|e| panic!("a checkpoint is refused after a record: {e}"));
    let mut want = first;
    want.insert(key, values.to_vec());
    assert_eq!(records(&c), want);
}

fn main() {
    let path = hetman_fuzz::scratch("queens.ckpt");
    afl::fuzz!(|data: &[u8]| {
        check(&path, data);
    });
}

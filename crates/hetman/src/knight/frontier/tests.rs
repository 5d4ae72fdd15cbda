//! The frontier count's unit tests: known counts, bad input, damaged
//! checkpoints, stopping and resuming, threads and key packings.

use super::checkpoint::MAGIC;
use super::*;
use std::fs;
use std::sync::atomic::AtomicBool;

fn free(n: usize) -> Vec<bool> {
    vec![false; n]
}

#[test]
fn small_known_counts() {
    let o = Options::default();
    assert_eq!(count_closed(6, 6, &free(36), &o).unwrap(), 9862u128);
    assert_eq!(count_open_directed(5, 5, &free(25), &o).unwrap(), 1728u128);
    assert_eq!(count_open_undirected(4, 5, &free(20), &o).unwrap(), 82u128);
    assert_eq!(count_closed(4, 4, &free(16), &o).unwrap(), 0u128);
    assert_eq!(count_open_directed(4, 4, &free(16), &o).unwrap(), 0u128);
}

#[test]
fn tiny_boards() {
    let o = Options::default();
    assert_eq!(count_open_directed(1, 1, &free(1), &o).unwrap(), 1u128);
    assert_eq!(count_closed(1, 1, &free(1), &o).unwrap(), 0u128);
    assert_eq!(count_open_directed(1, 1, &[true], &o).unwrap(), 0u128);
    // Two squares a knight's move apart, the rest blocked.
    let mut b = vec![true; 6];
    b[0] = false;
    b[5] = false;
    assert_eq!(count_open_directed(3, 2, &b, &o).unwrap(), 2u128);
    assert_eq!(count_open_undirected(3, 2, &b, &o).unwrap(), 1u128);
    assert_eq!(count_closed(3, 2, &b, &o).unwrap(), 0u128);
}

#[test]
fn bad_input() {
    let o = Options::default();
    assert!(matches!(
        count_closed(0, 3, &[], &o),
        Err(Error::Size { .. })
    ));
    assert!(matches!(
        count_closed(3, 3, &free(8), &o),
        Err(Error::Size { .. })
    ));
    assert!(matches!(
        count_closed(13, 13, &free(169), &o),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn damaged_checkpoint_states_do_not_panic() {
    // Found by fuzz/frontier_checkpoint: states that no count makes
    // tripped "every label marks two path ends" and the slot-0 assertion.
    let dir = std::env::temp_dir().join(format!("hetman-frontier-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("damaged.ckpt");
    let file = |key: u128| {
        let sig = format!("4x5 OpenUndirected {}", "0".repeat(20));
        let mut b = MAGIC.to_vec();
        b.extend((sig.len() as u64).to_le_bytes());
        b.extend(sig.as_bytes());
        b.extend(6u64.to_le_bytes());
        b.extend(0u64.to_le_bytes()); // the total: no words
        b.extend(1u64.to_le_bytes()); // one word per count
        b.extend(1u64.to_le_bytes()); // one state
        b.extend(key.to_le_bytes());
        b.extend(1u64.to_le_bytes());
        b.extend(0u64.to_le_bytes()); // no square half done: no tours,
        b.extend(1u64.to_le_bytes()); // one word per count,
        b.extend(0u64.to_le_bytes()); // no states;
        b.extend(0u64.to_le_bytes()); // the near side,
        b.extend(1u64.to_le_bytes()); // no far side: one word per count,
        b.extend(0u64.to_le_bytes()); // no states
        let _ = fs::remove_file(&path);
        let identity = checkpoint::job_for(sig.as_bytes());
        crate::jobs::sealed::write(&path, checkpoint::KIND, &identity, &b).unwrap();
    };
    let opts = Options {
        checkpoint: Some(&path),
        split: false,
        ..Options::default()
    };
    let run = || count(4, 5, &free(20), Tours::OpenUndirected, &opts);
    // A path label on one slot only.
    file(u128::from(LABEL0) << 4);
    assert!(matches!(run(), Err(Error::Checkpoint { .. })));
    // Well formed, but the square leaving the frontier has no moves.
    file(0);
    assert!(run().unwrap().tours.is_zero());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stop_flag_interrupts() {
    let stop = AtomicBool::new(true);
    let o = Options {
        stop: Some(&stop),
        ..Options::default()
    };
    assert_eq!(count_closed(6, 6, &free(36), &o), Err(Error::Interrupted));
}

#[test]
fn a_count_stopped_in_the_middle_of_a_square_resumes_from_there() {
    // In unit tests a square of over 4,096 states takes several rounds
    // (see `sweep::ROUND`), and a limit on the states stops the count
    // between two of them.
    let dir = std::env::temp_dir().join(format!("hetman-half-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for split in [false, true] {
        let path = dir.join(format!("half-{split}.ckpt"));
        let _ = fs::remove_file(&path);
        let (w, h) = if split { (6, 6) } else { (5, 6) };
        let cells = (w * h) as usize;
        let states = std::sync::Mutex::new(vec![1]);
        let seen = |p: Progress| states.lock().unwrap().push(p.states);
        let o = Options {
            split,
            progress: Some(&seen),
            ..Options::default()
        };
        let whole = count(w, h, &free(cells), Tours::OpenDirected, &o).unwrap();
        // A limit that the first large square to grow its states by half
        // passes half way through.
        let states = states.into_inner().unwrap();
        let v = (1..states.len())
            .find(|&v| 2 * states[v] > 3 * states[v - 1] && states[v - 1] > 16_384)
            .unwrap();
        let most = (states[v - 1] + states[v]) / 2;
        assert!(states[..v].iter().all(|&s| s < most));
        let mut o = Options {
            checkpoint: Some(&path),
            split,
            max_states: Some(most),
            ..Options::default()
        };
        let stopped = count(w, h, &free(cells), Tours::OpenDirected, &o);
        assert!(
            matches!(stopped, Err(Error::OutOfMemory { .. })),
            "{stopped:?}"
        );
        // The file holds a square half done: some of its states expanded.
        let mut plan = Plan::new(w, h, &free(cells), Tours::OpenDirected).unwrap();
        if split {
            let cut = meet::cut_of(&plan).unwrap();
            plan.signature.extend_from_slice(
                format!(" met in the middle at {cut}, one side by symmetry").as_bytes(),
            );
        }
        let saved = checkpoint::load_partial::<u64>(&plan, &path)
            .unwrap()
            .expect("a checkpoint was saved");
        let half = saved.partial.expect("saved in the middle of a square");
        assert!(half.done.len() > 0 && saved.table.len() > 0);
        o.max_states = None;
        let resumed = count(w, h, &free(cells), Tours::OpenDirected, &o).unwrap();
        assert_eq!(resumed.tours, whole.tours, "{w}x{h} split {split}");
        assert!(!path.exists());
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn base_11_keys_agree_with_4_bit_keys() {
    // The 8-wide board packs keys in base 11; check that packing on
    // narrower boards, where the 4-bit packing is the default.
    for (w, h, kind) in [
        (6, 6, Tours::Closed),
        (5, 6, Tours::OpenUndirected),
        (5, 5, Tours::OpenDirected),
    ] {
        let mut plan = Plan::new(w, h, &free((w * h) as usize), kind).unwrap();
        assert!(!plan.radix11);
        let o = Options::default();
        let four = run::<u64>(&plan, &o).unwrap();
        plan.radix11 = true;
        assert_eq!(run::<u64>(&plan, &o).unwrap(), four);
    }
    let plan = Plan::new(8, 8, &free(64), Tours::Closed).unwrap();
    assert!(plan.radix11 && plan.key_bytes() == 8);
}

#[test]
fn threads_agree() {
    let mut o = Options::default();
    for t in [1, 2, 3] {
        o.threads = t;
        assert_eq!(
            count_open_undirected(5, 6, &free(30), &o).unwrap(),
            count_open_undirected(6, 5, &free(30), &Options::default()).unwrap()
        );
    }
}

//! The frontier count's unit tests: known counts, bad input, damaged
//! checkpoints, threads and key packings; stopping and resuming (front to
//! back, and met in the middle on either side, in the crossing phase and in
//! the join) in [`resume`].

use super::checkpoint::MAGIC;
use super::cut::{cut_of, mirrored};
use super::plan::Plan;
use super::sweep::run;
use super::*;
use std::fs;
use std::sync::atomic::{AtomicBool, Ordering};

mod resume;

fn count_open_directed(
    w: u32,
    h: u32,
    blocked: &[bool],
    o: &Options<'_>,
) -> Result<BigCount, Error> {
    count(w, h, blocked, Tours::OpenDirected, o).map(|c| c.tours)
}

fn count_open_undirected(
    w: u32,
    h: u32,
    blocked: &[bool],
    o: &Options<'_>,
) -> Result<BigCount, Error> {
    count(w, h, blocked, Tours::OpenUndirected, o).map(|c| c.tours)
}

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

/// The join's two ways of summing a group's pairs (see `join`), checked
/// against each other.
mod linking {
    use super::super::cut::cut_of;
    use super::super::join::tests::LINKING;
    use super::super::meet::run_split;
    use super::super::plan::Plan;
    use super::super::{BigCount, Options, Tours};

    /// A few blocked squares, from a seed.
    pub(super) fn mask(cells: usize, seed: u64) -> Vec<bool> {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(7);
        (0..cells)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                seed != 0 && x % 100 < 7
            })
            .collect()
    }

    /// The join of one split count, each way.
    fn both_ways(plan: &Plan, kind: Tours, cut: usize) -> (BigCount, BigCount) {
        let o = Options::default();
        let by = |linking| {
            LINKING.with(|l| l.set(Some(linking)));
            let c = run_split::<u64>(plan, kind, cut, &o).unwrap().0;
            LINKING.with(|l| l.set(None));
            c
        };
        (by(true), by(false))
    }

    /// Summing the pairs that link up by [`Linking`] gives what trying each
    /// pair gives, in every group of joins of closed and open counts (both
    /// sides, one side by symmetry, the near side capped at one end, a
    /// fixed end), on free boards and with blocked squares.
    #[test]
    fn linking_sums_what_each_pair_tried_sums() {
        let mut joins = 0;
        let mut tours = 0;
        for (w, h) in [(5u32, 6u32), (6, 5), (5, 8), (6, 6), (4, 9), (5, 7)] {
            let cells = (w * h) as usize;
            for seed in 0..3 {
                let mut blocked = mask(cells, seed);
                if seed == 2 {
                    // Symmetric under a half turn: one side, or a capped near side.
                    for i in 0..cells {
                        blocked[i] |= blocked[cells - 1 - i];
                    }
                }
                for kind in [Tours::Closed, Tours::OpenUndirected] {
                    let mut plan = Plan::new(w, h, &blocked, kind).unwrap();
                    let Some(cut) = cut_of(&plan) else { continue };
                    if plan.vertices < 2 {
                        continue;
                    }
                    let (linked, tried) = both_ways(&plan, kind, cut);
                    assert_eq!(linked, tried, "{w}x{h} {kind:?} seed {seed}");
                    tours += u32::from(!tried.is_zero());
                    joins += 1;
                    if kind == Tours::OpenUndirected && seed == 0 {
                        // A fixed end in rank L: the join makes it an end.
                        let end = cut - 2;
                        plan = Plan::new(w, h, &blocked, Tours::OpenDirected).unwrap();
                        plan.fix_end(Some(end));
                        let (linked, tried) = both_ways(&plan, Tours::OpenDirected, cut);
                        assert_eq!(linked, tried, "{w}x{h} fixed end {end}");
                        joins += 1;
                    }
                }
            }
        }
        assert!(joins > 35, "only {joins} joins");
        assert!(tours >= 12, "only {tours} joins found tours");
    }

    /// Long boards unchanged by a half turn meet in the middle after the
    /// matrices of their repeating ranks (see `cut::chosen`), and their
    /// joins pair counts of several words: summed word by word by
    /// `Linking`, pair by pair, or front to back, all agree (4x80: about 228
    /// bits; with blocked squares, the ranks repeat on both sides of them).
    #[test]
    fn long_boards_met_in_the_middle_count_what_front_to_back_counts() {
        use super::super::count;
        use super::super::transfer::RUNS;
        let mut blocked = vec![false; 4 * 80];
        let plain = |blocked: &[bool], kind| {
            let o = Options {
                split: false,
                ..Options::default()
            };
            count(4, 80, blocked, kind, &o).unwrap()
        };
        for kind in [Tours::OpenUndirected, Tours::OpenDirected] {
            // a26 and a27 (one light, one dark) and their images in a half
            // turn, d55 and d54: the colours still balance.
            for pair in [None, Some([100, 104])] {
                for b in pair.into_iter().flatten() {
                    blocked[b] = true;
                    blocked[4 * 80 - 1 - b] = true;
                }
                let front_to_back = plain(&blocked, kind);
                assert!(!front_to_back.split);
                assert!(front_to_back.tours.bits() > 128, "{kind:?} {pair:?}");
                for linking in [true, false] {
                    LINKING.with(|l| l.set(Some(linking)));
                    let runs = RUNS.with(|r| r.get());
                    let met = count(4, 80, &blocked, kind, &Options::default()).unwrap();
                    LINKING.with(|l| l.set(None));
                    assert!(met.split, "{kind:?} {pair:?}");
                    assert!(RUNS.with(|r| r.get()) > runs, "no matrices: {kind:?}");
                    assert_eq!(
                        met.tours, front_to_back.tours,
                        "{kind:?} {pair:?} {linking}"
                    );
                }
            }
        }
    }
}

/// The rows of a table (see `table`) by the matrices of `transfer`.
mod rows {
    use super::super::transfer::RUNS;
    use super::super::{count_table, Options, Tours};

    #[test]
    fn the_rows_of_a_table_come_out_the_same_by_the_matrices() {
        for (k, to) in [(3, 24), (4, 16), (5, 11), (6, 9)] {
            for kind in [Tours::Closed, Tours::OpenDirected] {
                if k >= 5 && kind != Tours::Closed {
                    continue;
                }
                let rows = |periodic: bool| {
                    let opts = Options {
                        threads: 2,
                        periodic,
                        ..Options::default()
                    };
                    let mut rows = Vec::new();
                    let before = RUNS.with(|r| r.get());
                    count_table(k, 1, to, kind, &opts, &mut |n, c| rows.push((n, c))).unwrap();
                    assert_eq!(RUNS.with(|r| r.get()) - before, usize::from(periodic));
                    rows
                };
                assert_eq!(rows(false), rows(true), "{k} x 1..{to} {kind:?}");
            }
        }
    }
}

/// The join and the grouping on 1, 2 and 4 threads (the tables of these
/// boards come in many parts in the unit tests, see `sweep::ROUND`): the
/// same counts, closed and open, on free boards and with blocked squares,
/// with a fixed tour end, in passes, and with each way of summing a group.
mod threads {
    use super::super::cut::cut_of;
    use super::super::meet::run_split;
    use super::super::plan::Plan;
    use super::super::{BigCount, Options, Tours};
    use super::linking::mask;

    fn on(threads: usize, passes: usize) -> Options<'static> {
        Options {
            threads,
            passes,
            ..Options::default()
        }
    }

    #[test]
    fn the_join_counts_alike_on_1_2_and_4_threads() {
        let mut joins = 0;
        let mut tours = 0;
        for (w, h) in [(5u32, 6u32), (6, 5), (6, 6), (5, 8), (4, 9)] {
            let cells = (w * h) as usize;
            for seed in 0..3 {
                let mut blocked = mask(cells, seed);
                if seed == 2 {
                    // Symmetric under a half turn: one side, or a capped near side.
                    for i in 0..cells {
                        blocked[i] |= blocked[cells - 1 - i];
                    }
                }
                for kind in [Tours::Closed, Tours::OpenUndirected, Tours::OpenDirected] {
                    let mut plan = Plan::new(w, h, &blocked, kind).unwrap();
                    let Some(cut) = cut_of(&plan) else { continue };
                    if plan.vertices < 2 {
                        continue;
                    }
                    if kind == Tours::OpenDirected {
                        // A fixed end in rank L: the join makes it an end.
                        plan.fix_end((cut - w as usize..cut).find(|&s| !blocked[s]));
                    }
                    let by = |o: &Options<'_>| -> BigCount {
                        run_split::<u64>(&plan, kind, cut, o).unwrap().0
                    };
                    let serial = by(&on(1, 1));
                    for threads in [2, 4] {
                        let c = by(&on(threads, 1));
                        assert_eq!(c, serial, "{w}x{h} {kind:?} seed {seed}, {threads} threads");
                    }
                    for threads in [2, 4] {
                        let c = by(&on(threads, 4));
                        assert_eq!(
                            c, serial,
                            "{w}x{h} {kind:?} seed {seed}, {threads} threads, 4 passes"
                        );
                    }
                    tours += u32::from(!serial.is_zero());
                    joins += 1;
                }
            }
        }
        assert!(joins > 35, "only {joins} joins");
        assert!(tours >= 15, "only {tours} joins found tours");
    }
}

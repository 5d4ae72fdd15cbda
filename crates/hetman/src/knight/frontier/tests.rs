//! The frontier count's unit tests: known counts, bad input, damaged
//! checkpoints, stopping and resuming (front to back, and met in the middle
//! on either side, in the crossing phase and in the join), threads and key
//! packings.

use super::checkpoint::MAGIC;
use super::cut::{cut_of, mirrored};
use super::plan::Plan;
use super::sweep::run;
use super::*;
use std::fs;
use std::sync::atomic::{AtomicBool, Ordering};

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
            let cut = cut::cut_of(&plan).unwrap();
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

/// Options that save to `path` when `stop` is raised (and not before).
fn stopping<'a>(
    stop: &'a std::sync::atomic::AtomicBool,
    progress: &'a dyn Fn(Progress),
    path: &'a std::path::Path,
) -> Options<'a> {
    Options {
        stop: Some(stop),
        progress: Some(progress),
        checkpoint: Some(path),
        checkpoint_every: std::time::Duration::from_secs(3600),
        ..Options::default()
    }
}

/// Runs a count with a checkpoint at `path`, stops it after progress step
/// `after` (checking that it stopped and saved), and runs it again; returns
/// the resumed count and the progress steps the second run made.
fn stop_after_and_resume(
    board: (u32, u32, &[bool], Tours),
    after: usize,
    path: &std::path::Path,
) -> (Count, Vec<usize>) {
    use std::sync::Mutex;
    let (w, h, blocked, kind) = board;
    let stop = AtomicBool::new(false);
    let made = Mutex::new(Vec::new());
    let progress = |p: Progress| {
        made.lock().unwrap().push(p.step);
        if p.step == after {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let mut o = stopping(&stop, &progress, path);
    let first = count(w, h, blocked, kind, &o);
    assert_eq!(
        first.map(|c| c.tours),
        Err(Error::Interrupted),
        "after {after}"
    );
    assert!(path.exists(), "stopped after square {after}: saved");
    made.lock().unwrap().clear();
    o.stop = None;
    let resumed = count(w, h, blocked, kind, &o).unwrap();
    let again = made.lock().unwrap().clone();
    (resumed, again)
}

#[test]
fn a_split_count_stopped_in_the_crossing_phase_resumes() {
    let dir = std::env::temp_dir().join(format!("hetman-meet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 6x6 counts one side by symmetry, 5x6 both sides.
    for (w, h, mirror) in [(6u32, 6u32, true), (5, 6, false)] {
        let path = dir.join(format!("{w}x{h}.ckpt"));
        let free = vec![false; (w * h) as usize];
        let plan = Plan::new(w, h, &free, Tours::Closed).unwrap();
        let cut = cut_of(&plan).unwrap();
        assert_eq!(mirrored(&plan, cut), mirror, "{w}x{h}");
        let (plain, _) = run::<u64>(&plan, &Options::default()).unwrap();
        let stop = AtomicBool::new(false);
        // The crossing phase is the last `w` progress steps but one;
        // stop after its third square.
        let progress = |p: Progress| {
            if p.step + plan.w == p.steps + 2 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let mut o = stopping(&stop, &progress, &path);
        assert_eq!(
            count(w, h, &free, Tours::Closed, &o).map(|c| c.tours),
            Err(Error::Interrupted)
        );
        assert!(path.exists(), "a stopped split count saves its states");
        // The front-to-back count does not take the split's checkpoint.
        stop.store(false, Ordering::Relaxed);
        o.progress = None;
        o.split = false;
        let err = count(w, h, &free, Tours::Closed, &o).unwrap_err();
        assert!(matches!(err, Error::Checkpoint { .. }), "{err}");
        o.split = true;
        let resumed = count(w, h, &free, Tours::Closed, &o).unwrap();
        assert!(resumed.split);
        assert_eq!(resumed.tours, plain, "{w}x{h}");
        assert!(!path.exists(), "a finished count removes its checkpoint");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A count met in the middle whose near states are folded onto their
/// mirror images at the cut (5x6, two sides), stopped after each square
/// around the cut (before it, at it, in rank F): each resumes to the plain
/// count, folded once (twice would double the count's tours, not at all
/// would leave half the states with half their ways).
#[test]
fn a_folded_count_stopped_around_its_cut_resumes() {
    let dir = std::env::temp_dir().join(format!("hetman-fold-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (w, h) = (5u32, 6u32);
    let free = vec![false; 30];
    for kind in [Tours::Closed, Tours::OpenUndirected] {
        let plan = Plan::new(w, h, &free, kind).unwrap();
        let cut = cut_of(&plan).unwrap();
        assert!(!mirrored(&plan, cut) && super::cut::reflects(&plan));
        let (plain, _) = run::<u64>(&plan, &Options::default()).unwrap();
        // The near side's square v is progress step far_end + v + 1.
        let far_end = plan.cells - cut + plan.w;
        let mut resumed_at = Vec::new();
        for v in cut - 2..=cut + 1 {
            let path = dir.join(format!("{kind:?}-{v}.ckpt"));
            let (resumed, again) =
                stop_after_and_resume((w, h, &free, kind), far_end + v + 1, &path);
            assert_eq!(resumed.tours, plain, "{kind:?} stopped after square {v}");
            resumed_at.push(again[0]);
        }
        // One of them resumed in the first square of rank F.
        assert!(
            resumed_at.contains(&(far_end + cut + 1)),
            "{kind:?} resumed at {resumed_at:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A long board met in the middle (4x80 open: the matrices up to the
/// middle, one side by symmetry) stopped while the matrices run, and
/// again in its crossing rank: each resume goes on from the stop and
/// gets the count front to back.
#[test]
fn a_long_board_stopped_in_its_matrices_resumes_there() {
    let dir = std::env::temp_dir().join(format!("hetman-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("4x80.ckpt");
    let free = vec![false; 4 * 80];
    let kind = Tours::OpenUndirected;
    let plain = Options {
        split: false,
        ..Options::default()
    };
    let whole = count(4, 80, &free, kind, &plain).unwrap();
    for after in [60, 159, 162] {
        let (resumed, again) = stop_after_and_resume((4, 80, &free, kind), after, &path);
        assert!(resumed.split);
        assert_eq!(resumed.tours, whole.tours, "stopped after square {after}");
        assert!(again.iter().all(|&s| s > after), "after {after}: {again:?}");
        assert!(!path.exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A count with two sides (5×6: no half-turn symmetry) stopped on its
/// far side, at the far side's end, on its near side and in the join:
/// each resume makes only the squares after the stop and gets the whole
/// count.
#[test]
fn a_split_count_stopped_at_any_square_of_either_side_resumes_there() {
    let dir = std::env::temp_dir().join(format!("hetman-sides-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("5x6.ckpt");
    let (w, h) = (5u32, 6u32);
    let free = vec![false; (w * h) as usize];
    let plan = Plan::new(w, h, &free, Tours::OpenDirected).unwrap();
    let cut = cut_of(&plan).unwrap();
    assert!(!mirrored(&plan, cut));
    let whole = count(w, h, &free, Tours::OpenDirected, &Options::default()).unwrap();
    let far_end = plan.cells - cut + plan.w;
    // The last: stopped after the near side's last square, in the join.
    let near_end = far_end + cut + plan.w;
    for after in [
        3,
        far_end - 2,
        far_end,
        far_end + 4,
        far_end + cut + 2,
        near_end,
    ] {
        let board = (w, h, &free[..], Tours::OpenDirected);
        let (resumed, again) = stop_after_and_resume(board, after, &path);
        assert_eq!(resumed.tours, whole.tours, "stopped after square {after}");
        let mut join_file = path.as_os_str().to_owned();
        join_file.push(".join");
        assert!(!std::path::Path::new(&join_file).exists());
        // No square before the stop is made again.
        assert!(again.iter().all(|&s| s > after), "after {after}: {again:?}");
        assert!(!path.exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A join stopped again and again, a few pieces at a time, goes on each
/// time from the pieces it finished (saved beside the checkpoint) and
/// ends with the whole count; on one side by symmetry (6×6 closed) and
/// with two (5×6 open).
#[test]
fn a_join_stopped_many_times_goes_on_from_its_finished_pieces() {
    use super::join::tests::STOP_AFTER;
    let dir = std::env::temp_dir().join(format!("hetman-join-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (w, h, kind) in [(6u32, 6u32, Tours::Closed), (5, 6, Tours::OpenDirected)] {
        let path = dir.join(format!("{w}x{h}.ckpt"));
        let free = vec![false; (w * h) as usize];
        let whole = count(w, h, &free, kind, &Options::default()).unwrap();
        let o = Options {
            checkpoint: Some(&path),
            checkpoint_every: std::time::Duration::from_secs(3600),
            ..Options::default()
        };
        let mut join_file = path.as_os_str().to_owned();
        join_file.push(".join");
        let join_file = std::path::PathBuf::from(join_file);
        // Three pieces a run: a join that started again each time would
        // never end.
        STOP_AFTER.with(|s| s.set(Some(3)));
        let mut stops = 0;
        let resumed = loop {
            match count(w, h, &free, kind, &o) {
                Err(Error::Interrupted) => {
                    assert!(join_file.exists(), "{w}x{h}: the join's progress is saved");
                    stops += 1;
                    assert!(stops < 2000, "{w}x{h}: the join does not go on");
                }
                other => break other.unwrap(),
            }
        };
        STOP_AFTER.with(|s| s.set(None));
        assert!(stops >= 3, "{w}x{h}: stopped only {stops} times");
        assert_eq!(resumed.tours, whole.tours, "{w}x{h} after {stops} stops");
        assert!(
            !path.exists() && !join_file.exists(),
            "a finished count cleans up"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
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

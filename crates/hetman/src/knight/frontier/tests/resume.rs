//! Stopping and resuming a frontier count: by the stop flag, in the middle
//! of a square, in the crossing phase and around the cut of a split count,
//! in a long board's matrices, and in the join.

use super::*;

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

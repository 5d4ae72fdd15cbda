//! The passes' tests: they add up to the whole count, hold fewer states,
//! are told in order, and resume where they stopped.

use super::super::cut::{cut_of, mirrored};
use super::super::{count, count_per_square, Options, Progress, Tours};
use super::*;
use crate::Error;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

fn passes(passes: usize) -> Options<'static> {
    Options {
        passes,
        ..Options::default()
    }
}

/// Boards counted from both sides (no half-turn symmetry, or an odd
/// frontier, or a cut off the middle): closed and open, with blocked
/// squares, in 2 to 9 passes, must give the count of one pass.
#[test]
fn passes_add_up_to_the_whole_count() {
    let mut corner = vec![false; 36];
    corner[0] = true;
    let boards: [(u32, u32, Vec<bool>, Tours); 6] = [
        (5, 6, vec![false; 30], Tours::Closed),
        (5, 6, vec![false; 30], Tours::OpenDirected),
        (6, 7, vec![false; 42], Tours::Closed),
        (5, 8, vec![false; 40], Tours::OpenUndirected),
        (6, 6, corner.clone(), Tours::OpenDirected),
        (5, 5, vec![false; 25], Tours::OpenDirected),
    ];
    for (w, h, blocked, kind) in &boards {
        let plan = Plan::new(*w, *h, blocked, *kind).unwrap();
        let cut = cut_of(&plan).unwrap();
        assert!(!mirrored(&plan, cut), "{w}x{h} runs both sides");
        let one = count(*w, *h, blocked, *kind, &passes(1)).unwrap();
        assert!(one.split);
        assert!(!one.tours.is_zero(), "{w}x{h} {kind:?}");
        for p in [2, 3, 9] {
            let c = count(*w, *h, blocked, *kind, &passes(p)).unwrap();
            assert_eq!(c.tours, one.tours, "{w}x{h} {kind:?} in {p} passes");
        }
    }
    // A fixed tour end (the join must end a tour there) in passes too.
    let t1 = count_per_square(5, 5, &[false; 25], &passes(1)).unwrap();
    let t4 = count_per_square(5, 5, &[false; 25], &passes(4)).unwrap();
    assert_eq!(t1.cells, t4.cells);
}

/// Each pass is told with the squares it walks: numbered from 1 to the
/// passes in all, in order, each starting where the shares of those
/// before it end, and the last ending at the whole.
#[test]
fn the_passes_are_told_in_order_with_their_shares() {
    for (in_passes, of) in [(3, 3), (4, 6), (9, 9)] {
        let seen = std::sync::Mutex::new(Vec::new());
        let show = |p: Progress| seen.lock().unwrap().extend(p.pass);
        let o = Options {
            passes: in_passes,
            progress: Some(&show),
            ..Options::default()
        };
        count(6, 7, &[false; 42], Tours::Closed, &o).unwrap();
        let mut told = seen.into_inner().unwrap();
        // The last told of each number: a pass dealt again is told as
        // its first pass within until that one runs.
        told.reverse();
        told.dedup_by_key(|p| p.number);
        told.reverse();
        let numbers: Vec<usize> = told.iter().map(|p| p.number).collect();
        assert_eq!(numbers, (1..=of).collect::<Vec<_>>(), "{in_passes} passes");
        let mut done = 0.0;
        for p in &told {
            assert_eq!(p.of, of);
            assert!((p.done - done).abs() < 1e-9, "{p:?} after {done}");
            assert!(p.share > 0.0, "{p:?}");
            done += p.share;
        }
        assert!(
            (done - 1.0).abs() < 1e-9,
            "{in_passes} passes end at {done}"
        );
    }
}

/// The largest table of a count whose near side's crossing rank holds
/// the most states shrinks with the passes: on 5×8 open tours the near
/// side's last squares held 93,026 states, the far side's walk 54,162.
/// (Not folded onto mirror images: folded, the near side holds 55,743,
/// and the far side's walk is the largest.)
#[test]
fn a_count_in_passes_holds_fewer_states() {
    use super::super::fold::tests::FOLD;
    let free = vec![false; 40];
    FOLD.with(|f| f.set(false));
    let one = count(5, 8, &free, Tours::OpenDirected, &passes(1));
    let four = count(5, 8, &free, Tours::OpenDirected, &passes(4));
    FOLD.with(|f| f.set(true));
    let (one, four) = (one.unwrap(), four.unwrap());
    assert_eq!(one.tours, four.tours);
    assert!(
        four.peak_states * 10 < one.peak_states * 7,
        "peak {} in 4 passes, {} in one",
        four.peak_states,
        one.peak_states
    );
}

/// Counts the 6×7 closed tours in `in_passes` passes with a checkpoint in
/// a fresh directory, stopped as the `stop_after`-th pass's walk ends
/// (in its join); shows the directory to `stopped`, resumes, checks the
/// count against one pass and that nothing is left behind. Returns the
/// walks to the end of the rank made before and after the resume.
fn stop_and_resume(
    tag: &str,
    in_passes: usize,
    stop_after: usize,
    resumed_in: usize,
    stopped: impl Fn(&std::path::Path),
) -> (usize, usize) {
    let dir = std::env::temp_dir().join(format!("hetman-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("6x7.ckpt");
    let free = vec![false; 42];
    let whole = count(6, 7, &free, Tours::Closed, &passes(1)).unwrap().tours;
    let stop = AtomicBool::new(false);
    // The last square of each pass's walk.
    let ends = AtomicUsize::new(0);
    let armed = AtomicBool::new(true);
    let progress = |p: Progress| {
        if p.step + 1 == p.steps
            && ends.fetch_add(1, Ordering::Relaxed) + 1 == stop_after
            && armed.load(Ordering::Relaxed)
        {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let o = Options {
        passes: in_passes,
        stop: Some(&stop),
        progress: Some(&progress),
        checkpoint: Some(&path),
        ..Options::default()
    };
    assert_eq!(
        count(6, 7, &free, Tours::Closed, &o).map(|c| c.tours),
        Err(Error::Interrupted)
    );
    assert!(path.exists());
    stopped(&dir);
    let before = ends.swap(0, Ordering::Relaxed);
    stop.store(false, Ordering::Relaxed);
    armed.store(false, Ordering::Relaxed);
    let o = Options {
        passes: resumed_in,
        ..o
    };
    assert_eq!(count(6, 7, &free, Tours::Closed, &o).unwrap().tours, whole);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
    (before, ends.load(Ordering::Relaxed))
}

/// A count in passes stopped in its second pass resumes there: the
/// first pass is not made again, and the total is the whole count.
#[test]
fn a_count_stopped_in_a_pass_resumes_at_that_pass() {
    let (_, after) = stop_and_resume("passes", 3, 2, 3, |dir| {
        let file = |k: usize| dir.join(format!("6x7.ckpt.pass-{k}-of-3.join"));
        let start = |k: usize| dir.join(format!("6x7.ckpt.pass-{k}-of-3.start"));
        // The states of the passes not finished wait on disk; the
        // finished pass's are gone, and its sum is kept.
        let finished: Vec<usize> = (1..=3).filter(|&k| !start(k).exists()).collect();
        assert_eq!(finished.len(), 1, "one pass finished");
        assert!(file(finished[0]).exists());
    });
    // The other two walked again, the finished one taken from its file.
    assert_eq!(after, 2);
}

/// Passes within passes (9: three dealt where the passes start, each
/// dealt again into three a square on) stopped in a pass within the
/// second: resumed, the passes finished are skipped, the count is
/// whole and no file is left.
#[test]
fn passes_within_passes_resume_where_they_stopped() {
    let (before, after) = stop_and_resume("nested", 9, 5, 9, |dir| {
        let files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        // A finished pass of the first three, and passes within another.
        assert!(
            files
                .iter()
                .any(|f| f.contains(".pass-") && f.ends_with("-of-3.join"))
                && files.iter().any(|f| f.contains("-of-3.pass-")),
            "{files:?}"
        );
    });
    // Four finished passes are not walked again (the stopped one is).
    assert_eq!(before + after, 5 + 9 - 4, "{before} + {after} walks");
}

/// A pass's start file damaged while an earlier pass runs is refused
/// when its pass comes (never joined as it is); resumed, the count
/// deals the passes again from its checkpoint and is whole.
#[test]
fn a_damaged_start_file_is_refused() {
    let dir = std::env::temp_dir().join(format!("hetman-starts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("5x8.ckpt");
    let free = vec![false; 40];
    let kind = Tours::OpenDirected;
    let whole = count(5, 8, &free, kind, &passes(1)).unwrap().tours;
    let armed = AtomicBool::new(true);
    let damage = |p: Progress| {
        if p.step + 1 == p.steps && armed.swap(false, Ordering::Relaxed) {
            for e in std::fs::read_dir(&dir).unwrap() {
                let f = e.unwrap().path();
                if f.extension().is_some_and(|x| x == "start") {
                    let mut bytes = std::fs::read(&f).unwrap();
                    let at = bytes.len() - 5;
                    bytes[at] ^= 1;
                    std::fs::write(&f, bytes).unwrap();
                }
            }
        }
    };
    let o = Options {
        passes: 9,
        progress: Some(&damage),
        checkpoint: Some(&path),
        ..Options::default()
    };
    match count(5, 8, &free, kind, &o) {
        Err(Error::Checkpoint { path, reason }) => {
            assert!(path.ends_with(".start"), "{path}");
            assert!(reason.contains("damaged"), "{reason}");
        }
        other => panic!(
            "a damaged start file was taken: {:?}",
            other.map(|c| c.tours)
        ),
    }
    assert_eq!(count(5, 8, &free, kind, &o).unwrap().tours, whole);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn prefixes_are_dealt_largest_first_to_the_lightest_pass() {
    // Four prefixes of one square (0, 1 and 2 moves; 3 never happens).
    let c = Classes::new(&[50, 30, 25, 0], 2);
    assert_eq!(c.sizes, vec![50, 55]);
    assert_eq!(c.class, vec![0, 1, 1, 0]);
}

#[test]
fn the_passes_start_one_square_into_the_rank() {
    // Where the passes start, resumed or not.
    assert_eq!(split_at(1, 40, 8, 8, 40, false), None);
    assert_eq!(split_at(4, 40, 8, 8, 40, false), Some(41));
    assert_eq!(split_at(4, 40, 8, 8, 43, false), Some(43));
    assert_eq!(split_at(4, 40, 8, 8, 43, true), Some(44));
    assert_eq!(split_at(4, 40, 8, 8, 48, true), None);
}

/// A count stopped in 9 passes and resumed in 27 (as one that ran out of
/// memory in a pass is): the passes of the first three levels keep their
/// names, so the four finished are skipped, and the five left are each
/// dealt once more, into 15 in all; the count is whole.
#[test]
fn a_count_resumed_in_more_passes_skips_those_finished() {
    let (before, after) = stop_and_resume("more", 9, 5, 27, |_| {});
    assert_eq!(before, 5);
    assert_eq!(after, 15);
}

/// A pass whose walk outgrows `max_states` is dealt again into 3 a square
/// on, from its states on disk: lowering the limit from twice the
/// one-pass peak, a count in 3 passes with a checkpoint comes to run in more
/// passes, and is whole and leaves no file; without a checkpoint (no
/// states to read back) the same limit stops it.
#[test]
fn a_pass_past_the_memory_limit_is_dealt_again() {
    let dir = std::env::temp_dir().join(format!("hetman-again-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("6x7.ckpt");
    let free = vec![false; 42];
    let kind = Tours::Closed;
    let whole = count(6, 7, &free, kind, &passes(1)).unwrap();
    // The limit counts the far side held beside a pass's walk too, so it
    // starts above the largest single table (at 2× it nothing is dealt
    // again on 6×7; from about 1.15× a pass is, and at 1.03× the first walk
    // stops).
    let mut limit = whole.peak_states * 2;
    let mut dealt_again = None;
    while dealt_again.is_none() && limit > 0 {
        let most = AtomicUsize::new(0);
        let show = |p: Progress| {
            if let Some(p) = p.pass {
                most.fetch_max(p.of, Ordering::Relaxed);
            }
        };
        let o = Options {
            passes: 3,
            max_states: Some(limit),
            checkpoint: Some(&path),
            progress: Some(&show),
            ..Options::default()
        };
        match count(6, 7, &free, kind, &o) {
            Ok(c) => {
                assert_eq!(c.tours, whole.tours, "at most {limit} states");
                assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
                let of = most.load(Ordering::Relaxed);
                if of > 3 {
                    dealt_again = Some((limit, of));
                }
            }
            Err(Error::OutOfMemory { .. }) => break,
            Err(e) => panic!("at most {limit} states: {e}"),
        }
        limit = limit * 49 / 50;
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let (limit, of) = dealt_again.expect("a limit at which a pass is dealt again");
    assert!(of >= 5, "3 passes, one dealt into 3: {of}");
    let o = Options {
        passes: 3,
        max_states: Some(limit),
        ..Options::default()
    };
    assert!(
        matches!(count(6, 7, &free, kind, &o), Err(Error::OutOfMemory { .. })),
        "at most {limit} states without a checkpoint"
    );
}

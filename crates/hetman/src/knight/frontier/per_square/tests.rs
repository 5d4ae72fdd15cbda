//! Tests of the per-square tables: against backtracking, on boards without symmetry, stopped and resumed, and the classes of squares.

use super::*;
use crate::knight::enumerate::{count_all, CountOptions};
use crate::knight::KnightBoard;
use crate::{BoardSize, Square};

/// The backtracking table of a board, as counts.
fn backtracking(w: u32, h: u32, blocked: &[bool]) -> Vec<Option<BigCount>> {
    let squares: Vec<Square> = (0..w * h)
        .filter(|&i| blocked[i as usize])
        .map(|i| Square::new(i % w, i / w))
        .collect();
    let board = KnightBoard::with_blocked(BoardSize::new(w, h).unwrap(), &squares).unwrap();
    let t = count_all(&board, &CountOptions::default()).unwrap();
    t.per_square.iter().map(|c| c.map(BigCount::from)).collect()
}

#[test]
fn tables_agree_with_backtracking() {
    let mut blocked = vec![false; 25];
    blocked[7] = true; // c2
    let mut corner = vec![false; 12];
    corner[0] = true;
    // 4x3 without a2, d2 and b3: c1's only move leads away from the cut
    // (the far side retires it, as a fixed end too).
    let mut away = vec![false; 12];
    for s in [4, 7, 9] {
        away[s] = true;
    }
    let boards: [(u32, u32, Vec<bool>); 13] = [
        (1, 1, vec![false]),
        (3, 3, vec![false; 9]),
        (3, 4, vec![false; 12]),
        (4, 3, corner),
        (4, 3, away),
        (8, 3, vec![false; 24]),
        (3, 8, vec![false; 24]),
        (5, 5, vec![false; 25]),
        (5, 6, vec![false; 30]),
        (6, 5, vec![false; 30]),
        (4, 5, vec![false; 20]),
        (5, 4, vec![false; 20]),
        (5, 5, blocked),
    ];
    for (w, h, blocked) in &boards {
        let want = backtracking(*w, *h, blocked);
        for split in [true, false] {
            let o = Options {
                split,
                ..Options::default()
            };
            let t = count_per_square(*w, *h, blocked, &o).unwrap();
            assert_eq!(t.cells, want, "{w}x{h} split {split}");
            for (i, c) in want.iter().enumerate() {
                let from = count_from(*w, *h, blocked, i, &o).map(|c| c.tours);
                match c {
                    Some(c) => assert_eq!(from.as_ref(), Ok(c), "{w}x{h} from {i}"),
                    None => assert!(from.is_err(), "{w}x{h}: {i} is blocked"),
                }
            }
        }
    }
}

#[test]
fn every_square_of_a_board_without_symmetry() {
    // Every free square counted on its own, split and not, against
    // backtracking: squares in every position relative to the cut.
    let mut blocked = vec![false; 30];
    blocked[0] = true;
    blocked[17] = true;
    let want = backtracking(5, 6, &blocked);
    assert_eq!(classes(5, 6, &blocked).len(), 28);
    for split in [true, false] {
        let o = Options {
            split,
            ..Options::default()
        };
        assert_eq!(count_per_square(5, 6, &blocked, &o).unwrap().cells, want);
    }
}

#[test]
fn a_table_stopped_between_and_within_squares_resumes() {
    use super::super::Progress;
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = std::env::temp_dir().join(format!("hetman-cells-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.ckpt");
    let cells_file = dir.join("t.ckpt.cells");
    let cell_file = dir.join("t.ckpt.cell");
    let free = [false; 30];
    let want = count_per_square(5, 6, &free, &Options::default()).unwrap();
    assert_eq!(want.classes, 9);
    /// The table counted as the CLI does: the total from the cells
    /// file or counted, then the squares; stopped once `stop_after`
    /// squares are done in this run.
    fn run(
        path: &Path,
        stop: &AtomicBool,
        progress: Option<&dyn Fn(Progress)>,
        stop_after: Option<usize>,
        seen: &mut Vec<ClassDone>,
    ) -> Result<PerSquare, Error> {
        let free = [false; 30];
        let o = Options {
            checkpoint: Some(path),
            stop: Some(stop),
            progress,
            ..Options::default()
        };
        let total = match saved_total(path, 5, 6, &free)? {
            Some(t) => t,
            None => super::super::count(5, 6, &free, Tours::OpenDirected, &o)?.tours,
        };
        count_per_square_with_total(5, 6, &free, &total, &o, &mut |d| {
            seen.push(d);
            if Some(seen.len()) == stop_after {
                stop.store(true, Ordering::Relaxed);
            }
        })
    }
    // Run 1: stopped once two squares are counted.
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    assert_eq!(
        run(&path, &stop, None, Some(2), &mut seen),
        Err(Error::Interrupted)
    );
    assert_eq!(seen.len(), 2);
    assert_eq!(
        saved_total(&path, 5, 6, &free).unwrap(),
        Some(want.total.clone())
    );
    // Run 2: both read back, then stopped within the next square's count.
    let stop = AtomicBool::new(false);
    let within = |p: Progress| {
        if p.step >= 12 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let mut seen = Vec::new();
    assert_eq!(
        run(&path, &stop, Some(&within), None, &mut seen),
        Err(Error::Interrupted)
    );
    assert_eq!(
        seen.iter().map(|d| d.resumed).collect::<Vec<_>>(),
        [true, true]
    );
    assert!(cell_file.exists(), "the square under way is checkpointed");
    // Run 3: to the end; the squares read back and counted make the table.
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let t = run(&path, &stop, None, None, &mut seen).unwrap();
    assert_eq!(t, want);
    assert_eq!(seen.iter().filter(|d| d.resumed).count(), 2);
    assert!(!cells_file.exists() && !cell_file.exists() && !path.exists());
    // A cells file saved with another total is refused.
    let f = CellsFile::beside(
        &path,
        &Plan::new(5, 6, &free, Tours::OpenUndirected)
            .unwrap()
            .signature,
    );
    let other = Cells {
        total: BigCount::from(7u64),
        done: Vec::new(),
    };
    f.save(&other).unwrap();
    let o = Options {
        checkpoint: Some(&path),
        ..Options::default()
    };
    let e = count_per_square_with_total(5, 6, &free, &want.total, &o, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("adding up to 7"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_count_from_a_square_takes_its_own_checkpoint_only() {
    use super::super::Progress;
    use std::sync::atomic::{AtomicBool, Ordering};
    let dir = std::env::temp_dir().join(format!("hetman-from-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("from.ckpt");
    let free = [false; 30];
    let want = count_from(5, 6, &free, 0, &Options::default())
        .unwrap()
        .tours;
    let stop = AtomicBool::new(false);
    let at = |p: Progress| {
        if p.step >= 12 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let o = Options {
        checkpoint: Some(&path),
        stop: Some(&stop),
        progress: Some(&at),
        ..Options::default()
    };
    assert_eq!(count_from(5, 6, &free, 0, &o), Err(Error::Interrupted));
    assert!(path.exists());
    let o = Options {
        checkpoint: Some(&path),
        ..Options::default()
    };
    // From another square: refused, and the checkpoint is kept.
    let e = count_from(5, 6, &free, 2, &o).unwrap_err();
    assert!(matches!(e, Error::Checkpoint { .. }), "{e}");
    assert!(path.exists());
    // From its own square: resumed, to the same count.
    assert_eq!(count_from(5, 6, &free, 0, &o).unwrap().tours, want);
    assert!(!path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn classes_of_boards() {
    assert_eq!(classes(5, 5, &[false; 25]).len(), 6);
    assert_eq!(classes(6, 6, &[false; 36]).len(), 6);
    assert_eq!(classes(7, 7, &[false; 49]).len(), 10);
    assert_eq!(classes(4, 5, &[false; 20]).len(), 6);
    let mut b = vec![false; 25];
    b[1] = true; // b1: no symmetry but the identity maps it onto itself
    assert_eq!(classes(5, 5, &b).len(), 24);
    b[3] = true; // and d1: the mirror of the files
    assert_eq!(classes(5, 5, &b).len(), 14);
}

//! Exact tour counts past 64 and 128 bits, and whole tables from one sweep
//! ([`count_table`]), against OEIS terms (`tests/data/knight_tables.txt`)
//! and against the single-board counts of [`count`].

mod common;

use hetman::knight::frontier::{count, count_table, BigCount, Options, Tours};

/// The rows of `count_table(k, from, to)` as `(n, decimal)`.
fn table(k: u32, from: u32, to: u32, kind: Tours) -> Vec<(u32, String)> {
    let mut rows = Vec::new();
    let mut opts = Options::default();
    opts.threads = 2;
    count_table(k, from, to, kind, &opts, &mut |n, c| {
        rows.push((n, c.to_string()));
    })
    .unwrap();
    rows
}

fn single(k: u32, n: u32, kind: Tours) -> BigCount {
    count(
        k,
        n,
        &vec![false; (k * n) as usize],
        kind,
        &Options::default(),
    )
    .unwrap()
    .tours
}

/// The known counts of `kind` on K x n boards, n = 1, 2, ...
fn known(kind: &str, k: u32) -> Vec<String> {
    let data = include_str!("data/knight_tables.txt");
    let line = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .find(|l| l.starts_with(&format!("{kind} {k} ")))
        .expect("a line for this board");
    line.split_whitespace()
        .skip(2)
        .map(str::to_string)
        .collect()
}

fn expect(kind: &str, k: u32, from: u32, to: u32) -> Vec<(u32, String)> {
    let want = known(kind, k);
    (from..=to)
        .map(|n| (n, want[n as usize - 1].clone()))
        .collect()
}

/// The whole of A175881 in the data, 6x1 to 6x40, from one sweep of the
/// 6x40 board (each shorter board is a row of it), mostly by the transfer
/// matrix of its repeating ranks (about 9 s in release): 6x15 is the first
/// term past 2^64, 6x26 the first past 2^128, 6x40 the last (66 digits).
#[test]
fn six_by_n_closed_to_40_match_a175881() {
    let rows = table(6, 1, 40, Tours::Closed);
    assert_eq!(rows, expect("closed", 6, 1, 40));
    // The first board whose count is at least `bound` (decimals compared
    // by length, then digit by digit).
    let past = |bound: &str| {
        rows.iter()
            .find(|(_, c)| (c.len(), c.as_str()) >= (bound.len(), bound))
            .map(|(n, _)| *n)
    };
    assert_eq!(past(&(1u128 << 64).to_string()), Some(15));
    assert_eq!(past(&u128::MAX.to_string()), Some(26));
    assert_eq!(
        rows[26 - 1].1,
        "19145888052227167790585189427230454709502",
        "6x26 > 2^128"
    );
    assert_eq!(rows[40 - 1].1.len(), 66);
}

#[test]
fn five_by_n_closed_match_the_oeis() {
    assert_eq!(table(5, 1, 14, Tours::Closed), expect("closed", 5, 1, 14));
}

/// The open tours of the boards 3..6 wide in `tests/data/knight_frontier.txt`
/// (OEIS A165134 and the published rectangle tables; undirected lines
/// doubled), each as the row of one table per width.
#[test]
fn open_rows_match_the_published_counts() {
    let data = include_str!("data/knight_frontier.txt");
    // (k, n, directed count)
    let mut want: Vec<(u32, u32, u128)> = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let times = match f[0] {
            "open-directed" => 1,
            "open-undirected" => 2,
            _ => continue,
        };
        let (w, h) = f[1].split_once('x').expect("WxH");
        let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());
        let c: u128 = f[2].parse::<u128>().unwrap() * times;
        for (k, n) in [(w, h), (h, w)] {
            if (3..=6).contains(&k) && !want.contains(&(k, n, c)) {
                want.push((k, n, c));
            }
        }
    }
    for k in 3..=6 {
        let mine: Vec<_> = want.iter().filter(|w| w.0 == k).collect();
        let to = mine
            .iter()
            .map(|w| w.1)
            .max()
            .expect("a board of this width");
        let rows = table(k, 1, to, Tours::OpenDirected);
        for &&(_, n, c) in &mine {
            assert_eq!(rows[n as usize - 1], (n, c.to_string()), "{k} x {n} open");
        }
    }
    assert!(want.len() >= 9, "{want:?}");
}

#[test]
fn every_row_of_a_table_is_the_count_of_its_board() {
    let kinds = [Tours::Closed, Tours::OpenDirected, Tours::OpenUndirected];
    for (k, from, to) in [
        (1, 1, 3),
        (2, 1, 4),
        (3, 1, 12),
        (4, 1, 8),
        (5, 3, 6),
        (6, 4, 6),
    ] {
        for kind in kinds {
            if k == 6 && kind != Tours::Closed {
                continue; // 6x6 open tours: tests/knight_frontier.rs
            }
            let rows = table(k, from, to, kind);
            let want: Vec<(u32, String)> = (from..=to)
                .map(|n| (n, single(k, n, kind).to_string()))
                .collect();
            assert_eq!(rows, want, "{k} x n {kind:?}");
        }
    }
}

/// Tables too wide for one sweep count row by row, met in the middle: their
/// rows against the columns of the narrow tables, which one sweep gives
/// (the K×n board is the n×K board turned).
#[test]
fn wide_tables_count_each_row_and_match_the_narrow_sweeps() {
    for (k, to, kind) in [(7, 5, Tours::OpenDirected), (8, 5, Tours::Closed)] {
        assert!(!hetman::knight::frontier::table_sweeps(k, kind));
        let rows = table(k, 1, to, kind);
        let want: Vec<(u32, String)> = (1..=to)
            .map(|n| {
                assert!(hetman::knight::frontier::table_sweeps(n, kind));
                let column = table(n, k, k, kind);
                (n, column[0].1.clone())
            })
            .collect();
        assert_eq!(rows, want, "{k} x n {kind:?}");
        assert_ne!(rows[to as usize - 1].1, "0", "{k} x {to} {kind:?}");
    }
}

#[test]
fn three_by_n_past_128_bits_two_ways() {
    // The table's rows (one sweep, read off rank by rank) against the
    // meet-in-the-middle count of each board, which multiplies the two
    // halves' counts in the join: both exact past 2^128.
    for kind in [Tours::Closed, Tours::OpenDirected] {
        let rows = table(3, 86, 90, kind);
        for (n, c) in &rows {
            assert_eq!(*c, single(3, *n, kind).to_string(), "3x{n} {kind:?}");
        }
        let last = single(3, 90, kind);
        assert!(last.bits() > 128, "3x90 {kind:?} has {} bits", last.bits());
    }
}

#[test]
fn bad_tables_are_refused() {
    let o = Options::default();
    let mut row = |_, _| {};
    assert!(count_table(0, 1, 3, Tours::Closed, &o, &mut row).is_err());
    assert!(count_table(3, 4, 3, Tours::Closed, &o, &mut row).is_err());
    assert!(count_table(13, 1, 3, Tours::Closed, &o, &mut row).is_err());
}

#[test]
fn a_count_stopped_with_wide_counts_resumes_from_its_checkpoint() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let path = common::scratch_file("wide-ckpt", "3x60.ckpt");
    let free = vec![false; 180];
    let mut plain = Options::default();
    plain.split = false;
    let whole = count(3, 60, &free, Tours::Closed, &plain).unwrap().tours;
    assert!(whole.bits() > 64, "the counts must outgrow one word");
    // Stop after square 160 of 180, where the states' counts need two words.
    let stop = AtomicBool::new(false);
    let progress = |p: hetman::knight::frontier::Progress| {
        if p.step == 160 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let mut o = Options::default();
    o.split = false;
    o.stop = Some(&stop);
    o.progress = Some(&progress);
    o.checkpoint = Some(&path);
    o.checkpoint_every = std::time::Duration::from_secs(3600);
    assert_eq!(
        count(3, 60, &free, Tours::Closed, &o).map(|c| c.tours),
        Err(hetman::Error::Interrupted)
    );
    assert!(path.exists(), "a stopped count saves its states");
    stop.store(false, Ordering::Relaxed);
    o.progress = None;
    assert_eq!(count(3, 60, &free, Tours::Closed, &o).unwrap().tours, whole);
    assert!(!path.exists(), "a finished count removes its checkpoint");
    // A checkpoint of the 64-bit format is refused, not misread.
    std::fs::write(&path, b"HETMANF2 and the rest").unwrap();
    let err = count(3, 60, &free, Tours::Closed, &o)
        .unwrap_err()
        .to_string();
    assert!(err.contains("older hetman"), "{err}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

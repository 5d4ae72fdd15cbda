//! Known tour counts (tests/data/knight_tours.txt) from the backtracking
//! counter and the frontier counter, which must agree with each other and
//! with the data; the seed's 5x5 tour; every listed tour passes the checker.

mod common;

use hetman::knight::enumerate::{count, count_all, for_each_tour, CountOptions};
use hetman::knight::{find, frontier, Algorithm, FindOptions, KnightBoard};
use hetman::BoardSize;
use std::ops::ControlFlow;

enum Row {
    From {
        size: BoardSize,
        start: String,
        closed: bool,
        n: u64,
    },
    All {
        size: BoardSize,
        closed: bool,
        n: u64,
    },
}

fn rows() -> Vec<Row> {
    include_str!("data/knight_tours.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let size: BoardSize = f[1].parse().unwrap();
            match f[0] {
                "from" => Row::From {
                    size,
                    start: f[2].to_string(),
                    closed: f[3] == "closed",
                    n: f[4].parse().unwrap(),
                },
                "all" => Row::All {
                    size,
                    closed: f[2] == "closed",
                    n: f[3].parse().unwrap(),
                },
                k => panic!("unknown row kind {k}"),
            }
        })
        .collect()
}

fn mask(board: &KnightBoard) -> Vec<bool> {
    (0..board.squares() as u32)
        .map(|i| board.is_blocked(i))
        .collect()
}

#[test]
fn counts_match_the_data_by_both_engines() {
    let rows = rows();
    assert!(rows.len() >= 20);
    for row in rows {
        match row {
            Row::From {
                size,
                start,
                closed,
                n,
            } => {
                let board = KnightBoard::new(size).unwrap();
                let opts = CountOptions {
                    closed,
                    ..Default::default()
                };
                let got = count(&board, start.parse().unwrap(), &opts).unwrap().tours;
                assert_eq!(got, n, "{size} from {start}, closed {closed}");
                // One thread gives the same answer as all cores.
                let one = CountOptions {
                    closed,
                    threads: 1,
                    ..Default::default()
                };
                if n < 1000 {
                    let got1 = count(&board, start.parse().unwrap(), &one).unwrap().tours;
                    assert_eq!(got1, n, "{size} from {start} on one thread");
                }
            }
            Row::All { size, closed, n } => {
                let board = KnightBoard::new(size).unwrap();
                let kind = if closed {
                    frontier::Tours::Closed
                } else {
                    frontier::Tours::OpenUndirected
                };
                let (w, h) = (size.width(), size.height());
                let f = frontier::count(w, h, &mask(&board), kind, &Default::default()).unwrap();
                assert_eq!(f.tours, u128::from(n), "frontier {size} closed {closed}");
                if size.squares() <= 30 {
                    // Backtracking from every square: open paths counted
                    // from both ends, cycles twice through every square.
                    let opts = CountOptions {
                        closed,
                        ..Default::default()
                    };
                    let t = count_all(&board, &opts).unwrap();
                    let per = if closed { 2 * board.free_squares() } else { 2 };
                    assert_eq!(t.total(), n * per, "backtracking {size} closed {closed}");
                }
            }
        }
    }
}

#[test]
fn the_facade_gives_the_data_counts() {
    use hetman::knight::{self, CountEngine};
    for row in rows() {
        match row {
            Row::From {
                size,
                start,
                closed,
                n,
            } if n < 1000 => {
                let board = KnightBoard::new(size).unwrap();
                let opts = if closed {
                    knight::CountOptions::closed()
                } else {
                    knight::CountOptions::open()
                };
                let c = knight::count(&board, &opts.from(start.parse().unwrap())).unwrap();
                assert_eq!(
                    c.directed,
                    u128::from(n),
                    "{size} from {start}, closed {closed}"
                );
                let undirected = if closed { n / 2 } else { n };
                assert_eq!(c.undirected, u128::from(undirected), "{size} from {start}");
                assert!(matches!(
                    c.engine,
                    CountEngine::Backtracking | CountEngine::Theorem
                ));
            }
            Row::From { .. } => {}
            Row::All { size, closed, n } => {
                let board = KnightBoard::new(size).unwrap();
                let opts = if closed {
                    knight::CountOptions::closed()
                } else {
                    knight::CountOptions::open()
                };
                let c = knight::count(&board, &opts).unwrap();
                assert_eq!(c.undirected, u128::from(n), "{size} closed {closed}");
                let directed = if size.squares() > 1 { 2 * n } else { n };
                assert_eq!(c.directed, u128::from(directed), "{size} closed {closed}");
                assert_eq!(c.engine, CountEngine::Frontier);
            }
        }
    }
}

#[test]
fn backtracking_and_frontier_agree_on_every_small_board() {
    for w in 1..=5u32 {
        for h in 1..=5u32 {
            if w * h > 25 {
                continue;
            }
            let board = KnightBoard::new(BoardSize::new(w, h).unwrap()).unwrap();
            for closed in [false, true] {
                let opts = CountOptions {
                    closed,
                    ..Default::default()
                };
                let t = count_all(&board, &opts).unwrap();
                let kind = if closed {
                    frontier::Tours::Closed
                } else {
                    frontier::Tours::OpenDirected
                };
                let f = frontier::count(w, h, &mask(&board), kind, &Default::default()).unwrap();
                let expect = if closed {
                    f.tours.to_u128().unwrap() * 2 * u128::from(board.free_squares())
                } else {
                    f.tours.to_u128().unwrap()
                };
                let expect = if w * h == 1 {
                    f.tours.to_u128().unwrap()
                } else {
                    expect
                };
                assert_eq!(u128::from(t.total()), expect, "{w}x{h} closed {closed}");
            }
        }
    }
}

#[test]
fn listing_gives_every_counted_tour_each_valid_and_distinct() {
    for (size, start, closed) in [
        ("5x5", "a1", false),
        ("3x4", "b1", false),
        ("5x6", "a1", true),
    ] {
        let size: BoardSize = size.parse().unwrap();
        let board = KnightBoard::new(size).unwrap();
        let mut seen = std::collections::HashSet::new();
        for_each_tour(&board, start.parse().unwrap(), closed, |t| {
            assert_eq!(t.verify(&board, closed), Ok(()));
            assert!(seen.insert(t.indices().to_vec()));
            ControlFlow::Continue(())
        })
        .unwrap();
        let opts = CountOptions {
            closed,
            ..Default::default()
        };
        let n = count(&board, start.parse().unwrap(), &opts).unwrap().tours;
        assert_eq!(seen.len() as u64, n, "{size} from {start}");
    }
}

#[test]
fn listing_stops_when_asked() {
    let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    let mut n = 0;
    for_each_tour(&board, "a1".parse().unwrap(), false, |_| {
        n += 1;
        if n == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap();
    assert_eq!(n, 3);
}

#[test]
fn seed_tour_from_a5_comes_out_as_the_seed_prints_it() {
    let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    let opts = FindOptions {
        algorithm: Algorithm::Backtracking,
        ..Default::default()
    };
    let t = find(&board, "a5".parse().unwrap(), &opts)
        .unwrap()
        .tour
        .unwrap();
    let rows: Vec<Vec<u32>> = t
        .to_board(&board)
        .lines()
        .take(5)
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .map(|x| x.parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [
            [1, 20, 17, 12, 3],
            [16, 11, 2, 7, 18],
            [21, 24, 19, 4, 13],
            [10, 15, 6, 23, 8],
            [25, 22, 9, 14, 5]
        ]
    );
}

#[test]
fn interrupted_start_count_resumes_from_its_checkpoint() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let path = common::scratch_file("start-ckpt", "6x5.ckpt");
    let board = KnightBoard::new("6x5".parse().unwrap()).unwrap();
    let start = "b1".parse().unwrap();
    let plain = count(&board, start, &CountOptions::default()).unwrap();
    let stop = AtomicBool::new(false);
    // Stop once two work units are done (one thread, so exactly two are recorded).
    let progress = |done: u64, _all: u64| {
        if done == 2 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let mut opts = CountOptions {
        threads: 1,
        stop: Some(&stop),
        progress: Some(&progress),
        checkpoint: Some(&path),
        ..CountOptions::default()
    };
    assert!(count(&board, start, &opts).is_err());
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(lines, 3, "a header and two finished units");
    stop.store(false, Ordering::Relaxed);
    opts.progress = None;
    let resumed = count(&board, start, &opts).unwrap();
    assert_eq!(resumed, plain);
    assert!(!path.exists(), "a finished count removes its checkpoint");
    // A checkpoint of another count is refused.
    std::fs::write(&path, "hetman knight-count version=0 size=5x5\n").unwrap();
    let err = count(&board, start, &opts).unwrap_err();
    assert!(matches!(err, hetman::Error::Checkpoint { .. }), "{err}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

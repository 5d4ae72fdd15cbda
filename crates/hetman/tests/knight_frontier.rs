//! The frontier tour counter against an independent backtracking counter
//! (every board up to 6×6, small rectangles, random blocked squares) and
//! against published counts (tests/data/knight_frontier.txt).

mod common;

use std::sync::atomic::AtomicBool;

use hetman::knight::frontier::{count, count_per_square, Options, Tours};
use hetman::knight::KNIGHT_MOVES;
use hetman::Error;
use proptest::prelude::*;

/// A plain backtracking counter over bitmasks, sharing nothing with the
/// frontier engine. Squares are row-major, rank 0 first; at most 64.
struct Backtrack {
    adj: Vec<u64>,
    free: u64,
}

impl Backtrack {
    fn new(w: usize, h: usize, blocked: &[bool]) -> Self {
        assert!(w * h <= 64);
        let mut adj = vec![0u64; w * h];
        let mut free = 0u64;
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                if blocked[i] {
                    continue;
                }
                free |= 1 << i;
                for (dx, dy) in KNIGHT_MOVES {
                    let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
                    if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                        let j = ny as usize * w + nx as usize;
                        if !blocked[j] {
                            adj[i] |= 1 << j;
                        }
                    }
                }
            }
        }
        Backtrack { adj, free }
    }

    /// Paths from `cur` through all of `left` (the unvisited squares); with
    /// `close`, only those ending next to `home`.
    fn paths(&self, cur: usize, left: u64, close: Option<usize>) -> u64 {
        if left == 0 {
            return match close {
                Some(home) => u64::from(self.adj[cur] >> home & 1 == 1),
                None => 1,
            };
        }
        // Prune: an unvisited square with no way in is dead; a square with
        // one way in must be the last one, and there is only one last square.
        let mut dead_ends = 0;
        let mut rest = left;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut ways = (self.adj[u] & (left | 1 << cur)).count_ones();
            if let Some(home) = close {
                ways += (self.adj[u] >> home & 1) as u32;
            }
            if ways == 0 {
                return 0;
            }
            if ways == 1 {
                dead_ends += 1;
                if dead_ends > 1 {
                    return 0;
                }
            }
        }
        let mut total = 0;
        let mut next = self.adj[cur] & left;
        while next != 0 {
            let u = next.trailing_zeros() as usize;
            next &= next - 1;
            total += self.paths(u, left & !(1 << u), close);
        }
        total
    }

    /// Directed open tours from square `s` (0 for a blocked one).
    fn open_from(&self, s: usize) -> u64 {
        if self.free & (1 << s) == 0 {
            return 0;
        }
        self.paths(s, self.free & !(1 << s), None)
    }

    fn open_directed(&self) -> u64 {
        (0..64).map(|s| self.open_from(s)).sum()
    }

    fn closed(&self) -> u64 {
        if self.free.count_ones() < 3 {
            return 0;
        }
        let s = self.free.trailing_zeros() as usize;
        // Each cycle is found once in each direction.
        self.paths(s, self.free & !(1 << s), Some(s)) / 2
    }
}

fn frontier(w: usize, h: usize, blocked: &[bool], kind: Tours) -> u128 {
    count(w as u32, h as u32, blocked, kind, &Options::default())
        .unwrap()
        .tours
        .to_u128()
        .expect("small boards fit 128 bits")
}

fn check_board(w: usize, h: usize, blocked: &[bool]) {
    let b = Backtrack::new(w, h, blocked);
    let directed = u128::from(b.open_directed());
    let closed = u128::from(b.closed());
    let n = blocked.iter().filter(|&&x| !x).count();
    let undirected = if n > 1 { directed / 2 } else { directed };
    // The directed count is the undirected one doubled inside the engine;
    // check it separately only where it is cheap.
    if w * h <= 30 {
        assert_eq!(
            frontier(w, h, blocked, Tours::OpenDirected),
            directed,
            "{w}x{h} open directed, blocked {blocked:?}"
        );
    }
    // And from each square (a fixed tour end, checked in the join when it
    // is on the ranks at the cut), on the smaller boards (1,000 random
    // boards each of up to 30 squares agreed when this was written).
    if w * h <= 20 {
        let t = count_per_square(w as u32, h as u32, blocked, &Options::default()).unwrap();
        for (s, cell) in t.cells.iter().enumerate() {
            let want = (!blocked[s]).then(|| u128::from(b.open_from(s)));
            let got = cell.as_ref().map(|c| c.to_u128().unwrap());
            assert_eq!(got, want, "{w}x{h} from square {s}, blocked {blocked:?}");
        }
    }
    assert_eq!(
        frontier(w, h, blocked, Tours::OpenUndirected),
        undirected,
        "{w}x{h} open undirected, blocked {blocked:?}"
    );
    assert_eq!(
        frontier(w, h, blocked, Tours::Closed),
        closed,
        "{w}x{h} closed, blocked {blocked:?}"
    );
}

#[test]
fn agrees_with_backtracking_on_every_board_up_to_6x6() {
    for h in 1..=6 {
        for w in 1..=6 {
            check_board(w, h, &vec![false; w * h]);
        }
    }
}

#[test]
fn agrees_with_backtracking_on_small_rectangles() {
    for (w, h) in [(3, 7), (3, 8), (3, 9), (3, 10), (4, 7), (7, 4), (2, 12)] {
        check_board(w, h, &vec![false; w * h]);
    }
}

#[test]
fn known_counts() {
    let text = include_str!("data/knight_frontier.txt");
    let mut checked = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [kind, size, expected] = fields[..] else {
            panic!("bad line: {line}");
        };
        let kind = match kind {
            "closed" => Tours::Closed,
            "open-directed" => Tours::OpenDirected,
            "open-undirected" => Tours::OpenUndirected,
            _ => panic!("bad kind: {line}"),
        };
        let (w, h) = size.split_once('x').expect("size WxH");
        let (w, h): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
        let expected: u128 = expected.replace(',', "").parse().unwrap();
        assert_eq!(
            frontier(w, h, &vec![false; w * h], kind),
            expected,
            "{line}"
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} known counts");
}

#[test]
fn threads_give_the_same_answer() {
    let blocked = vec![false; 36];
    let one = frontier(6, 6, &blocked, Tours::Closed);
    for threads in [2, 3] {
        let mut opts = Options::default();
        opts.threads = threads;
        let c = count(6, 6, &blocked, Tours::Closed, &opts).unwrap();
        assert_eq!(c.tours, one);
        let c = count(5, 6, &[false; 30], Tours::OpenDirected, &opts).unwrap();
        assert_eq!(c.tours, frontier(5, 6, &[false; 30], Tours::OpenDirected));
    }
}

/// The join of a count met in the middle, its grouping and the dealing of
/// passes run on every thread: on each board the counts on 2 and 4 threads
/// (and in passes) are those of one thread, closed and open, on free boards
/// and with blocked squares, and from fixed tour ends (the per-square
/// tables). The boards are large enough for the tables to come in many
/// parts (6x6 open holds some 400 thousand states at the join).
#[test]
fn the_join_counts_alike_on_1_2_and_4_threads() {
    let big = !cfg!(debug_assertions);
    let mut boards: Vec<(u32, u32, Vec<bool>)> =
        vec![(5, 6, vec![false; 30]), (6, 5, vec![false; 30])];
    if big {
        boards.push((6, 6, vec![false; 36]));
        boards.push((7, 5, vec![false; 35]));
        // b2 and g4 blocked (not symmetric under a half turn), and c3 and d4
        // (symmetric).
        let mut b = vec![false; 35];
        b[7 + 1] = true;
        b[3 * 7 + 6] = true;
        boards.push((7, 5, b));
        let mut b = vec![false; 36];
        b[2 * 6 + 2] = true;
        b[3 * 6 + 3] = true;
        boards.push((6, 6, b));
    }
    let on = |threads: usize, passes: usize| {
        let mut o = Options::default();
        o.threads = threads;
        o.passes = passes;
        o
    };
    for (w, h, blocked) in &boards {
        for kind in [Tours::Closed, Tours::OpenDirected] {
            let serial = count(*w, *h, blocked, kind, &on(1, 1)).unwrap();
            assert!(serial.split, "{w}x{h} is met in the middle");
            for (threads, passes) in [(2, 1), (4, 1), (2, 4), (4, 9)] {
                let c = count(*w, *h, blocked, kind, &on(threads, passes)).unwrap();
                assert_eq!(
                    c.tours, serial.tours,
                    "{w}x{h} {kind:?}, {threads} threads, {passes} passes"
                );
            }
        }
    }
    // Fixed tour ends: the per-square table, each cell a count from one square.
    let (w, h) = if big { (5, 6) } else { (5, 5) };
    let cells = (w * h) as usize;
    let serial = per_square(w, h, &vec![false; cells], &on(1, 1));
    for (threads, passes) in [(2, 1), (4, 1), (4, 4)] {
        let c = per_square(w, h, &vec![false; cells], &on(threads, passes));
        assert_eq!(
            c, serial,
            "{w}x{h} per square, {threads} threads, {passes} passes"
        );
    }
}

#[test]
fn interrupted_count_resumes_from_its_checkpoint() {
    let path = common::scratch_file("frontier", "6x5.ckpt");
    let blocked = vec![false; 30];
    let stop = AtomicBool::new(false);
    let steps = std::cell::Cell::new(0);
    let progress = |p: hetman::knight::frontier::Progress| {
        steps.set(steps.get() + 1);
        // Past the backward half of the split count (which is not saved:
        // it is a small part of the work and runs again on resume).
        if p.step == 25 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let mut opts = Options::default();
    opts.stop = Some(&stop);
    opts.progress = Some(&progress);
    opts.checkpoint = Some(&path);
    opts.checkpoint_every = std::time::Duration::ZERO;
    let first = count(6, 5, &blocked, Tours::OpenDirected, &opts);
    assert_eq!(first, Err(Error::Interrupted));
    assert!(path.exists());
    assert_eq!(steps.get(), 25);
    stop.store(false, std::sync::atomic::Ordering::Relaxed);
    steps.set(0);
    opts.progress = None;
    // A sealed file: every bit flipped (a sample), a cut and an append are
    // refused, and the file is left as it was.
    let good = std::fs::read(&path).unwrap();
    let mut tampered: Vec<Vec<u8>> = (0..good.len())
        .step_by(good.len() / 97 + 1)
        .map(|i| {
            let mut bad = good.clone();
            bad[i] ^= 1 << (i % 8);
            bad
        })
        .collect();
    tampered.push(good[..good.len() - 1].to_vec());
    tampered.push([good.as_slice(), b"\n"].concat());
    for bad in tampered {
        std::fs::write(&path, &bad).unwrap();
        let err = count(6, 5, &blocked, Tours::OpenDirected, &opts).unwrap_err();
        assert!(matches!(err, Error::Checkpoint { .. }), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), bad);
    }
    std::fs::write(&path, &good).unwrap();
    let resumed = count(6, 5, &blocked, Tours::OpenDirected, &opts).unwrap();
    assert_eq!(resumed.tours, frontier(6, 5, &blocked, Tours::OpenDirected));
    assert!(!path.exists(), "a finished count removes its checkpoint");
    // A checkpoint for another board is refused, not used or overwritten.
    stop.store(false, std::sync::atomic::Ordering::Relaxed);
    opts.progress = Some(&progress);
    assert_eq!(
        count(6, 5, &blocked, Tours::OpenDirected, &opts),
        Err(Error::Interrupted)
    );
    opts.progress = None;
    let err = count(5, 5, &[false; 25], Tours::OpenDirected, &opts).unwrap_err();
    assert!(matches!(err, Error::Checkpoint { .. }), "{err}");
    assert!(err.to_string().contains("another count"), "{err}");
    assert!(path.exists());
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// Each of `cells` squares blocked with probability `density` per cent,
/// drawn by a small xorshift stream from `seed`.
fn random_mask(cells: usize, seed: u64, density: u64) -> Vec<bool> {
    let mut x = seed | 1;
    (0..cells)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % 100 < density
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn agrees_with_backtracking_on_random_blocked_squares(
        w in 1usize..=6,
        h in 1usize..=6,
        seed in any::<u64>(),
        density in 0u64..40,
    ) {
        check_board(w, h, &random_mask(w * h, seed, density));
    }

    /// Blocked squares the half turn maps onto themselves, where the count
    /// may use the board's symmetry (one side for both, or a capped near
    /// side): the boards the uniform draw above rarely makes.
    #[test]
    fn agrees_with_backtracking_on_symmetric_blocked_squares(
        w in 1usize..=6,
        h in 1usize..=6,
        seed in any::<u64>(),
        density in 0u64..40,
    ) {
        let drawn = random_mask(w * h, seed, density);
        let blocked: Vec<bool> = (0..w * h).map(|u| drawn[u] || drawn[w * h - 1 - u]).collect();
        check_board(w, h, &blocked);
    }
}

/// Found by the random test above on 2026-11-28: 4x3 without a2 and d2 is a
/// single cycle through its 10 squares (every square has two moves), so it
/// has 20 directed open tours and 1 closed one. The count cut in the middle
/// gave 16: its near side kept at most one tour end (`cut::capped`), though
/// a2's and d2's neighbours in the rank before the cut have all their moves on
/// the near side and so are its tour ends too.
#[test]
fn a_board_that_is_one_cycle_has_every_open_tour() {
    let mut blocked = vec![false; 12];
    blocked[4] = true; // a2
    blocked[7] = true; // d2
    check_board(4, 3, &blocked);
}

/// Runs the `k` shards of a count together (one thread each) in a fresh
/// exchange directory and merges them.
fn sharded(w: u32, h: u32, blocked: &[bool], kind: Tours, k: usize, name: &str) -> u128 {
    use hetman::knight::frontier::shard::{count_shard, merge_shards, Shard};
    let dir = std::env::temp_dir().join(format!("hetman-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let records: Vec<_> = std::thread::scope(|s| {
        let jobs: Vec<_> = (0..k)
            .map(|index| {
                let dir = &dir;
                s.spawn(move || {
                    let shard = Shard {
                        index,
                        count: k,
                        exchange: dir,
                    };
                    let c = count_shard(w, h, blocked, kind, &shard, &Options::default());
                    c.unwrap().record(format!("shard {index}"))
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap()).collect()
    });
    std::fs::remove_dir_all(&dir).unwrap();
    merge_shards(&records).unwrap().tours
}

#[test]
fn shards_add_up_to_the_whole_count() {
    let mut blocked = vec![false; 30];
    blocked[7] = true;
    blocked[22] = true;
    for (w, h, mask, kind) in [
        (6, 6, vec![false; 36], Tours::Closed),
        (5, 5, vec![false; 25], Tours::OpenDirected),
        (6, 5, blocked, Tours::OpenUndirected),
        (4, 5, vec![false; 20], Tours::Closed),
    ] {
        let whole = frontier(w, h, &mask, kind);
        for k in [1, 2, 3, 5] {
            let name = format!("{w}x{h}-{kind:?}-{k}");
            assert_eq!(
                sharded(w as u32, h as u32, &mask, kind, k, &name),
                whole,
                "{name}"
            );
        }
    }
}

#[test]
fn a_stopped_shard_resumes_while_the_others_wait() {
    use hetman::knight::frontier::shard::{count_shard, merge_shards, Shard};
    use std::sync::atomic::Ordering;
    let dir = std::env::temp_dir().join(format!("hetman-shard-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let free = [false; 36];
    let stop = AtomicBool::new(false);
    let progress = |p: hetman::knight::frontier::Progress| {
        if p.step == 20 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let waited = AtomicBool::new(false);
    let waiting = |_: usize, missing: &[usize]| {
        assert_eq!(missing, [0]);
        waited.store(true, Ordering::Relaxed);
    };
    let records = std::thread::scope(|s| {
        let other = s.spawn(|| {
            let mut opts = Options::default();
            opts.waiting = Some(&waiting);
            let shard = Shard {
                index: 1,
                count: 2,
                exchange: &dir,
            };
            count_shard(6, 6, &free, Tours::Closed, &shard, &opts).unwrap()
        });
        let shard = Shard {
            index: 0,
            count: 2,
            exchange: &dir,
        };
        let mut opts = Options::default();
        opts.stop = Some(&stop);
        opts.progress = Some(&progress);
        let first = count_shard(6, 6, &free, Tours::Closed, &shard, &opts);
        assert_eq!(first, Err(Error::Interrupted));
        // Shard 1 waits (and says so after a few seconds) until shard 0 is back.
        std::thread::sleep(std::time::Duration::from_secs(6));
        stop.store(false, Ordering::Relaxed);
        opts.progress = None;
        let zero = count_shard(6, 6, &free, Tours::Closed, &shard, &opts).unwrap();
        [
            zero.record("0".into()),
            other.join().unwrap().record("1".into()),
        ]
    });
    assert!(waited.load(Ordering::Relaxed));
    assert_eq!(merge_shards(&records).unwrap().tours, 9862);
    // The directory belongs to this count: another board is refused.
    let shard = Shard {
        index: 0,
        count: 2,
        exchange: &dir,
    };
    let err = count_shard(
        5,
        6,
        &[false; 30],
        Tours::Closed,
        &shard,
        &Options::default(),
    );
    let err = err.unwrap_err();
    assert!(err.to_string().contains("another count"), "{err}");
    // So is another split of the same board.
    let shard = Shard {
        index: 0,
        count: 3,
        exchange: &dir,
    };
    let err = count_shard(6, 6, &free, Tours::Closed, &shard, &Options::default());
    assert!(err.unwrap_err().to_string().contains("another count"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The directed open tours from each square by the frontier count with a
/// fixed end, as text (row-major, rank 0 first; `#` for a blocked square).
fn per_square(w: u32, h: u32, blocked: &[bool], opts: &Options<'_>) -> (Vec<String>, u128) {
    let t = count_per_square(w, h, blocked, opts).unwrap();
    let cells = t
        .cells
        .iter()
        .map(|c| c.as_ref().map_or("#".to_string(), ToString::to_string))
        .collect();
    (cells, t.total.to_u128().unwrap())
}

#[test]
fn per_square_table_of_5x5_is_the_known_one() {
    // Rank 1 first; 304 from each corner (Jelliss's table of the 5x5 open tours).
    let known = "304 0 56 0 304  0 56 0 56 0  56 0 64 0 56  0 56 0 56 0  304 0 56 0 304";
    let (cells, total) = per_square(5, 5, &[false; 25], &Options::default());
    assert_eq!(
        cells.join(" "),
        known.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(total, 1728);
}

#[test]
fn per_square_table_of_6x6_adds_up_to_the_total() {
    // 6x6: 6,637,920 directed open tours (OEIS A165134).
    let (cells, total) = per_square(6, 6, &[false; 36], &Options::default());
    assert_eq!(total, 6_637_920);
    let sum: u128 = cells.iter().map(|c| c.parse::<u128>().unwrap()).sum();
    assert_eq!(sum, 6_637_920);
    assert_eq!(
        &cells[..6],
        ["524486", "289050", "115837", "115837", "289050", "524486"]
    );
}

#[test]
#[ignore = "about 30 s in a release build"]
fn per_square_tables_of_7x6_and_6x7_add_up_to_the_total() {
    // 7x6 against the whole-board count, and its table turned onto 6x7.
    let whole = frontier(7, 6, &[false; 42], Tours::OpenDirected);
    let (wide, total) = per_square(7, 6, &[false; 42], &Options::default());
    assert_eq!(total, whole);
    let (high, total) = per_square(6, 7, &[false; 42], &Options::default());
    assert_eq!(total, whole);
    for (i, cell) in wide.iter().enumerate() {
        let (file, rank) = (i % 7, i / 7);
        assert_eq!(*cell, high[file * 6 + rank], "7x6 square {i}");
    }
}

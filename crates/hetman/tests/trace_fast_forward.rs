//! `Trace::fast_forward` leaves every trace where as many calls of `next`
//! leave it: the same counters, the same board or path, the same events
//! after it. Each search is walked twice side by side, one copy event by
//! event and one in runs of fast-forwarded events of varied lengths, so
//! that the runs end on every kind of event (and inside the knight's steps
//! that give several events); the two are compared after every run.

use hetman::knight::KnightBoard;
use hetman::trace::{
    KnightOrder, KnightTrace, Limits, QueensAlgorithm, QueensTrace, Stream, Timeline, Trace,
};
use hetman::{BoardSize, Square};

/// Run lengths from a small linear congruential generator: mostly short,
/// now and then long.
struct Lengths(u64);

impl Lengths {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let x = self.0 >> 33;
        match x % 10 {
            0 => x % 5000,
            1..=3 => 0,
            _ => x % 40,
        }
    }
}

/// Walks `fresh` to its end both ways, comparing with `same` after every
/// run (and the next three events of copies); returns the runs made.
fn both_ways<T: Trace + Clone>(fresh: T, seed: u64, same: impl Fn(&T, &T) -> bool) -> u64 {
    let (mut fast, mut slow) = (fresh.clone(), fresh);
    let mut lengths = Lengths(seed);
    let mut runs = 0;
    loop {
        let k = lengths.next();
        let done = fast.fast_forward(k);
        let mut taken = 0;
        while taken < k && slow.next().is_some() {
            taken += 1;
        }
        assert_eq!(done, taken, "run {runs} of {k}");
        assert_eq!(fast.counters(), slow.counters(), "run {runs}");
        assert!(same(&fast, &slow), "run {runs}: the states differ");
        let ahead = |t: &T| t.clone().take(3).collect::<Vec<_>>();
        assert_eq!(ahead(&fast), ahead(&slow), "run {runs}");
        runs += 1;
        if done < k {
            assert!(fast.next().is_none() && slow.next().is_none());
            return runs;
        }
    }
}

#[test]
fn queens_traces_fast_forward_as_they_step() {
    for algorithm in [
        QueensAlgorithm::Backtracking,
        QueensAlgorithm::Bitboard,
        QueensAlgorithm::Brute,
        QueensAlgorithm::Permutations,
    ] {
        let most = match algorithm {
            QueensAlgorithm::Brute => 6,
            QueensAlgorithm::Permutations => 8,
            _ => 9,
        };
        for n in 1..=most {
            let fresh = QueensTrace::new(n, algorithm).unwrap();
            let runs = both_ways(fresh, n as u64, |a, b| a.queens() == b.queens());
            assert!(runs > 0);
        }
    }
}

#[test]
fn knight_traces_fast_forward_as_they_step() {
    let board = |w, h, blocked: &[&str]| {
        let blocked: Vec<Square> = blocked.iter().map(|s| s.parse().unwrap()).collect();
        KnightBoard::with_blocked(BoardSize::new(w, h).unwrap(), &blocked).unwrap()
    };
    let boards = [
        (board(5, 5, &[]), "a5", false),
        (board(5, 5, &[]), "b5", false),
        (board(5, 5, &[]), "c3", false),
        (board(3, 4, &[]), "a1", true),
        (board(5, 6, &["c3", "d4"]), "a1", false),
        (board(6, 6, &[]), "a1", true),
        // All 64 squares: the bulk run's largest board.
        (board(8, 8, &[]), "a1", false),
        (board(8, 8, &["d5"]), "b1", true),
    ];
    let mut runs = 0;
    for (b, start, closed) in &boards {
        for order in [KnightOrder::Plain, KnightOrder::Warnsdorff] {
            let fresh = KnightTrace::new(b, start.parse().unwrap(), order, *closed).unwrap();
            // The whole search, or its first 3 million events (6x6, 8x8).
            let cut = Capped {
                trace: fresh,
                left: 3_000_000,
            };
            runs += both_ways(cut, runs + 7, |a, b| a.trace.path().eq(b.trace.path()));
        }
    }
    assert!(runs > 1000, "only {runs} runs");
}

/// A trace that ends after `left` events (a long search cut short); its
/// fast-forward is the knight trace's own.
#[derive(Clone)]
struct Capped<'b> {
    trace: KnightTrace<'b>,
    left: u64,
}

impl Iterator for Capped<'_> {
    type Item = hetman::trace::Event;
    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.trace.next()
    }
}

impl Trace for Capped<'_> {
    fn header(&self) -> hetman::trace::Header {
        self.trace.header()
    }
    fn counters(&self) -> hetman::trace::Counters {
        self.trace.counters()
    }
    fn fast_forward(&mut self, k: u64) -> u64 {
        let done = self.trace.fast_forward(k.min(self.left));
        self.left -= done;
        done
    }
}

/// A stream skipping far and a timeline seeking far give what the events
/// one by one give (the stream's numbering, the timeline's last event and
/// its way back).
#[test]
fn streams_and_timelines_skip_by_fast_forward() {
    let fresh = QueensTrace::new(11, QueensAlgorithm::Backtracking).unwrap();
    let limits = Limits {
        skip: 1_234_567,
        limit: Some(50),
        ..Limits::default()
    };
    let fast: Vec<_> = Stream::new(fresh.clone(), limits).collect();
    let mut slow = fresh.clone();
    slow.by_ref().take(1_234_567).for_each(drop);
    let slow: Vec<_> = Stream::resume(slow, 1_234_567, Limits { skip: 0, ..limits }).collect();
    assert_eq!(fast, slow);
    assert_eq!(fast[0].0, 1_234_568);

    let mut t = Timeline::with_capacity(fresh.clone(), 16);
    assert_eq!(t.seek(2_000_003), 2_000_003);
    let mut one_by_one = fresh.clone();
    let last = one_by_one.by_ref().take(2_000_003).last();
    assert_eq!(t.last().cloned(), last);
    assert_eq!(t.state().counters(), one_by_one.counters());
    assert!(t.snapshots() <= 16);
    // Back from the copies: the same events again.
    assert_eq!(t.seek(999_999), 999_999);
    let mut again = fresh.clone();
    let last = again.by_ref().take(999_999).last();
    assert_eq!(t.last().cloned(), last);
    // Past the end: the end, with the search's last event.
    let end = t.seek(u64::MAX);
    let mut whole = fresh;
    let last = whole.by_ref().last();
    assert!(t.finished());
    assert_eq!(t.last().cloned(), last);
    assert_eq!(
        end,
        QueensTrace::new(11, QueensAlgorithm::Backtracking)
            .unwrap()
            .count() as u64
    );
}

//! Answers started from saved states are the answers replayed from the start.
use super::*;
use hetman::trace::{KnightOrder, QueensAlgorithm};
use hetman::BoardSize;
use std::sync::atomic::AtomicBool;

fn never() -> Stop {
    Stop::new(Arc::new(AtomicBool::new(false)))
}

/// The lines of a request at `skip` for `limit` events, through `saved`.
fn through<T: Trace + Clone + StateBytes>(
    saved: &Saved<T>,
    fresh: T,
    skip: u64,
    limit: u64,
) -> Vec<String> {
    let limits = Limits {
        skip,
        limit: Some(limit),
        until_solution: None,
    };
    let mut out = Vec::new();
    let key = key(&fresh.header());
    lines(saved, key, fresh, limits, &never(), &mut |l| {
        out.push(l.to_string());
        true
    });
    out
}

/// The lines replayed from the start.
fn replayed<T: Trace>(fresh: T, skip: u64, limit: u64) -> Vec<String> {
    let limits = Limits {
        skip,
        limit: Some(limit),
        until_solution: None,
    };
    JsonLines::new(fresh, limits).collect()
}

/// Requests at `skips` (in that order) through one set of saved states give
/// what a replay from the start gives; the ones at a multiple of `every`
/// after the first start exactly there.
fn same_as_replayed<T: Trace + Clone + StateBytes>(
    fresh: impl Fn() -> T,
    every: u64,
    skips: &[u64],
) {
    let saved = Saved::every(every);
    for (i, &skip) in skips.iter().enumerate() {
        for limit in [1, 777] {
            let a = through(&saved, fresh(), skip, limit);
            let b = replayed(fresh(), skip, limit);
            assert_eq!(a, b, "skip {skip}, limit {limit}");
        }
        if i > 0 && skip > 0 && skip % every == 0 && saved.lock().end.is_none_or(|e| skip <= e) {
            let from = saved.start(skip).from.map(|(s, _)| s);
            assert_eq!(from, Some(skip), "a saved state at step {skip}");
        }
    }
    assert!(saved.len() >= 2, "states were saved: {}", saved.len());
}

#[test]
fn queens_8_to_10_from_saved_states_are_byte_for_byte_the_replay() {
    for n in 8..=10 {
        for algorithm in [QueensAlgorithm::Backtracking, QueensAlgorithm::Bitboard] {
            let fresh = || QueensTrace::new(n, algorithm).unwrap();
            let len = fresh().count() as u64;
            let every = 1000;
            let skips = [
                len / 2 + 17,
                3000,
                2000,
                2999,
                len / 2 + 1000,
                len - 5,
                len,
                len + 3,
                10 * len,
                0,
                1,
            ];
            same_as_replayed(fresh, every, &skips);
        }
    }
}

#[test]
fn the_brute_force_and_permutations_too() {
    for algorithm in [QueensAlgorithm::Brute, QueensAlgorithm::Permutations] {
        let fresh = || QueensTrace::new(6, algorithm).unwrap();
        same_as_replayed(fresh, 500, &[20_000, 1500, 1000, 1999, 40_000, 0]);
    }
}

#[test]
fn knight_5x5_from_saved_states_is_byte_for_byte_the_replay() {
    let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    for (start, order, closed) in [
        ("a5", KnightOrder::Plain, false),
        ("c3", KnightOrder::Warnsdorff, false),
        ("a1", KnightOrder::Plain, true),
    ] {
        let fresh = || KnightTrace::new(&board, start.parse().unwrap(), order, closed).unwrap();
        same_as_replayed(
            fresh,
            4096,
            &[50_000, 8192, 12_288, 4096, 12_289, 200_000, 1, 0],
        );
    }
}

#[test]
fn the_end_of_a_short_search_is_saved_and_a_skip_past_it_answered() {
    let saved = Saved::every(1 << 40);
    let fresh = || QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap();
    let len = fresh().count() as u64;
    assert_eq!(saved.check(MAX_REPLAY + 1), Err(MAX_REPLAY));
    let a = through(&saved, fresh(), len + 10, 5);
    assert_eq!(a, replayed(fresh(), len + 10, 5));
    assert_eq!(saved.len(), 1, "the end state");
    assert_eq!(saved.check(u64::MAX), Ok(()), "past the known end");
    assert_eq!(saved.start(u64::MAX).from.map(|(s, _)| s), Some(len));
    assert_eq!(
        through(&saved, fresh(), u64::MAX - 1, 5),
        replayed(fresh(), len + 1, 5)
    );
}

#[test]
fn a_skip_is_answered_within_max_replay_of_a_saved_state() {
    let saved: Saved<QueensTrace> = Saved::every(SAVE_EVERY);
    assert_eq!(saved.check(MAX_REPLAY), Ok(()));
    assert_eq!(saved.check(MAX_REPLAY + 1), Err(MAX_REPLAY));
    let mut t = QueensTrace::new(16, QueensAlgorithm::Bitboard).unwrap();
    t.by_ref().take(SAVE_EVERY as usize).for_each(drop);
    saved.add(vec![(SAVE_EVERY, t)], None);
    assert_eq!(saved.check(SAVE_EVERY + MAX_REPLAY), Ok(()));
    assert_eq!(
        saved.check(SAVE_EVERY + MAX_REPLAY + 1),
        Err(SAVE_EVERY + MAX_REPLAY)
    );
    // A skip before the saved state still counts from the start.
    assert_eq!(saved.check(SAVE_EVERY - 1), Ok(()));
}

/// An entry holding `states` states of 12 queens, one every `every` steps.
fn entry_with(states: u64, every: u64) -> Entry {
    let saved = Saved::every(every);
    let mut t = QueensTrace::new(12, QueensAlgorithm::Backtracking).unwrap();
    let mut found = Vec::new();
    for k in 1..=states * every {
        t.next();
        if k % every == 0 {
            found.push((k, t.clone()));
        }
    }
    saved.add(found, None);
    Entry::Queens(Arc::new(saved))
}

#[test]
fn the_cache_drops_the_least_recently_used_search_and_thins_one_alone() {
    let mut cache = Cache::default();
    let one = entry_with(10, 100).bytes();
    assert!(one > ENTRY_BYTES + 10 * std::mem::size_of::<QueensTrace>());
    for k in ["a", "b", "c"] {
        cache.get(k, || entry_with(10, 100));
    }
    cache.get("a", || unreachable!("a is there"));
    cache.trim("c", 2 * one);
    let mut left: Vec<&String> = cache.slots.keys().collect();
    left.sort();
    assert_eq!(left, ["a", "c"], "b was used least recently");
    // One search alone over the cap keeps every other state.
    cache.trim("c", one - 1);
    assert_eq!(cache.slots.keys().collect::<Vec<_>>(), ["c"]);
    let Entry::Queens(c) = &cache.slots["c"].entry else {
        unreachable!()
    };
    assert_eq!(c.len(), 5);
    assert_eq!(c.start(250).from.map(|(s, _)| s), Some(200));
    assert!(c.bytes.load(Ordering::Relaxed) < one);
}

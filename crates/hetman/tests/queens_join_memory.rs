//! The half-board join in bounded memory: plans with small chunks of quarter
//! cells (many small groups of rank sets, each cell built again for each)
//! give the totals of OEIS A000170 and of the default plan, shards under a
//! memory budget sum to them, and a budget too small for one unit is refused.

mod common;

use hetman::queens::count::{
    count_join_resumable, count_join_units, CountOptions, JoinPlan, Split, DEFAULT_CHUNK_BYTES,
};
use hetman::Error;

/// OEIS A000170 for N = 8 to 18.
const TOTALS: [(usize, u64); 11] = [
    (8, 92),
    (9, 352),
    (10, 724),
    (11, 2_680),
    (12, 14_200),
    (13, 73_712),
    (14, 365_596),
    (15, 2_279_184),
    (16, 14_772_512),
    (17, 95_815_104),
    (18, 666_090_624),
];

/// Above this N a test takes over ten seconds in release builds.
const FAST_MAX: usize = if cfg!(debug_assertions) { 12 } else { 16 };

fn opts(threads: usize, max_memory: Option<u64>) -> CountOptions<'static> {
    CountOptions {
        threads,
        max_memory,
        ..Default::default()
    }
}

fn total(plan: &JoinPlan, options: &CountOptions<'_>) -> Result<u64, Error> {
    let all: Vec<usize> = (0..plan.units()).collect();
    count_join_units(plan, &all, options, &|_, _, _| Ok(())).map(|c| c.total)
}

/// A chunk of 16 KiB of north cells: a handful of rank sets' cells per
/// group from N = 12 on.
const TINY_CHUNK: u64 = 16 << 10;

fn bounded_equals_unbounded(ns: impl Iterator<Item = usize>) {
    for n in ns {
        let expected = TOTALS.iter().find(|t| t.0 == n).map(|t| t.1).unwrap();
        let plain = JoinPlan::new(n).unwrap();
        let small = JoinPlan::with_chunk(n, TINY_CHUNK).unwrap();
        assert_eq!(plain.chunk_bytes(), DEFAULT_CHUNK_BYTES);
        let all_plain: Vec<usize> = (0..plain.units()).collect();
        let all_small: Vec<usize> = (0..small.units()).collect();
        assert!(
            small.memory_bytes(&all_small, 2) <= plain.memory_bytes(&all_plain, 2),
            "N = {n}"
        );
        let budget = small.memory_bytes(&all_small, 2);
        assert_eq!(total(&plain, &opts(2, None)), Ok(expected), "N = {n}");
        assert_eq!(
            total(&small, &opts(2, Some(budget))),
            Ok(expected),
            "N = {n} with chunks of {TINY_CHUNK} bytes"
        );
    }
}

#[test]
fn small_chunks_give_the_oeis_totals_as_the_default_plan_does() {
    bounded_equals_unbounded(8..=FAST_MAX);
}

#[test]
#[ignore = "about half a minute in release builds"]
fn small_chunks_give_the_oeis_totals_up_to_18() {
    bounded_equals_unbounded(FAST_MAX + 1..=18);
}

#[test]
fn small_chunks_make_more_groups_that_each_hold_less() {
    let plain = JoinPlan::new(15).unwrap();
    let small = JoinPlan::with_chunk(15, TINY_CHUNK).unwrap();
    assert!(small.units() > plain.units());
    let one = |p: &JoinPlan| {
        (0..p.units())
            .map(|u| p.memory_bytes(&[u], 1))
            .max()
            .unwrap()
    };
    assert!(one(&small) < one(&plain));
    assert_ne!(small.describe(), plain.describe());
}

#[test]
fn shards_under_a_budget_sum_to_the_totals_for_several_k() {
    for (n, expected) in [(13, 73_712), (14, 365_596)] {
        let plan = JoinPlan::with_chunk(n, TINY_CHUNK).unwrap();
        let all: Vec<usize> = (0..plan.units()).collect();
        for k in [1, 3, 8] {
            let split = Split::join(&plan, k, 1).unwrap();
            let mut sum = 0;
            for i in 0..k {
                let units = split.units(i);
                let budget = plan.memory_bytes(units, 1);
                assert!(
                    budget <= plan.memory_bytes(&all, 1),
                    "N = {n}, shard {i}/{k}"
                );
                let c =
                    count_join_resumable(&plan, &split, i, None, &opts(1, Some(budget))).unwrap();
                sum += c.solutions;
            }
            assert_eq!(sum, expected, "N = {n}, K = {k}");
        }
    }
}

#[test]
fn a_budget_too_small_for_one_unit_is_refused_saying_so() {
    let plan = JoinPlan::new(14).unwrap();
    let all: Vec<usize> = (0..plan.units()).collect();
    let need = plan.memory_bytes(&all, 2);
    let e = total(&plan, &opts(2, Some(need - 1))).unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e:?}");
    let text = e.to_string();
    assert!(text.contains("memory budget"), "{text}");
    assert!(text.contains("N = 14"), "{text}");
    assert_eq!(total(&plan, &opts(2, Some(need))), Ok(365_596));
}

#[test]
fn a_checkpoint_of_another_chunk_size_is_refused() {
    let path = common::scratch_file("join-chunk", "q13.ckpt");
    let plain = JoinPlan::new(13).unwrap();
    let split = Split::join(&plain, 2, 1).unwrap();
    count_join_resumable(&plain, &split, 0, Some(&path), &opts(1, None)).unwrap();
    let small = JoinPlan::with_chunk(13, TINY_CHUNK).unwrap();
    let other = Split::join(&small, 2, 1).unwrap();
    assert_ne!(split.id(), other.id());
    let e = count_join_resumable(&small, &other, 0, Some(&path), &opts(1, None))
        .unwrap_err()
        .to_string();
    assert!(e.contains("split"), "{e}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

//! Tests of a step of the sweep and of merging sorted states.

use super::*;
use crate::knight::frontier::Tours;
use std::collections::BTreeMap;

#[test]
fn a_step_gives_each_successor_once_with_the_sum_of_its_ways() {
    // Front to back over 6x6 open tours: up to some 10^5 states, in
    // several rounds and many buckets, split from coarse ones in the
    // unit tests' settings (see `COARSE_BITS`).
    let plan = Plan::new(6, 6, &[false; 36], Tours::OpenDirected).unwrap();
    assert_eq!(plan.key_bytes(), 8);
    let limits = Limits {
        stop: None,
        max_states: None,
    };
    let mut parts: Parts<u64> = vec![vec![(u64::pack(plan.encode(&[FULL; 32], 0)), 1)]];
    let mut split = false;
    for v in 0..24 {
        let mut want: BTreeMap<u128, u64> = BTreeMap::new();
        let mut tours = 0u128;
        for &(k, c) in parts.iter().flatten() {
            plan.expand(v, k.unpack(), &mut |o| match o {
                Some(nk) => *want.entry(nk).or_default() += c,
                None => tours += u128::from(c),
            });
        }
        let states: usize = parts.iter().map(Vec::len).sum();
        // (8 buckets or more: 3 threads take 4 coarse ones.)
        split |= states / 1024 > 4;
        let Step::Done(next, finished, _) = step(&plan, v, parts, 3, &limits, None).unwrap() else {
            panic!("a step with no limits finishes");
        };
        for t in &next {
            assert!(t.windows(2).all(|p| p[0].0 < p[1].0), "square {v}");
        }
        let mut got: Vec<(u128, u64)> = next
            .iter()
            .flatten()
            .map(|&(k, c)| (k.unpack(), c))
            .collect();
        got.sort_unstable();
        assert_eq!(got, want.into_iter().collect::<Vec<_>>(), "square {v}");
        assert_eq!(finished, BigCount::from(tours), "square {v}");
        parts = next;
    }
    assert!(split, "some step took the split into fine buckets");
}

#[test]
fn merging_counts_past_their_width_fails_with_state_overflow() {
    // The count then runs again with wider counts (see `count`).
    let mut out = Vec::new();
    assert_eq!(
        merge_sorted(&[(1u64, u64::MAX)], &[(1u64, 1u64)], &mut out),
        Err(state_overflow())
    );
    out.clear();
    assert_eq!(
        merge_sorted(&[(1u64, 2u64)], &[(1, 3), (2, 1)], &mut out),
        Ok(())
    );
    assert_eq!(out, [(1, 5), (2, 1)]);
}

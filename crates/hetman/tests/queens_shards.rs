//! Shards of the half-board join for a cluster: plans cut finer for many
//! shards (rank sets cut into pieces) still give the OEIS totals through
//! `merge_shards`, for K up to more shards than rank sets; the shards stay
//! balanced by the plan's cost; a shard holds less memory as K grows, by
//! the count's own accounting.

use hetman::queens::count::{
    count_join_fine_resumable, count_join_resumable, count_join_units, fine_shard_bytes,
    merge_shards, CountOptions, JoinPlan, Split, UNITS_PER_SHARD,
};

mod common;

/// The tests here run one at a time: one of them times a count against its
/// estimate, which the others' threads would disturb.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// (total, unique) for N, from OEIS A000170 and A002562 (tests/data/queens_oeis.txt).
fn oeis(n: usize) -> (u64, u64) {
    let k = common::queens_oeis()
        .into_iter()
        .find(|k| k.n == n)
        .expect("N in the table");
    (k.total, k.unique)
}

fn one_thread() -> CountOptions<'static> {
    CountOptions {
        threads: 1,
        ..Default::default()
    }
}

/// Counts every shard of N cut for K shards and merges them.
fn merged(n: usize, k: usize) -> (u64, u64, JoinPlan) {
    let plan = JoinPlan::for_shards(n, k).unwrap();
    let split = Split::join(&plan, k, 1).unwrap();
    let records: Vec<_> = (0..k)
        .map(|i| {
            count_join_resumable(&plan, &split, i, None, &one_thread())
                .unwrap()
                .record(format!("s{i}.json"))
        })
        .collect();
    let m = merge_shards(&records).unwrap();
    assert_eq!(m.split, split.id());
    (m.total, m.unique, plan)
}

#[test]
fn finer_shards_merge_to_the_oeis_totals_for_several_k() {
    let _one_at_a_time = serial();
    let top = if cfg!(debug_assertions) { 13 } else { 17 };
    for n in 12..=top {
        let ks: &[usize] = match n {
            12 | 13 => &[2, 37, 300, 1_000],
            14 | 15 => &[5, 64, 400],
            _ => &[3, 96],
        };
        for &k in ks {
            let (total, unique, plan) = merged(n, k);
            assert_eq!((total, unique), oeis(n), "N = {n}, K = {k}");
            if k * UNITS_PER_SHARD > JoinPlan::new(n).unwrap().units() {
                assert_eq!(plan.cut_for(), k, "N = {n}, K = {k}: a finer plan");
                assert!(plan.units() >= plan.rank_sets().min(k), "N = {n}, K = {k}");
            }
        }
    }
}

/// Every shard of a fine split (K0 coarse shards each cut into m), counted
/// and merged: the OEIS totals, one identity over all K shards, and the
/// units of every group adding up to the split's.
fn merged_fine(n: usize, k0: usize, m: usize) -> (u64, u64) {
    let plan = JoinPlan::for_shards(n, k0).unwrap();
    let coarse = Split::join(&plan, k0, 1).unwrap();
    let k = k0 * m;
    let mut records = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for group in 0..k0 {
        let (fine, split) = Split::join_fine(&plan, &coarse, m, group * m, 1).unwrap();
        assert_eq!(split.held(), group * m..(group + 1) * m);
        ids.insert(split.id().to_string());
        for i in split.held() {
            let c = count_join_resumable(&fine, &split, i, None, &one_thread()).unwrap();
            assert_eq!((c.shard, c.shards), (i, k));
            records.push(c.record(format!("s{i}.json")));
        }
        // A shard of another group is not in this one's plan.
        let other = (group + 1) % k0 * m;
        if k0 > 1 {
            let e = count_join_resumable(&fine, &split, other, None, &one_thread()).unwrap_err();
            assert!(e.to_string().contains("holds shards"), "{e}");
        }
    }
    assert_eq!(ids.len(), 1, "N = {n}, K0 = {k0}, m = {m}: one identity");
    assert_ne!(ids.first().unwrap(), coarse.id());
    let merged = merge_shards(&records).unwrap();
    // One shard left out: the merge names it.
    let short: Vec<_> = records.iter().skip(1).cloned().collect();
    let e = merge_shards(&short).unwrap_err().to_string();
    assert!(e.contains("missing shard 0"), "{e}");
    (merged.total, merged.unique)
}

/// Splits into more shards than [`MAX_SHARDS`](hetman::queens::count::MAX_SHARDS)
/// are coarse shards each cut into m: the shards of every group of such
/// splits of small N merge to the OEIS totals, for m up to more shards than
/// a group has rank sets.
#[test]
fn fine_splits_merge_to_the_oeis_totals() {
    let _one_at_a_time = serial();
    let top = if cfg!(debug_assertions) { 13 } else { 15 };
    for n in 12..=top {
        for (k0, m) in [(1, 3), (5, 4), (37, 2), (300, 8)] {
            assert_eq!(
                merged_fine(n, k0, m),
                oeis(n),
                "N = {n}, K0 = {k0}, m = {m}"
            );
        }
    }
    // A group cut finer than its rank sets: pieces, and finer pieces of pieces.
    let plan = JoinPlan::for_shards(12, 1).unwrap();
    let fine = plan.refine(
        &(0..plan.units()).collect::<Vec<_>>(),
        50 * plan.rank_sets(),
    );
    assert!(fine.units() > plan.rank_sets(), "{}", fine.units());
    let pieces = JoinPlan::for_shards(12, 8 * plan.rank_sets()).unwrap();
    let all: Vec<usize> = (0..pieces.units()).collect();
    let finer = pieces.refine(&all, 8 * pieces.units());
    assert!(finer.units() > pieces.units());
    let total = |p: &JoinPlan| {
        let all: Vec<usize> = (0..p.units()).collect();
        count_join_units(p, &all, &one_thread(), &|_, _, _| Ok(()))
            .unwrap()
            .total
    };
    assert_eq!((total(&fine), total(&finer)), (14_200, 14_200));
}

/// The shards of a fine split stay balanced by the plan's cost: the
/// slowest of all K within 1.3 times the mean.
#[test]
fn fine_splits_are_balanced_by_the_plans_cost() {
    let _one_at_a_time = serial();
    let n = if cfg!(debug_assertions) { 15 } else { 17 };
    for (k0, m) in [(16, 4), (100, 16)] {
        let plan = JoinPlan::for_shards(n, k0).unwrap();
        let coarse = Split::join(&plan, k0, 1).unwrap();
        let mut costs = Vec::new();
        for group in 0..k0 {
            let (_, split) = Split::join_fine(&plan, &coarse, m, group * m, 1).unwrap();
            costs.extend(split.held().map(|i| split.cost(i)));
        }
        let mean = costs.iter().sum::<u64>() as f64 / costs.len() as f64;
        let max = *costs.iter().max().unwrap() as f64;
        assert!(
            max <= 1.3 * mean,
            "N = {n}, K0 = {k0}, m = {m}: slowest {max} against a mean of {mean}"
        );
    }
}

#[test]
fn more_shards_than_rank_sets_cut_rank_sets_into_pieces() {
    let _one_at_a_time = serial();
    let plan = JoinPlan::new(12).unwrap();
    let k = 2 * plan.rank_sets();
    let fine = JoinPlan::for_shards(12, k).unwrap();
    assert!(fine.units() > plan.rank_sets(), "{}", fine.units());
    assert!(fine.describe().contains("cut for"));
    // Another K is another split, with another identity.
    let a = Split::join(&fine, k, 1).unwrap();
    let b = Split::join(&JoinPlan::for_shards(12, k + 1).unwrap(), k + 1, 1).unwrap();
    assert_ne!(a.id(), b.id());
    assert_eq!(merged(12, k).0, 14_200);
}

/// Where one side of a rank set whole is more than a unit's share, both
/// sides are cut (a piece of the west side against a piece of the east
/// side): the pieces still add up to the OEIS totals, and the largest unit
/// holds less as K grows past the rank sets, as it must for a cluster's
/// nodes at N = 27 and 28, where one side of a rank set is gigabytes.
#[test]
fn both_sides_of_a_rank_set_are_cut_when_one_is_not_enough() {
    let _one_at_a_time = serial();
    let top = if cfg!(debug_assertions) { 13 } else { 16 };
    for n in [12, 13, top] {
        let sets = JoinPlan::new(n).unwrap().rank_sets();
        let mut last = u64::MAX;
        let ks = if n == top {
            vec![sets, 8 * sets]
        } else {
            vec![sets, 8 * sets, 64 * sets]
        };
        for k in ks {
            let fine = JoinPlan::for_shards(n, k).unwrap();
            let text = fine.describe();
            if k > sets {
                assert!(
                    text.lines().any(|l| l.contains(" w") && l.contains(" e")),
                    "N = {n}, K = {k}: no unit cut on both sides"
                );
            }
            if n == top {
                // The largest unit's cells and halves, above what every
                // unit holds (the plan's tables).
                let base = fine.memory_bytes(&[], 1);
                let largest = (0..fine.units())
                    .map(|u| fine.memory_bytes(&[u], 1) - base)
                    .max()
                    .unwrap();
                // (N = 16: 83 KB at K = 3,299, 51 KB at 8 times that.)
                assert!(
                    3 * largest <= 2 * last,
                    "N = {n}, K = {k}: {largest} against {last}"
                );
                last = largest;
            } else if k <= 8 * sets {
                // Every piece counted once: the OEIS total.
                assert_eq!(merged(n, k).0, oeis(n).0, "N = {n}, K = {k}");
            }
        }
    }
}

/// A side with more halves than the plan's cap is made a share at a time,
/// each share matched against each share of the other side: the counts do
/// not change, and the halves held at once fall with the cap (the count's
/// own accounting, which the plan's bound covers).
#[test]
fn a_side_made_a_share_at_a_time_counts_the_same_and_holds_less() {
    let _one_at_a_time = serial();
    let top = if cfg!(debug_assertions) { 13 } else { 16 };
    for n in [10, 11, 12, 13, top] {
        let all: Vec<usize> = (0..JoinPlan::new(n).unwrap().units()).collect();
        let mut last = u64::MAX;
        let caps: &[u64] = if n <= 11 {
            &[u64::MAX, 64, 1]
        } else {
            &[u64::MAX, 4_096, 256]
        };
        for &cap in caps {
            let plan = JoinPlan::new(n).unwrap().with_side_halves(cap);
            let c = count_join_units(&plan, &all, &one_thread(), &|_, _, _| Ok(())).unwrap();
            assert_eq!(c.total, oeis(n).0, "N = {n}, at most {cap} halves a side");
            let bound = plan.memory_bytes(&all, 1);
            assert!(
                c.peak_bytes <= bound,
                "N = {n}, cap {cap}: {} > {bound}",
                c.peak_bytes
            );
            if n == top {
                assert!(
                    c.peak_bytes < last,
                    "N = {n}, cap {cap}: {} >= {last}",
                    c.peak_bytes
                );
                last = c.peak_bytes;
            }
        }
    }
    // Shares of pieces: the costliest rank sets cut into pieces for many
    // shards, each side of a piece made a share at a time.
    for n in [12, 13] {
        let k = JoinPlan::new(n).unwrap().rank_sets() / 2;
        let plan = JoinPlan::for_shards(n, k).unwrap().with_side_halves(8);
        assert!(
            plan.describe().contains(" w1/"),
            "N = {n}: no rank set in pieces"
        );
        let all: Vec<usize> = (0..plan.units()).collect();
        let c = count_join_units(&plan, &all, &one_thread(), &|_, _, _| Ok(())).unwrap();
        assert_eq!(
            c.total,
            oeis(n).0,
            "N = {n}, K = {k}, at most 8 halves a side"
        );
    }
}

/// The split of Q(23) into 32 shards is the one its committed records
/// (`results/q23/`) and checkpoints were made with: a faster plan must put
/// the same rank sets in the same units, or the shards still to count
/// would not merge with those counted.
#[test]
fn the_split_of_q23_is_the_one_its_records_were_made_with() {
    let _one_at_a_time = serial();
    if cfg!(debug_assertions) {
        return; // the plan of N = 23 takes a minute unoptimised
    }
    let plan = JoinPlan::new(23).unwrap();
    let split = Split::join(&plan, 32, 1).unwrap();
    assert_eq!(split.id(), "da7aedaa5b6f9b6e");
}

#[test]
fn finer_shards_are_balanced_by_the_plans_cost() {
    let _one_at_a_time = serial();
    for (n, ks) in [(16, [64, 256, 2_000]), (17, [100, 500, 3_000])] {
        for k in ks {
            let plan = JoinPlan::for_shards(n, k).unwrap();
            let split = Split::join(&plan, k, 1).unwrap();
            let costs: Vec<u64> = (0..k).map(|i| split.cost(i)).collect();
            let mean = costs.iter().sum::<u64>() as f64 / k as f64;
            let max = *costs.iter().max().unwrap() as f64;
            assert!(
                max <= 1.3 * mean,
                "N = {n}, K = {k}: slowest {max} against a mean of {mean}"
            );
        }
    }
}

#[test]
fn a_shard_holds_less_as_k_grows() {
    let _one_at_a_time = serial();
    let n = if cfg!(debug_assertions) { 13 } else { 16 };
    let mut last: Option<(u64, u64)> = None;
    for k in [1, 4, 32, 256] {
        let plan = JoinPlan::for_shards(n, k).unwrap();
        let split = Split::join(&plan, k, 1).unwrap();
        // The largest shard, as measured by the count and as the plan
        // expects it (which must bound the measure).
        let (mut peak, mut expected) = (0, 0);
        for i in 0..k {
            let c = count_join_resumable(&plan, &split, i, None, &one_thread()).unwrap();
            let bound = plan.memory_bytes(split.units(i), 1);
            assert!(
                c.peak_bytes <= bound,
                "K = {k}, shard {i}: {} > {bound}",
                c.peak_bytes
            );
            peak = peak.max(c.peak_bytes);
            expected = expected.max(bound);
        }
        if let Some((p, e)) = last {
            assert!(
                peak < p,
                "N = {n}, K = {k}: measured {peak}, not less than {p}"
            );
            assert!(expected <= e, "N = {n}, K = {k}: expected {expected} > {e}");
        }
        last = Some((peak, expected));
    }
}

#[test]
fn a_shard_over_the_budget_is_refused_naming_the_shards_that_fit() {
    let _one_at_a_time = serial();
    let plan = JoinPlan::new(16).unwrap();
    let split = Split::join(&plan, 1, 1).unwrap();
    let all: Vec<usize> = (0..plan.units()).collect();
    let need = plan.memory_bytes(&all, 1);
    // A budget between the whole count's memory and that of the largest of
    // 256 shards (at small N every shard holds much of the quarter cells,
    // and the plan's tables grow with the units: finer is not always less).
    let cut = plan.cut_for_shards(256);
    let split_256 = Split::join(&cut, 256, 1).unwrap();
    let worst = (0..256)
        .map(|i| cut.memory_bytes(split_256.units(i), 1))
        .max()
        .unwrap();
    assert!(worst < need, "{worst} >= {need}");
    let opts = CountOptions {
        threads: 1,
        max_memory: Some(need - (need - worst) / 2),
        ..Default::default()
    };
    let e = count_join_resumable(&plan, &split, 0, None, &opts)
        .unwrap_err()
        .to_string();
    assert!(e.contains("for N = 16 on 1 thread"), "{e}");
    assert!(e.contains("cut into "), "{e}");
    let k: usize = e
        .split("cut into ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|k| k.parse().ok())
        .unwrap_or_else(|| panic!("{e}"));
    // Every shard of the split it names fits.
    let fine = JoinPlan::for_shards(16, k).unwrap();
    let split = Split::join(&fine, k, 1).unwrap();
    for i in 0..k {
        assert!(count_join_resumable(&fine, &split, i, None, &opts).is_ok());
    }
}

/// The estimate of a shard, from timing a sample of the plan's units, is
/// within a factor of three of the CPU time that counting the shard takes
/// (both measured here, at the same time, so that the machine's load
/// touches both alike).
#[test]
fn a_shards_estimate_is_near_its_count() {
    let _one_at_a_time = serial();
    use hetman::queens::count::estimate_join;
    use std::time::Duration;
    if cfg!(debug_assertions) {
        return; // timing an unoptimised build says nothing
    }
    let (n, k) = (17, 4);
    let plan = JoinPlan::for_shards(n, k).unwrap();
    let split = Split::join(&plan, k, 1).unwrap();
    let shards: Vec<&[usize]> = (0..k).map(|i| split.units(i)).collect();
    let e = estimate_join(&plan, &shards, 1, Duration::from_millis(500));
    for i in [0, k - 1] {
        let c = count_join_resumable(&plan, &split, i, None, &one_thread()).unwrap();
        let ratio = e.shard_cpu_seconds[i] / c.cpu_seconds.max(1e-3);
        assert!(
            (1.0 / 3.0..=3.0).contains(&ratio),
            "shard {i}/{k} of N = {n}: estimated {:.3} s, counted in {:.3} s",
            e.shard_cpu_seconds[i],
            c.cpu_seconds
        );
    }
}

/// A fine shard's count checks its memory as its estimate gives it: its
/// coarse shard's bound when that is more than its own units' (the coarse
/// plan and split are held while it counts), so a budget its own units fit
/// but its group does not is refused, and one its group fits is counted.
#[test]
fn a_fine_shards_count_checks_the_coarse_shards_memory() {
    let _one_at_a_time = serial();
    let (n, k0, m) = (13, 2, 4);
    let plan = JoinPlan::for_shards(n, k0).unwrap();
    let coarse = Split::join(&plan, k0, 1).unwrap();
    let mut refused = 0;
    for shard in 0..k0 * m {
        let (fine, split) = Split::join_fine(&plan, &coarse, m, shard, 1).unwrap();
        let own = fine.memory_bytes(split.units(shard), 1);
        let bound = fine_shard_bytes(&plan, &coarse, (&fine, &split), shard, 1);
        assert!(bound >= own, "shard {shard}: {bound} < {own}");
        let within = |budget: u64| CountOptions {
            max_memory: Some(budget),
            ..one_thread()
        };
        let c = count_join_fine_resumable(&plan, &coarse, m, shard, None, &within(bound)).unwrap();
        assert_eq!((c.shard, c.shards), (shard, k0 * m));
        if own < bound {
            let e = count_join_fine_resumable(&plan, &coarse, m, shard, None, &within(own))
                .unwrap_err()
                .to_string();
            assert!(e.contains("memory budget"), "{e}");
            refused += 1;
        }
    }
    assert!(
        refused > 0,
        "some fine shard holds less than its coarse shard"
    );
}

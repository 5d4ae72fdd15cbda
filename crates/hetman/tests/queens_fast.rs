//! The fast counting engine against known answers (OEIS A000170, A002562),
//! against the plain searches, and its parts (work units, symmetric counts)
//! against brute force.

mod common;

use hetman::queens::count::{
    count_full, count_halves, count_join_resumable, count_join_units, count_resumable, count_units,
    merge_shards, symmetric_counts, unique_from, Border, CountOptions, Engine, JoinPlan, Plan,
    ShardRecord, Split, HALVES_MAX_N, HALVES_MIN_N,
};
use hetman::queens::{self, Algorithm};
use hetman::{Error, Symmetry};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

/// The largest N checked against OEIS: 17 in release builds (about ten
/// seconds), 13 in debug builds.
const OEIS_MAX: usize = if cfg!(debug_assertions) { 13 } else { 17 };

/// (N, total, unique) rows of tests/data/queens_fast_oeis.txt.
fn oeis() -> Vec<(usize, u64, u64)> {
    let text = include_str!("data/queens_fast_oeis.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let v: Vec<u64> = l
                .split_whitespace()
                .map(|x| x.parse().expect("a number"))
                .collect();
            assert_eq!(v.len(), 3, "line '{l}' should be: N total unique");
            (v[0] as usize, v[1], v[2])
        })
        .collect()
}

fn threads(t: usize) -> CountOptions<'static> {
    CountOptions {
        threads: t,
        ..Default::default()
    }
}

#[test]
fn data_file_covers_1_to_27() {
    let rows = oeis();
    assert_eq!(rows.len(), 27);
    for (i, &(n, total, unique)) in rows.iter().enumerate() {
        assert_eq!(n, i + 1);
        // Every class has 2, 4 or 8 members for N > 1.
        assert!(n == 1 || (unique * 2 <= total && total <= unique * 8));
    }
}

#[test]
fn totals_and_uniques_match_oeis() {
    for (n, total, unique) in oeis().into_iter().filter(|r| r.0 <= OEIS_MAX) {
        let c = count_full(n, &threads(0)).unwrap();
        assert_eq!((c.total, c.unique), (total, unique), "N = {n}");
    }
}

#[test]
fn fast_equals_bitboard_for_small_n() {
    for n in 1..=12 {
        let plain = queens::count(n, Algorithm::Bitboard).unwrap();
        let fast = queens::count(n, Algorithm::Fast).unwrap();
        assert_eq!(
            (fast.total, fast.unique),
            (plain.total, plain.unique),
            "N = {n}"
        );
    }
}

#[test]
fn one_thread_equals_two_and_three() {
    for n in [9, 12, 14] {
        let one = count_full(n, &threads(1)).unwrap();
        assert_eq!(one, count_full(n, &threads(2)).unwrap(), "N = {n}");
        assert_eq!(one, count_full(n, &threads(3)).unwrap(), "N = {n}");
    }
}

/// Solutions fixed by the half turn and the quarter turn, by testing every
/// solution of the plain search.
fn brute_symmetric(n: usize) -> (u64, u64) {
    let (mut half, mut quarter) = (0, 0);
    queens::for_each_solution(n, Algorithm::Bitboard, |p| {
        half += u64::from(p.image(Symmetry::Rotate180).unwrap() == *p);
        quarter += u64::from(p.image(Symmetry::Rotate90).unwrap() == *p);
        ControlFlow::Continue(())
    })
    .unwrap();
    (half, quarter)
}

#[test]
fn symmetric_counts_match_brute_force() {
    let top = if cfg!(debug_assertions) { 10 } else { 12 };
    let mut nonzero_quarter = 0;
    for n in 1..=top {
        let s = symmetric_counts(n);
        assert_eq!((s.half_turn, s.quarter_turn), brute_symmetric(n), "N = {n}");
        nonzero_quarter += usize::from(s.quarter_turn > 0);
    }
    // The check is not vacuous: N = 1, 4, 5, 8 (no: 8 has none), 9, 12 have some.
    assert!(nonzero_quarter >= 4);
}

#[test]
fn burnside_gives_the_plain_unique_count() {
    for n in 1..=11 {
        let plain = queens::count(n, Algorithm::Bitboard).unwrap();
        let s = symmetric_counts(n);
        assert_eq!(
            unique_from(n, plain.total, s.half_turn, s.quarter_turn),
            plain.unique,
            "N = {n}"
        );
    }
}

/// The border queens of a solution (ranks per file).
fn border_of(ranks: &[u32]) -> Border {
    let n = ranks.len();
    let file_on = |rank: u32| ranks.iter().position(|&r| r == rank).unwrap() as u8;
    Border {
        first_file: ranks[0] as u8,
        last_file: ranks[n - 1] as u8,
        first_rank: file_on(0),
        last_rank: file_on(n as u32 - 1),
    }
}

fn smallest_image(b: Border, n: usize) -> Border {
    Symmetry::ALL
        .into_iter()
        .map(|s| b.image(s, n))
        .min()
        .unwrap()
}

#[test]
fn units_partition_the_solutions() {
    for n in 4..=10 {
        // Solutions per class of border constellations, by brute force.
        let mut per_class: HashMap<Border, u64> = HashMap::new();
        queens::for_each_solution(n, Algorithm::Bitboard, |p| {
            let b = border_of(p.ranks());
            assert!(b.is_valid(n));
            *per_class.entry(smallest_image(b, n)).or_default() += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
        let plan = Plan::new(n).unwrap();
        let mut seen = 0;
        for (i, u) in plan.units().iter().enumerate() {
            assert_eq!(u.index as usize, i);
            assert_eq!(smallest_image(u.border, n), u.border);
            assert_eq!(smallest_image(u.searched, n), u.border);
            assert_eq!(u.weight, u.border.class_size(n));
            let c = u.count(n, None).unwrap();
            let expected = per_class.get(&u.border).copied().unwrap_or(0);
            assert_eq!(
                u64::from(u.weight) * c.solutions,
                expected,
                "N = {n}, {u:?}"
            );
            seen += u64::from(expected > 0);
        }
        // Every class with a solution is a unit.
        assert_eq!(seen, per_class.len() as u64, "N = {n}");
    }
}

#[test]
fn units_cover_every_valid_constellation_once() {
    for n in 1..=9 {
        let m = n as u8;
        let mut valid = 0u64;
        for a in 0..m {
            for b in 0..m {
                for c in 0..m {
                    for d in 0..m {
                        let border = Border {
                            first_file: a,
                            last_file: b,
                            first_rank: c,
                            last_rank: d,
                        };
                        valid += u64::from(border.is_valid(n));
                    }
                }
            }
        }
        let plan = Plan::new(n).unwrap();
        let weights: u64 = plan.units().iter().map(|u| u64::from(u.weight)).sum();
        assert_eq!(weights, valid, "N = {n}");
    }
}

#[test]
fn plan_is_deterministic() {
    let a = Plan::new(13).unwrap();
    let b = Plan::new(13).unwrap();
    assert_eq!(a.units(), b.units());
    assert!(a.units().iter().all(|u| u.cost > 0));
}

#[test]
fn a_set_stop_flag_interrupts() {
    let stop = AtomicBool::new(true);
    let opts = CountOptions {
        threads: 2,
        stop: Some(&stop),
        progress: None,
        max_memory: None,
    };
    assert_eq!(count_full(12, &opts), Err(Error::Interrupted));
}

#[test]
fn progress_reaches_every_unit() {
    use std::sync::Mutex;
    let last = Mutex::new(None);
    let report = |p: hetman::queens::count::Progress| {
        let mut l = last.lock().unwrap();
        if l.is_none_or(|q: hetman::queens::count::Progress| p.units_done > q.units_done) {
            *l = Some(p);
        }
    };
    let opts = CountOptions {
        threads: 2,
        stop: None,
        progress: Some(&report),
        max_memory: None,
    };
    count_full(11, &opts).unwrap();
    let p = last.lock().unwrap().unwrap();
    assert_eq!(p.units_done, p.units);
    assert_eq!(p.cost_done, p.cost);
    assert_eq!(p.fraction(), 1.0);
}

#[test]
fn sizes_out_of_range_are_refused() {
    assert!(matches!(
        count_full(0, &threads(1)),
        Err(Error::Size { .. })
    ));
    assert!(matches!(
        count_full(hetman::queens::count::MAX_N + 1, &threads(1)),
        Err(Error::Size { .. })
    ));
}

#[test]
fn symmetric_counts_and_oeis_totals_give_oeis_uniques() {
    // Burnside checked far beyond what the full count can afford here: with
    // the known totals, the symmetric counts must give the known uniques.
    let top = if cfg!(debug_assertions) { 16 } else { 21 };
    for (n, total, unique) in oeis().into_iter().filter(|r| r.0 <= top) {
        let s = symmetric_counts(n);
        assert_eq!(
            unique_from(n, total, s.half_turn, s.quarter_turn),
            unique,
            "N = {n}"
        );
    }
}

/// The constellation search's total over all units of its plan.
fn constellation_total(n: usize) -> u64 {
    let plan = Plan::new(n).unwrap();
    let all: Vec<usize> = (0..plan.units().len()).collect();
    count_units(&plan, &all, &threads(0), &|_, _, _| Ok(()))
        .unwrap()
        .solutions
}

#[test]
fn both_engines_match_oeis_where_the_join_runs() {
    let top = if cfg!(debug_assertions) { 12 } else { 15 };
    for (n, total, _) in oeis().into_iter().filter(|r| (8..=top).contains(&r.0)) {
        let join = count_halves(n, &threads(0)).unwrap();
        assert_eq!(join.total, total, "half-board join, N = {n}");
        assert_eq!(constellation_total(n), total, "constellations, N = {n}");
        assert_eq!(Engine::for_n(n), Engine::Halves);
        assert_eq!(count_full(n, &threads(0)).unwrap().engine, Engine::Halves);
    }
    // Outside its range the join refuses, and the fast count uses constellations.
    for n in [7, HALVES_MAX_N + 1] {
        assert!(
            matches!(count_halves(n, &threads(1)), Err(Error::Size { .. })),
            "N = {n}"
        );
    }
    assert_eq!(
        count_full(7, &threads(1)).unwrap().engine,
        Engine::Constellations
    );
}

#[test]
fn the_join_gives_the_same_figures_on_any_thread_count() {
    // The figures of the count; the memory held at once (`peak_bytes`) grows with the
    // workers' buffers, so it is not among them.
    let figures = |n, t| {
        let c = count_halves(n, &threads(t)).unwrap();
        (c.total, c.jobs, c.halves)
    };
    for n in [11, 14] {
        let one = figures(n, 1);
        assert_eq!(one, figures(n, 2), "N = {n}");
        assert_eq!(one, figures(n, 3), "N = {n}");
        assert!(one.1 > 0 && one.2 > 0);
    }
}

#[test]
fn the_join_stops_when_asked() {
    let stop = AtomicBool::new(true);
    let opts = CountOptions {
        threads: 2,
        stop: Some(&stop),
        ..Default::default()
    };
    assert!(matches!(count_halves(14, &opts), Err(Error::Interrupted)));
}

#[test]
fn the_join_reports_progress_up_to_every_unit() {
    let seen = std::sync::Mutex::new(Vec::new());
    let report = |p: hetman::queens::count::Progress| seen.lock().unwrap().push(p);
    let opts = CountOptions {
        threads: 2,
        progress: Some(&report),
        ..Default::default()
    };
    for n in [12, 17] {
        seen.lock().unwrap().clear();
        count_halves(n, &opts).unwrap();
        let plan = JoinPlan::new(n).unwrap();
        let units = plan.units();
        let seen = seen.lock().unwrap();
        // The share done is by the plan's estimated costs: counted in rank
        // sets, N = 22 read 44% done at a quarter of its time.
        let cost: u64 = plan.costs(2).iter().sum();
        let rank_sets: u64 = (0..units).map(|u| plan.rank_sets_of(u) as u64).sum();
        assert_ne!(cost, rank_sets, "costs and rank sets must differ here");
        assert!(seen.iter().all(|p| p.cost == cost), "N = {n}");
        // A report at the start, with the totals, and one for each unit:
        // every one new.
        assert_eq!(seen.len(), units + 1, "N = {n}");
        assert!(seen.iter().any(|p| p.units_done == 0 && p.units == units));
        let mut done: Vec<usize> = seen.iter().map(|p| p.units_done).collect();
        done.sort_unstable();
        done.dedup();
        assert_eq!(done.len(), seen.len(), "N = {n}");
        assert!(
            seen.iter()
                .any(|p| p.units_done == units && p.fraction() == 1.0),
            "N = {n}"
        );
    }
}

/// Every shard of a split of the join's units, as merge records.
fn join_shards(n: usize, k: usize) -> Vec<ShardRecord> {
    let plan = JoinPlan::new(n).unwrap();
    let split = Split::join(&plan, k, 2).unwrap();
    (0..k)
        .map(|i| {
            count_join_resumable(&plan, &split, i, None, &threads(2))
                .unwrap()
                .record(format!("join{i}.json"))
        })
        .collect()
}

#[test]
fn shards_of_the_join_sum_to_oeis_for_several_k() {
    for (n, total, unique) in oeis()
        .into_iter()
        .filter(|r| (HALVES_MIN_N..=14).contains(&r.0))
    {
        for k in [1, 2, 3, 8, 37] {
            let m = merge_shards(&join_shards(n, k)).unwrap();
            assert_eq!((m.total, m.unique), (total, unique), "N = {n}, K = {k}");
            assert_eq!(
                m.units,
                JoinPlan::new(n).unwrap().units(),
                "N = {n}, K = {k}"
            );
        }
    }
}

#[test]
fn the_joins_split_covers_every_unit_once_balanced_by_estimated_cost() {
    let plan = JoinPlan::new(14).unwrap();
    let costs = plan.costs(2).to_vec();
    let largest = *costs.iter().max().unwrap();
    for k in [2, 5, 16] {
        let split = Split::join(&plan, k, 2).unwrap();
        let mut all: Vec<usize> = (0..k).flat_map(|i| split.units(i).to_vec()).collect();
        all.sort_unstable();
        assert_eq!(all, (0..plan.units()).collect::<Vec<_>>(), "K = {k}");
        let loads: Vec<u64> = (0..k)
            .map(|i| split.units(i).iter().map(|&u| costs[u]).sum())
            .collect();
        let (lo, hi) = (loads.iter().min().unwrap(), loads.iter().max().unwrap());
        assert!(hi - lo <= largest, "K = {k}: {loads:?}");
        assert_eq!(split.id(), Split::join(&plan, k, 1).unwrap().id());
    }
}

#[test]
fn merge_refuses_shards_of_both_engines_naming_them() {
    let plan = Plan::new(11).unwrap();
    let split = Split::new(&plan, 2).unwrap();
    let constellation = count_resumable(&plan, &split, 1, None, &threads(1))
        .unwrap()
        .record("c1.json");
    let mut mixed = join_shards(11, 2);
    let joined = merge_shards(&mixed).unwrap();
    assert_eq!(joined.total, 2_680);
    mixed[1] = constellation;
    let e = merge_shards(&mixed).unwrap_err().to_string();
    assert!(e.contains("missing shard 1"), "{e}");
    assert!(e.contains("shard 1 (c1.json) is from another split"), "{e}");
    assert!(e.contains(Engine::Constellations.version()), "{e}");
    assert!(e.contains(Engine::Halves.version()), "{e}");
    // Another version of the same engine is refused too.
    let mut other = join_shards(11, 2);
    other[0].engine = "join-1/0.0.1".to_string();
    let e = merge_shards(&other).unwrap_err().to_string();
    assert!(e.contains("engine join-1/0.0.1"), "{e}");
}

#[test]
fn a_join_checkpoint_resumes_and_refuses_other_engines_n_and_splits() {
    let path = common::scratch_file("join-ckpt", "j.ckpt");
    let plan = JoinPlan::new(13).unwrap();
    let split = Split::join(&plan, 3, 1).unwrap();
    // Stop after a few units: what was finished is kept.
    let stop = AtomicBool::new(false);
    let seen = std::sync::atomic::AtomicUsize::new(0);
    let report = |p: hetman::queens::count::Progress| {
        // The first report, with no unit done, is the totals.
        if p.units_done > 0 && seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 3 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let opts = CountOptions {
        threads: 1,
        stop: Some(&stop),
        progress: Some(&report),
        max_memory: None,
    };
    let e = count_join_resumable(&plan, &split, 1, Some(&path), &opts).unwrap_err();
    assert!(matches!(e, Error::Interrupted), "{e}");
    let again = count_join_resumable(&plan, &split, 1, Some(&path), &threads(2)).unwrap();
    assert_eq!(again.resumed, 4);
    let whole = count_join_resumable(&plan, &split, 1, None, &threads(2)).unwrap();
    assert_eq!(again.solutions, whole.solutions);
    // The same file for another shard, N or engine.
    let e = count_join_resumable(&plan, &split, 2, Some(&path), &threads(1))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("it is for shard=1/3, this run has shard=2/3"),
        "{e}"
    );
    let plan14 = JoinPlan::new(14).unwrap();
    let e = count_join_resumable(
        &plan14,
        &Split::join(&plan14, 3, 1).unwrap(),
        1,
        Some(&path),
        &threads(1),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("it is for n=13, this run has n=14"), "{e}");
    let cplan = Plan::new(13).unwrap();
    let e = count_resumable(
        &cplan,
        &Split::new(&cplan, 3).unwrap(),
        1,
        Some(&path),
        &threads(1),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("belongs to another run"), "{e}");
    let other = path.with_file_name("c.ckpt");
    let _ = std::fs::remove_file(&other);
    count_resumable(
        &cplan,
        &Split::new(&cplan, 3).unwrap(),
        1,
        Some(&other),
        &threads(1),
    )
    .unwrap();
    let e = count_join_resumable(&plan, &split, 1, Some(&other), &threads(1))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&format!(
            "it is for engine={}, this run has engine={}",
            Engine::Constellations.version(),
            Engine::Halves.version()
        )),
        "{e}"
    );
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn units_of_the_join_add_up_on_any_thread_count() {
    let plan = JoinPlan::new(12).unwrap();
    let some: Vec<usize> = (0..plan.units()).filter(|u| u % 3 != 1).collect();
    let rest: Vec<usize> = (0..plan.units()).filter(|u| u % 3 == 1).collect();
    let a = count_join_units(&plan, &some, &threads(1), &|_, _, _| Ok(())).unwrap();
    let b = count_join_units(&plan, &some, &threads(3), &|_, _, _| Ok(())).unwrap();
    let c = count_join_units(&plan, &rest, &threads(2), &|_, _, _| Ok(())).unwrap();
    // The counts agree; the memory held does not have to (each worker has its
    // own buffers, and how many run at once depends on the threads).
    assert_eq!((a.total, a.jobs, a.halves), (b.total, b.jobs, b.halves));
    assert!(a.peak_bytes > 0 && b.peak_bytes > 0);
    assert_eq!(a.total + c.total, 14_200);
    assert!(count_join_units(&plan, &[plan.units()], &threads(1), &|_, _, _| Ok(())).is_err());
}

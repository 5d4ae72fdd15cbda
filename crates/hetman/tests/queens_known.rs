//! Every N-Queens algorithm against OEIS A000170 and A002562, for every N it
//! does within a few seconds in a release build (smaller in debug builds).

mod common;

use hetman::queens::{count, for_each_solution, Algorithm};
use std::ops::ControlFlow;

/// The largest N each algorithm is checked for.
fn cap(algorithm: Algorithm) -> usize {
    let release = !cfg!(debug_assertions);
    match algorithm {
        Algorithm::BruteForce => 8,
        Algorithm::Permutations => 10,
        Algorithm::Backtracking => {
            if release {
                13
            } else {
                11
            }
        }
        Algorithm::Bitboard => {
            if release {
                14
            } else {
                12
            }
        }
        _ => {
            if release {
                15
            } else {
                12
            }
        }
    }
}

#[test]
fn every_algorithm_matches_oeis() {
    for k in common::queens_oeis() {
        for algorithm in Algorithm::ALL {
            if k.n > cap(algorithm) {
                continue;
            }
            let c = count(k.n, algorithm).unwrap();
            assert_eq!(
                (c.total, c.unique),
                (k.total, k.unique),
                "{algorithm} at N = {}",
                k.n
            );
        }
    }
}

#[test]
fn seed_figures() {
    // Seed 002: 92 solutions, 12 independent, `test` called 1965 times.
    let c = count(8, Algorithm::Backtracking).unwrap();
    assert_eq!((c.total, c.unique, c.work), (92, 12, 1965));
    // Seed 003: 8^8 placements by brute force; seed 001: 8! permutations.
    assert_eq!(count(8, Algorithm::BruteForce).unwrap().work, 16_777_216);
    assert_eq!(count(8, Algorithm::Permutations).unwrap().work, 40_320);
    // Seed 002: two solutions for N = 4, mirror images of each other.
    assert_eq!(count(4, Algorithm::Backtracking).unwrap().total, 2);
}

#[test]
fn searches_list_the_same_solutions_in_the_same_order() {
    for n in 1..=8 {
        let mut lists = Vec::new();
        for algorithm in Algorithm::ALL {
            let mut list = Vec::new();
            for_each_solution(n, algorithm, |p| {
                list.push(p.clone());
                ControlFlow::Continue(())
            })
            .unwrap();
            lists.push(list);
        }
        for l in &lists[1..] {
            assert_eq!(l, &lists[0], "N = {n}");
        }
        assert!(
            lists[0].windows(2).all(|w| w[0] < w[1]),
            "lexicographic order, N = {n}"
        );
    }
}

#[test]
fn backtracking_calls_equal_bitboard_nodes() {
    // Both count the calls of the placing function over the same search tree.
    for n in 1..=10 {
        let a =
            for_each_solution(n, Algorithm::Backtracking, |_| ControlFlow::Continue(())).unwrap();
        let b = for_each_solution(n, Algorithm::Bitboard, |_| ControlFlow::Continue(())).unwrap();
        assert_eq!(a, b, "N = {n}");
    }
}

#[test]
fn a_visitor_can_stop_the_search() {
    for algorithm in Algorithm::ALL {
        let mut seen = 0;
        for_each_solution(8, algorithm, |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(seen, 3, "{algorithm}");
    }
}

#[test]
fn out_of_range_n_is_an_error_not_a_panic() {
    for algorithm in Algorithm::ALL {
        assert!(count(0, algorithm).is_err());
        assert!(count(algorithm.max_n() + 1, algorithm).is_err());
    }
}

//! One solution for any N (construction), random solutions (min-conflicts),
//! and completing a placement with given queens and blocked squares.

use hetman::queens::complete::Puzzle;
use hetman::queens::{self, construct, minconflicts, Algorithm, Placement};
use hetman::{Square, Symmetry};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

#[test]
fn construction_is_a_solution_for_every_n_from_4_to_10000() {
    for n in 4..=10_000 {
        let p = construct::solution(n).unwrap();
        assert!(queens::check(&p).is_solution(), "N = {n}");
    }
    assert!(construct::solution(1).unwrap().is_solution());
    for n in [0, 2, 3] {
        assert!(construct::solution(n).is_err(), "N = {n}");
    }
}

#[test]
fn construction_is_a_solution_for_large_n_of_every_residue_mod_12() {
    // Each residue of N modulo 12 (and so modulo 6), at two magnitudes.
    for base in [1_000_000usize, 4_000_000] {
        for r in 0..12 {
            let n = base + (r + 12 - base % 12) % 12;
            assert_eq!(n % 12, r);
            construct::verify(n).unwrap();
        }
    }
    // The streaming verifier agrees with the library's checker at scale.
    let p = construct::solution(1_000_003).unwrap();
    assert!(queens::check(&p).is_solution());
}

#[test]
fn verifier_rejects_what_check_rejects() {
    // Break the construction in one place: swap in a rank that collides.
    let n = 1000;
    let mut ranks: Vec<u32> = construct::ranks(n).unwrap().collect();
    ranks[500] = ranks[10];
    let p = Placement::from_ranks(ranks.clone()).unwrap();
    assert!(!queens::check(&p).is_solution());
    let mut v = construct::Verifier::new(n);
    assert!(ranks.iter().any(|&r| v.push(r).is_err()));
}

#[test]
fn min_conflicts_gives_verified_solutions_for_many_seeds_and_sizes() {
    for n in (4..=64).chain([100, 257, 1000, 4099]) {
        for seed in 0..8 {
            let s = minconflicts::solve(n, seed).unwrap();
            assert_eq!(s.placement.n(), n);
            assert!(
                queens::check(&s.placement).is_solution(),
                "N = {n}, seed {seed}"
            );
        }
    }
    let big = minconflicts::solve(200_000, 99).unwrap();
    assert!(queens::check(&big.placement).is_solution());
    assert!(minconflicts::solve(3, 0).is_err());
}

#[test]
fn min_conflicts_is_deterministic_per_seed() {
    for n in [8, 50, 10_000] {
        for seed in [0, 1, u64::MAX] {
            assert_eq!(
                minconflicts::solve(n, seed).unwrap(),
                minconflicts::solve(n, seed).unwrap()
            );
        }
    }
    // Different seeds give different solutions (1000 queens have astronomically many).
    let distinct: BTreeSet<Placement> = (0..10)
        .map(|seed| minconflicts::solve(1000, seed).unwrap().placement)
        .collect();
    assert_eq!(distinct.len(), 10);
}

/// The 8 images of `p` that `puzzle` allows, without repeats.
fn allowed_images(puzzle: &Puzzle, p: &Placement) -> BTreeSet<Placement> {
    Symmetry::ALL
        .iter()
        .map(|&s| p.image(s).unwrap())
        .filter(|q| puzzle.allows(q))
        .collect()
}

/// Compares every search of the puzzle with filtering the full enumeration.
fn agrees_with_filtering(puzzle: &Puzzle) {
    let n = puzzle.n();
    let mut expected = Vec::new();
    queens::for_each_solution(n, Algorithm::Backtracking, |p| {
        if puzzle.allows(p) {
            expected.push(p.clone());
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(puzzle.count(), expected.len() as u64, "{puzzle:?}");
    let mut listed = Vec::new();
    puzzle.for_each(|p| {
        listed.push(p.clone());
        ControlFlow::Continue(())
    });
    assert_eq!(listed, expected, "{puzzle:?}");
    match puzzle.find() {
        Some(p) => assert!(p.is_solution() && expected.contains(&p)),
        None => assert!(expected.is_empty()),
    }
    // Classes: group the completions by the completions among their images.
    let classes: BTreeSet<BTreeSet<Placement>> =
        expected.iter().map(|p| allowed_images(puzzle, p)).collect();
    let mut reps = Vec::new();
    puzzle.for_each_unique(|p, class| {
        let members = allowed_images(puzzle, p);
        assert_eq!(members.first(), Some(p));
        assert_eq!(class.completions, members.len());
        assert_eq!(class.class_size, p.class_size().unwrap());
        reps.push(members);
        ControlFlow::Continue(())
    });
    assert_eq!(reps.len(), classes.len());
    assert_eq!(reps.into_iter().collect::<BTreeSet<_>>(), classes);
    assert_eq!(puzzle.count_unique(), classes.len() as u64);
}

#[test]
fn completion_without_constraints_is_every_solution() {
    for n in 1..=9 {
        agrees_with_filtering(&Puzzle::new(n).unwrap());
    }
    let c = queens::count(10, Algorithm::Bitboard).unwrap();
    let p = Puzzle::new(10).unwrap();
    assert_eq!((p.count(), p.count_unique()), (c.total, c.unique));
}

#[test]
fn eight_queens_off_both_main_diagonals() {
    // The Russian seed's variant: 12 solutions, but only 2 symmetry classes.
    let mut p = Puzzle::new(8).unwrap();
    for i in 0..8 {
        p.block(Square::new(i, i)).unwrap();
        p.block(Square::new(i, 7 - i)).unwrap();
    }
    assert_eq!(p.count(), 12);
    let mut sizes = Vec::new();
    p.for_each_unique(|_, c| {
        sizes.push((c.completions, c.class_size));
        ControlFlow::Continue(())
    });
    sizes.sort();
    assert_eq!(sizes, [(4, 4), (8, 8)]);
    agrees_with_filtering(&p);
}

#[test]
fn clashing_given_queens_have_no_completion() {
    let mut p = Puzzle::new(8).unwrap();
    p.give("a1".parse().unwrap()).unwrap();
    p.give("h8".parse().unwrap()).unwrap();
    assert!(p.obstacle().unwrap().contains("diagonal"));
    assert_eq!((p.count(), p.find()), (0, None));
    let mut q = Puzzle::new(8).unwrap();
    q.give("a1".parse().unwrap()).unwrap();
    q.block("a1".parse().unwrap()).unwrap();
    assert!(q.obstacle().unwrap().contains("blocked"));
    assert_eq!(q.count(), 0);
    assert!(Puzzle::new(8).unwrap().give("i1".parse().unwrap()).is_err());
}

#[test]
fn large_boards_complete() {
    for n in [32, 48, 64] {
        let mut p = Puzzle::new(n).unwrap();
        p.give(Square::new(0, 0)).unwrap();
        p.give(Square::new(n as u32 - 1, 1)).unwrap();
        p.block(Square::new(1, 2)).unwrap();
        let s = p.find().unwrap();
        assert!(queens::check(&s).is_solution() && p.allows(&s), "N = {n}");
    }
}

/// N, given queens and blocked squares, as (file, rank) pairs.
type PuzzleSpec = (usize, Vec<(u32, u32)>, Vec<(u32, u32)>);

fn puzzle_strategy() -> impl Strategy<Value = PuzzleSpec> {
    (1usize..=8).prop_flat_map(|n| {
        let sq = (0..n as u32, 0..n as u32);
        (
            Just(n),
            prop::collection::vec(sq.clone(), 0..=3),
            prop::collection::vec(sq, 0..=12),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn completion_agrees_with_filtering_the_enumeration((n, given, blocked) in puzzle_strategy()) {
        let mut p = Puzzle::new(n).unwrap();
        for (f, r) in given {
            // A second queen on a file is refused; keep the first.
            let _ = p.give(Square::new(f, r));
        }
        for (f, r) in blocked {
            p.block(Square::new(f, r)).unwrap();
        }
        agrees_with_filtering(&p);
    }

    #[test]
    fn verifier_agrees_with_check(code in prop::collection::vec(0u32..7, 7)) {
        let p = Placement::from_ranks(code.clone()).unwrap();
        let mut v = construct::Verifier::new(7);
        let ok = code.iter().all(|&r| v.push(r).is_ok());
        prop_assert_eq!(ok, queens::check(&p).is_solution());
    }
}

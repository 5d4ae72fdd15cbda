//! Laws of the symmetry group and of the unique listing.

mod common;

use hetman::queens::{check, for_each_solution, for_each_unique, Algorithm, Placement};
use hetman::Symmetry;
use proptest::prelude::*;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// A random permutation of 1..=12 elements, as a placement.
fn permutation() -> impl Strategy<Value = Placement> {
    (1usize..=12)
        .prop_flat_map(|n| Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle())
        .prop_map(|v| Placement::from_ranks(v).unwrap())
}

proptest! {
    #[test]
    fn four_quarter_turns_are_the_identity(p in permutation()) {
        let mut q = p.clone();
        for _ in 0..4 {
            q = q.image(Symmetry::Rotate90).unwrap();
        }
        prop_assert_eq!(q, p);
    }

    #[test]
    fn each_reflection_is_its_own_inverse(p in permutation()) {
        for s in Symmetry::ALL.into_iter().filter(|s| !s.is_rotation()) {
            prop_assert_eq!(p.image(s).unwrap().image(s).unwrap(), p.clone());
        }
    }

    #[test]
    fn images_compose_like_the_group(p in permutation()) {
        for a in Symmetry::ALL {
            for b in Symmetry::ALL {
                let twice = p.image(a).unwrap().image(b).unwrap();
                prop_assert_eq!(twice, p.image(a.then(b)).unwrap());
            }
        }
    }

    #[test]
    fn all_images_share_canonical_form_and_class_size(p in permutation()) {
        let c = p.canonical().unwrap();
        let size = p.class_size().unwrap();
        let distinct: HashSet<Placement> = Symmetry::ALL.iter().map(|&s| p.image(s).unwrap()).collect();
        prop_assert_eq!(distinct.len(), size);
        for s in Symmetry::ALL {
            let img = p.image(s).unwrap();
            prop_assert_eq!(img.canonical().unwrap(), c.clone());
            prop_assert_eq!(img.class_size().unwrap(), size);
            prop_assert!(c <= img);
        }
    }

    #[test]
    fn images_of_solutions_are_solutions(p in permutation()) {
        for s in Symmetry::ALL {
            prop_assert_eq!(p.image(s).unwrap().is_solution(), p.is_solution());
        }
    }

    #[test]
    fn every_form_round_trips(p in permutation()) {
        prop_assert_eq!(p.to_code().parse::<Placement>().unwrap(), p.clone());
        prop_assert_eq!(p.to_algebraic().parse::<Placement>().unwrap(), p.clone());
        prop_assert_eq!(hetman::render::text::queens(&p).parse::<Placement>().unwrap(), p.clone());
        if let Some(c) = p.to_compact()
            && p.n() > 1 {
                prop_assert_eq!(c.parse::<Placement>().unwrap(), p.clone());
            }
    }
}

#[test]
fn class_sizes_add_up_to_the_total() {
    for k in common::queens_oeis().into_iter().take(11) {
        let (mut classes, mut sum) = (0, 0);
        for_each_unique(k.n, Algorithm::Bitboard, |p, size| {
            assert_eq!(size, p.class_size().unwrap());
            classes += 1;
            sum += size as u64;
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!((sum, classes), (k.total, k.unique), "N = {}", k.n);
    }
}

#[test]
fn every_listed_solution_passes_the_checker() {
    for n in 1..=10 {
        for_each_solution(n, Algorithm::Bitboard, |p| {
            let r = check(p);
            assert!(r.is_solution() && r.non_attacking_pairs() == r.pairs, "{p}");
            ControlFlow::Continue(())
        })
        .unwrap();
    }
}

#[test]
fn unique_listing_has_a002562_entries_and_no_two_are_images() {
    for k in common::queens_oeis().into_iter().take(10) {
        let mut reps = Vec::new();
        for_each_unique(k.n, Algorithm::Backtracking, |p, _| {
            reps.push(p.clone());
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(reps.len() as u64, k.unique, "N = {}", k.n);
        let mut orbits = HashSet::new();
        for p in &reps {
            assert_eq!(
                &p.canonical().unwrap(),
                p,
                "representative is the smallest image"
            );
            for s in Symmetry::ALL {
                let img = p.image(s).unwrap();
                if img != *p {
                    assert!(!reps.contains(&img), "{img} is an image of {p}");
                }
                orbits.insert(img);
            }
        }
        assert_eq!(
            orbits.len() as u64,
            k.total,
            "the classes cover every solution, N = {}",
            k.n
        );
    }
}

#[test]
fn eight_queens_have_eleven_classes_of_eight_and_one_of_four() {
    let mut sizes = Vec::new();
    for_each_unique(8, Algorithm::Bitboard, |_, s| {
        sizes.push(s);
        ControlFlow::Continue(())
    })
    .unwrap();
    sizes.sort_unstable();
    assert_eq!(sizes, [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
}

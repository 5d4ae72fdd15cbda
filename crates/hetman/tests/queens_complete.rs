//! Completion on boards of any size: every engine against filtering the full
//! list of solutions (N ≤ 12), planted instances on big boards, and
//! unsatisfiable ones built so.

use hetman::queens::complete::{parse_instance, Answer, Engine, Options, Proof, Puzzle};
use hetman::queens::{self, minconflicts, Algorithm, Placement};
use hetman::Square;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64;
use std::ops::ControlFlow;

fn below(rng: &mut Pcg64, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

fn all_solutions(n: usize) -> Vec<Placement> {
    let mut all = Vec::new();
    queens::for_each_solution(n, Algorithm::Bitboard, |p| {
        all.push(p.clone());
        ControlFlow::Continue(())
    })
    .unwrap();
    all.sort();
    all
}

/// A random puzzle on N: some given queens (kept only if on a new file) and
/// some blocked squares, often taken from a solution so that some have completions.
fn random_puzzle(n: usize, rng: &mut Pcg64, all: &[Placement]) -> Puzzle {
    let mut p = Puzzle::new(n).unwrap();
    let given = below(rng, n.min(5) + 1);
    let planted = (!all.is_empty() && below(rng, 2) == 0).then(|| &all[below(rng, all.len())]);
    for _ in 0..given {
        let f = below(rng, n) as u32;
        let r = match planted {
            Some(s) => s.ranks()[f as usize],
            None => below(rng, n) as u32,
        };
        let _ = p.give(Square::new(f, r));
    }
    let blocks = below(rng, n * n / 2 + 1);
    for _ in 0..blocks {
        let (f, r) = (below(rng, n) as u32, below(rng, n) as u32);
        if planted.is_none_or(|s| s.ranks()[f as usize] != r) {
            p.block(Square::new(f, r)).unwrap();
        }
    }
    p
}

fn counted(p: &Puzzle, e: Engine) -> u64 {
    p.count_with(e, &mut |_| ControlFlow::Continue(()))
        .unwrap()
        .0
}

#[test]
fn every_engine_agrees_with_filtering_every_solution_up_to_12() {
    let mut rng = Pcg64::seed_from_u64(26);
    for n in 1..=12 {
        let all = all_solutions(n);
        let puzzles = if n <= 10 { 60 } else { 15 };
        for _ in 0..puzzles {
            let p = random_puzzle(n, &mut rng, &all);
            let expected: Vec<&Placement> = all.iter().filter(|s| p.allows(s)).collect();
            let want = expected.len() as u64;
            let what = p.to_instance();
            assert_eq!(p.count(), want, "{what}");
            assert_eq!(counted(&p, Engine::Exact), want, "{what}");
            assert_eq!(counted(&p, Engine::Bitmask), want, "{what}");
            let mut listed = Vec::new();
            p.for_each_with(Engine::Exact, &mut |s| {
                listed.push(s.clone());
                ControlFlow::Continue(())
            });
            assert_eq!(listed.iter().collect::<Vec<_>>(), expected, "{what}");
            for restarts in [false, true] {
                let opts = Options {
                    engine: Engine::Exact,
                    restarts,
                    seed: 5,
                };
                match p.solve(&opts).unwrap().answer {
                    Answer::Found(s) => assert!(expected.contains(&&s), "{what}"),
                    Answer::None(_) => assert_eq!(want, 0, "{what}"),
                    other => panic!("{other:?}"),
                }
            }
        }
    }
}

/// A random solution of N, and a puzzle giving `given` of its queens and
/// blocking `blocks` squares it leaves empty.
fn planted(n: usize, given: usize, blocks: usize, seed: u64) -> (Puzzle, Placement) {
    let sol = minconflicts::solve(n, seed).unwrap().placement;
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut p = Puzzle::new(n).unwrap();
    for _ in 0..given {
        let f = below(&mut rng, n);
        p.give(Square::new(f as u32, sol.ranks()[f])).unwrap();
    }
    let mut b = 0;
    while b < blocks {
        let (f, r) = (below(&mut rng, n), below(&mut rng, n) as u32);
        if sol.ranks()[f] != r {
            p.block(Square::new(f as u32, r)).unwrap();
            b += 1;
        }
    }
    (p, sol)
}

fn found(p: &Puzzle, opts: &Options) -> Placement {
    match p.solve(opts).unwrap().answer {
        Answer::Found(s) => {
            assert!(queens::check(&s).is_solution() && p.allows(&s));
            s
        }
        other => panic!("N = {}: {other:?}", p.n()),
    }
}

#[test]
fn planted_instances_on_big_boards_are_completed() {
    for (n, given, blocks) in [
        (100, 10, 0),
        (100, 35, 300),
        (100, 45, 2000),
        (500, 50, 0),
        (500, 100, 5000),
        (1000, 100, 0),
        (1000, 100, 1000),
    ] {
        let (p, _) = planted(n, given, blocks, n as u64 + given as u64);
        found(&p, &Options::default());
        let exact = Options {
            engine: Engine::Exact,
            ..Options::default()
        };
        found(&p, &exact);
    }
}

#[test]
fn few_given_queens_on_a_huge_board_by_local_search() {
    let n = 20_000;
    let mut p = Puzzle::new(n).unwrap();
    // Given queens from a constructed solution of a smaller board, shifted:
    // pairwise non-attacking, in a corner.
    for (f, r) in hetman::queens::construct::ranks(n / 10)
        .unwrap()
        .enumerate()
    {
        p.give(Square::new(f as u32, r)).unwrap();
    }
    let out = p.solve(&Options::default()).unwrap();
    assert_eq!(out.engine, Engine::LocalSearch);
    let Answer::Found(s) = out.answer else {
        panic!()
    };
    assert!(queens::check(&s).is_solution() && p.allows(&s));
}

#[test]
fn unsatisfiable_by_construction_answer_none_with_the_reason() {
    for n in [20usize, 100, 500, 1000] {
        // Rank 6: every square attacked by the given queens or blocked.
        let mut p = Puzzle::new(n).unwrap();
        let q = [Square::new(0, 0), Square::new(2, n as u32 - 1)];
        for &g in &q {
            p.give(g).unwrap();
        }
        let r = 5u32;
        for f in 0..n as u32 {
            let attacked = q.iter().any(|g| {
                g.rank() == r || g.file() == f || g.file().abs_diff(f) == g.rank().abs_diff(r)
            });
            if !attacked {
                p.block(Square::new(f, r)).unwrap();
            }
        }
        let out = p.solve(&Options::default()).unwrap();
        assert_eq!(
            out.answer,
            Answer::None(Proof::Empty("rank 6".into())),
            "N = {n}"
        );
        assert_eq!(p.count(), 0);
        // Three files with their free squares on two ranks only: Hall's condition fails.
        let mut h = Puzzle::new(n).unwrap();
        for f in 0..3 {
            for r in 2..n as u32 {
                h.block(Square::new(f, r)).unwrap();
            }
        }
        let out = h.solve(&Options::default()).unwrap();
        assert!(
            matches!(out.answer, Answer::None(Proof::NoMatching { .. })),
            "N = {n}: {:?}",
            out.answer
        );
    }
    // No short reason: 3 queens have no solution, found by searching.
    let out = Puzzle::new(3).unwrap().solve(&Options::default()).unwrap();
    assert_eq!(out.answer, Answer::None(Proof::Exhausted));
    assert!(out.stats.nodes > 0);
}

#[test]
fn instances_round_trip_and_strict_squares_are_refused() {
    let (p, _) = planted(60, 20, 100, 3);
    let text = p.to_instance();
    assert_eq!(parse_instance(&text).unwrap().puzzle().unwrap(), p);
    for (text, want) in [
        ("n 8\ngiven a1 a1", "'a1': it is given twice"),
        ("n 8\nblocked c3\nblocked c3", "'c3': it is blocked twice"),
        (
            "n 8\ngiven a1\nblocked a1",
            "'a1': it is both given and blocked",
        ),
        (
            "n 8\ngiven a1 c3",
            "a1 and c3 attack each other along a diagonal",
        ),
        (
            "n 8\ngiven a1 h1",
            "a1 and h1 attack each other along a rank",
        ),
        ("n 8\ngiven a1 a5", "file a already has a given queen on a1"),
        ("n 8\ngiven i1", "line 2: given 'i1'"),
        ("n 8\nqueens a1", "line 2: unknown keyword 'queens'"),
        ("# nothing\n", "no 'n N' line"),
        ("n 8\nn 9", "line 2: a second 'n' line"),
    ] {
        let err = parse_instance(text).and_then(|i| i.puzzle()).unwrap_err();
        assert!(err.to_string().contains(want), "{text:?}: {err}");
    }
}

//! Tests of the search: in bulk as by steps, and the moves tried in their order at every choice.

use super::*;
use crate::BoardSize;

/// The moves of the knight's square in the order the search is to try
/// them, worked out afresh: every move to a free square not yet tried
/// there (`tried`), by key, between equal keys the move listed first.
fn by_key(s: &Stepper, tried: u8) -> Vec<u32> {
    let cur = *s.path.last().unwrap();
    let mut c: Vec<(u64, usize, u32)> = (0..8)
        .filter(|&m| tried & (1 << m) == 0)
        .filter_map(|m| s.next(cur, m).map(|j| (m, j)))
        .filter(|&(_, j)| !s.taken[j as usize])
        .map(|(m, j)| (s.key(j, m), m, j))
        .collect();
    c.sort_unstable();
    c.into_iter().map(|(_, _, j)| j).collect()
}

/// The search in bulk finds the tour the steps one by one find, after
/// as many nodes, and gives up where they give up, on small boards with
/// and without blocked squares, every order, open and closed.
#[test]
fn the_search_in_bulk_is_the_search_by_steps() {
    let board = |w, h, blocked: &[&str]| {
        let blocked: Vec<_> = blocked.iter().map(|s| s.parse().unwrap()).collect();
        KnightBoard::with_blocked(BoardSize::new(w, h).unwrap(), &blocked).unwrap()
    };
    let boards = [
        board(5, 5, &[]),
        board(3, 4, &[]),
        board(6, 5, &["b2", "d4"]),
        board(6, 6, &[]),
        board(4, 4, &[]),
        board(8, 8, &["e4"]),
    ];
    let orders = [Order::Seed, Order::Warnsdorff(TieBreak::default())];
    let mut tours = 0;
    for b in &boards {
        for start in [0, b.squares() as u32 / 2 + 1] {
            if b.is_blocked(start) {
                continue;
            }
            for order in orders {
                for closed in [false, true] {
                    for prune in [false, true] {
                        // The whole search only on the small boards.
                        let mut limits = vec![Some(10), Some(5_000), Some(300_000)];
                        if b.squares() <= 25 {
                            limits.push(None);
                        }
                        for max_nodes in limits {
                            let new = || Stepper::new(b, start, closed, order, prune);
                            let bulk = search_in_bulk(new(), max_nodes, None);
                            let steps = search_by_steps(new(), max_nodes, None);
                            match (bulk, steps) {
                                (Ok(a), Ok(b)) => {
                                    assert_eq!((&a.path, a.nodes), (&b.path, b.nodes));
                                    tours += u64::from(a.path.is_some());
                                }
                                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                                (a, b) => panic!("{:?} against {:?}", a.is_ok(), b.is_ok()),
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(tours > 20, "{tours}");
}

#[test]
fn the_moves_are_tried_in_their_order_at_every_choice() {
    let blocked = KnightBoard::with_blocked(
        BoardSize::new(6, 5).unwrap(),
        &["b2".parse().unwrap(), "d4".parse().unwrap()],
    )
    .unwrap();
    let square = KnightBoard::new(BoardSize::square(8).unwrap()).unwrap();
    let orders = [Order::Seed, Order::Warnsdorff(TieBreak::default())];
    for board in [&blocked, &square] {
        for order in orders {
            for closed in [false, true] {
                let prune = order != Order::Seed;
                let mut s = Stepper::new(board, 0, closed, order, prune);
                // Per level, the moves tried there so far.
                let mut tried = vec![0u8];
                let mut toured = false;
                for _ in 0..200_000 {
                    let depth = s.path.len();
                    let expected =
                        (0 < depth && depth < s.free).then(|| by_key(&s, tried[depth - 1]));
                    if order != Order::Seed && s.fresh() && depth < s.free {
                        let shown: Vec<u32> = s.candidates().iter().map(|c| c.0).collect();
                        assert_eq!(Some(shown), expected.clone());
                    }
                    match s.step() {
                        None => break,
                        Some(Step::Move { from, to, pruned }) => {
                            assert_eq!(expected.as_ref().and_then(|e| e.first()), Some(&to));
                            let m = (0..8).find(|&m| s.next(from, m) == Some(to)).unwrap();
                            tried[depth - 1] |= 1 << m;
                            if !pruned {
                                tried.push(0);
                            }
                        }
                        Some(Step::Back { dead_end, .. }) => {
                            assert!(expected.is_none_or(|e| e.is_empty()));
                            // A dead end: no move tried there, no tour either.
                            assert_eq!(dead_end, tried.pop() == Some(0) && !toured);
                            toured = false;
                        }
                        Some(Step::Tour) => toured = true,
                    }
                }
            }
        }
    }
}

//! The trace events against the figures the rest of the tool computes: the
//! seeds' 1965 calls and 92 solutions, OEIS for N = 1..10, the 5×5 knight's
//! 1728 tours (304 from each corner), the seed's tour from a5 and its dead
//! end after 20 squares from b5.

mod common;

use hetman::knight::{find, Algorithm, FindOptions, KnightBoard, Tour};
use hetman::queens::search::{backtracking, bitboard};
use hetman::trace::{
    Counters, Event, JsonLines, KnightOrder, KnightTrace, Limits, QueensAlgorithm, QueensTrace,
    Stream, Timeline, Trace,
};
use hetman::{BoardSize, Square};
use std::ops::ControlFlow;

fn queens_counters(n: usize, algorithm: QueensAlgorithm) -> hetman::trace::QueensCounters {
    let mut trace = QueensTrace::new(n, algorithm).unwrap();
    // Count the events ourselves, and hold the trace's own counters to them.
    let mut mine = Counters::Queens(Default::default());
    for e in trace.by_ref() {
        mine.record(&e);
    }
    assert_eq!(mine, trace.counters());
    match mine {
        Counters::Queens(q) => q,
        Counters::Knight(_) => unreachable!(),
    }
}

#[test]
fn queens_events_add_up_to_the_tools_figures_for_n_1_to_10() {
    let known = common::queens_oeis();
    for n in 1..=10 {
        let seed_calls = backtracking::search(n, &mut |_| ControlFlow::Continue(()));
        let bit_nodes = bitboard::search(n, &mut |_| ControlFlow::Continue(()));
        let c = queens_counters(n, QueensAlgorithm::Backtracking);
        assert_eq!(c.calls, seed_calls, "n = {n}");
        assert_eq!(c.solutions, known[n - 1].total, "n = {n}");
        assert_eq!(c.tries, c.refusals + c.placements, "n = {n}");
        assert_eq!(c.placements, c.backtracks, "n = {n}");
        let b = queens_counters(n, QueensAlgorithm::Bitboard);
        assert_eq!(b.calls, bit_nodes, "n = {n}");
        assert_eq!(b.solutions, known[n - 1].total, "n = {n}");
        assert_eq!((b.tries, b.refusals), (0, 0));
        assert_eq!(b.placements, b.backtracks);
    }
}

#[test]
fn eight_queens_call_test_1965_times_and_four_queens_have_two_solutions() {
    let c = queens_counters(8, QueensAlgorithm::Backtracking);
    assert_eq!((c.calls, c.solutions), (1965, 92));
    let c = queens_counters(4, QueensAlgorithm::Backtracking);
    assert_eq!(c.solutions, 2);
}

#[test]
fn solutions_come_in_the_order_of_the_listing_and_pass_the_checker() {
    let mut listed = Vec::new();
    backtracking::search(8, &mut |r| {
        listed.push(r.to_vec());
        ControlFlow::Continue(())
    });
    let traced: Vec<Vec<u32>> = QueensTrace::new(8, QueensAlgorithm::Bitboard)
        .unwrap()
        .filter_map(|e| match e {
            Event::Solution { ranks, code, .. } => {
                let p: hetman::queens::Placement = code.parse().unwrap();
                assert!(hetman::queens::check(&p).is_solution());
                Some(ranks)
            }
            _ => None,
        })
        .collect();
    assert_eq!(traced, listed);
}

#[test]
fn a_refused_square_names_the_lines_the_queens_on_the_board_draw() {
    let mut trace = QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap();
    let mut refusals = 0;
    while let Some(e) = trace.next() {
        if let Event::Refuse { square, lines, .. } = e {
            assert_eq!(trace.ruled_out(square), lines, "{square}");
            refusals += 1;
        }
    }
    assert!(refusals > 1000);
}

fn board5() -> KnightBoard {
    KnightBoard::new(BoardSize::square(5).unwrap()).unwrap()
}

#[test]
fn five_by_five_tours_from_every_square_total_1728_and_304_from_each_corner() {
    let board = board5();
    let mut total = 0;
    for f in 0..5 {
        for r in 0..5 {
            let start = Square::new(f, r);
            let mut t = KnightTrace::new(&board, start, KnightOrder::Plain, false).unwrap();
            let mut tours = 0;
            for e in t.by_ref() {
                if let Event::Tour { path, .. } = e {
                    tours += 1;
                    if tours <= 3 {
                        let tour = Tour::from_squares(board.size(), &path).unwrap();
                        assert!(tour.verify(&board, false).is_ok());
                    }
                }
            }
            let Counters::Knight(k) = t.counters() else {
                unreachable!()
            };
            assert_eq!(k.tours, tours);
            assert_eq!(k.moves, k.backtracks, "every square entered is left again");
            if (f == 0 || f == 4) && (r == 0 || r == 4) {
                assert_eq!(tours, 304, "{start}");
            }
            total += tours;
        }
    }
    assert_eq!(total, 1728);
}

#[test]
fn the_seeds_tour_from_a5_comes_first_and_the_knight_is_stuck_after_20_squares_from_b5() {
    let board = board5();
    let t = KnightTrace::new(&board, "a5".parse().unwrap(), KnightOrder::Plain, false).unwrap();
    let mut moves = 0;
    let mut first = None;
    for e in t {
        match e {
            Event::Move { .. } => moves += 1,
            Event::Tour { path, .. } => {
                first = Some(path);
                break;
            }
            _ => {}
        }
    }
    let tour = Tour::from_squares(board.size(), &first.unwrap()).unwrap();
    assert!(tour
        .to_board(&board)
        .starts_with("5  1 20 17 12  3\n4 16 11  2  7 18\n3 21 24 19  4 13\n"));
    // The same search as `knight tour 5 --start a5 --algorithm backtracking`.
    let opts = FindOptions {
        algorithm: Algorithm::Backtracking,
        ..Default::default()
    };
    let found = find(&board, "a5".parse().unwrap(), &opts).unwrap();
    assert_eq!(found.nodes, moves);

    let mut t = KnightTrace::new(&board, "b5".parse().unwrap(), KnightOrder::Plain, false).unwrap();
    let stuck = t
        .by_ref()
        .find(|e| matches!(e, Event::DeadEnd { .. }))
        .unwrap();
    assert!(
        matches!(stuck, Event::DeadEnd { number: 20, square } if square == "e1".parse().unwrap()),
        "{stuck:?}"
    );
    assert_eq!(t.path().count(), 20);
}

#[test]
fn warnsdorff_trace_gives_degrees_and_runs_the_search_of_knight_tour() {
    for n in [5u32, 6, 7, 8] {
        let board = KnightBoard::new(BoardSize::square(n).unwrap()).unwrap();
        for start in ["a1", "b1", "c3"] {
            let start: Square = start.parse().unwrap();
            let found = find(&board, start, &FindOptions::default()).unwrap();
            if matches!(found.no_tour, Some(hetman::knight::NoTour::Theorem(_))) {
                // `knight tour` answers from a theorem, without a search to compare.
                continue;
            }
            let mut t = KnightTrace::new(&board, start, KnightOrder::Warnsdorff, false).unwrap();
            let mut moves = 0;
            let mut tour = None;
            for e in t.by_ref() {
                match e {
                    Event::Move { .. } => moves += 1,
                    Event::Candidates { options, .. } => {
                        for w in options.windows(2) {
                            assert!(w[0].degree <= w[1].degree, "{options:?}");
                        }
                    }
                    Event::Tour { path, .. } => {
                        tour = Some(path);
                        break;
                    }
                    _ => {}
                }
            }
            assert_eq!(found.nodes, moves, "{n}x{n} from {start}");
            let (a, b) = (found.tour, tour);
            assert_eq!(a.is_some(), b.is_some());
            if let (Some(a), Some(b)) = (a, b) {
                assert_eq!(a.squares().collect::<Vec<_>>(), b);
            }
        }
    }
}

#[test]
fn streams_stop_at_limits_and_close_with_the_counters_of_what_they_gave() {
    let t = QueensTrace::new(8, QueensAlgorithm::Backtracking).unwrap();
    let events: Vec<_> = Stream::new(
        t,
        Limits {
            until_solution: Some(3),
            ..Limits::default()
        },
    )
    .collect();
    let (_, last) = events.last().unwrap();
    let Event::End {
        complete: false,
        counters: Counters::Queens(c),
    } = last
    else {
        panic!("{last:?}")
    };
    assert_eq!(c.solutions, 3);
    assert!(events[events.len() - 2].1.is_solution());

    // Chunks of a stream, by skip and limit, are the stream.
    let all: Vec<String> = JsonLines::new(
        QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap(),
        Limits::default(),
    )
    .collect();
    let events = all.len() as u64 - 2;
    let mut chunked = vec![all[0].clone()];
    let mut skip = 0;
    while skip < events {
        let chunk: Vec<String> = JsonLines::new(
            QueensTrace::new(6, QueensAlgorithm::Backtracking).unwrap(),
            Limits {
                skip,
                limit: Some(100),
                until_solution: None,
            },
        )
        .collect();
        let body = &chunk[1..chunk.len() - 1];
        chunked.extend_from_slice(body);
        skip += body.len() as u64;
    }
    chunked.push(all.last().unwrap().clone());
    assert_eq!(chunked, all);
}

#[test]
fn json_lines_read_back_as_the_same_events() {
    let board = board5();
    let t = KnightTrace::new(
        &board,
        "a1".parse().unwrap(),
        KnightOrder::Warnsdorff,
        false,
    )
    .unwrap();
    let events: Vec<_> = Stream::new(t.clone(), Limits::default()).collect();
    let lines: Vec<String> = JsonLines::new(t, Limits::default()).collect();
    assert_eq!(lines.len(), events.len() + 1);
    let header: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(header["hetman_trace"], 1);
    assert_eq!(header["problem"], "knight");
    for ((step, e), line) in events.iter().zip(&lines[1..]) {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["step"], *step);
        v.as_object_mut().unwrap().remove("step");
        let back: Event = serde_json::from_value(v).unwrap();
        assert_eq!(&back, e);
    }
}

#[test]
fn stepping_back_then_forward_gives_the_same_states() {
    let t = QueensTrace::new(7, QueensAlgorithm::Backtracking).unwrap();
    let mut straight = Timeline::with_capacity(t.clone(), 8);
    let mut states = vec![(Vec::new(), straight.state().counters())];
    while straight.forward().is_some() {
        let s = straight.state();
        states.push((s.queens().to_vec(), s.counters()));
    }
    let mut wobbly = Timeline::with_capacity(t, 8);
    for target in [5u64, 3, 400, 17, 2000, 1999, 0, 6000, 5999] {
        let at = wobbly.seek(target) as usize;
        let s = wobbly.state();
        assert_eq!(
            (s.queens().to_vec(), s.counters()),
            states[at],
            "step {target}"
        );
        assert!(wobbly.snapshots() <= 8);
    }
    // Step back through the whole of a knight's search from its end.
    let board = board5();
    let k = KnightTrace::new(&board, "b5".parse().unwrap(), KnightOrder::Plain, false).unwrap();
    let mut tl = Timeline::with_capacity(k, 16);
    let mut paths = vec![Vec::new()];
    for _ in 0..5000 {
        tl.forward();
        paths.push(tl.state().path().collect::<Vec<_>>());
    }
    while tl.back() {
        assert_eq!(
            tl.state().path().collect::<Vec<_>>(),
            paths[tl.step() as usize]
        );
    }
}

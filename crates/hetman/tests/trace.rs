//! The trace events against the figures the rest of the tool computes: the
//! seeds' 1965 calls and 92 solutions, OEIS for N = 1..10, the 5×5 knight's
//! 1728 tours (304 from each corner), the seed's tour from a5 and its dead
//! end after 20 squares from b5.

mod common;

use hetman::knight::{find, Algorithm, FindOptions, KnightBoard, Tour};
use hetman::queens::search::{backtracking, bitboard, brute_force, permutations};
use hetman::trace::{
    code, read_event, read_header, BruteCounters, Counters, Event, Header, JsonLines, KnightOrder,
    KnightTrace, Limits, PermutationCounters, QueensAlgorithm, QueensTrace, ReadHeader, Stream,
    Timeline, Trace,
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
        other => unreachable!("{other:?}"),
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
    let header = t.header();
    let lines: Vec<String> = JsonLines::new(t, Limits::default()).collect();
    assert_eq!(lines.len(), events.len() + 1);
    let v: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(v["hetman_trace"], 2);
    assert_eq!(v["problem"], "knight");
    let read = read_header(&lines[0]).unwrap();
    assert_eq!((read.version, &read.header), (2, &header));
    for ((step, e), line) in events.iter().zip(&lines[1..]) {
        let back = read_event(line, 2).unwrap();
        assert_eq!((back.step, &back.event), (*step, e));
        assert_eq!(
            back.line.as_deref(),
            Some(code::line_id(code::Algorithm::of(&header), e))
        );
    }
}

/// A trace three ways: its header, its events with their steps, and its JSON lines.
type Written = (Header, Vec<(u64, Event)>, Vec<String>);

/// Schema 2 round-trips for every algorithm: written, read back, equal.
#[test]
fn schema_2_round_trips_for_every_algorithm() {
    let board = board5();
    let mut traces: Vec<Written> = Vec::new();
    for algorithm in QueensAlgorithm::ALL {
        let t = QueensTrace::new(5, algorithm).unwrap();
        let limits = Limits {
            limit: Some(3000),
            ..Limits::default()
        };
        traces.push((
            t.header(),
            Stream::new(t.clone(), limits).collect(),
            JsonLines::new(t, limits).collect(),
        ));
    }
    for order in [KnightOrder::Plain, KnightOrder::Warnsdorff] {
        let t = KnightTrace::new(&board, "a5".parse().unwrap(), order, false).unwrap();
        let limits = Limits {
            limit: Some(3000),
            ..Limits::default()
        };
        traces.push((
            t.header(),
            Stream::new(t.clone(), limits).collect(),
            JsonLines::new(t, limits).collect(),
        ));
    }
    for (header, events, lines) in traces {
        let read = read_header(&lines[0]).unwrap();
        assert_eq!(
            read,
            ReadHeader {
                version: 2,
                header: header.clone()
            }
        );
        let back: Vec<(u64, Event)> = lines[1..]
            .iter()
            .map(|l| {
                let r = read_event(l, read.version).unwrap();
                (r.step, r.event)
            })
            .collect();
        assert_eq!(back, events, "{header:?}");
    }
}

/// A trace of version 1 (no `line`) still reads; a version not known is
/// refused with a message that names it.
#[test]
fn version_1_reads_and_unknown_versions_are_refused_by_name() {
    let v1 = [
        r#"{"hetman_trace":1,"problem":"queens","n":4,"algorithm":"backtracking"}"#,
        r#"{"step":1,"event":"call","file":0,"depth":0}"#,
        r#"{"step":2,"event":"try","file":0,"rank":0,"square":"a1"}"#,
    ];
    let h = read_header(v1[0]).unwrap();
    assert_eq!(h.version, 1);
    let e = read_event(v1[2], h.version).unwrap();
    assert_eq!(e.line, None);
    assert_eq!(
        e.event,
        Event::Try {
            file: 0,
            rank: 0,
            square: Square::new(0, 0)
        }
    );
    for (line, word) in [
        (
            r#"{"hetman_trace":3,"problem":"queens","n":4,"algorithm":"backtracking"}"#,
            "schema version 3 is newer",
        ),
        (
            r#"{"hetman_trace":0,"problem":"queens","n":4,"algorithm":"backtracking"}"#,
            "schema version 0 is not known",
        ),
        (
            r#"{"hetman_trace":"2","problem":"queens"}"#,
            "must be a version number",
        ),
        (r#"{"problem":"queens"}"#, "not a hetman trace"),
        ("hello", "not a JSON object"),
    ] {
        let err = read_header(line).unwrap_err().to_string();
        assert!(err.contains(word), "{line}: {err}");
        assert!(
            err.contains("reads versions 1 and 2") || !word.contains("version"),
            "{err}"
        );
    }
    assert!(read_event(v1[1], 2)
        .unwrap_err()
        .to_string()
        .contains("names its code line"));
}

fn brute_and_permutation_counters(n: usize) -> (Counters, Counters) {
    let mut brute = QueensTrace::new(n, QueensAlgorithm::Brute).unwrap();
    let mut perms = QueensTrace::new(n, QueensAlgorithm::Permutations).unwrap();
    let (mut b, mut p) = (
        QueensAlgorithm::Brute.counters(),
        QueensAlgorithm::Permutations.counters(),
    );
    let all_pairs = (n * (n - 1) / 2) as u32;
    let mut placement = Vec::new();
    for e in brute.by_ref() {
        match &e {
            Event::Placement { ranks } => placement.clone_from(ranks),
            Event::Score { pairs, of } => assert!(*of == all_pairs && *pairs <= all_pairs),
            Event::Solution { ranks, .. } => {
                assert_eq!(ranks, &placement);
                let p = hetman::queens::Placement::from_ranks(ranks.clone()).unwrap();
                assert!(hetman::queens::check(&p).is_solution());
            }
            other => panic!("brute force gave {other:?}"),
        }
        b.record(&e);
    }
    for e in perms.by_ref() {
        if let Event::Permutation { ranks, clash } = &e {
            let mut sorted = ranks.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n as u32).collect::<Vec<_>>());
            if let Some([i, j]) = clash {
                let (i, j) = (*i as usize, *j as usize);
                assert_eq!(ranks[i].abs_diff(ranks[j]) as usize, j - i);
            }
        }
        p.record(&e);
    }
    assert_eq!(b, brute.counters());
    assert_eq!(p, perms.counters());
    (b, p)
}

/// What a search of `queens compare` reports for N = `n`: its work and its solutions.
fn work_and_solutions(
    search: fn(usize, &mut hetman::queens::search::Visitor<'_>) -> u64,
    n: usize,
) -> (u64, u64) {
    let mut solutions = 0;
    let work = search(n, &mut |_| {
        solutions += 1;
        ControlFlow::Continue(())
    });
    (work, solutions)
}

/// The brute force and permutation traces give the seeds' figures and those
/// of the searches `queens compare` runs: 16,777,216 placements scored with
/// 92 scoring all 28 pairs, 40,320 permutations, for N = 8.
#[test]
fn brute_force_and_permutation_traces_agree_with_compare() {
    let top = if cfg!(debug_assertions) { 6 } else { 8 };
    for n in 1..=top {
        let (b, p) = brute_and_permutation_counters(n);
        let (work, solutions) = work_and_solutions(brute_force::search, n);
        let scored = Counters::Brute(BruteCounters {
            placements_scored: work,
            solutions,
        });
        assert_eq!(b, scored, "N = {n}");
        let (work, solutions) = work_and_solutions(permutations::search, n);
        let tried = Counters::Permutations(PermutationCounters {
            permutations_tried: work,
            solutions,
        });
        assert_eq!(p, tried, "N = {n}");
        if n == 8 {
            assert_eq!(work, 40_320);
            assert_eq!(solutions, 92);
            assert_eq!(
                b.pairs(),
                vec![("placements_scored", 16_777_216), ("solutions", 92)]
            );
        }
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

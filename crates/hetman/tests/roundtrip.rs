//! Every format the library both writes and reads, round-tripped: write → read → the same value.
//!
//! Placements (code, compact code, algebraic squares, drawn board), squares (algebraic,
//! numeric, JSON), board sizes, knight's tours (move list, board of move numbers), trace
//! events and headers (JSON Lines) and checkpoint records. The fuzz targets in `fuzz/`
//! check the same laws starting from arbitrary text.

use hetman::jobs::checkpoint::Checkpoint;
use hetman::knight::{find, FindOptions, KnightBoard, Tour};
use hetman::queens::Placement;
use hetman::render::text;
use hetman::trace::{
    event_json, header_json, Candidate, Counters, Event, Header, KnightCounters, KnightOrder,
    KnightTrace, Line, QueensAlgorithm, QueensCounters, QueensTrace,
};
use hetman::{board::MAX_SIDE, BoardSize, Square};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn any_square() -> impl Strategy<Value = Square> {
    prop_oneof![
        (0u32..64, 0u32..64).prop_map(|(f, r)| Square::new(f, r)),
        (any::<u32>(), any::<u32>()).prop_map(|(f, r)| Square::new(f, r.min(u32::MAX - 1))),
    ]
}

/// Ranks of a placement: N from 1 to 40 (past file q), each rank below N.
fn any_ranks() -> impl Strategy<Value = Vec<u32>> {
    (1usize..=40).prop_flat_map(|n| proptest::collection::vec(0..n as u32, n))
}

fn size(w: u32, h: u32) -> BoardSize {
    BoardSize::new(w, h).unwrap()
}

proptest! {
    #[test]
    fn squares_round_trip(sq in any_square()) {
        let printed = sq.to_string();
        prop_assert_eq!(printed.parse::<Square>().ok(), Some(sq), "{}", printed);
        let numeric = format!("{},{}", u64::from(sq.file()) + 1, u64::from(sq.rank()) + 1);
        prop_assert_eq!(numeric.parse::<Square>().ok(), Some(sq));
        let json = serde_json::to_string(&sq).unwrap();
        prop_assert_eq!(serde_json::from_str::<Square>(&json).ok(), Some(sq));
    }

    #[test]
    fn board_sizes_round_trip(w in 1..=MAX_SIDE, h in 1..=MAX_SIDE) {
        let s = size(w, h);
        prop_assert_eq!(s.to_string().parse::<BoardSize>().ok(), Some(s));
        prop_assert_eq!(format!("{w}X{h}").parse::<BoardSize>().ok(), Some(s));
    }

    #[test]
    fn placements_round_trip(ranks in any_ranks()) {
        let p = Placement::from_ranks(ranks).unwrap();
        let back = |s: &str| s.parse::<Placement>().map_err(|e| format!("{s:?}: {e}"));
        prop_assert_eq!(back(&p.to_code()), Ok(p.clone()));
        prop_assert_eq!(back(&p.to_algebraic()), Ok(p.clone()));
        prop_assert_eq!(back(&text::queens(&p)), Ok(p.clone()));
        if let Some(c) = p.to_compact() {
            prop_assert_eq!(back(&c), Ok(p.clone()));
        }
        // Squares in any order name the same placement.
        let mut squares: Vec<String> = p.squares().map(|s| s.to_string()).collect();
        squares.reverse();
        prop_assert_eq!(back(&squares.join(", ")), Ok(p.clone()));
    }

    #[test]
    fn move_lists_round_trip(
        (w, h, path) in (1u32..=40, 1u32..=40).prop_flat_map(|(w, h)| {
            (Just(w), Just(h), proptest::collection::vec((0..w, 0..h), 1..60))
        })
    ) {
        let s = size(w, h);
        let squares: Vec<Square> = path.iter().map(|&(f, r)| Square::new(f, r)).collect();
        let t = Tour::from_squares(s, &squares).unwrap();
        let moves = t.to_moves();
        prop_assert_eq!(Tour::from_moves(s, &moves).ok(), Some(t.clone()));
        let (back, blocked) = Tour::parse(&moves, Some(s)).unwrap();
        prop_assert_eq!(back, t.clone());
        prop_assert!(blocked.is_empty());
        prop_assert_eq!(t.squares().collect::<Vec<_>>(), squares);
    }

    #[test]
    fn tour_boards_round_trip(w in 1u32..=12, h in 1u32..=12, start in (0u32..12, 0u32..12), block in 0u32..144) {
        let s = size(w, h);
        let start = Square::new(start.0 % w, start.1 % h);
        // At most one blocked square, not the start.
        let blocked: Vec<Square> = Some(Square::new(block % w, (block / w) % h))
            .filter(|&b| b != start && w * h > 2)
            .into_iter()
            .collect();
        let board = KnightBoard::with_blocked(s, &blocked).unwrap();
        let opts = FindOptions { max_nodes: Some(200_000), ..Default::default() };
        let Ok(found) = find(&board, start, &opts) else { return Ok(()) };
        let Some(t) = found.tour else { return Ok(()) };
        prop_assert_eq!(t.verify(&board, false), Ok(()));
        let drawn = t.to_board(&board);
        for given in [None, Some(s)] {
            let (back, b) = Tour::parse(&drawn, given).unwrap();
            prop_assert_eq!(&back, &t, "{}", drawn);
            prop_assert_eq!(&b, &blocked);
        }
        let (back, _) = Tour::parse(&t.to_moves(), Some(s)).unwrap();
        prop_assert_eq!(back, t);
    }

    #[test]
    fn events_round_trip(e in any_event(), step in any::<u64>()) {
        let line = event_json(step, &e, "test.call");
        prop_assert_eq!(serde_json::from_str::<Event>(&line).ok(), Some(e), "{}", line);
    }

    #[test]
    fn knight_headers_round_trip(
        width in 1u32..100, height in 1u32..100, start in any_square(), closed in any::<bool>(),
        warnsdorff in any::<bool>(), blocked in proptest::collection::vec(any_square(), 0..5),
    ) {
        let order = if warnsdorff { KnightOrder::Warnsdorff } else { KnightOrder::Plain };
        let h = Header::Knight { width, height, start, order, closed, blocked };
        let line = header_json(&h);
        prop_assert_eq!(serde_json::from_str::<Header>(&line).ok(), Some(h));
    }

    #[test]
    fn checkpoint_records_round_trip(
        records in proptest::collection::btree_map(any::<u64>(), proptest::collection::vec(any::<u64>(), 0..5), 0..20),
        case in any::<u64>(),
    ) {
        let dir = std::env::temp_dir().join(format!("hetman-roundtrip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{case}.ckpt"));
        let _ = std::fs::remove_file(&path);
        let header = "hetman-roundtrip n=8 split=x";
        let mut c = Checkpoint::open(&path, header).unwrap();
        for (&k, v) in &records {
            c.record(k, v).unwrap();
        }
        c.sync().unwrap();
        drop(c);
        let c = Checkpoint::open(&path, header).unwrap();
        let back: BTreeMap<u64, Vec<u64>> = c.records().map(|(k, v)| (k, v.to_vec())).collect();
        std::fs::remove_file(&path).unwrap();
        prop_assert_eq!(back, records);
    }
}

fn any_event() -> impl Strategy<Value = Event> {
    let u = any::<u32>;
    let lines = proptest::sample::subsequence(vec![Line::Row, Line::Up, Line::Down], 0..=3);
    let candidates = proptest::collection::vec(
        (any_square(), any::<u8>()).prop_map(|(square, degree)| Candidate { square, degree }),
        0..8,
    );
    let queens_counters = any::<[u64; 6]>().prop_map(|c| {
        Counters::Queens(QueensCounters {
            calls: c[0],
            tries: c[1],
            refusals: c[2],
            placements: c[3],
            backtracks: c[4],
            solutions: c[5],
        })
    });
    let knight_counters = any::<[u64; 5]>().prop_map(|c| {
        Counters::Knight(KnightCounters {
            moves: c[0],
            dead_ends: c[1],
            prunes: c[2],
            backtracks: c[3],
            tours: c[4],
        })
    });
    prop_oneof![
        (
            u(),
            u(),
            proptest::option::of(proptest::collection::vec(u(), 0..8))
        )
            .prop_map(|(file, depth, free)| Event::Call { file, depth, free }),
        (u(), u(), any_square()).prop_map(|(file, rank, square)| Event::Try { file, rank, square }),
        (u(), u(), any_square(), lines).prop_map(|(file, rank, square, lines)| Event::Refuse {
            file,
            rank,
            square,
            lines
        }),
        (u(), u(), any_square(), u()).prop_map(|(file, rank, square, depth)| Event::Put {
            file,
            rank,
            square,
            depth
        }),
        (u(), u(), any_square(), u()).prop_map(|(file, rank, square, depth)| Event::Remove {
            file,
            rank,
            square,
            depth
        }),
        (any::<u64>(), proptest::collection::vec(u(), 0..12), ".*").prop_map(
            |(number, ranks, code)| Event::Solution {
                number,
                ranks,
                code
            }
        ),
        (any_square(), u(), proptest::option::of(any_square())).prop_map(
            |(square, number, from)| Event::Move {
                square,
                number,
                from
            }
        ),
        (any_square(), candidates)
            .prop_map(|(square, options)| Event::Candidates { square, options }),
        (any_square(), u()).prop_map(|(square, number)| Event::DeadEnd { square, number }),
        (any_square(), u(), ".*").prop_map(|(square, number, reason)| Event::Prune {
            square,
            number,
            reason
        }),
        (any_square(), u()).prop_map(|(square, number)| Event::Back { square, number }),
        (any::<u64>(), proptest::collection::vec(any_square(), 0..12))
            .prop_map(|(number, path)| Event::Tour { number, path }),
        (any::<bool>(), prop_oneof![queens_counters, knight_counters])
            .prop_map(|(complete, counters)| Event::End { complete, counters }),
    ]
}

/// Every event and header of real traces reads back from its JSON line.
#[test]
fn traced_events_round_trip() {
    let check = |header: Header, events: &mut dyn Iterator<Item = Event>| {
        let line = header_json(&header);
        assert_eq!(serde_json::from_str::<Header>(&line).unwrap(), header);
        for (k, e) in events.take(5_000).enumerate() {
            let line = event_json(k as u64 + 1, &e, "test.call");
            assert_eq!(serde_json::from_str::<Event>(&line).unwrap(), e, "{line}");
        }
    };
    for n in 1..=7 {
        for algorithm in [QueensAlgorithm::Backtracking, QueensAlgorithm::Bitboard] {
            let mut t = QueensTrace::new(n, algorithm).unwrap();
            let header = hetman::trace::Trace::header(&t);
            check(header, &mut t);
        }
    }
    for (w, h) in [(3, 4), (5, 5), (6, 6)] {
        let board = KnightBoard::new(size(w, h)).unwrap();
        for order in [KnightOrder::Plain, KnightOrder::Warnsdorff] {
            for closed in [false, true] {
                let mut t = KnightTrace::new(&board, Square::new(0, 0), order, closed).unwrap();
                let header = hetman::trace::Trace::header(&t);
                check(header, &mut t);
            }
        }
    }
}

//! The code listings against the real searches: every line an event names is
//! in both dialects of its algorithm, once and in the same order, and the
//! listings are stepped side by side with the searches (queens N = 1..8,
//! knight 5×5 from a5): the lines follow one another as the listing's control
//! flow allows, and the listing's own arrays, run by hand from the events,
//! give what the events say.

use hetman::knight::{KnightBoard, KNIGHT_MOVES};
use hetman::trace::code::{ids, line_id, listing, position, Algorithm, Dialect};
use hetman::trace::{
    Event, KnightOrder, KnightTrace, Limits, QueensAlgorithm, QueensTrace, Stream,
};
use hetman::{BoardSize, Square};
use std::collections::{HashMap, HashSet};

const START: &str = "start";

/// Which line may follow which, as each listing's control flow shows it.
fn successors(algorithm: Algorithm) -> HashMap<&'static str, Vec<&'static str>> {
    let table: &[(&str, &[&str])] = match algorithm {
        Algorithm::Queens(QueensAlgorithm::Backtracking) => &[
            (START, &["test.call"]),
            // test(c) starts its loop at r = 1.
            ("test.call", &["test.try"]),
            // possible(r, c) says yes (put) or no (refused).
            ("test.try", &["test.possible", "test.put"]),
            // Refused: the next r, or the loop is over and test(c) returns
            // into its caller's remove (or to the main program).
            ("test.possible", &["test.try", "test.remove", "main.end"]),
            ("test.put", &["test.call", "test.solution"]),
            ("test.solution", &["test.remove"]),
            ("test.remove", &["test.try", "test.remove", "main.end"]),
        ],
        Algorithm::Queens(QueensAlgorithm::Bitboard) => &[
            (START, &["test.call"]),
            // An empty free set returns at once.
            ("test.call", &["test.put", "test.remove", "main.end"]),
            ("test.put", &["test.call", "test.solution"]),
            ("test.solution", &["test.remove"]),
            ("test.remove", &["test.put", "test.remove", "main.end"]),
        ],
        Algorithm::Queens(QueensAlgorithm::Brute) => &[
            (START, &["brute.place"]),
            ("brute.place", &["brute.score"]),
            (
                "brute.score",
                &["brute.place", "brute.solution", "main.end"],
            ),
            ("brute.solution", &["brute.place", "main.end"]),
        ],
        Algorithm::Queens(QueensAlgorithm::Permutations) => &[
            (START, &["perm.try"]),
            ("perm.try", &["perm.try", "perm.solution", "main.end"]),
            ("perm.solution", &["perm.try", "main.end"]),
        ],
        Algorithm::Knight(KnightOrder::Plain) => &[
            (START, &["try.move"]),
            // Numbered: a tour, a move on, or no move at all.
            ("try.move", &["try.move", "try.tour", "try.dead_end"]),
            ("try.tour", &["try.back"]),
            ("try.dead_end", &["try.back"]),
            // Back in the caller's loop: its next move, or its own end.
            ("try.back", &["try.move", "try.back", "main.end"]),
        ],
        Algorithm::Knight(KnightOrder::Warnsdorff) => &[
            (START, &["try.move"]),
            (
                "try.move",
                &["try.tour", "try.prune", "try.candidates", "try.dead_end"],
            ),
            ("try.prune", &["try.back"]),
            ("try.candidates", &["try.move", "try.dead_end"]),
            ("try.tour", &["try.back"]),
            ("try.dead_end", &["try.back"]),
            ("try.back", &["try.move", "try.back", "main.end"]),
        ],
    };
    table.iter().map(|(a, b)| (*a, b.to_vec())).collect()
}

/// Words each line's text must hold, pseudocode and C: the line is the code
/// the event stands for.
fn words(id: &str) -> (&'static str, &'static str) {
    match id {
        "test.call" => ("procedure test(c", "void test(int c"),
        "test.try" => ("for r := 1 to N", "for (r = 1; r <= N; r++)"),
        "test.possible" => ("possible(r, c)", "row[r] && up[r + c] && down[r - c + N]"),
        "test.put" => ("put(r, c)", "put(r, c);"),
        "test.solution" => ("print the code", "print_code()"),
        "test.remove" => ("remove(r, c)", "remove(r, c);"),
        "brute.place" => ("for q[N] := 1 to N", "for (q[N] = 1; q[N] <= N; q[N]++)"),
        "brute.score" => ("if pairs = N(N - 1)/2", "if (pairs == N * (N - 1) / 2)"),
        "brute.solution" => ("print q", "print(q)"),
        "perm.try" => ("|q[i] - q[j]| = j - i", "diagonals_free(q)"),
        "perm.solution" => ("print q", "print(q)"),
        "try.move" => ("procedure try(i, s)", "void try(int i"),
        "try.tour" => ("print the board", "print_board()"),
        "try.dead_end" => ("dead end", "dead_ends++"),
        "try.back" => ("board[s] := 0", "= 0;"),
        "try.prune" => ("give this move up", "cut off"),
        "try.candidates" => ("fewest onward moves first", "fewest onward moves first"),
        "main.end" => ("print the number of", "printf("),
        other => panic!("no words for {other}"),
    }
}

#[test]
fn every_id_is_in_both_dialects_once_in_the_same_order() {
    for algorithm in Algorithm::ALL {
        let wanted = ids(algorithm);
        let table = successors(algorithm);
        let mut in_table: Vec<&str> = table.keys().copied().filter(|k| *k != START).collect();
        in_table.sort_unstable();
        let mut sorted = wanted.to_vec();
        sorted.sort_unstable();
        sorted.retain(|id| *id != "main.end");
        assert_eq!(in_table, sorted, "{algorithm:?}: the table and the ids");
        for dialect in Dialect::ALL {
            let lines = listing(algorithm, dialect);
            let named: Vec<&str> = lines.iter().filter_map(|l| l.id).collect();
            assert_eq!(named, wanted, "{algorithm:?} {dialect:?}: ids in order");
            for id in wanted {
                let text = lines[position(lines, id).unwrap()].text;
                let (pseudo, c) = words(id);
                let w = if dialect == Dialect::C { c } else { pseudo };
                if !(algorithm == Algorithm::Queens(QueensAlgorithm::Bitboard)
                    && id.starts_with("test."))
                {
                    assert!(
                        text.contains(w),
                        "{algorithm:?} {dialect:?} {id}: '{text}' lacks '{w}'"
                    );
                }
            }
        }
    }
}

/// Steps the listing of `algorithm` beside `events`: each line is in both
/// dialects and follows the one before as the table allows; gives the lines
/// reached.
fn step_listing(
    algorithm: Algorithm,
    events: impl Iterator<Item = (u64, Event)>,
    mut run: impl FnMut(u64, &Event),
) -> HashSet<&'static str> {
    let table = successors(algorithm);
    let mut previous = START;
    let mut seen = HashSet::new();
    let mut complete = false;
    for (step, e) in events {
        run(step, &e);
        if let Event::End { complete: c, .. } = e {
            complete = c;
            if !c {
                break;
            }
        }
        let id = line_id(algorithm, &e);
        for d in Dialect::ALL {
            assert!(
                position(listing(algorithm, d), id).is_some(),
                "{algorithm:?} {d:?}: step {step} names {id}, not in the listing"
            );
        }
        assert!(
            table[previous].contains(&id),
            "{algorithm:?}: step {step}: {id} cannot follow {previous} ({e:?})"
        );
        seen.insert(id);
        previous = id;
    }
    if complete {
        assert_eq!(previous, "main.end");
    }
    seen
}

fn assert_all_reached(algorithm: Algorithm, seen: &HashSet<&str>) {
    for id in ids(algorithm) {
        assert!(seen.contains(id), "{algorithm:?}: {id} is never reached");
    }
}

/// The seeds' arrays run by hand from the events, as the listing writes them
/// (1-based r and c): `possible` refuses exactly where the events refuse, for
/// the arrays the events name.
fn backtracking_listing(n: usize) -> impl FnMut(u64, &Event) {
    let n = n as i64;
    let mut row = vec![true; n as usize + 1];
    let mut up = vec![true; 2 * n as usize + 1];
    let mut down = vec![true; 2 * n as usize + 1];
    let mut c_now = 0;
    move |step, e| {
        let rc = |file: u32, rank: u32| (i64::from(rank) + 1, i64::from(file) + 1);
        match e {
            Event::Call { file, .. } => c_now = i64::from(*file) + 1,
            Event::Try { file, .. } => assert_eq!(i64::from(*file) + 1, c_now, "step {step}"),
            Event::Refuse {
                file, rank, lines, ..
            } => {
                let (r, c) = rc(*file, *rank);
                let named: Vec<&str> = lines.iter().map(|l| l.name()).collect();
                let mut mine = Vec::new();
                if !row[r as usize] {
                    mine.push("row");
                }
                if !up[(r + c) as usize] {
                    mine.push("up");
                }
                if !down[(r - c + n) as usize] {
                    mine.push("down");
                }
                assert_eq!(named, mine, "step {step}");
                assert!(!mine.is_empty());
            }
            Event::Put { file, rank, .. } => {
                let (r, c) = rc(*file, *rank);
                assert!(row[r as usize] && up[(r + c) as usize] && down[(r - c + n) as usize]);
                row[r as usize] = false;
                up[(r + c) as usize] = false;
                down[(r - c + n) as usize] = false;
            }
            Event::Remove { file, rank, .. } => {
                let (r, c) = rc(*file, *rank);
                row[r as usize] = true;
                up[(r + c) as usize] = true;
                down[(r - c + n) as usize] = true;
                c_now = c;
            }
            Event::End { .. } => {
                assert!(row.iter().all(|&x| x) && up.iter().all(|&x| x) && down.iter().all(|&x| x));
            }
            _ => {}
        }
    }
}

/// The brute force's score line run by hand; the permutations' check in the
/// listing's order of pairs.
fn counting_listings() -> impl FnMut(u64, &Event) {
    let mut q: Vec<u32> = Vec::new();
    move |step, e| match e {
        Event::Placement { ranks } => q.clone_from(ranks),
        Event::Score { pairs, .. } => {
            let mut mine = 0;
            for i in 0..q.len() {
                for j in i + 1..q.len() {
                    if q[i] != q[j] && q[i].abs_diff(q[j]) as usize != j - i {
                        mine += 1;
                    }
                }
            }
            assert_eq!(*pairs, mine, "step {step}");
        }
        Event::Permutation { ranks, clash } => {
            let mut first = None;
            'pairs: for i in 0..ranks.len() {
                for j in i + 1..ranks.len() {
                    if ranks[i].abs_diff(ranks[j]) as usize == j - i {
                        first = Some([i as u32, j as u32]);
                        break 'pairs;
                    }
                }
            }
            assert_eq!(*clash, first, "step {step}");
        }
        _ => {}
    }
}

#[test]
fn queens_listings_step_beside_the_searches_for_n_1_to_8() {
    let brute_top = if cfg!(debug_assertions) { 5 } else { 7 };
    for algorithm in QueensAlgorithm::ALL {
        let mut seen = HashSet::new();
        for n in 1..=8 {
            if algorithm == QueensAlgorithm::Brute && n > brute_top {
                continue;
            }
            let t = QueensTrace::new(n, algorithm).unwrap();
            let events = Stream::new(t, Limits::default());
            let a = Algorithm::Queens(algorithm);
            seen.extend(match algorithm {
                QueensAlgorithm::Backtracking => step_listing(a, events, backtracking_listing(n)),
                QueensAlgorithm::Brute | QueensAlgorithm::Permutations => {
                    step_listing(a, events, counting_listings())
                }
                _ => step_listing(a, events, |_, _| {}),
            });
        }
        assert_all_reached(Algorithm::Queens(algorithm), &seen);
    }
}

/// The knight's board of move numbers run by hand as the listing writes it:
/// `board[s] := i` on entry, 0 on the way back, a dead end only where no free
/// square is a knight's move away.
fn knight_listing(board: &KnightBoard) -> impl FnMut(u64, &Event) + '_ {
    let (w, h) = (board.width() as i32, board.height() as i32);
    let mut numbers: HashMap<Square, u32> = HashMap::new();
    let mut path: Vec<Square> = Vec::new();
    let free = move |numbers: &HashMap<Square, u32>, s: Square| {
        KNIGHT_MOVES.iter().any(|(dx, dy)| {
            let (x, y) = (s.file() as i32 + dx, s.rank() as i32 + dy);
            (0..w).contains(&x)
                && (0..h).contains(&y)
                && !numbers.contains_key(&Square::new(x as u32, y as u32))
        })
    };
    move |step, e| match e {
        Event::Move { square, number, .. } => {
            assert!(!numbers.contains_key(square), "step {step}");
            assert_eq!(*number as usize, path.len() + 1, "step {step}");
            numbers.insert(*square, *number);
            path.push(*square);
        }
        Event::Back { square, number } => {
            assert_eq!(numbers.remove(square), Some(*number), "step {step}");
            assert_eq!(path.pop(), Some(*square));
        }
        Event::DeadEnd { square, .. } => {
            assert_eq!(path.last(), Some(square));
            assert!(
                !free(&numbers, *square),
                "step {step}: a free square was left"
            );
        }
        Event::Tour { path: p, .. } => {
            assert_eq!(p, &path);
            assert_eq!(numbers.len() as u64, board.free_squares());
        }
        Event::End { complete: true, .. } => assert!(numbers.is_empty()),
        _ => {}
    }
}

#[test]
fn knight_listings_step_beside_the_search_on_5x5_from_a5() {
    let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    let limit = if cfg!(debug_assertions) {
        Some(200_000)
    } else {
        None
    };
    for order in [KnightOrder::Plain, KnightOrder::Warnsdorff] {
        let t = KnightTrace::new(&board, "a5".parse().unwrap(), order, false).unwrap();
        let events = Stream::new(
            t,
            Limits {
                limit,
                ..Limits::default()
            },
        );
        let seen = step_listing(Algorithm::Knight(order), events, knight_listing(&board));
        if limit.is_none() {
            assert_all_reached(Algorithm::Knight(order), &seen);
        }
    }
}

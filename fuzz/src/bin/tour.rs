//! Knight's tours from text: move lists and boards of move numbers
//! (`Tour::parse`, `Tour::from_moves`). An optional first line `@WxH` gives
//! the board size. An accepted tour lies on its board; its move list reads
//! back to the same tour; and when it verifies as a tour of its board, the
//! board of move numbers it draws reads back to the same tour and blocked
//! squares.

use hetman::knight::{KnightBoard, Tour};
use hetman::{BoardSize, Square};

/// Boards up to this many squares are drawn and verified (both take memory
/// for every square, and a move list may name a board of 10^9 squares).
const DRAW_MAX: u64 = 1 << 14;

fn sorted(mut v: Vec<Square>) -> Vec<Square> {
    v.sort_unstable();
    v.dedup();
    v
}

fn check(s: &str) {
    let (size, text) = match s.strip_prefix('@').and_then(|r| r.split_once('\n')) {
        Some((first, rest)) => match first.parse::<BoardSize>() {
            Ok(size) => (Some(size), rest),
            Err(_) => return,
        },
        None => (None, s),
    };
    let Ok((tour, blocked)) = Tour::parse(text, size) else {
        return;
    };
    let bsize = tour.size();
    if let Some(given) = size {
        assert_eq!(bsize, given);
    }
    assert!(tour.squares().all(|sq| bsize.contains(sq)));
    assert!(blocked.iter().all(|&sq| bsize.contains(sq)));
    if !tour.is_empty() {
        let moves = tour.to_moves();
        let (again, none) = Tour::parse(&moves, Some(bsize))
            .unwrap_or_else(|e| panic!("{moves:?} does not read back: {e}"));
        assert_eq!(again, tour);
        assert!(none.is_empty());
        assert_eq!(Tour::from_moves(bsize, &moves).ok(), Some(tour.clone()));
    }
    if bsize.squares() > DRAW_MAX {
        return;
    }
    let board =
        KnightBoard::with_blocked(bsize, &blocked).expect("blocked squares are on the board");
    if tour.verify(&board, false).is_ok() {
        let drawn = tour.to_board(&board);
        for given in [None, Some(bsize)] {
            let (again, b2) = Tour::parse(&drawn, given)
                .unwrap_or_else(|e| panic!("{drawn:?} does not read back: {e}"));
            assert_eq!(again, tour);
            assert_eq!(sorted(b2), sorted(blocked.clone()));
        }
        assert!(tour.reversed().verify(&board, false).is_ok());
    }
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}

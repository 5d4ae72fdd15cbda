//! `hetman::Square` from text (`c7`, `aa3`, `27,3`) and file names. An
//! accepted square prints and reads back equal, and lies on a board exactly
//! when `BoardSize::parse_square` accepts it there.

use hetman::board::{file_name, parse_file_name};
use hetman::{BoardSize, Square};

fn check(s: &str) {
    if let Some(f) = parse_file_name(s) {
        assert_eq!(parse_file_name(&file_name(f)), Some(f));
    }
    let Ok(sq) = s.parse::<Square>() else {
        return;
    };
    let printed = sq.to_string();
    assert_eq!(
        printed.parse::<Square>().map_err(|e| e.to_string()),
        Ok(sq),
        "{s:?} printed as {printed:?}"
    );
    let numeric = format!("{},{}", u64::from(sq.file()) + 1, u64::from(sq.rank()) + 1);
    assert_eq!(numeric.parse::<Square>().ok(), Some(sq));
    let json = serde_json::to_string(&sq).expect("a square serialises");
    assert_eq!(serde_json::from_str::<Square>(&json).ok(), Some(sq));
    for size in [
        BoardSize::square(8).unwrap(),
        BoardSize::new(30, 5).unwrap(),
    ] {
        assert_eq!(size.parse_square(s).is_ok(), size.contains(sq));
    }
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}

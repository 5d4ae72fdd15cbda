//! `hetman::BoardSize` from text (`8`, `5x6`). An accepted size is in range,
//! prints and reads back equal, and `new` agrees with it.

use hetman::board::MAX_SIDE;
use hetman::BoardSize;

fn check(s: &str) {
    let Ok(size) = s.parse::<BoardSize>() else {
        return;
    };
    assert!((1..=MAX_SIDE).contains(&size.width()));
    assert!((1..=MAX_SIDE).contains(&size.height()));
    assert_eq!(size.to_string().parse::<BoardSize>().ok(), Some(size));
    assert_eq!(BoardSize::new(size.width(), size.height()).ok(), Some(size));
    assert_eq!(
        size.squares(),
        u64::from(size.width()) * u64::from(size.height())
    );
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}

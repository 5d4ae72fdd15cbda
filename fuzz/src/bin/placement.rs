//! `hetman::queens::Placement` from text: codes, compact codes, algebraic
//! squares and drawn boards. An accepted placement prints (code, compact code,
//! squares, drawn board) and reads back equal; its symmetries agree.

use hetman::queens::Placement;
use hetman::Symmetry;

fn check(s: &str) {
    let Ok(p) = s.parse::<Placement>() else {
        return;
    };
    let n = p.n();
    assert!(n >= 1);
    assert!(p.ranks().iter().all(|&r| (r as usize) < n));
    let back = |t: &str| {
        t.parse::<Placement>()
            .unwrap_or_else(|e| panic!("{t:?}: {e}"))
    };
    assert_eq!(back(&p.to_code()), p);
    assert_eq!(back(&p.to_algebraic()), p);
    if let Some(c) = p.to_compact() {
        assert_eq!(back(&c), p);
    }
    if n <= 64 {
        assert_eq!(back(&hetman::render::text::queens(&p)), p);
        if p.is_permutation() {
            let canon = p.canonical().expect("a permutation has a canonical form");
            let class = p.class_size().expect("a permutation has a class");
            assert!(matches!(class, 1 | 2 | 4 | 8));
            for sym in Symmetry::ALL {
                let img = p.image(sym).expect("a permutation has every image");
                assert_eq!(img.canonical().unwrap(), canon);
                assert_eq!(img.is_solution(), p.is_solution());
            }
        }
    }
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}

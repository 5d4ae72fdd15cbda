//! Pictures: SVG documents parse (usvg) and show what they should; text and
//! SVG output of small boards pinned by snapshots, with and without colour.

use hetman::queens::{check, Placement};
use hetman::render::svg::{self, TourPicture};
use hetman::render::text;
use hetman::Square;

/// The seed's 5×5 tour from a5, rows from the top (004 in the seeds).
const SEED_TOUR: &str = "1 20 17 12 3 / 16 11 2 7 18 / 21 24 19 4 13 / 10 15 6 23 8 / 25 22 9 14 5";

/// The squares of the seed tour in visiting order.
fn seed_tour() -> Vec<Square> {
    let mut numbered = Vec::new();
    for (i, row) in SEED_TOUR.split('/').enumerate() {
        for (f, v) in row.split_whitespace().enumerate() {
            let rank = 4 - i as u32;
            numbered.push((v.parse::<usize>().unwrap(), Square::new(f as u32, rank)));
        }
    }
    numbered.sort();
    assert!(numbered.iter().enumerate().all(|(i, (v, _))| *v == i + 1));
    numbered.into_iter().map(|(_, s)| s).collect()
}

fn is_knight_move(a: Square, b: Square) -> bool {
    let df = a.file().abs_diff(b.file());
    let dr = a.rank().abs_diff(b.rank());
    (df, dr) == (1, 2) || (df, dr) == (2, 1)
}

/// Parses an SVG document as resvg would and returns its size.
fn parse(svg: &str) -> (f32, f32) {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .unwrap_or_else(|e| panic!("invalid SVG: {e}\n{}", &svg[..svg.len().min(500)]));
    (tree.size().width(), tree.size().height())
}

#[test]
fn queens_svg_parses_and_has_one_queen_per_file() {
    for code in ["5 8 4 1 7 2 6 3", "1", "2 4 1 3", "1 3 5 2 4"] {
        let p: Placement = code.parse().unwrap();
        let s = svg::queens(&p, &[]);
        let (w, h) = parse(&s);
        assert!(w > 0.0 && h > 0.0);
        assert_eq!(s.matches("xlink:href=\"#queen\"").count(), p.n(), "{code}");
        assert!(!s.contains("<line"), "a solution has no attack lines");
    }
}

#[test]
fn a_failing_placement_shows_its_attacks_in_red() {
    // The Russian seed's example with 25 of 28: three attacking pairs.
    let p: Placement = "2 4 6 8 1 3 5 7".parse().unwrap();
    let r = check(&p);
    let s = svg::queens(&p, &r.attacks);
    parse(&s);
    assert_eq!(s.matches("<line").count(), 3);
    assert_eq!(s.matches("#queen\" ").count(), 8);
    // a2 and h7 attack no one: black; the other six red.
    assert_eq!(s.matches("fill=\"#d62828\"/>").count(), 6);
    assert_eq!(s.matches("fill=\"#1b1b1b\"/>").count(), 2);
}

#[test]
fn labels_go_past_z() {
    let code: Vec<String> = (1..=30).map(|r| r.to_string()).collect();
    let p: Placement = code.join(" ").parse().unwrap();
    let s = svg::queens(&p, &[]);
    parse(&s);
    for label in [">a<", ">z<", ">aa<", ">ad<", ">30<"] {
        assert!(s.contains(label), "{label}");
    }
}

#[test]
fn sheets_caption_every_board() {
    let p: Placement = "3 5 2 8 1 7 4 6".parse().unwrap();
    let boards: Vec<(String, Placement)> = hetman::Symmetry::ALL
        .iter()
        .map(|&s| {
            (
                format!("{}\n{}", s.name(), p.image(s).unwrap()),
                p.image(s).unwrap(),
            )
        })
        .collect();
    let s = svg::queens_sheet(&boards, 4);
    let (w, h) = parse(&s);
    assert!(
        w > 3.0 * h / 2.0,
        "8 boards in 2 rows of 4 are wider than high: {w} x {h}"
    );
    assert_eq!(s.matches("xlink:href=\"#queen\"").count(), 64);
    assert!(s.contains(">three-quarter turn</text>") && s.contains(">4 6 8 2 7 1 3 5</text>"));
}

#[test]
fn the_seed_tour_is_numbered_with_start_and_end_marked() {
    let path = seed_tour();
    assert!(path.windows(2).all(|w| is_knight_move(w[0], w[1])));
    assert_eq!(path[0].to_string(), "a5");
    let s = svg::tour(&TourPicture {
        width: 5,
        height: 5,
        path: &path,
        blocked: &[],
        closed: false,
    });
    parse(&s);
    // The move numbers (after the labels, in their own group with a white halo).
    let numbers = s.split("paint-order=\"stroke\">").nth(1).unwrap();
    for k in 1..=25 {
        assert_eq!(numbers.matches(&format!(">{k}</text>")).count(), 1, "{k}");
    }
    assert_eq!(numbers.matches("<text").count(), 25);
    // 24 moves in one path; a green ring (start) and a red one (end), no closing line.
    let d = s.split(" d=\"M").nth(1).unwrap().split('"').next().unwrap();
    assert_eq!(d.split(' ').count(), 24, "{d}");
    assert!(s.contains("stroke=\"#1e9e3e\"") && s.contains("stroke=\"#d62828\""));
    assert!(!s.contains("stroke-dasharray"));
    insta::assert_snapshot!("tour_5x5_seed_svg", s);
}

#[test]
fn blocked_squares_are_shaded_and_closed_tours_close() {
    // A closed tour of the 3x4 board does not exist, but the picture draws what it
    // is given: the 8 outer squares of 3x3 around the blocked centre, a closed cycle.
    let cycle: Vec<Square> = ["a1", "b3", "c1", "a2", "c3", "b1", "a3", "c2"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(cycle.windows(2).all(|w| is_knight_move(w[0], w[1])));
    assert!(is_knight_move(cycle[7], cycle[0]));
    let centre = [Square::new(1, 1)];
    let s = svg::tour(&TourPicture {
        width: 3,
        height: 3,
        path: &cycle,
        blocked: &centre,
        closed: true,
    });
    parse(&s);
    assert!(s.contains("<g fill=\"#4a4a4a\"><rect"));
    assert_eq!(s.matches("stroke-dasharray").count(), 1);
}

/// A long walk of knight's moves, (1, 2) steps across bands of three ranks
/// (a jump between bands): not a tour, but the picture's size depends only on
/// the number and length of the moves.
fn knight_walk(w: u32, h: u32, squares: u32) -> Vec<Square> {
    (0..squares)
        .map(|k| {
            let band = (k / w) % (h / 3);
            Square::new(k % w, 3 * band + 2 * (k % 2))
        })
        .collect()
}

#[test]
fn huge_tours_draw_the_path_only_and_stay_small() {
    let (w, h) = (500u32, 500u32);
    let path = knight_walk(w, h, w * h);
    assert!(path.iter().all(|s| s.is_on(w, h)));
    let s = svg::tour(&TourPicture {
        width: w,
        height: h,
        path: &path,
        blocked: &[],
        closed: false,
    });
    assert!(!svg::numbers_fit(w, h));
    // Labels only: about 20 files and 20 ranks.
    let texts = s.matches("<text").count();
    assert!(texts < 50, "{texts} text elements");
    assert!(s.len() < 3_000_000, "{} bytes", s.len());
    assert!(
        s.contains("url(#checker0)"),
        "one pattern, not 250,000 squares"
    );
    let (pw, ph) = parse(&s);
    assert!(pw <= 1600.0 && ph <= 1650.0, "{pw} x {ph}");
}

#[test]
fn text_snapshots_plain_and_colour() {
    let p: Placement = "2 4 6 8 1 3 5 7".parse().unwrap();
    let r = check(&p);
    insta::assert_snapshot!("queens_plain_24681357", text::queens(&p));
    insta::assert_snapshot!("queens_colour_24681357", text::queens_color(&p, &r.attacks));
    // The seed tour as the seed prints it, coloured with its start and end marked.
    let path = seed_tour();
    let t = TourPicture {
        width: 5,
        height: 5,
        path: &path,
        blocked: &[],
        closed: false,
    };
    let coloured = text::tour_color(&t);
    assert_eq!(coloured.matches("48;5;114m").count(), 1, "one start");
    assert_eq!(coloured.matches("48;5;210m").count(), 1, "one end");
    insta::assert_snapshot!("tour_5x5_seed_colour", coloured);
    let plain = text::tour(&t);
    assert_eq!(
        plain,
        "5  1 20 17 12  3\n4 16 11  2  7 18\n3 21 24 19  4 13\n2 10 15  6 23  8\n1 25 22  9 14  5\n   a  b  c  d  e\n"
    );
    insta::assert_snapshot!("tour_5x5_seed_plain", plain);
    insta::assert_snapshot!("queens_svg_58417263", {
        let p: Placement = "5 8 4 1 7 2 6 3".parse().unwrap();
        svg::queens(&p, &[])
    });
}

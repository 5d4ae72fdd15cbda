//! Pictures from the real binary: SVG files that parse, PNGs of the asked size,
//! the gallery, colour rules, completions and the man page.
//!
//! Set HETMAN_PICTURES=DIR to keep a PNG of each picture drawn here, to look at.

mod common;
use common::{hetman, run, run_line};
use hetman::queens::Placement;
use hetman::render::svg::{self, TourPicture};
use hetman::Square;
use std::path::{Path, PathBuf};

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("pictures-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Parses an SVG file as resvg does; returns its tree.
fn parse_svg(path: &Path) -> resvg::usvg::Tree {
    let text = std::fs::read_to_string(path).unwrap();
    resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("{}: invalid SVG: {e}", path.display()))
}

/// Decodes a PNG file; returns its width and height.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes)
        .unwrap_or_else(|e| panic!("{}: not a PNG: {e}", path.display()));
    (pixmap.width(), pixmap.height())
}

/// Copies a picture to $HETMAN_PICTURES, if set, for a person to look at.
fn keep(path: &Path) {
    if let Some(dir) = std::env::var_os("HETMAN_PICTURES") {
        std::fs::copy(path, Path::new(&dir).join(path.file_name().unwrap())).unwrap();
    }
}

/// Runs `hetman LINE --svg SVG --png PNG` (LINE as in a shell).
fn draw(svg: &Path, png: &Path, line: &str) -> (String, String, i32) {
    run_line(&format!("{line} --svg {} --png {}", s(svg), s(png)))
}

#[test]
fn check_draws_the_attacking_pairs_in_red() {
    let dir = scratch("check");
    let (svg, png) = (dir.join("attacks.svg"), dir.join("attacks.png"));
    let (out, _, code) = draw(&svg, &png, "queens check '2 4 6 8 1 3 5 7'");
    assert_eq!(code, 1, "not a solution: exit 1 as before");
    assert!(out.contains("25 of 28"));
    parse_svg(&svg);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<line").count(), 3, "three attacking pairs");
    assert_eq!(png_size(&png).0, 800, "default width");
    keep(&png);
    // --png-size here, as --size already means the number of queens.
    let small = dir.join("small.png");
    let (_, err, code) = run_line(&format!(
        "queens check '5 8 4 1 7 2 6 3' --size 8 --png {} --png-size 400",
        s(&small)
    ));
    assert_eq!(code, 0, "{err}");
    let (w, h) = png_size(&small);
    assert_eq!(w, 400);
    assert!(
        (380..=440).contains(&h),
        "a board with labels is about square: {h}"
    );
}

#[test]
fn list_draws_the_listed_boards_on_one_sheet() {
    let dir = scratch("list");
    let (svg, png) = (dir.join("unique.svg"), dir.join("unique.png"));
    let (out, _, code) = draw(&svg, &png, "queens list 8 --unique --size 1200");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 12, "the listing is unchanged");
    let text = std::fs::read_to_string(&svg).unwrap();
    parse_svg(&svg);
    assert_eq!(text.matches("xlink:href=\"#queen\"").count(), 96);
    assert_eq!(text.matches(">class size 8<").count(), 11);
    assert_eq!(text.matches(">class size 4<").count(), 1);
    let (w, h) = png_size(&png);
    assert_eq!(w, 1200);
    assert!(h < w, "3 rows of 4 boards: {w} x {h}");
    keep(&png);
}

#[test]
fn symmetry_draws_its_eight_images_side_by_side() {
    let dir = scratch("symmetry");
    let (svg, png) = (dir.join("symmetry.svg"), dir.join("symmetry.png"));
    let (out, _, code) = draw(
        &svg,
        &png,
        "queens symmetry '3 5 2 8 1 7 4 6' --json --size 1000",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["class_size"], 4);
    let tree = parse_svg(&svg);
    assert!(tree.size().width() > tree.size().height());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("xlink:href=\"#queen\"").count(), 64);
    for name in ["identity", "quarter turn", "mirror in a8-h1 diagonal"] {
        assert!(text.contains(&format!(">{name}</text>")), "{name}");
    }
    assert!(
        text.contains(">= identity</text>"),
        "the half turn is the identity"
    );
    assert_eq!(png_size(&png).0, 1000);
    keep(&png);
}

#[test]
fn gallery_of_the_twelve_unique_solutions() {
    let dir = scratch("gallery").join("gallery");
    let (codes, _, code) = run(&["queens", "list", "8", "--unique", "--format", "compact"]);
    assert_eq!(code, 0);
    let (_, _, code) = run(&["queens", "list", "8", "--unique", "--svg-dir", s(&dir)]);
    assert_eq!(code, 0);
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), 13, "{files:?}");
    assert!(files.contains(&"index.html".to_string()));
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(index.matches("<img ").count(), 12);
    assert_eq!(index.matches("class size 8").count(), 11);
    assert_eq!(index.matches("class size 4").count(), 1);
    for line in codes.lines() {
        let compact = line.split_whitespace().next().unwrap();
        let name = format!("{compact}.svg");
        assert!(files.contains(&name), "{name} in {files:?}");
        assert!(index.contains(&format!("src=\"{name}\"")));
        let tree = parse_svg(&dir.join(&name));
        assert!(tree.size().width() > 0.0);
        // The picture shows the placement its name says.
        let p: Placement = compact.parse().unwrap();
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        assert!(text.contains(&format!("<title>8 queens: {}</title>", p.to_code())));
    }
}

/// The seed's 5×5 tour from a5 (rows from the top).
fn seed_tour() -> Vec<Square> {
    let rows = "1 20 17 12 3 / 16 11 2 7 18 / 21 24 19 4 13 / 10 15 6 23 8 / 25 22 9 14 5";
    let mut numbered: Vec<(usize, Square)> = Vec::new();
    for (i, row) in rows.split('/').enumerate() {
        for (f, v) in row.split_whitespace().enumerate() {
            numbered.push((v.parse().unwrap(), Square::new(f as u32, 4 - i as u32)));
        }
    }
    numbered.sort();
    numbered.into_iter().map(|(_, s)| s).collect()
}

#[test]
fn tour_pictures_rasterise() {
    // The knight commands are wired elsewhere; the picture is the library's.
    let dir = scratch("tour");
    let path = seed_tour();
    let picture = svg::tour(&TourPicture {
        width: 5,
        height: 5,
        path: &path,
        blocked: &[],
        closed: false,
    });
    // Fonts as the binary loads them, so the numbers show in the PNG.
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(&picture, &options).unwrap();
    let scale = 600.0 / tree.size().width();
    let h = (tree.size().height() * scale).round() as u32;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(600, h).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let png = dir.join("tour-5x5.png");
    pixmap.save_png(&png).unwrap();
    assert_eq!(png_size(&png), (600, h));
    keep(&png);
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let esc = "\x1b[";
    // Tests pipe stdout: plain by default, as before.
    let (out, _, _) = run(&["queens", "check", "2 4 6 8 1 3 5 7"]);
    assert!(!out.contains(esc) && out.contains(". Q ."));
    let (out, _, _) = run(&["queens", "check", "2 4 6 8 1 3 5 7", "--color", "always"]);
    assert!(out.contains(esc) && out.contains('♛'));
    insta::assert_snapshot!("check_24681357_colour", out);
    let (out, _, _) = run_line("queens check '2 4 6 8 1 3 5 7' --color always --ascii");
    assert!(!out.contains(esc), "--ascii wins");
    let out = hetman()
        .args([
            "queens", "list", "6", "--format", "board", "--color", "auto",
        ])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8(out.stdout).unwrap().contains(esc));
    // Coloured symmetry boards line up like the plain ones.
    let (plain, _, _) = run(&["queens", "symmetry", "3 5 2 8 1 7 4 6"]);
    let (colour, _, _) = run(&["queens", "symmetry", "3 5 2 8 1 7 4 6", "--color", "always"]);
    let strip = |s: &str| {
        let mut out = String::new();
        let mut it = s.chars();
        while let Some(c) = it.next() {
            if c == '\x1b' {
                it.by_ref().find(|&d| d == 'm');
            } else {
                out.push(c);
            }
        }
        out
    };
    let widths = |s: &str| -> Vec<usize> { s.lines().map(|l| l.chars().count()).collect() };
    assert_eq!(widths(&strip(&colour)), widths(&plain));
    assert_eq!(
        strip(&colour).replace('♛', "Q").replace("  ", " ."),
        plain.replace("  ", " .")
    );
}

#[test]
fn bad_picture_flags_get_one_line() {
    let dir = scratch("bad");
    let missing = dir.join("no/such/folder/x.svg");
    let gallery = dir.join("gallery");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["queens", "check", "1", "--svg", s(&missing)],
            "does not exist",
        ),
        (
            vec!["queens", "symmetry", "2 4 1 3", "--png", s(&dir)],
            "is a folder",
        ),
        (
            vec!["queens", "list", "4", "--png", "x.png", "--size", "5"],
            "invalid value '5' for '--png-size <PIXELS>'",
        ),
        (
            vec!["queens", "list", "4", "--color", "sometimes"],
            "invalid value 'sometimes' for '--color <WHEN>'",
        ),
        (vec!["completions", "tcsh"], "invalid value 'tcsh'"),
        (
            vec!["queens", "list", "11", "--svg-dir", s(&gallery)],
            "11 queens would give 2,680 pictures; a gallery holds at most 1,000",
        ),
        (
            vec!["queens", "list", "16", "--unique", "--svg-dir", s(&gallery)],
            "more than 1,000 pictures",
        ),
    ];
    for (args, want) in cases {
        let (out, err, code) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: {err}"
        );
    }
    assert!(!missing.exists());
    assert!(!gallery.exists(), "refused before anything is written");
}

#[test]
fn completions_and_man_page() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef hetman"),
        ("fish", "complete -c hetman"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let (out, _, code) = run(&["completions", shell]);
        assert_eq!(code, 0);
        assert!(out.contains(marker), "{shell}");
        // fish writes long flags as `-l svg`, the others as `--svg`.
        let svg_flag = if shell == "fish" { "-l svg " } else { "--svg" };
        assert!(
            out.contains("symmetry") && out.contains(svg_flag),
            "{shell}"
        );
    }
    let (man, _, code) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(
        man.starts_with(".ie") || man.contains(".TH hetman"),
        "{}",
        &man[..200]
    );
    for section in [
        "HETMAN QUEENS COUNT",
        "HETMAN QUEENS CHECK",
        "HETMAN COMPLETIONS",
    ] {
        assert!(man.contains(section), "{section}");
    }
    assert!(man.contains("hetman queens symmetry 3 5 2 8 1 7 4 6 \\-\\-png"));
}

#[test]
fn every_command_shows_an_example() {
    for args in [
        vec!["--help"],
        vec!["queens", "--help"],
        vec!["queens", "count", "--help"],
        vec!["queens", "compare", "--help"],
        vec!["queens", "solve", "--help"],
        vec!["queens", "complete", "--help"],
        vec!["queens", "merge", "--help"],
        vec!["queens", "slurm", "--help"],
        vec!["queens", "list", "--help"],
        vec!["queens", "check", "--help"],
        vec!["queens", "symmetry", "--help"],
        vec!["knight", "--help"],
        vec!["knight", "tour", "--help"],
        vec!["knight", "list", "--help"],
        vec!["knight", "count", "--help"],
        vec!["knight", "check", "--help"],
        vec!["completions", "--help"],
        vec!["man", "--help"],
    ] {
        let (out, _, code) = run(&args);
        assert_eq!(code, 0);
        assert!(out.contains("Example"), "{args:?}");
        assert!(out.contains("\n  hetman "), "{args:?}");
    }
    let (out, _, _) = run(&["queens", "list", "--help"]);
    assert!(out.contains("--svg-dir") && out.contains("--png") && out.contains("--ascii"));
}

#[test]
fn solve_and_complete_draw_their_answer() {
    let dir = scratch("solve");
    let (svg, png) = (dir.join("solve.svg"), dir.join("solve.png"));
    let (out, err, code) = draw(&svg, &png, "queens solve 30 --size 500");
    assert_eq!(code, 0, "{err}");
    // The picture shows the solution printed.
    let p: Placement = out.trim().parse().unwrap();
    assert!(p.is_solution());
    parse_svg(&svg);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("xlink:href=\"#queen\"").count(), 30);
    assert!(text.contains(&format!("<title>30 queens: {}</title>", p.to_code())));
    assert_eq!(png_size(&png).0, 500);
    keep(&png);

    // A completion with a blocked diagonal: the blocked squares are shaded.
    let (svg, png) = (dir.join("complete.svg"), dir.join("complete.png"));
    let (out, err, code) = draw(&svg, &png, "queens complete 8 --with b1 --block diagonal");
    assert_eq!(code, 0, "{err}");
    let p: Placement = out.trim().parse().unwrap();
    assert_eq!(p.ranks()[1], 0, "b1 kept");
    parse_svg(&svg);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(&format!("<title>8 queens: {}</title>", p.to_code())));
    let shaded = text.split("<g fill=\"#4a4a4a\">").nth(1).unwrap();
    let shaded = shaded.split("</g>").next().unwrap();
    assert_eq!(shaded.matches("<rect").count(), 8, "the a1-h8 diagonal");
    assert_eq!(png_size(&png).0, 800);
    keep(&png);

    // Every completion on one sheet; --count has no picture to draw.
    let sheet = dir.join("sheet.svg");
    let (out, _, code) = run_line(&format!(
        "queens complete 8 --block diagonals --list --svg {}",
        s(&sheet)
    ));
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 12, "the Russian seed's 12");
    parse_svg(&sheet);
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert_eq!(text.matches("xlink:href=\"#queen\"").count(), 96);
    let (out, err, code) = run(&[
        "queens",
        "complete",
        "8",
        "--count",
        "--svg",
        s(&dir.join("x.svg")),
    ]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: --svg/--png") && err.contains("--count"),
        "{err}"
    );
    let (_, err, code) = run(&["queens", "solve", "20000", "--svg", s(&dir.join("x.svg"))]);
    assert_eq!(code, 2);
    assert!(err.contains("10,000") && err.contains("20,000"), "{err}");
    assert!(!dir.join("x.svg").exists());
}

#[test]
fn knight_tour_and_check_draw_the_path() {
    let dir = scratch("knight");
    let (svg5, png8, svg600) = (dir.join("k5.svg"), dir.join("k8.png"), dir.join("k600.svg"));
    let (out, err, code) = run_line(&format!(
        "knight tour 5 --start a5 --algorithm backtracking --svg {}",
        s(&svg5)
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("5  1 20 17 12  3"), "{out}");
    parse_svg(&svg5);
    let text = std::fs::read_to_string(&svg5).unwrap();
    // Every move number is on the picture, and the path is one line.
    for k in 1..=25 {
        assert!(text.contains(&format!(">{k}<")), "move {k} missing");
    }
    assert_eq!(text.matches("<path").count(), 1);

    let (_, err, code) = run_line(&format!(
        "knight tour 8 --closed --quiet --png {} --png-size 600",
        s(&png8)
    ));
    assert_eq!(code, 0, "{err}");
    assert_eq!(png_size(&png8).0, 600);
    keep(&png8);

    // A huge tour draws the path only, and stays small enough to open.
    let (_, err, code) = run(&["knight", "tour", "600", "--quiet", "--svg", s(&svg600)]);
    assert_eq!(code, 0, "{err}");
    parse_svg(&svg600);
    let big = std::fs::read_to_string(&svg600).unwrap();
    assert!(!big.contains(">359999<"), "numbers drawn on a huge board");
    assert!(big.len() < 5_000_000, "{} bytes", big.len());

    // knight check draws what it was given.
    let moves = hetman()
        .args(["knight", "tour", "6", "--format", "moves"])
        .output()
        .unwrap()
        .stdout;
    let checked = dir.join("checked.svg");
    let out = hetman()
        .args(["knight", "check", "--svg", s(&checked)])
        .write_stdin(moves)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    parse_svg(&checked);
}

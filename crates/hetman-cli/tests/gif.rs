//! `trace --gif` as a user runs it: the GIF decodes with the `gif` crate,
//! holds one frame per step of the range, and its first and last frames show
//! the board the library's trace has at those steps; its words in the
//! language asked for, pixel for pixel; the refusals.

use assert_cmd::Command;
use hetman::knight::KnightBoard;
use hetman::render::raster::{ink, Layout};
use hetman::render::scene::Scene;
use hetman::trace::{KnightOrder, KnightTrace, QueensAlgorithm, QueensTrace, Trace};
use hetman::{BoardSize, Square};
use std::path::PathBuf;

fn hetman() -> Command {
    Command::cargo_bin("hetman").unwrap()
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hetman-gif-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// Runs `hetman LINE --gif NAME` (NAME in this test run's own temporary
/// folder, so a file of that name is one this run wrote) and returns the
/// GIF's bytes.
fn made_gif(name: &str, line: &str) -> Vec<u8> {
    let path = temp(name);
    hetman()
        .args(line.split_whitespace())
        .arg("--gif")
        .arg(&path)
        .assert()
        .success();
    std::fs::read(&path).unwrap()
}

/// The frames as a viewer shows them (each painted over the last), as
/// palette indices, with the GIF's size.
fn play(bytes: &[u8]) -> (u32, u32, Vec<Vec<u8>>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).unwrap();
    let (w, h) = (usize::from(d.width()), usize::from(d.height()));
    let mut screen = vec![0u8; w * h];
    let mut frames = Vec::new();
    while let Some(f) = d.read_next_frame().unwrap() {
        for y in 0..usize::from(f.height) {
            for x in 0..usize::from(f.width) {
                let p = f.buffer[y * usize::from(f.width) + x];
                if Some(p) != f.transparent {
                    screen[(y + usize::from(f.top)) * w + x + usize::from(f.left)] = p;
                }
            }
        }
        frames.push(screen.clone());
    }
    (w as u32, h as u32, frames)
}

/// The queens the library's trace has on the board after `steps` events.
fn queens_at(n: usize, steps: usize) -> Vec<u32> {
    let mut t = QueensTrace::new(n, QueensAlgorithm::Backtracking).unwrap();
    t.by_ref().take(steps).for_each(drop);
    t.queens().to_vec()
}

/// Checks the centre of every square of `frame`: a queen exactly where `queens` has one.
fn assert_queens(frame: &[u8], width: u32, layout: &Layout, n: u32, queens: &[u32]) {
    for file in 0..n {
        for rank in 0..n {
            let (x, y) = layout.centre(Square::new(file, rank));
            let p = frame[(y * width + x) as usize];
            let queen = queens.get(file as usize) == Some(&rank);
            assert_eq!(
                matches!(p, ink::QUEEN | ink::SOLVED),
                queen,
                "file {file} rank {rank}: pixel {p}, queens {queens:?}"
            );
        }
    }
}

#[test]
fn six_queens_steps_10_to_40_are_31_frames_that_match_the_trace() {
    let bytes = made_gif("q6.gif", "queens trace 6 --from 10 --to 40 --lang en");
    let (w, h, frames) = play(&bytes);
    assert_eq!(frames.len(), 31);
    // Six counters, three to a line, under the title and the step's two lines.
    let layout = Layout::new(6, 6, 5);
    assert_eq!((w, h), (layout.width(), layout.height()));
    assert_queens(&frames[0], w, &layout, 6, &queens_at(6, 10));
    assert_queens(&frames[30], w, &layout, 6, &queens_at(6, 40));
    assert_ne!(
        queens_at(6, 10),
        queens_at(6, 40),
        "a range that shows a change"
    );
    // Written again over its own GIF: allowed.
    let (_, _, frames) = play(&made_gif("q6.gif", "queens trace 6 --to 5"));
    assert_eq!(frames.len(), 6);
}

#[test]
fn eight_queens_to_the_first_solution_is_under_2_mb() {
    let bytes = made_gif("q8.gif", "queens trace 8 --lang en");
    assert!(bytes.len() < 2_000_000, "{} bytes", bytes.len());
    let (w, _, frames) = play(&bytes);
    // Step 0 (the empty board) to step 1971, the first solution.
    assert_eq!(frames.len(), 1972);
    let layout = Layout::new(8, 8, 5);
    assert_queens(
        frames.last().unwrap(),
        w,
        &layout,
        8,
        &[0, 4, 7, 5, 2, 6, 1, 3],
    );
    assert_queens(&frames[0], w, &layout, 8, &[]);
}

#[test]
fn a_knight_gif_ends_at_the_first_tour_with_the_path_shaded() {
    let bytes = made_gif("k5.gif", "knight trace 5 --start a5 --from 20 --lang en");
    let (w, _, frames) = play(&bytes);
    let board = KnightBoard::new(BoardSize::square(5).unwrap()).unwrap();
    let tour: Vec<_> = KnightTrace::new(&board, Square::new(0, 4), KnightOrder::Plain, false)
        .unwrap()
        .position(|e| e.is_solution())
        .into_iter()
        .collect();
    // The tour is step 63: frames 20..=63.
    assert_eq!(tour, [62]);
    assert_eq!(frames.len(), 44);
    let layout = Layout::new(5, 5, 5);
    let last = frames.last().unwrap();
    for rank in 0..5 {
        for file in 0..5 {
            let (x, y) = layout.probe(Square::new(file, rank));
            assert_eq!(
                last[(y * w + x) as usize],
                ink::KNIGHT,
                "every square on the tour"
            );
        }
    }
}

/// What a language writes under the board of `queens trace 4`: the title,
/// the words of steps 0 to 3, the counters' names and their column.
struct Expected {
    lang: &'static str,
    title: &'static str,
    steps: [&'static str; 4],
    counters: [&'static str; 6],
    column: usize,
    per_line: usize,
    /// The lines of text under the board.
    lines: u32,
}

const RUSSIAN: Expected = Expected {
    lang: "ru",
    title: "4 ферзя, перебор с возвратом test(c) из статей",
    steps: [
        "шаг 0: доска до первого шага",
        "шаг 1: вызов test(a), на доске 0 ферзей",
        "шаг 2: пробуем a1",
        "шаг 3: put a1, на доске 1 ферзь",
    ],
    counters: [
        "вызовы",
        "попытки",
        "отказы",
        "расстановки",
        "возвраты",
        "решения",
    ],
    // "расстановки" (11 letters) and a value of up to 9 characters: two to a line.
    column: 22,
    per_line: 2,
    lines: 6,
};

const POLISH: Expected = Expected {
    lang: "pl",
    title: "4 hetmany, algorytm z powrotami test(c) z artykułów",
    steps: [
        "krok 0: szachownica przed pierwszym krokiem",
        "krok 1: wywołanie test(a), na szachownicy: 0 hetmanów",
        "krok 2: próba a1",
        "krok 3: put a1, na szachownicy: 1 hetman",
    ],
    counters: [
        "wywołania",
        "próby",
        "odmowy",
        "ustawienia",
        "powroty",
        "rozwiązania",
    ],
    column: 22,
    per_line: 2,
    lines: 6,
};

const ENGLISH: Expected = Expected {
    lang: "en",
    title: "4 queens, the seeds' backtracking test(c)",
    steps: [
        "step 0: the board before the first step",
        "step 1: call test(a), 0 on the board",
        "step 2: try a1",
        "step 3: put a1, 1 on the board",
    ],
    counters: [
        "calls",
        "tries",
        "refusals",
        "placements",
        "backtracks",
        "solutions",
    ],
    column: 21,
    per_line: 3,
    lines: 5,
};

/// `queens trace 4 --to 3` in `want`'s language: its four frames must be
/// the pictures the library draws for the trace's first steps with the
/// expected words, pixel for pixel (board, letters and all).
fn check_words(want: &Expected) -> Vec<Vec<u8>> {
    let line = format!("queens trace 4 --to 3 --lang {}", want.lang);
    let (w, h, frames) = play(&made_gif(&format!("q4-{}.gif", want.lang), &line));
    assert_eq!(frames.len(), 4);
    let layout = Layout::new(4, 4, want.lines);
    assert_eq!((w, h), (layout.width(), layout.height()), "{}", want.lang);
    let mut trace = QueensTrace::new(4, QueensAlgorithm::Backtracking).unwrap();
    let mut scene = Scene::new(&trace.header());
    let mut counters = trace.counters();
    for (step, frame) in frames.iter().enumerate() {
        if step > 0 {
            let event = trace.next().unwrap();
            scene.apply(&event);
            counters.record(&event);
        }
        let mut lines = vec![
            want.title.to_string(),
            want.steps[step].to_string(),
            String::new(),
        ];
        let pairs: Vec<String> = want
            .counters
            .iter()
            .zip(counters.pairs())
            .map(|(name, (_, v))| format!("{name} {v}"))
            .collect();
        let column = want.column;
        for some in pairs.chunks(want.per_line) {
            let text: String = some.iter().map(|p| format!("{p:<column$}")).collect();
            lines.push(text.trim_end().to_string());
        }
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let drawn = scene.draw(&layout, &refs);
        if drawn.pixels() != &frame[..] {
            let row = (0..h as usize)
                .find(|y| {
                    let r = y * w as usize..(y + 1) * w as usize;
                    drawn.pixels()[r.clone()] != frame[r]
                })
                .unwrap();
            panic!(
                "{}: frame {step} differs from row {row} on: {lines:?}",
                want.lang
            );
        }
    }
    frames
}

#[test]
fn a_polish_and_a_russian_gif_speak_their_language() {
    let en = check_words(&ENGLISH);
    let pl = check_words(&POLISH);
    let ru = check_words(&RUSSIAN);
    // The same board, other words: Polish and Russian hold one more line of
    // counters, and the lines they share with English differ.
    let layout = Layout::new(4, 4, 5);
    let width = layout.width() as usize;
    let (_, a1_top) = layout.corner(Square::new(0, 0));
    let board_rows = (a1_top + layout.square()) as usize;
    for frames in [&pl, &ru] {
        for (a, b) in frames.iter().zip(&en) {
            assert_eq!(a[..board_rows * width], b[..board_rows * width]);
            assert_ne!(a[board_rows * width..b.len()], b[board_rows * width..]);
        }
    }
    assert_ne!(pl[3], ru[3]);
}

#[test]
fn refusals_name_the_argument() {
    let foreign = temp("foreign.gif");
    std::fs::write(&foreign, "not hetman's").unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["--from", "10", "--to", "5"], "--to 5: the range is empty"),
        (
            &["--to", "20000"],
            "--to 20000: a GIF holds at most 20,000 frames",
        ),
        (&["--from", "3000"], "--from 3000: the search has only"),
        (
            &["--delay", "5"],
            "'--delay <MS>': MS must be a whole number of milliseconds from 20",
        ),
    ];
    let out = temp("refused.gif");
    for (args, want) in cases {
        let r = hetman()
            .args(["queens", "trace", "4"])
            .args(args)
            .arg("--gif")
            .arg(&out)
            .assert()
            .code(2);
        let err = String::from_utf8(r.get_output().stderr.clone()).unwrap();
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.lines().filter(|l| l.contains(want)).count(), 1, "{err}");
        assert!(!out.exists());
    }
    let r = hetman()
        .args(["queens", "trace", "4", "--gif"])
        .arg(&foreign)
        .assert()
        .code(2);
    let err = String::from_utf8(r.get_output().stderr.clone()).unwrap();
    assert!(err.contains("not a GIF hetman wrote"), "{err}");
    assert_eq!(std::fs::read_to_string(&foreign).unwrap(), "not hetman's");
    hetman()
        .args(["queens", "trace", "4", "--from", "3"])
        .assert()
        .code(2);
}

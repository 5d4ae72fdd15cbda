//! Frames of the animation drawn on ratatui's `TestBackend`, pinned by insta
//! snapshots, and the keys' effects.

use super::app::{App, Key};
use super::draw::draw;
use hetman::knight::KnightBoard;
use hetman::trace::{Event, KnightOrder, KnightTrace, QueensAlgorithm, QueensTrace};
use hetman::BoardSize;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use ratatui::Terminal;

fn frame(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, app)).unwrap();
    t.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let w = buf.area.width as usize;
    buf.content
        .chunks(w)
        .map(|row| {
            let line: String = row.iter().map(|c| c.symbol()).collect();
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The value the side panel shows for a counter.
fn counter(frame: &str, name: &str) -> String {
    frame
        .lines()
        .find_map(|l| {
            let panel = l.split('│').nth(1)?.trim();
            let (k, v) = panel.rsplit_once(' ')?;
            (k.trim() == name).then(|| v.to_string())
        })
        .unwrap_or_else(|| panic!("no counter {name} in\n{frame}"))
}

fn queens(n: usize, ascii: bool, color: bool) -> App<'static> {
    App::queens(
        QueensTrace::new(n, QueensAlgorithm::Backtracking).unwrap(),
        ascii,
        color,
    )
}

/// The knight's search on an empty `size` x `size` board from `start` (the
/// board lives as long as the test).
fn knight(size: u32, start: &str, order: KnightOrder) -> KnightTrace<'static> {
    let board = KnightBoard::new(BoardSize::square(size).unwrap()).unwrap();
    KnightTrace::new(
        Box::leak(Box::new(board)),
        start.parse().unwrap(),
        order,
        false,
    )
    .unwrap()
}

/// Steps forward until `stop` says the last event is the one wanted.
fn until(app: &mut App, stop: impl Fn(&Event) -> bool) {
    while app.forward() {
        if app.search.last().is_some_and(&stop) {
            return;
        }
    }
    panic!("the event never came");
}

#[test]
fn queens_frame_with_a_refused_square_shaded_by_its_lines() {
    let mut app = queens(8, true, false);
    // The first refusal by two lines at once.
    until(
        &mut app,
        |e| matches!(e, Event::Refuse { lines, .. } if lines.len() >= 2),
    );
    insta::assert_snapshot!("queens8_refused", text(&frame(&app, 80, 24)));
}

#[test]
fn queens_frame_in_colour_paints_the_refused_square_red_and_the_lines_in_theirs() {
    let mut app = queens(8, false, true);
    until(&mut app, |e| matches!(e, Event::Refuse { .. }));
    let Some(Event::Refuse { square, .. }) = app.search.last().cloned() else {
        unreachable!()
    };
    let buf = frame(&app, 66, 24);
    // The board is drawn from the top rank, 3 characters a square after a
    // 3-character rank label, one line below the title.
    let y = 1 + (7 - square.rank()) as u16;
    let x = 3 + 3 * square.file() as u16 + 1;
    assert_eq!(buf[(x, y)].symbol(), "x");
    assert_eq!(buf[(x, y)].bg, Color::Red);
    // c1 is ruled out by the queen on a1's rank: the row's colour.
    let row_cell = &buf[(3 + 6 + 1, 8)];
    assert_eq!(row_cell.symbol(), "─");
    assert_eq!(row_cell.bg, Color::Blue);
}

#[test]
fn queens_frame_at_a_solution_and_after_all() {
    let mut app = queens(6, true, false);
    assert!(app.key(Key::NextSolution));
    insta::assert_snapshot!("queens6_first_solution", text(&frame(&app, 80, 20)));
    while app.forward() {}
    let end = text(&frame(&app, 80, 20));
    assert!(end.contains("finished"), "{end}");
    assert_eq!(counter(&end, "solutions"), "4", "{end}");
    let calls = hetman::queens::search::backtracking::search(6, &mut |_| {
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(counter(&end, "calls"), calls.to_string(), "{end}");
}

#[test]
fn eight_queens_run_to_the_end_show_1965_calls_and_92_solutions() {
    let mut app = queens(8, true, false);
    for _ in 0..200 {
        app.key(Key::NextSolution);
    }
    let end = text(&frame(&app, 80, 24));
    assert_eq!(counter(&end, "calls"), "1,965", "{end}");
    assert_eq!(counter(&end, "solutions"), "92", "{end}");
}

#[test]
fn knight_frame_at_the_dead_end_from_b5() {
    let mut app = App::knight(knight(5, "b5", KnightOrder::Plain), true, false);
    until(&mut app, |e| matches!(e, Event::DeadEnd { .. }));
    let f = text(&frame(&app, 80, 20));
    assert!(f.contains("dead end on e1 (20)"), "{f}");
    insta::assert_snapshot!("knight5_b5_dead_end", f);
}

#[test]
fn knight_frame_with_warnsdorff_degrees() {
    let mut app = App::knight(knight(6, "a1", KnightOrder::Warnsdorff), true, false);
    for _ in 0..3 {
        until(&mut app, |e| matches!(e, Event::Candidates { .. }));
    }
    insta::assert_snapshot!("knight6_warnsdorff", text(&frame(&app, 80, 20)));
}

#[test]
fn stepping_back_then_forward_draws_the_frame_never_stepping_back_draws() {
    for ascii in [true, false] {
        let mut straight = queens(8, ascii, !ascii);
        let mut frames = vec![frame(&straight, 90, 26)];
        for _ in 0..3000 {
            straight.forward();
            frames.push(frame(&straight, 90, 26));
        }
        let mut wobbly = queens(8, ascii, !ascii);
        for target in [10usize, 7, 2999, 1500, 1499, 0, 2000] {
            while (wobbly.search.step() as usize) < target {
                wobbly.key(Key::Forward);
            }
            while (wobbly.search.step() as usize) > target {
                wobbly.key(Key::Back);
            }
            assert_eq!(frame(&wobbly, 90, 26), frames[target], "step {target}");
        }
    }
    // The knight too, back from deep in its search.
    let mut app = App::knight(knight(5, "a1", KnightOrder::Warnsdorff), true, false);
    for _ in 0..500 {
        app.forward();
    }
    let at_500 = frame(&app, 80, 20);
    for _ in 0..120 {
        app.key(Key::Back);
    }
    for _ in 0..120 {
        app.key(Key::Forward);
    }
    assert_eq!(frame(&app, 80, 20), at_500);
}

#[test]
fn keys_play_pause_speed_and_quit() {
    let mut app = queens(5, true, false);
    assert!(!app.playing);
    app.key(Key::PlayPause);
    assert!(app.playing);
    app.tick(1000); // five steps at the starting speed
    assert_eq!(app.search.step(), 5);
    app.key(Key::Faster);
    app.tick(1000);
    assert_eq!(app.search.step(), 15);
    app.key(Key::Slower);
    app.key(Key::Slower);
    app.key(Key::PlayPause);
    app.tick(1000);
    assert_eq!(app.search.step(), 15);
    assert!(app.key(Key::Back));
    assert_eq!(app.search.step(), 14);
    assert!(!app.key(Key::Quit));
}

#[test]
fn narrow_windows_stack_the_panel_under_the_board() {
    let mut app = queens(16, true, false);
    for _ in 0..40 {
        app.forward();
    }
    let narrow = text(&frame(&app, 40, 40));
    assert!(narrow.lines().any(|l| l.starts_with("16 ")), "{narrow}");
    assert!(narrow.contains("calls"), "{narrow}");
}

/// Types `s`, the digits of `k` and Enter.
fn go_to_solution(app: &mut App, k: u64) {
    app.key(Key::GoToSolution);
    for d in k.to_string().bytes() {
        app.key(Key::Digit(d - b'0'));
    }
    app.key(Key::Enter);
}

#[test]
fn s_goes_to_solution_k_back_and_forward_and_says_when_there_are_fewer() {
    // The library's own list, in the search's order, and the step of each
    // solution in a fresh trace.
    let mut codes = Vec::new();
    hetman::queens::for_each_solution(8, hetman::queens::Algorithm::Backtracking, |p| {
        codes.push(p.to_string());
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let steps: Vec<u64> = QueensTrace::new(8, QueensAlgorithm::Backtracking)
        .unwrap()
        .zip(1..)
        .filter(|(e, _)| e.is_solution())
        .map(|(_, step)| step)
        .collect();
    assert_eq!((codes.len(), steps.len()), (92, 92));
    let mut app = queens(8, true, false);
    for k in [3u64, 50, 7, 7, 92, 1, 60, 59] {
        go_to_solution(&mut app, k);
        let Some(Event::Solution { number, code, .. }) = app.search.last() else {
            panic!("not at a solution: {:?}", app.note)
        };
        assert_eq!((*number, code), (k, &codes[k as usize - 1]), "solution {k}");
        assert_eq!(app.search.step(), steps[k as usize - 1]);
        assert_eq!(app.search.counters().solutions(), k);
        let note = format!("solution {k}, at step {}", group(steps[k as usize - 1]));
        assert_eq!(app.note.as_deref(), Some(note.as_str()));
        assert!(app.goto.is_none(), "the question is closed");
    }
    go_to_solution(&mut app, 93);
    assert_eq!(
        app.note.as_deref(),
        Some("no solution 93: 92 solutions, the search is over")
    );
    go_to_solution(&mut app, 0);
    assert_eq!(
        app.note.as_deref(),
        Some("no number given (solutions count from 1)")
    );
    // From the end, back to the second.
    go_to_solution(&mut app, 2);
    assert_eq!(app.search.step(), steps[1]);
    // The question on the screen, closed by Esc without going.
    app.key(Key::GoToSolution);
    app.key(Key::Digit(4));
    let f = text(&frame(&app, 80, 24));
    assert!(f.contains("go to solution: 4_"), "{f}");
    assert!(
        f.contains("s go to solution"),
        "the key in the help line:\n{f}"
    );
    app.key(Key::Quit);
    assert!(app.goto.is_none());
    assert_eq!(app.search.step(), steps[1]);
}

#[test]
fn s_goes_to_a_tour_of_the_knight() {
    let fresh = || knight(5, "a5", KnightOrder::Plain);
    let tours: Vec<(u64, Event)> = fresh()
        .zip(1..)
        .filter(|(e, _)| e.is_solution())
        .take(3)
        .map(|(e, step)| (step, e))
        .collect();
    let mut app = App::knight(fresh(), true, false);
    for k in [3u64, 1, 2] {
        go_to_solution(&mut app, k);
        let (step, tour) = &tours[k as usize - 1];
        assert_eq!(app.search.step(), *step);
        assert_eq!(app.search.last(), Some(tour));
        let note = format!("tour {k}, at step {}", group(*step));
        assert_eq!(app.note.as_deref(), Some(note.as_str()));
    }
    app.key(Key::GoToSolution);
    let f = text(&frame(&app, 80, 24));
    assert!(f.contains("go to tour: _"), "{f}");
}

/// `k` with its thousands grouped as the screen groups them.
fn group(k: u64) -> String {
    let d = k.to_string();
    let mut out = String::new();
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

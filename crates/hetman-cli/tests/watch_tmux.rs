//! `hetman queens watch 6` driven in a real terminal: tmux runs it, keys go
//! in by send-keys, and the screen is read back by capture-pane. tmux is a
//! Debian package that scripts/test.sh installs on a fresh machine.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

struct Tmux {
    session: String,
}

impl Tmux {
    fn start(cmd: &str) -> Tmux {
        Tmux::start_sized(cmd, 100, 30)
    }

    fn start_sized(cmd: &str, width: u16, height: u16) -> Tmux {
        static SESSIONS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let k = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let session = format!("hetman-watch-{}-{k}", std::process::id());
        let (w, h) = (width.to_string(), height.to_string());
        let ok = Command::new("tmux")
            .args(["new-session", "-d", "-s", &session, "-x", &w, "-y", &h, cmd])
            .status()
            .expect("tmux is needed for this test: apt-get install tmux (scripts/test.sh does)");
        assert!(ok.success());
        Tmux { session }
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            let ok = Command::new("tmux")
                .args(["send-keys", "-t", &self.session, k])
                .status()
                .unwrap();
            assert!(ok.success());
            sleep(Duration::from_millis(40));
        }
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `what` (at most 10 s).
    fn wait_for(&self, what: &str) -> String {
        let t = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(what) {
                return s;
            }
            assert!(
                t.elapsed() < Duration::from_secs(10),
                "no {what:?} on screen:\n{s}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.session])
            .status();
    }
}

/// The value the panel shows for a counter (beside the board, or under it
/// beside the code).
fn counter(screen: &str, name: &str) -> u64 {
    screen
        .lines()
        .flat_map(|l| l.split('│'))
        .find_map(|part| {
            let (k, v) = part.trim().rsplit_once(' ')?;
            (k.trim() == name).then(|| v.replace(',', "").parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no counter {name} on screen:\n{screen}"))
}

fn step(screen: &str) -> u64 {
    let after = screen.split(" step ").nth(1).expect("a step on screen");
    after
        .split_whitespace()
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap()
}

#[test]
fn queens_watch_6_in_tmux_steps_plays_pauses_finds_a_solution_and_restores_the_terminal() {
    let bin = assert_cmd::cargo::cargo_bin("hetman");
    let cmd = format!(
        "'{}' queens watch 6; echo EXITED $?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; echo DONE; sleep 30",
        bin.display()
    );
    let tmux = Tmux::start(&cmd);
    let s = tmux.wait_for("hetman watch: 6 queens");
    assert_eq!(step(&s), 0);
    // Nine steps: call a, try a1, put a1, call b, try/refuse b1, try/refuse b2, try b3.
    tmux.keys(&["Right"; 9]);
    let s = tmux.wait_for("try b3");
    assert_eq!(step(&s), 9);
    assert_eq!(counter(&s, "calls"), 2);
    assert_eq!(counter(&s, "refusals"), 2);
    assert!(
        s.lines()
            .any(|l| l.starts_with(" 1 ")
                && l.trim_start_matches(" 1 ").trim_start().starts_with('♛')),
        "a queen on a1:\n{s}"
    );
    // One step back and forward again.
    tmux.keys(&["Left"]);
    let s = tmux.wait_for("refuse b2");
    assert_eq!(step(&s), 8);
    tmux.keys(&["Right"]);
    tmux.wait_for("try b3");
    // Play a second at full speed, then pause.
    tmux.keys(&["+", "+", "+", "+", "Space"]);
    tmux.wait_for("playing");
    sleep(Duration::from_millis(600));
    tmux.keys(&["Space"]);
    let s = tmux.wait_for("paused");
    assert!(step(&s) > 9, "{s}");
    // Run to the next solution.
    tmux.keys(&["n"]);
    let s = tmux.wait_for("solution ");
    assert!(counter(&s, "solutions") >= 1, "{s}");
    assert_eq!(counter(&s, "placements") - counter(&s, "backtracks"), 6);
    // Quit: the shell's lines come back on a normal screen in cooked mode.
    tmux.keys(&["q"]);
    let s = tmux.wait_for("DONE");
    assert!(s.contains("EXITED 0"), "{s}");
    assert!(
        !s.contains("hetman watch"),
        "the animation's screen is gone:\n{s}"
    );
    assert!(
        s.lines().any(|l| l.trim() == "icanon"),
        "canonical mode restored:\n{s}"
    );
}

/// `hetman ARGS`, then a shell that stays (the screen is read after).
fn watch_cmd(args: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("hetman");
    format!("'{}' {args}; echo EXITED $?; sleep 30", bin.display())
}

/// Columns between the file letters a and b under the board.
fn cell_width(screen: &str) -> usize {
    let files = screen
        .lines()
        .find(|l| l.trim_start().starts_with("a ") && l.contains(" h"))
        .unwrap_or_else(|| panic!("no file letters:\n{screen}"));
    let a = files.find('a').unwrap();
    files[a + 1..].find('b').unwrap() + 1
}

/// Every line crossing a panel separator has it at the same column: nothing
/// is drawn over it.
fn separators_stay_put(screen: &str) {
    let columns: std::collections::BTreeSet<usize> = screen
        .lines()
        .filter_map(|l| l.chars().position(|c| c == '│'))
        .collect();
    assert!(
        columns.len() <= 2,
        "separators moved: {columns:?}\n{screen}"
    );
}

#[test]
fn at_120_columns_the_code_runs_beside_the_board_and_at_60_it_does_not() {
    let tmux = Tmux::start_sized(&watch_cmd("queens watch 8"), 120, 40);
    tmux.wait_for("hetman watch: 8 queens");
    tmux.keys(&["Right", "Right"]);
    let s = tmux.wait_for("try a1");
    assert!(s.contains("procedure test(c)"), "{s}");
    assert!(
        s.lines().any(|l| l.contains("▶   for r := 1 to N do")),
        "the loop line lit:\n{s}"
    );
    assert!(s.contains("c = 1 (file a), r = 1"), "{s}");
    // The seeds' arrays, all free before the first queen.
    assert!(
        s.lines()
            .any(|l| l.contains("row ") && l.contains("T  T  T")),
        "{s}"
    );
    separators_stay_put(&s);
    // A refusal: the line of possible lit, the arrays that refuse named.
    tmux.keys(&["Right"; 4]);
    let s = tmux.wait_for("refuse b1");
    assert!(
        s.lines()
            .any(|l| l.contains("▶     if possible(r, c) then")),
        "{s}"
    );
    assert!(s.contains("possible(r, c) = false: row[1] false"), "{s}");
    // C, then no code: the board takes the room.
    tmux.keys(&["d"]);
    let s = tmux.wait_for("void test(int c)");
    assert!(
        s.lines()
            .any(|l| l.contains("▶         if (row[r] && up[r + c]")),
        "{s}"
    );
    // The panel under the board, so that the board grows beside the code.
    let with_code = cell_width(&s);
    assert!(
        with_code > 3,
        "the board grows beside the code at 120x40:\n{s}"
    );
    assert!(s.contains("refusals"), "the counters under the board:\n{s}");
    tmux.keys(&["c"]);
    tmux.wait_for("refuse b1");
    let t = Instant::now();
    let s = loop {
        let s2 = tmux.screen();
        if !s2.contains("void test") || t.elapsed() > Duration::from_secs(5) {
            break s2;
        }
        sleep(Duration::from_millis(50));
    };
    assert!(!s.contains("void test"), "{s}");
    assert!(
        cell_width(&s) > with_code,
        "the board grows without the code:\n{s}"
    );
    separators_stay_put(&s);

    let tmux = Tmux::start_sized(&watch_cmd("knight watch 5 --start a5"), 60, 30);
    tmux.wait_for("hetman watch: knight");
    tmux.keys(&["Right"; 3]);
    let s = tmux.wait_for("move c4 -> e5");
    assert!(!s.contains("procedure try"), "no code at 60 columns:\n{s}");
    assert!(s.contains("g go to step"), "{s}");
    separators_stay_put(&s);
    let tmux = Tmux::start_sized(&watch_cmd("knight watch 6 --start a1 --warnsdorff"), 60, 30);
    tmux.wait_for("hetman watch: knight");
    tmux.keys(&["Right"; 2]);
    let s = tmux.wait_for("from a1:");
    separators_stay_put(&s);
}

#[test]
fn a_terminal_of_40x12_gets_a_notice_instead_of_a_cut_board() {
    let tmux = Tmux::start_sized(&watch_cmd("queens watch 8"), 40, 12);
    let s = tmux.wait_for("terminal too small");
    assert!(s.contains("40x12 here"), "{s}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXITED 0");
}

#[test]
fn the_end_says_what_was_found_and_n_after_it_says_so_and_stays() {
    let tmux = Tmux::start(&watch_cmd("queens watch 4"));
    tmux.wait_for("hetman watch: 4 queens");
    tmux.keys(&["n", "n", "n"]);
    let s = tmux.wait_for("2 solutions, the search is over");
    let end = step(&s);
    tmux.keys(&["n"]);
    tmux.wait_for("No further solution: 2 solutions, the search is over.");
    sleep(Duration::from_millis(600));
    let s = tmux.screen();
    assert!(
        s.contains("No further solution: 2 solutions, the search is over."),
        "the note stays:\n{s}"
    );
    assert_eq!(step(&s), end);
    // Go to a step and back to the start.
    tmux.keys(&["g", "1", "2", "Enter"]);
    let s = tmux.wait_for("at step 12");
    assert_eq!(step(&s), 12);
    tmux.keys(&["g", "0", "Enter"]);
    let s = tmux.wait_for("at step 0");
    assert_eq!(step(&s), 0);

    let tmux = Tmux::start(&watch_cmd("knight watch 3 --start a1"));
    tmux.wait_for("hetman watch: knight");
    tmux.keys(&["n"]);
    tmux.wait_for("no tour from a1: the search is over");
}

#[test]
fn brute_force_plays_to_its_end_at_the_fast_forward() {
    let tmux = Tmux::start_sized(&watch_cmd("queens watch 6 --algorithm brute"), 120, 40);
    tmux.wait_for("hetman watch: 6 queens, brute force");
    tmux.keys(&["Right", "Right"]);
    let s = tmux.wait_for("score ");
    assert!(s.contains("if pairs = N(N - 1)/2 then"), "{s}");
    tmux.keys(&["+"; 13]);
    tmux.keys(&["Space"]);
    let t = Instant::now();
    let s = loop {
        let s = tmux.screen();
        if s.contains("4 solutions, the search is over") {
            break s;
        }
        assert!(t.elapsed() < Duration::from_secs(20), "{s}");
        sleep(Duration::from_millis(100));
    };
    assert_eq!(counter(&s, "placements scored"), 46_656);
    assert_eq!(counter(&s, "solutions"), 4);
}

#[test]
fn queens_watch_in_polish_names_everything_in_polish() {
    let tmux = Tmux::start(&format!("LANG=C {}", watch_cmd("queens watch 6 --lang pl")));
    tmux.wait_for("hetman watch: 6 hetmanów, algorytm z powrotami test(c)");
    // The whole frame: the key lines at its foot are drawn last.
    let s = tmux.wait_for("spacja start/pauza");
    assert!(s.contains("krok 0  pauza  5 kroków/s"), "{s}");
    assert!(s.contains("(jeszcze nic: naciśnij spację"), "{s}");
    assert!(s.contains("spacja start/pauza"), "{s}");
    assert!(s.contains("następne rozwiązanie"), "{s}");
    tmux.keys(&["Right"; 9]);
    let s = tmux.wait_for("próba b3");
    assert!(s.contains("krok 9  pauza"), "{s}");
    assert_eq!(counter(&s, "wywołania"), 2);
    assert_eq!(counter(&s, "odmowy"), 2);
    assert!(s.contains("stos a1"), "{s}");
    assert!(s.contains("wykluczone przez"), "{s}");
    tmux.keys(&["Left"]);
    tmux.wait_for("odmowa b2: zajęte down");
    tmux.keys(&["n"]);
    let s = tmux.wait_for("rozwiązanie 1:");
    assert_eq!(counter(&s, "rozwiązania"), 1);
    // The frame as a teacher sees it, for the record.
    println!("{s}");
}

/// The squares of the queens drawn on the board of `screen` (N files), in
/// file order: each `♛` left of the panel, its file the nearest letter of
/// the line of file letters under the board, its rank the line's label.
fn queens_drawn(screen: &str, n: usize) -> Vec<String> {
    let letters: Vec<char> = ('a'..='z').take(n).collect();
    let files = screen
        .lines()
        .find(|l| {
            let board = l.split('│').next().unwrap_or("");
            let t: Vec<&str> = board.split_whitespace().collect();
            t.len() == n && t.iter().zip(&letters).all(|(w, c)| *w == c.to_string())
        })
        .unwrap_or_else(|| panic!("no file letters:\n{screen}"));
    let columns: Vec<usize> = letters
        .iter()
        .map(|c| files.chars().position(|x| x == *c).unwrap())
        .collect();
    let mut squares = Vec::new();
    for l in screen.lines() {
        let board: String = l.chars().take_while(|&c| c != '│').collect();
        let Ok(rank) = board
            .chars()
            .take(3)
            .collect::<String>()
            .trim()
            .parse::<usize>()
        else {
            continue;
        };
        for (i, c) in board.chars().enumerate() {
            if c == '♛' {
                let file = (0..n).min_by_key(|&f| columns[f].abs_diff(i)).unwrap();
                squares.push(format!("{}{rank}", letters[file]));
            }
        }
    }
    squares.sort();
    squares
}

#[test]
fn s_goes_to_solution_3_of_6_queens_as_the_library_lists_them() {
    let mut third = None;
    let mut k = 0;
    hetman::queens::for_each_solution(6, hetman::queens::Algorithm::Backtracking, |p| {
        k += 1;
        if k == 3 {
            third = Some(p.clone());
            return std::ops::ControlFlow::Break(());
        }
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    let third = third.expect("6 queens have 4 solutions");
    let mut want: Vec<String> = third.squares().map(|s| s.to_string()).collect();
    want.sort();
    let tmux = Tmux::start(&watch_cmd("queens watch 6"));
    tmux.wait_for("hetman watch: 6 queens");
    tmux.keys(&["s", "3"]);
    tmux.wait_for("go to solution: 3_");
    tmux.keys(&["Enter"]);
    let s = tmux.wait_for("solution 3, at step");
    assert_eq!(counter(&s, "solutions"), 3, "{s}");
    assert_eq!(queens_drawn(&s, 6), want, "{s}");
    assert!(s.contains(&format!("solution 3: {third}")), "{s}");
    // Back to the first, then past the last: the note says how many there are.
    tmux.keys(&["s", "1", "Enter"]);
    let s = tmux.wait_for("solution 1, at step");
    assert_eq!(counter(&s, "solutions"), 1, "{s}");
    tmux.keys(&["s", "9", "Enter"]);
    let s = tmux.wait_for("no solution 9: 4 solutions, the search");
    assert_eq!(counter(&s, "solutions"), 4, "{s}");
}

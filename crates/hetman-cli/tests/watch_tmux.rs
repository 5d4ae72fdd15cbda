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
        let session = format!("hetman-watch-{}", std::process::id());
        let ok = Command::new("tmux")
            .args([
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                "100",
                "-y",
                "30",
                cmd,
            ])
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

/// The value the side panel shows for a counter.
fn counter(screen: &str, name: &str) -> u64 {
    screen
        .lines()
        .find_map(|l| {
            let panel = l.split('│').nth(1)?.trim();
            let (k, v) = panel.rsplit_once(' ')?;
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
        s.lines().any(|l| l.starts_with(" 1  ♛")),
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

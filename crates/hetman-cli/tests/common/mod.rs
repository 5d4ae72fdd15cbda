//! What the CLI test files share: the binary, run with arguments and input.
#![allow(dead_code)] // each test file uses its own part of it

use assert_cmd::Command;

pub mod server;

/// The `hetman` binary of this build.
pub fn hetman() -> Command {
    Command::cargo_bin("hetman").unwrap()
}

/// What a successful `hetman ARGS` prints on stdout (the run must succeed).
pub fn stdout(args: &[&str]) -> String {
    let out = hetman()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// Runs `hetman ARGS` with `stdin` and returns (stdout, stderr, exit code);
/// a run killed by a signal has exit code -1.
pub fn run_in(args: &[&str], stdin: &str) -> (String, String, i32) {
    let out = hetman().args(args).write_stdin(stdin).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs `hetman ARGS` with empty input and returns (stdout, stderr, exit code).
pub fn run(args: &[&str]) -> (String, String, i32) {
    run_in(args, "")
}

/// Runs a command line written as in a shell, without the leading `hetman`
/// (`run_line("queens check '2 4 6 8 1 3 5 7' --svg out.svg")`): words split
/// at spaces, quotes group them. Returns (stdout, stderr, exit code).
pub fn run_line(line: &str) -> (String, String, i32) {
    let words = shell_words::split(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    run(&args)
}

/// `1234567` as `1,234,567`, as hetman prints counts.
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
